// A pseudo-terminal: a character device the test owns (/dev/pts/N), raw, drained by a thread. Tests
// write through it instead of /dev/null: a palcheck that wrongly replaced its output node could not
// create a file in /dev/pts, so such a defect fails the test instead of destroying a system node.
#pragma once

#include <atomic>
#include <cstdlib>
#include <string>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

namespace palcheck::test {

/// A raw pseudo-terminal whose slave path is path(); what is written there is collected by received().
class PtyDevice {
 public:
  PtyDevice() {
    master_ = ::posix_openpt(O_RDWR | O_NOCTTY);
    if (master_ < 0 || ::grantpt(master_) != 0 || ::unlockpt(master_) != 0) return;
    path_ = ::ptsname(master_);
    slave_ = ::open(path_.c_str(), O_RDWR | O_NOCTTY);  // held open: the master reads until the end
    termios mode{};
    ::tcgetattr(slave_, &mode);
    ::cfmakeraw(&mode);
    ::tcsetattr(slave_, TCSANOW, &mode);
    drain_ = std::thread([this] {
      char buffer[4096];
      for (;;) {
        pollfd p{master_, POLLIN, 0};
        if (::poll(&p, 1, 20) > 0) {
          ssize_t n = ::read(master_, buffer, sizeof buffer);
          if (n > 0) received_.append(buffer, static_cast<std::size_t>(n));
        } else if (stop_) {
          return;
        }
      }
    });
  }
  ~PtyDevice() {
    stop_ = true;
    if (drain_.joinable()) drain_.join();
    if (slave_ >= 0) ::close(slave_);
    if (master_ >= 0) ::close(master_);
  }
  PtyDevice(const PtyDevice&) = delete;
  PtyDevice& operator=(const PtyDevice&) = delete;

  /// The character device to write to; empty when no pseudo-terminal could be opened.
  const std::string& path() const { return path_; }
  /// Everything written so far (waits until nothing more arrives).
  std::string received() {
    stop_ = true;
    if (drain_.joinable()) drain_.join();
    return received_;
  }

 private:
  int master_ = -1, slave_ = -1;
  std::string path_, received_;
  std::atomic<bool> stop_{false};
  std::thread drain_;
};

}  // namespace palcheck::test
