// What presenters meet: the PDF report exported and printed from the GUI
// (the CLI's report: one generator), its headline figures formatted for people, no table row
// split across pages and the price list out of the body; presentation mode's slides; the charts'
// hover read-outs, exports, units, money axes, labels at 1366x768 and the dark theme; the
// headline figures on the report's first page and its numbers written for people; each
// chart's own data; file names after the scenario; the exports from File > Export and Ctrl+E.
#include <QAction>
#include <QCheckBox>
#include <QFile>
#include <QMenuBar>
#include <QMenu>
#include <QTableWidget>
#include <QToolTip>
#include <QTranslator>
#include <QPrinter>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <qcustomplot.h>

#include "common/file_dialog.h"
#include "engine/estimate.h"
#include "engine/explain.h"
#include "common/pdf.h"
#include "engine/scenario.h"
#include "engine/error_band.h"
#include "engine/units.h"
#include "plan/planner.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/chartexport.h"
#include "ui/charts/chartstyle.h"
#include "ui/pages/comparepage.h"
#include "ui/pages/fabriccomparisonpage.h"
#include "ui/text/i18n.h"
#include "ui/window/mainwindow.h"
#include "ui/charts/memorychart.h"
#include "ui/memorycomponent.h"
#include "ui/pages/planpage.h"
#include "ui/window/presentation.h"
#include "ui/report/report.h"
#include "ui/scenariodocument.h"
#include "ui/theme.h"
#include "ui/charts/topologyview.h"
#include "ui/text/units.h"

