// The differential tester (see fuzz_impl.h): generators, the checks that name a property, shrinking.
#include "oracle/fuzz/fuzz_impl.h"

#include "oracle/diagnosis/diagnosis.h"
#include "oracle/diagnosis/root_causes.h"
#include "oracle/formats/double_range.h"
#include "oracle/formats/json_input.h"
#include "oracle/keyed/keyed_pal.h"
#include "reference/preisach_memory.h"
#include "util/errors.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <tuple>

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
  template <class T>
  const T& pick(const std::vector<T>& v) { return v[below(v.size())]; }
};

// The families of generated sequences, each aimed at one kind of defect.
enum class Family {
  Ties,
  FirstToken,
  Plateaus,
  DeadBandZigZag,
  NestedZigZag,
  MinorLoops,
  Sweep,
  Magnitudes,
  NearThreshold,
  ApproachCycles,
  Ramps,
  ThresholdPlateaus
};
constexpr int kFamilies = 12;
const char* family_name(Family f) {
  static const char* names[] = {"ties",           "first-token", "plateaus", "dead-band-zig-zag",
                                "nested-zig-zag", "minor-loops", "sweep",    "magnitudes",
                                "near-threshold", "approach-cycles", "ramps", "threshold-plateaus"};
  return names[static_cast<int>(f)];
}

// The double nearest q, the largest finite one of its sign when q lies beyond them: what the
// implementation will see (it gets finite doubles only, so a value past them cannot become infinity).
double finite_double(const Q& q) {
  double d = to_double(q);
  return std::isfinite(d) ? d : std::copysign(std::numeric_limits<double>::max(), d);
}

// The exact value of finite_double(q).
Q representable(const Q& q) { return *rational_from_double(finite_double(q)); }

constexpr const char* kSendsDoubles = "the implementation under test is sent doubles";

// The numbers generators draw from: thresholds, points between, near and beyond them, 0, the domain ends.
struct Palette {
  std::vector<Q> thresholds;           // sorted, distinct
  std::vector<Q> pool;                 // sorted, distinct, inside the domain
  std::vector<std::vector<Q>> near;    // per threshold: its neighbourhood inside the domain, increasing
  Q lo, hi;                            // the generated range
  Q clip(const Q& q) const { return representable(std::clamp(q, lo, hi)); }
  bool inside(const Q& q) const { return q >= lo && q <= hi; }
};

