// def:relay: truth table of the printed rule, with ties, dead band and the initial state option.
#include "reference/relay.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

TEST(Relay, TruthTableAgainstTheThreeCasesOfTheDefinition) {
  Thresholds t{Q(2), Q(1)};
  // Each row: input, previous state; expected value from the case analysis of eq:relay.
  for (int previous : {0, 1}) {
    for (Q u : {Q(0), Q(1), Q(3, 2), Q(2), Q(3)}) {
      int expected = u >= t.alpha ? 1 : (u <= t.beta ? 0 : previous);
      EXPECT_EQ(step_relay(t, u, previous), expected) << "u=" << u << " previous=" << previous;
    }
  }
  EXPECT_EQ(step_relay(t, Q(2), 0), 1);     // tie at alpha switches on
  EXPECT_EQ(step_relay(t, Q(1), 1), 0);     // tie at beta switches off
  EXPECT_EQ(step_relay(t, Q(3, 2), 1), 1);  // dead band holds
  EXPECT_EQ(step_relay(t, Q(3, 2), 0), 0);
}

TEST(Relay, DiagonalTieIsOnBecauseTheFirstCaseIsPrintedFirst) {
  Thresholds diagonal{Q(1), Q(1)};
  EXPECT_EQ(step_relay(diagonal, Q(1), 0), 1);
  EXPECT_EQ(step_relay(diagonal, Q(1), 1), 1);
  EXPECT_EQ(step_relay(diagonal, Q(1, 2), 1), 0);
}

TEST(Relay, InitialStateMattersOnlyUntilTheInputLeavesTheDeadBand) {
  Thresholds t{Q(2), Q(1)};
  std::vector<Q> u{Q(3, 2), Q(7, 4), Q(3), Q(3, 2)};
  auto off = run_relay(t, u, InitialState::Off);
  auto on = run_relay(t, u, InitialState::On);
  EXPECT_EQ(off, (std::vector<RelayState>{0, 0, 1, 1}));
  EXPECT_EQ(on, (std::vector<RelayState>{1, 1, 1, 1}));
}

TEST(Relay, ThresholdsBelowTheDiagonalAreRejected) {
  EXPECT_THROW(run_relay({Q(1), Q(2)}, {Q(0)}, InitialState::Off), NotInHalfPlane);
}

}  // namespace
}  // namespace palcheck
