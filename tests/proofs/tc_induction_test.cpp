// repair:thm:tc's induction (proofs/tc_induction.h) is about the real thing: (a) the pop step's premises
// hold with a real wipe and the model replays on the reference; (b) the invariant holds on the
// reference's own runs of every library machine; (c) breaking one piece of the step or of the reader
// on purpose makes Z3 find a counterexample.
#include "claims/areas.h"
#include "proofs/tc_induction.h"
#include "reference/models/pda_library.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace palcheck::proofs {
namespace {

std::string sat_queries(const TcInduction& run) {
  std::string names;
  for (const InductionQuery& q : run.queries)
    if (q.z3 == "sat") names += (names.empty() ? "" : "; ") + q.name;
  return names;
}

TEST(TcInduction, ProvedForEveryLibraryAlphabetWithAReplayedPop) {
  for (int k : {2, 3}) {
    TcInduction run = prove_tc_induction(RunConfig{}, k);
    EXPECT_TRUE(run.proved) << "k = " << k;
    for (const InductionQuery& q : run.queries) {
      EXPECT_EQ(q.z3, "unsat") << "k = " << k << ": " << q.name;
      EXPECT_EQ(q.cvc5, "unsat") << "k = " << k << ": " << q.name;
    }
    EXPECT_EQ(run.witness_query.z3, "sat");
    ASSERT_TRUE(run.reachable_state.has_value());
    EXPECT_LT(run.reachable_state->values.at("middle_memory").size(), run.reachable_state->values.at("memory").size())
        << "the witness's rise must wipe a level";
    EXPECT_EQ(replay_tc_state(*run.reachable_state), "");
  }
}

// Each broken piece makes exactly the queries that use it satisfiable: a fall without the reader lands
// off the level below a slot; a cut that may stop early keeps a wiped level; slot relays without the +1
// cancel, so the reader outputs 0 at a slot.
TEST(TcInduction, EachBrokenPieceHasACounterexample) {
  const std::pair<TcMutation, std::string> cases[] = {
      {TcMutation::FallIgnoresReader, "step: no-op, falling token; step: pop, falling token"},
      {TcMutation::CutMayStopEarly, "step: no-op, falling token; step: pop, rising token; step: pop, falling token"},
      {TcMutation::SlotRelaysEqual, "reader relay state at a slot (middle of a pop or no-op): relays (P(d)+1, m(i,d))"},
  };
  for (const auto& [mutation, expected] : cases) {
    TcInduction run = prove_tc_induction(RunConfig{}, 2, mutation);
    EXPECT_FALSE(run.proved);
    EXPECT_EQ(sat_queries(run), expected);
  }
}

TEST(TcInduction, InvariantHoldsOnTheReferenceRunOfEveryLibraryMachine) {
  for (const LibraryMachine& lm : machine_library())
    EXPECT_EQ(check_tc_invariant_on_run(lm.machine.name(), lm.sample, 60), "") << lm.machine.name();
}

TEST(TcInduction, EveryLibraryMachinesFiniteControlIsAsAssumed) {
  for (const LibraryMachine& lm : machine_library()) {
    std::size_t keys = 0;
    EXPECT_EQ(check_finite_control(lm.machine.name(), keys), "") << lm.machine.name();
    EXPECT_GT(keys, 0u);
  }
}

// The induction covers the library's machines only, so its PROVED is filed under the sub-claim that says
// so; repair:thm:tc quantifies over every two-stack PDA and must get no PROVED from this layer.
TEST(TcInduction, ProvedIsFiledUnderTheLibrarySubClaimOnly) {
  Registry r = build_area_registry(register_proof_checkers);
  ASSERT_NE(r.find("repair:thm:tc:library"), nullptr);
  EXPECT_TRUE(r.checkers_for("repair:thm:tc").empty());
  std::vector<CheckResult> results = run_checkers(r, "repair:thm:tc:library", RunConfig{});
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].method, "induction");
  EXPECT_EQ(results[0].verdict, Verdict::Proved) << results[0].summary;
}

}  // namespace
}  // namespace palcheck::proofs
