// def:pal, prop:complexity: eval over CSV inputs streamed (csv_stream_eval.h) writes the bytes, or
// throws the message, of the whole-batch path (load_problem + evaluate_problem + format_outputs) in
// CSV, .npy and JSON (to a file and to standard output, exact, double and both), on generated files
// with ties, decimal text (0.1, 1/3, 2.5e-1), huge and tiny numbers, quoted cells, CRLF, comments,
// headers and ragged rows, for a chunk of one value and of many, on 1 and 3 threads; a bad cell in
// the last row leaves nothing written.
#include "oracle/stream/csv_stream_eval.h"

#include "oracle/eval/oracle_problem.h"
#include "tests/oracle/error_of.h"
#include "tests/oracle/stream/stream_compare.h"
#include "util/errors.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <cstdio>
#include <random>

namespace palcheck::oracle {
namespace {

constexpr std::uint64_t kSeed = 1616;

std::string scratch(const std::string& name) { return scratch_path("palcheck_csv_stream_eval_test", name); }

// A cell's text: mostly values on a lattice of 1/4 in various spellings (ties with the thresholds),
// some decimals that no double holds, numpy savetxt's 19 digits (a lattice point, or one unit of the
// last digit off it), huge and tiny magnitudes, and now and then a bad cell.
std::string cell(std::mt19937_64& rng, bool allow_bad) {
  int k = static_cast<int>(rng() % 14) - 2;
  switch (rng() % 18) {
    case 16:
    case 17: {
      char text[40];
      std::snprintf(text, sizeof text, "%.18e", k * 0.25);
      std::string s = text;
      if (k != 0 && rng() % 2) s[s.find('e') - 1] = rng() % 2 ? '1' : '9';  // next to the lattice point
      return s;
    }
    case 0: return std::to_string(k) + "/4";
    case 1: return " " + std::to_string(k * 0.25) + " ";
    case 2: return "\"" + std::to_string(k * 25) + "e-2\"";
    case 3: return "0.1";
    case 4: return "1/3";
    case 5: return rng() % 2 ? "1e300" : "-1e-300";
    case 6: return "123456789012345678901234567890";
    case 7: return allow_bad && rng() % 2 == 0 ? "O" : "-0";
    default: return std::to_string(k * 0.25);
  }
}

TEST(OracleCsvStreamEval, SameBytesOrMessageAsWholeBatch) {
  std::mt19937_64 rng(kSeed);
  std::string measure_json = scratch("measure.json"), measure_csv = scratch("measure.csv"),
              inputs = scratch("inputs.csv");
  int errors = 0, outputs = 0;
  for (int c = 0; c < 60; ++c) {
    // Relays on the lattice of 1/4 and at 0.1; weights integral, non-dyadic, or (rarely) beyond any double.
    std::string relays, rows_csv;
    for (int r = 0; r < 1 + c % 5; ++r) {
      int a = static_cast<int>(rng() % 12), b = a - static_cast<int>(rng() % 5);
      std::string alpha = r == 0 && c % 3 == 0 ? "0.1" : std::to_string(a) + "/4", beta = std::to_string(b) + "/4";
      std::string w = c % 11 == 5 ? "1e400" : c % 3 == 0 ? "1/3" : std::to_string(static_cast<int>(rng() % 7) - 3);
      if (c % 3 == 0 && r == 0) beta = "-1/4";
      relays += std::string(r ? "," : "") + "{\"alpha\": \"" + alpha + "\", \"beta\": \"" + beta +
                "\", \"weight\": \"" + w + "\"}";
      rows_csv += alpha + "," + beta + "," + w + "\n";
    }
    bool declared = c % 4 == 1;
    write_file(measure_json, "{\"relays\": [" + relays + "]}");
    write_file(measure_csv, (declared ? "0,0,0\n" : "") + rows_csv);
    // Rows of random length (ragged: .npy refuses them), or all of one length; comments, blank lines, CRLF.
    std::string text = c % 5 == 0 ? "\xEF\xBB\xBFu0,u1\n" : declared ? "1,2\n" : "";
    std::size_t rows = c % 10 == 0 ? 0 : 1 + rng() % 8, width = 1 + rng() % 9;
    bool ragged = c % 3 == 2, crlf = c % 4 == 3;
    for (std::size_t r = 0; r < rows; ++r) {
      if (rng() % 5 == 0) text += rng() % 2 ? "# comment, 1\n" : "  \n";
      std::size_t n = ragged ? 1 + rng() % 9 : width;
      for (std::size_t k = 0; k < n; ++k) text += (k ? "," : "") + cell(rng, c % 7 == 6);
      text += crlf ? "\r\n" : "\n";
    }
    write_file(inputs, text);
    ProblemSources sources;
    sources.measures = {c % 2 ? measure_csv : measure_json};
    sources.inputs = inputs;
    sources.csv_header = declared ? CsvHeader::Declared : CsvHeader::Auto;
    if (c % 2) sources.initial_state = InitialState::On;
    for (auto [extension, kind] : {std::pair{"out.csv", ValueKind::Exact}, std::pair{"out.csv", ValueKind::Double},
                                   std::pair{"out.npy", ValueKind::Double}, std::pair{"out.json", ValueKind::Exact},
                                   std::pair{"out.json", ValueKind::Double}, std::pair{"out.json", ValueKind::Both},
                                   std::pair{"-", ValueKind::Both}}) {
      std::string output = extension == std::string("-") ? "-" : scratch(extension);
      ASSERT_TRUE(streamable(inputs, output, kind));
      std::string expected = whole_batch(sources, output, kind);
      (expected.rfind("error: ", 0) == 0 ? errors : outputs) += 1;
      for (std::size_t chunk : {1, 1 << 20})
        for (unsigned threads : {1u, 3u})
          ASSERT_EQ(streamed(sources, output, kind, chunk, threads), expected)
              << "case " << c << " (seed " << kSeed << ") " << extension << " chunk " << chunk << " threads " << threads
              << "\n"
              << text;
    }
  }
  // Both sides of the comparison are exercised.
  EXPECT_GT(errors, 40);
  EXPECT_GT(outputs, 200);
}

TEST(OracleCsvStreamEval, BadCellInTheLastRowLeavesNothingWritten) {
  // 3000 good rows (many parts at a chunk of 64 values), then a typo; a non-finite double in row 0
  // comes first in the file but a bad cell wins, as in the whole-batch path.
  std::string measure = scratch("last_measure.json"), inputs = scratch("last_inputs.csv");
  for (const char* weight : {"1", "1e400"}) {
    write_file(measure, std::string("{\"relays\": [{\"alpha\": 1, \"beta\": 0, \"weight\": \"") + weight + "\"}]}");
    std::string text;
    for (int r = 0; r < 3000; ++r) text += "0,1,0.5,0,1\n";
    write_file(inputs, text + "0,1,0.5,O,1\n");
    ProblemSources sources;
    sources.measures = {measure};
    sources.inputs = inputs;
    for (const char* extension : {"last.csv", "last.npy", "last.json"}) {
      std::string output = scratch(extension);
      for (unsigned threads : {1u, 2u}) {
        std::string message = streamed(sources, output, ValueKind::Double, 64, threads);
        EXPECT_EQ(message, whole_batch(sources, output, ValueKind::Double));
        EXPECT_NE(message.find(inputs + ": line 3001, column 4: not an exact finite number: \"O\""), std::string::npos)
            << message;
      }
    }
  }
}

TEST(OracleCsvStreamEval, AFileThatReportsNoSizeIsReadWhole) {
  // A /proc file reports a size of 0 and still holds a row: the .npy header counts the rows the pass read.
  std::string inputs = scratch("proc.csv"), measure = scratch("proc_measure.json");
  std::filesystem::remove(inputs);
  std::filesystem::create_symlink("/proc/sys/kernel/pid_max", inputs);
  ASSERT_EQ(std::filesystem::file_size(inputs), 0u);
  write_file(measure, R"({"relays": [{"alpha": 1, "beta": 0, "weight": 1}]})");
  ProblemSources sources;
  sources.measures = {measure};
  sources.inputs = inputs;
  for (const char* extension : {"proc.npy", "proc.csv.out.csv"}) {
    std::string output = scratch(extension), expected = whole_batch(sources, output, ValueKind::Double);
    EXPECT_EQ(expected.rfind("error: ", 0), std::string::npos) << expected;
    EXPECT_EQ(streamed(sources, output, ValueKind::Double, 1 << 20, 1), expected);
  }
}

// t with its last digit moved by -1, 0 or +1, or one more digit after it.
std::string near(const std::string& t, std::mt19937_64& rng) {
  std::string u = t;
  switch (rng() % 4) {
    case 0: u.back() = static_cast<char>(u.back() == '0' ? '1' : u.back() - 1); break;
    case 1: u.back() = static_cast<char>(u.back() == '9' ? '8' : u.back() + 1); break;
    case 2: u += std::to_string(rng() % 10); break;
    default: break;
  }
  return u;
}

// Rows of one width until 300,000 bytes, ended by `line_end`: decimals near the thresholds, quoted thresholds,
// fractions, exponents and long decimals.
std::string buffers_text(const std::vector<std::string>& thresholds, const char* line_end, std::mt19937_64& rng) {
  auto any = [&] { return thresholds[rng() % thresholds.size()]; };
  std::string text;
  std::size_t width = 100 + rng() % 100;  // one width: .npy holds no ragged rows
  while (text.size() < 300000) {
    for (std::size_t k = 0; k < width; ++k) {
      std::string c;
      switch (rng() % 8) {
        case 0: c = " " + near(any(), rng); break;
        case 1: c = "\"" + any() + "\""; break;
        case 2: c = std::to_string(rng() % 9) + "/7"; break;
        case 3: c = near(any(), rng) + "0e-0"; break;
        case 4: {
          std::string digits = std::to_string(rng());
          c = "0." + digits + std::to_string(rng() % 10);
          break;
        }
        default: c = near(any(), rng);
      }
      text += (k ? "," : "") + c;
    }
    text += line_end;
  }
  return text;
}

TEST(OracleCsvStreamEval, CellsAcrossReadBuffersReadAsTheWholeBatch) {
  // Files of several 64 KiB read buffers, so that cells, exponents and CRLF pairs fall across their ends:
  // 17-digit decimals at, next to and between thresholds that are 17-digit decimals too (read in place,
  // keyed from two doubles or by cross products), and cells read the general way (blanks, quotes,
  // fractions, 19 digits and more); LF, CRLF and CR line ends.
  std::mt19937_64 rng(kSeed + 1);
  std::string measure = scratch("buffers_measure.json"), inputs = scratch("buffers_inputs.csv");
  std::vector<std::string> thresholds;
  for (int k = 1; k <= 9; ++k) thresholds.push_back("0." + std::to_string(k) + std::to_string(10000000000000000 + rng() % 9000000000000000).substr(1));
  std::string relays;
  for (std::size_t a = 0; a < thresholds.size(); ++a)
    for (std::size_t b = 0; b <= a; b += 2)
      relays += std::string(relays.empty() ? "" : ",") + "{\"alpha\": \"" + thresholds[a] + "\", \"beta\": \"" +
                thresholds[b] + "\", \"weight\": \"" + std::to_string(1 + a + b) + "\"}";
  write_file(measure, "{\"relays\": [" + relays + "]}");
  for (const char* line_end : {"\n", "\r\n", "\r"}) {
    std::string text = buffers_text(thresholds, line_end, rng);
    write_file(inputs, text);
    ProblemSources sources;
    sources.measures = {measure};
    sources.inputs = inputs;
    for (auto [extension, kind] : {std::pair{"buffers.npy", ValueKind::Double}, std::pair{"buffers.csv", ValueKind::Exact}}) {
      std::string output = scratch(extension), expected = whole_batch(sources, output, kind);
      ASSERT_EQ(expected.rfind("error: ", 0), std::string::npos) << expected;
      for (unsigned threads : {1u, 3u})
        ASSERT_EQ(streamed(sources, output, kind, 1 << 20, threads), expected)
            << extension << " threads " << threads << " line end " << (line_end[0] == '\r' ? "CR" : "LF");
    }
  }
}

TEST(OracleCsvStreamEval, EveryCellAlignmentAtTheReadBufferEndReadsAsTheWholeBatch) {
  // The cells that the in-place decimal reader takes or leaves (a 17-digit decimal, an exponent, a quoted
  // cell, a fraction, 20 digits, a blank) put at every offset across the end of the first 64 KiB read
  // buffer, so that each is cut there at each of its bytes, and its comma or line end (CR before LF too)
  // is the buffer's last byte; for LF, CRLF and CR line ends.
  std::string measure = scratch("align_measure.json"), inputs = scratch("align_inputs.csv");
  write_file(measure, "{\"relays\": [{\"alpha\": \"0.12345678901234567\", \"beta\": \"-1/4\", \"weight\": 2},"
                      " {\"alpha\": \"1.5e-3\", \"beta\": \"1.5e-3\", \"weight\": 3}]}");
  constexpr std::size_t kBuffer = std::size_t{1} << 16;
  int compared = 0;
  for (const char* line_end : {"\n", "\r\n", "\r"}) {
    std::string row = std::string("0.12345678901234567,1.5e-3,\"7\",1/3,12345678901234567890, 0.25 ,-0.1") + line_end;
    std::string filler;
    while (filler.size() + 2 * row.size() + 64 < kBuffer) filler += std::string("0.5,0.25") + line_end;
    for (std::size_t start = kBuffer - row.size() - 1; start <= kBuffer; ++start) {
      // A padding row (a number of many digits) so that the template row begins at byte `start`.
      std::string end(line_end), text = filler;
      text += "1." + std::string(start - text.size() - 2 - end.size(), '0') + end + row + row;
      ASSERT_EQ(text.compare(start, row.size(), row), 0) << "start " << start;
      write_file(inputs, text);
      ProblemSources sources;
      sources.measures = {measure};
      sources.inputs = inputs;
      std::string output = scratch("align.csv"), expected = whole_batch(sources, output, ValueKind::Exact);
      ASSERT_EQ(expected.rfind("error: ", 0), std::string::npos) << expected;
      ASSERT_EQ(streamed(sources, output, ValueKind::Exact, 1 << 20, 1), expected) << "start " << start;
      ++compared;
    }
  }
  EXPECT_GT(compared, 150);
}

TEST(OracleCsvStreamEval, ABadCellBeforeAMixedLineEndIsTheError) {
  // A lone CR ends the first row and an LF a later one: the rows cannot be told apart, but a bad cell read
  // before that line end is the first error in the file, in the row the LF ends or in a row before it, for
  // every output (.npy counts its rows first) and part size.
  std::string measure = scratch("mixed_measure.json"), inputs = scratch("mixed_inputs.csv");
  write_file(measure, "{\"relays\": [{\"alpha\": 1, \"beta\": 0, \"weight\": 1}]}");
  std::string rows;
  for (int r = 0; r < 50; ++r) rows += "0.5,1\r";
  for (const std::string& text : {std::string("1\rO,2\n"), std::string("1,0\rO,2\r0,1\n"), rows + "0.5,O\r" + rows + "1,1\n"}) {
    write_file(inputs, text);
    ProblemSources sources;
    sources.measures = {measure};
    sources.inputs = inputs;
    for (const char* extension : {"mixed.csv", "mixed.npy", "mixed.json"}) {
      std::string output = scratch(extension), expected = whole_batch(sources, output, ValueKind::Double);
      ASSERT_NE(expected.find("not an exact finite number: \"O\""), std::string::npos) << expected;
      for (std::size_t chunk : {1, 1 << 20})
        for (unsigned threads : {1u, 3u})
          EXPECT_EQ(streamed(sources, output, ValueKind::Double, chunk, threads), expected)
              << extension << " chunk " << chunk << " threads " << threads;
    }
  }
}

}  // namespace
}  // namespace palcheck::oracle
