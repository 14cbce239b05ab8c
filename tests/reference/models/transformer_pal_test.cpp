// def:pal_transformer on enclosures: a relay the first precision cannot decide is decided by more bits,
// and a true tie is never decided.
#include "reference/models/transformer_pal.h"

#include "reference/ball.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

// One layer, d = 2, one head reading coordinate 0 through one relay of weight 1 and thresholds (alpha,
// alpha - 1), written back to coordinate 0; LayerNorm with gain 1, bias 0, eps 1/100.
PalTransformerSpec one_relay(const Q& alpha, bool pe) {
  PalTransformerSpec spec;
  spec.d = 2;
  spec.sinusoidal_pe = pe;
  PalHeadSpec head{{Q(1), Q(0)}, {Q(1), Q(0)}, Measure{{WeightedRelay{{alpha, alpha - 1}, Q(1)}}}};
  spec.layers.push_back({{head}, plain_layer_norm(2, Q(1, 100)), MlpSpec{}, plain_layer_norm(2, Q(1, 100))});
  return spec;
}

TEST(TransformerPal, ARelayTheFirstBitsStraddleIsDecidedByMore) {
  // alpha just above sin(1), by about 2^-200: PE(1)'s enclosure at 128 bits holds it, one at 256 does not.
  const Q sin_one_above = *sin_cos(Ball(Q(1), 512)).first.upper();
  const Q alpha = sin_one_above + Q(1) / Q(boost::multiprecision::mpz_int(1) << 200);
  PalTransformerSpec spec = one_relay(alpha, true);
  const IVector pe = positional_encoding(spec, 1, 128);
  ASSERT_LE(pe[0].lo, alpha);
  ASSERT_GE(pe[0].hi, alpha);
  const std::vector<QVector> x(2, QVector{Q(0), Q(0)});
  PalTransformerRun run = run_pal_transformer(spec, x, InitialState::Off, 128);
  // sin(1) < alpha and 0 lies between the thresholds: the relay never switches on.
  EXPECT_EQ(run.mpal[0][1][0].lo, Q(0));
  EXPECT_EQ(run.mpal[0][1][0].hi, Q(0));
  // Started on, the relay stays on for the same reason.
  PalTransformerRun on = run_pal_transformer(spec, x, InitialState::On, 128);
  EXPECT_EQ(on.mpal[0][1][0].lo, Q(1));
}

TEST(TransformerPal, ATrueTieThroughASquareRootStaysUndecidedAtEveryPrecision) {
  // Layer 0 has no head: LN of (1, -1) with eps 21/100 is (1, -1)/sqrt(121/100) = (10/11, -10/11), and LN of
  // that with eps 21/121 divides by sqrt(100/121 + 21/121) = 1. The enclosures hold 10/11 but never
  // exclude it, so layer 1's relay at alpha = 10/11 is undecided whatever the bits.
  PalTransformerSpec spec = one_relay(Q(10, 11), false);
  spec.layers.insert(spec.layers.begin(),
                     PalLayerSpec{{}, plain_layer_norm(2, Q(21, 100)), MlpSpec{}, plain_layer_norm(2, Q(21, 121))});
  const std::vector<QVector> x{{Q(1), Q(-1)}};
  try {
    run_pal_transformer(spec, x, InitialState::Off);
    FAIL() << "a tie was decided";
  } catch (const RelayUndecided& e) {
    EXPECT_NE(std::string(e.what()).find("(10/11, -1/11)"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace palcheck
