// cvc5 as a second solver (see second_solver.h).
#include "proofs/second_solver.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <sstream>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace palcheck::proofs {
namespace {

// The standard output and error of a program run without a shell (so no quoting), found on PATH.
std::string output_of(std::vector<std::string> argv) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return "";
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
  std::string out;
  std::array<char, 4096> buffer{};
  for (ssize_t n; spawned == 0 && (n = ::read(fds[0], buffer.data(), buffer.size())) != 0;) {
    if (n > 0)
      out.append(buffer.data(), static_cast<std::size_t>(n));
    else if (errno != EINTR)
      break;
  }
  ::close(fds[0]);
  if (spawned != 0) return "cannot start " + argv[0];
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return out;
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
    std::string line = first_line(output_of({"cvc5", "--version"}));
    const std::string marker = "version ";
    std::size_t at = line.find(marker);
    return at == std::string::npos ? std::string("cvc5 (not found)") : "cvc5 " + line.substr(at + marker.size());
  }();
  return version;
}

std::uint64_t cvc5_rlimit(std::uint64_t z3_rlimit) { return std::max<std::uint64_t>(1, z3_rlimit / 10); }

SecondAnswer run_cvc5(const std::string& smt2_path, std::uint64_t z3_rlimit, Cvc5Search search) {
  SecondAnswer a{cvc5_version(), ""};
  const std::uint64_t rlimit = cvc5_rlimit(z3_rlimit);
  // --rlimit bounds cvc5's own resource count: the answer does not depend on the machine's load.
  std::vector<std::string> argv{"cvc5", "--lang=smt2", "--rlimit=" + std::to_string(rlimit)};
  if (search == Cvc5Search::ModelSearch) argv.emplace_back("--decision=justification");
  argv.push_back(smt2_path);
  std::string line = first_line(output_of(argv));
  if (line == "sat" || line == "unsat")
    a.answer = line;
  else if (line == "unknown")
    a.answer = "unknown (resource limit " + std::to_string(rlimit) + " or incomplete)";
  else
    a.answer = "error: " + (line.empty() ? std::string("no output") : line);
  return a;
}

std::future<SecondAnswer> start_cvc5(const std::string& smt2_path, std::uint64_t z3_rlimit, Cvc5Search search) {
  return std::async(std::launch::async, run_cvc5, smt2_path, z3_rlimit, search);
}

}  // namespace palcheck::proofs
