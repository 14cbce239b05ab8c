// The exact scalar behind every label: user-written numbers parse exactly, doubles convert exactly.
#include "rational.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace palcheck {
namespace {

TEST(Rational, DecimalsAreExactNotBinary) {
  EXPECT_EQ(*parse_rational("0.1"), Q(1, 10));
  EXPECT_EQ(*parse_rational("-12.50e-3"), Q(-125, 10000));
  EXPECT_EQ(*parse_rational("1/3"), Q(1, 3));
  EXPECT_EQ(*parse_rational(" 7 "), Q(7));
  EXPECT_EQ(*parse_rational("2.5e2"), Q(250));
  EXPECT_EQ(*parse_rational(".5"), Q(1, 2));
  EXPECT_NE(*rational_from_double(0.1), Q(1, 10));
}

TEST(Rational, RejectsNonNumbers) {
  for (const char* bad : {"", "NaN", "inf", "-Infinity", "1/0", "abc", "1..2", "1e", "--1", "1/2/3", "0x10"})
    EXPECT_FALSE(parse_rational(bad).has_value()) << bad;
  EXPECT_FALSE(rational_from_double(std::numeric_limits<double>::quiet_NaN()).has_value());
  EXPECT_FALSE(rational_from_double(std::numeric_limits<double>::infinity()).has_value());
}

TEST(Rational, DoublesRoundTripExactly) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> d(-1e6, 1e6);
  for (int k = 0; k < 2000; ++k) {
    double x = d(rng) * std::pow(2.0, static_cast<int>(rng() % 200) - 100);
    auto q = rational_from_double(x);
    ASSERT_TRUE(q);
    EXPECT_EQ(to_double(*q), x);
    EXPECT_EQ(q->convert_to<double>(), x);
  }
  EXPECT_EQ(*rational_from_double(std::numeric_limits<double>::denorm_min()),
            Q(1) / pow(boost::multiprecision::mpz_int(2), 1074));
}

TEST(Rational, ToDoubleIsNearest) {
  // 1/3 lies between two doubles; the nearest one is closer than its neighbours.
  Q third(1, 3);
  double d = to_double(third);
  Q err = abs(*rational_from_double(d) - third);
  EXPECT_LT(err, abs(*rational_from_double(std::nextafter(d, 1.0)) - third));
  EXPECT_LT(err, abs(*rational_from_double(std::nextafter(d, 0.0)) - third));
}

TEST(Rational, FloorOfNegativesGoesDown) {
  EXPECT_EQ(floor_q(Q(-1, 2)), Q(-1));
  EXPECT_EQ(floor_q(Q(7, 2)), Q(3));
  EXPECT_EQ(floor_q(Q(-4)), Q(-4));
}

}  // namespace
}  // namespace palcheck
