// Same seed, same bytes on a loaded machine: the proofs' answers are decided by counted limits (Z3's and
// cvc5's rlimits), never by the clock, so `palcheck verify` of claims proved by both solvers writes the
// same JSON while busy processes keep every core loaded twice over as it does on an idle machine.
#include "tests/tools/cli/palcheck_process.h"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace palcheck::cli {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& path) { return cli_test::read(path.string()); }

// Processes that spin on the CPU while they live (each ends itself after 20 minutes should the test die).
class Load {
 public:
  explicit Load(unsigned processes) {
    for (unsigned i = 0; i < processes; ++i) {
      pid_t child = ::fork();
      if (child == 0) {
        ::alarm(1200);
        volatile unsigned long spin = 0;
        for (;;) spin = spin + 1;
      }
      if (child > 0) children_.push_back(child);
    }
  }
  ~Load() {
    for (pid_t child : children_) ::kill(child, SIGKILL);
    for (pid_t child : children_) ::waitpid(child, nullptr, 0);
  }
  Load(const Load&) = delete;
  Load& operator=(const Load&) = delete;
  std::size_t size() const { return children_.size(); }

 private:
  std::vector<pid_t> children_;
};

// `palcheck verify` of the claims at seed 1, its JSON's bytes (the exit status in `status`).
std::string verify_json(const fs::path& dir, const std::string& name, int& status) {
  const fs::path json = dir / (name + ".json");
  std::string command = std::string(PALCHECK_BINARY) +
                        " verify def:mpal repair:prop:wiping prop:rate_independence --seed 1 --json " + json.string() +
                        " > " + (dir / (name + ".out")).string() + " 2>&1";
  int raw = std::system(command.c_str());
  status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return slurp(json);
}

TEST(VerifyUnderLoad, ProofsWriteTheSameBytesWithEveryCoreBusy) {
  const fs::path dir = fs::temp_directory_path() / ("palcheck_verify_load_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  int idle_status = -1, busy_status = -1;
  const std::string idle = verify_json(dir, "idle", idle_status);
  std::string busy;
  {
    long cores = ::sysconf(_SC_NPROCESSORS_ONLN);
    Load load(static_cast<unsigned>(2 * (cores > 0 ? cores : 1)));
    ASSERT_GT(load.size(), 0u);
    busy = verify_json(dir, "busy", busy_status);
  }
  EXPECT_EQ(idle_status, 0) << slurp(dir / "idle.out");
  EXPECT_EQ(busy_status, 0) << slurp(dir / "busy.out");
  ASSERT_NE(idle.find("\"PROVED\""), std::string::npos) << idle;
  EXPECT_EQ(busy, idle);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace palcheck::cli
