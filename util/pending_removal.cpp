// Removal of what an early stop would leave behind (see pending_removal.h).
#include "util/pending_removal.h"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>

#include <dirent.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace palcheck {

namespace {

// A fixed table, since a signal handler may only read memory and call async-signal-safe functions.
enum State : int { kFree = 0, kFilling = 1, kFile = 2, kFolder = 3, kChild = 4 };

struct Slot {
  std::atomic<int> state{kFree};
  pid_t group = 0;
  char path[4096] = {};
};

constexpr int kSlots = 1024;  // solver dumps of concurrent queries included
Slot slots[kSlots];

void undo_all() {
  for (Slot& s : slots) {
    switch (s.state.load()) {
      case kFile: ::unlink(s.path); break;
      case kFolder: remove_own_folder(s.path); break;
      case kChild: ::kill(-s.group, SIGKILL); break;
      default: break;
    }
  }
}

constexpr int kTerminating[] = {SIGHUP, SIGINT,  SIGQUIT, SIGTERM, SIGPIPE, SIGALRM,
                                SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGABRT};

extern "C" void undo_and_reraise(int signal_number) {
  undo_all();
  // The default action, so that the parent sees which signal ended the run.
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  ::sigaction(signal_number, &fallback, nullptr);
  ::raise(signal_number);
}

extern "C" void undo_at_exit() { undo_all(); }

int claim(const std::string& path, int kind, pid_t group) {
  install_exit_cleanup();
  if (path.size() >= sizeof(Slot::path)) throw std::runtime_error(path.substr(0, 80) + "...: path too long");
  for (int i = 0; i < kSlots; ++i) {
    int expected = kFree;
    if (!slots[i].state.compare_exchange_strong(expected, kFilling)) continue;
    std::memcpy(slots[i].path, path.c_str(), path.size() + 1);
    slots[i].group = group;
    slots[i].state.store(kind);
    return i;
  }
  throw std::runtime_error("more than " + std::to_string(kSlots) + " temporary files at once");
}

// getdents64's record (the libc has no async-signal-safe directory reader).
struct LinuxDirent64 {
  ino64_t d_ino;
  off64_t d_off;
  unsigned short d_reclen;
  unsigned char d_type;
  char d_name[];
};

bool is_dot(const char* name) { return name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0)); }

// Empties the folder open as `fd` (entries removed; subfolders emptied and removed), depth-first.
bool empty_folder(int fd, int depth) {
  if (depth > 64) return false;
  alignas(LinuxDirent64) char buffer[4096];
  bool ok = true;
  for (;;) {
    ::lseek(fd, 0, SEEK_SET);
    long got = ::syscall(SYS_getdents64, fd, buffer, sizeof buffer);
    if (got <= 0) return ok && got == 0;
    bool removed_any = false, only_dots = true;
    for (long at = 0; at < got;) {
      auto* entry = reinterpret_cast<LinuxDirent64*>(buffer + at);
      at += entry->d_reclen;
      if (is_dot(entry->d_name)) continue;
      only_dots = false;
      if (::unlinkat(fd, entry->d_name, 0) == 0) {
        removed_any = true;
        continue;
      }
      int sub = ::openat(fd, entry->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub < 0) {
        ok = false;
        continue;
      }
      bool emptied = empty_folder(sub, depth + 1);
      ::close(sub);
      if (emptied && ::unlinkat(fd, entry->d_name, AT_REMOVEDIR) == 0)
        removed_any = true;
      else
        ok = false;
    }
    if (only_dots) return ok;
    if (!removed_any) return false;  // what is left cannot be removed: stop rather than loop
  }
}

}  // namespace

bool remove_own_folder(const char* path) {
  int fd = ::open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return false;
  bool emptied = empty_folder(fd, 0);
  ::close(fd);
  return emptied && ::rmdir(path) == 0;
}

void install_exit_cleanup() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int s : kTerminating) {
      struct sigaction current {};
      if (::sigaction(s, nullptr, &current) != 0) continue;
      if ((current.sa_flags & SA_SIGINFO) || current.sa_handler != SIG_DFL) continue;  // ignored or handled
      struct sigaction action {};
      action.sa_handler = undo_and_reraise;
      sigfillset(&action.sa_mask);  // one cleanup at a time
      ::sigaction(s, &action, nullptr);
    }
    std::atexit(undo_at_exit);
  });
}

PendingRemoval::PendingRemoval(const std::string& path, RemovalKind kind)
    : slot_(claim(path, kind == RemovalKind::File ? kFile : kFolder, 0)) {}

PendingRemoval::PendingRemoval(PendingRemoval&& other) noexcept : slot_(other.slot_) { other.slot_ = -1; }

PendingRemoval& PendingRemoval::operator=(PendingRemoval&& other) noexcept {
  if (this != &other) {
    release();
    slot_ = other.slot_;
    other.slot_ = -1;
  }
  return *this;
}

PendingRemoval::~PendingRemoval() { release(); }

void PendingRemoval::release() {
  if (slot_ >= 0) slots[slot_].state.store(kFree);
  slot_ = -1;
}

PendingChild::PendingChild(pid_t group) : slot_(claim("", kChild, group)) {}

PendingChild::~PendingChild() {
  if (slot_ >= 0) slots[slot_].state.store(kFree);
}

}  // namespace palcheck
