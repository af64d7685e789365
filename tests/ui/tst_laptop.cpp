// The workbench as a laptop analyst and a Chinese-speaking planner use it:
//  - the Plan page fits a 1366x768 screen without a horizontal scroll bar, in English and Chinese
//    (the headline tiles reflow);
//  - a plan that does not fit shows its time and cost greyed and the nearest layout
//    that fits, which one click applies;
//  - switching the language at run time translates the comparison toolbar, the pages
//    and Qt's own strings; large numbers in Chinese are counted in 万 and 亿;
//  - the offline user guide, the shortcut list, the standard shortcuts, and choosing
//    or starting a library file from the GUI.
// And at laptop size: legends that never cut a name nor cover data, tick labels
// that never run together, the summary's rows measured again, one scroll area on the plan page,
// the library's name column, one message in place of the charts without an estimate; the user
// guide in both languages with its pictures; the pages from the keyboard.
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTranslator>
#include <QUndoStack>
#include <QHeaderView>
#include <QTableView>
#include <QtTest>
#include <qcustomplot.h>

#include "engine/estimate.h"
#include "io/scenario_file.h"
#include "plan/nearest_fit.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/chartstyle.h"
#include "ui/pages/summarypanel.h"
#include "ui/pages/fabriccomparisonpage.h"
#include "ui/charts/headlinetiles.h"
#include "ui/window/helpwindow.h"
#include "ui/pages/inputpanel.h"
#include "ui/library/librarydock.h"
#include "ui/charts/memorychart.h"
#include "ui/library/scenariolistmodel.h"
#include "store/scenario_store.h"
#include "ui/window/mainwindow.h"
#include "ui/pages/planpage.h"
#include "ui/scenariodocument.h"
#include "ui/window/settingsdialog.h"
#include "ui/text/terms.h"
#include "ui/text/units.h"

namespace {

const QLocale kChinese(QLocale::Chinese, QLocale::China);
const QLocale kEnglish(QLocale::English, QLocale::UnitedStates);

// The default LLaMA-65B on 32 A100 80GB without recomputation or ZeRO, micro-batches of 4:
// over the GPU's memory (tst_nearest_fit).
void overfill(cp::Scenario& s) {
  s.training.recompute = cp::Recompute::None;
  s.training.zero = cp::Zero::Stage0;
  s.training.micro_batch = 4;
  s.parallel.sp = false;
}

// Pixels of a tile's value, as drawn, darker than mid-grey (a figure in the text colour).
int darkPixels(const cp::ui::Tile* tile) {
  auto* value = tile->findChild<QLabel*>(QStringLiteral("value"));
  if (!value) return -1;
  const QImage img = value->grab().toImage();
  int n = 0;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) n += qGray(img.pixel(x, y)) < 0x50;
  return n;
}

QScrollArea* planScroll(cp::ui::MainWindow& w) {
  return w.findChild<QScrollArea*>(QStringLiteral("planPageScroll"));
}

}  // namespace

class TestLaptop : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void planPageFits1366_data();
  void planPageFits1366();
  void libraryOpenNothingClipped_data();
  void libraryOpenNothingClipped();
  void tilesReflowByWidth();
  void nonFittingPlanGreyedWithNearestFit();
  void runtimeLanguageSwitch();
  void chineseLargeNumbers_data();
  void chineseLargeNumbers();
  void moneyAndThroughputInChinese();
  void offlineUserGuide();
  void shortcutListAndStandardShortcuts();
  void openAndNewLibrary();
  void userGuideInBothLanguages_data();
  void userGuideInBothLanguages();
  void pagesFromTheKeyboard();
  void ctrlPageDownNeverStepsASpinBox();
  void onePlanScrollArea();
  void summaryRowsShowEveryLine_data();
  void summaryRowsShowEveryLine();
  void restartOnInvalidScenario();
  void tickLabelsNeverRunTogether();
  void legendRefitsWhenNamesChange();
  void libraryNameGetsTheWidth();

 private:
  QTemporaryDir dataHome_;
};

void TestLaptop::initTestCase() {
  QStandardPaths::setTestModeEnabled(true);
  QVERIFY(dataHome_.isValid());
  qputenv("XDG_DATA_HOME", dataHome_.path().toUtf8());
  QCoreApplication::setOrganizationName(QStringLiteral("clusterplan-tests"));
  QCoreApplication::setApplicationName(QStringLiteral("tst_laptop"));
  QLocale::setDefault(kEnglish);
}

void TestLaptop::init() { QSettings().clear(); }

void TestLaptop::cleanup() {
  cp::ui::switchLanguage(QStringLiteral("en"));
  QLocale::setDefault(kEnglish);
}

void TestLaptop::planPageFits1366_data() {
  QTest::addColumn<QString>("language");
  QTest::newRow("English") << QStringLiteral("en");
  QTest::newRow("Chinese") << QStringLiteral("zh_CN");
}

