// def:pal, prop:complexity, issue #7: tokens per second of the oracle's rank-keyed PAL on a 64x64
// grid with float32 weights and double inputs, for exact outputs and for nearest-double outputs.
#include "reference/measure.h"
#include "reference/keyed_pal.h"

#include <benchmark/benchmark.h>

#include <random>

namespace {

using palcheck::Q;

palcheck::Measure float32_grid(int L) {
  std::mt19937_64 rng(3);
  std::normal_distribution<float> w(0.0f, 1.0f);
  palcheck::Grid grid{Q(1, 8), L, {}};
  for (int i = 1; i <= L; ++i)
    for (int j = 1; j <= i; ++j) grid.weights.push_back({i, j, *palcheck::rational_from_double(w(rng))});
  return palcheck::measure_from_grid(grid);
}

std::vector<Q> double_inputs(std::size_t n, int L) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> d(0.0, L / 8.0 + 1.0);
  std::vector<Q> u;
  for (std::size_t k = 0; k < n; ++k) u.push_back(*palcheck::rational_from_double(d(rng)));
  return u;
}

void BM_OracleExact(benchmark::State& state) {
  palcheck::KeyedMeasure keyed(float32_grid(static_cast<int>(state.range(0))));
  auto u = double_inputs(1000, static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(keyed.outputs(u, palcheck::InitialState::Off));
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(u.size()));
}
BENCHMARK(BM_OracleExact)->Arg(64);

void BM_OracleDouble(benchmark::State& state) {
  palcheck::KeyedMeasure keyed(float32_grid(static_cast<int>(state.range(0))));
  auto u = double_inputs(1000, static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(keyed.outputs_double(u, palcheck::InitialState::Off));
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(u.size()));
}
BENCHMARK(BM_OracleDouble)->Arg(64);

}  // namespace
