#include "store/scenario_store.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>
#include <unordered_set>
#include <utility>

#include "engine/utf8.h"
#include "engine/validate.h"
#include "io/power_cost_json.h"
#include "io/scenario_json.h"
#include "store/scenario_store_pack.h"

namespace cp {

using nlohmann::json;

namespace {

static_assert(kLibraryApplicationId == 1129335874u, "the PRAGMA below spells the application id in decimal");
constexpr const char* kSetApplicationId = "PRAGMA application_id = 1129335874";

constexpr const char* kNow = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

// library_state's instance and commit count (schema 5); "" and 0 when there is no such table
// (an older library opened read-only).
bool has_state(sql::Database& db) {
  return db.query_int("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'library_state'") != 0;
}

std::string read_instance(sql::Database& db) {
  if (!has_state(db)) return {};
  sql::Statement s = db.prepare("SELECT instance FROM library_state WHERE id = 1");
  return s.step() ? s.text(0) : std::string();
}

std::int64_t read_commits(sql::Database& db) {
  if (!has_state(db)) return 0;
  return db.query_int("SELECT coalesce((SELECT commits FROM library_state WHERE id = 1), 0)");
}

// 128 random bits in hex: tells one library's commit record from another's.
std::string new_instance_id() {
  std::random_device random;
  char buf[40];
  std::snprintf(buf, sizeof buf, "%08x%08x%08x%08x", random(), random(), random(), random());
  return buf;
}

bool file_exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

// The folder a file at `path` is in.
std::string folder_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

bool directory_writable(const std::string& path) { return ::access(folder_of(path).c_str(), W_OK) == 0; }

// Why no file can be created at `path` when its folder is the reason ("" when it is not).
// SQLite's own reason names the errno of the last system call it made, which after a refused
// create is a later lookup's ("No such file or directory"), not the permission denied.
std::string folder_refusal(const std::string& path) {
  const std::string dir = folder_of(path);
  if (::access(dir.c_str(), W_OK) == 0) return {};
  const int error = errno;
  if (error == ENOENT) return "its folder '" + dir + "' does not exist";
  return "its folder '" + dir + "' is not writable (" + std::strerror(error) + ")";
}

// A free file name: `stem`, or `stem-2`, `stem-3` ... (never an existing file).
std::string free_name(const std::string& stem, const std::string& suffix) {
  for (int n = 1;; ++n) {
    std::string name = stem;
    if (n > 1) {
      name += '-';
      name += std::to_string(n);
    }
    name += suffix;
    if (!file_exists(name)) return name;
  }
}

std::vector<std::string> split_tags(const std::string& joined) {
  std::vector<std::string> tags;
  if (joined.empty()) return tags;
  std::size_t start = 0;
  for (;;) {
    const auto end = joined.find('\x1f', start);
    tags.push_back(joined.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return tags;
}

// --- Checksums ---
// A row's checksum is the FNV-1a 64 hash (pack::content_hash) of its stored fields in a fixed
// order, each written as a kind byte ('N' NULL, 'I' an integer as 8 bytes little-endian, 'B'
// bytes: their length as 8 bytes, then the bytes), so that no two different rows hash the same
// bytes. Any change confined to one byte of the fields changes the hash (each FNV-1a step is a
// bijection of its state); others go unnoticed with a chance of 2^-64.
class Checksum {
 public:
  Checksum& null() {
    bytes_ += 'N';
    return *this;
  }
  Checksum& integer(std::int64_t v) {
    bytes_ += 'I';
    put(std::uint64_t(v));
    return *this;
  }
  Checksum& bytes(std::string_view b) {
    bytes_ += 'B';
    put(b.size());
    bytes_.append(b);
    return *this;
  }
  // Column `i` of `s` as stored: NULL, an integer, or its bytes.
  Checksum& column(const sql::Statement& s, int i) {
    if (s.is_null(i)) return null();
    if (s.is_integer(i)) return integer(s.int64(i));
    return bytes(s.blob(i));
  }
  std::int64_t value() const { return std::int64_t(pack::content_hash(bytes_)); }

 private:
  void put(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) bytes_ += char((v >> (8 * i)) & 0xff);
  }
  std::string bytes_;
};

// The columns of a revisions row that its checksum covers, in this order (every stored column
// but its rowid and the checksum itself). The shared rows it refers to (price lists, shapes)
// are covered by their own `hash` column, checked when they are read.
#define CP_REVISION_COLUMNS                                                                                \
  "r.scenario_id, r.revision, r.name, r.notes, r.scenario_json, r.scenario_shape, r.scenario_values, "   \
  "r.rent_list, r.cloud_list, r.purchase_list, r.estimate_json, r.estimate_shape, r.estimate_values, " \
  "r.engine_version, r.saved_at"
constexpr int kRevisionColumns = 15;

// The same for a scenarios row: id, name, tags, revision, created_at, updated_at.
#define CP_SCENARIO_COLUMNS "s.id, s.name, s.tags, s.revision, s.created_at, s.updated_at"
constexpr int kScenarioColumns = 6;

std::int64_t checksum_of_columns(const sql::Statement& s, int first, int count) {
  Checksum c;
  for (int i = first; i < first + count; ++i) c.column(s, i);
  return c.value();
}

std::int64_t scenario_checksum(std::int64_t id, std::string_view name, std::string_view tags, std::int64_t revision,
                               std::string_view created_at, std::string_view updated_at) {
  return Checksum().integer(id).bytes(name).bytes(tags).integer(revision).bytes(created_at).bytes(updated_at).value();
}

// The tags of a scenario as its tags table rows hold them: the joined list's, each once (a
// set, not a search of the list: a library written before tags were limited may hold many).
std::vector<std::string> distinct_tags(const std::string& joined) {
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  for (std::string& t : split_tags(joined))
    if (seen.insert(t).second) out.push_back(std::move(t));
  return out;
}

// A name as the list shows it: within kNameLimit, else cut at a character boundary with "…"
// (a library written before names were limited may hold a name of megabytes).
// Control characters (which the limits now refuse) show as spaces.
std::string listed_name(std::string name) {
  if (name.size() <= kNameLimit.bytes && text_problem(name, kNameLimit).empty()) return name;
  std::size_t chars = 0, end = 0;
  while (end < name.size() && chars < kNameLimit.chars - 1 && end < kNameLimit.bytes - 8) {
    ++end;
    while (end < name.size() && (static_cast<unsigned char>(name[end]) & 0xC0) == 0x80) ++end;
    ++chars;
  }
  const bool cut = end < name.size();
  name.resize(end);
  for (char& c : name)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
  return cut ? name + "\u2026" : name;
}

}  // namespace

std::string_view catalog_kind_name(CatalogKind k) {
  switch (k) {
    case CatalogKind::Gpu: return "gpu";
    case CatalogKind::NodeType: return "node_type";
    case CatalogKind::Fabric: return "fabric";
    case CatalogKind::PriceList: return "price_list";
  }
  return "gpu";
}

// --- Opening ---

struct ScenarioStore::WriteCache {
  static constexpr std::size_t kMaxEntries = 64;
  struct List {
    PriceList list;
    std::int64_t id;
  };
  std::vector<List> lists;                                  // oldest first
  std::vector<std::pair<std::string, std::int64_t>> shapes;  // oldest first
  // The scenario being saved, with empty price lists swapped in while it is serialised; kept
  // between saves so that copying the next scenario in reuses its memory.
  Scenario scratch;
  PriceList spare[3];
  std::string scenario_shape, scenario_values, estimate_shape, estimate_values;  // being saved, packed

