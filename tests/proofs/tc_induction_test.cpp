// repair:thm:tc's generic induction (proofs/tc_induction.h) is about the real thing: (a) the pop step's
// premises hold with a real wipe and the model replays on the reference; (b) the invariant holds on the
// reference's own runs of every library machine; (c) every declared mutant (the tie order, the initial state,
// a push dropped or doubled, reader thresholds, the fall, the wiping cut, invariant conjuncts) turns the queries
// it breaks sat; (d) the library's machines are instances of the proof, and a machine outside its hypotheses
// is not.
#include "proofs/tc_induction.h"
#include "claims/areas.h"
#include "reference/models/pda_library.h"
#include "tests/proofs/chain_expectations.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace palcheck::proofs {

using namespace smt;

namespace {

TEST(TcInduction, ProvedForEveryMachineWithAReplayedPop) {
  TcInduction run = prove_tc_induction(RunConfig{});
  testing::expect_closed(run.proved, run.queries, "repair:thm:tc");
  EXPECT_TRUE(run.witness_query.z3.is(SolverAnswer::Sat)) << to_string(run.witness_query.z3);
  ASSERT_TRUE(run.reachable_state.has_value());
  EXPECT_LT(run.reachable_state->values.at("middle_memory").size(), run.reachable_state->values.at("memory").size())
      << "the witness's rise must wipe a level";
  EXPECT_EQ(replay_tc_state(*run.reachable_state), "");
}

// Each mutant turns every query it declares sat (Z3 builds a model; cvc5 must not contradict it), and at
// least three mutants are declared.
TEST(TcInduction, EveryDeclaredMutantIsRefuted) {
  std::vector<TcMutant> mutants = tc_mutants();
  EXPECT_GE(mutants.size(), 3u);
  std::set<std::string> names;
  for (const TcMutant& mutant : mutants) {
    EXPECT_TRUE(names.insert(mutant.name).second) << "two mutants called " << mutant.name;
    ASSERT_FALSE(mutant.breaks.empty()) << mutant.name;
    TcInduction run = run_tc_mutant(RunConfig{}, mutant);
    EXPECT_FALSE(run.proved) << mutant.name;
    ASSERT_EQ(run.queries.size(), mutant.breaks.size()) << mutant.name << ": a declared query does not exist";
    for (const InductionQuery& q : run.queries) {
      EXPECT_TRUE(q.z3.is(SolverAnswer::Sat)) << to_string(q.z3) << ": " << mutant.name << ": " << q.name;
      EXPECT_FALSE(q.cvc5.is(SolverAnswer::Unsat)) << to_string(q.cvc5) << ": " << mutant.name << ": " << q.name;
    }
  }
}

// The diagonal relays of the control and tape heads are pinned: with E[g] <= beta read first, a relay (j, j)
// at input j reads off, and the relay query has a model.
TEST(TcInduction, TieOrderFlippedTurnsTheDiagonalRelaySat) {
  TcMutant flipped{TcMutation::TieOrderFlipped, "tie order flipped", "", {"diagonal_relay"}};
  TcInduction run = run_tc_mutant(RunConfig{}, flipped);
  ASSERT_EQ(run.queries.size(), 1u);
  EXPECT_EQ(run.queries[0].name, "control and tape heads: diagonal relay (j, j) read from the memory");
  EXPECT_TRUE(run.queries[0].z3.is(SolverAnswer::Sat)) << to_string(run.queries[0].z3);
}

TEST(TcInduction, InvariantHoldsOnTheReferenceRunOfEveryLibraryMachine) {
  for (const LibraryMachine& lm : machine_library())
    EXPECT_EQ(check_tc_invariant_on_run(lm.machine.name(), lm.sample, 60), "") << lm.machine.name();
}

TEST(TcInduction, EveryLibraryMachineIsAnInstance) {
  for (const LibraryMachine& lm : machine_library()) {
    std::size_t compared = 0;
    EXPECT_EQ(check_machine_instance(lm.machine, 4, compared), "") << lm.machine.name();
    EXPECT_GT(compared, 0u);
  }
}

// delta's next state out of range is outside the proof's hypotheses, and the instance check says so.
TEST(TcInduction, AMachineOutsideTheHypothesesIsNoInstance) {
  TwoStackPda m("wild", {"only"}, "a", {"Z", "A"}, 0, 0, {});
  m.set(0, 1, 0, 0, PdaTransition{7, {}, {}});
  std::size_t compared = 0;
  EXPECT_EQ(check_machine_instance(m, 1, compared), "wild, delta(0, 1, 0, 0): the next state is out of range");
}

// The induction covers every machine, so its PROVED is filed under repair:thm:tc; the library sub-claim is
// PROVED as its instance.
TEST(TcInduction, ProvedUnderTheClaimAndItsLibraryInstance) {
  Registry r = build_area_registry(register_proof_checkers);
  ASSERT_NE(r.find("repair:thm:tc"), nullptr);
  for (const char* label : {"repair:thm:tc", "repair:thm:tc:library"}) {
    std::vector<CheckResult> results = run_checkers(r, label, RunConfig{});
    ASSERT_EQ(results.size(), 1u) << label;
    EXPECT_EQ(results[0].verdict, Verdict::Proved) << label << ": " << results[0].summary;
    EXPECT_EQ(results[0].method, std::string(label) == "repair:thm:tc" ? "induction" : "enumeration");
  }
}

}  // namespace
}  // namespace palcheck::proofs
