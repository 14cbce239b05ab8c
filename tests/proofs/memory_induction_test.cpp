// The memory induction (proofs/memory_induction.h) is about the real thing: (a) its premises hold with a
// real wipe and the model replays on the reference as a reachable state; (b) the invariant holds on the
// reference's own states along generated sequences; (c) each semantic mutant (the tie order flipped, the
// other initial state, a strict comparison made non-strict, ...) makes Z3 find a counterexample.
#include "proofs/memory_induction.h"
#include "reference/preisach_memory.h"
#include "tests/proofs/chain_expectations.h"

#include <gtest/gtest.h>

#include <random>

namespace palcheck::proofs {

using namespace smt;

namespace {

bool any_step_sat(const MemoryInduction& run) {
  for (const InductionQuery& q : run.queries)
    if (q.name != "base" && q.z3.is(SolverAnswer::Sat)) return true;
  return false;
}

TEST(MemoryInduction, ProvedForBothInitialStatesWithAReachableWipe) {
  for (InitialState initial : {InitialState::Off, InitialState::On}) {
    MemoryInduction run = prove_memory_invariant(RunConfig{}, initial);
    testing::expect_closed(run.proved, run.queries, "initial state " + to_string(initial));
    EXPECT_TRUE(run.witness_query.z3.is(SolverAnswer::Sat)) << to_string(run.witness_query.z3);
    ASSERT_TRUE(run.reachable_state.has_value());
    EXPECT_LT(run.reachable_state->values.at("next_memory").size(), run.reachable_state->values.at("memory").size() + 1)
        << "the witness step must wipe";
    EXPECT_EQ(replay_reachable_state(*run.reachable_state), "");
  }
}

// (c): every semantic mutant turns a query sat, from either initial state.
TEST(MemoryInduction, EveryMutantIsRefuted) {
  for (InitialState initial : {InitialState::Off, InitialState::On}) {
    std::vector<MutantResult> mutants = memory_induction_mutants(RunConfig{}, initial);
    EXPECT_GE(mutants.size(), 3u);
    for (const MutantResult& m : mutants) EXPECT_TRUE(m.refuted) << m.name << ": " << m.evidence;
  }
}

// The relay read from the memory tells the printed tie order from the flipped one: where an entry equals
// alpha = beta, only "on" is accepted, so a relay that switches off there breaks a step.
TEST(MemoryInduction, TieOrderFlippedIsRefuted) {
  for (InitialState initial : {InitialState::Off, InitialState::On}) {
    MemoryInduction run = prove_memory_invariant(RunConfig{}, initial, MemoryChange::TieOrderFlipped);
    EXPECT_FALSE(run.proved);
    EXPECT_TRUE(any_step_sat(run));
  }
}

// (b): nesting, alternation by parity and the ghost reading on the reference's states.
TEST(MemoryInduction, InvariantHoldsOnReferenceStates) {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int> value(-6, 6);
  for (InitialState initial : {InitialState::Off, InitialState::On})
    for (int trial = 0; trial < 300; ++trial) {
      PreisachMemory memory(initial);
      Thresholds t{Q(value(rng), 2), Q(value(rng), 2)};
      if (t.alpha < t.beta) std::swap(t.alpha, t.beta);
      RelayState state = initial == InitialState::On ? 1 : 0;
      for (int n = 0; n < 12; ++n) {
        Q u(value(rng));
        memory.step(u);
        state = step_relay(t, u, state);
        const std::vector<Q>& e = memory.extrema();
        for (std::size_t i = 0; i < e.size(); ++i) {
          ASSERT_EQ(memory.is_maximum(i), (i % 2 == 0) == (initial == InitialState::Off));
          for (std::size_t j = i + 1; j < e.size(); ++j) ASSERT_TRUE(memory.is_maximum(i) ? e[i] > e[j] : e[i] < e[j]);
        }
        long g = static_cast<long>(e.size()) - 1;
        while (g >= 0 && e[g] > t.beta && e[g] < t.alpha) --g;
        RelayState read = g < 0 ? (initial == InitialState::On ? 1 : 0) : (e[g] >= t.alpha ? 1 : 0);
        ASSERT_EQ(read, state);
      }
    }
}

}  // namespace
}  // namespace palcheck::proofs
