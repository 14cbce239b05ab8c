// thm:tc, lem:stack_ops, def:encoding: the stack channels of the thm:tc construction exactly as
// printed, run on the reference's Preisach memory next to the PDA interpreter.
// Readings (each the most favourable one, so that a divergence is the printed recipe's own):
//  - the state channel, the input tape and the MLP are ideal: state, input symbol and delta are
//    passed exactly; only the stack channels 2 and 3 are under test;
//  - the base configuration Z0 is PUSH(Z0) at depth 0: code*(Z0,0)+eps, code*(Z0,0)-eps;
//  - one machine step is two tokens per channel; an operation with fewer signals emits nothing
//    more (an equal repeated input leaves the memory unchanged);
//  - the depth d of eq:push is the number of (maximum, minimum) pairs in the memory minus one;
//  - M_top, M_{top-1} are the last two maxima of the memory; the stack read back is the printed
//    decoding of every maximum, bottom first; Z0 is a_1, symbol g is a_{g+1}.
#pragma once

#include "../rational.h"
#include "../relay.h"
#include "pda_machine.h"
#include "tc_side_by_side.h"

#include <string>

namespace palcheck {

/// How TOP reads a maximum.
enum class TopReading {
  Printed,  ///< floor((C_max - M_top)/Delta) mod (k+1), as printed in the proof of lem:stack_ops
  Nearest,  ///< the nearest code, which forgives the +eps of eq:push
};

/// "printed" or "nearest".
std::string to_string(TopReading r);

/// Parameters of the printed construction.
struct PrintedTcOptions {
  TopReading top = TopReading::Printed;      ///< see TopReading
  Q delta = 1;                               ///< Delta of def:encoding
  Q eps = Q(1, 4);                           ///< eps of eq:push, eq:pop (< Delta/2 as lem:push_no_wipe needs)
  InitialState initial = InitialState::Off;  ///< relays before u_0
};

/// Runs the printed construction and the interpreter for up to `steps` machine steps on `word`,
/// stopping at the first step where they differ.
SideBySide run_printed_tc(const TwoStackPda& m, const std::string& word, std::size_t steps,
                          const PrintedTcOptions& options);

}  // namespace palcheck
