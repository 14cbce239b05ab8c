// Diagnosis of divergent runs (see diagnosis.h).
#include "tools/oracle/diagnosis.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

constexpr std::size_t kListedRelays = 20;
constexpr std::size_t kFractionSingles = 64;  // single candidate relays tried for a fractional state

Q ceil_q(const Q& q) {
  Q f = floor_q(q);
  return f == q ? f : Q(f + 1);
}

// The other reading's relay states and PAL values over a sequence.
struct ReadingRun {
  std::vector<std::vector<char>> states;
  std::vector<Q> pal;
};

ReadingRun run_reading(const KeyedMeasure& keyed, const std::vector<int>& keys, const RelayReading& reading) {
  const Measure& mu = keyed.measure();
  std::size_t R = mu.relays.size();
  std::vector<char> state(R, static_cast<char>(reading.initial));
  Q out = 0;
  for (std::size_t r = 0; r < R; ++r)
    if (state[r]) out += mu.relays[r].weight;
  ReadingRun run;
  for (int key : keys) {
    for (std::size_t r = 0; r < R; ++r) {
      int next = step_keyed(reading.tie, keyed.alpha_keys()[r], keyed.beta_keys()[r], key, state[r]);
      if (next != state[r]) {
        out += next ? mu.relays[r].weight : Q(-mu.relays[r].weight);
        state[r] = static_cast<char>(next);
      }
    }
    run.pal.push_back(out);
    run.states.push_back(state);
  }
  return run;
}

}  // namespace

std::string cause_name(DivergenceCause cause) {
  static const char* names[] = {"smoothing", "tie_rule",          "initial_state", "first_token",
                                "drift",     "fractional_states", "relay_flip",    "unexplained"};
  return names[static_cast<int>(cause)];
}

Q simplest_between(const Q& lo, const Q& hi) {
  Q c = ceil_q(lo);
  if (c <= hi) return c;
  Q f = floor_q(lo);
  return f + Q(1) / simplest_between(Q(1) / Q(hi - f), Q(1) / Q(lo - f));
}

PalSequence::PalSequence(const KeyedMeasure& keyed, const std::vector<Q>& inputs, const std::vector<Q>& actual,
                         InitialState initial, const Conventions& conventions)
    : keyed_(keyed), u_(inputs), actual_(actual), initial_(initial), conv_(conventions), keys_(keyed.keys(inputs)) {
  for (const WeightedRelay& w : keyed.measure().relays) total_ += w.weight;
  ReadingRun paper = run_reading(keyed, keys_, {TieRule::AsPrinted, initial});
  states_ = std::move(paper.states);
  pal_ = std::move(paper.pal);
  for (std::size_t n = 0; n < u_.size(); ++n) {
    expected_.push_back(their_output(conv_, pal_[n], total_, u_[n]));
    TokenStatus s = within_tolerance(conv_, actual_[n], expected_[n]) ? TokenStatus::Agree
                    : smoothing_explains(n)                           ? TokenStatus::Smoothing
                                                                      : TokenStatus::Differ;
    status_.push_back(s);
  }
}

bool PalSequence::matches(std::size_t n, const Q& pal) const {
  return within_tolerance(conv_, actual_[n], their_output(conv_, pal, total_, u_[n]));
}

bool PalSequence::smoothing_explains(std::size_t n) const {
  if (conv_.smoothing <= 0) return false;
  const Measure& mu = keyed_.measure();
  Q lo = 0, hi = 0;
  for (std::size_t r = 0; r < mu.relays.size(); ++r) {
    const WeightedRelay& w = mu.relays[r];
    bool band =
        abs(Q(u_[n] - w.thresholds.alpha)) <= conv_.smoothing || abs(Q(u_[n] - w.thresholds.beta)) <= conv_.smoothing;
    if (band) {
      (w.weight < 0 ? lo : hi) += w.weight;
    } else if (states_[n][r]) {
      lo += w.weight;
      hi += w.weight;
    }
  }
  Q a = their_output(conv_, lo, total_, u_[n]), b = their_output(conv_, hi, total_, u_[n]);
  if (b < a) std::swap(a, b);
  Q nearest = std::clamp(actual_[n], a, b);
  return within_tolerance(conv_, actual_[n], nearest);
}

