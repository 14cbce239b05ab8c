// def:pal_transformer, prop:range_hard, thm:separation: the transformers of the separation witnesses as
// replayable instances (named lists of exact rationals), and back.
#pragma once

#include "claims/instance.h"
#include "reference/models/transformer_hard_attention.h"
#include "reference/models/transformer_pal.h"

#include <string>
#include <vector>

namespace palcheck {

/// The heads as named lists of rationals (keys prefixed by `prefix`), for replayable instances.
void store_heads(const std::vector<HardAttentionHead>& heads, const std::string& prefix, Instance& instance);

/// The inverse of store_heads; throws std::invalid_argument on a malformed instance.
std::vector<HardAttentionHead> load_heads(const Instance& instance, const std::string& prefix);

/// The spec as named lists of rationals (keys prefixed by `prefix`), for replayable instances.
void store_spec(const PalTransformerSpec& spec, const std::string& prefix, Instance& instance);

/// The inverse of store_spec; throws std::invalid_argument on a malformed instance.
PalTransformerSpec load_spec(const Instance& instance, const std::string& prefix);

/// The non-empty token sequence stored flat under `key`, d numbers per token, entries bounded;
/// throws BadInstance otherwise.
std::vector<QVector> load_tokens(const Instance& instance, const std::string& key, std::size_t d);

}  // namespace palcheck
