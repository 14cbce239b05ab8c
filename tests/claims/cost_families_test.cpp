// claims/cost_families.h and the cost claims (thm:complexity, prop:complexity, tab:complexity,
// abstract:cost): the binary-search relay read against the relay run over the whole sequence, the
// counters against independent characterisations of the families, and the verdicts they support.
#include "claims/cost_families.h"
#include "claims/areas.h"
#include "reference/relay.h"

#include <gtest/gtest.h>

#include <cmath>

namespace palcheck {
namespace {

Registry analysis_registry() { return build_area_registry(register_analysis_checkers); }

// The result obtained under `value` of reading dimension `key` (a nullopt value: every value).
const CheckResult* with(const std::vector<CheckResult>& results, ReadingKey key, std::optional<std::string> value) {
  for (const CheckResult& r : results) {
    auto it = r.reading.find(key);
    if (it != r.reading.end() && it->second.value == value) return &r;
  }
  return nullptr;
}

TEST(CostFamilies, BinarySearchReadAgreesWithTheRelayRunOnEveryShortSequence) {
  // Every sequence over {0, 1, 2, 3} of length <= 5, every relay with thresholds in {-1/2, 0, ..., 7/2}.
  std::vector<Q> grid;
  for (int t = -1; t <= 7; ++t) grid.emplace_back(t, 2);
  for (InitialState initial : {InitialState::Off, InitialState::On})
    for (std::size_t length = 1; length <= 5; ++length) {
      std::vector<int> digits(length, 0);
      for (;;) {
        std::vector<Q> u;
        for (int d : digits) u.emplace_back(d);
        PreisachMemory memory(initial);
        for (const Q& x : u) memory.step(x);
        std::size_t k = memory.extrema().size();
        for (const Q& a : grid)
          for (const Q& b : grid) {
            if (b > a) continue;
            cost::RelayRead read = cost::read_relay(memory, {a, b});
            ASSERT_EQ(read.state, run_relay({a, b}, u, initial).back());
            EXPECT_LE(read.comparisons, 2 + 2 * static_cast<std::size_t>(std::ceil(std::log2(k + 1.0))));
          }
        std::size_t i = 0;
        while (i < length && ++digits[i] == 4) digits[i++] = 0;
        if (i == length) break;
      }
    }
}

TEST(CostFamilies, CountersMatchWhatEachFamilyMustDo) {
  for (std::size_t n : {16u, 64u, 256u}) {
    // Nested zig-zag: nothing is wiped before the last token, which exceeds every maximum, so the
    // printed while loop pops the whole stack at that token: depth pops plus one push.
    std::vector<Q> u = cost::generate(cost::Family::NestedZigzagPeak, n);
    ASSERT_EQ(u.size(), n);
    Algorithm1 alg;
    for (std::size_t t = 0; t + 1 < n; ++t) alg.step(u[t]);
    std::size_t depth = alg.stack().size();
    cost::Counts c = cost::measure(cost::Family::NestedZigzagPeak, n, {});
    EXPECT_EQ(c.worst_token_ops, depth + 1);
    EXPECT_GE(depth, n / 2 - 1);
    EXPECT_LE(c.total_ops, 2 * n);  // each pair pushed once and popped at most once
    // Rising run: each token replaces the one pair below it (one pop, one push) after the first.
    cost::Counts rise = cost::measure(cost::Family::RisingRun, n, {});
    EXPECT_EQ(rise.max_depth, 1u);
    EXPECT_EQ(rise.worst_token_ops, 2u);
  }
}

TEST(CostFamilies, GrowthRuleSeparatesLinearFromBounded) {
  auto sizes = cost::geometric_sizes();
  ASSERT_EQ(sizes.front(), 16u);
  ASSERT_EQ(sizes.back(), 65536u);
  std::vector<std::size_t> small{16, 64, 256, 1024};
  EXPECT_EQ(cost::growth(cost::run_family(cost::Family::NestedZigzagPeak, cost::Quantity::WorstTokenOps,
                                          cost::Bound::LogK, small)),
            cost::Growth::Unbounded);
  EXPECT_EQ(
      cost::growth(cost::run_family(cost::Family::RisingRun, cost::Quantity::WorstTokenOps, cost::Bound::LogK, small)),
      cost::Growth::Bounded);
  EXPECT_EQ(cost::growth(cost::run_family(cost::Family::NestedZigzagPeak, cost::Quantity::AmortisedOps,
                                          cost::Bound::One, small)),
            cost::Growth::Bounded);
}

TEST(CostFamilies, TheoremItemOneFailsPerTokenAndHoldsAmortised) {
  Registry registry = analysis_registry();
  auto results = run_checkers(registry, "thm:complexity", RunConfig{});
  const CheckResult* worst = with(results, ReadingKey::PerToken, to_string(PerToken::EveryToken));
  const CheckResult* amortised = with(results, ReadingKey::PerToken, to_string(PerToken::Amortised));
  ASSERT_NE(worst, nullptr);
  ASSERT_NE(amortised, nullptr);
  EXPECT_EQ(worst->verdict, Verdict::Refuted);
  ASSERT_TRUE(worst->counterexample);
  EXPECT_EQ(worst->counterexample->scenario, "cost-family");
  EXPECT_EQ(amortised->verdict, Verdict::Held);
  for (const CheckResult& r : results) {
    if (r.interpretation.count("item") && r.interpretation.at("item") != "1: time per token") {
      EXPECT_EQ(r.verdict, Verdict::Held) << r.summary;
    }
  }
  // The replay file re-runs the family; a bounded family does not replay as a violation.
  ReplayOutcome replayed = cost::replay_family(*worst->counterexample);
  EXPECT_TRUE(replayed.violates);
  EXPECT_EQ(replayed.table.size(), cost::geometric_sizes().size() + 1);
  Instance bounded = cost::family_instance("thm:complexity", cost::Family::RisingRun, cost::Quantity::WorstTokenOps,
                                           cost::Bound::LogK, {16, 256, 4096});
  EXPECT_FALSE(cost::replay_family(bounded).violates);
  Instance bad = bounded;
  bad.values["sizes"] = {Q(1, 2), Q(16)};
  EXPECT_THROW(cost::replay_family(bad), std::invalid_argument);
}

TEST(CostFamilies, TableAndAbstractHoldOnTheFamilies) {
  Registry registry = analysis_registry();
  for (const char* label : {"tab:complexity", "abstract:cost"}) {
    auto results = run_checkers(registry, label, RunConfig{});
    EXPECT_EQ(combine(results), Verdict::Held) << label;
  }
}

TEST(CostFamilies, BinarySearchSentenceIsJudgedUnderEveryCompletion) {
  Registry registry = analysis_registry();
  auto results = run_checkers(registry, "prop:complexity", RunConfig{});
  std::size_t judged = 0;
  for (const CheckResult& r : results) {
    if (!r.interpretation.count("sentence")) continue;
    ++judged;
    if (r.verdict != Verdict::Refuted || r.counterexample->scenario != "relay-from-stack") continue;
    // Independently of the judge: equal Algorithm 1 stacks, a relay among a fine grid ends differently.
    const Instance& x = *r.counterexample;
    const auto& u = x.values.at("u");
    const auto& v = x.values.at("v");
    Algorithm1Options o;
    o.first = x.options.at("stack").find("push-pair") != std::string::npos ? FirstInput::PushPair : FirstInput::Empty;
    o.unset_last = x.options.at("stack").find("unset_last=top") != std::string::npos       ? UnsetLast::Top
                   : x.options.at("stack").find("unset_last=persist") != std::string::npos ? UnsetLast::Persist
                                                                                           : UnsetLast::PreviousInput;
    Algorithm1 a(o), b(o);
    for (const Q& q : u) a.step(q);
    for (const Q& q : v) b.step(q);
    EXPECT_EQ(a.stack(), b.stack());
    InitialState init = x.options.at("initial_state") == "1" ? InitialState::On : InitialState::Off;
    bool differs = false;
    for (int i = -1; i <= 5; ++i)
      for (int j = -1; j <= i; ++j) {
        Thresholds t{Q(i, 2), Q(j, 2)};
        differs = differs || run_relay(t, u, init).back() != run_relay(t, v, init).back();
      }
    EXPECT_TRUE(differs) << r.summary;
  }
  EXPECT_EQ(judged, 13u);  // six completions x two initial states, and all of them at once
  const CheckResult* every = with(results, ReadingKey::Stack, std::nullopt);
  ASSERT_NE(every, nullptr);
  EXPECT_EQ(every->verdict, Verdict::Refuted);
  EXPECT_EQ(every->counterexample->scenario, "relay-from-stack-every-reading");
}

}  // namespace
}  // namespace palcheck
