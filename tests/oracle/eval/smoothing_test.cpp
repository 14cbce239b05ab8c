// rem:backprop: the smoothed switch's enclosures (smoothed_switch.h) contain the value a long double
// computes and are narrow; their double versions (double_interval.h) contain the rational ones, and the
// fast match in doubles answers as the exact one does; the expected output under tanh smoothing and rem:backprop's stateful
// relaxation (relaxation.h) enclose long double implementations written here independently.
#include "oracle/eval/double_interval.h"
#include "oracle/eval/relaxation.h"
#include "oracle/eval/smoothed_switch.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace palcheck::oracle {
namespace {

long double logistic(long double y) { return 1.0L / (1.0L + std::exp(-y)); }

// Within the enclosure, allowing the long double's own error and the enclosure's rounding to a double.
void expect_encloses(const QInterval& e, long double value, const std::string& what) {
  long double slack = 1e-15L * (1 + std::fabs(value));
  EXPECT_LE(to_double(e.lo) - slack, value) << what;
  EXPECT_GE(to_double(e.hi) + slack, value) << what;
}

TEST(OracleSmoothing, LogisticEnclosuresContainTheValueAndAreNarrow) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> d(-60, 60);
  for (int k = 0; k < 400; ++k) {
    double y = k < 5 ? std::vector<double>{0, 1e-300, -0.5, 47.9, -48.1}[k] : d(rng);
    QInterval e = logistic_enclosure(*rational_from_double(y), 80);
    ASSERT_LE(e.lo, e.hi);
    expect_encloses(e, logistic(y), "y = " + std::to_string(y));
    EXPECT_LT(to_double(e.hi - e.lo), 1e-23) << y;
    EXPECT_GE(e.lo, 0);
    EXPECT_LE(e.hi, 1);
  }
  QInterval half = logistic_enclosure(Q(0), 80);
  EXPECT_LE(half.lo, Q(1, 2));
  EXPECT_GE(half.hi, Q(1, 2));
}

TEST(OracleSmoothing, DoubleLogisticIntervalsContainTheRationalEnclosures) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> d(-60, 60);
  for (int k = 0; k < 400; ++k) {
    double y = k < 6 ? std::vector<double>{0, 1e-300, -0.5, 0.5, 47.9, -48.1}[k] : d(rng);
    QInterval exact = logistic_enclosure(*rational_from_double(y), 80);
    DoubleInterval fast = logistic_interval({y, y});
    EXPECT_LE(*rational_from_double(fast.lo), exact.lo) << y;
    EXPECT_GE(*rational_from_double(fast.hi), exact.hi) << y;
    EXPECT_LT(fast.hi - fast.lo, 1e-13) << y;
  }
  // Beyond every series: the far ends, and no endless halving of infinity.
  DoubleInterval wide = logistic_interval({-INFINITY, INFINITY});
  EXPECT_EQ(wide.lo, 0);
  EXPECT_EQ(wide.hi, 1);
  DoubleInterval far = logistic_interval({2000, 2000});
  EXPECT_GE(far.hi, 1.0 - 0x1p-53);
  EXPECT_LE(far.lo, 1);
}

// A relay that shows (1 + tanh((u - theta)/T))/2, theta the threshold its sharp state waits for.
std::vector<long double> output_smoothed(const Measure& mu, const std::vector<double>& u, double T) {
  std::vector<int> hard(mu.relays.size(), 0);
  std::vector<long double> out;
  for (double x : u) {
    long double sum = 0;
    for (std::size_t r = 0; r < hard.size(); ++r) {
      long double alpha = to_double(mu.relays[r].thresholds.alpha), beta = to_double(mu.relays[r].thresholds.beta);
      long double theta = hard[r] ? beta : alpha;
      hard[r] = x >= alpha ? 1 : x <= beta ? 0 : hard[r];
      sum += to_double(mu.relays[r].weight) * (1 + std::tanh((x - theta) / T)) / 2;
    }
    out.push_back(sum);
  }
  return out;
}

