// clusterplan-cli scenario save|list|show|export|import|delete|history and
// estimate --scenario-id: round trips through the library and files, revisions, and every
// bad input answered with exit 2 and a message naming the problem. Most checks call
// cp::cli::run in-process; one runs the real binary with the default library location.
#include <QtTest>

#include <sys/stat.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"
#include "cli_support.h"
#include "common/files.h"
#include "io/scenario_json.h"
#include "store/scenario_store.h"
#include "store/sqlite.h"

using nlohmann::json;

namespace {

using Result = cp::test::CliResult;
using cp::test::runCli;

using cp::test::readAll;
using cp::test::writeAll;
using cp::ScenarioFileDocument;

}  // namespace

class TstCliScenario : public QObject {
  Q_OBJECT
 private slots:
  void init();
  void roundTrip();
  void revisions();
  void listFilters();
  void estimateStoredScenario();
  void estimateExportedFile();
  void importChecksTheFile();
  void importUpgradesVersion0();
  void deleteScenario();
  void errors_data();
  void errors();
  void notALibraryLeftUnchanged();
  void readersNeedALibrary();
  void blankNameIsDerived();
  void binaryWithDefaultLibrary();
  void latin1TextRefused();
  void textLimits();
  void exportRefusesSpecialFiles();
  void exportLongFileName();
  void listPrintsControlCharactersEscaped();
  void unknownModelTypeWarns();

 private:
  // `scenario COMMAND --db LIBRARY ARGS...`
  Result scenario(const QStringList& args) {
    return runCli(QStringList{"scenario"} + args.mid(0, 1) + QStringList{"--db", db_} + args.mid(1));
  }
  json showJson(int id) {
    const Result r = scenario({"show", QString::number(id)});
    if (r.code != 0) qWarning("show %d: %s", id, r.err.c_str());
    return r.code == 0 ? json::parse(r.out) : json();
  }
  std::unique_ptr<QTemporaryDir> dir_;
  QString db_;
};

void TstCliScenario::init() {
  dir_ = std::make_unique<QTemporaryDir>();
  db_ = dir_->filePath("library.sqlite");
}

// save -> show -> export -> import -> show: the same scenario JSON.
void TstCliScenario::roundTrip() {
  Result r = scenario({"save", "--name", "LLaMA-65B on 64", "--tag", "budget", "--tag", "q3", "--notes", "first try",
                       "--nodes", "8", "--pp", "8"});
  QCOMPARE(r.code, 0);
  QCOMPARE(r.out, std::string("saved scenario 1 'LLaMA-65B on 64' (revision 1)\n"));
  QCOMPARE(r.err, std::string());
  const json shown = showJson(1);
  QCOMPARE(shown["revision"].get<int>(), 1);
  QCOMPARE(shown["engine_version"].get<std::string>(), std::string("0.1.0"));
  QCOMPARE(shown["file"]["notes"].get<std::string>(), std::string("first try"));
  QCOMPARE(shown["file"]["tags"], json({"budget", "q3"}));
  QCOMPARE(shown["file"]["scenario"]["parallelism"]["pp"].get<int>(), 8);
  // 64 GPUs / (TP 8 x PP 8) = DP 1: the snapshot is the estimate the command showed.
  QCOMPARE(shown["estimate"]["parallelism"]["dp"].get<int>(), 1);
  QCOMPARE(shown["estimate"]["parallelism"]["gpus"].get<int>(), 64);

  const QString file = dir_->filePath("plan.json");
  r = scenario({"export", "1", file});
  QCOMPARE(r.code, 0);
  QCOMPARE(r.out, ("exported scenario 1 'LLaMA-65B on 64' to " + file + "\n").toStdString());
  QCOMPARE(json::parse(readAll(file).toStdString()), shown["file"]);
  r = scenario({"export", "1", "-"});
  QCOMPARE(QByteArray::fromStdString(r.out), readAll(file));

  r = scenario({"import", file});
  QCOMPARE(r.code, 0);
  QCOMPARE(r.out, ("imported " + file + " as scenario 2 'LLaMA-65B on 64'\n").toStdString());
  QCOMPARE(showJson(2)["file"], shown["file"]);
  QCOMPARE(showJson(2)["estimate"], shown["estimate"]);
}