Palette palette_of(const FuzzOptions& o) {
  Palette p;
  std::set<Q> t;
  for (const WeightedRelay& w : o.measure.relays) t.insert(w.thresholds.alpha), t.insert(w.thresholds.beta);
  p.thresholds.assign(t.begin(), t.end());
  if (o.conventions.domain) {
    std::tie(p.lo, p.hi) = doubles_within(o.conventions.domain->first, o.conventions.domain->second, "domain",
                                          kSendsDoubles);
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
    if (p.inside(q)) p.pool.push_back(representable(q));
  Q scale = 1;  // the neighbourhood of a threshold at 0 scales with the smallest other one
  for (const Q& x : p.thresholds)
    if (x != 0) scale = std::min(scale, Q(abs(x)));
  for (const Q& x : p.thresholds) {
    std::vector<Q> near;
    for (const Q& q : near_threshold_points(x, scale))
      if (p.inside(q)) near.push_back(q);
    p.near.push_back(std::move(near));
  }
  return p;
}

// The points of a threshold's neighbourhood strictly below (or above) it.
std::vector<Q> one_side(const std::vector<Q>& near, const Q& theta, bool below) {
  std::vector<Q> out;
  for (const Q& q : near)
    if (below ? q < theta : q > theta) out.push_back(q);
  return out;
}

std::size_t threshold_index(const Palette& p, const Q& theta) {
  return static_cast<std::size_t>(std::lower_bound(p.thresholds.begin(), p.thresholds.end(), theta) -
                                  p.thresholds.begin());
}

std::vector<Q> generate(Family family, Rng& rng, const Palette& p, const Measure& mu);

// A long cycle that approaches one of a relay's thresholds from the side it never crosses: alpha from
// below with the relay off, or beta from above with it on, for hundreds of periods.
std::vector<Q> approach_cycle(Rng& rng, const Palette& p, const Measure& mu) {
  if (mu.relays.empty()) return {};
  const Thresholds& t = mu.relays[rng.below(mu.relays.size())].thresholds;
  bool from_below = rng.coin();
  const Q& theta = from_below ? t.alpha : t.beta;
  std::vector<Q> near = one_side(p.near[threshold_index(p, theta)], theta, from_below);
  if (near.empty()) return {};
  Q close = rng.pick(near);
  // The reset puts the relay in the state that waits for theta; the base is the cycle's far end:
  // inside the dead band (short of `close`) or beyond the other threshold.
  std::vector<Q> resets, bases;
  for (const Q& q : p.pool) {
    if (from_below ? q <= t.beta : q >= t.alpha) resets.push_back(q);
    if (from_below ? q < close : q > close) bases.push_back(q);
  }
  if (resets.empty() || bases.empty()) return {};
  std::vector<Q> u{rng.pick(resets)};
  Q base = rng.pick(bases);
  std::vector<Q> cycle{base, close};
  if (rng.coin()) cycle.insert(cycle.begin() + 1, representable((base + close) / 2));
  for (std::size_t periods = 100 + rng.below(300); periods-- > 0;) u.insert(u.end(), cycle.begin(), cycle.end());
  return u;
}

// A monotone ramp through every threshold with small steps around each, then (maybe) back down.
std::vector<Q> ramp(Rng& rng, const Palette& p) {
  std::vector<Q> up{p.lo};
  for (std::size_t i = 0; i < p.thresholds.size(); ++i) {
    const Q& theta = p.thresholds[i];
    std::vector<Q> below = one_side(p.near[i], theta, true), above = one_side(p.near[i], theta, false);
    for (int k = 0; k < 2 && !below.empty(); ++k) up.push_back(rng.pick(below));
    if (rng.coin() && p.inside(theta)) up.push_back(theta);
    for (int k = 0; k < 2 && !above.empty(); ++k) up.push_back(rng.pick(above));
  }
  up.push_back(p.hi);
  std::sort(up.begin(), up.end());
  up.erase(std::unique(up.begin(), up.end()), up.end());
  std::vector<Q> u = up;
  if (rng.coin()) std::reverse(u.begin(), u.end());
  if (rng.coin()) u.insert(u.end(), u.rbegin() + 1, u.rend());
  return u;
}

// Plateaus exactly on a threshold, reached from one side and left to either.
std::vector<Q> threshold_plateaus(Rng& rng, const Palette& p) {
  std::vector<Q> u;
  for (std::size_t segments = 2 + rng.below(3); segments-- > 0;) {
    std::size_t i = rng.below(p.thresholds.size());
    const Q& theta = p.thresholds[i];
    if (!p.inside(theta)) continue;
    std::vector<Q> below = one_side(p.near[i], theta, true), above = one_side(p.near[i], theta, false);
    const std::vector<Q>& from = rng.coin() ? below : above;
    const std::vector<Q>& to = rng.coin() ? below : above;
    u.push_back(from.empty() ? rng.pick(p.pool) : rng.pick(from));
    u.insert(u.end(), 2 + rng.below(4), theta);
    u.push_back(to.empty() ? rng.pick(p.pool) : rng.pick(to));
  }
  return u;
}

// A value of the pool, and one of the thresholds (of the pool when there are none).
Q any_value(Rng& rng, const Palette& p) { return rng.pick(p.pool); }
Q some_threshold(Rng& rng, const Palette& p) {
  return p.thresholds.empty() ? any_value(rng, p) : rng.pick(p.thresholds);
}

// Zig-zags inside one relay's dead band after setting it from a threshold; empty when no relay has a dead band.
std::vector<Q> dead_band_zigzag(Rng& rng, const Palette& p, const Measure& mu) {
  std::vector<std::size_t> wide;
  for (std::size_t r = 0; r < mu.relays.size(); ++r)
    if (mu.relays[r].thresholds.alpha > mu.relays[r].thresholds.beta) wide.push_back(r);
  if (wide.empty()) return {};
  const Thresholds& t = mu.relays[rng.pick(wide)].thresholds;
  std::vector<Q> inside;
  for (const Q& q : p.pool)
    if (q > t.beta && q < t.alpha) inside.push_back(q);
  if (inside.size() < 2)
    inside = {representable(t.beta + (t.alpha - t.beta) / 3), representable(t.beta + 2 * (t.alpha - t.beta) / 3)};
  Q x1 = rng.pick(inside), x2 = rng.pick(inside);
  if (x1 == x2) x1 = inside.front(), x2 = inside.back();
  std::vector<Q> u{rng.coin() ? t.alpha : t.beta};
  for (std::size_t k = 2 + rng.below(30); k-- > 0;) u.push_back(x1), u.push_back(x2);
  if (rng.coin()) u.push_back(any_value(rng, p));
  return u;
}

// Swings that narrow level by level from an extreme, then a return to one of the outer levels.
std::vector<Q> nested_zigzag(Rng& rng, const Palette& p) {
  std::size_t levels = 2 + rng.below(3);
  std::vector<Q> v;
  for (std::size_t k = 0; k < 2 * levels; ++k) v.push_back(any_value(rng, p));
  std::sort(v.begin(), v.end());
  std::vector<Q> u{rng.coin() ? p.lo : p.hi};
  for (std::size_t k = 0; k < levels; ++k) u.push_back(v[2 * levels - 1 - k]), u.push_back(v[k]);
  u.push_back(v[2 * levels - 1 - rng.below(levels)]);
  if (rng.coin()) u.push_back(v[rng.below(levels)]);
  return u;
}

// The same minor loop after two different histories.
std::vector<Q> minor_loops(Rng& rng, const Palette& p) {
  Q x1 = any_value(rng, p), x2 = any_value(rng, p);
  if (x2 < x1) std::swap(x1, x2);
  std::size_t loops = 1 + rng.below(2);
  std::vector<Q> u;
  for (int history = 0; history < 2; ++history) {
    for (std::size_t n = 1 + rng.below(4); n-- > 0;) u.push_back(any_value(rng, p));
    for (std::size_t k = 0; k < loops; ++k) u.push_back(x1), u.push_back(x2);
    u.push_back(x1);
  }
  return u;
}

// Most of the pool up in order and back down, once or twice.
std::vector<Q> sweep(Rng& rng, const Palette& p) {
  std::vector<Q> up;
  for (const Q& q : p.pool)
    if (rng.below(4) != 0) up.push_back(q);
  if (up.empty()) up = p.pool;
  std::vector<Q> u;
  for (std::size_t k = 1 + rng.below(2); k-- > 0;) {
    u.insert(u.end(), up.begin(), up.end());
    u.insert(u.end(), up.rbegin(), up.rend());
  }
  return u;
}

// The largest, smallest and subnormal doubles of either sign among thresholds.
std::vector<Q> magnitudes(Rng& rng, const Palette& p) {
  Q huge = *rational_from_double(1e300), tiny = *rational_from_double(1e-300), least = *rational_from_double(5e-324);
  Q extremes[] = {huge, Q(-huge), tiny, Q(-tiny), least, Q(-least)};
  std::vector<Q> u;
  for (std::size_t n = 3 + rng.below(8); n-- > 0;)
    u.push_back(rng.below(2) ? extremes[rng.below(6)] : some_threshold(rng, p));
  return u;
}

std::vector<Q> generate(Family family, Rng& rng, const Palette& p, const Measure& mu) {
  auto any = [&] { return any_value(rng, p); };
  auto threshold = [&] { return some_threshold(rng, p); };
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
    case Family::DeadBandZigZag:
      u = dead_band_zigzag(rng, p, mu);
      if (u.empty()) return generate(Family::Ties, rng, p, mu);
      break;
    case Family::NestedZigZag: u = nested_zigzag(rng, p); break;
    case Family::MinorLoops: u = minor_loops(rng, p); break;
    case Family::Sweep: u = sweep(rng, p); break;
    case Family::Magnitudes: u = magnitudes(rng, p); break;
    case Family::NearThreshold:
      for (std::size_t n = 4 + rng.below(20); n-- > 0;) {
        std::size_t i = p.thresholds.empty() ? 0 : rng.below(p.thresholds.size());
        u.push_back(!p.thresholds.empty() && !p.near[i].empty() && rng.below(4) != 0 ? rng.pick(p.near[i]) : any());
      }
      break;
    case Family::ApproachCycles:
      u = approach_cycle(rng, p, mu);
      if (u.empty()) return generate(Family::NearThreshold, rng, p, mu);
      break;
    case Family::Ramps:
      u = ramp(rng, p);
      break;
    case Family::ThresholdPlateaus:
      u = p.thresholds.empty() ? std::vector<Q>{} : threshold_plateaus(rng, p);
      if (u.empty()) return generate(Family::Plateaus, rng, p, mu);
      break;
  }
  for (Q& q : u) q = p.clip(q);
  return u;
}

