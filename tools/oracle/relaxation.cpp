// The stateful relaxation of rem:backprop in outward-rounded double intervals (see relaxation.h).
#include "tools/oracle/relaxation.h"

#include "tools/oracle/smoothed_switch.h"

#include <algorithm>
#include <cmath>

namespace palcheck::oracle {

namespace {

// A closed interval of doubles; every operation rounds its ends outwards by one unit in the last place,
// which covers the one rounding each end took.
struct Band {
  double lo, hi;
};

double down(double x) { return std::nextafter(x, -INFINITY); }
double up(double x) { return std::nextafter(x, INFINITY); }

Band operator+(Band a, Band b) { return {down(a.lo + b.lo), up(a.hi + b.hi)}; }

Band operator*(Band a, Band b) {
  double p[] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  return {down(*std::min_element(p, p + 4)), up(*std::max_element(p, p + 4))};
}

// The doubles just outside an exact enclosure.
Band outward(const QInterval& q) {
  double lo = to_double(q.lo), hi = to_double(q.hi);
  if (*rational_from_double(lo) > q.lo) lo = down(lo);
  if (*rational_from_double(hi) < q.hi) hi = up(hi);
  return {lo, hi};
}

constexpr double kFar = 0x1p-69;  // |sig(y) - sharp| when |y| > kFarArgument

}  // namespace

Relaxation run_relaxation(SequenceReference& ref, const RelayReading& reading, std::size_t keep) {
  const Conventions& c = ref.conventions();
  const Measure& mu = ref.measure();
  const KeyedMeasure& keyed = ref.measures().keyed();
  const std::vector<Q>& u = ref.inputs();
  Q radius = kFarArgument * (c.smoothing.kind == SmoothingKind::Tanh ? Q(c.smoothing.temperature / 2)
                                                                      : c.smoothing.temperature);
  std::vector<Band> weight, state(mu.relays.size(), Band{double(reading.initial), double(reading.initial)});
  for (const WeightedRelay& w : mu.relays) weight.push_back(outward({w.weight, w.weight}));
  Relaxation out;
  out.token = keep;
  auto record = [&](std::size_t n) {
    Band sum{0, 0};
    for (std::size_t r = 0; r < state.size(); ++r) sum = sum + weight[r] * state[r];
    Q lo = their_output(c, *rational_from_double(sum.lo), ref.total(), u[n]);
    Q hi = their_output(c, *rational_from_double(sum.hi), ref.total(), u[n]);
    if (hi < lo) std::swap(lo, hi);
    out.outputs.push_back({lo, hi});
    if (n == keep)
      for (const Band& s : state) out.at.emplace_back(s.lo, s.hi);
  };
  for (std::size_t n = 0; n < u.size(); ++n) {
    bool skipped = n == 0 && reading.first == FirstToken::NotApplied;
    if (n == 0 && reading.first != FirstToken::Applied) record(0);  // the output before u_0
    if (!skipped) {
      std::vector<std::size_t> near = ref.relays_near(u[n], radius);
      for (std::size_t r = 0; r < mu.relays.size(); ++r) {
        const Thresholds& t = mu.relays[r].thresholds;
        Band on{0, kFar}, off{0, kFar};  // sig(u - alpha), sig(beta - u) far from the thresholds
        if (std::binary_search(near.begin(), near.end(), r)) {
          Q ya = smoothing_argument(c.smoothing, u[n], t.alpha), yb = smoothing_argument(c.smoothing, t.beta, u[n]);
          on = abs(ya) > kFarArgument ? (ya > 0 ? Band{down(1), 1} : Band{0, kFar}) : outward(logistic_enclosure(ya, 64));
          off = abs(yb) > kFarArgument ? (yb > 0 ? Band{down(1), 1} : Band{0, kFar}) : outward(logistic_enclosure(yb, 64));
        } else {
          if (ref.keys()[n] > keyed.alpha_keys()[r]) on = {down(1), 1};
          if (ref.keys()[n] < keyed.beta_keys()[r]) off = {down(1), 1};
        }
        // s' = s (1 - on - off) + on, with 1 - on - off in [0, 1] since alpha >= beta.
        Band keep_part{std::max(0.0, down(down(1 - on.hi) - off.hi)), std::min(1.0, up(up(1 - on.lo) - off.lo))};
        Band next = state[r] * keep_part + on;
        state[r] = {std::max(0.0, next.lo), std::min(1.0, next.hi)};
      }
    }
    if (!(n == 0 && reading.first != FirstToken::Applied)) record(n);
  }
  return out;
}

}  // namespace palcheck::oracle
