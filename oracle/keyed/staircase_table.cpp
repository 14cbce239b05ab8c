// The staircase sums as a table or a persistent segment tree (see staircase_table.h).
#include "oracle/keyed/staircase_table.h"

#include "reference/rational.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>

namespace palcheck {

namespace {

// Point masses at cell (i, j) become sums over {i' <= i, j' >= j}; column-major, side x side.
template <class T>
void accumulate(std::vector<T>& table, std::size_t side) {
  for (std::size_t j = 0; j < side; ++j) {
    T* column = &table[j * side];
    for (std::size_t i = 1; i < side; ++i) column[i] += column[i - 1];
  }
  for (std::size_t j = side - 1; j-- > 0;) {
    T* column = &table[j * side];
    const T* right = column + side;
    for (std::size_t i = 0; i < side; ++i) column[i] += right[i];
  }
}

}  // namespace

StaircaseLayout staircase_layout(std::size_t m, std::size_t masses) {
  // (m + 1)^2 is compared through a division so that no product overflows.
  std::size_t side = m + 1, limit = std::max(kAlwaysDenseCells, 4 * (masses + side));
  return side <= limit / side ? StaircaseLayout::Dense : StaircaseLayout::Tree;
}

template <class T>
StaircaseTable<T>::StaircaseTable(std::size_t m, const std::vector<StaircaseMass<T>>& masses, StaircaseLayout layout)
    : m_(m), side_(m + 1) {
  if (layout == StaircaseLayout::Dense) {
    cells_.assign(side_ * side_, T(0));
    for (const auto& mass : masses) cells_[mass.j * side_ + mass.i] += mass.weight;
    accumulate(cells_, side_);
    return;
  }
  layout_ = StaircaseLayout::Tree;
  build_tree(masses);
}

template <class T>
StaircaseTable<T> StaircaseTable<T>::from_dense_masses(std::size_t m, std::vector<T> cells) {
  StaircaseTable table;
  table.m_ = m;
  table.side_ = m + 1;
  table.cells_ = std::move(cells);
  accumulate(table.cells_, table.side_);
  return table;
}

// A fresh node: a copy of `from` (0: the empty tree) with `weight` added to its sum.
template <class T>
std::uint32_t StaircaseTable<T>::node_copy(std::uint32_t from, const T& weight) {
  auto fresh = static_cast<std::uint32_t>(cells_.size());
  cells_.push_back(cells_[from] + weight);
  left_.push_back(left_[from]);
  right_.push_back(right_[from]);
  return fresh;
}

template <class T>
void StaircaseTable<T>::build_tree(const std::vector<StaircaseMass<T>>& masses) {
  // Positions are alpha index i - 1 in [0, m); a mass copies the path to its leaf, 1 + ceil(log2 m) nodes.
  std::size_t path = 1 + static_cast<std::size_t>(std::bit_width(m_ - 1));
  if (masses.size() >= (std::numeric_limits<std::uint32_t>::max() - 1) / path)
    throw std::length_error("StaircaseTable: " + std::to_string(masses.size()) + " relays need 2^32 tree nodes or more");
  std::size_t nodes = 1 + masses.size() * path;
  cells_.reserve(nodes);
  left_.reserve(nodes);
  right_.reserve(nodes);
  left_.push_back(0);
  right_.push_back(0);
  // Versions from j = m (no relay has a beta index >= m) down to 0, each adding the relays of beta index j.
  std::vector<std::size_t> order(masses.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return masses[a].j > masses[b].j; });
  root_.assign(side_, 0);
  std::uint32_t root = 0;
  auto next = order.begin();
  for (std::size_t j = side_; j-- > 0;) {
    for (; next != order.end() && masses[*next].j == j; ++next) {
      const StaircaseMass<T>& mass = masses[*next];
      std::size_t x = mass.i - 1, lo = 0, hi = m_;
      root = node_copy(root, mass.weight);
      for (std::uint32_t node = root; hi - lo > 1;) {
        std::size_t mid = lo + (hi - lo) / 2;
        bool go_left = x < mid;
        std::uint32_t child = node_copy(go_left ? left_[node] : right_[node], mass.weight);
        (go_left ? left_[node] : right_[node]) = child;
        node = child;
        (go_left ? hi : lo) = mid;
      }
    }
    root_[j] = root;
  }
}

template <class T>
T StaircaseTable<T>::at(std::size_t i, std::size_t j) const {
  if (layout_ == StaircaseLayout::Dense) return cells_[j * side_ + i];
  // The sum over positions [0, i) of version j.
  T sum(0);
  std::uint32_t node = root_[j];
  for (std::size_t lo = 0, hi = m_; node != 0 && i > lo;) {
    if (i >= hi) {
      sum += cells_[node];
      break;
    }
    std::size_t mid = lo + (hi - lo) / 2;
    if (i <= mid) {
      node = left_[node];
      hi = mid;
    } else {
      sum += cells_[left_[node]];
      node = right_[node];
      lo = mid;
    }
  }
  return sum;
}

template <class T>
std::size_t StaircaseTable<T>::bytes() const {
  return cells_.capacity() * sizeof(T) + (left_.capacity() + right_.capacity() + root_.capacity()) * sizeof(std::uint32_t);
}

template class StaircaseTable<__int128>;
template class StaircaseTable<Q>;

}  // namespace palcheck
