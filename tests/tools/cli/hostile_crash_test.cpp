// No crash, no endless read: relays a double cannot hold in fuzz-impl, a client reply nested 200,000
// deep, shard and run files nested 100,000 deep, empty and header-only weight files, 1 GiB inputs on
// paths that read whole, /dev/zero as an input, and FIFOs named *.npy with and without a writer. Each
// is refused with exit 2 naming the file (or, for a client, reported as its failure) and writes nothing.
#include "tests/tools/cli/palcheck_process.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

using namespace palcheck::cli_test;  // ProcessRun, run_palcheck(), shell(), temp(), read(), write()

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string nested(std::size_t depth) { return std::string(depth, '[') + "0" + std::string(depth, ']'); }

struct Case {
  std::string args;     ///< after the binary
  std::string message;  ///< a part of stderr
};

void expect_refused(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    ProcessRun r = run_palcheck(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.err.substr(0, 500);
    EXPECT_TRUE(contains(r.err, c.message)) << c.args << "\n" << r.err.substr(0, 500);
    EXPECT_LT(r.err.size(), 2000u) << c.args;
  }
}

TEST(HostileCrash, RelaysADoubleCannotHoldAreRefusedByFuzzImpl) {
  std::string weight = temp("weight.csv"), grid = temp("grid.csv"), report = temp("report.json");
  write(weight, "1,0,1e400\n");
  write(grid, "1\n");
  fs::remove(report);
  expect_refused({
      {"fuzz-impl --command cat --measure " + weight + " --report " + report, "relay 0 weight = 1"},
      {"fuzz-impl --command cat --measure " + grid + " --grid-delta 1e400 --report " + report,
       "beyond the range of a double"},
  });
  EXPECT_FALSE(fs::exists(report));
}

TEST(HostileCrash, AClientReplyNested200000DeepIsTheClientsFailure) {
  std::string m = temp("m.csv"), reply = temp("reply.txt"), report = temp("report.json");
  write(m, "2,1\n");
  write(reply, "{\"outputs\": " + nested(200000) + "}\n");
  ProcessRun r = run_palcheck("fuzz-impl --command 'while read -r line; do cat " + reply + "; done' --measure " + m +
                              " --max-cases 2 --report " + report);
  EXPECT_EQ(r.code, 1) << r.err.substr(0, 500);
  EXPECT_TRUE(contains(read(report), "nested deeper than 64")) << read(report).substr(0, 500);
}

TEST(HostileCrash, ShardAndRunFilesNested100000DeepAreRefused) {
  std::string deep = temp("deep.json"), out = temp("report");
  write(deep, "{\"claims\": " + nested(100000) + "}");
  fs::remove_all(out);
  expect_refused({
      {"merge " + deep, deep + ": claims[0][0]"},
      {"merge " + deep + " " + deep + " --json " + temp("merged.json"), "nested deeper than 64"},
      {"report --from " + deep + " --out " + out, "JSON nested deeper than 64 levels"},
  });
  EXPECT_FALSE(fs::exists(out));
}

TEST(HostileCrash, EmptyAndHeaderOnlyWeightFilesAreRefused) {
  std::string empty = temp("empty.csv"), header = temp("header.csv"), m = temp("m.csv"), w = temp("w.csv"),
              tokens = temp("tokens.json");
  write(empty, "");
  write(header, "w1,w2\n");
  write(m, "2,1\n");
  write(w, "1,2\n");
  write(tokens, "[[0, 1], [2, 3]]");
  std::vector<Case> cases;
  for (const std::string& bad : {empty, header}) {
    for (const char* command : {"eval", "compare"}) {
      std::string actual = std::string(command) == "compare" ? " --actual " + tokens : "";
      cases.push_back({std::string(command) + " --measure " + m + " --w-in " + bad + " --w-out " + bad + " --inputs " +
                           tokens + actual,
                       bad + ": no head"});
      cases.push_back({std::string(command) + " --measure " + bad + " --grid-delta 1 --inputs " + tokens + actual,
                       "a grid needs an L x L weight matrix"});
    }
    cases.push_back({"fuzz-impl --command cat --measure " + bad + " --grid-delta 1", "a grid needs"});
  }
  expect_refused(cases);
}

// A sparse file of `size` bytes: large on paper, no disk used.
std::string sparse(const std::string& name, off_t size) {
  std::string path = temp(name);
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  EXPECT_GE(fd, 0);
  EXPECT_EQ(::ftruncate(fd, size), 0);
  ::close(fd);
  return path;
}

TEST(HostileCrash, GigabyteInputsOnPathsThatReadWholeAreRefusedBeforeReading) {
  std::string doc = sparse("huge.json", off_t{1} << 30), csv = sparse("huge.csv", off_t{1} << 30);
  std::string m = temp("m.csv"), u = temp("u.csv");
  write(m, "2,1\n");
  write(u, "0,3,1\n");
  auto start = std::chrono::steady_clock::now();
  expect_refused({
      {"eval " + doc, doc + ": 1073741824 bytes; an input read whole may have at most"},
      {"eval --measure " + csv + " --inputs " + u, csv + ": 1073741824 bytes"},
      {"compare --measure " + m + " --inputs " + u + " --actual " + csv, csv + ": 1073741824 bytes"},
      {"merge " + doc, doc + ": 1073741824 bytes"},
      {"replay " + doc, doc + ": 1073741824 bytes"},
      {"eval --measure /dev/zero --inputs " + u, "/dev/zero: more than"},
  });
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  fs::remove(doc);
  fs::remove(csv);
}

TEST(HostileCrash, AFifoNamedNpyIsReadOnceWithAWriterAndNotWaitedOnForeverWithout) {
  std::string m = temp("m.csv"), fifo = temp("inputs.npy"), npy = temp("u.npy"), out = temp("out.csv");
  write(m, "2,1\n");
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }";
  header += std::string((64 - (10 + header.size() + 1) % 64) % 64, ' ') + "\n";
  double values[3] = {0.0, 3.0, 1.0};
  write(npy, std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(header.size()) + '\0' + header +
                 std::string(reinterpret_cast<const char*>(values), sizeof values));
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  ProcessRun with_writer = shell("(sleep 0.5; cat " + npy + " > " + fifo + ") & " + std::string(PALCHECK_BINARY) +
                                 " eval --measure " + m + " --inputs " + fifo + " -o " + out + "; wait");
  EXPECT_EQ(with_writer.code, 0) << with_writer.err;
  EXPECT_EQ(read(out), "0,1,0\n");
  auto start = std::chrono::steady_clock::now();
  ProcessRun no_writer = run_palcheck("eval --measure " + m + " --inputs " + fifo + " -o " + temp("never.csv"));
  EXPECT_EQ(no_writer.code, 2);
  EXPECT_TRUE(contains(no_writer.err, "a FIFO nothing was written to within")) << no_writer.err;
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(60));
  EXPECT_FALSE(fs::exists(temp("never.csv")));
  fs::remove(fifo);
}

}  // namespace
