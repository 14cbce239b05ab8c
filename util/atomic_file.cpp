// Output files written whole or not at all (see atomic_file.h).
#include "util/atomic_file.h"

#include "util/temporary_name.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace palcheck {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

std::string reason() { return std::strerror(errno); }

std::string folder_of(const std::string& path) {
  fs::path folder = fs::path(path).parent_path();
  return folder.empty() ? std::string(".") : folder.string();
}

bool write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

// What a path names as an output, and the file that is replaced or written into.
struct Resolved {
  OutputNode node;
  std::string target;
};

Resolved resolve(const std::string& path) {
  if (path == "-") return {OutputNode::StandardOutput, path};
  if (path.empty()) throw WriteError("an empty output path");
  struct stat st {};
  std::string target = path;
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno != ENOENT) throw WriteError(path + ": cannot write: " + reason());
    std::string folder = folder_of(path);
    struct stat fst {};
    if (::stat(folder.c_str(), &fst) != 0 || !S_ISDIR(fst.st_mode))
      throw WriteError(path + ": the folder " + folder + " does not exist");
    return {OutputNode::Replace, path};
  }
  if (S_ISLNK(st.st_mode)) {
    if (::stat(path.c_str(), &st) != 0)
      throw WriteError(path + ": a symbolic link to nothing (" + reason() + "); palcheck writes through links only");
    std::error_code ec;
    target = fs::canonical(path, ec).string();
    if (ec) throw WriteError(path + ": cannot resolve the symbolic link: " + ec.message());
  }
  if (S_ISREG(st.st_mode)) return {OutputNode::Replace, target};
  if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) return {OutputNode::WriteThrough, path};
  if (S_ISDIR(st.st_mode)) throw WriteError(path + " is a folder, not a file");
  throw WriteError(path + std::string(S_ISBLK(st.st_mode) ? " is a block device" : " is a socket") +
                   "; palcheck writes regular files, character devices and FIFOs only");
}

// An unnamed file in `folder` for reading and writing, or -1 where the file system has no O_TMPFILE.
int open_unnamed(const std::string& folder, mode_t mode) {
  if (::access("/proc/self/fd", X_OK) != 0) return -1;  // linkat through /proc is how it gets a name
  return ::open(folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, mode);
}

// An unnamed scratch file in the temporary folder (for outputs copied out at commit).
int open_scratch() {
  std::error_code ec;
  std::string folder = fs::temp_directory_path(ec).string();
  if (ec) folder = "/tmp";
  int fd = open_unnamed(folder, 0600);
  if (fd >= 0) return fd;
  std::string name = (fs::path(folder) / "palcheck-scratch-XXXXXX").string();
  fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) throw WriteError("cannot create a temporary file in " + folder + ": " + reason());
  ::unlink(name.c_str());  // unnamed from now on: nothing to remove, whatever ends the process
  return fd;
}

// Copies the whole of `from` (from its start) into `to`.
bool copy_all(int from, int to) {
  if (::lseek(from, 0, SEEK_SET) != 0) return false;
  char chunk[1 << 16];
  for (;;) {
    ssize_t n = ::read(from, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) return true;
    if (!write_all(to, chunk, static_cast<std::size_t>(n))) return false;
  }
}

// Opens a device or FIFO for writing without waiting: a FIFO nobody reads is an error, not a hang.
int open_write_through(const std::string& path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENXIO) throw WriteError(path + ": no process is reading this FIFO");
    throw WriteError(path + ": cannot write: " + reason());
  }
  int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  return fd;
}

void flush_standard_streams() {
  std::cout.flush();
  std::fflush(stdout);
}

}  // namespace

OutputNode check_output_file(const std::string& path) {
  Resolved r = resolve(path);
  if (r.node == OutputNode::Replace) {
    std::string folder = folder_of(r.target);
    if (::access(folder.c_str(), W_OK) != 0)
      throw WriteError(path + ": the folder " + folder + " is not writable");
  } else if (r.node == OutputNode::WriteThrough && ::access(path.c_str(), W_OK) != 0) {
    throw WriteError(path + ": not writable");
  }
  return r.node;
}

