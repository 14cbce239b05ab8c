// The real `palcheck list|verify|show|replay` binary: exit codes 0/1/2, the JSON it writes (byte-
// identical for the same seed), one meaning of --json [FILE] on every command, list coverage of every
// registered claim, replay of saved files (the instance's values printed exactly and as decimals), and
// --version.
#include "claims/areas.h"
#include "claims/result_json.h"
#include "reference/rational.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

namespace palcheck::cli {
namespace {

struct CommandRun {
  int code;
  std::string out;
};

class ClaimCommands : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("palcheck_claim_commands_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::string read(const std::string& name) const {
    std::ifstream in(path(name));
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }

  // Runs the binary with arguments; stdout captured, stderr discarded.
  CommandRun run(const std::string& arguments) const {
    std::string command =
        std::string(PALCHECK_BINARY) + " " + arguments + " > " + path("stdout") + " 2> " + path("stderr");
    int status = std::system(command.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, read("stdout")};
  }

  std::filesystem::path dir_;
};

// --json [FILE] on list, verify and merge: FILE, or standard output when FILE is "-" or left out.
TEST_F(ClaimCommands, JsonMeansOneThingOnEveryCommand) {
  CommandRun bare = run("list --json");
  ASSERT_EQ(bare.code, 0);
  EXPECT_EQ(run("list --json -").out, bare.out);
  ASSERT_EQ(run("list --json " + path("list.json")).code, 0);
  EXPECT_EQ(read("list.json"), bare.out);

  ASSERT_EQ(run("verify def:relay --seed 3 --tests 10 --json " + path("v.json")).code, 0);
  std::string table = read("stdout");
  CommandRun to_stdout = run("verify def:relay --seed 3 --tests 10 --json");
  ASSERT_EQ(to_stdout.code, 0);
  EXPECT_EQ(to_stdout.out, read("v.json")) << "verify --json without FILE writes the same JSON to standard output";
  EXPECT_NE(read("stderr").find(table), std::string::npos) << "the table goes to standard error";
}

TEST_F(ClaimCommands, VersionNamesTheProjectVersion) {
  CommandRun r = run("--version");
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.rfind("palcheck " PALCHECK_VERSION, 0), 0u) << r.out;
}

TEST_F(ClaimCommands, ListJsonCoversEveryRegisteredClaim) {
  CommandRun r = run("list --json");
  ASSERT_EQ(r.code, 0);
  auto doc = nlohmann::json::parse(r.out);
  std::set<std::string> listed;
  for (const auto& c : doc["claims"]) {
    listed.insert(c["label"].get<std::string>());
    EXPECT_FALSE(c["section"].get<std::string>().empty());
    EXPECT_FALSE(c["kind"].get<std::string>().empty());
    EXPECT_TRUE(c["checkers"].is_array());
  }
  Registry registry = build_full_registry();
  EXPECT_EQ(listed.size(), registry.claims().size());
  for (const Claim& c : registry.claims()) EXPECT_TRUE(listed.count(c.label)) << c.label;
}

TEST_F(ClaimCommands, VerifyWritesTheSameJsonForTheSameSeed) {
  ASSERT_EQ(run("verify def:relay def:pal:grid --seed 5 --tests 20 --json " + path("a.json")).code, 0);
  ASSERT_EQ(run("verify def:relay def:pal:grid --seed 5 --tests 20 --json " + path("b.json")).code, 0);
  EXPECT_EQ(read("a.json"), read("b.json"));
  auto doc = nlohmann::json::parse(read("a.json"));
  EXPECT_EQ(doc["seed"], 5);
  ASSERT_EQ(doc["claims"].size(), 2u);
  EXPECT_EQ(doc["claims"][0]["label"], "def:relay");
  EXPECT_EQ(doc["claims"][0]["verdict"], "ILL-POSED");
  EXPECT_EQ(doc["claims"][1]["evidence"]["results"][0]["cases"], 20);
  EXPECT_FALSE(std::filesystem::exists(path("a.json.tmp")));
}

TEST_F(ClaimCommands, VerifyBySectionSelectsItsClaims) {
  CommandRun r = run("verify sec:complexity --json " + path("c.json"));
  ASSERT_EQ(r.code, 0);
  auto doc = nlohmann::json::parse(read("c.json"));
  Registry registry = build_full_registry();
  std::size_t expected = 0;
  for (const Claim& c : registry.claims()) expected += c.section == "sec:complexity";
  EXPECT_EQ(doc["claims"].size(), expected);
  EXPECT_NE(r.out.find("thm:complexity:depth"), std::string::npos);
}

