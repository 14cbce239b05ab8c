// Random input sequences on a lattice of rationals, for tests that hold the reference against an
// independent computation on many short sequences.
#pragma once

#include "reference/rational.h"

#include <random>
#include <vector>

namespace palcheck::testing {

/// The points lo/denominator, (lo+1)/denominator, ..., hi/denominator.
struct Lattice {
  int lo, hi, denominator;
};

/// 1 to max_length inputs, each uniform on `lattice`; the length is drawn first, then the inputs in order.
inline std::vector<Q> random_sequence(std::mt19937_64& rng, Lattice lattice, int max_length) {
  std::uniform_int_distribution<int> value(lattice.lo, lattice.hi), length(1, max_length);
  std::vector<Q> u;
  for (int n = length(rng); n > 0; --n) u.push_back(Q(value(rng), lattice.denominator));
  return u;
}

}  // namespace palcheck::testing
