// prop:complexity: the staircase sums the keyed PAL reads its outputs from, cell (i, j) = the mass of
// the relays whose alpha has index < i and whose beta has index >= j among the m distinct thresholds.
// A grid, or any measure whose relays fill the half-plane, keeps the (m + 1)^2 cells in one table
// (O(1) a read, memory about twice the relays). A relay list of K scattered relays has m up to 2K
// thresholds, and its table would cost 4K^2 cells for K masses (2,000 relays: 260 MB; 20,000: 26 GB),
// so it keeps a persistent segment tree instead: version j holds the relays with beta index >= j,
// keyed by alpha index, each version sharing all but one path with the next. Setup and memory are
// O(K log m), a read O(log m), whatever the thresholds.
// Both layouts are tested cell by cell against the sums by definition, and the keyed PAL on a tree against
// pal_by_definition, in tests/oracle/keyed/staircase_table_test.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace palcheck {

/// A point mass of the staircase: weight at cell (i, j), i in 1..m (alpha index + 1), j in 0..m-1 (beta index).
template <class T>
struct StaircaseMass {
  std::size_t i = 0;  ///< alpha index + 1
  std::size_t j = 0;  ///< beta index
  T weight{};         ///< the relay's weight (scaled, on the integer path)
};

/// How a StaircaseTable holds its sums.
enum class StaircaseLayout {
  Dense,  ///< every cell in one column-major table
  Tree,   ///< a persistent segment tree per beta index
};

/// Tables of at most this many cells are dense whatever the masses (2 MiB of 128-bit sums stays in cache).
inline constexpr std::size_t kAlwaysDenseCells = std::size_t{1} << 17;

/// Dense when (m + 1)^2 is at most kAlwaysDenseCells or four times the masses and thresholds together
/// (a grid: memory linear in the relays either way), else a tree.
StaircaseLayout staircase_layout(std::size_t m, std::size_t masses);

/// The cells sum over {alpha index < i, beta index >= j} for 0 <= i, j <= m, as a table or a tree.
template <class T>
class StaircaseTable {
 public:
  /// An empty table (every cell zero) over no thresholds.
  StaircaseTable() = default;
  /// The sums of `masses` over m thresholds, held as `layout` says. std::length_error when a tree would
  /// need 2^32 nodes or more.
  StaircaseTable(std::size_t m, const std::vector<StaircaseMass<T>>& masses, StaircaseLayout layout);
  /// A dense table from its point masses already placed column-major (cell (i, j) at j * (m + 1) + i).
  static StaircaseTable from_dense_masses(std::size_t m, std::vector<T> cells);

  /// Cell (i, j).
  T at(std::size_t i, std::size_t j) const;
  /// Cell j * (m + 1) + i, as the dense table indexes it.
  T at(std::size_t flat) const { return at(flat % side_, flat / side_); }
  /// The dense table's cells, column-major; nullptr for a tree.
  const T* dense() const { return layout_ == StaircaseLayout::Dense ? cells_.data() : nullptr; }
  /// How the sums are held.
  StaircaseLayout layout() const { return layout_; }
  /// Bytes the sums take (for the tree, its nodes), not counting what a T holds on the heap.
  std::size_t bytes() const;

 private:
  void build_tree(const std::vector<StaircaseMass<T>>& masses);
  std::uint32_t node_copy(std::uint32_t from, const T& weight);

  StaircaseLayout layout_ = StaircaseLayout::Dense;
  std::size_t m_ = 0, side_ = 1;
  std::vector<T> cells_{T(0)};  // dense: the table; tree: each node's sum (node 0 the empty tree, 0)
  std::vector<std::uint32_t> left_, right_, root_;  // tree only: children, and the version of each j
};

}  // namespace palcheck
