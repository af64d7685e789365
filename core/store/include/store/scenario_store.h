// The scenario library: an SQLite file of saved scenarios with their revision history, tags,
// estimate snapshots and the user's catalog entries. Never loses a user's work:
//  - WAL with synchronous=FULL: a save that returned survives a crash or a power cut;
//  - every save is a new revision, the previous ones stay;
//  - an older library is backed up (SQLite's backup API) before its schema is migrated, in
//    one transaction; a newer one is opened read-only;
//  - a library that fails PRAGMA quick_check on open is checked again with an exclusive lock
//    (no other connection, in any process, has it open) by PRAGMA integrity_check; only when
//    that fails too is it moved aside, never deleted, and a fresh library starts (report()
//    says where the old one went). When another program has it open it is refused, unchanged;
//  - a file that is not a clusterplan library is refused and left byte for byte as it was;
//  - every revision and every scenario row carries a checksum of what is stored for it (with
//    the shared price lists and shapes it uses), verified on every load: a damaged revision is
//    an error ("revision R of scenario N is damaged"), never served.
// Several processes may use one library; writers wait for each other (busy timeout), and a
// revision's number is assigned inside its write transaction.
// One connection per library per process: every ScenarioStore of one file (by its canonical
// path, or its device and inode) in a process shares one connection, opened by the first
// (which alone inspects the file before SQLite opens it: a plain open() and close() of a
// file SQLite has open would drop SQLite's POSIX locks). Use the ScenarioStores of one
// library from one thread at a time.
#pragma once

#include "engine/version.h"

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "store/library_file.h"
#include "io/scenario_file.h"
#include "store/sqlite.h"
#include "store/store_schema.h"

namespace cp {

// The estimating engine's version, kept with every saved estimate snapshot.
inline constexpr const char* kEngineVersion = kVersion;  // the one version, from CMake
// How long a writer waits for another's transaction before failing (SQLITE_BUSY). A save
// takes ~1-10 ms (tests/bench/bench_store.cpp); 10 s lets a queue of writers drain.
inline constexpr int kLibraryBusyTimeoutMs = 10000;

// A refused or failed library operation; the message is meant for the user.
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// SQLite failed under an operation (a full disk, a lock held past the busy timeout, a damaged
// page), as opposed to a refusal: what the store throws instead of letting sql::Error out.
class StoreFailure : public StoreError {
 public:
  StoreFailure(const std::string& message, int sqlite_code) : StoreError(message), sqlite_code_(sqlite_code) {}
  int sqlite_code() const { return sqlite_code_; }  // SQLite's extended result code

 private:
  int sqlite_code_;
};

enum class CatalogKind { Gpu, NodeType, Fabric, PriceList };
std::string_view catalog_kind_name(CatalogKind k);  // "gpu", "node_type", "fabric", "price_list"

struct StoredScenario {
  std::int64_t id = 0;
  int revision = 0;
  ScenarioFileDocument document;
  nlohmann::json estimate;  // the estimate's JSON when it was saved; null: none was kept
  std::string engine_version;
  std::string created_at, updated_at;  // ISO 8601, UTC ("2025-01-31T12:00:00.000Z")
};

struct ScenarioSummary {
  std::int64_t id = 0;
  std::string name;
  std::vector<std::string> tags;
  int revision = 0;
  std::string updated_at;
};

struct RevisionInfo {
  int revision = 0;
  std::string name;
  std::string saved_at;
  std::string engine_version;
  bool has_estimate = false;
};

struct TagCount {
  std::string tag;
  int scenarios = 0;
};

struct CatalogEntry {
  std::string id;
  nlohmann::json data;
  std::string updated_at;
};

// What happened while opening; `notices` are sentences to show the user.
struct OpenReport {
  bool created = false;            // a new library was started
  bool read_only = false;
  int schema_version_found = 0;    // PRAGMA user_version before any migration
  std::string backup_path;         // the copy made before a migration
  std::string moved_aside_to;      // where a damaged library went
  // Committed saves the library no longer holds (its commit record, library_file.h, counts
  // more commits than the library): 0 when none were lost. The library is opened as it is
  // (its last intact state) and the damaged -wal file is copied to `lost_commits_copy` first.
  std::int64_t lost_commits = 0;
  std::string lost_commits_copy;
  std::vector<std::string> notices;
};

// What opening a path where no file exists does.
enum class OpenMode {
  Create,     // starts a new, empty library there
  MustExist,  // throws StoreError ("no library at 'PATH'") and creates nothing: for a reader,
              // to whom a mistyped path is an error, not a new library
};

class ScenarioStore {
 public:
  // Opens or creates (see OpenMode) the library at `path`. Throws StoreError, leaving the file
  // untouched, when it is not a clusterplan library or cannot be opened.
  explicit ScenarioStore(const std::string& path, OpenMode mode = OpenMode::Create);
  ~ScenarioStore();
  ScenarioStore(ScenarioStore&&) noexcept;
  ScenarioStore& operator=(ScenarioStore&&) noexcept;

  const OpenReport& report() const { return *report_; }
  bool read_only() const { return report_->read_only; }
  const std::string& path() const { return path_; }

