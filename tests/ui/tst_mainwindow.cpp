// The GUI shell: the main window shows the engine's estimate of a scenario, and nothing else.
// Every expected number comes from core (cp::estimate); the comments give the default
// scenario's values (LLaMA-65B, TP 8 x PP 4 x DP 1 on 32x A100 80GB, bf16 Adam, ZeRO-1,
// selective recomputation with SP) so that a reader can check them by eye.
#include <QGroupBox>
#include <QTabWidget>
#include <QTranslator>
#include <QtTest>
#include <functional>
#include <qcustomplot.h>

#include "engine/estimate.h"
#include "engine/gpu.h"
#include "engine/scenario.h"
#include "engine/units.h"
#include "ui/pages/comparepage.h"
#include "ui/pages/fabriccomparisonpage.h"
#include "ui/text/i18n.h"
#include "ui/window/mainwindow.h"
#include "ui/charts/memorychart.h"
#include "ui/pages/planpage.h"
#include "ui/pages/plannerpage.h"
#include "ui/pages/summarypanel.h"
#include "ui/charts/topologyview.h"

using cp::ui::MemoryComponent;
Q_DECLARE_METATYPE(cp::ui::MemoryComponent)
Q_DECLARE_METATYPE(cp::Scenario)

namespace {

constexpr double kGiB = cp::units::GiB;

// The default scenario with a different parallel layout or GPU.
cp::Scenario withLayout(int tp, int pp, int dp) {
  cp::Scenario s = cp::default_scenario();
  s.parallel.tp = tp;
  s.parallel.pp = pp;
  s.parallel.dp = dp;
  return s;
}

cp::Scenario withGpu(const char* id) {
  cp::Scenario s = cp::default_scenario();
  s.cluster.gpu = *cp::find_gpu(id);
  return s;
}

}  // namespace

class TestMainWindow : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void windowTitle();
  void chartBars_data();
  void chartBars();
  void stackedTotal();
  void capacityLine_data();
  void capacityLine();
  void fitStatus_data();
  void fitStatus();
  void warningsShown();
  void invalidScenario();
  void chineseTranslation_data();
  void chineseTranslation();
  void installTranslations_data();
  void installTranslations();
  void showPageByName();
  void cleanup();
};

