// Output folders written whole, never over what palcheck did not make (see output_folder.h).
#include "util/output_folder.h"

#include "util/temporary_name.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace palcheck {

namespace fs = std::filesystem;

namespace {

// The marker's first line; the files palcheck wrote follow, one relative path a line.
constexpr const char* kMarkerHeader =
    "palcheck output folder: palcheck replaces or removes this folder only while it holds nothing but the files "
    "listed below";

// The destination named by `path` (a link to a folder resolved), or "" and a reason.
std::string destination(const std::string& path, std::string& why) {
  fs::path p(path);
  if (path.empty()) {
    why = "an empty folder path";
    return "";
  }
  std::error_code ec;
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno != ENOENT) {
      why = std::strerror(errno);
      return "";
    }
    fs::path absolute = fs::absolute(p, ec);
    if (absolute.filename().empty()) absolute = absolute.parent_path();
    fs::path parent = absolute.parent_path();
    if (!fs::is_directory(parent, ec)) {
      why = "the folder " + parent.string() + " does not exist";
      return "";
    }
    return (fs::canonical(parent, ec) / absolute.filename()).string();
  }
  if (S_ISLNK(st.st_mode) && ::stat(path.c_str(), &st) != 0) {
    why = "a symbolic link to nothing";
    return "";
  }
  if (!S_ISDIR(st.st_mode)) {
    why = S_ISREG(st.st_mode) ? "a file, not a folder" : "not a folder";
    return "";
  }
  fs::path resolved = fs::canonical(p, ec);
  if (ec) {
    why = ec.message();
    return "";
  }
  return resolved.string();
}

// The files a marker lists, or nullopt-like false when `folder` has no readable marker.
bool read_marker(const fs::path& folder, std::set<std::string>& listed) {
  std::error_code ec;
  fs::path marker = folder / kOutputMarker;
  if (!fs::is_regular_file(fs::symlink_status(marker, ec))) return false;
  std::ifstream in(marker, std::ios::binary);
  std::string line;
  if (!std::getline(in, line) || line != kMarkerHeader) return false;
  while (std::getline(in, line))
    if (!line.empty()) listed.insert(line);
  return true;
}

// Entries under `folder` (relative paths) palcheck did not list: anything but a listed regular file
// and the folders leading to listed files. At most `limit` are collected.
std::vector<std::string> foreign_entries(const fs::path& folder, const std::set<std::string>& listed,
                                         std::size_t limit) {
  std::set<std::string> parents;
  for (const std::string& file : listed)
    for (fs::path p = fs::path(file).parent_path(); !p.empty(); p = p.parent_path()) parents.insert(p.string());
  std::vector<std::string> foreign;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(folder, fs::directory_options::none, ec), end;
       !ec && it != end && foreign.size() < limit; it.increment(ec)) {
    std::string rel = fs::relative(it->path(), folder, ec).string();
    if (rel == kOutputMarker) continue;
    fs::file_status st = it->symlink_status(ec);
    bool ours = (fs::is_regular_file(st) && listed.count(rel)) || (fs::is_directory(st) && parents.count(rel));
    if (!ours) {
      foreign.push_back(rel);
      if (fs::is_directory(st)) it.disable_recursion_pending();
    }
  }
  if (ec) foreign.push_back("(cannot read the folder: " + ec.message() + ")");
  return foreign;
}

// The regular files under `folder`, relative and sorted, the marker left out.
std::vector<std::string> files_under(const fs::path& folder) {
  std::vector<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    std::string rel = fs::relative(entry.path(), folder).string();
    if (rel != kOutputMarker && entry.is_regular_file()) files.push_back(rel);
  }
  std::sort(files.begin(), files.end());
  return files;
}

void write_marker(const fs::path& folder, const std::vector<std::string>& files) {
  std::string text = std::string(kMarkerHeader) + "\n";
  for (const std::string& f : files) text += f + "\n";
  errno = 0;
  std::ofstream out(folder / kOutputMarker, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out)
    throw WriteError((folder / kOutputMarker).string() + ": write failed" +
                     (errno != 0 ? std::string(": ") + std::strerror(errno) : std::string()));
}

bool is_plain_relative(const std::string& rel) {
  fs::path p(rel);
  if (p.is_absolute() || rel.empty()) return false;
  for (const fs::path& part : p)
    if (part == ".." || part == ".") return false;
  return true;
}

