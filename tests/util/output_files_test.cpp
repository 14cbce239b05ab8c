// util/atomic_file.h, output_folder.h, temporary_name.h, pending_removal.h: what an output path
// names decides how it is written (links written through, devices and FIFOs written into, never
// replaced by a regular file); folder outputs replace only what palcheck made; temporaries go on every
// exit the process sees and are swept, by name, owner and age only, after SIGKILL.
#include "util/atomic_file.h"
#include "util/output_folder.h"
#include "util/pending_removal.h"
#include "util/temporary_name.h"

#include "tests/util/pty_device.h"

#include <gtest/gtest.h>

#include <csignal>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <new>
#include <thread>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace palcheck {
namespace {

namespace fs = std::filesystem;

// A fresh scratch folder for this test (ctest runs tests in parallel processes).
fs::path scratch() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  fs::path dir = fs::temp_directory_path() /
                 ("palcheck_output_files_" + std::string(info->name()) + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write(const fs::path& p, const std::string& bytes) { std::ofstream(p, std::ios::binary) << bytes; }

std::vector<std::string> names(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

// Sets a path's modification time `seconds` into the past.
void age(const fs::path& p, long seconds) {
  struct timespec times[2];
  times[0].tv_sec = times[1].tv_sec = std::time(nullptr) - seconds;
  times[0].tv_nsec = times[1].tv_nsec = 0;
  ASSERT_EQ(::utimensat(AT_FDCWD, p.c_str(), times, AT_SYMLINK_NOFOLLOW), 0);
}

// A process id no process has: a child that has exited and been reaped.
pid_t dead_pid() {
  pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  return child;
}

TEST(AtomicFile, ReplacesARegularFileWholeKeepingItsPermissions) {
  fs::path dir = scratch(), file = dir / "out.json";
  write(file, "old");
  ::chmod(file.c_str(), 0600);
  write_file_atomically(file.string(), "new");
  EXPECT_EQ(read(file), "new");
  EXPECT_EQ(fs::status(file).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(names(dir), std::vector<std::string>{"out.json"});
  {
    AtomicFile uncommitted(file.string());
    uncommitted.write("never");
  }
  EXPECT_EQ(read(file), "new");
  EXPECT_EQ(names(dir), std::vector<std::string>{"out.json"});
  fs::remove_all(dir);
}

TEST(AtomicFile, WritesThroughASymbolicLinkAndKeepsTheLink) {
  fs::path dir = scratch();
  fs::create_directories(dir / "real");
  write(dir / "real" / "target.json", "old");
  fs::create_symlink(dir / "real" / "target.json", dir / "link.json");
  write_file_atomically((dir / "link.json").string(), "new");
  EXPECT_TRUE(fs::is_symlink(dir / "link.json"));
  EXPECT_EQ(read(dir / "real" / "target.json"), "new");
  fs::create_symlink(dir / "nowhere.json", dir / "dangling.json");
  EXPECT_THROW(write_file_atomically((dir / "dangling.json").string(), "x"), WriteError);
  EXPECT_TRUE(fs::is_symlink(dir / "dangling.json"));
  EXPECT_FALSE(fs::exists(dir / "nowhere.json"));
  fs::remove_all(dir);
}

TEST(AtomicFile, WritesIntoDevicesAndFifosNeverReplacingThem) {
  EXPECT_EQ(check_output_file("/dev/null"), OutputNode::WriteThrough);  // classified only, never written
  palcheck::test::PtyDevice device;
  ASSERT_FALSE(device.path().empty()) << "no pseudo-terminal";
  write_file_atomically(device.path(), "through the device");
  struct stat st {};
  ASSERT_EQ(::stat(device.path().c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  EXPECT_EQ(device.received(), "through the device");

  fs::path dir = scratch(), fifo = dir / "pipe.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // No reader: refused at once, not waited on.
  EXPECT_THROW(write_file_atomically(fifo.string(), "x"), WriteError);
  std::string got;
  std::thread reader([&] { got = read(fifo); });
  // The reader opens the FIFO; retry until it has (the writer never blocks waiting for it).
  for (int tries = 0;; ++tries) {
    try {
      write_file_atomically(fifo.string(), "through the pipe");
      break;
    } catch (const WriteError&) {
      ASSERT_LT(tries, 500);
      ::usleep(10000);
    }
  }
  reader.join();
  EXPECT_EQ(got, "through the pipe");
  EXPECT_TRUE(fs::is_fifo(fifo));
  fs::remove_all(dir);
}

TEST(AtomicFile, OverwritesBytesWrittenBeforeCommitOnEveryKindOfOutput) {
  // A .npy header rewritten once the rows are counted: bytes still buffered and bytes already on disk
  // (a write longer than the buffer), in a file renamed into place and in a device written through.
  fs::path dir = scratch(), file = dir / "out.npy";
  std::string tail(std::size_t{3} << 20, 'x');
  {
    AtomicFile out(file.string());
    out.write("header:0000;");
    out.write(tail);
    out.write("end");
    out.overwrite(7, "1234", 4);
    out.overwrite(12 + tail.size(), "END", 3);
    EXPECT_THROW(out.overwrite(13 + tail.size(), "END", 3), std::logic_error);
    EXPECT_FALSE(fs::exists(file));
    out.commit();
  }
  EXPECT_EQ(read(file), "header:1234;" + tail + "END");
  palcheck::test::PtyDevice device;
  ASSERT_FALSE(device.path().empty()) << "no pseudo-terminal";
  AtomicFile through(device.path());
  through.write("rows: ?");
  through.overwrite(6, "7", 1);
  through.commit();
  EXPECT_EQ(device.received(), "rows: 7");
  fs::remove_all(dir);
}

TEST(AtomicFile, RefusesFoldersMissingFoldersAndBlockDevices) {
  fs::path dir = scratch();
  EXPECT_THROW(check_output_file(dir.string()), WriteError);
  EXPECT_THROW(check_output_file((dir / "missing" / "x.json").string()), WriteError);
  EXPECT_EQ(check_output_file((dir / "x.json").string()), OutputNode::Replace);
  EXPECT_EQ(check_output_file("-"), OutputNode::StandardOutput);
  fs::remove_all(dir);
}

TEST(TemporaryName, SweepsOnlyStaleTemporariesOfDeadProcesses) {
  fs::path dir = scratch(), out = dir / "out.json";
  pid_t dead = dead_pid();
  std::string stale = ".out.json.palcheck-tmp." + std::to_string(dead) + ".0123456789abcdef";
  std::string fresh = ".out.json.palcheck-tmp." + std::to_string(dead) + ".fedcba9876543210";
  std::string alive = ".out.json.palcheck-tmp." + std::to_string(::getppid()) + ".0123456789abcdef";
  std::string other = ".other.json.palcheck-tmp." + std::to_string(dead) + ".0123456789abcdef";
  std::string lookalike = ".out.json.palcheck-tmp." + std::to_string(dead) + ".notahexnumber!!";
  for (const std::string& n : {stale, fresh, alive, other, lookalike, std::string("out.json.partial")}) {
    write(dir / n, "x");
    if (n != fresh) age(dir / n, 2 * kStaleSeconds);
  }
  EXPECT_EQ(sweep_stale_temporaries(out.string(), TemporaryKind::File), 1);
  EXPECT_FALSE(fs::exists(dir / stale));
  for (const std::string& n : {fresh, alive, other, lookalike, std::string("out.json.partial")})
    EXPECT_TRUE(fs::exists(dir / n)) << n;
  // A stale folder is swept only if it holds palcheck's marker.
  std::string marked = ".r.palcheck-new." + std::to_string(dead) + ".0123456789abcdef";
  std::string unmarked = ".r.palcheck-new." + std::to_string(dead) + ".1123456789abcdef";
  for (const std::string& n : {marked, unmarked}) {
    fs::create_directories(dir / n / "claims");
    write(dir / n / "claims" / "a.html", "x");
    if (n == marked) write(dir / n / kOutputMarker, "x");
    age(dir / n, 2 * kStaleSeconds);
  }
  EXPECT_EQ(sweep_stale_temporaries((dir / "r").string(), TemporaryKind::NewFolder), 1);
  EXPECT_FALSE(fs::exists(dir / marked));
  EXPECT_TRUE(fs::exists(dir / unmarked / "claims" / "a.html"));
  fs::remove_all(dir);
}

TEST(AtomicFile, TheNextWriteSweepsWhatSigkillLeft) {
  fs::path dir = scratch(), out = dir / "out.json";
  std::string left = ".out.json.palcheck-tmp." + std::to_string(dead_pid()) + ".0123456789abcdef";
  write(dir / left, std::string(1 << 20, 'x'));
  age(dir / left, 2 * kStaleSeconds);
  write_file_atomically(out.string(), "whole");
  EXPECT_EQ(names(dir), std::vector<std::string>{"out.json"});
  fs::remove_all(dir);
}

// Forks a child that registers a temporary file and a folder, then waits for `signal_number`.
void expect_signal_removes_temporaries(int signal_number) {
  fs::path dir = scratch();
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    write(dir / "temp.json", "x");
    fs::create_directories(dir / "folder" / "sub");
    write(dir / "folder" / "sub" / "f", "x");
    PendingRemoval file((dir / "temp.json").string(), RemovalKind::File);
    PendingRemoval folder((dir / "folder").string(), RemovalKind::Folder);
    char c = 1;
    (void)!::write(ready[1], &c, 1);
    for (;;) ::pause();
  }
  char c;
  ASSERT_EQ(::read(ready[0], &c, 1), 1);
  ::kill(child, signal_number);
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == signal_number) << status;
  EXPECT_TRUE(names(dir).empty()) << signal_number;
  ::close(ready[0]);
  ::close(ready[1]);
  fs::remove_all(dir);
}

TEST(PendingRemoval, EveryTerminatingSignalRemovesTemporariesAndKeepsItsStatus) {
  // (SIGQUIT, SIGXCPU, SIGXFSZ and SIGABRT are handled alike; their default action may dump core.)
  for (int s : {SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1}) expect_signal_removes_temporaries(s);
}

TEST(PendingRemoval, ExitRemovesWhatIsStillRegistered) {
  fs::path dir = scratch();
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    write(dir / "temp.json", "x");
    // exit() runs no destructor of this object (built in place, never destroyed): the registration is
    // still there. Static storage rather than the heap, so LeakSanitizer has no leak to report.
    alignas(PendingRemoval) static unsigned char storage[sizeof(PendingRemoval)];
    new (storage) PendingRemoval((dir / "temp.json").string(), RemovalKind::File);
    std::exit(3);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 3);
  EXPECT_TRUE(names(dir).empty());
  fs::remove_all(dir);
}

TEST(PendingRemoval, AnIgnoredSignalStaysIgnored) {
  pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::signal(SIGHUP, SIG_IGN);  // as nohup leaves it
    install_exit_cleanup();
    ::raise(SIGHUP);
    std::_Exit(7);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 7) << status;
}

// Makes a folder holding the files `files` (relative paths), each with its name as content.
void fill(const fs::path& dir, const std::vector<std::string>& files) {
  for (const std::string& f : files) {
    fs::create_directories((dir / f).parent_path());
    write(dir / f, f);
  }
}

// Writes a folder output of `files` to `path` through OutputFolder.
void write_folder(const fs::path& path, const std::vector<std::string>& files) {
  OutputFolder folder(path.string());
  fill(folder.staging(), files);
  folder.commit();
}

TEST(OutputFolder, ReplacesOnlyAbsentEmptyOrItsOwnFolders) {
  fs::path dir = scratch(), out = dir / "report";
  write_folder(out, {"index.html", "claims/a.html"});
  EXPECT_EQ(read(out / "claims" / "a.html"), "claims/a.html");
  EXPECT_TRUE(fs::exists(out / kOutputMarker));
  write_folder(out, {"index.html", "claims/b.html"});  // its own: replaced, the old page gone
  EXPECT_FALSE(fs::exists(out / "claims" / "a.html"));
  EXPECT_TRUE(fs::exists(out / "claims" / "b.html"));
  fs::create_directories(dir / "empty");
  write_folder(dir / "empty", {"x"});
  EXPECT_TRUE(fs::exists(dir / "empty" / "x"));
  EXPECT_EQ(names(dir), (std::vector<std::string>{"empty", "report"}));
  fs::remove_all(dir);
}

TEST(OutputFolder, RefusesFoldersHoldingAnythingElseBeforeAnyWork) {
  fs::path dir = scratch();
  // A user's folder that looks like a report: an index.md among other files.
  fill(dir / "docs", {"index.md", "notes.txt", "run.json"});
  EXPECT_THROW(OutputFolder folder((dir / "docs").string()), WriteError);
  // palcheck's own folder to which the user added a file.
  write_folder(dir / "report", {"index.html"});
  write(dir / "report" / "mine.txt", "keep");
  std::string problem = output_folder_problem((dir / "report").string());
  EXPECT_NE(problem.find("mine.txt"), std::string::npos) << problem;
  EXPECT_THROW(write_folder(dir / "report", {"index.html"}), WriteError);
  // The working folder and its parents, a file, a dangling link.
  EXPECT_NE(output_folder_problem(".").find("working folder"), std::string::npos);
  EXPECT_NE(output_folder_problem(fs::current_path().parent_path().string()).find("working folder"), std::string::npos);
  write(dir / "file", "x");
  EXPECT_FALSE(output_folder_problem((dir / "file").string()).empty());
  fs::create_symlink(dir / "nowhere", dir / "dangling");
  EXPECT_FALSE(output_folder_problem((dir / "dangling").string()).empty());
  EXPECT_FALSE(output_folder_problem((dir / "missing" / "out").string()).empty());
  // Everything is as it was, and nothing was left beside it.
  EXPECT_EQ(read(dir / "docs" / "notes.txt"), "notes.txt");
  EXPECT_EQ(read(dir / "report" / "mine.txt"), "keep");
  EXPECT_EQ(names(dir), (std::vector<std::string>{"dangling", "docs", "file", "report"}));
  fs::remove_all(dir);
}

TEST(OutputFolder, AnUnfinishedFolderLeavesTheDestinationAndNoDebris) {
  fs::path dir = scratch();
  write_folder(dir / "out", {"a"});
  fs::create_directories(dir / "out.partial");
  write(dir / "out.partial" / "unrelated", "keep");
  {
    OutputFolder folder((dir / "out").string());
    fill(folder.staging(), {"b"});
  }
  EXPECT_TRUE(fs::exists(dir / "out" / "a"));
  EXPECT_FALSE(fs::exists(dir / "out" / "b"));
  EXPECT_EQ(read(dir / "out.partial" / "unrelated"), "keep");
  EXPECT_EQ(names(dir), (std::vector<std::string>{"out", "out.partial"}));
  fs::remove_all(dir);
}

// Runs `body` in a child whose files may not grow past `bytes` (RLIMIT_FSIZE, SIGXFSZ ignored: a write
// past it fails with EFBIG, as one on a full disk fails with ENOSPC); its exit status.
int with_file_size_limit(rlim_t bytes, const std::function<int()>& body) {
  pid_t child = ::fork();
  if (child == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit limit {
      bytes, bytes
    };
    ::setrlimit(RLIMIT_FSIZE, &limit);
    std::_Exit(body());
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

TEST(OutputFolder, AFullDiskLeavesNoStagingFolder) {
  fs::path dir = scratch(), out = dir / "report";
  auto refused = [&](const std::function<void()>& write) {
    try {
      write();
    } catch (const WriteError&) {
      return 0;
    }
    return 1;
  };
  // The staging folder's marker cannot be written: the constructor fails.
  EXPECT_EQ(with_file_size_limit(16, [&] { return refused([&] { OutputFolder folder(out.string()); }); }), 0);
  EXPECT_TRUE(names(dir).empty());
  // The files went in, the marker listing them cannot: commit fails.
  EXPECT_EQ(with_file_size_limit(
                160,
                [&] {
                  return refused([&] {
                    OutputFolder folder(out.string());
                    fill(folder.staging(), {"index.html", "claims/a.html", "claims/b.html", "claims/c.html"});
                    folder.commit();
                  });
                }),
            0);
  EXPECT_TRUE(names(dir).empty());
  fs::remove_all(dir);
}

TEST(OutputFolder, ALinkToAFolderIsWrittenThrough) {
  fs::path dir = scratch();
  fs::create_directories(dir / "real");
  fs::create_directory_symlink(dir / "real", dir / "link");
  write_folder(dir / "link", {"index.html"});
  EXPECT_TRUE(fs::is_symlink(dir / "link"));
  EXPECT_TRUE(fs::exists(dir / "real" / "index.html"));
  fs::remove_all(dir);
}

TEST(OutputFolder, MarkingInPlaceListsTheFilesNowThere) {
  fs::path dir = scratch(), smt2 = dir / "smt2";
  mark_output_folder(smt2.string());
  fill(smt2, {"q1.smt2"});
  mark_output_folder(smt2.string());
  EXPECT_EQ(output_folder_problem(smt2.string()), "");
  write(smt2 / "user.txt", "x");
  EXPECT_NE(output_folder_problem(smt2.string()), "");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace palcheck
