// The scenario library dock and the scenario comparison, used through the window as a planner
// would: save, save again (a revision), open, duplicate, rename, tags, delete and undo (the
// scenario comes back with its history), search and tag filter, the revision history, a
// library that is read-only or was moved aside as damaged, the list model under
// QAbstractItemModelTester, and two or more scenarios side by side with their differences
// highlighted. Every library lives in a QTemporaryDir; expected figures come from cp::estimate.
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QTimer>
#include <QProcess>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStatusBar>
#include <QLabel>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QTranslator>
#include <QtTest>
#include "common/message_box.h"
#include <qcustomplot.h>

#include <cmath>

#include "engine/estimate.h"
#include "engine/explain.h"
#include "io/scenario_json.h"
#include "store/scenario_store.h"
#include "store/sqlite.h"
#include "ui/pages/comparepage.h"
#include "ui/pages/inputpanel.h"
#include "ui/library/librarydock.h"
#include "ui/window/mainwindow.h"
#include "ui/scenariodocument.h"
#include "ui/text/fieldtext.h"
#include "ui/text/i18n.h"
#include "ui/library/scenariolistmodel.h"
#include "ui/text/terms.h"
#include "ui/theme.h"

using cp::ui::LibraryDock;
using cp::ui::ScenarioListModel;

namespace {

QSpinBox* spin(cp::ui::MainWindow& w, const char* field) {
  return qobject_cast<QSpinBox*>(w.inputPanel()->editor(QString::fromLatin1(field)));
}

QAction* action(LibraryDock* dock, const char* name) {
  auto* a = dock->findChild<QAction*>(QLatin1String(name));
  if (!a) qFatal("no action %s", name);
  return a;
}

// The text the list shows in `column` of the row of scenario `id`.
QString cell(LibraryDock* dock, std::int64_t id, int column) {
  const int row = dock->model()->rowOf(id);
  return row < 0 ? QString() : dock->model()->index(row, column).data().toString();
}

QStringList shownNames(LibraryDock* dock) {
  QStringList names;
  for (int r = 0; r < dock->proxy()->rowCount(); ++r) names << dock->proxy()->index(r, ScenarioListModel::Name).data().toString();
  names.sort();
  return names;
}

cp::ScenarioFileDocument documentNamed(const std::string& name, std::vector<std::string> tags, int tp = 8) {
  cp::ScenarioFileDocument d;
  d.scenario.name = name;
  d.scenario.parallel.tp = tp;
  d.tags = std::move(tags);
  return d;
}

using cp::test::answerMessageBox;

// Runs clusterplan-cli (another process, with a connection of its own to the library).
int runCli(const QStringList& args, QByteArray* out = nullptr) {
  QProcess p;
  p.start(qEnvironmentVariable("CLUSTERPLAN_CLI"), args);
  if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit) return -1;
  if (out) *out = p.readAllStandardOutput();
  return p.exitCode();
}

// How long a save elsewhere may take to show: the watcher's debounce and a re-read, with room
// for a loaded machine.
constexpr int kSeenWithinMs = 10000;

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestLibrary : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void modelPassesTester();
  void saveRevisionOpen();
  void duplicateRenameTagsUndo();
  void deleteUndoKeepsHistory();
  void deleteAsksFirstUndoKeepsIdAndDates();
  void saveSaysWhereInStatusBar();
  void rowsStayInPlace();
  void searchAndTagFilter();
  void historyOpensRevision();
  void readOnlyLibrary();
  void bannerFollowsTheTheme();
  void damagedLibraryMovedAside();
  void libraryAlertOnStart();
  void compareHighlightsDifferences();
  void compareEditedScenarioFollowsEdits();
  void seesSavesElsewhere();
  void refreshKeepsSelectionAndScroll();
  void compareSaysChosenScenarioIsGone();

 private:
  QTemporaryDir dir_;
  QString path_;
};

void TestLibrary::initTestCase() {
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setOrganizationName(QStringLiteral("clusterplan-tests"));
  QCoreApplication::setApplicationName(QStringLiteral("tst_library"));
  QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
  QVERIFY(dir_.isValid());
}

void TestLibrary::init() {
  QSettings().clear();
  static int n = 0;
  path_ = dir_.filePath(QStringLiteral("library-%1.sqlite").arg(++n));
}

