// rem:heads_dims:parameters: for every L >= 1 and H >= 1, the grid G_L has L(L+1)/2 relays (induction over
// L), so H scalar heads carry H L(L+1)/2 measure weights, between H L^2 / 2 and H L^2, and one H-dimensional
// vPAL head, read as the H-fold product of grid half-planes, carries (L(L+1)/2)^H, between L^(2H) / 2^H and
// L^(2H) (induction over H): the remark's H L^2 and L^(2H) hold as orders of growth. Z3-free interface.
#pragma once

#include "smt/query_chain.h"

#include <vector>

namespace palcheck::proofs {

/// The semantic mutants of the proof (ProofMutant::id values; 0 is the real encoding).
enum ParameterCountMutant : int {
  kRowOffByOne = 1,       ///< row L+1 of the grid adds L relays in place of L+1
  kScalarWithoutHalf,     ///< the scalar lower bound H L^2 in place of H L^2 / 2
  kProductWithoutFactor,  ///< the product's lower bound L^(2H) in place of L^(2H) / 2^H
};

/// The proof's mutants.
std::vector<ProofMutant> parameter_count_mutants();

/// The proof under mutant `mutant` (0: the real encoding).
InductionProof prove_parameter_counts(const RunConfig& config, int mutant = 0);

/// The words of the PROVED report.
InductionClaim parameter_count_claim();

}  // namespace palcheck::proofs
