// Deterministic sequences for the encoding-vs-reference agreement checks of proofs/: small half-integers so that
// ties, plateaus, returns to earlier values and equal extrema (the wiping-out edge cases) are common.
#pragma once

#include "reference/rational.h"

#include <random>
#include <vector>

namespace palcheck::proofs::generated {

/// A value on the half-integer lattice in [-span, span].
inline Q lattice_value(std::mt19937_64& rng, int span = 4) {
  return Q(std::uniform_int_distribution<int>(-2 * span, 2 * span)(rng), 2);
}

/// A sequence of 1..max_len inputs mixing fresh values, plateaus and revisits of earlier values.
inline std::vector<Q> tricky_inputs(std::mt19937_64& rng, std::size_t max_len) {
  std::size_t n = std::uniform_int_distribution<std::size_t>(1, max_len)(rng);
  std::vector<Q> u;
  while (u.size() < n) {
    int kind = std::uniform_int_distribution<int>(0, 3)(rng);
    if (kind == 0 && !u.empty())
      u.push_back(u.back());
    else if (kind == 1 && !u.empty())
      u.push_back(u[std::uniform_int_distribution<std::size_t>(0, u.size() - 1)(rng)]);
    else
      u.push_back(lattice_value(rng));
  }
  return u;
}

}  // namespace palcheck::proofs::generated
