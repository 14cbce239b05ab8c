// def:pal, def:relay, prop:wiping, prop:complexity: the oracle's fast exact PAL for batches.
// Every relay of a finite measure only compares u_n with its thresholds, so u_n can be replaced by
// its rank among the measure's distinct thresholds (2c if u_n equals the c-th, 2c+1 if it lies
// strictly between the c-th and the next). Ranks keep every order and every tie, hence every relay
// state; the memory and the staircase sums then run on small integers. When all weights are
// dyadic (every float32/float64 weight is) the sums run in exact 128-bit integers.
// A double input is an exact dyadic rational, so its rank needs no GMP: each threshold t carries a
// double d with no double strictly between t and d, hence u > d implies u > t and u < d implies
// u < t for every double u, and u == d is settled by the sign of t - d, computed exactly at setup.
// A grid with double weights (a float .npy matrix) is keyed without GMP at all: its thresholds are
// the grid points, in order by construction, and each weight is an exact dyadic read from its bits.
// Tested equal to pal_by_definition in tests/oracle/keyed/keyed_pal_test.cpp.
#pragma once

#include "oracle/keyed/staircase_table.h"
#include "reference/measure.h"
#include "reference/wiping_stack.h"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace palcheck {

/// A grid measure with double weights, as a float .npy weight matrix holds it: row i-1 of the
/// L x cols matrix (C order) holds mu_ij at (alpha_i, beta_j) = (i*delta, j*delta).
struct DoubleGrid {
  Q delta;                      ///< spacing Delta > 0
  std::size_t L = 0;            ///< rows: the grid size
  std::size_t cols = 0;         ///< columns, at most L (the missing ones weigh 0)
  std::vector<double> weights;  ///< L * cols finite values, 0 above the diagonal (j > i)

  /// The same grid with exact weights (the reference's Grid; GMP).
  Grid exact() const;
};

/// A measure with its thresholds replaced by ranks, and its staircase sums precomputed.
class KeyedMeasure {
 public:
  /// Validates mu (alpha >= beta) and builds the sums: sorting and dyadic weights in machine
  /// arithmetic, O(R log R) time and memory for R relays (staircase_table.h: a table of m^2 integer
  /// sums only where that is O(R)); GMP sums only for non-dyadic weights.
  /// Takes mu by value: pass an rvalue to spare the copy of a large measure.
  explicit KeyedMeasure(Measure mu);

  /// The keyed grid, built in machine arithmetic when its weights' sums fit 128 bits (else through
  /// the Measure above). Throws std::invalid_argument on a bad shape, delta <= 0, a non-finite
  /// weight or a nonzero weight above the diagonal.
  static KeyedMeasure from_grid(const DoubleGrid& grid);

  /// The rank key of an input: 2c when u is the c-th threshold (1-based), else 2c+1 with c the
  /// number of thresholds below u. Keys run from 1 to 2m+1.
  int key(const Q& u) const;
  /// The same key for a finite double, exactly, without GMP (O(1) on grids, else a binary search).
  int key(double u) const;
  /// The keys of n finite doubles, as key(double) gives them, into out.
  void keys(const double* u, std::size_t n, int* out) const;
  /// The key of num / den (den > 0), exactly: without GMP when every threshold is a double and |num|
  /// and den are at most 2^53 (the key of the nearest double), when a larger num / den is not within
  /// 2^-50 of its size from a threshold (the keys of two doubles about it), or when the thresholds are
  /// fractions of 64-bit integers (a guess from the doubles, settled by 128-bit cross products).
  int key(std::int64_t num, std::int64_t den) const;
  /// The key of a decimal, exactly: without GMP when -44 <= exponent <= 22 and the value is not within
  /// 2^-50 of its size from a threshold (the keys of two doubles about it), or when it is num / den of
  /// 64-bit integers (den a power of ten) that key(num, den) settles; else from the exact value.
  int key(const Decimal& x) const;
  /// The keys of n decimals, as key(Decimal) gives them, into out.
  void keys(const Decimal* x, std::size_t n, int* out) const;

  /// The keys of a sequence.
  std::vector<int> keys(const std::vector<Q>& u) const;

  /// The measure this was built from; std::logic_error when built by from_grid in machine arithmetic
  /// (which keeps no relay list).
  const Measure& measure() const;
  /// Key of each relay's alpha (always even); empty when measure() is not available.
  const std::vector<int>& alpha_keys() const { return alpha_keys_; }
  /// Key of each relay's beta (always even); empty when measure() is not available.
  const std::vector<int>& beta_keys() const { return beta_keys_; }
  /// Whether the 128-bit integer path applies (every weight dyadic, sums far from overflow).
  bool integral() const { return integral_; }

  /// PAL_mu over u for every token, exact.
  std::vector<Q> outputs(const std::vector<Q>& u, InitialState initial) const;
  /// PAL_mu over u for every token, each the double nearest the exact value (palcheck::to_double).
  std::vector<double> outputs_double(const std::vector<Q>& u, InitialState initial) const;
  /// The same over double inputs (each taken as its exact binary value).
  std::vector<double> outputs_double(const std::vector<double>& u, InitialState initial) const;

  /// Sum of weights over {alpha_idx < i, beta_idx >= j} (indices into the sorted thresholds).
  Q cell(std::size_t i, std::size_t j) const;
  /// The same sum times 2^scale, exact; only when integral().
  __int128 int_cell(std::size_t i, std::size_t j) const { return int_table_.at(i, j); }
  /// Number of distinct thresholds.
  std::size_t threshold_count() const { return m_; }
  /// Total mass of the measure.
  Q total() const { return cell(m_, 0); }
  /// How the staircase sums are held: a table, or a tree for relays scattered over many thresholds.
  StaircaseLayout layout() const { return integral_ ? int_table_.layout() : table_.layout(); }
  /// The power of two the integer table is scaled by.
  int scale() const { return scale_; }

