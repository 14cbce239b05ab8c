// def:pal, prop:complexity: tokens per second of PAL by definition versus PAL from the memory.
#include "reference/memory_pal.h"
#include "reference/pal_definition.h"

#include <benchmark/benchmark.h>

#include <random>

namespace {

using palcheck::Q;

palcheck::Grid full_grid(int L) {
  palcheck::Grid grid{Q(1, 4), L, {}};
  for (int i = 1; i <= L; ++i)
    for (int j = 1; j <= i; ++j) grid.weights.push_back({i, j, Q(1, i + j)});
  return grid;
}

std::vector<Q> random_inputs(std::size_t n, int L) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<int> d(0, 4 * L);
  std::vector<Q> u;
  for (std::size_t k = 0; k < n; ++k) u.emplace_back(d(rng), 16);
  return u;
}

void BM_MemoryPalGrid(benchmark::State& state) {
  int L = static_cast<int>(state.range(0));
  auto grid = full_grid(L);
  auto u = random_inputs(1000, L);
  for (auto _ : state) {
    palcheck::MemoryPal pal(grid, palcheck::InitialState::Off);
    for (const Q& x : u) benchmark::DoNotOptimize(pal.step(x));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(u.size()));
}
BENCHMARK(BM_MemoryPalGrid)->Arg(8)->Arg(64);

void BM_DefinitionGrid(benchmark::State& state) {
  int L = static_cast<int>(state.range(0));
  auto mu = palcheck::measure_from_grid(full_grid(L));
  auto u = random_inputs(1000, L);
  for (auto _ : state) benchmark::DoNotOptimize(palcheck::pal_by_definition(mu, u, palcheck::InitialState::Off));
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(u.size()));
}
BENCHMARK(BM_DefinitionGrid)->Arg(8)->Arg(64);

}  // namespace
