// def:pal, def:pal:grid: the benchmarks' plain machine-integer baseline (tools/bench/plain_pal.h)
// computes what the exact reference does, so a ratio to it compares like with like: its outputs are
// the nearest doubles of pal_by_definition's, and plain_eval_npy writes the bytes `palcheck eval` does.
#include "tools/bench/plain_pal.h"

#include "oracle/formats/npy_format.h"
#include "oracle/stream/stream_eval.h"
#include "reference/pal_definition.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

namespace palcheck::bench {
namespace {

constexpr std::uint64_t kSeed = 2424;

// Weights as a float .npy grid holds them: zero, small integers, and normal values at several scales.
double weight(std::mt19937_64& rng) {
  std::normal_distribution<double> normal(0.0, 1.0);
  switch (rng() % 4) {
    case 0: return 0.0;
    case 1: return static_cast<double>(static_cast<int>(rng() % 9) - 4);
    case 2: return normal(rng) * 0x1p-40;
    default: return normal(rng);
  }
}

TEST(PlainPal, EqualsDefinition) {
  std::mt19937_64 rng(kSeed);
  for (int c = 0; c < 400; ++c) {
    std::size_t L = 1 + rng() % 10;
    int delta_exponent = static_cast<int>(rng() % 7) - 3;
    Q delta = delta_exponent >= 0 ? Q(1 << delta_exponent) : Q(1, 1 << -delta_exponent);
    std::vector<double> weights(L * L, 0.0);
    Grid grid{delta, static_cast<int>(L), {}};
    for (std::size_t i = 0; i < L; ++i)
      for (std::size_t j = 0; j <= i; ++j)
        if (double w = weight(rng); w != 0) {
          weights[i * L + j] = w;
          grid.weights.push_back({static_cast<int>(i + 1), static_cast<int>(j + 1), *rational_from_double(w)});
        }
    Measure mu = measure_from_grid(grid);
    // Inputs on grid points, between them, next to them, repeated and outside the grid.
    std::vector<double> u;
    std::vector<Q> uq;
    double step = std::ldexp(1.0, delta_exponent);
    for (std::size_t n = 0; n < 30; ++n) {
      double x = static_cast<double>(static_cast<int>(rng() % (2 * L + 6)) - 3) * step / 2;
      if (rng() % 5 == 0) x = std::nextafter(x, rng() % 2 ? 1e9 : -1e9);
      if (rng() % 6 == 0 && !u.empty()) x = u[rng() % u.size()];
      u.push_back(x);
      uq.push_back(*rational_from_double(x));
    }
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      std::vector<Q> expected = pal_by_definition(mu, uq, initial);
      PlainPal pal(weights.data(), L, delta_exponent, initial == InitialState::On);
      for (std::size_t n = 0; n < u.size(); ++n)
        ASSERT_EQ(pal.step(u[n]), to_double(expected[n])) << "case " << c << " token " << n << " seed " << kSeed;
    }
  }
}

std::string bytes_of(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

TEST(PlainPal, WholeFileEqualsPalcheckEval) {
  std::mt19937_64 rng(kSeed + 1);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::size_t L = 40;
  std::vector<double> weights(L * L, 0.0);
  for (std::size_t i = 0; i < L; ++i)
    for (std::size_t j = 0; j <= i; ++j) weights[i * L + j] = normal(rng);
  std::uniform_real_distribution<double> spread(-1.0, L / 4.0 + 1.0);
  std::vector<double> u(200000);
  for (double& x : u) x = rng() % 8 ? spread(rng) : static_cast<double>(rng() % (L + 2)) / 4;
  auto dir = std::filesystem::temp_directory_path() / "palcheck_plain_pal_test";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "grid.npy", std::ios::binary) << oracle::format_npy_f8({L, L}, weights);
  std::ofstream(dir / "u.npy", std::ios::binary) << oracle::format_npy_f8({u.size()}, u);
  plain_eval_npy((dir / "grid.npy").string(), -2, (dir / "u.npy").string(), (dir / "plain.npy").string());
  oracle::StreamRequest request;
  request.keyed = std::make_shared<const KeyedMeasure>(
      oracle::load_keyed_measure((dir / "grid.npy").string(), Q(1, 4), oracle::RelayColumns{}));
  request.inputs = (dir / "u.npy").string();
  request.output = (dir / "palcheck.npy").string();
  oracle::stream_evaluate(std::move(request));
  EXPECT_EQ(bytes_of(dir / "plain.npy"), bytes_of(dir / "palcheck.npy"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace palcheck::bench
