// claims/headline.h: the size of an instance, the scope table, the headline choice, and combine()
// ignoring refutations of a proof step or of a fixed parameter.
#include "claims/headline.h"
#include "claims/registry.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

CheckResult refuted(Instance x, Scope scope = Scope::Statement) {
  CheckResult r;
  r.verdict = Verdict::Refuted;
  r.counterexample = std::move(x);
  r.scope = scope;
  return r;
}

// Every result ranks alike: the smallest decides.
HeadlineRank alike(const CheckResult&) { return {}; }

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
  std::vector<CheckResult> results{refuted(large), refuted(small, Scope::ProofStep), refuted(small)};
  EXPECT_EQ(headline(results, alike), &results[2]);
  results.pop_back();
  EXPECT_EQ(headline(results, alike), &results[0]);
  results.erase(results.begin());
  EXPECT_EQ(headline(results, alike), nullptr);
  // A refuted proof step alone does not refute the claim.
  EXPECT_EQ(combine(results), Verdict::Unknown);
}

// Every reading first, then a general result before a generated instance, then the smallest.
TEST(Headline, TheStrongestRefutationHeadsBeforeTheSmallest) {
  Instance small{"l", "a", {}, {{"u", {Q(0)}}}};
  Instance large{"l", "a", {}, {{"u", {Q(-59085, 4), Q(3)}}}};
  CheckResult generated = refuted(small), general = refuted(large);
  generated.method = "property";
  general.method = "z3";
  EXPECT_EQ(generality(generated), Generality::Generated);
  EXPECT_EQ(generality(general), Generality::General);
  std::vector<CheckResult> results{generated, general};
  auto by_method = [](const CheckResult& r) { return HeadlineRank{Readings::Every, generality(r)}; };
  EXPECT_EQ(headline(results, by_method), &results[1]);
  // A generated instance under every reading heads a general result under some readings only.
  auto general_narrow = [](const CheckResult& r) {
    return HeadlineRank{r.method == "z3" ? Readings::Some : Readings::Every, generality(r)};
  };
  EXPECT_EQ(headline(results, general_narrow), &results[0]);
}

// The scope is declared where a checker is registered, and every result of that checker carries it.
TEST(Headline, ACheckersScopeIsEveryResultsScope) {
  Registry r;
  r.add(Claim{"l", "lemma", "sec", "statement", {}, {}, false, ""});
  r.add(Replayer{"l", "s", [](const Instance&) { return ReplayOutcome{true, "p", "c", {}}; }});
  r.add(with_scope(Checker{"l", "property",
                           [](const RunConfig&) {
                             CheckResult held = make_result(Verdict::Held, "property", "held");
                             CheckResult refuted = make_result(Verdict::Refuted, "property", "refuted");
                             refuted.counterexample = Instance{"l", "s", {}, {}};
                             return std::vector<CheckResult>{held, refuted};
                           }},
                   Scope::ProofStep));
  for (const CheckResult& result : run_checkers(r, "l", RunConfig{})) EXPECT_EQ(result.scope, Scope::ProofStep);
  EXPECT_EQ(combine(run_checkers(r, "l", RunConfig{})), Verdict::Unknown);
  EXPECT_EQ(to_string(Scope::ProofStep), "proof step");
  EXPECT_EQ(parse_scope("fixed parameter"), Scope::FixedParameter);
}

}  // namespace
}  // namespace palcheck