TEST_F(ClaimCommands, BadUsageExitsTwo) {
  EXPECT_EQ(run("verify no:such:label").code, 2);
  EXPECT_EQ(run("verify --seed notanumber def:relay").code, 2);
  EXPECT_EQ(run("show no:such:label").code, 2);
  EXPECT_EQ(run("replay " + path("missing.json")).code, 2);
  std::ofstream(path("junk.json")) << "{\"label\": 3}";
  EXPECT_EQ(run("replay " + path("junk.json")).code, 2);
}

TEST_F(ClaimCommands, ShowPrintsTheExactPoint) {
  CommandRun r = run("show def:relay");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("ILL-POSED"), std::string::npos);
  EXPECT_NE(r.out.find("exact point"), std::string::npos);
}

TEST_F(ClaimCommands, ReplayOfAnInstanceTheReferenceDoesNotRefuteExitsOne) {
  // The memory and the definition agree on this instance, so it refutes nothing.
  Instance x{"def:relay:well-defined",
             "memory-vs-definition",
             {{"initial_state", "0"}},
             {{"inputs", {Q(0), Q(2), Q(1)}}, {"alpha", {Q(2)}}, {"beta", {Q(1, 2)}}, {"weight", {Q(1)}}}};
  std::ofstream(path("agree.json")) << instance_to_json(x).dump();
  CommandRun r = run("replay " + path("agree.json"));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("no longer refutes"), std::string::npos);
}

// The decimals of the line "name = [...], as decimals [...]" of `out` (one value: "name = x, as a decimal
// y"), each checked against its exact value: equal when printed exactly, within ten significant digits when
// marked "~".
void expect_decimals(const std::string& out, const std::string& name, const std::vector<Q>& values) {
  std::string exact;
  for (const Q& q : values) exact += (exact.empty() ? "" : ", ") + to_string(q);
  const bool one = values.size() == 1;
  std::size_t line = out.find("  " + name + " = " + (one ? exact : "[" + exact + "]"));
  ASSERT_NE(line, std::string::npos) << name << " in\n" << out;
  EXPECT_LT(line, out.find("predicted:")) << "the instance comes before its outcome";
  std::string text = out.substr(line, out.find('\n', line) - line);
  const std::string marker = one ? ", as a decimal " : ", as decimals [";
  std::size_t open = text.find(marker);
  bool fractional = std::any_of(values.begin(), values.end(), [](const Q& q) { return denominator(q) != 1; });
  ASSERT_EQ(open != std::string::npos, fractional) << text;
  if (!fractional) return;
  std::size_t first = open + marker.size();
  std::istringstream decimals(text.substr(first, text.size() - first - (one ? 0 : 1)));
  std::size_t i = 0;
  for (std::string item; std::getline(decimals, item, ',') && i < values.size(); ++i) {
    item.erase(0, item.find_first_not_of(' '));
    if (item[0] == '~')
      EXPECT_NEAR(std::stod(item.substr(1)), to_double(values[i]), 1e-9 * std::abs(to_double(values[i]))) << item;
    else
      EXPECT_EQ(parse_rational(item), values[i]) << item;
  }
  EXPECT_EQ(i, values.size()) << text;
}

TEST_F(ClaimCommands, ReplayPrintsEveryValueOfTheInstanceExactlyAndAsADecimal) {
  Instance x{"def:relay:well-defined",
             "memory-vs-definition",
             {{"initial_state", "0"}},
             {{"inputs", {Q(0), Q(2), Q(-7, 8)}}, {"alpha", {Q(2, 3)}}, {"beta", {Q(-1, 3)}}, {"weight", {Q(1)}}}};
  std::ofstream(path("fractions.json")) << instance_to_json(x).dump();
  CommandRun r = run("replay " + path("fractions.json"));
  EXPECT_NE(r.out.find("  initial_state = 0\n"), std::string::npos) << r.out;
  for (const auto& [name, values] : x.values) expect_decimals(r.out, name, values);
}

TEST_F(ClaimCommands, ReplayOfASearchedCounterexampleShowsItsValues) {
  ASSERT_EQ(run("verify prop:sufficiency --out " + path("replays")).code, 0);
  ReplayFile file = replay_file_from_json(nlohmann::json::parse(read("replays/prop_sufficiency.json")));
  CommandRun r = run("replay " + path("replays/prop_sufficiency.json"));
  EXPECT_EQ(r.code, 0) << r.out;
  for (const auto& [name, value] : file.instance.options)
    EXPECT_NE(r.out.find("  " + name + " = " + value + "\n"), std::string::npos) << name << " in\n" << r.out;
  for (const auto& [name, values] : file.instance.values) expect_decimals(r.out, name, values);
}

}  // namespace
}  // namespace palcheck::cli
