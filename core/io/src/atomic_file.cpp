#include "io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

namespace cp {

namespace {

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes.remove_prefix(std::size_t(n));
  }
  return true;
}

// The mode a new file gets: the target's mode if it exists, else 0666 less the umask.
mode_t new_file_mode(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) return st.st_mode & 07777;
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace

bool write_file_atomically(const std::string& path, std::string_view bytes, std::string& error) {
  namespace fs = std::filesystem;
  auto fail = [&](const std::string& why) {
    error = "cannot write '" + path + "': " + why;
    return false;
  };
  const fs::path target(path);
  if (target.filename().empty()) return fail("not a file name");
  std::error_code ec;
  if (fs::is_directory(target, ec)) return fail("it is a directory");
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");

  // ".NAME.tmp-XXXXXX" beside the target (appended piece by piece: GCC 12 warns falsely on
  // "." + std::string in Release builds).
  std::string name = dir.string();
  name += "/.";
  name += target.filename().string();
  name += ".tmp-XXXXXX";
  std::vector<char> tmp(name.begin(), name.end());
  tmp.push_back('\0');
  const int fd = ::mkstemp(tmp.data());
  if (fd < 0) return fail(std::strerror(errno));
  const std::string tmp_path(tmp.data());

  int saved = 0;
  if (::fchmod(fd, new_file_mode(path)) != 0 || !write_all(fd, bytes) || ::fsync(fd) != 0) saved = errno;
  if (::close(fd) != 0 && saved == 0) saved = errno;
  if (saved == 0 && ::rename(tmp_path.c_str(), path.c_str()) != 0) saved = errno;
  if (saved != 0) {
    ::unlink(tmp_path.c_str());
    return fail(std::strerror(saved));
  }
  // The rename is durable once the directory entry is on disk.
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return true;
}

}  // namespace cp