  void clear() {
    lists.clear();
    shapes.clear();
  }
};

// The connection to one library file and what was found opening it: shared by every
// ScenarioStore of that file in this process.
struct ScenarioStore::Library {
  sql::Database db;
  OpenReport report;
  WriteCache cache;
  std::string instance;  // library_state.instance; "" before schema 5 (a read-only older library)
  std::string canonical;              // the canonical path when it was opened
  std::uint64_t device = 0, inode = 0;  // the file it was, once opened
};

namespace {

// The libraries open in this process. A library is looked up by its canonical path, or by the
// device and inode the path names now (a hard link, or a path through a link that canonical
// paths miss), so that a second ScenarioStore of a file never opens it again.
struct Registry {
  std::mutex mutex;  // held while a library is looked up or opened
  struct Entry {
    std::weak_ptr<void> library;
    std::string canonical;
    std::uint64_t device, inode;
  };
  std::vector<Entry> entries;
};

Registry& registry() {
  static Registry r;
  return r;
}

std::string canonical_path(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path p = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec);
  return ec ? path : p.string();
}

// The device and inode `path` names now (stat() opens nothing); false when there is none.
bool file_identity(const std::string& path, std::uint64_t& device, std::uint64_t& inode) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return false;
  device = std::uint64_t(st.st_dev);
  inode = std::uint64_t(st.st_ino);
  return true;
}

}  // namespace

ScenarioStore::ScenarioStore(const std::string& path, OpenMode mode) : path_(path) {
  Registry& r = registry();
  const std::lock_guard<std::mutex> lock(r.mutex);  // no other thread opens a library meanwhile
  std::erase_if(r.entries, [](const Registry::Entry& e) { return e.library.expired(); });
  const std::string canonical = canonical_path(path);
  std::uint64_t device = 0, inode = 0;
  const bool exists = file_identity(path, device, inode);
  for (const Registry::Entry& e : r.entries)
    if (e.canonical == canonical || (exists && e.device == device && e.inode == inode))
      if ((lib_ = std::static_pointer_cast<Library>(e.library.lock()))) break;
  const bool first = !lib_;
  if (first && mode == OpenMode::MustExist && !exists) {
    // Only "no such file" is "no library": a path that cannot be looked at (a folder without
    // search permission) goes on to open(), which says why.
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 && (errno == ENOENT || errno == ENOTDIR))
      throw StoreError("no library at '" + path + "' (no such file; nothing was created)");
  }
  if (first) lib_ = std::make_shared<Library>();
  db_ = &lib_->db;
  report_ = &lib_->report;
  cache_ = &lib_->cache;
  if (!first) return;
  open(true);  // the first ScenarioStore of this file in this process
  lib_->canonical = canonical;
  file_identity(path, lib_->device, lib_->inode);
  r.entries.push_back({lib_, lib_->canonical, lib_->device, lib_->inode});
}
ScenarioStore::~ScenarioStore() = default;
ScenarioStore::ScenarioStore(ScenarioStore&&) noexcept = default;
ScenarioStore& ScenarioStore::operator=(ScenarioStore&&) noexcept = default;

// Writes join the caller's transaction (a Batch) or run in one of their own; every commit
// counts in the library and its commit record.
class ScenarioStore::WriteScope {
 public:
  // `on_begin` runs when the scope begins a transaction of its own.
  template <class F>
  WriteScope(ScenarioStore& store, F on_begin) : store_(store) {
    if (!store.db_->in_transaction()) {
      tx_.emplace(*store.db_);
      on_begin();
    }
  }
  void commit() {
    if (!tx_) return;
    const std::int64_t commits = store_.count_commit();
    tx_->commit();
    store_.record_commit(commits);
  }

 private:
  ScenarioStore& store_;
  std::optional<sql::Transaction> tx_;
};

std::int64_t ScenarioStore::count_commit() {
  if (lib_->instance.empty()) return 0;
  sql::Statement& s = db_->cached("UPDATE library_state SET commits = commits + 1 WHERE id = 1 RETURNING commits");
  const std::int64_t commits = s.step() ? s.int64(0) : 0;
  s.reset();
  return commits;
}

void ScenarioStore::record_commit(std::int64_t commits) {
  if (!lib_->instance.empty() && commits > 0) write_commit_record(path_, {lib_->instance, commits}, false);
}

ScenarioStore::Batch::Batch(ScenarioStore& store) try : store_(store), tx_((store.require_writable(), *store.db_)) {
  store.cache_->clear();  // rows remembered from an earlier transaction may be gone
} catch (const sql::Error& e) {
  store.failed("begin an import", e);
}

void ScenarioStore::Batch::commit() try {
  const std::int64_t commits = store_.count_commit();
  tx_.commit();
  store_.record_commit(commits);
} catch (const sql::Error& e) {
  store_.failed("finish an import", e);
}

namespace {

// "ok", or what PRAGMA quick_check found; throws sql::Error (open() reads its code).
std::string run_quick_check(sql::Database& db) {
  sql::Statement s = db.prepare("PRAGMA quick_check");
  std::string out;
  while (s.step()) {
    if (!out.empty()) out += "; ";
    out += s.text(0);
  }
  return out;
}

}  // namespace

