// Exit statuses tell the truth: a failed write to standard output is exit 2 in every command; a run
// that checked zero cases is not passed; Ctrl-C stops fuzz-impl and its command (palcheck ends by
// SIGINT, which a shell reports as status 130) and writes no report; non-finite outputs are refused
// whatever the input format; a duplicate JSON key is an error in every reader; a read cut short by a
// memory limit never gives exit 0 and another answer.
#include "tests/tools/cli/palcheck_process.h"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

using namespace palcheck::cli_test;  // ProcessRun, run_palcheck(), shell(), temp(), read(), write()

std::string palcheck() { return PALCHECK_BINARY; }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(HostileStatus, AFailedWriteToStandardOutputIsExitTwoInEveryCommand) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  std::string doc = temp("d.json"), m = temp("m.csv"), u = temp("u.csv"), shard = temp("shard.json");
  std::string replay_dir = temp("replays");
  write(doc, R"({"relays": [{"alpha": 2, "beta": 1}], "inputs": [0, 3, 1]})");
  write(m, "2,1\n");
  write(u, "0,3,1\n");
  fs::remove_all(replay_dir);
  ASSERT_EQ(run_palcheck("verify def:relay --shard 1/1 --json " + shard).code, 0);
  ASSERT_EQ(run_palcheck("verify lem:pop_one --out " + replay_dir).code, 0);
  for (const std::string& args : std::vector<std::string>{"eval " + doc, "eval --measure " + m + " --inputs " + u, "list", "list --json", "verify def:relay",
        "show def:relay", "replay " + replay_dir + "/lem_pop_one.json", "merge " + shard,
        "compare " + doc + " --actual " + u}) {
    ProcessRun r = shell(palcheck() + " " + args + " > /dev/full");
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_TRUE(contains(r.err, "standard output: write failed")) << args << "\n" << r.err;
  }
  fs::remove_all(replay_dir);
}

TEST(HostileStatus, FuzzImplThatCheckedNoCaseIsNotPassed) {
  std::string m = temp("m.csv"), report = temp("report.json");
  write(m, "2,1\n");
  ProcessRun negative = run_palcheck("fuzz-impl --command cat --measure " + m + " --case -1");
  EXPECT_EQ(negative.code, 2) << negative.err;
  EXPECT_TRUE(contains(negative.err, "--case")) << negative.err;
  ProcessRun none = run_palcheck("fuzz-impl --command cat --measure " + m + " --seconds 0.000000001 --report " + report);
  EXPECT_EQ(none.code, 3) << none.err;  // no verdict (docs/hardening.md), as a compare of no token
  EXPECT_TRUE(contains(none.err, "no case was checked")) << none.err;
  EXPECT_TRUE(contains(read(report), "\"passed\": false")) << read(report);
  EXPECT_TRUE(contains(read(report), "\"cases\": 0")) << read(report);
}

TEST(HostileStatus, CtrlCStopsFuzzImplAndItsCommand) {
  std::string m = temp("m.csv"), report = temp("report.json"), pid_file = temp("client.pid");
  write(m, "2,1\n");
  fs::remove(report);
  fs::remove(pid_file);
  // A client that answers nothing for a long while (within --call-timeout).
  std::string client = "echo $$ > " + pid_file + "; exec sleep 600";
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::setpgid(0, 0);  // a job of its own, as a shell starts it
    int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 2);
    ::execl(PALCHECK_BINARY, "palcheck", "fuzz-impl", "--command", client.c_str(), "--measure", m.c_str(),
            "--call-timeout", "600", "--report", report.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  for (int k = 0; k < 400 && read(pid_file).empty(); ++k) ::usleep(25000);
  ::usleep(100000);
  ASSERT_FALSE(read(pid_file).empty()) << "the client never started";
  pid_t client_pid = std::stoi(read(pid_file));
  ::kill(-child, SIGINT);  // Ctrl-C: the job's process group (the client has a group of its own)
  int status = 0;
  ::waitpid(child, &status, 0);
  // Stopped by SIGINT itself, so that a shell reports status 130 and stops a script too.
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << status;
  for (int k = 0; k < 100 && ::kill(client_pid, 0) == 0; ++k) ::usleep(20000);
  EXPECT_NE(::kill(client_pid, 0), 0) << "the client outlived palcheck";
  if (::kill(client_pid, 0) == 0) ::kill(client_pid, SIGKILL);
  EXPECT_FALSE(fs::exists(report)) << "an interrupted run wrote a report: " << read(report);
}

