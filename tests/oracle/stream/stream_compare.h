// The two routes of `palcheck eval -o output` compared by the streamed-eval tests: the whole-batch
// path (load_problem + evaluate_problem + format_outputs) and stream_evaluate, each as the bytes
// written or "error: " and the message.
#pragma once

#include "oracle/eval/oracle_eval.h"
#include "oracle/eval/oracle_problem.h"
#include "oracle/stream/stream_eval.h"
#include "tests/oracle/error_of.h"
#include "tests/oracle/scratch_files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>

namespace palcheck::oracle {

/// What the whole-batch path of `palcheck eval -o output` writes, or "error: " and its message (the
/// command line names the output in front of format_outputs' errors); an independent route to the bytes.
inline std::string whole_batch(const ProblemSources& sources, const std::string& output, ValueKind kind) {
  OracleProblem problem;
  std::string message = error_of([&] { problem = load_problem(sources); });
  if (!message.empty()) return "error: " + message;
  std::string bytes;
  FileFormat format = output == "-" ? FileFormat::Json : format_of(output);
  message = error_of([&] { bytes = format_outputs(problem, evaluate_problem(problem, kind), format, kind, false); });
  return message.empty() ? bytes : "error: " + (output == "-" ? "standard output" : output) + ": " + message;
}

/// The streamed path's bytes, or "error: " and its message; an error leaves `output` as it was and
/// no temporary file beside it.
inline std::string streamed(const ProblemSources& sources, const std::string& output, ValueKind kind, std::size_t chunk,
                            unsigned threads) {
  if (output != "-") write_file(output, "before");
  StreamRequest request;
  request.keyed = std::make_shared<const KeyedMeasure>(
      load_keyed_measure(sources.measures[0], std::nullopt, RelayColumns{}, sources.csv_header));
  request.inputs = sources.inputs;
  request.output = output;
  request.kind = kind;
  request.initial = sources.initial_state.value_or(InitialState::Off);
  request.threads = threads;
  request.chunk_values = chunk;
  request.csv_header = sources.csv_header;
  if (output == "-") {
    testing::internal::CaptureStdout();
    std::string message = error_of([&] { stream_evaluate(request); });
    std::string bytes = testing::internal::GetCapturedStdout();
    if (message.empty()) return bytes;
    EXPECT_EQ(bytes, "") << "an error wrote to standard output: " << message;
    return "error: " + message;
  }
  std::string message = error_of([&] { stream_evaluate(request); });
  if (message.empty()) return read_file(output);
  EXPECT_EQ(read_file(output), "before") << "an error left something written: " << message;
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(output).parent_path()))
    EXPECT_FALSE(entry.path().string() != output && entry.path().string().rfind(output, 0) == 0)
        << "a temporary file was left: " << entry.path();
  return "error: " + message;
}

}  // namespace palcheck::oracle
