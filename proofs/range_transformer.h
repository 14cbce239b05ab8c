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

/// One piece of the range transformer's proof changed on purpose: its semantic mutants (smt/mutation.h), whose order
/// numbers their query files.
enum class RangeTransformerChange {
  None,                  ///< the real encoding
  MinHeadScoresMax,      ///< the second head's key map flipped: it scores x_j, like the first
  ReadOutAdds,           ///< the read-out adds the heads' values instead of subtracting
  SelectionAnyPosition,  ///< the selected position need not maximise the score
  AverageOverAll,        ///< average ties: the mean runs over every position, not over the maximisers
};

/// The mutants that apply under `tie`.
std::vector<smt::Mutant<RangeTransformerChange>> range_transformer_mutants(ArgmaxTie tie);

/// The proof under `tie` and mutant `mutant` (None: the real encoding).
smt::InductionProof prove_range_transformer(const RunConfig& config, ArgmaxTie tie,
                                            RangeTransformerChange mutant = RangeTransformerChange::None);

/// The words of the PROVED report under `tie`.
smt::InductionClaim range_transformer_claim(ArgmaxTie tie);

}  // namespace palcheck::proofs
