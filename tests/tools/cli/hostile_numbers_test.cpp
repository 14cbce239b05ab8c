// Numbers beyond what a path supports, and messages that name what the user gave: fuzz-impl refuses a
// domain beyond the doubles or holding none (it crashed with SIGSEGV or heap corruption, or ran past
// --seconds) naming --convention domain and the range, with or without --case, writing nothing;
// -j, --seconds and --case beyond their ranges, an empty --dump, a shard whose index is a string,
// text that is not UTF-8 and --help into a full disk each give exit 2 and a message naming the option,
// field or file, never a library's words.
#include "tests/tools/cli/palcheck_process.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <utility>

namespace {

namespace fs = std::filesystem;

using namespace palcheck::cli_test;  // ProcessRun, run_palcheck(), shell(), temp(), read(), write(), BadUsage

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// No library's own words: nlohmann's tags, pybind11's cast, strerror without the option around it.
void expect_no_library_text(const ProcessRun& r, const std::string& args) {
  for (const char* words : {"json.exception", "Unable to cast", "Resource temporarily unavailable"})
    EXPECT_FALSE(contains(r.err, words)) << args << "\n" << r.err;
}

TEST(HostileNumbers, FuzzImplRefusesADomainBeyondTheDoublesNamingTheOptionAndTheRange) {
  std::string m = temp("m.csv"), report = temp("report.json");
  write(m, "1,0,1\n2,-1,0.5\n");
  fs::remove(report);
  // Each domain of the issue and its first end beyond the doubles, as the message shows it.
  const std::pair<std::string, std::string> domains[] = {
      {"-1e400,1e400", "-1e+400"}, {"1e309,1e310", "1e+309"}, {"-1e309,0", "-1e+309"}, {"0,1e309", "1e+309"}};
  for (const auto& [domain, culprit] : domains)
    for (std::string only : {"", " --case 3"}) {
      std::string args = "fuzz-impl --command cat --measure " + m + " --convention domain=" + domain + only +
                         " --report " + report;
      auto start = std::chrono::steady_clock::now();
      ProcessRun r = run_palcheck(args);
      EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30)) << args;  // no hang
      EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
      EXPECT_TRUE(contains(r.err, "palcheck: --convention domain = " + culprit +
                                      " is beyond the range of a double ([-1.7976931348623157e308, "
                                      "1.7976931348623157e308])"))
          << args << "\n" << r.err;
      EXPECT_FALSE(fs::exists(report)) << args;
    }
  ProcessRun none = run_palcheck("fuzz-impl --command cat --measure " + m +
                                 " --convention domain=1e-400,2e-400 --report " + report);
  EXPECT_EQ(none.code, 2) << none.err;
  EXPECT_TRUE(contains(none.err, "--convention domain = [") && contains(none.err, "] holds no double")) << none.err;
  EXPECT_FALSE(fs::exists(report));
}

TEST(HostileNumbers, FuzzImplRunsOnTheWidestDomainOfDoubles) {
  std::string m = temp("m.csv"), python = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  write(m, "1,0,1\n2,-1,0.5\n");
  ProcessRun r = run_palcheck("fuzz-impl --measure " + m + " --max-cases 48 --command '" + python + " " +
                              PALCHECK_SOURCE_DIR + "/python/fuzz_impl_client.py' --convention "
                              "domain=-1.7976931348623157e308,1.7976931348623157e308");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "\"passed\": true")) << r.out.substr(0, 500);
}

