// Rigorous enclosures behind def:pal_transformer's sinusoidal PE and LayerNorm and eq:attention's
// softmax: each enclosure must contain the libm value (an independent computation) and be narrow.
#include "reference/models/interval_arith.h"

#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

namespace palcheck {
namespace {

void expect_encloses(const QInterval& e, double value, double width) {
  EXPECT_LE(to_double(e.lo), value + 1e-15 * std::max(1.0, std::abs(value)));
  EXPECT_GE(to_double(e.hi), value - 1e-15 * std::max(1.0, std::abs(value)));
  EXPECT_LE(to_double(e.hi - e.lo), width);
}

TEST(IntervalArith, SinCosExpEncloseLibm) {
  for (int k = -40; k <= 40; ++k) {
    Q x(k, 3);
    expect_encloses(sin_enclosure(x, 60), std::sin(k / 3.0), 1e-15);
    expect_encloses(cos_enclosure(x, 60), std::cos(k / 3.0), 1e-15);
    expect_encloses(exp_enclosure(x, 60), std::exp(k / 3.0), 1e-9 * std::exp(k / 3.0) + 1e-15);
  }
}

TEST(IntervalArith, SqrtEnclosesAndIsExactOnSquares) {
  for (int k = 0; k <= 50; ++k) {
    QInterval s = sqrt_enclosure(point(Q(k, 7)), 50);
    expect_encloses(s, std::sqrt(k / 7.0), 1e-14);
  }
  QInterval one = sqrt_enclosure(point(Q(9, 16)), 40);
  EXPECT_EQ(one.lo, Q(3, 4));
  EXPECT_EQ(one.hi, Q(3, 4));
}

TEST(IntervalArith, ComparisonIsDecidedOnlyWhenSeparated) {
  QInterval sin1 = sin_enclosure(Q(1), 40), sin2 = sin_enclosure(Q(2), 40);
  EXPECT_EQ(certified_compare(sin1, point(Q(9, 10))), std::optional<int>(std::sin(1.0) > 0.9 ? 1 : -1));
  EXPECT_EQ(certified_compare(sin2, point(Q(9, 10))), std::optional<int>(std::sin(2.0) > 0.9 ? 1 : -1));
  EXPECT_FALSE(certified_compare({Q(0), Q(1)}, {Q(1, 2), Q(2)}).has_value());
  EXPECT_EQ(certified_compare(point(Q(1, 3)), point(Q(1, 3))), std::optional<int>(0));
}

TEST(IntervalArith, ArithmeticContainsEveryPointwiseResult) {
  QInterval a{Q(-1, 2), Q(3, 2)}, b{Q(1, 4), Q(2)};
  for (int i = 0; i <= 4; ++i)
    for (int j = 0; j <= 4; ++j) {
      Q x = a.lo + (a.hi - a.lo) * Q(i, 4), y = b.lo + (b.hi - b.lo) * Q(j, 4);
      for (auto [r, v] : std::vector<std::pair<QInterval, Q>>{
               {a + b, Q(x + y)}, {a - b, Q(x - y)}, {a * b, Q(x * y)}, {a / b, Q(x / y)}}) {
        EXPECT_LE(r.lo, v);
        EXPECT_GE(r.hi, v);
      }
    }
  EXPECT_THROW(a / a, std::domain_error);
}

}  // namespace
}  // namespace palcheck
