// Scenario files (core/io/include/io/scenario_file.h): round trips, the upgrade from format 0, every kind of
// bad file reported with its JSON path (or line and column), files from the future, and
// exports that fail without leaving a half-written file.
#include <QtTest>

#include <sys/resource.h>
#include <sys/stat.h>

#include <csignal>
#include <cstring>

#include "engine/gpu.h"
#include "io/input_file.h"
#include "io/read_reasons.h"
#include "io/scenario_file.h"
#include "io/strict_json.h"
#include "io/scenario_json.h"
#include "common/files.h"
#include "common/fixtures.h"
#include "common/unprivileged.h"

using namespace cp;
using nlohmann::json;

namespace {

ScenarioFileDocument sampleDocument(const QString& variant) {
  ScenarioFileDocument d;
  d.notes = "Variant for the Q3 budget.\nSecond line, \"quoted\", ünïcode.";
  d.tags = {"budget", "q3", "llama"};
  Scenario& s = d.scenario;
  s.name = "LLaMA-65B on 32 A100";
  if (variant == "deepseek-v3") {
    s.model = find_model_preset("deepseek-v3")->shape;
    s.model_id = "deepseek-v3";
    s.name = "DeepSeek-V3 (MLA)";
  } else if (variant == "custom gpu and fabric") {
    s.cluster.gpu.id = "my-accelerator";  // not in the catalog: its figures travel in the file
    s.cluster.gpu.name = "My accelerator";
    s.cluster.gpu.memory_bytes = 96.0 * 1024 * 1024 * 1024;
    s.cluster.gpu.bf16_flops = 400e12;
    s.cluster.fabric.id = "my-fabric";
    s.cluster.fabric.name = "Site RoCE 400G";
    s.cluster.fabric.nic_gbps = 400;
    s.name = "Custom hardware";
  }
  s.training.tokens = 1.4e12;
  return d;
}

using cp::test::readAll;
using cp::test::writeAll;

QString problemsText(const std::vector<Problem>& problems) {
  QStringList lines;
  for (const Problem& p : problems) lines << QString::fromStdString(p.text());
  return lines.join('\n');
}

}  // namespace

class TstScenarioFile : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip_data();
  void roundTrip();
  void exportThenImportFile();
  void wrapperKeys();
  void bareScenarioAccepted();
  void upgradeFromVersion0();
  void version0Problems();
  void badFiles_data();
  void badFiles();
  void everyProblemIsReported();
  void truncatedFile();
  void exportReplacesAtomically();
  void exportFailsCleanly_data();
  void exportFailsCleanly();
  void exportFailsMidWrite();
  void exportIntoReadOnlyDirectory();
  void unknownKeysAreErrors_data();
  void unknownKeysAreErrors();
  void everyUnknownKeyOnItsOwn();
  void hostileFiles_data();
  void hostileFiles();
  void fileReasonsAreTemplates_data();
  void fileReasonsAreTemplates();
  void jsonSyntaxReasonsAreTemplates_data();
  void jsonSyntaxReasonsAreTemplates();
  void textMustBeUtf8();
  void planCheckCanBeSkipped();
  void duplicateKeysRefused_data();
  void duplicateKeysRefused();
  void textLimitsOnRead();
};

void TstScenarioFile::roundTrip_data() {
  QTest::addColumn<QString>("variant");
  QTest::newRow("default (LLaMA-65B)") << "";
  QTest::newRow("DeepSeek-V3 with MLA") << "deepseek-v3";
  QTest::newRow("custom GPU and fabric") << "custom gpu and fabric";
}

void TstScenarioFile::roundTrip() {
  QFETCH(QString, variant);
  const ScenarioFileDocument d = sampleDocument(variant);
  const std::string text = scenario_file_text(d);
  const ImportResult r = import_scenario_text(text);
  QVERIFY2(r.ok(), qPrintable(problemsText(r.problems)));
  QCOMPARE(r.format_version, kScenarioFileVersion);
  QCOMPARE(QString::fromStdString(scenario_to_json(r.document.scenario).dump()),
           QString::fromStdString(scenario_to_json(d.scenario).dump()));
  QCOMPARE(r.document.notes, d.notes);
  QVERIFY(r.document.tags == d.tags);
  // Writing the imported document again gives the same bytes.
  QCOMPARE(QString::fromStdString(scenario_file_text(r.document)), QString::fromStdString(text));
}

void TstScenarioFile::exportThenImportFile() {
  QTemporaryDir dir;
  const std::string path = dir.filePath("plan.json").toStdString();
  const ScenarioFileDocument d = sampleDocument("custom gpu and fabric");
  std::string error;
  QVERIFY2(export_scenario_file(path, d, error), error.c_str());
  QCOMPARE(readAll(QString::fromStdString(path)), QByteArray::fromStdString(scenario_file_text(d)));
  const ImportResult r = import_scenario_file(path);
  QVERIFY2(r.ok(), qPrintable(problemsText(r.problems)));
  QCOMPARE(scenario_to_json(r.document.scenario), scenario_to_json(d.scenario));
  QCOMPARE(r.document.scenario.cluster.gpu.memory_bytes, 96.0 * 1024 * 1024 * 1024);  // from gpu_spec
  QCOMPARE(cp::test::entries(dir.path()), QStringList{"plan.json"});  // no temporary file left
}

