// `palcheck verify --shard i/N` and `palcheck merge`: the merged JSON and merge's --out folder are
// byte-identical to one process's for the same seed and case counts, with claims and the cases of each
// search split over the shards; bad shard specs and inconsistent, missing or repeated shards exit 2 with
// nothing written.
#include "tools/cli/claim_shard.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <utility>
#include <vector>

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

  // One process, then N shards and merge (with --out); both JSONs and replay folders must be equal bytes.
  // Returns the shards' file names, shard 1 first.
  std::vector<std::string> expect_shards_merge_to_one_run(const std::string& selection, const std::string& options,
                                                          std::size_t count) {
    std::string whole = path("whole.json").string(), merged = path("merged.json").string();
    int code = run("verify " + selection + " " + options + " --json " + whole + " --out " + path("whole_out").string());
    EXPECT_LE(code, 1);
    std::vector<std::string> files;
    std::string shards;
    for (std::size_t i = 1; i <= count; ++i) {
      files.push_back(path("shard" + std::to_string(i) + ".json").string());
      EXPECT_EQ(run("verify " + selection + " " + options + " --shard " + std::to_string(i) + "/" +
                    std::to_string(count) + " --json " + files.back()),
                0);
      shards = files.back() + " " + shards;  // merge accepts any order
    }
    EXPECT_EQ(run("merge " + shards + "--json " + merged + " --out " + path("merged_out").string()), code);
    std::string a = slurp(whole), b = slurp(merged);
    EXPECT_FALSE(a.empty());
    EXPECT_TRUE(a == b) << "merged shards differ from one process: " << whole << " vs " << merged;
    EXPECT_EQ(folder(path("whole_out")), folder(path("merged_out")));
    return files;
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

// run_shard and merge_shards both take a claim's owner from shard_labels.
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

// The merged result of a search that differs from its owner shard's part: the owner's part failed later or
// not at all, so the merged result came from another shard's cases.
std::size_t searches_decided_by_another_shard(const std::vector<std::string>& files) {
  std::vector<nlohmann::ordered_json> shards;
  for (const std::string& file : files) shards.push_back(nlohmann::ordered_json::parse(slurp(file)));
  std::vector<std::string> selection = shards.front()["selection"];
  std::size_t count = shards.size(), decided = 0;
  auto parts = [](const nlohmann::ordered_json& shard, const std::string& label) {
    std::vector<std::pair<std::string, std::uint64_t>> out;  // verdict, cases of each search part
    for (const auto& c : shard["claims"])
      if (c["label"] == label)
        for (const auto& r : c["results"])
          if (r["sharding"] == "case") out.emplace_back(r["verdict"], r["cases"]);
    return out;
  };
  for (std::size_t k = 0; k < selection.size(); ++k) {
    auto owner = parts(shards[k % count], selection[k]);
    for (std::size_t i = 0; i < count; ++i) {
      auto other = parts(shards[i], selection[k]);
      for (std::size_t s = 0; s < other.size() && s < owner.size(); ++s)
        if (other[s].first != "HELD" && (owner[s].first == "HELD" || other[s].second < owner[s].second)) ++decided;
    }
  }
  return decided;
}

TEST_F(VerifyShard, SearchesSplitOverThreeShardsMergeToOneProcessBytes) {
  // lem:threshold: searches refuted at various cases; prop:hopfield_pal: refuted and held searches;
  // prop:pal_preisach: held searches only (and a numeric checker, run by its owner alone).
  for (const char* seed : {"1", "2"}) {
    SCOPED_TRACE(seed);
    std::vector<std::string> files = expect_shards_merge_to_one_run("lem:threshold prop:hopfield_pal prop:pal_preisach",
                                                                    std::string("--seed ") + seed, 3);
    EXPECT_GT(searches_decided_by_another_shard(files), 0u);
    fs::remove_all(path("whole_out"));
    fs::remove_all(path("merged_out"));
  }
}

TEST_F(VerifyShard, WholePaperInThreeShardsMergesToOneProcessBytes) {
  expect_shards_merge_to_one_run("", "--seed 2", 3);
}

TEST_F(VerifyShard, BadShardSpecExitsTwoAndWritesNothing) {
  for (const char* bad : {"0/2", "3/2", "a/b", "\"\""}) {
    EXPECT_EQ(run(std::string("verify def:relay --shard ") + bad + " --json " + path("bad.json").string()), 2) << bad;
    EXPECT_FALSE(fs::exists(path("bad.json"))) << bad;
  }
  // A shard is only useful to merge: it needs --json, and replay files come from merge --out.
  EXPECT_EQ(run("verify def:relay --shard 1/2"), 2);
  EXPECT_EQ(run("verify def:relay --shard 1/2 --json " + path("bad.json").string() + " --out " + path("out").string()),
            2);
  EXPECT_FALSE(fs::exists(path("bad.json")));
  EXPECT_FALSE(fs::exists(path("out")));
}

TEST_F(VerifyShard, MergeRejectsInconsistentMissingOrRepeatedShards) {
  auto shard = [&](const std::string& options, const std::string& spec) {
    std::string file = path("s" + std::to_string(std::hash<std::string>{}(options + spec)) + ".json").string();
    EXPECT_LE(run("verify def:relay def:stack def:pal " + options + " --shard " + spec + " --json " + file), 1);
    return file;
  };
  std::string a1 = shard("--seed 1 --tests 20", "1/2"), a2 = shard("--seed 1 --tests 20", "2/2");
  std::string seed2 = shard("--seed 2 --tests 20", "2/2"), tests30 = shard("--seed 1 --tests 30", "2/2");
  std::string shrinks9 = shard("--seed 1 --tests 20 --max-shrinks 9", "2/2");
  std::string of3 = shard("--seed 1 --tests 20", "2/3");
  std::string other = path("other.json").string();
  ASSERT_EQ(run("verify def:relay def:pal --seed 1 --tests 20 --shard 2/2 --json " + other), 0);
  // Shard 1 without its part of one of def:stack's searches (shard 2 owns def:stack).
  nlohmann::ordered_json doc = nlohmann::ordered_json::parse(slurp(a1));
  for (auto& c : doc["claims"])
    if (c["label"] == "def:stack") c["results"].erase(c["results"].begin());
  std::string cut = path("cut.json").string();
  std::ofstream(cut) << doc.dump(2);
  // Shard 1 with the parts of def:stack's first two searches in each other's place.
  doc = nlohmann::ordered_json::parse(slurp(a1));
  for (auto& c : doc["claims"])
    if (c["label"] == "def:stack") {
      ASSERT_GE(c["results"].size(), 2u);
      std::swap(c["results"][0], c["results"][1]);
    }
  std::string swapped = path("swapped.json").string();
  std::ofstream(swapped) << doc.dump(2);
  // Shards whose "shard" lacks its count or index (libFuzzer found the first read past a missing key).
  std::string no_count = path("no_count.json").string(), no_index = path("no_index.json").string();
  doc = nlohmann::ordered_json::parse(slurp(a1));
  doc["shard"].erase("count");
  std::ofstream(no_count) << doc.dump(2);
  doc = nlohmann::ordered_json::parse(slurp(a2));
  doc["shard"].erase("index");
  std::ofstream(no_index) << doc.dump(2);
  std::string out = path("merged.json").string();
  for (const std::string& inputs :
       {no_count + " " + a2, a1 + " " + no_index, a1 + " " + seed2, a1 + " " + tests30, a1 + " " + shrinks9, a1, a1 + " " + a1 + " " + a2, a1 + " " + of3,
        a1 + " " + other, cut + " " + a2, swapped + " " + a2, a1 + " " + path("missing.json").string()}) {
    EXPECT_EQ(run("merge " + inputs + " --json " + out), 2) << inputs;
    EXPECT_FALSE(fs::exists(out)) << inputs;
  }
  EXPECT_EQ(run("merge " + a1 + " " + a2 + " --json " + out), 0);
  EXPECT_TRUE(fs::exists(out));
}

}  // namespace
}  // namespace palcheck::cli
