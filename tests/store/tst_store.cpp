// The scenario library (core/store/include/store/scenario_store.h): round trips, revisions, search, the user's
// catalog, schema migration with a backup, libraries from the future, damaged libraries moved
// aside, files that are not libraries left byte for byte as they were, a read-only folder,
// two processes writing at once, and a writer killed with SIGKILL in the middle of its saves.
#include <QtTest>

#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <set>

#include "engine/estimate.h"
#include "io/scenario_json.h"
#include "store/scenario_store.h"
#include "store/scenario_store_pack.h"
#include "common/files.h"
#include "common/unprivileged.h"

using namespace cp;
using nlohmann::json;

namespace {

ScenarioFileDocument document(const std::string& name, std::vector<std::string> tags = {}) {
  ScenarioFileDocument d;
  d.scenario.name = name;
  d.notes = "notes of " + name;
  d.tags = std::move(tags);
  return d;
}

json snapshotOf(const Scenario& s) { return estimate_to_json(s, estimate(s)); }

using cp::test::readAll;
using cp::test::writeAll;

using cp::test::entries;

std::int64_t pragma(const QString& path, const char* sql) {
  sql::Database db(path.toStdString(), sql::Database::Mode::ReadOnly);
  return db.query_int(sql);
}

std::set<std::string> names(ScenarioStore& store) {
  std::set<std::string> out;
  for (const ScenarioSummary& s : store.list()) out.insert(s.name);
  return out;
}

// A library with `n` saved scenarios, closed (its -wal checkpointed into the file).
void makeLibrary(const QString& path, int n) {
  ScenarioStore store(path.toStdString());
  ScenarioStore::Batch batch(store);
  for (int i = 0; i < n; ++i) store.save(document("plan " + std::to_string(i), {"t"}), snapshotOf(default_scenario()));
  batch.commit();
}

QString writerPath() { return qEnvironmentVariable("CLUSTERPLAN_STORE_WRITER"); }

// The estimate JSON as a library of schema 2 kept it: without its "inputs".
std::string snapshotText(const json& estimate) {
  json j = estimate;
  j.erase("inputs");
  return j.dump();
}

json withoutInputs(json j) {
  if (j.is_object()) j.erase("inputs");
  return j;
}

// A scenario whose purchase list differs from the default one by its first price.
ScenarioFileDocument repriced(const std::string& name, double price) {
  ScenarioFileDocument d = document(name);
  d.scenario.assumptions.purchase.lines.at(0).price = price;
  return d;
}

// Every row of the tables that hold saved scenarios, read by full scans of the tables (no
// index), each as its columns' SQL literals: what is stored, to compare two copies of a library.
std::map<std::string, std::string> rawRows(const QString& path, bool checksums = true) {
  static const char* const kTables[] = {
      "SELECT 'revisions', id, quote(scenario_id)||quote(revision)||quote(name)||quote(notes)||quote(scenario_json)||"
      "quote(scenario_shape)||quote(scenario_values)||quote(rent_list)||quote(cloud_list)||quote(purchase_list)||"
      "quote(estimate_json)||quote(estimate_shape)||quote(estimate_values)||quote(engine_version)||quote(saved_at) "
      "FROM revisions NOT INDEXED",
      "SELECT 'scenarios', id, quote(name)||quote(tags)||quote(revision)||quote(created_at)||quote(updated_at) "
      "FROM scenarios NOT INDEXED",
      "SELECT 'tags', scenario_id, quote(tag)||quote(position) FROM tags",
      "SELECT 'json_shapes', id, quote(hash)||quote(shape) FROM json_shapes NOT INDEXED",
      "SELECT 'price_lists', id, quote(hash)||quote(json) FROM price_lists NOT INDEXED",
      "SELECT 'revision checksum', id, quote(checksum) FROM revisions NOT INDEXED",
      "SELECT 'scenario checksum', id, quote(checksum) FROM scenarios NOT INDEXED"};
  sql::Database db(path.toStdString(), sql::Database::Mode::ReadOnly);
  std::map<std::string, std::string> rows;
  for (const char* sql : kTables) {
    if (!checksums && std::string_view(sql).find("checksum") != std::string_view::npos) continue;
    sql::Statement s = db.prepare(sql);
    while (s.step()) rows[s.text(0) + " " + std::to_string(s.int64(1))] += s.text(2) + "|";
  }
  return rows;
}

// What load_revision serves: the scenario file's JSON and the estimate, as one text.
std::string served(const StoredScenario& x) {
  return scenario_file_to_json(x.document).dump() + "\n" + x.estimate.dump() + "\n" + x.engine_version;
}

// What every revision of a library made by makeHistoryLibrary serves, by (scenario, revision).
std::map<std::pair<std::int64_t, int>, std::string> servedRevisions(const QString& path) {
  std::map<std::pair<std::int64_t, int>, std::string> out;
  ScenarioStore store(path.toStdString());
  for (const ScenarioSummary& s : store.list())
    for (int r = 1; r <= 3; ++r) {
      StoredScenario x;
      if (store.load_revision(s.id, r, x)) out[{s.id, r}] = served(x);
    }
  return out;
}

// A library of 8 scenarios with 3 revisions each, tags, snapshots and two price lists.
void makeHistoryLibrary(const QString& path) {
  ScenarioStore store(path.toStdString());
  for (int i = 0; i < 8; ++i) {
    ScenarioFileDocument d = i % 2 ? repriced("plan " + std::to_string(i), 100.0 + i) : document("plan " + std::to_string(i));
    d.tags = {"t" + std::to_string(i % 3), "all"};
    const std::int64_t id = store.save(d, snapshotOf(d.scenario));
    for (int r = 2; r <= 3; ++r) {
      d.notes = "revision " + std::to_string(r);
      d.scenario.training.global_batch = 512 * r + i;
      store.save(d, r == 3 ? snapshotOf(d.scenario) : json(nullptr), id);
    }
  }
}

QString damageText(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

}  // namespace

class TstStore : public QObject {
  Q_OBJECT
 private slots:
  void saveLoadRoundTrip();
  void fileRoundTrip();
  void revisionsKeepEveryVersion();
  void listSearchAndTags();
  void renameDuplicateRemove();
  void catalogEntries();
  void batchWithoutCommitKeepsNothing();
  void libraryPragmas();
  void emptyFileBecomesLibrary();
  void migrationFromSchema1();
  void migrationFromSchema2();
  void sharedPriceListsAndShapes();
  void batchReusesSharedRowsSafely();
  void packedSnapshotIsExact();
  void packedDocumentsRefuseDamage();
  void damagedSharedRows();
  void libraryFromTheFuture();
  void damagedLibraryMovedAside_data();
  void damagedLibraryMovedAside();
  void notALibraryLeftUnchanged_data();
  void notALibraryLeftUnchanged();
  void readOnlyDirectory();
  void concurrentWriters();
  void newLibraryOpenedByTwoAtOnce();
  void crashDuringSaves();
  void oneConnectionPerLibrary();
  void checksumsOnEveryLoad();
  void migrationAddsChecksums();
  void bitFlipsNeverServed();
  void movedAsideOnlyWhenAlone();
  void restoreKeepsIdAndDates();
  void idsAreNeverGivenTwice();
  void walDamageIsReported();
  void textOverTheLimitsIsRefused();
  void searchLongerThanLikeAllows();
  void symlinkedLibraryIsSaid();
};

void TstStore::saveLoadRoundTrip() {
  QTemporaryDir dir;
  ScenarioStore store(dir.filePath("lib.sqlite").toStdString());
  QVERIFY(store.report().created);
  QVERIFY(store.report().notices.empty());
  ScenarioFileDocument d = document("LLaMA-65B baseline", {"budget", "q3"});
  d.scenario.cluster.gpu.id = "site-gpu";  // a custom GPU: its figures are kept with the scenario
  d.scenario.cluster.gpu.name = "Site GPU";
  d.scenario.cluster.gpu.memory_bytes = 100e9;
  const json snapshot = snapshotOf(d.scenario);
  const std::int64_t id = store.save(d, snapshot);
  QCOMPARE(id, std::int64_t(1));

  StoredScenario back;
  QVERIFY(store.load(id, back));
  QCOMPARE(scenario_to_json(back.document.scenario), scenario_to_json(d.scenario));
  QCOMPARE(back.document.notes, d.notes);
  QVERIFY(back.document.tags == d.tags);
  QCOMPARE(back.estimate, snapshot);  // its "inputs" are stored once, with the revision
  QCOMPARE(back.engine_version, std::string("0.1.0"));
  QCOMPARE(back.revision, 1);
  QVERIFY(QString::fromStdString(back.created_at).endsWith('Z'));
  QVERIFY(!store.load(42, back));
}

// save -> load -> export -> import -> save -> load: the same scenario JSON all the way.
void TstStore::fileRoundTrip() {
  QTemporaryDir dir;
  ScenarioStore store(dir.filePath("lib.sqlite").toStdString());
  ScenarioFileDocument d = document("DeepSeek-V3", {"moe"});
  d.scenario.model = find_model_preset("deepseek-v3")->shape;
  d.scenario.model_id = "deepseek-v3";
  const std::int64_t id = store.save(d, nullptr);
  StoredScenario loaded;
  QVERIFY(store.load(id, loaded));
  QVERIFY(loaded.estimate.is_null());
  std::string error;
  const std::string file = dir.filePath("ds.json").toStdString();
  QVERIFY2(export_scenario_file(file, loaded.document, error), error.c_str());
  const ImportResult imported = import_scenario_file(file);
  QVERIFY(imported.ok());
  const std::int64_t id2 = store.save(imported.document, nullptr);
  StoredScenario again;
  QVERIFY(store.load(id2, again));
  QCOMPARE(scenario_to_json(again.document.scenario).dump(), scenario_to_json(d.scenario).dump());
  QCOMPARE(scenario_file_text(again.document), scenario_file_text(d));
}

// restore() puts a deleted scenario back as it was (the workbench's undo of a delete): its id,
// revisions and dates; the checksums of the restored rows verify on load.
void TstStore::restoreKeepsIdAndDates() {
  QTemporaryDir dir;
  ScenarioStore store(dir.filePath("lib.sqlite").toStdString());
  ScenarioFileDocument d = document("Doomed", {"x", "y"});
  const std::int64_t id = store.save(d, snapshotOf(d.scenario));
  d.scenario.training.global_batch = 512;
  QCOMPARE(store.save(d, nullptr, id), id);
  store.save(document("Other", {}), nullptr);
  std::vector<StoredScenario> revisions(2);
  QVERIFY(store.load_revision(id, 1, revisions[0]));
  QVERIFY(store.load_revision(id, 2, revisions[1]));
  StoredScenario before;
  QVERIFY(store.load(id, before));
  QVERIFY(store.remove(id));
  store.save(document("Later", {}), nullptr);  // takes a new id, never the deleted one

  QCOMPARE(store.restore(revisions), id);
  StoredScenario after, first;
  QVERIFY(store.load(id, after));
  QCOMPARE(after.created_at, before.created_at);
  QCOMPARE(after.updated_at, before.updated_at);
  QCOMPARE(after.revision, 2);
  QCOMPARE(after.document.scenario.training.global_batch, 512);
  QVERIFY(after.document.tags == (std::vector<std::string>{"x", "y"}));
  QVERIFY(store.load_revision(id, 1, first));
  QCOMPARE(first.estimate, revisions[0].estimate);
  QCOMPARE(first.updated_at, revisions[0].updated_at);
  QCOMPARE(store.history(id).size(), std::size_t(2));
  QCOMPARE(store.list().size(), std::size_t(3));
  QCOMPARE(store.integrity_check(), std::string("ok"));
  // Its id taken (here by itself): a new id, the same dates.
  const std::int64_t again = store.restore(revisions);
  QVERIFY(again != id);
  QVERIFY(store.load(again, after));
  QCOMPARE(after.created_at, before.created_at);
  QCOMPARE(after.updated_at, before.updated_at);
  QCOMPARE(store.list().size(), std::size_t(4));
  // Revisions that are not 1..N of one scenario are refused, and nothing is written.
  QVERIFY_THROWS_EXCEPTION(StoreError, store.restore({revisions[1]}));
  QVERIFY_THROWS_EXCEPTION(StoreError, store.restore({}));
  QCOMPARE(store.list().size(), std::size_t(4));
  QCOMPARE(store.integrity_check(), std::string("ok"));
}

void TstStore::revisionsKeepEveryVersion() {
  QTemporaryDir dir;
  ScenarioStore store(dir.filePath("lib.sqlite").toStdString());
  ScenarioFileDocument d = document("plan");
  const std::int64_t id = store.save(d, nullptr);
  d.scenario.parallel.pp = 8;
  d.notes = "more stages";
  QCOMPARE(store.save(d, snapshotOf(d.scenario), id), id);
  d.scenario.name = "plan, final";
  QCOMPARE(store.save(d, nullptr, id), id);

  const std::vector<RevisionInfo> h = store.history(id);
  QCOMPARE(h.size(), std::size_t(3));
  QCOMPARE(h[0].revision, 3);
  QCOMPARE(h[0].name, std::string("plan, final"));
  QCOMPARE(h[2].name, std::string("plan"));
  QVERIFY(h[1].has_estimate);
  QVERIFY(!h[2].has_estimate);

  StoredScenario first, current;
  QVERIFY(store.load_revision(id, 1, first));
  QCOMPARE(first.document.scenario.parallel.pp, 4);
  QCOMPARE(first.document.notes, std::string("notes of plan"));
  QVERIFY(store.load(id, current));
  QCOMPARE(current.revision, 3);
  QCOMPARE(current.document.scenario.parallel.pp, 8);
  QVERIFY(!store.load_revision(id, 4, first));
  QVERIFY(store.history(99).empty());
  QVERIFY_THROWS_EXCEPTION(StoreError, store.save(d, nullptr, 99));
  QCOMPARE(store.list().size(), std::size_t(1));
}

void TstStore::listSearchAndTags() {
  QTemporaryDir dir;
  ScenarioStore store(dir.filePath("lib.sqlite").toStdString());
  store.save(document("LLaMA 65B", {"llama", "budget"}), nullptr);   // 1
  store.save(document("GPT-3 175B", {"gpt"}), nullptr);              // 2
  store.save(document("llama 100% MFU_dream", {"llama"}), nullptr);  // 3
  store.save(document("Mixtral", {}), nullptr);                      // 4

  auto ids = [&](std::string_view search, std::string_view tag) {
    QList<qint64> out;
    for (const ScenarioSummary& s : store.list(search, tag)) out << s.id;
    return out;
  };
  QCOMPARE(ids("", ""), (QList<qint64>{4, 3, 2, 1}));  // newest first
  QCOMPARE(ids("LLAMA", ""), (QList<qint64>{3, 1}));    // any case
  QCOMPARE(ids("100%", ""), (QList<qint64>{3}));        // % and _ are plain characters
  QCOMPARE(ids("_", ""), (QList<qint64>{3}));
  QCOMPARE(ids("", "llama"), (QList<qint64>{3, 1}));
  QCOMPARE(ids("65", "llama"), (QList<qint64>{1}));
  QCOMPARE(ids("", "nope"), QList<qint64>{});
  QCOMPARE(ids("'; DROP TABLE scenarios; --", ""), QList<qint64>{});
  QCOMPARE(store.list().size(), std::size_t(4));

  const std::vector<ScenarioSummary> all = store.list();
  QVERIFY(all[3].tags == (std::vector<std::string>{"llama", "budget"}));  // in the user's order
  const std::vector<TagCount> tags = store.tags();
  QCOMPARE(tags.size(), std::size_t(3));
  QCOMPARE(tags[0].tag, std::string("budget"));
  QCOMPARE(tags[2].tag, std::string("llama"));
  QCOMPARE(tags[2].scenarios, 2);
}

void TstStore::renameDuplicateRemove() {
  QTemporaryDir dir;
  ScenarioStore store(dir.filePath("lib.sqlite").toStdString());
  const std::int64_t id = store.save(document("plan", {"a"}), snapshotOf(default_scenario()));
  QVERIFY(store.rename(id, "renamed plan"));
  StoredScenario x;
  QVERIFY(store.load(id, x));
  QCOMPARE(x.document.scenario.name, std::string("renamed plan"));
  QCOMPARE(x.revision, 2);  // renaming keeps the old name in the history
  QVERIFY(!x.estimate.is_null());
  QVERIFY(!store.rename(99, "x"));

  const std::int64_t copy = store.duplicate(id);
  QVERIFY(copy != id);
  StoredScenario y;
  QVERIFY(store.load(copy, y));
  QCOMPARE(y.document.scenario.name, std::string("renamed plan (copy)"));
  QCOMPARE(y.revision, 1);
  QVERIFY(y.document.tags == x.document.tags);
  QCOMPARE(scenario_to_json(y.document.scenario)["training"], scenario_to_json(x.document.scenario)["training"]);
  QCOMPARE(store.duplicate(99), std::int64_t(0));

  QVERIFY(store.remove(id));
  QVERIFY(!store.remove(id));
  QVERIFY(!store.load(id, x));
  QVERIFY(store.history(id).empty());  // its revisions went with it
  QCOMPARE(store.list().size(), std::size_t(1));
  QCOMPARE(store.tags().size(), std::size_t(1));
  QCOMPARE(store.tags()[0].scenarios, 1);
}

void TstStore::catalogEntries() {
  QTemporaryDir dir;
  ScenarioStore store(dir.filePath("lib.sqlite").toStdString());
  const json gpu = scenario_to_json(default_scenario())["cluster"]["gpu_spec"];
  store.put_catalog_entry(CatalogKind::Gpu, "site-gpu", gpu);
  store.put_catalog_entry(CatalogKind::PriceList, "site-prices", json{{"currency", "usd"}});
  store.put_catalog_entry(CatalogKind::Gpu, "site-gpu", json{{"name", "replaced"}});
  QCOMPARE(store.catalog_entries(CatalogKind::Gpu).size(), std::size_t(1));
  QCOMPARE(store.catalog_entries(CatalogKind::Gpu)[0].data["name"].get<std::string>(), std::string("replaced"));
  QCOMPARE(store.catalog_entries(CatalogKind::PriceList)[0].id, std::string("site-prices"));
  QVERIFY(store.catalog_entries(CatalogKind::Fabric).empty());
  QVERIFY(store.catalog_entries(CatalogKind::NodeType).empty());
  QVERIFY(store.remove_catalog_entry(CatalogKind::Gpu, "site-gpu"));
  QVERIFY(!store.remove_catalog_entry(CatalogKind::Gpu, "site-gpu"));
}

void TstStore::batchWithoutCommitKeepsNothing() {
  QTemporaryDir dir;
  ScenarioStore store(dir.filePath("lib.sqlite").toStdString());
  {
    ScenarioStore::Batch batch(store);
    store.save(document("a"), nullptr);
    store.save(document("b"), nullptr);
  }  // no commit
  QVERIFY(store.list().empty());
  {
    ScenarioStore::Batch batch(store);
    store.save(document("a"), nullptr);
    batch.commit();
  }
  QCOMPARE(store.list().size(), std::size_t(1));
}

void TstStore::libraryPragmas() {
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  {
    ScenarioStore store(path.toStdString());
    store.save(document("a"), nullptr);
  }
  QCOMPARE(pragma(path, "PRAGMA application_id"), std::int64_t(0x43504C42));  // "CPLB"
  QCOMPARE(pragma(path, "PRAGMA user_version"), std::int64_t(kLibrarySchemaVersion));
  sql::Database db(path.toStdString(), sql::Database::Mode::ReadOnly);
  sql::Statement mode = db.prepare("PRAGMA journal_mode");
  QVERIFY(mode.step());
  QCOMPARE(mode.text(0), std::string("wal"));
  QCOMPARE(inspect_library_file(path.toStdString()).kind, LibraryFileKind::Library);
}

void TstStore::emptyFileBecomesLibrary() {
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  writeAll(path, QByteArray());
  ScenarioStore store(path.toStdString());
  QVERIFY(store.report().created);
  store.save(document("a"), nullptr);
  QCOMPARE(store.list().size(), std::size_t(1));
}

// A library of schema 1 (scenarios, revisions, tags; no catalog), made here by hand.
void TstStore::migrationFromSchema1() {
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  const std::string scenario = scenario_to_json(default_scenario()).dump();
  {
    sql::Database db(path.toStdString(), sql::Database::Mode::ReadWriteCreate);
    db.exec("PRAGMA application_id = 1129335874");
    db.exec(library_schema_step(1));
    db.exec("PRAGMA user_version = 1");
    db.exec("INSERT INTO scenarios VALUES (7, 'Old plan', 'old', 1, '2024-05-01T10:00:00.000Z', "
            "'2024-05-01T10:00:00.000Z')");
    db.prepare("INSERT INTO revisions (scenario_id, revision, name, notes, scenario_json, engine_version, saved_at) "
               "VALUES (7, 1, 'Old plan', 'kept', ?1, '0.0.9', '2024-05-01T10:00:00.000Z')")
        .bind(1, scenario)
        .run();
    db.exec("INSERT INTO tags VALUES (7, 'old', 0)");
  }
  const QByteArray before = readAll(path);
  std::string backup;
  {
    ScenarioStore store(path.toStdString());
    QCOMPARE(store.report().schema_version_found, 1);
    QVERIFY(!store.report().created);
    backup = store.report().backup_path;
    QVERIFY(QString::fromStdString(backup).startsWith(path + ".schema-v1-"));
    QVERIFY(QString::fromStdString(backup).endsWith(".backup"));
    QCOMPARE(store.report().notices.size(), std::size_t(1));
    QVERIFY(QString::fromStdString(store.report().notices[0]).contains(QString("upgraded from schema 1 to %1").arg(kLibrarySchemaVersion)));
    StoredScenario x;
    QVERIFY(store.load(7, x));
    QCOMPARE(x.document.scenario.name, std::string("Old plan"));
    QCOMPARE(x.document.notes, std::string("kept"));
    QCOMPARE(x.engine_version, std::string("0.0.9"));
    QVERIFY(x.document.tags == std::vector<std::string>{"old"});
    store.put_catalog_entry(CatalogKind::Fabric, "site-roce", json{{"nic_gbps", 400}});  // a schema-2 table
    QCOMPARE(store.save(x.document, nullptr, 7), std::int64_t(7));
  }
  QCOMPARE(pragma(path, "PRAGMA user_version"), std::int64_t(kLibrarySchemaVersion));
  // The backup is the old library, whole: same schema version, same rows, no catalog table.
  QCOMPARE(pragma(QString::fromStdString(backup), "PRAGMA user_version"), std::int64_t(1));
  QCOMPARE(pragma(QString::fromStdString(backup), "SELECT count(*) FROM revisions"), std::int64_t(1));
  QCOMPARE(pragma(QString::fromStdString(backup),
                  "SELECT count(*) FROM sqlite_schema WHERE name = 'catalog_entries'"),
           std::int64_t(0));
  QCOMPARE(pragma(QString::fromStdString(backup), "PRAGMA application_id"), std::int64_t(0x43504C42));
  QVERIFY(readAll(QString::fromStdString(backup)).size() >= before.size() / 2);
  // Opened again: nothing left to migrate, no second backup.
  ScenarioStore again(path.toStdString());
  QVERIFY(again.report().backup_path.empty());
  QVERIFY(again.report().notices.empty());
  QCOMPARE(again.history(7).size(), std::size_t(2));
}

// A library of schema 2 (every revision's scenario and snapshot as whole JSON texts), made here
// by hand: after the upgrade every scenario, revision, tag, snapshot and catalog entry reads
// back as it was, old revisions are not rewritten, and new saves use the shared rows.
void TstStore::migrationFromSchema2() {
  QTemporaryDir dir;
  QFile::setPermissions(dir.path(), QFile::permissions(dir.path()) | QFile::ExeOther | QFile::ReadOther);
  const QString folder = dir.filePath("library");
  QVERIFY(QDir(dir.path()).mkdir("library"));
  const QString path = folder + "/lib.sqlite";
  ScenarioFileDocument first = document("Old plan", {"old", "budget"});
  ScenarioFileDocument second = repriced("Old plan", 123456.5);
  second.scenario.training.global_batch = 2048;
  second.notes = "second revision";
  const json snap1 = snapshotOf(first.scenario);
  ScenarioFileDocument other = document("Other plan", {"budget"});
  const json snapOther = snapshotOf(other.scenario);
  {
    sql::Database db(path.toStdString(), sql::Database::Mode::ReadWriteCreate);
    db.exec("PRAGMA application_id = 1129335874");
    db.exec(library_schema_step(1));
    db.exec(library_schema_step(2));
    db.exec("PRAGMA user_version = 2");
    db.exec("INSERT INTO scenarios VALUES (7, 'Old plan', 'old\x1f" "budget', 2, '2024-05-01T10:00:00.000Z', "
            "'2024-06-01T10:00:00.000Z')");
    db.exec("INSERT INTO scenarios VALUES (8, 'Other plan', 'budget', 1, '2024-05-02T10:00:00.000Z', "
            "'2024-05-02T10:00:00.000Z')");
    sql::Statement add = db.prepare(
        "INSERT INTO revisions (scenario_id, revision, name, notes, scenario_json, estimate_json, engine_version, "
        "saved_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, '0.0.9', ?7)");
    add.bind(1, 7).bind(2, 1).bind(3, "Old plan").bind(4, first.notes);
    add.bind(5, scenario_to_json(first.scenario).dump()).bind(6, snapshotText(snap1));
    add.bind(7, "2024-05-01T10:00:00.000Z").run();
    add.bind(1, 7).bind(2, 2).bind(3, "Old plan").bind(4, second.notes);
    add.bind(5, scenario_to_json(second.scenario).dump()).bind_null(6).bind(7, "2024-06-01T10:00:00.000Z").run();
    add.bind(1, 8).bind(2, 1).bind(3, "Other plan").bind(4, other.notes);
    add.bind(5, scenario_to_json(other.scenario).dump()).bind(6, snapOther.dump());  // with its inputs
    add.bind(7, "2024-05-02T10:00:00.000Z").run();
    db.exec("INSERT INTO tags VALUES (7, 'old', 0), (7, 'budget', 1), (8, 'budget', 0)");
    db.exec("INSERT INTO catalog_entries VALUES ('gpu', 'site-gpu', '{\"name\":\"Site GPU\"}', "
            "'2024-05-01T10:00:00.000Z')");
  }
  const auto check = [&](ScenarioStore& store, std::size_t revisions) {
    StoredScenario x;
    QVERIFY(store.load_revision(7, 1, x));
    QCOMPARE(scenario_to_json(x.document.scenario).dump(), scenario_to_json(first.scenario).dump());
    QCOMPARE(x.document.notes, first.notes);
    QCOMPARE(x.estimate, snap1);  // its inputs put back from the revision's scenario
    QCOMPARE(x.engine_version, std::string("0.0.9"));
    QCOMPARE(x.updated_at, std::string("2024-05-01T10:00:00.000Z"));
    QVERIFY(store.load_revision(7, 2, x));
    QCOMPARE(scenario_to_json(x.document.scenario).dump(), scenario_to_json(second.scenario).dump());
    QCOMPARE(x.document.scenario.assumptions.purchase.lines[0].price, 123456.5);
    QCOMPARE(x.document.notes, std::string("second revision"));
    QVERIFY(x.estimate.is_null());
    QVERIFY(x.document.tags == (std::vector<std::string>{"old", "budget"}));
    QVERIFY(store.load(8, x));
    QCOMPARE(x.estimate, snapOther);
    const std::vector<RevisionInfo> h = store.history(7);  // newest first
    QCOMPARE(h.size(), revisions);
    QVERIFY(!h[revisions - 2].has_estimate);
    QVERIFY(h[revisions - 1].has_estimate);
    QCOMPARE(store.tags().size(), std::size_t(2));
    QCOMPARE(store.tags()[0].tag, std::string("budget"));
    QCOMPARE(store.tags()[0].scenarios, 2);
    QCOMPARE(store.list().size(), std::size_t(2));
    QCOMPARE(store.catalog_entries(CatalogKind::Gpu).size(), std::size_t(1));
    QCOMPARE(store.catalog_entries(CatalogKind::Gpu)[0].data["name"].get<std::string>(), std::string("Site GPU"));
  };
  const QByteArray before = readAll(path);
  // In a read-only folder the library is not upgraded; opened read-only, it reads the same.
  QFile::setPermissions(path, QFile::permissions(path) | QFile::ReadOther);
  QFile::setPermissions(folder, QFile::ReadOwner | QFile::ExeOwner | QFile::ReadOther | QFile::ExeOther);
  const int readOnly = test::run_unprivileged([&] {
    try {
      ScenarioStore store(path.toStdString());
      if (!store.read_only() || store.report().schema_version_found != 2) return 1;
      StoredScenario x;
      if (!store.load_revision(7, 1, x) || x.estimate != snap1) return 2;
      if (scenario_to_json(x.document.scenario) != scenario_to_json(first.scenario)) return 3;
      if (!store.load(7, x) || scenario_to_json(x.document.scenario) != scenario_to_json(second.scenario)) return 4;
      if (!store.load(8, x) || x.estimate != snapOther) return 5;
      const std::vector<RevisionInfo> h = store.history(7);
      if (h.size() != 2 || h[0].has_estimate || !h[1].has_estimate) return 6;
      return 0;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "%s\n", e.what());
      return 7;
    }
  });
  QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  QCOMPARE(readOnly, 0);
  QCOMPARE(readAll(path), before);
  std::string backup;
  {
    ScenarioStore store(path.toStdString());
    QCOMPARE(store.report().schema_version_found, 2);
    backup = store.report().backup_path;
    QVERIFY(QString::fromStdString(backup).startsWith(path + ".schema-v2-"));
    QCOMPARE(store.report().notices.size(), std::size_t(1));
    QVERIFY(QString::fromStdString(store.report().notices[0]).contains(QString("upgraded from schema 2 to %1").arg(kLibrarySchemaVersion)));
    check(store, 2);
    QCOMPARE(store.quick_check(), std::string("ok"));
    // The old revisions were copied as they were, not rewritten.
    QCOMPARE(pragma(path, "SELECT count(*) FROM revisions WHERE scenario_json IS NOT NULL"), std::int64_t(3));
    QCOMPARE(pragma(path, "SELECT count(*) FROM price_lists"), std::int64_t(0));
    // A new revision is packed, with shared price lists; the old ones still read the same.
    ScenarioFileDocument third = second;
    third.notes = "after the upgrade";
    third.tags = {"old", "budget"};
    QCOMPARE(store.save(third, snapshotOf(third.scenario), 7), std::int64_t(7));
    StoredScenario x;
    QVERIFY(store.load(7, x));
    QCOMPARE(x.revision, 3);
    QCOMPARE(scenario_to_json(x.document.scenario).dump(), scenario_to_json(third.scenario).dump());
    QCOMPARE(x.estimate, snapshotOf(third.scenario));
    QCOMPARE(x.engine_version, std::string(kEngineVersion));
    QCOMPARE(pragma(path, "SELECT count(*) FROM revisions WHERE scenario_json IS NULL"), std::int64_t(1));
    QCOMPARE(pragma(path, "SELECT count(*) FROM price_lists"), std::int64_t(3));
    QVERIFY(store.history(7)[0].has_estimate);
    check(store, 3);
  }
  QCOMPARE(pragma(path, "PRAGMA user_version"), std::int64_t(kLibrarySchemaVersion));
  QCOMPARE(pragma(path, "PRAGMA foreign_key_check"), std::int64_t(0));
  // The backup is the schema-2 library, whole.
  QCOMPARE(pragma(QString::fromStdString(backup), "PRAGMA user_version"), std::int64_t(2));
  QCOMPARE(pragma(QString::fromStdString(backup), "SELECT count(*) FROM revisions"), std::int64_t(3));
  QCOMPARE(pragma(QString::fromStdString(backup), "SELECT count(*) FROM revisions WHERE estimate_json IS NOT NULL"),
           std::int64_t(2));
  QCOMPARE(pragma(QString::fromStdString(backup), "SELECT count(*) FROM sqlite_schema WHERE name = 'price_lists'"),
           std::int64_t(0));
}

