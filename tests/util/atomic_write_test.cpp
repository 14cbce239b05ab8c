// util/atomic_file.h's write_file_atomically and util/atomic_write.h's checks: files are written whole
// or not at all, concurrent writers on one path never share a temporary file, SIGTERM during a write
// leaves no temporary file, outputs equal to inputs and missing folders are refused before any work.
#include "util/atomic_file.h"
#include "util/atomic_write.h"
#include "util/errors.h"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

namespace palcheck::oracle {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("palcheck_atomic_write_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read(const fs::path& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::size_t entries(const fs::path& dir) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

TEST(AtomicWrite, ReplacesWholeAndFailsCleanly) {
  fs::path dir = scratch("whole");
  std::string path = (dir / "a.json").string();
  write_file_atomically(path, "first");
  write_file_atomically(path, "second");
  EXPECT_EQ(read(path), "second");
  EXPECT_EQ(entries(dir), 1u);
  EXPECT_THROW(write_file_atomically((dir / "missing" / "b.json").string(), "x"), WriteError);
  fs::remove_all(dir);
}

TEST(AtomicWrite, ConcurrentWritersLeaveOneWholeFile) {
  fs::path dir = scratch("concurrent");
  std::string path = (dir / "same.json").string();
  std::string a(1 << 20, 'a'), b(1 << 20, 'b');
  std::vector<std::thread> writers;
  for (int t = 0; t < 4; ++t)
    writers.emplace_back([&, t] {
      for (int k = 0; k < 20; ++k) write_file_atomically(path, t % 2 ? a : b);
    });
  for (auto& w : writers) w.join();
  std::string text = read(path);
  EXPECT_TRUE(text == a || text == b);
  EXPECT_EQ(entries(dir), 1u);
  fs::remove_all(dir);
}

TEST(AtomicWrite, SigtermDuringAWriteLeavesNoTemporaryFile) {
  fs::path dir = scratch("sigterm");
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // An endless stream of big writes, so the signal lands while a temporary file exists.
    std::string big(16 << 20, 'x');
    for (;;) write_file_atomically((dir / "out.json").string(), big);
  }
  ::usleep(300000);
  ::kill(child, SIGTERM);
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
  for (const auto& e : fs::directory_iterator(dir))
    EXPECT_EQ(e.path().filename().string().find(".tmp"), std::string::npos) << e.path();
  fs::remove_all(dir);
}

TEST(AtomicWrite, OutputsEqualToInputsAndMissingFoldersAreRefused) {
  fs::path dir = scratch("refuse");
  std::string in = (dir / "in.csv").string();
  { std::ofstream(in) << "1,2\n"; }
  EXPECT_THROW(check_distinct(in, "-o", in, "--inputs"), InputError);
  EXPECT_THROW(check_distinct((dir / "." / "in.csv").string(), "-o", in, "--inputs"), InputError);
  fs::create_symlink(in, dir / "link.csv");
  EXPECT_THROW(check_distinct((dir / "link.csv").string(), "-o", in, "--inputs"), InputError);
  EXPECT_NO_THROW(check_distinct((dir / "out.csv").string(), "-o", in, "--inputs"));
  EXPECT_NO_THROW(check_distinct("-", "-o", "-", "FILE"));
  EXPECT_THROW(check_writable((dir / "missing" / "x.json").string(), "--json"), InputError);
  EXPECT_THROW(check_writable(dir.string(), "--json"), InputError);
  EXPECT_NO_THROW(check_writable((dir / "x.json").string(), "--json"));
  EXPECT_EQ(read(in), "1,2\n");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace palcheck::oracle
