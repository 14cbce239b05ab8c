// Scratch files of the streamed-eval tests (stream_eval_test.cpp, csv_stream_eval_test.cpp,
// json_stream_eval_test.cpp): named per process, because several checkouts may run these tests at once on
// one machine.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace palcheck::oracle {

/// A path in the temporary folder unique to this process and `prefix`.
inline std::string scratch_path(const std::string& prefix, const std::string& name) {
  return (std::filesystem::temp_directory_path() / (prefix + "_" + std::to_string(::getpid()) + "_" + name)).string();
}

/// Writes `bytes` to `path`, replacing it.
inline void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

/// The bytes of `path` ("" when it cannot be read).
inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace palcheck::oracle