void TestLibrary::modelPassesTester() {
  cp::ScenarioStore store(path_.toStdString());
  const cp::Scenario base = cp::default_scenario();
  store.save(documentNamed("LLaMA baseline", {"a100", "baseline"}), cp::estimate_to_json(base, cp::estimate(base)));
  store.save(documentNamed("TP 4", {"a100"}, 4), nullptr);
  store.save(documentNamed("Other", {}), nullptr);

  ScenarioListModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
  QSortFilterProxyModel proxy;
  proxy.setSourceModel(&model);
  proxy.setSortRole(ScenarioListModel::SortRole);
  proxy.sort(ScenarioListModel::TokensPerS, Qt::DescendingOrder);
  QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);

  model.setStore(&store);
  QCOMPARE(model.rowCount(), 3);
  QCOMPARE(model.columnCount(), int(ScenarioListModel::ColumnCount));
  const int row = model.rowOf(1);
  QCOMPARE(model.index(row, ScenarioListModel::Name).data().toString(), QStringLiteral("LLaMA baseline"));
  QCOMPARE(model.index(row, ScenarioListModel::Tags).data().toString(), QStringLiteral("a100, baseline"));
  QCOMPARE(model.index(row, ScenarioListModel::Gpus).data().toString(), QStringLiteral("32"));
  QCOMPARE(model.index(row, ScenarioListModel::Gpus).data(ScenarioListModel::SortRole).toInt(), 32);
  const cp::Estimate e = cp::estimate(base);
  QCOMPARE(model.index(row, ScenarioListModel::TokensPerS).data().toString(), cp::ui::formatTokensPerS(e.throughput.tokens_per_s));
  QCOMPARE(model.index(row, ScenarioListModel::TokensPerS).data(ScenarioListModel::SortRole).toDouble(), e.throughput.tokens_per_s);
  QCOMPARE(model.index(row, ScenarioListModel::CostPerMonth).data().toString(),
           cp::ui::formatMoney(e.cost.per_month, base.assumptions.currency));
  QCOMPARE(model.index(row, ScenarioListModel::Name).data(ScenarioListModel::IdRole).toLongLong(), 1);
  // Sorted by tokens/s, the scenario with a snapshot comes first.
  QCOMPARE(proxy.index(0, ScenarioListModel::Name).data().toString(), QStringLiteral("LLaMA baseline"));

  model.setFilter(QStringLiteral("tp"), QString());
  QCOMPARE(model.rowCount(), 1);
  model.setFilter(QString(), QStringLiteral("a100"));
  QCOMPARE(model.rowCount(), 2);
  model.setFilter(QString(), QString());
  // An unnamed scenario's derived name is shown in the GUI's language, and
  // the search finds it by the name shown ("块", GPUs in Chinese) as well as by the English
  // name the library stores.
  cp::ScenarioFileDocument unnamed;
  unnamed.scenario = cp::default_scenario();
  QVERIFY(cp::name_is_derived(unnamed.scenario));
  const std::int64_t derived = store.save(unnamed, nullptr);
  QVERIFY(cp::ui::installTranslations(*qApp, QStringLiteral("zh_CN")));
  model.refresh();
  model.setFilter(QStringLiteral("块"), QString());
  const int shown = model.rowCount();
  const QString name = shown == 1 ? model.index(0, ScenarioListModel::Name).data().toString() : QString();
  model.setFilter(QStringLiteral("32x"), QString());
  const int stored = model.rowCount();
  for (QTranslator* t : qApp->findChildren<QTranslator*>()) {
    QCoreApplication::removeTranslator(t);
    delete t;
  }
  QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
  QCOMPARE(shown, 1);
  QVERIFY2(name.contains(QStringLiteral("32 块")), qPrintable(name));
  QCOMPARE(stored, 1);
  model.setFilter(QString(), QString());
  store.remove(derived);
  store.remove(3);
  model.refresh();
  QCOMPARE(model.rowCount(), 2);
  model.setStore(nullptr);
  QCOMPARE(model.rowCount(), 0);
}

void TestLibrary::saveRevisionOpen() {
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QVERIFY(dock->openLibrary(path_));
  QVERIFY(dock->bannerText().isEmpty());
  spin(w, "training.global_batch")->setValue(2048);
  QVERIFY(w.document()->isModified());
  const std::int64_t id = dock->saveAsNew(QStringLiteral("Batch 2048"), {QStringLiteral("a100")});
  QVERIFY(id > 0);
  QCOMPARE(dock->currentId(), id);
  QVERIFY(!w.document()->isModified());
  QCOMPARE(dock->model()->rowCount(), 1);
  QCOMPARE(cell(dock, id, ScenarioListModel::Name), QStringLiteral("Batch 2048"));
  cp::Scenario expected = cp::default_scenario();
  expected.training.global_batch = 2048;
  QCOMPARE(cell(dock, id, ScenarioListModel::TokensPerS),
           cp::ui::formatTokensPerS(cp::estimate(expected).throughput.tokens_per_s));

  // Save again (the dock's button, no dialog since the scenario is in the library): a revision.
  spin(w, "parallelism.pp")->setValue(2);
  action(dock, "librarySave")->trigger();
  QCOMPARE(dock->model()->rowCount(), 1);
  QCOMPARE(dock->model()->index(0, 0).data(ScenarioListModel::RevisionRole).toInt(), 2);
  QCOMPARE(dock->store()->history(id).size(), std::size_t(2));
  // The entry keeps its name and tags.
  QCOMPARE(cell(dock, id, ScenarioListModel::Tags), QStringLiteral("a100"));

  // A new scenario is not that entry any more; opening it brings the saved one back.
  w.setScenario(cp::default_scenario());
  QCOMPARE(dock->currentId(), std::int64_t(0));
  dock->selectIds({id});
  action(dock, "libraryOpen")->trigger();
  QCOMPARE(w.document()->scenario().training.global_batch, 2048);
  QCOMPARE(w.document()->scenario().parallel.pp, 2);
  QCOMPARE(dock->currentId(), id);
  QVERIFY(!w.document()->isModified());

  // The File menu's "Save to library" saves there too.
  spin(w, "parallelism.pp")->setValue(4);
  w.findChild<QAction*>(QStringLiteral("saveToLibraryAction"))->trigger();
  QCOMPARE(dock->store()->history(id).size(), std::size_t(3));
}

void TestLibrary::duplicateRenameTagsUndo() {
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QVERIFY(dock->openLibrary(path_));
  const std::int64_t id = dock->saveAsNew(QStringLiteral("Plan A"), {QStringLiteral("draft")});
  QVERIFY(id > 0);
  dock->selectIds({id});
  action(dock, "libraryDuplicate")->trigger();
  QCOMPARE(dock->model()->rowCount(), 2);
  QCOMPARE(shownNames(dock), (QStringList{QStringLiteral("Plan A"), QStringLiteral("Plan A (copy)")}));
  dock->undoStack()->undo();
  QCOMPARE(shownNames(dock), QStringList{QStringLiteral("Plan A")});
  dock->undoStack()->redo();
  QCOMPARE(shownNames(dock), (QStringList{QStringLiteral("Plan A"), QStringLiteral("Plan A (copy)")}));

  QVERIFY(dock->renameScenario(id, QStringLiteral("Plan B")));
  QCOMPARE(cell(dock, id, ScenarioListModel::Name), QStringLiteral("Plan B"));
  QVERIFY(dock->setTags(id, LibraryDock::parseTags(QStringLiteral(" h100 , final,, h100"))));
  QCOMPARE(cell(dock, id, ScenarioListModel::Tags), QStringLiteral("h100, final"));
  dock->undoStack()->undo();  // tags
  QCOMPARE(cell(dock, id, ScenarioListModel::Tags), QStringLiteral("draft"));
  dock->undoStack()->undo();  // rename
  QCOMPARE(cell(dock, id, ScenarioListModel::Name), QStringLiteral("Plan A"));
  dock->undoStack()->redo();
  QCOMPARE(cell(dock, id, ScenarioListModel::Name), QStringLiteral("Plan B"));
}