void TstScenarioFile::wrapperKeys() {
  const json j = scenario_file_to_json(sampleDocument(""));
  QCOMPARE(j["format"].get<std::string>(), std::string("clusterplan-scenario-file"));
  QCOMPARE(j["format_version"].get<int>(), 1);
  QCOMPARE(j["name"].get<std::string>(), std::string("LLaMA-65B on 32 A100"));
  QCOMPARE(j["tags"].size(), std::size_t(3));
  QVERIFY(j["scenario"].is_object());
  QVERIFY(j["scenario"]["assumptions"].is_object());  // the price list travels with it
  QCOMPARE(j.size(), std::size_t(6));
}

void TstScenarioFile::bareScenarioAccepted() {
  Scenario s = default_scenario();
  s.parallel.pp = 2;  // TP 8 x PP 2 x DP 2 = 32 GPUs
  s.parallel.dp = 2;
  s.name = "bare";
  const ImportResult r = import_scenario_text(scenario_to_json(s).dump());
  QVERIFY2(r.ok(), qPrintable(problemsText(r.problems)));
  QCOMPARE(r.document.scenario.parallel.pp, 2);
  QCOMPARE(r.document.scenario.name, std::string("bare"));
  QVERIFY(r.document.tags.empty());
}

// Format 0 (docs/scenario-format.md): one flat object, scenario fields as dotted keys, tags as
// one comma-separated string. Written by hand, as an old clusterplan would have
// (tests/fixtures/scenario_file/format-version-0.json).
void TstScenarioFile::upgradeFromVersion0() {
  const std::string v0 = cp::test::fixture("scenario_file/format-version-0.json");
  const ImportResult r = import_scenario_text(v0);
  QVERIFY2(r.ok(), qPrintable(problemsText(r.problems)));
  QCOMPARE(r.format_version, 0);
  const Scenario& s = r.document.scenario;
  QCOMPARE(s.name, std::string("Old plan"));
  QCOMPARE(r.document.notes, std::string("from 2024"));
  QVERIFY(r.document.tags == (std::vector<std::string>{"budget", "q3"}));  // trimmed, no empties or repeats
  QCOMPARE(s.training.seq, 4096);
  QCOMPARE(s.training.global_batch, 512);
  QCOMPARE(s.parallel.pp, 8);
  QCOMPARE(s.cluster.gpu.id, std::string("h100-sxm"));
  QCOMPARE(s.cluster.nodes, 8);
  // 64 GPUs / (TP 8 x PP 8) = DP 1
  QCOMPARE(s.data_parallel(), 1);
  // Saved again, it is a format-1 file.
  QCOMPARE(scenario_file_to_json(r.document)["format_version"].get<int>(), 1);
}

void TstScenarioFile::version0Problems() {
  const ImportResult r = import_scenario_text(
      R"({"format": "clusterplan-scenario-file", "format_version": 0, "parallelism.tp": "eight", "tags": 3})");
  QVERIFY(!r.ok());
  QCOMPARE(problemsText(r.problems), QString("tags: must be a string of comma-separated tags (format 0)"));
  const ImportResult clash = import_scenario_text(
      R"({"format": "clusterplan-scenario-file", "format_version": 0, "parallelism": 1, "parallelism.tp": 2})");
  QVERIFY(!clash.ok());
  QVERIFY2(problemsText(clash.problems).startsWith("parallelism.tp: is not a dotted scenario key"),
           qPrintable(problemsText(clash.problems)));
  const ImportResult typed = import_scenario_text(
      R"({"format": "clusterplan-scenario-file", "format_version": 0, "parallelism.tp": "eight"})");
  QCOMPARE(problemsText(typed.problems), QString("scenario.parallelism.tp: must be a whole number"));
}

