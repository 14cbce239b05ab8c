// def:autoregressive by induction over the positions and the layers (proofs/check_autoregressive.cpp):
// PROVED in both solvers for every PAL-Transformer; every piece of the layer it relies on (the relay step,
// the read-out, LN, the MLP, the feedback) is pinned by a model mutant that carries state across positions.
#include "tests/proofs/proof_registry.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace palcheck {
namespace {

TEST(Autoregressive, RelayStatesAreTheSoleRecurrentState) {
  const CheckResult r = testing::only_result("def:autoregressive");
  EXPECT_EQ(r.method, "induction");
  EXPECT_TRUE(testing::proved_in_both(r));
  for (ModelDefinition d : {ModelDefinition::RelayStep, ModelDefinition::AttentionReadOut, ModelDefinition::LayerNorm,
                            ModelDefinition::Mlp, ModelDefinition::Feedback}) {
    EXPECT_NE(std::find(r.relies_on.begin(), r.relies_on.end(), d), r.relies_on.end()) << to_string(d);
    EXPECT_TRUE(testing::pinned(r, d)) << to_string(d);
  }
  EXPECT_TRUE(std::all_of(r.mutants.begin(), r.mutants.end(), [](const MutantResult& m) { return m.refuted; }));
}

}  // namespace
}  // namespace palcheck
