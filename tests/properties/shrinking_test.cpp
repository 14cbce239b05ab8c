// Shrinking reaches the smallest case: for known-false claims the shrunk counterexample has the
// length and the number of distinct values of the smallest counterexample, found here by brute force
// over every short sequence of small integers (independently of RapidCheck).
#include "properties/generators.h"
#include "properties/property_runner.h"

#include "reference/preisach_memory.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>

namespace palcheck {
namespace {

using properties::PropertySpec;

// The shortest length of a violating sequence over {0..3}, then the fewest distinct values among them.
std::pair<std::size_t, std::size_t> brute_force_minimum(const std::function<bool(const std::vector<Q>&)>& violates) {
  for (std::size_t len = 1; len <= 5; ++len) {
    std::size_t best = 99;
    std::vector<int> digits(len, 0);
    while (true) {
      std::vector<Q> u;
      for (int d : digits) u.push_back(Q(d));
      if (violates(u)) best = std::min(best, std::set<int>(digits.begin(), digits.end()).size());
      std::size_t k = 0;
      while (k < len && ++digits[k] == 4) digits[k++] = 0;
      if (k == len) break;
    }
    if (best != 99) return {len, best};
  }
  return {0, 0};
}

void expect_minimal(const CheckResult& result, std::pair<std::size_t, std::size_t> minimum) {
  ASSERT_EQ(result.verdict, Verdict::Refuted) << result.summary;
  const std::vector<Q>& u = result.counterexample->values.at("u");
  EXPECT_EQ(u.size(), minimum.first) << result.summary;
  std::set<Q> distinct(u.begin(), u.end());
  EXPECT_EQ(distinct.size(), minimum.second) << result.summary;
  // Smallest integers: d distinct values need no integer beyond d-1 in absolute value (0..d-1 do).
  for (const Q& x : distinct) {
    EXPECT_EQ(denominator(x), 1) << result.summary;
    EXPECT_LE(abs(x), Q(static_cast<long>(distinct.size()) - 1)) << result.summary;
  }
}

rc::Gen<Instance> sequences_with(std::map<std::string, std::string> options) {
  return properties::with_shrinking(rc::gen::map(properties::sequence(12),
                                                 [options](std::vector<Q> u) {
                                                   Instance in = properties::with_options(options);
                                                   in.values = {{"u", std::move(u)}};
                                                   return in;
                                                 }),
                                    {{"u"}, true, {}});
}

TEST(Shrinking, TestOnlyClaimShrinksToTheBruteForceMinimum) {
  // Test-only claim, false: "the classical memory (initial state 0) never holds more than 2 entries".
  auto too_long = [](const std::vector<Q>& u) { return memory_trace(u, InitialState::Off).back().size() > 2; };
  PropertySpec spec{"def:stack", "test-only", {}, "memory depth <= 2", sequences_with({}), [&](const Instance& in) {
                      bool bad = too_long(in.values.at("u"));
                      return ReplayOutcome{bad, "depth <= 2", bad ? "deeper" : "ok", {}};
                    }};
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    RunConfig config;
    config.seed = seed;
    expect_minimal(properties::run_property(spec, config), brute_force_minimum(too_long));
  }
}

TEST(Shrinking, DefStackOnTheClassicalMemoryShrinksToTheBruteForceMinimum) {
  auto minima_not_decreasing = [](const std::vector<Q>& u) {
    PreisachMemory memory(InitialState::Off);
    for (const Q& x : u) memory.step(x);
    std::vector<Q> minima;
    for (std::size_t k = 0; k < memory.extrema().size(); ++k)
      if (!memory.is_maximum(k)) minima.push_back(memory.extrema()[k]);
    for (std::size_t k = 1; k < minima.size(); ++k)
      if (!(minima[k - 1] > minima[k])) return true;
    return false;
  };
  PropertySpec spec{"def:stack",
                    "ordering",
                    {},
                    "def:stack ordering",
                    sequences_with({{"stack", "classical-memory"}, {"initial_state", "0"}})};
  RunConfig config;
  expect_minimal(properties::run_property(spec, config), brute_force_minimum(minima_not_decreasing));
}

}  // namespace
}  // namespace palcheck