// rem:backprop's stateful relaxation with sig(x) = (1 + tanh(x / T)) / 2.
std::vector<long double> relaxed(const Measure& mu, const std::vector<double>& u, double T) {
  auto sig = [&](long double x) { return (1 + std::tanh(x / T)) / 2; };
  std::vector<long double> s(mu.relays.size(), 0);
  std::vector<long double> out;
  for (double x : u) {
    long double sum = 0;
    for (std::size_t r = 0; r < s.size(); ++r) {
      long double alpha = to_double(mu.relays[r].thresholds.alpha), beta = to_double(mu.relays[r].thresholds.beta);
      s[r] = s[r] * (1 - sig(beta - x)) + (1 - s[r]) * sig(x - alpha);
      sum += to_double(mu.relays[r].weight) * s[r];
    }
    out.push_back(sum);
  }
  return out;
}

TEST(OracleSmoothing, ExpectedOutputsAndTheRelaxationEncloseLongDoubleImplementations) {
  // Thresholds at doubles, as fuzz-impl takes them: the inputs 0.7 then tie with alpha 0.7.
  auto at = [](double x) { return *rational_from_double(x); };
  Measure mu{{{{at(0.5), at(0.2)}, Q(1)}, {{at(0.45), at(0.45)}, Q(1, 4)}, {{at(0.7), at(0.6)}, Q(3, 4)}}};
  std::vector<double> u{0.4995, 0.4, 0.4995, 0.4, 0.45, 0.4499, 0.7, 0.7, 0.6001, 0.5, 0.2, 0.19999};
  for (int k = 0; k < 60; ++k) u.push_back(k % 2 ? 0.4 : 0.4999);
  std::vector<Q> inputs;
  for (double x : u) inputs.push_back(*rational_from_double(x));
  Conventions c;
  apply_convention_option(c, "smoothing=tanh:1/1000");
  KeyedMeasure keyed(mu);
  ReadingMeasures measures(keyed);
  SequenceReference ref(measures, inputs, InitialState::Off, c);
  std::vector<long double> smooth = output_smoothed(mu, u, 1e-3), relax = relaxed(mu, u, 1e-3);
  Relaxation r = run_relaxation(ref, ref.declared(), 3);
  bool apart = false;
  for (std::size_t n = 0; n < u.size(); ++n) {
    QInterval e = ref.expected(ref.declared(), n);
    expect_encloses(e, smooth[n], "expected at token " + std::to_string(n));
    EXPECT_LT(to_double(e.hi - e.lo), 1e-15);
    expect_encloses(r.outputs[n], relax[n], "relaxation at token " + std::to_string(n));
    EXPECT_LT(to_double(r.outputs[n].hi - r.outputs[n].lo), 1e-12);
    apart = apart || std::fabs(smooth[n] - relax[n]) > 0.1;
  }
  EXPECT_TRUE(apart) << "the relaxation ratchets on where the smoothed switch does not";
  EXPECT_EQ(r.at.size(), mu.relays.size());
  // The double enclosure contains the rational one, and a match decided in doubles is the exact answer:
  // outputs at, just inside and just outside the tolerance, and the long double's own value.
  int decided = 0;
  for (std::size_t n = 0; n < u.size(); ++n) {
    QInterval e = ref.expected(ref.declared(), n);
    DoubleInterval band = ref.expected_band(ref.declared(), n);
    EXPECT_LE(*rational_from_double(band.lo), e.lo) << n;
    EXPECT_GE(*rational_from_double(band.hi), e.hi) << n;
    double mid = to_double(e.lo), tol = to_double(c.atol + c.rtol * abs(e.lo));
    for (double actual : {double(smooth[n]), mid + tol * 0.999, mid - tol * 1.001, mid + 1e-3, std::nextafter(mid, 2.0)}) {
      Q exact = *rational_from_double(actual);
      std::optional<bool> answer = ref.matches(ref.declared(), n, exact);
      ASSERT_TRUE(answer.has_value()) << n << " " << actual;  // no double is within 2^-4096 of the edge here
      bool expected_answer = *answer;
      EXPECT_EQ(ref.decide(ref.declared(), n, exact, actual), answer) << n << " " << actual;
      decided += expected_answer;
    }
  }
  EXPECT_GT(decided, int(u.size()));
}

}  // namespace
}  // namespace palcheck::oracle
