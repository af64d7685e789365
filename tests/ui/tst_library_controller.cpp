// The scenario library's controller (ui/librarycontroller.h) driven without a widget: the test
// runs under a QCoreApplication, where making any widget aborts, so everything checked here is
// the controller's own: opening a library, save and save as, open and open a revision, rename,
// tags, duplicate and delete with undo and redo, the messages of refused operations, the banner
// as a value for each way a library opens, and a change made elsewhere (a second connection)
// seen by checkForChanges() and by the file watcher. Every library lives in a QTemporaryDir.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "engine/estimate.h"
#include "io/scenario_json.h"
#include "store/scenario_store.h"
#include "store/sqlite.h"
#include "ui/library/librarycontroller.h"
#include "ui/library/librarywatcher.h"
#include "ui/scenariodocument.h"
#include "ui/library/scenariolistmodel.h"

using cp::ui::LibraryController;
using cp::ui::ScenarioListModel;
using Kind = LibraryController::Banner::Kind;

namespace {

cp::ScenarioFileDocument documentNamed(const std::string& name, std::vector<std::string> tags = {}) {
  cp::ScenarioFileDocument d;
  d.scenario.name = name;
  d.tags = std::move(tags);
  return d;
}

// An edit of the document, as the Inputs dock makes one.
void setBatch(cp::ui::ScenarioDocument& document, int batch) {
  document.edit(QStringLiteral("batch"), QStringLiteral("training.global_batch"),
                [batch](cp::Scenario& s) { s.training.global_batch = batch; });
}

QString nameIn(const LibraryController& c, std::int64_t id) { return c.model()->nameOf(id); }

}  // namespace

class TestLibraryController : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void widgetFree();
  void saveAndSaveAs();
  void openAndRevisions();
  void renameTagsDuplicateDeleteUndo();
  void refusedOperationsSayWhy();
  void bannerForEachWayALibraryOpens();
  void changeElsewhereSeen();
  void unreadableScenarioListedNotHiding();
  void choicesForThePages();
  void watcherReportsOnce();
  void parseTags();

 private:
  QTemporaryDir dir_;
  QString path_;
};

void TestLibraryController::initTestCase() {
  QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
  QVERIFY(dir_.isValid());
}

void TestLibraryController::init() {
  static int n = 0;
  path_ = dir_.filePath(QStringLiteral("library-%1.sqlite").arg(++n));
}

void TestLibraryController::widgetFree() {
  // No QApplication here: a widget made by the controller would abort the test.
  QVERIFY(qobject_cast<QGuiApplication*>(QCoreApplication::instance()) == nullptr);
  cp::ui::ScenarioDocument document;
  LibraryController c(&document);
  QVERIFY(c.openLibrary(path_));
  QCOMPARE(c.statusText(), QStringLiteral("Scenarios: 0"));
  QVERIFY(c.saveAsNew(QStringLiteral("One"), {}) > 0);
  QCOMPARE(c.statusText(), QStringLiteral("Scenarios: 1"));
}