void TstScenarioFile::badFiles_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("expected");  // one of the problems, or its start followed by "..."
  const QString head = R"({"format": "clusterplan-scenario-file", "format_version": 1, )";
  // Line 3 is `  "name": }`: the '}' is its 11th character.
  QTest::newRow("JSON syntax error") << "{\n  \"format\": \"x\",\n  \"name\": }"
                                     << "line 3, column 11: not valid JSON: syntax error while parsing value...";
  QTest::newRow("empty file") << "" << "line 1, column 1: not valid JSON: ...";
  // A number no double holds: nlohmann raises out_of_range 406, not a parse error (found by
  // fuzz_scenario_json); it is reported, not thrown.
  QTest::newRow("number overflow") << R"({"format": "clusterplan-scenario-file", "format_version": 1e400})"
                                   << "$: not valid JSON: ...";
  QTest::newRow("not an object") << "[1, 2]" << "$: a scenario file must be a JSON object";
  QTest::newRow("no format") << "{}"
                             << "format: missing: a scenario file starts with \"format\": \"clusterplan-scenario-file\"";
  QTest::newRow("another format") << R"({"format": "openapi"})"
                                  << "format: is \"openapi\", not \"clusterplan-scenario-file\": this is not a "
                                     "clusterplan scenario file";
  QTest::newRow("from the future")
      << R"({"format": "clusterplan-scenario-file", "format_version": 7, "scenario": {}})"
      << "format_version: this file was written by a newer clusterplan (scenario file format 7); this version "
         "reads formats 0 to 1. Update clusterplan to open it";
  QTest::newRow("version missing") << R"({"format": "clusterplan-scenario-file"})" << "format_version: missing";
  QTest::newRow("version negative") << R"({"format": "clusterplan-scenario-file", "format_version": -1})"
                                    << "format_version: must be a whole number, 0 or more";
  QTest::newRow("no scenario") << head + "\"name\": \"x\"}"
                               << "scenario: missing: a scenario file holds its scenario under \"scenario\"";
  QTest::newRow("scenario not an object") << head + "\"scenario\": 3}" << "scenario: must be an object";
  QTest::newRow("unknown key") << head + "\"scenario\": {}, \"colour\": \"red\"}"
                               << "colour: unknown key (valid keys here: format, format_version, name, notes, "
                                  "scenario, tags)";
  QTest::newRow("misspelt wrapper key") << head + "\"scenario\": {}, \"nots\": \"x\"}"
                                        << "nots: unknown key (did you mean 'notes'?)";
  QTest::newRow("tag not a string") << head + "\"scenario\": {}, \"tags\": [\"a\", 2]}" << "tags[1]: must be a string";
  QTest::newRow("empty tag") << head + "\"scenario\": {}, \"tags\": [\" \"]}" << "tags[0]: is empty";
  QTest::newRow("notes not a string") << head + "\"scenario\": {}, \"notes\": 5}" << "notes: must be a string";
  QTest::newRow("wrong type inside the scenario")
      << head + "\"scenario\": {\"training\": {\"seq\": \"long\"}}}" << "scenario.training.seq: must be a whole number";
  QTest::newRow("unknown GPU") << head + "\"scenario\": {\"cluster\": {\"gpu\": \"z80\"}}}"
                               << "scenario.cluster.gpu: unknown GPU 'z80'...";
  // LLaMA-65B has 64 attention heads: TP 6 does not divide them (validate()).
  QTest::newRow("inconsistent plan") << head + "\"scenario\": {\"parallelism\": {\"tp\": 6, \"dp\": 1}}}"
                                     << "scenario.parallelism.tp: 6 does not divide 64 attention heads";
  QTest::newRow("bare scenario from the future") << R"({"format": "clusterplan-scenario", "format_version": 9})"
                                                 << "format_version: this file was written by a newer clusterplan...";
}

void TstScenarioFile::badFiles() {
  QFETCH(QString, text);
  QFETCH(QString, expected);
  const ImportResult r = import_scenario_text(text.toStdString());
  QVERIFY(!r.ok());
  bool found = false;
  for (const Problem& p : r.problems) {
    const QString text = QString::fromStdString(p.text());
    found = found || (expected.endsWith("...") ? text.startsWith(expected.chopped(3)) : text == expected);
  }
  QVERIFY2(found, qPrintable(problemsText(r.problems)));
}

void TstScenarioFile::everyProblemIsReported() {
  const ImportResult r = import_scenario_text(R"({"format": "clusterplan-scenario-file", "format_version": 1,
      "name": 1, "tags": [""], "scenario": {"training": {"seq": "x", "micro_batch": "y"}}})");
  QCOMPARE(problemsText(r.problems), QString("scenario.training.seq: must be a whole number\n"
                                             "scenario.training.micro_batch: must be a whole number\n"
                                             "name: must be a string\n"
                                             "tags[0]: is empty"));
}

void TstScenarioFile::truncatedFile() {
  const std::string text = scenario_file_text(sampleDocument(""));
  const ImportResult r = import_scenario_text(text.substr(0, text.size() / 2));
  QCOMPARE(r.problems.size(), std::size_t(1));
  QVERIFY2(QString::fromStdString(r.problems[0].message).startsWith("not valid JSON: "), r.problems[0].message.c_str());
  QVERIFY(QString::fromStdString(r.problems[0].field).startsWith("line "));
  QVERIFY(!import_scenario_file("/nonexistent/plan.json").ok());
  QCOMPARE(import_scenario_file("/nonexistent/plan.json").problems[0].text(),
           std::string("/nonexistent/plan.json: cannot read: No such file or directory"));
}