void ScenarioStore::open(bool may_move_aside) {
  // No connection of this process has the file open (the registry): reading its header with
  // a plain open() and close() cannot drop anyone's locks.
  const LibraryFileInfo info = inspect_library_file(path_);
  const std::string left = "; it was left unchanged";
  switch (info.kind) {
    case LibraryFileKind::Missing:
    case LibraryFileKind::Empty:
    case LibraryFileKind::Library: break;
    case LibraryFileKind::Directory: throw StoreError("'" + path_ + "' is a directory, not a clusterplan library");
    case LibraryFileKind::Unreadable: throw StoreError("cannot read '" + path_ + "': " + info.error);
    case LibraryFileKind::NotSqlite:
      throw StoreError("'" + path_ + "' is not a clusterplan library (it is not an SQLite database)" + left);
    case LibraryFileKind::Truncated:
      throw StoreError("'" + path_ + "' is an SQLite file cut short before the end of its header: it cannot be " +
                       "recognised as a clusterplan library" + left);
    case LibraryFileKind::OtherSqlite: {
      char id[16];
      std::snprintf(id, sizeof id, "0x%08x", unsigned(info.application_id));
      throw StoreError("'" + path_ + "' is an SQLite database of another application (application_id " + id +
                       "), not a clusterplan library" + left);
    }
  }
  std::string link_note;
  if (struct stat st {}; ::lstat(path_.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    std::error_code ec;
    const std::string target = std::filesystem::read_symlink(path_, ec).string();
    link_note = "The library path '" + path_ + "' is a symbolic link" + (ec ? std::string() : " to '" + target + "'") +
                "; the library it leads to was opened.";
  }
  try {
    open_connection(info);
    if (!link_note.empty()) report_->notices.push_back(link_note);
    // Before anything is written: a write would go into the -wal file where SQLite stopped
    // reading it, over the commits that were lost.
    if (report_->schema_version_found >= 5) check_commit_record();
    if (!report_->read_only) create_or_migrate();
  } catch (const sql::Error& e) {
    const bool fresh = info.kind != LibraryFileKind::Library;
    if (!e.corrupt()) {
      db_->close();
      throw StoreError(std::string(fresh ? "cannot create" : "cannot open") + " the library '" + path_ + "': " + e.what());
    }
    if (!may_move_aside || fresh || report_->read_only || !db_->is_open()) {
      if (db_->is_open()) db_->keep_wal_on_close();  // no checkpoint into a damaged file
      db_->close();
      throw StoreError("the library '" + path_ + "' is damaged: " + e.what() + left);
    }
    confirm_damage(info, e.what());
  }
}

// The library looked damaged while it was opened (`found`). It is moved aside only when this
// connection holds an exclusive lock on it (no other connection, in this or another process,
// has it open: each holds a shared lock on a WAL library while it is open) and PRAGMA
// integrity_check fails under that lock. Otherwise it is refused, or opened again when the
// exclusive check finds it sound.
void ScenarioStore::confirm_damage(const LibraryFileInfo& info, const std::string& found) {
  const std::string left = "; it was left unchanged";
  db_->keep_wal_on_close();  // closing never checkpoints into, or deletes the -wal of, this file
  const auto refuse = [&](const std::string& why) {
    db_->close();
    return StoreError("the library '" + path_ + "' looks damaged (" + found + "), " + why + left);
  };
  try {
    db_->exec("PRAGMA locking_mode = EXCLUSIVE");
    // A damaged schema must not stop the lock (nothing is written: the transaction is never
    // committed); PRAGMA integrity_check below reports the damage.
    db_->exec("PRAGMA writable_schema = ON");
    db_->exec("BEGIN EXCLUSIVE");  // waits up to the busy timeout for the others to finish
  } catch (const sql::Error& e) {
    if (e.busy())
      throw refuse("but another program has it open, so it was not checked further or moved aside; close the "
                   "other clusterplan windows and try again");
    throw refuse(std::string("but it could not be locked for a full check (") + e.what() + ")");
  }
  std::string check;
  try {
    check = pragma_check("PRAGMA integrity_check");
  } catch (const sql::Error& e) {
    if (!e.corrupt()) throw refuse(std::string("but its full check failed to run (") + e.what() + ")");
    check = e.what();
  }
  // The path may name another file by now (moved aside and replaced by someone else).
  std::uint64_t device = 0, inode = 0;
  const bool same_file = file_identity(path_, device, inode) && device == info.device && inode == info.inode;
  if (check == "ok" || !same_file) {
    // Sound after all (or no longer at this path): open it again, normally, without moving it.
    db_->close();
    *report_ = OpenReport{};
    open(false);
    return;
  }
  std::string moved;
  try {
    moved = move_library_aside(path_);  // renamed while the exclusive lock is held
  } catch (const std::exception& move) {
    db_->close();
    throw StoreError("the library '" + path_ + "' is damaged (" + found + "; integrity_check: " + check + ") and " +
                     move.what() + left);
  }
  db_->close();
  *report_ = OpenReport{};
  report_->moved_aside_to = moved;
  open(false);
  report_->notices.insert(report_->notices.begin(),
                          "The library '" + path_ + "' failed its integrity check (" + found +
                              "). It was moved to '" + moved + "' and a new, empty library was started.");
}

void ScenarioStore::open_connection(const LibraryFileInfo& info) {
  const bool fresh = info.kind != LibraryFileKind::Library;
  if (!fresh && !directory_writable(path_) && !file_exists(path_ + "-wal")) {
    // Nobody who may not write here can change a WAL library (it needs its -wal and -shm
    // files beside it), and SQLite could not create the -shm file it reads through.
    *db_ = sql::Database(path_, sql::Database::Mode::Immutable);
    report_->read_only = true;
    report_->notices.push_back("The folder of the library '" + path_ + "' is read-only; it was opened read-only.");
  } else {
    try {
      *db_ = sql::Database(path_, fresh ? sql::Database::Mode::ReadWriteCreate : sql::Database::Mode::ReadWrite);
    } catch (const sql::Error& e) {
      if (fresh) {
        const std::string folder = folder_refusal(path_);
        throw StoreError("cannot create the library '" + path_ + "': " + (folder.empty() ? e.what() : folder));
      }
      *db_ = sql::Database(path_, sql::Database::Mode::ReadOnly);
      report_->read_only = true;
      report_->notices.push_back("The library '" + path_ + "' cannot be opened for writing (" + e.what() +
                                "); it was opened read-only.");
    }
  }
  db_->set_busy_timeout(kLibraryBusyTimeoutMs);
  if (db_->read_only() && !report_->read_only) {
    report_->read_only = true;
    report_->notices.push_back("The library '" + path_ + "' is read-only for this user; it was opened read-only.");
  }
  db_->exec("PRAGMA foreign_keys = ON");
  db_->exec("PRAGMA synchronous = FULL");
  db_->exec("PRAGMA cache_size = -32768");  // 32 MiB: a large import spills fewer pages twice
  const auto app = std::uint32_t(db_->query_int("PRAGMA application_id"));
  const auto version = db_->query_int("PRAGMA user_version");
  report_->schema_version_found = int(version);
  if (app != kLibraryApplicationId && !(fresh && app == 0 && version == 0))
    throw StoreError("'" + path_ + "' is not a clusterplan library; it was left unchanged");
  if (!fresh) {
    const std::string check = run_quick_check(*db_);
    if (check != "ok") throw sql::Error(11 /* SQLITE_CORRUPT */, "quick_check: " + check);
  }
  if (version > kLibrarySchemaVersion) {
    if (!report_->read_only) {
      *db_ = sql::Database(path_, sql::Database::Mode::ReadOnly);
      db_->set_busy_timeout(kLibraryBusyTimeoutMs);
      report_->read_only = true;
    }
    report_->notices.push_back("The library '" + path_ + "' was written by a newer clusterplan (library schema " +
                              std::to_string(version) + "; this version knows up to " +
                              std::to_string(kLibrarySchemaVersion) +
                              "). It was opened read-only; update clusterplan to change it.");
  }
}

namespace {

// Switching a library to WAL takes an exclusive lock that SQLite asks for once, without waiting
// on the busy handler: when two clusterplans open the same new library at once, one of them got
// "database is locked" here (about 1 in 40 such starts). It waits as a write would, up to the
// busy timeout, and only then says so.
void set_wal_mode(sql::Database& db) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kLibraryBusyTimeoutMs);
  for (std::chrono::milliseconds pause(1);; pause = std::min(pause * 2, std::chrono::milliseconds(50))) {
    try {
      db.exec("PRAGMA journal_mode = WAL");
      return;
    } catch (const sql::Error& e) {
      if (!e.busy() || std::chrono::steady_clock::now() >= deadline) throw;
    }
    std::this_thread::sleep_for(pause);
  }
}

}  // namespace

