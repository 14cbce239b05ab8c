// Inputs of kilobytes must not cost gigabytes (prop:complexity): relay lists of tens of thousands of relays
// evaluate under an address-space limit a table of their thresholds' square could never fit, a grid
// matrix too large for its table is refused by the limit docs/hardening.md names, an input that does
// exhaust memory ends in exit 2 naming what was being built (never GMP's abort), and `report --tex`
// reads a FIFO or a process substitution once.
#include "tests/tools/cli/palcheck_process.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>

#include <sys/stat.h>

namespace {

namespace fs = std::filesystem;

using namespace palcheck::cli_test;  // ProcessRun, run_palcheck(), shell(), temp(), read(), write()

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(HostileCost, AGridMatrixBeyondItsTableIsRefusedNamingTheLimit) {
  // 8,192 rows of one zero: 16 KB of text for a table of 8,193^2 sums.
  std::string grid = temp("grid.csv"), u = temp("u.csv"), out = temp("o.csv"), matrix;
  for (int k = 0; k < 8192; ++k) matrix += "0\n";
  write(grid, matrix);
  write(u, "0,1\n");
  for (const std::string& args : {"eval --measure " + grid + " --grid-delta 1 --inputs " + u + " -o " + out,
                                  "fuzz-impl --command cat --measure " + grid + " --grid-delta 1"}) {
    ProcessRun r = run_palcheck(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_TRUE(contains(r.err, grid + ": a grid of L = 8192 needs a table of (L + 1)^2 sums; at most 67108864 (L <= 8191"))
        << r.err;
  }
  EXPECT_FALSE(fs::exists(out));
}

// A saved verify run (def:relay: instant) for report --from.
std::string saved_run() {
  std::string run = temp("run.json");
  EXPECT_EQ(run_palcheck("verify def:relay --json " + run).code, 0);
  return run;
}

TEST(HostileCost, ReportTexFromAFifoOrAProcessSubstitutionIsReadOnce) {
  std::string run = saved_run(), tex = std::string(PALCHECK_SOURCE_DIR) + "/tests/tools/report/paper_excerpt.tex";
  std::string plain = temp("plain"), fifo = temp("paper.tex"), through_fifo = temp("fifo"),
              substituted = temp("substituted");
  for (const std::string& dir : {plain, through_fifo, substituted}) fs::remove_all(dir);
  ASSERT_EQ(run_palcheck("report --from " + run + " --format md --tex " + tex + " --out " + plain).code, 0);
  fs::remove(fifo);
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // One writer, once: a second open of the FIFO would wait for a writer that never comes.
  ProcessRun with_fifo = shell("(cat " + tex + " > " + fifo + ") & timeout 60 " + std::string(PALCHECK_BINARY) +
                               " report --from " + run + " --format md --tex " + fifo + " --out " + through_fifo +
                               "; status=$?; wait; exit $status");
  EXPECT_EQ(with_fifo.code, 0) << with_fifo.err;
  ProcessRun with_substitution =
      shell("bash -c 'timeout 60 " + std::string(PALCHECK_BINARY) + " report --from " + run +
            " --format md --tex <(cat " + tex + ") --out " + substituted + "'");
  EXPECT_EQ(with_substitution.code, 0) << with_substitution.err;
  for (const std::string& dir : {through_fifo, substituted})
    for (const auto& entry : fs::recursive_directory_iterator(plain)) {
      if (!entry.is_regular_file()) continue;
      fs::path same = fs::path(dir) / fs::relative(entry.path(), plain);
      // The first page names the file the paper was read from; every other page is the same bytes.
      if (entry.path().filename() != "index.md") {
        EXPECT_EQ(read(same.string()), read(entry.path().string())) << same;
      }
    }
  EXPECT_TRUE(contains(read(through_fifo + "/index.md"), "paper.tex")) << "the FIFO's name on the first page";
  fs::remove(fifo);
}

TEST(HostileCost, ReportTexFromDevZeroStopsAtTheInputLimit) {
  std::string run = saved_run(), out = temp("never");
  fs::remove_all(out);
  ProcessRun r = run_palcheck("report --from " + run + " --tex /dev/zero --out " + out);
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "--tex /dev/zero: more than 268435456 bytes")) << r.err;
  EXPECT_FALSE(fs::exists(out));
}

#if !defined(__SANITIZE_ADDRESS__)  // ASan reserves more address space than the limits below
// palcheck under an address-space limit of `mib` MiB: what it may allocate, its libraries included.
ProcessRun run_limited(std::size_t mib, const std::string& args) {
  return shell("ulimit -v " + std::to_string(mib * 1024) + " && " + std::string(PALCHECK_BINARY) + " " + args);
}

