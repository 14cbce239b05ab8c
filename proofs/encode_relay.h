// def:relay (eq:relay) as a Z3 formula: the relay step exactly as the reference runs it (relay.h),
// tie rule as printed (u >= alpha first). Used by every BMC over relay states; the other tie rules are
// the semantic mutants of the proofs about relays (mutation.h).
#pragma once

#include "reference/readings.h"

#include <z3++.h>

#include <vector>

namespace palcheck::proofs {

/// One step of eq:relay: on if u >= alpha, else off if u <= beta, else `previous` (Bool).
z3::expr relay_step(const z3::expr& alpha, const z3::expr& beta, const z3::expr& u, const z3::expr& previous);

/// One step of the relay under tie rule `rule` (TieRule::AsPrinted is relay_step above).
z3::expr relay_step(const z3::expr& alpha, const z3::expr& beta, const z3::expr& u, const z3::expr& previous,
                    TieRule rule);

/// "x decides the state s" with the printed tie order: x >= alpha is read first (s on), else x <= beta (s off);
/// false when x lies inside the dead band. Where x = alpha = beta only s on is accepted, so a proof whose
/// invariant reads a relay state from an entry this way tells the printed tie order from the flipped one.
z3::expr decides_state(const z3::expr& alpha, const z3::expr& beta, const z3::expr& x, const z3::expr& s);

/// The relay's state after each input of u, starting from `initial_on`.
std::vector<z3::expr> relay_run(const z3::expr& alpha, const z3::expr& beta, const std::vector<z3::expr>& u,
                                bool initial_on);

}  // namespace palcheck::proofs
