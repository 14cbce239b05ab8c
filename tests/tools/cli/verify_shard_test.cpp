// `palcheck verify --shard i/N` and `palcheck merge`: the merged JSON and the union of the shards' --out
// folders are byte-identical to one process's for the same seed and case counts; bad shard specs and
// inconsistent, missing or repeated shards exit 2 with nothing written.
#include "tools/cli/claim_verify.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

namespace palcheck::cli {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Every file of a folder by name, with its bytes.
std::map<std::string, std::string> folder(const fs::path& dir) {
  std::map<std::string, std::string> files;
  if (fs::exists(dir))
    for (const auto& entry : fs::directory_iterator(dir)) files[entry.path().filename().string()] = slurp(entry.path());
  return files;
}

class VerifyShard : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("palcheck_verify_shard_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path path(const std::string& name) const { return dir_ / name; }

  // Runs the binary; the exit code (output discarded).
  int run(const std::string& arguments) const {
    std::string command = std::string(PALCHECK_BINARY) + " " + arguments + " > " + path("stdout").string() + " 2> " +
                          path("stderr").string();
    int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  // One process, then N shards into one --out folder and merge; both JSONs and folders must be equal bytes.
  void expect_shards_merge_to_one_run(const std::string& selection, const std::string& options, std::size_t count) {
    std::string whole = path("whole.json").string(), merged = path("merged.json").string();
    int code = run("verify " + selection + " " + options + " --json " + whole + " --out " + path("whole_out").string());
    ASSERT_LE(code, 1);
    std::string shards;
    for (std::size_t i = 1; i <= count; ++i) {
      std::string shard = path("shard" + std::to_string(i) + ".json").string();
      ASSERT_LE(run("verify " + selection + " " + options + " --shard " + std::to_string(i) + "/" +
                    std::to_string(count) + " --json " + shard + " --out " + path("shard_out").string()),
                1);
      shards = shard + " " + shards;  // merge accepts any order
    }
    EXPECT_EQ(run("merge " + shards + "--json " + merged), code);
    std::string a = slurp(whole), b = slurp(merged);
    ASSERT_FALSE(a.empty());
    EXPECT_TRUE(a == b) << "merged shards differ from one process: " << whole << " vs " << merged;
    EXPECT_EQ(folder(path("whole_out")), folder(path("shard_out")));
  }

  fs::path dir_;
};

TEST(ShardSpec, ParsesOnlyIndexOverCountFromOne) {
  std::string error;
  auto shard = parse_shard("2/3", error);
  ASSERT_TRUE(shard);
  EXPECT_EQ(shard->index, 2u);
  EXPECT_EQ(shard->count, 3u);
  for (const char* bad : {"0/2", "3/2", "a/b", "1/", "/2", "2", "1/2x", "-1/2", "1/0", "", "1/2/3"}) {
    error.clear();
    EXPECT_FALSE(parse_shard(bad, error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
}

TEST(ShardSpec, EveryLabelFallsInExactlyOneShard) {
  std::vector<std::string> selection = {"a", "b", "c", "d", "e"};
  std::map<std::string, int> seen;
  for (std::size_t i = 1; i <= 3; ++i)
    for (const std::string& label : shard_labels(selection, Shard{i, 3})) ++seen[label];
  ASSERT_EQ(seen.size(), selection.size());
  for (const auto& [label, times] : seen) EXPECT_EQ(times, 1) << label;
  EXPECT_EQ(shard_labels(selection, Shard{1, 1}), selection);
}

TEST_F(VerifyShard, SmallSelectionMergesToOneProcessBytes) {
  expect_shards_merge_to_one_run("app:efo_proof def:stack lem:pop_one prop:sufficiency", "--seed 5 --tests 40", 2);
}

TEST_F(VerifyShard, WholePaperInThreeShardsMergesToOneProcessBytes) {
  expect_shards_merge_to_one_run("", "--seed 2", 3);
}

TEST_F(VerifyShard, BadShardSpecExitsTwoAndWritesNothing) {
  for (const char* bad : {"0/2", "3/2", "a/b", "\"\""}) {
    EXPECT_EQ(run(std::string("verify def:relay --shard ") + bad + " --json " + path("bad.json").string()), 2) << bad;
    EXPECT_FALSE(fs::exists(path("bad.json"))) << bad;
  }
}

TEST_F(VerifyShard, MergeRejectsInconsistentMissingOrRepeatedShards) {
  auto shard = [&](const std::string& options, const std::string& spec) {
    std::string file = path("s" + std::to_string(std::hash<std::string>{}(options + spec)) + ".json").string();
    EXPECT_LE(run("verify def:relay def:stack def:pal " + options + " --shard " + spec + " --json " + file), 1);
    return file;
  };
  std::string a1 = shard("--seed 1 --tests 20", "1/2"), a2 = shard("--seed 1 --tests 20", "2/2");
  std::string seed2 = shard("--seed 2 --tests 20", "2/2"), tests30 = shard("--seed 1 --tests 30", "2/2");
  std::string of3 = shard("--seed 1 --tests 20", "2/3");
  std::string other = path("other.json").string();
  ASSERT_EQ(run("verify def:relay def:pal --seed 1 --tests 20 --shard 2/2 --json " + other), 0);
  std::string out = path("merged.json").string();
  for (const std::string& inputs : {a1 + " " + seed2, a1 + " " + tests30, a1, a1 + " " + a1 + " " + a2, a1 + " " + of3,
                                    a1 + " " + other, a1 + " " + path("missing.json").string()}) {
    EXPECT_EQ(run("merge " + inputs + " --json " + out), 2) << inputs;
    EXPECT_FALSE(fs::exists(out)) << inputs;
  }
  EXPECT_EQ(run("merge " + a1 + " " + a2 + " --json " + out), 0);
  EXPECT_TRUE(fs::exists(out));
}

}  // namespace
}  // namespace palcheck::cli
