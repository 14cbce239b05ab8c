// Diagnosis of divergent runs (see diagnosis.h); the cycle checks (ratchet, drift) are in
// diagnosis_cycles.cpp, the first token's defect in diagnosis_first_token.cpp.
#include "oracle/diagnosis/diagnosis.h"

#include "oracle/eval/relaxation.h"

#include <gmp.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

// Fractions held after their ties are fitted for at most this many (differing token, relay) pairs.
constexpr std::size_t kHeldFractionWork = std::size_t{1} << 20;

Q ceil_q(const Q& q) {
  Q f = floor_q(q);
  return f == q ? f : Q(f + 1);
}

double nearest_fast(const Q& q) { return mpq_get_d(q.backend().data()); }

}  // namespace

std::string cause_name(DivergenceCause cause) {
  static const char* names[] = {"rounding",   "smoothing",  "first_token",     "tie_rule",
                                "initial_state", "ratchet", "drift",       "fractional_states",
                                "relay_flip", "before_crossing", "undefined_output", "unexplained"};
  return names[static_cast<int>(cause)];
}

Q simplest_between(const Q& lo, const Q& hi) {
  if (lo <= 0 && hi >= 0) return 0;
  if (hi < 0) return -simplest_between(Q(-hi), Q(-lo));
  Q c = ceil_q(lo);
  if (c <= hi) return c;
  Q f = floor_q(lo);
  return f + Q(1) / simplest_between(Q(1) / Q(hi - f), Q(1) / Q(lo - f));
}

namespace {

// How each token compares with the reference (diagnosis.h: TokenStatus), token by token.
class TokenComparison {
 public:
  TokenComparison(SequenceReference& ref, const std::vector<Q>& actual, const std::vector<double>& actual_double,
                  const std::vector<char>& undefined)
      : ref_(ref), actual_(actual), actual_double_(actual_double), undefined_(undefined), flipped_(ref.declared()) {
    flipped_.initial = flipped_.initial == InitialState::Off ? InitialState::On : InitialState::Off;
    if (ref.conventions().before_crossing == BeforeCrossing::Undefined) compared_from_ = ref.decided_from(ref.declared());
  }

  TokenStatus operator()(std::size_t n) {
    const RelayReading& declared = ref_.declared();
    bool undefined = !undefined_.empty() && undefined_[n];
    // Before every relay is decided, an output that is a number still shows the decided relays: it is
    // compared with the undecided ones all in one state, either (undefined there is no state, not any output).
    if (n < compared_from_)
      return undefined || ref_.match(declared, n, actual_[n], actual_double_[n]) ||
                     ref_.match(flipped_, n, actual_[n], actual_double_[n])
                 ? TokenStatus::NotCompared
                 : TokenStatus::Differ;
    if (undefined) return TokenStatus::Differ;
    std::optional<bool> in = ref_.decide(declared, n, actual_[n], actual_double_[n]);
    if (!in) return TokenStatus::Undecided;
    if (*in) return TokenStatus::Agree;
    return ref_.band_explains(n, actual_[n]) ? TokenStatus::Smoothing : TokenStatus::Differ;
  }

 private:
  SequenceReference& ref_;
  const std::vector<Q>& actual_;
  const std::vector<double>& actual_double_;
  const std::vector<char>& undefined_;
  RelayReading flipped_;
  std::size_t compared_from_ = 0;
};

std::vector<double> nearest_doubles(const std::vector<Q>& actual) {
  std::vector<double> out;
  out.reserve(actual.size());
  for (const Q& q : actual) out.push_back(nearest_fast(q));
  return out;
}

}  // namespace