void TstScenarioFile::exportReplacesAtomically() {
  QTemporaryDir dir;
  const QString path = dir.filePath("plan.json");
  writeAll(path, "old content\n");
  QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup);  // 0640 is kept
  std::string error;
  const ScenarioFileDocument d = sampleDocument("");
  QVERIFY2(export_scenario_file(path.toStdString(), d, error), error.c_str());
  QCOMPARE(readAll(path), QByteArray::fromStdString(scenario_file_text(d)));
  struct stat st {};
  QCOMPARE(::stat(path.toLocal8Bit().constData(), &st), 0);
  QCOMPARE(st.st_mode & 0777, 0640u);
}

void TstScenarioFile::exportFailsCleanly_data() {
  QTest::addColumn<QString>("target");  // relative to the temporary directory
  QTest::addColumn<QString>("reason");
  QTest::newRow("missing directory") << "no/such/dir/plan.json" << "No such file or directory";
  QTest::newRow("target is a directory") << "subdir" << "it is a directory";
}

void TstScenarioFile::exportFailsCleanly() {
  QFETCH(QString, target);
  QFETCH(QString, reason);
  QTemporaryDir dir;
  QVERIFY(QDir(dir.path()).mkdir("subdir"));
  const std::string path = dir.filePath(target).toStdString();
  std::string error;
  QVERIFY(!export_scenario_file(path, sampleDocument(""), error));
  QCOMPARE(QString::fromStdString(error), "cannot write '" + QString::fromStdString(path) + "': " + reason);
  QCOMPARE(cp::test::entries(dir.path()), QStringList{"subdir"});
}

// A disk that fills up in the middle of the write (RLIMIT_FSIZE makes write() fail with EFBIG
// after 1 KiB, even for root): the old file keeps its bytes and no temporary file remains.
void TstScenarioFile::exportFailsMidWrite() {
  QTemporaryDir dir;
  const QString path = dir.filePath("plan.json");
  const QByteArray old = QByteArray::fromStdString(scenario_file_text(sampleDocument("deepseek-v3")));
  writeAll(path, old);
  const ScenarioFileDocument d = sampleDocument("");
  QVERIFY(scenario_file_text(d).size() > 1024);
  const int code = test::run_in_child(
      [&] {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{1024, 1024};
    if (setrlimit(RLIMIT_FSIZE, &limit) != 0) return 3;
    std::string error;
    if (export_scenario_file(path.toStdString(), d, error)) return 1;
    if (error.find("File too large") != std::string::npos) return 0;
    std::fprintf(stderr, "%s\n", error.c_str());
    return 2;
      },
      false);
  QCOMPARE(code, 0);
  QCOMPARE(readAll(path), old);
  QCOMPARE(cp::test::entries(dir.path()), QStringList{"plan.json"});
}

