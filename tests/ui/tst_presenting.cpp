// Presenting and sharing: chart exports (PNG of the asked size, SVG that parses, PDF with one
// page), table exports (CSV with a BOM and '.' numbers that round-trips, JSON), the PDF reports
// (page count as reported, a table of contents), the themes, presentation mode, the settings,
// and the translations (no unfinished or obsolete entry; no ui/ string outside tr()).
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QStandardPaths>
#include <QRegularExpression>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>
#include <qcustomplot.h>

#include "common/pdf.h"
#include "engine/scenario.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/chartexport.h"
#include "ui/fabricsweep.h"
#include "ui/window/mainwindow.h"
#include "ui/charts/memorychart.h"
#include "ui/pages/planpage.h"
#include "ui/report/report.h"
#include "ui/scenariodocument.h"
#include "ui/theme.h"

namespace {

QString sourceDir() { return qEnvironmentVariable("CLUSTERPLAN_SOURCE_DIR"); }

using cp::test::pdfPages;

}  // namespace

class TestPresenting : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QLocale::setDefault(QLocale(QLocale::English));
    QVERIFY(dir_.isValid());
    window_ = std::make_unique<cp::ui::MainWindow>();
    window_->setScenario(cp::default_scenario());
    window_->resize(1400, 900);
  }
  void cleanupTestCase() { window_.reset(); }

  void pngHasTheRequestedSize_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    QTest::addColumn<int>("dpi");
    QTest::newRow("1600x1000@144") << 1600 << 1000 << 144;
    QTest::newRow("800x600@96") << 800 << 600 << 96;
    QTest::newRow("3840x2160@300") << 3840 << 2160 << 300;
  }
  void pngHasTheRequestedSize() {
    QFETCH(int, width);
    QFETCH(int, height);
    QFETCH(int, dpi);
    cp::ui::ChartExportOptions o;
    o.size = QSize(width, height);
    o.dpi = dpi;
    o.scenarioName = QStringLiteral("Test scenario");
    const QString path = dir_.filePath(QStringLiteral("memory-%1.png").arg(width));
    QString error;
    QVERIFY2(cp::ui::exportChart(window_->memoryChart()->plot(), path, o, &error), qPrintable(error));
    QImage image(path);
    QCOMPARE(image.size(), QSize(width, height));
    QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), dpi);
    // Drawn: more than one colour (not a blank page).
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
      for (int x = 0; x < image.width(); x += 7) colours.insert(image.pixel(x, y));
    QVERIFY(colours.size() > 5);
  }

  void svgParses() {
    cp::ui::ChartExportOptions o;
    o.scenarioName = QStringLiteral("Test scenario");
    const QString path = dir_.filePath(QStringLiteral("step.svg"));
    QVERIFY(cp::ui::exportChart(window_->planPage()->stepChart()->plot(), path, o));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    int elements = 0;
    while (!xml.atEnd())
      if (xml.readNext() == QXmlStreamReader::StartElement) ++elements;
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(elements > 20);
    QSvgRenderer renderer(path);
    QVERIFY(renderer.isValid());
  }

  void pdfIsOnePage() {
    cp::ui::ChartExportOptions o;
    o.palette = cp::ui::darkPalette();
    const QString path = dir_.filePath(QStringLiteral("cost.pdf"));
    QVERIFY(cp::ui::exportChart(window_->planPage()->costChart()->plot(), path, o));
    QCOMPARE(pdfPages(path), 1);
  }

  void unknownSuffixIsRefused() {
    QString error;
    QVERIFY(!cp::ui::exportChart(window_->memoryChart()->plot(), dir_.filePath(QStringLiteral("x.bmp")), {}, &error));
    QVERIFY(!error.isEmpty());
  }

  void footerNamesScenarioAndDate() {
    const QString footer = cp::ui::chartFooter(QStringLiteral("LLaMA run"), QDate(2026, 5, 1));
    QVERIFY(footer.contains(QLatin1String("LLaMA run")));
    QVERIFY(footer.contains(QLatin1String("2026")));
  }

  void csvRoundTripsInAnyLocale() {
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));  // ',' decimal separator
    const cp::ui::SweepResult sweep = cp::ui::run_sweep(cp::default_scenario(), cp::ui::default_fabrics(cp::default_scenario()), {32, 64});
    const cp::ui::Table table = cp::ui::sweepTable(sweep);
    QCOMPARE(table.rows.size(), qsizetype(sweep.series.size() * 2));
    const QByteArray csv = cp::ui::tableToCsv(table);
    QLocale::setDefault(QLocale(QLocale::English));
    QVERIFY(csv.startsWith("\xEF\xBB\xBF"));
    const cp::ui::Table back = cp::ui::tableFromCsv(csv);
    QCOMPARE(back.header, table.header);
    QCOMPARE(back.rows.size(), table.rows.size());
    const int mfu = int(table.header.indexOf(QStringLiteral("mfu")));
    for (qsizetype r = 0; r < table.rows.size(); ++r) {
      bool ok = false;
      const double v = back.rows[r][mfu].toString().toDouble(&ok);  // C locale
      QVERIFY(ok);
      QVERIFY(qAbs(v - table.rows[r][mfu].toDouble()) < 1e-9);
    }
    // Quoting survives commas, quotes and line ends.
    cp::ui::Table odd{{QStringLiteral("a"), QStringLiteral("b")},
                      {{QStringLiteral("x, \"y\"\nz"), 1.5}, {QStringLiteral("显存"), 2}},
                      {}};
    const cp::ui::Table oddBack = cp::ui::tableFromCsv(cp::ui::tableToCsv(odd));
    QCOMPARE(oddBack.rows[0][0].toString(), QStringLiteral("x, \"y\"\nz"));
    QCOMPARE(oddBack.rows[0][1].toString(), QStringLiteral("1.5"));
    QCOMPARE(oddBack.rows[1][0].toString(), QStringLiteral("显存"));
  }

  void jsonExport() {
    const cp::ui::SweepResult sweep = cp::ui::run_sweep(cp::default_scenario(), cp::ui::default_fabrics(cp::default_scenario()), {32});
    const QString path = dir_.filePath(QStringLiteral("sweep.json"));
    QVERIFY(cp::ui::exportTable(cp::ui::sweepTable(sweep), path));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll());
    QVERIFY(doc.isArray());
    QCOMPARE(doc.array().size(), qsizetype(sweep.series.size()));
    QVERIFY(doc.array().at(0).toObject().value(QStringLiteral("tokens_per_s")).isDouble());
    const QString csvPath = dir_.filePath(QStringLiteral("estimate.csv"));
    const auto& e = window_->document()->estimate();
    QVERIFY(e.has_value());
    QVERIFY(cp::ui::exportTable(cp::ui::estimateTable(window_->document()->estimatedScenario(), *e), csvPath));
  }

  void scenarioReport() {
    const QString path = dir_.filePath(QStringLiteral("report.pdf"));
    const cp::ui::ReportResult r = cp::ui::writeScenarioReport(cp::default_scenario(), path);
    QVERIFY2(r.ok, qPrintable(r.error));
    QCOMPARE(pdfPages(path), r.pages);
    QVERIFY(r.pages > cp::ui::kTocMinPages);
    QVERIFY(r.hasToc);
    QCOMPARE(r.sections.size(), r.sectionPages.size());
    for (qsizetype i = 1; i < r.sectionPages.size(); ++i) QVERIFY(r.sectionPages[i] > r.sectionPages[i - 1]);
    QCOMPARE(r.sectionPages.front(), 1);  // under the title, the contents after it
  }

  void fabricReport() {
    const QString path = dir_.filePath(QStringLiteral("fabric.pdf"));
    cp::ui::ReportOptions o;
    o.maxGpus = 128;
    const cp::ui::ReportResult r = cp::ui::writeFabricReport(cp::default_scenario(), path, o);
    QVERIFY2(r.ok, qPrintable(r.error));
    QVERIFY(r.pages >= 2);
    QCOMPARE(pdfPages(path), r.pages);
  }

  void reportToUnwritablePathFails() {
    const cp::ui::ReportResult r = cp::ui::writeScenarioReport(cp::default_scenario(), QStringLiteral("/nonexistent/dir/r.pdf"));
    QVERIFY(!r.ok);
    QVERIFY(!r.error.isEmpty());
  }

  void themes() {
    QVERIFY(cp::ui::paletteIsDark(cp::ui::darkPalette()));
    QVERIFY(!cp::ui::paletteIsDark(cp::ui::lightPalette()));
    cp::ui::applyTheme(cp::ui::Theme::Dark);
    QVERIFY(cp::ui::paletteIsDark(QApplication::palette()));
    cp::ui::applyTheme(cp::ui::Theme::Light);
    QVERIFY(!cp::ui::paletteIsDark(QApplication::palette()));
    cp::ui::applyTheme(cp::ui::Theme::System);
    QCOMPARE(cp::ui::paletteIsDark(QApplication::palette()), cp::ui::systemIsDark());
    cp::ui::Theme t{};
    QVERIFY(cp::ui::themeFromId(QStringLiteral("dark"), t));
    QCOMPARE(t, cp::ui::Theme::Dark);
    QVERIFY(!cp::ui::themeFromId(QStringLiteral("purple"), t));
  }

  void chineseTranslationComplete() {
    QFile f(sourceDir() + QStringLiteral("/resources/i18n/clusterplan_zh_CN.ts"));
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
    QXmlStreamReader xml(&f);
    int messages = 0;
    QStringList bad;
    QString source;
    while (!xml.atEnd()) {
      if (xml.readNext() != QXmlStreamReader::StartElement) continue;
      if (xml.name() == QLatin1String("message")) ++messages;
      else if (xml.name() == QLatin1String("source")) source = xml.readElementText();
      else if (xml.name() == QLatin1String("translation")) {
        const QString type = xml.attributes().value(QLatin1String("type")).toString();
        const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
        if (!type.isEmpty() || text.isEmpty()) bad << QStringLiteral("%1 (%2)").arg(source, type);
      }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(messages > 100);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
  }

  // A user-visible text given as a bare literal (not through tr()) would never be translated.
  void noStringEscapesTranslation() {
    static const QRegularExpression visible(QStringLiteral(
        "\\b(setText|setTitle|setWindowTitle|addAction|addMenu|setToolTip|setStatusTip|setWhatsThis|"
        "setPlaceholderText|setLabel|setTabText|addTab|addRow|setSuffix|setPrefix|setSpecialValueText|"
        "QLabel|QPushButton|QCheckBox|QRadioButton|QGroupBox|QToolButton|QAction)\\(\\s*"
        "(QStringLiteral\\(|QLatin1String\\(|QString::fromUtf8\\(|QString\\()?\""));
    // Not user-visible, or never translated on purpose: the application's name.
    static const QStringList allowed{QStringLiteral("\"clusterplan\"")};
    // Every source of ui/, in its rooms (ui/src/<room>/): none may be skipped.
    const QDir ui(sourceDir() + QStringLiteral("/ui"));
    QStringList found;
    int files = 0;
    QDirIterator it(ui.path(), {QStringLiteral("*.cpp")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
      const QString name = ui.relativeFilePath(it.next());
      QFile f(ui.filePath(name));
      QVERIFY(f.open(QIODevice::ReadOnly));
      ++files;
      int line = 0;
      while (!f.atEnd()) {
        ++line;
        const QString text = QString::fromUtf8(f.readLine());
        const QRegularExpressionMatch m = visible.match(text);
        if (!m.hasMatch()) continue;
        bool ok = false;
        for (const QString& a : allowed) ok = ok || text.mid(m.capturedEnd() - 1).startsWith(a);
        // Markup and placeholders only (rich text around translated parts): no words to translate.
        static const QRegularExpression literal(QStringLiteral("^\"((?:[^\"\\\\]|\\\\.)*)\""));
        static const QRegularExpression markup(QStringLiteral("<[^>]*>|%\\d+|&\\w+;|\\\\."));
        static const QRegularExpression letter(QStringLiteral("\\p{L}"));
        const QRegularExpressionMatch lit = literal.match(text.mid(m.capturedEnd() - 1));
        ok = ok || (lit.hasMatch() && !lit.captured(1).remove(markup).contains(letter));
        if (!ok) found << QStringLiteral("ui/%1:%2: %3").arg(name).arg(line).arg(text.trimmed());
      }
    }
    QVERIFY(files >= 30);
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
  }

 private:
  QTemporaryDir dir_;
  std::unique_ptr<cp::ui::MainWindow> window_;
};

QTEST_MAIN(TestPresenting)
#include "tst_presenting.moc"
