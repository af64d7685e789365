// clusterplan-cli report and chart (drawn by clusterplan-render, with no display and no
// QT_QPA_PLATFORM), batch estimates, and the promise that clusterplan-cli itself loads no Qt.
// Runs the real executables (CLUSTERPLAN_CLI) through QProcess; links no Qt GUI library itself.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

QString cli() { return qEnvironmentVariable("CLUSTERPLAN_CLI"); }

struct Run {
  int code = -1;
  QByteArray out, err;
};

// Runs `program` with no display and no platform chosen, as on a build server.
Run run(const QString& program, const QStringList& args, const QByteArray& input = {}) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.remove(QStringLiteral("QT_QPA_PLATFORM"));
  env.remove(QStringLiteral("DISPLAY"));
  env.remove(QStringLiteral("WAYLAND_DISPLAY"));
  p.setProcessEnvironment(env);
  p.start(program, args);
  if (!p.waitForStarted()) return {};
  if (!input.isEmpty()) p.write(input);
  p.closeWriteChannel();
  p.waitForFinished(240000);
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

QByteArray read(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

int pdfPages(const QByteArray& bytes) {
  static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"));
  return bytes.startsWith("%PDF-") ? int(QString::fromLatin1(bytes).count(page)) : -1;
}

// A PNG's width and height from its IHDR chunk.
QSize pngSize(const QByteArray& b) {
  if (b.size() < 24 || !b.startsWith("\x89PNG")) return {};
  auto be = [&](int at) { return (uchar(b[at]) << 24) | (uchar(b[at + 1]) << 16) | (uchar(b[at + 2]) << 8) | uchar(b[at + 3]); };
  return QSize(be(16), be(20));
}

}  // namespace