void TstCliScenario::revisions() {
  QCOMPARE(scenario({"save", "--name", "plan", "--tag", "t", "--notes", "n"}).code, 0);
  Result r = scenario({"save", "--id", "1", "--pp", "8", "--nodes", "8"});  // on top of scenario 1
  QCOMPARE(r.code, 0);
  QCOMPARE(r.out, std::string("saved scenario 1 'plan' (revision 2)\n"));
  r = scenario({"history", "1", "--format", "json"});
  QCOMPARE(r.code, 0);
  const json h = json::parse(r.out);
  QCOMPARE(h.size(), std::size_t(2));
  QCOMPARE(h[0]["revision"].get<int>(), 2);
  QVERIFY(h[0]["has_estimate"].get<bool>());
  r = scenario({"history", "1"});
  QCOMPARE(r.code, 0);
  QVERIFY(r.out.find("   2  ") != std::string::npos && r.out.find("0.1.0") != std::string::npos);

  const json current = showJson(1);
  QCOMPARE(current["file"]["scenario"]["parallelism"]["pp"].get<int>(), 8);
  QCOMPARE(current["file"]["notes"].get<std::string>(), std::string("n"));  // kept from revision 1
  QCOMPARE(current["file"]["tags"], json({"t"}));
  r = scenario({"show", "1", "--revision", "1"});
  QCOMPARE(r.code, 0);
  QCOMPARE(json::parse(r.out)["file"]["scenario"]["parallelism"]["pp"].get<int>(), 4);
}

void TstCliScenario::listFilters() {
  QCOMPARE(scenario({"save", "--name", "LLaMA small", "--tag", "llama"}).code, 0);
  QCOMPARE(scenario({"save", "--name", "GPT-3", "--model", "gpt3-175b", "--nodes", "16", "--pp", "8"}).code, 0);
  Result r = scenario({"list", "--format", "json"});
  QCOMPARE(r.code, 0);
  json j = json::parse(r.out);
  QCOMPARE(j.size(), std::size_t(2));
  QCOMPARE(j[0]["name"].get<std::string>(), std::string("GPT-3"));  // newest first
  r = scenario({"list", "--format", "json", "--search", "llama"});
  QCOMPARE(json::parse(r.out).size(), std::size_t(1));
  r = scenario({"list", "--format=json", "--tag=llama"});
  QCOMPARE(json::parse(r.out)[0]["id"].get<int>(), 1);
  r = scenario({"list"});
  QCOMPARE(r.code, 0);
  QVERIFY2(r.out.find("LLaMA small [llama]") != std::string::npos, r.out.c_str());
  QVERIFY(r.out.rfind("    id  rev", 0) == 0);
}

void TstCliScenario::estimateStoredScenario() {
  QCOMPARE(scenario({"save", "--name", "stored", "--nodes", "8", "--pp", "8"}).code, 0);
  const json shown = showJson(1);
  Result r = runCli({"estimate", "--scenario-id", "1", "--db", db_, "--format", "json"});
  QCOMPARE(r.code, 0);
  const json e = json::parse(r.out);
  QCOMPARE(e["inputs"], shown["file"]["scenario"]);
  QCOMPARE(e["time"], shown["estimate"]["time"]);  // same engine, same answer
  // Flags apply on top of the stored scenario; its name stays.
  r = runCli({"estimate", "--scenario-id", "1", "--db", db_, "--pp", "4", "--format", "json"});
  QCOMPARE(r.code, 0);
  QCOMPARE(json::parse(r.out)["inputs"]["parallelism"]["pp"].get<int>(), 4);
  QCOMPARE(json::parse(r.out)["inputs"]["name"].get<std::string>(), std::string("stored"));
}

// `estimate --scenario` reads an exported scenario file too.
void TstCliScenario::estimateExportedFile() {
  QCOMPARE(scenario({"save", "--name", "to mail", "--nodes", "8", "--pp", "8"}).code, 0);
  const QString file = dir_->filePath("mail.json");
  QCOMPARE(scenario({"export", "1", file}).code, 0);
  const Result r = runCli({"estimate", "--scenario", file, "--format", "json"});
  QCOMPARE(r.code, 0);
  QCOMPARE(json::parse(r.out)["inputs"], showJson(1)["file"]["scenario"]);
}