// Scenarios with the same price lists share their rows, and the snapshots' shapes; a row goes
// when the last revision that used it goes, never before.
void TstStore::sharedPriceListsAndShapes() {
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  ScenarioStore store(path.toStdString());
  const auto count = [&](const char* sql) { return pragma(path, sql); };
  ScenarioFileDocument a = document("a", {"x"}), b = document("b");
  b.scenario.training.global_batch = 2048;
  const json snapA = snapshotOf(a.scenario), snapB = snapshotOf(b.scenario);
  const std::int64_t ida = store.save(a, snapA), idb = store.save(b, snapB);
  QCOMPARE(count("SELECT count(*) FROM price_lists"), std::int64_t(3));  // rent, cloud, purchase
  QCOMPARE(count("SELECT count(DISTINCT purchase_list) FROM revisions"), std::int64_t(1));
  QCOMPARE(count("SELECT count(DISTINCT estimate_shape) FROM revisions"), std::int64_t(1));
  QCOMPARE(count("SELECT count(DISTINCT scenario_shape) FROM revisions"), std::int64_t(1));  // names apart

  // Another purchase price: one more row; 0.0 and -0.0 are two prices (their JSON differs).
  const std::int64_t idc = store.save(repriced("c", 1.5e6), nullptr);
  QCOMPARE(count("SELECT count(*) FROM price_lists"), std::int64_t(4));
  std::int64_t idz = 0, idn = 0;
  {
    ScenarioStore::Batch batch(store);  // where rows written before are recognised from memory
    idz = store.save(repriced("zero", 0.0), nullptr);
    idn = store.save(repriced("negative zero", -0.0), nullptr);
    batch.commit();
  }
  QCOMPARE(count("SELECT count(*) FROM price_lists"), std::int64_t(6));
  StoredScenario x;
  QVERIFY(store.load(idn, x));
  QVERIFY(std::signbit(x.document.scenario.assumptions.purchase.lines[0].price));
  QVERIFY(store.load(idz, x));
  QVERIFY(!std::signbit(x.document.scenario.assumptions.purchase.lines[0].price));
  QVERIFY(store.load(idc, x));
  QCOMPARE(scenario_to_json(x.document.scenario).dump(), scenario_to_json(repriced("c", 1.5e6).scenario).dump());

  // Deleting a keeps b's lists and shapes, and b reads back whole.
  QVERIFY(store.remove(ida));
  QCOMPARE(count("SELECT count(*) FROM price_lists"), std::int64_t(6));
  QCOMPARE(count("SELECT count(*) FROM json_shapes"), std::int64_t(2));  // b's scenario and snapshot
  QVERIFY(store.load(idb, x));
  QCOMPARE(scenario_to_json(x.document.scenario).dump(), scenario_to_json(b.scenario).dump());
  QCOMPARE(x.estimate, snapB);
  // Deleting b: the default purchase list goes (c, zero and negative zero have their own);
  // rent and cloud stay, and so does the scenario shape; the snapshot shape goes.
  QVERIFY(store.remove(idb));
  QCOMPARE(count("SELECT count(*) FROM price_lists"), std::int64_t(5));
  QCOMPARE(count("SELECT count(*) FROM json_shapes"), std::int64_t(1));
  for (std::int64_t id : {idc, idz, idn}) QVERIFY(store.remove(id));
  QCOMPARE(count("SELECT count(*) FROM price_lists"), std::int64_t(0));
  QCOMPARE(count("SELECT count(*) FROM json_shapes"), std::int64_t(0));
  QCOMPARE(store.quick_check(), std::string("ok"));
}

