// def:mpal (eq:mpal): multi-head PAL with exact input and output projections.
#pragma once

#include "measure.h"

#include <vector>

namespace palcheck {

/// A vector of exact scalars (a token of x, or an output row).
using QVector = std::vector<Q>;

/// One head: W_I (1 x d) projects a token to the head's scalar signal, W_O (d) projects back.
struct MpalHead {
  QVector w_in;   ///< W_I^(h), length d
  QVector w_out;  ///< W_O^(h), length d
  Measure mu;     ///< mu^(h)
};

/// MPAL(x_{0:n}) = sum_h W_O^(h) PAL_{mu^(h)}(W_I^(h) x_{0:n}) for every n; rows of length d.
/// Throws std::invalid_argument when a token or a projection does not have length d.
std::vector<QVector> mpal(const std::vector<MpalHead>& heads, const std::vector<QVector>& x, InitialState initial);

/// The scalar signal W_I x_n of one head for every token.
std::vector<Q> project(const QVector& w_in, const std::vector<QVector>& x);

}  // namespace palcheck
