// def:pal, def:pal:grid, prop:wiping: the speed-of-light baseline the benchmarks measure palcheck
// against: PAL on a grid with double weights, written the way a plain machine-integer
// implementation would be, with no GMP, no options and no checks beyond its domain. An input's key
// is its place among the grid points (2i on the i-th point, odd between points); the memory is a
// stack of dominant extrema, each carrying the output it leaves; an output is the entry below's plus
// two cells of a table of staircase sums, in 128-bit integers scaled by 2^scale.
// Domain: delta a power of two, finite weights whose scaled sums fit 120 bits, inputs u / delta
// exact (so not subnormal). Tested equal to pal_by_definition in tests/tools/bench/plain_pal_test.cpp.
#pragma once

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace palcheck::bench {

/// PAL over one grid, token by token: `step` takes an input, returns the output's nearest double.
class PlainPal {
 public:
  /// The L x L grid (C order, row i-1 holds the weights of (alpha_i, beta_j) = (i delta, j delta))
  /// with spacing delta = 2^delta_exponent; every relay starts in `initial_on` (true: state 1).
  PlainPal(const double* weights, std::size_t L, int delta_exponent, bool initial_on)
      : L_(L), side_(L + 1), inverse_delta_(std::ldexp(1.0, -delta_exponent)), first_is_max_(!initial_on) {
    int lowest = 0;
    for (std::size_t k = 0; k < L * L; ++k)
      if (weights[k] != 0) lowest = std::min(lowest, exponent(weights[k]));
    scale_ = -lowest;
    if (scale_ > 1000) throw std::invalid_argument("PlainPal: a weight below 2^-1000");
    unit_ = std::ldexp(1.0, -scale_);
    // cell(i, j) at j * side + i sums the weights of relays with alpha index < i and beta index >= j.
    table_.assign(side_ * side_, 0);
    for (std::size_t r = 0; r < L; ++r)
      for (std::size_t c = 0; c <= r; ++c)
        if (double w = weights[r * L + c]; w != 0) {
          __int128 v = static_cast<__int128>(mantissa(w)) << (exponent(w) + scale_);
          table_[c * side_ + r + 1] = w < 0 ? -v : v;
        }
    for (std::size_t j = 0; j < side_; ++j)
      for (std::size_t i = 1; i < side_; ++i) table_[j * side_ + i] += table_[j * side_ + i - 1];
    for (std::size_t j = side_ - 1; j-- > 0;)
      for (std::size_t i = 0; i < side_; ++i) table_[j * side_ + i] += table_[(j + 1) * side_ + i];
    start_ = initial_on ? table_[L] : 0;
  }

  /// Feeds the next input; returns the output after it, the double nearest the exact value.
  double step(double u) {
    int key = key_of(u);
    std::size_t n = stack_.size();
    if (n > 0 && key == stack_[n - 1].key) return to_double(stack_[n - 1].output);
    bool rising = n > 0 && key > stack_[n - 1].key;
    if (n > 0 && is_maximum(n - 1) == rising) {
      stack_[n - 1].key = key;
    } else {
      stack_.push_back({key, 0});
      ++n;
    }
    while (n >= 3 && (rising ? key >= stack_[n - 3].key : key <= stack_[n - 3].key)) {
      stack_[n - 3] = stack_[n - 1];
      stack_.resize(n -= 2);
    }
    // The top entry adds the staircase between it and the entry below (the whole half-plane's
    // column or row when it is the first).
    std::size_t index = n - 1;
    int a = stack_[index].key, p = index > 0 ? stack_[index - 1].key : -1;
    __int128 below = index > 0 ? stack_[index - 1].output : start_;
    if (is_maximum(index))
      stack_[index].output = below + cell(row(a), column(p)) - (p >= 0 ? cell(row(p), column(p)) : 0);
    else
      stack_[index].output = below + cell(row(a), column(a)) - cell(row(p), column(a));
    return to_double(stack_[index].output);
  }

 private:
  struct Entry {
    int key;
    __int128 output;  // times 2^scale
  };

  // |w| = mantissa(w) * 2^exponent(w) with an odd mantissa.
  static std::uint64_t mantissa(double w) {
    std::uint64_t bits = std::bit_cast<std::uint64_t>(w);
    std::uint64_t m = bits & ((std::uint64_t{1} << 52) - 1);
    if (bits >> 52 & 0x7ff) m |= std::uint64_t{1} << 52;
    return m >> std::countr_zero(m);
  }
  static int exponent(double w) {
    std::uint64_t bits = std::bit_cast<std::uint64_t>(w);
    int biased = static_cast<int>(bits >> 52 & 0x7ff);
    std::uint64_t m = bits & ((std::uint64_t{1} << 52) - 1);
    if (biased) m |= std::uint64_t{1} << 52;
    return (biased ? biased - 1075 : -1074) + std::countr_zero(m);
  }

  int key_of(double u) const {
    double x = u * inverse_delta_;
    if (x <= 0) return 1;
    if (x > static_cast<double>(L_)) return 2 * static_cast<int>(L_) + 1;
    auto c = static_cast<int>(x);
    return x == c ? 2 * c : 2 * c + 1;
  }
  bool is_maximum(std::size_t index) const { return (index % 2 == 0) == first_is_max_; }
  std::size_t row(int a) const { return a < 0 ? L_ : static_cast<std::size_t>(a / 2); }
  std::size_t column(int b) const { return b < 0 ? 0 : static_cast<std::size_t>((b - 1) / 2); }
  __int128 cell(std::size_t i, std::size_t j) const { return table_[j * side_ + i]; }
  // Exact times a power of two as long as the result is a normal double (the domain).
  double to_double(__int128 v) const { return static_cast<double>(v) * unit_; }

  std::size_t L_, side_;
  double inverse_delta_;
  bool first_is_max_;
  int scale_ = 0;
  double unit_ = 1;
  std::vector<__int128> table_;
  __int128 start_ = 0;
  std::vector<Entry> stack_;
};

/// Reads past the header of a .npy file (version 1.0) open in `file`; returns the header's size and,
/// if asked, its bytes. The shape is not read: the plain eval takes it from the data's size.
inline std::size_t skip_npy_header(std::FILE* file, std::string* header = nullptr) {
  unsigned char magic[10];
  if (std::fread(magic, 1, 10, file) != 10) throw std::runtime_error("plain eval: not a .npy file");
  std::size_t length = magic[8] | magic[9] << 8;
  std::string rest(length, '\0');
  if (std::fread(rest.data(), 1, length, file) != length) throw std::runtime_error("plain eval: short .npy header");
  if (header) *header = std::string(reinterpret_cast<char*>(magic), 10) + rest;
  return 10 + length;
}

/// What `palcheck eval --measure GRID --grid-delta 2^e --inputs INPUTS -o OUTPUT` does for a float64
/// L x L grid and 1-D float64 inputs (version 1.0 .npy files), the plain way: the grid read whole,
/// the inputs streamed in blocks, the output written with the inputs' header.
inline void plain_eval_npy(const std::string& grid, int delta_exponent, const std::string& inputs,
                           const std::string& output) {
  std::FILE* g = std::fopen(grid.c_str(), "rb");
  if (!g) throw std::runtime_error("plain eval: cannot open " + grid);
  std::size_t offset = skip_npy_header(g);
  std::fseek(g, 0, SEEK_END);
  std::size_t count = (static_cast<std::size_t>(std::ftell(g)) - offset) / 8;
  std::fseek(g, static_cast<long>(offset), SEEK_SET);
  std::vector<double> weights(count);
  std::size_t got = std::fread(weights.data(), 8, count, g);
  std::fclose(g);
  auto L = static_cast<std::size_t>(std::sqrt(static_cast<double>(count)));
  if (got != count || L * L != count) throw std::runtime_error("plain eval: the grid is not L x L");
  PlainPal pal(weights.data(), L, delta_exponent, false);
  std::FILE* in = std::fopen(inputs.c_str(), "rb");
  std::FILE* out = std::fopen(output.c_str(), "wb");
  if (!in || !out) throw std::runtime_error("plain eval: cannot open the inputs or the output");
  std::string header;
  skip_npy_header(in, &header);
  std::fwrite(header.data(), 1, header.size(), out);
  std::vector<double> block(1 << 16);
  while (std::size_t n = std::fread(block.data(), 8, block.size(), in)) {
    for (std::size_t k = 0; k < n; ++k) block[k] = pal.step(block[k]);
    std::fwrite(block.data(), 8, n, out);
  }
  std::fclose(in);
  if (std::fclose(out) != 0) throw std::runtime_error("plain eval: write failed");
}

}  // namespace palcheck::bench
