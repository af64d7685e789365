// core/ is plain C++: no file under it may include a Qt header, and none of its CMake targets may
// link Qt; the engine includes no POSIX-only header, and its files include one another in layers. This test reads the source tree
// (CLUSTERPLAN_SOURCE_DIR, set by CTest).
#include <QtTest>

class TstCoreNoQt : public QObject {
  Q_OBJECT
 private slots:
  void noQtIncludes();
  void noQtInCoreCMake();
  void engineIsPortable();
  void engineIsLayered();
  void detectorCatchesQt();

 private:
  static QStringList qtIncludes(const QString& text);
  static QString coreDir();
};

QString TstCoreNoQt::coreDir() { return qEnvironmentVariable("CLUSTERPLAN_SOURCE_DIR") + "/core"; }

QStringList TstCoreNoQt::qtIncludes(const QString& text) {
  // <QString>, "QtCore/qglobal.h", <qcustomplot.h>, <QtWidgets> ...
  static const QRegularExpression re(R"(^\s*#\s*include\s*[<"]((Qt|Q[A-Z]|qcustomplot)[^>"]*)[>"])",
                                     QRegularExpression::MultilineOption);
  QStringList hits;
  for (auto it = re.globalMatch(text); it.hasNext();) hits << it.next().captured(1);
  return hits;
}

void TstCoreNoQt::detectorCatchesQt() {
  QCOMPARE(qtIncludes("#include <QString>\n").size(), 1);
  QCOMPARE(qtIncludes("  #include \"QtCore/qglobal.h\"\n").size(), 1);
  QCOMPARE(qtIncludes("#include <qcustomplot.h>\n").size(), 1);
  QCOMPARE(qtIncludes("#include <vector>\n#include \"engine/model.h\"\n").size(), 0);
}

void TstCoreNoQt::noQtIncludes() {
  QDir dir(coreDir());
  QVERIFY2(dir.exists(), qPrintable(coreDir()));
  int files = 0;
  QStringList offenders;
  QDirIterator it(coreDir(), {"*.h", "*.hpp", "*.cpp", "*.cc"}, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    QFile f(it.next());
    QVERIFY(f.open(QIODevice::ReadOnly));
    ++files;
    for (const QString& inc : qtIncludes(QString::fromUtf8(f.readAll()))) offenders << f.fileName() + ": " + inc;
  }
  QVERIFY(files >= 10);
  QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join('\n')));
}

void TstCoreNoQt::noQtInCoreCMake() {
  // core/CMakeLists.txt and the four targets' own files: none links Qt.
  int targets = 0;
  for (const QString& sub : {QString(), QStringLiteral("/engine"), QStringLiteral("/plan"),
                             QStringLiteral("/io"), QStringLiteral("/store")}) {
    QFile f(coreDir() + sub + "/CMakeLists.txt");
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
    const QString text = QString::fromUtf8(f.readAll());
    QVERIFY2(!text.contains("Qt6::") && !text.contains("Qt::") && !text.contains("QCustomPlot"),
             qPrintable(f.fileName() + " links Qt"));
    if (text.contains("add_library(clusterplan_")) ++targets;
  }
  QCOMPARE(targets, 4);
}

void TstCoreNoQt::engineIsPortable() {
  // The engine compiles for Windows (CI builds it with mingw-w64): no POSIX-only header, and it
  // links nothing but the project's compile options.
  static const QRegularExpression posix(
      R"(^\s*#\s*include\s*<(unistd\.h|fcntl\.h|sys/[a-z_]+\.h|pthread\.h|dlfcn\.h|dirent\.h)>)",
      QRegularExpression::MultilineOption);
  QStringList offenders;
  QDirIterator it(coreDir() + "/engine", {"*.h", "*.cpp"}, QDir::Files, QDirIterator::Subdirectories);
  int files = 0;
  while (it.hasNext()) {
    QFile f(it.next());
    QVERIFY(f.open(QIODevice::ReadOnly));
    ++files;
    const auto m = posix.match(QString::fromUtf8(f.readAll()));
    if (m.hasMatch()) offenders << f.fileName() + ": " + m.captured(1);
  }
  QVERIFY(files >= 20);
  QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join('\n')));
  QFile cm(coreDir() + "/engine/CMakeLists.txt");
  QVERIFY(cm.open(QIODevice::ReadOnly));
  const QString text = QString::fromUtf8(cm.readAll());
  QVERIFY(text.contains("target_link_libraries(clusterplan_engine PUBLIC clusterplan_options)"));
}

void TstCoreNoQt::engineIsLayered() {
  // The table drawn at the top of engine/calibration.h: a file (header or source) includes only
  // engine headers of a lower layer, so that no include, and no call, goes back up; a new file
  // must be given its layer here. The calib namespace opens in calibration.h only.
  static const QStringList layers[] = {
      {"units", "enums", "version"},
      {"calibration"},
      {"model", "gpu", "fabric", "collectives", "assumptions", "utf8", "printf_text", "number_text"},
      {"scenario"},
      {"fields"},
      {"compute", "memory", "power", "error_band", "validate"},
      {"throughput", "reliability", "warnings"},
      {"cost"},
      {"estimate"},
      {"explain", "seed_claims"},
  };
  auto layer = [](const QString& name) {
    for (int i = 0; i < int(std::size(layers)); ++i)
      if (layers[i].contains(name)) return i;
    return -1;
  };
  static const QRegularExpression include(R"(^\s*#\s*include\s*"engine/(\w+)\.h")", QRegularExpression::MultilineOption);
  static const QRegularExpression calib(R"(namespace\s+(cp::)?calib\b)");
  QStringList offenders, calibHeaders;
  int files = 0;
  QDirIterator it(coreDir() + "/engine", {"*.h", "*.cpp"}, QDir::Files, QDirIterator::Subdirectories);
  while (it.hasNext()) {
    QFile f(it.next());
    QVERIFY(f.open(QIODevice::ReadOnly));
    ++files;
    const QString self = QFileInfo(f.fileName()).completeBaseName();
    const QString text = QString::fromUtf8(f.readAll());
    if (text.contains(calib)) calibHeaders << self;
    if (layer(self) < 0) {
      offenders << f.fileName() + ": not in the layer table";
      continue;
    }
    for (auto m = include.globalMatch(text); m.hasNext();) {
      const QString used = m.next().captured(1);
      if (used != self && !(layer(used) >= 0 && layer(used) < layer(self)))
        offenders << f.fileName() + ": includes engine/" + used + ".h, not a lower layer";
    }
  }
  QVERIFY(files >= 40);
  QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join('\n')));
  QCOMPARE(calibHeaders, QStringList{"calibration"});
}

QTEST_APPLESS_MAIN(TstCoreNoQt)
#include "tst_core_no_qt.moc"