namespace {

using cp::test::pdfPages;

bool havePdfToText() { return !QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty(); }

// The text of page `page` (1-based; 0: all pages) by pdftotext (poppler-utils), ligatures undone.
QString pdfText(const QString& path, int page = 0, bool layout = false) {
  QStringList args;
  if (layout) args << QStringLiteral("-layout");
  if (page > 0) args << QStringLiteral("-f") << QString::number(page) << QStringLiteral("-l") << QString::number(page);
  args << path << QStringLiteral("-");
  QProcess p;
  p.start(QStringLiteral("pdftotext"), args);
  if (!p.waitForFinished(60000)) return {};
  QString text = QString::fromUtf8(p.readAllStandardOutput());
  text.replace(QChar(0xFB01), QLatin1String("fi")).replace(QChar(0xFB02), QLatin1String("fl")).replace(QChar(0xFB00), QLatin1String("ff"));
  return text;
}

// The ASCII words (two characters or more) of a text.
QSet<QString> words(const QString& text) {
  static const QRegularExpression word(QStringLiteral("[A-Za-z0-9]{2,}"));
  QSet<QString> out;
  for (auto it = word.globalMatch(text); it.hasNext();) out.insert(it.next().captured());
  return out;
}

// WCAG 2 relative luminance and contrast ratio (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
double luminance(const QColor& c) {
  auto lin = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
}
double contrast(const QColor& a, const QColor& b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The longest run of pixels of `colours` on one row of `image`: how wide a bar is drawn.
int barExtent(const QImage& image, const QList<QColor>& colours) {
  QSet<QRgb> wanted;
  for (const QColor& c : colours) wanted.insert(c.rgb());
  int best = 0;
  for (int y = 0; y < image.height(); ++y) {
    int first = -1, last = -1, count = 0;
    for (int x = 0; x < image.width(); ++x)
      if (wanted.contains(image.pixel(x, y))) {
        if (first < 0) first = x;
        last = x;
        ++count;
      }
    if (count > image.width() / 10) best = std::max(best, last - first + 1);  // a bar, not legend icons
  }
  return best;
}

cp::Scenario reportScenario() {
  cp::Scenario s = cp::default_scenario();
  s.training.tokens = 1e12;  // a token budget: a time to train in days
  return s;
}

}  // namespace

class TestPresenters : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QLocale::setDefault(QLocale(QLocale::English));
    QVERIFY(dir_.isValid());
    window_ = std::make_unique<cp::ui::MainWindow>();
    window_->setScenario(reportScenario());
    window_->resize(1366, 768);
  }
  void cleanupTestCase() { window_.reset(); }

  // Point 7: File > Export report... writes the scenario report; its headline page reads as people
  // write numbers.
  void exportReportFromTheGui() {
    auto* action = window_->findChild<QAction*>(QStringLiteral("exportReportAction"));
    QVERIFY2(action, "File > Export report... is missing");
    const QString path = dir_.filePath(QStringLiteral("gui-report.pdf"));
    cp::test::answerFileDialog(path);
    action->trigger();
    QVERIFY(QFile::exists(path));
    const int pages = pdfPages(path);
    QVERIFY2(pages >= 2, qPrintable(QString::number(pages)));
    if (!havePdfToText()) QSKIP("pdftotext (poppler-utils) is not installed: the report's text is not checked");

    const cp::Scenario& s = window_->document()->estimatedScenario();
    const cp::Estimate& e = *window_->document()->estimate();
    const QString all = pdfText(path, 0, true);
    // MFU as a percentage with one decimal, never the raw fraction.
    const QString mfu = QString::number(100 * e.throughput.mfu, 'f', 1) + QLatin1Char('%');
    QVERIFY2(all.contains(QRegularExpression(QStringLiteral("MFU\\s+") + QRegularExpression::escape(mfu))), qPrintable(mfu));
    QVERIFY2(!all.contains(QString::number(e.throughput.mfu, 'g', 6)), "the raw MFU fraction is printed");
    // Time to train in whole days (over 100 days), without seconds in e-notation beside it.
    const double days = e.reliability.real_train_time_s / cp::units::Day;
    QVERIFY(days > 100);
    const QString daysText = QStringLiteral("%1 days").arg(QLocale().toString(std::round(days), 'f', 0));
    QVERIFY2(all.contains(daysText), qPrintable(daysText));
    QVERIFY2(!all.contains(QRegularExpression(QStringLiteral("\\de\\+\\d\\d"))), "a number in e-notation");
    // Whether it fits, in words, with the memory left over.
    QVERIFY(e.memory.fits);
    const QString fits =
        QStringLiteral("Fits: yes, %1 GiB free").arg(QString::number(e.memory.headroom() / cp::units::GiB, 'f', 1));
    QVERIFY2(all.contains(fits), qPrintable(fits));
    // The headline figures are on page 1, under the title (not on a page after a cover holding
    // only the contents).
    const QString headline = pdfText(path, 1, true);
    QVERIFY2(headline.contains(QLatin1String("Headline figures")) && headline.contains(fits) && headline.contains(daysText),
             qPrintable(headline.left(2000)));
    QVERIFY(!s.cluster.gpu.name.empty());
  }

  // Point 7: no table row is split across pages: each row of the figures table (title, value,
  // formula and source) lies on one page.
  void reportRowsAreNeverSplit() {
    if (!havePdfToText()) QSKIP("pdftotext (poppler-utils) is not installed");
    const QString path = dir_.filePath(QStringLiteral("rows.pdf"));
    const cp::ui::ReportResult r = cp::ui::writeScenarioReport(reportScenario(), path);
    QVERIFY2(r.ok, qPrintable(r.error));
    QList<QSet<QString>> pageWords;
    for (int p = 1; p <= r.pages; ++p) pageWords << words(pdfText(path, p));
    cp::ui::ScenarioDocument document;
    document.reset(reportScenario());
    const cp::Scenario& s = document.estimatedScenario();
    const cp::Estimate& e = *document.estimate();
    int rows = 0;
    for (const cp::ui::HeadlineFigure& h : cp::ui::headlineFigures(s, e)) {
      const cp::Explanation x = cp::explain(h.figure, s, e);
      const QSet<QString> row = words(h.title + QLatin1Char(' ') + h.value + QLatin1Char(' ') +
                                      QString::fromStdString(x.formula) + QLatin1Char(' ') + QString::fromStdString(x.source));
      bool onOnePage = false;
      for (const QSet<QString>& page : pageWords) onOnePage = onOnePage || page.contains(row);
      QVERIFY2(onOnePage, qPrintable(QStringLiteral("the row '%1' is split across pages").arg(h.title)));
      ++rows;
    }
    QCOMPARE(rows, int(cp::kFigures.size()));
  }

  // Point 7: the price list's lines are in an appendix, not in the body.
  void priceListOnlyInTheAppendix() {
    if (!havePdfToText()) QSKIP("pdftotext (poppler-utils) is not installed");
    const QString path = dir_.filePath(QStringLiteral("prices.pdf"));
    const cp::Scenario s = reportScenario();
    const cp::ui::ReportResult r = cp::ui::writeScenarioReport(s, path);
    QVERIFY2(r.ok, qPrintable(r.error));
    int appendix = -1;
    for (qsizetype i = 0; i < r.sections.size(); ++i)
      if (r.sections[i].contains(QLatin1String("price list"))) appendix = r.sectionPages[i];
    QVERIFY2(appendix > 0, qPrintable(r.sections.join(QLatin1String(", "))));
    const cp::PriceList& list = s.assumptions.rent;
    QCOMPARE(s.assumptions.payment, cp::Payment::Rent);
    QVERIFY(!list.lines.empty());
    // The name as the report writes it: without the ", month" the price column says as its unit.
    QString first = QString::fromStdString(list.lines.front().name);
    if (first.endsWith(QLatin1String(", month"))) first.chop(7);
    for (int p = 1; p < appendix; ++p)
      QVERIFY2(!pdfText(path, p).simplified().contains(first), qPrintable(QStringLiteral("page %1 lists '%2'").arg(p).arg(first)));
    QVERIFY(pdfText(path, appendix).simplified().contains(first));
  }

  // In the Chinese report, the sources of the figures and the price list's lines have
  // their fixed words in Chinese (the engine's source sentences, the "[est]" markers, the kind of
  // line and its unit); what they cite (authors, titles, product names) stays as written.
  // A layout few or no published runs cover: the report's headline section says so in the words
  // of the CLI's and the JSON's warning (outside_evidence), and gives what the planner finds on
  // the same cluster, with its figure, as `clusterplan-cli plan` words it. LLaMA-65B at TP 4 on
  // A100 (tp_65b_plus) with CP 8 at 8K (1,024 tokens per CP rank: cp_short_sequence).
  void reportSaysWhenOutsideTheEvidence() {
    if (!havePdfToText()) QSKIP("pdftotext (poppler-utils) is not installed");
    cp::Scenario s = reportScenario();
    s.training.seq = 8192;
    s.parallel.tp = 4;
    s.parallel.pp = 1;
    s.parallel.cp = 8;
    const cp::Estimate e = cp::estimate(s);
    QVERIFY(e.throughput.outside_evidence & (1u << unsigned(cp::EvidenceGap::CpShortSequence)));
    const QString path = dir_.filePath(QStringLiteral("evidence.pdf"));
    const cp::ui::ReportResult r = cp::ui::writeScenarioReport(s, path);
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    const QString text = pdfText(path).simplified();
    QVERIFY2(text.contains(QStringLiteral("few or no published runs stand where this layout does (tp_65b_plus, "
                                          "memory_above_90, cp_short_sequence)")),
             qPrintable(text.left(3000)));
    QVERIFY(text.contains(QStringLiteral("cp_short_sequence: for each halving of the tokens per CP rank below 4096")));
    const cp::PlanResult plan = cp::plan(s, cp::SearchSpace{}, cp::PlanOptions{});
    QVERIFY(plan.ok() && !plan.top.empty());
    const QString planner = QString::fromStdString(cp::validated_layout_text(plan)).simplified();
    QVERIFY(planner.contains(QStringLiteral("tokens/s (band ")));
    QVERIFY2(text.contains(planner), qPrintable(planner));
    // The same scenario inside the evidence (CP 1, TP 8, selective recomputation) says nothing of it.
    cp::Scenario inside = reportScenario();
    QCOMPARE(cp::estimate(inside).throughput.outside_evidence, 0u);
    const QString insidePath = dir_.filePath(QStringLiteral("inside.pdf"));
    QVERIFY(cp::ui::writeScenarioReport(inside, insidePath).error.isEmpty());
    QVERIFY(!pdfText(insidePath).simplified().contains(QStringLiteral("few or no published runs")));
  }

  void chineseReportTranslatesSourcesAndPrices() {
    if (!havePdfToText()) QSKIP("pdftotext (poppler-utils) is not installed");
    QVERIFY(cp::ui::installTranslations(*qApp, QStringLiteral("zh_CN")));
    const QString path = dir_.filePath(QStringLiteral("zh.pdf"));
    const cp::Scenario s = reportScenario();
    const cp::ui::ReportResult r = cp::ui::writeScenarioReport(s, path);
    // Back to English for the other tests: the translators off, the English locale.
    for (QTranslator* t : qApp->findChildren<QTranslator*>()) {
      QCoreApplication::removeTranslator(t);
      delete t;
    }
    QLocale::setDefault(QLocale(QLocale::English));
    QVERIFY2(r.ok, qPrintable(r.error));
    // Every page before the last appendix (every input, its keys English by design).
    QString body;
    for (int p = 1; p < r.sectionPages.last(); ++p) body += pdfText(path, p) + QLatin1Char('\n');
    const QSet<QString> ascii = words(body);
    // The engine's fixed words of the sources (explain.cpp) and the price list's markers.
    for (const char* english : {"explained", "checkpoint", "catalog", "roofline", "collectives", "allowances",
                                "Definition", "industry", "calibrated", "est", "sec", "secondary", "appendix"})
      QVERIFY2(!ascii.contains(QLatin1String(english)), english);
    // The default scenario's name is derived: its title reads in Chinese.
    QVERIFY(cp::name_is_derived(s));
    const QString first = pdfText(path, 1).simplified();
    QVERIFY2(first.contains(QStringLiteral("32 块")), qPrintable(first.left(600)));
    QVERIFY2(!first.contains(QStringLiteral("32x A100")), qPrintable(first.left(600)));
    // The citations stay: authors and titles as written.
    for (const char* cited : {"Rajbhandari", "Korthikanti", "Narayanan", "Chowdhery", "Uptime", "Daly"})
      QVERIFY2(ascii.contains(QLatin1String(cited)), cited);
    // The price list (rent): the kind of line and its unit in Chinese, the product name as written.
    const QString appendix = pdfText(path, r.sectionPages.at(r.sectionPages.size() - 2)).simplified();
    QVERIFY2(appendix.contains(QStringLiteral("服务器租金")), qPrintable(appendix.left(3000)));
    QVERIFY2(appendix.contains(QStringLiteral("服务器每月")), qPrintable(appendix.left(3000)));  // cells wrap
    QVERIFY2(appendix.contains(QStringLiteral("[估计]")), qPrintable(appendix.left(3000)));
    QVERIFY2(appendix.contains(QStringLiteral("8x H100 + IB server")), qPrintable(appendix.left(3000)));
    QVERIFY2(!appendix.contains(QStringLiteral(", month")), qPrintable(appendix.left(3000)));
  }

  // Point 7: printing is the same report on a printer (here one that prints to a PDF file).
  void printIsTheSameReport() {
    const QString printed = dir_.filePath(QStringLiteral("printed.pdf"));
    QPrinter printer(QPrinter::HighResolution);
    printer.setOutputFormat(QPrinter::PdfFormat);
    printer.setOutputFileName(printed);
    printer.setPageSize(QPageSize(QPageSize::A4));
    printer.setFullPage(true);
    printer.setResolution(96);
    const cp::ui::ReportResult p = cp::ui::printScenarioReport(reportScenario(), &printer);
    QVERIFY2(p.ok, qPrintable(p.error));
    const cp::ui::ReportResult w = cp::ui::writeScenarioReport(reportScenario(), dir_.filePath(QStringLiteral("written.pdf")));
    QVERIFY(w.ok);
    QCOMPARE(p.pages, w.pages);
    QCOMPARE(pdfPages(printed), p.pages);
    QVERIFY(window_->findChild<QAction*>(QStringLiteral("printAction")));
  }


  // Point 8: the slides always include the headline and the fabric comparison (its sweep is
  // started when none has run, and its slides fill in).
  void presentationHasHeadlineAndComparisonSlides() {
    cp::ui::PresentationWindow w(window_->document());  // no comparison page given
    const QStringList ids = w.slideIds();
    QCOMPARE(ids.value(0), QStringLiteral("headline"));
    for (const char* id : {"memory", "step", "power", "cost"}) QVERIFY2(ids.contains(QLatin1String(id)), id);
    for (int m = 0; m < cp::ui::FabricComparisonPage::MetricCount; ++m)
      QVERIFY2(ids.contains(QStringLiteral("comparison-%1").arg(m)), qPrintable(ids.join(QLatin1Char(' '))));
    QCOMPARE(w.pageCount(), int(ids.size()));
    w.setPage(0);
    QVERIFY(!w.currentPlot());  // the headline slide draws the figures, not a chart
    w.setPage(int(ids.indexOf(QStringLiteral("comparison-0"))));
    QVERIFY(w.currentPlot());
    QTRY_VERIFY_WITH_TIMEOUT(w.currentPlot()->graphCount() > 0, 180000);
  }

  // The presentation window's title is the scenario's display name in the
  // GUI's language, and a language switch while presenting retranslates it (not left in English).
  void presentationTitleFollowsTheLanguage() {
    cp::ui::PresentationWindow w(window_->document(), window_->comparisonPage());
    QVERIFY(cp::name_is_derived(window_->document()->estimatedScenario()));
    QVERIFY2(w.windowTitle().contains(QLatin1String("32x A100")), qPrintable(w.windowTitle()));
    QVERIFY(cp::ui::installTranslations(*qApp, QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    const QString chinese = w.windowTitle();
    for (QTranslator* t : qApp->findChildren<QTranslator*>()) {
      QCoreApplication::removeTranslator(t);
      delete t;
    }
    QLocale::setDefault(QLocale(QLocale::English));
    QCoreApplication::processEvents();
    QVERIFY2(chinese.contains(QStringLiteral("32 块")), qPrintable(chinese));
    QVERIFY2(!chinese.contains(QLatin1String("Presentation")), qPrintable(chinese));
    QVERIFY2(w.windowTitle().startsWith(QLatin1String("Presentation")), qPrintable(w.windowTitle()));
  }

  // Point 8: a single-bar chart spans the slide: the step-time bar most of its width, the memory
  // bar (vertical, beside its capacity label) at least 40% of it (23% before).
  void singleBarChartsUseTheSlideWidth() {
    cp::ui::PresentationWindow w(window_->document(), window_->comparisonPage());
    w.resize(1920, 1080);
    const QStringList ids = w.slideIds();
    QList<QColor> step;
    for (int i = 0; i < int(cp::kStepParts.size()); ++i)
      step << window_->planPage()->stepChart()->bars(i)->brush().color();
    w.setPage(int(ids.indexOf(QStringLiteral("step"))));
    const int stepWidth = barExtent(w.grab().toImage(), step);
    QVERIFY2(stepWidth > 0.85 * 1920, qPrintable(QString::number(stepWidth)));
    QList<QColor> memory;
    for (cp::ui::MemoryComponent c : cp::ui::kMemoryComponents) memory << window_->memoryChart()->bars(c)->brush().color();
    w.setPage(int(ids.indexOf(QStringLiteral("memory"))));
    const int memoryWidth = barExtent(w.grab().toImage(), memory);
    QVERIFY2(memoryWidth > 0.40 * 1920, qPrintable(QString::number(memoryWidth)));
  }

  // Point 9: money axes carry thousands separators and at most five ticks.
  void moneyAxisHasGroupSeparators() {
    QCustomPlot* plot = window_->planPage()->costChart()->plot();
    plot->replot();
    const QVector<QString> labels = plot->xAxis->tickVectorLabels();
    QVERIFY(plot->xAxis->range().upper > 10000);
    QVERIFY2(labels.size() <= 6, qPrintable(QStringList(labels.begin(), labels.end()).join(QLatin1Char(' '))));
    const QChar group = QLocale().groupSeparator().front();
    bool grouped = false;
    for (const QString& l : labels) grouped = grouped || l.contains(group);
    QVERIFY2(grouped, qPrintable(QStringList(labels.begin(), labels.end()).join(QLatin1Char(' '))));
  }

  // Point 9: at 1366x768 the memory chart's capacity label lies inside the plot area, and no
  // chart's legend is cut off (its box inside the chart, each entry as wide as its text).
  void labelsAndLegendsFitAt1366x768() {
    window_->show();
    window_->resize(1366, 768);
    QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    QCoreApplication::processEvents();
    QCustomPlot* memory = window_->memoryChart()->plot();
    memory->replot();
    QCPItemText* capacity = nullptr;
    for (int i = 0; i < memory->itemCount(); ++i)
      if (auto* t = qobject_cast<QCPItemText*>(memory->item(i)); t && t->visible() && t->text().contains(QLatin1String("capacity")))
        capacity = t;
    QVERIFY(capacity);
    const QRectF label(capacity->topLeft->pixelPosition(), capacity->bottomRight->pixelPosition());
    const QRect area = memory->axisRect()->rect().adjusted(-1, -1, 1, 1);
    QVERIFY2(area.contains(label.toAlignedRect()),
             qPrintable(QStringLiteral("label %1,%2 %3x%4 outside %5,%6 %7x%8")
                            .arg(label.x()).arg(label.y()).arg(label.width()).arg(label.height())
                            .arg(area.x()).arg(area.y()).arg(area.width()).arg(area.height())));
    cp::ui::PlanPage* plan = window_->planPage();
    cp::ui::FabricComparisonPage* comparison = window_->comparisonPage();
    QList<QCustomPlot*> plots{memory, plan->stepChart()->plot(), plan->powerChart()->plot(), plan->costChart()->plot(),
                              comparison->plot(cp::ui::FabricComparisonPage::Throughput),
                              comparison->plot(cp::ui::FabricComparisonPage::GapByTraffic)};
    for (QCustomPlot* plot : plots) {
      if (plot == plots[4]) {  // the fabric comparison, shown, with its sweep's legends
        window_->pages()->setCurrentIndex(1);
        QTRY_VERIFY_WITH_TIMEOUT(comparison->result() && !comparison->isRunning(), 180000);
        QCoreApplication::processEvents();
      }
      plot->replot();
      QCPLegend* legend = plot->legend;
      QVERIFY2(plot->rect().adjusted(-1, -1, 1, 1).contains(legend->outerRect()),
               qPrintable(plot->objectName() + QStringLiteral(": the legend runs out of the chart")));
      for (int i = 0; i < legend->itemCount(); ++i) {
        QCPAbstractLegendItem* item = legend->item(i);
        if (!item) continue;  // an empty cell of the legend's grid
        QVERIFY2(item->outerRect().width() >= item->minimumOuterSizeHint().width() &&
                     item->outerRect().height() >= item->minimumOuterSizeHint().height(),
                 qPrintable(plot->objectName() + QLatin1Char('/') + plot->parentWidget()->objectName() +
                            QStringLiteral(": a legend entry is cut")));
      }
    }
    window_->pages()->setCurrentIndex(0);
  }

  // Point 9: hovering a bar shows its value; every chart of the workbench has a read-out.
  void hoverShowsTheValue() {
    cp::ui::BreakdownChart* chart = window_->planPage()->stepChart();
    QCustomPlot* plot = chart->plot();
    plot->replot();
    const double compute = chart->value(0);
    QVERIFY(compute > 0);
    const QPointF centre(plot->xAxis->coordToPixel(compute / 2), plot->yAxis->coordToPixel(1.0));
    const QString expected = chart->bars(0)->name();  // "Compute: 2.25 min"
    QVERIFY(expected.contains(QRegularExpression(QStringLiteral("\\d"))));
    QMouseEvent move(QEvent::MouseMove, centre, plot->mapToGlobal(centre), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(plot, &move);
    QTRY_VERIFY2(QToolTip::text().contains(expected), qPrintable(QToolTip::text()));
    // A fabric comparison point: the fabric, the cluster size and the value.
    cp::ui::FabricComparisonPage* comparison = window_->comparisonPage();
    if (!comparison->result()) comparison->run();
    QTRY_VERIFY_WITH_TIMEOUT(comparison->result() && !comparison->isRunning(), 180000);
    QCustomPlot* mfu = comparison->plot(cp::ui::FabricComparisonPage::Mfu);
    mfu->replot();
    QCPGraph* g = mfu->graph(0);
    QVERIFY(g && g->dataCount() > 0);
    const auto point = g->data()->at(0);
    const QString text = cp::ui::chartReadout(mfu, QPointF(mfu->xAxis->coordToPixel(point->key), mfu->yAxis->coordToPixel(point->value)));
    QVERIFY2(text.contains(g->name()) && text.contains(QLocale().toString(point->value, 'f', 2)), qPrintable(text));
    // Every chart: a read-out of the shared kind, or the memory chart's own.
    for (QCustomPlot* p : window_->findChildren<QCustomPlot*>())
      QVERIFY2(p->findChild<QObject*>(QStringLiteral("chartReadout")) || p->property("cpOwnReadout").toBool(),
               qPrintable(p->objectName() + QLatin1Char('/') + p->parentWidget()->objectName()));
  }

  // Point 9: the compare table and the planner table export as CSV, the topology as PNG and SVG,
  // through the actions of their context menus.
  void tableAndTopologyExports() {
    cp::Scenario other = reportScenario();
    other.cluster.nodes *= 2;
    window_->scenarioComparison()->setEntries({{QStringLiteral("A"), reportScenario()}, {QStringLiteral("B"), other}});
    QTableWidget* table = window_->scenarioComparison()->table();
    QVERIFY(table->rowCount() > 0);
    QMenu menu;
    cp::ui::addTableExportActions(&menu, table, QStringLiteral("compare"));
    auto* csv = menu.findChild<QAction*>(QStringLiteral("exportTableCsv"));
    QVERIFY(csv && csv->isEnabled());
    const QString csvPath = dir_.filePath(QStringLiteral("compare.csv"));
    cp::test::answerFileDialog(csvPath);
    csv->trigger();
    QFile f(csvPath);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const cp::ui::Table back = cp::ui::tableFromCsv(f.readAll());
    QCOMPARE(back.rows.size(), qsizetype(table->rowCount()));
    QVERIFY(back.header.size() >= 2);

    QMenu pictures;
    cp::ui::addWidgetExportActions(&pictures, window_->topologyView(), QStringLiteral("topology"));
    for (const char* name : {"exportWidgetPng", "exportWidgetSvg"}) {
      auto* a = pictures.findChild<QAction*>(QLatin1String(name));
      QVERIFY(a);
      const QString path = dir_.filePath(QStringLiteral("topology.") + (QLatin1String(name).endsWith(QLatin1String("Png")) ? QStringLiteral("png") : QStringLiteral("svg")));
      cp::test::answerFileDialog(path);
      a->trigger();
      QVERIFY2(QFileInfo(path).size() > 1000, qPrintable(path));
    }
    QCOMPARE(QImage(dir_.filePath(QStringLiteral("topology.png"))).size(), window_->topologyView()->size() * 2);
  }

  // Point 9: one unit per chart: the memory chart in GB when figures are written in GB, the power
  // chart in BTU/h when power is (its axis said GiB and kW whatever the legend said).
  void chartAxesFollowTheUnits() {
    cp::ui::setMemoryUnit(cp::ui::MemoryUnit::GB);
    cp::ui::setPowerUnit(cp::ui::PowerUnit::BtuPerHour);
    window_->setScenario(reportScenario());
    cp::ui::MemoryChart* memory = window_->memoryChart();
    QStringList memoryTexts{memory->valueAxisLabel(), memory->capacityLabel()};
    for (cp::ui::MemoryComponent c : cp::ui::kMemoryComponents) memoryTexts << memory->bars(c)->name();
    cp::ui::BreakdownChart* power = window_->planPage()->powerChart();
    QStringList powerTexts{power->plot()->xAxis->label()};
    for (int i = 0; i < int(cp::kPowerParts.size()); ++i)
      if (power->value(i) > 0) powerTexts << power->bars(i)->name();
    const double capacityGb = window_->document()->estimate()->memory.capacity / 1e9;
    const double drawn = memory->capacityGiB();
    cp::ui::setMemoryUnit(cp::ui::MemoryUnit::GiB);
    cp::ui::setPowerUnit(cp::ui::PowerUnit::Kw);
    window_->setScenario(reportScenario());
    for (const QString& t : memoryTexts) QVERIFY2(t.contains(QLatin1String("GB")) && !t.contains(QLatin1String("GiB")), qPrintable(t));
    QVERIFY2(std::abs(drawn - capacityGb) < 1e-9, qPrintable(QString::number(drawn)));
    for (const QString& t : powerTexts) QVERIFY2(t.contains(QLatin1String("BTU/h")) && !t.contains(QLatin1String("kW")), qPrintable(t));
  }

  // Point 9: on the dark theme every label and marker stands out from the chart's background.
  void darkThemeShowsEveryLabel() {
    cp::ui::FabricComparisonPage* comparison = window_->comparisonPage();
    comparison->setClaimsShown(true);
    QTRY_VERIFY_WITH_TIMEOUT(comparison->result() && !comparison->isRunning(), 180000);
    cp::ui::applyTheme(cp::ui::Theme::Dark);
    QCoreApplication::processEvents();
    QStringList faint;
    int texts = 0;
    for (QCustomPlot* plot : window_->findChildren<QCustomPlot*>()) {
      const QColor background = plot->palette().color(QPalette::Base);
      for (int i = 0; i < plot->itemCount(); ++i) {
        auto* t = qobject_cast<QCPItemText*>(plot->item(i));
        if (!t || !t->visible() || t->text().isEmpty() || t->property("cpOnFill").toBool()) continue;
        ++texts;
        const QColor under = t->brush().style() != Qt::NoBrush && t->brush().color().alpha() > 128 ? t->brush().color() : background;
        if (contrast(t->color(), under) < 3) faint << QStringLiteral("%1: '%2'").arg(plot->objectName(), t->text());
      }
      for (int i = 0; i < plot->graphCount(); ++i) {
        const QCPGraph* g = plot->graph(i);
        // A line's pen, or a marker's (the seed article's claims are markers only).
        const QColor drawn = g->lineStyle() == QCPGraph::lsNone && !g->scatterStyle().isNone()
                                 ? g->scatterStyle().pen().color()
                                 : g->pen().color();
        if (g->dataCount() && contrast(drawn, background) < 2)
          faint << QStringLiteral("%1: the line of '%2'").arg(plot->objectName(), g->name());
      }
      for (QCPAxis* axis : plot->axisRect()->axes())
        if (axis->visible() && contrast(axis->tickLabelColor(), background) < 4.5)
          faint << QStringLiteral("%1: tick labels").arg(plot->objectName());
    }
    cp::ui::applyTheme(cp::ui::Theme::Light);
    QVERIFY(texts > 5);
    QVERIFY2(faint.isEmpty(), qPrintable(faint.join(QLatin1Char('\n'))));
  }
  // The report's numbers are written for people, the appendix of every input's too: never
  // "1.9732816719714506e-05" as the scenario file's JSON has it.
  void readableNumbers_data() {
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("failure rate") << 1.9732816719714506e-05 << QStringLiteral("1.973 × 10⁻⁵");
    QTest::newRow("latency") << 1e-06 << QStringLiteral("1 × 10⁻⁶");
    QTest::newRow("rounds up to the next power") << 9.99996e-05 << QStringLiteral("1 × 10⁻⁴");
    QTest::newRow("price") << 0.088 << QStringLiteral("0.088");
    QTest::newRow("fraction") << 0.97 << QStringLiteral("0.97");
    QTest::newRow("pue") << 1.3 << QStringLiteral("1.3");
    QTest::newRow("whole") << 22016.0 << QStringLiteral("22,016");
    QTest::newRow("bytes per second") << 1e10 << QStringLiteral("10,000,000,000");
    QTest::newRow("four digits") << 3.14159265 << QStringLiteral("3.142");
    QTest::newRow("large") << 2.5e18 << QStringLiteral("2.5 × 10¹⁸");
    QTest::newRow("negative") << -0.25 << QStringLiteral("-0.25");
  }
  void readableNumbers() {
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(cp::ui::readableNumber(value), text);
  }

  void reportHeadlineOnPageOne() {
    const QString path = dir_.filePath(QStringLiteral("page-one.pdf"));
    const cp::ui::ReportResult r = cp::ui::writeScenarioReport(reportScenario(), path);
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(r.hasToc);
    QCOMPARE(r.sectionPages.front(), 1);
    if (!havePdfToText()) QSKIP("pdftotext (poppler-utils) is not installed");
    const QString first = pdfText(path, 1, true);
    for (const QString& words : {QStringLiteral("Scenario report"), QStringLiteral("Headline figures"), QStringLiteral("Fits: yes"),
                                 QStringLiteral("MFU"), QStringLiteral("Contents")})
      QVERIFY2(first.contains(words), qPrintable(words + QStringLiteral(" not on page 1:\n") + first));
    const QString all = pdfText(path, 0, true);
    static const QRegularExpression raw(QStringLiteral("\\d[eE][-+]?\\d|\\d\\.\\d{7,}"));
    const QRegularExpressionMatch m = raw.match(all);
    QVERIFY2(!m.hasMatch(), qPrintable(QStringLiteral("a raw number: ") + all.mid(std::max<qsizetype>(0, m.capturedStart() - 60), 120)));
    QVERIFY2(all.contains(QStringLiteral("1.973 × 10⁻⁵")), "the failure rate of the appendix");
  }

  // A chart's "Export data as CSV" writes that chart's data: the memory chart its five components
  // (not the whole estimate, 331 key/value rows), the step chart its parts, and so on; the
  // suggested file name starts with the scenario's name.
  void chartDataIsTheChartsOwn() {
    window_->setScenario(reportScenario());
    window_->pages()->setCurrentIndex(0);
    const cp::Estimate& e = *window_->document()->estimate();
    cp::ui::PlanPage* plan = window_->planPage();
    struct Expect {
      QCustomPlot* plot;
      qsizetype rows;
      QString value;
      double total;
    } charts[] = {
        {plan->memoryChart()->plot(), qsizetype(cp::ui::kMemoryComponents.size()), QStringLiteral("bytes"), e.memory.peak.total()},
        {plan->stepChart()->plot(), qsizetype(cp::kStepParts.size()), QStringLiteral("seconds"), e.step.step_s},
        {plan->powerChart()->plot(), qsizetype(cp::kPowerParts.size()), QStringLiteral("watts"), e.power.facility_w},
    };
    for (const Expect& c : charts) {
      QMenu menu;
      QList<cp::ui::ExportTarget> targets = cp::ui::exportTargets(plan);
      const auto it = std::find_if(targets.begin(), targets.end(), [&c](const cp::ui::ExportTarget& t) { return t.widget == c.plot; });
      QVERIFY(it != targets.end());
      it->addActions(&menu);
      auto* csv = menu.findChild<QAction*>(QStringLiteral("exportDataCsv"));
      QVERIFY(csv && csv->isEnabled());
      const QString path = dir_.filePath(c.value + QStringLiteral(".csv"));
      QString suggested;
      cp::test::answerFileDialog(path, &suggested);
      csv->trigger();
      QVERIFY2(QFileInfo(suggested).fileName().startsWith(QStringLiteral("LLaMA-65B on 32x A100 80GB SXM, IB HDR - ")),
               qPrintable(suggested));
      QFile f(path);
      QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path + QStringLiteral(" not written; ") + QDir(dir_.path()).entryList().join(QLatin1Char(','))));
      const cp::ui::Table table = cp::ui::tableFromCsv(f.readAll());
      QCOMPARE(table.header, (QStringList{QStringLiteral("part"), QStringLiteral("label"), c.value, QStringLiteral("share")}));
      QCOMPARE(table.rows.size(), c.rows);
      double sum = 0;
      for (const QVariantList& row : table.rows) sum += row.value(2).toString().toDouble();
      QVERIFY2(std::abs(sum - c.total) <= 1e-6 * c.total, qPrintable(QStringLiteral("%1: %2 against %3").arg(c.value).arg(sum).arg(c.total)));
    }
    const cp::ui::Table cost = cp::ui::costTable(window_->document()->estimatedScenario(), e);
    QCOMPARE(cost.header.value(2), QStringLiteral("per_month_cny"));
    QCOMPARE(cost.rows.size(), qsizetype(cp::kCostParts.size()));
  }

  void defaultFileNamesNameTheScenario() {
    QCOMPARE(cp::ui::exportFileBase(QStringLiteral("LLaMA-65B on 32x A100"), QStringLiteral("memory-per-gpu")),
             QStringLiteral("LLaMA-65B on 32x A100 - memory-per-gpu"));
    QCOMPARE(cp::ui::exportFileBase(QStringLiteral("a/b:c*d?\"<e>|"), QStringLiteral("cost")), QStringLiteral("a-b-c-d---e-- - cost"));
    QCOMPARE(cp::ui::exportFileBase(QStringLiteral("  ..hidden.  "), QStringLiteral("report")), QStringLiteral("hidden - report"));
    QCOMPARE(cp::ui::exportFileBase(QString(), QStringLiteral("report")), QStringLiteral("report"));
    QCOMPARE(cp::ui::exportFileBase(QString(300, QLatin1Char('x')), QStringLiteral("r")).size(), 100 + 4);
    // File > Export report… and Save as… offer the scenario's name.
    cp::Scenario named = reportScenario();
    named.name = "Team plan: 64x H100";
    window_->setScenario(named);
    QString suggested;
    cp::test::answerFileDialog(dir_.filePath(QStringLiteral("named-report.pdf")), &suggested);
    window_->findChild<QAction*>(QStringLiteral("exportReportAction"))->trigger();
    QCOMPARE(QFileInfo(suggested).fileName(), QStringLiteral("Team plan- 64x H100 - report.pdf"));
    cp::test::answerFileDialog(dir_.filePath(QStringLiteral("named.json")), &suggested);
    window_->findChild<QAction*>(QStringLiteral("saveAsAction"))->trigger();
    QTRY_VERIFY(QFileInfo::exists(dir_.filePath(QStringLiteral("named.json"))));
    QCOMPARE(QFileInfo(suggested).fileName(), QStringLiteral("Team plan- 64x H100.json"));
    window_->setScenario(reportScenario());
  }

  // Export is reachable from the menu bar (File > Export: the page's charts, tables and picture,
  // each with its export actions) and from the keyboard (Ctrl+E opens that menu over the page).
  void exportFromMenuAndShortcut() {
    window_->show();
    QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
    window_->pages()->setCurrentIndex(0);
    auto* menu = window_->findChild<QMenu*>(QStringLiteral("exportMenu"));
    QVERIFY(menu);
    auto* file = window_->menuBar()->actions().front()->menu();
    QVERIFY(file->actions().contains(menu->menuAction()));
    Q_EMIT menu->aboutToShow();
    QStringList titles;
    for (QAction* a : menu->actions())
      if (a->menu()) titles << a->text();
    QCOMPARE(titles.size(), 4);  // the plan page's four charts
    QVERIFY2(titles.front().startsWith(QStringLiteral("Memory per GPU")), qPrintable(titles.join(QLatin1String(", "))));
    QVERIFY(menu->actions().front()->menu()->findChild<QAction*>(QStringLiteral("exportChartPng")));
    window_->pages()->setCurrentWidget(window_->topologyView());
    Q_EMIT menu->aboutToShow();
    QCOMPARE(menu->actions().size(), 1);
    QVERIFY(menu->actions().front()->menu()->findChild<QAction*>(QStringLiteral("exportWidgetSvg")));
    // Ctrl+E pops it up.
    window_->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window_.get()));
    QTest::keySequence(window_.get(), QKeySequence(Qt::CTRL | Qt::Key_E));
    QTRY_VERIFY(menu->isVisible());
    menu->hide();
    window_->pages()->setCurrentIndex(0);
  }

 private:
  QTemporaryDir dir_;
  std::unique_ptr<cp::ui::MainWindow> window_;
};

QTEST_MAIN(TestPresenters)
#include "tst_presenters.moc"