void TestLibraryController::saveAndSaveAs() {
  cp::ui::ScenarioDocument document;
  LibraryController c(&document);
  QVERIFY(c.openLibrary(path_));
  QCOMPARE(c.banner().kind, Kind::None);
  QVERIFY(c.banner().text().isEmpty());
  QSignalSpy saved(&c, &LibraryController::saved);
  QSignalSpy changed(&c, &LibraryController::libraryChanged);

  setBatch(document, 2048);
  QVERIFY(document.isModified());
  const std::int64_t id = c.saveAsNew(QStringLiteral("  Batch 2048 "), {QStringLiteral("a100")});
  QVERIFY(id > 0);
  QCOMPARE(c.currentId(), id);
  QVERIFY(!document.isModified());
  QCOMPARE(nameIn(c, id), QStringLiteral("Batch 2048"));  // trimmed
  QCOMPARE(c.tagsOf(id), QStringList{QStringLiteral("a100")});
  QCOMPARE(saved.count(), 1);
  QCOMPARE(saved.at(0).at(0).toString(), QStringLiteral("Saved “Batch 2048” to the library %1 (revision 1)")
                                             .arg(QDir::toNativeSeparators(QFileInfo(path_).absoluteFilePath())));
  QCOMPARE(changed.count(), 1);
  // The snapshot is the document's estimate: the list's tokens/s is the engine's.
  cp::Scenario expected = cp::default_scenario();
  expected.training.global_batch = 2048;
  const int row = c.model()->rowOf(id);
  QCOMPARE(c.model()->index(row, ScenarioListModel::TokensPerS).data(ScenarioListModel::SortRole).toDouble(),
           cp::estimate(expected).throughput.tokens_per_s);

  // Save again: a revision of the same entry, which keeps its name and tags.
  setBatch(document, 1024);
  QCOMPARE(c.saveToLibrary(), id);
  QCOMPARE(c.store()->history(id).size(), std::size_t(2));
  QCOMPARE(nameIn(c, id), QStringLiteral("Batch 2048"));
  QCOMPARE(c.tagsOf(id), QStringList{QStringLiteral("a100")});
  QCOMPARE(saved.count(), 2);
  QVERIFY(saved.at(1).at(0).toString().endsWith(QStringLiteral("(revision 2)")));
  cp::StoredScenario stored;
  QVERIFY(c.store()->load(id, stored));
  QCOMPARE(stored.document.scenario.training.global_batch, 1024);

  // A scenario from elsewhere (a new one) is no library entry: save makes a new one.
  document.reset(cp::default_scenario());
  QCOMPARE(c.currentId(), std::int64_t(0));
  const std::int64_t other = c.saveToLibrary();
  QVERIFY(other > 0 && other != id);
  QCOMPARE(c.model()->rowCount(), 2);
  QCOMPARE(c.statusText(), QStringLiteral("Scenarios: 2"));
  c.model()->setFilter(QStringLiteral("2048"), QString());
  QCOMPARE(c.statusText(), QStringLiteral("Matching scenarios: 1"));
}

void TestLibraryController::openAndRevisions() {
  cp::ui::ScenarioDocument document;
  LibraryController c(&document);
  QVERIFY(c.openLibrary(path_));
  const std::int64_t id = c.saveAsNew(QStringLiteral("History"), {});
  for (int batch : {1024, 2048, 4096}) {
    setBatch(document, batch);
    QCOMPARE(c.saveToLibrary(), id);
  }
  document.reset(cp::default_scenario());
  QCOMPARE(c.currentId(), std::int64_t(0));

  QVERIFY(c.openScenario(id));
  QCOMPARE(c.currentId(), id);
  QCOMPARE(document.scenario().training.global_batch, 4096);
  QVERIFY(!document.isModified());

  // An older revision is an unsaved change of the entry.
  QVERIFY(c.openRevision(id, 2));
  QCOMPARE(document.scenario().training.global_batch, 1024);
  QCOMPARE(c.currentId(), id);
  QVERIFY(document.isModified());
  QCOMPARE(c.saveToLibrary(), id);
  std::vector<cp::RevisionInfo> history;
  QVERIFY(c.history(id, history));
  QCOMPARE(history.size(), std::size_t(5));
  QCOMPARE(history.front().revision, 5);
  // The newest revision opened is not a change.
  QVERIFY(c.openRevision(id, 5));
  QVERIFY(!document.isModified());
}