// Rows remembered within a transaction are never reused after they are gone: not after a
// delete in the same batch, not after a batch that was rolled back.
void TstStore::batchReusesSharedRowsSafely() {
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  ScenarioStore store(path.toStdString());
  const json snap = snapshotOf(default_scenario());
  {
    ScenarioStore::Batch batch(store);
    store.save(document("rolled back"), snap);
  }  // no commit: its price lists and shapes are gone too
  QCOMPARE(pragma(path, "SELECT count(*) FROM price_lists"), std::int64_t(0));
  std::int64_t kept = 0;
  {
    ScenarioStore::Batch batch(store);
    const std::int64_t gone = store.save(document("gone"), snap);
    QVERIFY(store.remove(gone));  // its rows go with it
    kept = store.save(document("kept"), snap);
    batch.commit();
  }
  StoredScenario x;
  QVERIFY(store.load(kept, x));
  QCOMPARE(withoutInputs(x.estimate), withoutInputs(snap));
  QCOMPARE(scenario_to_json(x.document.scenario)["assumptions"], scenario_to_json(default_scenario())["assumptions"]);
  QCOMPARE(pragma(path, "SELECT count(*) FROM price_lists"), std::int64_t(3));
  QCOMPARE(pragma(path, "PRAGMA foreign_key_check"), std::int64_t(0));
  // Renaming and duplicating keep the snapshot and its engine version.
  QVERIFY(store.rename(kept, "renamed"));
  const std::int64_t copy = store.duplicate(kept);
  for (std::int64_t id : {kept, copy}) {
    QVERIFY(store.load(id, x));
    QCOMPARE(withoutInputs(x.estimate), withoutInputs(snap));
    QCOMPARE(x.estimate["inputs"], scenario_to_json(x.document.scenario));
    QCOMPARE(x.engine_version, std::string(kEngineVersion));
  }
}

