// def:relay (eq:relay) as a Z3 formula: the relay step exactly as the reference runs it (relay.h),
// tie rule as printed (u >= alpha first). Used by every BMC over relay states.
#pragma once

#include <z3++.h>

#include <vector>

namespace palcheck::proofs {

/// One step of eq:relay: on if u >= alpha, else off if u <= beta, else `previous` (Bool).
z3::expr relay_step(const z3::expr& alpha, const z3::expr& beta, const z3::expr& u, const z3::expr& previous);

/// The relay's state after each input of u, starting from `initial_on`.
std::vector<z3::expr> relay_run(const z3::expr& alpha, const z3::expr& beta, const std::vector<z3::expr>& u,
                                bool initial_on);

}  // namespace palcheck::proofs