void TestLibraryController::renameTagsDuplicateDeleteUndo() {
  cp::ui::ScenarioDocument document;
  LibraryController c(&document);
  QVERIFY(c.openLibrary(path_));
  QUndoStack* undo = c.undoStack();
  const std::int64_t id = c.saveAsNew(QStringLiteral("Plan A"), {QStringLiteral("draft")});
  QCOMPARE(undo->count(), 0);  // a save is not undone in the library

  QVERIFY(c.renameScenario(id, QStringLiteral(" Plan B ")));
  QCOMPARE(nameIn(c, id), QStringLiteral("Plan B"));
  QCOMPARE(undo->undoText(), QStringLiteral("Rename “Plan A” to “Plan B”"));
  QVERIFY(c.setTags(id, {QStringLiteral("h100"), QStringLiteral("final")}));
  QCOMPARE(c.tagsOf(id), (QStringList{QStringLiteral("h100"), QStringLiteral("final")}));  // as given
  QCOMPARE(c.tags().size(), 2);
  QCOMPARE(c.tags().front(), (QPair<QString, int>{QStringLiteral("final"), 1}));
  undo->undo();
  QCOMPARE(c.tagsOf(id), QStringList{QStringLiteral("draft")});
  undo->undo();
  QCOMPARE(nameIn(c, id), QStringLiteral("Plan A"));
  undo->redo();
  QCOMPARE(nameIn(c, id), QStringLiteral("Plan B"));

  const std::int64_t copy = c.duplicateScenario(id);
  QVERIFY(copy > 0 && copy != id);
  QCOMPARE(nameIn(c, copy), QStringLiteral("Plan B (copy)"));
  QCOMPARE(undo->undoText(), QStringLiteral("Duplicate “Plan B”"));
  undo->undo();
  QCOMPARE(c.model()->rowOf(copy), -1);
  undo->redo();  // a new copy, under a new id that the command follows
  QCOMPARE(c.model()->rowCount(), 2);

  // Delete takes the history; undo brings it back with its id, the edited scenario's entry too.
  setBatch(document, 2048);
  QCOMPARE(c.saveToLibrary(), id);
  const std::size_t revisions = c.store()->history(id).size();
  QVERIFY(c.deleteScenarios({id}));
  QCOMPARE(c.currentId(), std::int64_t(0));
  QCOMPARE(c.model()->rowOf(id), -1);
  QCOMPARE(undo->undoText(), QStringLiteral("Delete “Plan B”"));
  undo->undo();
  QCOMPARE(c.currentId(), id);
  QCOMPARE(c.store()->history(id).size(), revisions);
  QCOMPARE(nameIn(c, id), QStringLiteral("Plan B"));
  const std::int64_t copyNow = c.model()->idAt(c.model()->rowOf(id) == 0 ? 1 : 0);
  QVERIFY(c.deleteScenarios({id, copyNow}));
  QCOMPARE(undo->undoText(), QStringLiteral("Delete 2 scenarios"));
  QCOMPARE(c.model()->rowCount(), 0);
  undo->undo();
  QCOMPARE(c.model()->rowCount(), 2);
}

void TestLibraryController::refusedOperationsSayWhy() {
  cp::ui::ScenarioDocument document;
  LibraryController c(&document);
  QString error;
  // No library yet.
  QCOMPARE(c.saveToLibrary(&error), std::int64_t(0));
  QCOMPARE(error, QStringLiteral("No library is open."));
  QCOMPARE(c.statusText(), QStringLiteral("No library"));

  QVERIFY(c.openLibrary(path_));
  const std::int64_t id = c.saveAsNew(QStringLiteral("Kept"), {});
  QVERIFY(!c.renameScenario(id, QStringLiteral("   "), &error));
  QCOMPARE(error, QStringLiteral("A scenario needs a name."));
  QCOMPARE(nameIn(c, id), QStringLiteral("Kept"));
  QVERIFY(!c.renameScenario(id + 100, QStringLiteral("x"), &error));
  QCOMPARE(error, QStringLiteral("The scenario is no longer in the library."));
  QVERIFY(!c.openScenario(id + 100, &error));
  QCOMPARE(error, QStringLiteral("The scenario is no longer in the library."));
  QCOMPARE(c.duplicateScenario(id + 100, &error), std::int64_t(0));
  QCOMPARE(error, QStringLiteral("The scenario is no longer in the library."));
  QVERIFY(!c.openRevision(id, 9, &error));
  QCOMPARE(error, QStringLiteral("There is no revision 9 of this scenario."));
  QCOMPARE(c.undoStack()->count(), 0);  // nothing refused is undoable
}

