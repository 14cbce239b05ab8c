// def:relay, def:pal: rounding as a cause of a diagnosis (see diagnosis.h). An implementation that holds
// its inputs and thresholds in a narrower format than the doubles it is given (the `dtype` convention,
// declared or seen on its outputs) compares fl(u_n) with fl(alpha) and fl(beta): the reference re-run on
// those rounded values under the declared conventions reproduces every output exactly when rounding is
// all that differs. The evidence places it: the first comparison rounding changes, by token and relay,
// with the distance from the exact input to the threshold.
#include "oracle/diagnosis/diagnosis.h"

#include "oracle/eval/oracle_readings.h"
#include "oracle/keyed/keyed_pal.h"

namespace palcheck::oracle {

using nlohmann::json;

json PalSequence::rounding() {
  const Conventions& c = ref_.conventions();
  if (!c.dtype || *c.dtype == FloatFormat::Float64) return nullptr;  // a double compares doubles exactly
  if (rounding_) return *rounding_;
  rounding_ = json(nullptr);
  const FloatFormat f = *c.dtype;
  const Measure& mu = ref_.measure();
  const std::vector<Q>& u = ref_.inputs();
  Measure rounded_mu = mu;
  for (WeightedRelay& w : rounded_mu.relays) {
    std::optional<Q> a = round_to(w.thresholds.alpha, f), b = round_to(w.thresholds.beta, f);
    if (!a || !b) return nullptr;
    w.thresholds = {*a, *b};
  }
  std::vector<Q> rounded_u;
  rounded_u.reserve(u.size());
  for (const Q& x : u) {
    std::optional<Q> r = round_to(x, f);
    if (!r) return nullptr;
    rounded_u.push_back(*r);
  }
  // The first comparison rounding changes, and how many it changes.
  std::size_t changed = 0;
  json first;
  const TieRule rule = ref_.declared().tie;
  for (std::size_t n = 0; n < u.size(); ++n)
    for (std::size_t r = 0; r < mu.relays.size(); ++r) {
      const Thresholds& t = mu.relays[r].thresholds;
      const Thresholds& rt = rounded_mu.relays[r].thresholds;
      auto exact = meets(rule, u[n], t), seen = meets(rule, rounded_u[n], rt);
      if (exact == seen) continue;
      if (changed++ > 0) continue;
      bool at_alpha = exact.first != seen.first;
      const Q& theta = at_alpha ? t.alpha : t.beta;
      first = relay_json(r);
      first["token"] = n;
      first["threshold"] = at_alpha ? "alpha" : "beta";
      first["input"] = to_string(u[n]);
      first["input_rounded"] = to_string(rounded_u[n]);
      first["threshold_rounded"] = to_string(at_alpha ? rt.alpha : rt.beta);
      first["distance"] = to_double(abs(Q(u[n] - theta)));
    }
  if (changed == 0) return nullptr;
  KeyedMeasure keyed(std::move(rounded_mu));
  ReadingMeasures measures(keyed);
  if (!reproduces(measures, rounded_u, actual_, ref_.declared().initial, c, undefined_)) return nullptr;
  rounding_ = json{{"dtype", to_string(f)},
                   {"matches_whole_sequence", true},
                   {"comparisons_changed", changed},
                   {"first_changed", first}};
  return *rounding_;
}

}  // namespace palcheck::oracle
