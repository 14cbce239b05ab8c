// tools/cli/claim_verify.h, claim_text.h, claim_replay.h driven with a test registry: an injected wrong
// claim is REFUTED and its replay file re-refutes, a true one is not, a crash is ERROR; same seed,
// byte-identical JSON; replay exit codes 0/1/2.
#include "tools/cli/claim_verify.h"
#include "tests/claims/claim_test_registry.h"
#include "tools/cli/claim_replay.h"
#include "tools/cli/claim_text.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace palcheck::cli {
namespace {

using palcheck::testing::claim_test_registry;

std::vector<std::string> all_labels(const Registry& registry) {
  std::vector<std::string> unknown;
  return select_claims(registry, {}, unknown);
}

const ClaimReport& find(const VerifyReport& report, const std::string& label) {
  for (const ClaimReport& c : report.claims)
    if (c.claim.label == label) return c;
  throw std::logic_error("no report for " + label);
}

struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name) : path(std::filesystem::temp_directory_path() / name) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name) << text;
    return (path / name).string();
  }
};

TEST(ClaimVerify, SelectsLabelsAndSectionsAndReportsUnknownOnes) {
  Registry registry = claim_test_registry();
  std::vector<std::string> unknown;
  EXPECT_EQ(select_claims(registry, {"sec:test"}, unknown),
            (std::vector<std::string>{"test:always-off", "test:binary"}));
  EXPECT_TRUE(unknown.empty());
  EXPECT_EQ(select_claims(registry, {"test:crash", "sec:test", "nope"}, unknown),
            (std::vector<std::string>{"test:always-off", "test:binary", "test:crash"}));
  EXPECT_EQ(unknown, std::vector<std::string>{"nope"});
  EXPECT_EQ(all_labels(registry).size(), registry.claims().size());
}

TEST(ClaimVerify, InjectedWrongClaimIsRefutedTrueOneIsNotCrashIsError) {
  Registry registry = claim_test_registry();
  VerifyReport report = run_verify(registry, all_labels(registry), RunConfig{}, nullptr);
  EXPECT_EQ(find(report, "test:always-off").verdict, Verdict::Refuted);
  EXPECT_EQ(find(report, "test:binary").verdict, Verdict::Held);
  EXPECT_EQ(find(report, "test:crash").verdict, Verdict::Error);
  EXPECT_EQ(find(report, "test:unchecked").verdict, Verdict::NotCheckable);
  EXPECT_TRUE(report.any_error());
  EXPECT_FALSE(run_verify(registry, {"test:always-off", "test:binary"}, RunConfig{}, nullptr).any_error());
}

TEST(ClaimVerify, ProgressGoesToItsStreamOneLinePerStartAndFinish) {
  Registry registry = claim_test_registry();
  std::ostringstream progress;
  run_verify(registry, {"test:binary", "test:unchecked"}, RunConfig{}, &progress);
  std::string text = progress.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 4);
  EXPECT_NE(text.find("test:binary HELD"), std::string::npos);
}

TEST(ClaimVerify, JsonHasTheDocumentedShapeAndIsByteIdenticalForTheSameSeed) {
  Registry registry = claim_test_registry();
  RunConfig config;
  config.seed = 9;
  config.tests = 50;
  std::string first = verify_json(run_verify(registry, all_labels(registry), config, nullptr)).dump(2);
  std::string second = verify_json(run_verify(registry, all_labels(registry), config, nullptr)).dump(2);
  EXPECT_EQ(first, second);
  auto doc = nlohmann::json::parse(first);
  EXPECT_EQ(doc["seed"], 9);
  ASSERT_EQ(doc["claims"].size(), registry.claims().size());
  const auto& refuted = doc["claims"][0];
  EXPECT_EQ(refuted["label"], "test:always-off");
  EXPECT_EQ(refuted["verdict"], "REFUTED");
  EXPECT_EQ(refuted["methods"], nlohmann::json::array({"property"}));
  const auto& result = refuted["evidence"]["results"][0];
  for (const char* key : {"verdict", "method", "summary", "details", "interpretation", "hypotheses_used", "cases",
                          "seed", "counterexample"})
    EXPECT_TRUE(result.contains(key)) << key;
  EXPECT_EQ(result["seed"], 9);
  EXPECT_EQ(result["counterexample"]["scenario"], "relay-outputs");
  EXPECT_TRUE(doc["claims"][1].contains("interpretation"));
}