PalSequence::PalSequence(ReadingMeasures& measures, const std::vector<Q>& inputs, const std::vector<Q>& actual,
                         InitialState initial, const Conventions& conventions, std::vector<char> undefined)
    : ref_(measures, inputs, initial, conventions),
      actual_(actual),
      actual_double_(nearest_doubles(actual)),
      undefined_(std::move(undefined)) {
  if (!undefined_.empty() && undefined_.size() != actual_.size())
    throw std::invalid_argument("PalSequence: one undefined flag per output");
  const RelayReading& declared = ref_.declared();
  bool smooth = !rational_outputs(conventions);
  const PalValues& pal = ref_.pal(declared);
  double a = to_double(conventions.output.a), b = to_double(conventions.output.b),
         c = to_double(conventions.output.c), total = to_double(ref_.total());
  bool states01 = conventions.states == StateSet::ZeroOne;
  TokenComparison compare(ref_, actual_, actual_double_, undefined_);
  status_.resize(actual_.size());
  differ_prefix_.assign(actual_.size() + 1, 0);
  for (std::size_t n = 0; n < actual_.size(); ++n) {
    TokenStatus s = compare(n);
    status_[n] = s;
    differ_prefix_[n + 1] = differ_prefix_[n] + (s == TokenStatus::Differ ? 1 : 0);
    if (s == TokenStatus::NotCompared || s == TokenStatus::Undecided || this->undefined(n)) continue;
    // The largest difference is reported as a double: computed in doubles, exactly where smoothed.
    double e = 0;
    if (smooth) {
      DoubleInterval band = ref_.expected_band(declared, n);
      e = band.lo / 2 + band.hi / 2;
    } else {
      double p = pal.nearest(n);
      e = a * (states01 ? p : 2 * p - total) + b + (c == 0 ? 0.0 : c * nearest_fast(inputs[n]));
    }
    max_abs_difference_ = std::max(max_abs_difference_, std::abs(actual_double_[n] - e));
  }
}

bool PalSequence::reproduces(ReadingMeasures& measures, const std::vector<Q>& inputs, const std::vector<Q>& actual,
                             InitialState initial, const Conventions& conventions, const std::vector<char>& undefined,
                             std::optional<std::size_t> first) {
  if (!undefined.empty() && undefined.size() != actual.size())
    throw std::invalid_argument("PalSequence: one undefined flag per output");
  SequenceReference ref(measures, inputs, initial, conventions);
  std::vector<double> actual_double = nearest_doubles(actual);
  TokenComparison compare(ref, actual, actual_double, undefined);
  if (first && *first < actual.size() && compare(*first) == TokenStatus::Differ) return false;
  for (std::size_t n = 0; n < actual.size(); ++n)
    if (n != first && compare(n) == TokenStatus::Differ) return false;
  return true;
}

std::vector<DivergentRun> PalSequence::runs() const {
  std::vector<DivergentRun> out;
  for (std::size_t n = 0; n < status_.size(); ++n) {
    if (status_[n] == TokenStatus::Agree || status_[n] == TokenStatus::NotCompared ||
        status_[n] == TokenStatus::Undecided)
      continue;
    if (out.empty() || out.back().last + 1 != n) out.push_back({n, n, false});
    out.back().last = n;
    if (status_[n] == TokenStatus::Differ) out.back().failure = true;
  }
  return out;
}

Q PalSequence::expected(std::size_t n) {
  QInterval e = ref_.expected(ref_.declared(), n);
  return e.lo == e.hi ? e.lo : Q((e.lo + e.hi) / 2);
}

json PalSequence::expected_json(std::size_t n) {
  QInterval e = ref_.expected(ref_.declared(), n);
  if (e.lo == e.hi) return {{"expected", to_string(e.lo)}, {"expected_double", to_double(e.lo)}};
  double nearest = to_double(Q((e.lo + e.hi) / 2));
  return {{"expected", to_string(*rational_from_double(nearest))},
          {"expected_double", nearest},
          {"expected_enclosure", {to_string(e.lo), to_string(e.hi)}}};
}

// An output in the implementation's frame as the paper's PAL value it stands for (states {0, 1}, no
// output map): differences of these are what relays of weight w account for as w.
Q PalSequence::to_paper(const Q& output, std::size_t n) const {
  const Conventions& c = ref_.conventions();
  Q sum = (output - c.output.b - c.output.c * ref_.inputs()[n]) / c.output.a;
  return c.states == StateSet::ZeroOne ? sum : Q((sum + ref_.total()) / 2);
}

