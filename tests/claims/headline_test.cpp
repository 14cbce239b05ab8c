// claims/headline.h: the size of an instance, the scope table, the headline choice, and combine()
// ignoring refutations of a proof step or of a fixed parameter.
#include "claims/headline.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

CheckResult refuted(Instance x, Refutes refutes = Refutes::Statement) {
  CheckResult r;
  r.verdict = Verdict::Refuted;
  r.counterexample = std::move(x);
  r.refutes = refutes;
  return r;
}

TEST(Headline, SizeCountsTokensRelaysAndDigits) {
  // Digits computed from the decimal strings, entries from the list lengths (a relay counts once).
  Instance x{"l", "s", {}, {{"u", {Q(10), Q(-1, 2), Q(0)}}, {"alpha", {Q(3)}}, {"beta", {Q(-7)}}, {"weight", {Q(1)}}}};
  std::size_t digits = std::string("10").size() + std::string("12").size() + std::string("0").size() +
                       std::string("3").size() + std::string("7").size() + std::string("1").size();
  EXPECT_EQ(instance_size(x), 3 + 1 + digits);
  Instance bigger = x;
  bigger.values["u"][0] = Q(117197, 4);
  EXPECT_GT(instance_size(bigger), instance_size(x));
}

TEST(Headline, TheSmallestStatementRefutationHeadsAndProofStepsNever) {
  Instance small{"l", "a", {}, {{"u", {Q(0)}}}};
  Instance large{"l", "a", {}, {{"u", {Q(-59085, 4), Q(3)}}}};
  std::vector<CheckResult> results{refuted(large), refuted(small, Refutes::ProofStep), refuted(small)};
  EXPECT_EQ(headline(results), &results[2]);
  results.pop_back();
  EXPECT_EQ(headline(results), &results[0]);
  results.erase(results.begin());
  EXPECT_EQ(headline(results), nullptr);
  // A refuted proof step alone does not refute the claim.
  EXPECT_EQ(combine(results), Verdict::Unknown);
}

TEST(Headline, ScopeTableNamesTheProofStepsAndFixedParameters) {
  EXPECT_EQ(scope_of(Instance{"lem:extAgg", "pair-within-eps", {}, {}}), Refutes::ProofStep);
  EXPECT_EQ(scope_of(Instance{"lem:threshold", "threshold", {}, {}}), Refutes::FixedParameter);
  EXPECT_EQ(scope_of(Instance{"lem:extAgg", "construction-memory-pair", {}, {}}), Refutes::Statement);
  EXPECT_EQ(to_string(Refutes::ProofStep), "proof step");
}

}  // namespace
}  // namespace palcheck
