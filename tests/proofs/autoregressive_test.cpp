// def:autoregressive by induction over the positions and the layers (proofs/check_autoregressive.cpp):
// PROVED in both solvers for every PAL-Transformer; every piece of the layer it relies on (the relay step,
// the read-out, LN, the MLP, the feedback) is pinned by a model mutant that carries state across positions.
#include "tests/proofs/proof_registry.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace palcheck {
namespace {

using testing::proof_registry;

TEST(Autoregressive, RelayStatesAreTheSoleRecurrentState) {
  std::vector<CheckResult> results = run_checkers(proof_registry(), "def:autoregressive", RunConfig{});
  ASSERT_EQ(results.size(), 1u);
  const CheckResult& r = results.front();
  EXPECT_EQ(r.method, "induction");
  EXPECT_EQ(r.verdict, Verdict::Proved) << r.summary;
  ASSERT_TRUE(r.second_solver.has_value());
  EXPECT_EQ(r.second_solver->answer, "unsat");
  for (ModelDefinition d : {ModelDefinition::RelayStep, ModelDefinition::AttentionReadOut, ModelDefinition::LayerNorm,
                            ModelDefinition::Mlp, ModelDefinition::Feedback}) {
    EXPECT_NE(std::find(r.relies_on.begin(), r.relies_on.end(), d), r.relies_on.end()) << to_string(d);
    EXPECT_TRUE(std::any_of(r.mutants.begin(), r.mutants.end(), [&](const MutantResult& m) {
      return m.definition == d && m.refuted;
    })) << to_string(d);
  }
  EXPECT_TRUE(std::all_of(r.mutants.begin(), r.mutants.end(), [](const MutantResult& m) { return m.refuted; }));
}

}  // namespace
}  // namespace palcheck
