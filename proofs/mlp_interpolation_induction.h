// lem:mlp_width with scalar codes: for every |Q|, |Sigma|, |Gamma| and every transition table delta, the
// network of reference/models/tc_mlp.h's interpolation_table_mlp outputs delta(q, a, s1, s2) exactly on the
// integer codes: its key q + |Q|(a + |Sigma|(s1 + |Gamma| s2)) numbers the N = |Q||Sigma||Gamma|^2 entries
// one-to-one onto 0..N-1 (mixed radix), and its N - 1 hidden neurons ReLU(key - j) with output weights
// the slope changes of the table interpolate it exactly at every integer key (induction over the neurons).
// Z3-free interface.
#pragma once

#include "smt/query_chain.h"

#include <vector>

namespace palcheck::proofs {

/// One piece of the proof changed on purpose: its semantic mutants (smt/mutation.h), whose order numbers
/// their query files.
enum class MlpInterpolationChange {
  None,            ///< the real encoding
  SlopeNotChange,  ///< output weight c_j = slope_j, not the change of slope at j
  KinkOffByOne,    ///< hidden neuron j is ReLU(key - j - 1)
  RadixOffByOne,   ///< the key's first radix is |Q| - 1
  NeuronFewer,     ///< the network stops one neuron early (N - 2 neurons)
};

/// The proof's mutants.
std::vector<smt::Mutant<MlpInterpolationChange>> mlp_interpolation_mutants();

/// The proof under mutant `mutant` (None: the real encoding).
smt::InductionProof prove_mlp_interpolation(const RunConfig& config,
                                            MlpInterpolationChange mutant = MlpInterpolationChange::None);

/// The words of the PROVED report.
smt::InductionClaim mlp_interpolation_claim();

}  // namespace palcheck::proofs
