// prop:no_copy, thm:separation:tr_only: the finite-image lemma closes for each function it rules out, and
// every declared semantic mutant (a rate-dependent relay, a dropped premise, an off-by-one pigeonhole, a
// state space without bound...) turns one of its queries sat.
#include "proofs/finite_image.h"
#include "tests/proofs/chain_expectations.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

constexpr FiniteImageTarget kTargets[] = {FiniteImageTarget::CopyRealTokens, FiniteImageTarget::CopyFiniteAlphabet,
                                          FiniteImageTarget::RangeRealTokens};

TEST(FiniteImage, ProvedForEveryTarget) {
  for (FiniteImageTarget target : kTargets) {
    InductionProof proof = prove_finite_image(RunConfig{}, target);
    testing::expect_closed(proof.proved, proof.queries, finite_image_claim(target).summary);
  }
}

TEST(FiniteImage, EveryMutantIsRefuted) {
  for (FiniteImageTarget target : kTargets) {
    std::string what = finite_image_claim(target).summary;
    testing::expect_three_mutants(finite_image_mutants(target), what);
    for (const Mutant<FiniteImageChange>& m : finite_image_mutants(target))
      testing::expect_refuted(m, prove_finite_image(RunConfig{}, target, m.change).queries, what);
  }
}

}  // namespace
}  // namespace palcheck::proofs