struct Relay {
  long alpha, beta;
};

// K relays with distinct integer thresholds scattered over [0, 10^9): 2K thresholds, none shared.
std::vector<Relay> scattered(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Relay> relays;
  for (std::size_t k = 0; k < count; ++k) {
    long a = static_cast<long>(rng() % 500'000'000) * 2, b = static_cast<long>(rng() % 500'000'000) * 2;
    relays.push_back({std::max(a, b) + 1, std::min(a, b)});
  }
  return relays;
}

// Weight 1 each, from all off: after rising inputs the output is the number of relays with alpha <= u.
std::vector<long> counts_on_after_rising(const std::vector<Relay>& relays, const std::vector<long>& inputs) {
  std::vector<long> out;
  for (long u : inputs)
    out.push_back(std::count_if(relays.begin(), relays.end(), [u](const Relay& r) { return r.alpha <= u; }));
  return out;
}

std::string json_list(const std::vector<long>& values) {
  std::string text = "[";
  for (std::size_t k = 0; k < values.size(); ++k) text += (k ? ", " : "") + std::to_string(values[k]);
  return text + "]";
}

TEST(HostileCost, TwentyThousandListedRelaysEvaluateInTheMemoryOfTheirList) {
  // A table of the square of 40,000 thresholds is 40,001^2 sums (25 GB); the list's sums fit in a few MB.
  std::vector<Relay> relays = scattered(20000, 11);
  std::vector<long> inputs{-1, 300'000'000, 700'000'000, 1'000'000'001};
  std::string doc = temp("relays.json"), m = temp("relays.csv"), u = temp("u.csv"), list, rows;
  for (const Relay& r : relays) {
    list += std::string(list.empty() ? "" : ",") + "{\"alpha\": " + std::to_string(r.alpha) +
            ", \"beta\": " + std::to_string(r.beta) + "}";
    rows += std::to_string(r.alpha) + "," + std::to_string(r.beta) + "\n";
  }
  write(doc, "{\"relays\": [" + list + "], \"inputs\": " + json_list(inputs) + "}");
  write(m, rows);
  std::string line;
  for (long x : inputs) line += (line.empty() ? "" : ",") + std::to_string(x);
  write(u, line + "\n");
  std::vector<long> expected = counts_on_after_rising(relays, inputs);
  std::string outputs;
  for (long c : expected) outputs += (outputs.empty() ? "" : ",") + std::to_string(c);

  ProcessRun from_document = run_limited(1024, "eval " + doc);
  ASSERT_EQ(from_document.code, 0) << from_document.err;
  std::string flat = from_document.out;
  flat.erase(std::remove_if(flat.begin(), flat.end(), [](char c) { return c == ' ' || c == '\n' || c == '"'; }),
             flat.end());
  EXPECT_TRUE(contains(flat, "outputs:[" + outputs + "]")) << from_document.out.substr(0, 300);

  std::string out = temp("out.csv");
  ProcessRun from_csv = run_limited(1024, "eval --measure " + m + " --inputs " + u + " -o " + out);
  ASSERT_EQ(from_csv.code, 0) << from_csv.err;
  EXPECT_EQ(read(out), outputs + "\n");
}

TEST(HostileCost, RunningOutOfMemoryIsExitTwoNamingWhatWasBeingBuilt) {
  // 300,000 relays with exact thirds as weights (GMP sums on every node of the tree): about 850 MB
  // unbounded, run in 400 MiB, where the measure or its sums run out (either is named).
  std::mt19937_64 rng(12);
  std::string m = temp("relays.csv"), u = temp("u.csv"), out = temp("out.csv"), rows;
  for (int k = 0; k < 300000; ++k) {
    auto a = static_cast<long>(rng() % 1'000'000'000), b = static_cast<long>(rng() % 1'000'000'000);
    rows += std::to_string(std::max(a, b)) + "," + std::to_string(std::min(a, b)) + "," +
            std::to_string(1 + rng() % 1000) + "/3\n";
  }
  write(m, rows);
  write(u, "0,500000000\n");
  ProcessRun r = run_limited(400, "eval --measure " + m + " --inputs " + u + " -o " + out);
  EXPECT_EQ(r.code, 2) << r.err.substr(0, 500);
  EXPECT_TRUE(contains(r.err, m + ": not enough memory to build")) << r.err.substr(0, 500);
  EXPECT_FALSE(contains(r.err, "GNU MP")) << r.err.substr(0, 500);
  EXPECT_FALSE(contains(r.err, "bad_alloc")) << r.err.substr(0, 500);
  EXPECT_FALSE(fs::exists(out));
}
#endif

}  // namespace
