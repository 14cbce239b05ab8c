// The registry's honesty rules (claims/registry.h): an injected claim known false by
// construction ("every relay output is 0") is REFUTED through a search over the real reference and
// a replayer; a known-true one ("every relay output is 0 or 1") is not; unconfirmed refutations and
// crashing checkers become ERROR.
#include "claims/registry.h"
#include "reference/relay.h"
#include "tests/claims/claim_test_registry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

namespace palcheck {
namespace {

Registry test_registry() { return testing::claim_test_registry(); }

TEST(Registry, AWrongClaimIsRefutedWithAReplayableCounterexample) {
  Registry registry = test_registry();
  auto results = run_checkers(registry, "test:always-off", RunConfig{});
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(combine(results), Verdict::Refuted);
  ASSERT_TRUE(results[0].counterexample);
  // The counterexample is checked here independently of the replayer: some state is 1.
  const Instance& x = *results[0].counterexample;
  auto states = run_relay({x.values.at("alpha")[0], x.values.at("beta")[0]}, x.values.at("inputs"), InitialState::Off);
  EXPECT_NE(std::find(states.begin(), states.end(), 1), states.end());
}

TEST(Registry, ATrueClaimIsNotRefuted) {
  Registry registry = test_registry();
  auto results = run_checkers(registry, "test:binary", RunConfig{});
  EXPECT_EQ(combine(results), Verdict::Held);
  EXPECT_EQ(results.at(0).cases, RunConfig{}.tests);
}

TEST(Registry, ARefutationTheReferenceDoesNotConfirmBecomesError) {
  Registry registry = test_registry();
  registry.add(Checker{
      "test:binary", "bogus", [](const RunConfig&) {
        CheckResult r;
        r.verdict = Verdict::Refuted;
        r.counterexample =
            Instance{"test:binary", "relay-outputs", {}, {{"alpha", {Q(1)}}, {"beta", {Q(0)}}, {"inputs", {Q(2)}}}};
        return std::vector<CheckResult>{r};
      }});
  auto results = run_checkers(registry, "test:binary", RunConfig{});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[1].verdict, Verdict::Error);
  EXPECT_EQ(combine(results), Verdict::Error);
}

TEST(Registry, ARefutationWithoutReplayerBecomesError) {
  Registry registry = test_registry();
  CheckResult r;
  r.verdict = Verdict::Refuted;
  r.counterexample = Instance{"test:binary", "no-such-scenario", {}, {}};
  EXPECT_EQ(confirm_refutation(registry, r).verdict, Verdict::Error);
}

TEST(Registry, ACrashingCheckerBecomesError) {
  Registry registry = test_registry();
  registry.add(Checker{"test:binary", "crash",
                       [](const RunConfig&) -> std::vector<CheckResult> { throw std::runtime_error("boom"); }});
  auto results = run_checkers(registry, "test:binary", RunConfig{});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[1].verdict, Verdict::Error);
  EXPECT_NE(results[1].summary.find("boom"), std::string::npos);
}

TEST(Registry, RejectsDuplicatesAndOrphans) {
  Registry registry = test_registry();
  EXPECT_THROW(registry.add(Claim{"test:binary", "lemma", "sec:test", "again", {}, {}, true, ""}), std::logic_error);
  EXPECT_THROW(registry.add(Checker{"test:nowhere", "property", nullptr}), std::logic_error);
  EXPECT_THROW(registry.add(Replayer{"test:binary", "relay-outputs", nullptr}), std::logic_error);
}

TEST(Registry, ACheckerAddedWithItsReplayerSharesItsLabel) {
  Registry registry = test_registry();
  registry.add(Checker{"test:unchecked", "property", nullptr}, "late-scenario", nullptr);
  EXPECT_EQ(registry.checkers_for("test:unchecked").size(), 1u);
  const Replayer* replayer = registry.replayer_for(Instance{"test:unchecked", "late-scenario", {}, {}});
  ASSERT_NE(replayer, nullptr);
  EXPECT_EQ(replayer->label, "test:unchecked");
  EXPECT_THROW(registry.add(Checker{"test:nowhere", "property", nullptr}, "late-scenario", nullptr), std::logic_error);
  EXPECT_EQ(registry.replayer_for(Instance{"test:nowhere", "late-scenario", {}, {}}), nullptr);
}

TEST(Registry, SameSeedSameResult) {
  Registry registry = test_registry();
  RunConfig config;
  config.seed = 7;
  auto a = run_checkers(registry, "test:always-off", config);
  auto b = run_checkers(registry, "test:always-off", config);
  ASSERT_TRUE(a[0].counterexample && b[0].counterexample);
  EXPECT_EQ(a[0].counterexample->values, b[0].counterexample->values);
  EXPECT_EQ(a[0].cases, b[0].cases);
}

}  // namespace
}  // namespace palcheck