TEST(HostileStatus, NonFiniteOutputsAreRefusedForEveryInputFormat) {
  // Two relays whose weights add up past the largest double once both are on.
  std::string m = temp("m.csv");
  write(m, "1,0,1e308\n1,0,1e308\n");
  std::string csv = temp("u.csv"), json = temp("u.json"), npy = temp("u.npy");
  write(csv, "2,0\n");
  write(json, "[[2, 0]]");
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (1, 2), }";
  header += std::string((64 - (10 + header.size() + 1) % 64) % 64, ' ') + "\n";
  double values[2] = {2.0, 0.0};
  write(npy, std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(header.size()) + '\0' + header +
                 std::string(reinterpret_cast<const char*>(values), sizeof values));
  for (const std::string& in : {csv, json, npy})
    for (const std::string& out : {temp("o.npy"), temp("o.csv")}) {
      fs::remove(out);
      ProcessRun r = run_palcheck("eval --measure " + m + " --inputs " + in + " -o " + out + " --values double");
      EXPECT_EQ(r.code, 2) << in << " -> " << out << "\n" << r.err;
      EXPECT_TRUE(contains(r.err, "no finite double")) << in << " -> " << out << "\n" << r.err;
      EXPECT_FALSE(fs::exists(out)) << in << " -> " << out;
    }
}

TEST(HostileStatus, ADuplicateJsonKeyIsAnErrorInEveryReader) {
  std::string doc = temp("d.json"), shard = temp("shard.json"), run = temp("run.json"), replay = temp("replay.json");
  write(doc, R"({"relays": [{"alpha": 2, "beta": 1}], "inputs": [0, 3, 1], "inputs": [5]})");
  ASSERT_EQ(run_palcheck("verify def:relay --shard 1/1 --json " + shard).code, 0);
  write(shard, "{\"seed\": 7," + read(shard).substr(1));
  write(run, R"({"claims": [], "claims": [{"label": "def:relay"}]})");
  write(replay, R"({"label": "lem:pop_one", "label": "def:relay", "scenario": "any-stack", "values": {}})");
  std::string out = temp("report");
  fs::remove_all(out);
  write(temp("u.csv"), "0,1,1\n");
  for (const std::string& args : {"eval " + doc, "compare " + doc + " --actual " + temp("u.csv"), "merge " + shard,
                                  "report --from " + run + " --out " + out, "replay " + replay}) {
    ProcessRun r = run_palcheck(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_TRUE(contains(r.err, "is given twice")) << args << "\n" << r.err;
  }
  EXPECT_FALSE(fs::exists(out));
}

#if !defined(__SANITIZE_ADDRESS__)  // ASan reserves more address space than the limits below
// Under a memory limit some runs fail; none may exit 0 with another answer. Reading a measure into a
// growing buffer once stopped silently where memory ran out, and eval went on without the last relays.
TEST(HostileStatus, AMemoryLimitNeverGivesExitZeroAndAnotherAnswer) {
  std::string m = temp("m.csv"), u = temp("u.json");
  // 4000 relays (1, 0, 1), written with 5000 zeros each: 40 MB of text, two distinct thresholds.
  std::string zeros(5000, '0'), relays;
  for (int k = 0; k < 4000; ++k) relays += "1." + zeros + ",0." + zeros + ",1\n";
  write(m, relays);
  write(u, "[0, 2]");
  ProcessRun whole = run_palcheck("eval --measure " + m + " --inputs " + u);
  ASSERT_EQ(whole.code, 0) << whole.err;
  ASSERT_NE(whole.out.find("\"4000\""), std::string::npos) << whole.out;
  int failed = 0;
  for (int mb = 40; mb <= 200; mb += 5) {
    ProcessRun r = shell("ulimit -v " + std::to_string(mb * 1024) + "; " + palcheck() + " eval -j 1 --measure " + m +
                         " --inputs " + u);
    if (r.code == 0)
      EXPECT_EQ(r.out, whole.out) << mb << " MB";
    else
      ++failed;
  }
  EXPECT_GT(failed, 0) << "no limit was tight enough to matter";
  fs::remove(m);
}
#endif

}  // namespace
