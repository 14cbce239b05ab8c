// def:pal, prop:complexity: tokens per second of the oracle's rank-keyed PAL on a 64x64
// grid with float32 weights and double inputs, for exact outputs and for nearest-double outputs;
// setup apart; `palcheck eval` end to end (float64 .npy grid and inputs in, .npy out) at L = 16, 256,
// 1024, n = 1e6, with its ratio to the plain machine-integer baseline (plain_pal.h) on the same files;
// CSV input against .npy input; and -j 2 on a batch against a plain two-process burner.
#include "oracle/eval/oracle_problem.h"
#include "oracle/formats/npy_format.h"
#include "oracle/keyed/keyed_pal.h"
#include "oracle/stream/stream_eval.h"
#include "reference/measure.h"
#include "tools/bench/plain_pal.h"

#include <benchmark/benchmark.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iterator>
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

/// The oracle's outputs: exact rationals or their nearest doubles.
enum class Outputs { Exact, NearestDouble };

void BM_Oracle(benchmark::State& state, Outputs outputs) {
  palcheck::KeyedMeasure keyed(float32_grid(static_cast<int>(state.range(0))));
  auto u = double_inputs(1000, static_cast<int>(state.range(0)));
  for (auto _ : state) {
    if (outputs == Outputs::Exact)
      benchmark::DoNotOptimize(keyed.outputs(u, palcheck::InitialState::Off));
    else
      benchmark::DoNotOptimize(keyed.outputs_double(u, palcheck::InitialState::Off));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(u.size()));
}
BENCHMARK_CAPTURE(BM_Oracle, Exact, Outputs::Exact)->Arg(64);
BENCHMARK_CAPTURE(BM_Oracle, Double, Outputs::NearestDouble)->Arg(64);

