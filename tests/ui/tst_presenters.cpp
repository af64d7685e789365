// Issue 19, points 7-9, as presenters meet them: the PDF report exported and printed from the GUI
// (the CLI's report: one generator), its headline figures formatted for people, no table row
// split across pages and the price list out of the body; presentation mode's slides; the charts'
// hover read-outs, exports, units, money axes, labels at 1366x768 and the dark theme.
#include <QAction>
#include <QFile>
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
#include "engine/scenario.h"
#include "engine/units.h"
#include "ui/mainwindow.h"
#include "ui/report.h"
#include "ui/scenariodocument.h"

namespace {

// Pages of a PDF: its page objects ("/Type /Page", not "/Pages").
int pdfPages(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return -1;
  const QByteArray bytes = f.readAll();
  if (!bytes.startsWith("%PDF-")) return -1;
  static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"));
  return int(QString::fromLatin1(bytes).count(page));
}

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
    // The headline figures have a page of their own, the first after the title.
    const QString headline = pdfText(path, 2, true);
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
    const QString first = QString::fromStdString(list.lines.front().name);
    for (int p = 1; p < appendix; ++p)
      QVERIFY2(!pdfText(path, p).simplified().contains(first), qPrintable(QStringLiteral("page %1 lists '%2'").arg(p).arg(first)));
    QVERIFY(pdfText(path, appendix).simplified().contains(first));
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

 private:
  QTemporaryDir dir_;
  std::unique_ptr<cp::ui::MainWindow> window_;
};

QTEST_MAIN(TestPresenters)
#include "tst_presenters.moc"