Q PalSequence::apparent_pal(std::size_t n) const { return to_paper(actual_[n], n); }

// Under tanh or logistic smoothing the cycle and flip checks read the expected output to double
// precision (its fast enclosure's middle, within 1e-14 of it): they compare differences against a
// tolerance of 1e-9 or so, far coarser; whether a token agrees was decided rigorously before.
Q PalSequence::apparent_expected(std::size_t n) {
  if (rational_outputs(ref_.conventions())) return to_paper(expected(n), n);
  auto it = approximate_expected_.find(n);
  if (it == approximate_expected_.end()) {
    DoubleInterval band = ref_.expected_band(ref_.declared(), n);
    it = approximate_expected_.emplace(n, to_paper(*rational_from_double(band.lo / 2 + band.hi / 2), n)).first;
  }
  return it->second;
}

Q PalSequence::pal_tolerance(std::size_t n) const {
  const Conventions& c = ref_.conventions();
  return (c.atol + c.rtol * abs(actual_[n])) / abs(their_slope(c));
}

std::vector<std::size_t> PalSequence::differing_tokens(const DivergentRun& run) const {
  std::vector<std::size_t> out;
  for (std::size_t n = run.first; n <= run.last; ++n)
    if (status_[n] == TokenStatus::Differ) out.push_back(n);
  return out;
}

// Why relay r's state at token n depends on a convention: the last input at or beyond one of its
// thresholds sat on it (a tie), or there was none (the initial state); empty otherwise.
std::string PalSequence::why(std::size_t r, std::size_t n) {
  RelayReading printed{TieRule::AsPrinted, ref_.declared().initial, ref_.declared().first};
  std::size_t k = ref_.decided_by(r, n, printed);
  if (k == SequenceReference::npos) {
    if (n == 0 && printed.first != FirstToken::Applied) return "first token: the output before u_0";
    return "initial state: u_0..u_" + std::to_string(n) + " never left its dead band";
  }
  const KeyedMeasure& keyed = ref_.measures().keyed();
  int key = ref_.keys()[k];
  if (key == keyed.alpha_keys()[r]) return "tie: u_" + std::to_string(k) + " equals its alpha";
  if (key == keyed.beta_keys()[r]) return "tie: u_" + std::to_string(k) + " equals its beta";
  return "";
}

json PalSequence::relay_json(std::size_t r) const {
  const WeightedRelay& w = ref_.measure().relays[r];
  return {{"index", r},
          {"alpha", to_string(w.thresholds.alpha)},
          {"beta", to_string(w.thresholds.beta)},
          {"weight", to_string(w.weight)}};
}

const std::vector<PalSequence::ReadingMatch>& PalSequence::reading_matches() {
  if (readings_done_) return readings_;
  readings_done_ = true;
  const RelayReading& declared = ref_.declared();
  bool smooth = !rational_outputs(ref_.conventions());
  for (const RelayReading& reading : neighbouring_readings(declared)) {
    ReadingMatch m{reading, std::vector<std::size_t>(status_.size() + 1, 0), 0};
    const PalValues& mine = ref_.pal(declared);
    const PalValues& other = ref_.pal(reading);
    for (std::size_t n = 0; n < status_.size(); ++n) {
      bool miss = false;
      if (status_[n] != TokenStatus::NotCompared && status_[n] != TokenStatus::Undecided) {
        // Where the sharp values agree the answer is the declared reading's (smoothing: ask again).
        bool same = !smooth && other.same(n, mine);
        bool ok = !undefined(n) && (same ? status_[n] == TokenStatus::Agree
                                         : ref_.match(reading, n, actual_[n], actual_double_[n]));
        miss = !ok;
      }
      m.mismatches += miss ? 1 : 0;
      m.contradictions += miss && status_[n] == TokenStatus::Agree ? 1 : 0;
      m.misses[n + 1] = m.misses[n] + (miss && status_[n] == TokenStatus::Differ ? 1 : 0);
    }
    readings_.push_back(std::move(m));
  }
  return readings_;
}

