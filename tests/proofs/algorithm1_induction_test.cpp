// repair:lem:pop_one, ref:algorithm1_steps, prop:complexity:counts (proofs/algorithm1_induction.h) are
// about the real Algorithm 1: (a) each witness is a reachable stack the reference replays with the pops the
// model says; (b) the loop and counts invariants hold on the reference's steps along generated sequences;
// (c) every semantic mutant (the printed POP signal, a loop that stops after one pop, a non-strict test, a
// push dropped or doubled, pops below the bottom) gives a counterexample. The memory's POP query rests on the invariant
// of memory_induction.h.
#include "proofs/algorithm1_induction.h"
#include "proofs/memory_induction.h"
#include "reference/algorithm1.h"
#include "tests/proofs/chain_expectations.h"

#include <gtest/gtest.h>

#include <random>

namespace palcheck::proofs {

using namespace smt;

namespace {

constexpr Algorithm1Fact kFacts[] = {Algorithm1Fact::PopOne, Algorithm1Fact::Steps, Algorithm1Fact::Counts};

TEST(Algorithm1Induction, ProvedWithAReplayedWitness) {
  for (Algorithm1Fact fact : kFacts)
    for (FirstInput first : {FirstInput::Empty, FirstInput::PushPair}) {
      InductionProof proof = prove_algorithm1(RunConfig{}, fact, first);
      testing::expect_closed(proof.proved, proof.queries, "fact " + std::to_string(static_cast<int>(fact)));
      EXPECT_TRUE(proof.witness_query.z3.is(SolverAnswer::Sat)) << to_string(proof.witness_query.z3) << ": " << static_cast<int>(fact);
      ASSERT_TRUE(proof.witness.has_value());
      EXPECT_EQ(replay_algorithm1(*proof.witness), "");
    }
}

TEST(Algorithm1Induction, EveryMutantIsRefuted) {
  for (Algorithm1Fact fact : kFacts)
    for (FirstInput first : {FirstInput::Empty, FirstInput::PushPair}) {
      std::vector<MutantResult> mutants = algorithm1_mutants(RunConfig{}, fact, first);
      EXPECT_GE(mutants.size(), 3u);
      for (const MutantResult& m : mutants) EXPECT_TRUE(m.refuted) << m.name << ": " << m.evidence;
    }
}

// ref:algorithm1_steps' push has a query of its own: a code that pushes nothing after the loop breaks it.
TEST(Algorithm1Induction, APushDroppedBreaksThePushQuery) {
  InductionProof proof =
      prove_algorithm1(RunConfig{}, Algorithm1Fact::Steps, FirstInput::Empty, Algorithm1Change::PushDropped);
  ASSERT_FALSE(proof.queries.empty());
  EXPECT_EQ(proof.queries.back().name, "push: then one pair is pushed");
  EXPECT_TRUE(proof.queries.back().z3.is(SolverAnswer::Sat)) << to_string(proof.queries.back().z3);
}

TEST(Algorithm1Induction, MemoryPopOneHoldsForBothInitialStatesWithAReplayedWitness) {
  for (InitialState initial : {InitialState::Off, InitialState::On}) {
    MemoryInduction run = memory_pop_one(RunConfig{}, initial);
    EXPECT_TRUE(run.proved);
    ASSERT_EQ(run.queries.size(), 1u);
    EXPECT_TRUE(run.queries.front().cvc5.is(SolverAnswer::Unsat)) << to_string(run.queries.front().cvc5);
    ASSERT_TRUE(run.reachable_state.has_value());
    EXPECT_EQ(run.reachable_state->values.at("next_memory").size() + 1, run.reachable_state->values.at("memory").size())
        << "the signal wipes a pair and is stored";
    EXPECT_EQ(replay_reachable_state(*run.reachable_state), "");
  }
}

// (b): on the reference, every step pops the maximal top run that passes the printed test, and the
// counts invariant holds after every input; a POP signal M_{top-1} - eps pops exactly one pair.
TEST(Algorithm1Induction, InvariantsOnReferenceSteps) {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int> value(-6, 6);
  for (const Algorithm1Options& reading : all_algorithm1_readings())
    for (int trial = 0; trial < 100; ++trial) {
      Algorithm1 alg(reading);
      std::size_t pushes = 0, pops = 0, n = 0;
      Q previous;
      for (int t = 0; t < 12; ++t) {
        std::vector<StackPair> before = alg.stack();
        Q u(value(rng));
        Algorithm1Step step = alg.step(u);
        ++n;
        pushes += step.pushed ? 1 : 0;
        pops += step.popped.size();
        ASSERT_EQ(alg.stack().size(), pushes - pops);
        ASSERT_LE(alg.stack().size(), n);
        if (t > 0 && u != previous) {
          bool rising = u > previous;
          auto passes = [&](const StackPair& p) { return rising ? p.M < u : p.m > u; };
          std::size_t k = step.popped.size();
          for (std::size_t j = 0; j < k; ++j) ASSERT_TRUE(passes(before[before.size() - 1 - j]));
          ASSERT_TRUE(k == before.size() || !passes(before[before.size() - 1 - k]));
        }
        previous = u;
      }
      std::vector<StackPair> s = alg.stack();
      if (s.size() >= 2 && s.back().M < s[s.size() - 2].M) {
        Q eps = (s[s.size() - 2].M - s.back().M) / 2, signal = s[s.size() - 2].M - eps;
        if (signal > previous) {
          ASSERT_EQ(alg.step(signal).popped.size(), 1u);
        }
      }
    }
}

}  // namespace
}  // namespace palcheck::proofs
