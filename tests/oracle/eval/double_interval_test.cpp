// exact_double (double_interval.h) against the exact conversions of reference/rational.h.
#include "oracle/eval/double_interval.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace palcheck::oracle {
namespace {

Q pow2_negative(unsigned bits) { return Q(1) / pow(boost::multiprecision::mpz_int(2), bits); }

TEST(ExactDouble, IsTheDoubleExactlyOrNothing) {
  // Doubles across the exponent range are found as themselves (subnormals, read by the slow path, may be
  // missed: never misread); a double plus 2^-1200 is no double; enclose agrees with to_double either way.
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  for (int i = 0; i < 3000; ++i) {
    double x = d(rng) * std::pow(2.0, static_cast<int>(rng() % 2098) - 1074);
    Q q = *rational_from_double(x);
    std::optional<double> e = exact_double(q);
    if (std::abs(x) >= std::numeric_limits<double>::min() || x == 0) {
      ASSERT_TRUE(e) << x;
    }
    if (e) {
      EXPECT_EQ(*e, x);
    }
    DoubleInterval box = enclose(q);
    EXPECT_EQ(box.lo, x);
    EXPECT_EQ(box.hi, x);
    Q off = q + pow2_negative(1200);
    EXPECT_FALSE(exact_double(off)) << x;
    DoubleInterval around = enclose(off);
    EXPECT_LE(*rational_from_double(around.lo), off);
    EXPECT_GE(*rational_from_double(around.hi), off);
  }
  EXPECT_FALSE(exact_double(Q(1, 3)));
  EXPECT_FALSE(exact_double(Q(pow(boost::multiprecision::mpz_int(2), 1024))));
  EXPECT_FALSE(exact_double(Q(1) + pow2_negative(53)));
  EXPECT_EQ(*exact_double(Q(1) + pow2_negative(52)), 1.0 + std::ldexp(1.0, -52));
  EXPECT_EQ(*exact_double(Q(std::numeric_limits<double>::max())), std::numeric_limits<double>::max());
  EXPECT_EQ(*exact_double(Q(-3, 8)), -0.375);
}

}  // namespace
}  // namespace palcheck::oracle
