// def:pal, prop:wiping: the oracle's rank-keyed PAL (exact Q path and 128-bit integer path) equals
// PAL by definition, and its doubles are the nearest doubles of the exact outputs.
#include "oracle/keyed/keyed_pal.h"

#include "claims/tricky_sequences.h"
#include "reference/pal_definition.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace palcheck {
namespace {

constexpr std::uint64_t kSeed = 7007;
using Z = boost::multiprecision::mpz_int;

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
    Measure mu = with_weights(random_tricky_measure(rng, 8, 6), rng, c % 2 == 0);
    std::vector<Q> u = random_tricky_sequence(rng, 20, 6);
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
    Z z = static_cast<std::uint64_t>((n < 0 ? -n : n) >> 64);
    z = (z << 64) + static_cast<std::uint64_t>(n < 0 ? -n : n);
    Q exact(n < 0 ? Z(-z) : z, Z(1) << scale);
    ASSERT_EQ(dyadic_to_double(n, scale), to_double(exact)) << "case " << c;
  }
}

// Thresholds and inputs as doubles at every scale: ties with thresholds, neighbouring doubles on both
// sides of a threshold, thresholds that are not doubles (1/3, 1/10), huge and tiny magnitudes.
std::vector<double> double_lattice(std::mt19937_64& rng) {
  static const double scales[] = {1.0, 0x1p-60, 0x1p+60, 0x1p-1000, 0x1p+1000, 1e-310, 0.1};
  double s = scales[rng() % std::size(scales)];
  std::vector<double> v;
  for (int k = -6; k <= 6; ++k) {
    double x = k * s;
    v.push_back(x);
    v.push_back(std::nextafter(x, 1e308));
    v.push_back(std::nextafter(x, -1e308));
  }
  return v;
}

Q exact(double d) { return *rational_from_double(d); }

TEST(OracleKeyedPal, DoubleInputsEqualDefinitionAtEveryScale) {
  std::mt19937_64 rng(kSeed + 2);
  for (int c = 0; c < 3000; ++c) {
    std::vector<double> lattice = double_lattice(rng);
    auto pick = [&] { return lattice[rng() % lattice.size()]; };
    Measure mu;
    std::size_t relays = 1 + rng() % 8;
    for (std::size_t r = 0; r < relays; ++r) {
      // Some thresholds are not doubles: a lattice point plus a third of its magnitude's ulp.
      Q a = exact(pick()), b = exact(pick());
      if (c % 3 == 0) a += Q(1, 3) * (abs(a) + Q(1, 1 << 20)) / Q(1LL << 53);
      if (a < b) std::swap(a, b);
      mu.relays.push_back({{a, b}, Q(1 + static_cast<int>(rng() % 5), 1)});
    }
    mu = with_weights(mu, rng, c % 2 == 0);
    std::vector<double> u;
    std::size_t len = 1 + rng() % 20;
    for (std::size_t n = 0; n < len; ++n) u.push_back(rng() % 4 == 0 && !u.empty() ? u[rng() % u.size()] : pick());
    std::vector<Q> uq;
    for (double x : u) uq.push_back(exact(x));
    KeyedMeasure keyed(mu);
    for (std::size_t n = 0; n < u.size(); ++n)
      ASSERT_EQ(keyed.key(u[n]), keyed.key(uq[n])) << "case " << c << " token " << n;
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      std::vector<Q> expected = pal_by_definition(mu, uq, initial);
      std::vector<double> approx = keyed.outputs_double(u, initial);
      for (std::size_t n = 0; n < u.size(); ++n) ASSERT_EQ(approx[n], to_double(expected[n])) << "case " << c;
      KeyedRun run(keyed, initial);
      for (std::size_t n = 0; n < u.size(); ++n) {
        run.step(keyed.key(u[n]));
        ASSERT_EQ(run.exact(), expected[n]) << "case " << c;
        if (keyed.integral()) {
          ASSERT_EQ(dyadic_text(run.scaled(), keyed.scale()), to_string(expected[n]));
        }
      }
    }
  }
}