void TestLibraryController::bannerForEachWayALibraryOpens() {
  cp::ui::ScenarioDocument document;
  LibraryController c(&document);
  QSignalSpy bannerChanged(&c, &LibraryController::bannerChanged);

  // A library from a newer clusterplan opens read-only.
  {
    cp::ScenarioStore store(path_.toStdString());
    store.save(documentNamed("Old"), nullptr);
  }
  {
    cp::sql::Database db(path_.toStdString(), cp::sql::Database::Mode::ReadWrite);
    db.exec("PRAGMA user_version = 99");
  }
  QVERIFY(c.openLibrary(path_));
  QCOMPARE(bannerChanged.count(), 1);
  QCOMPARE(c.banner().kind, Kind::ReadOnly);
  QVERIFY(!c.banner().error());
  QCOMPARE(c.banner().arg, QDir::toNativeSeparators(QFileInfo(path_).absoluteFilePath()));
  QCOMPARE(c.banner().text(), QStringLiteral("The scenario library %1 is open read-only: scenarios can be opened and "
                                             "compared but not saved, renamed or deleted.")
                                  .arg(c.banner().arg));
  QVERIFY(c.alertText().isEmpty());  // read-only is said in the library only
  QVERIFY(c.isReadOnly());
  QCOMPARE(c.statusText(), QStringLiteral("Scenarios: 1 · read-only"));
  QString error;
  QCOMPARE(c.saveAsNew(QStringLiteral("x"), {}, &error), std::int64_t(0));
  QVERIFY2(error.contains(QStringLiteral("read-only")), qPrintable(error));

  // A file that is not a library is refused, with the reason in the detail and the alert.
  const QString notLibrary = dir_.filePath(QStringLiteral("notes-%1.txt").arg(QFileInfo(path_).baseName()));
  {
    QFile f(notLibrary);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("these are not scenarios\n");
  }
  QVERIFY(!c.openLibrary(notLibrary));
  QCOMPARE(c.banner().kind, Kind::CannotOpen);
  QVERIFY(c.banner().error());
  QCOMPARE(c.banner().text(), QStringLiteral("The scenario library %1 cannot be opened. Nothing in it was changed.")
                                  .arg(QDir::toNativeSeparators(notLibrary)));
  QVERIFY(!c.banner().detail.isEmpty());
  QCOMPARE(c.alertText(), c.banner().text() + QLatin1Char(' ') + c.banner().detail);
  QVERIFY(c.store() == nullptr);
  QCOMPARE(c.model()->rowCount(), 0);
  QCOMPARE(c.statusText(), QStringLiteral("No library"));

  // No path at all.
  QVERIFY(!c.openLibrary(QString()));
  QCOMPARE(c.banner().kind, Kind::CannotOpen);
  QVERIFY2(c.banner().detail.contains(QStringLiteral("no library path given")), qPrintable(c.banner().detail));

  // A good library: no banner.
  init();
  QVERIFY(c.openLibrary(path_));
  QCOMPARE(c.banner(), LibraryController::Banner());
  QVERIFY(c.alertText().isEmpty());
}

// A save by another connection (the command line, a second window) is seen
// when the controller looks again, and only then is libraryChanged said.
void TestLibraryController::changeElsewhereSeen() {
  cp::ui::ScenarioDocument document;
  LibraryController c(&document);
  QVERIFY(c.openLibrary(path_));
  const std::int64_t mine = c.saveAsNew(QStringLiteral("Mine"), {});
  QSignalSpy changed(&c, &LibraryController::libraryChanged);
  QSignalSpy about(&c, &LibraryController::aboutToRefresh);
  QSignalSpy refreshed(&c, &LibraryController::refreshed);

  c.checkForChanges();  // nothing new: no re-read
  QCOMPARE(changed.count(), 0);
  QCOMPARE(refreshed.count(), 0);

  cp::ScenarioStore other(path_.toStdString());
  const std::int64_t theirs = other.save(documentNamed("Theirs", {"cli"}), nullptr);
  QCOMPARE(c.model()->rowCount(), 1);  // not yet looked
  c.checkForChanges();
  QCOMPARE(c.model()->rowCount(), 2);
  QCOMPARE(nameIn(c, theirs), QStringLiteral("Theirs"));
  QCOMPARE(changed.count(), 1);
  QCOMPARE(about.count(), 1);
  QCOMPARE(refreshed.count(), 1);
  QCOMPARE(c.tags().size(), 1);

  // A rename and a delete elsewhere.
  QVERIFY(other.rename(mine, "Renamed there"));
  c.checkForChanges();
  QCOMPARE(nameIn(c, mine), QStringLiteral("Renamed there"));
  QVERIFY(other.remove(theirs));
  c.checkForChanges();
  QCOMPARE(c.model()->rowOf(theirs), -1);
  QCOMPARE(changed.count(), 3);
  c.checkForChanges();
  QCOMPARE(changed.count(), 3);
}