void TstScenarioFile::exportIntoReadOnlyDirectory() {
  QTemporaryDir dir;
  QFile::setPermissions(dir.path(), QFile::permissions(dir.path()) | QFile::ExeOther | QFile::ReadOther);
  const QString ro = dir.filePath("readonly");
  QVERIFY(QDir(dir.path()).mkdir("readonly"));
  const QString path = ro + "/plan.json";
  writeAll(path, "old content\n");
  QFile::setPermissions(path, QFile::permissions(path) | QFile::ReadOther | QFile::WriteOther);
  QFile::setPermissions(ro, QFile::ReadOwner | QFile::ExeOwner | QFile::ReadOther | QFile::ExeOther);
  const ScenarioFileDocument d = sampleDocument("");
  const int code = test::run_unprivileged([&] {
    std::string error;
    if (export_scenario_file((ro + "/new.json").toStdString(), d, error)) return 1;
    if (error != "cannot write '" + (ro + "/new.json").toStdString() + "': Permission denied") return 2;
    // The file itself is writable, but replacing it atomically needs the directory.
    if (export_scenario_file(path.toStdString(), d, error)) return 3;
    return 0;
  });
  QFile::setPermissions(ro, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
  QCOMPARE(code, 0);
  QCOMPARE(readAll(path), QByteArray("old content\n"));
  QCOMPARE(cp::test::entries(ro), QStringList{"plan.json"});
}

// A misspelt key is an error: read as the default, "ppp": 2 would give PP 4 with exit 0.
void TstScenarioFile::unknownKeysAreErrors_data() {
  QTest::addColumn<QString>("scenario");  // the "scenario" object of a format-1 file
  QTest::addColumn<QString>("expected");
  QTest::newRow("parallelism.ppp") << R"({"parallelism": {"tp": 8, "ppp": 2}})"
                                   << "scenario.parallelism.ppp: unknown key (did you mean 'pp'?)";
  QTest::newRow("top level") << R"({"trainig": {"seq": 4096}})"
                             << "scenario.trainig: unknown key (did you mean 'training'?)";
  QTest::newRow("case") << R"({"training": {"SEQ": 4096}})" << "scenario.training.SEQ: unknown key (did you mean 'seq'?)";
  QTest::newRow("model") << R"({"model": {"id": "llama-65b", "layer": 40}})"
                         << "scenario.model.layer: unknown key (did you mean 'layers'?)";
  QTest::newRow("mla") << R"({"model": {"mla": {"kv_lora": 512}}})"
                       << "scenario.model.mla.kv_lora: unknown key (did you mean 'kv_lora_rank'?)";
  QTest::newRow("cluster") << R"({"cluster": {"gpu_per_node": 8}})"
                           << "scenario.cluster.gpu_per_node: unknown key (did you mean 'gpus_per_node'?)";
  // A built-in GPU's figures come from the catalog, but the file's copy is still checked.
  QTest::newRow("gpu_spec of a built-in GPU") << R"({"cluster": {"gpu": "h100-sxm", "gpu_spec": {"memory_byte": 1}}})"
                                              << "scenario.cluster.gpu_spec.memory_byte: unknown key (did you mean "
                                                 "'memory_bytes'?)";
  QTest::newRow("fabric_spec") << R"({"cluster": {"fabric_spec": {"nic_gbp": 400}}})"
                               << "scenario.cluster.fabric_spec.nic_gbp: unknown key (did you mean 'nic_gbps'?)";
  QTest::newRow("assumptions") << R"({"assumptions": {"pu": 1.2}})"
                               << "scenario.assumptions.pu: unknown key (did you mean 'pue'?)";
  QTest::newRow("price list") << R"({"assumptions": {"price_lists": {"rent": {"curency": "USD"}}}})"
                              << "scenario.assumptions.price_lists.rent.curency: unknown key (did you mean "
                                 "'currency'?)";
  QTest::newRow("price lists") << R"({"assumptions": {"price_lists": {"rnet": {}}}})"
                               << "scenario.assumptions.price_lists.rnet: unknown key (did you mean 'rent'?)";
  QTest::newRow("price line") << R"({"assumptions": {"price_lists": {"rent": {"lines": [{"item": "storage",
                                  "price": 1, "prise": 2}]}}}})"
                              << "scenario.assumptions.price_lists.rent.lines[0].prise: unknown key (did you mean "
                                 "'price'?)";
  QTest::newRow("far from any key") << R"({"overheads": {"colour": 1}})"
                                    << "scenario.overheads.colour: unknown key (valid keys here: comm_buffer_bytes, "
                                       "fragmentation, framework_bytes, headroom_fraction)";
}

void TstScenarioFile::unknownKeysAreErrors() {
  QFETCH(QString, scenario);
  QFETCH(QString, expected);
  const QString text = R"({"format": "clusterplan-scenario-file", "format_version": 1, "scenario": )" + scenario + "}";
  const ImportResult r = import_scenario_text(text.toStdString());
  QVERIFY(!r.ok());
  QCOMPARE(problemsText(r.problems), expected);
  // The bare scenario format and the format-0 upgrade are as strict.
  const ImportResult bare = import_scenario_text(
      (R"({"format": "clusterplan-scenario", )" + scenario.mid(1)).toStdString());
  QCOMPARE(problemsText(bare.problems), expected.mid(int(std::strlen("scenario."))));
}

void TstScenarioFile::everyUnknownKeyOnItsOwn() {
  const ImportResult r = import_scenario_text(R"({"format": "clusterplan-scenario-file", "format_version": 0,
      "parallelism.tp": 8, "parallelism.ppp": 2, "training.sq": 4096, "cluster.nods": 2})");
  // In the order the scenario is read: training, parallelism, cluster.
  QCOMPARE(problemsText(r.problems), QString("scenario.training.sq: unknown key (did you mean 'seq'?)\n"
                                             "scenario.parallelism.ppp: unknown key (did you mean 'pp'?)\n"
                                             "scenario.cluster.nods: unknown key (did you mean 'nodes'?)"));
  // A missing or unknown format is refused, its body never read as defaults.
  const ImportResult no_format = import_scenario_text(R"({"parallelism": {"tp": 8, "pp": 2}})");
  QCOMPARE(problemsText(no_format.problems),
           QString("format: missing: a scenario file starts with \"format\": \"clusterplan-scenario-file\""));
}

// Every file is checked before it is read; none blocks or fills memory.
void TstScenarioFile::hostileFiles_data() {
  QTest::addColumn<QString>("kind");
  QTest::addColumn<QString>("reason");
  QTest::newRow("named pipe") << "fifo" << "is a named pipe (FIFO), not a regular file";
  QTest::newRow("link to /dev/zero") << "zero" << "is a character device (such as /dev/zero), not a regular file";
  QTest::newRow("directory") << "dir" << "is a directory, not a file";
  QTest::newRow("65 MiB") << "big" << "is 65.0 MiB, more than the limit of 64.0 MiB for this file";
  QTest::newRow("missing") << "missing" << "cannot read: No such file or directory";
}

