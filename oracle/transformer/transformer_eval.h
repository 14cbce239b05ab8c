// def:pal_transformer: `palcheck eval` on a transformer document: per token the enclosure of every output
// coordinate as doubles (lo rounded down, hi rounded up) and the double nearest its midpoint, with every
// relay the enclosures could not decide listed by token, layer and head, never guessed.
#pragma once

#include "oracle/transformer/transformer_run.h"

#include <nlohmann/json.hpp>

#include <array>
#include <vector>

namespace palcheck::oracle {

/// An enclosure as three doubles: lo rounded down, the double nearest the midpoint, hi rounded up.
std::array<double, 3> enclosure_doubles(const QInterval& a);

/// Rows of enclosures flattened row by row into (lo, mid, hi) triples, for arrays of shape n x k x 3.
std::vector<double> enclosure_table(const std::vector<IVector>& rows);

/// The undecided relays as JSON: token, layer, head, relay, its alpha and beta, the input's lo and hi.
nlohmann::json undecided_json(const PalTransformerSpec& spec, const std::vector<UndecidedRelay>& undecided);

/// Evaluates a transformer document (transformer_document.h); InputError on bad input.
nlohmann::json evaluate_transformer_document(const nlohmann::json& doc);

}  // namespace palcheck::oracle
