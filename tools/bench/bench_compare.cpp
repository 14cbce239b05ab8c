// def:pal, def:relay: `compare` with every run of every sequence diagnosed, against `eval` of the same
// problem: 1e5 tokens on a 45-relay measure with float weights, a third of the inputs on a threshold;
// the other implementation reads ties strictly, so thousands of runs differ and each is explained by
// the readings evaluated together in one pass (reading_runs.h). The target: compare within 3x eval.
// Under tanh smoothing (temperature 1e-3) the same measure against a long double implementation of the
// smoothed switch, a third of the inputs within 1e-3 of a threshold: eval's nearest doubles against
// compare's enclosures in doubles (double_interval.h), settled exactly only where those cannot decide.
// Run: build/tools/bench/bench_compare (compare each pair of lines' CPU times).
#include "oracle/diagnosis/oracle_compare.h"
#include "oracle/eval/frame_eval.h"
#include "oracle/eval/oracle_eval.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

namespace {

using palcheck::Q;
using namespace palcheck::oracle;

struct Fixture {
  OracleProblem problem;
  ActualOutputs strict;
  OracleProblem near;     ///< inputs within 1e-3 of a threshold every third token
  ActualOutputs smooth;   ///< a tanh-smoothed implementation of `near`
  Conventions smoothing;  ///< smoothing=tanh:1/1000
};

// The other implementation: u > alpha switches on, u < beta off, relay by relay; outputs rounded to doubles.
std::vector<Q> strict_implementation(const palcheck::Measure& mu, const std::vector<Q>& u) {
  std::vector<int> state(mu.relays.size(), 0);
  std::vector<Q> y;
  for (const Q& x : u) {
    Q sum = 0;
    for (std::size_t r = 0; r < state.size(); ++r) {
      const auto& w = mu.relays[r];
      state[r] = x > w.thresholds.alpha ? 1 : x < w.thresholds.beta ? 0 : state[r];
      if (state[r]) sum += w.weight;
    }
    y.push_back(*palcheck::rational_from_double(palcheck::to_double(sum)));
  }
  return y;
}

// The smoothed implementation: relay r shows (1 + tanh((x - theta) / T)) / 2, T = 1e-3, theta the threshold
// its sharp state waits for.
std::vector<Q> smoothed_implementation(const palcheck::Measure& mu, const std::vector<double>& xs) {
  std::vector<int> state(mu.relays.size(), 0);
  std::vector<Q> z;
  for (double x : xs) {
    long double sum = 0;
    for (std::size_t r = 0; r < state.size(); ++r) {
      const auto& w = mu.relays[r];
      double alpha = palcheck::to_double(w.thresholds.alpha), beta = palcheck::to_double(w.thresholds.beta);
      double theta = state[r] ? beta : alpha;
      state[r] = x >= alpha ? 1 : x <= beta ? 0 : state[r];
      sum += palcheck::to_double(w.weight) * (1 + std::tanh((x - theta) / 1e-3L)) / 2;
    }
    z.push_back(*palcheck::rational_from_double(static_cast<double>(sum)));
  }
  return z;
}

// 45 relays (every ninth diagonal) and 100,000 inputs, a third of them on a threshold (for `problem`) or within
// 1e-3 of one (for `near`).
const Fixture& fixture() {
  static const Fixture f = [] {
    std::mt19937_64 rng(22);
    std::uniform_real_distribution<double> place(-1, 1);
    std::normal_distribution<float> weight(0, 1);
    Fixture out;
    std::vector<Q> thresholds;
    for (int r = 0; r < 45; ++r) {
      double a = place(rng), b = place(rng);
      if (a < b) std::swap(a, b);
      if (r % 9 == 0) b = a;  // some diagonal relays
      Q alpha = *palcheck::rational_from_double(a), beta = *palcheck::rational_from_double(b);
      out.problem.measure.relays.push_back({{alpha, beta}, *palcheck::rational_from_double(weight(rng))});
      thresholds.push_back(alpha);
      thresholds.push_back(beta);
    }
    std::vector<Q> u;
    for (int n = 0; n < 100000; ++n)
      u.push_back(n % 3 == 0 ? thresholds[rng() % thresholds.size()] : *palcheck::rational_from_double(place(rng)));
    out.problem.sequences = {u};
    out.strict = {{strict_implementation(out.problem.measure, u)}, "strict"};
    apply_convention_option(out.smoothing, "smoothing=tanh:1/1000");
    out.near.measure = out.problem.measure;
    std::uniform_real_distribution<double> offset(-1e-3, 1e-3);
    std::vector<Q> v;
    std::vector<double> xs;
    for (int n = 0; n < 100000; ++n) {
      double x = n % 3 == 0 ? palcheck::to_double(thresholds[rng() % thresholds.size()]) + offset(rng) : place(rng);
      xs.push_back(x);
      v.push_back(*palcheck::rational_from_double(x));
    }
    out.near.sequences = {v};
    out.smooth = {{smoothed_implementation(out.near.measure, xs)}, "tanh"};
    return out;
  }();
  return f;
}

void BM_EvalExact(benchmark::State& state) {
  const Fixture& f = fixture();
  for (auto _ : state) benchmark::DoNotOptimize(evaluate_problem(f.problem, ValueKind::Exact));
  state.SetItemsProcessed(state.iterations() * 100000);
}
BENCHMARK(BM_EvalExact)->Unit(benchmark::kMillisecond);

void BM_CompareEveryRunDiagnosed(benchmark::State& state) {
  const Fixture& f = fixture();
  std::size_t runs = 0;
  for (auto _ : state) {
    nlohmann::json report = compare_outputs(f.problem, f.strict, paper_conventions(), 1'000'000);
    runs = report["causes"]["tie_rule"]["runs"].get<std::size_t>();
  }
  state.counters["runs_named_tie_rule"] = static_cast<double>(runs);
  state.SetItemsProcessed(state.iterations() * 100000);
}
BENCHMARK(BM_CompareEveryRunDiagnosed)->Unit(benchmark::kMillisecond);

void BM_EvalSmoothed(benchmark::State& state) {
  const Fixture& f = fixture();
  for (auto _ : state) benchmark::DoNotOptimize(evaluate_in_frame(f.near, f.smoothing, ValueKind::Double));
  state.SetItemsProcessed(state.iterations() * 100000);
}
BENCHMARK(BM_EvalSmoothed)->Unit(benchmark::kMillisecond);

void BM_CompareSmoothed(benchmark::State& state) {
  const Fixture& f = fixture();
  bool agree = false;
  for (auto _ : state) {
    nlohmann::json report = compare_outputs(f.near, f.smooth, f.smoothing, 1'000'000);
    agree = report["agree"].get<bool>();
  }
  state.counters["agree"] = agree;
  state.SetItemsProcessed(state.iterations() * 100000);
}
BENCHMARK(BM_CompareSmoothed)->Unit(benchmark::kMillisecond);

}  // namespace
