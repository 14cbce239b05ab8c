// thm:tc, lem:stack_ops, lem:decode_stack, lem:mlp_width, def:autoregressive, cor:vpal_tc,
// repair:thm:tc: the registered checkers, their refutations replayed through the registry, and the
// default cost.
#include "claims/constructions/tc_checkers.h"
#include "claims/areas.h"
#include "tests/claims/checker_expectations.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace palcheck {
namespace {

Registry tc_registry() {
  Registry r;
  register_paper_claims(r);
  register_tc_checkers(r);
  return r;
}

const char* kLabels[] = {"thm:tc",      "lem:stack_ops", "lem:decode_stack", "lem:mlp_width", "def:autoregressive",
                         "cor:vpal_tc", "repair:thm:tc"};

TEST(TcCheckers, EveryClaimHasACheckerAndNoResultIsAnError) {
  Registry r = tc_registry();
  RunConfig config;
  for (const char* label : kLabels) {
    ASSERT_FALSE(r.checkers_for(label).empty()) << label;
    for (const CheckResult& res : run_checkers(r, label, config)) {
      EXPECT_NE(res.verdict, Verdict::Error) << label << ": " << res.summary;
      EXPECT_FALSE(res.summary.empty());
      testing::expect_refutation_replays(r, res, label);
    }
  }
}

TEST(TcCheckers, ThmTcReplayShowsTheSideBySideRunUpToTheFirstDifference) {
  Registry r = tc_registry();
  std::vector<CheckResult> results = run_checkers(r, "thm:tc", RunConfig{});
  ASSERT_FALSE(results.empty());
  for (const CheckResult& res : results) {
    ASSERT_TRUE(res.counterexample.has_value());
    ReplayOutcome o = r.replayer_for(*res.counterexample)->replay(*res.counterexample);
    ASSERT_GE(o.table.size(), 2u);
    EXPECT_EQ(o.table[0][0], "step");
    EXPECT_EQ(o.table[0][1], "interpreter config");
    EXPECT_EQ(o.table[0][2], "construction config");
    EXPECT_EQ(o.table.back()[3], "NO");
    for (std::size_t i = 1; i + 1 < o.table.size(); ++i) EXPECT_EQ(o.table[i][3], "yes");
  }
}

TEST(TcCheckers, DecodeStackPigeonholeCountsAgainstTwoToTheH) {
  Registry r = tc_registry();
  std::vector<CheckResult> results = run_checkers(r, "lem:decode_stack", RunConfig{});
  ASSERT_EQ(results.size(), 1u);
  ASSERT_TRUE(results[0].counterexample.has_value());
  const Instance& in = *results[0].counterexample;
  long K = (in.values.at("k")[0].convert_to<long>() + 1) * in.values.at("gamma")[0].convert_to<long>();
  long two_to_h = 1;
  while (two_to_h < K) two_to_h *= 2;
  EXPECT_GT(static_cast<long>(in.values.at("lengths").size()), two_to_h);
  ReplayOutcome o = r.replayer_for(in)->replay(in);
  std::set<std::string> memories;
  for (std::size_t i = 1; i < o.table.size(); ++i) memories.insert(o.table[i][1]);
  EXPECT_EQ(memories.size(), in.values.at("lengths").size());
}

TEST(TcCheckers, ReplayersRejectInstancesThatDoNotViolate) {
  Registry r = tc_registry();
  Instance fine{"repair:thm:tc", "repair-side-by-side", {{"machine", "anbn"}, {"word", "aabb"}}, {{"steps", {Q(12)}}}};
  EXPECT_FALSE(r.replayer_for(fine)->replay(fine).violates);
  Instance one_stack{"lem:decode_stack",
                     "pigeonhole",
                     {},
                     {{"gamma", {Q(2)}}, {"k", {Q(1)}}, {"delta", {Q(1)}}, {"lengths", {Q(1)}}, {"inputs", {Q(2)}}}};
  EXPECT_FALSE(r.replayer_for(one_stack)->replay(one_stack).violates);
}

}  // namespace
}  // namespace palcheck