// Every kind of JSON value comes back from a packed snapshot exactly: number kinds, every
// double bit for bit, strings with any bytes, empty and nested containers.
void TstStore::packedSnapshotIsExact() {
  QTemporaryDir dir;
  ScenarioStore store(dir.filePath("lib.sqlite").toStdString());
  static constexpr char kText[] = "nul \0 byte, \xe4\xb8\xad\xe6\x96\x87, \"quoted\"\n";
  json snapshot = {
      {"integer", -42},
      {"big", std::numeric_limits<std::int64_t>::min()},
      {"unsigned", std::numeric_limits<std::uint64_t>::max()},
      {"negative_zero", -0.0},
      {"tenth", 0.1},
      {"huge", 1.7976931348623157e308},
      {"tiny", 5e-324},
      {"text", std::string(kText, sizeof(kText) - 1)},  // the NUL inside included
      {"empty", ""},
      {"list", json::array({true, false, nullptr, json::object(), json::array(), 1.25, "x"})},
      {"nested", {{"a", {{"b", {{"c", json::array({1, 2, 3})}}}}}}},
      {"inputs", {{"dropped", true}}},  // the revision's scenario takes its place
  };
  const std::int64_t id = store.save(document("packed"), snapshot);
  StoredScenario x;
  QVERIFY(store.load(id, x));
  QCOMPARE(withoutInputs(x.estimate), withoutInputs(snapshot));
  QCOMPARE(withoutInputs(x.estimate).dump(), withoutInputs(snapshot).dump());  // -0.0 stays -0.0
  QVERIFY(x.estimate["integer"].is_number_integer() && !x.estimate["integer"].is_number_unsigned());
  QVERIFY(x.estimate["unsigned"].is_number_unsigned());
  QVERIFY(x.estimate["tenth"].is_number_float());
  QCOMPARE(x.estimate["inputs"], scenario_to_json(x.document.scenario));
  // A snapshot that is not an object is kept as it is, with no inputs added.
  const std::int64_t id2 = store.save(document("array"), json::array({1, "two", 3.5}));
  QVERIFY(store.load(id2, x));
  QCOMPARE(x.estimate, json::array({1, "two", 3.5}));
  // Binary values have no JSON text: the save is refused and writes nothing.
  try {
    store.save(document("binary"), json{{"blob", json::binary({1, 2, 3})}});
    QFAIL("a snapshot with binary data must be refused");
  } catch (const StoreError& e) {
    QVERIFY2(QString(e.what()).contains("estimate snapshot cannot be kept"), e.what());
  }
  QCOMPARE(store.list().size(), std::size_t(2));
}