void TestLibrary::deleteUndoKeepsHistory() {
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QVERIFY(dock->openLibrary(path_));
  const std::int64_t keep = dock->saveAsNew(QStringLiteral("Keep"), {});
  spin(w, "training.global_batch")->setValue(512);
  const std::int64_t id = dock->saveAsNew(QStringLiteral("Doomed"), {QStringLiteral("x"), QStringLiteral("y")});
  spin(w, "training.global_batch")->setValue(256);
  QVERIFY(dock->saveToLibrary() == id);
  QCOMPARE(dock->store()->history(id).size(), std::size_t(2));

  dock->selectIds({id});
  dock->view()->setFocus();
  answerMessageBox(QMessageBox::Yes);
  action(dock, "libraryDelete")->trigger();
  QCOMPARE(shownNames(dock), QStringList{QStringLiteral("Keep")});
  QCOMPARE(dock->currentId(), std::int64_t(0));  // the edited scenario is no longer in the library
  QCOMPARE(dock->undoStack()->undoText(), QStringLiteral("Delete “Doomed”"));

  dock->undoStack()->undo();
  QCOMPARE(shownNames(dock), (QStringList{QStringLiteral("Doomed"), QStringLiteral("Keep")}));
  const std::int64_t back = dock->currentId();  // the edited scenario belongs to it again
  QVERIFY(back > 0);
  QCOMPARE(cell(dock, back, ScenarioListModel::Tags), QStringLiteral("x, y"));
  const auto history = dock->store()->history(back);
  QCOMPARE(history.size(), std::size_t(2));
  cp::StoredScenario first;
  QVERIFY(dock->store()->load_revision(back, 1, first));
  QCOMPARE(first.document.scenario.training.global_batch, 512);
  cp::StoredScenario latest;
  QVERIFY(dock->store()->load(back, latest));
  QCOMPARE(latest.document.scenario.training.global_batch, 256);
  QVERIFY(!latest.estimate.is_null());

  dock->undoStack()->redo();
  QCOMPARE(shownNames(dock), QStringList{QStringLiteral("Keep")});
  dock->undoStack()->undo();
  QCOMPARE(shownNames(dock), (QStringList{QStringLiteral("Doomed"), QStringLiteral("Keep")}));

  // Several at once, and an older command still finds a restored scenario.
  dock->selectIds({keep, dock->currentId()});
  answerMessageBox(QMessageBox::Yes);
  action(dock, "libraryDelete")->trigger();
  QCOMPARE(dock->model()->rowCount(), 0);
  dock->undoStack()->undo();
  QCOMPARE(dock->model()->rowCount(), 2);
}

// Delete asks first (Cancel keeps the scenario), and undoing a delete puts the
// scenario back under its own id with its creation and revision dates.
void TestLibrary::deleteAsksFirstUndoKeepsIdAndDates() {
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QVERIFY(dock->openLibrary(path_));
  const std::int64_t id = dock->saveAsNew(QStringLiteral("Doomed"), {QStringLiteral("x")});
  spin(w, "training.global_batch")->setValue(512);
  QCOMPARE(dock->saveToLibrary(), id);
  dock->saveAsNew(QStringLiteral("Later"), {});  // a newer scenario: the restored one must not take its place
  cp::StoredScenario before, first;
  QVERIFY(dock->store()->load(id, before));
  QVERIFY(dock->store()->load_revision(id, 1, first));
  QVERIFY(!before.created_at.empty());

  dock->selectIds({id});
  answerMessageBox(QMessageBox::Cancel);
  action(dock, "libraryDelete")->trigger();
  QCOMPARE(shownNames(dock), (QStringList{QStringLiteral("Doomed"), QStringLiteral("Later")}));
  QCOMPARE(dock->undoStack()->count(), 0);

  dock->selectIds({id});
  answerMessageBox(QMessageBox::Yes);
  action(dock, "libraryDelete")->trigger();
  QCOMPARE(shownNames(dock), QStringList{QStringLiteral("Later")});
  dock->undoStack()->undo();
  QCOMPARE(shownNames(dock), (QStringList{QStringLiteral("Doomed"), QStringLiteral("Later")}));
  cp::StoredScenario after, firstAfter;
  QVERIFY(dock->store()->load(id, after));  // the same id
  QCOMPARE(after.created_at, before.created_at);
  QCOMPARE(after.updated_at, before.updated_at);
  QCOMPARE(after.revision, 2);
  QCOMPARE(after.document.tags, std::vector<std::string>{"x"});
  QVERIFY(dock->store()->load_revision(id, 1, firstAfter));
  QCOMPARE(firstAfter.updated_at, first.updated_at);  // revision 1's saved_at
  QCOMPARE(dock->store()->history(id).front().saved_at, before.updated_at);
  QCOMPARE(cell(dock, id, ScenarioListModel::Name), QStringLiteral("Doomed"));
  // Redo deletes it again, undo brings it back under the same id once more.
  dock->undoStack()->redo();
  QVERIFY(!dock->store()->load(id, after));
  dock->undoStack()->undo();
  QVERIFY(dock->store()->load(id, after));
  QCOMPARE(after.created_at, before.created_at);
}