const PalSequence::ReadingMatch& PalSequence::relaxation_match(RelaxationModel model) {
  std::optional<ReadingMatch>& cached = relaxation_[static_cast<std::size_t>(model)];
  if (cached) return *cached;
  Relaxation relax = run_relaxation(ref_, ref_.declared(), 0, model);
  ReadingMatch m{ref_.declared(), std::vector<std::size_t>(status_.size() + 1, 0), 0};
  for (std::size_t n = 0; n < status_.size(); ++n) {
    bool miss = false;
    if (status_[n] != TokenStatus::NotCompared && status_[n] != TokenStatus::Undecided)  // an undecided one: consistent
      miss = undefined(n) || !interval_within_tolerance(ref_.conventions(), actual_[n], relax.outputs[n]).value_or(true);
    m.mismatches += miss ? 1 : 0;
    m.misses[n + 1] = m.misses[n] + (miss && status_[n] == TokenStatus::Differ ? 1 : 0);
  }
  cached = std::move(m);
  return *cached;
}

// The relays whose relaxed state at token n is furthest from the state the declared switch shows there.
json PalSequence::relaxation_evidence(std::size_t n, bool whole, bool detailed, RelaxationModel model) {
  json e{{"model", model == RelaxationModel::Stateful
                       ? "stateful relaxation s_{n+1} = s_n [1 - sig(beta - u_n)] + (1 - s_n) sig(u_n - alpha) (rem:backprop)"
                       : "held switch: s_{n+1} = max(s_n, sig(u_n - alpha)) waiting for alpha, min(s_n, sig(u_n - beta)) "
                         "waiting for beta (it never moves back)"},
         {"matches_whole_sequence", whole}};
  if (!detailed) return e;
  Relaxation relax = run_relaxation(ref_, ref_.declared(), n, model);
  std::vector<std::pair<double, std::size_t>> apart;
  for (std::size_t r = 0; r < relax.at.size(); ++r) {
    QInterval shown = ref_.shown_state(r, n, ref_.declared());
    double relaxed = (relax.at[r].first + relax.at[r].second) / 2, distance = std::abs(relaxed - to_double(shown.lo));
    if (distance > 1e-9) apart.emplace_back(-distance, r);
  }
  std::sort(apart.begin(), apart.end());
  json relays = json::array();
  for (std::size_t k = 0; k < apart.size() && k < kListedRelays; ++k) {
    std::size_t r = apart[k].second;
    json j = relay_json(r);
    j["relaxed_state"] = (relax.at[r].first + relax.at[r].second) / 2;
    j["switch_state"] = to_double(ref_.shown_state(r, n, ref_.declared()).lo);
    relays.push_back(j);
  }
  e["relay_count"] = apart.size();
  e["relays"] = relays;
  return e;
}

json PalSequence::reading_evidence(const RelayReading& reading, std::size_t n, bool whole) {
  const RelayReading& declared = ref_.declared();
  json e{{"reading", differing_convention(declared, reading) + "=" + differing_value(declared, reading)},
         {"matches_whole_sequence", whole}};
  json relays = json::array();
  std::size_t count = 0;
  for (std::size_t r = 0; r < ref_.measure().relays.size(); ++r) {
    int mine = ref_.state(r, n, declared), other = ref_.state(r, n, reading);
    if (mine == other) continue;
    if (++count > kListedRelays) continue;
    json j = relay_json(r);
    j["reference_state"] = mine;
    j["other_state"] = other;
    j["why"] = why(r, n);
    relays.push_back(j);
  }
  e["relay_count"] = count;
  e["relays"] = relays;
  return e;
}

json PalSequence::single_flips(std::size_t n) {
  json out = json::array();
  const Measure& mu = ref_.measure();
  Q gap = apparent_pal(n) - apparent_expected(n);
  Q tol = pal_tolerance(n);
  for (std::size_t r = 0; r < mu.relays.size() && out.size() < kListedRelays; ++r) {
    const Q& w = mu.relays[r].weight;
    if (w == 0) continue;
    int state = ref_.state(r, n, ref_.declared());
    Q flip = state ? Q(-w) : w;
    if (abs(Q(gap - flip)) > tol) continue;
    json j = relay_json(r);
    j["reference_state"] = state;
    j["why"] = why(r, n);
    out.push_back(j);
  }
  return out;
}