void TstCliScenario::importChecksTheFile() {
  const QString file = dir_->filePath("bad.json");
  QFile f(file);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(R"({"format": "clusterplan-scenario-file", "format_version": 1, "name": "bad",
              "scenario": {"parallelism": {"tp": 6, "dp": 1}, "training": {"seq": "long"}}})");
  f.close();
  const Result r = scenario({"import", file});
  QCOMPARE(r.code, 2);
  QCOMPARE(r.out, std::string());
  QCOMPARE(r.err, (file + ": scenario.training.seq: must be a whole number\n").toStdString());
  QCOMPARE(json::parse(scenario({"list", "--format", "json"}).out).size(), std::size_t(0));
  // Fixed type, still an inconsistent plan: LLaMA-65B's 64 heads are not divisible by TP 6.
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write(R"({"format": "clusterplan-scenario-file", "format_version": 1, "name": "bad",
              "scenario": {"parallelism": {"tp": 6, "dp": 1}}})");
  f.close();
  const Result v = scenario({"import", file});
  QCOMPARE(v.code, 2);
  QVERIFY2(v.err.find((file + ": scenario.parallelism.tp: 6 does not divide 64 attention heads\n").toStdString()) !=
               std::string::npos,
           v.err.c_str());
}

void TstCliScenario::importUpgradesVersion0() {
  const QString file = dir_->filePath("old.json");
  QFile f(file);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(R"({"format": "clusterplan-scenario-file", "format_version": 0, "name": "Old", "tags": "a,b",
              "parallelism.pp": 2, "parallelism.dp": 2})");
  f.close();
  const Result r = scenario({"import", file, "--tag", "imported"});
  QCOMPARE(r.code, 0);
  QCOMPARE(r.out, ("imported " + file + " as scenario 1 'Old' (upgraded from file format 0)\n").toStdString());
  const json shown = showJson(1);
  QCOMPARE(shown["file"]["tags"], json({"imported"}));  // --tag replaces the file's tags
  QCOMPARE(shown["file"]["scenario"]["parallelism"]["pp"].get<int>(), 2);
}

void TstCliScenario::deleteScenario() {
  QCOMPARE(scenario({"save", "--name", "a"}).code, 0);
  QCOMPARE(scenario({"save", "--name", "b"}).code, 0);
  const Result r = scenario({"delete", "1"});
  QCOMPARE(r.code, 0);
  QCOMPARE(r.out, std::string("deleted scenario 1 with its history\n"));
  QCOMPARE(json::parse(scenario({"list", "--format", "json"}).out).size(), std::size_t(1));
  QCOMPARE(scenario({"history", "1"}).code, 2);
}

