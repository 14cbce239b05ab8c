// def:autoregressive by induction over the positions and the layers (proofs/check_autoregressive.cpp):
// PROVED in both solvers for every PAL-Transformer; every piece of the layer it relies on (the relay step,
// the read-out, LN, the MLP, the feedback) is pinned by a model mutant that carries state across positions.
#include "tests/proofs/pinned_proof.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace palcheck {
namespace {

TEST(Autoregressive, RelayStatesAreTheSoleRecurrentState) {
  CheckResult r = testing::sole_proof("def:autoregressive", "induction");
  testing::expect_pinned(r, {ModelDefinition::RelayStep, ModelDefinition::AttentionReadOut, ModelDefinition::LayerNorm,
                             ModelDefinition::Mlp, ModelDefinition::Feedback});
  EXPECT_TRUE(std::all_of(r.mutants.begin(), r.mutants.end(), [](const MutantResult& m) { return m.refuted; }));
}

}  // namespace
}  // namespace palcheck