// Fractional states, fitted per relay and tie side: the unknowns are f(r, side), the state relay r
// shows where the input equals its alpha (side 0), its beta (side 1) or both (a diagonal relay, side
// 2): at those tokens only, or (a state held after the tie) also at the later tokens whose state that
// tie still decides. Tokens with the fewest such relays go first; one unknown is solved for, several
// new ones share one value (the simplest in range). Then every differing token of the run is checked.
json PalSequence::fractional(const DivergentRun& run, bool detailed) {
  if (!rational_outputs(ref_.conventions())) return nullptr;
  std::vector<std::size_t> tokens = differing_tokens(run);
  if (tokens.empty() || tokens.size() > 4096 ||
      std::any_of(tokens.begin(), tokens.end(), [&](std::size_t n) { return undefined(n); }))
    return nullptr;
  const KeyedMeasure& keyed = ref_.measures().keyed();
  const Measure& mu = ref_.measure();
  std::map<int, std::vector<std::size_t>> by_key;  // threshold key -> relays with it as alpha or beta
  for (std::size_t r = 0; r < mu.relays.size(); ++r) {
    by_key[keyed.alpha_keys()[r]].push_back(r);
    if (keyed.beta_keys()[r] != keyed.alpha_keys()[r]) by_key[keyed.beta_keys()[r]].push_back(r);
  }
  auto side_of = [&](std::size_t r, int key) {
    bool at_alpha = keyed.alpha_keys()[r] == key, at_beta = keyed.beta_keys()[r] == key;
    return at_alpha && at_beta ? 2 : at_alpha ? 0 : 1;
  };
  RelayReading printed{TieRule::AsPrinted, ref_.declared().initial, ref_.declared().first};
  for (bool held : {false, true}) {
    if (held && tokens.size() * mu.relays.size() > kHeldFractionWork) break;
    std::vector<std::vector<Tie>> ties(tokens.size());
    bool every_token_has_one = true;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      std::size_t n = tokens[i];
      if (!held) {
        if (auto it = by_key.find(ref_.keys()[n]); it != by_key.end())
          for (std::size_t r : it->second) ties[i].push_back({r, side_of(r, ref_.keys()[n]), ref_.state(r, n, ref_.declared())});
      } else {
        for (std::size_t r = 0; r < mu.relays.size(); ++r) {
          std::size_t k = ref_.decided_by(r, n, printed);
          if (k == SequenceReference::npos) continue;
          int key = ref_.keys()[k];
          if (key == keyed.alpha_keys()[r] || key == keyed.beta_keys()[r])
            ties[i].push_back({r, side_of(r, key), ref_.state(r, n, ref_.declared())});
        }
      }
      every_token_has_one = every_token_has_one && !ties[i].empty();
    }
    if (!every_token_has_one) continue;  // a token with no relay at (or held by) a tie: no fraction there
    if (json e = fit_fractions(tokens, ties, detailed); !e.is_null()) {
      e["held_after_the_tie"] = held;
      return e;
    }
  }
  return nullptr;
}

namespace {

// Hypotheses for a token's new unknowns (indices into `fresh`): one fraction shared by all, by those at
// one tie side alone, or by one relay alone, the others showing their sharp state.
std::vector<std::vector<std::size_t>> unknown_groups(const std::vector<std::pair<std::size_t, int>>& fresh) {
  std::vector<std::vector<std::size_t>> groups;
  std::vector<std::size_t> all(fresh.size());
  for (std::size_t k = 0; k < all.size(); ++k) all[k] = k;
  groups.push_back(all);
  for (int side = 0; side < 3 && fresh.size() > 1; ++side) {
    std::vector<std::size_t> g;
    for (std::size_t k = 0; k < fresh.size(); ++k)
      if (fresh[k].second == side) g.push_back(k);
    if (!g.empty() && g.size() < fresh.size()) groups.push_back(g);
  }
  for (std::size_t k = 0; k < fresh.size() && fresh.size() > 1; ++k) groups.push_back({k});
  return groups;
}

}  // namespace

