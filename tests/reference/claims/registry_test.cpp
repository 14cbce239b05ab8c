// The registry's honesty rules (reference/claims/registry.h): an injected claim known false by
// construction ("every relay output is 0") is REFUTED through a search over the real reference and
// a replayer; a known-true one ("every relay output is 0 or 1") is not; unconfirmed refutations and
// crashing checkers become ERROR.
#include "claims/registry.h"

#include "relay.h"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

namespace palcheck {
namespace {

// Replays "the relay (alpha, beta) run over inputs from state 0 only ever outputs values in `allowed`".
ReplayOutcome replay_outputs(const Instance& x, std::vector<RelayState> allowed) {
  Thresholds t{x.values.at("alpha").at(0), x.values.at("beta").at(0)};
  std::vector<RelayState> states = run_relay(t, x.values.at("inputs"), InitialState::Off);
  ReplayOutcome out;
  out.predicted = "every state in the allowed set";
  out.computed = "states:";
  for (RelayState s : states) {
    out.computed += " " + std::to_string(s);
    if (std::find(allowed.begin(), allowed.end(), s) == allowed.end()) out.violates = true;
  }
  return out;
}

// A tiny seeded search over the real reference for a relay state outside `allowed`.
CheckResult search_outputs(const RunConfig& config, const std::string& label, std::vector<RelayState> allowed) {
  std::mt19937_64 rng(config.seed);
  std::uniform_int_distribution<int> value(-4, 4);
  CheckResult r;
  r.method = "property";
  r.seed = config.seed;
  for (std::uint64_t c = 0; c < config.tests; ++c) {
    Q a = value(rng), b = value(rng);
    if (a < b) std::swap(a, b);
    std::vector<Q> u{Q(value(rng)), Q(value(rng)), Q(value(rng))};
    r.cases = c + 1;
    Instance x{label, "relay-outputs", {}, {{"alpha", {a}}, {"beta", {b}}, {"inputs", u}}};
    if (replay_outputs(x, allowed).violates) {
      r.verdict = Verdict::Refuted;
      r.summary = "a relay output outside the claimed set";
      r.counterexample = x;
      return r;
    }
  }
  r.verdict = Verdict::Held;
  r.summary = "no relay output outside the claimed set";
  return r;
}

Registry test_registry() {
  Registry registry;
  registry.add(Claim{"test:always-off", "lemma", "sec:test", "Every relay output is 0.", {}, {}, true});
  registry.add(Claim{"test:binary", "lemma", "sec:test", "Every relay output is 0 or 1.", {}, {}, true});
  registry.add(Checker{"test:always-off", "property", [](const RunConfig& c) {
                         return std::vector<CheckResult>{search_outputs(c, "test:always-off", {0})};
                       }});
  registry.add(Checker{"test:binary", "property", [](const RunConfig& c) {
                         return std::vector<CheckResult>{search_outputs(c, "test:binary", {0, 1})};
                       }});
  registry.add(Replayer{"test:always-off", "relay-outputs", [](const Instance& x) { return replay_outputs(x, {0}); }});
  registry.add(Replayer{"test:binary", "relay-outputs", [](const Instance& x) { return replay_outputs(x, {0, 1}); }});
  return registry;
}

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
  registry.add(Checker{"test:binary", "bogus", [](const RunConfig&) {
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
  registry.add(Checker{"test:binary", "crash", [](const RunConfig&) -> std::vector<CheckResult> {
                         throw std::runtime_error("boom");
                       }});
  auto results = run_checkers(registry, "test:binary", RunConfig{});
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[1].verdict, Verdict::Error);
  EXPECT_NE(results[1].summary.find("boom"), std::string::npos);
}

TEST(Registry, RejectsDuplicatesAndOrphans) {
  Registry registry = test_registry();
  EXPECT_THROW(registry.add(Claim{"test:binary", "lemma", "sec:test", "again", {}, {}, true}), std::logic_error);
  EXPECT_THROW(registry.add(Checker{"test:nowhere", "property", nullptr}), std::logic_error);
  EXPECT_THROW(registry.add(Replayer{"test:binary", "relay-outputs", nullptr}), std::logic_error);
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
