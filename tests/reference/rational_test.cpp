// The exact scalar behind every label: user-written numbers parse exactly, doubles convert exactly.
#include "reference/rational.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>

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

TEST(Rational, GeneratedDecimalsEqualTheirIntegerFraction) {
  // Text built from an integer and a scale, with leading zeros in both parts (GMP reads "075" as octal).
  std::mt19937_64 rng(5);
  for (int k = 0; k < 5000; ++k) {
    long long n = static_cast<long long>(rng() % 100000000);
    int scale = static_cast<int>(rng() % 9);
    std::string digits = std::to_string(n);
    digits.insert(0, static_cast<std::size_t>(rng() % 4), '0');
    if (digits.size() <= static_cast<std::size_t>(scale)) digits.insert(0, scale - digits.size() + 1, '0');
    std::string text =
        digits.substr(0, digits.size() - scale) + (scale ? "." + digits.substr(digits.size() - scale) : "");
    bool negative = rng() % 2;
    if (negative) text.insert(0, "-");
    Q expected(n, 1);
    for (int i = 0; i < scale; ++i) expected /= 10;
    if (negative) expected = -expected;
    ASSERT_EQ(*parse_rational(text), expected) << text;
  }
}

TEST(Rational, DecimalValueEqualsItsText) {
  // digits * 10^exponent against the text "digitsEexponent" parse_rational reads, over all 64-bit digits
  // and exponents on both sides of zero.
  std::mt19937_64 rng(6);
  for (int k = 0; k < 3000; ++k) {
    Decimal x{rng() >> (rng() % 64), static_cast<int>(rng() % 81) - 40, rng() % 2 == 1};
    std::string text = (x.negative ? "-" : "") + std::to_string(x.digits) + "e" + std::to_string(x.exponent);
    ASSERT_EQ(decimal_value(x), *parse_rational(text)) << text;
  }
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

TEST(Rational, ToDoubleTieGoesToTheEvenNeighbour) {
  Q half_ulp = Q(1) / pow(boost::multiprecision::mpz_int(2), 53);
  EXPECT_EQ(to_double(Q(1) + half_ulp), 1.0);                                          // 1 is even
  EXPECT_EQ(to_double(Q(1) + 3 * half_ulp), 1.0 + 4 * half_ulp.convert_to<double>());  // 1 + 2^-51 is even
}

TEST(Rational, FloorOfNegativesGoesDown) {
  EXPECT_EQ(floor_q(Q(-1, 2)), Q(-1));
  EXPECT_EQ(floor_q(Q(7, 2)), Q(3));
  EXPECT_EQ(floor_q(Q(-4)), Q(-4));
}

}  // namespace
}  // namespace palcheck