void ScenarioStore::create_or_migrate() {
  const int found = report_->schema_version_found;
  if (found < kLibrarySchemaVersion) {
    if (found > 0) {  // a library with data: copy it first, whole, with SQLite's backup API
      report_->backup_path =
          free_name(path_ + ".schema-v" + std::to_string(found) + "-" + utc_file_timestamp(), ".backup");
      try {
        db_->backup_to(report_->backup_path);
      } catch (const sql::Error& e) {
        std::remove(report_->backup_path.c_str());
        throw StoreError("the library '" + path_ + "' needs an upgrade, but its backup copy could not be made (" +
                         e.what() + "); it was left unchanged");
      }
    }
    sql::Transaction tx(*db_);
    // Another process may have created or migrated the library meanwhile: look again.
    const auto app = std::uint32_t(db_->query_int("PRAGMA application_id"));
    const int version = int(db_->query_int("PRAGMA user_version"));
    if (app == 0 && version == 0) {
      if (db_->query_int("SELECT count(*) FROM sqlite_schema") != 0)
        throw StoreError("'" + path_ + "' is not a clusterplan library; it was left unchanged");
      db_->exec(kSetApplicationId);
      report_->created = true;
    }
    for (int v = version + 1; v <= kLibrarySchemaVersion; ++v) {
      db_->exec(library_schema_step(v));
      if (v == 4) add_checksums();
      if (v == 5)
        db_->cached("INSERT OR IGNORE INTO library_state (id, instance, commits, last_scenario_id) "
                    "VALUES (1, ?1, 1, (SELECT coalesce(max(id), 0) FROM scenarios))")
            .bind(1, new_instance_id())
            .run();
    }
    if (version < kLibrarySchemaVersion) {
      const std::string set_version = "PRAGMA user_version = " + std::to_string(kLibrarySchemaVersion);
      db_->exec(set_version.c_str());  // a constant of this build, not user text
    }
    const bool made_state = version < 5;
    if (!made_state) lib_->instance = read_instance(*db_);  // so that count_commit() counts this one
    const std::int64_t commits = count_commit();
    tx.commit();
    if (made_state) {
      // A new commit record, whatever one was there (a library deleted or moved aside before).
      lib_->instance = read_instance(*db_);
      write_commit_record(path_, {lib_->instance, read_commits(*db_)}, true);
    } else {
      record_commit(commits);
    }
    if (found > 0)
      report_->notices.push_back("The library '" + path_ + "' was upgraded from schema " + std::to_string(found) +
                                " to " + std::to_string(kLibrarySchemaVersion) + "; a copy of the old one is at '" +
                                report_->backup_path + "'.");
  }
  // Persistent; set after the application id is on disk, so that even a library whose first
  // transactions are still in the -wal file is recognisable by its header.
  set_wal_mode(*db_);
  if (lib_->instance.empty()) lib_->instance = read_instance(*db_);
}

// The library's commit count against its commit record (library_file.h), read in that order:
// the record is written after each commit, so a library read after its record holds at least
// the record's count, unless committed transactions were lost.
void ScenarioStore::check_commit_record() {
  CommitRecord record;
  const bool have = read_commit_record(path_, record);
  const std::string instance = read_instance(*db_);
  const std::int64_t commits = read_commits(*db_);
  lib_->instance = instance;
  if (instance.empty()) return;
  if (!have || record.instance != instance || record.commits <= commits) {
    if (!report_->read_only && (!have || record.instance != instance)) write_commit_record(path_, {instance, commits}, true);
    return;
  }
  report_->lost_commits = record.commits - commits;
  std::string copy_note;
  const std::string wal = path_ + "-wal";
  if (!report_->read_only && file_exists(wal)) {
    const std::string copy = free_name(path_ + ".lost-commits-" + utc_file_timestamp(), ".wal");
    std::string error;
    if (copy_file_no_replace(wal, copy, error)) {
      report_->lost_commits_copy = copy;
      copy_note = " A copy of its damaged write-ahead log is at '" + copy + "'.";
    } else {
      copy_note = " Its damaged write-ahead log could not be copied (" + error + ").";
    }
  }
  report_->notices.push_back(
      "The library '" + path_ + "' is damaged: it holds " + std::to_string(commits) + " committed changes where " +
      std::to_string(record.commits) + " were saved, so the last " + std::to_string(report_->lost_commits) +
      " saved change" + (report_->lost_commits == 1 ? "" : "s") +
      " cannot be read (its write-ahead log '" + wal +
      "' is damaged, or the library was replaced by an older copy). It was opened as it was before them." + copy_note);
  // The loss is reported once; from now on the library is checked against what it holds.
  if (!report_->read_only) write_commit_record(path_, {instance, commits}, true);
}

// Schema 4: the checksum of every row already stored, computed from the row as it is (the
// backup copy was made before); no other value changes.
void ScenarioStore::add_checksums() {
  sql::Statement revisions = db_->prepare("SELECT r.id, " CP_REVISION_COLUMNS " FROM revisions r");
  sql::Statement set_revision = db_->prepare("UPDATE revisions SET checksum = ?2 WHERE id = ?1");
  while (revisions.step())
    set_revision.bind(1, revisions.int64(0)).bind(2, checksum_of_columns(revisions, 1, kRevisionColumns)).run();
  sql::Statement scenarios = db_->prepare("SELECT " CP_SCENARIO_COLUMNS " FROM scenarios s");
  sql::Statement set_scenario = db_->prepare("UPDATE scenarios SET checksum = ?2 WHERE id = ?1");
  while (scenarios.step())
    set_scenario.bind(1, scenarios.int64(0)).bind(2, checksum_of_columns(scenarios, 0, kScenarioColumns)).run();
}

void ScenarioStore::failed(const char* action, const sql::Error& e) const {
  throw StoreFailure("cannot " + std::string(action) + " in the library '" + path_ + "': " + e.what(), e.code());
}

void ScenarioStore::require_writable() const {
  if (report_->read_only)
    throw StoreError("the library '" + path_ + "' is open read-only" +
                     (report_->notices.empty() ? std::string() : ": " + report_->notices.back()));
}

std::string ScenarioStore::quick_check() try {
  return pragma_check("PRAGMA quick_check");
} catch (const sql::Error& e) {
  failed("check", e);
}

std::string ScenarioStore::integrity_check() try {
  return pragma_check("PRAGMA integrity_check");
} catch (const sql::Error& e) {
  failed("check", e);
}

// The rows of PRAGMA quick_check or integrity_check, joined by "; " (throws sql::Error).
std::string ScenarioStore::pragma_check(const char* pragma) {
  sql::Statement s = db_->prepare(pragma);
  std::string out;
  while (s.step()) {
    if (!out.empty()) out += "; ";
    out += s.text(0);
  }
  return out;
}

// --- Scenarios ---

