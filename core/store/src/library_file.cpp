#include "store/library_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <cinttypes>
#include <cstdio>
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

// --- The commit record ---

namespace {

constexpr const char* kRecordHead = "clusterplan-commits 1 ";
constexpr std::size_t kRecordMax = 256;

std::uint64_t fnv1a(std::string_view bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

// "clusterplan-commits 1 INSTANCE COMMITS CHECK\n": CHECK is the FNV-1a 64 of what precedes it,
// so that a torn or damaged record reads as none.
std::string record_text(const CommitRecord& r) {
  std::string body = kRecordHead + r.instance + " " + std::to_string(r.commits);
  char check[24];
  std::snprintf(check, sizeof check, " %016" PRIx64 "\n", fnv1a(body));
  return body + check;
}

bool parse_record(std::string_view text, CommitRecord& out) {
  const std::string_view head(kRecordHead);
  if (text.size() < head.size() || text.substr(0, head.size()) != head || text.back() != '\n') return false;
  text.remove_suffix(1);
  const auto last = text.rfind(' ');
  if (last == std::string_view::npos || text.size() - last - 1 != 16) return false;
  char check[17];
  std::snprintf(check, sizeof check, "%016" PRIx64, fnv1a(text.substr(0, last)));
  if (text.substr(last + 1) != check) return false;
  const std::string_view body = text.substr(head.size(), last - head.size());
  const auto space = body.find(' ');
  if (space == std::string_view::npos || space == 0) return false;
  const std::string count(body.substr(space + 1));
  if (count.empty() || count.find_first_not_of("0123456789") != std::string::npos || count.size() > 18) return false;
  out.instance = std::string(body.substr(0, space));
  out.commits = std::stoll(count);
  return true;
}

std::string read_fd(int fd) {
  std::string text;
  char buf[kRecordMax];
  for (;;) {
    const ssize_t n = ::pread(fd, buf, sizeof buf, off_t(text.size()));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buf, std::size_t(n));
    if (text.size() > kRecordMax) break;
  }
  return text;
}

}  // namespace

std::string commit_record_path(const std::string& library_path) { return library_path + "-commits"; }

bool read_commit_record(const std::string& library_path, CommitRecord& out) {
  const int fd = ::open(commit_record_path(library_path).c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return false;
  struct stat st {};
  bool ok = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  if (ok) {
    ::flock(fd, LOCK_SH);  // a writer replaces the text under LOCK_EX
    ok = parse_record(read_fd(fd), out);
  }
  ::close(fd);
  return ok;
}

void write_commit_record(const std::string& library_path, const CommitRecord& r, bool replace) {
  const int fd = ::open(commit_record_path(library_path).c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK,
                        0666);
  if (fd < 0) return;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || ::flock(fd, LOCK_EX) != 0) {
    ::close(fd);
    return;
  }
  CommitRecord now;
  const bool have = parse_record(read_fd(fd), now);
  if (replace || !have || now.instance != r.instance || now.commits < r.commits) {
    const std::string text = record_text(r);
    // The same length every time but when the count gains a digit: write, then cut what is left.
    if (::pwrite(fd, text.data(), text.size(), 0) == ssize_t(text.size())) (void)::ftruncate(fd, off_t(text.size()));
  }
  ::close(fd);  // releases the lock
}

bool copy_file_no_replace(const std::string& from, const std::string& to, std::string& error) {
  const int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) {
    error = "cannot read '" + from + "': " + std::strerror(errno);
    return false;
  }
  const int out = ::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (out < 0) {
    error = "cannot create '" + to + "': " + std::strerror(errno);
    ::close(in);
    return false;
  }
  char buf[1 << 16];
  bool ok = true;
  for (;;) {
    const ssize_t n = ::read(in, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ok = false;
      break;
    }
    if (n == 0) break;
    for (ssize_t done = 0; done < n;) {
      const ssize_t w = ::write(out, buf + done, std::size_t(n - done));
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) {
        ok = false;
        break;
      }
      done += w;
    }
    if (!ok) break;
  }
  if (ok && ::fsync(out) != 0) ok = false;
  if (!ok) error = "cannot copy '" + from + "' to '" + to + "': " + std::strerror(errno);
  ::close(out);
  ::close(in);
  if (!ok) ::unlink(to.c_str());
  return ok;
}

std::string default_library_path() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg && xdg[0] == '/') return std::string(xdg) + "/clusterplan/library.sqlite";
  const char* home = std::getenv("HOME");
  if (home && home[0] != '\0') return std::string(home) + "/.local/share/clusterplan/library.sqlite";
  return {};
}

}  // namespace cp