void TstCliScenario::errors_data() {
  QTest::addColumn<QStringList>("args");  // after `scenario`; `--db LIBRARY` follows the command
  QTest::addColumn<QString>("message");   // a line of stderr starts with it
  QTest::newRow("no command") << QStringList{} << "usage: clusterplan-cli scenario";
  QTest::newRow("unknown command") << QStringList{"frobnicate"}
                                   << "clusterplan-cli scenario: unknown command 'frobnicate'";
  QTest::newRow("unknown option") << QStringList{"list", "--colour", "red"}
                                  << "clusterplan-cli scenario list: --colour: unknown option";
  QTest::newRow("near option") << QStringList{"list", "--serch", "llama"}
                               << "clusterplan-cli scenario list: --serch: unknown option (see 'clusterplan-cli "
                                  "scenario list --help'); did you mean --search?";
  QTest::newRow("missing value") << QStringList{"list", "--tag"}
                                 << "clusterplan-cli scenario list: --tag: missing value (TAG)";
  QTest::newRow("list format") << QStringList{"list", "--format", "xml"}
                               << "clusterplan-cli scenario: --format: 'xml' is not one of: text, json";
  QTest::newRow("show no id") << QStringList{"show"} << "clusterplan-cli scenario: missing the scenario id";
  QTest::newRow("show bad id") << QStringList{"show", "abc"}
                               << "clusterplan-cli scenario: 'abc' is not a scenario id";
  QTest::newRow("show zero") << QStringList{"show", "0"} << "clusterplan-cli scenario: '0' is not a scenario id";
  QTest::newRow("show missing") << QStringList{"show", "99"} << "clusterplan-cli scenario: there is no scenario 99 in";
  QTest::newRow("show missing revision") << QStringList{"show", "1", "--revision", "5"}
                                         << "clusterplan-cli scenario: scenario 1 has no revision 5";
  QTest::newRow("export no file") << QStringList{"export", "1"}
                                  << "clusterplan-cli scenario: export takes a scenario id and a file name";
  QTest::newRow("export unwritable") << QStringList{"export", "1", "/nonexistent/dir/x.json"}
                                     << "clusterplan-cli scenario: cannot write '/nonexistent/dir/x.json': No such "
                                        "file or directory";
  QTest::newRow("import missing file") << QStringList{"import", "/nonexistent.json"}
                                       << "/nonexistent.json: cannot read: No such file or directory";
  QTest::newRow("delete missing") << QStringList{"delete", "42"} << "clusterplan-cli scenario: there is no scenario 42";
  QTest::newRow("history bad id") << QStringList{"history", "x"}
                                  << "clusterplan-cli scenario: history takes one scenario id";
  QTest::newRow("save bad flag") << QStringList{"save", "--tp", "x"} << "--tp: 'x' is not a whole number";
  QTest::newRow("save bad id") << QStringList{"save", "--id", "x"} << "clusterplan-cli scenario: --id: 'x' is not a "
                                                                      "scenario id";
  QTest::newRow("save missing id") << QStringList{"save", "--id", "7"}
                                   << "clusterplan-cli scenario: --id: there is no scenario 7";
  QTest::newRow("save invalid plan") << QStringList{"save", "--tp", "6", "--dp", "1"}
                                     << "parallelism.tp: 6 does not divide 64 attention heads";
  QTest::newRow("save empty tag") << QStringList{"save", "--tag", " "} << "clusterplan-cli scenario: --tag: is empty";
  QTest::newRow("empty db") << QStringList{"list", "--db", ""} << "clusterplan-cli scenario: --db: the path is empty";
}

void TstCliScenario::errors() {
  QFETCH(QStringList, args);
  QFETCH(QString, message);
  QCOMPARE(scenario({"save", "--name", "one"}).code, 0);
  const Result r = args.isEmpty() ? runCli({"scenario"}) : scenario(args);
  QCOMPARE(r.code, 2);
  QCOMPARE(r.out, std::string());
  bool found = false;
  for (const QString& line : QString::fromStdString(r.err).split('\n')) found = found || line.startsWith(message);
  QVERIFY2(found, r.err.c_str());
}