TEST(OracleKeyedPal, GridKeysByArithmeticEqualExactKeys) {
  // Grids whose spacing is not a double (1/10, 1/3) and one that is (1/4), probed at and next to
  // every grid point, where the index guess is off by one.
  for (Q delta : {Q(1, 10), Q(1, 3), Q(1, 4), Q(7, 1)}) {
    Grid grid{delta, 64, {}};
    for (int i = 1; i <= 64; ++i) grid.weights.push_back({i, 1 + (i * 37 + 11) % i, Q(1, 2)});
    KeyedMeasure keyed(measure_from_grid(grid));
    for (int i = -2; i <= 67; ++i) {
      double d = to_double(delta * i);
      for (double u : {d, std::nextafter(d, 1e9), std::nextafter(d, -1e9), d + to_double(delta) / 2})
        ASSERT_EQ(keyed.key(u), keyed.key(exact(u))) << "delta " << delta << " i " << i;
    }
  }
}

TEST(OracleKeyedPal, PowerOfTwoGridKeysEqualExactKeys) {
  // Spacings 2^e from tiny to huge, where the key is read from u * 2^-e: inputs at and next to every
  // grid point, and where u * 2^-e underflows (subnormal and tiny inputs) or overflows.
  for (int e : {-999, -60, -3, 0, 5, 999}) {
    Q delta = e >= 0 ? Q(boost::multiprecision::mpz_int(1) << e) : Q(1, boost::multiprecision::mpz_int(1) << -e);
    Grid grid{delta, 20, {}};
    for (int i = 1; i <= 20; ++i) grid.weights.push_back({i, 1 + (i * 7) % i, Q(1, 2)});
    KeyedMeasure keyed(measure_from_grid(grid));
    std::vector<double> u{0.0, -0.0, 4.9e-324, -4.9e-324, 1e-300, 1e300, -1e300, 1.7e308, -1.7e308};
    for (int i = -2; i <= 23; ++i) {
      double d = to_double(delta * i);
      for (double x : {d, std::nextafter(d, 1e308), std::nextafter(d, -1e308), d + to_double(delta) / 2}) u.push_back(x);
    }
    std::vector<int> batch(u.size());
    keyed.keys(u.data(), u.size(), batch.data());
    for (std::size_t k = 0; k < u.size(); ++k) {
      ASSERT_EQ(keyed.key(u[k]), keyed.key(exact(u[k]))) << "e " << e << " u " << u[k];
      ASSERT_EQ(batch[k], keyed.key(u[k]));
    }
  }
}

// Double weights as a float .npy grid holds them: ordinary, integer, zero and -0, and magnitudes
// (2^+-600, subnormal) whose sums leave 128 bits, so from_grid must take the GMP route.
double grid_weight(std::mt19937_64& rng, bool extreme) {
  std::normal_distribution<double> normal(0.0, 1.0);
  switch (rng() % (extreme ? 6 : 4)) {
    case 0: return 0.0;
    case 1: return static_cast<double>(static_cast<int>(rng() % 9) - 4);
    case 2: return rng() % 2 ? -0.0 : normal(rng) * 0x1p-30;
    case 3: return normal(rng);
    case 4: return normal(rng) * (rng() % 2 ? 0x1p+600 : 0x1p-600);
    default: return 4.9e-324 * static_cast<double>(1 + rng() % 5);
  }
}

TEST(OracleKeyedPal, DoubleGridEqualsDefinition) {
  // Spacings that are not doubles (1/10, 1/3) and ones that are; inputs at, next to and between
  // grid points, and outside the grid.
  std::mt19937_64 rng(kSeed + 4);
  int machine = 0, gmp = 0;
  for (int c = 0; c < 600; ++c) {
    static const Q deltas[] = {Q(1, 10), Q(1, 3), Q(1, 4), Q(7), Q(1, std::int64_t{1} << 40)};
    DoubleGrid grid{deltas[rng() % std::size(deltas)], 1 + rng() % 12, 0, {}};
    grid.cols = 1 + rng() % grid.L;
    for (std::size_t r = 0; r < grid.L; ++r)
      for (std::size_t col = 0; col < grid.cols; ++col)
        grid.weights.push_back(col <= r ? grid_weight(rng, c % 5 == 0) : 0.0);
    KeyedMeasure keyed = KeyedMeasure::from_grid(grid);
    bool by_machine = keyed.integral() && keyed.alpha_keys().empty();
    (by_machine ? machine : gmp) += 1;
    if (c % 5 != 0) {
      EXPECT_TRUE(by_machine) << "case " << c << ": ordinary weights took the GMP route";
    }
    Measure mu = measure_from_grid(grid.exact());
    std::vector<double> u;
    std::size_t len = 1 + rng() % 40;
    while (u.size() < len) {
      double d = to_double(grid.delta * static_cast<long long>(rng() % (grid.L + 3)) - grid.delta);
      switch (rng() % 4) {
        case 0: u.push_back(d); break;
        case 1: u.push_back(std::nextafter(d, 1e300)); break;
        case 2: u.push_back(std::nextafter(d, -1e300)); break;
        default: u.push_back(u.empty() ? d : u[rng() % u.size()]);
      }
    }
    std::vector<Q> uq;
    for (double x : u) uq.push_back(exact(x));
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      std::vector<Q> expected = pal_by_definition(mu, uq, initial);
      ASSERT_EQ(keyed.outputs(uq, initial), expected) << "case " << c << " seed " << kSeed + 4;
      std::vector<double> approx = keyed.outputs_double(u, initial);
      for (std::size_t n = 0; n < u.size(); ++n) ASSERT_EQ(approx[n], to_double(expected[n])) << "case " << c;
    }
  }
  EXPECT_GT(machine, 300);
  EXPECT_GT(gmp, 20);
}

