// def:pal:grid by lemmas and inductions on the grid fast path (proofs/check_grid_fast_path.cpp): PROVED in
// both solvers with a refuted model mutant of the grid, the relay step and the initial state; and what its
// lemmas state holds on the reference: the grid's box sums equal the weights summed point by point, and
// MemoryPal on the grid equals eq:pal by definition, both initial states, at every n.
#include "tests/proofs/chain_expectations.h"
#include "tests/proofs/proof_registry.h"

#include "reference/memory_pal.h"
#include "reference/pal_definition.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

using testing::proof_registry;

TEST(GridFastPath, ProvedForEveryL) {
  std::vector<CheckResult> results = run_checkers(proof_registry(), "def:pal:grid", RunConfig{});
  ASSERT_EQ(results.size(), 1u);
  testing::expect_proved_and_pinned(results.front(),
                                    {ModelDefinition::Grid, ModelDefinition::RelayStep, ModelDefinition::InitialState});
  EXPECT_EQ(results.front().scope, Scope::Statement) << results.front().summary;
}

// Grids whose lookups meet every case of the lemmas: points below 0, on the grid, between points, above L Delta.
const std::vector<Grid> kGrids{
    {Q(1), 1, {{1, 1, Q(2)}}},
    {Q(1, 2), 3, {{1, 1, Q(1)}, {3, 1, Q(-2, 3)}, {2, 2, Q(5)}, {3, 3, Q(1, 7)}}},
    {Q(3, 2), 4, {{4, 1, Q(1)}, {2, 1, Q(3)}, {4, 4, Q(-1)}, {3, 2, Q(2)}, {3, 2, Q(1, 2)}}},
};

TEST(GridFastPath, TheBoxLookupsAreTheWeightsSummedPointByPoint) {
  for (const Grid& grid : kGrids) {
    MeasureSums sums(grid);
    for (int a = -2; a <= 2 * grid.L + 3; ++a)
      for (int b = -2; b <= 2 * grid.L + 3; ++b) {
        const Q x = grid.delta * Q(a, 2), y = grid.delta * Q(b, 2);
        Q expected = 0;
        for (const GridWeight& w : grid.weights)
          if (grid.delta * w.i <= x && grid.delta * w.j >= y) expected += w.weight;
        EXPECT_EQ(sums.at_most_alpha_at_least_beta(x, y), expected) << "a = " << x << ", b = " << y;
      }
  }
}

TEST(GridFastPath, TheFastPathIsTheSumOfRelayStates) {
  const std::vector<std::vector<Q>> inputs{{Q(0)},
                                           {Q(1), Q(0), Q(7, 4), Q(1, 2), Q(3, 2), Q(1), Q(5)},
                                           {Q(3), Q(-1), Q(2), Q(1, 2), Q(3, 2), Q(3, 2), Q(9, 4), Q(-2)},
                                           {Q(1, 2), Q(1), Q(3, 2), Q(2), Q(3, 2), Q(1), Q(1, 2)}};
  for (InitialState initial : {InitialState::Off, InitialState::On})
    for (const Grid& grid : kGrids)
      for (const std::vector<Q>& u : inputs) {
        std::vector<Q> expected = pal_by_definition(measure_from_grid(grid), u, initial);
        MemoryPal pal(grid, initial);
        for (std::size_t n = 0; n < u.size(); ++n) EXPECT_EQ(pal.step(u[n]), expected[n]) << "n = " << n;
      }
}

}  // namespace
}  // namespace palcheck
