// def:pal: grids and finite measures (see measure.h).
#include "measure.h"

#include <string>

namespace palcheck {

Measure measure_from_grid(const Grid& grid) {
  if (grid.delta <= 0) throw std::invalid_argument("grid delta must be > 0, got " + to_string(grid.delta));
  if (grid.L < 1) throw std::invalid_argument("grid L must be >= 1, got " + std::to_string(grid.L));
  Measure mu;
  for (const GridWeight& w : grid.weights) {
    if (w.j < 1 || w.i > grid.L || w.j > w.i)
      throw std::invalid_argument("grid weight (" + std::to_string(w.i) + ", " + std::to_string(w.j) +
                                  ") is outside 1 <= j <= i <= L = " + std::to_string(grid.L));
    mu.relays.push_back({{grid.delta * w.i, grid.delta * w.j}, w.weight});
  }
  return mu;
}

void validate(const Measure& mu) {
  for (const WeightedRelay& r : mu.relays) require_half_plane(r.thresholds);
}

}  // namespace palcheck
