// def:pal, prop:wiping: eval --dump and --trace streamed (stream_dump.h) write the bytes, or throw the
// message, of the whole-batch path (load_problem + evaluate_problem + format_outputs, and
// dump_json(...).dump(1)) on generated CSV and .npy inputs: random sequences with ties on the
// thresholds, nested zig-zags long enough to spill the spools, empty and ragged rows, a 1-D .npy,
// float32 and int64 .npy, in every output format and kind, with and without the trace and the dump,
// from both initial states; a bad cell, a row .npy cannot hold and a value with no finite double leave
// nothing written.
#include "tools/oracle/stream_dump.h"

#include "tests/tools/oracle/error_of.h"
#include "tests/tools/oracle/scratch_files.h"
#include "tools/oracle/npy_format.h"
#include "tools/oracle/oracle_eval.h"
#include "tools/oracle/oracle_problem.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <random>

namespace palcheck::oracle {
namespace {

constexpr std::uint64_t kSeed = 2424;

std::string scratch(const std::string& name) { return scratch_path("palcheck_stream_dump_test", name); }

// The output and the dump of the whole-batch path, or "error: " and its message.
std::pair<std::string, std::string> whole_batch(const DumpRequest& r) {
  std::string output = r.output.empty() ? "-" : r.output, bytes, dump;
  std::string message = error_of([&] {
    OracleProblem problem = load_problem(r.sources);
    BatchOutputs outputs = evaluate_problem(problem, r.dump.empty() ? r.kind : ValueKind::Both);
    std::string what = error_of([&] { bytes = format_outputs(problem, outputs, format_of(output), r.kind, r.trace); });
    if (!what.empty()) throw InputError((output == "-" ? std::string("standard output") : output) + ": " + what);
    if (!r.dump.empty()) dump = dump_json(problem, outputs, r.trace).dump(1) + "\n";
  });
  if (!message.empty()) return {"error: " + message, ""};
  return {bytes, dump};
}

// The streamed path's output and dump, or "error: " and its message; an error leaves both files as they were.
std::pair<std::string, std::string> streamed(const DumpRequest& r) {
  EXPECT_TRUE(dump_streamable(r)) << r.sources.inputs << " -> " << r.output;
  bool to_stdout = r.output.empty() || r.output == "-";
  if (!to_stdout) write_file(r.output, "before");
  if (!r.dump.empty()) write_file(r.dump, "before");
  if (to_stdout) testing::internal::CaptureStdout();
  std::string message = error_of([&] { stream_dump(r); });
  std::string bytes = to_stdout ? testing::internal::GetCapturedStdout() : read_file(r.output);
  if (!message.empty()) {
    EXPECT_EQ(bytes, to_stdout ? "" : "before") << "an error wrote the output: " << message;
    if (!r.dump.empty()) {
      EXPECT_EQ(read_file(r.dump), "before") << "an error wrote the dump: " << message;
    }
    return {"error: " + message, ""};
  }
  return {bytes, r.dump.empty() ? "" : read_file(r.dump)};
}

std::string number_text(std::mt19937_64& rng) {
  int k = static_cast<int>(rng() % 13) - 2;
  switch (rng() % 8) {
    case 0: return std::to_string(k) + "/4";
    case 1: return "1/3";
    case 2: return "0.1";
    default: return std::to_string(k * 0.25);
  }
}

// A nested zig-zag: n extrema closing in on the middle, so the memory grows to depth n.
std::vector<double> zig_zag(std::size_t n) {
  std::vector<double> u;
  for (std::size_t k = 0; k < n; ++k) u.push_back(k % 2 ? -4.0 + 0.001 * k : 4.0 - 0.001 * k);
  return u;
}

std::string csv_row(const std::vector<double>& u) {
  std::string text;
  for (std::size_t k = 0; k < u.size(); ++k) text += (k ? "," : "") + std::to_string(u[k]);
  return text + "\n";
}

struct Case {
  std::string inputs;  // the file
  std::string what;    // for messages
};

TEST(OracleStreamDump, SameBytesOrMessageAsWholeBatch) {
  std::mt19937_64 rng(kSeed);
  std::string measure = scratch("measure.csv"), grid = scratch("grid.json");
  std::string relays;
  for (int r = 0; r < 9; ++r) {
    int a = static_cast<int>(rng() % 12), b = a - static_cast<int>(rng() % 5);
    relays += std::to_string(a) + "/4," + std::to_string(b) + "/4," + (r % 3 ? "1/3" : std::to_string(r - 4)) + "\n";
  }
  relays += "0.1,0.1,2\n";  // a diagonal relay
  write_file(measure, relays);
  write_file(grid, R"({"grid": {"delta": "1/4", "L": 8, "weights": [[2, 1, "1/2"], [8, 3, 1], [5, 5, "-1/7"]]}})");

  std::vector<Case> cases;
  auto add_csv = [&](const std::string& name, const std::string& text, const std::string& what) {
    write_file(scratch(name), text);
    cases.push_back({scratch(name), what});
  };
  auto add_npy = [&](const std::string& name, const std::string& bytes, const std::string& what) {
    write_file(scratch(name), bytes);
    cases.push_back({scratch(name), what});
  };
  for (int c = 0; c < 6; ++c) {  // random rows with ties, ragged or rectangular, some empty
    std::string text;
    std::size_t width = 1 + rng() % 12;
    for (std::size_t r = 0; r < 1 + rng() % 6; ++r) {
      std::size_t n = c % 2 ? width : rng() % 12;
      for (std::size_t k = 0; k < n; ++k) text += (k ? "," : "") + number_text(rng);
      text += "\n";
    }
    add_csv("random" + std::to_string(c) + ".csv", text, "random rows " + std::to_string(c));
  }
  add_csv("zigzag.csv", csv_row(zig_zag(3000)) + csv_row(zig_zag(40)), "nested zig-zags (spools spill)");
  add_csv("empty.csv", "", "no rows");
  add_csv("bad.csv", "1,2\n3,x,4\n", "a bad cell in the last row");
  add_csv("huge.csv", "1,1e400,2\n", "an input with no finite double");
  std::vector<double> flat = zig_zag(500);
  add_npy("zigzag.npy", format_npy_f8({flat.size()}, flat), "1-D .npy");
  std::vector<double> square;
  for (int k = 0; k < 4 * 25; ++k) square.push_back(0.25 * static_cast<double>(rng() % 13) - 0.5);
  add_npy("batch.npy", format_npy_f8({4, 25}, square), "2-D .npy");
  // A 2 x 3 .npy of another type: its header, then the values' bytes.
  auto npy_of = [](const std::string& descr, const auto& values) {
    std::string bytes("\x93NUMPY\x01\x00", 8);
    std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (2, 3), }";
    header.append(64 - (10 + header.size() + 1) % 64, ' ');
    header += '\n';
    bytes += static_cast<char>(header.size() & 0xff);
    bytes += static_cast<char>(header.size() >> 8);
    bytes += header;
    for (auto v : values) bytes.append(reinterpret_cast<const char*>(&v), sizeof v);
    return bytes;
  };
  add_npy("f4.npy", npy_of("<f4", std::vector<float>{0.1f, 1.75f, -0.25f, 2.5f, 0.1f, 3.0f}), "float32 .npy");
  add_npy("i8.npy", npy_of("<i8", std::vector<std::int64_t>{1, (std::int64_t{1} << 60) + 1, -2, 0, 3, 2}),
          "int64 .npy beyond 2^53");