// Unpacking damaged bytes fails cleanly: every cut, a byte too many, another layout, a
// repeated key, nesting too deep.
void TstStore::packedDocumentsRefuseDamage() {
  const json doc = {{"a", json::array({1, -2, 3.5, "x", nullptr})}, {"b", {{"c", true}}}};
  std::string shape, values;
  pack::pack_json(doc, shape, values);
  json out;
  QVERIFY(pack::unpack_json(shape, values, out));
  QCOMPARE(out, doc);
  QCOMPARE(values.size(), std::size_t(3 * 8));
  for (std::size_t n = 0; n < shape.size(); ++n) QVERIFY(!pack::unpack_json(shape.substr(0, n), values, out));
  for (std::size_t n = 0; n < values.size(); ++n) QVERIFY(!pack::unpack_json(shape, values.substr(0, n), out));
  QVERIFY(!pack::unpack_json(shape + 'n', values, out));
  QVERIFY(!pack::unpack_json(shape, values + std::string(8, '\0'), out));
  std::string other = shape;
  other[0] = char(pack::kShapeLayout + 1);
  QVERIFY(!pack::unpack_json(other, values, out));
  // {"k": null, "k": null}
  const std::string repeated = std::string(1, pack::kShapeLayout) + "{\x02\x01kn\x01kn";
  QVERIFY(!pack::unpack_json(repeated, "", out));
  QVERIFY(pack::unpack_json(std::string(1, pack::kShapeLayout) + "{\x02\x01kn\x01ln", "", out));
  QCOMPARE(out, json({{"k", nullptr}, {"l", nullptr}}));
  // Nesting: 256 levels pack and unpack; 300 are refused when packing, and when unpacking.
  json deep = nullptr;
  for (int i = 0; i < 256; ++i) deep = json::array({deep});
  pack::pack_json(deep, shape, values);
  QVERIFY(pack::unpack_json(shape, values, out));
  QCOMPARE(out, deep);
  for (int i = 0; i < 44; ++i) deep = json::array({deep});
  QVERIFY_THROWS_EXCEPTION(std::invalid_argument, pack::pack_json(deep, shape, values));
  std::string tooDeep(1, pack::kShapeLayout);
  for (int i = 0; i < 300; ++i) tooDeep += "[\x01";
  tooDeep += 'n';
  QVERIFY(!pack::unpack_json(tooDeep, "", out));
  QCOMPARE(pack::content_hash(""), std::uint64_t(14695981039346656037ull));  // FNV-1a 64 offset basis
  QCOMPARE(pack::content_hash("a"), std::uint64_t(0xaf63dc4c8601ec8cull));
}

// A library changed behind clusterplan's back: a missing price list is a clear error naming
// the scenario; a damaged snapshot makes the revision damaged (its checksum): never served.
void TstStore::damagedSharedRows() {
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  std::int64_t a = 0, b = 0;
  {
    ScenarioStore store(path.toStdString());
    a = store.save(document("a"), snapshotOf(default_scenario()));
    b = store.save(repriced("b", 99.0), snapshotOf(default_scenario()));
  }
  {
    sql::Database db(path.toStdString(), sql::Database::Mode::ReadWrite);
    db.exec("UPDATE revisions SET estimate_values = x'00' WHERE scenario_id = 1");
    db.exec("PRAGMA foreign_keys = OFF");
    db.exec("DELETE FROM price_lists WHERE id = (SELECT purchase_list FROM revisions WHERE scenario_id = 2)");
  }
  ScenarioStore store(path.toStdString());
  StoredScenario x;
  try {
    store.load(a, x);
    QFAIL("a revision whose snapshot was changed must not load");
  } catch (const StoreError& e) {
    QCOMPARE(QString(e.what()), QString("revision 1 of scenario 1 is damaged (what is stored for it does not match "
                                        "its checksum); it was not read"));
  }
  try {
    store.load(b, x);
    QFAIL("a scenario whose price list is missing must not load");
  } catch (const StoreError& e) {
    QCOMPARE(QString(e.what()), QString("scenario 2 (revision 1) in the library cannot be read: its purchase price "
                                        "list is missing from the library"));
  }
}

void TstStore::libraryFromTheFuture() {
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  makeLibrary(path, 3);
  {
    sql::Database db(path.toStdString(), sql::Database::Mode::ReadWrite);
    db.exec("PRAGMA user_version = 99");
  }
  const QByteArray before = readAll(path);
  {
    ScenarioStore store(path.toStdString());
    QVERIFY(store.read_only());
    QCOMPARE(store.report().notices.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(store.report().notices[0]),
             "The library '" + path +
                 "' was written by a newer clusterplan (library schema 99; this version knows up to " +
                 QString::number(kLibrarySchemaVersion) + "). It was opened read-only; update clusterplan to change it.");
    QCOMPARE(store.list().size(), std::size_t(3));  // still readable
    try {
      store.save(document("x"), nullptr);
      QFAIL("saving into a newer library must fail");
    } catch (const StoreError& e) {
      QVERIFY2(QString(e.what()).contains("is open read-only"), e.what());
    }
  }
  QCOMPARE(readAll(path), before);
}

void TstStore::damagedLibraryMovedAside_data() {
  QTest::addColumn<QString>("damage");
  QTest::newRow("corrupt pages") << "corrupt";
  QTest::newRow("truncated to half") << "truncate";
}

void TstStore::damagedLibraryMovedAside() {
  QFETCH(QString, damage);
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  makeLibrary(path, 60);
  // The library and its commit record (store/library_file.h).
  QCOMPARE(entries(dir.path()), (QStringList{"lib.sqlite", "lib.sqlite-commits"}));
  QByteArray bytes = readAll(path);
  QVERIFY(bytes.size() > 40 * 4096);
  if (damage == "corrupt") {
    for (qsizetype i = 4096; i < bytes.size() / 2; ++i) bytes[i] = char(0xA5 ^ (i & 0xff));  // pages 2 onwards
  } else {
    bytes.truncate(bytes.size() / 2);
  }
  writeAll(path, bytes);

  ScenarioStore store(path.toStdString());
  const QString moved = QString::fromStdString(store.report().moved_aside_to);
  QVERIFY2(moved.startsWith(path + ".damaged-"), qPrintable(moved));
  QCOMPARE(readAll(moved), bytes);  // moved, never changed
  QVERIFY(store.report().created);
  QVERIFY(!store.read_only());
  QVERIFY(store.list().empty());
  QCOMPARE(store.report().notices.size(), std::size_t(1));
  const QString notice = QString::fromStdString(store.report().notices[0]);
  QVERIFY2(notice.contains("failed its integrity check") && notice.contains("It was moved to '" + moved + "'") &&
               notice.contains("a new, empty library was started"),
           qPrintable(notice));
  store.save(document("fresh"), nullptr);
  QCOMPARE(store.quick_check(), std::string("ok"));
}

void TstStore::notALibraryLeftUnchanged_data() {
  QTest::addColumn<QString>("kind");
  QTest::addColumn<QString>("message");  // after "'PATH' "
  QTest::newRow("PDF") << "pdf" << "is not a clusterplan library (it is not an SQLite database); it was left unchanged";
  QTest::newRow("text") << "text"
                        << "is not a clusterplan library (it is not an SQLite database); it was left unchanged";
  QTest::newRow("SQLite of another program") << "sqlite"
                                             << "is an SQLite database of another application (application_id "
                                                "0x00000000), not a clusterplan library; it was left unchanged";
  QTest::newRow("SQLite with another application id")
      << "appid"
      << "is an SQLite database of another application (application_id 0x0000002a), not a clusterplan library; it "
         "was left unchanged";
  QTest::newRow("header cut short") << "short"
                                    << "is an SQLite file cut short before the end of its header: it cannot be "
                                       "recognised as a clusterplan library; it was left unchanged";
  QTest::newRow("directory") << "dir" << "is a directory, not a clusterplan library";
}

void TstStore::notALibraryLeftUnchanged() {
  QFETCH(QString, kind);
  QFETCH(QString, message);
  QTemporaryDir dir;
  const QString path = dir.filePath("library.sqlite");
  if (kind == "pdf") {
    QByteArray pdf = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n";
    for (int i = 0; i < 5000; ++i) pdf += char(i * 7919 % 251);
    writeAll(path, pdf + "\n%%EOF\n");
  } else if (kind == "text") {
    writeAll(path, "name,gpus\nllama,32\n");
  } else if (kind == "sqlite" || kind == "appid") {
    sql::Database db(path.toStdString(), sql::Database::Mode::ReadWriteCreate);
    if (kind == "appid") db.exec("PRAGMA application_id = 42");
    db.exec("CREATE TABLE songs (title TEXT); INSERT INTO songs VALUES ('a');");
  } else if (kind == "short") {
    QTemporaryDir other;
    makeLibrary(other.filePath("lib.sqlite"), 1);
    writeAll(path, readAll(other.filePath("lib.sqlite")).left(60));
  } else {
    QVERIFY(QDir(dir.path()).mkdir("library.sqlite"));
  }
  const QStringList before = entries(dir.path());
  const QByteArray bytes = kind == "dir" ? QByteArray() : readAll(path);
  const QDateTime modified = QFileInfo(path).lastModified();
  try {
    ScenarioStore store(path.toStdString());
    QFAIL("a file that is not a library must be refused");
  } catch (const StoreError& e) {
    QCOMPARE(QString(e.what()), "'" + path + "' " + message);
  }
  QCOMPARE(entries(dir.path()), before);  // no -wal, -shm or -journal file either
  if (kind != "dir") QCOMPARE(readAll(path), bytes);
  QCOMPARE(QFileInfo(path).lastModified(), modified);
}

