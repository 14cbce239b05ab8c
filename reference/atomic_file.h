// Files written whole or not at all, for every layer that writes files (proofs/' .smt2 dumps,
// tools/oracle's outputs; it sits here, the one layer below both): a temporary file with a name unique to this process
// and call (pid and random bits, so concurrent runs on one path never share it), then a rename; the temporary file is
// removed on failure and on SIGINT/SIGTERM.
#pragma once

#include <stdexcept>
#include <string>

namespace palcheck {

/// A file that could not be written; the message names it and the reason.
struct WriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Writes `bytes` to `path` through a unique temporary file in the same folder and a rename, so a failed
/// or interrupted run never leaves a partial file; throws WriteError.
void write_file_atomically(const std::string& path, const std::string& bytes);

/// A temporary file name next to `path`, unique to this process and call (pid and random bits), that
/// SIGINT/SIGTERM remove until temporary_file_done(); for writers that stream (one at a time).
std::string temporary_file_for(const std::string& path);

/// The temporary file of temporary_file_for was renamed into place or removed: signals leave it alone.
void temporary_file_done();

}  // namespace palcheck