// A 1366x768 laptop: the window's first size (768 less a 40 px panel), the Inputs dock at its
// width; the Plan page's contents fit the page: no horizontal scroll bar (a row of five tiles
// that does not reflow makes the page about 1,600 px wide in English).
void TestLaptop::planPageFits1366() {
  QFETCH(QString, language);
  QVERIFY(cp::ui::switchLanguage(language));
  cp::ui::MainWindow w;
  w.resize(cp::ui::MainWindow::firstSize(QSize(1366, 728)));
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QTest::qWait(50);
  QScrollArea* scroll = planScroll(w);
  QVERIFY(scroll);
  QWidget* inner = scroll->widget();
  const int viewport = scroll->viewport()->width();
  QVERIFY2(inner->minimumSizeHint().width() <= viewport,
           qPrintable(QStringLiteral("contents need %1 px, the page has %2")
                          .arg(inner->minimumSizeHint().width())
                          .arg(viewport)));
  QVERIFY(!scroll->horizontalScrollBar()->isVisible());
  // Every tile is inside the page, and wide enough for its own contents (nothing clipped).
  int widest = 0;
  for (cp::Figure f : cp::kFigures) {
    const cp::ui::Tile* t = w.planPage()->tiles()->tile(f);
    const QRect r(t->mapTo(scroll->viewport(), QPoint(0, 0)), t->size());
    QVERIFY2(r.right() < viewport, qPrintable(t->objectName()));
    const int needs = t->layout()->minimumSize().width();
    widest = std::max(widest, needs);
    QVERIFY2(needs <= t->width(), qPrintable(QStringLiteral("%1 needs %2 px, has %3").arg(t->objectName()).arg(needs).arg(t->width())));
  }
  // Two rows of five tiles still, with the values in the compact font.
  QCOMPARE(w.planPage()->tiles()->columns(), 5);
  QCOMPARE(w.planPage()->tiles()->tile(cp::Figure::StepTime)->valueScale(), cp::ui::Tile::kCompactValueScale);
  qInfo("%s: page %d px wide, contents need %d px, %d tile columns, the widest tile's contents %d px",
        qPrintable(language), viewport, inner->minimumSizeHint().width(), w.planPage()->tiles()->columns(), widest);
}

void TestLaptop::libraryOpenNothingClipped_data() { planPageFits1366_data(); }

// At 1366x768 with the library dock open (half the window), nothing is clipped: the memory
// chart's capacity label fits the plot area (short wording, below the line where there is no
// room above it) rather than running out of the chart's left side, and the library's columns
// fit the dock rather than running past it, the name giving way first, elided, with the whole
// name in its tooltip.
void TestLaptop::libraryOpenNothingClipped() {
  QFETCH(QString, language);
  QVERIFY(cp::ui::switchLanguage(language));
  QTemporaryDir dir;
  cp::ui::MainWindow w;
  w.resize(cp::ui::MainWindow::firstSize(QSize(1366, 728)));
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  cp::ui::LibraryDock* library = w.libraryDock();
  QVERIFY(library->openLibrary(dir.filePath(QStringLiteral("library.sqlite"))));
  // Sample plans as docs/screenshots.sh saves them: long names, tags, every column filled.
  const QStringList names{QStringLiteral("LLaMA-65B, 32x A100, HDR IB (seed)"), QStringLiteral("LLaMA-2-70B, 64x H100, TP 8 PP 2"),
                          QStringLiteral("GPT-3 175B on 128x A100 80GB SXM, IB HDR, 8-way pipeline")};
  for (const QString& name : names) QVERIFY(library->saveAsNew(name, {QStringLiteral("a100"), QStringLiteral("seed")}) > 0);
  QVERIFY(w.showPage(QStringLiteral("library")));
  QTest::qWait(100);
  QCoreApplication::processEvents();

  // The memory chart's capacity label lies inside its plot area.
  QCustomPlot* plot = w.memoryChart()->plot();
  plot->replot();
  auto* label = plot->findChild<QCPItemText*>(QStringLiteral("capacityLabel"));
  QVERIFY(label && label->visible());
  const QRectF area = plot->axisRect()->rect();
  const QRectF box(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition());
  QVERIFY2(area.contains(box),
           qPrintable(QStringLiteral("'%1' at %2,%3 %4x%5; plot area %6,%7 %8x%9")
                          .arg(label->text()).arg(box.x()).arg(box.y()).arg(box.width()).arg(box.height())
                          .arg(area.x()).arg(area.y()).arg(area.width()).arg(area.height())));

  // Every column of the library inside the dock: no sideways scroll; the name elides with a tooltip.
  QTableView* view = library->view();
  int total = 0;
  for (int c = 0; c < view->model()->columnCount(); ++c) total += view->columnWidth(c);
  QVERIFY2(total <= view->viewport()->width(),
           qPrintable(QStringLiteral("columns %1 px in a %2 px view").arg(total).arg(view->viewport()->width())));
  QVERIFY(!view->horizontalScrollBar()->isVisible());
  const int nameWidth = view->columnWidth(cp::ui::ScenarioListModel::Name);
  QVERIFY2(nameWidth >= view->fontMetrics().averageCharWidth() * 12, qPrintable(QString::number(nameWidth)));
  for (int r = 0; r < view->model()->rowCount(); ++r) {
    const QModelIndex name = view->model()->index(r, cp::ui::ScenarioListModel::Name);
    const QString text = name.data().toString();
    QVERIFY2(name.data(Qt::ToolTipRole).toString().contains(text), qPrintable(text));
  }
  qInfo("%s: library view %d px, columns %d px, name %d px; capacity label '%s'", qPrintable(language),
        view->viewport()->width(), total, nameWidth, qPrintable(QString(label->text()).replace(QLatin1Char('\n'), QLatin1Char('|'))));
}

