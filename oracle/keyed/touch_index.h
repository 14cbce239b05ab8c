// def:relay: a relay's state after token n is decided by the last input at or beyond one of its
// thresholds (u >= alpha switches it on, u <= beta off, on rank keys with the tie rule folded into
// the thresholds, oracle_readings.h); before any such input it holds the initial state. This index
// over a sequence's rank keys answers "the last (or first) token in a range whose key is >= hi or
// <= lo" in O(block + log n), so the diagnosis reads any relay's state at any token, under any
// reading, without running every relay over the whole sequence. Memory: O(n / block * log n).
#pragma once

#include <cstddef>
#include <vector>

namespace palcheck::oracle {

/// Range queries "key >= hi or key <= lo" over a sequence of rank keys.
class TouchIndex {
 public:
  /// No token.
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  /// Indexes `keys` (kept by reference: it must outlive the index).
  explicit TouchIndex(const std::vector<int>& keys);

  /// The last k in [from, to] with keys[k] >= hi or keys[k] <= lo; npos if none or from > to.
  std::size_t last(int hi, int lo, std::size_t from, std::size_t to) const;
  /// The first k in [from, size) with keys[k] >= hi or keys[k] <= lo; npos if none.
  std::size_t first(int hi, int lo, std::size_t from) const;

 private:
  static constexpr std::size_t kBlock = 32;
  bool block_touches(int hi, int lo, std::size_t level, std::size_t start) const {
    return max_[level][start] >= hi || min_[level][start] <= lo;
  }
  const std::vector<int>& keys_;
  std::size_t blocks_ = 0;
  std::vector<std::vector<int>> max_, min_;  // [level][b]: over blocks b .. b + 2^level - 1
};

}  // namespace palcheck::oracle