// Setup only: thresholds sorted, integer staircase table.
void BM_OracleSetup(benchmark::State& state) {
  palcheck::Measure mu = float32_grid(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(palcheck::KeyedMeasure(mu));
}
BENCHMARK(BM_OracleSetup)->Arg(16)->Arg(256)->Unit(benchmark::kMillisecond);

// Compute only, per token on double inputs, as eval runs it: keys (no GMP), the memory a block at a
// time with the table reads issued ahead (step_scaled), nearest doubles.
void BM_OracleComputePerToken(benchmark::State& state) {
  int L = static_cast<int>(state.range(0));
  palcheck::KeyedMeasure keyed(float32_grid(L));
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> d(0.0, L / 8.0 + 1.0);
  std::vector<double> u(1 << 16), out(u.size());
  for (double& x : u) x = d(rng);
  std::vector<int> keys(u.size());
  std::vector<__int128> scaled(u.size());
  palcheck::KeyedRun run(keyed, palcheck::InitialState::Off);
  for (auto _ : state) {
    for (std::size_t k = 0; k < u.size(); ++k) keys[k] = keyed.key(u[k]);
    run.step_scaled(keys.data(), keys.size(), scaled.data());
    for (std::size_t k = 0; k < u.size(); ++k) out[k] = palcheck::dyadic_to_double(scaled[k], keyed.scale());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(u.size()));
}
BENCHMARK(BM_OracleComputePerToken)->Arg(16)->Arg(256)->Arg(1024);

// A float64 grid weight matrix and uniform inputs over it, as .npy files in the temporary folder.
struct EvalFiles {
  std::string grid, inputs, output;

  EvalFiles(int L, std::vector<std::size_t> shape, const std::string& tag) {
    auto dir = std::filesystem::temp_directory_path();
    std::string stem = "palcheck_bench_eval_" + tag + std::to_string(L) + "_";
    grid = (dir / (stem + "grid.npy")).string();
    inputs = (dir / (stem + "u.npy")).string();
    output = (dir / (stem + "out.npy")).string();
    std::mt19937_64 rng(5);
    std::normal_distribution<double> w(0.0, 1.0);
    std::vector<double> weights(static_cast<std::size_t>(L) * L, 0.0);
    for (int i = 0; i < L; ++i)
      for (int j = 0; j <= i; ++j) weights[static_cast<std::size_t>(i) * L + j] = w(rng);
    std::ofstream(grid, std::ios::binary) << palcheck::oracle::format_npy_f8({std::size_t(L), std::size_t(L)}, weights);
    std::uniform_real_distribution<double> d(0.0, L / 8.0 + 1.0);
    std::size_t n = 1;
    for (std::size_t s : shape) n *= s;
    std::vector<double> u(n);
    for (double& x : u) x = d(rng);
    std::ofstream(inputs, std::ios::binary) << palcheck::oracle::format_npy_f8(shape, u);
  }
  ~EvalFiles() {
    for (const std::string& f : {grid, inputs, output}) std::filesystem::remove(f);
  }

  // What `palcheck eval --measure grid.npy --grid-delta 1/8 --inputs u.npy -o out.npy -j threads` does
  // (another inputs file when given).
  void eval(unsigned threads, const std::string& other_inputs = "") const {
    palcheck::oracle::StreamRequest request;
    request.keyed = std::make_shared<const palcheck::KeyedMeasure>(
        palcheck::oracle::load_keyed_measure(grid, palcheck::Q(1, 8), palcheck::oracle::RelayColumns{}));
    request.inputs = other_inputs.empty() ? inputs : other_inputs;
    request.output = output;
    request.threads = threads;
    palcheck::oracle::stream_evaluate(std::move(request));
  }

  // The same with the plain baseline (the grid's spacing 1/8 is 2^-3).
  void plain_eval() const { palcheck::bench::plain_eval_npy(grid, -3, inputs, output); }
};

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// End to end, n = 1e6 tokens in one sequence: the float64 grid read and keyed, inputs streamed from
// disk, outputs written. Flat in L is the target (t(1024) / t(16) <= 1.5).
void BM_EvalEndToEnd(benchmark::State& state) {
  int L = static_cast<int>(state.range(0));
  EvalFiles files(L, {1000000}, "e2e");
  for (auto _ : state) files.eval(1);
  state.SetItemsProcessed(state.iterations() * 1000000);
}
BENCHMARK(BM_EvalEndToEnd)->Arg(16)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->Iterations(3);

// The speed-of-light ratio: each iteration runs the plain baseline and palcheck's eval on the same
// files (n = 1e6, one thread), timing each in process CPU seconds, so a busy machine slows both
// alike. Counters: plain_ns and palcheck_ns per token, and ratio = palcheck / plain (target <= 1.25).
void BM_EvalVersusPlain(benchmark::State& state) {
  int L = static_cast<int>(state.range(0));
  constexpr std::size_t kTokens = 1000000;
  EvalFiles files(L, {kTokens}, "plain");
  double plain = 0, palcheck = 0;
  for (auto _ : state) {
    double t0 = process_cpu_seconds();
    files.plain_eval();
    double t1 = process_cpu_seconds();
    files.eval(1);
    palcheck += process_cpu_seconds() - t1;
    plain += t1 - t0;
  }
  double tokens = static_cast<double>(state.iterations() * kTokens);
  state.counters["plain_ns"] = 1e9 * plain / tokens;
  state.counters["palcheck_ns"] = 1e9 * palcheck / tokens;
  state.counters["ratio"] = palcheck / plain;
}
BENCHMARK(BM_EvalVersusPlain)->Arg(16)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->Iterations(5);

/// How a CSV input writes each double: as numpy's savetxt does by default, or shortest round trip.
enum class CsvDigits { Savetxt, Shortest17 };

// CSV input against .npy input: the same 1000 x 1000 doubles (L = 256) as a .npy file and as a CSV file
// written `%.18e` (numpy's savetxt default: 19 digits and an exponent) or `%.17g`; each iteration runs
// both with one thread, in process CPU seconds. Counters: npy_ns and csv_ns per token, and ratio =
// csv / npy (target <= 3).
void BM_CsvVersusNpy(benchmark::State& state, CsvDigits digits) {
  constexpr std::size_t kRows = 1000, kCols = 1000;
  EvalFiles files(256, {kRows, kCols}, digits == CsvDigits::Savetxt ? "csv18e" : "csv17g");
  std::string csv = files.inputs.substr(0, files.inputs.size() - 4) + ".csv";
  {
    std::ifstream npy(files.inputs, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(npy)), {});
    std::vector<double> u(kRows * kCols);
    std::memcpy(u.data(), bytes.data() + bytes.size() - 8 * u.size(), 8 * u.size());
    std::string text;
    char cell[40];
    for (std::size_t k = 0; k < u.size(); ++k) {
      std::snprintf(cell, sizeof cell, digits == CsvDigits::Savetxt ? "%.18e" : "%.17g", u[k]);
      text += cell;
      text += (k + 1) % kCols ? ',' : '\n';
    }
    std::ofstream(csv, std::ios::binary) << text;
  }
  double npy_seconds = 0, csv_seconds = 0;
  for (auto _ : state) {
    double t0 = process_cpu_seconds();
    files.eval(1);
    double t1 = process_cpu_seconds();
    files.eval(1, csv);
    csv_seconds += process_cpu_seconds() - t1;
    npy_seconds += t1 - t0;
  }
  std::filesystem::remove(csv);
  double tokens = static_cast<double>(state.iterations() * kRows * kCols);
  state.counters["npy_ns"] = 1e9 * npy_seconds / tokens;
  state.counters["csv_ns"] = 1e9 * csv_seconds / tokens;
  state.counters["ratio"] = csv_seconds / npy_seconds;
}
BENCHMARK_CAPTURE(BM_CsvVersusNpy, Savetxt, CsvDigits::Savetxt)->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK_CAPTURE(BM_CsvVersusNpy, Shortest17, CsvDigits::Shortest17)->Unit(benchmark::kMillisecond)->Iterations(5);