void TestLaptop::tilesReflowByWidth() {
  using cp::ui::HeadlineTiles;
  QCOMPARE(HeadlineTiles::columnsFor(1200, 180), 5);
  QCOMPARE(HeadlineTiles::columnsFor(948, 185), 4);  // (948 + 6) / (185 + 6) = 4.99
  QCOMPARE(HeadlineTiles::columnsFor(560, 180), 3);
  QCOMPARE(HeadlineTiles::columnsFor(100, 180), 1);
  QWidget page;
  auto* tiles = new HeadlineTiles(&page);
  const cp::Scenario s = cp::default_scenario();
  tiles->setEstimate(s, cp::estimate(s));
  page.resize(1300, 400);
  page.show();
  QVERIFY(QTest::qWaitForWindowExposed(&page));
  tiles->resize(1300, 200);
  QTRY_COMPARE(tiles->columns(), 5);
  QCOMPARE(tiles->tile(cp::Figure::StepTime)->valueScale(), cp::ui::Tile::kValueScale);  // room: full size
  tiles->resize(600, 300);
  QTRY_COMPARE(tiles->columns(), HeadlineTiles::columnsFor(600, tiles->tileWidth()));
  QVERIFY(tiles->columns() < 5);
  // The fifth tile moved to the second row.
  QTRY_VERIFY(tiles->tile(cp::kFigures[4])->y() > tiles->tile(cp::kFigures[0])->y());
  QCOMPARE(tiles->minimumSizeHint().width(), tiles->tileWidth());
  QVERIFY(tiles->tileWidth() < 300);
}

void TestLaptop::nonFittingPlanGreyedWithNearestFit() {
  cp::ui::MainWindow w;
  cp::ui::PlanPage* page = w.planPage();
  const cp::ui::Tile* time = page->tiles()->tile(cp::Figure::StepTime);
  const cp::ui::Tile* cost = page->tiles()->tile(cp::Figure::CostPerRun);
  QVERIFY(!time->isGreyed());
  QVERIFY(page->fitAdvice()->isHidden());

  QSignalSpy shown(page, &cp::ui::PlanPage::fitAdviceShown);
  w.document()->edit(QStringLiteral("overfill"), QStringLiteral("test"), overfill);
  QVERIFY(!w.document()->estimate()->memory.fits);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QVERIFY(time->isGreyed());
  // As drawn: the greyed value has no dark pixel (its text was drawn black before, in the Text
  // role of the tile's Base background, whatever WindowText said).
  QCOMPARE(darkPixels(time), 0);
  QVERIFY(darkPixels(page->tiles()->tile(cp::Figure::ItPower)) > 50);
  QVERIFY(cost->isGreyed());
  QCOMPARE(time->valueColour(), time->palette().color(QPalette::PlaceholderText));
  QVERIFY(!page->tiles()->tile(cp::Figure::MemoryPerGpu)->isGreyed());  // the figure that says why
  QVERIFY(!page->fitAdvice()->isHidden());
  QVERIFY(shown.count() > 0 || shown.wait(20000));
  QVERIFY(page->nearestFit() && page->nearestFit()->found);
  // The same suggestion as the engine's search on the same scenario, in words.
  const cp::NearestFit expected = cp::nearest_fit(w.document()->scenario());
  QCOMPARE(int(page->nearestFit()->changes.size()), int(expected.changes.size()));
  QCOMPARE(int(page->nearestFit()->changes.front().knob), int(expected.changes.front().knob));
  const QString text = page->fitAdvice()->text();
  QVERIFY2(text.contains(QStringLiteral("It would fit with")), qPrintable(text));
  QVERIFY2(text.contains(cp::ui::formatTokensPerS(expected.estimate.throughput.tokens_per_s)), qPrintable(text));

  // Apply: one undoable edit; the plan fits, nothing is greyed.
  page->applyFit();
  QVERIFY(w.document()->estimate()->memory.fits);
  QCOMPARE(w.document()->estimate()->throughput.tokens_per_s, expected.estimate.throughput.tokens_per_s);
  QVERIFY(!time->isGreyed());
  QVERIFY(darkPixels(time) > 50);
  QVERIFY(page->fitAdvice()->isHidden());
  w.document()->undoStack()->undo();
  QVERIFY(!w.document()->estimate()->memory.fits);
  QVERIFY(time->isGreyed());
}

// Switching to Chinese at run time translates the comparison toolbar, and Qt's own buttons too.
void TestLaptop::runtimeLanguageSwitch() {
  cp::ui::MainWindow w;
  auto* sizesFrom = w.comparisonPage()->findChild<QLabel*>(QStringLiteral("sizesFrom"));
  QVERIFY(sizesFrom);
  QCOMPARE(sizesFrom->text(), QStringLiteral("Cluster sizes from"));
  auto* logTime = w.comparisonPage()->findChild<QCheckBox*>(QStringLiteral("logTime"));
  QVERIFY(logTime);

  QVERIFY(cp::ui::switchLanguage(QStringLiteral("zh_CN")));
  QTRY_COMPARE(sizesFrom->text(), QStringLiteral("集群规模从"));  // on the LanguageChange event
  QCOMPARE(logTime->text(), QStringLiteral("时间轴用对数刻度"));
  QCOMPARE(w.pages()->tabText(0), QCoreApplication::translate("cp::ui::MainWindow", "Plan"));
  QVERIFY(w.pages()->tabText(0) != QStringLiteral("Plan"));
  QVERIFY(w.planPage()->tiles()->tile(cp::Figure::StepTime)->toolTip() !=
          QStringLiteral("Click to see why this number: formula, inputs and source"));
  // Qt's own strings, from qtbase_zh_CN.qm (qt6-translations-l10n).
  QDialogButtonBox box(QDialogButtonBox::Save | QDialogButtonBox::Discard | QDialogButtonBox::Cancel);
  QCOMPARE(box.button(QDialogButtonBox::Save)->text(), QStringLiteral("保存"));
  QCOMPARE(box.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("取消"));
  QCOMPARE(w.findChild<QAction*>(QStringLiteral("undoAction"))->text(), QStringLiteral("撤销"));
  QCOMPARE(w.findChild<QAction*>(QStringLiteral("redoAction"))->text(), QStringLiteral("重做"));

  QVERIFY(cp::ui::switchLanguage(QStringLiteral("en")));
  QTRY_COMPARE(sizesFrom->text(), QStringLiteral("Cluster sizes from"));
  QCOMPARE(w.pages()->tabText(0), QStringLiteral("Plan"));
  QCOMPARE(w.findChild<QAction*>(QStringLiteral("undoAction"))->text(), QStringLiteral("Undo"));
}

