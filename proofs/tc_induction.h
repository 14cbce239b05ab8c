// repair:thm:tc:library (repair:thm:tc for the library's machines): the repaired construction's
// simulation invariant for every number of machine steps and every stack depth, by induction over machine
// steps on the classical memory (a Z3 array Int -> Real plus a length, the wiping cut a symbolic index, as
// in memory_induction.h).
// Per alphabet size k: the reader head's relay states and output read from an encoded memory (one ghost
// index per relay, the reading that ref:memory_equals_definition proves), the output summed over all
// depths by a second induction, and the stack step (push a / pop / no-op, each symbolic in depth,
// symbols and bound) from "the memory encodes the stack" to "the memory encodes the new stack".
// Z3-free interface: the checkers and the tests see answers and readable text, never z3++.h.
#pragma once

#include "claims/instance.h"
#include "proofs/memory_induction.h"

#include <optional>
#include <string>
#include <vector>

namespace palcheck::proofs {

/// A piece of the construction or of the memory step broken on purpose (non-vacuity (c)).
enum class TcMutation {
  None,               ///< the real construction
  FallIgnoresReader,  ///< the falling token forgets the reader's output (u2 = 2O - u1)
  CutMayStopEarly,    ///< the wiping cut need not stop at an entry u does not wipe
  SlotRelaysEqual,    ///< the reader's slot relays (P(d)+1, m(i,d)) lose their +1
};

/// Every query of the proof for one alphabet size k.
struct TcInduction {
  int k = 2;                                ///< |Gamma| including Z0
  std::vector<InductionQuery> queries;      ///< reader lemmas, depth sum, base, stack step cases
  InductionQuery witness_query;             ///< non-vacuity (a): a pop step that wipes a level, sat
  std::optional<Instance> reachable_state;  ///< its model as reference inputs
  bool proved = false;                      ///< every query unsat in both solvers
};

/// The simulation invariant, in words.
std::string tc_invariant_text();

/// The step (two tokens, the memory's wiping with a symbolic cut) and the reader lemmas, in words.
std::string tc_step_text();

/// Runs every query of the proof for alphabet size k under `mutation`.
TcInduction prove_tc_induction(const RunConfig& config, int k, TcMutation mutation = TcMutation::None);

/// Replays a witness on the reference (non-vacuity (a)): feeds the encoded memory to the reference memory
/// and a reader head (MemoryPal over reader_measure), checks the decoded stack and the reader's output,
/// runs the two tokens of the step with the construction's arithmetic and checks the middle and next
/// memories and the decoded next stack against the model; "" when all agree, else what differed.
std::string replay_tc_state(const Instance& state);

/// The finite control of one library machine, enumerated on the reference: at every key (state, tape
/// symbol, both reader outputs) of a rest token and of a middle token, with stack signals at depth 2 of
/// the bound-3 transformer, the MLP's next token is the affine form the induction assumes (control
/// replaced by the table's, each stack signal u -> 2O - u + tau with tau of delta's operation, or
/// 2O - u - reader in the middle) and lands on the intended code. Structure makes it hold at every depth
/// and bound: the key neurons read only the head outputs, three linear neurons pass the control and stack
/// slots through, and the bound-4 MLP differs only by the reflection's 2O. Sets `keys` to the number of
/// keys checked; "" when all agree, else the first difference.
std::string check_finite_control(const std::string& machine, std::size_t& keys);

/// The simulation invariant checked on the reference's own run of `machine` (a library name) on `word`
/// for `steps` machine steps (non-vacuity (b)): at every rest token each stack head's memory is exactly
/// the encoding of the interpreter's stack, its last entry the stack signal, the reader outputs the tops,
/// the control output the state; "" when it holds, else the first violation.
std::string check_tc_invariant_on_run(const std::string& machine, const std::string& word, std::size_t steps);

}  // namespace palcheck::proofs