TEST(OracleKeyedPal, FractionKeysEqualExactKeys) {
  // key(num, den) on every route: thresholds that are doubles, a lattice, fractions of machine integers
  // and 17-digit decimals; inputs at, next to (by one in the last of 18 digits) and between thresholds,
  // with numerators and denominators below and beyond 2^53.
  std::mt19937_64 rng(kSeed + 8);
  constexpr std::int64_t kTen17 = 100000000000000000;
  auto decimal17 = [&] { return Q(static_cast<std::int64_t>(rng() % (9 * kTen17)) + kTen17 / 10, kTen17); };
  int long_inputs = 0;
  for (int c = 0; c < 500; ++c) {
    std::vector<Q> points;
    switch (c % 5) {
      case 0: for (int k = 1; k <= 12; ++k) points.push_back(Q(k, 10)); break;
      case 1: for (int k = 1; k <= 12; ++k) points.push_back(Q(k, 4)); break;
      case 2: for (int k = 1; k <= 12; ++k) points.push_back(Q(k * k, 8)); break;
      case 3: for (int k = 1; k <= 12; ++k) points.push_back(Q(k, 3)); break;
      default: for (int k = 1; k <= 12; ++k) points.push_back(decimal17());
    }
    std::sort(points.begin(), points.end());
    Measure mu;
    for (std::size_t a = 0; a < points.size(); ++a)
      for (std::size_t b = 0; b <= a; b += 1 + rng() % 3) mu.relays.push_back({{points[a], points[b]}, Q(1)});
    KeyedMeasure keyed(mu);
    for (int n = 0; n < 200; ++n) {
      std::int64_t den = rng() % 2 ? kTen17 * (rng() % 2 ? 1 : 10) : static_cast<std::int64_t>(1 + rng() % 1000);
      const Q& t = points[rng() % points.size()];
      Q scaled = t * den;
      std::int64_t num = static_cast<std::int64_t>(rng() % (2 * static_cast<std::uint64_t>(den)));
      switch (rng() % 4) {
        case 0:
        case 1: {
          // At or next to t: the nearest multiple of 1 / den below t, then 0, 1 or 2 above that.
          Z below = numerator(scaled) / denominator(scaled);
          if (below > std::numeric_limits<std::int64_t>::max() - 2) continue;
          num = static_cast<std::int64_t>(below) + static_cast<std::int64_t>(rng() % 3);
          break;
        }
        case 2: num = -num; break;
        default: break;
      }
      long_inputs += num > (std::int64_t{1} << 53) || den > (std::int64_t{1} << 53);
      ASSERT_EQ(keyed.key(num, den), keyed.key(Q(num) / den)) << "case " << c << " " << num << "/" << den;
    }
  }
  EXPECT_GT(long_inputs, 20000);
}

