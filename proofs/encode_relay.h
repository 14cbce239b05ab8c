// def:relay (eq:relay) as a Z3 formula: the relay step exactly as the reference runs it (relay.h),
// tie rule as printed (u >= alpha first). Used by every BMC over relay states; the other tie rules are
// the semantic mutants of the proofs about relays (mutation.h).
#pragma once

#include "reference/readings.h"
#include "smt/mutation.h"
#include "smt/term.h"

#include <string>
#include <vector>

namespace palcheck::proofs {

/// One step of eq:relay: on if u >= alpha, else off if u <= beta, else `previous` (Bool).
smt::Term relay_step(const smt::Term& alpha, const smt::Term& beta, const smt::Term& u, const smt::Term& previous);

/// One step of the relay under tie rule `rule` (TieRule::AsPrinted is relay_step above).
smt::Term relay_step(const smt::Term& alpha, const smt::Term& beta, const smt::Term& u, const smt::Term& previous,
                     TieRule rule);

/// "x decides the state s" with the printed tie order: x >= alpha is read first (s on), else x <= beta (s off);
/// false when x lies inside the dead band. Where x = alpha = beta only s on is accepted, so a proof whose
/// invariant reads a relay state from an entry this way tells the printed tie order from the flipped one.
smt::Term decides_state(const smt::Term& alpha, const smt::Term& beta, const smt::Term& x, const smt::Term& s);

/// The relay's state after each input of u, starting from `initial_on`.
std::vector<smt::Term> relay_run(const smt::Term& alpha, const smt::Term& beta, const std::vector<smt::Term>& u,
                                 bool initial_on);

/// The relay step's mutant that flips the state inside the dead band instead of holding it, as `change`
/// of a proof's own mutant enum: one name and one description wherever a proof relies on eq:relay's hold.
template <class Change>
smt::Mutant<Change> hold_inverted(Change change) {
  return {change, "hold inverted", "inside the dead band the relay flips its state instead of holding it",
          ModelDefinition::RelayStep};
}

/// The relay step's mutant that reads u <= beta before u >= alpha (relay_step under TieRule::OffFirst).
template <class Change>
smt::Mutant<Change> tie_order_flipped(Change change) {
  return {change, "tie order flipped", "the relay reads u <= beta before u >= alpha", ModelDefinition::RelayStep};
}

/// The relay step's mutant that switches on only when u > alpha (eq:relay's u >= alpha made strict).
template <class Change>
smt::Mutant<Change> strict_relay_on(Change change) {
  return {change, "relay on made strict", "the relay switches on only when u > alpha", ModelDefinition::RelayStep};
}

/// The relay step's mutant that switches off only when u < beta (eq:relay's u <= beta made strict).
template <class Change>
smt::Mutant<Change> strict_relay_off(Change change) {
  return {change, "relay off made strict", "the relay switches off only when u < beta", ModelDefinition::RelayStep};
}

/// The relay step's mutant that reads the previous input too: it switches on only when its signal rises across
/// alpha; `previous` names the position it reads ("m-1").
template <class Change>
smt::Mutant<Change> rate_dependent_relay(Change change, const std::string& previous) {
  return {change, "rate-dependent relay",
          "the relay switches on only when its signal rises across alpha (it reads " + previous + ")",
          ModelDefinition::RelayStep};
}

}  // namespace palcheck::proofs
