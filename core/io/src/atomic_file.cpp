#include "io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <random>

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

// Creates ".NAME.tmp-XXXXXX" beside the target with O_EXCL and mode 0666, so that the kernel
// applies the umask (and a directory's default ACL) exactly as for any new file; mkstemp would
// create it 0600, and reading the umask means setting it (umask(2) has no read-only form), which
// races with every other thread that creates a file. Returns the descriptor or -1 (errno set).
int create_temporary(const std::string& stem, std::string& tmp_path) {
  static constexpr char kLetters[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  static constexpr std::size_t kSuffix = 6;  // as mkstemp's XXXXXX
  std::random_device seed;
  std::mt19937_64 random(seed() ^ (std::uint64_t(::getpid()) << 32U));
  std::uniform_int_distribution<std::size_t> pick(0, sizeof kLetters - 2);
  for (int attempt = 0; attempt < 100; ++attempt) {
    tmp_path = stem;
    for (std::size_t i = 0; i < kSuffix; ++i) tmp_path += kLetters[pick(random)];
    const int fd = ::open(tmp_path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  errno = EEXIST;
  return -1;
}

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

bool write_file_atomically(const std::string& given, std::string_view bytes, std::string& error,
                           bool follow_symlink) {
  namespace fs = std::filesystem;
  auto fail = [&](const std::string& why) {
    error = "cannot write '" + given + "': " + why;
    return false;
  };
  if (fs::path(given).filename().empty()) return fail("not a file name");
  // What is there now: nothing, a regular file, or a link that leads to one (when followed).
  std::string path = given;
  struct stat st {};
  if (::lstat(given.c_str(), &st) == 0) {
    if (S_ISLNK(st.st_mode)) {
      if (!follow_symlink)
        return fail("it is a symbolic link; it was left as it is (give --follow-symlink to write the file it "
                    "leads to)");
      std::error_code ec;
      const fs::path resolved = fs::canonical(given, ec);
      if (ec) return fail("it is a symbolic link that leads nowhere (" + ec.message() + ")");
      if (::lstat(resolved.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
        return fail(std::string("it is a symbolic link to '") + resolved.string() + "', which is " +
                    kind_of(st.st_mode) + "; only a regular file is replaced");
      path = resolved.string();
    } else if (S_ISDIR(st.st_mode)) {
      return fail("it is a directory");
    } else if (!S_ISREG(st.st_mode)) {
      return fail(std::string("it exists and is ") + kind_of(st.st_mode) + "; only a regular file is replaced");
    }
  } else if (errno != ENOENT) {
    return fail(std::strerror(errno));
  }
  const fs::path target(path);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");

  // ".NAME.tmp-XXXXXX" beside the target (appended piece by piece: GCC 12 warns falsely on
  // "." + std::string in Release builds); a short ".clusterplan.tmp-XXXXXX" when the target's
  // name is so long that the longer one would pass the file system's 255-byte limit.
  std::string name = dir.string();
  name += "/.";
  const std::string leaf = target.filename().string();
  name += leaf.size() + 12 <= 255 ? leaf : std::string("clusterplan");
  name += ".tmp-";
  std::string tmp_path;
  const int fd = create_temporary(name, tmp_path);
  if (fd < 0) return fail(std::strerror(errno));

  // An existing target keeps its mode; a new one has the mode the kernel gave the temporary file.
  int saved = 0;
  struct stat target_st {};
  if (::stat(path.c_str(), &target_st) == 0 && ::fchmod(fd, target_st.st_mode & 07777) != 0) saved = errno;
  if (saved == 0 && (!write_all(fd, bytes) || ::fsync(fd) != 0)) saved = errno;
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
