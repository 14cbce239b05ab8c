// def:pal_transformer: the PAL-Transformer document of `palcheck eval` and palcheck_oracle.transformer,
// {"transformer": {"d", "pe", "layers"}, "inputs": [[x_0], [x_1], ...], "conventions": {...}}, numbers
// exact decimals or fractions as everywhere in palcheck (format in docs/oracle.md). Every error is an
// InputError naming the field, e.g. transformer.layers[1].heads[0].w_in.
#pragma once

#include "oracle/eval/conventions.h"
#include "oracle/transformer/transformer_conventions.h"
#include "reference/models/transformer_pal.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace palcheck::oracle {

/// The most layers, heads per layer, and model dimension d a transformer document may have.
inline constexpr std::size_t kMaxTransformerLayers = 64;
inline constexpr std::size_t kMaxTransformerHeads = 64;
inline constexpr std::size_t kMaxTransformerWidth = 1024;

/// Whether a document is a transformer document (has the key "transformer").
bool is_transformer_document(const nlohmann::json& doc);

/// The model of `value` (the object under "transformer"), checked whole: shapes against d, eps > 0,
/// alpha >= beta, ceil(d/2) PE frequencies.
PalTransformerSpec parse_transformer(const nlohmann::json& value);

/// Tokens of `value` (a list of n lists of d numbers); `field` names it in errors.
std::vector<QVector> parse_transformer_inputs(const nlohmann::json& value, std::size_t d, const std::string& field);

/// A whole document: the model, its tokens and its conventions (default: the paper's).
struct TransformerDocument {
  PalTransformerSpec spec;             ///< the model
  std::vector<QVector> inputs;         ///< x_0 .. x_{n-1}
  TransformerConventions conventions;  ///< "conventions", and "initial_state" as initial_state=
  Q atol = paper_conventions().atol;   ///< compare's absolute tolerance ("conventions" may hold it)
  Q rtol = paper_conventions().rtol;   ///< compare's relative tolerance ("conventions" may hold it)
};

/// Reads a whole transformer document.
TransformerDocument parse_transformer_document(const nlohmann::json& doc);

/// InputError naming the convention unless `spec` can run under `c` (unbiased variance needs d >= 2).
void check_transformer_conventions(const PalTransformerSpec& spec, const TransformerConventions& c);

}  // namespace palcheck::oracle