std::vector<double> doubles(const std::vector<Q>& u) {
  std::vector<double> d;
  for (const Q& q : u) d.push_back(to_double(q));
  return d;
}

// x with `precision` significant decimal digits (printf's %g), as a double.
double rounded(double x, int precision) {
  char buf[64];
  auto [end, error] = std::to_chars(buf, buf + sizeof buf - 1, x, std::chars_format::general, precision);
  if (error != std::errc()) return x;
  *end = '\0';
  return std::strtod(buf, nullptr);
}

// The digits a double needs: the length of its shortest round-trip decimal (simpler numbers need fewer).
int digits_of(double x) {
  if (x == 0) return 0;
  for (int precision = 1; precision < 17; ++precision)
    if (rounded(x, precision) == x) return precision;
  return 17;
}

// A measure keyed for the reference, with its readings; shared while the measure is in use.
struct MeasureState {
  explicit MeasureState(const Measure& mu) : keyed(mu), readings(keyed) {}
  KeyedMeasure keyed;
  ReadingMeasures readings;
};

// One run of the implementation on a case, checked against the reference.
struct Outcome {
  ImplReply reply;
  bool fails = false;
  bool undecided = false;   // no token fails, but one is on the tolerance's edge at every precision
  std::size_t token = 0;    // first failing token
  json diagnosis;           // of the first failing run (null for errors)
  std::string cause;        // its cause ("error" for a failed call)
  bool ambiguous = false;   // two conventions reproduce the whole sequence equally
  json expected;            // at `token`: expected_json
  std::vector<Q> sharp;     // the reference's sharp PAL values under the declared reading
};

class Tester {
 public:
  Tester(const Implementation& impl, const FuzzOptions& o) : impl_(impl), o_(o) {}

  Outcome run(const Measure& mu, const std::vector<Q>& u) {
    ++calls_;
    Outcome out;
    out.reply = impl_(mu, doubles(u));
    ImplReply& reply = out.reply;
    if (reply.error.empty() && reply.outputs.size() != u.size())
      reply.error = "returned " + std::to_string(reply.outputs.size()) + " outputs for " + std::to_string(u.size()) +
                    " inputs" + (reply.read.empty() ? "" : " (its reply: " + shown(reply.read) + ")");
    if (reply.error.empty() && !reply.undefined.empty() && reply.undefined.size() != u.size())
      reply.error = "marked " + std::to_string(reply.undefined.size()) + " outputs undefined for " +
                    std::to_string(u.size()) + " inputs";
    if (!reply.error.empty()) {
      out.fails = true;
      out.cause = "error";
      return out;
    }
    MeasureState& state = measure_state(mu);
    PalSequence seq(state.readings, u, reply.outputs, o_.initial, o_.conventions, reply.undefined);
    for (const DivergentRun& r : seq.runs())
      if (r.failure) {
        out.fails = true;
        out.token = r.first;
        while (seq.status()[out.token] != TokenStatus::Differ) ++out.token;
        out.diagnosis = seq.diagnose(r);
        out.cause = out.diagnosis.value("cause", "");
        const json& causes = out.diagnosis["causes"];
        if (!causes.empty() && causes[0]["explains"] == "whole_sequence")
          for (const json& c : causes)
            out.ambiguous = out.ambiguous || (c["explains"] == "whole_sequence" && c["cause"] != causes[0]["cause"]);
        out.expected = seq.expected_json(out.token);
        const PalValues& sharp = seq.reference().pal(seq.reference().declared());
        for (std::size_t n = 0; n < u.size(); ++n) out.sharp.push_back(sharp.at(n));
        break;
      }
    if (!out.fails)
      for (TokenStatus t : seq.status()) out.undecided = out.undecided || t == TokenStatus::Undecided;
    return out;
  }

