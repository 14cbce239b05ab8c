// thm:separation:tr_only, prop:range_hard: the one-layer, two-head hard-attention transformer of
// claims/constructions/separation_witnesses.h (range_heads(): tokens (x_j, 1), no PE, scores x_j and
// -x_j, values x_j, read-out (1, -1)) outputs max - min of x_0..x_n exactly, for every n and every real
// input, under both tie rules of hard attention: one maximiser selected (leftmost, or any other), or
// the average over all maximisers (an induction over the positions). The heads' weights are read from
// range_heads(), so the proof is about that construction. Z3-free interface.
#pragma once

#include "reference/models/transformer_hard_attention.h"
#include "smt/query_chain.h"

#include <vector>

namespace palcheck::proofs {

/// The semantic mutants of the range transformer's proof (ProofMutant::id values; 0 is the real encoding).
enum RangeTransformerMutant : int {
  kMinHeadScoresMax = 1,  ///< the second head's key map flipped: it scores x_j, like the first
  kReadOutAdds,           ///< the read-out adds the heads' values instead of subtracting
  kSelectionAnyPosition,  ///< the selected position need not maximise the score
  kAverageOverAll,        ///< average ties: the mean runs over every position, not over the maximisers
};

/// The mutants that apply under `tie`.
std::vector<ProofMutant> range_transformer_mutants(ArgmaxTie tie);

/// The proof under `tie` and mutant `mutant` (0: the real encoding).
InductionProof prove_range_transformer(const RunConfig& config, ArgmaxTie tie, int mutant = 0);

/// The words of the PROVED report under `tie`.
InductionClaim range_transformer_claim(ArgmaxTie tie);

}  // namespace palcheck::proofs
