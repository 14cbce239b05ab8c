// Inputs read whole, bounded (see input_file.h).
#include "oracle/formats/input_file.h"

#include "oracle/formats/input_limits.h"
#include "util/errors.h"

#include <cerrno>
#include <cstring>
#include <new>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace palcheck::oracle {

namespace {

std::string too_large(const std::string& name, const std::string& size) {
  return name + ": " + size + " bytes; an input read whole may have at most " + std::to_string(kMaxWholeInputBytes) +
         " (stream large inputs as eval's --inputs, a regular .npy, .csv or .json file)";
}

// Reads `fd` to its end, at most kMaxWholeInputBytes; `known` is a regular file's size (else 0).
std::string read_all(int fd, const std::string& name, std::size_t known) {
  std::string bytes;
  try {
    bytes.reserve(known);
    char chunk[1 << 16];
    for (;;) {
      ssize_t n = ::read(fd, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) throw InputError(name + ": read error: " + std::strerror(errno));
      if (n == 0) return bytes;
      if (bytes.size() + static_cast<std::size_t>(n) > kMaxWholeInputBytes)
        throw InputError(too_large(name, "more than " + std::to_string(kMaxWholeInputBytes)));
      bytes.append(chunk, static_cast<std::size_t>(n));
    }
  } catch (const std::bad_alloc&) {
    throw InputError(name + ": not enough memory to read it whole (" + std::to_string(bytes.size()) + " bytes read)");
  }
}

// Waits until a process opens the FIFO `fd` (opened without blocking) for writing, or times out.
void wait_for_writer(int fd, const std::string& name) {
  pollfd p{fd, POLLIN, 0};
  int ready;
  do ready = ::poll(&p, 1, kFifoWriterSeconds * 1000);
  while (ready < 0 && errno == EINTR);
  if (ready == 0)
    throw InputError(name + ": a FIFO nothing was written to within " + std::to_string(kFifoWriterSeconds) +
                     " s (no process opened it for writing)");
  int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
}

// Closes a descriptor when it goes out of scope.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::ifstream open_input(const std::string& path) {
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open file" + (errno ? std::string(": ") + std::strerror(errno) : ""));
  return in;
}

std::string read_source(const std::string& path) {
  if (path == "-") return read_all(STDIN_FILENO, "standard input", 0);
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) throw InputError(path + ": cannot open file: " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw InputError(path + ": is a folder, not a file");
  if (S_ISREG(st.st_mode) && static_cast<std::size_t>(st.st_size) > kMaxWholeInputBytes)
    throw InputError(too_large(path, std::to_string(st.st_size)));
  bool fifo = S_ISFIFO(st.st_mode);
  Descriptor in{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | (fifo ? O_NONBLOCK : 0))};
  if (in.fd < 0) throw InputError(path + ": cannot open file: " + std::strerror(errno));
  if (fifo) wait_for_writer(in.fd, path);
  return read_all(in.fd, path, S_ISREG(st.st_mode) ? static_cast<std::size_t>(st.st_size) : 0);
}

}  // namespace palcheck::oracle
