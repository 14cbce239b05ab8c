// prop:no_copy, thm:separation:tr_only: the finite-image lemma closes for each function it rules out, and
// every declared semantic mutant (a rate-dependent relay, a dropped premise, an off-by-one pigeonhole, a
// state space without bound...) turns one of its queries sat.
#include "proofs/finite_image.h"

#include <gtest/gtest.h>

namespace palcheck::proofs {
namespace {

constexpr FiniteImageTarget kTargets[] = {FiniteImageTarget::CopyRealTokens, FiniteImageTarget::CopyFiniteAlphabet,
                                          FiniteImageTarget::RangeRealTokens};

TEST(FiniteImage, ProvedForEveryTarget) {
  for (FiniteImageTarget target : kTargets) {
    InductionProof proof = prove_finite_image(RunConfig{}, target);
    EXPECT_TRUE(proof.proved) << static_cast<int>(target);
    for (const InductionQuery& q : proof.queries) {
      EXPECT_EQ(q.z3, "unsat") << q.name;
      EXPECT_EQ(q.cvc5, "unsat") << q.name;
    }
  }
}

TEST(FiniteImage, EveryMutantIsRefuted) {
  for (FiniteImageTarget target : kTargets) {
    std::vector<ProofMutant> mutants = finite_image_mutants(target);
    EXPECT_GE(mutants.size(), 3u);
    for (const ProofMutant& m : mutants) {
      InductionProof proof = prove_finite_image(RunConfig{}, target, m.id);
      EXPECT_FALSE(proof.proved) << m.name;
      std::string answers;
      for (const InductionQuery& q : proof.queries) answers += "\n  " + q.name + ": z3 " + q.z3 + ", cvc5 " + q.cvc5;
      EXPECT_TRUE(some_query_sat(proof)) << static_cast<int>(target) << ": mutant '" << m.name << "' (" << m.breaks
                                         << ") stays unsat" << answers;
    }
  }
}

}  // namespace
}  // namespace palcheck::proofs