// A name typed in a Latin-1 terminal is refused and nothing is stored: once stored, it would make
// `scenario list --format json` fail for the whole library.
void TstCliScenario::latin1TextRefused() {
  const std::string db = db_.toStdString();
  auto run = [&](const std::vector<std::string>& args) {
    std::ostringstream out, err;
    Result r;
    r.code = cp::cli::run(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
  };
  const std::string hint = "(typed in a Latin-1 terminal? use a UTF-8 locale, e.g. LANG=C.UTF-8)";
  Result r = run({"scenario", "save", "--db", db, "--name", "Caf\xE9 plan"});
  QCOMPARE(r.code, 2);
  QCOMPARE(r.err, "name: must be valid UTF-8 text: byte 0xE9 at offset 3 is not " + hint + "\n");
  r = run({"scenario", "save", "--db", db, "--notes", "na\xEFve"});
  QCOMPARE(r.code, 2);
  QCOMPARE(r.err, "notes: must be valid UTF-8 text: byte 0xEF at offset 2 is not " + hint + "\n");
  r = run({"scenario", "save", "--db", db, "--tag", std::string("\xFC") + "ber"});
  QCOMPARE(r.code, 2);
  QCOMPARE(r.err, "clusterplan-cli scenario: --tag: must be valid UTF-8 text: byte 0xFC at offset 0 is not " + hint +
                      "\n");
  const QString file = dir_->filePath("latin1.json");
  QCOMPARE(scenario({"save", "--name", "good"}).code, 0);
  QCOMPARE(scenario({"export", "1", file}).code, 0);
  r = run({"scenario", "import", file.toStdString(), "--db", db, "--name", "\xE9t\xE9"});
  QCOMPARE(r.code, 2);
  QCOMPARE(r.err, "clusterplan-cli scenario: --name: must be valid UTF-8 text: byte 0xE9 at offset 0 is not " + hint +
                      "\n");
  r = run({"scenario", "list", "--db", db, "--format", "json"});
  QCOMPARE(r.code, 0);
  const nlohmann::json list = nlohmann::json::parse(r.out);
  QCOMPARE(list.size(), std::size_t(1));  // only "good"
}

// A mistyped --db naming some other file: refused, exit 2, the file untouched.
void TstCliScenario::notALibraryLeftUnchanged() {
  const QString pdf = dir_->filePath("report.pdf");
  QFile f(pdf);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write("%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n");
  f.close();
  const QByteArray before = readAll(pdf);
  for (const QStringList& args : {QStringList{"scenario", "list", "--db", pdf},
                                  QStringList{"scenario", "save", "--db", pdf},
                                  QStringList{"estimate", "--scenario-id", "1", "--db", pdf}}) {
    const Result r = runCli(args);
    QCOMPARE(r.code, 2);
    const QString refused = "'" + pdf + "' is not a clusterplan library (it is not an SQLite database); it was left unchanged";
    QVERIFY2(QString::fromStdString(r.err).contains(refused), r.err.c_str());
  }
  QCOMPARE(readAll(pdf), before);
  QCOMPARE(QDir(dir_->path()).entryList(QDir::Files | QDir::Hidden), QStringList{"report.pdf"});

  QCOMPARE(scenario({"save", "--name", "one"}).code, 0);
  Result r = runCli({"estimate", "--scenario-id", "3", "--db", db_});
  QCOMPARE(r.code, 2);
  QCOMPARE(QString::fromStdString(r.err), "--scenario-id: there is no scenario 3 in '" + db_ + "'\n");
  r = runCli({"estimate", "--scenario-id", "1", "--scenario", "x.json"});
  QCOMPARE(r.code, 2);
  QVERIFY(r.err.find("--scenario-id: cannot be combined with --scenario") != std::string::npos);
  r = runCli({"estimate", "--scenario-id", "one"});
  QCOMPARE(r.code, 2);
  QVERIFY(r.err.find("--scenario-id: 'one' is not a scenario id") != std::string::npos);
}

// A mistyped --db: a command that only reads refuses it, naming the path, and creates no file
// (it once answered from a new, empty library and left it, with its -commits file, behind).
// save and import still start a library there.
void TstCliScenario::readersNeedALibrary() {
  const QString typo = dir_->filePath("typo.sqlit");
  const std::string refused = "no library at '" + typo.toStdString() + "' (no such file; nothing was created)\n";
  const QList<QStringList> readers{{"scenario", "list", "--db", typo},
                                   {"scenario", "show", "1", "--db", typo},
                                   {"scenario", "export", "1", dir_->filePath("x.json"), "--db", typo},
                                   {"scenario", "history", "1", "--db", typo},
                                   {"scenario", "delete", "1", "--db", typo}};
  for (const QStringList& args : readers) {
    const Result r = runCli(args);
    QCOMPARE(r.code, 2);
    QCOMPARE(r.out, std::string());
    QCOMPARE(r.err, "clusterplan-cli scenario: " + refused);
  }
  Result r = runCli({"estimate", "--scenario-id", "1", "--db", typo});
  QCOMPARE(r.code, 2);
  QCOMPARE(r.err, "--scenario-id: " + refused);
  QCOMPARE(QDir(dir_->path()).entryList(QDir::Files | QDir::Hidden | QDir::Dirs | QDir::NoDotAndDotDot),
           QStringList());
  // Writers start one.
  r = runCli({"scenario", "save", "--db", typo, "--name", "first"});
  QCOMPARE(r.code, 0);
  QVERIFY(QFileInfo::exists(typo));
  const QString other = dir_->filePath("other.sqlite");
  QCOMPARE(scenario({"export", "1", dir_->filePath("x.json")}).code, 2);  // db_ has none either
  QCOMPARE(runCli({"scenario", "export", "1", dir_->filePath("x.json"), "--db", typo}).code, 0);
  r = runCli({"scenario", "import", dir_->filePath("x.json"), "--db", other});
  QCOMPARE(r.code, 0);
  r = runCli({"scenario", "list", "--db", other, "--format", "json"});
  QCOMPARE(r.code, 0);
  QCOMPARE(json::parse(r.out)[0]["name"].get<std::string>(), std::string("first"));
}

// --name "" or "   " stored a blank name. A blank name is no name: the scenario is named by what
// it is and the name follows it (name_is_derived), as when the GUI's name field is emptied.
void TstCliScenario::blankNameIsDerived() {
  const std::string derived = "LLaMA-65B on 32x A100 80GB SXM, IB HDR";
  Result r = scenario({"save", "--name", ""});
  QCOMPARE(r.code, 0);
  QCOMPARE(r.out, "saved scenario 1 '" + derived + "' (revision 1)\n");
  json shown = showJson(1);
  QCOMPARE(shown["file"]["name"].get<std::string>(), derived);
  QCOMPARE(shown["file"]["scenario"]["name_is_derived"], json(true));
  // Spaces only; on a named scenario's new revision, the name goes back to following it.
  QCOMPARE(scenario({"save", "--name", "mine"}).code, 0);
  r = scenario({"save", "--id", "2", "--name", "   ", "--nodes", "8"});
  QCOMPARE(r.code, 0);
  QCOMPARE(r.out, std::string("saved scenario 2 'LLaMA-65B on 64x A100 80GB SXM, IB HDR' (revision 2)\n"));
  QCOMPARE(showJson(2)["file"]["scenario"]["name_is_derived"], json(true));
  // import --name "" too.
  const QString file = dir_->filePath("named.json");
  QCOMPARE(scenario({"export", "2", file, "--revision", "1"}).code, 0);
  r = scenario({"import", file, "--name", ""});
  QCOMPARE(r.code, 0);
  QCOMPARE(r.out, ("imported " + file + " as scenario 3 '" + QString::fromStdString(derived) + "'\n").toStdString());
  for (const json& s : json::parse(scenario({"list", "--format", "json"}).out))
    QVERIFY2(s["name"].get<std::string>().find_first_not_of(' ') != std::string::npos, s.dump().c_str());
}

// The real binary, with the library in its default place under $XDG_DATA_HOME.
void TstCliScenario::binaryWithDefaultLibrary() {
  const QString cli = qEnvironmentVariable("CLUSTERPLAN_CLI");
  QVERIFY2(QFileInfo::exists(cli), "CLUSTERPLAN_CLI must name the clusterplan-cli binary");
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("XDG_DATA_HOME", dir_->filePath("data"));
  auto run = [&](const QStringList& args, QByteArray* out = nullptr) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(cli, args);
    p.waitForFinished(60000);
    if (out) *out = p.readAllStandardOutput();
    return p.exitCode();
  };
  // Before the first save the default library is listed as the empty library it is, and
  // reading makes neither it nor its folder; an id in it is refused.
  QByteArray out;
  QCOMPARE(run({"scenario", "list"}, &out), 0);
  QCOMPARE(out, QByteArray("    id  rev  updated (UTC)             name [tags]\n"));
  QCOMPARE(run({"scenario", "list", "--format", "json"}, &out), 0);
  QCOMPARE(out, QByteArray("[]\n"));
  QCOMPARE(run({"scenario", "list", "--format", "csv"}), 2);
  QCOMPARE(run({"scenario", "show", "1"}), 2);
  QVERIFY(!QFileInfo::exists(dir_->filePath("data")));
  QCOMPARE(run({"scenario", "save", "--name", "default place"}), 0);
  QVERIFY(QFileInfo::exists(dir_->filePath("data/clusterplan/library.sqlite")));
  QCOMPARE(run({"scenario", "list", "--format", "json"}, &out), 0);
  QCOMPARE(json::parse(out.toStdString())[0]["name"].get<std::string>(), std::string("default place"));
  QCOMPARE(run({"estimate", "--scenario-id", "1", "--format", "json"}, &out), 0);
  QCOMPARE(run({"scenario", "show", "2"}), 2);
}

