// clusterplan-cli estimate with strict and hostile files: a misspelt key or a file
// without its format line is refused, pipes and devices are not read, impossible inputs are
// refused, slow storage never gives a negative fraction. Checks call cp::cli::run in-process.
#include <QtTest>
#include <sys/stat.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cli/batch.h"
#include "cli/cli.h"
#include "cli_support.h"
#include "cli/estimate_args.h"
#include "cli/estimate_output.h"
#include "cli/sweep.h"
#include "cli/sweep_args.h"
#include "cli/sweep_output.h"
#include "engine/assumptions.h"
#include "engine/estimate.h"
#include "engine/fabric.h"
#include "io/power_cost_json.h"
#include "plan/fabric_compare.h"
#include "io/scenario_json.h"

using nlohmann::json;

namespace {

using Result = cp::test::CliResult;
using namespace cp::test;  // the helpers of cli_support.h

}  // namespace

class TestCli : public QObject {
  Q_OBJECT

 private slots:
  void misspeltKeyRefused();
  void fileWithoutFormatRefused();
  void hostileFiles_data();
  void hostileFiles();
  void endlessStdinBatchStops();
  void batchExitCodeTellsFailedLines_data();
  void batchExitCodeTellsFailedLines();
  void impossibleInputsRefused_data();
  void impossibleInputsRefused();
  void slowStorageHasNoNegativeFraction();
  void fileValueProblemNamesTheFile();
  void batchLineParseReason();
  void batchRefusesTextFormat();

 private:
  QTemporaryDir dir_;
};

void TestCli::misspeltKeyRefused() {
  // Read leniently, {"parallelism": {"tp": 8, "ppp": 2}} would estimate PP 4 (the default)
  // with exit 0; the misspelt key is refused instead.
  const QString path = writeFile(dir_, "ppp.json",
                                 R"({"format": "clusterplan-scenario-file", "format_version": 1, "scenario":
                                    {"parallelism": {"tp": 8, "ppp": 2}, "trainig": {}}})");
  const Result r = runCli({"estimate", "--scenario", path});
  QCOMPARE(r.code, 2);
  QVERIFY(r.out.empty());
  QCOMPARE(QString::fromStdString(r.err),
           path + ": scenario.trainig: unknown key (did you mean 'training'?)\n" + path +
               ": scenario.parallelism.ppp: unknown key (did you mean 'pp'?)\n");
}

void TestCli::fileWithoutFormatRefused() {
  const QString path = writeFile(dir_, "no-format.json", R"({"parallelism": {"tp": 8, "pp": 2}})");
  const Result r = runCli({"estimate", "--scenario", path});
  QCOMPARE(r.code, 2);
  QCOMPARE(QString::fromStdString(r.err),
           path + ": format: missing: a scenario file starts with \"format\": \"clusterplan-scenario-file\"\n");
}

// Files that are not regular files are refused before they are read: a pipe would hang the CLI,
// and a link to /dev/zero would grow without bound (4.9 GB before it was stopped).
void TestCli::hostileFiles_data() {
  QTest::addColumn<QStringList>("args");  // FILE: the hostile file
  QTest::addColumn<QString>("kind");
  QTest::addColumn<QString>("message");
  const QString fifo = "is a named pipe (FIFO), not a regular file";
  const QString zero = "is a character device (such as /dev/zero), not a regular file";
  QTest::newRow("--scenario fifo") << QStringList{"estimate", "--scenario", "FILE"} << "fifo" << "--scenario: 'FILE' " + fifo;
  QTest::newRow("--scenario zero") << QStringList{"estimate", "--scenario", "FILE"} << "zero" << "--scenario: 'FILE' " + zero;
  QTest::newRow("--scenario dir") << QStringList{"estimate", "--scenario", "FILE"} << "dir"
                                  << "--scenario: 'FILE' is a directory, not a file";
  QTest::newRow("--hf-config fifo") << QStringList{"estimate", "--hf-config", "FILE"} << "fifo"
                                    << "--hf-config: 'FILE' " + fifo;
  QTest::newRow("--hf-config zero") << QStringList{"estimate", "--hf-config", "FILE"} << "zero"
                                    << "--hf-config: 'FILE' " + zero;
  QTest::newRow("--batch fifo") << QStringList{"estimate", "--batch", "FILE"} << "fifo" << "--batch: FILE: " + fifo;
  QTest::newRow("--batch zero") << QStringList{"estimate", "--batch", "FILE"} << "zero" << "--batch: FILE: " + zero;
  QTest::newRow("--batch big") << QStringList{"estimate", "--batch", "FILE"} << "big"
                               << "--batch: FILE: is 65.0 MiB, more than the limit of 64.0 MiB for this file";
  QTest::newRow("import fifo") << QStringList{"scenario", "import", "FILE", "--db", "DB"} << "fifo" << "FILE: " + fifo;
  QTest::newRow("import zero") << QStringList{"scenario", "import", "FILE", "--db", "DB"} << "zero" << "FILE: " + zero;
}

