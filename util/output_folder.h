// Output folders (report --out, verify --out, merge --out) written whole or not at all, and never
// over anything palcheck did not make. A folder output is filled in a fresh hidden sibling
// (temporary_name.h) and swapped in when complete, only if the destination is absent, empty, or a
// folder palcheck made that holds nothing but what palcheck wrote there: palcheck writes into every
// folder it makes a marker (kOutputMarker) listing its files, and replacing such a folder removes
// exactly those. Anything else (a folder holding other files, a file, a device, the working folder
// or one of its parents) is refused, naming the path, before any work. A symbolic link to a folder
// is written through (the folder it points to is the destination; the link stays).
#pragma once

#include "util/atomic_file.h"
#include "util/pending_removal.h"

#include <string>
#include <vector>

namespace palcheck {

/// Why `path` may not be replaced by a folder palcheck writes, or "" when it may (see above).
std::string output_folder_problem(const std::string& path);

/// WriteError naming the path and the reason unless output_folder_problem(path) is "".
void check_output_folder(const std::string& path);

/// For a folder palcheck fills in place, file by file (--smt2-dir: the run names its files by path):
/// creates it if absent and writes its marker listing every file now in it. Call it after
/// check_output_folder, before the run and after it. WriteError if it cannot.
void mark_output_folder(const std::string& path);

/// A folder output being filled. Files go into staging(); commit() puts the folder in place.
/// Destroyed uncommitted, it leaves nothing (the destination is untouched).
class OutputFolder {
 public:
  /// Checks the destination (check_output_folder) and creates the staging folder next to it.
  explicit OutputFolder(const std::string& path);
  ~OutputFolder();
  OutputFolder(const OutputFolder&) = delete;
  OutputFolder& operator=(const OutputFolder&) = delete;

  /// Where the output's files are written until commit().
  const std::string& staging() const { return staging_; }
  /// Writes the marker (the files now in staging()), checks the destination again and swaps the
  /// staging folder in; a folder it replaces loses exactly the files its marker lists (anything
  /// added since is kept, and named on `kept`). WriteError if the swap fails.
  void commit(std::vector<std::string>* kept = nullptr);

 private:
  std::string path_;     // as given, for messages
  std::string target_;   // the destination, a link resolved
  std::string staging_;  // the hidden sibling being filled
  PendingRemoval pending_;
  bool committed_ = false;
};

}  // namespace palcheck
