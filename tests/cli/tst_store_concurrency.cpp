// Many clusterplan-cli processes saving into one library at once: 4, then
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

#include <functional>
#include <map>
#include <memory>
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
  void saveReadsUnderTheLock();
  void deletedIdIsNotTaken();
  void expectRevisionRefusesStale();
  void writersKeepEachOthersChanges();
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
    QVERIFY2(f == "library.sqlite" || f == "library.sqlite-wal" || f == "library.sqlite-shm" ||
                 f == "library.sqlite-commits",
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

namespace {

// Runs clusterplan-cli with `args` to the end; its exit code, stdout and stderr.
struct Run {
  int code = -1;
  QByteArray out, err;
};
Run runCli(const QStringList& args, const QProcessEnvironment& env) {
  QProcess p;
  p.setProcessEnvironment(env);
  p.start(cliPath(), args);
  Run r;
  if (!p.waitForFinished(60000)) return r;
  r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = p.readAllStandardOutput();
  r.err = p.readAllStandardError();
  return r;
}

// Starts clusterplan-cli and waits until it is blocked (it cannot get far in 1.5 s but its
// start): the caller holds the library's write lock meanwhile.
std::unique_ptr<QProcess> startBlocked(const QStringList& args, const QProcessEnvironment& env) {
  auto p = std::make_unique<QProcess>();
  p->setProcessEnvironment(env);
  p->start(cliPath(), args);
  p->waitForStarted();
  QTest::qWait(1500);
  return p;
}

}  // namespace

// `save --id 1 --pue 1.3` starts while another writer (this test, in a Batch) holds the write
// lock and saves a revision of scenario 1 with other tokens. The save must apply --pue to that
// revision, read once it holds the lock: the new revision keeps the tokens. Reading before the
// lock (as it once did) loses them, always.
void TstStoreConcurrency::saveReadsUnderTheLock() {
  QVERIFY2(QFileInfo::exists(cliPath()), "CLUSTERPLAN_CLI must name clusterplan-cli");
  QTemporaryDir home;
  const QProcessEnvironment env = environmentWithHome(home.path());
  const std::string library = home.filePath(".local/share/clusterplan/library.sqlite").toStdString();
  QCOMPARE(runCli({"scenario", "save", "--name", "plan", "--tokens", "1e12"}, env).code, 0);

  std::unique_ptr<QProcess> save;
  {
    ScenarioStore store(library);
    ScenarioStore::Batch lock(store);
    save = startBlocked({"scenario", "save", "--id", "1", "--pue", "1.3"}, env);
    QCOMPARE(save->state(), QProcess::Running);  // waiting for the lock
    StoredScenario x;
    QVERIFY(store.load(1, x));
    x.document.scenario.training.tokens = 2e12;
    store.save(x.document, nullptr, 1);
    lock.commit();
  }
  QVERIFY(save->waitForFinished(30000));
  QCOMPARE(save->exitCode(), 0);
  QVERIFY2(save->readAllStandardOutput().contains("(revision 3)"), "the save waited and took revision 3");
  ScenarioStore store(library);
  StoredScenario x;
  QVERIFY(store.load(1, x));
  QCOMPARE(x.revision, 3);
  QCOMPARE(x.document.scenario.assumptions.pue, 1.3);
  QCOMPARE(x.document.scenario.training.tokens, 2e12);  // the other writer's change is kept
}

// A `save --id 2` waits for the lock while scenario 2 (the newest) is deleted and a new
// scenario saved. The new scenario must not get id 2, and the save must find no scenario 2
// (exit 2) instead of renaming and replacing the unrelated new one.
void TstStoreConcurrency::deletedIdIsNotTaken() {
  QVERIFY2(QFileInfo::exists(cliPath()), "CLUSTERPLAN_CLI must name clusterplan-cli");
  QTemporaryDir home;
  const QProcessEnvironment env = environmentWithHome(home.path());
  const std::string library = home.filePath(".local/share/clusterplan/library.sqlite").toStdString();
  QCOMPARE(runCli({"scenario", "save", "--name", "one"}, env).code, 0);
  QCOMPARE(runCli({"scenario", "save", "--name", "two"}, env).code, 0);

  std::unique_ptr<QProcess> save;
  std::int64_t unrelated = 0;
  {
    ScenarioStore store(library);
    ScenarioStore::Batch lock(store);
    save = startBlocked({"scenario", "save", "--id", "2", "--name", "two, edited"}, env);
    QVERIFY(store.remove(2));
    ScenarioFileDocument d;
    d.scenario.name = "unrelated";
    unrelated = store.save(d, nullptr);
    lock.commit();
  }
  QCOMPARE(unrelated, std::int64_t(3));
  QVERIFY(save->waitForFinished(30000));
  QCOMPARE(save->exitCode(), 2);
  QVERIFY2(save->readAllStandardError().contains("there is no scenario 2"), "the save says what it did not find");
  ScenarioStore store(library);
  StoredScenario x;
  QVERIFY(store.load(3, x));
  QCOMPARE(x.document.scenario.name, std::string("unrelated"));
  QCOMPARE(x.revision, 1);
}

// --expect-revision R: the save is refused (exit 2, naming both revisions) once R is not
// current, and nothing is written; with the current revision it saves.
void TstStoreConcurrency::expectRevisionRefusesStale() {
  QVERIFY2(QFileInfo::exists(cliPath()), "CLUSTERPLAN_CLI must name clusterplan-cli");
  QTemporaryDir home;
  const QProcessEnvironment env = environmentWithHome(home.path());
  QCOMPARE(runCli({"scenario", "save", "--name", "plan"}, env).code, 0);
  QCOMPARE(runCli({"scenario", "save", "--id", "1", "--pue", "1.2"}, env).code, 0);
  const Run stale = runCli({"scenario", "save", "--id", "1", "--expect-revision", "1", "--pue", "1.4"}, env);
  QCOMPARE(stale.code, 2);
  QVERIFY2(stale.err.contains("revision 2, not 1"), stale.err.constData());
  const Run current = runCli({"scenario", "save", "--id", "1", "--expect-revision", "2", "--pue", "1.4"}, env);
  QCOMPARE(current.code, 0);
  QVERIFY2(current.out.contains("(revision 3)"), current.out.constData());
  QCOMPARE(runCli({"scenario", "save", "--expect-revision", "2", "--pue", "1.4"}, env).code, 2);  // needs --id
}

// Four processes save revision after revision of one scenario, each changing its own field.
// Every revision must hold, for each writer, the value of that writer's latest save before
// it: no save undoes another's change.
void TstStoreConcurrency::writersKeepEachOthersChanges() {
  QVERIFY2(QFileInfo::exists(cliPath()), "CLUSTERPLAN_CLI must name clusterplan-cli");
  QTemporaryDir home;
  const QProcessEnvironment env = environmentWithHome(home.path());
  const std::string library = home.filePath(".local/share/clusterplan/library.sqlite").toStdString();
  QCOMPARE(runCli({"scenario", "save", "--name", "shared", "--tokens", "1e12", "--pue", "1.1",
                   "--storage-w-per-node", "100", "--rack-kw", "30"},
                  env)
               .code,
           0);
  struct Field {
    const char* option;
    double (*value)(int k);
    double (*read)(const Scenario& s);
  };
  const Field fields[] = {
      {"--tokens", [](int k) { return 1e12 + 1e9 * k; }, [](const Scenario& s) { return s.training.tokens; }},
      {"--pue", [](int k) { return 1.2 + 0.001 * k; }, [](const Scenario& s) { return s.assumptions.pue; }},
      {"--storage-w-per-node", [](int k) { return 101.0 + k; },
       [](const Scenario& s) { return s.assumptions.storage_w_per_node; }},
      {"--rack-kw", [](int k) { return 20.0 + k; }, [](const Scenario& s) { return s.assumptions.rack_limit_w / 1000; }},
  };
  constexpr int kWriters = 4;
  const double initial[kWriters] = {1e12, 1.1, 100, 30};
  struct Done {
    int writer, k, revision;
  };
  std::vector<Done> done;
  std::vector<std::unique_ptr<QProcess>> procs(kWriters);
  std::vector<int> next(kWriters, 0);
  QElapsedTimer clock;
  clock.start();
  const qint64 until = qint64(std::max(4, roundSeconds() / 2)) * 1000;
  int running = 0, failed = 0;
  QEventLoop loop;
  std::function<void(int)> start = [&](int w) {
    const int k = next[std::size_t(w)]++;
    auto& p = procs[std::size_t(w)];
    p = std::make_unique<QProcess>();
    p->setProcessEnvironment(env);
    QObject::connect(p.get(), &QProcess::finished, &loop, [&, w, k](int code, QProcess::ExitStatus) {
      --running;
      std::int64_t id = 0;
      int revision = 0;
      const QByteArray out = procs[std::size_t(w)]->readAllStandardOutput();
      if (code == 0 && parseSaved(out, id, revision)) done.push_back({w, k, revision});
      else ++failed;
      if (clock.elapsed() < until) QTimer::singleShot(0, &loop, [&, w] { start(w); });
      else if (running == 0) loop.quit();
    });
    ++running;
    p->start(cliPath(), {"scenario", "save", "--id", "1", fields[w].option, QString::number(fields[w].value(k), 'g', 17)});
  };
  for (int w = 0; w < kWriters; ++w) start(w);
  QTimer::singleShot(until + 120000, &loop, [&] { loop.quit(); });
  loop.exec();
  QCOMPARE(failed, 0);
  QVERIFY2(done.size() >= 8, qPrintable(QString("only %1 saves ran").arg(done.size())));

  ScenarioStore store(library);
  std::map<int, Done> by_revision;
  for (const Done& d : done) QVERIFY2(by_revision.emplace(d.revision, d).second, "a revision was reported twice");
  double latest[kWriters];
  std::copy(std::begin(initial), std::end(initial), latest);
  int checked = 0, lost = 0;
  for (const auto& [revision, d] : by_revision) {
    latest[d.writer] = fields[d.writer].value(d.k);
    StoredScenario x;
    QVERIFY(store.load_revision(1, revision, x));
    for (int w = 0; w < kWriters; ++w) {
      const double got = fields[w].read(x.document.scenario);
      if (std::abs(got - latest[w]) > 1e-9 * std::abs(latest[w]) && ++lost <= 5)
        qWarning("revision %d (writer %d): %s is %.17g, the latest save of it said %.17g", revision, d.writer,
                 fields[w].option, got, latest[w]);
    }
    ++checked;
  }
  qInfo("%d revisions by %d writers checked", checked, kWriters);
  QCOMPARE(lost, 0);
}

QTEST_GUILESS_MAIN(TstStoreConcurrency)
#include "tst_store_concurrency.moc"
