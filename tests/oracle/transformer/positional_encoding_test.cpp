// def:pal_transformer, rem:pe: PE's Arb balls hold the reference's exact-Taylor enclosures
// (reference/models/interval_arith.h, an independent computation) where those are quick to compute, are
// narrow at the run's precision, and at far positions still satisfy sin^2 + cos^2 = 1 within their widths.
#include "oracle/transformer/positional_encoding.h"

#include <gtest/gtest.h>

namespace {

using palcheck::Ball;
using palcheck::Q;
using palcheck::QInterval;

palcheck::PalTransformerSpec one_wave(const Q& w) {
  palcheck::PalTransformerSpec spec;
  spec.d = 2;
  spec.pe_frequencies = {w};
  return spec;
}

TEST(PositionalEncoding, HoldsTheReferencesEnclosures) {
  for (const Q& w : {Q(1), Q(-3, 7), Q(3), Q(22, 7), Q(7), Q(-25, 2), Q(100)}) {
    auto pe = palcheck::oracle::transformer_pe(one_wave(w), 1, palcheck::oracle::PeLayout::Interleaved, 64);
    QInterval rs = palcheck::sin_enclosure(w, 80), rc = palcheck::cos_enclosure(w, 80);
    EXPECT_TRUE(*pe[0].lower() <= rs.lo && rs.hi <= *pe[0].upper()) << palcheck::to_string(w);
    EXPECT_TRUE(*pe[1].lower() <= rc.lo && rc.hi <= *pe[1].upper()) << palcheck::to_string(w);
    EXPECT_TRUE(pe[0].width_at_most(Q(1, 1LL << 55))) << pe[0].to_string();
    EXPECT_TRUE(pe[1].width_at_most(Q(1, 1LL << 55))) << pe[1].to_string();
  }
}

TEST(PositionalEncoding, FarPositionsStayOnTheCircleAndNarrowWithBits) {
  for (long p : {1000L, 10000L, 123457L, 1000000000L}) {
    auto pe = palcheck::oracle::transformer_pe(one_wave(Q(1)), p, palcheck::oracle::PeLayout::Interleaved, 64);
    Ball one = squared(pe[0]) + squared(pe[1]);
    EXPECT_TRUE(one.contains(Q(1))) << p;
    EXPECT_TRUE(pe[0].width_at_most(Q(1, 1LL << 50))) << p;
    auto finer = palcheck::oracle::transformer_pe(one_wave(Q(1)), p, palcheck::oracle::PeLayout::Interleaved, 256);
    EXPECT_TRUE(finer[0].width_at_most(Q(1) / Q(boost::multiprecision::mpz_int(1) << 240))) << finer[0].to_string();
  }
}

TEST(PositionalEncoding, ExactAtPositionZeroAndLaidOutAsDeclared) {
  palcheck::PalTransformerSpec spec;
  spec.d = 4;
  spec.pe_frequencies = {Q(1), Q(1, 3)};
  auto zero = palcheck::oracle::transformer_pe(spec, 0, palcheck::oracle::PeLayout::Interleaved, 64);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_TRUE(zero[i].exact());
  EXPECT_EQ(*zero[1].lower(), Q(1));
  auto interleaved = palcheck::oracle::transformer_pe(spec, 5, palcheck::oracle::PeLayout::Interleaved, 64);
  auto halves = palcheck::oracle::transformer_pe(spec, 5, palcheck::oracle::PeLayout::Halves, 64);
  // (sin w0, cos w0, sin w1, cos w1) against (sin w0, sin w1, cos w0, cos w1).
  EXPECT_EQ(*interleaved[1].lower(), *halves[2].lower());
  EXPECT_EQ(*interleaved[2].lower(), *halves[1].lower());
}

}  // namespace
