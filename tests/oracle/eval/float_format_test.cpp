// def:relay: exact rounding to the `dtype` formats, checked against the hardware's own conversions
// (float, _Float16) on random doubles of every magnitude, subnormals and overflow included.
#include "oracle/eval/float_format.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace palcheck::oracle {
namespace {

// Doubles of every magnitude from 2^-160 to 2^160, both signs, and the values next to float32's
// largest and smallest.
std::vector<double> sample_doubles() {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> mantissa(1, 2);
  std::uniform_int_distribution<int> exponent(-160, 160);
  std::vector<double> out;
  for (int k = 0; k < 20000; ++k) out.push_back((k % 2 ? -1 : 1) * std::ldexp(mantissa(rng), exponent(rng)));
  const double big = std::numeric_limits<float>::max(), tiny = std::numeric_limits<float>::denorm_min();
  for (double v : {big, tiny, 0.6, 0.1, 65504.0, 65520.0, 6e-8})
    for (double w : {v, std::nextafter(v, 0.0), std::nextafter(v, 1e300)}) out.push_back(w);
  return out;
}

TEST(FloatFormat, RoundingToFloat32IsTheHardwareConversion) {
  for (double d : sample_doubles()) {
    std::optional<Q> r = round_to(*rational_from_double(d), FloatFormat::Float32);
    float f = static_cast<float>(d);
    if (std::isinf(f)) {
      EXPECT_FALSE(r.has_value()) << d;
    } else {
      ASSERT_TRUE(r.has_value()) << d;
      EXPECT_EQ(*r, *rational_from_double(f)) << d;
    }
  }
}

TEST(FloatFormat, RoundingToFloat16IsTheHardwareConversion) {
  for (double d : sample_doubles()) {
    std::optional<Q> r = round_to(*rational_from_double(d), FloatFormat::Float16);
    _Float16 h = static_cast<_Float16>(d);
    if (std::isinf(static_cast<double>(h))) {
      EXPECT_FALSE(r.has_value()) << d;
    } else {
      ASSERT_TRUE(r.has_value()) << d;
      EXPECT_EQ(*r, *rational_from_double(static_cast<double>(h))) << d;
    }
  }
}

TEST(FloatFormat, RoundingToFloat64KeepsEveryDouble) {
  for (double d : sample_doubles()) EXPECT_EQ(round_to(*rational_from_double(d), FloatFormat::Float64), rational_from_double(d));
  EXPECT_EQ(round_to(Q(1, 3), FloatFormat::Float64), rational_from_double(1.0 / 3));
}

// bfloat16 is float32's exponent with 8 significant bits: a float32 whose low 16 bits are zero, and the
// nearest one (ties to even) to the value.
TEST(FloatFormat, RoundingToBfloat16IsTheNearestFloat32WithEightSignificantBits) {
  for (double d : sample_doubles()) {
    std::optional<Q> r = round_to(*rational_from_double(d), FloatFormat::BFloat16);
    if (!r) {
      EXPECT_GT(std::abs(d), 3.38e38) << d;
      continue;
    }
    float f = static_cast<float>(to_double(*r));
    EXPECT_EQ(*rational_from_double(f), *r) << d;
    std::uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    EXPECT_EQ(bits & 0xffffu, 0u) << d;
    for (int step : {-1, 1}) {  // the neighbouring bfloat16 values are no nearer
      std::uint32_t next = bits + static_cast<std::uint32_t>(step) * 0x10000u;
      float g;
      std::memcpy(&g, &next, sizeof g);
      if (!std::isfinite(g)) continue;
      Q exact = *rational_from_double(d);
      EXPECT_LE(abs(Q(exact - *r)), abs(Q(exact - *rational_from_double(g)))) << d;
    }
  }
}

TEST(FloatFormat, NamesReadBack) {
  for (FloatFormat f : all_float_formats()) EXPECT_EQ(parse_float_format(to_string(f)), f);
  EXPECT_FALSE(parse_float_format("float8").has_value());
}

}  // namespace
}  // namespace palcheck::oracle
