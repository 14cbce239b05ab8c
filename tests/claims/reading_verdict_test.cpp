// claims/reading_verdict.h: REFUTED only when every admitted reading is refuted, ILL-POSED with the
// verdict of each reading when they split, proof steps and the classical-memory repair left out; all from
// the results' typed readings and declared scopes.
#include "claims/reading_verdict.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

CheckResult result(Verdict v, Reading reading, Scope scope = Scope::Statement) {
  CheckResult r;
  r.verdict = v;
  r.reading = std::move(reading);
  r.scope = scope;
  if (v == Verdict::Refuted) r.counterexample = Instance{"c", "s", {}, {}};
  return r;
}

StackReading algorithm1(FirstInput first) { return {StackKind::Algorithm1, {first, UnsetLast::PreviousInput}}; }

const Claim kClaim{"c", "lemma", "sec", "statement", {}, {"initial_state", "stack", "algorithm1"}, false, ""};

TEST(ReadingVerdict, RefutedUnderEveryReadingIsRefuted) {
  auto v = combine_readings(
      kClaim, {result(Verdict::Refuted, {reading(InitialState::Off)}), result(Verdict::Refuted, {reading(InitialState::On)})});
  EXPECT_EQ(v.verdict, Verdict::Refuted);
  EXPECT_EQ(v.by_reading.size(), 2u);
  EXPECT_TRUE(v.line.empty());
}

TEST(ReadingVerdict, ASplitIsIllPosedAndNamesEachReading) {
  auto v = combine_readings(kClaim, {result(Verdict::Refuted, {reading(algorithm1(FirstInput::PushPair))}),
                                     result(Verdict::Held, {reading(algorithm1(FirstInput::Empty))})});
  EXPECT_EQ(v.verdict, Verdict::IllPosed);
  ASSERT_EQ(v.by_reading.size(), 2u);
  EXPECT_EQ(v.by_reading[0],
            (std::pair<std::string, Verdict>{"stack=first=empty,unset_last=previous-input", Verdict::Held}));
  EXPECT_EQ(v.by_reading[1],
            (std::pair<std::string, Verdict>{"stack=first=push-pair,unset_last=previous-input", Verdict::Refuted}));
  EXPECT_NE(v.line.find("REFUTED under 1 of 2 readings (stack=first=push-pair,unset_last=previous-input)"),
            std::string::npos);
}

TEST(ReadingVerdict, AResultForEveryReadingAppliesToEach) {
  // One counterexample for every reading at once refutes both, whatever the other results say.
  auto v = combine_readings(
      kClaim, {result(Verdict::Refuted, {every(ReadingKey::InitialState, "a counterexample from either state")}),
               result(Verdict::Held, {reading(InitialState::Off)}), result(Verdict::Held, {reading(InitialState::On)})});
  EXPECT_EQ(v.verdict, Verdict::Refuted);
}

TEST(ReadingVerdict, ProofStepsAndTheClassicalRepairDoNotSplitReadings) {
  auto v = combine_readings(kClaim, {result(Verdict::Refuted, {reading(InitialState::Off)}),
                                     result(Verdict::Refuted, {reading(InitialState::On)}, Scope::ProofStep),
                                     result(Verdict::Held, {reading(StackReading{}), reading(InitialState::On)}),
                                     result(Verdict::Refuted, {reading(algorithm1(FirstInput::Empty))})});
  EXPECT_EQ(v.verdict, Verdict::Refuted);
  for (const auto& [reading, verdict] : v.by_reading) EXPECT_EQ(verdict, Verdict::Refuted) << reading;
}

TEST(ReadingVerdict, TheHeadlineRefutesEveryReadingAtOnceWhenOneDoes) {
  std::vector<CheckResult> results{result(Verdict::Refuted, {reading(InitialState::Off)}),
                                   result(Verdict::Refuted, {every(ReadingKey::InitialState, "either state")})};
  results[1].counterexample->values["u"] = {Q(123456), Q(7)};  // larger than the first, still preferred
  EXPECT_EQ(headline_for(kClaim, results), &results[1]);
  results.pop_back();
  EXPECT_EQ(headline_for(kClaim, results), &results[0]);
  // The classical memory is a repair: it never heads a claim judged under Algorithm 1.
  results = {result(Verdict::Refuted, {reading(algorithm1(FirstInput::Empty))}),
             result(Verdict::Refuted, {reading(StackReading{})})};
  results[0].counterexample->values["u"] = {Q(123456), Q(7)};
  EXPECT_EQ(headline_for(kClaim, results), &results[0]);
}

}  // namespace
}  // namespace palcheck
