// def:attention (hard attention by argmax), prop:copy, prop:range_hard: an exact one-layer
// hard-attention transformer in the style of Perez et al. Causal: the output at position n attends
// over positions 0..n. Tokens are enclosures, so the same layer runs exactly on rationals (points)
// and rigorously on sinusoidal position encodings (intervals from interval_arith.h).
#pragma once

#include "../mpal.h"
#include "../rational.h"
#include "interval_arith.h"

#include <string>
#include <vector>

namespace palcheck {

/// A token (or any vector) of enclosures.
using IVector = std::vector<QInterval>;

/// Rows of exact weights: a linear map R^d -> R^rows.
using QMatrix = std::vector<QVector>;

/// w . z on enclosures (exact weights); std::invalid_argument if the lengths differ.
QInterval dot(const QVector& w, const IVector& z);

/// How argmax resolves exact ties: the leftmost position, or the average of the tied values (Perez et al.).
enum class ArgmaxTie { Leftmost, Average };

/// "leftmost" or "average".
std::string to_string(ArgmaxTie tie);

/// One head: score_j = (W_Q z_n) . (W_K z_j), value_j = w_v . z_j, written back along w_o.
struct HardAttentionHead {
  QMatrix w_q;  ///< query map, dk x d
  QMatrix w_k;  ///< key map, dk x d
  QVector w_v;  ///< scalar value map, length d
  QVector w_o;  ///< output direction, length d_out
};

/// Thrown when enclosures are too wide to decide which position the argmax selects.
struct ArgmaxUndecided : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The positions argmax selects at query position n (one, or all exactly tied ones).
std::vector<std::size_t> hard_attention_selection(const HardAttentionHead& head, const std::vector<IVector>& z,
                                                  std::size_t n);

/// Output at every position n: sum over heads of w_o * (value at the selected position(s)).
std::vector<IVector> hard_attention_layer(const std::vector<HardAttentionHead>& heads, const std::vector<IVector>& z,
                                          ArgmaxTie tie);

/// Tokens of exact rationals as point enclosures.
std::vector<IVector> as_points(const std::vector<QVector>& x);

}  // namespace palcheck
