// prop:pal_preisach:convergence as the explicit inequality |PAL_L - P| <= 3 C Delta / 2 for every L
// (proofs/check_convergence.cpp): PROVED in both solvers, the relay step and the grid's cell masses each
// pinned by a model mutant; and the bound it proves holds on the reference's exact PAL and P (the
// triangle's staircase areas), both initial states, zig-zags and plateaus at L = 1..12.
#include "tests/proofs/chain_expectations.h"
#include "tests/proofs/proof_registry.h"

#include "reference/memory_pal.h"
#include "reference/models/triangle_preisach.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

TEST(Convergence, ProvedForEveryL) {
  testing::expect_proved_and_pinned(testing::only_result("prop:pal_preisach:convergence"),
                                    {ModelDefinition::RelayStep, ModelDefinition::Grid});
}

TEST(Convergence, TheProvedBoundHoldsOnTheReference) {
  const Q C = 1;
  const std::vector<std::vector<Q>> inputs{{Q(1)},
                                           {Q(1), Q(0), Q(7, 8), Q(1, 8), Q(3, 4), Q(1, 4)},
                                           {Q(1, 3), Q(1, 3), Q(2, 3), Q(0), Q(1)},
                                           {Q(0), Q(5, 7), Q(2, 7), Q(4, 7), Q(3, 7)}};
  for (InitialState initial : {InitialState::Off, InitialState::On})
    for (int L = 1; L <= 12; ++L) {
      const Q delta = C / L;
      for (const std::vector<Q>& u : inputs) {
        std::vector<Q> exact = physics::triangle_preisach(u, C, initial);
        std::vector<Q> pal = pal_by_memory(measure_from_grid(physics::uniform_cell_mass_grid(L, C)), u, initial);
        for (std::size_t n = 0; n < u.size(); ++n)
          EXPECT_LE(abs(pal[n] - exact[n]), 3 * C * delta / 2) << "L = " << L << ", n = " << n;
      }
    }
}

}  // namespace
}  // namespace palcheck
