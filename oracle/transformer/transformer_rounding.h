// def:pal_transformer, def:relay: rounding as the cause of a transformer's divergence. An implementation
// computes each head's input w_in . z in floating point, so an input the exact model puts within a few
// ulps of a threshold may land on the threshold's other side and switch a relay the exact input does
// not. The reference names that `rounding`, with its place, only when it can show it: re-run with that
// relay's head reading an input on the threshold's other side, within the format's rounding bound
// (rounding_bound, float_format.h), at that one token, it agrees with every output of the case.
#pragma once

#include "oracle/eval/float_format.h"
#include "oracle/transformer/transformer_run.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <utility>

namespace palcheck::oracle {

/// Near-threshold relays tried, at most, in the order met (layer, head, token).
inline constexpr std::size_t kRoundingCandidates = 64;

/// The first relay of the run of `spec` on `x` under `c` that lies within `format`'s rounding of a
/// threshold and, its head's input read on that threshold's other side at that token alone, makes
/// `agrees` hold of the re-run: the place and the re-run. nullopt when none does.
std::optional<std::pair<NearThreshold, TransformerRun>> rounding_cause(
    const PalTransformerSpec& spec, const std::vector<QVector>& x, const TransformerConventions& c,
    const PrecisionGoal& goal, FloatFormat format, const std::function<bool(const TransformerRun&)>& agrees);

/// The place as JSON: "dtype", "token", "layer", "head", "relay" (its alpha, beta and weight),
/// "threshold" (alpha or beta), "distance" (from the exact input), "bound" and "moved_input" (the head's).
nlohmann::json rounding_json(const PalTransformerSpec& spec, const NearThreshold& at, FloatFormat format);

}  // namespace palcheck::oracle
