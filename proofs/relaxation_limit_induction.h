// rem:backprop:off_ties: when no input equals alpha or beta, the tau -> 0 limit of the stateful sigmoid
// relaxation s_{n+1} = s_n [1 - sig(beta - u_n)] + (1 - s_n) sig(u_n - alpha) is the relay shifted by one
// step: lim s_{n+1} = relay[u](n) for every n, from either initial state, by induction over n with the
// limit sigmoid of reference/models/sigmoid_relaxation.h (1, 1/2, 0 for x > 0, = 0, < 0). Z3-free interface.
#pragma once

#include "smt/query_chain.h"

#include <vector>

namespace palcheck::proofs {

/// One piece of the induction changed on purpose: its semantic mutants (smt/mutation.h), whose order numbers
/// their query files.
enum class RelaxationChange {
  None,               ///< the real encoding
  TiesAllowed,        ///< the hypothesis "no input equals alpha or beta" dropped
  SameStep,           ///< s_n compared with relay(n), as the indices are printed
  SignFlipped,        ///< sig(u_n - beta) in place of sig(beta - u_n)
  OtherInitialState,  ///< s_0 is the other initial state
  HoldInverted,       ///< the relay flips its state inside the dead band instead of holding it
};

/// The induction's mutants.
std::vector<smt::Mutant<RelaxationChange>> relaxation_mutants();

/// The induction under mutant `mutant` (None: the real encoding).
smt::InductionProof prove_relaxation_limit(const RunConfig& config, RelaxationChange mutant = RelaxationChange::None);

/// The words of the PROVED report.
smt::InductionClaim relaxation_claim();

}  // namespace palcheck::proofs
