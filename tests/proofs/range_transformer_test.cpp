// thm:separation:tr_only, prop:range_hard: the range transformer's proof closes under both tie rules, and
// every declared semantic mutant (a head's key map flipped, the read-out adding, a selection that need not
// maximise, an average over every position) turns one of its queries sat.
#include "proofs/range_transformer.h"
#include "tests/proofs/chain_expectations.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

TEST(RangeTransformer, ProvedUnderBothTieRules) {
  for (ArgmaxTie tie : {ArgmaxTie::Leftmost, ArgmaxTie::Average}) {
    InductionProof proof = prove_range_transformer(RunConfig{}, tie);
    testing::expect_closed(proof.proved, proof.queries, to_string(tie));
  }
}

TEST(RangeTransformer, EveryMutantIsRefuted) {
  for (ArgmaxTie tie : {ArgmaxTie::Leftmost, ArgmaxTie::Average}) {
    testing::expect_three_mutants(range_transformer_mutants(tie), to_string(tie));
    for (const Mutant<RangeTransformerChange>& m : range_transformer_mutants(tie))
      testing::expect_refuted(m, prove_range_transformer(RunConfig{}, tie, m.change).queries, to_string(tie));
  }
}

}  // namespace
}  // namespace palcheck::proofs
