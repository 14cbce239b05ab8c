// Range queries over rank keys (see touch_index.h): per block of kBlock tokens its largest and smallest
// key, and a sparse table over blocks, so a search scans at most two partial blocks and skips whole
// runs of untouched blocks by powers of two.
#include "oracle/keyed/touch_index.h"

#include <algorithm>

namespace palcheck::oracle {

TouchIndex::TouchIndex(const std::vector<int>& keys) : keys_(keys) {
  blocks_ = (keys.size() + kBlock - 1) / kBlock;
  max_.emplace_back(blocks_);
  min_.emplace_back(blocks_);
  for (std::size_t b = 0; b < blocks_; ++b) {
    auto first = keys.begin() + static_cast<std::ptrdiff_t>(b * kBlock);
    auto last = keys.begin() + static_cast<std::ptrdiff_t>(std::min(keys.size(), (b + 1) * kBlock));
    auto [lo, hi] = std::minmax_element(first, last);
    max_[0][b] = *hi;
    min_[0][b] = *lo;
  }
  for (std::size_t level = 1; (std::size_t{1} << level) <= blocks_; ++level) {
    std::size_t half = std::size_t{1} << (level - 1), count = blocks_ - (std::size_t{1} << level) + 1;
    max_.emplace_back(count);
    min_.emplace_back(count);
    for (std::size_t b = 0; b < count; ++b) {
      max_[level][b] = std::max(max_[level - 1][b], max_[level - 1][b + half]);
      min_[level][b] = std::min(min_[level - 1][b], min_[level - 1][b + half]);
    }
  }
}

std::size_t TouchIndex::last(int hi, int lo, std::size_t from, std::size_t to) const {
  if (from > to || to >= keys_.size()) return npos;
  auto touches = [&](std::size_t k) { return keys_[k] >= hi || keys_[k] <= lo; };
  // The block holding `to`, from `to` down to the block's start (or `from`).
  std::size_t start = to - to % kBlock;
  for (std::size_t k = to;; --k) {
    if (touches(k)) return k;
    if (k == from) return npos;
    if (k == start) break;
  }
  // Whole blocks [first_block, start / kBlock): skip the longest untouched suffix by powers of two.
  std::size_t first_block = (from + kBlock - 1) / kBlock;
  if (start / kBlock > first_block) {
    std::size_t end = start / kBlock;  // blocks [end, start / kBlock) are known untouched
    for (std::size_t level = max_.size(); level-- > 0;) {
      std::size_t span = std::size_t{1} << level;
      if (end >= first_block + span && !block_touches(hi, lo, level, end - span)) end -= span;
    }
    if (end > first_block)
      for (std::size_t t = end * kBlock; t-- > (end - 1) * kBlock;)
        if (touches(t)) return t;
    start = first_block * kBlock;
  }
  // The partial block holding `from`.
  for (std::size_t k = start; k > from;)
    if (touches(--k)) return k;
  return npos;
}

std::size_t TouchIndex::first(int hi, int lo, std::size_t from) const {
  auto touches = [&](std::size_t k) { return keys_[k] >= hi || keys_[k] <= lo; };
  std::size_t k = from, block_end = std::min(keys_.size(), (from / kBlock + 1) * kBlock);
  for (; k < block_end; ++k)
    if (touches(k)) return k;
  if (k >= keys_.size()) return npos;
  std::size_t b = k / kBlock;  // skip the longest untouched run of whole blocks from here
  for (std::size_t level = max_.size(); level-- > 0;) {
    std::size_t span = std::size_t{1} << level;
    if (b + span <= blocks_ && !block_touches(hi, lo, level, b)) b += span;
  }
  if (b >= blocks_) return npos;
  for (std::size_t t = b * kBlock; t < std::min(keys_.size(), (b + 1) * kBlock); ++t)
    if (touches(t)) return t;
  return npos;
}

}  // namespace palcheck::oracle
