// def:pal, prop:wiping, prop:sufficiency: PAL from the classical memory equals PAL by definition,
// and the memory keeps the invariants of the wiping-out property.
#include "claims/tricky_sequences.h"
#include "reference/memory_pal.h"
#include "reference/pal_definition.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

constexpr std::uint64_t kSeed = 20261125;

TEST(MemoryPal, EqualsDefinitionOnTenThousandGeneratedCases) {
  std::mt19937_64 rng(kSeed);
  for (int c = 0; c < 10000; ++c) {
    Measure mu = random_tricky_measure(rng, 8, 6);
    std::vector<Q> u = random_tricky_sequence(rng, 14, 6);
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      ASSERT_EQ(pal_by_memory(mu, u, initial), pal_by_definition(mu, u, initial))
          << "case " << c << " seed " << kSeed << " initial " << static_cast<int>(initial);
    }
  }
}

TEST(MemoryPal, GridFastPathEqualsDefinition) {
  std::mt19937_64 rng(kSeed + 1);
  for (int c = 0; c < 2000; ++c) {
    // Spacings that are not doubles (1/3, 1/10) as well as dyadic ones; inputs on and off the grid.
    static const Q spacings[] = {Q(1, 2), Q(1, 3), Q(1, 10), Q(3, 2)};
    Grid grid{spacings[c % 4], 1 + static_cast<int>(rng() % 8), {}};
    for (int i = 1; i <= grid.L; ++i)
      for (int j = 1; j <= i; ++j)
        if (rng() % 2) grid.weights.push_back({i, j, Q(static_cast<int>(rng() % 7) - 3)});
    std::vector<Q> u = random_tricky_sequence(rng, 14, 6);
    if (c % 8 < 4)
      for (Q& x : u) x *= 2 * grid.delta;  // the half-lattice onto the grid and its midpoints
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      MemoryPal pal(grid, initial);
      std::vector<Q> fast;
      for (const Q& x : u) fast.push_back(pal.step(x));
      ASSERT_EQ(fast, pal_by_definition(measure_from_grid(grid), u, initial)) << "case " << c;
    }
  }
}

TEST(PreisachMemory, AlternatesWithMaximaDecreasingAndMinimaIncreasing) {
  std::mt19937_64 rng(kSeed + 2);
  for (int c = 0; c < 5000; ++c) {
    std::vector<Q> u = random_tricky_sequence(rng, 30, 6);
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      PreisachMemory memory(initial);
      for (const Q& x : u) {
        memory.step(x);
        const auto& e = memory.extrema();
        ASSERT_EQ(e.back(), x);
        for (std::size_t k = 0; k + 1 < e.size(); ++k) {
          // Alternation: a maximum is above the entry after it, a minimum below.
          if (memory.is_maximum(k))
            ASSERT_GT(e[k], e[k + 1]);
          else
            ASSERT_LT(e[k], e[k + 1]);
        }
        for (std::size_t k = 0; k + 2 < e.size(); ++k) {
          // Strict nesting: maxima strictly decrease, minima strictly increase (the current entry included).
          if (memory.is_maximum(k))
            ASSERT_GT(e[k], e[k + 2]);
          else
            ASSERT_LT(e[k], e[k + 2]);
        }
      }
    }
  }
}

TEST(PreisachMemory, RelayStateReadFromMemoryEqualsDefinition) {
  std::mt19937_64 rng(kSeed + 3);
  for (int c = 0; c < 5000; ++c) {
    Measure mu = random_tricky_measure(rng, 8, 6);
    std::vector<Q> u = random_tricky_sequence(rng, 14, 6);
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      auto states = relay_states_by_definition(mu, u, initial);
      PreisachMemory memory(initial);
      for (std::size_t n = 0; n < u.size(); ++n) {
        memory.step(u[n]);
        for (std::size_t r = 0; r < mu.relays.size(); ++r)
          ASSERT_EQ(memory.relay_state(mu.relays[r].thresholds), states[n][r]) << "case " << c;
      }
    }
  }
}

}  // namespace
}  // namespace palcheck