// As a user without write permission on the folder (as root, the check runs as "nobody").
void TstStore::readOnlyDirectory() {
  QTemporaryDir dir;
  QFile::setPermissions(dir.path(), QFile::permissions(dir.path()) | QFile::ExeOther | QFile::ReadOther);
  const QString ro = dir.filePath("readonly");
  QVERIFY(QDir(dir.path()).mkdir("readonly"));
  const QString existing = ro + "/lib.sqlite";
  makeLibrary(existing, 5);
  QFile::setPermissions(existing, QFile::permissions(existing) | QFile::ReadOther);
  QFile::setPermissions(ro, QFile::ReadOwner | QFile::ExeOwner | QFile::ReadOther | QFile::ExeOther);
  const QByteArray bytes = readAll(existing);

  // A new library cannot be created there: a clear error that gives the real reason (SQLite's
  // own said "unable to open database file (No such file or directory)").
  const int created = test::run_unprivileged([&] {
    try {
      ScenarioStore store((ro + "/new.sqlite").toStdString());
      return 1;
    } catch (const StoreError& e) {
      const std::string expected = "cannot create the library '" + (ro + "/new.sqlite").toStdString() +
                                   "': its folder '" + ro.toStdString() + "' is not writable (Permission denied)";
      if (e.what() == expected) return 0;
      std::fprintf(stderr, "%s\n", e.what());
      return 2;
    }
  });
  // A folder that is not there: said so.
  const QString gone = dir.filePath("gone/new.sqlite");
  try {
    ScenarioStore store(gone.toStdString());
    QFAIL("a library was created in a folder that does not exist");
  } catch (const StoreError& e) {
    QCOMPARE(QString::fromUtf8(e.what()),
             "cannot create the library '" + gone + "': its folder '" + dir.filePath("gone") + "' does not exist");
  }
  // An existing library there opens read-only: it can be read, not changed.
  const int opened = test::run_unprivileged([&] {
    try {
      ScenarioStore store(existing.toStdString());
      if (!store.read_only()) return 3;
      if (store.list().size() != 5) return 4;
      if (store.quick_check() != "ok") return 5;
      try {
        store.save(document("x"), nullptr);
        return 6;
      } catch (const StoreError&) {
      }
      return 0;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "%s\n", e.what());
      return 7;
    }
  });
  QFile::setPermissions(ro, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  QCOMPARE(created, 0);
  QCOMPARE(opened, 0);
  QCOMPARE(entries(ro), (QStringList{"lib.sqlite", "lib.sqlite-commits"}));  // as they were made
  QCOMPARE(readAll(existing), bytes);
}

// Two processes saving into one library at once: every save of both lands, no id twice.
void TstStore::concurrentWriters() {
  QVERIFY2(QFileInfo::exists(writerPath()), "CLUSTERPLAN_STORE_WRITER must name the store_writer helper");
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  constexpr int kSaves = 100;
  QProcess a, b;
  a.start(writerPath(), {path, QString::number(kSaves), "a"});
  b.start(writerPath(), {path, QString::number(kSaves), "b"});
  QVERIFY(a.waitForFinished(120000));
  QVERIFY(b.waitForFinished(120000));
  QCOMPARE(a.exitCode(), 0);
  QCOMPARE(b.exitCode(), 0);
  std::set<qint64> ids;
  for (QProcess* p : {&a, &b})
    for (const QByteArray& line : p->readAllStandardOutput().split('\n'))
      if (line.startsWith("committed ")) ids.insert(line.split(' ')[1].toLongLong());
  QCOMPARE(ids.size(), std::size_t(2 * kSaves));

  ScenarioStore store(path.toStdString());
  QCOMPARE(store.list().size(), std::size_t(2 * kSaves));
  QCOMPARE(store.list("", "a").size(), std::size_t(kSaves));
  QCOMPARE(store.quick_check(), std::string("ok"));
}

// A writer killed with SIGKILL in the middle of a long series of saves: every save it had
// reported as committed is there afterwards, and the library passes its integrity check.
// Two clusterplans starting on the same new library at the same moment both open it. Switching
// the new file to WAL failed "database is locked" in about 1 in 40 such starts; 40 rounds here
// failed at least once in most runs before it waited.
void TstStore::newLibraryOpenedByTwoAtOnce() {
  QVERIFY2(QFileInfo::exists(writerPath()), "CLUSTERPLAN_STORE_WRITER must name the store_writer helper");
  QTemporaryDir dir;
  for (int round = 0; round < 40; ++round) {
    const QString path = dir.filePath(QString("lib-%1.sqlite").arg(round));
    QProcess a, b;
    a.start(writerPath(), {path, "1", "a"});
    b.start(writerPath(), {path, "1", "b"});
    QVERIFY(a.waitForFinished(60000));
    QVERIFY(b.waitForFinished(60000));
    QVERIFY2(a.exitCode() == 0, a.readAllStandardError().constData());
    QVERIFY2(b.exitCode() == 0, b.readAllStandardError().constData());
    ScenarioStore store(path.toStdString());
    QCOMPARE(store.list().size(), std::size_t(2));
  }
}

void TstStore::crashDuringSaves() {
  QVERIFY2(QFileInfo::exists(writerPath()), "CLUSTERPLAN_STORE_WRITER must name the store_writer helper");
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  makeLibrary(path, 1);  // the library exists before the writer starts
  QProcess writer;
  writer.start(writerPath(), {path, "1000000", "crash"});
  QVERIFY(writer.waitForStarted());
  QByteArray output;
  QElapsedTimer timer;
  timer.start();
  while (output.count('\n') < 60 && timer.elapsed() < 60000) {
    writer.waitForReadyRead(1000);
    output += writer.readAllStandardOutput();
  }
  writer.kill();  // SIGKILL, in the middle of the next save
  QVERIFY(writer.waitForFinished(10000));
  QCOMPARE(writer.exitStatus(), QProcess::CrashExit);
  output += writer.readAllStandardOutput();

  std::set<std::string> committed;
  for (const QByteArray& line : output.split('\n'))
    if (line.startsWith("committed ")) committed.insert(line.split(' ')[2].toStdString());
  QVERIFY2(committed.size() >= 60, qPrintable(QString::number(committed.size())));

  ScenarioStore store(path.toStdString());
  QVERIFY(store.report().moved_aside_to.empty());
  QCOMPARE(store.quick_check(), std::string("ok"));
  const std::set<std::string> present = names(store);
  for (const std::string& name : committed) QVERIFY2(present.count(name), name.c_str());
  // At most the one save in flight may have committed without being reported.
  QVERIFY(present.size() <= committed.size() + 2);
  StoredScenario last;
  QVERIFY(store.load(store.list("crash-", "crash").front().id, last));
  QCOMPARE(last.engine_version, std::string(kEngineVersion));
}

// Every ScenarioStore of one file in a process shares one connection: a
// second one, by another spelling of the path or a hard link, neither inspects nor opens the
// file again (a plain close() of it would drop the first one's POSIX locks).
void TstStore::oneConnectionPerLibrary() {
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  ScenarioStore a(path.toStdString());
  a.save(document("first"), nullptr);
  QVERIFY(QFile::link(path, dir.filePath("link.sqlite")));
  QCOMPARE(::link(path.toLocal8Bit().constData(), dir.filePath("hard.sqlite").toLocal8Bit().constData()), 0);
  for (const QString& other : {dir.path() + "/./lib.sqlite", dir.filePath("link.sqlite"), dir.filePath("hard.sqlite")}) {
    ScenarioStore b(other.toStdString());
    QVERIFY2(&b.report() == &a.report(), qPrintable(other));  // the same connection
    {
      ScenarioStore::Batch batch(a);
      b.save(document("inside a's transaction"), nullptr);
      QCOMPARE(a.list().size(), std::size_t(2));
    }  // not committed: b's save was part of a's transaction
    QCOMPARE(b.list().size(), std::size_t(1));
  }
  // Another file is another connection.
  ScenarioStore c(dir.filePath("other.sqlite").toStdString());
  QVERIFY(&c.report() != &a.report());
  QVERIFY(c.list().empty());
  // A save reports the revision it got.
  int revision = 0;
  const std::int64_t id = a.list().front().id;
  QCOMPARE(a.save(document("second"), nullptr, id, revision), id);
  QCOMPARE(revision, 2);
  QCOMPARE(a.save(document("third"), nullptr, 0, revision), id + 1);
  QCOMPARE(revision, 1);
}

