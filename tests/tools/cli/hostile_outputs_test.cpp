// Outputs never destroy what palcheck did not make, tried as a hostile user would: report --out over a
// user's folder (".", a docs/ folder with an index.md), an unrelated *.partial folder, outputs that are
// symbolic links, /dev/null or FIFOs, outputs that resolve to an input, signals and closed pipes while
// a big output is being written, and a temporary file SIGKILL left.
#include "tests/tools/cli/palcheck_process.h"
#include "tests/util/pty_device.h"

#include <gtest/gtest.h>

#include <csignal>
#include <ctime>
#include <filesystem>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

using namespace palcheck::cli_test;  // ProcessRun, run_palcheck(), shell(), temp(), read(), write()

// Every entry under `dir` (relative paths, sorted), so a test can say nothing else appeared or went.
std::vector<std::string> tree(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) out.push_back(fs::relative(e.path(), dir).string());
  std::sort(out.begin(), out.end());
  return out;
}

std::string palcheck() { return PALCHECK_BINARY; }

// A saved verify run (def:relay: instant) for report --from.
std::string saved_run(const fs::path& dir) {
  std::string run = (dir / "run.json").string();
  EXPECT_EQ(run_palcheck("verify def:relay --json " + run).code, 0);
  return run;
}

TEST(HostileOutputs, ReportOutDotInAUsersFolderRemovesNothing) {
  fs::path dir = scratch_folder("user");
  std::string run = saved_run(dir);
  write((dir / "index.md").string(), "my notes\n");
  write((dir / "thesis.tex").string(), "precious\n");
  std::vector<std::string> before = tree(dir);
  ProcessRun r = shell("cd " + dir.string() + " && " + palcheck() + " report --from run.json --out .");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("--out"), std::string::npos) << r.err;
  EXPECT_EQ(tree(dir), before);
  EXPECT_EQ(read((dir / "thesis.tex").string()), "precious\n");
  fs::remove_all(dir);
}

TEST(HostileOutputs, ReportOutOverAFolderWithAnIndexMdRemovesNothing) {
  fs::path dir = scratch_folder("docs");
  std::string run = saved_run(dir);
  fs::create_directories(dir / "docs" / "img");
  write((dir / "docs" / "index.md").string(), "# my docs\n");
  write((dir / "docs" / "guide.md").string(), "guide\n");
  write((dir / "docs" / "img" / "a.png").string(), "png");
  std::vector<std::string> before = tree(dir);
  ProcessRun r = run_palcheck("report --from " + run + " --out " + (dir / "docs").string() + " --format md");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("holds files palcheck did not write"), std::string::npos) << r.err;
  EXPECT_EQ(tree(dir), before);
  fs::remove_all(dir);
}

TEST(HostileOutputs, AReportReplacesItsOwnFolderAndLeavesAnUnrelatedPartialFolder) {
  fs::path dir = scratch_folder("partial");
  std::string run = saved_run(dir);
  fs::create_directories(dir / "r.partial");
  write((dir / "r.partial" / "mine.txt").string(), "keep");
  std::string out = (dir / "r").string();
  for (int k = 0; k < 2; ++k) {
    ProcessRun r = run_palcheck("report --from " + run + " --out " + out + " --format md");
    EXPECT_EQ(r.code, 0) << r.err;
  }
  EXPECT_TRUE(fs::exists(dir / "r" / "index.md"));
  EXPECT_EQ(read((dir / "r.partial" / "mine.txt").string()), "keep");
  // Nothing beside them: no temporary folder of the two runs was left.
  for (const auto& e : fs::directory_iterator(dir))
    EXPECT_EQ(e.path().filename().string().find("palcheck-"), std::string::npos) << e.path();
  // A file the user adds to the report folder makes it theirs: the next report refuses it.
  write((dir / "r" / "review.txt").string(), "my review");
  ProcessRun refused = run_palcheck("report --from " + run + " --out " + out + " --format md");
  EXPECT_EQ(refused.code, 2);
  EXPECT_NE(refused.err.find("review.txt"), std::string::npos) << refused.err;
  EXPECT_EQ(read((dir / "r" / "review.txt").string()), "my review");
  fs::remove_all(dir);
}

