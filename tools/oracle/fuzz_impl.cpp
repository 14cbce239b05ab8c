// The differential tester (see fuzz_impl.h).
#include "tools/oracle/fuzz_impl.h"

#include "reference/keyed_pal.h"
#include "reference/preisach_memory.h"
#include "tools/oracle/diagnosis.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>

namespace palcheck::oracle {

using nlohmann::json;

namespace {

// splitmix64: the same numbers on every platform and standard library.
struct Rng {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
  bool coin() { return next() & 1; }
};

// The families of generated sequences, each aimed at one defect.
enum class Family { Ties, FirstToken, Plateaus, DeadBandZigZag, NestedZigZag, MinorLoops, Sweep, Magnitudes };
constexpr int kFamilies = 8;
const char* family_name(Family f) {
  static const char* names[] = {"ties",           "first-token", "plateaus", "dead-band-zig-zag",
                                "nested-zig-zag", "minor-loops", "sweep",    "magnitudes"};
  return names[static_cast<int>(f)];
}

// The exact value of the double nearest q: what the implementation will see.
Q representable(const Q& q) { return *rational_from_double(to_double(q)); }

// The numbers generators draw from: thresholds, points between and beyond them, 0, the domain ends.
struct Palette {
  std::vector<Q> thresholds;  // sorted, distinct
  std::vector<Q> pool;        // sorted, distinct, inside the domain
  Q lo, hi;                   // the generated range
  Q clip(const Q& q) const { return representable(std::clamp(q, lo, hi)); }
};

Palette palette_of(const FuzzOptions& o) {
  Palette p;
  std::set<Q> t;
  for (const WeightedRelay& w : o.measure.relays) t.insert(w.thresholds.alpha), t.insert(w.thresholds.beta);
  p.thresholds.assign(t.begin(), t.end());
  if (o.domain) {
    p.lo = o.domain->first;
    p.hi = o.domain->second;
  } else {
    p.lo = t.empty() ? Q(-1) : Q(*t.begin() - 1);
    p.hi = t.empty() ? Q(1) : Q(*t.rbegin() + 1);
    p.lo = std::min(p.lo, Q(0));
    p.hi = std::max(p.hi, Q(0));
  }
  std::set<Q> pool(t.begin(), t.end());
  for (std::size_t k = 0; k + 1 < p.thresholds.size(); ++k)
    pool.insert(representable((p.thresholds[k] + p.thresholds[k + 1]) / 2));
  pool.insert(p.lo);
  pool.insert(p.hi);
  pool.insert(Q(0));
  for (const Q& q : pool)
    if (q >= p.lo && q <= p.hi) p.pool.push_back(representable(q));
  return p;
}

std::vector<Q> generate(Family family, Rng& rng, const Palette& p, const Measure& mu) {
  auto any = [&] { return p.pool[rng.below(p.pool.size())]; };
  auto threshold = [&] { return p.thresholds.empty() ? any() : p.thresholds[rng.below(p.thresholds.size())]; };
  std::vector<Q> u;
  switch (family) {
    case Family::Ties:
      for (std::size_t n = 4 + rng.below(20); n-- > 0;) u.push_back(rng.below(10) < 7 ? threshold() : any());
      break;
    case Family::FirstToken: {
      Q starts[] = {threshold(), Q(0), p.lo, p.hi};
      u.push_back(starts[rng.below(4)]);
      for (std::size_t n = 1 + rng.below(5); n-- > 0;) u.push_back(any());
      break;
    }
    case Family::Plateaus:
      for (std::size_t n = 3 + rng.below(8); n-- > 0;) u.insert(u.end(), 1 + rng.below(4), any());
      break;
    case Family::DeadBandZigZag: {
      std::vector<std::size_t> wide;
      for (std::size_t r = 0; r < mu.relays.size(); ++r)
        if (mu.relays[r].thresholds.alpha > mu.relays[r].thresholds.beta) wide.push_back(r);
      if (wide.empty()) return generate(Family::Ties, rng, p, mu);
      const Thresholds& t = mu.relays[wide[rng.below(wide.size())]].thresholds;
      std::vector<Q> inside;
      for (const Q& q : p.pool)
        if (q > t.beta && q < t.alpha) inside.push_back(q);
      if (inside.size() < 2)
        inside = {representable(t.beta + (t.alpha - t.beta) / 3), representable(t.beta + 2 * (t.alpha - t.beta) / 3)};
      Q x1 = inside[rng.below(inside.size())], x2 = inside[rng.below(inside.size())];
      if (x1 == x2) x1 = inside.front(), x2 = inside.back();
      u.push_back(rng.coin() ? t.alpha : t.beta);
      for (std::size_t k = 2 + rng.below(30); k-- > 0;) u.push_back(x1), u.push_back(x2);
      if (rng.coin()) u.push_back(any());
      break;
    }
    case Family::NestedZigZag: {
      std::size_t levels = 2 + rng.below(3);
      std::vector<Q> v;
      for (std::size_t k = 0; k < 2 * levels; ++k) v.push_back(any());
      std::sort(v.begin(), v.end());
      u.push_back(rng.coin() ? p.lo : p.hi);
      for (std::size_t k = 0; k < levels; ++k) u.push_back(v[2 * levels - 1 - k]), u.push_back(v[k]);
      u.push_back(v[2 * levels - 1 - rng.below(levels)]);
      if (rng.coin()) u.push_back(v[rng.below(levels)]);
      break;
    }
    case Family::MinorLoops: {
      Q x1 = any(), x2 = any();
      if (x2 < x1) std::swap(x1, x2);
      std::size_t loops = 1 + rng.below(2);
      for (int history = 0; history < 2; ++history) {
        for (std::size_t n = 1 + rng.below(4); n-- > 0;) u.push_back(any());
        for (std::size_t k = 0; k < loops; ++k) u.push_back(x1), u.push_back(x2);
        u.push_back(x1);
      }
      break;
    }
    case Family::Sweep: {
      std::vector<Q> up;
      for (const Q& q : p.pool)
        if (rng.below(4) != 0) up.push_back(q);
      if (up.empty()) up = p.pool;
      for (std::size_t k = 1 + rng.below(2); k-- > 0;) {
        u.insert(u.end(), up.begin(), up.end());
        u.insert(u.end(), up.rbegin(), up.rend());
      }
      break;
    }
    case Family::Magnitudes: {
      Q huge = *rational_from_double(1e300), tiny = *rational_from_double(1e-300),
        least = *rational_from_double(5e-324);
      Q extremes[] = {huge, Q(-huge), tiny, Q(-tiny), least, Q(-least)};
      for (std::size_t n = 3 + rng.below(8); n-- > 0;) u.push_back(rng.below(2) ? extremes[rng.below(6)] : threshold());
      break;
    }
  }
  for (Q& q : u) q = p.clip(q);
  return u;
}

std::vector<double> doubles(const std::vector<Q>& u) {
  std::vector<double> d;
  for (const Q& q : u) d.push_back(to_double(q));
  return d;
}

// One run of the implementation on a case, checked against the reference.
struct Outcome {
  ImplReply reply;
  std::vector<Q> expected;
  bool fails = false;
  std::size_t token = 0;  // first failing token
  json diagnosis;         // of the first failing run (null for errors)
};

class Tester {
 public:
  Tester(const Implementation& impl, const FuzzOptions& o) : impl_(impl), o_(o) {}