  int compared = 0, errors = 0;
  for (const Case& input : cases)
    for (const std::string& m : {measure, grid})
      for (auto [output, kind] : {std::pair{"", ValueKind::Exact}, std::pair{"out.json", ValueKind::Both},
                                  std::pair{"out.json", ValueKind::Double}, std::pair{"out.csv", ValueKind::Exact},
                                  std::pair{"out.csv", ValueKind::Double}, std::pair{"out.npy", ValueKind::Double}})
        for (int mode = 0; mode < 3; ++mode) {  // dump, trace, both
          bool json = std::string(output).empty() || std::string(output).ends_with(".json");
          if (mode > 0 && !json) continue;  // the trace is JSON only
          DumpRequest r;
          r.sources.measures = {m};
          r.sources.inputs = input.inputs;
          if (compared % 2) r.sources.initial_state = 1;
          r.output = std::string(output).empty() ? "" : scratch(output);
          r.kind = kind;
          r.trace = mode > 0;
          r.dump = mode != 1 ? scratch("dump.json") : "";
          auto expected = whole_batch(r);
          auto got = streamed(r);
          ASSERT_EQ(got.first, expected.first) << input.what << ", " << m << " -> " << output << ", mode " << mode;
          ASSERT_EQ(got.second, expected.second) << input.what << ", " << m << " -> " << output << ", mode " << mode;
          ++compared;
          errors += expected.first.rfind("error: ", 0) == 0;
        }
  // Every kind of refusal was met, and most cases wrote something.
  EXPECT_GT(errors, 10);
  EXPECT_GT(compared - errors, 3 * errors);
  std::string pid = ".tmp." + std::to_string(::getpid()) + ".";
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::temp_directory_path()))
    EXPECT_EQ(entry.path().filename().string().find(pid), std::string::npos)
        << "a temporary file was left: " << entry.path();
}

TEST(OracleStreamDump, WhatItDoesNotStream) {
  std::string measure = scratch("m.csv"), inputs = scratch("u.csv");
  write_file(measure, "1,0\n");
  write_file(inputs, "1,2\n");
  DumpRequest r;
  r.sources.measures = {measure};
  r.sources.inputs = inputs;
  r.dump = scratch("d.json");
  EXPECT_TRUE(dump_streamable(r));
  r.output = "o.csv";
  r.trace = true;
  EXPECT_FALSE(dump_streamable(r)) << "the trace is JSON only: the whole-batch path says so";
  r.trace = false;
  r.kind = ValueKind::Both;
  EXPECT_FALSE(dump_streamable(r)) << "CSV holds one kind";
  r.output = "";
  r.sources.document = "doc.json";
  EXPECT_FALSE(dump_streamable(r));
  r.sources.document = "";
  r.sources.w_in = "w.npy";
  EXPECT_FALSE(dump_streamable(r)) << "MPAL";
}

}  // namespace
}  // namespace palcheck::oracle
