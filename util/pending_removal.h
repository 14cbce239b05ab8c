// What palcheck must undo if it stops early: the temporary files and folders it is writing and the
// child processes it started. Each is registered while it exists; on every exit the process sees
// (return from main, exit(), the terminating signals SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE,
// SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ and SIGABRT) the registered files and folders are
// removed and the child process groups killed; a signal then takes its default action, so the exit
// status still says which signal stopped the run (130 for SIGINT in a shell). A signal the parent set
// to be ignored (nohup) stays ignored. SIGKILL cannot be seen: temporary_name.h sweeps what it leaves.
#pragma once

#include <string>
#include <sys/types.h>

namespace palcheck {

/// Whether a registered path is a file (unlinked) or a folder palcheck made (removed with its content).
enum class RemovalKind { File, Folder };

/// A path removed if the process stops before release(); movable, not copyable. Registration is
/// thread-safe and async-signal-safe to undo; std::runtime_error if the path is too long or too many
/// are pending at once.
class PendingRemoval {
 public:
  PendingRemoval() = default;
  PendingRemoval(const std::string& path, RemovalKind kind);
  PendingRemoval(PendingRemoval&& other) noexcept;
  PendingRemoval& operator=(PendingRemoval&& other) noexcept;
  PendingRemoval(const PendingRemoval&) = delete;
  PendingRemoval& operator=(const PendingRemoval&) = delete;
  /// Releases the registration (the path is not removed: its owner removes or keeps it).
  ~PendingRemoval();
  /// The path is no longer the process's to remove (renamed into place, or removed by its owner).
  void release();

 private:
  int slot_ = -1;
};

/// A child process group killed (SIGKILL) if the process stops before release().
class PendingChild {
 public:
  explicit PendingChild(pid_t group);
  PendingChild(const PendingChild&) = delete;
  PendingChild& operator=(const PendingChild&) = delete;
  ~PendingChild();

 private:
  int slot_ = -1;
};

/// Installs the signal handlers and the exit hook now (registration also does, lazily): for
/// commands that want a signal's cleanup before anything is registered.
void install_exit_cleanup();

/// Removes a folder palcheck made and everything in it, using only system calls (also what the signal
/// handler runs); false if something could not be removed.
bool remove_own_folder(const char* path);

}  // namespace palcheck
