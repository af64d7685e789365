#include "store/library_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <stdexcept>

namespace cp {

namespace {

constexpr char kSqliteMagic[16] = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f', 'o', 'r', 'm', 'a', 't', ' ', '3', '\0'};
constexpr int kHeaderSize = 100;
constexpr int kApplicationIdOffset = 68;  // big-endian, SQLite file format section 1.3

// Hard link then unlink: fails with EEXIST instead of replacing an existing file.
int move_no_replace(const std::string& from, const std::string& to) {
  if (::link(from.c_str(), to.c_str()) == 0) return ::unlink(from.c_str()) == 0 ? 0 : errno;
  const int err = errno;
  if (err == EEXIST) return err;
  // A file system without hard links: check, then rename (the race is harmless here).
  struct stat st {};
  if (::lstat(to.c_str(), &st) == 0) return EEXIST;
  return ::rename(from.c_str(), to.c_str()) == 0 ? 0 : errno;
}

bool exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

}  // namespace

std::string utc_file_timestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  return buf;
}

LibraryFileInfo inspect_library_file(const std::string& path) {
  LibraryFileInfo info;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return info;  // Missing
    info.kind = LibraryFileKind::Unreadable;
    info.error = std::strerror(errno);
    return info;
  }
  info.device = std::uint64_t(st.st_dev);
  info.inode = std::uint64_t(st.st_ino);
  if (S_ISDIR(st.st_mode)) {
    info.kind = LibraryFileKind::Directory;
    return info;
  }
  if (!S_ISREG(st.st_mode)) {
    info.kind = LibraryFileKind::NotSqlite;
    return info;
  }
  if (st.st_size == 0) {
    info.kind = LibraryFileKind::Empty;
    return info;
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    info.kind = LibraryFileKind::Unreadable;
    info.error = std::strerror(errno);
    return info;
  }
  unsigned char header[kHeaderSize];
  ssize_t got = 0;
  while (got < kHeaderSize) {
    const ssize_t n = ::read(fd, header + got, std::size_t(kHeaderSize - got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += n;
  }
  ::close(fd);
  if (got < ssize_t(sizeof kSqliteMagic) || std::memcmp(header, kSqliteMagic, sizeof kSqliteMagic) != 0) {
    info.kind = LibraryFileKind::NotSqlite;
    return info;
  }
  if (got < kHeaderSize) {
    info.kind = LibraryFileKind::Truncated;
    return info;
  }
  const unsigned char* a = header + kApplicationIdOffset;
  info.application_id = std::uint32_t(a[0]) << 24 | std::uint32_t(a[1]) << 16 | std::uint32_t(a[2]) << 8 | a[3];
  info.kind = info.application_id == kLibraryApplicationId ? LibraryFileKind::Library : LibraryFileKind::OtherSqlite;
  return info;
}

std::string move_library_aside(const std::string& path) {
  const std::string stem = path + ".damaged-" + utc_file_timestamp();
  for (int n = 1; n < 1000; ++n) {
    std::string target = n == 1 ? stem : stem + "-" + std::to_string(n);
    // The -wal file holds committed transactions not yet in the main file: it travels with it.
    if (exists(target) || exists(target + "-wal") || exists(target + "-shm")) continue;
    const int err = move_no_replace(path, target);
    if (err == EEXIST) continue;
    if (err != 0)
      throw std::runtime_error("cannot move the damaged library '" + path + "' aside: " + std::strerror(err));
    for (const char* suffix : {"-wal", "-shm"})
      if (exists(path + suffix)) move_no_replace(path + suffix, target + suffix);
    const std::filesystem::path dir = std::filesystem::path(path).has_parent_path()
                                          ? std::filesystem::path(path).parent_path()
                                          : std::filesystem::path(".");
    const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
      ::fsync(dfd);
      ::close(dfd);
    }
    return target;
  }
  throw std::runtime_error("cannot move the damaged library '" + path + "' aside: no free name");
}

std::string default_library_path() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg && xdg[0] == '/') return std::string(xdg) + "/clusterplan/library.sqlite";
  const char* home = std::getenv("HOME");
  if (home && home[0] != '\0') return std::string(home) + "/.local/share/clusterplan/library.sqlite";
  return {};
}

}  // namespace cp