namespace {

// Exactly the same price list: every field, doubles bit for bit (so that a price of -0.0 is
// not taken for 0.0). The structured bindings stop the build when a field is added: compare it.
bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

bool same_price_line(const PriceLine& x, const PriceLine& y) {
  const auto& [item, gpu, fabric, gbps, gpus, price, name, source] = x;
  const auto& [item2, gpu2, fabric2, gbps2, gpus2, price2, name2, source2] = y;
  return item == item2 && gpus == gpus2 && same_bits(gbps, gbps2) && same_bits(price, price2) && gpu == gpu2 &&
         fabric == fabric2 && name == name2 && source == source2;
}

bool same_price_list(const PriceList& x, const PriceList& y) {
  const auto& [id, name, date, source, payment, currency, whole_months, lines] = x;
  const auto& [id2, name2, date2, source2, payment2, currency2, whole_months2, lines2] = y;
  return id == id2 && payment == payment2 && currency == currency2 && whole_months == whole_months2 &&
         name == name2 && date == date2 && source == source2 &&
         std::equal(lines.begin(), lines.end(), lines2.begin(), lines2.end(), same_price_line);
}

// The three price lists of a scenario, as kept in its JSON under assumptions.price_lists.
constexpr const char* kPriceListSlots[3] = {"rent", "cloud", "purchase"};
PriceList& price_list_slot(Scenario& s, int i) {
  return i == 0 ? s.assumptions.rent : i == 1 ? s.assumptions.cloud : s.assumptions.purchase;
}
const PriceList& price_list_slot(const Scenario& s, int i) {
  return i == 0 ? s.assumptions.rent : i == 1 ? s.assumptions.cloud : s.assumptions.purchase;
}

template <class Cache>
void remember(Cache& entries, typename Cache::value_type entry, std::size_t max) {
  if (entries.size() >= max) entries.erase(entries.begin());
  entries.push_back(std::move(entry));
}

}  // namespace

std::int64_t ScenarioStore::save(const ScenarioFileDocument& d, const json& estimate, std::int64_t id) try {
  require_writable();
  return save_revision(d, estimate, kEngineVersion, id);
} catch (const sql::Error& e) {
  failed("save a scenario", e);
}

std::int64_t ScenarioStore::save(const ScenarioFileDocument& d, const json& estimate, std::int64_t id,
                                 int& revision) try {
  require_writable();
  return save_revision(d, estimate, kEngineVersion, id, &revision);
} catch (const sql::Error& e) {
  failed("save a scenario", e);
}

// The id of the content-addressed row holding `content` (looked up by its hash, then compared
// whole), added when there is none: in price_lists (column json, text) or json_shapes
// (column shape, a blob); the SQL is constant, never built from user text.
std::int64_t ScenarioStore::content_row(const char* find_sql, const char* insert_sql, std::string_view content,
                                        bool blob) {
  const auto hash = std::int64_t(pack::content_hash(content));
  sql::Statement& find = db_->cached(find_sql);
  find.bind(1, hash);
  blob ? find.bind_blob(2, content) : find.bind(2, content);
  std::int64_t id = find.step() ? find.int64(0) : 0;
  find.reset();
  if (id != 0) return id;
  sql::Statement& insert = db_->cached(insert_sql);
  insert.bind(1, hash);
  blob ? insert.bind_blob(2, content) : insert.bind(2, content);
  insert.run();
  return db_->last_insert_rowid();
}

// The row of price_lists that holds `list`, added when there is none.
std::int64_t ScenarioStore::price_list_row(const PriceList& list) {
  WriteCache& c = *cache_;
  for (const WriteCache::List& e : c.lists)
    if (same_price_list(e.list, list)) return e.id;
  const std::int64_t id = content_row("SELECT id FROM price_lists WHERE hash = ?1 AND json = ?2",
                                      "INSERT INTO price_lists (hash, json) VALUES (?1, ?2)",
                                      price_list_to_json(list).dump(), false);
  remember(c.lists, {list, id}, WriteCache::kMaxEntries);
  return id;
}

// The row of json_shapes that holds `shape`, added when there is none.
std::int64_t ScenarioStore::shape_row(const std::string& shape) {
  WriteCache& c = *cache_;
  for (const auto& [known, id] : c.shapes)
    if (known == shape) return id;
  const std::int64_t id = content_row("SELECT id FROM json_shapes WHERE hash = ?1 AND shape = ?2",
                                      "INSERT INTO json_shapes (hash, shape) VALUES (?1, ?2)", shape, true);
  remember(c.shapes, {shape, id}, WriteCache::kMaxEntries);
  return id;
}

void ScenarioStore::delete_unused_shared_rows() {
  db_->exec(
      "DELETE FROM price_lists WHERE NOT EXISTS (SELECT 1 FROM revisions WHERE rent_list = price_lists.id) "
      "AND NOT EXISTS (SELECT 1 FROM revisions WHERE cloud_list = price_lists.id) "
      "AND NOT EXISTS (SELECT 1 FROM revisions WHERE purchase_list = price_lists.id); "
      "DELETE FROM json_shapes WHERE NOT EXISTS (SELECT 1 FROM revisions WHERE scenario_shape = json_shapes.id) "
      "AND NOT EXISTS (SELECT 1 FROM revisions WHERE estimate_shape = json_shapes.id)");
  cache_->clear();
}

