// rem:heads_dims:parameters: for every L >= 1 and H >= 1, the grid G_L has L(L+1)/2 relays (induction over
// L), so H scalar heads carry H L(L+1)/2 measure weights, between H L^2 / 2 and H L^2, and one H-dimensional
// vPAL head, read as the H-fold product of grid half-planes, carries exactly (L(L+1)/2)^H (2^H P = (L(L+1))^H),
// between L^(2H) / 2^H and L^(2H) (induction over H): the remark's H L^2 and L^(2H) hold as orders of growth. Z3-free interface.
#pragma once

#include "smt/query_chain.h"

#include <vector>

namespace palcheck::proofs {

/// One piece of the proof changed on purpose: its semantic mutants (smt/mutation.h), whose order numbers
/// their query files.
enum class ParameterCountChange {
  None,                  ///< the real encoding
  RowOffByOne,           ///< row L+1 of the grid adds L relays in place of L+1
  ScalarWithoutHalf,     ///< the scalar lower bound H L^2 in place of H L^2 / 2
  ProductWithoutFactor,  ///< the product's lower bound L^(2H) in place of L^(2H) / 2^H
  FactorSquared,         ///< each vPAL factor L^2 in place of |G_L|
};

/// The proof's mutants.
std::vector<smt::Mutant<ParameterCountChange>> parameter_count_mutants();

/// The proof under mutant `mutant` (None: the real encoding).
smt::InductionProof prove_parameter_counts(const RunConfig& config,
                                           ParameterCountChange mutant = ParameterCountChange::None);

/// The words of the PROVED report.
smt::InductionClaim parameter_count_claim();

}  // namespace palcheck::proofs
