// Rounding as the cause of a transformer's divergence (see transformer_rounding.h).
#include "oracle/transformer/transformer_rounding.h"

namespace palcheck::oracle {

using nlohmann::json;

std::optional<std::pair<NearThreshold, TransformerRun>> rounding_cause(
    const PalTransformerSpec& spec, const std::vector<QVector>& x, const TransformerConventions& c,
    const PrecisionGoal& goal, FloatFormat format, const std::function<bool(const TransformerRun&)>& agrees) {
  RunProbe probe;
  probe.near = format;
  const TransformerRun probed = run_transformer_to(spec, x, c, goal, {}, probe);
  for (std::size_t k = 0; k < probed.near.size() && k < kRoundingCandidates; ++k) {
    const NearThreshold& at = probed.near[k];
    if (k > 0 && probed.near[k - 1].moved.input == at.moved.input && probed.near[k - 1].moved.token == at.moved.token)
      continue;  // another relay of the same head at the same threshold: the same re-run
    TransformerRun moved = run_transformer_to(spec, x, c, goal, {}, RunProbe{{at.moved}, std::nullopt});
    if (agrees(moved)) return std::make_pair(at, std::move(moved));
  }
  return std::nullopt;
}

json rounding_json(const PalTransformerSpec& spec, const NearThreshold& at, FloatFormat format) {
  const WeightedRelay& relay = spec.layers[at.moved.layer].heads[at.moved.head].mu.relays[at.relay];
  return {{"dtype", to_string(format)},
          {"token", at.moved.token},
          {"layer", at.moved.layer},
          {"head", at.moved.head},
          {"relay",
           {{"index", at.relay},
            {"alpha", to_string(relay.thresholds.alpha)},
            {"beta", to_string(relay.thresholds.beta)},
            {"weight", to_string(relay.weight)}}},
          {"threshold", at.at_alpha ? "alpha" : "beta"},
          {"distance", at.distance},
          {"bound", at.bound},
          {"moved_input", to_string(at.moved.input)}};
}

}  // namespace palcheck::oracle