TEST(HostileOutputs, VerifyOutWritesAllItsFilesOrNoneAndRefusesAUsersFolderFirst) {
  fs::path dir = scratch_folder("verify_out");
  fs::create_directories(dir / "mine");
  write((dir / "mine" / "notes.txt").string(), "x");
  ProcessRun refused = run_palcheck("verify lem:pop_one --out " + (dir / "mine").string());
  EXPECT_EQ(refused.code, 2);
  EXPECT_EQ(refused.err.find("[  1/"), std::string::npos) << "the run started before the check";
  EXPECT_EQ(tree(dir / "mine"), std::vector<std::string>{"notes.txt"});
  std::string out = (dir / "replays").string();
  for (int k = 0; k < 2; ++k) {  // the second run replaces the first's folder
    ProcessRun r = run_palcheck("verify lem:pop_one --out " + out);
    EXPECT_EQ(r.code, 0) << r.err;
  }
  EXPECT_EQ(tree(dir / "replays"), (std::vector<std::string>{".palcheck-output", "lem_pop_one.json"}));
  fs::remove_all(dir);
}

TEST(HostileOutputs, AnOutputThatIsAnInputIsRefusedForEveryCommand) {
  fs::path dir = scratch_folder("same");
  std::string m = (dir / "m.csv").string(), run = saved_run(dir);
  write(m, "2,1\n");
  std::string shard = (dir / "shard.json").string();
  ASSERT_EQ(run_palcheck("verify def:relay --shard 1/1 --json " + shard).code, 0);
  std::string shard_bytes = read(shard), run_bytes = read(run);
  std::string elsewhere = saved_run(scratch_folder("same_elsewhere"));
  std::vector<BadUsage> cases{
      {"fuzz-impl --command cat --measure " + m + " --report " + m, "--report " + m + " is the same file as --measure"},
      {"merge " + shard + " --json " + shard, "--json " + shard + " is the same file as SHARDS"},
      {"merge " + shard + " --out " + dir.string(), "holds the input SHARDS"},
      {"report --from " + run + " --out " + dir.string(), "holds the input --from"},
      {"verify def:relay --json " + (dir / "r" / "v.json").string() + " --out " + (dir / "r").string(), "overlap"},
      {"report --from " + elsewhere + " --replays " + dir.string() + " --out " + dir.string(),
       "is the same folder as --replays"},
  };
  expect_usage_errors(cases);
  EXPECT_EQ(read(m), "2,1\n");
  EXPECT_EQ(read(shard), shard_bytes);
  EXPECT_EQ(read(run), run_bytes);
  fs::remove_all(dir);
}

TEST(HostileOutputs, LinksDevicesAndFifosAreWrittenThroughNeverReplaced) {
  fs::path dir = scratch_folder("nodes");
  std::string m = (dir / "m.csv").string(), u = (dir / "u.csv").string();
  write(m, "2,1\n");
  write(u, "0,3,1\n");
  fs::create_directories(dir / "real");
  write((dir / "real" / "out.csv").string(), "old");
  fs::create_symlink(dir / "real" / "out.csv", dir / "link.csv");
  ProcessRun r = run_palcheck("eval --measure " + m + " --inputs " + u + " -o " + (dir / "link.csv").string());
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(dir / "link.csv"));
  EXPECT_EQ(read((dir / "real" / "out.csv").string()), "0,1,0\n");

  palcheck::test::PtyDevice device;  // a character device of the test's own, never /dev/null itself
  ASSERT_FALSE(device.path().empty()) << "no pseudo-terminal";
  ProcessRun through = run_palcheck("verify def:relay --json " + device.path());
  EXPECT_EQ(through.code, 0) << through.err;
  struct stat st {};
  ASSERT_EQ(::stat(device.path().c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  EXPECT_NE(device.received().find("\"claims\""), std::string::npos);

  std::string fifo = (dir / "out.json").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  ProcessRun no_reader = run_palcheck("eval --measure " + m + " --inputs " + u + " -o " + fifo);
  EXPECT_EQ(no_reader.code, 2);
  EXPECT_NE(no_reader.err.find("no process is reading this FIFO"), std::string::npos) << no_reader.err;
  ProcessRun with_reader = shell("(cat " + fifo + " > " + (dir / "got.json").string() + " &) ; sleep 0.3; " +
                                 palcheck() + " eval --measure " + m + " --inputs " + u + " -o " + fifo + "; wait");
  EXPECT_EQ(with_reader.code, 0) << with_reader.err;
  ::usleep(200000);
  EXPECT_NE(read((dir / "got.json").string()).find("\"outputs\""), std::string::npos);
  EXPECT_TRUE(fs::is_fifo(fifo));
  fs::remove_all(dir);
}

// Inputs whose eval runs for a while and writes megabytes (a long CSV row).
void long_inputs(const fs::path& dir) {
  write((dir / "m.csv").string(), "2,1\n5,-3\n");
  std::string row;
  for (int k = 0; k < 400000; ++k) row += k % 3 ? "4," : "-4,";
  row += "0\n";
  std::string rows;
  for (int k = 0; k < 24; ++k) rows += row;
  write((dir / "u.csv").string(), rows);
}

// Whether process `pid` holds a file under `dir` open for writing: the temporary file of its output
// (an unnamed one shows as "DIR/#N (deleted)", a named one by its name).
bool writing_into(pid_t pid, const fs::path& dir) {
  std::error_code ec;
  for (const auto& fd : fs::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec)) {
    std::string target = fs::read_symlink(fd.path(), ec).string();
    if (!ec && target.rfind(dir.string() + "/", 0) == 0 && target.find("u.csv") == std::string::npos &&
        target.find("m.csv") == std::string::npos)
      return true;
  }
  return false;
}

