// Hostile inputs end to end, round three: CSV rows that were dropped in silence, a report made from a
// run that is not a run, and folder outputs on a full disk. Each is refused with exit 2 and a message
// naming the culprit, and leaves nothing: no output, no hidden staging folder.
#include "tests/tools/cli/palcheck_process.h"
#include "tests/tools/report/spoiled_run.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <functional>

namespace {

namespace fs = std::filesystem;

using namespace palcheck::cli_test;  // ProcessRun, run_palcheck(), shell(), temp(), read(), write()

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// What a folder holds, hidden entries included.
std::vector<std::string> entries(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST(HostileReaders, CsvRowsAreNeverDroppedInSilence) {
  fs::path dir = scratch_folder("csv");
  write((dir / "m.csv").string(), "1,0\n");
  struct Case {
    std::string name, bytes, message;
  };
  std::vector<Case> cases{
      {"long.csv", std::string(1000001, '7') + "\n", "long.csv: line 1, column 1: "},
      {"nul.csv", std::string(4, '\0') + "\n", "nul.csv: line 1, column 1: "},
      {"quoted.csv", "\"0\"\"3\"\n", "quoted.csv: line 1, column 1: not an exact finite number: \"0\"3\""},
      {"big.csv", "0," + std::string((1 << 20) + 1, '1') + "\n", "big.csv: line 1, column 2: a cell longer than"},
  };
  for (const Case& c : cases) {
    std::string inputs = (dir / c.name).string();
    write(inputs, c.bytes);
    for (const char* output : {"out.csv", "out.npy", "out.json"}) {
      std::string out = (dir / output).string();
      std::string args = "eval --measure " + (dir / "m.csv").string() + " --inputs " + inputs + " -o " + out;
      ProcessRun r = run_palcheck(args);
      EXPECT_EQ(r.code, 2) << args << "\n" << r.err.substr(0, 500);
      EXPECT_TRUE(contains(r.err, c.message)) << args << "\n" << r.err.substr(0, 500);
      EXPECT_LT(r.err.size(), 2000u);
      EXPECT_FALSE(fs::exists(out)) << args;
    }
    fs::remove(inputs);
  }
  EXPECT_EQ(entries(dir), std::vector<std::string>{"m.csv"});
  fs::remove_all(dir);
}

// A small saved run and its replay files, made by the binary under test.
struct SavedRun {
  fs::path dir;
  nlohmann::json run;
  std::string replays;
};

SavedRun saved_run(const std::string& name) {
  SavedRun s{scratch_folder(name), {}, ""};
  s.replays = (s.dir / "replays").string();
  ProcessRun r =
      run_palcheck("verify prop:range thm:tc --json " + (s.dir / "run.json").string() + " --out " + s.replays);
  EXPECT_EQ(r.code, 0) << r.err;
  s.run = nlohmann::json::parse(read((s.dir / "run.json").string()));
  return s;
}

TEST(HostileReaders, AReportIsNeverMadeFromARunThatIsNotARun) {
  SavedRun saved = saved_run("not_a_run");
  std::vector<palcheck::testing::SpoiledRun> cases{
      {[](nlohmann::json& r) { r["claims"][0]["verdict"] = "TOTALLY-FINE"; }, "unknown verdict \"TOTALLY-FINE\""},
      {[](nlohmann::json& r) {
         nlohmann::json one = r["claims"][0];
         r["claims"] = nlohmann::json::array();
         for (int k = 0; k < 8000; ++k) r["claims"].push_back(one);
       },
       "claim thm:tc: listed twice"},
      {[](nlohmann::json& r) { r["claims"][0]["evidence"]["results"] = "nope"; },
       "claim thm:tc.evidence.results: not a list"},
      {[](nlohmann::json& r) { r["seed"] = "abc"; }, "verify JSON.seed: not an unsigned 64-bit integer"},
      {[](nlohmann::json& r) { r["seed"] = -3; }, "verify JSON.seed: not an unsigned 64-bit integer"},
      {[](nlohmann::json& r) { r["seed"] = 18446744073709551616.0; },
       "verify JSON.seed: not an unsigned 64-bit integer"},
      {[](nlohmann::json& r) { r["seed"] = 1.5; }, "verify JSON.seed: not an unsigned 64-bit integer"},
      {[](nlohmann::json& r) { r["claims"] = nlohmann::json::array(); }, "\"claims\" is empty"},
      {[](nlohmann::json& r) { r["claims"][0]["verdict"] = "PROVED"; }, "claim thm:tc: verdict PROVED contradicts"},
      // The replay files of this run contradict a run whose counterexamples are others.
      {[](nlohmann::json& r) {
         for (auto& result : r["claims"][1]["evidence"]["results"])
           if (result["verdict"] == "REFUTED") result["counterexample"]["values"]["u"] = {"0"};
       },
       "replay file of claim prop:range: its instance is no counterexample of the run"},
  };
  std::string out = (saved.dir / "report").string(), from = (saved.dir / "bad.json").string();
  ASSERT_EQ(saved.run["claims"][1]["label"], "prop:range");
  for (const palcheck::testing::SpoiledRun& c : cases) {
    nlohmann::json run = saved.run;
    c.spoil(run);
    write(from, run.dump());
    ProcessRun r = run_palcheck("report --from " + from + " --replays " + saved.replays + " --out " + out);
    EXPECT_EQ(r.code, 2) << c.message << "\n" << r.err.substr(0, 500);
    EXPECT_TRUE(contains(r.err, c.message)) << c.message << "\n" << r.err.substr(0, 500);
    EXPECT_EQ(entries(saved.dir), (std::vector<std::string>{"bad.json", "replays", "run.json"})) << c.message;
  }
  fs::remove_all(saved.dir);
}

TEST(HostileReaders, AFullDiskLeavesNoStagingFolder) {
  // A file-size limit (SIGXFSZ ignored) fails every write past it as a full disk does (EFBIG for ENOSPC):
  // at 0 bytes the staging folder's marker cannot be written, at 1,024 the report's pages cannot.
  SavedRun saved = saved_run("full_disk");
  std::string report = "report --from " + (saved.dir / "run.json").string() + " --replays " + saved.replays +
                       " --out " + (saved.dir / "report").string();
  std::string verify = "verify prop:range thm:tc --out " + (saved.dir / "again").string();
  struct Case {
    int blocks;  // of 1,024 bytes, as ulimit -f counts
    std::string args;
  };
  for (const Case& c : {Case{0, report}, Case{1, report}, Case{0, verify}}) {
    // Standard error joins standard output, a pipe: a file would be held to the limit too.
    ProcessRun r = shell("(trap '' XFSZ; ulimit -f " + std::to_string(c.blocks) + "; exec " + PALCHECK_BINARY + " " +
                         c.args + " 2>&1)");
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.out;
    EXPECT_TRUE(contains(r.out, "palcheck")) << r.out;
    EXPECT_EQ(entries(saved.dir), (std::vector<std::string>{"replays", "run.json"})) << c.blocks << " " << c.args;
  }
  fs::remove_all(saved.dir);
}

}  // namespace