void TestLaptop::chineseLargeNumbers_data() {
  QTest::addColumn<double>("value");
  QTest::addColumn<double>("plainBelow");
  QTest::addColumn<QString>("chinese");
  QTest::addColumn<QString>("english");
  // Counted in 万 and 亿 as Chinese readers count, not "CNY 669 百万" or "65.3 十亿".
  QTest::newRow("669 million") << 6.69e8 << 1e7 << QStringLiteral("6.69 亿") << QStringLiteral("669 M");
  QTest::newRow("6.53 billion") << 6.53e9 << 1e7 << QStringLiteral("65.3 亿") << QStringLiteral("6.53 bn");
  QTest::newRow("12.3 million") << 1.2345e7 << 1e7 << QStringLiteral("1,235 万") << QStringLiteral("12.3 M");
  QTest::newRow("2.5 trillion") << 2.5e12 << 1e7 << QStringLiteral("2.50 万亿") << QStringLiteral("2.50 T");
  QTest::newRow("61.2 thousand") << 61234.0 << 1e3 << QStringLiteral("6.12 万") << QStringLiteral("61.2 k");
  QTest::newRow("below the scale") << 143552.0 << 1e7 << QStringLiteral("143,552") << QStringLiteral("143,552");
  QTest::newRow("rounds up to 亿") << 99990000.0 << 1e7 << QStringLiteral("1.00 亿") << QStringLiteral("100 M");
  QTest::newRow("negative") << -6.69e8 << 1e7 << QStringLiteral("-6.69 亿") << QStringLiteral("-669 M");
}

void TestLaptop::chineseLargeNumbers() {
  QFETCH(double, value);
  QFETCH(double, plainBelow);
  QFETCH(QString, chinese);
  QFETCH(QString, english);
  QCOMPARE(cp::ui::formatLarge(value, plainBelow, kChinese), chinese);
  QCOMPARE(cp::ui::formatLarge(value, plainBelow, kEnglish), english);
}

void TestLaptop::moneyAndThroughputInChinese() {
  QVERIFY(cp::ui::switchLanguage(QStringLiteral("zh_CN")));
  QCOMPARE(cp::ui::formatMoney(6.69e8, cp::Currency::Cny), QStringLiteral("CNY 6.69 亿"));
  QCOMPARE(cp::ui::formatMoney(143552, cp::Currency::Cny), QStringLiteral("CNY 143,552"));
  QCOMPARE(cp::ui::formatTokensPerS(1.25e6), QStringLiteral("125 万 token/秒"));
  QVERIFY(cp::ui::switchLanguage(QStringLiteral("en")));
  QCOMPARE(cp::ui::formatMoney(6.69e8, cp::Currency::Usd), QStringLiteral("USD 669 M"));
  QCOMPARE(cp::ui::formatTokensPerS(61234), QStringLiteral("61.2 k tokens/s"));
}

void TestLaptop::offlineUserGuide() {
  // F1 opens the user guide (resources/guide), not the developers' README; the reference pages of
  // docs/ for users are embedded beside it, and a link between pages stays inside the window.
  const QDir docs(qEnvironmentVariable("CLUSTERPLAN_SOURCE_DIR") + QStringLiteral("/docs"));
  const QStringList pages = cp::ui::HelpWindow::pages();
  QVERIFY(pages.size() >= 5);
  for (const QString& page : pages) {
    QVERIFY2(QFile::exists(page), qPrintable(page));
    QVERIFY2(docs.exists(page.section(QLatin1Char('/'), -1)), qPrintable(page));
  }
  QVERIFY(!pages.contains(QStringLiteral(":/help/README.md")));
  QCOMPARE(cp::ui::HelpWindow::pageTitle(QStringLiteral(":/help/docs/cli.md")), QStringLiteral("clusterplan-cli reference"));

  cp::ui::MainWindow w;
  cp::ui::HelpWindow* help = w.showHelp(false);
  QVERIFY(help);
  QTextBrowser* b = help->browser();
  QCOMPARE(b->source(), QUrl(QStringLiteral("qrc:/help/resources/guide/guide.en.md")));
  QVERIFY(b->toPlainText().startsWith(QStringLiteral("clusterplan user guide")));
  QVERIFY(!b->toPlainText().contains(QStringLiteral("![")));  // rendered Markdown, not its source
  QVERIFY(!b->toPlainText().contains(QStringLiteral("cmake")));  // no build instructions
  // A link of the guide to a reference page stays inside the help: its first link, docs/model.md,
  // followed from the keyboard (Tab to the link, Return).
  QTest::keyClick(b, Qt::Key_Tab);
  QTest::keyClick(b, Qt::Key_Return);
  QCOMPARE(b->source(), QUrl(QStringLiteral("qrc:/help/docs/model.md")));
  QVERIFY(b->toPlainText().startsWith(QStringLiteral("The engine's model")));
  // The reference pages are listed after the guide and the shortcuts.
  help->topics()->setCurrentRow(help->topics()->count() - pages.size());
  QCOMPARE(b->source(), QUrl(QStringLiteral("qrc") + pages.front()));
  // F1 opens it.
  auto* guide = w.findChild<QAction*>(QStringLiteral("userGuideAction"));
  QVERIFY(guide);
  QVERIFY(guide->shortcuts().contains(QKeySequence(Qt::Key_F1)));
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  help->hide();
  w.activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(&w));
  QTest::keyClick(&w, Qt::Key_F1);
  QTRY_VERIFY(help->isVisible());
  QCOMPARE(b->source(), QUrl(QStringLiteral("qrc:/help/resources/guide/guide.en.md")));
}

