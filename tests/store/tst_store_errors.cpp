// The store's promise: a failing SQLite comes out of every public entry point as StoreError
// (StoreFailure), never as sql::Error; and its statement cache is keyed by the SQL text, not by
// the address of the text (two texts may share an address over time). The full disk is
// RLIMIT_FSIZE in a child process:
// write() fails with EFBIG, even for root, and the library keeps what was saved before.
#include <QtTest>

#include <sys/resource.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <string>

#include "common/unprivileged.h"
#include "store/scenario_store.h"
#include "store/sqlite.h"

using namespace cp;

namespace {

ScenarioFileDocument document(const std::string& name) {
  ScenarioFileDocument d;
  d.scenario.name = name;
  d.notes = std::string(64 * 1024, 'n');  // more than a page: the save must write
  return d;
}

// Results of the child process.
enum : int { kStoreFailure = 0, kSqlError = 1, kNoError = 2, kOtherError = 3, kNoLimit = 4 };

int with_full_disk(const std::string& path, void (*work)(ScenarioStore&)) {
  return test::run_in_child(
      [&] {
        std::signal(SIGXFSZ, SIG_IGN);
        try {
          ScenarioStore store(path);
          const rlimit limit{1024, 1024};
          if (setrlimit(RLIMIT_FSIZE, &limit) != 0) return int(kNoLimit);
          work(store);
          return int(kNoError);
        } catch (const StoreFailure& e) {
          const bool named = std::string(e.what()).find("in the library '" + path + "'") != std::string::npos;
          if (!named) std::fprintf(stderr, "message does not name the library: %s\n", e.what());
          return named ? int(kStoreFailure) : int(kOtherError);
        } catch (const sql::Error& e) {
          std::fprintf(stderr, "sql::Error escaped: %s\n", e.what());
          return int(kSqlError);
        } catch (const std::exception& e) {
          std::fprintf(stderr, "other error: %s\n", e.what());
          return int(kOtherError);
        }
      },
      false);
}

}  // namespace

class TstStoreErrors : public QObject {
  Q_OBJECT
 private slots:
  void statementCacheKeyedByText() {
    QTemporaryDir dir;
    sql::Database db(dir.filePath("t.db").toStdString(), sql::Database::Mode::ReadWriteCreate);
    // One buffer holding two different statements in turn, as a temporary string's buffer may.
    char sql[32];
    std::strcpy(sql, "SELECT 1");
    sql::Statement& one = db.cached(sql);
    QVERIFY(one.step());
    QCOMPARE(one.int64(0), std::int64_t(1));
    std::strcpy(sql, "SELECT 2");
    sql::Statement& two = db.cached(sql);
    QVERIFY(two.step());
    QCOMPARE(two.int64(0), std::int64_t(2));
    // The same text at two addresses is one statement.
    const std::string a = "SELECT 3", b = "SELECT 3";
    QVERIFY(a.c_str() != b.c_str());
    QCOMPARE(&db.cached(a.c_str()), &db.cached(b.c_str()));
  }

  void saveOnAFullDiskIsAStoreFailure_data() {
    QTest::addColumn<int>("operation");
    QTest::newRow("save") << 0;
    QTest::newRow("rename") << 1;
    QTest::newRow("import batch") << 2;
  }
  void saveOnAFullDiskIsAStoreFailure() {
    QFETCH(int, operation);
    QTemporaryDir dir;
    const std::string path = dir.filePath("library.db").toStdString();
    std::int64_t id = 0;
    {
      ScenarioStore store(path);
      id = store.save(document("kept"), nullptr);
    }
    static const auto ops = std::array<void (*)(ScenarioStore&), 3>{
        [](ScenarioStore& s) { s.save(document("lost"), nullptr); },
        // A short name, but the new revision carries the 64 KiB notes: more than a page.
        [](ScenarioStore& s) { s.rename(s.list().front().id, "renamed"); },
        [](ScenarioStore& s) {
          ScenarioStore::Batch batch(s);
          for (int i = 0; i < 4; ++i) s.save(document("batch " + std::to_string(i)), nullptr);
          batch.commit();
        }};
    QCOMPARE(with_full_disk(path, ops[std::size_t(operation)]), int(kStoreFailure));

    // Nothing saved before is lost, and nothing half-written appears.
    ScenarioStore store(path);
    QCOMPARE(store.quick_check(), std::string("ok"));
    const auto list = store.list();
    QCOMPARE(int(list.size()), 1);
    QCOMPARE(list.front().id, id);
    QCOMPARE(list.front().name, std::string("kept"));
    QCOMPARE(list.front().revision, 1);
  }
};

QTEST_GUILESS_MAIN(TstStoreErrors)
#include "tst_store_errors.moc"
