// Seeded generators of exact rationals for the physics experiments (every search prints its seed).
#pragma once

#include "reference/rational.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace palcheck::physics {

/// The generator of one checker: the run's seed mixed with a per-checker salt, so checkers are independent.
inline std::mt19937_64 seeded(std::uint64_t seed, std::uint64_t salt) {
  std::seed_seq s{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                  static_cast<std::uint32_t>(salt)};
  return std::mt19937_64(s);
}

/// A rational k/den with lo*den <= k <= hi*den.
inline Q random_rational(std::mt19937_64& rng, long lo, long hi, long den) {
  std::uniform_int_distribution<long> d(lo * den, hi * den);
  return Q(d(rng), den);
}

/// A sequence of `length` values from random_rational.
inline std::vector<Q> random_sequence(std::mt19937_64& rng, std::size_t length, long lo, long hi, long den) {
  std::vector<Q> u;
  for (std::size_t i = 0; i < length; ++i) u.push_back(random_rational(rng, lo, hi, den));
  return u;
}

/// "[a, b, c]" of exact rationals.
inline std::string list_string(const std::vector<Q>& values) {
  std::string s = "[";
  for (std::size_t i = 0; i < values.size(); ++i) s += (i ? ", " : "") + to_string(values[i]);
  return s + "]";
}

}  // namespace palcheck::physics
