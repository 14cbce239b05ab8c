// repair:prop:wiping, ref:return_point_memory, ref:congruency for every length of the excursion and of
// the history, by induction over the excursion's inputs. The history before the excursion is a symbolic
// prior relay state (any prefix of any length leaves some state), the excursion is a step "one more
// input inside the interval" repeated any number of times, and every relay (alpha >= beta symbolic) is
// covered, so every PAL output (a weighted sum of relay states) is.
#pragma once

#include "smt/induction_report.h"

#include <string>
#include <vector>

namespace palcheck::proofs {

/// Which excursion statement.
enum class Excursion {
  Wiping,       ///< repair:prop:wiping: deleting an excursion inside a monotone pass, or a passed extremum
  ReturnPoint,  ///< ref:return_point_memory: a minor loop inside [a, h] closes at a
  Congruency,   ///< ref:congruency: the same path from a changes every relay alike after two histories
};

/// One piece of an excursion induction changed on purpose: its semantic mutants (smt/mutation.h).
enum class ExcursionChange {
  None,                      ///< the real step and invariant
  FarEndOpen,                ///< the step admits an input beyond the far end of the interval
  NearEndOpen,               ///< the step admits an input beyond the near end of the interval
  PassShort,                 ///< wiping: u_{r+1} need not pass the excursion's far end
  ThresholdDisjunctDropped,  ///< the invariant without its "a threshold resets the relay" disjunct
  StateDisjunctDropped,      ///< the invariant without its "the state is the compared one" disjunct
  HoldInverted,              ///< the relay step flips its state inside the dead band instead of holding it
};

/// The induction of `which`; with a `change`, its queries only (no witness), up to the first sat one.
smt::InductionProof prove_excursion(const RunConfig& config, Excursion which,
                                    ExcursionChange change = ExcursionChange::None);

/// Every semantic mutant `which` declares, each run.
std::vector<MutantResult> excursion_mutants(const RunConfig& config, Excursion which);

/// The words of `which`'s PROVED report.
smt::InductionClaim excursion_claim(Excursion which);

/// Replays prove_excursion's witness on the reference's relays: "" when the model's states are the
/// reference's, the excursion really moves the relay and the claim's equality holds; else what differed.
std::string replay_excursion(const Instance& witness);

}  // namespace palcheck::proofs
