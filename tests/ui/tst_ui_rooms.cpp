// ui/ is built in rooms (docs/architecture.md): the ground floor (the document, the sweep, colours,
// theme) with the text and the charts; the report above them; the library; the pages; the
// windows. One include root serves them all, so the compiler does not keep the arrows pointing
// down: this test does, by reading every file under ui/ (CLUSTERPLAN_SOURCE_DIR, set by CTest).
// It also holds the rule that the pages reach the scenario store only through the library
// controller: no file outside ui's library room includes a store/ header.
#include <QtTest>

namespace {

// The rooms a room may include from, "" being the ground floor (ui/src, ui/include/ui).
const QMap<QString, QStringList>& allowed() {
  static const QStringList lower{QString(), QStringLiteral("text"), QStringLiteral("charts")};
  static const QMap<QString, QStringList> rooms{
      {QString(), lower},
      {QStringLiteral("text"), lower},
      {QStringLiteral("charts"), lower},
      {QStringLiteral("report"), lower + QStringList{QStringLiteral("report")}},
      {QStringLiteral("library"), lower + QStringList{QStringLiteral("library")}},
      {QStringLiteral("pages"), lower + QStringList{QStringLiteral("library"), QStringLiteral("pages")}},
      {QStringLiteral("window"), lower + QStringList{QStringLiteral("library"), QStringLiteral("pages"),
                                                     QStringLiteral("report"), QStringLiteral("window")}},
  };
  return rooms;
}

QString uiDir() { return qEnvironmentVariable("CLUSTERPLAN_SOURCE_DIR") + QStringLiteral("/ui"); }

// "ui/pages/planpage.h" -> "pages"; "ui/palette.h" -> ""; not a ui header -> null.
QString roomOfInclude(const QString& path) {
  if (!path.startsWith(QLatin1String("ui/"))) return QString();
  const QStringList parts = path.split(QLatin1Char('/'));
  return parts.size() == 2 ? QStringLiteral("") : parts[1];
}

QStringList includes(const QString& text) {
  static const QRegularExpression re(QStringLiteral("^\\s*#\\s*include\\s*\"([^\"]+)\""),
                                     QRegularExpression::MultilineOption);
  QStringList found;
  for (auto it = re.globalMatch(text); it.hasNext();) found << it.next().captured(1);
  return found;
}

}  // namespace

class TstUiRooms : public QObject {
  Q_OBJECT

 private slots:
  void parserReadsIncludes() {
    QCOMPARE(includes(QStringLiteral("#include \"ui/pages/planpage.h\"\n  # include \"store/x.h\"\n#include <QWidget>\n")),
             (QStringList{QStringLiteral("ui/pages/planpage.h"), QStringLiteral("store/x.h")}));
    QCOMPARE(roomOfInclude(QStringLiteral("ui/pages/planpage.h")), QStringLiteral("pages"));
    QVERIFY(!roomOfInclude(QStringLiteral("ui/palette.h")).isNull());
    QVERIFY(roomOfInclude(QStringLiteral("ui/palette.h")).isEmpty());
    QVERIFY(roomOfInclude(QStringLiteral("engine/units.h")).isNull());
  }

  void everyFileInARoom_includesOnlyDownward() {
    int files = 0;
    QStringList wrong;
    for (const QString& base : {uiDir() + QStringLiteral("/src"), uiDir() + QStringLiteral("/include/ui")}) {
      QDirIterator it(base, {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files, QDirIterator::Subdirectories);
      while (it.hasNext()) {
        const QString path = it.next();
        const QString relative = QDir(base).relativeFilePath(path);
        const QString room = relative.contains(QLatin1Char('/')) ? relative.section(QLatin1Char('/'), 0, 0) : QString();
        if (!allowed().contains(room)) {
          wrong << QStringLiteral("%1: room '%2' is not in the list of rooms").arg(path, room);
          continue;
        }
        QFile f(path);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
        ++files;
        for (const QString& inc : includes(QString::fromUtf8(f.readAll()))) {
          if (inc.startsWith(QLatin1String("store/")) && room != QLatin1String("library"))
            wrong << QStringLiteral("%1: %2 (the store is reached through the library controller)").arg(path, inc);
          const QString to = roomOfInclude(inc);
          if (!to.isNull() && !allowed()[room].contains(to))
            wrong << QStringLiteral("%1: %2 (room '%3' may not include room '%4')").arg(path, inc, room, to);
        }
      }
    }
    QVERIFY(files >= 60);
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1Char('\n'))));
  }

  // The top of ui/src keeps the ground floor only; everything else lives in a room.
  void fewFilesAtTheTop() {
    const QStringList top = QDir(uiDir() + QStringLiteral("/src")).entryList(QDir::Files);
    QVERIFY2(top.size() <= 15, qPrintable(top.join(QLatin1Char(' '))));
  }
};

QTEST_GUILESS_MAIN(TstUiRooms)
#include "tst_ui_rooms.moc"