// Removes from a replaced folder what its marker lists, then its folders once empty, then itself;
// what is left (added since the check) goes on `kept`.
void remove_listed(const fs::path& old, const std::string& shown_as, std::vector<std::string>* kept) {
  std::set<std::string> listed;
  read_marker(old, listed);
  for (const std::string& file : listed)
    if (is_plain_relative(file)) ::unlink((old / file).c_str());
  ::unlink((old / kOutputMarker).c_str());
  std::vector<fs::path> folders;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(old, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_directory(ec) && !it->is_symlink(ec)) folders.push_back(it->path());
  std::sort(folders.rbegin(), folders.rend());  // deepest first
  for (const fs::path& f : folders) ::rmdir(f.c_str());
  if (::rmdir(old.c_str()) != 0 && kept) {
    for (const auto& entry : fs::recursive_directory_iterator(old, ec))
      kept->push_back(shown_as + " (kept in " + old.string() + "): " + fs::relative(entry.path(), old).string());
  }
}

}  // namespace

std::string output_folder_problem(const std::string& path) {
  std::string why;
  std::string target = destination(path, why);
  if (target.empty()) return path + ": " + why;
  fs::path t(target);
  if (t == t.root_path() || t.filename().empty()) return path + ": the root folder cannot be an output";
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  if (!ec) {
    auto [end, _] = std::mismatch(t.begin(), t.end(), cwd.begin(), cwd.end());
    if (end == t.end()) return path + " holds the working folder; choose a folder of its own for the output";
  }
  std::string parent = t.parent_path().string();
  if (::access(parent.c_str(), W_OK) != 0) return path + ": the folder " + parent + " is not writable";
  if (!fs::exists(t, ec) || fs::is_empty(t, ec)) return "";
  std::set<std::string> listed;
  if (!read_marker(t, listed))
    return path + " exists and holds files palcheck did not write (no " + kOutputMarker +
           " marker); palcheck replaces only an empty folder or one it made: choose another folder";
  std::vector<std::string> foreign = foreign_entries(t, listed, 3);
  if (!foreign.empty()) {
    std::string list;
    for (const std::string& f : foreign) list += (list.empty() ? "" : ", ") + f;
    return path + " holds files palcheck did not write (" + list +
           "); palcheck replaces a folder it made only while it holds nothing else";
  }
  return "";
}

void check_output_folder(const std::string& path) {
  if (std::string problem = output_folder_problem(path); !problem.empty()) throw WriteError(problem);
}

void mark_output_folder(const std::string& path) {
  if (::mkdir(path.c_str(), 0777) != 0 && errno != EEXIST)
    throw WriteError(path + ": cannot create the folder: " + std::strerror(errno));
  try {
    write_marker(path, files_under(path));
  } catch (const fs::filesystem_error& e) {
    throw WriteError(path + ": " + e.what());
  }
}

OutputFolder::OutputFolder(const std::string& path) : path_(path) {
  check_output_folder(path);
  std::string why;
  target_ = destination(path, why);
  sweep_stale_temporaries(target_, TemporaryKind::NewFolder);
  sweep_stale_temporaries(target_, TemporaryKind::OldFolder);
  staging_ = temporary_name(target_, TemporaryKind::NewFolder);
  pending_ = PendingRemoval(staging_, RemovalKind::Folder);
  if (::mkdir(staging_.c_str(), 0777) != 0) {
    std::string reason = std::strerror(errno);
    pending_.release();
    throw WriteError(path + ": cannot create a folder next to it: " + reason);
  }
  try {
    write_marker(staging_, {});  // so that a sweep knows the folder for palcheck's
  } catch (const WriteError&) {
    // No destructor runs for a constructor that throws: the staging folder goes here (a full disk).
    remove_own_folder(staging_.c_str());
    pending_.release();
    throw;
  }
}

OutputFolder::~OutputFolder() {
  if (!committed_) remove_own_folder(staging_.c_str());
}

void OutputFolder::commit(std::vector<std::string>* kept) {
  write_marker(staging_, files_under(staging_));
  check_output_folder(path_);
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(target_, ec))) {
    if (std::rename(staging_.c_str(), target_.c_str()) != 0)
      throw WriteError(path_ + ": cannot move the finished folder into place: " + std::strerror(errno));
  } else if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) == 0) {
    remove_listed(staging_, path_, kept);  // the staging name now holds the replaced folder
  } else {
    // A file system without RENAME_EXCHANGE: the old folder steps aside first.
    std::string old = temporary_name(target_, TemporaryKind::OldFolder);
    if (std::rename(target_.c_str(), old.c_str()) != 0)
      throw WriteError(path_ + ": cannot move the earlier folder aside: " + std::strerror(errno));
    if (std::rename(staging_.c_str(), target_.c_str()) != 0) {
      std::string reason = std::strerror(errno);
      std::rename(old.c_str(), target_.c_str());
      throw WriteError(path_ + ": cannot move the finished folder into place: " + reason);
    }
    remove_listed(old, path_, kept);
  }
  pending_.release();
  committed_ = true;
}

}  // namespace palcheck
