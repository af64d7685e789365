#include "io/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "engine/validate.h"  // fill_reason
#include "io/read_reasons.h"

namespace cp {
namespace {

// "65.0": a size in MiB, one decimal.
std::string mib(std::uintmax_t bytes) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f", double(bytes) / double(1u << 20));
  return buf;
}

// Why a file of this kind and size cannot be read; an empty reason when it can.
FileRefusal refusal(const struct stat& st, std::uintmax_t max_bytes) {
  if (S_ISDIR(st.st_mode)) return {reasons::file_directory};
  if (S_ISFIFO(st.st_mode)) return {reasons::file_fifo};
  if (S_ISCHR(st.st_mode)) return {reasons::file_char_device};
  if (S_ISBLK(st.st_mode)) return {reasons::file_block_device};
  if (S_ISSOCK(st.st_mode)) return {reasons::file_socket};
  if (!S_ISREG(st.st_mode)) return {reasons::file_not_regular};
  if (max_bytes != kNoSizeLimit && std::uintmax_t(st.st_size) > max_bytes)
    return {reasons::file_too_large, {mib(std::uintmax_t(st.st_size)), mib(max_bytes)}};
  return {};
}

FileRefusal cannot_read() { return {reasons::cannot_read, {std::strerror(errno)}}; }

}  // namespace

std::string FileRefusal::text() const { return fill_reason(reason, args); }

std::string check_regular_file(const std::string& path, std::uintmax_t max_bytes) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return cannot_read().text();
  return refusal(st, max_bytes).text();
}

bool read_input_file(const std::string& path, std::uintmax_t max_bytes, std::string& text, std::string& error) {
  FileRefusal why;
  const bool ok = read_input_file(path, max_bytes, text, why);
  error = ok ? std::string() : why.text();
  return ok;
}

bool read_input_file(const std::string& path, std::uintmax_t max_bytes, std::string& text, FileRefusal& why) {
  text.clear();
  why = {};
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    why = cannot_read();
    return false;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    why = cannot_read();
    ::close(fd);
    return false;
  }
  why = refusal(st, max_bytes);
  if (!why.reason.empty()) {
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
      why = cannot_read();
      ::close(fd);
      text.clear();
      return false;
    }
    if (n == 0) break;
    text.append(buf, std::size_t(n));
  }
  ::close(fd);
  if (max_bytes != kNoSizeLimit && std::uintmax_t(text.size()) > max_bytes) {
    why = {reasons::file_grew, {mib(max_bytes)}};
    text.clear();
    return false;
  }
  return true;
}

}  // namespace cp