  // The property a failing case breaks, checked in this order: an error; an undefined output; the tie
  // rule or the initial state (a reading one convention away reproduces the whole sequence); rate
  // independence (repeating a token changes the implementation's other outputs); return-point memory
  // (it returns to an input with the same memory but another output); wiping-out (the memory's extrema
  // alone give another output); congruency (equal input segments with equal reference increments get
  // unequal increments).
  std::string classify(const Measure& mu, const std::vector<Q>& u, const Outcome& out) {
    if (!out.reply.error.empty()) return "exception";
    if (!out.reply.undefined.empty() && out.reply.undefined[out.token]) return "undefined output";
    bool whole = !out.diagnosis["causes"].empty() && out.diagnosis["causes"][0]["explains"] == "whole_sequence";
    if (out.cause == "tie_rule" && whole) return "tie rule";
    if ((out.cause == "initial_state" || out.cause == "first_token") && whole) return "initial state";
    const std::vector<Q>& y = out.reply.outputs;
    auto defined = [&](std::size_t n) { return out.reply.undefined.empty() || !out.reply.undefined[n]; };
    // Within tolerance, decided in doubles when clearly so (half the tolerance), else exactly.
    double atol = to_double(o_.conventions.atol), rtol = to_double(o_.conventions.rtol);
    auto same = [&](const Q& a, const Q& b) {
      double ad = to_double(a), bd = to_double(b);
      if (std::abs(ad - bd) < 0.5 * (atol + rtol * std::abs(bd))) return true;
      return within_tolerance(o_.conventions, a, b);
    };
    std::vector<double> yd;
    for (const Q& q : y) yd.push_back(to_double(q));
    std::size_t n = out.token;
    for (std::size_t k = 0; k < 6 && k <= n; ++k) {
      std::size_t t = n - (n * k) / 6;
      std::vector<Q> longer(u.begin(), u.end());
      longer.insert(longer.begin() + static_cast<std::ptrdiff_t>(t), u[t]);
      ImplReply o = run_plain(mu, longer);
      if (!o.error.empty() || o.outputs.size() != longer.size() || !o.undefined.empty()) continue;
      for (std::size_t m = 0; m < longer.size(); ++m)
        if (defined(m <= t ? m : m - 1) && !same(o.outputs[m], y[m <= t ? m : m - 1])) return "rate independence";
    }
    std::vector<std::vector<Q>> memory = memory_trace(u, o_.initial);
    for (std::size_t j = 0; j < u.size(); ++j)
      for (std::size_t i = 0; i < j; ++i)
        if (yd[i] != yd[j] && u[i] == u[j] && defined(i) && defined(j) && memory[i] == memory[j] && !same(y[j], y[i]))
          return "return-point memory";
    const std::vector<Q>& extrema = memory[n];
    if (extrema.size() < n + 1) {
      ImplReply o = run_plain(mu, extrema);
      if (o.error.empty() && o.outputs.size() == extrema.size() && o.undefined.empty() &&
          !same(o.outputs.back(), y[n]))
        return "wiping-out";
    }
    // Segments of at most 16 tokens starting within 64 tokens of each other: enough for the short
    // witnesses shrinking aims at, and quadratic rather than cubic on cycles of hundreds of periods.
    for (std::size_t len = 2; len <= 16 && 2 * len <= u.size(); ++len)
      for (std::size_t i = 0; i + 2 * len <= u.size(); ++i)
        for (std::size_t j = i + len; j + len <= u.size() && j <= i + 64; ++j) {
          if (!std::equal(u.begin() + i, u.begin() + i + len, u.begin() + j)) continue;
          for (std::size_t k = 1; k < len; ++k)
            if (yd[j + k] - yd[j] != yd[i + k] - yd[i] && defined(i) && defined(j) && defined(i + k) &&
                defined(j + k) && out.sharp[i + k] - out.sharp[i] == out.sharp[j + k] - out.sharp[j] &&
                !same(Q(y[j + k] - y[j]), Q(y[i + k] - y[i])))
              return "congruency";
        }
    return "outputs";
  }

  std::size_t calls() const { return calls_; }

  // What explains a failing case: the convention changes the reference re-run under reproduces, and
  // the defect kinds its diagnosis names.
  CaseExplanations explain(const Measure& mu, const std::vector<Q>& u, const Outcome& out,
                           const std::vector<ConventionChange>& changes) {
    CaseExplanations e;
    if (!out.reply.error.empty()) {
      e.defects = {DefectKind{"error"}};
      return e;
    }
    ReadingMeasures& readings = measure_state(mu).readings;
    e.changes = reproducing_changes(changes, readings, u, out.reply.outputs, out.reply.undefined, out.token);
    e.defects = defect_kinds(out.diagnosis);
    // Two defects at once: a convention change may leave a defect kind the declared diagnosis cannot see.
    bool alone = !e.changes.empty() ||
                 std::any_of(e.defects.begin(), e.defects.end(), [](const DefectKind& d) { return d.kind != "relay_flip"; });
    if (!alone) e.combined = combined_changes(changes, readings, u, out.reply.outputs, out.reply.undefined, out.token);
    return e;
  }

 private:
  ImplReply run_plain(const Measure& mu, const std::vector<Q>& u) {
    ++calls_;
    return impl_(mu, doubles(u));
  }
  // The keyed measure of the last few measures asked for (shrinking tries many, one at a time).
  MeasureState& measure_state(const Measure& mu) {
    for (auto& [relays, state] : states_)
      if (relays.size() == mu.relays.size() &&
          std::equal(relays.begin(), relays.end(), mu.relays.begin(), [](const WeightedRelay& a, const WeightedRelay& b) {
            return a.weight == b.weight && a.thresholds.alpha == b.thresholds.alpha &&
                   a.thresholds.beta == b.thresholds.beta;
          }))
        return *state;
    if (states_.size() >= 4) states_.erase(states_.begin() + 1);  // keep the measure under test
    states_.emplace_back(mu.relays, std::make_unique<MeasureState>(mu));
    return *states_.back().second;
  }

  const Implementation& impl_;
  const FuzzOptions& o_;
  std::size_t calls_ = 0;
  std::vector<std::pair<std::vector<WeightedRelay>, std::unique_ptr<MeasureState>>> states_;
};

// The relay a ratchet creeps on (the one its evidence names first), if any.
std::optional<std::size_t> ratchet_relay(const Outcome& out) {
  if (out.cause != "ratchet") return std::nullopt;
  for (const json& c : out.diagnosis["causes"])
    if (c["cause"] == "ratchet" && c["evidence"].contains("relays") && !c["evidence"]["relays"].empty())
      return c["evidence"]["relays"][0]["index"].get<std::size_t>();
  return std::nullopt;
}

// Whether a ratchet creeps on short of its relay's thresholds: no input equals one and the relay never
// switches. Such a ratchet (excursions towards a threshold that never reach it) is reported apart from
// one the inputs reach.
bool short_of_thresholds(const Outcome& out, const Measure& mu, const std::vector<Q>& u, InitialState initial) {
  std::optional<std::size_t> r = ratchet_relay(out);
  if (!r || *r >= mu.relays.size()) return false;
  const Thresholds& t = mu.relays[*r].thresholds;
  RelayState state = static_cast<RelayState>(initial);
  for (const Q& x : u)
    if (x == t.alpha || x == t.beta || step_relay(t, x, state) != state) return false;
  return true;
}