std::int64_t ScenarioStore::save_revision(const ScenarioFileDocument& d, const json& estimate,
                                          const std::string& engine_version, std::int64_t id, int* saved_revision,
                                          const Stamp* stamp) {
  // What a library holds is within the limits every reader holds (io/scenario_file.h).
  std::vector<Problem> problems;
  if (!is_valid_utf8(d.scenario.name)) problems.push_back({"name", invalid_utf8_reason(d.scenario.name)});
  check_document_text(d, problems);
  if (!problems.empty()) throw StoreError("the scenario cannot be saved: " + problems.front().text());
  WriteCache& c = *cache_;
  WriteScope write(*this, [&] { c.clear(); });

  // The scenario's JSON without its name (the revision's) and its price lists (rows of
  // price_lists), packed. Serialised from a copy with empty lists swapped in: building the
  // lists' JSON would cost as much as the rest.
  c.scratch = d.scenario;
  c.scratch.name.clear();
  for (int i = 0; i < 3; ++i) std::swap(price_list_slot(c.scratch, i), c.spare[i]);
  json j = scenario_to_json(c.scratch);
  for (int i = 0; i < 3; ++i) std::swap(price_list_slot(c.scratch, i), c.spare[i]);
  json& lists = j.at("assumptions").at("price_lists");
  for (const char* slot : kPriceListSlots) lists.erase(slot);
  if (lists.empty()) j["assumptions"].erase("price_lists");
  pack::pack_json(j, c.scenario_shape, c.scenario_values);

  // The snapshot without its "inputs" (estimate_to_json echoes the scenario there): the
  // revision keeps the scenario once, and load() puts it back. Packed before anything is
  // written, so that a snapshot that cannot be kept writes nothing.
  if (!estimate.is_null()) {
    try {
      pack::pack_json(estimate, c.estimate_shape, c.estimate_values, "inputs");
    } catch (const std::invalid_argument& e) {
      throw StoreError(std::string("the estimate snapshot cannot be kept: ") + e.what());
    }
  }
  std::int64_t list_rows[3];
  for (int i = 0; i < 3; ++i) list_rows[i] = price_list_row(price_list_slot(d.scenario, i));
  const std::int64_t scenario_shape = shape_row(c.scenario_shape);
  const std::int64_t estimate_shape = estimate.is_null() ? 0 : shape_row(c.estimate_shape);

  const std::string& name = d.scenario.name;
  std::string tags_text;
  for (const std::string& tag : d.tags) {
    if (!tags_text.empty()) tags_text += '\x1f';
    tags_text += tag;
  }
  // One timestamp for the whole save, read inside its write transaction.
  // A restored revision keeps the date it was saved at.
  std::string now;
  if (stamp) {
    now = stamp->saved_at;
  } else {
    sql::Statement& clock = db_->cached("SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now')");
    clock.step();
    now = clock.text(0);
    clock.reset();
  }
  // The revision's number, assigned inside this write transaction (BEGIN IMMEDIATE): no other
  // writer can take the same one.
  std::int64_t revision = 1;
  if (id == 0) {
    // A new scenario: the next id never given in this library (library_state), or, for
    // restore(), the scenario's old id and creation date.
    std::int64_t new_id = stamp ? stamp->id : 0;
    if (new_id == 0) {
      sql::Statement& next = db_->cached(
          "UPDATE library_state SET last_scenario_id = max(last_scenario_id, "
          "(SELECT coalesce(max(id), 0) FROM scenarios)) + 1 WHERE id = 1 RETURNING last_scenario_id");
      new_id = next.step() ? next.int64(0) : 0;
      next.reset();
    } else {
      db_->cached("UPDATE library_state SET last_scenario_id = max(last_scenario_id, ?1) WHERE id = 1")
          .bind(1, new_id)
          .run();
    }
    const std::string& created_at = stamp ? stamp->created_at : now;
    sql::Statement& insert = db_->cached(
        "INSERT INTO scenarios (id, name, tags, revision, created_at, updated_at) VALUES (?1, ?2, ?3, 1, ?4, ?5)");
    if (new_id != 0) insert.bind(1, new_id);
    else insert.bind_null(1);  // a library without library_state is read-only: never reached
    insert.bind(2, name).bind(3, tags_text).bind(4, created_at).bind(5, now).run();
    id = db_->last_insert_rowid();
    db_->cached("UPDATE scenarios SET checksum = ?2 WHERE id = ?1")
        .bind(1, id)
        .bind(2, scenario_checksum(id, name, tags_text, 1, created_at, now))
        .run();
  } else {
    sql::Statement& s = db_->cached("SELECT revision, created_at FROM scenarios WHERE id = ?1");
    s.bind(1, id);
    if (!s.step()) throw StoreError("there is no scenario " + std::to_string(id) + " in the library");
    revision = s.int64(0) + 1;
    const std::string created_at = s.text(1);
    s.reset();
    db_->cached("UPDATE scenarios SET name = ?2, tags = ?3, revision = ?4, updated_at = ?5, checksum = ?6 WHERE id = ?1")
        .bind(1, id)
        .bind(2, name)
        .bind(3, tags_text)
        .bind(4, revision)
        .bind(5, now)
        .bind(6, scenario_checksum(id, name, tags_text, revision, created_at, now))
        .run();
  }
  // The checksum of the row exactly as it is inserted, in CP_REVISION_COLUMNS' order.
  Checksum sum;
  sum.integer(id).integer(revision).bytes(name).bytes(d.notes).null().integer(scenario_shape).bytes(c.scenario_values);
  for (const std::int64_t row : list_rows) sum.integer(row);
  sum.null();
  if (estimate_shape == 0) sum.null().null();
  else sum.integer(estimate_shape).bytes(c.estimate_values);
  sum.bytes(engine_version).bytes(now);
  sql::Statement& r = db_->cached(
      "INSERT INTO revisions (scenario_id, revision, name, notes, scenario_shape, scenario_values, rent_list, "
      "cloud_list, purchase_list, estimate_shape, estimate_values, engine_version, saved_at, checksum) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)");
  r.bind(1, id).bind(2, revision).bind(3, name).bind(4, d.notes).bind(5, scenario_shape).bind_blob(6, c.scenario_values);
  r.bind(7, list_rows[0]).bind(8, list_rows[1]).bind(9, list_rows[2]).bind(12, engine_version);
  r.bind(13, now).bind(14, sum.value());
  if (estimate_shape == 0) r.bind_null(10).bind_null(11);
  else r.bind(10, estimate_shape).bind_blob(11, c.estimate_values);
  r.run();
  if (revision > 1) db_->cached("DELETE FROM tags WHERE scenario_id = ?1").bind(1, id).run();
  int position = 0;
  for (const std::string& tag : d.tags)
    db_->cached("INSERT OR IGNORE INTO tags (scenario_id, tag, position) VALUES (?1, ?2, ?3)")
        .bind(1, id)
        .bind(2, tag)
        .bind(3, position++)
        .run();
  write.commit();
  if (saved_revision) *saved_revision = int(revision);
  return id;
}