 private:
  friend class KeyedRun;  // step_scaled reads the integer table directly
  KeyedMeasure() = default;
  bool build_grid(const DoubleGrid& grid);
  void build_double_keys();
  int double_key(double u) const;  // key(double), inlined where it runs per token
  int decimal_key(const Decimal& x) const;        // key(Decimal), inlined in keys()
  int exact_decimal_key(const Decimal& x) const;  // key(Decimal) when two doubles do not settle it

  std::optional<Measure> mu_;
  std::vector<Q> thresholds_;  // sorted, distinct
  std::size_t m_ = 0;
  std::vector<int> alpha_keys_, beta_keys_;
  StaircaseTable<Q> table_;  // only when !integral_
  bool integral_ = false;
  int scale_ = 0;
  StaircaseTable<__int128> int_table_;
  // Distinct doubles of the thresholds, increasing, with the key of u == d and of d < u < next d.
  std::vector<double> doubles_;
  std::vector<int> key_at_, key_after_;
  int key_below_all_ = 1;                             // key of an input below every double of doubles_
  double guess_origin_ = 0, guess_inverse_step_ = 0;  // index guess (u - origin) * inverse; 0 = off
  // Whether every threshold is a double (then a double's key settles every comparison it is not equal in).
  bool thresholds_are_doubles_ = false;
  // Each threshold as numerator and denominator, when all of them fit 64 bits; else empty.
  std::vector<std::pair<std::int64_t, std::int64_t>> fractions_;
  // Thresholds exactly c * 2^e for c = 1..m (a grid with a power-of-two spacing): then u * 2^-e is
  // exact for every double u that matters, and the key is read from it. 0 = off.
  double lattice_inverse_step_ = 0;
};

/// PAL_mu token by token over keys, in O(memory depth) space: what streaming and threads run.
class KeyedRun {
 public:
  /// A run from the initial state, before any input.
  KeyedRun(const KeyedMeasure& keyed, InitialState initial);

  /// Feeds the key of the next input; returns what it did to the memory.
  MemoryStepEffect step(int key);
  /// Feeds n keys and writes the output after each, times 2^scale, to out: what n calls of step and
  /// scaled() give, with every table read of the block requested before the first is used (the
  /// memory moves on keys alone, so the reads do not wait on each other). Integral measures only.
  void step_scaled(const int* keys, std::size_t n, __int128* out);
  /// Feeds n keys and writes the nearest double of the output after each to out (step_scaled and
  /// dyadic_to_double). Integral measures only.
  void step_doubles(const int* keys, std::size_t n, double* out);
  /// The output now, exact.
  Q exact() const;
  /// The output now, the nearest double.
  double nearest_double() const;
  /// The output now times 2^scale (only when the measure is integral()).
  __int128 scaled() const { return int_outputs_.empty() ? int_start_ : int_outputs_.back(); }
  /// Number of entries of the memory now.
  std::size_t depth() const { return stack_.extrema().size(); }

 private:
  std::pair<std::size_t, std::size_t> top_cells() const;
  std::size_t row(int a) const;
  std::size_t column(int b) const;
  void recompute_top();

  const KeyedMeasure* keyed_;
  WipingStack<int> stack_;
  std::vector<__int128> int_outputs_;  // integral measures
  std::vector<Q> outputs_;             // the others
  std::vector<int> setter_;            // step_scaled: the block's token that set each entry
  __int128 int_start_ = 0;
  Q start_;
};

/// dyadic_to_double where the result may be subnormal (scale outside [0, 1022]): through GMP.
double dyadic_to_double_exact(__int128 n, int scale);

/// The double nearest n * 2^-scale, ties to even (what palcheck::to_double gives, via Boost).
/// Inline: it runs once per token. For 0 <= scale <= 1022 every nonzero result is at least
/// 2^-1022 in magnitude, so it is the nearest double of n (one conversion, the 63 leading bits
/// with the rest folded into a sticky bit) times a power of two, which is exact.
inline double dyadic_to_double(__int128 n, int scale) {
  if (scale < 0 || scale > 1022) return dyadic_to_double_exact(n, scale);
  auto power_of_two = [](int e) { return std::bit_cast<double>(static_cast<std::uint64_t>(e + 1023) << 52); };
  auto small = static_cast<std::int64_t>(n);
  if (small == n) return static_cast<double>(small) * power_of_two(-scale);
  unsigned __int128 mag = n < 0 ? -static_cast<unsigned __int128>(n) : static_cast<unsigned __int128>(n);
  int shift = 65 - std::countl_zero(static_cast<std::uint64_t>(mag >> 64));  // bits beyond 63, >= 1
  auto top = static_cast<std::int64_t>(mag >> shift);
  top |= (mag & ((static_cast<unsigned __int128>(1) << shift) - 1)) != 0;
  double d = static_cast<double>(top) * power_of_two(shift - scale);
  return n < 0 ? -d : d;
}

/// The longest text dyadic_text writes when the denominator fits 128 bits: a sign, 39 digits, '/', 39 digits.
inline constexpr std::size_t kDyadicTextMax = 80;

/// Canonical text of n * 2^-scale ("7/2", "-3", "0"), as palcheck::to_string prints it.
std::string dyadic_text(__int128 n, int scale);

/// The same text appended to out, without allocating beyond out's growth.
void append_dyadic_text(std::string& out, __int128 n, int scale);

}  // namespace palcheck