// A save says in the status bar what was saved and where.
void TestLibrary::saveSaysWhereInStatusBar() {
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QVERIFY(dock->openLibrary(path_));
  const std::int64_t id = dock->saveAsNew(QStringLiteral("Budget plan"), {});
  QVERIFY(id > 0);
  const QString where = QDir::toNativeSeparators(QFileInfo(path_).absoluteFilePath());
  QCOMPARE(w.statusBar()->currentMessage(),
           QStringLiteral("Saved “Budget plan” to the library %1 (revision 1)").arg(where));
  spin(w, "training.global_batch")->setValue(512);
  QCOMPARE(dock->saveToLibrary(), id);
  QCOMPARE(w.statusBar()->currentMessage(),
           QStringLiteral("Saved “Budget plan” to the library %1 (revision 2)").arg(where));
}

// The names in the order the list shows them.
QStringList namesInViewOrder(LibraryDock* dock) {
  QStringList names;
  for (int r = 0; r < dock->proxy()->rowCount(); ++r) names << dock->proxy()->index(r, ScenarioListModel::Name).data().toString();
  return names;
}

// The list, sorted by last update, does not move a row from under the mouse
// when it is renamed or saved; a click on the header sorts it again.
void TestLibrary::rowsStayInPlace() {
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QVERIFY(dock->openLibrary(path_));
  const std::int64_t a = dock->saveAsNew(QStringLiteral("Alpha"), {});
  QTest::qWait(5);  // a later update time
  dock->saveAsNew(QStringLiteral("Beta"), {});
  QCOMPARE(namesInViewOrder(dock), (QStringList{QStringLiteral("Beta"), QStringLiteral("Alpha")}));  // newest first
  QTest::qWait(5);
  QVERIFY(dock->renameScenario(a, QStringLiteral("Alpha 2")));  // now the newest
  QCOMPARE(namesInViewOrder(dock), (QStringList{QStringLiteral("Beta"), QStringLiteral("Alpha 2")}));
  QVERIFY(dock->setTags(a, {QStringLiteral("t")}));
  QCOMPARE(namesInViewOrder(dock), (QStringList{QStringLiteral("Beta"), QStringLiteral("Alpha 2")}));
  QCOMPARE(cell(dock, a, ScenarioListModel::Tags), QStringLiteral("t"));
  // Sorting again, as a header click does, puts the newest first.
  dock->view()->sortByColumn(ScenarioListModel::Updated, Qt::DescendingOrder);
  QCOMPARE(namesInViewOrder(dock), (QStringList{QStringLiteral("Alpha 2"), QStringLiteral("Beta")}));
}

void TestLibrary::searchAndTagFilter() {
  {
    cp::ScenarioStore store(path_.toStdString());
    store.save(documentNamed("LLaMA-65B on A100", {"a100", "seed"}), nullptr);
    store.save(documentNamed("LLaMA-65B on H100", {"h100"}), nullptr);
    store.save(documentNamed("GPT-3 175B", {"a100"}), nullptr);
  }
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QVERIFY(dock->openLibrary(path_));
  QCOMPARE(dock->proxy()->rowCount(), 3);
  QTest::keyClicks(dock->searchField(), QStringLiteral("llama"));
  QCOMPARE(shownNames(dock), (QStringList{QStringLiteral("LLaMA-65B on A100"), QStringLiteral("LLaMA-65B on H100")}));
  QComboBox* tags = dock->tagFilter();
  QCOMPARE(tags->count(), 4);  // all, a100, h100, seed
  QCOMPARE(tags->itemText(1), QStringLiteral("a100 (2)"));
  tags->setCurrentIndex(1);
  Q_EMIT tags->activated(1);
  QCOMPARE(shownNames(dock), QStringList{QStringLiteral("LLaMA-65B on A100")});
  dock->searchField()->clear();
  QCOMPARE(shownNames(dock), (QStringList{QStringLiteral("GPT-3 175B"), QStringLiteral("LLaMA-65B on A100")}));
  QCOMPARE(dock->findChild<QLabel*>(QStringLiteral("libraryStatus"))->text(), QStringLiteral("Matching scenarios: 2"));
  tags->setCurrentIndex(0);
  Q_EMIT tags->activated(0);
  QCOMPARE(dock->proxy()->rowCount(), 3);
}

void TestLibrary::historyOpensRevision() {
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QVERIFY(dock->openLibrary(path_));
  const std::int64_t id = dock->saveAsNew(QStringLiteral("History"), {});
  for (int gb : {512, 256}) {
    spin(w, "training.global_batch")->setValue(gb);
    QCOMPARE(dock->saveToLibrary(), id);
  }
  const auto history = dock->store()->history(id);
  QCOMPARE(history.size(), std::size_t(3));
  QCOMPARE(history.front().revision, 3);
  QVERIFY(history.front().has_estimate);

  QVERIFY(dock->openRevision(id, 2));
  QCOMPARE(w.document()->scenario().training.global_batch, 512);
  QVERIFY(w.document()->isModified());  // an older revision: saving makes it the newest
  QVERIFY(!w.document()->undoStack()->canUndo());  // modified as a state, not by a no-op undo step
  QCOMPARE(dock->currentId(), id);
  QCOMPARE(dock->saveToLibrary(), id);
  QCOMPARE(dock->store()->history(id).size(), std::size_t(4));
  cp::StoredScenario latest;
  QVERIFY(dock->store()->load(id, latest));
  QCOMPARE(latest.document.scenario.training.global_batch, 512);
  QVERIFY(!dock->openRevision(id, 9));
}

