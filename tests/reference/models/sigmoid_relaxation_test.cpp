// rem:backprop: the exact tau -> 0 limit of the sigmoid relaxation against the relaxation run in doubles at a
// small temperature.
#include "reference/models/sigmoid_relaxation.h"
#include "tests/reference/random_sequence.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace palcheck::physics {
namespace {

double sigmoid(double x, double tau) { return 1 / (1 + std::exp(-x / tau)); }

TEST(SigmoidRelaxation, LimitMatchesSmallTemperature) {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int> value(-6, 6), start(0, 1);
  const double tau = 1e-3;  // inputs sit on the half-integers: 0.5 / tau = 500, exp(-500) is far below 1e-12
  for (int c = 0; c < 200; ++c) {
    Q a(value(rng), 2), b(value(rng), 2);
    if (a < b) std::swap(a, b);
    std::vector<Q> u = testing::random_sequence(rng, {-6, 6, 2}, 10);
    Q s0 = start(rng);
    std::vector<Q> limit = relaxation_limit({a, b}, u, s0);
    double s = to_double(s0);
    for (std::size_t n = 0; n < u.size(); ++n) {
      double x = to_double(u[n]);
      s = s * (1 - sigmoid(to_double(b) - x, tau)) + (1 - s) * sigmoid(x - to_double(a), tau);
      EXPECT_NEAR(s, to_double(limit[n + 1]), 1e-12);
    }
  }
}

TEST(SigmoidRelaxation, TieGivesOneHalfFromOff) {
  // u_0 = alpha > beta from s_0 = 0: sig(beta - alpha) -> 0 and sig(0) = 1/2 exactly.
  EXPECT_EQ(relaxation_limit({Q(1), Q(0)}, {Q(1)}, Q(0)).back(), Q(1, 2));
  EXPECT_EQ(run_relay({Q(1), Q(0)}, {Q(1)}, InitialState::Off).back(), 1);
}

}  // namespace
}  // namespace palcheck::physics