// What a failure slot holds: the property, the cause and, for a ratchet, whether it stays short of
// its relay's thresholds.
std::string slot_key(const std::string& property, const Outcome& out, const Measure& mu, const std::vector<Q>& u,
                     InitialState initial) {
  std::string key = property + "|" + out.cause;
  if (short_of_thresholds(out, mu, u, initial)) key += "|short of its thresholds";
  return key;
}

struct Shrunk {
  Measure mu;
  std::vector<std::size_t> relay_index;  // into the original measure
  std::vector<Q> u;
  Outcome outcome;
};

using Clock = std::chrono::steady_clock;

// Greedy shrinking, keeping the property, the cause and an unambiguous cause: cut after the failing
// token, drop relays (halves down to single ones), drop tokens (halves down to single ones: fewer
// cycles), then numbers with fewer digits (0, the thresholds, the input rounded to fewer significant
// digits). Stops after 1500 calls of the implementation or at the time budget.
class Shrinker {
 public:
  Shrinker(Tester& tester, const FuzzOptions& o, const Palette& palette, Shrunk s, const std::string& property,
           Clock::time_point deadline)
      : tester_(tester),
        o_(o),
        palette_(palette),
        s_(std::move(s)),
        budget_(tester.calls() + 1500),
        was_ambiguous_(s_.outcome.ambiguous),
        key_(slot_key(property, s_.outcome, s_.mu, s_.u, o.initial)),
        deadline_(deadline) {}

  Shrunk shrink() {
    bool progress = true;
    while (progress) {
      progress = cut_after_failure();
      if (o_.relays == RelaysPerCall::Sent) progress = drop_relays() || progress;
      progress = drop_tokens() || progress;
      progress = simplify_numbers() || progress;
    }
    return s_;
  }

 private:
  // Whether (mu, u) still fails as the case does, in `out`; false once the budget is spent.
  bool keeps(const Measure& mu, const std::vector<Q>& u, Outcome& out) {
    if (u.empty() || tester_.calls() >= budget_ || Clock::now() > deadline_) return false;
    out = tester_.run(mu, u);
    return out.fails && out.cause == s_.outcome.cause && (was_ambiguous_ || !out.ambiguous) &&
           slot_key(tester_.classify(mu, u, out), out, mu, u, o_.initial) == key_;
  }

  bool cut_after_failure() {
    Outcome out;
    if (!s_.outcome.reply.error.empty() || s_.outcome.token + 1 >= s_.u.size()) return false;
    std::vector<Q> cut(s_.u.begin(), s_.u.begin() + static_cast<std::ptrdiff_t>(s_.outcome.token + 1));
    if (!keeps(s_.mu, cut, out)) return false;
    s_.u = cut, s_.outcome = out;
    return true;
  }

  bool drop_relays() {
    Outcome out;
    bool progress = false;
    for (std::size_t size = std::max<std::size_t>(1, s_.mu.relays.size() / 2); size >= 1; size /= 2) {
      for (std::size_t i = 0; i + size <= s_.mu.relays.size() && s_.mu.relays.size() > size;) {
        Measure fewer = s_.mu;
        fewer.relays.erase(fewer.relays.begin() + static_cast<std::ptrdiff_t>(i),
                           fewer.relays.begin() + static_cast<std::ptrdiff_t>(i + size));
        if (keeps(fewer, s_.u, out)) {
          s_.mu = fewer, s_.outcome = out, progress = true;
          s_.relay_index.erase(s_.relay_index.begin() + static_cast<std::ptrdiff_t>(i),
                               s_.relay_index.begin() + static_cast<std::ptrdiff_t>(i + size));
        } else {
          i += size;
        }
      }
      if (size == 1) break;
    }
    return progress;
  }

  bool drop_tokens() {
    Outcome out;
    bool progress = false;
    for (std::size_t size = std::max<std::size_t>(1, s_.u.size() / 2); size >= 1; size /= 2) {
      for (std::size_t i = 0; i + size <= s_.u.size();) {
        std::vector<Q> fewer = s_.u;
        fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i), fewer.begin() + static_cast<std::ptrdiff_t>(i + size));
        if (keeps(s_.mu, fewer, out))
          s_.u = fewer, s_.outcome = out, progress = true;
        else
          i += size;
      }
      if (size == 1) break;
    }
    return progress;
  }

  // The numbers token t might become, fewest digits first: 0, the thresholds, x rounded.
  std::vector<double> simpler_numbers(double x, int digits) const {
    std::vector<double> candidates{0.0};
    for (const WeightedRelay& w : s_.mu.relays)
      for (const Q& th : {w.thresholds.alpha, w.thresholds.beta}) candidates.push_back(to_double(th));
    for (int precision = 1; precision < digits; ++precision) candidates.push_back(rounded(x, precision));
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](double a, double b) { return digits_of(a) < digits_of(b); });
    return candidates;
  }

  bool simplify_numbers() {
    Outcome out;
    bool progress = false;
    for (std::size_t t = 0; t < s_.u.size(); ++t) {
      double x = to_double(s_.u[t]);
      int digits = digits_of(x);
      std::size_t tried = 0;
      for (double c : simpler_numbers(x, digits)) {
        if (tried >= 8 || digits_of(c) >= digits) break;
        Q q = *rational_from_double(c);
        if (!palette_.inside(q) || q == s_.u[t]) continue;
        ++tried;
        std::vector<Q> v = s_.u;
        v[t] = q;
        if (keeps(s_.mu, v, out)) {
          s_.u = v, s_.outcome = out, progress = true;
          break;
        }
      }
    }
    return progress;
  }

  Tester& tester_;
  const FuzzOptions& o_;
  const Palette& palette_;
  Shrunk s_;
  const std::size_t budget_;
  const bool was_ambiguous_;
  const std::string key_;
  Clock::time_point deadline_;
};

Shrunk shrink(Tester& tester, const FuzzOptions& o, const Palette& palette, Shrunk s, const std::string& property,
              Clock::time_point deadline) {
  return Shrinker(tester, o, palette, std::move(s), property, deadline).shrink();
}

