// ref:memory_equals_definition, prop:sufficiency, eq:relay: the random cases every exact check and test draws
// from one generator: values on a small lattice, so that ties with thresholds, plateaus, returns to earlier
// values and equal extrema (the wiping-out edge cases) are common. One stream per seed: the checkers of
// claims/, the encoding agreements of proofs/ and the tests all draw through these. Header-only, so that the
// reference's own tests use it without linking the claims.
#pragma once

#include "reference/measure.h"

#include <random>
#include <utility>
#include <vector>

namespace palcheck {

/// A value on the lattice of step 1/den in [-span, span].
inline Q random_rational(std::mt19937_64& rng, int span, int den) {
  std::uniform_int_distribution<int> k(-span * den, span * den);
  return Q(k(rng), den);
}

/// 1..max_len inputs on the half-integer lattice in [-span, span], mixing fresh values, plateaus (a repeat of
/// the last) and returns to an earlier value.
inline std::vector<Q> random_tricky_sequence(std::mt19937_64& rng, int max_len, int span) {
  std::uniform_int_distribution<int> len(1, max_len), kind(0, 3);
  std::vector<Q> u;
  for (int n = len(rng); static_cast<int>(u.size()) < n;) {
    int k = kind(rng);
    if (k == 0 && !u.empty())
      u.push_back(u.back());
    else if (k == 1 && u.size() >= 2)
      u.push_back(u[std::uniform_int_distribution<std::size_t>(0, u.size() - 1)(rng)]);
    else
      u.push_back(random_rational(rng, span, 2));
  }
  return u;
}

/// 1..max_relays relays with thresholds on the same lattice (on and off the diagonal) and small weights.
inline Measure random_tricky_measure(std::mt19937_64& rng, int max_relays, int span) {
  std::uniform_int_distribution<int> count(1, max_relays), w(-3, 3);
  Measure mu;
  int n = count(rng);
  for (int r = 0; r < n; ++r) {
    Q a = random_rational(rng, span, 2), b = random_rational(rng, span, 2);
    if (a < b) std::swap(a, b);
    mu.relays.push_back({{a, b}, Q(w(rng), 1 + r % 3)});
  }
  return mu;
}

}  // namespace palcheck
