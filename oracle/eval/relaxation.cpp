// The stateful relaxation of rem:backprop in outward-rounded double intervals (see relaxation.h).
#include "oracle/eval/relaxation.h"

#include "oracle/eval/double_interval.h"
#include "oracle/eval/smoothed_switch.h"

#include <algorithm>
#include <cmath>

namespace palcheck::oracle {

namespace {

constexpr double kFar = 0x1p-69;  // |sig(y) - sharp| when |y| > kFarArgument

}  // namespace

Relaxation run_relaxation(SequenceReference& ref, const RelayReading& reading, std::size_t keep,
                          RelaxationModel model) {
  const Conventions& c = ref.conventions();
  const Measure& mu = ref.measure();
  const KeyedMeasure& keyed = ref.measures().keyed();
  const std::vector<Q>& u = ref.inputs();
  Q radius = kFarArgument * (c.smoothing.kind == SmoothingKind::Tanh ? Q(c.smoothing.temperature / 2)
                                                                      : c.smoothing.temperature);
  std::vector<DoubleInterval> weight, alpha, beta,
      state(mu.relays.size(), DoubleInterval{double(reading.initial), double(reading.initial)});
  for (const WeightedRelay& w : mu.relays) {
    weight.push_back(enclose(w.weight));
    alpha.push_back(enclose(w.thresholds.alpha));
    beta.push_back(enclose(w.thresholds.beta));
  }
  DoubleInterval inverse_unit = enclose(Q(kFarArgument / radius));
  auto switch_at = [&](DoubleInterval from, DoubleInterval to) {  // sig((to - from) / unit)
    DoubleInterval y = (to + DoubleInterval{-from.hi, -from.lo}) * inverse_unit;
    return y.lo > kFarArgument ? DoubleInterval{round_down(1), 1}
           : y.hi < -kFarArgument ? DoubleInterval{0, kFar}
                                  : logistic_interval(y);
  };
  Relaxation out;
  out.token = keep;
  auto record = [&](std::size_t n) {
    DoubleInterval sum{0, 0};
    for (std::size_t r = 0; r < state.size(); ++r) sum = sum + weight[r] * state[r];
    Q lo = their_output(c, *rational_from_double(sum.lo), ref.total(), u[n]);
    Q hi = their_output(c, *rational_from_double(sum.hi), ref.total(), u[n]);
    if (hi < lo) std::swap(lo, hi);
    out.outputs.push_back({lo, hi});
    if (n == keep)
      for (const DoubleInterval& s : state) out.at.emplace_back(s.lo, s.hi);
  };
  for (std::size_t n = 0; n < u.size(); ++n) {
    bool skipped = n == 0 && reading.first == FirstToken::NotApplied;
    if (n == 0 && reading.first != FirstToken::Applied) record(0);  // the output before u_0
    if (!skipped) {
      std::vector<std::size_t> near = ref.relays_near(u[n], radius);
      for (std::size_t r = 0; r < mu.relays.size(); ++r) {
        DoubleInterval on{0, kFar}, off{0, kFar};  // sig(u - alpha), sig(beta - u) far from the thresholds
        if (std::binary_search(near.begin(), near.end(), r)) {
          DoubleInterval x = enclose(u[n]);
          on = switch_at(alpha[r], x);
          off = switch_at(x, beta[r]);
        } else {
          if (ref.keys()[n] > keyed.alpha_keys()[r]) on = {round_down(1), 1};
          if (ref.keys()[n] < keyed.beta_keys()[r]) off = {round_down(1), 1};
        }
        if (model == RelaxationModel::Held) {
          DoubleInterval& s = state[r];
          if (ref.sharp_tie(r, n, reading)) {  // `:sharp-ties`: the switch is the sharp state there
            double sharp = ref.state(r, n, reading);
            s = ref.state_before(r, n, reading) ? DoubleInterval{std::min(s.lo, sharp), std::min(s.hi, sharp)}
                                                 : DoubleInterval{std::max(s.lo, sharp), std::max(s.hi, sharp)};
          } else if (ref.state_before(r, n, reading)) {  // min(s, sig(u - beta)), sig(u - beta) = 1 - off
            s = {std::min(s.lo, round_down(1 - off.hi)), std::min(s.hi, round_up(1 - off.lo))};
          } else {
            s = {std::max(s.lo, on.lo), std::max(s.hi, on.hi)};
          }
          continue;
        }
        // s' = s (1 - on - off) + on, with 1 - on - off in [0, 1] since alpha >= beta.
        DoubleInterval keep_part{std::max(0.0, round_down(round_down(1 - on.hi) - off.hi)),
                                 std::min(1.0, round_up(round_up(1 - on.lo) - off.lo))};
        DoubleInterval next = state[r] * keep_part + on;
        state[r] = {std::max(0.0, next.lo), std::min(1.0, next.hi)};
      }
    }
    if (!(n == 0 && reading.first != FirstToken::Applied)) record(n);
  }
  return out;
}

}  // namespace palcheck::oracle
