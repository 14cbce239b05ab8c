// Hostile command lines: bad numbers in options, outputs that would overwrite inputs,
// output folders that do not exist, hostile files. Each exits 2 with one message naming the option,
// file or field, and writes nothing; `verify --seed 15` (a RapidCheck shrink without end) finishes.
#include "tests/tools/cli/palcheck_process.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

using namespace palcheck::cli_test;  // ProcessRun, run_palcheck(), shell(), temp(), read(), write()

TEST(HostileCli, BadNumbersInOptionsExitTwo) {
  // {m}, {u} and {d} in the arguments stand for the scratch files written below.
  std::vector<BadUsage> cases{
      {"verify def:relay --seed -1", "--seed"},
      {"verify def:relay --seed 18446744073709551616", "out of range 0..18446744073709551615"},
      {"verify def:relay --seed 0x10", "expected a decimal integer"},
      {"verify def:relay --tests 0", "out of range 1..1000000"},
      {"verify def:relay --tests -1", "--tests"},
      {"verify def:relay --tests 1000000000000", "out of range 1..1000000"},
      {"verify def:relay --rlimit 4294967296", "--rlimit"},
      {"show def:relay --max-shrinks x", "--max-shrinks"},
      {"compare {d} --actual {u} --explain -1", "--explain"},
      {"eval --measure {m} --inputs {u} --initial-state 0x1", "--initial-state"},
      {"eval --measure {m} --inputs {u} --values Exact",
       "palcheck: --values: expected exact, double or both, got \"Exact\""},
      {"eval {d} --grid-delta 0", "palcheck: --grid-delta: expected an exact number > 0, got \"0\""},
      {"compare {d} --actual {u} --grid-delta x", "palcheck: --grid-delta: expected an exact number > 0, got \"x\""},
      {"fuzz-impl --command cat --measure {m} --grid-delta 1/0", "palcheck: --grid-delta: expected an exact number"},
  };
  write(temp("m.csv"), "2,1\n");
  write(temp("u.csv"), "0,3,1\n");
  write(temp("d.json"), R"({"relays": [{"alpha": 2, "beta": 1}], "inputs": [0, 3, 1]})");
  for (BadUsage c : cases) {
    for (auto [key, name] : {std::pair{"{m}", "m.csv"}, {"{u}", "u.csv"}, {"{d}", "d.json"}})
      if (auto at = c.args.find(key); at != std::string::npos) c.args.replace(at, 3, temp(name));
    ProcessRun r = run_palcheck(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_TRUE(r.out.empty()) << c.args;
  }
}

TEST(HostileCli, AnOutputEqualToAnInputIsRefusedAndTheInputKept) {
  std::string m = temp("m.csv"), u = temp("u.csv"), d = temp("d.json"), o = temp("o.json");
  write(m, "2,1\n");
  write(u, "0,3,1\n");
  write(d, R"({"relays": [{"alpha": 2, "beta": 1}], "inputs": [[0, 3, 1]]})");
  std::vector<BadUsage> cases{
      {"eval --measure " + m + " --inputs " + u + " -o " + u, "-o " + u + " is the same file as --inputs"},
      {"eval --measure " + m + " --inputs " + u + " -o " + m, "is the same file as --measure"},
      {"eval " + d + " -o " + d, "is the same file as FILE"},
      {"eval --measure " + m + " --inputs " + u + " -o " + o + " --dump " + o,
       "--dump " + o + " is the same file as -o"},
      {"compare " + d + " --actual " + u + " --report " + u, "--report " + u + " is the same file as --actual"},
      {"compare " + d + " --actual " + u + " --report " + d, "is the same file as FILE"},
      {"eval --measure " + m + " --inputs " + u + " -o " + fs::path(u).parent_path().string() + "/./" +
           fs::path(u).filename().string(),
       "is the same file as --inputs"},
  };
  expect_usage_errors(cases);
  EXPECT_EQ(read(m), "2,1\n");
  EXPECT_EQ(read(u), "0,3,1\n");
  EXPECT_FALSE(fs::exists(o));
}

TEST(HostileCli, OutputFoldersAreCheckedBeforeTheRun) {
  std::string missing = temp("no_such_folder") + "/report.json";
  ProcessRun r = run_palcheck("verify --json " + missing);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--json: " + missing + ": the folder"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("[  1/"), std::string::npos) << "the run started before the check";
  std::string file = temp("a_file");
  write(file, "x");
  ProcessRun out = run_palcheck("verify def:relay --out " + file + "/sub");
  EXPECT_EQ(out.code, 2);
  EXPECT_NE(out.err.find("--out: "), std::string::npos) << out.err;
}

TEST(HostileCli, HostileFilesExitTwoNamingTheFile) {
  std::string m = temp("m.csv");
  write(m, "2,1\n");
  std::string deep = temp("deep.json"), npy = temp("big.npy"), dir = ::testing::TempDir();
  write(deep, R"({"relays": [], "inputs": [0], "initial_state": )" + std::string(100000, '[') + "0" +
                  std::string(100000, ']') + "}");
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (9223372036854775808, 2), }\n";
  write(npy, std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(header.size()) + '\0' + header);
  std::vector<BadUsage> cases{
      {"eval " + deep, deep + ": initial_state"},
      {"eval --measure " + m + " --inputs " + npy, npy + ": .npy shape"},
      {"eval --measure " + m + " --inputs " + dir + "x.csv", "x.csv: cannot open file"},
      {"eval " + dir, "is a folder, not a file"},
  };
  for (const BadUsage& c : cases) {
    ProcessRun r = run_palcheck(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err.substr(0, 500);
    EXPECT_LT(r.err.size(), 600u);
  }
}

TEST(HostileCli, NonFiniteDoublesAreReportedNotWrittenAsNull) {
  std::string d = temp("w.json");
  write(d, R"({"relays": [{"alpha": 1, "beta": 0, "weight": "1e999"}], "inputs": [[2]]})");
  ProcessRun exact = run_palcheck("eval " + d);
  EXPECT_EQ(exact.code, 0) << exact.err;
  ProcessRun both = run_palcheck("eval " + d + " --values both");
  EXPECT_EQ(both.code, 2);
  EXPECT_NE(both.err.find("no finite double"), std::string::npos) << both.err;
  EXPECT_EQ(both.out.find("null"), std::string::npos);
}

TEST(HostileCli, TheSeedsThatHungAtPopOneFinish) {
  // Seed 15 shrank a 10^18 input one unit at a time inside RapidCheck; now shrinking steps by
  // |x|/4^k and stops at --max-shrinks judge calls, keeping the smallest failure so far.
  for (const char* seed : {"15", "4294967295"}) {
    ProcessRun r = run_palcheck(std::string("verify lem:pop_one --seed ") + seed);
    EXPECT_EQ(r.code, 0) << seed << "\n" << r.err;
    EXPECT_NE(r.out.find("lem:pop_one"), std::string::npos);
  }
  ProcessRun tight = run_palcheck("show lem:pop_one --seed 15 --max-shrinks 3");
  EXPECT_EQ(tight.code, 0) << tight.err;
  EXPECT_NE(tight.out.find("shrinking stopped"), std::string::npos) << tight.out;
}

}  // namespace