void TestCli::hostileFiles() {
  QFETCH(QStringList, args);
  QFETCH(QString, kind);
  QFETCH(QString, message);
  QTemporaryDir dir;
  const QString path = dir.filePath("input.json");
  if (kind == "fifo") QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
  if (kind == "zero") QVERIFY(QFile::link("/dev/zero", path));
  if (kind == "dir") QVERIFY(QDir(dir.path()).mkdir("input.json"));
  if (kind == "big") {  // sparse: no disk space used
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QVERIFY(f.resize(qint64(65) << 20));
  }
  substituteArgs(args, {{QStringLiteral("FILE"), path}, {QStringLiteral("DB"), dir.filePath("library.sqlite")}});
  message.replace("FILE", path);
  const Result r = runCli(args);
  QCOMPARE(r.code, 2);
  QVERIFY(r.out.empty());
  QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
}

// `cat /dev/zero | clusterplan-cli estimate --batch -`: standard input streams, and a line that
// never ends grew the process by some 33 MB a second without bound (std::getline). A line past
// the 64 MiB file limit now stops the batch with exit 2 and the line named.
void TestCli::endlessStdinBatchStops() {
  struct EndlessZeros : std::streambuf {
    char block[4096] = {};
    int_type underflow() override {
      setg(block, block, block + sizeof block);
      return traits_type::to_int_type(block[0]);
    }
  } zeros;
  std::istream in(&zeros);
  std::ostringstream out, err;
  const int code = cp::cli::run_estimate_batch({"--batch", "-"}, in, out, err);
  QCOMPARE(code, 2);
  QVERIFY(out.str().empty());
  QCOMPARE(QString::fromStdString(err.str()), QString("--batch: -: line 1 is longer than the limit of 64 MiB; stopped there\n"));
}

// A batch with a failed line must not exit 0, or a script could not tell it from a clean one
// without reading every result. Every line is still processed and answered, in order; the
// exit code is 3 (kExitBatchLinesFailed) when any line's answer is an error, 0 when none is.
void TestCli::batchExitCodeTellsFailedLines_data() {
  QTest::addColumn<QString>("input");
  QTest::addColumn<int>("code");
  QTest::addColumn<QList<bool>>("errors");  // per output line: is it an error
  QTest::newRow("all good") << "{}\n\n{\"training\": {\"seq\": 4096}}\n" << 0 << QList<bool>{false, false};
  QTest::newRow("one bad in the middle") << "{\"parallelism\": {\"tp\": 4}}\n{not json\n{\"parallelism\": {\"tp\": 3}}\n"
                                            "{\"cluster\": {\"nodes\": 8}}\n"
                                         << 3 << QList<bool>{false, true, true, false};
  QTest::newRow("last line bad, no newline") << "{}\n{\"training\": {\"sequence\": 1}}" << 3 << QList<bool>{false, true};
  QTest::newRow("only bad") << "[1]\n" << 3 << QList<bool>{true};
  QTest::newRow("blank only") << "\n  \n" << 0 << QList<bool>{};
}

