// prop:rate_independence by induction over the reparametrised sequence (proofs/check_rate_independence.cpp):
// PROVED in both solvers for every relay, every prior state and every discrete phi; each of its queries is
// needed (a mutant of the relay step, or without one premise, turns one sat).
#include "tests/proofs/proof_registry.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace palcheck {
namespace {

using testing::proof_registry;

const CheckResult& induction_of(const std::vector<CheckResult>& results) {
  auto it = std::find_if(results.begin(), results.end(), [](const CheckResult& r) { return r.method == "induction"; });
  EXPECT_NE(it, results.end());
  return *it;
}

TEST(RateIndependence, ProvedByInductionOverTheReparametrisedSequence) {
  std::vector<CheckResult> results = run_checkers(proof_registry(), "prop:rate_independence", RunConfig{});
  ASSERT_EQ(results.size(), 1u);
  const CheckResult& r = induction_of(results);
  EXPECT_EQ(r.verdict, Verdict::Proved) << r.summary;
  ASSERT_TRUE(r.second_solver.has_value());
  EXPECT_EQ(r.second_solver->answer, "unsat");
  EXPECT_EQ(r.relies_on, std::vector<ModelDefinition>{ModelDefinition::RelayStep});
  std::size_t model = 0, hypotheses = 0;
  for (const MutantResult& m : r.mutants) {
    EXPECT_TRUE(m.refuted) << m.name << ": " << m.evidence;
    (m.kind() == MutantKind::Model ? model : hypotheses) += 1;
  }
  EXPECT_GE(model, 1u);
  // Each premise of the induction (monotone order, the state reached at u_i, equal states) is needed.
  EXPECT_EQ(hypotheses, 3u);
}

}  // namespace
}  // namespace palcheck