TEST(ClaimVerify, TableShowsVerdictsSeedsAndReplayCommands) {
  Registry registry = claim_test_registry();
  RunConfig config;
  config.seed = 4;
  config.tests = 30;
  std::string table = verify_table(run_verify(registry, all_labels(registry), config, nullptr));
  EXPECT_NE(table.find("test:always-off"), std::string::npos);
  EXPECT_NE(table.find("REFUTED"), std::string::npos);
  EXPECT_NE(table.find("NOT-CHECKABLE"), std::string::npos);
  EXPECT_NE(table.find("palcheck verify test:binary --seed 4 --tests 30"), std::string::npos);
}

TEST(ClaimVerify, ShowDrawsTheCounterexample) {
  Registry registry = claim_test_registry();
  VerifyReport report = run_verify(registry, {"test:always-off"}, RunConfig{}, nullptr);
  std::string text = show_text(registry, report.claims.front(), RunConfig{});
  EXPECT_NE(text.find("Every relay output is 0."), std::string::npos);
  EXPECT_NE(text.find("u_n"), std::string::npos);
  EXPECT_NE(text.find("confirms"), std::string::npos);
}

TEST(ClaimVerify, ReplayFilesOfRefutedClaimsReRefute) {
  Registry registry = claim_test_registry();
  VerifyReport report = run_verify(registry, all_labels(registry), RunConfig{}, nullptr);
  std::vector<ReplayFile> files = replay_files(registry, report);
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0].instance.label, "test:always-off");
  EXPECT_EQ(files[0].seed, RunConfig{}.seed);
  EXPECT_EQ(replay_file_name("test:always-off"), "test_always-off.json");
  TempDir dir("palcheck_claim_verify_test");
  std::string path = dir.write("refuted.json", replay_file_to_json(files[0]).dump(2));
  std::ostringstream out, err;
  EXPECT_EQ(replay_saved_file(registry, path, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("still refutes"), std::string::npos);
}

TEST(ClaimVerify, ReplayExitCodes) {
  Registry registry = claim_test_registry();
  TempDir dir("palcheck_claim_replay_test");
  // A relay that never switches on: the false claim is not violated by this instance.
  Instance quiet{"test:always-off", "relay-outputs", {}, {{"alpha", {Q(100)}}, {"beta", {Q(0)}}, {"inputs", {Q(1)}}}};
  std::ostringstream out, err;
  EXPECT_EQ(replay_saved_file(registry, dir.write("quiet.json", instance_to_json(quiet).dump()), out, err), 1);
  EXPECT_EQ(replay_saved_file(registry, dir.write("junk.json", "{not json"), out, err), 2);
  Instance unknown = quiet;
  unknown.scenario = "no-such-scenario";
  EXPECT_EQ(replay_saved_file(registry, dir.write("unknown.json", instance_to_json(unknown).dump()), out, err), 2);
  Instance incomplete{"test:always-off", "relay-outputs", {}, {{"alpha", {Q(1)}}}};
  EXPECT_EQ(replay_saved_file(registry, dir.write("incomplete.json", instance_to_json(incomplete).dump()), out, err),
            2);
  EXPECT_EQ(replay_saved_file(registry, (dir.path / "missing.json").string(), out, err), 2);
}

TEST(ClaimVerify, ListCoversEveryClaimWithItsCheckers) {
  Registry registry = claim_test_registry();
  auto doc = list_json(registry);
  ASSERT_EQ(doc["claims"].size(), registry.claims().size());
  EXPECT_EQ(doc["claims"][0]["checkers"], nlohmann::ordered_json::array({"property"}));
  EXPECT_EQ(doc["claims"][3]["checkers"], nlohmann::ordered_json::array());
  EXPECT_NE(list_table(registry).find("test:unchecked (ours)"), std::string::npos);
}

}  // namespace
}  // namespace palcheck::cli