void TestCli::batchExitCodeTellsFailedLines() {
  QFETCH(QString, input);
  QFETCH(int, code);
  QFETCH(QList<bool>, errors);
  std::istringstream in(input.toStdString());
  std::ostringstream out, err;
  QCOMPARE(cp::cli::run_estimate_batch({"--batch", "-"}, in, out, err), code);
  QCOMPARE(code == 0 ? cp::cli::kExitOk : cp::cli::kExitBatchLinesFailed, code);
  // The output is as it always was: one JSON object per non-blank line, in order.
  const QStringList lines = QString::fromStdString(out.str()).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.size(), errors.size());
  for (int i = 0; i < lines.size(); ++i) {
    const json j = json::parse(lines[i].toStdString());
    QCOMPARE(j.contains("error"), errors[i]);
    QVERIFY(j.contains("line"));
  }
  const long long failed = std::count(errors.begin(), errors.end(), true);
  QVERIFY2(QString::fromStdString(err.str()).endsWith(QString(" %1 with errors\n").arg(failed)), err.str().c_str());
}

// Inputs that would overflow a figure are refused: unbounded, `--power-price 1e308 --payment
// purchase` prints "-nan CNY".
void TestCli::impossibleInputsRefused_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("message");
  QTest::newRow("power price 1e308") << QStringList{"--power-price", "1e308", "--payment", "purchase"}
                                     << "--power-price: must be a price per kWh from 0 to 100, got 1e+308";
  QTest::newRow("storage power") << QStringList{"--storage-w-per-node", "1e307"}
                                 << "--storage-w-per-node: must be a power in watts from 0 to 1000000, got 1e+307";
  QTest::newRow("exchange rate") << QStringList{"--exchange-rate", "1e-300"}
                                 << "--exchange-rate: must be an exchange rate from 0.01 to 1000, got 1e-300";
  QTest::newRow("checkpoint bandwidth") << QStringList{"--storage-bytes-per-s", "1e300"}
                                        << "--storage-bytes-per-s: must be a bandwidth in bytes/s from 1000 to 1e+15, got 1e+300";
}

void TestCli::impossibleInputsRefused() {
  QFETCH(QStringList, args);
  QFETCH(QString, message);
  for (const char* format : {"text", "json"}) {
    const Result r = runCli(QStringList{"estimate"} + args + QStringList{"--format", format});
    QCOMPARE(r.code, 2);
    QVERIFY(r.out.empty());
    QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
  }
}

// Slow checkpoint storage (`--storage-bytes-per-s 1e8`): the seed's intervals make no progress,
// so their goodput is 0 with a warning, never the unclamped -1.54 under "Warnings: none".
// Blocking writes (an asynchronous checkpoint lets training run on while it is written).
void TestCli::slowStorageHasNoNegativeFraction() {
  const Result text = runCli({"estimate", "--storage-bytes-per-s", "1e8", "--checkpoint-mode", "sync"});
  QCOMPARE(text.code, 0);
  QVERIFY2(text.out.find("-1.5") == std::string::npos, text.out.c_str());
  QVERIFY2(text.out.find("goodput 0.00000 at 1 h, 0.00000 at 2 h") != std::string::npos, text.out.c_str());
  QVERIFY2(text.out.find("Warnings: none") == std::string::npos, text.out.c_str());
  QVERIFY2(text.out.find("checkpointing every 7200 s (the seed's interval) leaves no progress") != std::string::npos,
           text.out.c_str());
  bool ok = false;
  const json j = estimateJson({"--storage-bytes-per-s", "1e8", "--checkpoint-mode", "sync"}, &ok);
  QVERIFY(ok);
  QCOMPARE(j["reliability"]["seed_interval"]["goodput_low"].get<double>(), 0.0);
  bool warned = false;
  for (const json& w : j["warnings"]) warned |= w["code"] == "seed_interval_no_progress";
  QVERIFY(warned);
}