// The PAL value (paper frame) the other output stands for, and the tolerance in that frame.
Q PalSequence::apparent_pal(std::size_t n) const {
  Q sum = (actual_[n] - conv_.output.b - conv_.output.c * u_[n]) / conv_.output.a;
  return conv_.states == StateSet::ZeroOne ? sum : Q((sum + total_) / 2);
}

Q PalSequence::pal_tolerance(std::size_t n) const {
  return (conv_.atol + conv_.rtol * abs(actual_[n])) / abs(their_slope(conv_));
}

std::vector<DivergentRun> PalSequence::runs() const {
  std::vector<DivergentRun> out;
  for (std::size_t n = 0; n < status_.size(); ++n) {
    if (status_[n] == TokenStatus::Agree) continue;
    if (out.empty() || out.back().last + 1 != n) out.push_back({n, n, false});
    out.back().last = n;
    if (status_[n] == TokenStatus::Differ) out.back().failure = true;
  }
  return out;
}

// Why relay r's state at token n depends on a convention: the last token k <= n on one of its
// thresholds (a tie), or the input never left its dead band (initial state); empty otherwise.
std::string PalSequence::why(std::size_t r, std::size_t n) const {
  int a = keyed_.alpha_keys()[r], b = keyed_.beta_keys()[r];
  for (std::size_t k = n + 1; k-- > 0;) {
    if (keys_[k] == a || keys_[k] == b)
      return "tie: u_" + std::to_string(k) + " equals its " + std::string(keys_[k] == a ? "alpha" : "beta");
    if (keys_[k] > a || keys_[k] < b) return "";
  }
  return "initial state: u_0..u_" + std::to_string(n) + " never left its dead band";
}

json PalSequence::relay_json(std::size_t r) const {
  const WeightedRelay& w = keyed_.measure().relays[r];
  return {{"index", r},
          {"alpha", to_string(w.thresholds.alpha)},
          {"beta", to_string(w.thresholds.beta)},
          {"weight", to_string(w.weight)}};
}

json PalSequence::readings(const DivergentRun& run, std::vector<DivergenceCause>& causes) const {
  json out = json::array();
  for (const RelayReading& reading : alternative_readings(initial_)) {
    ReadingRun other = run_reading(keyed_, keys_, reading);
    bool on_run = true, whole = true;
    for (std::size_t t = 0; t < u_.size(); ++t) {
      bool ok = matches(t, other.pal[t]);
      if (t >= run.first && t <= run.last && status_[t] == TokenStatus::Differ) on_run = on_run && ok;
      whole = whole && ok;
    }
    if (!on_run) continue;
    json relays = json::array();
    std::size_t count = 0;
    for (std::size_t r = 0; r < states_[run.first].size(); ++r) {
      if (other.states[run.first][r] == states_[run.first][r]) continue;
      if (++count > kListedRelays) continue;
      json j = relay_json(r);
      j["reference_state"] = static_cast<int>(states_[run.first][r]);
      j["other_state"] = static_cast<int>(other.states[run.first][r]);
      j["why"] = why(r, run.first);
      relays.push_back(j);
    }
    out.push_back({{"reading", reading_name(reading)},
                   {"matches_whole_sequence", whole},
                   {"relay_count", count},
                   {"relays", relays}});
    causes.push_back(reading.initial == initial_ ? DivergenceCause::TieRule : DivergenceCause::InitialState);
  }
  // Readings that reproduce the whole sequence first (stable: the paper's initial state first).
  std::vector<std::size_t> order(out.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return out[a].at("matches_whole_sequence").get<bool>() > out[b].at("matches_whole_sequence").get<bool>();
  });
  json sorted = json::array();
  std::vector<DivergenceCause> sorted_causes;
  for (std::size_t k : order) sorted.push_back(out[k]), sorted_causes.push_back(causes[k]);
  causes = sorted_causes;
  return sorted;
}

