#include "store/sqlite.h"

#include <sqlite3.h>

#include <cstdio>
#include <cstring>
#include <utility>

namespace cp::sql {

namespace {

// SQLite's message, with the operating system's reason when there is one.
std::string reason(sqlite3* db, int rc) {
  if (!db) return sqlite3_errstr(rc);
  std::string r = sqlite3_errmsg(db);
  if (const int e = sqlite3_system_errno(db); e != 0 && (rc & 0xff) == SQLITE_CANTOPEN) r += std::string(" (") + std::strerror(e) + ")";
  return r;
}

[[noreturn]] void throw_error(sqlite3* db, int rc, const std::string& what) {
  throw Error(db ? sqlite3_extended_errcode(db) : rc, what + ": " + reason(db, rc));
}

}  // namespace

bool Error::corrupt() const { return primary_code() == SQLITE_CORRUPT || primary_code() == SQLITE_NOTADB; }
bool Error::busy() const { return primary_code() == SQLITE_BUSY || primary_code() == SQLITE_LOCKED; }

// --- Statement ---

Statement::Statement(Statement&& o) noexcept
    : db_(std::exchange(o.db_, nullptr)), stmt_(std::exchange(o.stmt_, nullptr)) {}

Statement& Statement::operator=(Statement&& o) noexcept {
  if (this != &o) {
    sqlite3_finalize(stmt_);
    db_ = std::exchange(o.db_, nullptr);
    stmt_ = std::exchange(o.stmt_, nullptr);
  }
  return *this;
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

void Statement::check(int rc) const {
  if (rc != SQLITE_OK) throw_error(db_, rc, std::string("binding a value of '") + sqlite3_sql(stmt_) + "'");
}

Statement& Statement::bind(int index, std::int64_t value) {
  check(sqlite3_bind_int64(stmt_, index, value));
  return *this;
}

Statement& Statement::bind(int index, double value) {
  check(sqlite3_bind_double(stmt_, index, value));
  return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
  // An empty std::string_view may have no data pointer: SQLite would bind NULL, not ''.
  const char* data = text.data() ? text.data() : "";
  check(sqlite3_bind_text64(stmt_, index, data, text.size(), SQLITE_TRANSIENT, SQLITE_UTF8));
  return *this;
}

Statement& Statement::bind_blob(int index, std::string_view bytes) {
  // sqlite3_bind_blob64 binds NULL for a null pointer: a zero-length blob needs one that is not.
  const char* data = bytes.data() ? bytes.data() : "";
  check(sqlite3_bind_blob64(stmt_, index, data, bytes.size(), SQLITE_TRANSIENT));
  return *this;
}

Statement& Statement::bind_null(int index) {
  check(sqlite3_bind_null(stmt_, index));
  return *this;
}

bool Statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  const std::string sql = sqlite3_sql(stmt_);
  sqlite3_reset(stmt_);
  throw_error(db_, rc, "running '" + sql + "'");
}

void Statement::run() {
  while (step()) {
  }
  reset();
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::int64_t Statement::int64(int column) const { return sqlite3_column_int64(stmt_, column); }
double Statement::real(int column) const { return sqlite3_column_double(stmt_, column); }
bool Statement::is_null(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }
bool Statement::is_integer(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_INTEGER; }

std::string Statement::text(int column) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  if (!p) return {};
  return std::string(p, std::size_t(sqlite3_column_bytes(stmt_, column)));
}

std::string Statement::blob(int column) const {
  const void* p = sqlite3_column_blob(stmt_, column);
  if (!p) return {};
  return std::string(static_cast<const char*>(p), std::size_t(sqlite3_column_bytes(stmt_, column)));
}

// --- Database ---

Database::Database(const std::string& path, Mode mode) : path_(path) {
  int flags = SQLITE_OPEN_NOMUTEX;
  switch (mode) {
    case Mode::ReadWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE; break;
    case Mode::ReadWrite: flags |= SQLITE_OPEN_READWRITE; break;
    case Mode::ReadOnly: flags |= SQLITE_OPEN_READONLY; break;
    case Mode::Immutable: flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI; break;
  }
  std::string name = path;
  if (mode == Mode::Immutable) {  // file:PATH?immutable=1, with the URI's special characters escaped
    name = "file:";
    for (char c : path) {
      if (c == '?' || c == '#' || c == '%') {
        char buf[4];
        std::snprintf(buf, sizeof buf, "%%%02X", unsigned(static_cast<unsigned char>(c)));
        name += buf;
      } else {
        name += c;
      }
    }
    name += "?immutable=1";
  }
  const int rc = sqlite3_open_v2(name.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    const int code = db_ ? sqlite3_extended_errcode(db_) : rc;
    const std::string message = "cannot open '" + path + "': " + reason(db_, rc);
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw Error(code, message);
  }
  sqlite3_extended_result_codes(db_, 1);
}

Database::Database(Database&& o) noexcept
    : db_(std::exchange(o.db_, nullptr)), path_(std::move(o.path_)), cache_(std::move(o.cache_)) {}

Database& Database::operator=(Database&& o) noexcept {
  if (this != &o) {
    close();
    db_ = std::exchange(o.db_, nullptr);
    path_ = std::move(o.path_);
    cache_ = std::move(o.cache_);
  }
  return *this;
}

Database::~Database() { close(); }

void Database::close() {
  cache_.clear();  // finalize the cached statements before the connection
  if (db_) sqlite3_close_v2(db_);
  db_ = nullptr;
}

void Database::keep_wal_on_close() { sqlite3_db_config(db_, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr); }

void Database::exec(const char* sql) {
  char* error = nullptr;
  const int rc = sqlite3_exec(db_, sql, nullptr, nullptr, &error);
  if (rc != SQLITE_OK) {
    std::string message = std::string("running '") + sql + "': " + (error ? error : sqlite3_errstr(rc));
    sqlite3_free(error);
    throw Error(sqlite3_extended_errcode(db_), message);
  }
}

Statement Database::prepare(const char* sql) {
  sqlite3_stmt* stmt = nullptr;
  const int rc = sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
  if (rc != SQLITE_OK) throw_error(db_, rc, std::string("preparing '") + sql + "'");
  return Statement(db_, stmt);
}

Statement& Database::cached(const char* sql) {
  auto it = cache_.find(std::string_view(sql));
  if (it == cache_.end()) it = cache_.emplace(std::string(sql), prepare(sql)).first;
  it->second.reset();
  return it->second;
}

std::int64_t Database::query_int(const char* sql) {
  Statement s = prepare(sql);
  return s.step() ? s.int64(0) : 0;
}

std::int64_t Database::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }
int Database::changes() const { return sqlite3_changes(db_); }
bool Database::read_only() const { return sqlite3_db_readonly(db_, "main") == 1; }
bool Database::in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }
void Database::set_busy_timeout(int ms) { sqlite3_busy_timeout(db_, ms); }

