// Output files written whole or not at all: a temporary file with a name unique to this process and
// call (pid and random bits, so concurrent runs on one path never share it), then a rename; the
// temporary file is removed on failure and on SIGINT/SIGTERM.
#pragma once

#include <string>

namespace palcheck::oracle {

/// Writes `bytes` to `path` through a unique temporary file in the same folder and a rename, so a
/// failed or interrupted run never leaves a partial file; "-" writes to standard output.
void write_atomically(const std::string& path, const std::string& bytes);

/// A temporary file name next to `path`, unique to this process and call (pid and random bits), that
/// SIGINT/SIGTERM remove until temporary_done(); for writers that stream (one at a time).
std::string temporary_for(const std::string& path);

/// The temporary file of temporary_for was renamed into place or removed: signals leave it alone.
void temporary_done();

/// InputError (exit 2) unless `path`'s folder exists and is writable: checked before a long run.
void check_writable(const std::string& path, const std::string& option);

/// InputError naming both options when `output` is the same file as `input` (an input or an earlier
/// output; paths compared after resolving ".", ".." and symbolic links; "-" and empty paths never clash).
void check_distinct(const std::string& output, const std::string& output_option, const std::string& input,
                    const std::string& input_option);

}  // namespace palcheck::oracle