// Gives the ties of token n not yet in `f` the fractions that close its gap, the simplest hypothesis
// of unknown_groups winning; false when none does.
bool PalSequence::fit_new_ties(std::size_t n, const std::vector<Tie>& ties, TieFractions& f) {
  const Measure& mu = ref_.measure();
  Q known = 0;
  std::vector<std::pair<std::size_t, int>> fresh;
  for (const Tie& t : ties) {
    auto k = f.find({t.relay, t.side});
    if (k != f.end())
      known += mu.relays[t.relay].weight * (k->second - t.state);
    else if (std::find(fresh.begin(), fresh.end(), std::make_pair(t.relay, t.side)) == fresh.end())
      fresh.emplace_back(t.relay, t.side);
  }
  if (fresh.empty()) return true;  // checked by the caller
  auto tie_of = [&](std::size_t k) -> const Tie& {
    return *std::find_if(ties.begin(), ties.end(),
                         [&](const Tie& x) { return x.relay == fresh[k].first && x.side == fresh[k].second; });
  };
  std::optional<std::pair<std::vector<std::size_t>, Q>> best;
  Q tol = pal_tolerance(n);
  for (const auto& g : unknown_groups(fresh)) {
    // known + sum over the group of w (f - state) = gap (within tol); the others add nothing.
    Q w_group = 0, h_group = 0;
    for (std::size_t k : g) {
      const Tie& t = tie_of(k);
      w_group += mu.relays[t.relay].weight;
      h_group += mu.relays[t.relay].weight * t.state;
    }
    if (w_group == 0) continue;
    Q target = apparent_pal(n) - ref_.pal(ref_.declared()).at(n) - known + h_group;
    Q lo = (target - tol) / w_group, hi = (target + tol) / w_group;
    if (hi < lo) std::swap(lo, hi);
    lo = std::max(lo, Q(0));
    hi = std::min(hi, Q(1));
    if (lo > hi) continue;
    Q value = simplest_between(lo, hi);
    if (!best || denominator(value) < denominator(best->second)) best.emplace(g, value);
  }
  if (!best) return false;
  for (std::size_t k = 0; k < fresh.size(); ++k) {
    bool in_group = std::find(best->first.begin(), best->first.end(), k) != best->first.end();
    f[fresh[k]] = in_group ? best->second : Q(tie_of(k).state);
  }
  return true;
}

json PalSequence::fit_fractions(const std::vector<std::size_t>& tokens, const std::vector<std::vector<Tie>>& ties,
                                bool detailed) {
  const Measure& mu = ref_.measure();
  auto gap = [&](std::size_t n) { return apparent_pal(n) - ref_.pal(ref_.declared()).at(n); };
  TieFractions f;
  std::vector<std::size_t> order(tokens.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ties[a].size() < ties[b].size(); });
  for (std::size_t i : order)
    if (!fit_new_ties(tokens[i], ties[i], f)) return nullptr;
  bool fractional_value = false;
  for (const auto& [key, value] : f) fractional_value = fractional_value || (value > 0 && value < 1);
  if (!fractional_value) return nullptr;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    Q sum = 0;
    for (const Tie& t : ties[i]) sum += mu.relays[t.relay].weight * (f[{t.relay, t.side}] - t.state);
    if (abs(Q(sum - gap(tokens[i]))) > pal_tolerance(tokens[i])) return nullptr;
  }
  static const char* sides[] = {"alpha", "beta", "alpha_and_beta"};
  json relays = json::array();
  std::set<std::size_t> distinct;
  for (const auto& [key, value] : f) {
    if (value == 0 || value == 1) continue;  // showed its sharp state there
    distinct.insert(key.first);
    if (!detailed || relays.size() >= kListedRelays) continue;
    json j = relay_json(key.first);
    j["tie"] = sides[key.second];
    j["state"] = to_string(value);
    json at = json::array();
    for (std::size_t i = 0; i < tokens.size(); ++i)
      for (const Tie& t : ties[i])
        if (t.relay == key.first && t.side == key.second && at.size() < kListedRelays) at.push_back(tokens[i]);
    j["tokens"] = at;
    relays.push_back(j);
  }
  json e{{"relay_count", distinct.size()}};
  if (detailed) e["relays"] = relays;
  return e;
}