// A value out of range in a --scenario file is named as `scenario import` names it, "FILE:
// scenario.KEY" (it said only "training.seq: ...", as if an option had given it); when an option
// gave the value, or replaced the file's, the scenario's key alone, as before.
void TestCli::fileValueProblemNamesTheFile() {
  const QString wrapped = writeFile(dir_, "neg.json",
                                    R"({"format":"clusterplan-scenario-file","format_version":1,)"
                                    R"("scenario":{"training":{"seq":-1}}})");
  Result r = runCli({"estimate", "--scenario", wrapped});
  QCOMPARE(r.code, 2);
  QCOMPARE(QString::fromStdString(r.err), wrapped + ": scenario.training.seq: must be at least 1, got -1\n");
  // The same words as import's.
  const Result imported = runCli({"scenario", "import", wrapped, "--db", dir_.filePath("lib.sqlite")});
  QCOMPARE(imported.code, 2);
  QCOMPARE(imported.err, r.err);
  // A bare scenario file: its keys are the scenario's.
  const QString bare = writeFile(dir_, "bare.json", R"({"format":"clusterplan-scenario","training":{"seq":-1}})");
  r = runCli({"estimate", "--scenario", bare, "--format", "json"});
  QCOMPARE(r.code, 2);
  QCOMPARE(QString::fromStdString(r.err), bare + ": training.seq: must be at least 1, got -1\n");
  // An option that replaces the bad value: no problem left.
  r = runCli({"estimate", "--scenario", wrapped, "--seq", "4096", "--format", "json"});
  QCOMPARE(r.code, 0);
  // A problem an option's value causes is the option's own: TP 6 does not divide the file's
  // 64 heads, and the file did not give TP.
  const QString tp = writeFile(dir_, "tp.json",
                               R"({"format":"clusterplan-scenario-file","format_version":1,)"
                               R"("scenario":{"parallelism":{"tp":6,"dp":1}}})");
  r = runCli({"estimate", "--scenario", wrapped, "--seq", "4096", "--tp", "6", "--dp", "1"});
  QCOMPARE(r.code, 2);
  QVERIFY2(("\n" + r.err).find("\nparallelism.tp: 6 does not divide 64 attention heads\n") != std::string::npos,
           r.err.c_str());
  // The same TP from the file: the file's.
  r = runCli({"estimate", "--scenario", tp});
  QCOMPARE(r.code, 2);
  QVERIFY2(QString::fromStdString(r.err).split('\n').contains(tp + ": scenario.parallelism.tp: 6 does not divide 64 attention heads"),
           r.err.c_str());
}

// A batch line that is a JSON object whose number overflows, or no JSON at all, is answered
// with the parser's reason (the first was "not a JSON object"); a syntax error with its column.
void TestCli::batchLineParseReason() {
  std::istringstream in("{\"training\": {\"seq\": 1e400}}\nnot json\n[1]\n");
  std::ostringstream out, err;
  QCOMPARE(cp::cli::run_estimate_batch({"--batch", "-"}, in, out, err), cp::cli::kExitBatchLinesFailed);
  const QStringList lines = QString::fromStdString(out.str()).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.size(), 3);
  const json overflow = json::parse(lines[0].toStdString());
  QCOMPARE(overflow["line"].get<int>(), 1);
  const std::string reason = overflow["error"].get<std::string>();
  QVERIFY2(reason.find("number overflow parsing '1e400'") != std::string::npos, reason.c_str());
  QVERIFY2(reason.find("not a JSON object") == std::string::npos, reason.c_str());
  const json syntax = json::parse(lines[1].toStdString());
  QCOMPARE(syntax["line"].get<int>(), 2);
  QVERIFY2(syntax["error"].get<std::string>().rfind("column 2: not valid JSON: syntax error while parsing value", 0) == 0,
           syntax["error"].get<std::string>().c_str());
  QCOMPARE(json::parse(lines[2].toStdString())["error"].get<std::string>(), std::string("not a JSON object"));
}

// --batch writes JSON lines: --format text is refused as --format csv is, not quietly ignored.
void TestCli::batchRefusesTextFormat() {
  for (const char* format : {"text", "csv"}) {
    std::istringstream in("{}\n");
    std::ostringstream out, err;
    QCOMPARE(cp::cli::run_estimate_batch({"--batch", "-", "--format", format}, in, out, err), cp::cli::kExitInvalid);
    QCOMPARE(out.str(), std::string());
    QCOMPARE(err.str(), "--batch: writes JSON lines only (no --format " + std::string(format) + ")\n");
  }
  std::istringstream in("{}\n");
  std::ostringstream out, err;
  QCOMPARE(cp::cli::run_estimate_batch({"--batch", "-", "--format", "json"}, in, out, err), cp::cli::kExitOk);
  QCOMPARE(json::parse(out.str())["line"].get<int>(), 1);
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli_files.moc"
