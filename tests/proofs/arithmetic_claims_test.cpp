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
namespace {

struct ShortProof {
  const char* label;
  InductionProof (*prove)(const RunConfig&, int);
  std::vector<ProofMutant> (*mutants)();
};

const ShortProof kProofs[] = {
    {"rem:backprop:off_ties", prove_relaxation_limit, relaxation_mutants},
    {"rem:maxcut:identity", prove_maxcut_identity, maxcut_mutants},
    {"rem:heads_dims:parameters", prove_parameter_counts, parameter_count_mutants},
    {"lem:mlp_width", prove_mlp_width, mlp_width_mutants},
    {"lem:mlp_width", prove_mlp_interpolation, mlp_interpolation_mutants},
};

TEST(ArithmeticClaims, EveryProofCloses) {
  for (const ShortProof& p : kProofs) {
    InductionProof proof = p.prove(RunConfig{}, 0);
    testing::expect_closed(proof.proved, proof.queries, p.label);
  }
}

TEST(ArithmeticClaims, EveryMutantIsRefuted) {
  for (const ShortProof& p : kProofs) {
    testing::expect_three_mutants(p.mutants(), p.label);
    for (const ProofMutant& m : p.mutants()) testing::expect_refuted(m, p.prove(RunConfig{}, m.id).queries, p.label);
  }
}

}  // namespace
}  // namespace palcheck::proofs
