// Temporary names and the sweep of stale ones (see temporary_name.h).
#include "util/temporary_name.h"

#include "util/pending_removal.h"

#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <random>
#include <stdexcept>

#include <sys/stat.h>
#include <unistd.h>

namespace palcheck {

namespace fs = std::filesystem;

namespace {

const char* kind_word(TemporaryKind kind) {
  switch (kind) {
    case TemporaryKind::File: return "tmp";
    case TemporaryKind::NewFolder: return "new";
    case TemporaryKind::OldFolder: return "old";
  }
  return "tmp";
}

std::string prefix_of(const std::string& output_name, TemporaryKind kind) {
  return "." + output_name + ".palcheck-" + kind_word(kind) + ".";
}

bool all_of(const std::string& s, const char* allowed) {
  return !s.empty() && s.find_first_not_of(allowed) == std::string::npos;
}

}  // namespace

std::string temporary_name(const std::string& path, TemporaryKind kind) {
  fs::path p(path);
  std::string name = p.filename().string();
  if (name.empty() || name == "." || name == "..") throw std::runtime_error(path + ": not a file or folder name");
  std::random_device device;
  std::uint64_t bits = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  char tail[48];
  std::snprintf(tail, sizeof tail, "%ld.%016llx", static_cast<long>(::getpid()), static_cast<unsigned long long>(bits));
  return (p.parent_path() / (prefix_of(name, kind) + tail)).string();
}

bool is_temporary_of(const std::string& name, const std::string& output_name, TemporaryKind kind, long& pid) {
  std::string prefix = prefix_of(output_name, kind);
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return false;
  std::string tail = name.substr(prefix.size());
  std::size_t dot = tail.find('.');
  if (dot == std::string::npos) return false;
  std::string digits = tail.substr(0, dot), hex = tail.substr(dot + 1);
  if (!all_of(digits, "0123456789") || digits.size() > 9 || hex.size() != 16 || !all_of(hex, "0123456789abcdef"))
    return false;
  pid = std::stol(digits);
  return true;
}

int sweep_stale_temporaries(const std::string& path, TemporaryKind kind) {
  int removed = 0;
  try {
    fs::path p(path);
    std::string name = p.filename().string();
    fs::path folder = p.parent_path().empty() ? fs::path(".") : p.parent_path();
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
      long pid = 0;
      std::string entry = it->path().filename().string();
      if (!is_temporary_of(entry, name, kind, pid)) continue;
      if (pid == ::getpid() || pid <= 0 || ::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
      struct stat st {};
      if (::lstat(it->path().c_str(), &st) != 0 || std::time(nullptr) - st.st_mtime < kStaleSeconds) continue;
      if (kind == TemporaryKind::File) {
        if (S_ISREG(st.st_mode) && ::unlink(it->path().c_str()) == 0) ++removed;
      } else if (S_ISDIR(st.st_mode) && fs::is_regular_file(it->path() / kOutputMarker, ec)) {
        if (remove_own_folder(it->path().c_str())) ++removed;
      }
    }
  } catch (...) {
    // A sweep is a courtesy: whatever it cannot read, it leaves.
  }
  return removed;
}

}  // namespace palcheck