json PalSequence::undecidable(std::size_t n) {
  json relays = json::array();
  std::size_t count = 0;
  for (std::size_t r = 0; r < ref_.measure().relays.size(); ++r) {
    std::string reason = why(r, n);
    if (reason.empty()) continue;
    if (++count > kListedRelays) continue;
    json j = relay_json(r);
    j["reference_state"] = ref_.state(r, n, ref_.declared());
    j["why"] = reason;
    relays.push_back(j);
  }
  return {{"relay_count", count}, {"relays", relays}};
}

// Under before_crossing = initial_state, a run before every relay is decided: any output goes there,
// unless the implementation gave none.
std::optional<PalSequence::Candidate> PalSequence::before_crossing_candidate(const DivergentRun& run,
                                                                             const std::vector<std::size_t>& tokens,
                                                                             bool detailed) {
  if (ref_.conventions().before_crossing != BeforeCrossing::InitialState) return std::nullopt;
  if (!decided_from_) decided_from_ = ref_.decided_from(ref_.declared());
  std::size_t decided = *decided_from_;
  if (run.last >= decided) return std::nullopt;
  std::size_t undefined_outputs = 0;
  for (std::size_t t : tokens) undefined_outputs += undefined(t) ? 1 : 0;
  // A number where the reference is undecided is the initial state's reading, or another defect's:
  // before_crossing names only outputs that are no number.
  if (undefined_outputs == 0) return std::nullopt;
  bool whole = differ_prefix_.back() == differ_prefix_[std::min(decided, status_.size())];
  json e;
  if (detailed)
    e = {{"decided_from", decided < status_.size() ? json(decided) : json(nullptr)},
         {"undefined_outputs", undefined_outputs},
         {"matches_whole_sequence", whole}};
  return Candidate{DivergenceCause::BeforeCrossing, whole ? "whole_sequence" : "run", 3, e};
}

// The relays whose flip alone accounts for every differing token of the run (null when none does).
json PalSequence::common_flips(const std::vector<std::size_t>& tokens) {
  json flips = single_flips(tokens.front());
  std::set<std::size_t> common;
  for (const json& r : flips) common.insert(r.at("index").get<std::size_t>());
  for (std::size_t k = 1; k < tokens.size() && !common.empty(); ++k) {
    std::set<std::size_t> here;
    for (const json& r : single_flips(tokens[k])) here.insert(r.at("index").get<std::size_t>());
    std::set<std::size_t> both;
    std::set_intersection(common.begin(), common.end(), here.begin(), here.end(), std::inserter(both, both.end()));
    common = both;
  }
  if (common.empty()) return nullptr;
  json relays = json::array();
  for (const json& r : flips)
    if (common.count(r.at("index").get<std::size_t>())) relays.push_back(r);
  return {{"relay_count", common.size()}, {"relays", relays}};
}

