// rem:maxcut:identity: with E of eq:ising_energy, h = 0, J_ij = -w_ij and edge weights w_ij >= 0,
// CUT(sigma) = (E_max - E(sigma))/2 for every sigma of every graph (not only the optimal cut), by
// induction over the edges: E(sigma) = W - 2 CUT(sigma) and CUT(sigma) >= 0 as each edge is added (W the
// total weight), E at the all-+1 configuration is W, so E_max = W. Z3-free interface.
#pragma once

#include "smt/query_chain.h"

#include <vector>

namespace palcheck::proofs {

/// The semantic mutants of the induction (ProofMutant::id values; 0 is the real encoding).
enum MaxcutMutant : int {
  kNegativeWeights = 1,  ///< the hypothesis w_ij >= 0 dropped
  kLiteralSign,          ///< J_ij = +w_ij
  kCutCountsEqualEnds,   ///< an edge is cut when its spins are equal
  kSpinsZeroOne,         ///< spins in {0, 1} in place of {-1, +1}
};

/// The induction's mutants.
std::vector<ProofMutant> maxcut_mutants();

/// The induction under mutant `mutant` (0: the real encoding).
InductionProof prove_maxcut_identity(const RunConfig& config, int mutant = 0);

/// The words of the PROVED report.
InductionClaim maxcut_claim();

}  // namespace palcheck::proofs