namespace {

// The file of a hostile kind at `path` in `dir`: a named pipe, a link to /dev/zero, a directory,
// a 65 MiB sparse file (no disk space used) or, for "missing", nothing.
bool makeHostileFile(const QString& kind, const QTemporaryDir& dir, const std::string& path) {
  if (kind == "fifo") return ::mkfifo(path.c_str(), 0600) == 0;
  if (kind == "zero") return ::symlink("/dev/zero", path.c_str()) == 0;
  if (kind == "dir") return QDir(dir.path()).mkdir("plan.json");
  if (kind == "big") {
    QFile f(QString::fromStdString(path));
    return f.open(QIODevice::WriteOnly) && f.resize(qint64(65) << 20);
  }
  return kind == "missing";
}

}  // namespace

void TstScenarioFile::hostileFiles() {
  QFETCH(QString, kind);
  QFETCH(QString, reason);
  QTemporaryDir dir;
  const std::string path = dir.filePath("plan.json").toStdString();
  QVERIFY(makeHostileFile(kind, dir, path));
  const ImportResult r = import_scenario_file(path);
  QCOMPARE(problemsText(r.problems), QString::fromStdString(path) + ": " + reason);
  QCOMPARE(QString::fromStdString(check_regular_file(path, kMaxInputFileBytes)), reason);
  std::string text, error;
  QVERIFY(!read_input_file(path, kMaxInputFileBytes, text, error));
  QCOMPARE(QString::fromStdString(error), reason);
  QVERIFY(text.empty());
}

namespace {

std::vector<std::string> strings(const QStringList& list) {
  std::vector<std::string> v;
  for (const QString& s : list) v.push_back(s.toStdString());
  return v;
}

bool isReadReason(std::string_view r) {
  return std::find(std::begin(kReadReasons), std::end(kReadReasons), r) != std::end(kReadReasons);
}

}  // namespace

// The file-level problems carry their reason template and arguments (io/read_reasons.h), as the
// per-key ones do, so that the GUI says them in its language; their English text is, word for
// word, what the string reader says.
void TstScenarioFile::fileReasonsAreTemplates_data() {
  QTest::addColumn<QString>("kind");
  QTest::addColumn<QString>("reason");
  QTest::addColumn<QStringList>("args");
  QTest::newRow("named pipe") << "fifo" << QString(reasons::file_fifo.data()) << QStringList{};
  QTest::newRow("link to /dev/zero") << "zero" << QString(reasons::file_char_device.data()) << QStringList{};
  QTest::newRow("directory") << "dir" << QString(reasons::file_directory.data()) << QStringList{};
  QTest::newRow("65 MiB") << "big" << QString(reasons::file_too_large.data()) << QStringList{"65.0", "64.0"};
  QTest::newRow("missing") << "missing" << QString(reasons::cannot_read.data())
                           << QStringList{"No such file or directory"};
}

void TstScenarioFile::fileReasonsAreTemplates() {
  QFETCH(QString, kind);
  QFETCH(QString, reason);
  QFETCH(QStringList, args);
  QTemporaryDir dir;
  const std::string path = dir.filePath("plan.json").toStdString();
  QVERIFY(makeHostileFile(kind, dir, path));
  const ImportResult r = import_scenario_file(path);
  QCOMPARE(r.problems.size(), std::size_t(1));
  const Problem& p = r.problems[0];
  QCOMPARE(p.field, path);
  QCOMPARE(QString::fromUtf8(p.reason.data(), qsizetype(p.reason.size())), reason);
  QVERIFY(isReadReason(p.reason));
  QCOMPARE(p.args, strings(args));
  QCOMPARE(p.message, fill_reason(p.reason, p.args));
  // The reader's structured answer is the string one, word for word.
  std::string text, error;
  FileRefusal why;
  QVERIFY(!read_input_file(path, kMaxInputFileBytes, text, why));
  QVERIFY(!read_input_file(path, kMaxInputFileBytes, text, error));
  QCOMPARE(why.text(), error);
  QCOMPARE(why.text(), p.message);
}