// Runs palcheck eval -o out.csv in a child with TMPDIR set to `tmp`, sends `signal_number` once the
// child writes its temporary file; returns the wait status.
int eval_interrupted(const fs::path& dir, const fs::path& tmp, int signal_number) {
  pid_t child = ::fork();
  if (child == 0) {
    ::setenv("TMPDIR", tmp.c_str(), 1);
    int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 2);
    std::string m = (dir / "m.csv").string(), u = (dir / "u.csv").string(), o = (dir / "out.csv").string();
    ::execl(PALCHECK_BINARY, "palcheck", "eval", "--measure", m.c_str(), "--inputs", u.c_str(), "-o", o.c_str(), "-j",
            "1", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  for (int k = 0; k < 20000 && !writing_into(child, dir); ++k) ::usleep(500);
  ::kill(child, signal_number);
  int status = 0;
  ::waitpid(child, &status, 0);
  return status;
}

TEST(HostileOutputs, SignalsWhileWritingLeaveTheTargetAndNoTemporaryFile) {
  fs::path dir = scratch_folder("signals"), tmp = scratch_folder("signals_tmp");
  long_inputs(dir);
  write((dir / "out.csv").string(), "earlier output\n");
  for (int s : {SIGHUP, SIGINT, SIGTERM, SIGPIPE}) {
    int status = eval_interrupted(dir, tmp, s);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == s) << s << " " << status;
    EXPECT_EQ(tree(dir), (std::vector<std::string>{"m.csv", "out.csv", "u.csv"})) << s;
    EXPECT_EQ(read((dir / "out.csv").string()), "earlier output\n") << s;
    EXPECT_TRUE(tree(tmp).empty()) << s;
  }
  fs::remove_all(dir);
  fs::remove_all(tmp);
}

TEST(HostileOutputs, AClosedPipeOnStandardOutputLeavesNoTemporaryFile) {
  fs::path dir = scratch_folder("pipe"), tmp = scratch_folder("pipe_tmp");
  long_inputs(dir);
  ProcessRun r = shell("TMPDIR=" + tmp.string() + " " + palcheck() + " eval --measure " + (dir / "m.csv").string() +
                       " --inputs " + (dir / "u.csv").string() + " | head -c 10");
  EXPECT_EQ(r.out.size(), 10u);
  EXPECT_TRUE(tree(tmp).empty());
  fs::remove_all(dir);
  fs::remove_all(tmp);
}

TEST(HostileOutputs, ATemporaryFileSigkillLeftIsSweptByTheNextRun) {
  fs::path dir = scratch_folder("sigkill");
  write((dir / "m.csv").string(), "2,1\n");
  write((dir / "u.csv").string(), "0,3,1\n");
  pid_t gone = ::fork();
  if (gone == 0) ::_exit(0);
  ::waitpid(gone, nullptr, 0);
  std::string left = ".out.csv.palcheck-tmp." + std::to_string(gone) + ".00000000deadbeef";
  write((dir / left).string(), std::string(1 << 20, 'x'));
  struct timespec old[2] = {{std::time(nullptr) - 7200, 0}, {std::time(nullptr) - 7200, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, (dir / left).c_str(), old, 0), 0);
  write((dir / "out.csv.tmp.notes").string(), "not palcheck's");
  ProcessRun r = run_palcheck("eval --measure " + (dir / "m.csv").string() + " --inputs " + (dir / "u.csv").string() +
                              " -o " + (dir / "out.csv").string());
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(tree(dir), (std::vector<std::string>{"m.csv", "out.csv", "out.csv.tmp.notes", "u.csv"}));
  fs::remove_all(dir);
}

}  // namespace