// Each stored field of a revision, of its scenario's row and of the shared rows it uses is
// covered by a checksum verified on every load: changed behind
// clusterplan's back, the revision is reported damaged, never served.
void TstStore::checksumsOnEveryLoad() {
  QTemporaryDir dir;
  const QString original = dir.filePath("original.sqlite");
  makeHistoryLibrary(original);
  const QByteArray bytes = readAll(original);
  const struct {
    const char* sql;
    int scenario, revision;  // the load that must fail (revision 0: the current one)
    const char* what;
  } cases[] = {
      {"UPDATE revisions SET notes = 'changed' WHERE scenario_id = 2 AND revision = 2", 2, 2, "what is stored"},
      {"UPDATE revisions SET name = 'plan X' WHERE scenario_id = 3 AND revision = 3", 3, 0, "what is stored"},
      {"UPDATE revisions SET scenario_values = zeroblob(length(scenario_values)) WHERE scenario_id = 1 AND revision = 1",
       1, 1, "what is stored"},
      {"UPDATE revisions SET estimate_values = substr(estimate_values, 1, 8) || zeroblob(length(estimate_values) - 8) "
       "WHERE scenario_id = 4 AND revision = 3", 4, 3, "what is stored"},
      {"UPDATE revisions SET purchase_list = (SELECT purchase_list FROM revisions WHERE scenario_id = 1 LIMIT 1) "
       "WHERE scenario_id = 2 AND revision = 1", 2, 1, "what is stored"},
      {"UPDATE revisions SET saved_at = '2020-01-01T00:00:00.000Z' WHERE scenario_id = 5 AND revision = 1", 5, 1,
       "what is stored"},
      {"UPDATE revisions SET engine_version = '9.9.9' WHERE scenario_id = 6 AND revision = 3", 6, 3, "what is stored"},
      {"UPDATE revisions SET checksum = NULL WHERE scenario_id = 7 AND revision = 2", 7, 2, "what is stored"},
      {"UPDATE scenarios SET name = 'renamed' WHERE id = 8", 8, 0, "the scenario's own row"},
      {"UPDATE scenarios SET revision = 2 WHERE id = 1", 1, 0, "the scenario's own row"},  // serves revision 2
      {"UPDATE tags SET tag = 'other' WHERE scenario_id = 3 AND tag = 'all'", 3, 1, "its scenario's tags"},
      {"UPDATE json_shapes SET shape = shape || x'00' WHERE id = (SELECT scenario_shape FROM revisions "
       "WHERE scenario_id = 5 AND revision = 2)", 5, 2, "the shape of its scenario"},
      {"UPDATE price_lists SET json = replace(json, '101', '107') WHERE id = (SELECT purchase_list FROM revisions "
       "WHERE scenario_id = 2 AND revision = 1)", 2, 1, "its purchase price list"},
  };
  int n = 0;
  for (const auto& c : cases) {
    const QString path = dir.filePath(QString("case%1.sqlite").arg(++n));
    writeAll(path, bytes);
    {
      ScenarioStore before(path.toStdString());
      StoredScenario x;
      QVERIFY(before.load_revision(c.scenario, c.revision ? c.revision : 3, x));  // intact before
    }
    {
      sql::Database db(path.toStdString(), sql::Database::Mode::ReadWrite);
      db.exec(c.sql);
      QCOMPARE(db.changes(), 1);
    }
    ScenarioStore store(path.toStdString());
    StoredScenario x;
    const QString error = damageText([&] {
      c.revision ? store.load_revision(c.scenario, c.revision, x) : store.load(c.scenario, x);
    });
    const int reported = c.revision ? c.revision : c.scenario == 1 ? 2 : 3;  // the current one, as the row says
    const QString expected = QString("revision %1 of scenario %2 is damaged (").arg(reported).arg(c.scenario);
    QVERIFY2(error.startsWith(expected) && error.contains(c.what) && error.endsWith("; it was not read"),
             qPrintable(QString(c.sql) + " -> " + error));
    // The other scenarios still load (a shared shape or price list is every user's).
    if (!QString(c.sql).contains("json_shapes") && !QString(c.sql).contains("price_lists"))
      QVERIFY(store.load(c.scenario == 8 ? 7 : 8, x));
  }
}

// A library of schema 3 gets its checksums when it is upgraded to 4, after its backup copy,
// with no other stored value changed.
void TstStore::migrationAddsChecksums() {
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  makeHistoryLibrary(path);
  const auto expected = servedRevisions(path);
  QCOMPARE(expected.size(), std::size_t(24));
  {
    sql::Database db(path.toStdString(), sql::Database::Mode::ReadWrite);
    db.exec("ALTER TABLE scenarios DROP COLUMN checksum; ALTER TABLE revisions DROP COLUMN checksum; "
            "PRAGMA user_version = 3");
  }
  const std::map<std::string, std::string> before = rawRows(path, false);
  ScenarioStore store(path.toStdString());
  QCOMPARE(store.report().schema_version_found, 3);
  QVERIFY(!store.report().backup_path.empty());
  QCOMPARE(pragma(QString::fromStdString(store.report().backup_path), "PRAGMA user_version"), std::int64_t(3));
  QCOMPARE(pragma(path, "PRAGMA user_version"), std::int64_t(kLibrarySchemaVersion));
  QCOMPARE(pragma(path, "SELECT count(*) FROM revisions WHERE checksum IS NULL"), std::int64_t(0));
  QCOMPARE(pragma(path, "SELECT count(*) FROM scenarios WHERE checksum IS NULL"), std::int64_t(0));
  QCOMPARE(rawRows(path, false), before);
  for (const auto& [key, text] : expected) {
    StoredScenario x;
    QVERIFY(store.load_revision(key.first, key.second, x));
    QCOMPARE(served(x), text);
  }
}

// Random single-bit flips in many copies of a library. For every copy:
//  - nothing wrong is ever served: every load either fails (an error naming the damage, from
//    the checksums or from SQLite) or gives exactly what was saved;
//  - when the flip changed what is stored for a scenario (a row of revisions, scenarios, tags,
//    json_shapes or price_lists, read by full scans), the damage is reported: the library is
//    refused or moved aside on open, or a load of the changed revision fails;
//  - when it changed no such row and the copy passes PRAGMA integrity_check, every load
//    succeeds (no false alarm). Flips in free space, in indexes or in SQLite's own metadata
//    are left to SQLite (they count in neither group when SQLite reports them).
void TstStore::bitFlipsNeverServed() {
  QTemporaryDir dir;
  const QString original = dir.filePath("original.sqlite");
  makeHistoryLibrary(original);
  const QByteArray bytes = readAll(original);
  const std::map<std::string, std::string> rows = rawRows(original);
  const auto expected = servedRevisions(original);
  QCOMPARE(expected.size(), std::size_t(24));
  const unsigned seed = qEnvironmentVariableIsSet("CLUSTERPLAN_FLIP_SEED")
                            ? unsigned(qEnvironmentVariableIntValue("CLUSTERPLAN_FLIP_SEED"))
                            : 20250114u;
  std::mt19937 random(seed);
  constexpr int kCopies = 200;
  int altered = 0, reported_altered = 0, unaltered = 0, sqlite_detected = 0;
  for (int copy = 0; copy < kCopies; ++copy) {
    QByteArray damaged = bytes;
    const auto offset = qsizetype(random() % std::uint32_t(damaged.size()));
    damaged[offset] = char(damaged[offset] ^ (1 << (random() % 8)));
    const QString path = dir.filePath(QString("copy%1.sqlite").arg(copy));
    writeAll(path, damaged);
    const QString where = QString("seed %1, copy %2, byte %3").arg(seed).arg(copy).arg(offset);
    bool changed_rows = false, rows_readable = true;
    try {
      changed_rows = rawRows(path) != rows;
    } catch (const sql::Error&) {
      rows_readable = false;  // SQLite itself found the damage
    }
    bool sound = true;  // before the store opens it (and may move it aside)
    try {
      sql::Database db(path.toStdString(), sql::Database::Mode::ReadOnly);
      sql::Statement s = db.prepare("PRAGMA integrity_check");
      sound = s.step() && s.text(0) == "ok";
    } catch (const sql::Error&) {
      sound = false;
    }
    bool reported = false, clean = true;
    std::string last_error;
    try {
      ScenarioStore store(path.toStdString());
      if (!store.report().moved_aside_to.empty()) {
        reported = true;
        last_error = "moved aside: " + store.report().notices.front();
      } else {
        for (const auto& [key, text] : expected) {
          StoredScenario x;
          bool found = false;
          try {
            found = store.load_revision(key.first, key.second, x);
          } catch (const std::exception& e) {
            reported = true;
            clean = false;
            last_error = e.what();
            continue;
          }
          if (found) QVERIFY2(served(x) == text, qPrintable(where + ": a changed revision was served"));
          else {
            clean = false;
            last_error = "scenario " + std::to_string(key.first) + " revision " + std::to_string(key.second) +
                         " not found";
          }
        }
      }
    } catch (const std::exception& e) {
      reported = true;  // refused on open
      last_error = e.what();
    }
    if (!rows_readable) {
      ++sqlite_detected;
    } else if (changed_rows) {
      ++altered;
      QVERIFY2(reported, qPrintable(where + ": a stored record changed and nothing was reported"));
      ++reported_altered;
    } else {
      ++unaltered;
      if (sound) QVERIFY2(clean && !reported, qPrintable(where + ": an intact library reported damage: " + QString::fromStdString(last_error)));
    }
    QFile::remove(path);
  }
  qInfo("%d flips (seed %u): %d changed a stored record, all %d reported; %d changed none; %d made the tables "
        "unreadable to SQLite",
        kCopies, seed, altered, reported_altered, unaltered, sqlite_detected);
  QVERIFY2(altered >= kCopies / 5, "too few flips landed in records to test anything");
}

// A library that looks damaged is moved aside only when no other program has it open: while one
// does, it is refused and left where it was; once that one closes it, it is moved aside.
void TstStore::movedAsideOnlyWhenAlone() {
  QVERIFY2(QFileInfo::exists(writerPath()), "CLUSTERPLAN_STORE_WRITER must name the store_writer helper");
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  makeLibrary(path, 60);
  QByteArray bytes = readAll(path);
  for (qsizetype i = 4096; i < bytes.size() / 2; ++i) bytes[i] = char(0xA5 ^ (i & 0xff));  // pages 2 onwards
  writeAll(path, bytes);
  QProcess holder;  // has the library open, as another clusterplan window would
  holder.start(writerPath(), {path, "hold", "14"});
  QVERIFY(holder.waitForReadyRead(20000));
  QCOMPARE(holder.readLine().trimmed(), QByteArray("holding"));
  const QString error = damageText([&] { ScenarioStore store(path.toStdString()); });
  QVERIFY2(error.contains("looks damaged") && error.contains("another program has it open") &&
               error.endsWith("it was left unchanged"),
           qPrintable(error));
  QCOMPARE(readAll(path), bytes);
  QVERIFY(holder.waitForFinished(30000));
  QCOMPARE(holder.exitCode(), 0);
  ScenarioStore store(path.toStdString());
  const QString moved = QString::fromStdString(store.report().moved_aside_to);
  QVERIFY2(moved.startsWith(path + ".damaged-"), qPrintable(moved));
  QCOMPARE(readAll(moved), bytes);
}