// nlohmann's syntax errors are taken apart: the position is the field (json_position filled),
// the parser's fixed words are the template, and what it was parsing, its complaint and the
// tokens are the arguments; the message is word for word the one before ("not valid JSON: "
// and the parser's text).
void TstScenarioFile::jsonSyntaxReasonsAreTemplates_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("field");
  QTest::addColumn<QString>("reason");
  QTest::addColumn<QStringList>("args");
  QTest::newRow("unexpected, expected") << "{\n  \"format\": \"x\",\n  \"name\": }" << "line 3, column 11"
                                        << QString(reasons::json_unexpected_expected.data())
                                        << QStringList{"value", "'}'", "'[', '{', or a literal"};
  QTest::newRow("empty") << "" << "line 1, column 1" << QString(reasons::json_unexpected_expected.data())
                         << QStringList{"value", "end of input", "'[', '{', or a literal"};
  QTest::newRow("invalid literal") << "{\"a\": tru}" << "line 1, column 10" << QString(reasons::json_read.data())
                                   << QStringList{"value", "invalid literal", "\"a\": tru}"};
  QTest::newRow("key not a string") << "{x: 1}" << "line 1, column 2" << QString(reasons::json_read_expected.data())
                                    << QStringList{"object key", "invalid literal", "{x", "string literal"};
  QTest::newRow("lexer's own ';'") << "{\"a\": -x}" << "line 1, column 8" << QString(reasons::json_read.data())
                                   << QStringList{"value", "invalid number; expected digit after '-'", "-x"};
  QTest::newRow("raw line feed in a string") << "{\"a\": \"b\nc\"}" << "line 1, column 9"
                                             << QString(reasons::json_control.data())
                                             << QStringList{"value", "U+000A (LF)", "\\u000A or \\n", "\"b<U+000A>"};
  QTest::newRow("missing ':'") << "{\"a\" 1}" << "line 1, column 6" << QString(reasons::json_unexpected_expected.data())
                               << QStringList{"object separator", "number literal", "':'"};
  QTest::newRow("number overflow") << R"({"format": "clusterplan-scenario-file", "format_version": 1e400})" << "$"
                                   << QString(reasons::json_other.data()) << QStringList{};
}

void TstScenarioFile::jsonSyntaxReasonsAreTemplates() {
  QFETCH(QString, text);
  QFETCH(QString, field);
  QFETCH(QString, reason);
  QFETCH(QStringList, args);
  const std::string input = text.toStdString();
  std::string parser;  // nlohmann's own text, after "column N: "
  try {
    [[maybe_unused]] const json parsed = json::parse(input);
  } catch (const json::exception& e) {
    parser = e.what();
  }
  const ImportResult r = import_scenario_text(input);
  QCOMPARE(r.problems.size(), std::size_t(1));
  const Problem& p = r.problems[0];
  QCOMPARE(QString::fromStdString(p.field), field);
  QCOMPARE(QString::fromUtf8(p.reason.data(), qsizetype(p.reason.size())), reason);
  QVERIFY(isReadReason(p.reason));
  if (!args.isEmpty()) QCOMPARE(p.args, strings(args));
  QCOMPARE(p.message, fill_reason(p.reason, p.args));
  QVERIFY2(p.message.rfind("not valid JSON: ", 0) == 0, p.message.c_str());
  // Word for word the parser's text.
  const std::string tail = p.message.substr(16);
  QVERIFY2(parser.size() >= tail.size() && parser.compare(parser.size() - tail.size(), tail.size(), tail) == 0,
           qPrintable(QString::fromStdString(p.message + "\n" + parser)));
  // Each argument that is words is a phrase the GUI translates (kReadPhrases); what was read is data.
  if (p.reason != reasons::json_other)
    for (std::size_t i = 0; i < p.args.size(); ++i) {
      const bool read = (p.reason == reasons::json_read || p.reason == reasons::json_read_expected) ? i == 2
                        : (p.reason == reasons::json_control || p.reason == reasons::json_control_expected) ? i >= 1 && i <= 3
                                                                                                           : false;
      const bool punctuation = p.args[i].size() == 3 && p.args[i].front() == '\'';
      if (read || punctuation) continue;
      QVERIFY2(std::find(std::begin(kReadPhrases), std::end(kReadPhrases), p.args[i]) != std::end(kReadPhrases),
               p.args[i].c_str());
    }
}

// Text must be UTF-8: a name typed in a Latin-1 terminal would make the library's JSON list fail.
void TstScenarioFile::textMustBeUtf8() {
  QVERIFY(is_valid_utf8("plain"));
  QVERIFY(is_valid_utf8("Ünïcödé 中文 \xF0\x9F\x98\x80"));
  QVERIFY(!is_valid_utf8("caf\xE9"));           // Latin-1 é
  QVERIFY(!is_valid_utf8("\xC0\xAF"));          // overlong '/'
  QVERIFY(!is_valid_utf8("\xED\xA0\x80"));      // a UTF-16 surrogate
  QVERIFY(!is_valid_utf8("\xF4\x90\x80\x80"));  // above U+10FFFF
  QVERIFY(!is_valid_utf8("\xE4\xB8"));          // cut short
  ScenarioFileDocument d = sampleDocument("");
  d.scenario.name = "caf\xE9";
  d.notes = "na\xEFve";
  d.tags = {"ok", "\xFC" "ber"};
  std::vector<Problem> problems = validate(d.scenario);
  check_document_text(d, problems);
  QCOMPARE(problemsText(problems),
           QString("name: must be valid UTF-8 text: byte 0xE9 at offset 3 is not (typed in a Latin-1 terminal? use "
                   "a UTF-8 locale, e.g. LANG=C.UTF-8)\n"
                   "notes: must be valid UTF-8 text: byte 0xEF at offset 2 is not (typed in a Latin-1 terminal? use "
                   "a UTF-8 locale, e.g. LANG=C.UTF-8)\n"
                   "tags[1]: must be valid UTF-8 text: byte 0xFC at offset 0 is not (typed in a Latin-1 terminal? "
                   "use a UTF-8 locale, e.g. LANG=C.UTF-8)"));
}

