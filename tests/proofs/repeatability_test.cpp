// Same seed, same result; limits never flip a verdict: the Z3 checkers of proofs/ (here lem:pop_one,
// lem:threshold and prop:sufficiency) give identical instances on a rerun, and a tiny rlimit only turns
// results into TIMEOUT or UNKNOWN (with Z3's reason), never into a different verdict.
#include "tests/proofs/proof_registry.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

using testing::proof_registry;

TEST(Repeatability, SameSeedGivesTheSameCounterexamples) {
  Registry r = proof_registry();
  RunConfig config;
  config.seed = 7;
  for (const char* label : {"lem:pop_one", "lem:threshold"}) {
    std::vector<CheckResult> a = run_checkers(r, label, config), b = run_checkers(r, label, config);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].verdict, b[i].verdict) << label;
      ASSERT_EQ(a[i].counterexample.has_value(), b[i].counterexample.has_value()) << label;
      if (a[i].counterexample) {
        EXPECT_EQ(a[i].counterexample->values, b[i].counterexample->values) << label;
      }
    }
  }
}

TEST(Repeatability, ATinyResourceLimitGivesTimeoutsNotOtherVerdicts) {
  Registry r = proof_registry();
  RunConfig generous, tiny;
  tiny.rlimit = 2000;
  std::vector<CheckResult> full = run_checkers(r, "prop:sufficiency", generous);
  std::vector<CheckResult> cut = run_checkers(r, "prop:sufficiency", tiny);
  ASSERT_EQ(full.size(), cut.size());
  std::size_t limited = 0;
  for (std::size_t i = 0; i < cut.size(); ++i) {
    if (cut[i].verdict == Verdict::Timeout || cut[i].verdict == Verdict::Unknown) {
      ++limited;
      EXPECT_NE(cut[i].summary.find("Z3 gave up"), std::string::npos);
    } else {
      EXPECT_EQ(cut[i].verdict, full[i].verdict);
    }
  }
  EXPECT_GT(limited, 0u);
}

}  // namespace
}  // namespace palcheck
