// The IB-vs-RoCE page as a live view: the best layout per size planned in one search
// off the GUI thread, the held layout shown at once and each size filled in as it is planned, an
// edit that cannot change a layout (a price, the power assumptions, the scenario's own fabric
// among those compared) re-priced without planning again, and a newer edit stopping the search in
// flight. Every figure is core/plan's compare_fabrics on the same inputs.
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>
#include <qcustomplot.h>

#include "plan/fabric_compare.h"
#include "plan/thread_pool.h"
#include "ui/charts/chartexport.h"
#include "ui/pages/fabriccomparisonpage.h"
#include "ui/fabricsweep.h"
#include "ui/scenariodocument.h"

using cp::ui::FabricComparisonPage;

namespace {

// LLaMA-65B on A100 (the default scenario) with a token budget: sizes 8 to 64, HDR InfiniBand
// against RoCE 200 Gb/s untuned and tuned.
constexpr int kMaxGpus = 64;

std::vector<std::string> ids(const QStringList& list) {
  std::vector<std::string> out;
  for (const QString& s : list) out.push_back(s.toStdString());
  return out;
}

// The page's result is core/plan's, point for point.
void checkIsCore(const FabricComparisonPage& page, const cp::Scenario& s) {
  const std::vector<int> sizes = cp::ui::sweep_sizes(kMaxGpus);
  const cp::ui::SweepResult want =
      cp::ui::run_sweep(s, ids(page.fabrics()), sizes, {}, cp::SweepLayout::Best, cp::SweepScaling::Strong);
  const cp::ui::SweepResult& got = *page.result();
  QVERIFY(!got.partial);
  QCOMPARE(got.series.size(), want.series.size());
  for (std::size_t k = 0; k < want.series.size(); ++k)
    for (std::size_t i = 0; i < want.series[k].points.size(); ++i) {
      const cp::ui::SweepPoint& a = want.series[k].points[i];
      const cp::ui::SweepPoint& b = got.series[k].points[i];
      QCOMPARE(b.feasible, a.feasible);
      QCOMPARE(b.tokens_per_s, a.tokens_per_s);
      QCOMPARE(b.cost_per_run, a.cost_per_run);
      QCOMPARE(b.train_time_s, a.train_time_s);
      QCOMPARE(b.speedup, a.speedup);
      QCOMPARE(b.problem, a.problem);
      QVERIFY(!b.provisional);
      const cp::ComparisonPoint& pa = want.comparison.series[k].points[i];
      const cp::ComparisonPoint& pb = got.comparison.series[k].points[i];
      QCOMPARE(bool(pb.layout), bool(pa.layout));
      if (pa.layout) QVERIFY(!cp::key_less(*pa.layout, *pb.layout) && !cp::key_less(*pb.layout, *pa.layout));
    }
}

}  // namespace

class TstFabricComparisonPage : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("clusterplan-tests"));
  }
  void heldAtOnceThenEachSize();
  void priceEditRepricesWithoutPlanning();
  void fabricTuningRepricesWithoutPlanning();
  void layoutEditPlansAgain();
  void newerEditStopsTheSearch();
  void threads();
};

void TstFabricComparisonPage::heldAtOnceThenEachSize() {
  cp::ui::ScenarioDocument doc;
  cp::Scenario s = cp::default_scenario();
  s.training.tokens = 1.4e12;
  doc.apply(s);
  FabricComparisonPage page(&doc);
  page.setThreads(1);
  page.resize(1200, 800);
  page.show();  // an edit reruns the page only while it is shown
  QSignalSpy partial(&page, &FabricComparisonPage::partialShown);
  QSignalSpy shown(&page, &FabricComparisonPage::resultShown);
  std::vector<int> provisional;  // provisional points in each partial result shown
  connect(&page, &FabricComparisonPage::partialShown, &page, [&] {
    int n = 0;
    for (const cp::ui::SweepSeries& series : page.result()->series)
      for (const cp::ui::SweepPoint& p : series.points) n += p.provisional;
    provisional.push_back(n);
    QVERIFY(page.result()->partial);
    // The held layout's points are drawn dotted, apart from the final ones.
    bool dotted = false;
    QCustomPlot* plot = page.plot(FabricComparisonPage::Throughput);
    for (int g = 0; g < plot->graphCount(); ++g) dotted |= plot->graph(g)->pen().style() == Qt::DotLine;
    QVERIFY(dotted || n == 0);
  });
  page.setMaxGpus(kMaxGpus);  // runs
  QVERIFY(shown.wait(60000));
  QCOMPARE(page.layout(), cp::SweepLayout::Best);
  QVERIFY(!partial.isEmpty());
  // The first partial result is the held layout everywhere it runs; later ones have fewer
  // provisional points, and the complete result none.
  QVERIFY(provisional.front() > 0);
  for (std::size_t i = 1; i < provisional.size(); ++i) QVERIFY(provisional[i] <= provisional[i - 1]);
  QVERIFY(!page.lastRunRepriced());
  checkIsCore(page, doc.scenario());
  QCustomPlot* plot = page.plot(FabricComparisonPage::Throughput);
  for (int g = 0; g < plot->graphCount(); ++g) QVERIFY(plot->graph(g)->pen().style() != Qt::DotLine);
  // Each point's hover text names its layout, the same words as the CSV and the report.
  QCPGraph* first = plot->graph(0);
  QVERIFY(first->dataCount() > 0);
  const int gpus = int(std::lround(std::exp2(first->data()->at(0)->key)));
  const cp::ui::SweepSeries& series = page.result()->series.front();
  const auto at = std::find_if(series.points.begin(), series.points.end(),
                               [gpus](const cp::ui::SweepPoint& p) { return p.gpus == gpus; });
  QVERIFY(at != series.points.end() && !at->layout.empty());
  const QString hover = page.pointReadout(first, 0);
  QVERIFY2(hover.endsWith(QStringLiteral("Layout: ") + QString::fromStdString(at->layout)), qPrintable(hover));
  // The method goes with the exported data: a "# " line before the CSV header, read back.
  cp::ui::Table table;
  table.header = {QStringLiteral("gpus")};
  table.rows = {{8}};
  table.notes = {page.methodLine()};
  const QByteArray csv = cp::ui::tableToCsv(table);
  QVERIFY(csv.startsWith(QByteArray("\xEF\xBB\xBF# ") + page.methodLine().toUtf8() + "\r\ngpus\r\n"));
  const cp::ui::Table back = cp::ui::tableFromCsv(csv);
  QCOMPARE(back.notes, table.notes);
  QCOMPARE(back.header, table.header);
  QCOMPARE(back.rows.size(), 1);
}