void TestLaptop::shortcutListAndStandardShortcuts() {
  cp::ui::MainWindow w;
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  const auto action = [&w](const char* name) { return w.findChild<QAction*>(QString::fromLatin1(name)); };
  const QKeySequence saveAs(Qt::CTRL | Qt::SHIFT | Qt::Key_S), find(Qt::CTRL | Qt::Key_F), settings(Qt::CTRL | Qt::Key_Comma);
  QVERIFY(action("findInLibraryAction")->shortcuts().contains(find));
  QVERIFY(action("settingsAction")->shortcuts().contains(settings));

  cp::ui::HelpWindow* help = w.showHelp(true);
  const QString list = help->browser()->toPlainText();
  QVERIFY2(list.contains(QStringLiteral("Save as…")) && list.contains(saveAs.toString(QKeySequence::NativeText)), qPrintable(list));
  QVERIFY2(list.contains(QStringLiteral("Find in the library")) && list.contains(find.toString(QKeySequence::NativeText)),
           qPrintable(list));
  QVERIFY2(list.contains(QStringLiteral("Settings…")) && list.contains(settings.toString(QKeySequence::NativeText)),
           qPrintable(list));
  QVERIFY(list.contains(QStringLiteral("User guide")));
  help->close();

  // Ctrl+F brings the library forward with its search field focused.
  w.activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(&w));
  QTest::keySequence(&w, find);
  QTRY_VERIFY(w.libraryDock()->searchField()->hasFocus());
}

void TestLaptop::openAndNewLibrary() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  cp::ui::MainWindow w;
  QString error;
  // New library: a new file, opened and remembered.
  const QString first = dir.filePath(QStringLiteral("team.sqlite"));
  QVERIFY2(w.openLibraryFile(first, true, &error), qPrintable(error));
  QVERIFY(QFileInfo::exists(first));
  QVERIFY(w.libraryDock()->store());
  QCOMPARE(w.libraryPath(), first);
  QCOMPARE(QSettings().value(QStringLiteral("library/path")).toString(), first);
  // Not over an existing file.
  QVERIFY(!w.openLibraryFile(first, true, &error));
  QVERIFY2(error.contains(QStringLiteral("exists already")), qPrintable(error));
  // Open: not a file that is not there.
  QVERIFY(!w.openLibraryFile(dir.filePath(QStringLiteral("missing.sqlite")), false, &error));
  QVERIFY2(error.contains(QStringLiteral("does not exist")), qPrintable(error));
  QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("missing.sqlite"))));
  // A file that is not a clusterplan library is refused, left as it was, and the library that
  // was open stays open.
  const QString notes = dir.filePath(QStringLiteral("notes.sqlite"));
  const QByteArray text("shopping list: GPUs\n");
  {
    QFile f(notes);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
  }
  QVERIFY(!w.openLibraryFile(notes, false, &error));
  QVERIFY2(error.contains(QStringLiteral("not a clusterplan library")), qPrintable(error));
  {
    QFile f(notes);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), text);
  }
  QVERIFY(w.libraryDock()->store());
  QCOMPARE(w.libraryPath(), first);
  QCOMPARE(w.libraryDock()->alertText(), QString());
  // Open an existing library.
  const QString second = dir.filePath(QStringLiteral("second.sqlite"));
  QVERIFY(w.openLibraryFile(second, true, &error));
  QVERIFY(w.openLibraryFile(first, false, &error));
  QCOMPARE(w.libraryPath(), first);
  // The next start opens the chosen library.
  cp::ui::MainWindow next;
  next.restoreSession(false);
  QCOMPARE(next.libraryPath(), first);
}

void TestLaptop::userGuideInBothLanguages_data() {
  QTest::addColumn<QString>("language");
  QTest::addColumn<QString>("file");
  QTest::addColumn<QString>("title");
  QTest::newRow("English") << QStringLiteral("en") << QStringLiteral("guide.en.md") << QStringLiteral("clusterplan user guide");
  QTest::newRow("Chinese") << QStringLiteral("zh_CN") << QStringLiteral("guide.zh_CN.md")
                           << QStringLiteral("clusterplan 用户指南");
}

// The user guide ships in resources/guide, one file per language; F1 opens the one of the GUI's
// language, its pictures are in the repository and load in the help window, and it covers the
// tasks (fit, compare fabrics, plan, present, keep scenarios) and names every page's shortcut.
void TestLaptop::userGuideInBothLanguages() {
  QFETCH(QString, language);
  QFETCH(QString, file);
  QFETCH(QString, title);
  const QString source = qEnvironmentVariable("CLUSTERPLAN_SOURCE_DIR");
  const QString onDisk = source + QStringLiteral("/resources/guide/") + file;
  QVERIFY2(QFileInfo::exists(onDisk), qPrintable(onDisk));
  QVERIFY(cp::ui::switchLanguage(language));
  QCOMPARE(cp::ui::HelpWindow::guidePath(cp::ui::HelpWindow::guideLanguage()),
           QStringLiteral(":/help/resources/guide/") + file);

  cp::ui::MainWindow w;
  cp::ui::HelpWindow* help = w.showHelp(false);
  QTextBrowser* b = help->browser();
  QCOMPARE(b->source(), QUrl(QStringLiteral("qrc:/help/resources/guide/") + file));
  const QString text = b->toPlainText();
  QVERIFY2(text.startsWith(title), qPrintable(text.left(80)));
  // The tasks, each a section: as many as in the English guide, and the same pictures.
  QFile md(onDisk);
  QVERIFY(md.open(QIODevice::ReadOnly));
  const QString markdown = QString::fromUtf8(md.readAll());
  static const QRegularExpression section(QStringLiteral("^## "), QRegularExpression::MultilineOption);
  QVERIFY2(markdown.count(section) >= 7, qPrintable(QString::number(markdown.count(section))));
  for (const QString& key : {QStringLiteral("Ctrl+1"), QStringLiteral("Ctrl+Tab"), QStringLiteral("Ctrl+PgDn"),
                             QStringLiteral("Ctrl+E"), QStringLiteral("F5"), QStringLiteral("Ctrl+Shift+E")})
    QVERIFY2(text.contains(key), qPrintable(key));
  // Every picture exists in the repository and loads as an image in the help window, drawn no
  // wider than the text.
  static const QRegularExpression picture(QStringLiteral("!\\[[^\\]]*\\]\\(([^)]+)\\)"));
  int pictures = 0;
  for (const QRegularExpressionMatch& m : picture.globalMatch(markdown)) {
    const QString relative = m.captured(1);
    QVERIFY2(QFileInfo::exists(QFileInfo(onDisk).dir().filePath(relative)), qPrintable(relative));
    const QUrl url = b->source().resolved(QUrl(relative));
    const QVariant image = b->loadResource(QTextDocument::ImageResource, url);
    QVERIFY2(image.typeId() == QMetaType::QImage && !image.value<QImage>().isNull(), qPrintable(url.toString()));
    QVERIFY(image.value<QImage>().width() <= std::max(200, b->viewport()->width()));
    ++pictures;
  }
  QVERIFY2(pictures >= 5, qPrintable(QString::number(pictures)));
}

