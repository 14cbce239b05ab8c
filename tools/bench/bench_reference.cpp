// def:pal, prop:complexity: tokens per second of PAL by definition versus PAL from the memory, with
// MemoryPal's setup (building the staircase table) timed apart from its per-token cost.
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

// Setup only: the grid's staircase table, O(L^2).
void BM_MemoryPalGridSetup(benchmark::State& state) {
  auto grid = full_grid(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(palcheck::MemoryPal(grid, palcheck::InitialState::Off));
}
BENCHMARK(BM_MemoryPalGridSetup)->Arg(8)->Arg(64)->Unit(benchmark::kMicrosecond);

// Per token only: one MemoryPal built before the timed loop, fed the same 1000 inputs again and again.
void BM_MemoryPalGridPerToken(benchmark::State& state) {
  int L = static_cast<int>(state.range(0));
  auto grid = full_grid(L);
  auto u = random_inputs(1000, L);
  palcheck::MemoryPal pal(grid, palcheck::InitialState::Off);
  for (auto _ : state)
    for (const Q& x : u) benchmark::DoNotOptimize(pal.step(x));
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(u.size()));
}
BENCHMARK(BM_MemoryPalGridPerToken)->Arg(8)->Arg(64);

void BM_DefinitionGrid(benchmark::State& state) {
  int L = static_cast<int>(state.range(0));
  auto mu = palcheck::measure_from_grid(full_grid(L));
  auto u = random_inputs(1000, L);
  for (auto _ : state) benchmark::DoNotOptimize(palcheck::pal_by_definition(mu, u, palcheck::InitialState::Off));
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(u.size()));
}
BENCHMARK(BM_DefinitionGrid)->Arg(8)->Arg(64);

}  // namespace