TEST(OracleKeyedPal, FractionKeysEqualExactKeysAtTheEdgeOfTheMargin) {
  // Long fractions within a few margins of a threshold (the margin about the rounded quotient is 2^-50 of
  // it), where the keys of two doubles settle a key or leave it to the cross products: thresholds that are
  // 18-digit decimals (den 10^18), integers from 2^53 to 2^62 (den 1), zero and a negative one.
  std::mt19937_64 rng(kSeed + 9);
  constexpr std::int64_t kTen18 = 1000000000000000000;
  std::vector<Q> points{Q(0)};
  for (int k = 0; k < 5; ++k) points.push_back(Q(static_cast<std::int64_t>(rng() % kTen18), kTen18));
  points.push_back(-points[1]);
  for (int e = 53; e <= 62; e += 3) points.push_back(Q((std::int64_t{1} << e) + static_cast<std::int64_t>(rng() % 1000)));
  std::sort(points.begin(), points.end());
  Measure mu;
  for (std::size_t a = 0; a < points.size(); ++a)
    for (std::size_t b = 0; b <= a; ++b) mu.relays.push_back({{points[a], points[b]}, Q(1)});
  KeyedMeasure keyed(mu);
  int inside = 0, outside = 0;  // inputs nearer a threshold than the margin, and up to eight margins off
  for (const Q& t : points) {
    bool integer = abs(t) > 1;
    std::int64_t den = integer ? 1 : kTen18;
    Q scaled = t * den;
    Z base = numerator(scaled) / denominator(scaled);
    // Eight margins of t * den in units of 1 / den, at least 64.
    Z reach = abs(base) / (Z(1) << 47) + 64;
    for (int n = 0; n < 3000; ++n) {
      Z offset = Z(rng() % static_cast<std::uint64_t>(Z(2 * reach + 1))) - reach;
      auto num = static_cast<std::int64_t>(Z(base + offset));
      ASSERT_EQ(keyed.key(num, den), keyed.key(Q(num) / den)) << num << "/" << den;
      Q distance = abs(Q(num) / den - t) * (Z(1) << 50);
      if (t != 0 && distance != 0) (distance < abs(t) ? inside : outside) += 1;
    }
  }
  EXPECT_GT(inside, 2000);
  EXPECT_GT(outside, 10000);
}

TEST(OracleKeyedPal, DecimalKeysEqualExactKeysAtTheEdgeOfTheMargin) {
  // key(Decimal) on 19-digit decimals (numpy's savetxt) at every exponent of its double route (-44 to 22,
  // one and two divisions, products) and beyond it (GMP), within a few margins of thresholds that are
  // 19-digit decimals at that exponent, a lattice of 1/64, zero, and their negatives; digits up to 2^64.
  std::mt19937_64 rng(kSeed + 10);
  constexpr std::uint64_t kTen18 = 1000000000000000000;
  auto exact = [](bool negative, std::uint64_t digits, int exponent) {
    Z power = boost::multiprecision::pow(Z(10), static_cast<unsigned>(std::abs(exponent)));
    Q u = exponent >= 0 ? Q(Z(digits) * power) : Q(Z(digits), power);
    return negative ? Q(-u) : u;
  };
  int inside = 0, outside = 0, checked = 0;
  for (int exponent : {-60, -45, -44, -40, -23, -22, -19, -18, -10, -1, 0, 3, 22, 23, 30}) {
    std::vector<Q> points{Q(0), Q(1, 64), Q(-3, 64), Q(5, 2)};
    std::vector<std::uint64_t> digits;
    for (int k = 0; k < 4; ++k) {
      digits.push_back(kTen18 + rng() % (9 * kTen18));  // 19 digits, some beyond 2^63
      points.push_back(exact(k % 2 == 1, digits.back(), exponent));
    }
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
    Measure mu;
    for (std::size_t a = 0; a < points.size(); ++a)
      for (std::size_t b = 0; b <= a; ++b) mu.relays.push_back({{points[a], points[b]}, Q(1)});
    KeyedMeasure keyed(mu);
    for (std::uint64_t base : digits) {
      // Eight margins of the digits (2^-50 of them, times 8), at least 64 units of the last digit.
      std::uint64_t reach = base / (std::uint64_t{1} << 47) + 64;
      for (int n = 0; n < 800; ++n) {
        std::uint64_t d = base - reach + rng() % (2 * reach + 1);
        bool negative = rng() % 2;
        ASSERT_EQ(keyed.key(Decimal{d, exponent, negative}), keyed.key(exact(negative, d, exponent)))
            << (negative ? "-" : "") << d << "e" << exponent;
        ++checked;
        if (d != base) (d - std::min(d, base) + base - std::min(d, base) < base >> 50 ? inside : outside) += 1;
      }
    }
    ASSERT_EQ(keyed.key(Decimal{0, exponent, false}), keyed.key(Q(0)));
  }
  EXPECT_GT(checked, 40000);
  EXPECT_GT(inside, 200);
  EXPECT_GT(outside, 20000);
}

