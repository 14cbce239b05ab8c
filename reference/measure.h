// def:pal: the discretised measure on the grid G_L, and finite lists of weighted relays at
// arbitrary exact thresholds (several claims place relays off the grid).
#pragma once

#include "relay.h"

#include <cstddef>
#include <vector>

namespace palcheck {

/// One relay of a measure: thresholds and weight mu.
struct WeightedRelay {
  Thresholds thresholds;  ///< (alpha, beta) with alpha >= beta
  Q weight;               ///< mu at this point
};

/// A finite atomic measure: a list of weighted relays (repeated points add up).
struct Measure {
  std::vector<WeightedRelay> relays;  ///< the atoms, in the order given
};

/// One weight of the grid: mu_ij at (alpha_i, beta_j) = (i*delta, j*delta).
struct GridWeight {
  int i;     ///< alpha index, 1 <= j <= i <= L
  int j;     ///< beta index
  Q weight;  ///< mu_ij
};

/// The grid G_L of def:pal with its weights; unlisted points weigh 0.
struct Grid {
  Q delta;                          ///< spacing Delta > 0
  int L;                            ///< size, L >= 1
  std::vector<GridWeight> weights;  ///< nonzero entries
};

/// The atomic measure of a grid; throws std::invalid_argument on delta <= 0, L < 1 or j > i.
Measure measure_from_grid(const Grid& grid);

/// Throws NotInHalfPlane for any atom with alpha < beta.
void validate(const Measure& mu);

}  // namespace palcheck