TEST(HostileNumbers, NumericOptionsBeyondTheirRangesAreRefusedNamingThem) {
  std::string m = temp("m.csv"), u = temp("u.csv");
  write(m, "1,0,1\n");
  write(u, "0\n1\n");
  std::vector<BadUsage> cases{
      {"eval --measure " + m + " --inputs " + u + " -j 65536", "out of range 0..256: 65536"},
      {"fuzz-impl --command cat --measure " + m + " --seconds nan", "--seconds: expected a positive number"},
      {"fuzz-impl --command cat --measure " + m + " --seconds inf", "--seconds: expected a number of seconds in [0, 31536000]"},
      {"fuzz-impl --command cat --measure " + m + " --seconds 1e12", "--seconds: expected a number of seconds in [0, 31536000]"},
      {"fuzz-impl --command cat --measure " + m + " --case 1000000", "--case: out of range 0..999999"},
      {"eval --measure " + m + " --inputs " + u + " --dump ''", "--dump: expected a file name, got an empty one"},
  };
  expect_usage_errors(cases);
  for (const BadUsage& c : cases) expect_no_library_text(run_palcheck(c.args), c.args);
}

TEST(HostileNumbers, AShardWhoseIndexIsAStringIsRefusedNamingTheField) {
  std::string a = temp("a.json"), b = temp("b.json"), merged = temp("merged.json");
  auto shard = [](const std::string& index) {
    return R"({"seed": 1, "tests": 100, "max_shrinks": 1000, "rlimit": 1000, "shard": {"index": )" + index +
           R"(, "count": 2}, "selection": [], "claims": []})";
  };
  write(a, shard("\"1\""));
  write(b, shard("2"));
  fs::remove(merged);
  ProcessRun r = run_palcheck("merge " + a + " " + b + " --json " + merged);
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "file 1: \"shard.index\" must be a non-negative integer, got \"1\"")) << r.err;
  expect_no_library_text(r, "merge");
  EXPECT_FALSE(fs::exists(merged));
}

TEST(HostileNumbers, TextThatIsNotUtf8IsRefusedNamingTheOptionAndNothingIsWritten) {
  std::string m = temp("m.csv"), odd = temp("m\xff.csv"), doc = temp("doc.json"), report = temp("report.json"),
              out = temp("out.json");
  write(m, "1,0,1\n");
  write(odd, "1,0,1\n");
  write(doc, "{\"relays\": [[1, 0, 1]], \"inputs\": [1], \"note\xff\": 1}");
  fs::remove(report);
  fs::remove(out);
  ProcessRun command = run_palcheck("fuzz-impl --command \"$(printf 'cat \\377')\" --measure " + m + " --report " + report);
  EXPECT_EQ(command.code, 2) << command.err;
  EXPECT_TRUE(contains(command.err, "--command: not valid UTF-8 (byte 0xFF at offset 4)")) << command.err;
  ProcessRun measure = run_palcheck("fuzz-impl --command cat --measure '" + odd + "' --report " + report);
  EXPECT_EQ(measure.code, 2) << measure.err;
  EXPECT_TRUE(contains(measure.err, "--measure: not valid UTF-8")) << measure.err;
  EXPECT_FALSE(fs::exists(report));
  // A document holding such bytes: the reader's words, at its line and column, never the bytes themselves.
  ProcessRun eval = run_palcheck("eval " + doc + " -o " + out);
  EXPECT_EQ(eval.code, 2) << eval.err;
  EXPECT_TRUE(contains(eval.err, doc + ": ") && contains(eval.err, "malformed JSON: parse error at line 1, column ") &&
              contains(eval.err, "ill-formed UTF-8 byte"))
      << eval.err;
  EXPECT_FALSE(contains(eval.err, "\xff")) << eval.err;
  for (const ProcessRun* r : {&command, &measure, &eval}) expect_no_library_text(*r, "not UTF-8");
  EXPECT_FALSE(fs::exists(out));
}

TEST(HostileNumbers, HelpIntoAFullDiskIsExitTwo) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  for (std::string args : {"--help", "eval --help", "fuzz-impl --help", "--version"}) {
    ProcessRun r = run_palcheck(args + " > /dev/full");
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_TRUE(contains(r.err, "standard output: write failed")) << args << "\n" << r.err;
  }
}

}  // namespace
