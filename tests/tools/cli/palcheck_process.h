// Runs the real palcheck binary (or any shell command) from a test and handles its scratch files: the
// one process runner of the command-line tests (def:pal, def:mpal and the oracle's commands are
// checked through it end to end).
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace palcheck::cli_test {

/// A finished process: exit code, stdout and stderr.
struct ProcessRun {
  int code;
  std::string out, err;
};

/// A scratch path for this test: ctest runs tests in parallel processes, so the name carries the test's.
inline std::string temp(const std::string& name) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  return ::testing::TempDir() + info->test_suite_name() + "_" + info->name() + "_" + name;
}

/// A fresh scratch folder for this test, holding nothing.
inline std::filesystem::path scratch_folder(const std::string& name) {
  std::filesystem::path dir = temp(name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

/// The whole file as bytes ("" when it cannot be opened).
inline std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// Replaces the file's content by these bytes.
inline void write(const std::string& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

/// Runs a shell command; stdout is captured, stderr goes through a scratch file.
inline ProcessRun shell(const std::string& command) {
  std::string err = temp("stderr.txt");
  FILE* pipe = popen((command + " 2>" + err).c_str(), "r");
  ProcessRun r{};
  std::array<char, 4096> buf{};
  while (std::size_t n = fread(buf.data(), 1, buf.size(), pipe)) r.out.append(buf.data(), n);
  r.code = WEXITSTATUS(pclose(pipe));
  r.err = read(err);
  return r;
}

/// Runs the palcheck binary under test with these arguments.
inline ProcessRun run_palcheck(const std::string& args) { return shell(std::string(PALCHECK_BINARY) + " " + args); }

/// A command line palcheck must refuse with exit code 2, and a part of the message it must print.
struct BadUsage {
  std::string args;     ///< after the binary
  std::string message;  ///< a part of stderr
};

/// Runs each bad usage and expects palcheck to refuse it with its message.
inline void expect_usage_errors(const std::vector<BadUsage>& cases) {
  for (const BadUsage& c : cases) {
    ProcessRun r = run_palcheck(c.args);
    EXPECT_EQ(r.code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.args << "\n" << r.err;
  }
}

}  // namespace palcheck::cli_test