  Outcome run(const Measure& mu, const std::vector<Q>& u) {
    ++calls_;
    Outcome out;
    out.reply = impl_(mu, doubles(u));
    if (out.reply.error.empty() && out.reply.outputs.size() != u.size())
      out.reply.error = "returned " + std::to_string(out.reply.outputs.size()) + " outputs for " +
                        std::to_string(u.size()) + " inputs";
    if (!out.reply.error.empty()) {
      out.fails = true;
      return out;
    }
    KeyedMeasure keyed(mu);
    PalSequence seq(keyed, u, out.reply.outputs, o_.initial, o_.conventions);
    out.expected = seq.expected();
    for (const DivergentRun& r : seq.runs())
      if (r.failure) {
        out.fails = true;
        out.token = r.first;
        while (seq.status()[out.token] != TokenStatus::Differ) ++out.token;
        out.diagnosis = seq.diagnose(r);
        break;
      }
    return out;
  }

  // The property a failing case breaks, checked in this order: an error; rate independence
  // (repeating a token changes the implementation's other outputs); the tie rule or the initial
  // state (a relay reading reproduces the whole sequence); return-point memory (it returns to an input with the same
  // memory but another output); wiping-out (the memory's extrema alone give another output);
  // congruency (equal input segments with equal reference increments get unequal increments).
  std::string classify(const Measure& mu, const std::vector<Q>& u, const Outcome& out) {
    if (!out.reply.error.empty()) return "exception";
    const std::vector<Q>& y = out.reply.outputs;
    auto same = [&](const Q& a, const Q& b) { return within_tolerance(o_.conventions, a, b); };
    std::size_t n = out.token;
    for (std::size_t k = 0; k < 6 && k <= n; ++k) {
      std::size_t t = n - (n * k) / 6;
      std::vector<Q> longer(u.begin(), u.end());
      longer.insert(longer.begin() + static_cast<std::ptrdiff_t>(t), u[t]);
      ImplReply o = run_plain(mu, longer);
      if (!o.error.empty() || o.outputs.size() != longer.size()) continue;
      for (std::size_t m = 0; m < longer.size(); ++m)
        if (!same(o.outputs[m], y[m <= t ? m : m - 1])) return "rate independence";
    }
    // A reading names the property only when it reproduces the whole sequence.
    std::string cause = out.diagnosis.value("cause", "");
    bool whole = (cause == "tie_rule" || cause == "initial_state") &&
                 out.diagnosis["readings_that_explain"][0].value("matches_whole_sequence", false);
    if (cause == "tie_rule" && whole) return "tie rule";
    if ((cause == "initial_state" && whole) || cause == "first_token") return "initial state";
    std::vector<std::vector<Q>> memory = memory_trace(u, o_.initial);
    for (std::size_t j = 0; j < u.size(); ++j)
      for (std::size_t i = 0; i < j; ++i)
        if (u[i] == u[j] && memory[i] == memory[j] && !same(y[j], y[i])) return "return-point memory";
    const std::vector<Q>& extrema = memory[n];
    if (extrema.size() < n + 1) {
      ImplReply o = run_plain(mu, extrema);
      if (o.error.empty() && o.outputs.size() == extrema.size() && !same(o.outputs.back(), y[n])) return "wiping-out";
    }
    for (std::size_t len = 2; 2 * len <= u.size(); ++len)
      for (std::size_t i = 0; i + 2 * len <= u.size(); ++i)
        for (std::size_t j = i + len; j + len <= u.size(); ++j) {
          if (!std::equal(u.begin() + i, u.begin() + i + len, u.begin() + j)) continue;
          for (std::size_t k = 1; k < len; ++k)
            if (out.expected[i + k] - out.expected[i] == out.expected[j + k] - out.expected[j] &&
                !same(Q(y[j + k] - y[j]), Q(y[i + k] - y[i])))
              return "congruency";
        }
    return "outputs";
  }

