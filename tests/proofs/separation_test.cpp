// prop:no_copy, thm:separation, thm:separation:tr_only, thm:separation:pal_only through the registry:
// prop:no_copy is PROVED under each token reading (real, finite alphabet), each result naming its reading;
// the second half of thm:separation is PROVED under both tie rules; the theorem's verdict is its two halves'
// conjunction, computed here from the halves' own results.
#include "tests/proofs/proof_registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace palcheck {
namespace {

using testing::proof_registry;

TEST(Separation, NoCopyIsProvedUnderEachTokenReading) {
  std::set<std::string> readings;
  for (const CheckResult& r : run_checkers(proof_registry(), "prop:no_copy", RunConfig{})) {
    EXPECT_TRUE(testing::proved_in_both(r));
    readings.insert(reading_text(r.reading).at("tokens"));
  }
  EXPECT_EQ(readings.size(), 2u);
}

TEST(Separation, TheoremIsTheConjunctionOfItsHalves) {
  Registry registry = proof_registry();
  RunConfig config;
  std::vector<CheckResult> tr = run_checkers(registry, "thm:separation:tr_only", config);
  std::vector<CheckResult> pal = run_checkers(registry, "thm:separation:pal_only", config);
  std::vector<CheckResult> whole = run_checkers(registry, "thm:separation", config);
  ASSERT_EQ(pal.size(), 1u);
  ASSERT_EQ(whole.size(), 1u);
  std::set<std::string> ties;
  for (const CheckResult& r : tr) ties.insert(reading_text(r.reading).at("argmax_tie"));
  EXPECT_EQ(ties.size(), 2u);
  bool tr_proved = std::all_of(tr.begin(), tr.end(), [](const CheckResult& r) { return r.verdict == Verdict::Proved; });
  EXPECT_TRUE(tr_proved);
  // PROVED needs both halves: with the first NOT-CHECKABLE the theorem is too, and never PROVED.
  EXPECT_EQ(whole.front().verdict, tr_proved ? pal.front().verdict : combine(tr));
  EXPECT_NE(whole.front().verdict, Verdict::Proved);
  EXPECT_NE(whole.front().verdict, Verdict::Unknown);
}

}  // namespace
}  // namespace palcheck
