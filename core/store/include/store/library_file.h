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

// "YYYYMMDD-HHMMSS" in UTC, for file names.
std::string utc_file_timestamp();

}  // namespace cp
