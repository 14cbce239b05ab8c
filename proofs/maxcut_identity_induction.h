// rem:maxcut:identity: with E of eq:ising_energy, h = 0, J_ij = -w_ij and edge weights w_ij >= 0,
// CUT(sigma) = (E_max - E(sigma))/2 for every sigma of every graph (not only the optimal cut), by
// induction over the edges: E(sigma) = W - 2 CUT(sigma) and CUT(sigma) >= 0 as each edge is added (W the
// total weight), E at the all-+1 configuration is W, so E_max = W. Z3-free interface.
#pragma once

#include "smt/query_chain.h"

#include <vector>

namespace palcheck::proofs {

/// One piece of the induction changed on purpose: its semantic mutants (smt/mutation.h), whose order numbers
/// their query files.
enum class MaxcutChange {
  None,                ///< the real encoding
  NegativeWeights,     ///< the hypothesis w_ij >= 0 dropped
  LiteralSign,         ///< J_ij = +w_ij
  CutCountsEqualEnds,  ///< an edge is cut when its spins are equal
  SpinsZeroOne,        ///< spins in {0, 1} in place of {-1, +1}
};

/// The induction's mutants.
std::vector<smt::Mutant<MaxcutChange>> maxcut_mutants();

/// The induction under mutant `mutant` (None: the real encoding).
smt::InductionProof prove_maxcut_identity(const RunConfig& config, MaxcutChange mutant = MaxcutChange::None);

/// The words of the PROVED report.
smt::InductionClaim maxcut_claim();

}  // namespace palcheck::proofs
