// The auto-planner view: a search runs off the GUI thread and its table, counts and frontier are
// the core planner's (cp::plan on the same inputs, compared number for number); the table sorts
// numerically; a row applies to the scenario as an undoable edit; cancel stops a long search;
// an infeasible search names its binding constraint; bad inputs name their field. The objective's
// column sits next to the rank, fabrics show by name, and the row the band tie prefers is marked,
// selected and what "Apply to the scenario" applies.
#include <cstdlib>

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

#include "engine/fabric.h"
#include "engine/gpu.h"
#include "engine/model.h"
#include "plan/planner.h"
#include "engine/scenario.h"
#include "io/scenario_json.h"
#include "ui/charts/chartexport.h"
#include "ui/text/i18n.h"
#include "ui/window/mainwindow.h"
#include "ui/charts/plannerfrontierchart.h"
#include "ui/pages/plannerinput.h"
#include "ui/pages/plannerpage.h"
#include "ui/pages/plannertablemodel.h"
#include "ui/scenariodocument.h"
#include "ui/text/terms.h"

using cp::ui::PlannerPage;
using cp::ui::PlannerTableModel;

namespace {

// A 7B-ish model on 64 A100s (8 nodes), with a token budget so that the frontier exists.
cp::Scenario smallScenario() {
  cp::Scenario s = cp::default_scenario();
  const cp::ModelPreset* preset = cp::find_model_preset("llama-2-7b");
  s.model = preset->shape;
  s.model_id = std::string(preset->id);
  s.training.seq = preset->default_seq;
  s.training.global_batch = 512;
  s.training.tokens = 100e9;
  s.cluster.nodes = 8;
  s.parallel = cp::Parallelism{1, 1, 1, 0, 1, 1, false};
  return s;
}

// The page's input for a quick search: a few knobs held so that the space stays small.
cp::ui::PlannerInput smallInput(const QString& gpus) {
  cp::ui::PlannerInput in;
  in.gpus = gpus;
  in.vpp = QStringLiteral("1");
  in.cp = QStringLiteral("1");
  in.microBatch = QStringLiteral("1,2,4");
  in.top = 10;
  return in;
}

// What cp::plan gives for the same inputs, with the page's own translation of them.
cp::PlanResult corePlan(const cp::Scenario& base, const cp::ui::PlannerInput& in) {
  const cp::ui::PlannerRequest request = cp::ui::plannerRequest(in, base);
  cp::PlanOptions options;
  options.objective = request.objective;
  options.top = request.top;
  options.threads = 1;
  return cp::plan(base, request.space, options);
}

bool runSearch(PlannerPage* page) {
  QSignalSpy done(page, &PlannerPage::searchFinished);
  if (!page->search()) return false;
  return done.wait(120000) || done.count() > 0;
}

double sortValue(const QSortFilterProxyModel* proxy, int row, int column) {
  return proxy->index(row, column).data(PlannerTableModel::kSortRole).toDouble();
}

}  // namespace

class TestPlannerPage : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void firstRowIsCoreBest();
  void sortsNumerically();
  void tableModelKeepsQtsContract();
  void applyRowIsUndoable();
  void cancelStopsLongSearch();
  void infeasibleShowsBindingConstraint();
  void frontierHasCorePoints();
  void frontierSaysWhyEmptyWithoutTokens();
  void badInputNamesField_data();
  void badInputNamesField();
  void requestReadsLists_data();
  void requestReadsLists();
  void staleResultLabelled();
  void mainWindowHasPlannerTab();
  void searchSpaceFitsALaptop();
  void objectiveColumnNextToRank_data();
  void objectiveColumnNextToRank();
  void fabricsByNameAndLegendBesideThePlot();
  void preferredRowMarkedAndApplied();
};