std::vector<PalSequence::Candidate> PalSequence::candidates(const DivergentRun& run, bool detailed) {
  if (!run.failure) return {{DivergenceCause::Smoothing, "run", 1, json::object()}};
  std::vector<std::size_t> tokens = differing_tokens(run);
  std::size_t n = tokens.front();
  std::vector<Candidate> found;
  const RelayReading& declared = ref_.declared();
  if (json e = rounding(); !e.is_null()) found.push_back({DivergenceCause::Rounding, "whole_sequence", 2, e});
  for (const ReadingMatch& m : reading_matches()) {
    if (m.misses[run.last + 1] != m.misses[run.first]) continue;
    bool whole = m.mismatches == 0;
    std::string convention = differing_convention(declared, m.reading);
    DivergenceCause cause = convention == "tie_rule"        ? DivergenceCause::TieRule
                            : convention == "initial_state" ? DivergenceCause::InitialState
                                                            : DivergenceCause::FirstToken;
    found.push_back({cause, whole ? "whole_sequence" : "run", whole ? 2 : 1,
                     detailed ? reading_evidence(m.reading, n, whole) : json(), m.contradictions > 0});
  }
  if (detailed)
    if (json e = first_token_states(run); !e.is_null())
      found.push_back({DivergenceCause::FirstToken, "whole_sequence", 2, e, false, true});
  bool any_undefined = std::any_of(tokens.begin(), tokens.end(), [&](std::size_t t) { return undefined(t); });
  if (std::optional<Candidate> c = before_crossing_candidate(run, tokens, detailed)) {
    found.push_back(std::move(*c));
  } else if (any_undefined) {
    std::size_t count = std::count_if(tokens.begin(), tokens.end(), [&](std::size_t t) { return undefined(t); });
    found.push_back({DivergenceCause::UndefinedOutput, "run", 1,
                     detailed ? json{{"undefined_outputs", count}} : json()});
  }
  if (!any_undefined && !rational_outputs(ref_.conventions())) {
    // The model that matches the whole sequence, else the first that matches the run.
    std::optional<RelaxationModel> chosen;
    for (RelaxationModel model : {RelaxationModel::Stateful, RelaxationModel::Held}) {
      const ReadingMatch& m = relaxation_match(model);
      if (m.misses[run.last + 1] != m.misses[run.first]) continue;
      if (!chosen || m.mismatches == 0) chosen = model;
      if (m.mismatches == 0) break;
    }
    if (chosen) {
      bool whole = relaxation_match(*chosen).mismatches == 0;
      json e = relaxation_evidence(n, whole, detailed, *chosen);
      if (detailed)
        if (json cycles = ratchet(run, detailed); !cycles.is_null()) e["cycles"] = cycles;
      found.push_back({DivergenceCause::Ratchet, whole ? "whole_sequence" : "run", whole ? 2 : 1, e});
    }
  }
  bool relaxed = !found.empty() && found.back().cause == DivergenceCause::Ratchet;
  if (!any_undefined && detailed) {
    if (json r = ratchet(run, detailed); !r.is_null() && !relaxed)
      found.push_back({DivergenceCause::Ratchet, "run", 1, json{{"cycles", r}}});
    if (json r = drift(run, detailed); !r.is_null()) found.push_back({DivergenceCause::Drift, "run", 1, r});
    if (json r = fractional(run, detailed); !r.is_null()) found.push_back({DivergenceCause::FractionalStates, "run", 1, r});
    if (json e = common_flips(tokens); !e.is_null()) found.push_back({DivergenceCause::RelayFlip, "run", 1, e});
  }
  // Strongest evidence first; among causes of one run, the first-token defect after the readings (any
  // states left by u_0 fit it, a reading names them), and a reading that tokens agreeing with the
  // reference contradict (a convention would hold there too) after the causes local to the run.
  auto rank = [](const Candidate& c) {
    return std::make_pair(-c.strength, static_cast<int>(c.cause) + (c.any_first_states ? 50 : 0) +
                                           (c.contradicted ? 100 : 0));
  };
  std::stable_sort(found.begin(), found.end(), [&](const Candidate& a, const Candidate& b) { return rank(a) < rank(b); });
  return found;
}

json PalSequence::diagnose(const DivergentRun& run) {
  std::vector<Candidate> found = candidates(run, true);
  json causes = json::array();
  for (const Candidate& c : found)
    causes.push_back({{"cause", cause_name(c.cause)}, {"explains", c.explains}, {"evidence", c.evidence}});
  json d{{"first_token", run.first},
         {"last_token", run.last},
         {"failure", run.failure},
         {"cause", found.empty() ? cause_name(DivergenceCause::Unexplained) : cause_name(found.front().cause)},
         {"causes", causes}};
  if (run.failure) d["undecidable_relays"] = undecidable(differing_tokens(run).front());
  return d;
}

std::vector<std::string> PalSequence::cause_names(const DivergentRun& run) {
  std::vector<std::string> names;
  for (const Candidate& c : candidates(run, false)) names.push_back(cause_name(c.cause));
  return names;
}

}  // namespace palcheck::oracle
