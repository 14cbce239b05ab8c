// def:autoregressive by induction over the positions and the layers (proofs/check_autoregressive.cpp):
// PROVED in both solvers for every PAL-Transformer; every piece of the layer it relies on (the relay step,
// the read-out, LN, the MLP, the feedback) is pinned by a model mutant that carries state across positions.
// Under Algorithm 1's stacks, every completion and both initial states are REFUTED: each counterexample is
// recomputed here on the reference (equal stacks at n, the same next token, different PAL outputs).
#include "tests/proofs/chain_expectations.h"
#include "tests/proofs/proof_registry.h"

#include "reference/algorithm1.h"
#include "reference/pal_definition.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace palcheck {
namespace {

using testing::proof_registry;

// Both checkers' results, run once for the tests below.
const std::vector<CheckResult>& results() {
  static const std::vector<CheckResult> all = run_checkers(proof_registry(), "def:autoregressive", RunConfig{});
  return all;
}

TEST(Autoregressive, RelayStatesAreTheSoleRecurrentState) {
  auto induction =
      std::find_if(results().begin(), results().end(), [](const CheckResult& r) { return r.method == "induction"; });
  ASSERT_NE(induction, results().end());
  testing::expect_proved_and_pinned(*induction, {ModelDefinition::RelayStep, ModelDefinition::AttentionReadOut,
                                                 ModelDefinition::LayerNorm, ModelDefinition::Mlp,
                                                 ModelDefinition::Feedback});
}

TEST(Autoregressive, AlgorithmOneStacksAreNotASufficientRecurrentState) {
  std::set<std::string> refuted;
  for (const CheckResult& r : results()) {
    if (r.method != "z3") continue;
    EXPECT_EQ(r.verdict, Verdict::Refuted) << r.summary;
    ASSERT_TRUE(r.counterexample.has_value()) << r.summary;
    const Instance& x = *r.counterexample;
    const Algorithm1Options options = algorithm1_reading(x);
    std::vector<Q> u = x.values.at("u"), v = x.values.at("v");
    EXPECT_EQ(algorithm1_trace(u, options).back(), algorithm1_trace(v, options).back());
    for (std::vector<Q>* history : {&u, &v}) history->push_back(x.values.at("w").front());
    Measure relay{{{Thresholds{x.values.at("alpha").front(), x.values.at("beta").front()}, Q(1)}}};
    EXPECT_NE(pal_by_definition(relay, u, initial_state(x)).back(),
              pal_by_definition(relay, v, initial_state(x)).back());
    refuted.insert(to_string(options) + " " + to_string(initial_state(x)));
  }
  EXPECT_EQ(refuted.size(), 2 * all_algorithm1_readings().size());
}

}  // namespace
}  // namespace palcheck
