// End to end: `palcheck fuzz-impl` on a command speaking JSON lines (docs/oracle.md's example
// client, def:relay, def:pal), `palcheck compare --convention`, measures from pipes (format by
// content) and Fortran-order .npy files.
#include "oracle/formats/npy_format.h"
#include "reference/pal_definition.h"
#include "tests/tools/cli/palcheck_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace palcheck::cli {
namespace {

using nlohmann::json;

using namespace palcheck::cli_test;  // ProcessRun, run_palcheck(), shell(), temp(), read(), write()

const std::string kRelays = "alpha,beta,weight\n1,0.25,0.5\n0.75,0.5,1\n1.5,-0.5,0.25\n0.5,0.5,2\n";

// Debian's python3 has numpy (python3-numpy); a python3 earlier on PATH may not.
std::string client(const std::string& flags) {
  std::string python = std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  return "--command '" + python + " " + PALCHECK_SOURCE_DIR + "/python/fuzz_impl_client.py" + flags + "'";
}

TEST(FuzzCommand, TheExampleClientPassesAndItsStrictVariantBreaksTheTieRule) {
  write(temp("mu.csv"), kRelays);
  std::string base = std::string(PALCHECK_BINARY) + " fuzz-impl --measure " + temp("mu.csv") + " --max-cases 48 ";
  ProcessRun ok = shell(base + client(""));
  ASSERT_EQ(ok.code, 0) << ok.err;
  EXPECT_TRUE(json::parse(ok.out)["passed"]);
  EXPECT_NE(ok.err.find("replay: palcheck fuzz-impl"), std::string::npos) << ok.err;

  ProcessRun pm1 = shell(base + client("") + " --convention states=pm1 --convention output=2,1/2,1/4");
  EXPECT_EQ(pm1.code, 0) << pm1.err;

  ProcessRun bad = shell(base + client(" --strict"));
  ASSERT_EQ(bad.code, 1) << bad.err;
  json report = json::parse(bad.out);
  const json& f = report["failures"][0];
  EXPECT_EQ(f["property"], "tie rule");
  EXPECT_EQ(f["cause"], "tie_rule");
  EXPECT_LE(f["tokens"].get<std::size_t>(), 3u);
  // One relay and one token on its alpha cannot tell strict ties from a skipped first token; the
  // shrinker keeps a second relay that the token switches without a tie, so the cause stays the only one.
  EXPECT_LE(f["relays_kept"].get<std::size_t>(), 2u);
  // The replay line re-runs that case alone and finds the same shrunk inputs.
  std::string replay = f["replay"].get<std::string>();
  ProcessRun again = shell(std::string(PALCHECK_BINARY) + replay.substr(std::strlen("palcheck")));
  ASSERT_EQ(again.code, 1) << replay << "\n" << again.err;
  EXPECT_EQ(json::parse(again.out)["failures"][0]["inputs"], f["inputs"]);
}

TEST(FuzzCommand, ADeadCommandIsAFailureNotACrash) {
  write(temp("mu.csv"), kRelays);
  ProcessRun r = shell(std::string(PALCHECK_BINARY) + " fuzz-impl --measure " + temp("mu.csv") +
                       " --max-cases 3 --command 'exit 3'");
  ASSERT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(json::parse(r.out)["failures"][0]["property"], "exception");
}

TEST(FuzzCommand, AnEmptyCommandIsBadInputNotTheImplementationsFailure) {
  write(temp("mu.csv"), kRelays);
  for (const char* command : {"''", "'  '"}) {
    ProcessRun r = shell(std::string(PALCHECK_BINARY) + " fuzz-impl --measure " + temp("mu.csv") +
                         " --max-cases 3 --command " + command);
    EXPECT_EQ(r.code, 2) << command << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << command;
    EXPECT_NE(r.err.find("--command: expected a shell command"), std::string::npos) << r.err;
  }
}

TEST(FuzzCommand, AReplyOfTheWrongLengthIsShownAsRead) {
  write(temp("mu.csv"), kRelays);
  ProcessRun r = shell(std::string(PALCHECK_BINARY) + " fuzz-impl --measure " + temp("mu.csv") +
                       " --max-cases 2 --command 'while read -r line; do echo \"{\\\"outputs\\\": [7, 8]}\"; done'");
  ASSERT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.out.find("outputs for"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("its reply: {\\\"outputs\\\": [7, 8]}"), std::string::npos) << r.out;
}

// A command that never answers: each call is stopped at --call-timeout and the case fails, so the
// whole run ends within a few call limits instead of hanging.
TEST(FuzzCommand, AHungCommandIsStoppedAtTheCallTimeout) {
  write(temp("mu.csv"), kRelays);
  auto start = std::chrono::steady_clock::now();
  ProcessRun r = shell(std::string(PALCHECK_BINARY) + " fuzz-impl --measure " + temp("mu.csv") +
                       " --max-cases 2 --call-timeout 0.2 --command 'sleep 1000'");
  double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(r.code, 1) << r.err;
  json report = json::parse(r.out);
  const json& f = report["failures"][0];
  EXPECT_EQ(f["property"], "exception");
  EXPECT_NE(f.dump().find("--call-timeout"), std::string::npos) << f.dump();
  EXPECT_LT(took, 60.0);
  ProcessRun bad = shell(std::string(PALCHECK_BINARY) + " fuzz-impl --measure " + temp("mu.csv") +
                         " --call-timeout 0 --command 'sleep 1000'");
  EXPECT_EQ(bad.code, 2) << bad.err;
}

// A slow failing command: shrinking its failures would take minutes, and --seconds bounds it too.
TEST(FuzzCommand, SecondsBoundTheShrinkingToo) {
  write(temp("mu.csv"), kRelays);
  write(temp("slow_client.py"), std::string("import runpy, sys, time\n"
                                            "lines = sys.stdin\n"
                                            "def slow():\n"
                                            "    for line in lines:\n"
                                            "        time.sleep(0.25)\n"
                                            "        yield line\n"
                                            "sys.stdin = slow()\n"
                                            "sys.argv = ['client', '--strict']\n"
                                            "runpy.run_path('") + PALCHECK_SOURCE_DIR +
                                            "/python/fuzz_impl_client.py', run_name='__main__')\n");
  std::string python = std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  auto start = std::chrono::steady_clock::now();
  ProcessRun r = shell(std::string(PALCHECK_BINARY) + " fuzz-impl --measure " + temp("mu.csv") +
                       " --seconds 2 --command '" + python + " " + temp("slow_client.py") + "'");
  double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(json::parse(r.out)["stopped_by"], "time");
  EXPECT_LT(took, 2 + 10.0);  // the budget and one call limit at most, where shrinking had 30 s more
}

TEST(FuzzCommand, CompareReadsConventionsPipesAndFortranOrder) {
  write(temp("mu.csv"), "beta,alpha,weight\n0.25,1,0.5\n0.5,0.75,1\n");
  Measure mu{{{{Q(1), Q(1, 4)}, Q(1, 2)}, {{Q(3, 4), Q(1, 2)}, Q(1)}}};
  std::vector<std::vector<Q>> u{{Q(0), Q(1), Q(1, 2), Q(3, 4)}, {Q(1), Q(0), Q(3, 4), Q(1, 4)}};
  // A 2 x 4 float64 array in Fortran order: column by column.
  std::string header = "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 4), }";
  header.append(64 - (10 + header.size() + 1) % 64, ' ');
  header += '\n';
  std::string npy =
      std::string("\x93NUMPY\x01\x00", 8) + char(header.size() & 0xff) + char(header.size() >> 8) + header;
  std::string theirs = "";
  for (std::size_t k = 0; k < 4; ++k)
    for (std::size_t s = 0; s < 2; ++s) {
      double x = to_double(u[s][k]);
      npy.append(reinterpret_cast<const char*>(&x), 8);
    }
  write(temp("u.npy"), npy);
  std::vector<std::string> rows;
  for (const auto& seq : u) {  // states in {-1, +1}, output 2*S + 1 (their frame)
    auto pal = pal_by_definition(mu, seq, InitialState::Off);
    std::string row;
    for (const Q& p : pal) row += (row.empty() ? "" : ",") + to_string(Q(2 * (2 * p - Q(3, 2)) + 1));
    rows.push_back(row);
  }
  write(temp("theirs.csv"), rows[0] + "\n" + rows[1] + "\n");
  std::string cmd = "cat " + temp("mu.csv") + " | " + PALCHECK_BINARY + " compare --measure /dev/stdin --inputs " +
                    temp("u.npy") + " --actual " + temp("theirs.csv") + " --convention columns=beta,alpha,weight";
  ProcessRun plain = shell(cmd);
  EXPECT_EQ(plain.code, 1) << plain.err;
  ProcessRun declared = shell(cmd + " --convention states=pm1 --convention output=2,1,0");
  EXPECT_EQ(declared.code, 0) << declared.err;
  EXPECT_TRUE(json::parse(declared.out)["agree"]);
  EXPECT_EQ(json::parse(declared.out)["conventions"]["states"], "pm1");

  // The same conventions declared in the JSON document instead.
  json doc{{"relays", {{{"alpha", "1"}, {"beta", "1/4"}, {"weight", "1/2"}}, {{"alpha", "3/4"}, {"beta", "1/2"}}}},
           {"inputs", json::array()},
           {"conventions", {{"states", "pm1"}, {"output_map", {2, 1, 0}}}}};
  for (const auto& seq : u) {
    doc["inputs"].push_back(json::array());
    for (const Q& x : seq) doc["inputs"].back().push_back(to_string(x));
  }
  write(temp("doc.json"), doc.dump());
  ProcessRun from_document =
      shell(std::string(PALCHECK_BINARY) + " compare " + temp("doc.json") + " --actual " + temp("theirs.csv"));
  EXPECT_EQ(from_document.code, 0) << from_document.err;
}

}  // namespace
}  // namespace palcheck::cli
