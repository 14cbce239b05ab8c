// lem:mlp_width, thm:tc (step 2, MLP_delta): exact two-layer ReLU networks, out = W2 ReLU(W1 z + b1) + b2,
// and the two ways of tabulating a finite function with them: one indicator neuron per table entry
// over one-hot inputs (the proof of lem:mlp_width), and piecewise-linear interpolation of a scalar
// key (what a single MLP layer can do when its inputs are scalar codes, as in the repair of thm:tc).
#pragma once

#include "../mpal.h"

#include <cstddef>
#include <vector>

namespace palcheck {

/// A two-layer ReLU network over exact rationals.
struct ReluMlp {
  std::vector<QVector> w1;  ///< hidden x input
  QVector b1;               ///< hidden
  std::vector<QVector> w2;  ///< output x hidden
  QVector b2;               ///< output

  /// W2 ReLU(W1 z + b1) + b2; throws std::invalid_argument on a z of the wrong length.
  QVector apply(const QVector& z) const;
  /// The number of hidden neurons.
  std::size_t width() const { return b1.size(); }
};

/// One indicator neuron ReLU(x_1 + ... + x_m - (m-1)) per entry: over the concatenated one-hot
/// encodings of m discrete inputs with sizes `sizes`, the network maps the point (v_1..v_m) to
/// table[index], index the mixed-radix number of (v_1..v_m) with v_1 least significant.
ReluMlp one_hot_table_mlp(const std::vector<int>& sizes, const std::vector<QVector>& table);

/// Interpolation of a scalar key: for inputs z of length `input_length`, key = sum key_weights[i] z[i]
/// (key_weights may be shorter than z), the network outputs table[key] at every integer key in
/// [0, table.size()), with table.size() - 1 hidden neurons ReLU(key - j), j = 0 .. size-2.
ReluMlp interpolation_table_mlp(std::size_t input_length, const QVector& key_weights,
                                const std::vector<QVector>& table);

}  // namespace palcheck
