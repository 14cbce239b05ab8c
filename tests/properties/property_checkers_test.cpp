// Every property checker of properties/ (all the sequence-level labels it registers): refutations
// replay on the reference alone, the same seed gives results equal in every field, and the default run
// stays inside its time budget.
#include "claims/areas.h"
#include "properties/property_runner.h"
#include "tests/claims/checker_expectations.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

Registry property_registry() { return build_area_registry(register_property_checkers); }

TEST(PropertyCheckers, EveryRefutationReplaysAndNothingErrs) {
  Registry r = property_registry();
  for (const auto& [label, result] : testing::every_result(r, testing::run_config(100))) {
    EXPECT_NE(result.verdict, Verdict::Error) << label << ": " << result.summary;
    testing::expect_refutation_replays(r, result, label);
  }
}

TEST(PropertyCheckers, SameSeedSameResultsInEveryField) {
  testing::expect_same_seed_same_results(property_registry(), testing::run_config(60, 7));
}

TEST(PropertyCheckers, EverySequenceClaimOfTheBriefHasAPropertyChecker) {
  Registry r = property_registry();
  for (const char* label : {"prop:rate_independence",
                            "repair:prop:wiping",
                            "def:stack",
                            "prop:sufficiency",
                            "alg:stack",
                            "prop:complexity",
                            "lem:stack_ops",
                            "lem:pop_one",
                            "lem:push_no_wipe",
                            "prop:range",
                            "prop:no_copy:bare_memory",
                            "lem:ext_indicator",
                            "lem:threshold",
                            "lem:extAgg",
                            "lem:exists_ext",
                            "eq:relay_efo",
                            "prop:hopfield_pal",
                            "rem:retrieval",
                            "prop:sparse",
                            "prop:ising_streaming",
                            "rem:prob_fix",
                            "ref:memory_equals_definition",
                            "ref:return_point_memory",
                            "ref:congruency",
                            "ref:algorithm1_steps"}) {
    bool found = false;
    for (const Checker* c : r.checkers_for(label)) found = found || c->method == "property";
    EXPECT_TRUE(found) << label;
  }
}

}  // namespace
}  // namespace palcheck