// Wall seconds of `processes` forked processes, each running the plain baseline over `tokens`
// inputs: what the machine gives N independent processes now, the yardstick of -j N.
double burner_wall_seconds(int processes, std::size_t tokens) {
  std::vector<double> weights(256 * 256, 0.0);
  for (std::size_t i = 0; i < 256; ++i)
    for (std::size_t j = 0; j <= i; ++j) weights[i * 256 + j] = static_cast<double>((i * 7 + j * 3) % 11) - 5;
  auto start = std::chrono::steady_clock::now();
  std::vector<pid_t> children;
  for (int p = 0; p < processes; ++p) {
    pid_t pid = fork();
    if (pid == 0) {
      palcheck::bench::PlainPal pal(weights.data(), 256, -3, false);
      std::uint64_t x = 1;
      double sum = 0;
      for (std::size_t k = 0; k < tokens; ++k) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        sum += pal.step(static_cast<double>(x >> 40) * 0x1p-19);
      }
      _exit(sum == 0.5 ? 1 : 0);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) waitpid(pid, nullptr, 0);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// -j N on a batch (64 sequences of 65536 tokens at L = 256), in wall time, against a plain N-process
// burner run in the same iteration: the burner's speed-up N t(1) / t(N) is what the machine gives N
// processes now (on a shared host less than N), so palcheck's t(-j 1) / t(-j N) is judged against
// it. Counters: burner_speedup, palcheck_speedup, and efficiency = palcheck's / the burner's (1: the
// threads scale as well as separate processes).
void BM_EvalThreadsVersusBurner(benchmark::State& state) {
  int threads = static_cast<int>(state.range(0));
  constexpr std::size_t kRows = 64, kCols = 65536;
  EvalFiles files(256, {kRows, kCols}, "threads");
  double burner = 0, palcheck = 0;
  for (auto _ : state) {
    double one = burner_wall_seconds(1, kRows * kCols), many = burner_wall_seconds(threads, kRows * kCols);
    burner += threads * one / many;
    auto t0 = std::chrono::steady_clock::now();
    files.eval(1);
    auto t1 = std::chrono::steady_clock::now();
    files.eval(static_cast<unsigned>(threads));
    auto t2 = std::chrono::steady_clock::now();
    palcheck += std::chrono::duration<double>(t1 - t0).count() / std::chrono::duration<double>(t2 - t1).count();
  }
  auto n = static_cast<double>(state.iterations());
  state.counters["burner_speedup"] = burner / n;
  state.counters["palcheck_speedup"] = palcheck / n;
  state.counters["efficiency"] = palcheck / burner;
}
BENCHMARK(BM_EvalThreadsVersusBurner)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

}  // namespace