void Database::backup_to(const std::string& to_path) {
  Database to(to_path, Mode::ReadWriteCreate);
  sqlite3_backup* b = sqlite3_backup_init(to.db_, "main", db_, "main");
  if (!b) throw_error(to.db_, sqlite3_errcode(to.db_), "backing up '" + path_ + "' to '" + to_path + "'");
  int rc;
  int waits = 0;  // another connection may hold a lock: wait up to about 10 s
  do {
    rc = sqlite3_backup_step(b, -1);
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) sqlite3_sleep(20);
  } while (rc == SQLITE_OK || ((rc == SQLITE_BUSY || rc == SQLITE_LOCKED) && ++waits < 500));
  sqlite3_backup_finish(b);
  if (rc != SQLITE_DONE) throw Error(rc, "backing up '" + path_ + "' to '" + to_path + "': " + sqlite3_errstr(rc));
  to.exec("PRAGMA journal_mode=DELETE");  // a backup is one self-contained file
}

// --- Transaction ---

Transaction::Transaction(Database& db) : db_(db) { db_.cached("BEGIN IMMEDIATE").run(); }

Transaction::~Transaction() {
  if (!done_ && db_.is_open() && db_.in_transaction()) {
    try {
      db_.cached("ROLLBACK").run();
    } catch (...) {  // nothing more to do: SQLite rolls back on close
    }
  }
}

void Transaction::commit() {
  db_.cached("COMMIT").run();
  done_ = true;
}

}  // namespace cp::sql
