// def:pal, def:relay: `compare` with every run of every sequence diagnosed, against `eval` of the same
// problem: 1e5 tokens on a 45-relay measure with float weights, a third of the inputs on a threshold;
// the other implementation reads ties strictly, so thousands of runs differ and each is explained by
// the readings evaluated together in one pass (reading_runs.h). The target: compare within 3x eval.
// Run: build/tools/bench/bench_compare (compare the two lines' CPU times).
#include "tools/oracle/oracle_compare.h"
#include "tools/oracle/oracle_eval.h"

#include <benchmark/benchmark.h>

#include <random>

namespace {

using palcheck::Q;
using namespace palcheck::oracle;

struct Fixture {
  OracleProblem problem;
  ActualOutputs strict;
};

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
    // The other implementation: u > alpha switches on, u < beta off, relay by relay.
    std::vector<int> state(45, 0);
    std::vector<Q> y;
    for (const Q& x : u) {
      Q sum = 0;
      for (std::size_t r = 0; r < state.size(); ++r) {
        const auto& w = out.problem.measure.relays[r];
        state[r] = x > w.thresholds.alpha ? 1 : x < w.thresholds.beta ? 0 : state[r];
        if (state[r]) sum += w.weight;
      }
      y.push_back(*palcheck::rational_from_double(palcheck::to_double(sum)));
    }
    out.problem.sequences = {u};
    out.strict = {{y}, "strict"};
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
    nlohmann::json report = compare_outputs(f.problem, f.strict, Conventions{}, 1'000'000);
    runs = report["causes"]["tie_rule"]["runs"].get<std::size_t>();
  }
  state.counters["runs_named_tie_rule"] = static_cast<double>(runs);
  state.SetItemsProcessed(state.iterations() * 100000);
}
BENCHMARK(BM_CompareEveryRunDiagnosed)->Unit(benchmark::kMillisecond);

}  // namespace