bool ScenarioStore::load_where(std::int64_t id, int revision, StoredScenario& out, bool check_text) {
  // revision 0: the current one. A library of schema 1 or 2 opened read-only (not migrated)
  // has only the JSON texts; one of schema 3 has no checksums yet.
  const int schema = report_->read_only ? report_->schema_version_found : kLibrarySchemaVersion;
  constexpr const char* kChecked =
      "SELECT s.created_at, s.updated_at, r.revision, r.name, r.notes, r.scenario_json, "
      "r.estimate_json, r.engine_version, r.saved_at, r.rent_list, r.cloud_list, r.purchase_list, "
      "r.scenario_shape, r.scenario_values, r.estimate_shape, r.estimate_values, r.checksum, s.checksum, "
      CP_REVISION_COLUMNS ", " CP_SCENARIO_COLUMNS
      " FROM scenarios s JOIN revisions r ON r.scenario_id = s.id "
      "AND r.revision = CASE WHEN ?2 = 0 THEN s.revision ELSE ?2 END WHERE s.id = ?1";
  sql::Statement& s =
      schema >= 4 ? db_->cached(kChecked)
      : schema == 3
          ? db_->cached("SELECT s.created_at, s.updated_at, r.revision, r.name, r.notes, r.scenario_json, "
                        "r.estimate_json, r.engine_version, r.saved_at, r.rent_list, r.cloud_list, r.purchase_list, "
                        "r.scenario_shape, r.scenario_values, r.estimate_shape, r.estimate_values "
                        "FROM scenarios s JOIN revisions r ON r.scenario_id = s.id "
                        "AND r.revision = CASE WHEN ?2 = 0 THEN s.revision ELSE ?2 END WHERE s.id = ?1")
          : db_->cached("SELECT s.created_at, s.updated_at, r.revision, r.name, r.notes, r.scenario_json, "
                        "r.estimate_json, r.engine_version, r.saved_at, NULL, NULL, NULL, NULL, NULL, NULL, NULL "
                        "FROM scenarios s JOIN revisions r ON r.scenario_id = s.id "
                        "AND r.revision = CASE WHEN ?2 = 0 THEN s.revision ELSE ?2 END WHERE s.id = ?1");
  s.bind(1, id).bind(2, revision);
  if (!s.step()) return false;
  StoredScenario x;
  x.id = id;
  x.created_at = s.text(0);
  x.updated_at = revision == 0 ? s.text(1) : s.text(8);
  x.revision = int(s.int64(2));
  const auto damaged = [&](const std::string& what) {
    return StoreError("revision " + std::to_string(revision != 0 ? revision : x.revision) + " of scenario " +
                      std::to_string(id) + " is damaged (" + what + "); it was not read");
  };
  std::string scenario_tags;
  if (schema >= 4) {  // checked before anything is read from the row
    constexpr int kRevision = 18, kScenario = kRevision + kRevisionColumns;
    if (s.is_null(16) || s.int64(16) != checksum_of_columns(s, kRevision, kRevisionColumns)) {
      s.reset();
      throw damaged("what is stored for it does not match its checksum");
    }
    if (s.is_null(17) || s.int64(17) != checksum_of_columns(s, kScenario, kScenarioColumns)) {
      s.reset();
      throw damaged("the scenario's own row does not match its checksum");
    }
    scenario_tags = s.text(kScenario + 2);
  }
  const std::string name = s.text(3);
  x.document.notes = s.text(4);
  if (check_text) {  // a library written before the limits may hold more than they allow
    std::string why = text_problem(name, kNameLimit);
    if (!why.empty()) why = "its name " + why + " (rename it to read it)";
    else if (why = text_problem(x.document.notes, kNotesLimit); !why.empty()) why = "its notes " + why;
    if (!why.empty()) {
      s.reset();
      throw StoreError("scenario " + std::to_string(id) + " (revision " + std::to_string(x.revision) +
                       ") in the library cannot be read: " + why);
    }
  }
  const std::string scenario_json = s.text(5);
  const std::string estimate_json = s.is_null(6) ? std::string() : s.text(6);
  x.engine_version = s.text(7);
  std::int64_t list_rows[3];
  for (int i = 0; i < 3; ++i) list_rows[i] = s.is_null(9 + i) ? 0 : s.int64(9 + i);
  const std::int64_t scenario_shape = s.is_null(12) ? 0 : s.int64(12);
  const std::string scenario_values = s.blob(13);
  const std::int64_t estimate_shape = s.is_null(14) ? 0 : s.int64(14);
  const std::string estimate_values = s.blob(15);
  s.reset();

  std::string shapes[2];  // the scenario's and the estimate's, checked against their hash
  for (int i = 0; i < 2; ++i) {
    const std::int64_t row = i == 0 ? scenario_shape : estimate_shape;
    if (row != 0 && !shape_text(row, shapes[i]))
      throw damaged(std::string("the shape of its ") + (i == 0 ? "scenario" : "estimate") +
                    " is missing or does not match its hash");
  }
  const auto fail = [&](const std::string& why) {
    return StoreError("scenario " + std::to_string(id) + " (revision " + std::to_string(x.revision) +
                      ") in the library cannot be read: " + why);
  };
  json j;
  if (scenario_shape != 0) {
    if (!pack::unpack_json(shapes[0], scenario_values, j) || !j.is_object())
      throw fail("its packed scenario is damaged");
    j["name"] = name;
  } else {
    j = json::parse(scenario_json, nullptr, false);
    if (j.is_discarded()) throw fail("its scenario is not valid JSON");
  }
  for (int i = 0; i < 3; ++i) {  // put back the price lists kept in price_lists
    if (list_rows[i] == 0) continue;
    const std::string slot = kPriceListSlots[i];
    if (!j.is_object() || !j.contains("assumptions") || !j["assumptions"].is_object())
      throw fail("its scenario has no assumptions for its " + slot + " price list");
    sql::Statement& l = db_->cached("SELECT json, hash FROM price_lists WHERE id = ?1");
    l.bind(1, list_rows[i]);
    const bool found = l.step();
    const std::string text = found ? l.text(0) : std::string();
    const bool intact = found && l.int64(1) == std::int64_t(pack::content_hash(text));
    l.reset();
    if (!found) throw fail("its " + slot + " price list is missing from the library");
    if (!intact) throw damaged("its " + slot + " price list does not match its hash");
    json list = json::parse(text, nullptr, false);
    if (list.is_discarded()) throw fail("its " + slot + " price list is not valid JSON");
    json& lists = j["assumptions"]["price_lists"];
    if (!lists.is_null() && !lists.is_object()) throw fail("its scenario's price_lists is not an object");
    lists[slot] = std::move(list);
  }
  std::vector<Problem> problems;
  if (!scenario_from_json(j, x.document.scenario, problems)) throw fail(problems.front().text());
  x.document.scenario.name = name;
  // The revision keeps the name apart from the scenario's JSON, so the JSON cannot say that the
  // name is derived: a name that is the scenario's derived name follows the scenario,
  // as a scenario file's does (io/scenario_json.cpp). Shown in the GUI's language then.
  if (name == derived_scenario_name(x.document.scenario)) refresh_derived_name(x.document.scenario, true);
  // A snapshot that cannot be read back is left out: the scenario is what
  // the user saved; the snapshot can be made again.
  if (estimate_shape != 0) {
    if (!pack::unpack_json(shapes[1], estimate_values, x.estimate)) x.estimate = nullptr;
  } else if (!estimate_json.empty()) {
    x.estimate = json::parse(estimate_json, nullptr, false);
    if (x.estimate.is_discarded()) x.estimate = nullptr;
  }
  if (x.estimate.is_object() && !x.estimate.contains("inputs")) x.estimate["inputs"] = std::move(j);
  sql::Statement& t = db_->cached("SELECT tag FROM tags WHERE scenario_id = ?1 ORDER BY position");
  t.bind(1, id);
  while (t.step()) x.document.tags.push_back(t.text(0));  // tags belong to the scenario
  t.reset();
  if (check_text && x.document.tags.size() > kMaxTags)
    throw StoreError("scenario " + std::to_string(id) + " in the library cannot be read: it has " +
                     std::to_string(x.document.tags.size()) + " tags; at most " + std::to_string(kMaxTags));
  if (schema >= 4 && x.document.tags != distinct_tags(scenario_tags))
    throw damaged("its scenario's tags do not match the tags kept with its checksum");
  out = std::move(x);
  return true;
}

// The shape of json_shapes row `id`; false when there is none, or when it does not match the
// hash it was stored with.
bool ScenarioStore::shape_text(std::int64_t id, std::string& shape) {
  sql::Statement& h = db_->cached("SELECT shape, hash FROM json_shapes WHERE id = ?1");
  h.bind(1, id);
  const bool found = h.step();
  shape = found ? h.blob(0) : std::string();
  const bool intact = found && h.int64(1) == std::int64_t(pack::content_hash(shape));
  h.reset();
  return intact;
}

bool ScenarioStore::load(std::int64_t id, StoredScenario& out) try {
  return load_where(id, 0, out);
} catch (const sql::Error& e) {
  failed("load a scenario", e);
}

bool ScenarioStore::load_revision(std::int64_t id, int revision, StoredScenario& out) try {
  return revision > 0 && load_where(id, revision, out);
} catch (const sql::Error& e) {
  failed("load a revision", e);
}

