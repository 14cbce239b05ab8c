// prop:no_copy, thm:separation:tr_only: the finite-image lemma. For every PAL-Transformer
// (def:pal_transformer, any depth, any heads), the output at position n is a function of the token at n
// and of the relay states at n-1, and those are finitely many bits; so, by the pigeonhole principle, no
// PAL-Transformer computes a function that takes more values than its relay states allow: f_copy over
// real tokens, f_copy over any alphabet of two symbols or more (with p given at the query position), and
// f_range over real tokens. Queries: the layer induction (two runs that agree on the token at n and on
// every relay state at n-1 agree on every layer at n), the pigeonhole principle by induction over the
// number of holes, and one conclusion per function. Z3-free interface.
#pragma once

#include "smt/query_chain.h"

#include <vector>

namespace palcheck::proofs {

/// The function shown out of reach of every PAL-Transformer.
enum class FiniteImageTarget {
  CopyRealTokens,      ///< prop:no_copy over real tokens: x_p as x_p ranges over R
  CopyFiniteAlphabet,  ///< prop:no_copy over an alphabet of >= 2 symbols: x_p for every p < n
  RangeRealTokens,     ///< thm:separation:tr_only: f_range(x_0, x_1) = |x_1 - x_0| as x_0 ranges over R
};

/// One piece of the lemma changed on purpose: its semantic mutants (smt/mutation.h), whose order numbers
/// their query files.
enum class FiniteImageChange {
  None,                  ///< the real encoding
  RateDependentRelay,    ///< the relay switches on only on a rise across alpha (reads the signal at n-1)
  StatesMayDiffer,       ///< the premise "same relay states at n-1" dropped
  ReadsAnotherPosition,  ///< the layer also reads its input at another position (as attention does)
  AsManyHolesAsPigeons,  ///< pigeonhole with one hole more
  NoRelabel,             ///< pigeonhole step without moving the pigeon of the last hole
  InjectivityDropped,    ///< pigeonhole step without its injectivity premise
  OutputReadsTarget,     ///< the output reads x_p itself (the query position is p)
  UnboundedStates,       ///< the relay states are not numbered 0..2^B - 1 (a real-valued memory)
  FiniteValuedTarget,    ///< the target takes two values ([v > 0]) in place of the function
  QueryBeforePrefix,     ///< the states at n-1 depend on p (p arrives before x_p)
  PrefixesNotDistinct,   ///< the prefixes need not differ at some position
};

/// The mutants that apply to `target`'s proof.
std::vector<smt::Mutant<FiniteImageChange>> finite_image_mutants(FiniteImageTarget target);

/// The lemma and its conclusion for `target`, under mutant `mutant` (None: the real encoding). A mutated chain
/// stops at its first sat query.
smt::InductionProof prove_finite_image(const RunConfig& config, FiniteImageTarget target,
                                       FiniteImageChange mutant = FiniteImageChange::None);

/// The words of `target`'s PROVED report.
smt::InductionClaim finite_image_claim(FiniteImageTarget target);

}  // namespace palcheck::proofs
