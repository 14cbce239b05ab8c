// The analyses of claims/analysis_*.cpp: def:relay, def:preisach, def:pal, def:attention
// and def:mpal:vpal are ILL-POSED at a named point; def:relay:well-defined, def:pal:grid, def:mpal and
// thm:complexity:depth hold on their generated cases; the empirical and motivating claims are NOT-CHECKABLE
// (the cost bounds are measured: cost_families_test.cpp).
#include "claims/areas.h"

#include "reference/relay.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

Registry analysis_registry() { return build_area_registry(register_analysis_checkers); }

std::string detail(const CheckResult& r, const std::string& key) {
  for (const auto& [k, v] : r.details)
    if (k == key) return v;
  return {};
}

TEST(Analysis, RelayIsIllPosedAtTheFirstInputAndTheWitnessReallyDependsOnTheInitialState) {
  // Independently of the checker: a relay whose dead band holds u_0 depends on the initial state.
  std::vector<Q> u0{Q(3, 2)};
  ASSERT_NE(run_relay({Q(2), Q(1)}, u0, InitialState::Off), run_relay({Q(2), Q(1)}, u0, InitialState::On));
  auto results = run_checkers(analysis_registry(), "def:relay", RunConfig{});
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].verdict, Verdict::IllPosed);
  EXPECT_NE(detail(results[0], "exact point").find("otherwise"), std::string::npos);
  EXPECT_FALSE(detail(results[0], "diagonal tie").empty());
}

TEST(Analysis, IllPosedDefinitionsNameTheirPoint) {
  Registry registry = analysis_registry();
  for (const char* label : {"def:preisach", "def:pal", "def:mpal:vpal", "def:attention"}) {
    auto results = run_checkers(registry, label, RunConfig{});
    EXPECT_EQ(combine(results), Verdict::IllPosed) << label;
    ASSERT_FALSE(results.empty());
    bool named = false;
    for (const auto& [k, v] : results[0].details) named = named || (k.rfind("exact point", 0) == 0 && !v.empty());
    EXPECT_TRUE(named) << label;
  }
}

TEST(Analysis, SearchesHoldWithTheirSeedAndCases) {
  Registry registry = analysis_registry();
  RunConfig config;
  config.seed = 3;
  config.tests = 60;
  for (const char* label : {"def:relay:well-defined", "def:pal:grid", "def:mpal"}) {
    auto results = run_checkers(registry, label, config);
    EXPECT_EQ(combine(results), Verdict::Held) << label;
    for (const CheckResult& r : results) {
      EXPECT_EQ(r.seed, config.seed) << label;
      EXPECT_EQ(r.cases, config.tests) << label;
    }
  }
}

TEST(Analysis, DepthWitnessHolds) {
  auto results = run_checkers(analysis_registry(), "thm:complexity:depth", RunConfig{});
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].verdict, Verdict::Held);
  EXPECT_GE(results[0].cases, 8u);
}

TEST(Analysis, EmpiricalAndMotivatingClaimsAreNotCheckableWithAReason) {
  Registry registry = analysis_registry();
  for (const char* label : {"tab:complexity:tc-columns", "sec:complexity:advantages", "intro:properties"}) {
    auto results = run_checkers(registry, label, RunConfig{});
    ASSERT_EQ(results.size(), 1u) << label;
    EXPECT_EQ(results[0].verdict, Verdict::NotCheckable) << label;
    EXPECT_FALSE(results[0].summary.empty()) << label;
  }
}

TEST(Analysis, SubClaimsAreOursUnderAnExistingSection) {
  Registry registry = analysis_registry();
  std::vector<std::string> sections;
  for (const Claim& c : registry.claims())
    if (!c.ours || c.kind != "sub-claim") sections.push_back(c.section);
  for (const char* label : {"def:relay:well-defined", "def:pal:grid", "def:mpal:vpal", "thm:complexity:depth",
                            "tab:complexity:tc-columns"}) {
    const Claim* c = registry.find(label);
    ASSERT_NE(c, nullptr) << label;
    EXPECT_TRUE(c->ours);
    EXPECT_EQ(c->kind, "sub-claim");
    EXPECT_NE(std::find(sections.begin(), sections.end(), c->section), sections.end()) << label;
  }
}

TEST(Analysis, ReplayersAgreeWithTheReferenceOnHonestInstances) {
  Registry registry = analysis_registry();
  Instance memory{"def:relay:well-defined",
                  "memory-vs-definition",
                  {{"initial_state", "1"}},
                  {{"inputs", {Q(0), Q(3), Q(1, 2), Q(2), Q(-1)}},
                   {"alpha", {Q(2), Q(1)}},
                   {"beta", {Q(1), Q(1)}},
                   {"weight", {Q(1), Q(-1, 2)}}}};
  Instance grid{"def:pal:grid",
                "grid-vs-definition",
                {{"initial_state", "0"}},
                {{"delta", {Q(1, 2)}},
                 {"L", {Q(3)}},
                 {"i", {Q(3), Q(2)}},
                 {"j", {Q(1), Q(2)}},
                 {"weight", {Q(2), Q(-1)}},
                 {"inputs", {Q(1), Q(2), Q(0), Q(3, 2)}}}};
  Instance mpal{"def:mpal",
                "mpal-vs-sum",
                {{"initial_state", "0"}},
                {{"d", {Q(2)}},
                 {"w_in", {Q(1), Q(-1)}},
                 {"w_out", {Q(2), Q(1, 3)}},
                 {"head", {Q(0)}},
                 {"alpha", {Q(1)}},
                 {"beta", {Q(0)}},
                 {"weight", {Q(3)}},
                 {"x", {Q(0), Q(0), Q(2), Q(0), Q(1), Q(1)}}}};
  const std::vector<std::pair<const Instance*, std::size_t>> instances{{&memory, 5}, {&grid, 4}, {&mpal, 3}};
  for (const auto& [x, tokens] : instances) {
    const Replayer* replayer = registry.replayer_for(*x);
    ASSERT_NE(replayer, nullptr) << x->scenario;
    ReplayOutcome outcome = replayer->replay(*x);
    EXPECT_FALSE(outcome.violates) << x->scenario;
    EXPECT_EQ(outcome.table.size(), tokens + 1) << x->scenario;
  }
}

TEST(Analysis, ReplayersRejectMalformedInstances) {
  Registry registry = analysis_registry();
  Instance bad{"def:relay:well-defined", "memory-vs-definition", {{"initial_state", "2"}}, {{"inputs", {Q(0)}}}};
  EXPECT_THROW(registry.replayer_for(bad)->replay(bad), std::invalid_argument);
}

}  // namespace
}  // namespace palcheck