void TestPlannerPage::initTestCase() {
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setOrganizationName(QStringLiteral("clusterplan-tests"));
  QCoreApplication::setApplicationName(QStringLiteral("tst_plannerpage"));
  QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestPlannerPage::firstRowIsCoreBest() {
  cp::ui::ScenarioDocument doc;
  doc.reset(smallScenario());
  PlannerPage page(&doc);
  const cp::ui::PlannerInput in = smallInput(QStringLiteral("64"));
  page.setInput(in);
  QVERIFY(runSearch(&page));
  const cp::PlanResult expected = corePlan(smallScenario(), in);
  QVERIFY(expected.ok());
  QVERIFY(!expected.top.empty());
  QVERIFY(page.result());
  const cp::PlanResult& got = *page.result();
  QCOMPARE(got.evaluated, expected.evaluated);
  QCOMPARE(got.feasible, expected.feasible);
  QCOMPARE(got.rejected, expected.rejected);

  const QSortFilterProxyModel* proxy = page.sortModel();
  QCOMPARE(proxy->rowCount(), int(expected.top.size()));
  const cp::PlanEntry& best = expected.top.front();
  const int row0 = proxy->mapToSource(proxy->index(0, 0)).row();
  const cp::PlanEntry* shown = page.tableModel()->entry(row0);
  QVERIFY(shown);
  QCOMPARE(cp::layout_text(shown->layout), cp::layout_text(best.layout));
  QCOMPARE(shown->layout.gpus, best.layout.gpus);
  QCOMPARE(sortValue(proxy, 0, PlannerTableModel::Tp), double(best.layout.tp));
  QCOMPARE(sortValue(proxy, 0, PlannerTableModel::Pp), double(best.layout.pp));
  QCOMPARE(sortValue(proxy, 0, PlannerTableModel::Dp), double(best.layout.dp));
  QCOMPARE(sortValue(proxy, 0, PlannerTableModel::MicroBatch), double(best.layout.micro_batch));
  QCOMPARE(sortValue(proxy, 0, PlannerTableModel::TokensPerS), best.metrics.tokens_per_s);
  QCOMPARE(proxy->index(0, PlannerTableModel::TokensPerS).data().toString(),
           cp::ui::formatCount(best.metrics.tokens_per_s));
  // Every row in the core's order.
  for (int r = 0; r < proxy->rowCount(); ++r)
    QCOMPARE(sortValue(proxy, r, PlannerTableModel::TokensPerS), expected.top[std::size_t(r)].metrics.tokens_per_s);
  // Counts shown: the top-level item is the layouts considered.
  const QTreeWidget* counts = page.findChild<QTreeWidget*>(QStringLiteral("plannerCounts"));
  QVERIFY(counts);
  QCOMPARE(counts->topLevelItem(0)->text(1), cp::ui::formatCount(double(expected.considered)));
  QVERIFY2(page.statusText().contains(cp::ui::formatCount(double(expected.evaluated))), qPrintable(page.statusText()));
  QVERIFY(page.statusText().contains(QStringLiteral("threads")));
}

void TestPlannerPage::sortsNumerically() {
  cp::ui::ScenarioDocument doc;
  doc.reset(smallScenario());
  PlannerPage page(&doc);
  // 64, 128 and 512 GPUs: as strings "128" < "512" < "64"; numerically 64 < 128 < 512. A few
  // knobs held, so that every feasible layout of every size is in the table.
  cp::ui::PlannerInput in = smallInput(QStringLiteral("64,128,512"));
  in.tp = QStringLiteral("1,2");
  in.pp = QStringLiteral("1");
  in.recompute = {cp::Recompute::Full};
  in.zero = {cp::Zero::Stage1};
  in.top = 1000;
  page.setInput(in);
  QVERIFY(runSearch(&page));
  QSortFilterProxyModel* proxy = page.sortModel();
  QVERIFY(proxy->rowCount() > 3);
  QSet<int> sizes;
  for (int r = 0; r < proxy->rowCount(); ++r) sizes << int(sortValue(proxy, r, PlannerTableModel::Gpus));
  QCOMPARE(sizes.size(), 3);
  QCOMPARE(proxy->rowCount(), int(page.result()->feasible));

  page.table()->sortByColumn(PlannerTableModel::Gpus, Qt::AscendingOrder);
  for (int r = 1; r < proxy->rowCount(); ++r)
    QVERIFY(sortValue(proxy, r - 1, PlannerTableModel::Gpus) <= sortValue(proxy, r, PlannerTableModel::Gpus));
  const int smallest = *std::min_element(sizes.begin(), sizes.end());
  QCOMPARE(proxy->index(0, PlannerTableModel::Gpus).data().toString(), cp::ui::formatCount(smallest));

  page.table()->sortByColumn(PlannerTableModel::TokensPerS, Qt::DescendingOrder);
  for (int r = 1; r < proxy->rowCount(); ++r)
    QVERIFY(sortValue(proxy, r - 1, PlannerTableModel::TokensPerS) >=
            sortValue(proxy, r, PlannerTableModel::TokensPerS));
  page.table()->sortByColumn(PlannerTableModel::MemoryPerGpu, Qt::AscendingOrder);
  for (int r = 1; r < proxy->rowCount(); ++r)
    QVERIFY(sortValue(proxy, r - 1, PlannerTableModel::MemoryPerGpu) <=
            sortValue(proxy, r, PlannerTableModel::MemoryPerGpu));
}

// The planner's table model and its sort proxy under Qt's model tester while two searches of
// different sizes fill them, the table is sorted and a third search empties them (infeasible).
void TestPlannerPage::tableModelKeepsQtsContract() {
  cp::ui::ScenarioDocument doc;
  doc.reset(smallScenario());
  PlannerPage page(&doc);
  QAbstractItemModelTester model(page.tableModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
  QAbstractItemModelTester proxy(page.sortModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
  cp::ui::PlannerInput in = smallInput(QStringLiteral("64,128"));
  in.top = 50;
  page.setInput(in);
  QVERIFY(runSearch(&page));
  const int first = page.tableModel()->rowCount();
  QVERIFY(first > 1);
  page.table()->sortByColumn(PlannerTableModel::TokensPerS, Qt::AscendingOrder);
  in.top = 5;
  page.setInput(in);
  QVERIFY(runSearch(&page));
  QCOMPARE(page.tableModel()->rowCount(), 5);
  // Llama 2 7B unsharded on one GPU per replica: 16 bytes per parameter do not fit in 80 GB.
  in.tp = QStringLiteral("1");
  in.pp = QStringLiteral("1");
  in.zero = {cp::Zero::Stage0};
  page.setInput(in);
  QVERIFY(runSearch(&page));
  QVERIFY(page.result()->top.empty());
  QCOMPARE(page.tableModel()->rowCount(), 0);
  QCOMPARE(page.sortModel()->rowCount(), 0);
}

void TestPlannerPage::applyRowIsUndoable() {
  cp::ui::ScenarioDocument doc;
  doc.reset(smallScenario());
  PlannerPage page(&doc);
  page.setInput(smallInput(QStringLiteral("64")));
  QVERIFY(runSearch(&page));
  const cp::PlanResult& r = *page.result();
  QVERIFY(r.top.size() >= 2);
  // The second-ranked layout, so that it differs from whatever the first one is.
  const cp::PlanLayout l = r.top[1].layout;
  const cp::Scenario before = doc.scenario();
  QSignalSpy changed(&doc, &cp::ui::ScenarioDocument::scenarioChanged);
  page.applyRow(1);
  QCOMPARE(changed.count(), 1);  // recomputed at once
  const cp::Scenario& after = doc.scenario();
  QCOMPARE(after.parallel.tp, l.tp);
  QCOMPARE(after.parallel.pp, l.pp);
  QCOMPARE(after.parallel.vpp, l.vpp);
  QCOMPARE(after.parallel.cp, l.cp);
  QCOMPARE(after.parallel.ep, l.ep);
  QCOMPARE(after.parallel.sp, l.sp);
  QCOMPARE(after.data_parallel(), l.dp);
  QCOMPARE(after.training.micro_batch, l.micro_batch);
  QCOMPARE(after.training.recompute, l.recompute);
  QCOMPARE(after.training.zero, l.zero);
  QVERIFY(doc.estimate());
  QCOMPARE(doc.estimate()->throughput.tokens_per_s, r.top[1].metrics.tokens_per_s);
  QVERIFY(doc.isModified());
  QVERIFY(!page.isStale());  // only the layout changed: the result still belongs to the scenario

  QVERIFY(doc.undoStack()->canUndo());
  doc.undoStack()->undo();
  QCOMPARE(doc.scenario().parallel.tp, before.parallel.tp);
  QCOMPARE(doc.scenario().parallel.pp, before.parallel.pp);
  QCOMPARE(doc.scenario().training.micro_batch, before.training.micro_batch);
  QCOMPARE(doc.scenario().training.zero, before.training.zero);

  // The Apply cell of the top row applies the best layout in one click.
  page.table()->sortByColumn(PlannerTableModel::Rank, Qt::AscendingOrder);
  const QModelIndex applyCell = page.sortModel()->index(0, PlannerTableModel::Apply);
  page.table()->resize(1400, 400);
  page.show();
  QVERIFY(QTest::qWaitForWindowExposed(&page));
  const QRect rect = page.table()->visualRect(applyCell);
  QTest::mouseClick(page.table()->viewport(), Qt::LeftButton, {}, rect.center());
  QCOMPARE(doc.scenario().parallel.tp, r.top[0].layout.tp);
  QCOMPARE(doc.scenario().parallel.pp, r.top[0].layout.pp);
  QCOMPARE(doc.scenario().training.micro_batch, r.top[0].layout.micro_batch);
}

void TestPlannerPage::cancelStopsLongSearch() {
  cp::ui::ScenarioDocument doc;
  doc.reset(cp::default_scenario());  // LLaMA-65B
  PlannerPage page(&doc);
  cp::ui::PlannerInput in;
  in.gpus = QStringLiteral("8-16384");  // 2,048 cluster sizes, everything varies: minutes of work
  page.setInput(in);
  QSignalSpy done(&page, &PlannerPage::searchFinished);
  QVERIFY(page.search());
  QVERIFY(page.isRunning());
  QVERIFY(!page.search());  // no second search while one runs
  QVERIFY(page.messageText().contains(QStringLiteral("running")));
  QTest::qWait(50);  // the GUI thread is free while it runs
  page.cancel();
  QTRY_VERIFY_WITH_TIMEOUT(!page.isRunning(), 30000);
  QTRY_COMPARE(done.count(), 1);
  QVERIFY(page.result());
  QVERIFY(page.result()->cancelled);
  QVERIFY2(page.messageText().contains(QStringLiteral("cancelled")), qPrintable(page.messageText()));
  QVERIFY(page.statusText().contains(QStringLiteral("cancelled")));
  // A new search may start again afterwards.
  page.setInput(smallInput(QStringLiteral("32")));
  QVERIFY(runSearch(&page));
  QVERIFY(!page.result()->cancelled);
}

void TestPlannerPage::infeasibleShowsBindingConstraint() {
  // Llama 3 405B on one node of 8 A100s: nothing fits (docs/planner.md).
  cp::Scenario s = cp::default_scenario();
  const cp::ModelPreset* preset = cp::find_model_preset("llama-3-405b");
  s.model = preset->shape;
  s.model_id = std::string(preset->id);
  s.cluster.nodes = 1;
  s.parallel = cp::Parallelism{1, 1, 1, 0, 1, 1, false};
  cp::ui::ScenarioDocument doc;
  doc.reset(s);
  QVERIFY(doc.valid());
  PlannerPage page(&doc);
  cp::ui::PlannerInput in;
  in.gpus = QStringLiteral("8");
  in.microBatch = QStringLiteral("1");
  page.setInput(in);
  QVERIFY(runSearch(&page));
  const cp::PlanResult expected = corePlan(s, in);
  QCOMPARE(expected.feasible, 0LL);
  QVERIFY(expected.binding);
  QVERIFY(!expected.binding_text.empty());
  QCOMPARE(page.result()->binding_text, expected.binding_text);
  QVERIFY2(page.messageText().contains(QString::fromStdString(expected.binding_text)), qPrintable(page.messageText()));
  QVERIFY(page.messageText().contains(cp::ui::reasonName(*expected.binding)));
  QCOMPARE(page.sortModel()->rowCount(), 0);
}

void TestPlannerPage::frontierHasCorePoints() {
  cp::ui::ScenarioDocument doc;
  doc.reset(smallScenario());
  PlannerPage page(&doc);
  cp::ui::PlannerInput in = smallInput(QStringLiteral("32,64,128,256"));
  in.fabrics = {QStringLiteral("ib-hdr"), QStringLiteral("roce-200-untuned")};
  in.objective = cp::Objective::Time;
  page.setInput(in);
  QVERIFY(runSearch(&page));
  const cp::PlanResult expected = corePlan(smallScenario(), in);
  QVERIFY(expected.frontier.size() >= 2);
  QCOMPARE(page.result()->frontier.size(), expected.frontier.size());
  QCOMPARE(page.frontierChart()->pointCount(), int(expected.frontier.size()));
  QVERIFY(page.frontierChart()->emptyText().isEmpty());
  // The first frontier point: the fastest, at its time in days and cost.
  QCustomPlot* plot = page.frontierChart()->plot();
  bool found = false;
  const cp::PlanEntry& fastest = expected.frontier.front();
  for (int g = 0; g < plot->graphCount(); ++g)
    for (auto it = plot->graph(g)->data()->constBegin(); it != plot->graph(g)->data()->constEnd(); ++it)
      if (plot->graph(g)->lineStyle() == QCPGraph::lsNone && qFuzzyCompare(it->key, fastest.metrics.time_s / 86400))
        found = true;
  QVERIFY(found);
  const std::optional<cp::ui::Table> table = page.frontierTable();
  QVERIFY(table);
  QCOMPARE(table->rows.size(), qsizetype(expected.frontier.size()));
}

void TestPlannerPage::frontierSaysWhyEmptyWithoutTokens() {
  cp::Scenario s = smallScenario();
  s.training.tokens = 0;
  cp::ui::ScenarioDocument doc;
  doc.reset(s);
  PlannerPage page(&doc);
  page.setInput(smallInput(QStringLiteral("64")));
  QVERIFY(runSearch(&page));
  QVERIFY(page.result()->frontier.empty());
  QCOMPARE(page.frontierChart()->pointCount(), 0);
  QVERIFY2(page.frontierChart()->emptyText().contains(QStringLiteral("token budget")),
           qPrintable(page.frontierChart()->emptyText()));
}

void TestPlannerPage::badInputNamesField_data() {
  QTest::addColumn<QString>("gpus");
  QTest::addColumn<QString>("tp");
  QTest::addColumn<int>("objective");
  QTest::addColumn<double>("tokens");
  QTest::addColumn<QString>("field");
  QTest::newRow("empty GPUs") << "" << "" << 0 << 1e11 << "GPUs: ";
  QTest::newRow("GPUs not a number") << "lots" << "" << 0 << 1e11 << "GPUs: ";
  QTest::newRow("GPUs empty item") << "64,,128" << "" << 0 << 1e11 << "GPUs: ";
  QTest::newRow("GPUs not whole nodes") << "60" << "" << 0 << 1e11 << "GPUs: ";
  QTest::newRow("GPUs reversed range") << "128-64" << "" << 0 << 1e11 << "GPUs: ";
  QTest::newRow("TP not a number") << "64" << "four" << 0 << 1e11 << "TP: ";
  QTest::newRow("TP zero") << "64" << "0" << 0 << 1e11 << "TP: ";
  QTest::newRow("time without tokens") << "64" << "" << int(cp::Objective::Time) << 0.0 << "Token budget: ";
}

void TestPlannerPage::badInputNamesField() {
  QFETCH(QString, gpus);
  QFETCH(QString, tp);
  QFETCH(int, objective);
  QFETCH(double, tokens);
  QFETCH(QString, field);
  cp::Scenario s = smallScenario();
  s.training.tokens = tokens;
  cp::ui::ScenarioDocument doc;
  doc.reset(s);
  PlannerPage page(&doc);
  cp::ui::PlannerInput in = smallInput(gpus);
  in.tp = tp;
  in.objective = cp::Objective(objective);
  page.setInput(in);
  QVERIFY(!page.search());
  QVERIFY(!page.isRunning());
  QVERIFY2(page.messageText().startsWith(field), qPrintable(page.messageText()));
}

// The controls' lists are read by the core's one list reader (plan/search_list.h), the CLI's:
// spaces around items are dropped, ranges are expanded (GPU ranges to whole nodes), and each
// fault is named in the GUI's own words.
void TestPlannerPage::requestReadsLists_data() {
  QTest::addColumn<QString>("gpus");
  QTest::addColumn<QString>("tp");
  QTest::addColumn<QString>("expected");  // the GPU counts, then "|" and the TPs; or the message
  QTest::newRow("list and range") << " 64 , 128-160 " << "1, 2-4" << "64,128,136,144,152,160|1,2,3,4";
  QTest::newRow("not whole nodes") << "60" << "" << "60 GPUs is not a whole number of 8-GPU nodes";
  QTest::newRow("reversed range") << "128-64" << "" << "“128-64” is not a range A-B of whole numbers with 1 ≤ A ≤ B";
  QTest::newRow("empty item") << "64,,128" << "" << "an empty item in the list “64,,128”";
  QTest::newRow("no whole node in range") << "9-15" << "" << "the range 9-15 holds no multiple of 8";
  QTest::newRow("TP zero") << "64" << "0" << "“0” is not a whole number of 1 or more";
}

void TestPlannerPage::requestReadsLists() {
  QFETCH(QString, gpus);
  QFETCH(QString, tp);
  QFETCH(QString, expected);
  cp::Scenario base = smallScenario();
  base.cluster.gpus_per_node = 8;
  cp::ui::PlannerInput in;
  in.gpus = gpus;
  in.tp = tp;
  const cp::ui::PlannerRequest r = cp::ui::plannerRequest(in, base);
  if (!expected.contains(QLatin1Char('|'))) {
    QVERIFY2(r.errors.join(QLatin1Char('\n')).contains(expected), qPrintable(r.errors.join(QLatin1Char('\n'))));
    return;
  }
  QVERIFY2(r.ok(), qPrintable(r.errors.join(QLatin1Char('\n'))));
  const auto joined = [](const std::vector<int>& v) {
    QStringList l;
    for (int x : v) l << QString::number(x);
    return l.join(QLatin1Char(','));
  };
  QCOMPARE(joined(r.space.gpus) + QLatin1Char('|') + joined(r.space.tp), expected);
}

void TestPlannerPage::staleResultLabelled() {
  cp::ui::ScenarioDocument doc;
  doc.reset(smallScenario());
  PlannerPage page(&doc);
  page.setInput(smallInput(QStringLiteral("64")));
  QVERIFY(runSearch(&page));
  QVERIFY(!page.isStale());
  doc.edit(QStringLiteral("global batch"), QStringLiteral("training.global_batch"),
           [](cp::Scenario& s) { s.training.global_batch = 1024; });
  QVERIFY(page.isStale());
  doc.undoStack()->undo();
  QVERIFY(!page.isStale());
}

void TestPlannerPage::mainWindowHasPlannerTab() {
  cp::ui::MainWindow w;
  QVERIFY(w.plannerPage());
  const int tab = w.pages()->indexOf(w.plannerPage());
  QVERIFY(tab >= 0);
  QCOMPARE(w.pages()->tabText(tab), QStringLiteral("Auto-planner"));
  // Shown for the first time, the page searches the current scenario with its defaults.
  w.show();
  QSignalSpy done(w.plannerPage(), &PlannerPage::searchFinished);
  w.pages()->setCurrentWidget(w.plannerPage());
  QVERIFY(done.wait(60000) || done.count() > 0);
  QVERIFY(w.plannerPage()->result());
  QVERIFY(w.plannerPage()->result()->feasible > 0);
  // Applying a row goes through the window's undo stack (Edit → Undo).
  w.plannerPage()->applyRow(0);
  QVERIFY(w.document()->undoStack()->canUndo());
}

// On a 1366x768 laptop the page does not scroll sideways: the search space's
// pairs flow into fewer columns; on a wide screen four pairs share a row.
void TestPlannerPage::searchSpaceFitsALaptop() {
  for (const int width : {1366, 1920}) {
    cp::ui::MainWindow w;
    w.resize(width, width == 1366 ? 768 : 1080);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy done(w.plannerPage(), &PlannerPage::searchFinished);
    w.pages()->setCurrentWidget(w.plannerPage());
    QVERIFY(done.wait(60000) || done.count() > 0);
    QCoreApplication::processEvents();
    auto* scroll = w.plannerPage()->findChild<QScrollArea*>(QStringLiteral("plannerPageScroll"));
    QVERIFY(scroll);
    QVERIFY2(scroll->widget()->minimumSizeHint().width() <= scroll->viewport()->width(),
             qPrintable(QStringLiteral("%1 px wide: the page needs %2 px, the view has %3")
                            .arg(width)
                            .arg(scroll->widget()->minimumSizeHint().width())
                            .arg(scroll->viewport()->width())));
    QVERIFY(!scroll->horizontalScrollBar()->isVisible());
    auto* gpus = w.plannerPage()->findChild<QLineEdit*>(QStringLiteral("plannerGpus"));
    auto* top = w.plannerPage()->findChild<QSpinBox*>(QStringLiteral("plannerTop"));
    QVERIFY(gpus && top);
    // Four pairs a row on the wide screen: GPUs and "Top" share the first row; fewer on the laptop.
    const int dy = top->geometry().center().y() - gpus->geometry().center().y();
    if (width == 1920) QVERIFY2(std::abs(dy) <= 2, qPrintable(QString::number(dy)));
    else QVERIFY2(dy > gpus->height() / 2, qPrintable(QString::number(dy)));
  }
}

void TestPlannerPage::objectiveColumnNextToRank_data() {
  QTest::addColumn<int>("objective");
  QTest::addColumn<int>("column");
  QTest::newRow("throughput") << int(cp::Objective::Throughput) << int(PlannerTableModel::TokensPerS);
  QTest::newRow("time") << int(cp::Objective::Time) << int(PlannerTableModel::TimeToTrain);
  QTest::newRow("cost") << int(cp::Objective::Cost) << int(PlannerTableModel::RunCost);
  QTest::newRow("cost per token") << int(cp::Objective::CostPerToken) << int(PlannerTableModel::CostPerMTokens);
}

// The column the search ranked by is the one beside the rank (not far right, behind a sideways
// scroll on a laptop), the other figures after it; the exported table follows the view's order.
void TestPlannerPage::objectiveColumnNextToRank() {
  QFETCH(int, objective);
  QFETCH(int, column);
  cp::ui::ScenarioDocument doc;
  doc.reset(smallScenario());
  PlannerPage page(&doc);
  cp::ui::PlannerInput in = smallInput(QStringLiteral("64"));
  in.objective = cp::Objective(objective);
  page.setInput(in);
  QVERIFY(runSearch(&page));
  const QHeaderView* header = page.table()->horizontalHeader();
  QCOMPARE(header->visualIndex(column), header->visualIndex(PlannerTableModel::Rank) + 1);
  for (int figure : PlannerTableModel::objectiveColumns(cp::Objective(objective)))
    QVERIFY(header->visualIndex(figure) < header->visualIndex(PlannerTableModel::Gpus));
  const cp::ui::Table table = cp::ui::tableFromView(page.table(), PlannerTableModel::kSortRole);
  QCOMPARE(table.header.value(0), page.tableModel()->headerData(PlannerTableModel::Rank, Qt::Horizontal).toString());
  QCOMPARE(table.header.value(1), page.tableModel()->headerData(column, Qt::Horizontal).toString());
  QCOMPARE(table.rows.value(0).value(0).toDouble(), 1.0);  // the rank as shown, from 1
}

// Fabrics read as their names, in the GUI's language ("roce-400-untuned" showed in both); the
// frontier's legend lies beside the plot area, never over its points, and cuts no name.
void TestPlannerPage::fabricsByNameAndLegendBesideThePlot() {
  cp::ui::ScenarioDocument doc;
  doc.reset(smallScenario());
  PlannerPage page(&doc);
  cp::ui::PlannerInput in = smallInput(QStringLiteral("64"));
  in.fabrics = {QStringLiteral("ib-ndr"), QStringLiteral("roce-400-untuned"), QStringLiteral("roce-400-tuned")};
  page.setInput(in);
  page.resize(900, 700);
  page.show();
  QVERIFY(QTest::qWaitForWindowExposed(&page));
  QTRY_VERIFY_WITH_TIMEOUT(!page.isRunning(), 120000);  // the search the page runs when first shown
  QVERIFY(runSearch(&page));
  const QSortFilterProxyModel* proxy = page.sortModel();
  QVERIFY(proxy->rowCount() > 0);
  QVERIFY(!page.table()->isColumnHidden(PlannerTableModel::Fabric));
  QStringList names;
  for (const QString& id : in.fabrics) names << cp::ui::fabricName(cp::find_fabric(id.toStdString())->name);
  for (int r = 0; r < proxy->rowCount(); ++r) {
    const QString shown = proxy->index(r, PlannerTableModel::Fabric).data().toString();
    QVERIFY2(names.contains(shown), qPrintable(shown));
  }
  QCustomPlot* plot = page.frontierChart()->plot();
  page.frontierChart()->resize(420, 300);
  QCoreApplication::processEvents();
  plot->replot();
  QVERIFY(plot->legend->visible());
  QVERIFY(!plot->legend->outerRect().intersects(plot->axisRect()->rect()));
  for (int i = 0; i < plot->legend->itemCount(); ++i) {
    QCPAbstractLegendItem* item = plot->legend->item(i);
    if (!item) continue;
    QVERIFY2(item->outerRect().width() >= item->minimumOuterSizeHint().width(), qPrintable(QString::number(i)));
  }
}

// When the estimates cannot rank the first layouts and the planner prefers another than the
// winner ("Prefer #5"), that row is marked, selected, and "Apply to the scenario" applies it.
void TestPlannerPage::preferredRowMarkedAndApplied() {
  struct Case {
    const char* model;
    const char* gpu;
    int nodes;
  };
  // Searches whose band tie prefers a layout after the first (clusterplan-cli plan agrees).
  const Case cases[] = {{"llama-2-13b", "h100-sxm", 16}, {"llama-3-70b", "a100-80gb-sxm", 4}, {"gpt3-175b", "h100-sxm", 8}};
  cp::Scenario base;
  cp::ui::PlannerInput in;
  cp::PlanResult expected;
  bool found = false;
  for (const Case& c : cases) {
    base = cp::default_scenario();
    const cp::ModelPreset* preset = cp::find_model_preset(c.model);
    QVERIFY(preset);
    base.model = preset->shape;
    base.model_id = std::string(preset->id);
    base.training.seq = preset->default_seq;
    base.cluster.gpu = *cp::find_gpu(c.gpu);
    base.cluster.nodes = c.nodes;
    in = cp::ui::PlannerInput{};
    in.gpus = QString::number(base.cluster.total_gpus());
    expected = corePlan(base, in);
    if (expected.ok() && expected.tie.within >= 2 && expected.tie.recommended > 0) {
      found = true;
      break;
    }
  }
  QVERIFY2(found, "no search of the list has a preferred layout after the winner any more");
  const int preferred = expected.tie.recommended;

  cp::ui::ScenarioDocument doc;
  doc.reset(base);
  PlannerPage page(&doc);
  page.setInput(in);
  QVERIFY(runSearch(&page));
  QCOMPARE(page.tableModel()->preferredRow(), preferred);
  QVERIFY2(page.messageText().contains(QStringLiteral("Prefer #%1").arg(preferred + 1)), qPrintable(page.messageText()));
  const QSortFilterProxyModel* proxy = page.sortModel();
  const QModelIndexList selected = page.table()->selectionModel()->selectedRows();
  QCOMPARE(selected.size(), 1);
  QCOMPARE(proxy->mapToSource(selected.front()).row(), preferred);
  const QModelIndex rank = page.tableModel()->index(preferred, PlannerTableModel::Rank);
  QVERIFY2(rank.data().toString().contains(QStringLiteral("★")), qPrintable(rank.data().toString()));
  QVERIFY(rank.data(Qt::FontRole).value<QFont>().bold());
  QVERIFY(!page.tableModel()->index(0, PlannerTableModel::Rank).data().toString().contains(QStringLiteral("★")));
  // Apply to the scenario: the preferred layout, not the winner.
  auto* apply = page.findChild<QPushButton*>(QStringLiteral("plannerApply"));
  QVERIFY(apply && apply->isEnabled());
  apply->click();
  const cp::PlanEntry& chosen = expected.top[std::size_t(preferred)];
  const auto json = [](const cp::Scenario& s) { return cp::scenario_to_json(s).dump(); };
  const std::string applied = json(cp::apply_layout(base, chosen.layout, expected.fabrics));
  QVERIFY(applied != json(cp::apply_layout(base, expected.top.front().layout, expected.fabrics)));
  QCOMPARE(json(doc.scenario()), applied);
  QVERIFY2(page.messageText().contains(QStringLiteral("Applied rank %1").arg(preferred + 1)), qPrintable(page.messageText()));
}

QTEST_MAIN(TestPlannerPage)
#include "tst_plannerpage.moc"
