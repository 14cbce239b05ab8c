// repair:prop:wiping, ref:return_point_memory, ref:congruency for every length of the excursion and of
// the history, by induction over the excursion's inputs. The history before the excursion is a symbolic
// prior relay state (any prefix of any length leaves some state), the excursion is a step "one more
// input inside the interval" repeated any number of times, and every relay (alpha >= beta symbolic) is
// covered, so every PAL output (a weighted sum of relay states) is.
#pragma once

#include "proofs/induction_report.h"

#include <string>

namespace palcheck::proofs {

/// Which excursion statement.
enum class Excursion {
  Wiping,       ///< repair:prop:wiping: deleting an excursion inside a monotone pass, or a passed extremum
  ReturnPoint,  ///< ref:return_point_memory: a minor loop inside [a, h] closes at a
  Congruency,   ///< ref:congruency: the same path from a changes every relay alike after two histories
};

/// A piece of the step broken on purpose (non-vacuity (c)).
enum class ExcursionBreak {
  None,      ///< the real step
  Interval,  ///< the step admits an input beyond the far end of the interval
};

/// The induction of `which` under `broken`.
InductionProof prove_excursion(const RunConfig& config, Excursion which, ExcursionBreak broken = ExcursionBreak::None);

/// The words of `which`'s PROVED report.
InductionClaim excursion_claim(Excursion which);

/// Replays prove_excursion's witness on the reference's relays: "" when the model's states are the
/// reference's, the excursion really moves the relay and the claim's equality holds; else what differed.
std::string replay_excursion(const Instance& witness);

}  // namespace palcheck::proofs
