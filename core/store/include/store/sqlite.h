// A small RAII wrapper over SQLite's C library: Database, Statement, Transaction. Statements
// are prepared from constant SQL text and every value is bound; SQL is never built from user
// text. Every failure throws sql::Error with SQLite's code and message.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace cp::sql {

class Error : public std::runtime_error {
 public:
  Error(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
  int code() const { return code_; }            // SQLite's extended result code
  int primary_code() const { return code_ & 0xff; }
  bool corrupt() const;                          // SQLITE_CORRUPT or SQLITE_NOTADB
  bool busy() const;                             // SQLITE_BUSY or SQLITE_LOCKED

 private:
  int code_;
};

class Database;

// One prepared statement. Bind parameters are numbered from 1, result columns from 0.
class Statement {
 public:
  Statement() = default;
  Statement(Statement&& o) noexcept;
  Statement& operator=(Statement&& o) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement();

  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, int value) { return bind(index, std::int64_t(value)); }
  Statement& bind(int index, double value);
  Statement& bind(int index, std::string_view text);  // copied by SQLite
  Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
  Statement& bind_null(int index);
  Statement& bind_blob(int index, std::string_view bytes);  // copied by SQLite; empty: a zero-length blob

  // Runs one step: true while a row is available, false when done. Throws on error.
  bool step();
  // Runs a statement that returns no rows (or ignores them) and resets it.
  void run();
  // Resets and clears the bindings, ready to run again.
  void reset();

  std::int64_t int64(int column) const;
  double real(int column) const;
  std::string text(int column) const;  // "" for NULL
  std::string blob(int column) const;  // the bytes of a BLOB (or TEXT); "" for NULL
  bool is_null(int column) const;
  bool is_integer(int column) const;  // stored as an INTEGER

 private:
  friend class Database;
  Statement(sqlite3* db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}
  void check(int rc) const;
  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
};

class Database {
 public:
    // Immutable: read-only, and SQLite assumes nobody changes the file meanwhile (no locks, no
  // -shm file): for a library in a folder where nobody may write.
  enum class Mode { ReadWriteCreate, ReadWrite, ReadOnly, Immutable };

  Database() = default;
  Database(const std::string& path, Mode mode);  // throws Error
  Database(Database&& o) noexcept;
  Database& operator=(Database&& o) noexcept;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;
  ~Database();

  bool is_open() const { return db_ != nullptr; }
  void close();
  // Closing then leaves the -wal file as it is (no checkpoint into the main file).
  void keep_wal_on_close();

  // Runs constant SQL (one or more statements, no parameters). Never pass user text here.
  void exec(const char* sql);
  // A new prepared statement.
  Statement prepare(const char* sql);
  // A prepared statement kept for the life of the connection, reset and ready to bind;
  // keyed by the SQL text itself (not its address: a temporary string's buffer may later hold
  // other SQL), looked up without copying it.
  Statement& cached(const char* sql);

  // The first column of the first row of constant SQL (e.g. "PRAGMA user_version").
  std::int64_t query_int(const char* sql);

  std::int64_t last_insert_rowid() const;
  int changes() const;
  bool read_only() const;  // the main database was opened (or fell back to) read-only
  bool in_transaction() const;
  void set_busy_timeout(int ms);
  const std::string& path() const { return path_; }
  sqlite3* handle() const { return db_; }

  // Copies the whole database to a new file at `to_path` with SQLite's online backup API.
  void backup_to(const std::string& to_path);

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
  struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const noexcept { return std::hash<std::string_view>{}(text); }
  };
  std::unordered_map<std::string, Statement, TextHash, std::equal_to<>> cache_;
};

// BEGIN IMMEDIATE (the write lock up front, so a writer waits in the busy handler instead of
// failing on a lock upgrade) ... COMMIT; rolls back unless commit() was called.
class Transaction {
 public:
  explicit Transaction(Database& db);
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();
  void commit();

 private:
  Database& db_;
  bool done_ = false;
};

}  // namespace cp::sql
