// combine() (claims/verdict.h): the precedence of docs/decisions.md — confirmed refutation >
// ERROR > ILL-POSED > PROVED > BOUNDED > HELD > TIMEOUT > UNKNOWN > NOT-CHECKABLE — and the spellings.
#include "claims/verdict.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

CheckResult result(Verdict v, bool with_counterexample = false) {
  CheckResult r;
  r.verdict = v;
  if (with_counterexample) r.counterexample = Instance{"x", "y", {}, {}};
  return r;
}

TEST(Verdict, SpellingsAreTheDocumentedOnes) {
  const std::vector<std::pair<Verdict, std::string>> spellings{
      {Verdict::Proved, "PROVED"},      {Verdict::Bounded, "BOUNDED"},
      {Verdict::Refuted, "REFUTED"},    {Verdict::Held, "HELD"},
      {Verdict::IllPosed, "ILL-POSED"}, {Verdict::Unknown, "UNKNOWN"},
      {Verdict::Timeout, "TIMEOUT"},    {Verdict::NotCheckable, "NOT-CHECKABLE"},
      {Verdict::Error, "ERROR"}};
  for (const auto& [v, name] : spellings) {
    EXPECT_EQ(to_string(v), name);
    EXPECT_EQ(parse_verdict(name), v);
  }
  EXPECT_FALSE(parse_verdict("proved").has_value());
  EXPECT_FALSE(parse_verdict("ILL_POSED").has_value());
}

// The report lists verdicts in this order (what fails, what holds, what was not decided), each once.
TEST(Verdict, AllVerdictsInTheOrderReadersSeeThem) {
  const std::vector<Verdict> order{Verdict::Refuted, Verdict::IllPosed,     Verdict::Proved,
                                   Verdict::Bounded, Verdict::Held,         Verdict::Unknown,
                                   Verdict::Timeout, Verdict::NotCheckable, Verdict::Error};
  EXPECT_EQ(all_verdicts(), order);
}

TEST(Verdict, NoResultsIsNotCheckable) { EXPECT_EQ(combine({}), Verdict::NotCheckable); }

TEST(Verdict, EachVerdictAloneIsItself) {
  EXPECT_EQ(combine({result(Verdict::Refuted, true)}), Verdict::Refuted);
  for (Verdict v : {Verdict::Proved, Verdict::Bounded, Verdict::Held, Verdict::IllPosed, Verdict::Unknown,
                    Verdict::Timeout, Verdict::NotCheckable, Verdict::Error})
    EXPECT_EQ(combine({result(v)}), v) << to_string(v);
}

// Every pair the precedence orders, in both argument orders: the stronger wins.
TEST(Verdict, PrecedenceOfEveryPair) {
  const std::vector<Verdict> strongest_first{Verdict::Refuted, Verdict::Error,   Verdict::IllPosed,
                                             Verdict::Proved,  Verdict::Bounded, Verdict::Held,
                                             Verdict::Timeout, Verdict::Unknown, Verdict::NotCheckable};
  for (std::size_t i = 0; i < strongest_first.size(); ++i)
    for (std::size_t j = i + 1; j < strongest_first.size(); ++j) {
      CheckResult stronger = result(strongest_first[i], strongest_first[i] == Verdict::Refuted);
      CheckResult weaker = result(strongest_first[j]);
      EXPECT_EQ(combine({stronger, weaker}), strongest_first[i])
          << to_string(strongest_first[i]) << " vs " << to_string(strongest_first[j]);
      EXPECT_EQ(combine({weaker, stronger}), strongest_first[i])
          << to_string(strongest_first[j]) << " vs " << to_string(strongest_first[i]);
    }
}

TEST(Verdict, HeldNeverBecomesProved) {
  EXPECT_EQ(combine(std::vector<CheckResult>(5, result(Verdict::Held))), Verdict::Held);
  EXPECT_EQ(combine({result(Verdict::Held), result(Verdict::Unknown)}), Verdict::Held);
}

TEST(Verdict, BoundedNeverBecomesProved) {
  EXPECT_EQ(combine(std::vector<CheckResult>(5, result(Verdict::Bounded))), Verdict::Bounded);
  EXPECT_EQ(combine({result(Verdict::Bounded), result(Verdict::Held)}), Verdict::Bounded);
}

TEST(Verdict, ARefutationWithoutCounterexampleIsAnErrorNeverDropped) {
  EXPECT_EQ(combine({result(Verdict::Refuted)}), Verdict::Error);
  EXPECT_EQ(combine({result(Verdict::Refuted), result(Verdict::Held)}), Verdict::Error);
  EXPECT_EQ(combine({result(Verdict::Refuted), result(Verdict::Proved)}), Verdict::Error);
  EXPECT_EQ(combine({result(Verdict::Refuted), result(Verdict::Refuted, true)}), Verdict::Refuted);
}

}  // namespace
}  // namespace palcheck