// The watcher: a save to the library's file is reported, once for the burst of writes it makes;
// a file of its own next to the library is not a change of it.
void TestLibraryController::watcherReportsOnce() {
  cp::ui::ScenarioDocument document;
  LibraryController c(&document);
  QVERIFY(c.openLibrary(path_));
  QCOMPARE(c.watcher()->path(), QFileInfo(path_).absoluteFilePath());
  QVERIFY(c.watcher()->watchedFiles().contains(QFileInfo(path_).absoluteFilePath()));
  QSignalSpy reported(c.watcher(), &cp::ui::LibraryWatcher::changed);
  QSignalSpy changed(&c, &LibraryController::libraryChanged);
  {
    cp::ScenarioStore other(path_.toStdString());
    other.save(documentNamed("One"), nullptr);
    other.save(documentNamed("Two"), nullptr);
  }
  QTRY_COMPARE_WITH_TIMEOUT(c.model()->rowCount(), 2, 10000);
  QCOMPARE(changed.count(), 1);
  // Settle, then a file beside the library: no report.
  QTest::qWait(3 * cp::ui::LibraryWatcher::kDebounceMs);
  const int settled = int(reported.count());
  QVERIFY(settled >= 1);
  {
    QFile f(dir_.filePath(QStringLiteral("unrelated-%1.txt").arg(QFileInfo(path_).baseName())));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("x");
  }
  QTest::qWait(4 * cp::ui::LibraryWatcher::kDebounceMs);
  QCOMPARE(int(reported.count()), settled);
  QCOMPARE(changed.count(), 1);
  // Closing the library stops the watching.
  QVERIFY(!c.openLibrary(QString()));
  QVERIFY(c.watcher()->watchedFiles().isEmpty());
}

// One unreadable scenario (a damaged revision, a tag holding U+001F) must not stop the list and
// hide every older one: every readable scenario is listed, and an unreadable one is listed as
// such, with the store's reason.
void TestLibraryController::unreadableScenarioListedNotHiding() {
  std::vector<std::int64_t> ids;
  {
    cp::ScenarioStore store(path_.toStdString());
    for (int i = 0; i < 6; ++i)
      ids.push_back(store.save(documentNamed("S" + std::to_string(i), {"t"}),
                               cp::estimate_to_json(cp::default_scenario(), cp::estimate(cp::default_scenario()))));
  }
  {
    cp::sql::Database db(path_.toStdString(), cp::sql::Database::Mode::ReadWrite);
    db.exec(("UPDATE revisions SET estimate_values = x'00' WHERE scenario_id = " + std::to_string(ids[3])).c_str());
    // The store refuses control characters in a tag; another program may still write one.
    db.exec(("UPDATE scenarios SET tags = 'a' || char(31) || 'b' WHERE id = " + std::to_string(ids[2])).c_str());
  }
  cp::ui::ScenarioDocument document;
  LibraryController c(&document);
  QVERIFY(c.openLibrary(path_));
  QCOMPARE(c.model()->rowCount(), 6);
  QCOMPARE(c.banner().kind, Kind::None);
  for (int i = 0; i < 6; ++i) QCOMPARE(nameIn(c, ids[std::size_t(i)]), QStringLiteral("S%1").arg(i));
  const QString damaged = c.model()->errorOf(ids[3]);
  QVERIFY2(damaged.contains(QStringLiteral("is damaged")), qPrintable(damaged));
  const int row = c.model()->rowOf(ids[3]);
  const QString tip = c.model()->index(row, ScenarioListModel::Name).data(Qt::ToolTipRole).toString();
  QVERIFY2(tip.startsWith(QStringLiteral("“S3” (revision 1) cannot be read: ")), qPrintable(tip));
  QCOMPARE(c.model()->index(row, ScenarioListModel::Model).data().toString(), QStringLiteral("cannot be read"));
  QVERIFY(c.model()->errorOf(ids[0]).isEmpty());
  QVERIFY(c.model()->index(c.model()->rowOf(ids[0]), ScenarioListModel::TokensPerS).data(ScenarioListModel::SortRole).toDouble() > 0);
  // The tags column holding U+001F (the store's separator of tags) reads back as two tags,
  // which do not match the scenario row's checksum: unreadable too, and said so.
  QVERIFY2(c.model()->errorOf(ids[2]).contains(QStringLiteral("does not match its checksum")), qPrintable(c.model()->errorOf(ids[2])));
  QCOMPARE(c.model()->unreadableCount(), 2);
  QCOMPARE(c.statusText(), QStringLiteral("Scenarios: 6 · 2 cannot be read (see its tooltip)"));
  QString error;
  QVERIFY(!c.openScenario(ids[3], &error));
  QVERIFY2(error.contains(QStringLiteral("is damaged")), qPrintable(error));
}

