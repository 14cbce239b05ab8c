// repair:lem:pop_one, ref:algorithm1_steps, prop:complexity:counts: Algorithm 1's facts that hold, for
// every stack depth and every sequence length. The stack is a pair of Z3 arrays Int -> Real (M, m) plus a
// depth D; the pop loop "while the top pair passes the test, pop it" is proved by induction over its
// iterations (loop state: depth d, pops k), and the counts by induction over the sequence with the
// loop's exit characterised by a symbolic cut, not unrolled to a bound.
#pragma once

#include "reference/readings.h"
#include "smt/induction_report.h"

#include <string>
#include <vector>

namespace palcheck::proofs {

/// Which fact of Algorithm 1.
enum class Algorithm1Fact {
  PopOne,  ///< repair:lem:pop_one: the rising signal M_{top-1} - eps pops exactly the top pair
  Steps,   ///< ref:algorithm1_steps: the loop pops exactly the maximal top run the printed test removes
  Counts,  ///< prop:complexity:counts: pushes, pops and depth over the whole sequence
};

/// One piece of Algorithm 1 (or of a proof's invariant) changed on purpose: the semantic mutants of its
/// inductions (smt/mutation.h). Each fact declares the changes its queries must tell from the real code.
enum class Algorithm1Change {
  None,               ///< the printed algorithm
  PrintedSignal,      ///< PopOne: the printed POP signal M_{top-1} + 2eps instead of the repair's
  EpsBoundNonStrict,  ///< PopOne: eps <= M_{top-1} - M_top (the strict bound made non-strict)
  FallingTest,        ///< PopOne: the rising signal meets the falling test m[q] > u
  LoopBoundDropped,   ///< PopOne: the loop invariant without its conjunct k <= 1
  LoopStopsAfterOne,  ///< Steps: the loop stops after one pop
  LoopTestNonStrict,  ///< Steps: the loop's test M[q] < u (m[q] > u) made non-strict, the printed test kept
  RisingNonStrict,    ///< the rising branch taken on u >= u_n: an equal input runs it
  PushDropped,        ///< a differing input pushes nothing
  PushDoubled,        ///< a differing input pushes two pairs
  PushBelowTop,       ///< the pair is pushed one slot down, over the last pair the loop left
  FirstPushFlipped,   ///< Counts: the first input pushes as under the other first-input reading
  PopBelowBottom,     ///< Counts: the pop loop may run below the bottom of the stack
};

/// The induction of `fact`; `first` matters for Counts only (the pop loop is the same in every reading).
/// With a `change`, its queries only (no witness), up to the first that is sat.
smt::InductionProof prove_algorithm1(const RunConfig& config, Algorithm1Fact fact, FirstInput first = FirstInput::Empty,
                                     Algorithm1Change change = Algorithm1Change::None);

/// The definitions `fact`'s queries encode: the pop loop and the POP signal (PopOne), or the push and
/// the pop loop (Steps, Counts).
std::vector<ModelDefinition> algorithm1_relies_on(Algorithm1Fact fact);

/// Every semantic mutant `fact` declares, each run.
std::vector<MutantResult> algorithm1_mutants(const RunConfig& config, Algorithm1Fact fact, FirstInput first);

/// The words of `fact`'s PROVED report.
smt::InductionClaim algorithm1_claim(Algorithm1Fact fact, FirstInput first);

/// Replays prove_algorithm1's witness on the reference Algorithm 1: "" when its last step pops what the
/// model says and the fact's premises hold there; else what differed.
std::string replay_algorithm1(const Instance& witness);

}  // namespace palcheck::proofs
