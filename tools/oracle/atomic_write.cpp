// Atomic, concurrent-safe output files (see atomic_write.h).
#include "tools/oracle/atomic_write.h"

#include "reference/atomic_file.h"
#include "tools/oracle/json_input.h"

#include <filesystem>
#include <iostream>

#include <unistd.h>

namespace palcheck::oracle {

namespace fs = std::filesystem;

std::string temporary_for(const std::string& path) {
  try {
    return temporary_file_for(path);
  } catch (const WriteError& e) {
    throw InputError(e.what());
  }
}

void temporary_done() { temporary_file_done(); }

void write_atomically(const std::string& path, const std::string& bytes) {
  if (path == "-") {
    std::cout << bytes << std::flush;
    if (!std::cout) throw InputError("standard output: write failed");  // a closed pipe is not exit 0
    return;
  }
  try {
    write_file_atomically(path, bytes);
  } catch (const WriteError& e) {
    throw InputError(e.what());
  }
}

void check_writable(const std::string& path, const std::string& option) {
  if (path.empty() || path == "-") return;
  fs::path folder = fs::path(path).parent_path();
  if (folder.empty()) folder = ".";
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw InputError(option + ": " + path + " is a folder, not a file");
  if (!fs::is_directory(folder, ec))
    throw InputError(option + ": " + path + ": the folder " + folder.string() + " does not exist");
  if (::access(folder.c_str(), W_OK) != 0)
    throw InputError(option + ": " + path + ": the folder " + folder.string() + " is not writable");
}

void check_distinct(const std::string& output, const std::string& output_option, const std::string& input,
                    const std::string& input_option) {
  if (output.empty() || input.empty() || output == "-" || input == "-") return;
  std::error_code ec;
  fs::path a = fs::weakly_canonical(output, ec), b = fs::weakly_canonical(input, ec);
  bool same = a == b || (fs::exists(output, ec) && fs::exists(input, ec) && fs::equivalent(output, input, ec));
  if (same)
    throw InputError(output_option + " " + output + " is the same file as " + input_option + " " + input +
                     ": choose another output path");
}

}  // namespace palcheck::oracle
