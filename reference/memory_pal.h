// def:pal, prop:sufficiency, prop:complexity: PAL evaluated from the classical memory alone
// (Everett-style staircase sums), at a per-token cost that does not grow with the grid size.
// It must agree exactly with pal_by_definition; tests/reference checks that on generated cases.
#pragma once

#include "measure.h"
#include "preisach_memory.h"

#include <memory>
#include <optional>
#include <vector>

namespace palcheck {

/// Sums of mu over boxes {a_lo < alpha <= a_hi, beta >= b}, answered from a prefix table.
class MeasureSums {
 public:
  /// Over any finite measure: coordinates compressed, lookups by binary search.
  explicit MeasureSums(const Measure& mu);
  /// Over a grid: lookups by arithmetic on the index, O(1) in L.
  explicit MeasureSums(const Grid& grid);

  /// Sum of mu over {alpha <= a, beta >= b}; a == nullopt is +infinity, b == nullopt is -infinity.
  Q at_most_alpha_at_least_beta(const std::optional<Q>& a, const std::optional<Q>& b) const;

  /// Total mass of the measure.
  const Q& total() const { return total_; }

 private:
  std::size_t count_alpha_le(const Q& a) const;
  std::size_t first_beta_ge(const Q& b) const;
  long grid_floor(const Q& x) const;  // floor(x / delta) clamped to [-1, L + 1]

  std::optional<Q> grid_delta_;    // set for grids
  std::vector<Q> grid_points_;     // k * delta for k = 0..L+1 (grids)
  double grid_inverse_ = 0;        // about 1 / delta, for the first guess of grid_floor
  std::vector<Q> alphas_, betas_;  // sorted distinct coordinates (non-grid)
  std::size_t n_alpha_ = 0, n_beta_ = 0;
  std::vector<Q> table_;  // (n_alpha+1) x (n_beta+1): sum over alpha index < i, beta index >= j
  Q total_;
};

/// PAL_mu computed from the Preisach memory: each memory entry stores the output reached there.
class MemoryPal {
 public:
  /// Over any finite measure (validated: alpha >= beta).
  MemoryPal(const Measure& mu, InitialState initial);
  /// Over the grid of def:pal.
  MemoryPal(const Grid& grid, InitialState initial);

  /// Feeds one input and returns PAL_mu(u_{0:n}).
  Q step(const Q& u);

  /// The memory behind the output.
  const PreisachMemory& memory() const { return memory_; }

 private:
  Q reached(std::size_t index) const;  // output at memory entry `index`, from the entry before it

  std::shared_ptr<const MeasureSums> sums_;
  PreisachMemory memory_;
  std::vector<Q> outputs_;  // parallel to memory_.extrema()
  Q start_;                 // output at the sentinel: 0 (Off) or the total mass (On)
};

/// PAL_mu(u_{0:n}) for every n, from the memory.
std::vector<Q> pal_by_memory(const Measure& mu, const std::vector<Q>& u, InitialState initial);

}  // namespace palcheck