// What the comparison page picks from, through the controller (the pages never reach the store).
void TestLibraryController::choicesForThePages() {
  cp::ui::ScenarioDocument document;
  LibraryController c(&document);
  QList<LibraryController::Choice> choices;
  cp::Scenario scenario;
  QString error;
  QVERIFY(!c.choices(choices));  // no library: nothing listed, which is not "gone"
  QVERIFY(!c.loadScenario(1, scenario, &error));
  QVERIFY(error.isEmpty());

  QVERIFY(c.openLibrary(path_));
  QVERIFY(c.choices(choices));
  QVERIFY(choices.isEmpty());
  setBatch(document, 2048);
  const std::int64_t named = c.saveAsNew(QStringLiteral("Batch 2048"), {});
  document.reset(cp::default_scenario());  // unnamed: listed by its derived name
  const std::int64_t unnamed = c.saveToLibrary();
  QVERIFY(named > 0 && unnamed > 0);
  QVERIFY(c.choices(choices));
  QCOMPARE(choices.size(), 2);
  QStringList names;
  for (const LibraryController::Choice& choice : choices) names << choice.name;
  QVERIFY2(names.contains(QStringLiteral("Batch 2048")), qPrintable(names.join(QLatin1Char(','))));
  QVERIFY(names.contains(nameIn(c, unnamed)));
  QVERIFY(!nameIn(c, unnamed).isEmpty());

  QVERIFY(c.loadScenario(named, scenario, &error));
  QVERIFY(error.isEmpty());
  QCOMPARE(scenario.training.global_batch, 2048);
  // Deleted: false, and no reason (gone, not unreadable).
  QVERIFY(c.deleteScenarios({named}));
  QVERIFY(!c.loadScenario(named, scenario, &error));
  QVERIFY(error.isEmpty());
  // Damaged: false, with the store's reason.
  {
    cp::sql::Database db(path_.toStdString(), cp::sql::Database::Mode::ReadWrite);
    db.exec(("UPDATE scenarios SET tags = 'a' || char(31) || 'b' WHERE id = " + std::to_string(unnamed)).c_str());
  }
  QVERIFY(!c.loadScenario(unnamed, scenario, &error));
  QVERIFY2(error.contains(QStringLiteral("does not match its checksum")), qPrintable(error));
}

void TestLibraryController::parseTags() {
  QCOMPARE(LibraryController::parseTags(QStringLiteral(" h100 , final,, h100")),
           (QStringList{QStringLiteral("h100"), QStringLiteral("final")}));
  QCOMPARE(LibraryController::parseTags(QStringLiteral(" , ")), QStringList());
}

QTEST_GUILESS_MAIN(TestLibraryController)
#include "tst_library_controller.moc"
