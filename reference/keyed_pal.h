// def:pal, def:relay, prop:wiping, prop:complexity: the oracle's fast exact PAL for batches.
// Every relay of a finite measure only compares u_n with its thresholds, so u_n can be replaced by
// its rank among the measure's distinct thresholds (2c if u_n equals the c-th, 2c+1 if it lies
// strictly between the c-th and the next). Ranks keep every order and every tie, hence every relay
// state; the memory and the staircase sums then run on small integers. When all weights are
// dyadic (every float32/float64 weight is) the sums run in exact 128-bit integers.
// Tested equal to pal_by_definition in tests/reference/keyed_pal_test.cpp.
#pragma once

#include "measure.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace palcheck {

/// A measure with its thresholds replaced by ranks, and its staircase sums precomputed.
class KeyedMeasure {
 public:
  /// Validates mu (alpha >= beta) and builds the tables; O(m^2) for m distinct thresholds.
  explicit KeyedMeasure(const Measure& mu);

  /// The rank key of an input: 2c when u is the c-th threshold (1-based), else 2c+1 with c the
  /// number of thresholds below u. Keys run from 1 to 2m+1.
  int key(const Q& u) const;

  /// The keys of a sequence.
  std::vector<int> keys(const std::vector<Q>& u) const;

  /// The measure this was built from.
  const Measure& measure() const { return mu_; }
  /// Key of each relay's alpha (always even).
  const std::vector<int>& alpha_keys() const { return alpha_keys_; }
  /// Key of each relay's beta (always even).
  const std::vector<int>& beta_keys() const { return beta_keys_; }
  /// Whether the 128-bit integer path applies (every weight dyadic, sums far from overflow).
  bool integral() const { return integral_; }

  /// PAL_mu over u for every token, exact.
  std::vector<Q> outputs(const std::vector<Q>& u, InitialState initial) const;
  /// PAL_mu over u for every token, each the double nearest the exact value (palcheck::to_double).
  std::vector<double> outputs_double(const std::vector<Q>& u, InitialState initial) const;

  /// Sum of weights over {alpha_idx < i, beta_idx >= j} (indices into the sorted thresholds).
  const Q& cell(std::size_t i, std::size_t j) const { return table_[i * (m_ + 1) + j]; }
  /// The same sum times 2^scale, exact; only when integral().
  __int128 int_cell(std::size_t i, std::size_t j) const { return int_table_[i * (m_ + 1) + j]; }
  /// Number of distinct thresholds.
  std::size_t threshold_count() const { return m_; }
  /// Total mass of the measure.
  const Q& total() const { return cell(m_, 0); }
  /// The power of two the integer table is scaled by.
  int scale() const { return scale_; }

 private:
  Measure mu_;
  std::vector<Q> thresholds_;  // sorted, distinct
  std::size_t m_ = 0;
  std::vector<int> alpha_keys_, beta_keys_;
  std::vector<Q> table_;
  bool integral_ = false;
  int scale_ = 0;
  std::vector<__int128> int_table_;
};

/// The double nearest n * 2^-scale, ties to even (what palcheck::to_double gives, via Boost).
double dyadic_to_double(__int128 n, int scale);

}  // namespace palcheck
