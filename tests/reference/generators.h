// Deterministic generators for reference tests: small integer-and-half grids so that ties with
// thresholds, plateaus and repeated values are common.
#pragma once

#include "reference/measure.h"

#include <random>
#include <vector>

namespace palcheck::testing {

/// A value on the half-integer lattice in [-lo, hi].
inline Q small_value(std::mt19937_64& rng, int span = 6) {
  std::uniform_int_distribution<int> d(-2 * span, 2 * span);
  return Q(d(rng), 2);
}

/// A sequence with plateaus (repeats), returns to earlier values and monotone runs.
inline std::vector<Q> tricky_sequence(std::mt19937_64& rng, std::size_t max_len = 14) {
  std::uniform_int_distribution<std::size_t> len(1, max_len);
  std::uniform_int_distribution<int> kind(0, 3);
  std::vector<Q> u;
  std::size_t n = len(rng);
  while (u.size() < n) {
    int k = kind(rng);
    if (k == 0 && !u.empty())
      u.push_back(u.back());  // plateau
    else if (k == 1 && u.size() >= 2)
      u.push_back(u[std::uniform_int_distribution<std::size_t>(0, u.size() - 1)(rng)]);  // revisit
    else
      u.push_back(small_value(rng));
  }
  return u;
}

/// A measure with relays on and off the diagonal, thresholds on the same lattice as the inputs.
inline Measure tricky_measure(std::mt19937_64& rng, std::size_t max_relays = 8) {
  std::uniform_int_distribution<std::size_t> count(1, max_relays);
  std::uniform_int_distribution<int> w(-3, 3);
  Measure mu;
  std::size_t n = count(rng);
  for (std::size_t r = 0; r < n; ++r) {
    Q a = small_value(rng), b = small_value(rng);
    if (a < b) std::swap(a, b);
    mu.relays.push_back({{a, b}, Q(w(rng), 1 + (r % 3))});
  }
  return mu;
}

}  // namespace palcheck::testing
