// rem:backprop:off_ties: when no input equals alpha or beta, the tau -> 0 limit of the stateful sigmoid
// relaxation s_{n+1} = s_n [1 - sig(beta - u_n)] + (1 - s_n) sig(u_n - alpha) is the relay shifted by one
// step: lim s_{n+1} = relay[u](n) for every n, from either initial state, by induction over n with the
// limit sigmoid of reference/models/sigmoid_relaxation.h (1, 1/2, 0 for x > 0, = 0, < 0). Z3-free interface.
#pragma once

#include "smt/query_chain.h"

#include <vector>

namespace palcheck::proofs {

/// The semantic mutants of the induction (ProofMutant::id values; 0 is the real encoding).
enum RelaxationMutant : int {
  kTiesAllowed = 1,    ///< the hypothesis "no input equals alpha or beta" dropped
  kSameStep,           ///< s_n compared with relay(n), as the indices are printed
  kSignFlipped,        ///< sig(u_n - beta) in place of sig(beta - u_n)
  kOtherInitialState,  ///< s_0 is the other initial state
};

/// The induction's mutants.
std::vector<ProofMutant> relaxation_mutants();

/// The induction under mutant `mutant` (0: the real encoding).
InductionProof prove_relaxation_limit(const RunConfig& config, int mutant = 0);

/// The words of the PROVED report.
InductionClaim relaxation_claim();

}  // namespace palcheck::proofs