std::vector<ScenarioSummary> ScenarioStore::list(std::string_view search, std::string_view tag) try {
  // instr() on ASCII-lowered text, as LIKE matches (ASCII case only), but without LIKE's limit
  // on a pattern's length (SQLITE_MAX_LIKE_PATTERN_LENGTH, 50,000 bytes).
  sql::Statement& s = db_->cached(
      "SELECT s.id, s.name, s.revision, s.updated_at, s.tags FROM scenarios s "
      "WHERE (?1 = '' OR instr(lower(s.name), lower(?1)) > 0) "
      "AND (?3 = '' OR EXISTS (SELECT 1 FROM tags t WHERE t.scenario_id = s.id AND t.tag = ?3)) "
      "ORDER BY s.updated_at DESC, s.id DESC");
  s.bind(1, search).bind(3, tag);
  std::vector<ScenarioSummary> out;
  while (s.step()) {
    ScenarioSummary x;
    x.id = s.int64(0);
    x.name = listed_name(s.text(1));
    x.revision = int(s.int64(2));
    x.updated_at = s.text(3);
    x.tags = split_tags(s.text(4));
    if (x.tags.size() > kMaxTags) x.tags.resize(kMaxTags);  // a list line, not the scenario
    out.push_back(std::move(x));
  }
  s.reset();
  return out;
} catch (const sql::Error& e) {
  failed("list the scenarios", e);
}

std::int64_t ScenarioStore::restore(const std::vector<StoredScenario>& revisions) try {
  require_writable();
  if (revisions.empty()) throw StoreError("there is nothing to restore");
  const std::int64_t id = revisions.front().id;
  for (std::size_t i = 0; i < revisions.size(); ++i)
    if (revisions[i].id != id || revisions[i].revision != int(i) + 1)
      throw StoreError("the revisions to restore are not revisions 1.." + std::to_string(revisions.size()) +
                       " of scenario " + std::to_string(id));
  WriteScope write(*this, [this] { cache_->clear(); });
  sql::Statement& taken = db_->cached("SELECT 1 FROM scenarios WHERE id = ?1");
  taken.bind(1, id);
  const bool exists = taken.step();
  taken.reset();
  // The id is in use again (restored twice): a new id, same dates.
  std::int64_t at = 0;
  for (const StoredScenario& r : revisions) {
    const Stamp stamp{exists ? 0 : id, revisions.front().created_at, r.updated_at};
    at = save_revision(r.document, r.estimate, r.engine_version, at, nullptr, &stamp);
  }
  write.commit();
  return at;
} catch (const sql::Error& e) {
  failed("restore a scenario", e);
}

bool ScenarioStore::rename(std::int64_t id, const std::string& name) try {
  require_writable();
  WriteScope write(*this, [this] { cache_->clear(); });
  StoredScenario x;
  if (!load_where(id, 0, x, false)) return false;  // a name over the limits is what a rename mends
  x.document.scenario.name = name;
  save_revision(x.document, x.estimate, x.engine_version, id);
  write.commit();
  return true;
} catch (const sql::Error& e) {
  failed("rename a scenario", e);
}

std::int64_t ScenarioStore::duplicate(std::int64_t id, const std::string& name) try {
  require_writable();
  WriteScope write(*this, [this] { cache_->clear(); });
  StoredScenario x;
  if (!load(id, x)) return 0;
  x.document.scenario.name = name.empty() ? x.document.scenario.name + " (copy)" : name;
  const std::int64_t copy = save_revision(x.document, x.estimate, x.engine_version, 0);
  write.commit();
  return copy;
} catch (const sql::Error& e) {
  failed("duplicate a scenario", e);
}

bool ScenarioStore::remove(std::int64_t id) try {
  require_writable();
  WriteScope write(*this, [this] { cache_->clear(); });
  db_->cached("DELETE FROM scenarios WHERE id = ?1").bind(1, id).run();
  const bool removed = db_->changes() > 0;
  if (removed) delete_unused_shared_rows();  // the price lists and shapes no revision uses now
  write.commit();
  return removed;
} catch (const sql::Error& e) {
  failed("delete a scenario", e);
}

int ScenarioStore::current_revision(std::int64_t id) try {
  sql::Statement& s = db_->cached("SELECT revision FROM scenarios WHERE id = ?1");
  s.bind(1, id);
  const int revision = s.step() ? int(s.int64(0)) : 0;
  s.reset();
  return revision;
} catch (const sql::Error& e) {
  failed("read a scenario's revision", e);
}

std::vector<RevisionInfo> ScenarioStore::history(std::int64_t id) try {
  const bool packed = !report_->read_only || report_->schema_version_found >= 3;
  sql::Statement& s =
      packed ? db_->cached("SELECT revision, name, saved_at, engine_version, estimate_json IS NOT NULL OR "
                               "estimate_shape IS NOT NULL FROM revisions WHERE scenario_id = ?1 "
                               "ORDER BY revision DESC")
                  : db_->cached("SELECT revision, name, saved_at, engine_version, estimate_json IS NOT NULL "
                               "FROM revisions WHERE scenario_id = ?1 ORDER BY revision DESC");
  s.bind(1, id);
  std::vector<RevisionInfo> out;
  while (s.step()) out.push_back({int(s.int64(0)), s.text(1), s.text(2), s.text(3), s.int64(4) != 0});
  s.reset();
  return out;
} catch (const sql::Error& e) {
  failed("read a scenario's history", e);
}

std::vector<TagCount> ScenarioStore::tags() try {
  sql::Statement& s = db_->cached("SELECT tag, count(*) FROM tags GROUP BY tag ORDER BY tag");
  std::vector<TagCount> out;
  while (s.step()) out.push_back({s.text(0), int(s.int64(1))});
  s.reset();
  return out;
} catch (const sql::Error& e) {
  failed("list the tags", e);
}

// --- The user's catalog ---

void ScenarioStore::put_catalog_entry(CatalogKind kind, const std::string& id, const json& data) try {
  require_writable();
  static const std::string sql = std::string("INSERT INTO catalog_entries (kind, id, json, updated_at) ") +
                                 "VALUES (?1, ?2, ?3, " + kNow + ") ON CONFLICT (kind, id) DO UPDATE SET " +
                                 "json = excluded.json, updated_at = excluded.updated_at";
  WriteScope write(*this, [] {});
  db_->cached(sql.c_str()).bind(1, catalog_kind_name(kind)).bind(2, id).bind(3, data.dump()).run();
  write.commit();
} catch (const sql::Error& e) {
  failed("save a catalog entry", e);
}

std::vector<CatalogEntry> ScenarioStore::catalog_entries(CatalogKind kind) try {
  sql::Statement& s = db_->cached("SELECT id, json, updated_at FROM catalog_entries WHERE kind = ?1 ORDER BY id");
  s.bind(1, catalog_kind_name(kind));
  std::vector<CatalogEntry> out;
  while (s.step()) out.push_back({s.text(0), json::parse(s.text(1), nullptr, false), s.text(2)});
  s.reset();
  return out;
} catch (const sql::Error& e) {
  failed("read the catalog", e);
}

bool ScenarioStore::remove_catalog_entry(CatalogKind kind, const std::string& id) try {
  require_writable();
  WriteScope write(*this, [] {});
  db_->cached("DELETE FROM catalog_entries WHERE kind = ?1 AND id = ?2").bind(1, catalog_kind_name(kind)).bind(2, id).run();
  const bool removed = db_->changes() > 0;
  write.commit();
  return removed;
} catch (const sql::Error& e) {
  failed("delete a catalog entry", e);
}

}  // namespace cp