// Names, tags and notes have limits in characters and bytes, and a name or tag holds no
// control character: U+001F (the library's tag separator) once made a scenario unreadable,
// a 10 MB name froze the workbench. Refused at once, naming the field; nothing is stored.
void TstCliScenario::textLimits() {
  Result r = scenario({"save", "--name", "one", "--tag", QString("a") + QChar(0x1f) + "b"});
  QCOMPARE(r.code, 2);
  QVERIFY2(QString::fromStdString(r.err).contains("--tag: holds the control character U+001F"), r.err.c_str());
  QElapsedTimer clock;
  clock.start();
  r = scenario({"save", "--name", QString(10 * 1024 * 1024, 'n')});
  QCOMPARE(r.code, 2);
  QVERIFY2(QString::fromStdString(r.err).startsWith("name: is 10,485,760 characters long; at most 200"), r.err.c_str());
  QVERIFY(clock.elapsed() < 20000);
  QStringList many{"save", "--name", "many"};
  for (int i = 0; i < 65; ++i) many << "--tag" << QString("t%1").arg(i);
  r = scenario(many);
  QCOMPARE(r.code, 2);
  QVERIFY2(QString::fromStdString(r.err).contains("--tag: holds 65 tags; at most 64"), r.err.c_str());
  // 64 Chinese characters are 192 bytes: a tag within the limit of 64 characters.
  const QString chinese(64, QChar(0x6587));
  r = scenario({"save", "--name", "ok", "--tag", chinese});
  QCOMPARE(r.code, 0);
  QCOMPARE(QString::fromStdString(showJson(1)["file"]["tags"][0].get<std::string>()), chinese);
  r = scenario({"save", "--name", "ok", "--tag", chinese + "x"});
  QCOMPARE(r.code, 2);
  QVERIFY2(QString::fromStdString(r.err).contains("is 65 characters long; at most 64"), r.err.c_str());
  // A file that holds the same: refused by import, naming its key.
  const QString file = dir_->filePath("bad.json");
  writeAll(file, R"({"format": "clusterplan-scenario-file", "format_version": 1, "name": "x", "tags": ["a\u001fb"],
                     "scenario": {}})");
  r = scenario({"import", file});
  QCOMPARE(r.code, 2);
  QVERIFY2(QString::fromStdString(r.err).contains("tags[0]: holds the control character U+001F"), r.err.c_str());
  r = scenario({"list", "--format", "json"});
  QCOMPARE(json::parse(r.out).size(), std::size_t(1));
}