TEST(OracleKeyedPal, DecimalKeysEqualExactKeysOnEveryRoute) {
  // key(Decimal) where two doubles cannot settle it, at and next to thresholds k * 10^s written with
  // trailing zeros: a lattice of doubles (k / 64), fractions of machine integers (k / 10), and thresholds
  // whose num / den does not fit 64 bits (k * 10^-25, k * 10^20: the exact value); keys() equal to key().
  std::mt19937_64 rng(kSeed + 11);
  struct Case {
    std::int64_t scale;  // t = k * scale * 10^s
    int s;
  };
  int at = 0;
  for (Case c : {Case{15625, -6}, Case{1, -1}, Case{1, -25}, Case{1, 20}}) {
    std::vector<Q> points;
    for (std::int64_t k = -6; k <= 6; ++k)
      points.push_back(*parse_rational(std::to_string(k * c.scale) + "e" + std::to_string(c.s)));
    Measure mu;
    for (std::size_t a = 0; a < points.size(); ++a)
      for (std::size_t b = 0; b <= a; ++b) mu.relays.push_back({{points[a], points[b]}, Q(1)});
    KeyedMeasure keyed(mu);
    std::vector<Decimal> decimals;
    for (int n = 0; n < 600; ++n) {
      std::int64_t k = static_cast<std::int64_t>(rng() % 15) - 7;  // one beyond the thresholds each side
      int zeros = static_cast<int>(rng() % 4);
      std::uint64_t digits = static_cast<std::uint64_t>(std::abs(k) * c.scale);
      for (int z = 0; z < zeros; ++z) digits *= 10;
      if (rng() % 3 == 0) digits += rng() % 2 ? 1 : -1;
      decimals.push_back(Decimal{digits, c.s - zeros, k < 0});
    }
    std::vector<int> batch(decimals.size());
    keyed.keys(decimals.data(), decimals.size(), batch.data());
    for (std::size_t i = 0; i < decimals.size(); ++i) {
      const Decimal& x = decimals[i];
      std::string text = (x.negative ? "-" : "") + std::to_string(x.digits) + "e" + std::to_string(x.exponent);
      int expected = keyed.key(*parse_rational(text));
      ASSERT_EQ(keyed.key(x), expected) << text;
      ASSERT_EQ(batch[i], expected) << text;
      at += expected % 2 == 0;
    }
  }
  EXPECT_GT(at, 800);
}

TEST(OracleKeyedPal, ThresholdsBeyondTheDoublesAreAboveOrBelowEveryInput) {
  // |t| > DBL_MAX: every double, every decimal within the doubles' range and every 64-bit fraction keys
  // between them; decimals beyond them key exactly.
  Measure mu;
  for (const char* alpha : {"1e400", "1", "-1e309"})
    mu.relays.push_back({{*parse_rational(alpha), *parse_rational("-2e400")}, Q(1)});
  KeyedMeasure keyed(mu);
  for (double u : {0.0, 1.0, 1e308, -1e308, 0.5})
    EXPECT_EQ(keyed.key(u), keyed.key(*rational_from_double(u))) << u;
  for (Decimal x : {Decimal{1, 400}, Decimal{1, 400, true}, Decimal{2, 400, true}, Decimal{3, 400, true},
                    Decimal{1, 0}, Decimal{15, 308}, Decimal{1, 309, true}})
    EXPECT_EQ(keyed.key(x), keyed.key(decimal_value(x))) << x.digits << "e" << x.exponent;
  EXPECT_EQ(keyed.key(std::int64_t{3}, std::int64_t{2}), keyed.key(Q(3, 2)));
}

TEST(OracleKeyedPal, DoubleGridRejectsWhatMeasureFromGridRejects) {
  DoubleGrid above{Q(1), 2, 2, {1.0, 0.5, 1.0, 1.0}};
  EXPECT_THROW(KeyedMeasure::from_grid(above), std::invalid_argument);
  DoubleGrid nan{Q(1), 1, 1, {std::nan("")}};
  EXPECT_THROW(KeyedMeasure::from_grid(nan), std::invalid_argument);
  DoubleGrid wide{Q(1), 1, 2, {1.0, 0.0}};
  EXPECT_THROW(KeyedMeasure::from_grid(wide), std::invalid_argument);
  DoubleGrid spacing{Q(0), 1, 1, {1.0}};
  EXPECT_THROW(KeyedMeasure::from_grid(spacing), std::invalid_argument);
  EXPECT_THROW((void)KeyedMeasure::from_grid(DoubleGrid{Q(1), 1, 1, {1.0}}).measure(), std::logic_error);
}