json PalSequence::single_flips(std::size_t n) const {
  json out = json::array();
  const Measure& mu = keyed_.measure();
  for (std::size_t r = 0; r < mu.relays.size() && out.size() < kListedRelays; ++r) {
    const Q& w = mu.relays[r].weight;
    if (w == 0) continue;
    Q flip = states_[n][r] ? Q(-w) : w;
    if (!matches(n, pal_[n] + flip)) continue;
    json j = relay_json(r);
    j["reference_state"] = static_cast<int>(states_[n][r]);
    j["why"] = why(r, n);
    out.push_back(j);
  }
  return out;
}

// Fractional states: for each differing token of the run, a group of relays at a tie or in their
// dead band (all tied ones, those tied at alpha, at beta, tied or in the dead band, then each one
// alone) and one fraction f in (0, 1), the simplest within tolerance, such that setting every relay
// of the group to state f reproduces the other output. null unless every differing token has one.
json PalSequence::fractional(const DivergentRun& run) const {
  const Measure& mu = keyed_.measure();
  json per_token = json::array();
  std::set<std::string> fractions;
  std::map<std::size_t, std::set<std::string>> relay_fractions;
  for (std::size_t n = run.first; n <= run.last; ++n) {
    if (status_[n] != TokenStatus::Differ) continue;
    std::vector<std::size_t> at_alpha, at_beta, dead;
    for (std::size_t r = 0; r < mu.relays.size(); ++r) {
      int a = keyed_.alpha_keys()[r], b = keyed_.beta_keys()[r], k = keys_[n];
      if (k == a)
        at_alpha.push_back(r);
      else if (k == b)
        at_beta.push_back(r);
      else if (k > b && k < a)
        dead.push_back(r);
    }
    std::vector<std::size_t> tied = at_alpha;
    tied.insert(tied.end(), at_beta.begin(), at_beta.end());
    std::vector<std::size_t> all = tied;
    all.insert(all.end(), dead.begin(), dead.end());
    std::vector<std::vector<std::size_t>> groups{tied, at_alpha, at_beta, all};
    for (std::size_t k = 0; k < all.size() && k < kFractionSingles; ++k) groups.push_back({all[k]});
    Q target = apparent_pal(n), tol = pal_tolerance(n);
    bool found = false;
    for (const auto& group : groups) {
      if (group.empty()) continue;
      Q w_all = 0, w_on = 0;
      for (std::size_t r : group) {
        w_all += mu.relays[r].weight;
        if (states_[n][r]) w_on += mu.relays[r].weight;
      }
      if (w_all == 0) continue;
      // pal_n - w_on + f * w_all = target (within tol): solve for f.
      Q lo = (target - tol - pal_[n] + w_on) / w_all, hi = (target + tol - pal_[n] + w_on) / w_all;
      if (hi < lo) std::swap(lo, hi);
      if (lo <= 0 || hi >= 1) continue;
      Q f = simplest_between(lo, hi);
      if (!matches(n, pal_[n] - w_on + f * w_all)) continue;
      json relays = json::array();
      for (std::size_t r : group) {
        relays.push_back(r);
        relay_fractions[r].insert(to_string(f));
      }
      fractions.insert(to_string(f));
      per_token.push_back({{"token", n}, {"fraction", to_string(f)}, {"relays", relays}});
      found = true;
      break;
    }
    if (!found) return nullptr;
  }
  json relays = json::array();
  for (const auto& [r, fs] : relay_fractions) {
    if (relays.size() >= kListedRelays) break;
    json j = relay_json(r);
    j["states"] = std::vector<std::string>(fs.begin(), fs.end());
    j["reference_state"] = static_cast<int>(states_[run.first][r]);
    j["why"] = why(r, run.first);
    relays.push_back(j);
  }
  if (per_token.size() > kListedRelays) per_token.erase(per_token.begin() + kListedRelays, per_token.end());
  return {{"fractions", std::vector<std::string>(fractions.begin(), fractions.end())},
          {"relay_count", relay_fractions.size()},
          {"relays", relays},
          {"per_token", per_token}};
}