void TestMainWindow::initTestCase() {
  // Numbers are formatted in the default locale: fix it so that "41.0" is spelled with a point.
  QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestMainWindow::cleanup() {
  // Leave no translation installed for the next test.
  for (QTranslator* t : qApp->findChildren<QTranslator*>()) {
    QCoreApplication::removeTranslator(t);
    delete t;
  }
  QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestMainWindow::windowTitle() {
  cp::ui::MainWindow w;
  w.setScenario(cp::default_scenario());
  QCOMPARE(w.windowTitle(), QStringLiteral("clusterplan"));
}

void TestMainWindow::chartBars_data() {
  QTest::addColumn<cp::Scenario>("scenario");
  QTest::addColumn<MemoryComponent>("component");
  QTest::addColumn<double>("expectedGiB");

  const cp::Scenario def = cp::default_scenario();
  const cp::MemoryBreakdown d = cp::estimate(def).memory.peak;
  // Default, first stage (20 layers + embedding, 16.45e9 params / TP 8 = 2.06e9 per GPU):
  // weights 2 B/param = 3.83 GiB; gradients 2 B/param = 3.83 GiB; optimizer 12 B/param over
  // DP 1 = 22.98 GiB; activations 4 micro-batches in flight = 5.02 GiB; other = 0.5 GiB comm
  // + 1 GiB framework + 5% fragmentation (1.78 GiB) = 3.28 GiB.
  QTest::newRow("default weights") << def << MemoryComponent::Weights << d.weights / kGiB;
  QTest::newRow("default gradients") << def << MemoryComponent::Gradients << d.gradients / kGiB;
  QTest::newRow("default optimizer") << def << MemoryComponent::Optimizer << d.optimizer / kGiB;
  QTest::newRow("default activations") << def << MemoryComponent::Activations << d.activations / kGiB;
  QTest::newRow("default other") << def << MemoryComponent::Other << d.other() / kGiB;

  // TP 1 x PP 4 x DP 8: each GPU holds a quarter of the model, 8x the default's weights.
  // Weights 30.65 GiB, gradients 61.29 GiB (fp32, the frameworks' default for bf16), optimizer
  // 22.98 GiB (ZeRO-1 over DP 8), activations 40.2 GiB (no TP/SP split), other 8.94 GiB (NCCL
  // buffers of the DP group and two pipeline neighbours, cuBLAS workspaces, fragmentation):
  // 164.1 GiB in all, more than the A100's 80 GiB.
  const cp::Scenario tp1 = withLayout(1, 4, 8);
  const cp::MemoryBreakdown t = cp::estimate(tp1).memory.peak;
  QTest::newRow("tp1 weights") << tp1 << MemoryComponent::Weights << t.weights / kGiB;
  QTest::newRow("tp1 gradients") << tp1 << MemoryComponent::Gradients << t.gradients / kGiB;
  QTest::newRow("tp1 optimizer") << tp1 << MemoryComponent::Optimizer << t.optimizer / kGiB;
  QTest::newRow("tp1 activations") << tp1 << MemoryComponent::Activations << t.activations / kGiB;
  QTest::newRow("tp1 other") << tp1 << MemoryComponent::Other << t.other() / kGiB;
}

void TestMainWindow::chartBars() {
  QFETCH(cp::Scenario, scenario);
  QFETCH(MemoryComponent, component);
  QFETCH(double, expectedGiB);

  cp::ui::MainWindow w;
  w.setScenario(scenario);
  cp::ui::MemoryChart* chart = w.memoryChart();
  QCPBars* bars = chart->bars(component);
  QVERIFY(bars);
  QCOMPARE(bars->data()->size(), 1);  // one bar per component: the peak stage's GPU
  QCOMPARE(chart->barValueGiB(component), expectedGiB);
  QVERIFY(expectedGiB > 0);
}

void TestMainWindow::stackedTotal() {
  cp::ui::MainWindow w;
  w.setScenario(cp::default_scenario());
  const cp::ui::MemoryChart* chart = w.memoryChart();

  // The five segments are stacked in order and add up to the engine's total:
  // 3.83 + 7.66 + 22.98 + 5.02 + 3.16 = 42.66 GiB (fp32 gradients; NCCL buffers per
  // communicator, cuBLAS workspaces and fragmentation in the last).
  double sum = 0;
  QCPBars* below = nullptr;
  for (MemoryComponent c : cp::ui::kMemoryComponents) {
    QCPBars* bars = chart->bars(c);
    QCOMPARE(bars->barBelow(), below);
    below = bars;
    sum += chart->barValueGiB(c);
  }
  const double total = cp::estimate(cp::default_scenario()).memory.peak.total() / kGiB;
  QCOMPARE(sum, total);
  QVERIFY(qAbs(sum - 42.66) < 0.01);
  // Every segment is in the legend (laid out in two columns under the bar).
  for (MemoryComponent c : cp::ui::kMemoryComponents) QVERIFY(chart->plot()->legend->hasItemWithPlottable(chart->bars(c)));
}

void TestMainWindow::capacityLine_data() {
  QTest::addColumn<cp::Scenario>("scenario");
  QTest::addColumn<double>("expectedGiB");
  QTest::addColumn<QString>("expectedLabel");

  // "80GB" A100: 80 GiB usable.
  QTest::newRow("A100 80GB") << cp::default_scenario() << 80.0 << QStringLiteral("A100 80GB SXM capacity: 80.0 GiB");
  // "141 GB" H200: 143,771 MiB = 140.4 GiB.
  QTest::newRow("H200 141GB") << withGpu("h200-sxm") << 143771.0 / 1024
                              << QStringLiteral("H200 SXM 141GB capacity: 140.4 GiB");
}

void TestMainWindow::capacityLine() {
  QFETCH(cp::Scenario, scenario);
  QFETCH(double, expectedGiB);
  QFETCH(QString, expectedLabel);

  cp::ui::MainWindow w;
  w.setScenario(scenario);
  QCOMPARE(w.memoryChart()->capacityGiB(), expectedGiB);
  QCOMPARE(w.memoryChart()->capacityGiB(), cp::estimate(scenario).memory.capacity / kGiB);
  QCOMPARE(w.memoryChart()->capacityLabel(), expectedLabel);
  QCOMPARE(w.memoryChart()->valueAxisLabel(), QStringLiteral("GPU memory (GiB)"));
}

void TestMainWindow::fitStatus_data() {
  QTest::addColumn<cp::Scenario>("scenario");
  QTest::addColumn<QString>("expected");

  // 80 - 42.662 = 37.338 GiB to spare.
  QTest::newRow("default fits") << cp::default_scenario() << QStringLiteral("✓ Fits, 37.3 GiB to spare");
  // H200: 140.401 - 42.713 = 97.689 GiB to spare (Hopper's cuBLAS workspaces are 32 MiB).
  QTest::newRow("H200 fits") << withGpu("h200-sxm") << QStringLiteral("✓ Fits, 97.7 GiB to spare");
  // TP 1 x PP 4 x DP 8: 164.057 - 80 = 84.057 GiB too much.
  QTest::newRow("TP 1 does not fit") << withLayout(1, 4, 8) << QStringLiteral("✗ Does not fit by 84.1 GiB");
}

void TestMainWindow::fitStatus() {
  QFETCH(cp::Scenario, scenario);
  QFETCH(QString, expected);

  cp::ui::MainWindow w;
  w.setScenario(scenario);
  QCOMPARE(w.summaryPanel()->fitText(), expected);
}

void TestMainWindow::warningsShown() {
  cp::ui::MainWindow w;
  w.setScenario(cp::default_scenario());
  QCOMPARE(w.summaryPanel()->warningsText(), QStringLiteral("None."));

  // TP 1 with SP on: two warnings, SP has no effect and the memory does not fit.
  w.setScenario(withLayout(1, 4, 8));
  const QString text = w.summaryPanel()->warningsText();
  QVERIFY2(text.contains(QStringLiteral("Sequence parallelism has no effect with TP = 1")), qPrintable(text));
  QVERIFY2(text.contains(QStringLiteral("Needs 164.1 GiB per GPU but the GPU has 80.0 GiB")), qPrintable(text));
}

void TestMainWindow::invalidScenario() {
  cp::ui::MainWindow w;
  w.setScenario(cp::default_scenario());
  // TP 3 divides neither the 64 heads nor 32 GPUs: no estimate, the problems are listed, the
  // chart is emptied.
  w.setScenario(withLayout(3, 4, 1));
  QVERIFY(w.summaryPanel()->fitText().startsWith(QStringLiteral("Cannot estimate")));
  QVERIFY2(w.summaryPanel()->warningsText().contains(QStringLiteral("parallelism.tp")),
           qPrintable(w.summaryPanel()->warningsText()));
  for (MemoryComponent c : cp::ui::kMemoryComponents) QCOMPARE(w.memoryChart()->bars(c)->data()->size(), 0);
}

void TestMainWindow::chineseTranslation_data() {
  QTest::addColumn<QString>("what");
  QTest::addColumn<QString>("english");
  QTest::addColumn<QString>("chinese");

  QTest::newRow("scenario group") << "scenarioGroup" << "Scenario" << QStringLiteral("方案");
  QTest::newRow("value axis") << "valueAxis" << "GPU memory (GiB)" << QStringLiteral("显存 (GiB)");
  QTest::newRow("fit status") << "fitStatus" << "✓ Fits, 37.3 GiB to spare" << QStringLiteral("✓ 显存足够，余量 37.3 GiB");
  QTest::newRow("legend: optimizer") << "legendOptimizer" << "Optimizer states: 23.0 GiB"
                                     << QStringLiteral("优化器状态：23.0 GiB");
  QTest::newRow("capacity line") << "capacity" << "A100 80GB SXM capacity: 80.0 GiB"
                                 << QStringLiteral("A100 80GB SXM 显存容量：80.0 GiB");
  QTest::newRow("window title stays") << "title" << "clusterplan" << "clusterplan";
}

void TestMainWindow::chineseTranslation() {
  QFETCH(QString, what);
  QFETCH(QString, english);
  QFETCH(QString, chinese);

  cp::ui::MainWindow w;
  w.setScenario(cp::default_scenario());
  const std::function<QString()> text = [&]() -> QString {
    if (what == QLatin1String("scenarioGroup")) return w.findChild<QGroupBox*>(what)->title();
    if (what == QLatin1String("valueAxis")) return w.memoryChart()->valueAxisLabel();
    if (what == QLatin1String("fitStatus")) return w.summaryPanel()->fitText();
    if (what == QLatin1String("legendOptimizer")) return w.memoryChart()->bars(MemoryComponent::Optimizer)->name();
    if (what == QLatin1String("capacity")) return w.memoryChart()->capacityLabel();
    if (what == QLatin1String("title")) return w.windowTitle();
    return {};
  };
  QCOMPARE(text(), english);

  // Installing the translator retranslates the open window: QApplication posts it a
  // QEvent::LanguageChange, which QTRY_COMPARE lets the event loop deliver.
  auto* translator = new QTranslator(qApp);
  QVERIFY(translator->load(QStringLiteral(":/i18n/clusterplan_zh_CN.qm")));
  QVERIFY(QCoreApplication::installTranslator(translator));
  QTRY_COMPARE(text(), chinese);

  // A window opened while the translator is installed starts in Chinese.
  {
    cp::ui::MainWindow fresh;
    fresh.setScenario(cp::default_scenario());
    QCOMPARE(fresh.summaryPanel()->findChild<QGroupBox*>(QStringLiteral("scenarioGroup"))->title(),
             QStringLiteral("方案"));
  }

  QCoreApplication::removeTranslator(translator);
  QTRY_COMPARE(text(), english);
}

void TestMainWindow::installTranslations_data() {
  QTest::addColumn<QString>("language");
  QTest::addColumn<bool>("ok");
  QTest::addColumn<QString>("scenarioTitle");

  QTest::newRow("zh_CN") << "zh_CN" << true << QStringLiteral("方案");
  QTest::newRow("en") << "en" << true << "Scenario";
  QTest::newRow("unknown name") << "xx" << false << "Scenario";
  QTest::newRow("no translation for the language") << "de_DE" << false << "Scenario";
}

void TestMainWindow::installTranslations() {
  QFETCH(QString, language);
  QFETCH(bool, ok);
  QFETCH(QString, scenarioTitle);

  QVERIFY(cp::ui::availableLanguages().contains(QStringLiteral("zh_CN")));
  QVERIFY(cp::ui::availableLanguages().contains(QStringLiteral("en")));
  QCOMPARE(cp::ui::installTranslations(*qApp, language), ok);
  cp::ui::MainWindow w;
  w.setScenario(cp::default_scenario());
  QCOMPARE(w.findChild<QGroupBox*>(QStringLiteral("scenarioGroup"))->title(), scenarioTitle);
}

// `clusterplan --page NAME` goes through MainWindow::showPage: each name selects its own page,
// an unknown one changes nothing and says so (false).
void TestMainWindow::showPageByName() {
  cp::ui::MainWindow w;
  w.setScenario(cp::default_scenario());
  auto widget = [](QWidget* page) { return page; };
  const QList<QPair<QString, QWidget*>> pages{{QStringLiteral("comparison"), widget(w.comparisonPage())},
                                              {QStringLiteral("topology"), widget(w.topologyView())},
                                              {QStringLiteral("compare"), widget(w.scenarioComparison())},
                                              {QStringLiteral("planner"), widget(w.plannerPage())},
                                              {QStringLiteral("plan"), widget(w.planPage())}};
  for (const auto& [name, page] : pages) {
    QVERIFY2(w.showPage(name), qPrintable(name));
    QCOMPARE(w.pages()->currentWidget(), page);
  }
  QVERIFY(w.showPage(QStringLiteral("planner")));
  QVERIFY(!w.showPage(QStringLiteral("Planner")));
  QVERIFY(!w.showPage(QString()));
  QCOMPARE(w.pages()->currentWidget(), static_cast<QWidget*>(w.plannerPage()));
  QVERIFY(w.showPage(QStringLiteral("library")));
  QCOMPARE(w.pages()->currentWidget(), static_cast<QWidget*>(w.plannerPage()));  // the dock, not a tab
  QCOMPARE(cp::ui::MainWindow::pageNames().size(), pages.size() + 1);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