class TestCliRender : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY2(QFile::exists(cli()), qPrintable(cli()));
    QVERIFY(dir_.isValid());
  }

  void cliLoadsNoQt() {
    QProcess ldd;
    ldd.start(QStringLiteral("ldd"), {cli()});
    QVERIFY(ldd.waitForFinished());
    const QByteArray libs = ldd.readAllStandardOutput();
    QVERIFY(!libs.isEmpty());
    QVERIFY2(!libs.contains("libQt6"), libs.constData());
  }

  void chartPng() {
    const QString path = dir_.filePath(QStringLiteral("memory.png"));
    const Run r = run(cli(), {QStringLiteral("chart"), QStringLiteral("memory"), QStringLiteral("--gpus"), QStringLiteral("64"),
                              QStringLiteral("-o"), path, QStringLiteral("--width"), QStringLiteral("900"),
                              QStringLiteral("--height"), QStringLiteral("600"), QStringLiteral("--dpi"), QStringLiteral("120")});
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(pngSize(read(path)), QSize(900, 600));
  }

  void chartSvgAndPdf_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("file");
    QTest::newRow("time svg") << "time" << "time.svg";
    QTest::newRow("cost pdf") << "cost" << "cost.pdf";
    QTest::newRow("fabric svg") << "fabric" << "fabric.svg";
    QTest::newRow("fabric pdf, dark") << "fabric" << "fabric-dark.pdf";
  }
  void chartSvgAndPdf() {
    QFETCH(QString, kind);
    QFETCH(QString, file);
    const QString path = dir_.filePath(file);
    QStringList args{QStringLiteral("chart"), kind, QStringLiteral("-o"), path};
    if (file.contains(QLatin1String("dark"))) args << QStringLiteral("--theme") << QStringLiteral("dark");
    const Run r = run(cli(), args);
    QVERIFY2(r.code == 0, r.err.constData());
    const QByteArray bytes = read(path);
    if (file.endsWith(QLatin1String(".pdf"))) {
      QCOMPARE(pdfPages(bytes), 1);
    } else {
      QXmlStreamReader xml(bytes);
      while (!xml.atEnd()) xml.readNext();
      QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
      QVERIFY(bytes.contains("<svg"));
    }
  }

  void chartErrors() {
    Run r = run(cli(), {QStringLiteral("chart"), QStringLiteral("pie"), QStringLiteral("-o"), dir_.filePath(QStringLiteral("x.png"))});
    QCOMPARE(r.code, 2);
    r = run(cli(), {QStringLiteral("chart"), QStringLiteral("memory")});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains("-o"));
    r = run(cli(), {QStringLiteral("chart"), QStringLiteral("memory"), QStringLiteral("--tp"), QStringLiteral("3"),
                    QStringLiteral("-o"), dir_.filePath(QStringLiteral("y.png"))});
    QCOMPARE(r.code, 2);
    QVERIFY(!QFile::exists(dir_.filePath(QStringLiteral("y.png"))));
    r = run(cli(), {QStringLiteral("chart"), QStringLiteral("--help")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains("Usage"));
  }

  // A size or resolution the export would refuse is a usage error naming the option and its
  // bounds, before any file work (it was "cannot write x.png: The size must be ...").
  void chartSizeOutOfBounds_data() {
    QTest::addColumn<QStringList>("option");
    QTest::addColumn<QString>("message");
    QTest::newRow("width 0") << QStringList{QStringLiteral("--width"), QStringLiteral("0")}
                             << QStringLiteral("--width: must be 64 to 16384 pixels, got 0");
    QTest::newRow("width 100000") << QStringList{QStringLiteral("--width=100000")}
                                  << QStringLiteral("--width: must be 64 to 16384 pixels, got 100000");
    QTest::newRow("height 63") << QStringList{QStringLiteral("--height"), QStringLiteral("63")}
                               << QStringLiteral("--height: must be 64 to 16384 pixels, got 63");
    QTest::newRow("dpi -1") << QStringList{QStringLiteral("--dpi"), QStringLiteral("-1")}
                            << QStringLiteral("--dpi: must be 24 to 2400 DPI, got -1");
    QTest::newRow("dpi 2401") << QStringList{QStringLiteral("--dpi"), QStringLiteral("2401")}
                              << QStringLiteral("--dpi: must be 24 to 2400 DPI, got 2401");
  }
  void chartSizeOutOfBounds() {
    QFETCH(QStringList, option);
    QFETCH(QString, message);
    const QString out = dir_.filePath(QStringLiteral("bounds.png"));
    const Run r = run(cli(), QStringList{QStringLiteral("chart"), QStringLiteral("memory"), QStringLiteral("-o"), out} + option);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.startsWith(message.toUtf8() + '\n'), r.err.constData());
    QVERIFY2(!r.err.contains("cannot write"), r.err.constData());
    QVERIFY(!QFile::exists(out));
  }

  // A report is a PDF: another file name is refused, as a chart's is; --metric belongs to the
  // fabric chart alone. Both before anything is drawn or written.
  void wrongOutputAndMetricRefused() {
    const QString txt = dir_.filePath(QStringLiteral("r.txt"));
    Run r = run(cli(), {QStringLiteral("report"), QStringLiteral("-o"), txt});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.startsWith("-o: a report is a PDF: use a .pdf file name\n"), r.err.constData());
    QVERIFY(!QFile::exists(txt));
    const QString png = dir_.filePath(QStringLiteral("metric.png"));
    r = run(cli(), {QStringLiteral("chart"), QStringLiteral("memory"), QStringLiteral("--metric"), QStringLiteral("mfu"),
                    QStringLiteral("-o"), png});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--metric: only the fabric chart has metrics, not the memory chart\n"), r.err.constData());
    QVERIFY(!QFile::exists(png));
    r = run(cli(), {QStringLiteral("report"), QStringLiteral("--metric"), QStringLiteral("mfu"), QStringLiteral("-o"),
                    dir_.filePath(QStringLiteral("m.pdf"))});
    QCOMPARE(r.code, 2);
  }

  // As in every command, an option without its value is refused: "--NAME: missing value (PLACEHOLDER)".
  void missingValue() {
    const QString out = dir_.filePath(QStringLiteral("m.png"));
    Run r = run(cli(), {QStringLiteral("chart"), QStringLiteral("memory"), QStringLiteral("-o"), out, QStringLiteral("--width")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--width: missing value (PX)"), r.err.constData());
    r = run(cli(), {QStringLiteral("chart"), QStringLiteral("memory"), QStringLiteral("--theme"), QStringLiteral("-o"), out});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--theme: missing value (light|dark)"), r.err.constData());
    r = run(cli(), {QStringLiteral("chart"), QStringLiteral("memory"), QStringLiteral("-o")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("-o: missing value (OUT)"), r.err.constData());
    r = run(cli(), {QStringLiteral("report"), QStringLiteral("--max-gpus"), QStringLiteral("--output=") + out});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--max-gpus: missing value (N)"), r.err.constData());
    r = run(cli(), {QStringLiteral("chart"), QStringLiteral("memory"), QStringLiteral("-o"), out, QStringLiteral("--tp")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("--tp: missing value (N)"), r.err.constData());
    QVERIFY(!QFile::exists(out));
  }

  // "--name=value" reads as "--name value".
  void optionWithEquals() {
    const QString path = dir_.filePath(QStringLiteral("eq.svg"));
    const Run r = run(cli(), {QStringLiteral("chart"), QStringLiteral("memory"), QStringLiteral("--width=320"),
                              QStringLiteral("--theme=dark"), QStringLiteral("--output=") + path});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(QFile::exists(path));
  }

  void reportFromScenarioFile() {
    // A scenario file, as `scenario export` or the workbench writes it.
    const QString scenario = dir_.filePath(QStringLiteral("plan.json"));
    QFile f(scenario);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "clusterplan-scenario-file", "format_version": 1, "name": "Deck scenario",
               "scenario": {"name": "Deck scenario"}})");
    f.close();
    const QString path = dir_.filePath(QStringLiteral("report.pdf"));
    const Run r = run(cli(), {QStringLiteral("report"), QStringLiteral("--scenario"), scenario, QStringLiteral("-o"), path});
    QVERIFY2(r.code == 0, r.err.constData());
    const int pages = pdfPages(read(path));
    QVERIFY(pages >= 5);
    QVERIFY(r.err.contains(QByteArray::number(pages) + " pages"));
  }

  // A value out of range in the --scenario file is named with the file, as `scenario import`
  // and `estimate --scenario` name it; nothing is written.
  void reportNamesTheFileOfABadValue() {
    const QString scenario = dir_.filePath(QStringLiteral("neg.json"));
    QFile f(scenario);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format":"clusterplan-scenario-file","format_version":1,"scenario":{"training":{"seq":-1}}})");
    f.close();
    const QString path = dir_.filePath(QStringLiteral("neg.pdf"));
    const Run r = run(cli(), {QStringLiteral("report"), QStringLiteral("--scenario"), scenario, QStringLiteral("-o"), path});
    QCOMPARE(r.code, 2);
    // One line of stderr is the problem (Qt may add a note of its own about the runtime folder).
    const QByteArray expected = (scenario + QStringLiteral(": scenario.training.seq: must be at least 1, got -1")).toUtf8();
    QVERIFY2(r.err.split('\n').contains(expected), r.err.constData());
    QVERIFY(!QFile::exists(path));
  }

  void fabricReport() {
    const QString path = dir_.filePath(QStringLiteral("fabric-report.pdf"));
    const Run r = run(cli(), {QStringLiteral("report"), QStringLiteral("--fabric"), QStringLiteral("--max-gpus"),
                              QStringLiteral("128"), QStringLiteral("-o"), path});
    QVERIFY2(r.code == 0, r.err.constData());
    QVERIFY(pdfPages(read(path)) >= 2);
  }

  void missingRendererIsReported() {
    QTemporaryDir alone;
    const QString copy = alone.filePath(QStringLiteral("clusterplan-cli"));
    QVERIFY(QFile::copy(cli(), copy));
    QFile(copy).setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    const Run r = run(copy, {QStringLiteral("report"), QStringLiteral("-o"), alone.filePath(QStringLiteral("r.pdf"))});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains("clusterplan-render"), r.err.constData());
    // The engine's commands do not need it.
    QCOMPARE(run(copy, {QStringLiteral("estimate"), QStringLiteral("--format"), QStringLiteral("json")}).code, 0);
  }

  void batchWithABadLine() {
    const QString path = dir_.filePath(QStringLiteral("batch.jsonl"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"parallelism\": {\"tp\": 4}}\n"
            "{not json\n"
            "\n"
            "{\"parallelism\": {\"tp\": 3}}\n"
            "{\"cluster\": {\"nodes\": 8}}\n");
    f.close();
    const Run r = run(cli(), {QStringLiteral("estimate"), QStringLiteral("--batch"), path});
    // Every line is answered, and the exit code says that some failed (3, not 0).
    QVERIFY2(r.code == 3, r.err.constData());
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 4);  // the blank line is skipped
    const QList<int> expectedLine{1, 2, 4, 5};
    const QList<bool> expectedError{false, true, true, false};
    for (int i = 0; i < 4; ++i) {
      const QJsonObject o = QJsonDocument::fromJson(lines[i]).object();
      QCOMPARE(o.value(QStringLiteral("line")).toInt(), expectedLine[i]);
      QCOMPARE(o.contains(QStringLiteral("error")), expectedError[i]);
    }
    QVERIFY(!QJsonDocument::fromJson(lines[0]).object().value(QStringLiteral("memory")).isUndefined() ||
            QJsonDocument::fromJson(lines[0]).object().size() > 3);
  }

  void batchFromStdin() {
    const Run r = run(cli(), {QStringLiteral("estimate"), QStringLiteral("--batch"), QStringLiteral("-")},
                      "{}\n{\"training\": {\"seq\": 4096}}\n");
    QVERIFY2(r.code == 0, r.err.constData());
    QCOMPARE(r.out.trimmed().split('\n').size(), 2);
  }

  void batchUnreadable() {
    const Run r = run(cli(), {QStringLiteral("estimate"), QStringLiteral("--batch"), dir_.filePath(QStringLiteral("none.jsonl"))});
    QCOMPARE(r.code, 2);
    QVERIFY(r.out.isEmpty());
  }

 private:
  QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(TestCliRender)
#include "tst_cli_render.moc"