// After the newest scenario is deleted, the next new one gets a new id, not the deleted one's:
// a `save --id N` still under way would otherwise write into an unrelated scenario N. The
// highest id given survives closing the library, and a library of schema 4 starts from its
// highest id.
void TstStore::idsAreNeverGivenTwice() {
  QTemporaryDir dir;
  const std::string path = dir.filePath("lib.sqlite").toStdString();
  {
    ScenarioStore store(path);
    QCOMPARE(store.save(document("a"), nullptr), std::int64_t(1));
    QCOMPARE(store.save(document("b"), nullptr), std::int64_t(2));
    QVERIFY(store.remove(2));
    QCOMPARE(store.save(document("c"), nullptr), std::int64_t(3));
    QVERIFY(store.remove(3));
    QVERIFY(store.remove(1));
    QVERIFY(store.list().empty());
  }
  ScenarioStore again(path);
  QCOMPARE(again.save(document("d"), nullptr), std::int64_t(4));
  StoredScenario x;
  QVERIFY(!again.load(2, x));
  QVERIFY(!again.load(3, x));
  // A revision of a deleted id finds nothing (the CLI's `save --id 3` then exits 2).
  QVERIFY_THROWS_EXCEPTION(StoreError, again.save(document("late"), nullptr, 3));
  QCOMPARE(again.list().size(), std::size_t(1));
}

namespace {

// The regions of a WAL file (sqlite.org/fileformat2.html#walformat): the 32-byte header's
// eight fields, then per frame the 24-byte frame header's six fields and its page (first,
// middle and last byte). One offset per region.
std::vector<std::pair<qsizetype, QString>> walRegions(const QByteArray& wal) {
  std::vector<std::pair<qsizetype, QString>> out;
  if (wal.size() < 32) return out;
  const char* header[] = {"magic", "format", "page size", "checkpoint", "salt-1", "salt-2", "checksum-1",
                          "checksum-2"};
  for (int i = 0; i < 8; ++i) out.emplace_back(qsizetype(4 * i + 3), QString("header %1").arg(header[i]));
  const auto u32 = [&](qsizetype at) {
    return quint32(quint8(wal[at])) << 24 | quint32(quint8(wal[at + 1])) << 16 | quint32(quint8(wal[at + 2])) << 8 |
           quint32(quint8(wal[at + 3]));
  };
  const qsizetype page = u32(8);
  const char* frame[] = {"page number", "commit size", "salt-1", "salt-2", "checksum-1", "checksum-2"};
  int n = 0;
  for (qsizetype at = 32; at + 24 + page <= wal.size(); at += 24 + page, ++n) {
    for (int i = 0; i < 6; ++i) out.emplace_back(at + 4 * i + 3, QString("frame %1 %2").arg(n).arg(frame[i]));
    for (const qsizetype in : {qsizetype(0), page / 2, page - 1})
      out.emplace_back(at + 24 + in, QString("frame %1 page byte %2").arg(n).arg(in));
  }
  return out;
}

}  // namespace

// One flipped bit anywhere in a -wal file that holds committed saves: SQLite stops replaying
// the log at the damaged frame, quietly, so the saves after it would be gone with nothing said.
// The library must either read back every save (a flip in a part SQLite never needed) or say
// it lost saves (OpenReport::lost_commits, a notice, a copy of the damaged log): never open
// with fewer revisions and no word.
void TstStore::walDamageIsReported() {
  QVERIFY2(QFileInfo::exists(writerPath()), "CLUSTERPLAN_STORE_WRITER must name the store_writer helper");
  QTemporaryDir dir;
  const QString path = dir.filePath("lib.sqlite");
  constexpr int kSaves = 6;
  QProcess writer;
  writer.start(writerPath(), {path, QString::number(kSaves), "w", "stay"});
  QVERIFY(writer.waitForStarted());
  QByteArray output;
  QElapsedTimer timer;
  timer.start();
  while (!output.contains("stayed") && timer.elapsed() < 60000) {
    writer.waitForReadyRead(1000);
    output += writer.readAllStandardOutput();
  }
  QVERIFY2(output.contains("stayed"), output.constData());
  // The writer still has the library open: its saves are in the -wal file. Copied as they are.
  const QByteArray db = readAll(path), wal = readAll(path + "-wal"), record = readAll(path + "-commits");
  writer.kill();
  QVERIFY(writer.waitForFinished(10000));
  QVERIFY2(wal.size() > 32 && wal != "<unreadable>", "the writer's saves must still be in its -wal file");
  QVERIFY2(record.startsWith("clusterplan-commits 1 "), record.constData());

  const auto regions = walRegions(wal);
  QVERIFY(regions.size() > 8 + 9 * kSaves);
  int intact = 0, reported = 0;
  for (std::size_t k = 0; k < regions.size(); ++k) {
    const auto& [offset, what] = regions[k];
    const QString copy = dir.filePath(QString("copy%1.sqlite").arg(k));
    writeAll(copy, db);
    QByteArray damaged = wal;
    damaged[offset] = char(damaged[offset] ^ 0x10);
    writeAll(copy + "-wal", damaged);
    writeAll(copy + "-commits", record);
    std::optional<ScenarioStore> opened;
    try {
      opened.emplace(copy.toStdString());
    } catch (const StoreError& e) {
      ++reported;  // refused with its reason: not served
      qInfo("%s: refused: %s", qPrintable(what), e.what());
      continue;
    }
    ScenarioStore& store = *opened;
    if (store.report().lost_commits > 0) {
      ++reported;
      QVERIFY2(!store.report().notices.empty() && QString::fromStdString(store.report().notices.front()).contains("damaged"),
               qPrintable(what));
      QVERIFY2(QFileInfo::exists(QString::fromStdString(store.report().lost_commits_copy)), qPrintable(what));
      QCOMPARE(readAll(QString::fromStdString(store.report().lost_commits_copy)), damaged);
      // Reported once: opened again in a new process the library is what it now holds.
      continue;
    }
    int found = 0;
    for (int i = 1; i <= kSaves; ++i) {
      StoredScenario x;
      if (store.load(i, x) && x.document.scenario.name == "w-" + std::to_string(i - 1)) ++found;
    }
    QVERIFY2(found == kSaves, qPrintable(QString("%1: %2 of %3 saves read back and no loss reported")
                                             .arg(what)
                                             .arg(found)
                                             .arg(kSaves)));
    ++intact;
  }
  // Every frame of a committed save is needed; a flip in the header's fields breaks the log.
  QVERIFY2(reported >= int(regions.size()) / 2, qPrintable(QString("%1 reported, %2 intact").arg(reported).arg(intact)));
  qInfo("%d WAL regions flipped: %d reported as lost saves, %d read back whole", int(regions.size()), reported, intact);
}

// Names, tags and notes within the limits every reader holds (io/scenario_file.h): a save over
// them is refused with the field and the reason, and writes nothing.
void TstStore::textOverTheLimitsIsRefused() {
  QTemporaryDir dir;
  ScenarioStore store(dir.filePath("lib.sqlite").toStdString());
  const auto refused = [&](const ScenarioFileDocument& d, const char* field) {
    try {
      store.save(d, nullptr);
    } catch (const StoreError& e) {
      return QString::fromUtf8(e.what()).contains(QString(field) + ":");
    }
    return false;
  };
  ScenarioFileDocument d = document(std::string(201, 'n'));
  QVERIFY(refused(d, "name"));
  d = document("ok", {"a\x1f" "b"});  // the separator of the stored tag list
  QVERIFY(refused(d, "tags[0]"));
  d = document("ok");
  for (int i = 0; i < 65; ++i) d.tags.push_back("t" + std::to_string(i));
  QVERIFY(refused(d, "tags"));
  d = document("ok");
  d.notes = std::string(400001, 'x');
  QVERIFY(refused(d, "notes"));
  QVERIFY(store.list().empty());
  // 64 characters of Chinese (192 bytes) are a tag within the limit.
  std::string tag;
  for (int i = 0; i < 64; ++i) tag += "\xe6\x96\x87";
  d = document("ok", {tag});
  d.notes = "line one\nline two\ttabbed";
  QCOMPARE(store.save(d, nullptr), std::int64_t(1));
  StoredScenario x;
  QVERIFY(store.load(1, x));
  QCOMPARE(x.document.tags.front(), tag);
}

// A search longer than SQLite's LIKE pattern limit (50,000 bytes) is a search that finds
// nothing, not an SQL error.
void TstStore::searchLongerThanLikeAllows() {
  QTemporaryDir dir;
  ScenarioStore store(dir.filePath("lib.sqlite").toStdString());
  store.save(document("plan a"), nullptr);
  QVERIFY(store.list(std::string(60000, 'a')).empty());
  QCOMPARE(store.list("PLAN").size(), std::size_t(1));
}

// A library path that is a symbolic link (planted, or the user's own) is said, with where it
// leads.
void TstStore::symlinkedLibraryIsSaid() {
  QTemporaryDir dir;
  const QString real = dir.filePath("real.sqlite"), link = dir.filePath("lib.sqlite");
  makeLibrary(real, 1);
  QVERIFY(QFile::link(real, link));
  ScenarioStore store(link.toStdString());
  QCOMPARE(store.list().size(), std::size_t(1));
  bool said = false;
  for (const std::string& n : store.report().notices)
    said = said || (QString::fromStdString(n).contains("symbolic link") && QString::fromStdString(n).contains(real));
  QVERIFY(said);
}

QTEST_GUILESS_MAIN(TstStore)
#include "tst_store.moc"