// step_scaled over `keys` fed in pieces of random sizes equals step() one token at a time.
void expect_block_steps_equal_token_steps(const KeyedMeasure& keyed, InitialState initial, const std::vector<int>& keys,
                                          std::mt19937_64& rng) {
  KeyedRun one(keyed, initial), block(keyed, initial);
  std::vector<__int128> out(keys.size());
  for (std::size_t first = 0; first < keys.size();) {
    std::size_t count = std::min<std::size_t>(1 + rng() % 700, keys.size() - first);
    block.step_scaled(keys.data() + first, count, out.data() + first);
    first += count;
  }
  for (std::size_t n = 0; n < keys.size(); ++n) {
    one.step(keys[n]);
    ASSERT_TRUE(one.scaled() == out[n]) << "token " << n;
  }
  ASSERT_TRUE(one.scaled() == block.scaled());
  ASSERT_EQ(one.depth(), block.depth());
}

TEST(OracleKeyedPal, BlockStepsEqualTokenSteps) {
  // Long sequences (several blocks of step_scaled, deep memories from a slow zig-zag with noise),
  // fed in pieces of every size, against step() one token at a time.
  std::mt19937_64 rng(kSeed + 5);
  for (int c = 0; c < 40; ++c) {
    Grid grid{Q(1, 4), 24, {}};
    for (int i = 1; i <= 24; ++i)
      for (int j = 1; j <= i; ++j) grid.weights.push_back({i, j, Q(static_cast<int>(rng() % 9) - 4, 1 << (rng() % 6))});
    KeyedMeasure keyed(measure_from_grid(grid));
    ASSERT_TRUE(keyed.integral());
    std::vector<int> keys;
    for (int n = 0; n < 3000; ++n) {
      int centre = 25 + static_cast<int>(20 * std::sin(n / (30.0 + c)) * std::exp(-n / 2000.0));
      keys.push_back(std::clamp(centre + static_cast<int>(rng() % 7) - 3, 1, 49));
    }
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      SCOPED_TRACE("case " + std::to_string(c));
      expect_block_steps_equal_token_steps(keyed, initial, keys, rng);
      // Nearest doubles a block at a time, with single steps in between.
      KeyedRun mixed(keyed, initial);
      std::vector<double> doubles(keys.size());
      for (std::size_t first = 0; first < keys.size();) {
        std::size_t count = std::min<std::size_t>(1 + rng() % 1500, keys.size() - first);
        mixed.step_doubles(keys.data() + first, count, doubles.data() + first);
        first += count;
        if (first < keys.size()) {
          mixed.step(keys[first]);
          doubles[first++] = mixed.nearest_double();
        }
      }
      KeyedRun replay(keyed, initial);
      for (std::size_t n = 0; n < keys.size(); ++n) {
        replay.step(keys[n]);
        ASSERT_EQ(doubles[n], to_double(replay.exact())) << "case " << c << " token " << n;
      }
    }
  }
}

TEST(OracleKeyedPal, BlockStepsEqualTokenStepsOnATableBeyondTheCache) {
  // L = 400: the table (401^2 cells of 16 bytes) is read a block after the memory moves.
  std::mt19937_64 rng(kSeed + 6);
  DoubleGrid grid{Q(1, 8), 400, 400, std::vector<double>(400 * 400, 0.0)};
  for (std::size_t i = 0; i < 400; ++i)
    for (std::size_t j = 0; j <= i; j += 1 + rng() % 7) grid.weights[i * 400 + j] = static_cast<double>(rng() % 9) - 4;
  KeyedMeasure keyed = KeyedMeasure::from_grid(grid);
  std::vector<int> keys;
  for (int n = 0; n < 5000; ++n) keys.push_back(1 + static_cast<int>(rng() % 801));
  for (InitialState initial : {InitialState::Off, InitialState::On})
    expect_block_steps_equal_token_steps(keyed, initial, keys, rng);
}

TEST(OracleKeyedPal, DyadicTextIsCanonical) {
  std::mt19937_64 rng(kSeed + 3);
  for (int c = 0; c < 20000; ++c) {
    __int128 n = static_cast<__int128>(rng() >> (rng() % 64)) << (rng() % 60);
    if (c % 2) n = -n;
    int scale = static_cast<int>(rng() % 300);
    __int128 m = n < 0 ? -n : n;
    Z z = (Z(static_cast<std::uint64_t>(m >> 64)) << 64) + static_cast<std::uint64_t>(m);
    ASSERT_EQ(dyadic_text(n, scale), to_string(Q(n < 0 ? Z(-z) : z, Z(1) << scale))) << "case " << c;
  }
}

}  // namespace
}  // namespace palcheck