namespace {

// WCAG 2's contrast ratio of two colours (1 to 21).
double contrast(const QColor& a, const QColor& b) {
  auto luminance = [](const QColor& c) {
    auto lin = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
  };
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

}  // namespace

// The read-only banner takes its colours from the theme: a dark box with light text in the dark
// theme (it was a fixed light yellow), and readable (WCAG AA, 4.5:1) in both.
void TestLibrary::bannerFollowsTheTheme() {
  {
    cp::ScenarioStore store(path_.toStdString());
    store.save(documentNamed("Old", {}), nullptr);
  }
  {
    cp::sql::Database db(path_.toStdString(), cp::sql::Database::Mode::ReadWrite);
    db.exec("PRAGMA user_version = 99");  // opens read-only: the banner shows
  }
  const cp::ui::Theme before = cp::ui::currentTheme();
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QVERIFY(dock->openLibrary(path_));
  auto* banner = dock->findChild<QLabel*>(QStringLiteral("libraryBanner"));
  QVERIFY(banner && !banner->isHidden());
  for (const cp::ui::Theme theme : {cp::ui::Theme::Dark, cp::ui::Theme::Light, cp::ui::Theme::Dark}) {
    cp::ui::applyTheme(theme);
    QCoreApplication::processEvents();
    const QColor back = banner->palette().color(QPalette::Window);
    const QColor text = banner->palette().color(QPalette::WindowText);
    const bool dark = theme == cp::ui::Theme::Dark;
    QVERIFY2(dark ? back.lightnessF() < 0.35 : back.lightnessF() > 0.65, qPrintable(back.name()));
    QVERIFY2(contrast(back, text) >= 4.5, qPrintable(back.name() + QLatin1Char('/') + text.name()));
    QVERIFY(back != qApp->palette().color(QPalette::Window));  // still stands out as a notice
  }
  cp::ui::applyTheme(before);
}

void TestLibrary::readOnlyLibrary() {
  {
    cp::ScenarioStore store(path_.toStdString());
    store.save(documentNamed("Old", {}), nullptr);
  }
  {
    cp::sql::Database db(path_.toStdString(), cp::sql::Database::Mode::ReadWrite);
    db.exec("PRAGMA user_version = 99");  // a library from a newer clusterplan opens read-only
  }
  const QByteArray before = readAll(path_);
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QString message;
  QVERIFY(dock->openLibrary(path_, &message));
  QVERIFY(dock->isReadOnly());
  QVERIFY2(message.contains(QStringLiteral("read-only")), qPrintable(message));
  QCOMPARE(dock->bannerText(), message);
  QCOMPARE(dock->model()->rowCount(), 1);
  QVERIFY(!action(dock, "librarySave")->isEnabled());
  dock->selectIds({1});
  QVERIFY(!action(dock, "libraryDelete")->isEnabled());
  QVERIFY(action(dock, "libraryOpen")->isEnabled());
  QString error;
  QCOMPARE(dock->saveAsNew(QStringLiteral("x"), {}, &error), std::int64_t(0));
  QVERIFY2(error.contains(QStringLiteral("read-only")), qPrintable(error));
  QCOMPARE(readAll(path_), before);
}

void TestLibrary::damagedLibraryMovedAside() {
  {
    cp::ScenarioStore store(path_.toStdString());
    // Enough scenarios for a file of more than 40 pages (revisions are packed: about 1 KB each).
    cp::ScenarioStore::Batch batch(store);
    for (int i = 0; i < 400; ++i) store.save(documentNamed(QStringLiteral("S%1").arg(i).toStdString(), {"t"}), nullptr);
    batch.commit();
  }
  QByteArray bytes = readAll(path_);
  QVERIFY(bytes.size() > 40 * 4096);
  for (qsizetype i = 4096; i < bytes.size() / 2; ++i) bytes[i] = char(0xA5 ^ (i & 0xff));
  {
    QFile f(path_);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
  }
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QString message;
  QVERIFY(dock->openLibrary(path_, &message));
  QVERIFY2(message.contains(QStringLiteral("moved aside")) && message.contains(QStringLiteral(".damaged-")),
           qPrintable(message));
  QCOMPARE(dock->model()->rowCount(), 0);
  QVERIFY(!dock->isReadOnly());

  // A file that is not a library is refused and said so.
  const QString notLibrary = dir_.filePath(QStringLiteral("notes.txt"));
  {
    QFile f(notLibrary);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("these are not scenarios\n");
  }
  QVERIFY(!dock->openLibrary(notLibrary, &message));
  QVERIFY2(message.contains(QStringLiteral("cannot be opened")), qPrintable(message));
  QVERIFY(!action(dock, "librarySave")->isEnabled());
}

// A library moved aside or refused at start-up is said in the status bar, which is always seen,
// not only in the library tab.
void TestLibrary::libraryAlertOnStart() {
  const QByteArray home = qgetenv("HOME");
  const auto restoreHome = qScopeGuard([&] { qputenv("HOME", home); });
  QTemporaryDir fakeHome;
  qputenv("HOME", fakeHome.path().toLocal8Bit());  // QStandardPaths' test mode: HOME/.qttest/share
  const QString path = LibraryDock::defaultLibraryPath();
  QVERIFY2(path.startsWith(fakeHome.path()), qPrintable(path));
  QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
  {  // a sound library: no alert
    cp::ScenarioStore store(path.toStdString());
    cp::ScenarioStore::Batch batch(store);
    for (int i = 0; i < 400; ++i) store.save(documentNamed(QStringLiteral("S%1").arg(i).toStdString(), {"t"}), nullptr);
    batch.commit();
  }
  {
    cp::ui::MainWindow w;
    w.restoreSession(false);
    QVERIFY(w.libraryAlert()->isHidden());
    QCOMPARE(w.libraryDock()->model()->rowCount(), 400);
  }
  // Damaged: moved aside, and the status bar says where it went.
  QByteArray bytes = readAll(path);
  for (qsizetype i = 4096; i < bytes.size() / 2; ++i) bytes[i] = char(0xA5 ^ (i & 0xff));
  {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
  }
  {
    cp::ui::MainWindow w;
    QVERIFY(w.libraryAlert()->isHidden());
    w.restoreSession(false);
    QVERIFY(!w.libraryAlert()->isHidden());
    QVERIFY(w.statusBar()->isAncestorOf(w.libraryAlert()));
    const QString text = w.libraryAlert()->text();
    QVERIFY2(text.contains(QStringLiteral("moved aside")) && text.contains(QDir::toNativeSeparators(path) + ".damaged-"),
             qPrintable(text));
    QCOMPARE(text, w.libraryDock()->bannerText());
  }
  // Refused (not a library): the status bar says so, with the reason.
  QVERIFY(QFile::remove(path));
  {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("these are not scenarios\n");
  }
  cp::ui::MainWindow w;
  w.restoreSession(false);
  QVERIFY(!w.libraryAlert()->isHidden());
  const QString text = w.libraryAlert()->text();
  QVERIFY2(text.contains(QStringLiteral("cannot be opened")) && text.contains(QStringLiteral("not an SQLite database")),
           qPrintable(text));
  QCOMPARE(readAll(path), QByteArray("these are not scenarios\n"));
}

void TestLibrary::compareHighlightsDifferences() {
  cp::ui::MainWindow w;
  w.resize(1600, 1000);
  LibraryDock* dock = w.libraryDock();
  QVERIFY(dock->openLibrary(path_));
  const std::int64_t a = dock->saveAsNew(QStringLiteral("Batch 1024"), {});
  spin(w, "training.global_batch")->setValue(2048);
  const std::int64_t b = dock->saveAsNew(QStringLiteral("Batch 2048"), {});
  spin(w, "training.global_batch")->setValue(512);
  spin(w, "cluster.nodes")->setValue(8);
  spin(w, "parallelism.dp")->setValue(2);
  QVERIFY(w.document()->valid());
  const std::int64_t c = dock->saveAsNew(QStringLiteral("64 GPUs"), {});

  dock->selectIds({a});
  QVERIFY(!action(dock, "libraryCompare")->isEnabled());
  dock->selectIds({a, b, c});
  QVERIFY(action(dock, "libraryCompare")->isEnabled());
  // The list shows newest first; the comparison takes the selection in that order.
  dock->view()->sortByColumn(ScenarioListModel::Name, Qt::AscendingOrder);
  action(dock, "libraryCompare")->trigger();
  cp::ui::ComparePage* page = w.scenarioComparison();
  QCOMPARE(w.pages()->currentWidget(), page);
  QCOMPARE(page->scenarioCount(), 3);
  QCOMPARE(page->table()->columnCount(), 4);
  QCOMPARE(page->table()->horizontalHeaderItem(1)->text(), QStringLiteral("64 GPUs (baseline)"));

  const int batch = page->rowOf(QStringLiteral("Global batch"));
  QVERIFY(batch > 0);
  QVERIFY(page->rowDiffers(batch));
  QVERIFY(!page->isHighlighted(batch, 0));  // the baseline
  QVERIFY(page->isHighlighted(batch, 1));
  QVERIFY(page->isHighlighted(batch, 2));
  QCOMPARE(page->table()->item(batch, 1)->text(), QStringLiteral("512 sequences"));
  const int gpu = page->rowOf(QStringLiteral("GPU"));
  QVERIFY(gpu > 0 && !page->rowDiffers(gpu) && !page->isHighlighted(gpu, 1));
  const int gpus = page->rowOf(QStringLiteral("GPUs (nodes × GPUs per node)"));
  QCOMPARE(page->table()->item(gpus, 1)->text(), QStringLiteral("64 (8 × 8)"));
  QVERIFY(!page->isHighlighted(gpus, 0) && page->isHighlighted(gpus, 1));

  // Results with the change against the baseline, from the engine.
  cp::Scenario s64 = cp::default_scenario();
  s64.training.global_batch = 512;
  s64.cluster.nodes = 8;
  s64.parallel.dp = 2;
  cp::Scenario s1024 = cp::default_scenario();
  const cp::Estimate e64 = cp::estimate(s64), e1024 = cp::estimate(s1024);
  const int step = page->rowOf(cp::ui::figureTitle(cp::Figure::StepTime));
  QCOMPARE(page->table()->item(step, 1)->text(), cp::ui::formatDuration(e64.step.step_s));
  QVERIFY(page->table()->item(step, 2)->text().startsWith(cp::ui::formatDuration(e1024.step.step_s) + QStringLiteral("  (+")));
  QVERIFY(page->isHighlighted(step, 1));

  // Only the differences.
  page->differencesOnly()->setChecked(true);
  QVERIFY(page->table()->isRowHidden(gpu));
  QVERIFY(!page->table()->isRowHidden(batch));
  page->differencesOnly()->setChecked(false);
  QVERIFY(!page->table()->isRowHidden(gpu));

  // The charts: one stacked bar per scenario on one axis, the same totals as the engine.
  QCustomPlot* plot = page->stepPlot();
  double total64 = 0;
  for (int i = 0; i < plot->plottableCount(); ++i)
    if (auto* bars = qobject_cast<QCPBars*>(plot->plottable(i))) {
      QCOMPARE(bars->data()->size(), 3);
      total64 += bars->data()->findBegin(3, false)->value;  // the first scenario is on top (key 3)
    }
  QVERIFY(qAbs(total64 - e64.step.step_s) < 1e-9 * e64.step.step_s);
  QCOMPARE(plot->legend->itemCount() > 2, true);
  QCustomPlot* memory = page->memoryPlot();
  int capacityMarks = 0;
  for (int i = 0; i < memory->itemCount(); ++i) capacityMarks += qobject_cast<QCPItemLine*>(memory->item(i)) ? 1 : 0;
  QCOMPARE(capacityMarks, 3);

  // Two is enough; the pickers follow the library.
  page->picker(2)->setCurrentIndex(0);
  QCOMPARE(page->scenarioCount(), 2);
  QVERIFY(page->picker(0)->findText(QStringLiteral("Batch 2048")) >= 0);
  QVERIFY(page->goneText().isEmpty());
  dock->selectIds({b});
  dock->deleteScenarios({b});
  QCOMPARE(page->picker(0)->findText(QStringLiteral("Batch 2048")), -1);
  QVERIFY(page->goneText().isEmpty());  // it was no longer picked: nothing to say
  QCOMPARE(page->scenarioCount(), 2);
}

void TestLibrary::compareEditedScenarioFollowsEdits() {
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QVERIFY(dock->openLibrary(path_));
  const std::int64_t saved = dock->saveAsNew(QStringLiteral("Saved"), {});
  cp::ui::ComparePage* page = w.scenarioComparison();
  page->picker(0)->setCurrentIndex(page->picker(0)->findData(qint64(saved)));
  page->picker(1)->setCurrentIndex(page->picker(1)->findData(cp::ui::ComparePage::kCurrentScenario));
  QCOMPARE(page->scenarioCount(), 2);
  const int tp = page->rowOf(QStringLiteral("Tensor parallel (TP)"));
  QVERIFY(!page->rowDiffers(tp));
  spin(w, "parallelism.tp")->setValue(4);
  QVERIFY(page->rowDiffers(tp));
  QCOMPARE(page->table()->item(tp, 2)->text(), QStringLiteral("4"));

  // Any other input that differs gets a row, read through its row of the field table and worded
  // as the Inputs dock words it; what no row holds, by its key in the scenario file.
  const cp::FieldInfo& overlap = cp::field("training.dp_overlap");
  const QString overlapRow = cp::ui::fieldLabel(overlap) + QStringLiteral(" (training.dp_overlap)");
  const QString gradRow = cp::ui::fieldLabel(cp::field("training.grad_dtype")) + QStringLiteral(" (training.grad_dtype)");
  QCOMPARE(page->rowOf(overlapRow), -1);
  w.document()->edit(QStringLiteral("edit"), QString(), [](cp::Scenario& s) {
    s.training.dp_overlap = !s.training.dp_overlap;
    s.training.grad_dtype = cp::GradDtype::Bf16;
    s.overheads.framework_bytes = 2e9;
  });
  const int o = page->rowOf(overlapRow);
  QVERIFY(o > 0 && page->rowDiffers(o));
  const bool was = cp::default_scenario().training.dp_overlap;
  QCOMPARE(page->table()->item(o, 1)->text(), was ? QStringLiteral("yes") : QStringLiteral("no"));
  QCOMPARE(page->table()->item(o, 2)->text(), was ? QStringLiteral("no") : QStringLiteral("yes"));
  const int g = page->rowOf(gradRow);
  QVERIFY(g > 0);
  QCOMPARE(page->table()->item(g, 1)->text(), cp::ui::gradDtypeName(cp::GradDtype::Auto));
  QCOMPARE(page->table()->item(g, 2)->text(), QStringLiteral("bf16"));
  const int fw = page->rowOf(cp::ui::fieldLabel(cp::field("overheads.framework_bytes")) +
                             QStringLiteral(" (overheads.framework_bytes)"));
  QVERIFY(fw > 0);
  QCOMPARE(page->table()->item(fw, 2)->text(), QStringLiteral("2,000,000,000 bytes"));
  // A 0 that stands for a rule reads as the rule.
  w.document()->edit(QStringLiteral("edit"), QString(), [](cp::Scenario& s) { s.training.moe_max_nodes = 4; });
  const int limit = page->rowOf(cp::ui::fieldLabel(cp::field("training.moe_max_nodes")) +
                                QStringLiteral(" (training.moe_max_nodes)"));
  QVERIFY(limit > 0);
  QCOMPARE(page->table()->item(limit, 1)->text(), QStringLiteral("no limit"));
  QCOMPARE(page->table()->item(limit, 2)->text(), QStringLiteral("4 nodes"));
  // The same GPU with another memory: its row shows (another GPU would say so in the GPU row).
  w.document()->edit(QStringLiteral("edit"), QString(), [](cp::Scenario& s) { s.cluster.gpu.memory_bytes = 1e11; });
  const int mem = page->rowOf(cp::ui::fieldLabel(cp::field("cluster.gpu_spec.memory_bytes")) +
                              QStringLiteral(" (cluster.gpu_spec.memory_bytes)"));
  QVERIFY(mem > 0);
  QCOMPARE(page->table()->item(mem, 2)->text(), QStringLiteral("100,000,000,000 bytes"));
  w.document()->edit(QStringLiteral("edit"), QString(), [](cp::Scenario& s) { s.calibration.note = "pilot run"; });
  const int note = page->rowOf(cp::ui::fieldLabel(cp::field("calibration.note")) + QStringLiteral(" (calibration.note)"));
  QVERIFY(note > 0);
  QCOMPARE(page->table()->item(note, 2)->text(), QStringLiteral("pilot run"));
}

// A scenario saved by the command line or another window shows in the list
// (and in the comparison's boxes) without a restart; one deleted there goes.
void TestLibrary::seesSavesElsewhere() {
  QVERIFY2(QFileInfo::exists(qEnvironmentVariable("CLUSTERPLAN_CLI")), "CLUSTERPLAN_CLI must name clusterplan-cli");
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QVERIFY(dock->openLibrary(path_));
  const std::int64_t mine = dock->saveAsNew(QStringLiteral("Mine"), {});
  dock->selectIds({mine});
  QSignalSpy changed(dock, &LibraryDock::libraryChanged);

  // A second connection (a second window's) saves.
  std::int64_t second = 0;
  {
    cp::ScenarioStore other(path_.toStdString());
    second = other.save(documentNamed("Second window", {"elsewhere"}), nullptr);
  }
  QTRY_COMPARE_WITH_TIMEOUT(dock->model()->rowCount(), 2, kSeenWithinMs);
  QCOMPARE(cell(dock, second, ScenarioListModel::Name), QStringLiteral("Second window"));
  QCOMPARE(dock->selectedIds(), QList<std::int64_t>{mine});  // the selection stays
  QVERIFY(dock->tagFilter()->findData(QStringLiteral("elsewhere")) >= 0);
  QVERIFY(w.scenarioComparison()->picker(0)->findData(qint64(second)) >= 0);
  QCOMPARE(changed.count(), 1);

  // Another process: clusterplan-cli saves one and deletes the second window's.
  QByteArray out;
  QCOMPARE(runCli({QStringLiteral("scenario"), QStringLiteral("save"), QStringLiteral("--db"), path_,
                   QStringLiteral("--name"), QStringLiteral("From the command line")},
                  &out),
           0);
  QTRY_COMPARE_WITH_TIMEOUT(dock->model()->rowCount(), 3, kSeenWithinMs);
  QVERIFY2(shownNames(dock).contains(QStringLiteral("From the command line")), out.constData());
  QCOMPARE(runCli({QStringLiteral("scenario"), QStringLiteral("delete"), QStringLiteral("--db"), path_,
                   QString::number(second)}),
           0);
  QTRY_COMPARE_WITH_TIMEOUT(dock->model()->rowCount(), 2, kSeenWithinMs);
  QCOMPARE(dock->model()->rowOf(second), -1);
  QCOMPARE(w.scenarioComparison()->picker(0)->findData(qint64(second)), -1);
  QCOMPARE(dock->selectedIds(), QList<std::int64_t>{mine});

  // Nothing changed: looking again (the application comes back to the front) reads nothing new.
  const int before = int(changed.count());
  dock->checkForChanges();
  QCOMPARE(int(changed.count()), before);
}

// A refresh for a change elsewhere leaves the list where the user had it: the same row at the
// top of the view, the same rows selected, although rows were added above and removed.
void TestLibrary::refreshKeepsSelectionAndScroll() {
  std::vector<std::int64_t> ids;
  {
    cp::ScenarioStore store(path_.toStdString());
    for (int i = 0; i < 40; ++i)
      ids.push_back(store.save(documentNamed("Scenario " + std::to_string(i), {}), nullptr));
  }
  cp::ui::ScenarioDocument document;
  LibraryDock dock(&document);
  dock.resize(500, 320);
  dock.show();
  QVERIFY(QTest::qWaitForWindowExposed(&dock));
  QVERIFY(dock.openLibrary(path_));
  QTableView* view = dock.view();
  QScrollBar* bar = view->verticalScrollBar();
  QTRY_VERIFY(bar->maximum() > 10);  // the view lays its rows out when events are processed
  bar->setValue(bar->maximum() / 2);
  auto topId = [&] {
    return dock.model()->idAt(dock.proxy()->mapToSource(view->indexAt(QPoint(1, 1))).row());
  };
  const std::int64_t top = topId();
  QVERIFY(top != 0);
  const std::int64_t picked = dock.model()->idAt(dock.proxy()->mapToSource(view->indexAt(QPoint(1, 40))).row());
  QVERIFY(picked != 0 && picked != top);
  dock.selectIds({picked});
  const int scrolled = bar->value();
  QCOMPARE(topId(), top);

  {
    cp::ScenarioStore other(path_.toStdString());
    other.save(documentNamed("Newest, from elsewhere", {}), nullptr);  // above the view: the newest first
    other.save(documentNamed("Newer still", {}), nullptr);
    QVERIFY(other.remove(ids.back()));  // the newest of the 40, above the view too
  }
  QTRY_COMPARE_WITH_TIMEOUT(dock.model()->rowCount(), 41, kSeenWithinMs);
  QCOMPARE(topId(), top);
  QCOMPARE(dock.selectedIds(), QList<std::int64_t>{picked});
  QVERIFY(bar->value() != 0);
  Q_UNUSED(scrolled);
}

// Compare names a chosen scenario that the command line deleted, instead of
// silently showing less, and does not crash.
void TestLibrary::compareSaysChosenScenarioIsGone() {
  QVERIFY2(QFileInfo::exists(qEnvironmentVariable("CLUSTERPLAN_CLI")), "CLUSTERPLAN_CLI must name clusterplan-cli");
  cp::ui::MainWindow w;
  LibraryDock* dock = w.libraryDock();
  QVERIFY(dock->openLibrary(path_));
  const std::int64_t a = dock->saveAsNew(QStringLiteral("Plan A"), {});
  spin(w, "training.global_batch")->setValue(2048);
  const std::int64_t b = dock->saveAsNew(QStringLiteral("Plan B"), {});
  spin(w, "parallelism.pp")->setValue(2);
  const std::int64_t c = dock->saveAsNew(QStringLiteral("Plan C"), {});
  cp::ui::ComparePage* page = w.scenarioComparison();
  w.compareLibraryScenarios({qint64(a), qint64(b), qint64(c)});
  QCOMPARE(page->scenarioCount(), 3);
  QVERIFY(page->goneText().isEmpty());

  QCOMPARE(runCli({QStringLiteral("scenario"), QStringLiteral("delete"), QStringLiteral("--db"), path_,
                   QString::number(b)}),
           0);
  QTRY_VERIFY_WITH_TIMEOUT(!page->goneText().isEmpty(), kSeenWithinMs);
  QCOMPARE(page->goneText(), QStringLiteral("“Plan B” is no longer in the library (it was deleted) and was taken out "
                                            "of the comparison."));
  QCOMPARE(page->scenarioCount(), 2);
  QCOMPARE(page->table()->horizontalHeaderItem(1)->text(), QStringLiteral("Plan A (baseline)"));
  QCOMPARE(page->table()->horizontalHeaderItem(2)->text(), QStringLiteral("Plan C"));
  QCOMPARE(page->picker(1)->currentIndex(), 0);  // "—"
  QCOMPARE(page->picker(1)->findData(qint64(b)), -1);

  // The message stays until the user picks again.
  page->refreshChoices();
  QVERIFY(!page->goneText().isEmpty());
  w.compareLibraryScenarios({qint64(a), qint64(c)});
  QVERIFY(page->goneText().isEmpty());
  QCOMPARE(page->scenarioCount(), 2);
}

QTEST_MAIN(TestLibrary)
#include "tst_library.moc"
