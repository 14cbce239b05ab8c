// repair:thm:tc: what the generic simulation proof (tc_induction.h) runs and records, apart from how it is
// stated (tc_vocabulary.h), so that both read it: the mutations the proof must refute and the record of
// its queries.
#pragma once

#include "claims/instance.h"
#include "smt/induction_record.h"

#include <optional>
#include <vector>

namespace palcheck::proofs {

/// A semantic variation of the construction, the memory or the invariant (a mutant the proof must refute).
enum class TcMutation {
  None,                     ///< the real construction
  TieOrderFlipped,          ///< relays read "E[g] <= beta" first: a diagonal relay (j, j) is off at input j
  OtherInitialState,        ///< relays start on: the memory's entry 0 is a minimum
  PushDropped,              ///< the MLP's table emits the no-op's rise for a push
  PushDoubled,              ///< the MLP's table rises one level too deep for a push (M(a, D+2))
  ReaderThresholdOffByOne,  ///< the reader's top relays (M(k,d+1), m(i,d) + 1)
  SlotRelaysEqual,          ///< the reader's slot relays (P(d)+1, m(i,d)) lose their +1
  FallIgnoresReader,        ///< the MLP's falling token forgets the reader's output (2O - u)
  CutMayStopEarly,          ///< the memory's wiping cut need not stop at an entry u does not wipe
  EncodingLengthDropped,    ///< the invariant's encoding drops its length conjunct (L = 2D + 2)
  Z0BottomDropped,          ///< the invariant drops "Z0 only at the bottom" (so delta may pop Z0's level)
};

/// Every query of the proof.
struct TcInduction {
  std::vector<smt::InductionQuery> queries;  ///< the lemmas, in order ("part: name")
  smt::InductionQuery witness_query;         ///< non-vacuity (a): a pop step that wipes a level, sat
  std::optional<Instance> reachable_state;   ///< its model as reference inputs
  bool proved = false;                       ///< every query unsat in both solvers
};

}  // namespace palcheck::proofs
