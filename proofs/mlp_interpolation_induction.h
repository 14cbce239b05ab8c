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

/// The semantic mutants of the proof (ProofMutant::id values; 0 is the real encoding).
enum MlpInterpolationMutant : int {
  kSlopeNotChange = 1,  ///< output weight c_j = slope_j, not the change of slope at j
  kKinkOffByOne,        ///< hidden neuron j is ReLU(key - j - 1)
  kRadixOffByOne,       ///< the key's first radix is |Q| - 1
  kNeuronFewer,         ///< the network stops one neuron early (N - 2 neurons)
};

/// The proof's mutants.
std::vector<ProofMutant> mlp_interpolation_mutants();

/// The proof under mutant `mutant` (0: the real encoding).
InductionProof prove_mlp_interpolation(const RunConfig& config, int mutant = 0);

/// The words of the PROVED report.
InductionClaim mlp_interpolation_claim();

}  // namespace palcheck::proofs