// The diagnosis of a witness names relays by their index in the witness's measure: name them by
// their index in the measure under test instead.
void renumber_relays(json& j, const std::vector<std::size_t>& relay_index) {
  if (j.is_object()) {
    if (j.contains("index") && j.contains("alpha") && j["index"].is_number_unsigned())
      j["index"] = relay_index.at(j["index"].get<std::size_t>());
    for (auto& [key, value] : j.items()) renumber_relays(value, relay_index);
  } else if (j.is_array()) {
    for (json& v : j) renumber_relays(v, relay_index);
  }
}

json failure_json(const Shrunk& s, const FuzzOptions& o, const std::string& property, const std::string& family,
                  std::size_t k, std::size_t tokens_before) {
  json inputs = json::array(), inputs_double = json::array(), relays = json::array();
  for (const Q& q : s.u) inputs.push_back(to_string(q)), inputs_double.push_back(to_double(q));
  for (std::size_t original : s.relay_index) {
    const WeightedRelay& w = o.measure.relays[original];
    relays.push_back({{"index", original},
                      {"alpha", to_string(w.thresholds.alpha)},
                      {"beta", to_string(w.thresholds.beta)},
                      {"weight", to_string(w.weight)}});
  }
  json f{{"property", property},
         {"cause", s.outcome.cause},
         {"short_of_thresholds", short_of_thresholds(s.outcome, s.mu, s.u, o.initial)},
         {"family", family},
         {"case", k},
         {"tokens_before_shrinking", tokens_before},
         {"tokens", s.u.size()},
         {"relays_before_shrinking", o.measure.relays.size()},
         {"relays_kept", s.mu.relays.size()},
         {"inputs", inputs},
         {"inputs_double", inputs_double},
         {"relays", relays},
         {"replay", o.replay ? o.replay(k) : std::string()}};
  if (!s.outcome.reply.error.empty()) {
    f["error"] = s.outcome.reply.error;
    return f;
  }
  std::size_t n = s.outcome.token;
  f["token"] = n;
  f.update(s.outcome.expected);
  if (!s.outcome.reply.undefined.empty() && s.outcome.reply.undefined[n]) {
    f["actual"] = nullptr;
  } else {
    f["actual"] = to_string(s.outcome.reply.outputs[n]);
    f["actual_double"] = to_double(s.outcome.reply.outputs[n]);
  }
  json causes = json::array();
  for (const json& c : s.outcome.diagnosis["causes"]) causes.push_back(c["cause"]);
  f["causes"] = causes;
  f["ambiguous"] = s.outcome.ambiguous;
  json diagnosis = s.outcome.diagnosis;
  renumber_relays(diagnosis, s.relay_index);
  f["diagnosis"] = diagnosis;
  return f;
}

}  // namespace

double fuzz_seconds(double seconds, const std::string& where) {
  if (!(seconds >= 0 && seconds <= kMaxFuzzSeconds)) {
    char shown[32];
    std::snprintf(shown, sizeof shown, "%g", seconds);
    throw InputError(where + ": expected a number of seconds in [0, " +
                     std::to_string(static_cast<long>(kMaxFuzzSeconds)) + "] (a year), got " + shown);
  }
  return seconds;
}

void check_domain_in_doubles(const Conventions& c, const std::string& where) {
  if (c.domain) doubles_within(c.domain->first, c.domain->second, where, kSendsDoubles);
}

std::vector<Q> near_threshold_points(const Q& theta, const Q& scale) {
  std::set<Q> out;
  Q magnitude = theta != 0 ? Q(abs(theta)) : scale;
  Q step = magnitude;
  for (int k = 1; k <= 12; ++k) {
    step /= 10;
    if (k != 3 && k != 4 && k != 6 && k != 9 && k != 12) continue;
    for (const Q& q : {Q(theta - step), Q(theta + step)}) {
      Q d = representable(q);
      if (d != theta) out.insert(d);
    }
  }
  // The nearest doubles on either side, and 2 and 16 units in the last place away.
  double t = finite_double(theta);
  double below = *rational_from_double(t) < theta ? t : std::nextafter(t, -INFINITY);
  double above = *rational_from_double(t) > theta ? t : std::nextafter(t, INFINITY);
  for (int ulps = 1; ulps <= 16; ++ulps) {
    if (ulps == 1 || ulps == 2 || ulps == 16) {
      if (std::isfinite(below)) out.insert(*rational_from_double(below));
      if (std::isfinite(above)) out.insert(*rational_from_double(above));
    }
    below = std::nextafter(below, -INFINITY);
    above = std::nextafter(above, INFINITY);
  }
  return {out.begin(), out.end()};
}

std::vector<std::string> fuzz_families() {
  std::vector<std::string> names;
  for (int f = 0; f < kFamilies; ++f) names.push_back(family_name(static_cast<Family>(f)));
  return names;
}

namespace {

std::vector<Q> case_inputs(const FuzzOptions& o, const Palette& palette, std::uint64_t index, std::string& family) {
  Rng rng{o.seed * 0x100000001b3ULL + index};
  Family f = static_cast<Family>(index % kFamilies);
  family = family_name(f);
  return generate(f, rng, palette, o.measure);
}

}  // namespace

std::vector<Q> fuzz_case_inputs(const FuzzOptions& o, std::uint64_t index, std::string& family) {
  return case_inputs(o, palette_of(o), index, family);
}

