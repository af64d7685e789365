// One rule for the library's default place, used by the GUI (LibraryDock::defaultLibraryPath)
// and the CLI (scenario --db): the XDG base directory rule, with "" when there is no home.
#include <QtTest>

#include <cstdlib>
#include <string>

#include "store/library_file.h"

class TstLibraryPath : public QObject {
  Q_OBJECT
 private slots:
  void xdgRule_data() {
    QTest::addColumn<QString>("xdg");   // "<unset>": not set
    QTest::addColumn<QString>("home");  // "<unset>": not set
    QTest::addColumn<QString>("path");
    const QString unset = QStringLiteral("<unset>");
    QTest::newRow("XDG_DATA_HOME") << "/data" << "/home/a" << "/data/clusterplan/library.sqlite";
    QTest::newRow("relative XDG_DATA_HOME is ignored") << "data" << "/home/a"
                                                       << "/home/a/.local/share/clusterplan/library.sqlite";
    QTest::newRow("empty XDG_DATA_HOME") << "" << "/home/a" << "/home/a/.local/share/clusterplan/library.sqlite";
    QTest::newRow("HOME only") << unset << "/home/a" << "/home/a/.local/share/clusterplan/library.sqlite";
    QTest::newRow("neither") << unset << unset << "";
    QTest::newRow("empty HOME") << unset << "" << "";
  }
  void xdgRule() {
    QFETCH(QString, xdg);
    QFETCH(QString, home);
    QFETCH(QString, path);
    const QByteArray oldXdg = qgetenv("XDG_DATA_HOME"), oldHome = qgetenv("HOME");
    const bool hadXdg = qEnvironmentVariableIsSet("XDG_DATA_HOME"), hadHome = qEnvironmentVariableIsSet("HOME");
    auto set = [](const char* name, const QString& v) {
      if (v == QLatin1String("<unset>")) qunsetenv(name);
      else qputenv(name, v.toUtf8());
    };
    set("XDG_DATA_HOME", xdg);
    set("HOME", home);
    const std::string got = cp::default_library_path();
    if (hadXdg) qputenv("XDG_DATA_HOME", oldXdg); else qunsetenv("XDG_DATA_HOME");
    if (hadHome) qputenv("HOME", oldHome); else qunsetenv("HOME");
    QCOMPARE(QString::fromStdString(got), path);
  }
};

QTEST_APPLESS_MAIN(TstLibraryPath)
#include "tst_library_path.moc"
