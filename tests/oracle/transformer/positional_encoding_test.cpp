// def:pal_transformer, rem:pe: PE's fixed-point sin and cos hold the reference's exact-Taylor enclosures
// (reference/models/interval_arith.h) where those are quick to compute, stay within 2^-60, and at far
// positions (reduced by whole turns) still satisfy sin^2 + cos^2 = 1 within their widths.
#include "oracle/transformer/positional_encoding.h"

#include <gtest/gtest.h>

namespace {

using palcheck::Q;
using palcheck::QInterval;

bool overlaps(const QInterval& a, const QInterval& b) { return a.lo <= b.hi && b.lo <= a.hi; }

TEST(PositionalEncoding, HoldsTheReferencesEnclosures) {
  for (const Q& angle : {Q(1), Q(-3, 7), Q(3), Q(22, 7), Q(7), Q(-25, 2), Q(100)}) {
    auto [s, c] = palcheck::oracle::sin_cos_enclosure(angle, 64);
    QInterval rs = palcheck::sin_enclosure(angle, 80), rc = palcheck::cos_enclosure(angle, 80);
    EXPECT_TRUE(s.lo <= rs.lo && rs.hi <= s.hi) << palcheck::to_string(angle);
    EXPECT_TRUE(c.lo <= rc.lo && rc.hi <= c.hi) << palcheck::to_string(angle);
    EXPECT_LT(s.hi - s.lo, Q(1, 1LL << 60));
    EXPECT_LT(c.hi - c.lo, Q(1, 1LL << 60));
  }
}

TEST(PositionalEncoding, FarPositionsStayOnTheCircle) {
  for (long p : {1000L, 10000L, 123457L, 1000000000L}) {
    auto [s, c] = palcheck::oracle::sin_cos_enclosure(Q(p), 64);
    QInterval s2 = s * s, c2 = c * c;
    QInterval one{s2.lo + c2.lo, s2.hi + c2.hi};
    EXPECT_TRUE(overlaps(one, palcheck::point(Q(1)))) << p;
    EXPECT_LT(s.hi - s.lo, Q(1, 1LL << 50)) << p;
  }
}

TEST(PositionalEncoding, ExactAtPositionZeroAndLaidOutAsDeclared) {
  palcheck::PalTransformerSpec spec;
  spec.d = 4;
  spec.pe_frequencies = {Q(1), Q(1, 3)};
  auto zero = palcheck::oracle::transformer_pe(spec, 0, palcheck::oracle::PeLayout::Interleaved, 64);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(zero[i].lo, zero[i].hi);
  EXPECT_EQ(zero[1].lo, Q(1));
  auto interleaved = palcheck::oracle::transformer_pe(spec, 5, palcheck::oracle::PeLayout::Interleaved, 64);
  auto halves = palcheck::oracle::transformer_pe(spec, 5, palcheck::oracle::PeLayout::Halves, 64);
  // (sin w0, cos w0, sin w1, cos w1) against (sin w0, sin w1, cos w0, cos w1).
  EXPECT_EQ(interleaved[1].lo, halves[2].lo);
  EXPECT_EQ(interleaved[2].lo, halves[1].lo);
}

}  // namespace
