#include "io/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace cp {
namespace {

std::string mib(std::uintmax_t bytes) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f MiB", double(bytes) / double(1u << 20));
  return buf;
}

// The reason a file of this kind and size cannot be read, or "".
std::string reason(const struct stat& st, std::uintmax_t max_bytes) {
  if (S_ISDIR(st.st_mode)) return "is a directory, not a file";
  if (S_ISFIFO(st.st_mode)) return "is a named pipe (FIFO), not a regular file";
  if (S_ISCHR(st.st_mode)) return "is a character device (such as /dev/zero), not a regular file";
  if (S_ISBLK(st.st_mode)) return "is a block device, not a regular file";
  if (S_ISSOCK(st.st_mode)) return "is a socket, not a regular file";
  if (!S_ISREG(st.st_mode)) return "is not a regular file";
  if (max_bytes != kNoSizeLimit && std::uintmax_t(st.st_size) > max_bytes)
    return "is " + mib(std::uintmax_t(st.st_size)) + ", more than the limit of " + mib(max_bytes) + " for this file";
  return {};
}

std::string cannot_read() { return std::string("cannot read: ") + std::strerror(errno); }

}  // namespace

std::string check_regular_file(const std::string& path, std::uintmax_t max_bytes) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return cannot_read();
  return reason(st, max_bytes);
}

bool read_input_file(const std::string& path, std::uintmax_t max_bytes, std::string& text, std::string& error) {
  text.clear();
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    error = cannot_read();
    return false;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    error = cannot_read();
    ::close(fd);
    return false;
  }
  error = reason(st, max_bytes);
  if (!error.empty()) {
    ::close(fd);
    return false;
  }
  // A regular file: clear O_NONBLOCK (it has no effect on regular files, but be plain).
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  // Read at most max_bytes + 1: a file that grows while it is read (or a /proc file that
  // reports size 0) cannot make this read more than the limit.
  const std::uintmax_t cap = max_bytes == kNoSizeLimit ? kNoSizeLimit : max_bytes + 1;
  text.reserve(std::size_t(std::min<std::uintmax_t>(std::uintmax_t(st.st_size), cap)));
  char buf[1 << 16];
  while (std::uintmax_t(text.size()) < cap) {
    const std::size_t want = std::size_t(std::min<std::uintmax_t>(sizeof buf, cap - text.size()));
    const ssize_t n = ::read(fd, buf, want);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = cannot_read();
      ::close(fd);
      text.clear();
      return false;
    }
    if (n == 0) break;
    text.append(buf, std::size_t(n));
  }
  ::close(fd);
  if (max_bytes != kNoSizeLimit && std::uintmax_t(text.size()) > max_bytes) {
    error = "grew past the limit of " + mib(max_bytes) + " for this file while it was read";
    text.clear();
    return false;
  }
  return true;
}


}  // namespace cp
