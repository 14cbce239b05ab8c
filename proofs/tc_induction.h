// repair:thm:tc, repair:thm:tc:library: the repaired construction's simulation invariant for every two-stack
// PDA, every number of machine steps, every depth bound and stack depth, by induction over machine steps on
// the classical memory (a Z3 array Int -> Real plus a length, the wiping cut a symbolic index, as in
// memory_induction.h). The machine is symbolic: |Q|, |Sigma| and |Gamma| are unknowns and delta is a set of
// uninterpreted functions of (state, input, top1, top2), constrained only by what every machine satisfies
// (next state in range, no pop or push of Z0); the library's machines are instances.
// The proof is a set of lemmas, each a query unsat in Z3 and cvc5 (tc_vocabulary.h states them): the level
// bases and the grid; the reader head (each relay's state read from the memory, the sums over symbols and
// over depths); the control and tape heads (diagonal relays (j, j), their ties pinned); the channel step (a
// rising and a falling token per stack operation); the MLP (the interpolation table at every key, the key's
// mixed radix, the finite control with delta uninterpreted); and the machine step and base that compose them.
// Z3-free interface: the checkers and the tests see answers and readable text, never z3++.h.
#pragma once

#include "claims/instance.h"
#include "proofs/memory_induction.h"
#include "proofs/tc_record.h"
#include "reference/models/pda_machine.h"

#include <optional>
#include <string>
#include <vector>

namespace palcheck::proofs {

/// A declared mutant: the variation, its name, what it changes and the queries it must turn sat.
struct TcMutant {
  TcMutation mutation;              ///< the variation
  std::string name;                 ///< short name ("tie order flipped")
  std::string what;                 ///< what it changes, in words
  std::vector<std::string> breaks;  ///< the queries (their file names, "diagonal_relay") it turns sat
  ModelDefinition definition = ModelDefinition::None;  ///< the definition a model mutant changes (None: a hypothesis)
};

/// Every mutant the proof declares.
std::vector<TcMutant> tc_mutants();

/// The simulation invariant, in words.
std::string tc_invariant_text();

/// The lemmas, in words.
std::string tc_lemmas_text();

/// The induction over machine steps, in words (how the machine-step query composes the lemmas).
std::string tc_induction_text();

/// What "every two-stack PDA" means here: the conventions of the machines the proof covers.
std::string tc_machine_text();

/// Runs every query of the proof.
TcInduction prove_tc_induction(const RunConfig& config);

/// Runs the queries `mutant` breaks, under its mutation, stated for |Gamma| = 2 and B(d) = 3d so that Z3 can
/// build a model (a model of that instance is a model of the mutated query): the mutant is refuted when Z3
/// says sat on each of them.
TcInduction run_tc_mutant(const RunConfig& config, const TcMutant& mutant);

/// Replays a witness on the reference (non-vacuity (a)): feeds the encoded memory to the reference memory
/// and a reader head (MemoryPal over reader_measure), checks the decoded stack and the reader's output,
/// runs the two tokens of the pop with the construction's arithmetic and checks the middle and next
/// memories and the decoded next stack against the model; "" when all agree, else what differed.
std::string replay_tc_state(const Instance& state);

/// A machine as an instance of the proof: its delta satisfies the proof's hypotheses at every key
/// (next state in range, no pop of Z0, pushed symbols in 1..|Gamma|-1), and the reference's transformer for
/// it (RepairTransformer) is the construction the proof models, parameter by parameter, for the bounds
/// 1..`max_bound`: 4 heads (slots, measures relay by relay), the MLP (n - 1 neurons ReLU(key - j) with output
/// weights the changes of slope of delta's table, the three linear neurons, the biases T(0) and 2O). Sets
/// `compared` to the number of parameters compared; "" when all agree, else the first difference.
std::string check_machine_instance(const TwoStackPda& m, int max_bound, std::size_t& compared);

/// The simulation invariant checked on the reference's own run of `machine` (a library name) on `word`
/// for `steps` machine steps (non-vacuity (b)): at every rest token each stack head's memory is exactly
/// the encoding of the interpreter's stack, its last entry the stack signal, the reader outputs the tops,
/// the control output the state; "" when it holds, else the first violation.
std::string check_tc_invariant_on_run(const std::string& machine, const std::string& word, std::size_t steps);

}  // namespace palcheck::proofs
