// Output files written whole or not at all, for every layer that writes files (proofs/' .smt2
// dumps, tools/' outputs; it sits here, the one layer below both). What an output path names decides
// how it is written, and nothing that is not a regular file is ever replaced by one:
//   - absent or a regular file: written to an unnamed temporary file in the same folder (O_TMPFILE;
//     else a hidden name of temporary_name.h), then renamed over it, keeping its permission bits;
//   - a symbolic link: written through to what it points to (the link stays); a dangling link is refused;
//   - a character device or a FIFO (/dev/null, a named pipe): written through once the output is
//     complete (kept meanwhile in an unnamed temporary file); a FIFO with no reader is refused, never waited on;
//   - "-": standard output, the same way;
//   - a folder, a block device or a socket: refused.
// Temporary files are removed on every exit the process sees (pending_removal.h); an unnamed one
// leaves nothing even on SIGKILL, and a named one left by SIGKILL is swept by a later run.
#pragma once

#include <cstddef>
#include <string>

#include "util/errors.h"
#include "util/pending_removal.h"

namespace palcheck {

/// How an output path is written (see above).
enum class OutputNode {
  StandardOutput,  ///< "-"
  Replace,         ///< a regular file, or none yet: renamed into place
  WriteThrough,    ///< a character device or a FIFO: written into
};

/// What `path` names as an output, checked before any work: its folder exists and is writable (or the
/// node itself is); WriteError naming the path and the reason otherwise.
OutputNode check_output_file(const std::string& path);

/// A file output written as a stream and committed whole; uncommitted, it leaves nothing (the
/// destination is untouched). Not thread-safe; one writer per object.
class AtomicFile {
 public:
  /// Opens the temporary file for `path`; WriteError if it cannot be an output or be written.
  explicit AtomicFile(const std::string& path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  /// Appends bytes; WriteError when the disk refuses them.
  void write(const char* data, std::size_t size);
  /// Appends a string's bytes.
  void write(const std::string& bytes) { write(bytes.data(), bytes.size()); }
  /// Replaces bytes already written, from `offset` on (a header known only once the rest is written);
  /// WriteError when the disk refuses them, std::logic_error when they were not all written before.
  void overwrite(std::size_t offset, const char* data, std::size_t size);
  /// Puts the whole output in place (rename, or a copy into the device, FIFO or standard output);
  /// WriteError if that fails (then the destination is as it was, except a device or pipe already
  /// partly written).
  void commit();

 private:
  void flush();

  std::string path_;      // as given, for messages
  std::string target_;    // what is replaced (a link's destination) or written into
  OutputNode node_;
  int fd_ = -1;
  bool unnamed_ = false;  // O_TMPFILE or unlinked at once
  std::string temp_;      // the named temporary file, when not unnamed
  PendingRemoval pending_;
  std::string buffer_;
  bool committed_ = false;
};

/// Writes `bytes` to `path` as AtomicFile does ("-": standard output); throws WriteError.
void write_file_atomically(const std::string& path, const std::string& bytes);

/// Writes `bytes` to standard output (file descriptor 1, after what std::cout and stdout hold);
/// WriteError "standard output: write failed: REASON" when they do not all get through.
void write_standard_output(const std::string& bytes);

}  // namespace palcheck
