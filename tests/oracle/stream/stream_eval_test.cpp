// def:pal, prop:complexity: the streamed, threaded eval writes the same bytes as the whole-batch
// path (evaluate_problem + format_outputs, itself on 1 or 3 threads), for every chunk size and
// thread count, and stops with nothing written on a non-finite input.
#include "oracle/stream/stream_eval.h"

#include "oracle/eval/oracle_problem.h"
#include "oracle/formats/npy_format.h"
#include "tests/oracle/scratch_files.h"
#include "util/errors.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <tuple>

namespace palcheck::oracle {
namespace {

constexpr std::uint64_t kSeed = 1515;

std::string scratch(const std::string& name) { return scratch_path("palcheck_stream_eval_test", name); }

TEST(OracleStreamEval, SameBytesAsWholeBatchForEveryChunkAndThreadCount) {
  std::mt19937_64 rng(kSeed);
  std::string measure = scratch("measure.json"), inputs = scratch("inputs.npy");
  for (int c = 0; c < 40; ++c) {
    // Thresholds and inputs on a lattice of 1/4 (ties), some weights non-dyadic (the GMP path).
    std::string relays;
    for (int r = 0; r < 1 + c % 6; ++r) {
      int a = static_cast<int>(rng() % 12), b = a - static_cast<int>(rng() % 5);
      std::string w = c % 3 == 0 ? "\"1/3\"" : std::to_string(static_cast<int>(rng() % 7) - 3);
      relays += std::string(r ? "," : "") + "{\"alpha\": \"" + std::to_string(a) + "/4\", \"beta\": \"" +
                std::to_string(b) + "/4\", \"weight\": " + w + "}";
    }
    write_file(measure, "{\"relays\": [" + relays + "]}");
    std::size_t rows = 1 + rng() % 5, cols = rng() % 30;
    bool one_dimensional = c % 4 == 0;
    std::vector<double> u(one_dimensional ? cols : rows * cols);
    for (double& x : u) x = static_cast<double>(rng() % 14) / 4 - 0.5;
    std::vector<std::size_t> shape =
        one_dimensional ? std::vector<std::size_t>{cols} : std::vector<std::size_t>{rows, cols};
    write_file(inputs, format_npy_f8(shape, u));
    ProblemSources sources;
    sources.measures = {measure};
    sources.inputs = inputs;
    OracleProblem problem = load_problem(sources);
    for (InitialState initial : {InitialState::Off, InitialState::On}) {
      problem.initial = initial;
      for (auto [format, kind] :
           {std::pair{FileFormat::Npy, ValueKind::Double}, std::pair{FileFormat::Csv, ValueKind::Exact},
            std::pair{FileFormat::Csv, ValueKind::Double}}) {
        std::string expected = format_outputs(problem, evaluate_problem(problem, kind), format, kind, false);
        ASSERT_EQ(format_outputs(problem, evaluate_problem(problem, kind, 3), format, kind, false), expected)
            << "case " << c << ": evaluate_problem on 3 threads";
        std::string output = scratch(format == FileFormat::Npy ? "out.npy" : "out.csv");
        ASSERT_TRUE(streamable(inputs, output, kind));
        for (std::size_t chunk : {1, 3, 7, 1 << 20})
          for (unsigned threads : {1u, 2u, 3u}) {
            StreamRequest request{
                std::make_shared<const KeyedMeasure>(load_keyed_measure(measure, std::nullopt, RelayColumns{})),
                inputs,
                output,
                kind,
                initial,
                threads,
                chunk,
                {}};
            stream_evaluate(request);
            ASSERT_EQ(read_file(output), expected) << "case " << c << " chunk " << chunk << " threads " << threads;
          }
      }
    }
  }
}

TEST(OracleStreamEval, NpyGridKeyedFromDoublesGivesTheBytesOfTheRationalGrid) {
  // A float .npy weight matrix is keyed without rationals (load_keyed_measure); the rational route
  // (load_problem: exact weights, measure_from_grid) is the reference. Some grids hold weights of
  // 2^+-700, whose sums leave 128 bits.
  std::mt19937_64 rng(kSeed + 1);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::string measure = scratch("grid.npy"), inputs = scratch("grid_inputs.npy"), output = scratch("grid_out.csv");
  for (int c = 0; c < 30; ++c) {
    std::size_t L = 1 + rng() % 9, cols = L;  // a .npy grid is square (a missing column is not read as zeros)
    std::vector<double> w(L * cols, 0.0);
    for (std::size_t r = 0; r < L; ++r)
      for (std::size_t k = 0; k <= std::min(r, cols - 1); ++k)
        w[r * cols + k] = rng() % 4 == 0 ? 0.0 : normal(rng) * (c % 7 == 0 && rng() % 3 == 0 ? 0x1p+700 : 1.0);
    write_file(measure, format_npy_f8({L, cols}, w));
    const Q delta = c % 2 ? Q(1, 10) : Q(1, 4);
    std::vector<double> u(1 + rng() % 40);
    for (double& x : u) x = static_cast<double>(rng() % (4 * L + 8)) / (c % 2 ? 10.0 : 4.0) - 0.5;
    write_file(inputs, format_npy_f8({u.size()}, u));
    ProblemSources sources;
    sources.measures = {measure};
    sources.inputs = inputs;
    sources.grid_delta = delta;
    OracleProblem problem = load_problem(sources);
    for (ValueKind kind : {ValueKind::Exact, ValueKind::Double}) {
      std::string expected = format_outputs(problem, evaluate_problem(problem, kind), FileFormat::Csv, kind, false);
      StreamRequest request{std::make_shared<const KeyedMeasure>(load_keyed_measure(measure, delta, RelayColumns{})),
                            inputs,
                            output,
                            kind,
                            InitialState::Off,
                            1,
                            16,
                            {}};
      stream_evaluate(request);
      ASSERT_EQ(read_file(output), expected) << "case " << c << " seed " << kSeed + 1;
    }
  }
}

TEST(OracleStreamEval, NpyGridRejectsWhatTheRationalGridRejects) {
  std::string measure = scratch("bad_grid.npy");
  auto message = [&](auto load) {
    try {
      load();
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  for (auto [shape, values] : {std::pair{std::vector<std::size_t>{2, 2}, std::vector<double>{1, 0.5, 1, 1}},
                               std::pair{std::vector<std::size_t>{3}, std::vector<double>{1, 2, 3}},
                               std::pair{std::vector<std::size_t>{1, 2}, std::vector<double>{1, 0}},
                               std::pair{std::vector<std::size_t>{0, 0}, std::vector<double>{}}}) {
    write_file(measure, format_npy_f8(shape, values));
    for (const Q& delta : {Q(1, 8), Q(2)}) {
      std::string rational = message([&] { load_measure_file(measure, delta, RelayColumns{}); });
      EXPECT_NE(rational, "accepted");
      EXPECT_EQ(message([&] { load_keyed_measure(measure, delta, RelayColumns{}); }), rational);
    }
  }
}

TEST(OracleStreamEval, ProgressRisesToTheTotalOncePerChunk) {
  std::string inputs = scratch("progress.npy"), output = scratch("progress_out.npy");
  write_file(inputs, format_npy_f8({3, 5}, std::vector<double>(15, 1.0)));
  // A chunk shorter than a row (two chunks per row), and one holding two rows, which two threads cut
  // into one row per part (at least 4 parts per thread when the rows allow).
  for (auto [chunk, threads, calls] : {std::tuple{4u, 2u, 6u}, std::tuple{11u, 1u, 2u}, std::tuple{11u, 2u, 3u}}) {
    std::vector<std::size_t> reported;
    StreamRequest request{std::make_shared<const KeyedMeasure>(Measure{{{{Q(1), Q(0)}, Q(1)}}}),
                          inputs,
                          output,
                          ValueKind::Double,
                          InitialState::Off,
                          threads,
                          chunk,
                          {}};
    request.progress = [&](std::size_t done, std::size_t total) {
      EXPECT_EQ(total, 15u);
      reported.push_back(done);
    };
    stream_evaluate(std::move(request));
    ASSERT_FALSE(reported.empty());
    EXPECT_TRUE(std::is_sorted(reported.begin(), reported.end()));
    EXPECT_EQ(reported.back(), 15u) << "chunk " << chunk;
    EXPECT_EQ(reported.size(), calls) << "chunk " << chunk << " threads " << threads;
  }
}

TEST(OracleStreamEval, NonFiniteInputWritesNothing) {
  // One sequence, and a batch of 8 rows with NaN in rows 5 and 7: the first in file order is named
  // whatever the threads.
  std::string inputs = scratch("nan.npy"), output = scratch("nan_out.npy");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> batch(16, 1.0);
  batch[11] = batch[15] = nan;
  Measure mu{{{{Q(1), Q(0)}, Q(1)}}};
  for (auto [shape, values, where] :
       {std::tuple{std::vector<std::size_t>{4}, std::vector<double>{0.0, 1.0, nan, 2.0}, "element [2] is not finite"},
        std::tuple{std::vector<std::size_t>{8, 2}, batch, "element [5, 1] is not finite"}}) {
    write_file(inputs, format_npy_f8(shape, values));
    for (unsigned threads : {1u, 3u}) {
      std::filesystem::remove(output);
      StreamRequest request{std::make_shared<const KeyedMeasure>(mu),
                            inputs,
                            output,
                            ValueKind::Double,
                            InitialState::Off,
                            threads,
                            2,
                            {}};
      try {
        stream_evaluate(request);
        ADD_FAILURE() << "a NaN input was accepted";
      } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(where), std::string::npos) << e.what();
      }
      EXPECT_FALSE(std::filesystem::exists(output));
    }
  }
}

}  // namespace
}  // namespace palcheck::oracle
