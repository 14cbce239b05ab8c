// ref:memory_equals_definition, prop:sufficiency (classical memory), def:stack (the memory's nesting):
// the classical Preisach memory's invariants proved for every sequence length by induction, with the
// memory as a Z3 array Int -> Real plus a length, and the relay state read from the memory through a
// ghost index (the last entry outside the dead band) instead of an exists/forall alternation.
// Z3-free interface: the checkers and the tests see answers and readable text, never z3++.h.
#pragma once

#include "claims/claim.h"
#include "claims/instance.h"
#include "reference/relay.h"
#include "smt/induction_record.h"

#include <optional>
#include <string>
#include <vector>

namespace palcheck::proofs {

/// One piece of the induction changed on purpose: its semantic mutants (smt/mutation.h), each of which
/// must turn a query sat.
enum class MemoryChange {
  None,               ///< the real step, base and invariant
  TieOrderFlipped,    ///< the relay reads u <= beta before u >= alpha (off-first: differs only at u = alpha = beta)
  OtherInitialState,  ///< the relay starts in the other state than the invariant's initial state
  StrictRelayOn,      ///< the relay switches on only when u > alpha (u >= alpha made strict)
  StrictRelayOff,     ///< the relay switches off only when u < beta (u <= beta made strict)
  StrictWipe,         ///< u wipes a same-kind entry only beyond it (u > E[q] rising), not at equality
  NoStopBelowCut,     ///< the cut need not stop at an entry u does not wipe (wipes too little)
  GhostIgnoresWipe,   ///< the ghost index keeps pointing at a wiped entry
  PrintedPopSignal,   ///< memory_pop_one: the printed POP signal M_{top-1} + 2eps instead of the repair's
  PopEpsUnbounded,    ///< memory_pop_one: eps < 2 (M_{top-1} - M_top), so the signal may stay below M_top
  TurnOverwritesTop,  ///< a turn writes u over the top entry instead of pushing it
};

/// The whole induction for one initial state.
struct MemoryInduction {
  InitialState initial = InitialState::Off;  ///< decides the kind of entry 0
  std::vector<smt::InductionQuery> queries;  ///< base, then the step cases
  smt::InductionQuery witness_query;         ///< non-vacuity (a): premises with a real wipe, sat
  std::optional<Instance> reachable_state;   ///< the model of witness_query as reference inputs
  bool proved = false;                       ///< every base/step query unsat in both solvers
};

/// The invariant, in words (nesting, alternation by parity, ghost reading of the relay state).
std::string memory_invariant_text(InitialState initial);

/// The step relation and the ghost witnesses, in words.
std::string memory_step_text();

/// Runs base, step cases and the non-vacuity query; with a `change`, its base and step cases only, up to
/// the first that is not unsat.
MemoryInduction prove_memory_invariant(const RunConfig& config, InitialState initial,
                                       MemoryChange change = MemoryChange::None);

/// Every semantic mutant of the induction from `initial` (one per MemoryChange), each run.
std::vector<MutantResult> memory_induction_mutants(const RunConfig& config, InitialState initial);

/// Replays a reachable state on the reference (non-vacuity (a)): feeds the memory's entries, checks that
/// the reference memory is exactly them and its relay state is the model's, then feeds u and checks the
/// next memory and relay state; "" when all agree, else what differed.
std::string replay_reachable_state(const Instance& state);

/// repair:lem:pop_one on the classical memory: on a memory satisfying Inv (proved above) that ends with a
/// minimum and holds two (max, min) pairs, the signal E[L-4] - eps with 0 < eps < E[L-4] - E[L-2] turns
/// and cuts at L-2, so exactly the top pair is wiped: that query, and a witness of its premises that the
/// reference replays (replay_reachable_state).
/// With a `change`, the query alone (no witness).
MemoryInduction memory_pop_one(const RunConfig& config, InitialState initial, MemoryChange change = MemoryChange::None);

/// memory_pop_one's semantic mutants (the printed signal, eps unbounded, a cut that need not stop), each run.
std::vector<MutantResult> memory_pop_one_mutants(const RunConfig& config, InitialState initial);

/// Corollaries of Inv on the classical memory, each a few queries on the step above (the invariant itself is
/// proved for every length by prove_memory_invariant).
enum class MemoryCorollary {
  DistinctPairs,   ///< prop:hopfield_pal:distinct_pairs: Inv => maxima strictly decrease, minima strictly increase
  ZigzagDepth,     ///< thm:complexity:depth: the nested zig-zag of n inputs keeps all n of them
  AscendingInput,  ///< prop:no_copy:bare_memory: an input inside a strictly rising pass leaves no trace
};

/// One piece of a corollary changed on purpose: its semantic mutants (smt/mutation.h), whose order numbers
/// their query files.
enum class MemoryCorollaryChange {
  None,                 ///< the real queries
  NestingDropped,       ///< DistinctPairs: Inv's nesting conjunct dropped
  NestingNonStrict,     ///< DistinctPairs: nesting with >= and <= in place of > and <
  KindsFromOtherState,  ///< DistinctPairs: Inv's kinds of entries from the other initial state
  ConstantAmplitude,    ///< ZigzagDepth: the zig-zag's amplitude does not shrink
  OtherOrientation,     ///< ZigzagDepth: the zig-zag starts the other way for the initial state
  LengthDropped,        ///< ZigzagDepth: the invariant's conjunct L = t dropped
  InputAbovePass,       ///< AscendingInput: the middle input may lie above the pass's end
  NoLaterInput,         ///< AscendingInput: the memories compared right after the middle input
  CutNeedNotStop,       ///< AscendingInput: the step's cut need not stop above an entry u does not wipe
  TurnOverwritesTop,    ///< ZigzagDepth: the step's turn writes u over the top entry instead of pushing it
};

/// The queries of `which` from `initial`, under mutant `change` (None: the real queries; a mutant stops at
/// its first sat query).
MemoryInduction prove_memory_corollary(const RunConfig& config, MemoryCorollary which, InitialState initial,
                                       MemoryCorollaryChange change = MemoryCorollaryChange::None);

/// Every semantic mutant of `which` from `initial`, each run.
std::vector<MutantResult> memory_corollary_mutants(const RunConfig& config, MemoryCorollary which,
                                                   InitialState initial);

/// The definitions `which`'s queries encode: the memory update for the two that step the memory, none for
/// DistinctPairs (one query on the invariant, whose definitions the memory induction pins).
std::vector<ModelDefinition> memory_corollary_relies_on(MemoryCorollary which);

/// `which` in words: what the queries ask together.
std::string memory_corollary_text(MemoryCorollary which);

}  // namespace palcheck::proofs
