// Many clusterplan-cli processes saving into one library at once (issue 14, point 1): 4, then
// 8 writer processes, each running `scenario save` after `scenario save` for a while (half
// of them `--id N` saves: a new revision of one of the first scenarios, the rest new
// scenarios). Afterwards:
//  - every save exited 0 (writers wait for each other; none fails under this load);
//  - no (scenario, revision) was reported by two saves;
//  - every save that reported "saved scenario N '...' (revision R)" is in the library as
//    revision R of scenario N, with the notes (or name) that save gave it;
//  - nothing was moved aside (the folder holds the library and its -wal/-shm files only);
//  - PRAGMA integrity_check is "ok".
// CLUSTERPLAN_CONCURRENCY_SECONDS sets the seconds per round (default 15: two rounds ~30 s).
#include <QtTest>

#include <map>
#include <set>

#include "store/scenario_store.h"
#include "store/sqlite.h"

using namespace cp;

namespace {

QString cliPath() { return qEnvironmentVariable("CLUSTERPLAN_CLI"); }

int roundSeconds() {
  bool ok = false;
  const int s = qEnvironmentVariableIntValue("CLUSTERPLAN_CONCURRENCY_SECONDS", &ok);
  return ok && s > 0 ? s : 15;
}

QProcessEnvironment environmentWithHome(const QString& home) {
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("HOME", home);
  env.remove("XDG_DATA_HOME");
  return env;
}

// What one save was asked to do and what it reported.
struct Save {
  std::int64_t asked_id = 0;  // 0: a new scenario
  QString label;              // the notes (--id) or the name (new) it gave
  int exit_code = -1;
  QByteArray out, err;
  std::int64_t id = 0;
  int revision = 0;
};

bool parseSaved(const QByteArray& out, std::int64_t& id, int& revision) {
  // saved scenario N 'NAME' (revision R)
  static const QRegularExpression re("^saved scenario (\\d+) '.*' \\(revision (\\d+)\\)\\s*$");
  const auto m = re.match(QString::fromUtf8(out));
  if (!m.hasMatch()) return false;
  id = m.captured(1).toLongLong();
  revision = m.captured(2).toInt();
  return true;
}

std::string pragmaCheck(const std::string& path, const char* pragma) {
  sql::Database db(path, sql::Database::Mode::ReadOnly);
  sql::Statement s = db.prepare(pragma);
  std::string out;
  while (s.step()) out += (out.empty() ? "" : "; ") + s.text(0);
  return out;
}

}  // namespace

class TstStoreConcurrency : public QObject {
  Q_OBJECT
 private slots:
  void writers_data();
  void writers();
};

void TstStoreConcurrency::writers_data() {
  QTest::addColumn<int>("count");
  QTest::newRow("4 writers") << 4;
  QTest::newRow("8 writers") << 8;
}

void TstStoreConcurrency::writers() {
  QFETCH(int, count);
  QVERIFY2(QFileInfo::exists(cliPath()), "CLUSTERPLAN_CLI must name clusterplan-cli");
  QTemporaryDir home;
  const QProcessEnvironment env = environmentWithHome(home.path());
  const QString folder = home.filePath(".local/share/clusterplan");
  const std::string library = (folder + "/library.sqlite").toStdString();

  // The scenarios that the --id saves add revisions to, saved one after another.
  for (int i = 1; i <= count; ++i) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(cliPath(), {"scenario", "save", "--name", QString("s%1").arg(i)});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
  }

  std::vector<Save> saves;
  std::vector<std::unique_ptr<QProcess>> procs(static_cast<std::size_t>(count));
  std::vector<std::size_t> running(static_cast<std::size_t>(count));  // index into saves
  QElapsedTimer clock;
  clock.start();
  const qint64 until = qint64(roundSeconds()) * 1000;
  int started = 0, finished = 0;
  QEventLoop loop;
  std::function<void(int)> startNext = [&](int w) {
    Save s;
    QStringList args{"scenario", "save"};
    const int k = started++;
    if (k % 2 == 0) {  // half: a new revision of one of the first scenarios
      s.asked_id = 1 + (k / 2) % 4;  // four scenarios: many saves of one at once
      s.label = QString("w%1-%2").arg(w).arg(k);
      args << "--id" << QString::number(s.asked_id) << "--notes" << s.label;
    } else {
      s.label = QString("n%1-%2").arg(w).arg(k);
      args << "--name" << s.label;
    }
    saves.push_back(s);
    running[std::size_t(w)] = saves.size() - 1;
    auto& p = procs[std::size_t(w)];
    p = std::make_unique<QProcess>();
    p->setProcessEnvironment(env);
    QObject::connect(p.get(), &QProcess::finished, &loop, [&, w](int code, QProcess::ExitStatus status) {
      Save& done = saves[running[std::size_t(w)]];
      QProcess* q = procs[std::size_t(w)].get();
      done.exit_code = status == QProcess::NormalExit ? code : -1;
      done.out = q->readAllStandardOutput();
      done.err = q->readAllStandardError();
      ++finished;
      if (clock.elapsed() < until) QTimer::singleShot(0, &loop, [&, w] { startNext(w); });
      else if (finished == started) loop.quit();
    });
    p->start(cliPath(), args);
  };
  for (int w = 0; w < count; ++w) startNext(w);
  QTimer::singleShot(until + 120000, &loop, [&] { loop.quit(); });  // a hung writer fails below
  loop.exec();
  QCOMPARE(finished, started);
  QVERIFY2(started >= 4 * count, qPrintable(QString("only %1 saves ran").arg(started)));
  qInfo("%d writers: %d saves in %.1f s", count, started, double(clock.elapsed()) / 1000.0);

  std::set<std::pair<std::int64_t, int>> reported;
  int failed = 0;
  for (Save& s : saves) {
    if (s.exit_code != 0 || !parseSaved(s.out, s.id, s.revision)) {
      if (++failed <= 5) qWarning("save %s failed (%d): %s%s", qPrintable(s.label), s.exit_code, s.out.constData(),
                                  s.err.constData());
      continue;
    }
    if (s.asked_id != 0) QCOMPARE(s.id, s.asked_id);
    QVERIFY2(reported.insert({s.id, s.revision}).second,
             qPrintable(QString("scenario %1 revision %2 was reported twice").arg(s.id).arg(s.revision)));
  }
  QCOMPARE(failed, 0);

  QDir dir(folder);
  const QStringList files = dir.entryList(QDir::Files | QDir::Hidden | QDir::System);
  for (const QString& f : files)
    QVERIFY2(f == "library.sqlite" || f == "library.sqlite-wal" || f == "library.sqlite-shm",
             qPrintable("a file was moved aside: " + f));
  QCOMPARE(pragmaCheck(library, "PRAGMA integrity_check"), std::string("ok"));

  ScenarioStore store(library);
  QVERIFY(store.report().moved_aside_to.empty());
  int missing = 0;
  for (const Save& s : saves) {
    StoredScenario x;
    const bool found = store.load_revision(s.id, s.revision, x);
    const std::string got = !found ? std::string("<missing>") : s.asked_id ? x.document.notes : x.document.scenario.name;
    if (got != s.label.toStdString() && ++missing <= 5)
      qWarning("scenario %lld revision %d: expected '%s', found '%s'", static_cast<long long>(s.id), s.revision,
               qPrintable(s.label), got.c_str());
  }
  QCOMPARE(missing, 0);
}

QTEST_GUILESS_MAIN(TstStoreConcurrency)
#include "tst_store_concurrency.moc"