  // Saves a new scenario (id 0) or a new revision of scenario `id`; returns the id. The save
  // is durable when it returns, unless it runs inside a Batch. Throws StoreError when `id`
  // does not exist or the library is read-only.
  std::int64_t save(const ScenarioFileDocument& d, const nlohmann::json& estimate, std::int64_t id = 0);
  // The same, and `revision` is the number the save got (assigned in its write transaction:
  // no other save of this scenario, in any process, gets the same one).
  std::int64_t save(const ScenarioFileDocument& d, const nlohmann::json& estimate, std::int64_t id, int& revision);
  // False when there is no such scenario (or revision). Throws StoreError when the stored
  // JSON cannot be read back, or when the revision's or the scenario's checksum does not match
  // what is stored ("revision R of scenario N is damaged").
  bool load(std::int64_t id, StoredScenario& out);
  bool load_revision(std::int64_t id, int revision, StoredScenario& out);
  // Newest first. `search`: part of the name, any case; `tag`: only scenarios with that tag.
  std::vector<ScenarioSummary> list(std::string_view search = {}, std::string_view tag = {});
  // A new revision with the new name. False when there is no such scenario.
  bool rename(std::int64_t id, const std::string& name);
  // The revision scenario `id` is at now, read inside the caller's Batch (under the write
  // lock) when there is one; 0 when there is no such scenario.
  int current_revision(std::int64_t id);
  // A copy with a history of its own (one revision); "NAME (copy)" unless a name is given.
  // Returns the new id, 0 when there is no such scenario.
  std::int64_t duplicate(std::int64_t id, const std::string& name = {});
  // Deletes a scenario with its history and tags. False when there is no such scenario.
  bool remove(std::int64_t id);
  // Puts a deleted scenario back as it was: its id, its revisions (oldest first, as
  // load_revision() read them) with their numbers, names, notes, snapshots, engine versions and
  // dates (created_at of the scenario, each revision's saved_at in its updated_at). Returns the
  // id: the same, or a new one when a scenario with that id is in the library again (it was
  // restored already, or came back in a copy): ids are never given twice.
  // Throws StoreError, writing nothing, when `revisions` is empty or not one scenario's 1..N.
  std::int64_t restore(const std::vector<StoredScenario>& revisions);
  // Newest first; empty when there is no such scenario.
  std::vector<RevisionInfo> history(std::int64_t id);
  std::vector<TagCount> tags();  // every tag in use, alphabetical

  void put_catalog_entry(CatalogKind kind, const std::string& id, const nlohmann::json& data);
  std::vector<CatalogEntry> catalog_entries(CatalogKind kind);
  bool remove_catalog_entry(CatalogKind kind, const std::string& id);

  // "ok", or what PRAGMA quick_check found.
  std::string quick_check();
  // "ok", or what PRAGMA integrity_check found (slower: also checks every index).
  std::string integrity_check();

  // Every public function throws StoreFailure (a StoreError), never sql::Error, when SQLite
  // fails (a full disk, a lock held past the busy timeout, a damaged page).

  // Groups many saves into one transaction (an import): they become durable together at
  // commit(); without commit() none of them is kept. Within a batch, price lists and snapshot
  // shapes already written are recognised without serialising them again.
  // A Batch holds the library's write lock from its start (writers in other processes wait up
  // to kLibraryBusyTimeoutMs for it): a read inside it (load, current_revision) sees what the
  // save after it will build on, so a read-modify-save inside one Batch loses no other
  // writer's change.
  class Batch {
   public:
    explicit Batch(ScenarioStore& store);
    void commit();

   private:
    ScenarioStore& store_;
    sql::Transaction tx_;
  };

 private:
  struct Library;
  class WriteScope;
  void open(bool may_move_aside);
  void check_commit_record();
  // Raises the library's commit count inside the current write transaction; returns it.
  std::int64_t count_commit();
  // After a commit: the commit record follows the count.
  void record_commit(std::int64_t commits);
  void open_connection(const LibraryFileInfo& info);
  void confirm_damage(const LibraryFileInfo& info, const std::string& found);
  void create_or_migrate();
  void add_checksums();
  std::string pragma_check(const char* pragma);
  void require_writable() const;
  // Throws StoreFailure: "cannot ACTION in the library 'PATH': " and SQLite's reason.
  [[noreturn]] void failed(const char* action, const sql::Error& e) const;
  // A restored revision's identity and dates (restore()); null: a new save, now.
  struct Stamp {
    std::int64_t id = 0;
    std::string created_at, saved_at;
  };
  std::int64_t save_revision(const ScenarioFileDocument& d, const nlohmann::json& estimate,
                             const std::string& engine_version, std::int64_t id, int* saved_revision = nullptr,
                             const Stamp* stamp = nullptr);
  std::int64_t content_row(const char* find_sql, const char* insert_sql, std::string_view content, bool blob);
  std::int64_t price_list_row(const PriceList& list);
  std::int64_t shape_row(const std::string& shape);
  bool shape_text(std::int64_t id, std::string& shape);
  void delete_unused_shared_rows();
  // `check_text`: refuse a name, notes or tags over their limits (io/scenario_file.h).
  bool load_where(std::int64_t id, int revision, StoredScenario& out, bool check_text = true);

  // Rows of price_lists and json_shapes written or found in the current write transaction,
  // with what they hold (cleared whenever a write transaction begins).
  struct WriteCache;

  std::string path_;
  std::shared_ptr<Library> lib_;  // shared with the other ScenarioStores of this file
  // Shortcuts to the members of *lib_, under the names a store of its own would use.
  sql::Database* db_ = nullptr;
  OpenReport* report_ = nullptr;
  WriteCache* cache_ = nullptr;
};

}  // namespace cp