// Drift: over a run of at least three tokens, none of whose inputs sits on a threshold, the
// difference (in PAL units) takes at least two distinct nonzero values and never shrinks in
// magnitude, while the inputs stay strictly inside the dead band of some relays (they cycle
// without reaching those relays' thresholds). Tried before fractional states, which it refines.
json PalSequence::drift(const DivergentRun& run) const {
  if (run.last - run.first < 2) return nullptr;
  for (std::size_t n = run.first; n <= run.last; ++n)
    if (keys_[n] % 2 == 0) return nullptr;  // an input on a threshold: a tie, not a creep
  std::vector<Q> gaps;
  for (std::size_t n = run.first; n <= run.last; ++n) gaps.push_back(apparent_pal(n) - pal_[n]);
  std::set<Q> distinct;
  for (std::size_t k = 0; k < gaps.size(); ++k) {
    if (gaps[k] == 0 || (k > 0 && abs(gaps[k]) + pal_tolerance(run.first + k) < abs(gaps[k - 1]))) return nullptr;
    distinct.insert(gaps[k]);
  }
  if (distinct.size() < 2) return nullptr;
  const Measure& mu = keyed_.measure();
  json relays = json::array();
  std::size_t count = 0;
  for (std::size_t r = 0; r < mu.relays.size(); ++r) {
    int a = keyed_.alpha_keys()[r], b = keyed_.beta_keys()[r];
    bool inside = true;
    for (std::size_t n = run.first; n <= run.last && inside; ++n) inside = keys_[n] > b && keys_[n] < a;
    if (!inside) continue;
    if (++count <= kListedRelays) {
      json j = relay_json(r);
      j["reference_state"] = static_cast<int>(states_[run.first][r]);
      relays.push_back(j);
    }
  }
  if (count == 0) return nullptr;
  return {{"first_difference", to_string(gaps.front())},
          {"last_difference", to_string(gaps.back())},
          {"distinct_differences", distinct.size()},
          {"relay_count", count},
          {"relays", relays}};
}

json PalSequence::undecidable(std::size_t n) const {
  json relays = json::array();
  std::size_t count = 0;
  for (std::size_t r = 0; r < keyed_.measure().relays.size(); ++r) {
    std::string reason = why(r, n);
    if (reason.empty()) continue;
    if (++count > kListedRelays) continue;
    json j = relay_json(r);
    j["reference_state"] = static_cast<int>(states_[n][r]);
    j["why"] = reason;
    relays.push_back(j);
  }
  return {{"relay_count", count}, {"relays", relays}};
}

json PalSequence::diagnose(const DivergentRun& run) const {
  json d{{"first_token", run.first}, {"last_token", run.last}, {"failure", run.failure}};
  if (!run.failure) {
    d["cause"] = cause_name(DivergenceCause::Smoothing);
    return d;
  }
  std::size_t n = run.first;
  while (status_[n] != TokenStatus::Differ) ++n;
  std::vector<DivergenceCause> reading_causes;
  d["readings_that_explain"] = readings(run, reading_causes);
  d["single_relay_flips"] = single_flips(n);
  d["fractional_states"] = fractional(run);
  d["drift"] = drift(run);
  d["undecidable_relays"] = undecidable(n);
  Q before = 0;  // the reference's PAL before u_0 is applied
  if (initial_ == InitialState::On) before = total_;
  bool first_token = run.first == 0 && run.last == 0 && matches(0, before);
  // One relay whose flip accounts for every differing token of the run.
  auto flipped = [&](std::size_t t) {
    std::set<std::size_t> relays;
    for (const json& r : t == n ? d["single_relay_flips"] : single_flips(t))
      relays.insert(r.at("index").get<std::size_t>());
    return relays;
  };
  std::set<std::size_t> common = flipped(n);
  for (std::size_t t = n + 1; t <= run.last && !common.empty(); ++t)
    if (status_[t] == TokenStatus::Differ) {
      std::set<std::size_t> here = flipped(t), both;
      std::set_intersection(common.begin(), common.end(), here.begin(), here.end(), std::inserter(both, both.end()));
      common = both;
    }
  bool same_flip = !common.empty();
  DivergenceCause cause = !reading_causes.empty()             ? reading_causes.front()
                          : first_token                       ? DivergenceCause::FirstToken
                          : !d["drift"].is_null()             ? DivergenceCause::Drift
                          : !d["fractional_states"].is_null() ? DivergenceCause::FractionalStates
                          : same_flip                         ? DivergenceCause::RelayFlip
                                                              : DivergenceCause::Unexplained;
  d["cause"] = cause_name(cause);
  return d;
}

}  // namespace palcheck::oracle
