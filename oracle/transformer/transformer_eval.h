// def:pal_transformer: `palcheck eval` on a transformer document: per token the ball of every output
// coordinate as doubles (lo rounded down, hi rounded up) and the double nearest the value where the ball
// determines it, at the precision that determined it (transformer_run.h); every output it could not
// determine is listed by token and coordinate with its ball in decimal, and every relay the balls could
// not decide by token, layer and head, never guessed.
#pragma once

#include "oracle/transformer/transformer_run.h"

#include <nlohmann/json.hpp>

#include <array>
#include <vector>

namespace palcheck::oracle {

/// A ball as three doubles: lo rounded down, the double nearest the midpoint, hi rounded up.
std::array<double, 3> enclosure_doubles(const Ball& a);

/// Rows of balls flattened row by row into (lo, mid, hi) triples, for arrays of shape n x k x 3.
std::vector<double> enclosure_table(const std::vector<BVector>& rows);

/// The undecided relays as JSON: token, layer, head, relay, its alpha and beta, the input's lo and hi.
nlohmann::json undecided_json(const PalTransformerSpec& spec, const std::vector<UndecidedRelay>& undecided);

/// The outputs the run did not determine for `goal`: token, coordinate, the ball in decimal, the reason.
nlohmann::json undetermined_json(const TransformerRun& run, const PrecisionGoal& goal);

/// Evaluates a transformer document (transformer_document.h) to `goal`; InputError on bad input. The
/// result's "undetermined" is empty exactly when every printed double is determined.
nlohmann::json evaluate_transformer_document(const nlohmann::json& doc, const PrecisionGoal& goal = {});

}  // namespace palcheck::oracle
