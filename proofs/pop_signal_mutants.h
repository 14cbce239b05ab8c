// lem:pop_one, repair:lem:pop_one: the POP signal's mutants, one name and one description wherever a proof of
// the pop (Algorithm 1's loop, the classical memory's, the stack claims) changes the signal: sent as printed,
// or with the bound on eps doubled.
#pragma once

#include "smt/mutation.h"

namespace palcheck::proofs {

/// The pop's mutant that sends the printed POP signal M_{top-1} + 2eps in place of the repair's.
template <class Change>
smt::Mutant<Change> printed_pop_signal(Change change) {
  return {change, "printed signal", "the POP signal is the printed M_{top-1} + 2eps", ModelDefinition::Encoding};
}

/// The pop's mutant that bounds eps by 2 (M_{top-1} - M_top), so the signal may stay below M_top.
template <class Change>
smt::Mutant<Change> pop_eps_doubled(Change change) {
  return {change, "eps bound doubled", "eps < 2 (M_{top-1} - M_top), so the signal may stay below M_top"};
}

}  // namespace palcheck::proofs