// Ctrl+1 to Ctrl+5 open the pages, Ctrl+Tab and Ctrl+PgDn the next one, Ctrl+Shift+Tab and
// Ctrl+PgUp the one before; Help > Keyboard shortcuts lists them.
void TestLaptop::pagesFromTheKeyboard() {
  cp::ui::MainWindow w;
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  w.activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(&w));
  QTabWidget* pages = w.pages();
  for (int i = 0; i < pages->count(); ++i) {
    QTest::keySequence(&w, QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
    QCOMPARE(pages->currentIndex(), i);
  }
  QTest::keySequence(&w, QKeySequence(Qt::CTRL | Qt::Key_Tab));
  QCOMPARE(pages->currentIndex(), 0);  // round from the last
  QTest::keySequence(&w, QKeySequence(Qt::CTRL | Qt::Key_PageDown));
  QCOMPARE(pages->currentIndex(), 1);
  QTest::keySequence(&w, QKeySequence(Qt::CTRL | Qt::Key_PageUp));
  QCOMPARE(pages->currentIndex(), 0);
  QTest::keySequence(&w, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab));
  QCOMPARE(pages->currentIndex(), pages->count() - 1);
  const QString list = w.showHelp(true)->browser()->toPlainText();
  for (const QKeySequence& k : {QKeySequence(Qt::CTRL | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageDown),
                                QKeySequence(Qt::CTRL | Qt::Key_1), QKeySequence(Qt::CTRL | Qt::Key_5),
                                QKeySequence(Qt::CTRL | Qt::Key_E)})
    QVERIFY2(list.contains(k.toString(QKeySequence::NativeText)), qPrintable(k.toString() + QLatin1Char('\n') + list));
  QVERIFY(list.contains(QStringLiteral("Next page")) && list.contains(QStringLiteral("Auto-planner")));
}

// Ctrl+PgDn in a spin box changes the page, never the value (ten steps down would turn 64 KV
// heads into 54 and the model into "Custom 63.6B"); in a dialog's spin box it does nothing.
void TestLaptop::ctrlPageDownNeverStepsASpinBox() {
  cp::ui::MainWindow w;
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  w.activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(&w));
  auto* kv = w.inputPanel()->findChild<QAbstractSpinBox*>(QStringLiteral("model.kv_heads"));
  QVERIFY(kv);
  kv->setFocus(Qt::TabFocusReason);
  QTRY_VERIFY(kv->hasFocus());
  const QString before = kv->text();
  const int page = w.pages()->currentIndex();
  QTest::keyClick(kv, Qt::Key_PageDown, Qt::ControlModifier);
  QCOMPARE(kv->text(), before);
  QCOMPARE(w.document()->scenario().model.kv_heads, cp::default_scenario().model.kv_heads);
  QCOMPARE(w.pages()->currentIndex(), (page + 1) % w.pages()->count());
  QTest::keyClick(kv, Qt::Key_PageUp, Qt::ControlModifier);
  QCOMPARE(kv->text(), before);
  QCOMPARE(w.pages()->currentIndex(), page);
  // A spin box outside the window's pages (a dialog's): the keys are eaten, the value stays.
  QSpinBox lone;
  lone.setRange(0, 1000);
  lone.setValue(64);
  lone.show();
  QVERIFY(QTest::qWaitForWindowExposed(&lone));
  lone.activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(&lone));
  QTest::keyClick(&lone, Qt::Key_PageDown, Qt::ControlModifier);
  QCOMPARE(lone.value(), 64);
  QTest::keyClick(&lone, Qt::Key_PageDown);  // PgDn alone still steps by ten
  QCOMPARE(lone.value(), 54);
}

// One scroll area on the plan page (no second one for the summary inside it): the page scrolls,
// the summary and the charts with it.
void TestLaptop::onePlanScrollArea() {
  cp::ui::MainWindow w;
  w.resize(cp::ui::MainWindow::firstSize(QSize(1366, 728)));
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  const QList<QScrollArea*> areas = w.planPage()->findChildren<QScrollArea*>();
  QCOMPARE(areas.size(), 1);
  QCOMPARE(areas.front(), planScroll(w));
  QVERIFY(areas.front()->isAncestorOf(w.summaryPanel()));
  // The page is as tall as the summary needs: nothing of it is cut.
  QTRY_VERIFY(w.summaryPanel()->height() >= w.summaryPanel()->minimumHeight());
}