namespace {

// The failures met so far, one witness per property and cause, with their counts.
struct Failures {
  struct Slot {
    json failure;
    Shrunk witness;  // what `failure` shows, to check which root cause it shows
    std::size_t cases = 0, reshrunk = 0, ambiguous_cases = 0;
  };
  // A failing case as met, before shrinking: what explains it and how plainly it shows.
  struct Case {
    std::size_t number, tokens;
    std::string family;
    std::vector<double> inputs;
    double difference;  // |actual - expected| at its first failing token (infinite: no number or an error)
    CaseExplanations explanations;
    json diagnosis;
  };
  std::vector<Case> cases;
  std::vector<ConventionChange> changes;
  std::map<std::string, Slot> slots;  // "property|cause"
  std::vector<std::string> order;     // slots in the order met
  std::map<std::string, std::size_t> by_property, by_cause;
};

// Counts failing case k and, when it is the first of its slot or starts smaller than the witness so
// far, shrinks it into the slot's witness.
void record_failure(Tester& tester, const FuzzOptions& o, const Palette& palette, Clock::time_point deadline,
                    std::size_t k, const std::string& family, const std::vector<Q>& u, const Outcome& out,
                    Failures& failures) {
  std::string property = tester.classify(o.measure, u, out);
  std::string key = slot_key(property, out, o.measure, u, o.initial);
  ++failures.by_property[property];
  ++failures.by_cause[out.cause];
  double difference = std::numeric_limits<double>::infinity();
  if (out.reply.error.empty() && (out.reply.undefined.empty() || !out.reply.undefined[out.token]))
    difference = std::abs(to_double(out.reply.outputs[out.token]) - out.expected.value("expected_double", 0.0));
  failures.cases.push_back({k, u.size(), family, doubles(u), difference,
                            tester.explain(o.measure, u, out, failures.changes), out.diagnosis});
  Failures::Slot& slot = failures.slots[key];
  ++slot.cases;
  bool fresh = slot.failure.is_null();
  // A later case gets shrunk too when it starts smaller than the witness so far (twice at most).
  bool smaller = !fresh && slot.reshrunk < 2 && u.size() < slot.failure["tokens"].get<std::size_t>();
  if (!fresh && !smaller) return;
  if (fresh) failures.order.push_back(key);
  slot.reshrunk += smaller ? 1 : 0;
  Shrunk s{o.measure, {}, u, out};
  for (std::size_t r = 0; r < o.measure.relays.size(); ++r) s.relay_index.push_back(r);
  // Shrinking spends the same budget as the search: --seconds bounds the whole run, and a failure found
  // late is reported as far as it was shrunk by then.
  s = shrink(tester, o, palette, s, property, deadline);
  json f = failure_json(s, o, property, family, k, u.size());
  bool better = fresh || std::make_pair(s.u.size(), s.mu.relays.size()) <
                             std::make_pair(slot.failure["tokens"].get<std::size_t>(),
                                            slot.failure["relays_kept"].get<std::size_t>());
  if (better) slot.failure = f, slot.witness = s;
  if (o.progress)
    o.progress("fuzz-impl: case " + std::to_string(k) + " (" + family + ") breaks " + property + " (" + out.cause +
               "); shrunk from " + std::to_string(u.size()) + " to " + std::to_string(s.u.size()) + " tokens, " +
               std::to_string(s.mu.relays.size()) + " relay(s)");
}

// A witness two conventions explain equally (a relay (0, 0) fed 0 with the first token skipped, or
// read strictly) tells nothing another failure does not when one of them is that failure's cause.
void drop_ambiguous(Failures& failures) {
  auto& slots = failures.slots;
  std::erase_if(failures.order, [&](const std::string& key) {
    const json& f = slots[key].failure;
    if (!f.value("ambiguous", false)) return false;
    for (const std::string& other : failures.order) {
      const json& g = slots[other].failure;
      if (other == key || g.value("ambiguous", false) || !g.contains("cause")) continue;
      for (const json& c : f["diagnosis"]["causes"])
        if (c["explains"] == "whole_sequence" && c["cause"] == g["cause"]) {
          slots[other].ambiguous_cases += slots[key].cases;
          return true;
        }
    }
    return false;
  });
}

// A raw failing case as JSON: its number, family, size, inputs and replay.
json case_json(const Failures::Case& c, const FuzzOptions& o) {
  json j{{"case", c.number}, {"family", c.family}, {"tokens", c.tokens}, {"inputs_double", c.inputs},
         {"replay", o.replay ? o.replay(c.number) : std::string()}};
  if (std::isfinite(c.difference)) j["difference"] = c.difference;
  return j;
}

// What each failure's shrunk witness shows, checked on the witness itself, by failure key.
using WitnessExplanations = std::vector<std::pair<std::string, CaseExplanations>>;

// Marks every failure with the root cause of the case it was shrunk from.
void mark_root_causes(const std::vector<RootCause>& roots, Failures& failures) {
  std::map<std::size_t, std::string> root_of;  // case number -> root cause
  for (const RootCause& r : roots) {
    for (std::size_t k : r.cases) root_of[failures.cases[k].number] = r.cause;
    for (const JointCases& joint : r.joint)
      for (std::size_t k : joint.cases) root_of[failures.cases[k].number] = joint.cause;
  }
  for (const std::string& key : failures.order) {
    json& failure = failures.slots[key].failure;
    failure["root_cause"] = root_of[failure["case"].get<std::size_t>()];
  }
}

// The smallest shrunk witness `r` shows, one that another convention explains as well (ambiguous) last; null
// when it shows none.
const json* smallest_witness(const RootCause& r, const WitnessExplanations& witnesses, const Failures& failures) {
  auto size = [](const json& f) {
    return std::make_tuple(f.value("ambiguous", false), f["tokens"].get<std::size_t>(),
                           f["relays_kept"].get<std::size_t>());
  };
  const json* witness = nullptr;
  for (const auto& [key, e] : witnesses) {
    const json& f = failures.slots.at(key).failure;
    bool shown = r.cause == "unexplained" ? f["root_cause"] == "unexplained" : explains(r, e);
    if (shown && (!witness || size(f) < size(*witness))) witness = &f;
  }
  return witness;
}

// Why `r` is the cause: a convention change reproduces (or, with a defect kind, diagnoses) each case it
// explains; else the cause the diagnosis of its witness (or of its smallest case) names, and for the
// unexplained the relays that diagnosis could not decide.
json root_cause_evidence(const RootCause& r, const json* witness, const Failures::Case& smallest,
                         const Failures& failures) {
  if (r.change && !r.defect.empty())
    return {{"diagnosed", "the defect kind " + r.defect + " in each case it explains, the reference re-run with " +
                              failures.changes[*r.change].conventions.dump()}};
  if (r.change)
    return {{"reproduces", "every output of each case it explains, the reference re-run with " +
                               failures.changes[*r.change].conventions.dump()}};
  json evidence = json::object();
  // A witness that raised an error carries no diagnosis.
  static const json kNoDiagnosis;
  const json& diagnosis = !witness                         ? smallest.diagnosis
                          : witness->contains("diagnosis") ? (*witness)["diagnosis"]
                                                           : kNoDiagnosis;
  if (diagnosis.is_object() && diagnosis.contains("causes"))
    for (const json& c : diagnosis["causes"])
      if (c["cause"] == r.cause) {
        evidence = c;
        break;
      }
  if (r.cause == "unexplained" && diagnosis.is_object())
    evidence = {{"undecidable_relays", diagnosis.value("undecidable_relays", json())}};
  return evidence;
}

// One entry per root cause (root_causes.h), most failing cases first: the cause, the failing cases it
// explains (and those it explains only with another, joint), its smallest witness (a shrunk witness it
// explains, else its smallest case as met), the most telling case (the largest difference at the first
// failing token) and the evidence. Every failure is marked with the root cause of the case it was shrunk
// from.
json root_causes_json(Tester& tester, const FuzzOptions& o, Failures& failures) {
  std::vector<CaseExplanations> explained;
  for (const Failures::Case& c : failures.cases) explained.push_back(c.explanations);
  std::vector<RootCause> roots = group_by_root_cause(explained, failures.changes);
  mark_root_causes(roots, failures);
  WitnessExplanations witnesses;
  for (const std::string& key : failures.order) {
    const Shrunk& w = failures.slots[key].witness;
    witnesses.emplace_back(key, tester.explain(w.mu, w.u, w.outcome, failures.changes));
  }
  auto numbers = [&](const std::vector<std::size_t>& cases) {
    json out = json::array();
    for (std::size_t k : cases) out.push_back(failures.cases[k].number);
    return out;
  };
  json list = json::array();
  for (const RootCause& r : roots) {
    json j = root_cause_json(r, failures.changes);
    j["cases"] = numbers(r.cases);
    for (std::size_t k = 0; k < r.joint.size(); ++k) j["joint"][k]["cases"] = numbers(r.joint[k].cases);
    const json* witness = smallest_witness(r, witnesses, failures);
    const Failures::Case* smallest = &failures.cases[r.cases.front()];
    const Failures::Case* telling = smallest;
    for (std::size_t k : r.cases) {
      const Failures::Case& c = failures.cases[k];
      if (c.tokens < smallest->tokens) smallest = &c;
      if (c.difference > telling->difference) telling = &c;
    }
    if (witness) {
      j["witness"] = *witness;
      j["witness"].erase("failing_cases");
    } else {
      j["witness"] = case_json(*smallest, o);
    }
    j["witness_shrunk"] = witness != nullptr;
    j["most_telling"] = case_json(*telling, o);
    j["evidence"] = root_cause_evidence(r, witness, *smallest, failures);
    list.push_back(j);
  }
  return list;
}

// The witnesses, the cause met most often first: the headline failure.
json failures_json(Failures& failures) {
  auto& slots = failures.slots;
  std::stable_sort(failures.order.begin(), failures.order.end(),
                   [&](const std::string& a, const std::string& b) { return slots[a].cases > slots[b].cases; });
  json list = json::array();
  for (const std::string& key : failures.order) {
    json f = slots[key].failure;
    f["failing_cases"] = slots[key].cases;
    if (slots[key].ambiguous_cases) f["ambiguous_cases"] = slots[key].ambiguous_cases;
    list.push_back(f);
  }
  return list;
}

}  // namespace

