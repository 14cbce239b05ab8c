// def:pal, prop:wiping: the oracle's rank-keyed PAL (exact Q path and 128-bit integer path) equals
// PAL by definition, and its doubles are the nearest doubles of the exact outputs.
#include "reference/keyed_pal.h"

#include "tests/reference/generators.h"
#include "reference/pal_definition.h"

#include <gtest/gtest.h>

namespace palcheck {
namespace {

constexpr std::uint64_t kSeed = 7007;

Measure with_weights(Measure mu, std::mt19937_64& rng, bool dyadic) {
  for (WeightedRelay& r : mu.relays) {
    int n = static_cast<int>(rng() % 13) - 6;
    r.weight = dyadic ? Q(n, 1 << (rng() % 5)) : Q(n, 3 + static_cast<int>(rng() % 4));
  }
  return mu;
}

TEST(OracleKeyedPal, EqualsDefinitionOnBothPaths) {
  std::mt19937_64 rng(kSeed);
  int integral_cases = 0;
  for (int c = 0; c < 4000; ++c) {
    Measure mu = with_weights(testing::tricky_measure(rng), rng, c % 2 == 0);
    std::vector<Q> u = testing::tricky_sequence(rng, 20);
    KeyedMeasure keyed(mu);
    integral_cases += keyed.integral();
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      std::vector<Q> expected = pal_by_definition(mu, u, initial);
      ASSERT_EQ(keyed.outputs(u, initial), expected) << "case " << c << " seed " << kSeed;
      std::vector<double> approx = keyed.outputs_double(u, initial);
      for (std::size_t n = 0; n < u.size(); ++n) ASSERT_EQ(approx[n], to_double(expected[n])) << "case " << c;
    }
  }
  EXPECT_GT(integral_cases, 1000);
  EXPECT_LT(integral_cases, 4000);
}

TEST(OracleKeyedPal, KeysPreserveOrderAndTies) {
  Measure mu{{{{Q(2), Q(1)}, Q(1)}, {{Q(3), Q(3)}, Q(1)}}};
  KeyedMeasure keyed(mu);
  std::vector<Q> u{Q(0), Q(1), Q(3, 2), Q(2), Q(5, 2), Q(3), Q(4)};
  std::vector<int> k = keyed.keys(u);
  for (std::size_t a = 0; a < u.size(); ++a)
    for (std::size_t b = 0; b < u.size(); ++b) EXPECT_EQ(u[a] < u[b], k[a] < k[b]);
  for (std::size_t r = 0; r < mu.relays.size(); ++r)
    for (std::size_t a = 0; a < u.size(); ++a) {
      EXPECT_EQ(u[a] >= mu.relays[r].thresholds.alpha, k[a] >= keyed.alpha_keys()[r]);
      EXPECT_EQ(u[a] <= mu.relays[r].thresholds.beta, k[a] <= keyed.beta_keys()[r]);
    }
}

TEST(OracleKeyedPal, DyadicRoundingMatchesReferenceIncludingTies) {
  std::mt19937_64 rng(kSeed + 1);
  for (int c = 0; c < 20000; ++c) {
    __int128 n = static_cast<__int128>(rng()) * static_cast<__int128>(rng() % 4096) - (static_cast<__int128>(1) << 70);
    if (c % 2 == 0) {
      // A 54-bit odd mantissa: rounding it to 53 bits is an exact tie, with either parity below.
      __int128 tie = static_cast<__int128>((rng() >> 10) | (std::uint64_t{1} << 53) | 1);
      n = tie << (rng() % 60);
      if (c % 4 == 0) n = -n;
    }
    int scale = static_cast<int>(rng() % 1200);
    using Z = boost::multiprecision::mpz_int;
    Z z = static_cast<std::uint64_t>((n < 0 ? -n : n) >> 64);
    z = (z << 64) + static_cast<std::uint64_t>(n < 0 ? -n : n);
    Q exact(n < 0 ? Z(-z) : z, Z(1) << scale);
    ASSERT_EQ(dyadic_to_double(n, scale), to_double(exact)) << "case " << c;
  }
}

}  // namespace
}  // namespace palcheck
