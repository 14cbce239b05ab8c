// lem:mlp_width with one-hot inputs: for every |Q|, |Sigma|, |Gamma| and every transition table delta, the
// two-layer ReLU network with one hidden neuron ReLU(x_q + x_a + x_s1 + x_s2 - 3) per entry
// (q, a, s1, s2) of Q x Sigma x Gamma x Gamma (width |Q||Sigma||Gamma|^2) and output weights delta(entry)
// outputs delta(q, a, s1, s2) exactly: a neuron fires (value 1) exactly at its own entry, and the output
// layer's sum over the entries, taken one at a time in any order, keeps only that entry's value.
// Z3-free interface.
#pragma once

#include "smt/query_chain.h"

#include <vector>

namespace palcheck::proofs {

/// One piece of the proof changed on purpose: its semantic mutants (smt/mutation.h), whose order numbers
/// their query files.
enum class MlpWidthChange {
  None,          ///< the real encoding
  BiasOffByOne,  ///< the indicator's bias -2 in place of -3
  FieldIgnored,  ///< the indicator ignores s2 (three one-hot inputs, bias -2)
  EntryTwice,    ///< the sum may take an entry twice
};

/// The proof's mutants.
std::vector<smt::Mutant<MlpWidthChange>> mlp_width_mutants();

/// The proof under mutant `mutant` (None: the real encoding).
smt::InductionProof prove_mlp_width(const RunConfig& config, MlpWidthChange mutant = MlpWidthChange::None);

/// The words of the PROVED report.
smt::InductionClaim mlp_width_claim();

}  // namespace palcheck::proofs
