// The outputs of every command, checked before any work (they are written whole or not at all by
// util/atomic_file.h for files, util/output_folder.h for folders), with the errors as InputError
// (exit 2) naming the option.
#pragma once

#include <string>
#include <vector>

namespace palcheck {

/// Flushes std::cout and stdout; InputError "standard output: write failed" when what they held did
/// not all get through (a full disk, a closed descriptor, an I/O error): every command calls it
/// before it exits, so such a run never exits 0.
void flush_standard_output();

/// Whether a path is a file or a folder.
enum class PathKind { File, Folder };

/// A path a command reads or writes, and the option that named it ("-o", "--out", "FILE").
struct NamedPath {
  std::string option;              ///< how the user named it, for messages
  std::string path;                ///< "-" and "" (standard input or output, or not given) are never checked
  PathKind kind = PathKind::File;  ///< a file, or a folder (--out, --replays)
};

/// Before anything is read or computed: every output can be written (a file: its folder exists and
/// is writable, it is not a folder, block device or dangling link; a folder: output_folder.h's rule),
/// and no output is an input, holds an input, or is, holds or lies in another output (paths compared
/// after resolving ".", ".." and symbolic links). InputError naming both options otherwise.
void check_paths(const std::vector<NamedPath>& outputs, const std::vector<NamedPath>& inputs);

/// For a folder output filled in place as a run goes (--smt2-dir): util/output_folder.h's
/// mark_output_folder, InputError naming the option. Call it after check_paths and after the run.
void mark_folder_output(const std::string& path, const std::string& option);

/// check_paths for one output file.
void check_writable(const std::string& path, const std::string& option);

/// InputError naming both options when `output` is the same file as `input` (an input or an earlier
/// output; paths compared after resolving ".", ".." and symbolic links; "-" and empty paths never clash).
void check_distinct(const std::string& output, const std::string& output_option, const std::string& input,
                    const std::string& input_option);

}  // namespace palcheck
