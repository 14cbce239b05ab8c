// repair:lem:pop_one, ref:algorithm1_steps, prop:complexity:counts: Algorithm 1's facts that hold, for
// every stack depth and every sequence length. The stack is a pair of Z3 arrays Int -> Real (M, m) plus a
// depth D; the pop loop "while the top pair passes the test, pop it" is proved by induction over its
// iterations (loop state: depth d, pops k), and the counts by induction over the sequence with the
// loop's exit characterised by a symbolic cut, not unrolled to a bound.
#pragma once

#include "proofs/induction_report.h"
#include "reference/readings.h"

#include <string>

namespace palcheck::proofs {

/// Which fact of Algorithm 1.
enum class Algorithm1Fact {
  PopOne,  ///< repair:lem:pop_one: the rising signal M_{top-1} - eps pops exactly the top pair
  Steps,   ///< ref:algorithm1_steps: the loop pops exactly the maximal top run the printed test removes
  Counts,  ///< prop:complexity:counts: pushes, pops and depth over the whole sequence
};

/// A piece broken on purpose (non-vacuity (c)); what it breaks depends on the fact.
enum class Algorithm1Break {
  None,  ///< the real algorithm
  Loop,  ///< PopOne: the printed signal M_{top-1} + 2eps; Steps: the loop stops after one pop; Counts: the
         ///< pop loop may run below the bottom of the stack
};

/// The induction of `fact`; `first` matters for Counts only (the pop loop is the same in every reading).
InductionProof prove_algorithm1(const RunConfig& config, Algorithm1Fact fact, FirstInput first = FirstInput::Empty,
                                Algorithm1Break broken = Algorithm1Break::None);

/// The words of `fact`'s PROVED report.
InductionClaim algorithm1_claim(Algorithm1Fact fact, FirstInput first);

/// Replays prove_algorithm1's witness on the reference Algorithm 1: "" when its last step pops what the
/// model says and the fact's premises hold there; else what differed.
std::string replay_algorithm1(const Instance& witness);

}  // namespace palcheck::proofs
