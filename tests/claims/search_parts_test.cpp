// merge_search_parts (claims/search_parts.h): the parts of a sharded search combine into the stop with
// the fewest cases (one process stops at its first failing case), else the parts' common HELD result.
#include "claims/search_parts.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

CheckResult part(Verdict verdict, std::uint64_t cases, const std::string& summary) {
  CheckResult r;
  r.verdict = verdict;
  r.method = "property";
  r.cases = cases;
  r.summary = summary;
  return r;
}

TEST(SearchParts, TheStopWithTheFewestCasesWinsWhateverThePartOrder) {
  CheckResult held = part(Verdict::Held, 200, "200 generated cases, none failed");
  CheckResult late = part(Verdict::Refuted, 9, "late"), early = part(Verdict::Error, 5, "early");
  std::string error;
  for (const std::vector<CheckResult>& parts : {std::vector{held, late, early}, std::vector{early, held, late}}) {
    std::optional<CheckResult> merged = merge_search_parts(parts, error);
    ASSERT_TRUE(merged) << error;
    EXPECT_EQ(*merged, early);
  }
}

TEST(SearchParts, ACounterexampleOpensWithItsPassingCasesInNumber) {
  EXPECT_EQ(counterexample_opening(0), "counterexample after 0 passing cases: ");
  EXPECT_EQ(counterexample_opening(1), "counterexample after 1 passing case: ");
  EXPECT_EQ(counterexample_opening(91), "counterexample after 91 passing cases: ");
}

TEST(SearchParts, PartsThatNeverStoppedMustAgree) {
  CheckResult held = part(Verdict::Held, 200, "200 generated cases, none failed");
  std::string error;
  std::optional<CheckResult> merged = merge_search_parts({held, held, held}, error);
  ASSERT_TRUE(merged) << error;
  EXPECT_EQ(*merged, held);
  CheckResult other = held;
  other.cases = 100;
  EXPECT_FALSE(merge_search_parts({held, other}, error));
  EXPECT_FALSE(error.empty());
  error.clear();
  EXPECT_FALSE(merge_search_parts({}, error));
  EXPECT_FALSE(error.empty());
}

}  // namespace
}  // namespace palcheck
