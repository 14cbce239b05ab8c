// The ball arithmetic behind def:pal_transformer, rem:pe and the smoothing: each Arb result is checked
// against bounds computed here in exact rationals (squares, alternating Taylor sums), not against Arb.
#include "reference/ball.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>

namespace palcheck {
namespace {

using boost::multiprecision::mpz_int;

/// 10^k exactly.
Q ten_to(unsigned k) { return Q(boost::multiprecision::pow(mpz_int(10), k)); }

/// sum_{k<terms} (-1)^k x^(2k+1)/(2k+1)!: for 0 < x < 1 the real sin x lies between two consecutive sums.
Q sin_partial(const Q& x, int terms) {
  Q sum = 0, term = x;
  for (int k = 0; k < terms; ++k) {
    sum += (k % 2 == 0) ? term : Q(-term);
    term *= x * x / Q((2 * k + 2) * (2 * k + 3));
  }
  return sum;
}

TEST(Ball, ADyadicIsExactAndANonDyadicIsEnclosed) {
  EXPECT_TRUE(Ball(Q(3, 8), 64).exact());
  Ball third(Q(1, 3), 64);
  EXPECT_FALSE(third.exact());
  EXPECT_TRUE(third.contains(Q(1, 3)));
  ASSERT_TRUE(third.nearest_double().has_value());
  EXPECT_EQ(*third.nearest_double(), 1.0 / 3.0);
}

TEST(Ball, SqrtEnclosesTheRootAndNarrowsWithBits) {
  for (long bits : {64L, 128L, 512L}) {
    Ball root = sqrt_nonnegative(Ball(Q(2), bits));
    ASSERT_TRUE(root.lower() && root.upper());
    EXPECT_LE(*root.lower() * *root.lower(), Q(2));
    EXPECT_GE(*root.upper() * *root.upper(), Q(2));
    EXPECT_TRUE(root.width_at_most(Q(1) / Q(boost::multiprecision::pow(mpz_int(2), static_cast<unsigned>(bits - 8)))));
  }
}

TEST(Ball, SinLiesBetweenConsecutiveTaylorSums) {
  Q x(1, 2);
  auto [s, c] = sin_cos(Ball(x, 200));
  Q a = sin_partial(x, 12), b = sin_partial(x, 13);
  ASSERT_TRUE(s.lower() && s.upper());
  EXPECT_LE(*s.lower(), std::max(a, b));
  EXPECT_GE(*s.upper(), std::min(a, b));
  EXPECT_TRUE(s.width_at_most(Q(1, 1000000) * Q(1, 1000000) * Q(1, 1000000)));
  Ball one = squared(s) + squared(c);
  EXPECT_TRUE(one.contains(Q(1)));
}

TEST(Ball, QuotientByABallHoldingZeroIsTheWholeLineNotACrash) {
  Ball zero_ish = Ball(Q(1, 3), 64) - Ball(Q(1, 3), 64);
  EXPECT_TRUE(zero_ish.contains(Q(0)));
  Ball q = Ball(Q(1), 64) / zero_ish;
  EXPECT_FALSE(q.finite());
  EXPECT_EQ(q.lower_double(), -std::numeric_limits<double>::infinity());
  EXPECT_FALSE(q.nearest_double().has_value());
}

TEST(Ball, BeyondTheDoubleRangeIsExactAndRoundsOutward) {
  Q huge = ten_to(400);
  Ball b(huge, 64);
  EXPECT_TRUE(b.finite());
  EXPECT_EQ(b.lower_double(), DBL_MAX);
  EXPECT_EQ(b.upper_double(), std::numeric_limits<double>::infinity());
  EXPECT_FALSE(b.nearest_double().has_value());
  ASSERT_TRUE(b.lower().has_value());
  EXPECT_LE(*b.lower(), huge);
}

TEST(Ball, TinyTemperaturesSaturateTheSmoothFunctions) {
  Q tiny = Q(1) / ten_to(1000);
  Ball t = tanh(Ball(Q(1) / tiny, 64));
  ASSERT_TRUE(t.lower() && t.upper());
  EXPECT_GE(*t.lower(), Q(999999, 1000000));
  EXPECT_LE(*t.lower(), Q(1));
  Ball l = logistic(Ball(Q(-1) / tiny, 64));
  ASSERT_TRUE(l.lower() && l.upper());
  EXPECT_GE(*l.upper(), Q(0));
  EXPECT_LE(*l.upper(), Q(1, 1000000));
  // Its width is bounded, and the sign of an end 2^(-10^1000) from 0 is still known.
  EXPECT_TRUE(l.width_at_most(Q(1, 1000000)));
  EXPECT_EQ(certain_sign(l, Q(1, 2)), -1);
  EXPECT_EQ(certain_sign(Ball(Q(1) / tiny, 64) * Ball(Q(1) / tiny, 64), ten_to(999)), 1);
}

TEST(Ball, CertainSignIsDecidedOnlyWhenTheBallIsOnOneSide) {
  EXPECT_EQ(certain_sign(Ball(Q(1, 3), 64), Q(1, 4)), 1);
  EXPECT_EQ(certain_sign(Ball(Q(1, 4), 64), Q(1, 4)), 0);
  EXPECT_FALSE(certain_sign(Ball(Q(1, 3), 64), Q(1, 3)).has_value());
}

TEST(Ball, TextEnclosesTheReal) {
  // "[m +/- r]": the decimal ball read back holds 1/3.
  Ball third(Q(1, 3), 64);
  std::string text = third.to_string(10);
  ASSERT_EQ(text.front(), '[') << text;
  std::size_t sep = text.find(" +/- ");
  ASSERT_NE(sep, std::string::npos) << text;
  std::optional<Q> mid = parse_rational(text.substr(1, sep - 1));
  std::optional<Q> rad = parse_rational(text.substr(sep + 5, text.size() - sep - 6));
  ASSERT_TRUE(mid && rad) << text;
  EXPECT_LE(*mid - *rad, Q(1, 3));
  EXPECT_GE(*mid + *rad, Q(1, 3));
  EXPECT_LT(*rad, Q(1, 1000000000));
}

}  // namespace
}  // namespace palcheck
