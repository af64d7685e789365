// core/ is plain C++: no file under it may include a Qt header, and its CMake target may not
// link Qt. This test reads the source tree (CLUSTERPLAN_SOURCE_DIR, set by CTest).
#include <QtTest>

class TstCoreNoQt : public QObject {
  Q_OBJECT
 private slots:
  void noQtIncludes();
  void noQtInCoreCMake();
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
  QCOMPARE(qtIncludes("#include <vector>\n#include \"core/model.h\"\n").size(), 0);
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
  QFile f(coreDir() + "/CMakeLists.txt");
  QVERIFY(f.open(QIODevice::ReadOnly));
  const QString text = QString::fromUtf8(f.readAll());
  QVERIFY(text.contains("clusterplan_core"));
  QVERIFY2(!text.contains("Qt6::") && !text.contains("Qt::") && !text.contains("QCustomPlot"),
           "core/CMakeLists.txt links Qt");
}

QTEST_APPLESS_MAIN(TstCoreNoQt)
#include "tst_core_no_qt.moc"
