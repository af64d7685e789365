#include "core/scenario_store.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <optional>

#include "core/scenario_json.h"

namespace cp {

using nlohmann::json;

namespace {

static_assert(kLibraryApplicationId == 1129335874u, "the PRAGMA below spells the application id in decimal");
constexpr const char* kSetApplicationId = "PRAGMA application_id = 1129335874";

constexpr const char* kNow = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

bool file_exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

bool directory_writable(const std::string& path) {
  const auto slash = path.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
  return ::access(dir.c_str(), W_OK) == 0;
}

// A free file name: `stem`, or `stem-2`, `stem-3` ... (never an existing file).
std::string free_name(const std::string& stem, const std::string& suffix) {
  for (int n = 1;; ++n) {
    std::string name = n == 1 ? stem + suffix : stem + "-" + std::to_string(n) + suffix;
    if (!file_exists(name)) return name;
  }
}

// Writes join the caller's transaction (a Batch) or run in one of their own.
class WriteScope {
 public:
  explicit WriteScope(sql::Database& db) {
    if (!db.in_transaction()) tx_.emplace(db);
  }
  void commit() {
    if (tx_) tx_->commit();
  }

 private:
  std::optional<sql::Transaction> tx_;
};

std::string like_pattern(std::string_view text) {
  std::string p = "%";
  for (char c : text) {
    if (c == '%' || c == '_' || c == '\\') p += '\\';
    p += c;
  }
  return p + "%";
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

ScenarioStore::ScenarioStore(const std::string& path) : path_(path) { open(true); }

ScenarioStore::Batch::Batch(ScenarioStore& store) : tx_((store.require_writable(), store.db_)) {}

void ScenarioStore::open(bool may_move_aside) {
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
  try {
    open_connection(info);
    if (!report_.read_only) create_or_migrate();
  } catch (const sql::Error& e) {
    if (db_.is_open()) db_.keep_wal_on_close();  // no checkpoint into a damaged file
    db_.close();
    const bool fresh = info.kind != LibraryFileKind::Library;
    if (!e.corrupt())
      throw StoreError(std::string(fresh ? "cannot create" : "cannot open") + " the library '" + path_ + "': " + e.what());
    if (!may_move_aside || info.kind != LibraryFileKind::Library)
      throw StoreError("the library '" + path_ + "' is damaged: " + e.what());
    try {
      report_.moved_aside_to = move_library_aside(path_);
    } catch (const std::exception& move) {
      throw StoreError("the library '" + path_ + "' is damaged (" + e.what() + ") and " + move.what() + left);
    }
    const std::string moved = report_.moved_aside_to;
    report_ = OpenReport{};
    report_.moved_aside_to = moved;
    open(false);
    report_.notices.insert(report_.notices.begin(),
                           "The library '" + path_ + "' failed its integrity check (" + e.what() +
                               "). It was moved to '" + moved + "' and a new, empty library was started.");
  }
}

void ScenarioStore::open_connection(const LibraryFileInfo& info) {
  const bool fresh = info.kind != LibraryFileKind::Library;
  if (!fresh && !directory_writable(path_) && !file_exists(path_ + "-wal")) {
    // Nobody who may not write here can change a WAL library (it needs its -wal and -shm
    // files beside it), and SQLite could not create the -shm file it reads through.
    db_ = sql::Database(path_, sql::Database::Mode::Immutable);
    report_.read_only = true;
    report_.notices.push_back("The folder of the library '" + path_ + "' is read-only; it was opened read-only.");
  } else {
    try {
      db_ = sql::Database(path_, fresh ? sql::Database::Mode::ReadWriteCreate : sql::Database::Mode::ReadWrite);
    } catch (const sql::Error& e) {
      if (fresh) throw StoreError("cannot create the library '" + path_ + "': " + e.what());
      db_ = sql::Database(path_, sql::Database::Mode::ReadOnly);
      report_.read_only = true;
      report_.notices.push_back("The library '" + path_ + "' cannot be opened for writing (" + e.what() +
                                "); it was opened read-only.");
    }
  }
  db_.set_busy_timeout(kLibraryBusyTimeoutMs);
  if (db_.read_only() && !report_.read_only) {
    report_.read_only = true;
    report_.notices.push_back("The library '" + path_ + "' is read-only for this user; it was opened read-only.");
  }
  db_.exec("PRAGMA foreign_keys = ON");
  db_.exec("PRAGMA synchronous = FULL");
  db_.exec("PRAGMA cache_size = -32768");  // 32 MiB: a large import spills fewer pages twice
  const auto app = std::uint32_t(db_.query_int("PRAGMA application_id"));
  const auto version = db_.query_int("PRAGMA user_version");
  report_.schema_version_found = int(version);
  if (app != kLibraryApplicationId && !(fresh && app == 0 && version == 0))
    throw StoreError("'" + path_ + "' is not a clusterplan library; it was left unchanged");
  if (!fresh) {
    const std::string check = quick_check();
    if (check != "ok") throw sql::Error(11 /* SQLITE_CORRUPT */, "quick_check: " + check);
  }
  if (version > kLibrarySchemaVersion) {
    if (!report_.read_only) {
      db_ = sql::Database(path_, sql::Database::Mode::ReadOnly);
      db_.set_busy_timeout(kLibraryBusyTimeoutMs);
      report_.read_only = true;
    }
    report_.notices.push_back("The library '" + path_ + "' was written by a newer clusterplan (library schema " +
                              std::to_string(version) + "; this version knows up to " +
                              std::to_string(kLibrarySchemaVersion) +
                              "). It was opened read-only; update clusterplan to change it.");
  }
}

void ScenarioStore::create_or_migrate() {
  const int found = report_.schema_version_found;
  if (found < kLibrarySchemaVersion) {
    if (found > 0) {  // a library with data: copy it first, whole, with SQLite's backup API
      report_.backup_path =
          free_name(path_ + ".schema-v" + std::to_string(found) + "-" + utc_file_timestamp(), ".backup");
      try {
        db_.backup_to(report_.backup_path);
      } catch (const sql::Error& e) {
        std::remove(report_.backup_path.c_str());
        throw StoreError("the library '" + path_ + "' needs an upgrade, but its backup copy could not be made (" +
                         e.what() + "); it was left unchanged");
      }
    }
    sql::Transaction tx(db_);
    // Another process may have created or migrated the library meanwhile: look again.
    const auto app = std::uint32_t(db_.query_int("PRAGMA application_id"));
    const int version = int(db_.query_int("PRAGMA user_version"));
    if (app == 0 && version == 0) {
      if (db_.query_int("SELECT count(*) FROM sqlite_schema") != 0)
        throw StoreError("'" + path_ + "' is not a clusterplan library; it was left unchanged");
      db_.exec(kSetApplicationId);
      report_.created = true;
    }
    for (int v = version + 1; v <= kLibrarySchemaVersion; ++v) db_.exec(library_schema_step(v));
    if (version < kLibrarySchemaVersion) {
      const std::string set_version = "PRAGMA user_version = " + std::to_string(kLibrarySchemaVersion);
      db_.exec(set_version.c_str());  // a constant of this build, not user text
    }
    tx.commit();
    if (found > 0)
      report_.notices.push_back("The library '" + path_ + "' was upgraded from schema " + std::to_string(found) +
                                " to " + std::to_string(kLibrarySchemaVersion) + "; a copy of the old one is at '" +
                                report_.backup_path + "'.");
  }
  // Persistent; set after the application id is on disk, so that even a library whose first
  // transactions are still in the -wal file is recognisable by its header.
  db_.exec("PRAGMA journal_mode = WAL");
}

void ScenarioStore::require_writable() const {
  if (report_.read_only)
    throw StoreError("the library '" + path_ + "' is open read-only" +
                     (report_.notices.empty() ? std::string() : ": " + report_.notices.back()));
}

std::string ScenarioStore::quick_check() {
  sql::Statement s = db_.prepare("PRAGMA quick_check");
  std::string out;
  while (s.step()) {
    if (!out.empty()) out += "; ";
    out += s.text(0);
  }
  return out;
}

// --- Scenarios ---

namespace {

// The estimate's JSON without its "inputs" (estimate_to_json echoes the scenario there): the
// revision keeps the scenario once, and load() puts it back.
std::string snapshot_text(const json& estimate) {
  if (estimate.is_null()) return {};
  if (!estimate.is_object() || !estimate.contains("inputs")) return estimate.dump();
  std::string out = "{";
  for (auto it = estimate.begin(); it != estimate.end(); ++it) {
    if (it.key() == "inputs") continue;
    if (out.size() > 1) out += ',';
    out += json(it.key()).dump();
    out += ':';
    out += it.value().dump();
  }
  return out + "}";
}

}  // namespace

std::int64_t ScenarioStore::save(const ScenarioDocument& d, const json& estimate, std::int64_t id) {
  require_writable();
  return save_revision(d, snapshot_text(estimate), kEngineVersion, id);
}

std::int64_t ScenarioStore::save_revision(const ScenarioDocument& d, const std::string& estimate_json,
                                          const std::string& engine_version, std::int64_t id) {
  const std::string scenario_json = scenario_to_json(d.scenario).dump();
  const std::string& name = d.scenario.name;
  std::string tags_text;
  for (const std::string& tag : d.tags) {
    if (!tags_text.empty()) tags_text += '\x1f';
    tags_text += tag;
  }
  WriteScope write(db_);
  int revision = 1;
  if (id == 0) {
    static const std::string insert = std::string("INSERT INTO scenarios (name, tags, revision, created_at, ") +
                                      "updated_at) VALUES (?1, ?2, 1, " + kNow + ", " + kNow + ")";
    db_.cached(insert.c_str()).bind(1, name).bind(2, tags_text).run();
    id = db_.last_insert_rowid();
  } else {
    static const std::string update = std::string("UPDATE scenarios SET name = ?2, tags = ?3, ") +
                                      "revision = revision + 1, updated_at = " + kNow +
                                      " WHERE id = ?1 RETURNING revision";
    sql::Statement& s = db_.cached(update.c_str());
    s.bind(1, id).bind(2, name).bind(3, tags_text);
    if (!s.step()) throw StoreError("there is no scenario " + std::to_string(id) + " in the library");
    revision = int(s.int64(0));
    s.reset();
  }
  static const std::string add_revision =
      std::string("INSERT INTO revisions (scenario_id, revision, name, notes, scenario_json, estimate_json, ") +
      "engine_version, saved_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, " + kNow + ")";
  sql::Statement& r = db_.cached(add_revision.c_str());
  r.bind(1, id).bind(2, revision).bind(3, name).bind(4, d.notes).bind(5, scenario_json).bind(7, engine_version);
  if (estimate_json.empty()) r.bind_null(6);
  else r.bind(6, estimate_json);
  r.run();
  if (revision > 1) db_.cached("DELETE FROM tags WHERE scenario_id = ?1").bind(1, id).run();
  int position = 0;
  for (const std::string& tag : d.tags)
    db_.cached("INSERT OR IGNORE INTO tags (scenario_id, tag, position) VALUES (?1, ?2, ?3)")
        .bind(1, id)
        .bind(2, tag)
        .bind(3, position++)
        .run();
  write.commit();
  return id;
}

bool ScenarioStore::load_where(std::int64_t id, int revision, StoredScenario& out) {
  // revision 0: the current one
  sql::Statement& s = db_.cached(
      "SELECT s.created_at, s.updated_at, r.revision, r.name, r.notes, r.scenario_json, r.estimate_json, "
      "r.engine_version, r.saved_at FROM scenarios s JOIN revisions r ON r.scenario_id = s.id "
      "AND r.revision = CASE WHEN ?2 = 0 THEN s.revision ELSE ?2 END WHERE s.id = ?1");
  s.bind(1, id).bind(2, revision);
  if (!s.step()) return false;
  StoredScenario x;
  x.id = id;
  x.created_at = s.text(0);
  x.updated_at = revision == 0 ? s.text(1) : s.text(8);
  x.revision = int(s.int64(2));
  const std::string name = s.text(3);
  x.document.notes = s.text(4);
  const std::string scenario_json = s.text(5);
  const std::string estimate_json = s.is_null(6) ? std::string() : s.text(6);
  x.engine_version = s.text(7);
  s.reset();

  const auto fail = [&](const std::string& why) {
    return StoreError("scenario " + std::to_string(id) + " (revision " + std::to_string(x.revision) +
                      ") in the library cannot be read: " + why);
  };
  const json j = json::parse(scenario_json, nullptr, false);
  if (j.is_discarded()) throw fail("its scenario is not valid JSON");
  std::vector<Problem> problems;
  if (!scenario_from_json(j, x.document.scenario, problems)) throw fail(problems.front().text());
  x.document.scenario.name = name;
  if (!estimate_json.empty()) {
    x.estimate = json::parse(estimate_json, nullptr, false);
    if (x.estimate.is_discarded()) x.estimate = nullptr;
    else if (x.estimate.is_object() && !x.estimate.contains("inputs")) x.estimate["inputs"] = j;
  }
  sql::Statement& t = db_.cached("SELECT tag FROM tags WHERE scenario_id = ?1 ORDER BY position");
  t.bind(1, id);
  while (t.step()) x.document.tags.push_back(t.text(0));  // tags belong to the scenario
  t.reset();
  out = std::move(x);
  return true;
}

bool ScenarioStore::load(std::int64_t id, StoredScenario& out) { return load_where(id, 0, out); }

bool ScenarioStore::load_revision(std::int64_t id, int revision, StoredScenario& out) {
  return revision > 0 && load_where(id, revision, out);
}

std::vector<ScenarioSummary> ScenarioStore::list(std::string_view search, std::string_view tag) {
  sql::Statement& s = db_.cached(
      "SELECT s.id, s.name, s.revision, s.updated_at, s.tags FROM scenarios s "
      "WHERE (?1 = '' OR s.name LIKE ?2 ESCAPE '\\') "
      "AND (?3 = '' OR EXISTS (SELECT 1 FROM tags t WHERE t.scenario_id = s.id AND t.tag = ?3)) "
      "ORDER BY s.updated_at DESC, s.id DESC");
  s.bind(1, search).bind(2, like_pattern(search)).bind(3, tag);
  std::vector<ScenarioSummary> out;
  while (s.step()) {
    ScenarioSummary x;
    x.id = s.int64(0);
    x.name = s.text(1);
    x.revision = int(s.int64(2));
    x.updated_at = s.text(3);
    x.tags = split_tags(s.text(4));
    out.push_back(std::move(x));
  }
  s.reset();
  return out;
}

bool ScenarioStore::rename(std::int64_t id, const std::string& name) {
  require_writable();
  WriteScope write(db_);
  StoredScenario x;
  if (!load(id, x)) return false;
  x.document.scenario.name = name;
  save_revision(x.document, x.estimate.is_null() ? std::string() : x.estimate.dump(), x.engine_version, id);
  write.commit();
  return true;
}

std::int64_t ScenarioStore::duplicate(std::int64_t id, const std::string& name) {
  require_writable();
  WriteScope write(db_);
  StoredScenario x;
  if (!load(id, x)) return 0;
  x.document.scenario.name = name.empty() ? x.document.scenario.name + " (copy)" : name;
  const std::int64_t copy =
      save_revision(x.document, x.estimate.is_null() ? std::string() : x.estimate.dump(), x.engine_version, 0);
  write.commit();
  return copy;
}

bool ScenarioStore::remove(std::int64_t id) {
  require_writable();
  WriteScope write(db_);
  db_.cached("DELETE FROM scenarios WHERE id = ?1").bind(1, id).run();
  const bool removed = db_.changes() > 0;
  write.commit();
  return removed;
}

std::vector<RevisionInfo> ScenarioStore::history(std::int64_t id) {
  sql::Statement& s = db_.cached(
      "SELECT revision, name, saved_at, engine_version, estimate_json IS NOT NULL FROM revisions "
      "WHERE scenario_id = ?1 ORDER BY revision DESC");
  s.bind(1, id);
  std::vector<RevisionInfo> out;
  while (s.step()) out.push_back({int(s.int64(0)), s.text(1), s.text(2), s.text(3), s.int64(4) != 0});
  s.reset();
  return out;
}

std::vector<TagCount> ScenarioStore::tags() {
  sql::Statement& s = db_.cached("SELECT tag, count(*) FROM tags GROUP BY tag ORDER BY tag");
  std::vector<TagCount> out;
  while (s.step()) out.push_back({s.text(0), int(s.int64(1))});
  s.reset();
  return out;
}

// --- The user's catalog ---

void ScenarioStore::put_catalog_entry(CatalogKind kind, const std::string& id, const json& data) {
  require_writable();
  static const std::string sql = std::string("INSERT INTO catalog_entries (kind, id, json, updated_at) ") +
                                 "VALUES (?1, ?2, ?3, " + kNow + ") ON CONFLICT (kind, id) DO UPDATE SET " +
                                 "json = excluded.json, updated_at = excluded.updated_at";
  WriteScope write(db_);
  db_.cached(sql.c_str()).bind(1, catalog_kind_name(kind)).bind(2, id).bind(3, data.dump()).run();
  write.commit();
}

std::vector<CatalogEntry> ScenarioStore::catalog_entries(CatalogKind kind) {
  sql::Statement& s = db_.cached("SELECT id, json, updated_at FROM catalog_entries WHERE kind = ?1 ORDER BY id");
  s.bind(1, catalog_kind_name(kind));
  std::vector<CatalogEntry> out;
  while (s.step()) out.push_back({s.text(0), json::parse(s.text(1), nullptr, false), s.text(2)});
  s.reset();
  return out;
}

bool ScenarioStore::remove_catalog_entry(CatalogKind kind, const std::string& id) {
  require_writable();
  WriteScope write(db_);
  db_.cached("DELETE FROM catalog_entries WHERE kind = ?1 AND id = ?2").bind(1, catalog_kind_name(kind)).bind(2, id).run();
  const bool removed = db_.changes() > 0;
  write.commit();
  return removed;
}

}  // namespace cp