AtomicFile::AtomicFile(const std::string& path) : path_(path) {
  Resolved r = resolve(path);
  node_ = r.node;
  target_ = r.target;
  buffer_.reserve(kBufferBytes);
  if (node_ != OutputNode::Replace) {
    fd_ = open_scratch();
    unnamed_ = true;
    return;
  }
  std::string folder = folder_of(target_);
  sweep_stale_temporaries(target_, TemporaryKind::File);
  struct stat st {};
  mode_t mode = ::stat(target_.c_str(), &st) == 0 ? (st.st_mode & 07777) : 0666;
  fd_ = open_unnamed(folder, mode);
  if (fd_ >= 0) {
    unnamed_ = true;
  } else {
    temp_ = temporary_name(target_, TemporaryKind::File);
    pending_ = PendingRemoval(temp_, RemovalKind::File);
    fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd_ < 0) {
      std::string why = reason();
      pending_.release();
      throw WriteError(path_ + ": cannot write (cannot create a temporary file in " + folder + ": " + why + ")");
    }
  }
  if (mode != 0666) ::fchmod(fd_, mode);  // an existing file keeps its permissions (umask aside)
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!committed_ && !temp_.empty()) ::unlink(temp_.c_str());
}

void AtomicFile::flush() {
  if (buffer_.empty()) return;
  if (!write_all(fd_, buffer_.data(), buffer_.size())) throw WriteError(path_ + ": write failed: " + reason());
  buffer_.clear();
}

void AtomicFile::write(const char* data, std::size_t size) {
  if (committed_) throw WriteError(path_ + ": written after commit");
  if (buffer_.size() + size > kBufferBytes) flush();
  if (size >= kBufferBytes) {
    if (!write_all(fd_, data, size)) throw WriteError(path_ + ": write failed: " + reason());
    return;
  }
  buffer_.append(data, size);
}

void AtomicFile::overwrite(std::size_t offset, const char* data, std::size_t size) {
  if (committed_) throw WriteError(path_ + ": written after commit");
  flush();
  off_t written = ::lseek(fd_, 0, SEEK_CUR);
  if (written < 0 || offset + size > static_cast<std::size_t>(written))
    throw std::logic_error("AtomicFile::overwrite: beyond the bytes written");
  for (std::size_t done = 0; done < size;) {
    ssize_t n = ::pwrite(fd_, data + done, size - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw WriteError(path_ + ": write failed: " + reason());
    done += static_cast<std::size_t>(n);
  }
}

void AtomicFile::commit() {
  flush();
  if (node_ == OutputNode::StandardOutput) {
    flush_standard_streams();
    if (!copy_all(fd_, STDOUT_FILENO)) throw WriteError("standard output: write failed: " + reason());
  } else if (node_ == OutputNode::WriteThrough) {
    int out = open_write_through(path_);
    bool ok = copy_all(fd_, out);
    std::string why = reason();
    ok = ::close(out) == 0 && ok;
    if (!ok) throw WriteError(path_ + ": write failed: " + why);
  } else {
    if (unnamed_) {
      // linkat cannot replace a file: the unnamed file gets a temporary name, then rename replaces.
      temp_ = temporary_name(target_, TemporaryKind::File);
      pending_ = PendingRemoval(temp_, RemovalKind::File);
      std::string self = "/proc/self/fd/" + std::to_string(fd_);
      if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, temp_.c_str(), AT_SYMLINK_FOLLOW) != 0) {
        std::string why = reason();
        temp_.clear();
        pending_.release();
        throw WriteError(path_ + ": cannot name the temporary file: " + why);
      }
    }
    int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) throw WriteError(path_ + ": write failed: " + reason());
    if (std::rename(temp_.c_str(), target_.c_str()) != 0)
      throw WriteError(path_ + ": cannot rename the temporary file into place: " + reason());
    pending_.release();
    temp_.clear();
  }
  committed_ = true;
}

void write_standard_output(const std::string& bytes) {
  flush_standard_streams();
  if (!std::cout || std::ferror(stdout) || !write_all(STDOUT_FILENO, bytes.data(), bytes.size()))
    throw WriteError("standard output: write failed: " + reason());
}

void write_file_atomically(const std::string& path, const std::string& bytes) {
  if (path == "-") return write_standard_output(bytes);
  AtomicFile file(path);
  file.write(bytes);
  file.commit();
}

}  // namespace palcheck