void TestLaptop::summaryRowsShowEveryLine_data() { planPageFits1366_data(); }

// Every value of the summary gets the height of the lines it wraps to at its width (never "batch
// 1, global" without its number).
void TestLaptop::summaryRowsShowEveryLine() {
  QFETCH(QString, language);
  QVERIFY(cp::ui::switchLanguage(language));
  cp::ui::MainWindow w;
  w.resize(cp::ui::MainWindow::firstSize(QSize(1366, 728)));
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QTest::qWait(50);
  QCoreApplication::processEvents();
  int wrapped = 0;
  for (QLabel* label : w.summaryPanel()->findChildren<QLabel*>()) {
    if (!label->isVisible() || !label->wordWrap() || label->text().isEmpty()) continue;
    const int needs = label->heightForWidth(label->width());
    QVERIFY2(label->height() >= needs, qPrintable(QStringLiteral("'%1': %2 px wide needs %3 px, has %4")
                                                      .arg(label->text())
                                                      .arg(label->width())
                                                      .arg(needs)
                                                      .arg(label->height())));
    wrapped += needs > label->fontMetrics().lineSpacing() * 3 / 2;
  }
  QVERIFY(wrapped > 0);  // the narrow panel wraps some values: the check above means something
}

// After a restart on a scenario with problems: one readable message where the charts are, at
// their size (not four charts shrunk to slivers, each cutting its own copy of the message).
void TestLaptop::restartOnInvalidScenario() {
  int chartsHeight = 0, chartsWidth = 0;
  {
    cp::ui::MainWindow valid;
    valid.resize(cp::ui::MainWindow::firstSize(QSize(1366, 728)));
    valid.show();
    QVERIFY(QTest::qWaitForWindowExposed(&valid));
    QCoreApplication::processEvents();
    chartsHeight = valid.planPage()->chartArea()->height();
    chartsWidth = valid.planPage()->chartArea()->width();
  }
  cp::ScenarioFileDocument bad;
  bad.scenario = cp::default_scenario();
  bad.scenario.parallel.tp = 3;  // divides neither the 64 heads nor 32 GPUs
  QSettings().setValue(QStringLiteral("session/lastScenario"), QString::fromStdString(cp::scenario_file_text(bad)));
  cp::ui::MainWindow w;
  w.resize(cp::ui::MainWindow::firstSize(QSize(1366, 728)));
  w.restoreSession(false);
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QCoreApplication::processEvents();
  QVERIFY(!w.document()->valid());
  QVERIFY(!w.document()->estimate());
  cp::ui::PlanPage* page = w.planPage();
  QCOMPARE(page->chartArea()->currentWidget(), page->noEstimateMessage());
  QVERIFY(page->noEstimateMessage()->isVisible());
  QVERIFY(!page->memoryChart()->isVisible() && !page->stepChart()->isVisible());
  QVERIFY2(page->chartArea()->height() >= chartsHeight * 9 / 10 && page->chartArea()->width() >= chartsWidth * 9 / 10,
           qPrintable(QStringLiteral("%1x%2, with an estimate %3x%4")
                          .arg(page->chartArea()->width()).arg(page->chartArea()->height()).arg(chartsWidth).arg(chartsHeight)));
  // One message, whole: on the screen (top of the page), its text not cut.
  QLabel* message = page->noEstimateMessage();
  QVERIFY(message->text().contains(QStringLiteral("No estimate")));
  QVERIFY(message->height() >= message->heightForWidth(message->width()));
  QVERIFY(message->mapTo(planScroll(w)->viewport(), QPoint()).y() < planScroll(w)->viewport()->height());
  // Fixed: the charts come back.
  w.document()->edit(QStringLiteral("tp"), QStringLiteral("parallelism.tp"), [](cp::Scenario& s) { s.parallel.tp = 8; });
  QVERIFY(w.document()->valid());
  QVERIFY(page->chartArea()->currentWidget() != page->noEstimateMessage());
  QTRY_VERIFY(page->memoryChart()->isVisible());
}

namespace {

// The gap between the tick labels of `axis` as drawn (horizontal axis): negative when two touch.
double narrowestTickGap(QCPAxis* axis) {
  const QVector<double> ticks = axis->tickVector();
  const QVector<QString> labels = axis->tickVectorLabels();
  const QFontMetrics metrics(axis->tickLabelFont());
  double narrowest = 1e9;
  for (qsizetype i = 1; i < ticks.size() && i < labels.size(); ++i) {
    if (!axis->range().contains(ticks[i]) || !axis->range().contains(ticks[i - 1])) continue;
    const double a = axis->coordToPixel(ticks[i - 1]) + metrics.horizontalAdvance(labels[i - 1]) / 2.0;
    const double b = axis->coordToPixel(ticks[i]) - metrics.horizontalAdvance(labels[i]) / 2.0;
    narrowest = std::min(narrowest, b - a);
  }
  return narrowest;
}

}  // namespace

