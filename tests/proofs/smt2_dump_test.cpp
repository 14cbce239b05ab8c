// Inspectable queries: with RunConfig::smt2_dir set, each Z3 query of proofs/ is written as a standalone
// .smt2 file; the `z3` command on that file must answer what the checker reported (lem:monotone and
// prop:rate_independence unsat, lem:threshold and alg:stack sat, as the checkers find them).
#include "claims/areas.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <set>

namespace palcheck {
namespace {

std::string z3_answer(const std::string& path) {
  std::string command = "z3 " + path + " 2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return "popen failed";
  std::array<char, 256> line{};
  if (!fgets(line.data(), line.size(), pipe.get())) return "no output";
  std::string out(line.data());
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

std::string detail(const CheckResult& r, const std::string& key) {
  for (const auto& [k, v] : r.details)
    if (k == key) return v;
  return "";
}

TEST(Smt2Dumps, TheZ3CommandReproducesEachReportedAnswer) {
  Registry registry;
  register_paper_claims(registry);
  register_proof_checkers(registry);
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "palcheck_smt2_dump_test";
  std::filesystem::remove_all(dir);
  RunConfig config;
  config.smt2_dir = dir.string();
  std::size_t files = 0;
  std::set<std::string> answers;
  for (const char* label : {"lem:monotone", "lem:threshold", "prop:rate_independence", "alg:stack"}) {
    for (const CheckResult& r : run_checkers(registry, label, config)) {
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
  if (!HasFailure()) std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace palcheck