// `export` writes a new file or replaces a regular one, nothing else: a FIFO, a device node or
// a directory is refused (as root, `export 1 /dev/null` once replaced the device); a symbolic
// link too, unless --follow-symlink, which writes the regular file it leads to and keeps the link.
void TstCliScenario::exportRefusesSpecialFiles() {
  QCOMPARE(scenario({"save", "--name", "plan"}).code, 0);
  const QString fifo = dir_->filePath("fifo");
  QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
  Result r = scenario({"export", "1", fifo});
  QCOMPARE(r.code, 2);
  QVERIFY2(QString::fromStdString(r.err).contains("it exists and is a FIFO"), r.err.c_str());
  QVERIFY(QFileInfo(fifo).isFile() == false && QFileInfo::exists(fifo));
  r = scenario({"export", "1", "/dev/null"});
  QCOMPARE(r.code, 2);
  QVERIFY2(QString::fromStdString(r.err).contains("character device"), r.err.c_str());
  QVERIFY(!QFileInfo("/dev/null").isFile());

  const QString target = dir_->filePath("target.json"), link = dir_->filePath("link.json");
  writeAll(target, "old");
  QVERIFY(QFile::link(target, link));
  r = scenario({"export", "1", link});
  QCOMPARE(r.code, 2);
  QVERIFY2(QString::fromStdString(r.err).contains("symbolic link") &&
               QString::fromStdString(r.err).contains("--follow-symlink"),
           r.err.c_str());
  QCOMPARE(readAll(target), QByteArray("old"));
  r = scenario({"export", "1", "--follow-symlink", link});  // the flag takes no value
  QCOMPARE(r.code, 0);
  QVERIFY(QFileInfo(link).isSymLink());
  QVERIFY(readAll(target).contains("clusterplan-scenario-file"));
  const QString dangling = dir_->filePath("dangling.json");
  QVERIFY(QFile::link(dir_->filePath("nowhere.json"), dangling));
  r = scenario({"export", "1", dangling, "--follow-symlink"});
  QCOMPARE(r.code, 2);
  QVERIFY(!QFileInfo::exists(dir_->filePath("nowhere.json")));
}