// The GUI opens a plan with problems to show and fix them; the file's structure is still strict.
void TstScenarioFile::planCheckCanBeSkipped() {
  const std::string text = R"({"format": "clusterplan-scenario-file", "format_version": 1,
      "scenario": {"parallelism": {"tp": 6, "dp": 1}}})";
  QVERIFY(!import_scenario_text(text).ok());
  const ImportResult r = import_scenario_text(text, PlanCheck::Skip);
  QVERIFY2(r.ok(), qPrintable(problemsText(r.problems)));
  QCOMPARE(r.document.scenario.parallel.tp, 6);
  QVERIFY(!import_scenario_text(R"({"format": "clusterplan-scenario", "parallelism": {"tpp": 6}})", PlanCheck::Skip).ok());
}

// A key twice in one object is refused, naming its path: a parser keeps one of the two values
// silently (the last), and which plan the file means is then a guess.
void TstScenarioFile::duplicateKeysRefused_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("path");
  const QString head = "{\"format\": \"clusterplan-scenario-file\", \"format_version\": 1, ";
  QTest::newRow("wrapper") << head + "\"name\": \"a\", \"name\": \"b\", \"scenario\": {}}" << "name";
  QTest::newRow("nested") << head + "\"scenario\": {\"parallelism\": {\"tp\": 8, \"pp\": 2, \"tp\": 4}}}"
                          << "scenario.parallelism.tp";
  QTest::newRow("in an array")
      << head + "\"scenario\": {\"assumptions\": {\"price_lists\": {\"rent\": {\"lines\": "
                "[{\"item\": \"gpu\"}, {\"item\": \"gpu\", \"item\": \"x\"}]}}}}}"
      << "scenario.assumptions.price_lists.rent.lines[1].item";
}

void TstScenarioFile::duplicateKeysRefused() {
  QFETCH(QString, text);
  QFETCH(QString, path);
  const ImportResult r = import_scenario_text(text.toStdString());
  QVERIFY(!r.ok());
  QCOMPARE(QString::fromStdString(r.problems.front().text()),
           path + ": appears twice in one object (each key may appear once)");
  QCOMPARE(duplicate_key_path("{\"a\": {\"b\": 1}, \"c\": [{\"b\": 2}, {\"b\": 3}]}"), std::string());
}

// Every reader holds the limits of names, tags and notes (io/scenario_file.h): a file over them
// is refused at once, naming the key; within them, Chinese text counts in characters.
void TstScenarioFile::textLimitsOnRead() {
  const auto problems = [](const std::string& wrapper_extra) {
    const std::string text =
        "{\"format\": \"clusterplan-scenario-file\", \"format_version\": 1, \"scenario\": {}" + wrapper_extra + "}";
    return problemsText(import_scenario_text(text).problems);
  };
  QCOMPARE(problems(", \"name\": \"" + std::string(201, 'n') + "\""), QString("name: is 201 characters long; at most 200"));
  QCOMPARE(problems(", \"tags\": [\"a\\u001fb\"]"),
           QString("tags[0]: holds the control character U+001F at byte 1; it must be plain text"));
  QCOMPARE(problems(", \"name\": \"a\\nb\""),
           QString("name: holds the control character U+000A at byte 1; it must be plain text"));
  QCOMPARE(problems(", \"notes\": \"line one\\nline two\""), QString());
  std::string many = ", \"tags\": [";
  for (int i = 0; i < 1000000; ++i) many += (i ? ",\"t" : "\"t") + std::to_string(i) + "\"";
  many += "]";
  QElapsedTimer clock;
  clock.start();
  QCOMPARE(problems(many), QString("tags: holds 1,000,000 tags; at most 64"));
  QVERIFY(clock.elapsed() < 20000);  // counted, never compared pairwise
  std::string tag;
  for (int i = 0; i < 64; ++i) tag += "\xe6\x96\x87";
  QCOMPARE(problems(", \"tags\": [\"" + tag + "\"]"), QString());
  QCOMPARE(problems(", \"tags\": [\"" + tag + "x\"]"), QString("tags[0]: is 65 characters long; at most 64"));
  QCOMPARE(text_problem(std::string(801, 'x'), kNameLimit), std::string("is 801 characters long; at most 200"));
}

QTEST_GUILESS_MAIN(TstScenarioFile)
#include "tst_scenario_file.moc"
