// Atomic, concurrent-safe files (see atomic_file.h).
#include "reference/atomic_file.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

#include <fcntl.h>
#include <unistd.h>

namespace palcheck {

namespace {

// The temporary file being written, for the signal handler: a fixed buffer, since a handler may
// only call async-signal-safe functions (unlink, signal, raise).
char pending_temp[4096];
std::atomic<bool> pending{false};

extern "C" void remove_pending_and_reraise(int signal_number) {
  if (pending.load()) ::unlink(pending_temp);
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

void install_cleanup_once() {
  static const bool installed = [] {
    for (int s : {SIGINT, SIGTERM}) {
      struct sigaction action {};
      action.sa_handler = remove_pending_and_reraise;
      sigemptyset(&action.sa_mask);
      ::sigaction(s, &action, nullptr);
    }
    return true;
  }();
  (void)installed;
}

std::string unique_suffix() {
  std::random_device device;
  std::uint64_t bits = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  char text[64];
  std::snprintf(text, sizeof text, ".tmp.%ld.%016llx", static_cast<long>(::getpid()),
                static_cast<unsigned long long>(bits));
  return text;
}

bool write_all(int fd, const std::string& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

std::string temporary_file_for(const std::string& path) {
  std::string temp = path + unique_suffix();
  if (temp.size() >= sizeof pending_temp) throw WriteError(path.substr(0, 80) + "...: path too long");
  install_cleanup_once();
  pending.store(false);
  std::memcpy(pending_temp, temp.c_str(), temp.size() + 1);
  pending.store(true);
  return temp;
}

void temporary_file_done() { pending.store(false); }

void write_file_atomically(const std::string& path, const std::string& bytes) {
  std::string temp = temporary_file_for(path);
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    temporary_file_done();
    throw WriteError(path + ": cannot write (cannot create " + temp + ": " + std::strerror(errno) + ")");
  }
  bool written = write_all(fd, bytes);
  written = ::close(fd) == 0 && written;
  if (!written || std::rename(temp.c_str(), path.c_str()) != 0) {
    std::string reason = std::strerror(errno);
    ::unlink(temp.c_str());
    temporary_file_done();
    throw WriteError(path + (written ? ": cannot rename the temporary file into place: " : ": write failed: ") +
                     reason);
  }
  temporary_file_done();
}

}  // namespace palcheck
