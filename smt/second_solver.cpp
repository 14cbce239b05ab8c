// cvc5 as a second solver (see second_solver.h).
#include "smt/second_solver.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <sstream>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace palcheck::smt {
namespace {

// What a program wrote (standard output and error), and whether it was killed at its deadline.
struct Output {
  std::string text;
  bool killed = false;
};

// Runs a program without a shell (so no quoting), found on PATH; kills it after `seconds` (0: no limit).
Output output_of(std::vector<std::string> argv, std::uint64_t seconds = 0) {
  Output result;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return result;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
  std::vector<char*> args;
  for (std::string& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  pid_t pid = 0;
  int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(fds[1]);
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + std::chrono::seconds(seconds);
  std::array<char, 4096> buffer{};
  while (spawned == 0) {
    if (seconds > 0) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      pollfd watch{fds[0], POLLIN, 0};
      int ready = left > 0 ? ::poll(&watch, 1, static_cast<int>(std::min<long long>(left, 1'000'000))) : 0;
      if (ready < 0 && errno == EINTR) continue;
      if (ready == 0) {
        ::kill(pid, SIGKILL);
        result.killed = true;
        break;
      }
    }
    ssize_t n = ::read(fds[0], buffer.data(), buffer.size());
    if (n > 0)
      result.text.append(buffer.data(), static_cast<std::size_t>(n));
    else if (n == 0 || errno != EINTR)
      break;
  }
  ::close(fds[0]);
  if (spawned != 0) {
    result.text = "cannot start " + argv[0];
    return result;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return result;
}

std::string first_line(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  return line;
}

}  // namespace

std::string cvc5_version() {
  static const std::string version = [] {
    std::string line = first_line(output_of({"cvc5", "--version"}, 60).text);
    const std::string marker = "version ";
    std::size_t at = line.find(marker);
    return at == std::string::npos ? std::string("cvc5 (not found)") : "cvc5 " + line.substr(at + marker.size());
  }();
  return version;
}

std::uint64_t cvc5_rlimit(std::uint64_t z3_rlimit) { return std::max<std::uint64_t>(1, z3_rlimit / 10); }

SecondAnswer run_cvc5(const std::string& smt2_path, std::uint64_t z3_rlimit, Cvc5Search search, std::uint64_t seconds) {
  SecondAnswer a{cvc5_version(), {}};
  const std::uint64_t rlimit = cvc5_rlimit(z3_rlimit);
  // --rlimit bounds cvc5's own resource count, so the answer does not depend on the machine's load; the
  // wall-clock backstop only kills a call that its resource count does not end, and is no answer.
  std::vector<std::string> argv{"cvc5", "--lang=smt2", "--rlimit=" + std::to_string(rlimit)};
  if (search == Cvc5Search::ModelSearch) argv.emplace_back("--decision=justification");
  if (search == Cvc5Search::LinearRefutation) argv.emplace_back("--ite-simp");
  argv.push_back(smt2_path);
  Output out = output_of(argv, seconds);
  std::string line = first_line(out.text);
  if (out.killed)
    a.reply = {SolverAnswer::Backstop, "cvc5 killed after " + std::to_string(seconds) + " s"};
  else if (line == "sat")
    a.reply = {SolverAnswer::Sat, ""};
  else if (line == "unsat")
    a.reply = {SolverAnswer::Unsat, ""};
  else if (line == "unknown")
    a.reply = {SolverAnswer::Unknown, "resource limit " + std::to_string(rlimit) + " or incomplete"};
  else
    a.reply = {SolverAnswer::Error, line.empty() ? std::string("no output") : line};
  return a;
}

std::future<SecondAnswer> start_cvc5(const std::string& smt2_path, std::uint64_t z3_rlimit, Cvc5Search search,
                                     std::uint64_t seconds) {
  return std::async(std::launch::async, run_cvc5, smt2_path, z3_rlimit, search, seconds);
}

}  // namespace palcheck::smt
