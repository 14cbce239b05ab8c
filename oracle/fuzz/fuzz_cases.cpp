// def:relay, prop:wiping, prop:rate_independence: the generated cases of fuzz-impl (fuzz_cases.h).
#include "oracle/fuzz/fuzz_cases.h"

#include "oracle/formats/double_range.h"
#include "oracle/formats/json_input.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>
#include <tuple>

namespace palcheck::oracle {
namespace fuzz {
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

}  // namespace

Q representable(const Q& q) { return *rational_from_double(finite_double(q)); }

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

std::vector<double> doubles(const std::vector<Q>& u) {
  std::vector<double> d;
  for (const Q& q : u) d.push_back(to_double(q));
  return d;
}

double rounded(double x, int precision) {
  char buf[64];
  auto [end, error] = std::to_chars(buf, buf + sizeof buf - 1, x, std::chars_format::general, precision);
  if (error != std::errc()) return x;
  *end = '\0';
  return std::strtod(buf, nullptr);
}

int digits_of(double x) {
  if (x == 0) return 0;
  for (int precision = 1; precision < 17; ++precision)
    if (rounded(x, precision) == x) return precision;
  return 17;
}

std::vector<Q> case_inputs(const FuzzOptions& o, const Palette& palette, std::uint64_t index, std::string& family) {
  Rng rng{o.seed * 0x100000001b3ULL + index};
  Family f = static_cast<Family>(index % kFamilies);
  family = family_name(f);
  return generate(f, rng, palette, o.measure);
}

}  // namespace fuzz

std::vector<Q> near_threshold_points(const Q& theta, const Q& scale) {
  std::set<Q> out;
  Q magnitude = theta != 0 ? Q(abs(theta)) : scale;
  Q step = magnitude;
  for (int k = 1; k <= 12; ++k) {
    step /= 10;
    if (k != 3 && k != 4 && k != 6 && k != 9 && k != 12) continue;
    for (const Q& q : {Q(theta - step), Q(theta + step)}) {
      Q d = fuzz::representable(q);
      if (d != theta) out.insert(d);
    }
  }
  // The nearest doubles on either side, and 2 and 16 units in the last place away.
  double t = fuzz::finite_double(theta);
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
  for (int f = 0; f < fuzz::kFamilies; ++f) names.push_back(fuzz::family_name(static_cast<fuzz::Family>(f)));
  return names;
}

std::vector<Q> fuzz_case_inputs(const FuzzOptions& o, std::uint64_t index, std::string& family) {
  return fuzz::case_inputs(o, fuzz::palette_of(o), index, family);
}

}  // namespace palcheck::oracle
