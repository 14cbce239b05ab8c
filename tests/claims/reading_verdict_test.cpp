// claims/reading_verdict.h: REFUTED only when every admitted reading is refuted, ILL-POSED with the
// verdict of each reading when they split, proof steps and the classical-memory repair left out.
#include "claims/reading_verdict.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

CheckResult result(Verdict v, std::map<std::string, std::string> interpretation, Refutes refutes = Refutes::Statement) {
  CheckResult r;
  r.verdict = v;
  r.interpretation = std::move(interpretation);
  r.refutes = refutes;
  if (v == Verdict::Refuted) r.counterexample = Instance{"c", "s", {}, {}};
  return r;
}

const Claim kClaim{"c", "lemma", "sec", "statement", {}, {"initial_state", "stack", "algorithm1"}};

TEST(ReadingVerdict, RefutedUnderEveryReadingIsRefuted) {
  auto v = combine_readings(
      kClaim, {result(Verdict::Refuted, {{"initial_state", "0"}}), result(Verdict::Refuted, {{"initial_state", "1"}})});
  EXPECT_EQ(v.verdict, Verdict::Refuted);
  EXPECT_EQ(v.by_reading.size(), 2u);
  EXPECT_TRUE(v.line.empty());
}

TEST(ReadingVerdict, ASplitIsIllPosedAndNamesEachReading) {
  auto v = combine_readings(kClaim, {result(Verdict::Refuted, {{"algorithm1", "algorithm1:first=push-pair"}}),
                                     result(Verdict::Held, {{"stack", "algorithm1:first=empty"}})});
  EXPECT_EQ(v.verdict, Verdict::IllPosed);
  ASSERT_EQ(v.by_reading.size(), 2u);
  EXPECT_EQ(v.by_reading[0], (std::pair<std::string, Verdict>{"stack=first=empty", Verdict::Held}));
  EXPECT_EQ(v.by_reading[1], (std::pair<std::string, Verdict>{"stack=first=push-pair", Verdict::Refuted}));
  EXPECT_NE(v.line.find("REFUTED under 1 of 2 readings (stack=first=push-pair)"), std::string::npos);
}

TEST(ReadingVerdict, AResultForEveryReadingAppliesToEach) {
  // One counterexample for every reading at once refutes both, whatever the other results say.
  auto v = combine_readings(
      kClaim, {result(Verdict::Refuted, {{"initial_state", "every reading"}}),
               result(Verdict::Held, {{"initial_state", "0"}}), result(Verdict::Held, {{"initial_state", "1"}})});
  EXPECT_EQ(v.verdict, Verdict::Refuted);
}

TEST(ReadingVerdict, ProofStepsAndTheClassicalRepairDoNotSplitReadings) {
  auto v = combine_readings(kClaim, {result(Verdict::Refuted, {{"initial_state", "0"}}),
                                     result(Verdict::Refuted, {{"initial_state", "1"}}, Refutes::ProofStep),
                                     result(Verdict::Held, {{"stack", "classical-memory"}, {"initial_state", "1"}}),
                                     result(Verdict::Refuted, {{"stack", "algorithm1:first=empty"}})});
  EXPECT_EQ(v.verdict, Verdict::Refuted);
  for (const auto& [reading, verdict] : v.by_reading) EXPECT_EQ(verdict, Verdict::Refuted) << reading;
}

TEST(ReadingVerdict, TheHeadlineRefutesEveryReadingAtOnceWhenOneDoes) {
  std::vector<CheckResult> results{result(Verdict::Refuted, {{"initial_state", "0"}}),
                                   result(Verdict::Refuted, {{"initial_state", "every reading"}})};
  results[1].counterexample->values["u"] = {Q(123456), Q(7)};  // larger than the first, still preferred
  EXPECT_EQ(headline_for(kClaim, results), &results[1]);
  results.pop_back();
  EXPECT_EQ(headline_for(kClaim, results), &results[0]);
  // The classical memory is a repair: it never heads a claim judged under Algorithm 1.
  results = {result(Verdict::Refuted, {{"stack", "algorithm1:first=empty"}}),
             result(Verdict::Refuted, {{"stack", "classical-memory"}})};
  results[0].counterexample->values["u"] = {Q(123456), Q(7)};
  EXPECT_EQ(headline_for(kClaim, results), &results[0]);
}

}  // namespace
}  // namespace palcheck
