// rem:backprop:off_ties, rem:maxcut:identity, rem:heads_dims:parameters, lem:mlp_width (both input
// encodings): each short proof closes (every query unsat in Z3 and cvc5), and each declared semantic mutant
// (a dropped hypothesis, a flipped sign, an off-by-one, the other initial state...) turns one of its queries
// sat.
#include "proofs/maxcut_identity_induction.h"
#include "proofs/mlp_interpolation_induction.h"
#include "proofs/mlp_width_induction.h"
#include "proofs/parameter_count_induction.h"
#include "proofs/relaxation_limit_induction.h"

#include <gtest/gtest.h>

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
    EXPECT_TRUE(proof.proved) << p.label;
    for (const InductionQuery& q : proof.queries) {
      EXPECT_EQ(q.z3, "unsat") << p.label << ": " << q.name;
      EXPECT_EQ(q.cvc5, "unsat") << p.label << ": " << q.name;
    }
  }
}

TEST(ArithmeticClaims, EveryMutantIsRefuted) {
  for (const ShortProof& p : kProofs) {
    std::vector<ProofMutant> mutants = p.mutants();
    EXPECT_GE(mutants.size(), 3u) << p.label;
    for (const ProofMutant& m : mutants) {
      InductionProof proof = p.prove(RunConfig{}, m.id);
      std::string answers;
      for (const InductionQuery& q : proof.queries) answers += "\n  " + q.name + ": z3 " + q.z3 + ", cvc5 " + q.cvc5;
      EXPECT_TRUE(some_query_sat(proof)) << p.label << ": mutant '" << m.name << "' (" << m.breaks << ") stays unsat"
                                         << answers;
    }
  }
}

}  // namespace
}  // namespace palcheck::proofs