void TstFabricComparisonPage::priceEditRepricesWithoutPlanning() {
  cp::ui::ScenarioDocument doc;
  cp::Scenario s = cp::default_scenario();
  s.training.tokens = 1.4e12;
  doc.apply(s);
  FabricComparisonPage page(&doc);
  page.setThreads(1);
  page.resize(1200, 800);
  page.show();  // an edit reruns the page only while it is shown
  QSignalSpy shown(&page, &FabricComparisonPage::resultShown);
  page.setMaxGpus(kMaxGpus);
  QVERIFY(shown.wait(60000));
  // Prices, the way to pay, power: shown at once (no search runs), as planning again gives.
  for (int edit = 0; edit < 3; ++edit) {
    shown.clear();
    cp::Scenario e = doc.scenario();
    if (edit == 0) e.assumptions.vat = 0.13;
    if (edit == 1) e.assumptions.payment = cp::Payment::Purchase;
    if (edit == 2) e.assumptions.pue = 1.1;
    doc.apply(e);
    QCOMPARE(shown.size(), 1);  // synchronously
    QVERIFY(!page.isRunning());
    QVERIFY(page.lastRunRepriced());
    checkIsCore(page, doc.scenario());
  }
}

void TstFabricComparisonPage::fabricTuningRepricesWithoutPlanning() {
  // HDR InfiniBand to tuned RoCE at 200 Gb/s: the page compares the same three fabrics.
  cp::ui::ScenarioDocument doc;
  doc.apply(cp::default_scenario());
  FabricComparisonPage page(&doc);
  page.setThreads(1);
  page.resize(1200, 800);
  page.show();  // an edit reruns the page only while it is shown
  QSignalSpy shown(&page, &FabricComparisonPage::resultShown);
  page.setMaxGpus(kMaxGpus);
  QVERIFY(shown.wait(60000));
  const QStringList before = page.fabrics();
  shown.clear();
  cp::Scenario e = doc.scenario();
  e.cluster.fabric = *cp::find_fabric("roce-200-tuned");
  doc.apply(e);
  QCOMPARE(page.fabrics(), before);
  QCOMPARE(shown.size(), 1);
  QVERIFY(page.lastRunRepriced());
  checkIsCore(page, doc.scenario());
}

void TstFabricComparisonPage::layoutEditPlansAgain() {
  cp::ui::ScenarioDocument doc;
  doc.apply(cp::default_scenario());
  FabricComparisonPage page(&doc);
  page.setThreads(1);
  page.resize(1200, 800);
  page.show();  // an edit reruns the page only while it is shown
  QSignalSpy shown(&page, &FabricComparisonPage::resultShown);
  page.setMaxGpus(kMaxGpus);
  QVERIFY(shown.wait(60000));
  for (int edit = 0; edit < 2; ++edit) {
    shown.clear();
    cp::Scenario e = doc.scenario();
    if (edit == 0) e.training.global_batch = 2048;           // the batch: other layouts fit
    if (edit == 1) e.assumptions.failure_rate_per_gpu_hour *= 2;  // reliability: not a price
    doc.apply(e);
    QCOMPARE(shown.size(), 0);  // a search runs: its result comes later, from the worker
    QVERIFY(shown.wait(60000));
    QVERIFY(!page.lastRunRepriced());
    checkIsCore(page, doc.scenario());
  }
}

void TstFabricComparisonPage::newerEditStopsTheSearch() {
  // A long search (up to 16,384 GPUs), then an edit: the search in flight stops, and what is
  // shown is the newer scenario's.
  cp::ui::ScenarioDocument doc;
  doc.apply(cp::default_scenario());
  FabricComparisonPage page(&doc);
  page.setThreads(1);
  page.resize(1200, 800);
  page.show();  // an edit reruns the page only while it is shown
  QSignalSpy shown(&page, &FabricComparisonPage::resultShown);
  page.setMaxGpus(16384);
  page.setMaxGpus(kMaxGpus);
  cp::Scenario e = doc.scenario();
  e.training.global_batch = 512;
  doc.apply(e);
  QVERIFY(shown.wait(60000));
  QCOMPARE(shown.size(), 1);  // the stopped searches show nothing
  QCOMPARE(int(page.result()->sizes.size()), int(cp::ui::sweep_sizes(kMaxGpus).size()));
  checkIsCore(page, doc.scenario());
}

void TstFabricComparisonPage::threads() {
  cp::ui::ScenarioDocument doc;
  FabricComparisonPage page(&doc);
  QCOMPARE(page.threads(), std::max(1, cp::hardware_threads() - 1));  // every core but one
  page.setThreads(3);
  QCOMPARE(page.threads(), 3);
}

QTEST_MAIN(TstFabricComparisonPage)
#include "tst_fabriccomparisonpage.moc"