// A file name of 250 bytes is a valid name (the file system allows 255): the temporary file
// beside it must not need more.
void TstCliScenario::exportLongFileName() {
  QCOMPARE(scenario({"save", "--name", "plan"}).code, 0);
  for (const int length : {244, 250, 255}) {
    const QString file = dir_->filePath(QString(length - 5, 'f') + ".json");
    const Result r = scenario({"export", "1", file});
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY(readAll(file).contains("clusterplan-scenario-file"));
  }
  QCOMPARE(cp::test::entries(dir_->path()).size(), 5);  // the library, its record, three files
}

// `list` never prints a control character raw (a library written by an older version may hold
// one in a name): it could move the cursor or rewrite the terminal. The library's list shows
// it as a space; `history` (revision names) escapes it as \xNN.
void TstCliScenario::listPrintsControlCharactersEscaped() {
  {
    // Written the way an older version could: a name with an escape sequence, through SQL.
    ScenarioFileDocument d;
    d.scenario.name = "plan";
    cp::ScenarioStore store(db_.toStdString());
    store.save(d, nullptr);
  }
  {
    cp::sql::Database db(db_.toStdString(), cp::sql::Database::Mode::ReadWrite);
    db.exec("UPDATE scenarios SET name = 'a' || char(27) || '[2Jb' WHERE id = 1; "
            "UPDATE revisions SET name = 'c' || char(27) || '[2Jd' WHERE scenario_id = 1");
  }
  Result r = scenario({"list"});
  QCOMPARE(r.code, 0);
  QVERIFY2(r.out.find('\x1b') == std::string::npos, r.out.c_str());
  QVERIFY2(r.out.find("a [2Jb") != std::string::npos, r.out.c_str());
  r = scenario({"history", "1"});
  QCOMPARE(r.code, 0);
  QVERIFY2(r.out.find('\x1b') == std::string::npos, r.out.c_str());
  QVERIFY2(r.out.find("c\\x1b[2Jd") != std::string::npos, r.out.c_str());
}

// A Hugging Face config whose model_type the importer does not know is read (its keys are
// the Llama-like ones) with a warning on stderr that says so, not silently.
void TstCliScenario::unknownModelTypeWarns() {
  const QString config = dir_->filePath("config.json");
  writeAll(config, R"({"model_type": "my_new_arch", "num_hidden_layers": 4, "hidden_size": 256,
                       "num_attention_heads": 4, "intermediate_size": 512, "vocab_size": 1000})");
  Result r = runCli({"estimate", "--hf-config", config, "--gpus", "8", "--tp", "1"});
  QCOMPARE(r.code, 0);
  QVERIFY2(QString::fromStdString(r.err).contains("warning: --hf-config '" + config +
                                                  "': model_type 'my_new_arch' is not one the importer knows"),
           r.err.c_str());
  writeAll(config, R"({"model_type": "llama", "num_hidden_layers": 4, "hidden_size": 256,
                       "num_attention_heads": 4, "intermediate_size": 512, "vocab_size": 1000})");
  r = runCli({"estimate", "--hf-config", config, "--gpus", "8", "--tp", "1"});
  QCOMPARE(r.code, 0);
  QCOMPARE(r.err, std::string());
}

QTEST_GUILESS_MAIN(TstCliScenario)
#include "tst_cli_scenario.moc"
