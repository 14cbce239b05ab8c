// The physics checkers as a whole: every label they judge runs without ERROR, every refutation replays on the
// reference, the same seed gives the same results, and replayers reject instances where the claim holds.
#include "claims/areas.h"
#include "reference/models/enclosure.h"
#include "tests/claims/checker_expectations.h"

#include <gtest/gtest.h>

#include <set>

namespace palcheck {
namespace {

Registry physics_registry() { return build_area_registry(register_physics_checkers); }

TEST(PhysicsCheckers, NoErrorAndEveryRefutationReplays) {
  Registry r = physics_registry();
  EXPECT_GE(r.judged_labels().size(), 15u);
  for (const auto& [label, result] : testing::every_result(r, testing::run_config(60))) {
    EXPECT_NE(result.verdict, Verdict::Error) << label << ": " << result.summary;
    EXPECT_FALSE(result.summary.empty()) << label;
    testing::expect_refutation_replays(r, result, label);
    if (result.verdict == Verdict::Held) {
      EXPECT_GT(result.cases, 0u) << label;
    }
  }
}

TEST(PhysicsCheckers, SameSeedSameResults) {
  testing::expect_same_seed_same_results(physics_registry(), testing::run_config(40, 99));
}

TEST(PhysicsCheckers, ReplayersAcceptOnlyViolations) {
  Registry r = physics_registry();
  // One atom per token: both sides of prop:ising_streaming's first equality are sum_t J_t for J_t >= 0.
  Instance per_token{
      "prop:ising_streaming", "phys-streaming-first-equality", {{"reading", "per-token"}}, {{"u", {Q(1), Q(1), Q(2)}}}};
  EXPECT_FALSE(r.replayer_for(per_token)->replay(per_token).violates);
  // The point-set reading counts the repeated 1 once: 3 against 4.
  Instance point_set = per_token;
  point_set.options["reading"] = "point-set";
  EXPECT_TRUE(r.replayer_for(point_set)->replay(point_set).violates);
  // No tie: the limit of the relaxation is the relay, one step later.
  Instance off_tie{"rem:backprop",
                   "phys-relaxation-limit",
                   {{"alignment", "next-step"}},
                   {{"alpha", {Q(1)}}, {"beta", {Q(0)}}, {"u", {Q(2), Q(1, 2), Q(-1)}}, {"s0", {Q(0)}}}};
  EXPECT_FALSE(r.replayer_for(off_tie)->replay(off_tie).violates);
  // One spin cannot break congruency: it is a single relay.
  Instance one_spin{"prop:preisach_rfim",
                    "phys-rfim-congruency",
                    {{"self_coupling", "included"}},
                    {{"J", {Q(1)}},
                     {"fields", {Q(0)}},
                     {"prefix_a", {Q(5)}},
                     {"prefix_b", {Q(-5)}},
                     {"u1", {Q(-2)}},
                     {"u2", {Q(2)}}}};
  EXPECT_FALSE(r.replayer_for(one_spin)->replay(one_spin).violates);
  // The delta_c replayer rejects the paper's ratio 1 and accepts a point of the enclosure of sqrt(2/pi).
  Instance paper{"prop:criticality:delta_c", "phys-critical-disorder", {}, {{"claimed_ratio", {Q(1)}}}};
  EXPECT_TRUE(r.replayer_for(paper)->replay(paper).violates);
  Instance right = paper;
  right.values["claimed_ratio"] = {physics::sqrt_two_over_pi().lo};
  EXPECT_FALSE(r.replayer_for(right)->replay(right).violates);
}

}  // namespace
}  // namespace palcheck
