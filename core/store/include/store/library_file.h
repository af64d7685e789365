// Recognising a clusterplan library on disk before SQLite touches it, and moving a damaged
// one aside. Reading the header needs no SQLite: a file that is not a library is then left
// exactly as it was (SQLite would create -wal/-shm files or roll back a hot journal).
#pragma once

#include <cstdint>
#include <string>

namespace cp {

// PRAGMA application_id of a clusterplan library: "CPLB" in ASCII.
inline constexpr std::uint32_t kLibraryApplicationId = 0x43504C42;

enum class LibraryFileKind {
  Missing,      // no file yet: a new library starts
  Empty,        // zero bytes: SQLite treats it as an empty database; a new library starts
  Library,      // an SQLite database with clusterplan's application_id
  OtherSqlite,  // an SQLite database of something else
  NotSqlite,    // anything else (a PDF, a text file, a device)
  Truncated,    // SQLite's magic string but not even a whole header: cannot be recognised
  Directory,
  Unreadable,
};

struct LibraryFileInfo {
  LibraryFileKind kind = LibraryFileKind::Missing;
  std::uint32_t application_id = 0;
  std::string error;  // Unreadable: the reason
  // The file's device and inode number (0 when it is missing): which file the path named.
  std::uint64_t device = 0, inode = 0;
};

// Reads the header with a plain open() and close(): call it only while no SQLite connection of
// this process has the file open (POSIX drops every lock a process holds on a file when any
// descriptor of it is closed; SQLite's "How To Corrupt An SQLite Database File", 2.2).
LibraryFileInfo inspect_library_file(const std::string& path);

// Moves `path` (with its -wal and -shm files) to "PATH.damaged-YYYYMMDD-HHMMSS" (UTC), adding
// "-2", "-3" ... when that name is taken: nothing is ever overwritten or deleted. Returns the
// new path; throws std::runtime_error when the move is impossible (the file then stays).
std::string move_library_aside(const std::string& path);

// Where the GUI and the CLI keep the library unless told otherwise, by the XDG base directory
// rule (specifications.freedesktop.org/basedir-spec): $XDG_DATA_HOME/clusterplan/library.sqlite
// when XDG_DATA_HOME is an absolute path, else $HOME/.local/share/clusterplan/library.sqlite;
// "" when neither is set.
std::string default_library_path();

// The commit record kept beside a library ("PATH-commits"): the library's instance (a random
// id it got when it was created) and how many write transactions it had committed when the
// record was last written. Every commit raises the count in the library and then here, so the
// library read back never holds fewer commits than the record says; when it does, committed
// saves were lost (a damaged -wal file makes SQLite stop replaying at the damage, quietly) or
// the file was replaced by an older copy.
struct CommitRecord {
  std::string instance;
  std::int64_t commits = 0;
};
std::string commit_record_path(const std::string& library_path);
// False when there is no record or it cannot be read or is not one (a damaged record proves
// nothing either way).
bool read_commit_record(const std::string& library_path, CommitRecord& out);
// Raises the record to `r` (never lowers it: writers in several processes finish their
// commits in any order), or sets it to `r` whatever it held when `replace` (a new library,
// or a loss that was reported). Best effort: a folder where the record cannot be written
// leaves the check without a record, never the save without its commit.
void write_commit_record(const std::string& library_path, const CommitRecord& r, bool replace);

// Copies `from` to a new file `to` (never over an existing one), byte for byte, with a plain
// open() and read(): only for files SQLite holds no POSIX lock on (a -wal file).
bool copy_file_no_replace(const std::string& from, const std::string& to, std::string& error);

// "YYYYMMDD-HHMMSS" in UTC, for file names.
std::string utc_file_timestamp();

}  // namespace cp
