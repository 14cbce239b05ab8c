// The concrete machines behind the separation claims: prop:range_hard (a one-layer hard-attention
// transformer that computes f_range), prop:copy (retrieval with an exact quadratic PE and with the
// sinusoidal PE of the proof), thm:rate_independence / rem:pe (a PAL-Transformer whose head reads PE),
// prop:no_copy / thm:efo (a PAL-Transformer that tells apart two sequences with equal extremum stacks).
#pragma once

#include "claims/constructions/transformer_instances.h"

#include <vector>

namespace palcheck {

/// Two heads over tokens (x_j, 1): scores x_j and -x_j select a maximum and a minimum; output max - min.
std::vector<HardAttentionHead> range_heads();

/// The tokens (u_j, 1) that range_heads() reads.
std::vector<QVector> range_tokens(const std::vector<Q>& u);

/// max(u_{0:n}) - min(u_{0:n}) for every prefix, computed directly.
std::vector<Q> f_range(const std::vector<Q>& u);

/// One head over tokens (x_j, 1, j, j^2, p): score 2pj - j^2 = p^2 - (j - p)^2 is maximal only at j = p.
std::vector<HardAttentionHead> copy_heads_quadratic();

/// Tokens (x_j, 1, j, j^2, p) for the quadratic-PE copy head; p is carried by every token.
std::vector<QVector> copy_tokens_quadratic(const std::vector<Q>& x, std::size_t p);

/// One head over tokens (x_j, sin j, cos j, sin p, cos p): score PE(p) . PE(j) = cos(j - p) (the proof's q, k).
std::vector<HardAttentionHead> copy_heads_sinusoidal();

/// Enclosed tokens for copy_heads_sinusoidal(): the query token carries PE(p), as in the proof.
std::vector<IVector> copy_tokens_sinusoidal(const std::vector<Q>& x, std::size_t p, unsigned bits);

/// d = 2, sinusoidal PE (Vaswani with d = 2: (sin n, cos n)), one head reading the first coordinate
/// through relay (9/10, 1/2): sin 1 < 9/10 <= sin 2, so repeating a constant token switches it on.
PalTransformerSpec pe_reading_spec();

/// d = 2, one head with W_I = (1, 3) and relay (16/5, 0): on (0, 1, 2) it switches on at n = 1, on
/// (0, 1/2, 2) it never does, though position 1 is not an extremum of either (tokens (v, 0)).
PalTransformerSpec non_extremal_reading_spec();

}  // namespace palcheck
