// Inspectable queries: with RunConfig::smt2_dir set, each Z3 query of proofs/ is written as a standalone
// .smt2 file; the `z3` command on that file must answer what the checker reported (lem:monotone and
// prop:rate_independence unsat, lem:threshold and alg:stack sat, as the checkers find them), and every
// dump of every proof checker is standard SMT-LIB2 that `z3` and `cvc5` read and answer alike.
#include "tests/proofs/proof_registry.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <string>

#include <unistd.h>

namespace palcheck {
namespace {

std::string first_line_of(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return "popen failed";
  std::array<char, 256> line{};
  if (!fgets(line.data(), line.size(), pipe.get())) return "no output";
  std::string out(line.data());
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

std::string z3_answer(const std::string& path) { return first_line_of("z3 " + path + " 2>&1"); }

// The answer a dump records after `marker` (the run appends both solvers' answers to each kept dump).
std::string recorded(const std::string& text, const std::string& marker) {
  std::size_t at = text.rfind(marker);
  if (at == std::string::npos) return "(not recorded)";
  std::size_t end = text.find('\n', at);
  return text.substr(at + marker.size(), end == std::string::npos ? std::string::npos : end - at - marker.size());
}

std::string detail(const CheckResult& r, const std::string& key) {
  for (const auto& [k, v] : r.details)
    if (k == key) return v;
  return "";
}

// The proof checkers run with every query kept as .smt2 in a fresh directory of the test's own, removed
// when the test passes (kept for inspection when it fails).
class Smt2Dumps : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = std::filesystem::temp_directory_path() /
          ("palcheck_smt2_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "_" +
           std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    config.smt2_dir = dir.string();
  }
  void TearDown() override {
    if (!HasFailure()) std::filesystem::remove_all(dir);
  }

  Registry registry = testing::proof_registry();
  std::filesystem::path dir;
  RunConfig config;
};

TEST_F(Smt2Dumps, TheZ3CommandReproducesEachReportedAnswer) {
  std::size_t files = 0;
  std::set<std::string> answers;
  for (const char* label : {"lem:monotone", "lem:threshold", "prop:rate_independence:discrete", "alg:stack"}) {
    for (const CheckResult& r : run_checkers(registry, label, config)) {
      if (r.method != "z3") continue;  // induction results list one file per case (next test)
      std::string path = detail(r, "smt2"), reported = detail(r, "z3");
      ASSERT_FALSE(path.empty()) << label;
      ASSERT_TRUE(std::filesystem::exists(path)) << path;
      EXPECT_EQ(z3_answer(path), reported) << path;
      answers.insert(reported);
      ++files;
    }
  }
  EXPECT_GE(files, 4u);
  EXPECT_EQ(answers, (std::set<std::string>{"sat", "unsat"}));
}

// Every checker of proofs/ (every label, whole run): each dump has a set-logic, no '|' or '\\' inside a
// quoted symbol, and the z3 binary and cvc5 (as the run asked it) give the same answer; cvc5 may only say
// unknown where Z3 says sat (quantified satisfiable queries), which the reference's replay decides anyway.
// A semantic mutant's dump was asked of Z3 alone: where the run found a model, the z3 binary finds one.
TEST_F(Smt2Dumps, BothSolversAnswerEveryDumpAlike) {
  for (const Claim& claim : registry.claims())
    if (!registry.checkers_for(claim.label).empty()) run_checkers(registry, claim.label, config);
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string path = entry.path().string();
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("(set-logic "), std::string::npos) << path;
    for (std::size_t open = text.find('|'); open != std::string::npos; open = text.find('|', open + 1)) {
      std::size_t close = text.find('|', open + 1);
      ASSERT_NE(close, std::string::npos) << path;
      EXPECT_EQ(text.substr(open + 1, close - open - 1).find('\\'), std::string::npos) << path;
      open = close;
    }
    std::string z3 = z3_answer(path);
    // cvc5 read this very file during the run (under the run's rlimit) and its answer is appended to it:
    // running it again here would only repeat the run's slowest part.
    std::string in_run_z3 = recorded(text, "; z3 answered: "), cvc5 = recorded(text, "; cvc5 answered: ");
    if (cvc5 == "not asked") {
      // A semantic mutant's query (smt/mutation.h): Z3 alone, its model the evidence.
      EXPECT_NE(path.find("_mutant_"), std::string::npos) << path;
      EXPECT_TRUE(in_run_z3 != "sat" || z3 == "sat") << path << ": z3 binary " << z3;
      continue;
    }
    EXPECT_TRUE(z3 == "sat" || z3 == "unsat") << path << ": " << z3;
    EXPECT_TRUE(in_run_z3 == z3 || in_run_z3 == "unknown")
        << path << ": z3 binary " << z3 << ", in the run " << in_run_z3;
    EXPECT_TRUE(cvc5 == z3 || (z3 == "sat" && cvc5.rfind("unknown", 0) == 0))
        << path << ": z3 " << z3 << ", cvc5 " << cvc5;
    ++files;
  }
  EXPECT_GE(files, 100u);
}

}  // namespace
}  // namespace palcheck