// Tick labels never run together ("100,0200,0300,0"): a narrow chart draws fewer of them.
void TestLaptop::tickLabelsNeverRunTogether() {
  cp::ui::BreakdownChart chart(3);
  chart.setParts(QStringLiteral("Budget per month"), QStringLiteral("CNY per month"),
                 {{QStringLiteral("Hardware"), Qt::blue, 143552, QStringLiteral("CNY 143,552")},
                  {QStringLiteral("Bandwidth"), Qt::red, 2000, QStringLiteral("CNY 2,000")},
                  {QStringLiteral("Headroom"), Qt::gray, 31510, QStringLiteral("CNY 31,510")}},
                 QStringLiteral("CNY 177,062"));
  chart.show();
  QVERIFY(QTest::qWaitForWindowExposed(&chart));
  QCPAxis* axis = chart.plot()->xAxis;
  int wideTicks = 0;
  for (int width : {900, 420, 300, 240, 180}) {
    chart.resize(width, chart.minimumHeight());
    QCoreApplication::processEvents();
    chart.plot()->replot();
    const double gap = narrowestTickGap(axis);
    const QVector<QString> labels = axis->tickVectorLabels();
    QVERIFY2(gap > 0, qPrintable(QStringLiteral("%1 px: labels %2 touch (gap %3)")
                                     .arg(width)
                                     .arg(QStringList(labels.begin(), labels.end()).join(QLatin1Char('|')))
                                     .arg(gap)));
    if (width == 900) wideTicks = int(axis->tickVector().size());
  }
  QVERIFY(axis->tickVector().size() < wideTicks);  // fewer where the room is short
  QVERIFY(axis->tickVector().size() >= 2);
  // Wide again: the ticks the chart asked for come back.
  chart.resize(900, chart.minimumHeight());
  QCoreApplication::processEvents();
  chart.plot()->replot();
  QCOMPARE(int(axis->tickVector().size()), wideTicks);

  // New data at the same size (a sweep's result, a new estimate) gives longer labels: they are
  // apart in the very drawing that shows them, not only in the next one.
  QCustomPlot plot;
  cp::ui::keepTickLabelsApart(&plot);
  plot.xAxis->setRange(0, 5);
  plot.resize(240, 160);
  plot.show();
  QVERIFY(QTest::qWaitForWindowExposed(&plot));
  QCoreApplication::processEvents();
  QVERIFY(plot.xAxis->tickVector().size() >= 5);  // "0 1 2 3 4 5": room for all
  plot.xAxis->setRange(0, 177062);
  plot.replot();  // one drawing, nothing queued in between
  QVERIFY2(narrowestTickGap(plot.xAxis) > 0, qPrintable(QString::number(narrowestTickGap(plot.xAxis))));
}

// A legend fitted at one width refits when its names change at that width (other fabrics:
// "RoCEv2 400 Gb/s, untun" beside "RoCEv2 400 Gb/s, tun"), and a chart is never narrower than
// its widest name.
void TestLaptop::legendRefitsWhenNamesChange() {
  QCustomPlot plot;
  plot.plotLayout()->addElement(1, 0, plot.legend);
  plot.legend->setVisible(true);
  plot.legend->setFillOrder(QCPLegend::foColumnsFirst);
  for (const char* name : {"IB", "RoCE"}) plot.addGraph()->setName(QLatin1String(name));
  cp::ui::keepLegendFitted(&plot, 2, 150);
  plot.resize(340, 300);
  plot.show();
  QVERIFY(QTest::qWaitForWindowExposed(&plot));
  plot.replot();
  QCOMPARE(plot.legend->wrap(), 2);
  plot.graph(0)->setName(QStringLiteral("RoCEv2 400 Gb/s, untuned"));
  plot.graph(1)->setName(QStringLiteral("RoCEv2 400 Gb/s, tuned"));
  plot.replot();
  QCoreApplication::processEvents();
  plot.replot();
  for (int i = 0; i < plot.legend->itemCount(); ++i) {
    QCPAbstractLegendItem* item = plot.legend->item(i);
    if (!item) continue;
    QVERIFY2(item->outerRect().width() >= item->minimumOuterSizeHint().width(),
             qPrintable(QStringLiteral("entry %1 cut: %2 of %3 px").arg(i).arg(item->outerRect().width()).arg(item->minimumOuterSizeHint().width())));
  }
  QVERIFY(plot.minimumWidth() >= cp::ui::legendLeastWidth(plot.legend));
}

// The library's name column takes the width the others leave, and long names are cut in the
// middle: "LLaMA-65B, 32x A100, HDR IB" and "LLaMA-65B, 32x A100, RoCE" stay apart.
void TestLaptop::libraryNameGetsTheWidth() {
  QTemporaryDir dir;
  cp::ui::MainWindow w;
  w.resize(cp::ui::MainWindow::firstSize(QSize(1366, 728)));
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  cp::ui::LibraryDock* library = w.libraryDock();
  QVERIFY(library->openLibrary(dir.filePath(QStringLiteral("library.sqlite"))));
  for (const QString& name : {QStringLiteral("LLaMA-65B, 32x A100 80GB SXM, HDR InfiniBand (seed article)"),
                              QStringLiteral("LLaMA-65B, 32x A100 80GB SXM, RoCE untuned")})
    QVERIFY(library->saveAsNew(name, {QStringLiteral("a100")}) > 0);
  QVERIFY(w.showPage(QStringLiteral("library")));
  QTest::qWait(100);
  QCoreApplication::processEvents();
  QTableView* view = library->view();
  QCOMPARE(view->textElideMode(), Qt::ElideMiddle);
  int total = 0;
  for (int c = 0; c < view->model()->columnCount(); ++c) total += view->columnWidth(c);
  // The columns fill the view, the name taking what is left.
  QVERIFY2(std::abs(total - view->viewport()->width()) <= 1,
           qPrintable(QStringLiteral("columns %1 px in a %2 px view").arg(total).arg(view->viewport()->width())));
  const int name = view->columnWidth(cp::ui::ScenarioListModel::Name);
  for (int c = 0; c < view->model()->columnCount(); ++c)
    if (c != cp::ui::ScenarioListModel::Name) QVERIFY2(view->columnWidth(c) <= name, qPrintable(QString::number(c)));
}

QTEST_MAIN(TestLaptop)
#include "tst_laptop.moc"
