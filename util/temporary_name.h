// The names of palcheck's temporary files and folders, and the sweep of those a killed run left
// (SIGKILL, a power cut: no handler runs). A temporary of the output NAME is the sibling
// ".NAME.palcheck-KIND.PID.HEX16" (KIND "tmp" for a file, "new" and "old" for a folder): hidden,
// unique to a process and call, and telling which process made it. The sweep removes only names of
// exactly that form whose process is not running and that were not modified for kStaleSeconds; a
// folder only if it also holds palcheck's marker (output_folder.h). Nothing else is ever removed.
#pragma once

#include <string>

namespace palcheck {

/// A temporary untouched this long, of a process that is gone, is debris (an hour: a run that is
/// writing touches its temporary far more often, even where process ids cannot be checked).
inline constexpr long kStaleSeconds = 3600;

/// The file palcheck writes into every folder it makes: the list of the files it wrote there. A folder
/// holding it (and nothing else than what it lists) may be replaced by palcheck; a swept temporary
/// folder must hold it.
inline constexpr const char* kOutputMarker = ".palcheck-output";

/// Which temporary: a file being written, a folder being filled, a replaced folder being removed.
enum class TemporaryKind { File, NewFolder, OldFolder };

/// The sibling temporary name of `path` for this process and call (random bits); throws
/// std::runtime_error when `path` has no file name.
std::string temporary_name(const std::string& path, TemporaryKind kind);

/// Whether `name` (a file name, not a path) is a temporary of the output named `output_name` of
/// this kind; gives the process id that made it.
bool is_temporary_of(const std::string& name, const std::string& output_name, TemporaryKind kind, long& pid);

/// Removes the stale temporaries of `path` of this kind next to it (see above); returns how many.
/// Never throws: a sweep that cannot read the folder removes nothing.
int sweep_stale_temporaries(const std::string& path, TemporaryKind kind);

}  // namespace palcheck
