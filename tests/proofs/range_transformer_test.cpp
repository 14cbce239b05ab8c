// thm:separation:tr_only, prop:range_hard: the range transformer's proof closes under both tie rules, and
// every declared semantic mutant (a head's key map flipped, the read-out adding, a selection that need not
// maximise, an average over every position) turns one of its queries sat.
#include "proofs/range_transformer.h"

#include <gtest/gtest.h>

namespace palcheck::proofs {
namespace {

TEST(RangeTransformer, ProvedUnderBothTieRules) {
  for (ArgmaxTie tie : {ArgmaxTie::Leftmost, ArgmaxTie::Average}) {
    InductionProof proof = prove_range_transformer(RunConfig{}, tie);
    EXPECT_TRUE(proof.proved) << to_string(tie);
    for (const InductionQuery& q : proof.queries) EXPECT_EQ(q.cvc5, "unsat") << q.name;
  }
}

TEST(RangeTransformer, EveryMutantIsRefuted) {
  for (ArgmaxTie tie : {ArgmaxTie::Leftmost, ArgmaxTie::Average}) {
    std::vector<ProofMutant> mutants = range_transformer_mutants(tie);
    EXPECT_GE(mutants.size(), 3u);
    for (const ProofMutant& m : mutants) {
      InductionProof proof = prove_range_transformer(RunConfig{}, tie, m.id);
      EXPECT_TRUE(some_query_sat(proof)) << to_string(tie) << ": mutant '" << m.name << "' (" << m.breaks
                                         << ") stays unsat";
    }
  }
}

}  // namespace
}  // namespace palcheck::proofs