  std::size_t calls() const { return calls_; }

 private:
  ImplReply run_plain(const Measure& mu, const std::vector<Q>& u) {
    ++calls_;
    return impl_(mu, doubles(u));
  }
  std::vector<std::vector<Q>> memory_trace(const std::vector<Q>& u, InitialState initial) {
    PreisachMemory m(initial);
    std::vector<std::vector<Q>> out;
    for (const Q& x : u) {
      m.step(x);
      out.push_back(m.extrema());
    }
    return out;
  }

  const Implementation& impl_;
  const FuzzOptions& o_;
  std::size_t calls_ = 0;
};

// (denominator, |numerator|): smaller is simpler.
bool simpler(const Q& a, const Q& b) {
  auto da = denominator(a), db = denominator(b);
  if (da != db) return da < db;
  return abs(numerator(a)) < abs(numerator(b));
}

struct Shrunk {
  Measure mu;
  std::vector<std::size_t> relay_index;  // into the original measure
  std::vector<Q> u;
  Outcome outcome;
};

// Greedy shrinking, keeping "fails the same property": cut after the failing token, drop chunks
// (halves down to single tokens: fewer tokens and cycles), drop relays, then simpler numbers.
Shrunk shrink(Tester& tester, const FuzzOptions& o, const Palette& palette, Shrunk s, const std::string& property) {
  const std::size_t budget = tester.calls() + 1500;
  auto keeps = [&](const Measure& mu, const std::vector<Q>& u, Outcome& out) {
    if (u.empty() || tester.calls() >= budget) return false;
    out = tester.run(mu, u);
    return out.fails && tester.classify(mu, u, out) == property;
  };
  Outcome out;
  bool progress = true;
  while (progress) {
    progress = false;
    if (s.outcome.reply.error.empty() && s.outcome.token + 1 < s.u.size()) {
      std::vector<Q> cut(s.u.begin(), s.u.begin() + static_cast<std::ptrdiff_t>(s.outcome.token + 1));
      if (keeps(s.mu, cut, out)) s.u = cut, s.outcome = out, progress = true;
    }
    for (std::size_t size = std::max<std::size_t>(1, s.u.size() / 2); size >= 1; size /= 2) {
      for (std::size_t i = 0; i + size <= s.u.size();) {
        std::vector<Q> fewer = s.u;
        fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i),
                    fewer.begin() + static_cast<std::ptrdiff_t>(i + size));
        if (keeps(s.mu, fewer, out))
          s.u = fewer, s.outcome = out, progress = true;
        else
          ++i;
      }
      if (size == 1) break;
    }
    if (o.relays == RelaysPerCall::Sent)
      for (std::size_t r = 0; r < s.mu.relays.size() && s.mu.relays.size() > 1;) {
        Measure fewer = s.mu;
        fewer.relays.erase(fewer.relays.begin() + static_cast<std::ptrdiff_t>(r));
        if (keeps(fewer, s.u, out)) {
          s.mu = fewer, s.outcome = out, progress = true;
          s.relay_index.erase(s.relay_index.begin() + static_cast<std::ptrdiff_t>(r));
        } else {
          ++r;
        }
      }
    for (std::size_t t = 0; t < s.u.size(); ++t) {
      std::vector<Q> candidates{Q(0), palette.clip(floor_q(s.u[t])), palette.clip(floor_q(s.u[t] + Q(1, 2)))};
      for (const Q& th : palette.thresholds) candidates.push_back(th);
      std::sort(candidates.begin(), candidates.end(), simpler);
      std::size_t tried = 0;
      for (const Q& c : candidates) {
        if (tried >= 6 || !simpler(c, s.u[t])) break;
        if (c < palette.lo || c > palette.hi) continue;
        ++tried;
        std::vector<Q> v = s.u;
        v[t] = c;
        if (keeps(s.mu, v, out)) {
          s.u = v, s.outcome = out, progress = true;
          break;
        }
      }
    }
  }
  return s;
}

