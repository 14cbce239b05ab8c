// rem:backprop:off_ties, rem:maxcut:identity, rem:heads_dims:parameters, lem:mlp_width (both input
// encodings): each short proof closes (every query unsat in Z3 and cvc5), and each declared semantic mutant
// (a dropped hypothesis, a flipped sign, an off-by-one, the other initial state...) turns one of its queries
// sat.
#include "proofs/maxcut_identity_induction.h"
#include "proofs/mlp_interpolation_induction.h"
#include "proofs/mlp_width_induction.h"
#include "proofs/parameter_count_induction.h"
#include "proofs/relaxation_limit_induction.h"
#include "tests/proofs/chain_expectations.h"

namespace palcheck::proofs {

using namespace smt;

namespace {

// Each proof takes its own enum of mutants, so the two tests below name every proof once each.
template <class Change>
void expect_closes(const char* label, InductionProof (*prove)(const RunConfig&, Change)) {
  InductionProof proof = prove(RunConfig{}, Change{});
  testing::expect_closed(proof.proved, proof.queries, label);
}

template <class Change>
void expect_pinned(const char* label, InductionProof (*prove)(const RunConfig&, Change),
                   std::vector<Mutant<Change>> (*mutants)()) {
  testing::expect_three_mutants(mutants(), label);
  for (const Mutant<Change>& m : mutants()) testing::expect_refuted(m, prove(RunConfig{}, m.change).queries, label);
}

TEST(ArithmeticClaims, EveryProofCloses) {
  expect_closes("rem:backprop:off_ties", prove_relaxation_limit);
  expect_closes("rem:maxcut:identity", prove_maxcut_identity);
  expect_closes("rem:heads_dims:parameters", prove_parameter_counts);
  expect_closes("lem:mlp_width", prove_mlp_width);
  expect_closes("lem:mlp_width", prove_mlp_interpolation);
}

TEST(ArithmeticClaims, EveryMutantIsRefuted) {
  expect_pinned("rem:backprop:off_ties", prove_relaxation_limit, relaxation_mutants);
  expect_pinned("rem:maxcut:identity", prove_maxcut_identity, maxcut_mutants);
  expect_pinned("rem:heads_dims:parameters", prove_parameter_counts, parameter_count_mutants);
  expect_pinned("lem:mlp_width", prove_mlp_width, mlp_width_mutants);
  expect_pinned("lem:mlp_width", prove_mlp_interpolation, mlp_interpolation_mutants);
}

}  // namespace
}  // namespace palcheck::proofs
