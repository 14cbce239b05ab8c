// def:pal, prop:complexity, issue #7: tokens per second of the oracle's rank-keyed PAL on a 64x64
// grid with float32 weights and double inputs, for exact outputs and for nearest-double outputs;
// setup apart; and `palcheck eval` end to end (.npy in, .npy out) at L = 16, 256, 1024, n = 1e6.
#include "reference/measure.h"
#include "reference/keyed_pal.h"
#include "tools/oracle/npy_format.h"
#include "tools/oracle/stream_eval.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <fstream>
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

// Setup only: thresholds sorted, integer staircase table.
void BM_OracleSetup(benchmark::State& state) {
  palcheck::Measure mu = float32_grid(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(palcheck::KeyedMeasure(mu));
}
BENCHMARK(BM_OracleSetup)->Arg(16)->Arg(256)->Unit(benchmark::kMillisecond);

// Compute only, per token on double inputs: key (no GMP), memory step, nearest double.
void BM_OracleComputePerToken(benchmark::State& state) {
  int L = static_cast<int>(state.range(0));
  palcheck::KeyedMeasure keyed(float32_grid(L));
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> d(0.0, L / 8.0 + 1.0);
  std::vector<double> u(1 << 16);
  for (double& x : u) x = d(rng);
  palcheck::KeyedRun run(keyed, palcheck::InitialState::Off);
  for (auto _ : state)
    for (double x : u) {
      run.step(keyed.key(x));
      benchmark::DoNotOptimize(run.nearest_double());
    }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(u.size()));
}
BENCHMARK(BM_OracleComputePerToken)->Arg(16)->Arg(256)->Arg(1024);

// What `palcheck eval --inputs u.npy -o out.npy -j 1` does after reading the measure, end to end:
// setup, inputs streamed from disk, outputs written; n = 1e6 tokens.
void BM_EvalEndToEnd(benchmark::State& state) {
  int L = static_cast<int>(state.range(0));
  std::size_t n = 1000000;
  auto dir = std::filesystem::temp_directory_path();
  std::string inputs = (dir / ("palcheck_bench_eval_u" + std::to_string(L) + ".npy")).string();
  std::string output = (dir / ("palcheck_bench_eval_out" + std::to_string(L) + ".npy")).string();
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> d(0.0, L / 8.0 + 1.0);
  std::vector<double> u(n);
  for (double& x : u) x = d(rng);
  std::ofstream(inputs, std::ios::binary) << palcheck::oracle::format_npy_f8({n}, u);
  auto keyed = std::make_shared<const palcheck::KeyedMeasure>(float32_grid(L));
  for (auto _ : state) {
    palcheck::oracle::StreamRequest request;
    request.keyed = keyed;
    request.inputs = inputs;
    request.output = output;
    palcheck::oracle::stream_evaluate(std::move(request));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(n));
  std::filesystem::remove(inputs);
  std::filesystem::remove(output);
}
BENCHMARK(BM_EvalEndToEnd)->Arg(16)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
