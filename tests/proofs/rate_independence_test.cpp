// prop:rate_independence by induction over the reparametrised sequence (proofs/check_rate_independence.cpp):
// PROVED in both solvers for every relay, every prior state and every discrete phi; each of its queries is
// needed (a mutant of the relay step, or without one premise, turns one sat).
#include "tests/proofs/proof_registry.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace palcheck {
namespace {

TEST(RateIndependence, ProvedByInductionOverTheReparametrisedSequence) {
  const CheckResult r = testing::only_result("prop:rate_independence");
  EXPECT_EQ(r.method, "induction");
  EXPECT_TRUE(testing::proved_in_both(r));
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
