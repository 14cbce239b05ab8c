// What every test of a registry's checkers expects of their results, stated once: a refutation is
// confirmed by the reference's replayer with no checker involved, and the same seed gives the same results.
#pragma once

#include "claims/registry.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace palcheck::testing {

/// The default configuration with `tests` cases per search, at `seed`.
inline RunConfig run_config(std::uint64_t tests, std::uint64_t seed = 1) {
  RunConfig config;
  config.tests = tests;
  config.seed = seed;
  return config;
}

/// Every result of every judged label of `registry` under `config`, with its label, in the registry's order.
inline std::vector<std::pair<std::string, CheckResult>> every_result(const Registry& registry,
                                                                     const RunConfig& config) {
  std::vector<std::pair<std::string, CheckResult>> out;
  for (const std::string& label : registry.judged_labels())
    for (CheckResult& result : run_checkers(registry, label, config)) out.emplace_back(label, std::move(result));
  return out;
}

/// A REFUTED `result` of `label` carries a counterexample that its replayer in `registry` confirms; any
/// other verdict passes.
inline void expect_refutation_replays(const Registry& registry, const CheckResult& result, const std::string& label) {
  if (result.verdict != Verdict::Refuted) return;
  ASSERT_TRUE(result.counterexample.has_value()) << label;
  const Replayer* replayer = registry.replayer_for(*result.counterexample);
  ASSERT_NE(replayer, nullptr) << label;
  EXPECT_TRUE(replayer->replay(*result.counterexample).violates) << label;
}

/// Every judged label of `registry`, run twice under `config`, gives results equal in every field.
inline void expect_same_seed_same_results(const Registry& registry, const RunConfig& config) {
  for (const std::string& label : registry.judged_labels()) {
    std::vector<CheckResult> first = run_checkers(registry, label, config);
    EXPECT_TRUE(first == run_checkers(registry, label, config)) << label;
  }
}

}  // namespace palcheck::testing