// The relays a diagnosis names: a reading's, else single flips, fractional, drift, undecidable.
std::vector<std::size_t> involved(const json& d) {
  std::vector<std::size_t> out;
  auto take = [&](const json& relays) {
    for (const json& r : relays) out.push_back(r.at("index").get<std::size_t>());
  };
  if (d.is_null()) return out;
  if (!d["readings_that_explain"].empty())
    take(d["readings_that_explain"][0]["relays"]);
  else if (!d["fractional_states"].is_null())
    take(d["fractional_states"]["relays"]);
  else if (!d["single_relay_flips"].empty())
    take(d["single_relay_flips"]);
  else if (!d["drift"].is_null())
    take(d["drift"]["relays"]);
  else
    take(d["undecidable_relays"]["relays"]);
  return out;
}

}  // namespace

std::vector<Q> fuzz_case_inputs(const FuzzOptions& o, std::uint64_t index, std::string& family) {
  Rng rng{o.seed * 0x100000001b3ULL + index};
  Family f = static_cast<Family>(index % kFamilies);
  family = family_name(f);
  return generate(f, rng, palette_of(o), o.measure);
}

json fuzz_implementation(const Implementation& impl, const FuzzOptions& o) {
  validate(o.measure);
  if (o.conventions.output.a == 0) throw std::invalid_argument("output map: a must be nonzero");
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  Palette palette = palette_of(o);
  Tester tester(impl, o);
  json failures = json::array();
  std::set<std::string> found;
  std::map<std::string, std::size_t> failing_cases;
  std::size_t cases = 0;
  std::string stopped = "cases";
  std::size_t first = o.only_case.value_or(0), last = o.only_case ? *o.only_case + 1 : o.max_cases;
  for (std::size_t k = first; k < last; ++k) {
    if (!o.only_case && elapsed() > o.seconds) {
      stopped = "time";
      break;
    }
    std::string family;
    std::vector<Q> u = fuzz_case_inputs(o, k, family);
    ++cases;
    Outcome out = tester.run(o.measure, u);
    if (out.fails) {
      std::string property = tester.classify(o.measure, u, out);
      ++failing_cases[property];
      if (found.insert(property).second) {
        Shrunk s{o.measure, {}, u, out};
        for (std::size_t r = 0; r < o.measure.relays.size(); ++r) s.relay_index.push_back(r);
        s = shrink(tester, o, palette, s, property);
        json inputs = json::array(), inputs_double = json::array(), relays = json::array();
        for (const Q& q : s.u) inputs.push_back(to_string(q)), inputs_double.push_back(to_double(q));
        for (std::size_t r : involved(s.outcome.diagnosis)) {
          std::size_t original = s.relay_index[r];
          const WeightedRelay& w = o.measure.relays[original];
          relays.push_back({{"index", original},
                            {"alpha", to_string(w.thresholds.alpha)},
                            {"beta", to_string(w.thresholds.beta)},
                            {"weight", to_string(w.weight)}});
        }
        json f{{"property", property},
               {"family", family},
               {"case", k},
               {"tokens_before_shrinking", u.size()},
               {"tokens", s.u.size()},
               {"relays_before_shrinking", o.measure.relays.size()},
               {"relays_kept", s.mu.relays.size()},
               {"inputs", inputs},
               {"inputs_double", inputs_double},
               {"relays", relays},
               {"replay", o.replay ? o.replay(k) : std::string()}};
        if (!s.outcome.reply.error.empty()) {
          f["error"] = s.outcome.reply.error;
        } else {
          std::size_t n = s.outcome.token;
          f["token"] = n;
          f["expected"] = to_string(s.outcome.expected[n]);
          f["actual"] = to_string(s.outcome.reply.outputs[n]);
          f["actual_double"] = to_double(s.outcome.reply.outputs[n]);
          f["cause"] = s.outcome.diagnosis.value("cause", "");
        }
        if (o.progress)
          o.progress("fuzz-impl: case " + std::to_string(k) + " (" + family + ") breaks " + property +
                     "; shrunk from " + std::to_string(u.size()) + " to " + std::to_string(s.u.size()) + " tokens");
        failures.push_back(f);
      }
    }
    if (o.progress && (cases % 50 == 0))
      o.progress("fuzz-impl: " + std::to_string(cases) + "/" + std::to_string(last - first) + " cases, " +
                 std::to_string(failures.size()) + " failure(s), " + std::to_string(tester.calls()) + " calls");
  }
  json per_property = json::object();
  for (const auto& [p, n] : failing_cases) per_property[p] = n;
  // A run that checked no case (a time budget spent before the first) has shown nothing: not passed.
  return {{"passed", failures.empty() && cases > 0},
          {"seed", o.seed},
          {"cases", cases},
          {"max_cases", o.max_cases},
          {"calls", tester.calls()},
          {"stopped_by", o.only_case ? std::string("case") : stopped},
          {"failing_cases_by_property", per_property},
          {"conventions", conventions_json(o.conventions)},
          {"failures", failures},
          {"replay", o.replay ? o.replay(std::nullopt) : std::string()}};
}

}  // namespace palcheck::oracle