json fuzz_implementation(const Implementation& impl, const FuzzOptions& o) {
  validate(o.measure);
  if (o.conventions.output.a == 0) throw std::invalid_argument("output map: a must be nonzero");
  auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  auto deadline = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.seconds));
  Palette palette = palette_of(o);
  Tester tester(impl, o);
  Failures failures;
  failures.changes = convention_changes(o.conventions, o.initial);
  std::size_t cases = 0;
  std::vector<std::size_t> undecided_cases;  // cases no precision up to the cap compared
  std::string stopped = "cases";
  std::size_t first = o.only_case.value_or(0), last = o.only_case ? *o.only_case + 1 : o.max_cases;
  for (std::size_t k = first; k < last; ++k) {
    if (!o.only_case && elapsed() > o.seconds) {
      stopped = "time";
      break;
    }
    std::string family;
    std::vector<Q> u = case_inputs(o, palette, k, family);
    ++cases;
    Outcome out = tester.run(o.measure, u);
    if (out.fails) record_failure(tester, o, palette, deadline, k, family, u, out, failures);
    if (out.undecided) undecided_cases.push_back(k);
    if (o.progress && (cases % 50 == 0))
      o.progress("fuzz-impl: " + std::to_string(cases) + "/" + std::to_string(last - first) + " cases, " +
                 std::to_string(failures.cases.size()) + " failing case(s), " + std::to_string(tester.calls()) + " calls");
  }
  json roots = root_causes_json(tester, o, failures);
  drop_ambiguous(failures);
  json list = failures_json(failures);
  json per_property = json::object(), per_cause = json::object();
  for (const auto& [p, n] : failures.by_property) per_property[p] = n;
  for (const auto& [c, n] : failures.by_cause) per_cause[c] = n;
  // A run that checked no case (a time budget spent before the first) has shown nothing: not passed; nor
  // has one whose comparison of a case was undecided.
  json report{{"passed", list.empty() && cases > 0 && undecided_cases.empty()},
          {"undecided_cases", undecided_cases},
          {"seed", o.seed},
          {"cases", cases},
          {"max_cases", o.max_cases},
          {"calls", tester.calls()},
          {"stopped_by", o.only_case ? std::string("case") : stopped},
          {"failing_cases_by_property", per_property},
          {"failing_cases_by_cause", per_cause},

          {"conventions", conventions_json(o.conventions)},
          {"failures", list},
          {"replay", o.replay ? o.replay(std::nullopt) : std::string()}};
  if (!failures.cases.empty()) report["failing_cases"] = failures.cases.size(), report["root_causes"] = roots;
  return report;
}

}  // namespace palcheck::oracle
