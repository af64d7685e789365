// clusterplan-cli: every option, the output formats, the catalog and every error path.
// Most checks call cp::cli::run in-process; one test runs the real binary for exit codes.
//
// The default scenario, worked out once for the rows below (the seed article's case):
// LLaMA-65B, h = 8192, 80 layers, 64 heads, FFN 22016 (SwiGLU), vocabulary 32000.
//   layer: attention 4h^2 = 268,435,456 + SwiGLU 3 x 8192 x 22016 = 541,065,216 + norms 2h =
//   16,384 -> 809,517,056; x 80 = 64,761,364,480; embedding and output 2 x 32000 x 8192 =
//   524,288,000; final norm 8,192. Parameters 65,285,660,672 (65.2857B).
// TP 8, PP 4, DP 1 on 32 A100 80GB (80 GiB = 85,899,345,920 bytes). The first stage peaks:
//   20 layers x 809,517,056 + embedding 262,144,000 = 16,452,485,120 / TP 8 = 2,056,560,640
//   parameters; bf16 weights 2 B -> 4,113,121,280; bf16 gradients 2 B -> 4,113,121,280;
//   Adam 12 B (ZeRO-1 over DP 1) -> 24,678,727,680.
//   Activations per layer (s 2048, b 1, SP on, flash attention, selective): replicated
//   8sbh / 8 = 16,777,216; split (Q 33,554,432 + KV 67,108,864 + proj 33,554,432 + LSE
//   524,288 + MLP 6 x 2048 x 22016 = 270,532,608) / 8 = 50,659,328 -> 67,436,544; x 20
//   layers x 4 in flight (1F1B, stage 0 of 4) = 5,394,923,520.
//   Fragmentation 5% of 38,299,893,760 = 1,914,994,688; framework 1 GiB; NCCL 0.5 GiB.
//   Total 41,476,325,376 bytes (38.63 GiB); headroom 44,423,020,544 (41.37 GiB).
#include <QtTest>
#include <sys/stat.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

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
using cp::test::runCli;
using cp::test::toStd;

// Runs `estimate ARGS --format json`, checks exit 0, returns the parsed output.
json estimateJson(const QStringList& args, bool* ok) {
  const Result r = runCli(QStringList{"estimate"} + args + QStringList{"--format", "json"});
  *ok = r.code == 0;
  if (!*ok) qWarning("exit %d: %s", r.code, r.err.c_str());
  return *ok ? json::parse(r.out) : json();
}

// Numbers compare to 1e-12 relative (sums of products of whole numbers, some times 0.05).
bool sameValue(const json& actual, const json& expected) {
  if (actual.is_number() && expected.is_number()) {
    const double a = actual.get<double>(), e = expected.get<double>();
    return a == e || std::abs(a - e) <= 1e-12 * std::max(std::abs(a), std::abs(e));
  }
  return actual == expected;
}

// Splits one CSV line per RFC 4180 (quoted fields, doubled quotes).
QStringList csvSplit(const QString& line) {
  QStringList fields;
  QString cur;
  bool quoted = false;
  for (int i = 0; i < line.size(); ++i) {
    const QChar c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') cur += '"', ++i;
      else if (c == '"') quoted = false;
      else cur += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields << cur;
      cur.clear();
    } else {
      cur += c;
    }
  }
  fields << cur;
  return fields;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& content) {
  const QString path = dir.filePath(name);
  QFile f(path);
  if (f.open(QIODevice::WriteOnly)) f.write(content);
  return path;
}

// meta-llama/Llama-2-7b-hf config.json (trimmed): 6,738,415,616 parameters (tst_hf_config).
const QByteArray kLlama2Config = R"({"architectures": ["LlamaForCausalLM"], "hidden_act": "silu",
  "hidden_size": 4096, "intermediate_size": 11008, "num_attention_heads": 32,
  "num_hidden_layers": 32, "num_key_value_heads": 32, "rms_norm_eps": 1e-05,
  "tie_word_embeddings": false, "vocab_size": 32000})";

// A scenario file: Llama-2 13B on the default 32 GPUs as TP 4 x PP 2 x DP 4, micro-batch 2.
// Llama-2 13B: layer 4 x 5120^2 + 3 x 5120 x 13824 + 2 x 5120 = 317,204,480; x 40 =
// 12,688,179,200; + 2 x 32000 x 5120 + 5120 = 327,685,120 -> 13,015,864,320.
// The name holds a comma and quotes, for the CSV test. (Built with nlohmann::json: moc
// misreads escaped quotes inside raw string literals.)
QByteArray scenarioFile() {
  const json j = {{"format", "clusterplan-scenario"},
                  {"format_version", 1},
                  {"name", "Plan \"A\", 13B"},
                  {"model", {{"id", "llama-2-13b"}}},
                  {"parallelism", {{"tp", 4}, {"pp", 2}, {"dp", 4}}},
                  {"training", {{"micro_batch", 2}}}};
  return QByteArray::fromStdString(j.dump());
}

}  // namespace

class TestCli : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void defaultScenario_data();
  void defaultScenario();
  void jsonIsEstimateToJson();
  void options_data();
  void options();
  void equalsFormMatchesSpaceForm();
  void files_data();
  void files();
  void csvHeaderAndRow();
  void csvField_data();
  void csvField();
  void text_data();
  void text();
  void doesNotFitExitsZero();
  void errors_data();
  void errors();
  void commandErrors_data();
  void commandErrors();
  void catalogJson();
  void catalogText_data();
  void catalogText();
  void versionAndHelp_data();
  void versionAndHelp();
  void estimateHelpListsEveryOption();
  void parserAlone();
  void noCrashOnMixedTokens();
  void realBinary_data();
  void realBinary();

  // Issue 3: network options, site calibration, throughput text, catalog fabrics, sweep.
  void fasterNeverSlower_data();
  void fasterNeverSlower();
  void measuredStep_data();
  void measuredStep();
  void trainingTime_data();
  void trainingTime();
  void catalogFabricsJson();
  void sweepPointCount_data();
  void sweepPointCount();
  void sweepStrongScaling();
  void sweepWeakScaling();
  void sweepInfeasible_data();
  void sweepInfeasible();
  void sweepPointIsEstimate();
  void sweepCsvColumns();
  void sweepText();
  void sweepErrors_data();
  void sweepErrors();
  void sweepNoCrashOnMixedTokens();

  // Issue 4: power, cost and reliability options, their text, price lists, bill of materials.
  void powerCostOptions_data();
  void powerCostOptions();
  void powerCostRelations();
  void powerCostText_data();
  void powerCostText();
  void powerCostErrors_data();
  void powerCostErrors();
  void catalogPriceLists();
  void bomCsv();
  void sweepVariesAssumption();

  // Issue 14: strict files, hostile files, no impossible numbers, big jobs streamed.
  void misspeltKeyRefused();
  void fileWithoutFormatRefused();
  void hostileFiles_data();
  void hostileFiles();
  void impossibleInputsRefused_data();
  void impossibleInputsRefused();
  void slowStorageHasNoNegativeFraction();
  void sweepStreamIsTheDocument_data();
  void sweepStreamIsTheDocument();

 private:
  QTemporaryDir dir_;
  QString scenarioPath_, configPath_, badJsonPath_, badScenarioPath_, badConfigPath_;
};

void TestCli::misspeltKeyRefused() {
  // Issue 14: {"parallelism": {"tp": 8, "ppp": 2}} estimated PP 4 (the default) with exit 0.
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

// Issue 14, point 4: a pipe hung the CLI; a link to /dev/zero grew to 4.9 GB.
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
  args.replaceInStrings("FILE", path);
  args.replaceInStrings("DB", dir.filePath("library.sqlite"));
  message.replace("FILE", path);
  const Result r = runCli(args);
  QCOMPARE(r.code, 2);
  QVERIFY(r.out.empty());
  QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
}

// Issue 14, point 5: `--power-price 1e308 --payment purchase` printed "-nan CNY".
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

// Issue 14, point 5: `--storage-bytes-per-s 1e8` printed a goodput of -1.54 with "Warnings: none".
void TestCli::slowStorageHasNoNegativeFraction() {
  const Result text = runCli({"estimate", "--storage-bytes-per-s", "1e8"});
  QCOMPARE(text.code, 0);
  QVERIFY2(text.out.find("-1.5") == std::string::npos, text.out.c_str());
  QVERIFY2(text.out.find("goodput 0.00000 at 1 h, 0.00000 at 2 h") != std::string::npos, text.out.c_str());
  QVERIFY2(text.out.find("Warnings: none") == std::string::npos, text.out.c_str());
  QVERIFY2(text.out.find("checkpointing every 7200 s (the seed's interval) leaves no progress") != std::string::npos,
           text.out.c_str());
  bool ok = false;
  const json j = estimateJson({"--storage-bytes-per-s", "1e8"}, &ok);
  QVERIFY(ok);
  QCOMPARE(j["reliability"]["seed_interval"]["goodput_low"].get<double>(), 0.0);
  bool warned = false;
  for (const json& w : j["warnings"]) warned |= w["code"] == "seed_interval_no_progress";
  QVERIFY(warned);
}

// Issue 14, point 6: the sweep is written point by point; the document is that built at once
// (sweep_to_json), key for key and value for value ("fabric_gap", which needs every point,
// follows "points" in the stream, so the bytes differ only in that key's place).
void TestCli::sweepStreamIsTheDocument_data() {
  QTest::addColumn<QStringList>("args");
  QTest::newRow("one point") << QStringList{};
  QTest::newRow("fabrics and gpus") << QStringList{"--gpus", "32,64,96", "--fabric", "ib-hdr,roce-200-untuned"};
  QTest::newRow("weak, vary") << QStringList{"--gpus", "16,32,48", "--scaling", "weak", "--vary", "micro-batch=1,2"};
}

void TestCli::sweepStreamIsTheDocument() {
  QFETCH(QStringList, args);
  // The in-process document is asked for in JSON too: only then is cost.ib_vs_roce computed
  // (the text and CSV writers print no comparison, so they compute none).
  const std::vector<std::string> words = toStd(args + QStringList{"--format", "json"});
  cp::cli::SweepParseResult parsed = cp::cli::parse_sweep_args(words);
  QVERIFY(parsed.ok());
  const cp::cli::SweepResult all = cp::cli::run_sweep_points(parsed.args);
  QVERIFY(all.ok());
  const Result json_out = runCli(QStringList{"sweep"} + args + QStringList{"--format", "json"});
  QCOMPARE(json_out.code, 0);
  QCOMPARE(QString::fromStdString(json::parse(json_out.out).dump(2)),
           QString::fromStdString(cp::cli::sweep_to_json(parsed.args, all).dump(2)));
}

void TestCli::initTestCase() {
  QVERIFY(dir_.isValid());
  scenarioPath_ = writeFile(dir_, "plan.json", scenarioFile());
  configPath_ = writeFile(dir_, "config.json", kLlama2Config);
  badJsonPath_ = writeFile(dir_, "broken.json", "{\"model\": ");
  badScenarioPath_ = writeFile(dir_, "bad-scenario.json",
                               R"({"format": "clusterplan-scenario", "parallelism": {"tp": "eight"}})");
  badConfigPath_ = writeFile(dir_, "bad-config.json", R"({"num_hidden_layers": 32, "num_attention_heads": 32,
    "intermediate_size": 11008, "vocab_size": 32000})");
}

void TestCli::defaultScenario_data() {
  QTest::addColumn<QString>("pointer");
  QTest::addColumn<QByteArray>("expected");
  // Worked out at the top of this file.
  QTest::newRow("schema_version") << "/schema_version" << QByteArray("1");
  QTest::newRow("params") << "/model/params" << QByteArray("65285660672");
  QTest::newRow("active_params") << "/model/active_params" << QByteArray("65285660672");
  QTest::newRow("weights") << "/memory/weights_bytes" << QByteArray("4113121280");
  QTest::newRow("gradients") << "/memory/gradients_bytes" << QByteArray("4113121280");
  QTest::newRow("optimizer") << "/memory/optimizer_bytes" << QByteArray("24678727680");
  QTest::newRow("activations") << "/memory/activations_bytes" << QByteArray("5394923520");
  QTest::newRow("loss/logits on stage 0") << "/memory/loss_logits_bytes" << QByteArray("0");
  // 0.5 GiB + 1 GiB + 1,914,994,688 = 3,525,607,424
  // NCCL buffers per communicator (issue 16): the TP group and two pipeline neighbours, 179 MiB
  // instead of a flat 512 MiB: 333 MiB = 349,175,808 bytes less.
  QTest::newRow("other") << "/memory/other_bytes" << QByteArray("3176431616");
  QTest::newRow("total") << "/memory/total_bytes" << QByteArray("41476325376");
  QTest::newRow("capacity") << "/memory/capacity_bytes" << QByteArray("85899345920");
  QTest::newRow("headroom") << "/memory/headroom_bytes" << QByteArray("44423020544");
  QTest::newRow("fits") << "/memory/fits" << QByteArray("true");
  QTest::newRow("peak stage") << "/memory/peak_stage" << QByteArray("0");
  QTest::newRow("peak stage layers") << "/memory/peak_stage_layers" << QByteArray("20");
  QTest::newRow("in flight") << "/memory/inflight_microbatches" << QByteArray("4");
  QTest::newRow("dp") << "/parallelism/dp" << QByteArray("1");
  QTest::newRow("microbatches") << "/parallelism/microbatches" << QByteArray("1024");  // 1024 / (1 x 1)
  QTest::newRow("gpus") << "/parallelism/gpus" << QByteArray("32");
  QTest::newRow("no warnings") << "/warnings" << QByteArray("[]");
  QTest::newRow("model id") << "/inputs/model/id" << QByteArray("\"llama-65b\"");
  QTest::newRow("tokens") << "/inputs/training/tokens" << QByteArray("1.4e12");
  QTest::newRow("seed name") << "/inputs/name" << QByteArray("\"LLaMA-65B on 32x A100 80GB SXM, IB HDR\"");
}

void TestCli::defaultScenario() {
  QFETCH(QString, pointer);
  QFETCH(QByteArray, expected);
  bool ok = false;
  const json j = estimateJson({}, &ok);
  QVERIFY(ok);
  const json& actual = j.at(json::json_pointer(pointer.toStdString()));
  QVERIFY2(sameValue(actual, json::parse(expected.constData())), actual.dump().c_str());
}

void TestCli::jsonIsEstimateToJson() {
  const Result r = runCli({"estimate", "--format", "json"});
  QCOMPARE(r.code, 0);
  QVERIFY(r.err.empty());
  const cp::Scenario s = cp::default_scenario();
  // The command computes the IB-vs-RoCE comparison once and hands it to the writer.
  const cp::Estimate e = cp::estimate(s);
  const cp::FabricComparison versus = cp::compare_ib_roce(s, e);
  QCOMPARE(r.out, cp::estimate_to_json(s, e, &versus).dump(2) + "\n");
}

void TestCli::options_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("pointer");
  QTest::addColumn<QByteArray>("expected");

  // Model.
  QTest::newRow("--model") << QStringList{"--model", "llama-2-7b"} << "/inputs/model/id" << QByteArray("\"llama-2-7b\"");
  // Llama-2 7B: 202,383,360 x 32 + 262,148,096 (see tst_hf_config).
  QTest::newRow("--model params") << QStringList{"--model", "llama-2-7b"} << "/model/params"
                                  << QByteArray("6738415616");
  QTest::newRow("--params-b id") << QStringList{"--params-b", "30"} << "/inputs/model/id"
                                 << QByteArray("\"derived:30B\"");
  QTest::newRow("--params-b derived") << QStringList{"--params-b", "30"} << "/model/derived" << QByteArray("true");
  // The aspect ratio closest to 128 is h = 7168 with 48 layers (149; 6144 x 65 gives 95, 8192
  // x 43 gives 191). 56 heads, SwiGLU 8h/3 rounded up to 256 = 19200: layer 4 x 7168^2 +
  // 3 x 7168 x 19200 + 2 x 7168 = 618,412,032; x 48 = 29,683,777,536 + 2 x 32000 x 7168 +
  // 7168 = 30,142,536,704.
  QTest::newRow("--params-b params") << QStringList{"--params-b", "30"} << "/model/params"
                                     << QByteArray("30142536704");
  QTest::newRow("--params-b warning") << QStringList{"--params-b", "30"} << "/warnings/0/code"
                                      << QByteArray("\"derived_model_shape\"");
  // Shape flags override a starting point (here --model); alone they must describe the
  // whole shape (the "custom" rows below, and "incomplete shape" in errors()).
  QTest::newRow("--layers") << QStringList{"--model", "llama-65b", "--layers", "40"} << "/inputs/model/layers" << QByteArray("40");
  QTest::newRow("--layers makes it custom") << QStringList{"--model", "llama-65b", "--layers", "40"} << "/inputs/model/id"
                                            << QByteArray("\"custom\"");
  // 40 x 809,517,056 + 524,296,192 = 32,904,978,432
  QTest::newRow("--layers params") << QStringList{"--model", "llama-65b", "--layers", "40"} << "/model/params" << QByteArray("32904978432");
  QTest::newRow("--hidden") << QStringList{"--model", "llama-65b", "--hidden", "4096"} << "/inputs/model/hidden" << QByteArray("4096");
  QTest::newRow("--heads") << QStringList{"--model", "llama-65b", "--heads", "32", "--kv-heads", "8"} << "/inputs/model/heads"
                           << QByteArray("32");
  QTest::newRow("--kv-heads") << QStringList{"--model", "llama-65b", "--heads", "32", "--kv-heads", "8"} << "/inputs/model/kv_heads"
                              << QByteArray("8");
  QTest::newRow("--ffn") << QStringList{"--model", "llama-65b", "--ffn", "16384"} << "/inputs/model/ffn" << QByteArray("16384");
  QTest::newRow("--ffn-type") << QStringList{"--model", "llama-65b", "--ffn-type", "gelu"} << "/inputs/model/ffn_type"
                              << QByteArray("\"gelu\"");
  QTest::newRow("--vocab") << QStringList{"--model", "llama-65b", "--vocab", "50304"} << "/inputs/model/vocab" << QByteArray("50304");
  QTest::newRow("--experts") << QStringList{"--model", "llama-65b", "--experts", "8", "--experts-per-token", "2"} << "/inputs/model/experts"
                             << QByteArray("8");
  QTest::newRow("--experts-per-token") << QStringList{"--model", "llama-65b", "--experts", "8", "--experts-per-token", "2"}
                                       << "/inputs/model/experts_per_token" << QByteArray("2");
  // LLaMA-65B with 8 experts of 22016: MoE layer 268,435,456 + 16,384 + router 65,536 +
  // 8 x 541,065,216 = 4,597,039,104; x 80 + 524,296,192 = 368,287,424,512. Active: 2 experts:
  // 1,350,647,808 x 80 + 524,296,192 = 108,576,120,832.
  QTest::newRow("moe params") << QStringList{"--model", "llama-65b", "--experts", "8", "--experts-per-token", "2"} << "/model/params"
                              << QByteArray("368287424512");
  QTest::newRow("moe active") << QStringList{"--model", "llama-65b", "--experts", "8", "--experts-per-token", "2"}
                              << "/model/active_params" << QByteArray("108576120832");
  // Shape flags alone: attention 4 x 256^2 = 262,144 + SwiGLU 3 x 256 x 1024 = 786,432 + norms
  // 512 = 1,049,088 x 2 = 2,098,176; + 2 x 1000 x 256 + 256 = 2,610,432.
  const QStringList custom{"--layers", "2",   "--hidden", "256",  "--heads", "4",    "--ffn",
                           "1024",     "--vocab", "1000", "--tp", "1",   "--pp", "1", "--gpus", "1"};
  QTest::newRow("custom shape params") << custom << "/model/params" << QByteArray("2610432");
  QTest::newRow("custom kv defaults to heads") << custom << "/inputs/model/kv_heads" << QByteArray("4");
  QTest::newRow("custom id") << custom << "/inputs/model/id" << QByteArray("\"custom\"");
  // A preset given with a shape flag: preset first, then the flag. 16 x 202,383,360 +
  // 262,148,096 = 3,500,281,856.
  QTest::newRow("preset + override") << QStringList{"--model", "llama-2-7b", "--layers", "16"} << "/model/params"
                                     << QByteArray("3500281856");
  QTest::newRow("override before preset") << QStringList{"--layers", "16", "--model", "llama-2-7b"}
                                          << "/model/params" << QByteArray("3500281856");
  QTest::newRow("same value keeps preset id") << QStringList{"--model", "llama-2-7b", "--layers", "32"}
                                              << "/inputs/model/id" << QByteArray("\"llama-2-7b\"");

  // Training.
  QTest::newRow("--seq") << QStringList{"--seq", "4096"} << "/inputs/training/seq" << QByteArray("4096");
  QTest::newRow("--micro-batch") << QStringList{"--micro-batch", "2"} << "/inputs/training/micro_batch"
                                 << QByteArray("2");
  QTest::newRow("--micro-batch microbatches") << QStringList{"--micro-batch", "2"} << "/parallelism/microbatches"
                                              << QByteArray("512");  // 1024 / (DP 1 x 2)
  QTest::newRow("--global-batch") << QStringList{"--global-batch", "512"} << "/parallelism/microbatches"
                                  << QByteArray("512");  // 512 / (1 x 1)
  QTest::newRow("--precision") << QStringList{"--precision", "fp8"} << "/inputs/training/precision"
                               << QByteArray("\"fp8\"");
  // fp8: 1 byte weights x 2,056,560,640 parameters on stage 0.
  QTest::newRow("--precision weights") << QStringList{"--precision", "fp8"} << "/memory/weights_bytes"
                                       << QByteArray("2056560640");
  QTest::newRow("--optimizer") << QStringList{"--optimizer", "sgd"} << "/inputs/training/optimizer"
                               << QByteArray("\"sgd\"");
  // SGD with fp32 master and momentum: 8 bytes x 2,056,560,640 = 16,452,485,120.
  QTest::newRow("--optimizer bytes") << QStringList{"--optimizer", "sgd"} << "/memory/optimizer_bytes"
                                     << QByteArray("16452485120");
  QTest::newRow("--grad-dtype") << QStringList{"--grad-dtype", "fp32"} << "/inputs/training/grad_dtype"
                                << QByteArray("\"fp32\"");
  // fp32 gradients: 4 x 2,056,560,640 = 8,226,242,560.
  QTest::newRow("--grad-dtype bytes") << QStringList{"--grad-dtype", "fp32"} << "/memory/gradients_bytes"
                                      << QByteArray("8226242560");
  QTest::newRow("--recompute") << QStringList{"--recompute", "full"} << "/inputs/training/recompute"
                               << QByteArray("\"full\"");
  QTest::newRow("--zero 3") << QStringList{"--zero", "3"} << "/inputs/training/zero" << QByteArray("\"3\"");
  QTest::newRow("--zero fsdp") << QStringList{"--zero", "fsdp"} << "/inputs/training/zero" << QByteArray("\"3\"");
  QTest::newRow("--zero distopt") << QStringList{"--zero", "distopt"} << "/inputs/training/zero"
                                  << QByteArray("\"distopt\"");
  QTest::newRow("--dropout") << QStringList{"--dropout", "on"} << "/inputs/training/dropout" << QByteArray("true");
  QTest::newRow("--flash-attention") << QStringList{"--flash-attention", "off"}
                                     << "/inputs/training/flash_attention" << QByteArray("false");
  QTest::newRow("--tokens exponent") << QStringList{"--tokens", "2.5e12"} << "/inputs/training/tokens"
                                     << QByteArray("2.5e12");
  QTest::newRow("--tokens plain") << QStringList{"--tokens", "2000000"} << "/inputs/training/tokens"
                                  << QByteArray("2000000");

  // Parallelism. Changing the layout derives DP again from the 32 GPUs.
  QTest::newRow("--tp") << QStringList{"--tp", "4"} << "/inputs/parallelism/tp" << QByteArray("4");
  QTest::newRow("--tp derives dp") << QStringList{"--tp", "4"} << "/parallelism/dp" << QByteArray("2");  // 32/(4x4)
  QTest::newRow("--tp leaves dp 0") << QStringList{"--tp", "4"} << "/inputs/parallelism/dp" << QByteArray("0");
  QTest::newRow("--pp") << QStringList{"--pp", "2"} << "/parallelism/dp" << QByteArray("2");  // 32 / (8 x 2)
  QTest::newRow("--vpp") << QStringList{"--vpp", "2"} << "/inputs/parallelism/vpp" << QByteArray("2");
  QTest::newRow("--dp") << QStringList{"--tp", "4", "--dp", "2"} << "/inputs/parallelism/dp" << QByteArray("2");
  QTest::newRow("--dp 0") << QStringList{"--dp", "0"} << "/parallelism/dp" << QByteArray("1");  // 32 / (8 x 4)
  QTest::newRow("--cp") << QStringList{"--cp", "2", "--gpus", "64"} << "/inputs/parallelism/cp" << QByteArray("2");
  QTest::newRow("--cp dp") << QStringList{"--cp", "2", "--gpus", "64"} << "/parallelism/dp"
                           << QByteArray("1");  // 64 / (8 x 4 x 2)
  // Mixtral, TP 4 x PP 4 on 32 GPUs: DP 2; EP 2 divides 8 experts and DP x CP = 2.
  QTest::newRow("--ep") << QStringList{"--model", "mixtral-8x7b", "--tp", "4", "--ep", "2"}
                        << "/inputs/parallelism/ep" << QByteArray("2");
  QTest::newRow("--sequence-parallel") << QStringList{"--sequence-parallel", "off"} << "/inputs/parallelism/sp"
                                       << QByteArray("false");

  // Cluster.
  QTest::newRow("--gpu") << QStringList{"--gpu", "h100-sxm"} << "/inputs/cluster/gpu" << QByteArray("\"h100-sxm\"");
  // H200: 143,771 MiB as nvidia-smi reports it = 143,771 x 1,048,576 = 150,754,820,096 bytes.
  QTest::newRow("--gpu capacity") << QStringList{"--gpu", "h200-sxm"} << "/memory/capacity_bytes"
                                  << QByteArray("150754820096");
  QTest::newRow("--gpus nodes") << QStringList{"--gpus", "64"} << "/inputs/cluster/nodes" << QByteArray("8");
  QTest::newRow("--gpus dp") << QStringList{"--gpus", "64"} << "/parallelism/dp" << QByteArray("2");
  QTest::newRow("--gpus total") << QStringList{"--gpus", "64"} << "/parallelism/gpus" << QByteArray("64");
  QTest::newRow("--gpus one node") << QStringList{"--gpus", "4", "--tp", "4", "--pp", "1"}
                                   << "/inputs/cluster/gpus_per_node" << QByteArray("4");
  QTest::newRow("--gpus one node count") << QStringList{"--gpus", "4", "--tp", "4", "--pp", "1"}
                                         << "/inputs/cluster/nodes" << QByteArray("1");
  QTest::newRow("--nodes") << QStringList{"--nodes", "8"} << "/parallelism/dp" << QByteArray("2");
  QTest::newRow("--gpus-per-node") << QStringList{"--nodes", "8", "--gpus-per-node", "4"}
                                   << "/inputs/cluster/gpus_per_node" << QByteArray("4");
  QTest::newRow("--gpus with --gpus-per-node") << QStringList{"--gpus", "64", "--gpus-per-node", "4"}
                                               << "/inputs/cluster/nodes" << QByteArray("16");

  // Network (issue 3). The default scenario: 4 nodes with 8 HDR NICs each, rail-optimised.
  QTest::newRow("--fabric") << QStringList{"--fabric", "ib-ndr"} << "/inputs/cluster/fabric" << QByteArray("\"ib-ndr\"");
  QTest::newRow("--fabric spec") << QStringList{"--fabric", "ib-ndr"} << "/inputs/cluster/fabric_spec/nic_gbps"
                                 << QByteArray("400");
  QTest::newRow("--fabric roce kind") << QStringList{"--fabric", "roce-400-untuned"}
                                      << "/inputs/cluster/fabric_spec/kind" << QByteArray("\"roce\"");
  QTest::newRow("default fabric") << QStringList{} << "/inputs/cluster/fabric" << QByteArray("\"ib-hdr\"");
  QTest::newRow("--nics-per-node") << QStringList{"--nics-per-node", "4"} << "/inputs/cluster/nics_per_node"
                                   << QByteArray("4");
  // 4 nodes x 4 NICs = 16 NIC ports.
  QTest::newRow("--nics-per-node ports") << QStringList{"--nics-per-node", "4"} << "/network/nic_ports"
                                         << QByteArray("16");
  QTest::newRow("default nic ports") << QStringList{} << "/network/nic_ports" << QByteArray("32");  // 4 x 8
  QTest::newRow("--topology") << QStringList{"--topology", "fat-tree-3"} << "/inputs/cluster/topology"
                              << QByteArray("\"fat-tree-3\"");
  // 32 NIC ports fit one 40-port HDR switch: one tier, one switch, 32 links.
  QTest::newRow("--topology single") << QStringList{"--topology", "single"} << "/network/switches" << QByteArray("1");
  QTest::newRow("--topology single links") << QStringList{"--topology", "single"} << "/network/links"
                                           << QByteArray("32");
  QTest::newRow("--oversubscription") << QStringList{"--oversubscription", "2"} << "/inputs/cluster/oversubscription"
                                      << QByteArray("2");
  QTest::newRow("--oversubscription exponent") << QStringList{"--oversubscription=1.5e0"}
                                               << "/inputs/cluster/oversubscription" << QByteArray("1.5");
  QTest::newRow("--tp-comm-overlap") << QStringList{"--tp-comm-overlap", "on"} << "/inputs/training/tp_comm_overlap"
                                     << QByteArray("true");
  QTest::newRow("default tp-comm-overlap") << QStringList{} << "/inputs/training/tp_comm_overlap"
                                           << QByteArray("false");
  QTest::newRow("--dp-overlap") << QStringList{"--dp-overlap", "off"} << "/inputs/training/dp_overlap"
                                << QByteArray("false");
  QTest::newRow("default dp-overlap") << QStringList{} << "/inputs/training/dp_overlap" << QByteArray("true");
  // Issue 19: the name says what the scenario is ("Command-line scenario" said nothing).
  QTest::newRow("network option renames") << QStringList{"--fabric", "ib-ndr"} << "/inputs/name"
                                          << QByteArray("\"LLaMA-65B on 32x A100 80GB SXM, IB NDR\"");
  QTest::newRow("default fabric keeps name") << QStringList{"--fabric", "ib-hdr"} << "/inputs/name"
                                             << QByteArray("\"LLaMA-65B on 32x A100 80GB SXM, IB HDR\"");
  QTest::newRow("derived name follows the flags")
      << QStringList{"--model", "llama-3-70b", "--gpu", "h100-sxm", "--nodes", "32", "--fabric", "ib-ndr", "--tp", "8",
                     "--pp", "4"}
      << "/inputs/name" << QByteArray("\"Llama 3 70B on 256x H100 SXM 80GB, IB NDR\"");
  QTest::newRow("no calibration") << QStringList{} << "/inputs/calibration/step_time_factor" << QByteArray("1");

  // Syntax.
  QTest::newRow("--name=value") << QStringList{"--seq=4096"} << "/inputs/training/seq" << QByteArray("4096");
  QTest::newRow("repeated: last wins") << QStringList{"--seq", "1024", "--seq", "4096"} << "/inputs/training/seq"
                                       << QByteArray("4096");
  QTest::newRow("command-line name") << QStringList{"--seq", "4096"} << "/inputs/name"
                                     << QByteArray("\"LLaMA-65B on 32x A100 80GB SXM, IB HDR\"");
}

void TestCli::options() {
  QFETCH(QStringList, args);
  QFETCH(QString, pointer);
  QFETCH(QByteArray, expected);
  bool ok = false;
  const json j = estimateJson(args, &ok);
  QVERIFY(ok);
  const json& actual = j.at(json::json_pointer(pointer.toStdString()));
  QVERIFY2(sameValue(actual, json::parse(expected.constData())), actual.dump().c_str());
}

void TestCli::equalsFormMatchesSpaceForm() {
  const Result a = runCli({"estimate", "--model", "llama-3-8b", "--tp", "4", "--precision", "fp8", "--format", "csv"});
  const Result b = runCli({"estimate", "--model=llama-3-8b", "--tp=4", "--precision=fp8", "--format=csv"});
  QCOMPARE(a.code, 0);
  QCOMPARE(a.out, b.out);
}

void TestCli::files_data() {
  QTest::addColumn<QStringList>("args");  // SCENARIO and CONFIG are replaced by the temp files
  QTest::addColumn<QString>("pointer");
  QTest::addColumn<QByteArray>("expected");

  QTest::newRow("file name") << QStringList{"--scenario", "SCENARIO"} << "/inputs/name"
                             << QByteArray::fromStdString(json("Plan \"A\", 13B").dump());
  QTest::newRow("file model") << QStringList{"--scenario", "SCENARIO"} << "/model/params"
                              << QByteArray("13015864320");
  QTest::newRow("file dp kept") << QStringList{"--scenario", "SCENARIO"} << "/parallelism/dp" << QByteArray("4");
  // micro-batch 2 from the file: 1024 / (4 x 2) = 128 micro-batches.
  QTest::newRow("file micro-batch") << QStringList{"--scenario", "SCENARIO"} << "/parallelism/microbatches"
                                    << QByteArray("128");
  // The flag wins although it comes first: 1024 / (4 x 4) = 64.
  QTest::newRow("flag before file wins") << QStringList{"--micro-batch", "4", "--scenario", "SCENARIO"}
                                         << "/parallelism/microbatches" << QByteArray("64");
  QTest::newRow("flag after file wins") << QStringList{"--scenario", "SCENARIO", "--micro-batch", "4"}
                                        << "/inputs/training/micro_batch" << QByteArray("4");
  // A layout flag derives DP again: 32 / (TP 8 x PP 2) = 2.
  QTest::newRow("file + --tp derives dp") << QStringList{"--scenario", "SCENARIO", "--tp", "8"} << "/parallelism/dp"
                                          << QByteArray("2");
  // Shape flags override the file's model: 20 x 317,204,480 + 327,685,120 = 6,671,774,720.
  QTest::newRow("file + --layers") << QStringList{"--scenario", "SCENARIO", "--layers", "20"} << "/model/params"
                                   << QByteArray("6671774720");
  QTest::newRow("file + --model") << QStringList{"--scenario", "SCENARIO", "--model", "llama-2-7b"}
                                  << "/model/params" << QByteArray("6738415616");
  QTest::newRow("--hf-config") << QStringList{"--hf-config", "CONFIG"} << "/model/params"
                               << QByteArray("6738415616");
  QTest::newRow("--hf-config id") << QStringList{"--hf-config", "CONFIG"} << "/inputs/model/id"
                                  << QByteArray("\"custom\"");
  QTest::newRow("--hf-config + --layers") << QStringList{"--hf-config", "CONFIG", "--layers", "16"}
                                          << "/model/params" << QByteArray("3500281856");
}

void TestCli::files() {
  QFETCH(QStringList, args);
  QFETCH(QString, pointer);
  QFETCH(QByteArray, expected);
  args.replaceInStrings("SCENARIO", scenarioPath_);
  args.replaceInStrings("CONFIG", configPath_);
  bool ok = false;
  const json j = estimateJson(args, &ok);
  QVERIFY(ok);
  const json& actual = j.at(json::json_pointer(pointer.toStdString()));
  QVERIFY2(sameValue(actual, json::parse(expected.constData())), actual.dump().c_str());
}

void TestCli::csvHeaderAndRow() {
  // The scenario file's name holds a comma and quotes: the field must be quoted.
  const Result r = runCli({"estimate", "--scenario", scenarioPath_, "--format", "csv"});
  QCOMPARE(r.code, 0);
  const QStringList lines = QString::fromStdString(r.out).split('\n');
  QCOMPARE(lines.size(), 3);  // header, row, and the empty string after the final newline
  QVERIFY(lines[2].isEmpty());
  const QStringList header = csvSplit(lines[0]);
  const QStringList row = csvSplit(lines[1]);
  QCOMPARE(row.size(), header.size());

  // The columns are flatten_json's keys, in order.
  const json j = json::parse(runCli({"estimate", "--scenario", scenarioPath_, "--format", "json"}).out);
  const auto flat = cp::flatten_json(j);
  QCOMPARE(header.size(), int(flat.size()));
  for (int i = 0; i < header.size(); ++i) {
    QCOMPARE(header[i], QString::fromStdString(flat[i].first));
    QCOMPARE(row[i], QString::fromStdString(flat[i].second));
  }
  const auto column = [&](const QString& key) { return row.value(header.indexOf(key)); };
  QCOMPARE(column("inputs.name"), QString("Plan \"A\", 13B"));
  QVERIFY(lines[1].contains(R"("Plan ""A"", 13B")"));
  QCOMPARE(column("model.params").toDouble(), 13015864320.0);
  QCOMPARE(column("schema_version"), QString("1"));
  QCOMPARE(column("memory.fits"), QString("true"));
  QCOMPARE(column("memory.total_bytes").toDouble(), j["memory"]["total_bytes"].get<double>());
}

void TestCli::csvField_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("field");
  QTest::newRow("plain") << "bf16" << "bf16";
  QTest::newRow("empty") << "" << "";
  QTest::newRow("comma") << "a,b" << "\"a,b\"";
  QTest::newRow("quote") << "say \"hi\"" << "\"say \"\"hi\"\"\"";
  QTest::newRow("newline") << "two\nlines" << "\"two\nlines\"";
  QTest::newRow("semicolons stay") << "uneven_pipeline;few_micro_batches" << "uneven_pipeline;few_micro_batches";
}

void TestCli::csvField() {
  QFETCH(QString, text);
  QFETCH(QString, field);
  QCOMPARE(QString::fromStdString(cp::cli::csv_field(text.toStdString())), field);
}

void TestCli::text_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("contains");
  // Default scenario, worked out at the top of this file.
  QTest::newRow("params") << QStringList{} << "65.286 B total";
  QTest::newRow("total") << QStringList{} << "38.63 GiB";            // 41,476,325,376 / 2^30
  QTest::newRow("optimizer") << QStringList{} << "22.98 GiB";        // 24,678,727,680 / 2^30
  QTest::newRow("capacity") << QStringList{} << "80.00 GiB";
  QTest::newRow("fits") << QStringList{} << "yes, 41.37 GiB headroom";  // 44,423,020,544 / 2^30
  QTest::newRow("layout") << QStringList{} << "TP 8 x PP 4 x CP 1 x DP 1 (derived) = 32 GPUs";
  QTest::newRow("no warnings") << QStringList{} << "Warnings\n  none";
  QTest::newRow("derived label") << QStringList{"--params-b", "30"} << "derived from a size (derived:30B)";
  QTest::newRow("warning line") << QStringList{"--params-b", "30"} << "derived_model_shape (model):";
  QTest::newRow("does not fit") << QStringList{"--gpus", "4", "--tp", "4", "--pp", "1"} << "fits                     no, ";
  // Issue 3: the throughput section.
  QTest::newRow("fabric line") << QStringList{} << "Fabric       ";
  QTest::newRow("fabric id") << QStringList{"--fabric", "roce-400-tuned"} << "(roce-400-tuned), 8 NICs per node, rail";
  QTest::newRow("step section") << QStringList{} << "Step time (one optimizer step";
  QTest::newRow("compute") << QStringList{} << "  compute ";
  QTest::newRow("bubble") << QStringList{} << "  pipeline bubble ";
  QTest::newRow("exposed tp") << QStringList{} << "  exposed TP communication ";
  QTest::newRow("exposed cp") << QStringList{} << "  exposed CP communication ";
  QTest::newRow("optimizer time") << QStringList{} << "  optimizer ";
  QTest::newRow("tokens/s") << QStringList{} << "  tokens/s ";
  QTest::newRow("band") << QStringList{} << "(band ";
  QTest::newRow("mfu") << QStringList{} << ", MFU ";
  QTest::newRow("hfu") << QStringList{} << ", HFU ";
  QTest::newRow("time to train") << QStringList{} << "days for 1.4e+12 tokens";
  QTest::newRow("network") << QStringList{} << "Network\n  topology ";
  QTest::newRow("switches") << QStringList{"--topology", "single"} << "  switches                     1 (leaf 1)";
  QTest::newRow("calibrated text") << QStringList{"--measured-step-s", "20"} << "  site calibration ";
}

void TestCli::text() {
  QFETCH(QStringList, args);
  QFETCH(QString, contains);
  const Result r = runCli(QStringList{"estimate"} + args);
  QCOMPARE(r.code, 0);
  QVERIFY2(QString::fromStdString(r.out).contains(contains), r.out.c_str());
}

void TestCli::doesNotFitExitsZero() {
  // LLaMA-65B on 4 GPUs, TP 4, PP 1: the one stage holds 64,761,364,480 / 4 + 2 x 262,144,000 /
  // 4 + 8,192 = 16,321,421,312 parameters; bf16 weights alone 32,642,842,624 bytes, and with
  // 16 bytes per parameter the total is far above 80 GiB.
  bool ok = false;
  const json j = estimateJson({"--gpus", "4", "--tp", "4", "--pp", "1"}, &ok);
  QVERIFY(ok);
  QCOMPARE(j["memory"]["fits"].get<bool>(), false);
  QCOMPARE(j["memory"]["weights_bytes"].get<double>(), 32642842624.0);
  QVERIFY(j["memory"]["headroom_bytes"].get<double>() < 0);
  bool warned = false;
  for (const json& w : j["warnings"]) warned |= w["code"] == "does_not_fit" && w["field"] == "cluster.gpu";
  QVERIFY(warned);
}

void TestCli::errors_data() {
  QTest::addColumn<QStringList>("args");     // after `estimate`; BROKEN, BADSCENARIO, BADCONFIG: temp files
  QTest::addColumn<QString>("message");      // part of stderr, naming the option or field

  // Values.
  QTest::newRow("not a whole number") << QStringList{"--tp", "x"} << "--tp: 'x' is not a whole number";
  QTest::newRow("decimal for a count") << QStringList{"--seq", "2048.5"} << "--seq: '2048.5' is not a whole number";
  QTest::newRow("missing value at end") << QStringList{"--tp"} << "--tp: missing value (N)";
  QTest::newRow("missing value before option") << QStringList{"--tp", "--pp", "2"} << "--tp: missing value";
  QTest::newRow("empty value") << QStringList{"--tp="} << "--tp: '' is not a whole number";
  QTest::newRow("zero tp") << QStringList{"--tp", "0"} << "--tp: must be at least 1, got 0";
  QTest::newRow("negative dp") << QStringList{"--dp", "-1"} << "--dp: must be at least 0, got -1";
  QTest::newRow("negative layers") << QStringList{"--layers", "-80"} << "--layers: must be at least 1, got -80";
  QTest::newRow("int overflow") << QStringList{"--tp", "99999999999"} << "--tp: '99999999999' is out of range";
  QTest::newRow("tokens not a number") << QStringList{"--tokens", "lots"} << "--tokens: 'lots' is not a number";
  QTest::newRow("tokens negative") << QStringList{"--tokens", "-5"} << "--tokens: must be at least 0, got -5";
  QTest::newRow("tokens nan") << QStringList{"--tokens", "nan"} << "--tokens: 'nan' is not a number";
  QTest::newRow("tokens inf") << QStringList{"--tokens", "inf"} << "--tokens: 'inf' is not a finite number";
  QTest::newRow("params-b zero") << QStringList{"--params-b", "0"} << "--params-b: must be above 0, got 0";
  QTest::newRow("params-b huge") << QStringList{"--params-b", "1e6"} << "--params-b: must be at most 100000";
  QTest::newRow("params-b tiny") << QStringList{"--params-b", "0.0001"} << "--params-b: 0.0001 billion parameters";
  // Names and spellings.
  QTest::newRow("unknown preset") << QStringList{"--model", "gpt-5"} << "--model: unknown model preset 'gpt-5'";
  QTest::newRow("unknown gpu") << QStringList{"--gpu", "z100"} << "--gpu: unknown GPU 'z100'";
  QTest::newRow("precision") << QStringList{"--precision", "bf32"}
                             << "--precision: 'bf32' is not one of: fp32, bf16, fp16, fp8";
  QTest::newRow("optimizer") << QStringList{"--optimizer", "adamw"}
                             << "--optimizer: 'adamw' is not one of: adam, sgd, adam8bit";
  QTest::newRow("grad-dtype") << QStringList{"--grad-dtype", "fp16"} << "--grad-dtype: 'fp16' is not one of";
  QTest::newRow("recompute") << QStringList{"--recompute", "some"} << "--recompute: 'some' is not one of";
  QTest::newRow("zero") << QStringList{"--zero", "4"} << "--zero: '4' is not one of: 0, 1, 2, 3, fsdp, distopt";
  QTest::newRow("dropout") << QStringList{"--dropout", "yes"} << "--dropout: 'yes' is not one of: on, off";
  QTest::newRow("flash-attention") << QStringList{"--flash-attention", "true"} << "--flash-attention: 'true'";
  QTest::newRow("sequence-parallel") << QStringList{"--sequence-parallel", "1"} << "--sequence-parallel: '1'";
  QTest::newRow("ffn-type") << QStringList{"--ffn-type", "relu"} << "--ffn-type: 'relu' is not one of: gelu, swiglu";
  QTest::newRow("format") << QStringList{"--format", "xml"} << "--format: 'xml' is not one of: text, json, csv";
  // Network and calibration (issue 3).
  QTest::newRow("unknown fabric") << QStringList{"--fabric", "ethernet"}
                                  << "--fabric: unknown fabric 'ethernet' (see 'clusterplan-cli catalog fabrics')";
  QTest::newRow("fabric empty") << QStringList{"--fabric="} << "--fabric: unknown fabric ''";
  QTest::newRow("nics zero") << QStringList{"--nics-per-node", "0"} << "--nics-per-node: must be at least 1, got 0";
  QTest::newRow("nics too many") << QStringList{"--nics-per-node", "65"} << "--nics-per-node: must be at most 64, got 65";
  QTest::newRow("nics decimal") << QStringList{"--nics-per-node", "2.5"} << "--nics-per-node: '2.5' is not a whole number";
  QTest::newRow("topology") << QStringList{"--topology", "torus"}
                            << "--topology: 'torus' is not one of: single, fat-tree-2, fat-tree-3, rail";
  QTest::newRow("oversubscription below 1") << QStringList{"--oversubscription", "0.5"}
                                            << "--oversubscription: must be at least 1, got 0.5";
  QTest::newRow("oversubscription inf") << QStringList{"--oversubscription", "inf"}
                                        << "--oversubscription: 'inf' is not a finite number";
  QTest::newRow("oversubscription nan") << QStringList{"--oversubscription", "nan"}
                                        << "--oversubscription: 'nan' is not a number";
  QTest::newRow("oversubscription huge") << QStringList{"--oversubscription", "5000"}
                                         << "--oversubscription: must be at most 1000";
  QTest::newRow("tp-comm-overlap") << QStringList{"--tp-comm-overlap", "yes"}
                                   << "--tp-comm-overlap: 'yes' is not one of: on, off";
  QTest::newRow("dp-overlap") << QStringList{"--dp-overlap", "1"} << "--dp-overlap: '1' is not one of: on, off";
  QTest::newRow("measured zero") << QStringList{"--measured-step-s", "0"} << "--measured-step-s: must be above 0, got 0";
  QTest::newRow("measured negative") << QStringList{"--measured-step-s", "-3"}
                                     << "--measured-step-s: must be above 0, got -3";
  QTest::newRow("measured nan") << QStringList{"--measured-step-s", "nan"} << "--measured-step-s: 'nan' is not a number";
  QTest::newRow("measured words") << QStringList{"--measured-step-s", "fast"}
                                  << "--measured-step-s: 'fast' is not a number";
  // Syntax and combinations.
  QTest::newRow("unknown option") << QStringList{"--bogus", "3"} << "--bogus: unknown option";
  QTest::newRow("stray word") << QStringList{"stray"} << "'stray': unexpected argument";
  QTest::newRow("incomplete shape") << QStringList{"--layers", "4", "--hidden", "256"}
                                    << "--heads, --ffn, --vocab: missing";
  QTest::newRow("two model starts") << QStringList{"--model", "llama-65b", "--params-b", "30"}
                                    << "--params-b: cannot be combined with --model";
  QTest::newRow("gpus and nodes") << QStringList{"--gpus", "64", "--nodes", "8"}
                                  << "--gpus: cannot be combined with --nodes";
  QTest::newRow("gpus not a multiple") << QStringList{"--gpus", "20"}
                                       << "--gpus: 20 GPUs is not a multiple of 8 GPUs per node";
  // Validation: `field: message`.
  QTest::newRow("tp divides heads") << QStringList{"--tp", "6"} << "parallelism.tp: 6 does not divide 64 attention heads";
  QTest::newRow("dp underivable") << QStringList{"--pp", "3"} << "parallelism.dp: cannot be derived";
  QTest::newRow("dp mismatch") << QStringList{"--dp", "2"} << "parallelism.dp: TP x PP x CP x DP = 8 x 4 x 1 x 2 = 64";
  QTest::newRow("global batch") << QStringList{"--micro-batch", "3"}
                                << "training.global_batch: 1024 sequences is not a multiple of DP x micro-batch = 1 x 3";
  QTest::newRow("ep on dense") << QStringList{"--ep", "2"} << "parallelism.ep: expert parallelism needs a mixture";
  QTest::newRow("pp over layers") << QStringList{"--model", "llama-65b", "--layers", "2"} << "parallelism.pp: 4 pipeline stages exceed the 2";
  QTest::newRow("vpp without pp") << QStringList{"--pp", "1", "--vpp", "2"} << "parallelism.vpp: interleaving needs";
  QTest::newRow("kv over heads") << QStringList{"--model", "llama-65b", "--kv-heads", "128"} << "model.kv_heads: must not exceed 64";
  QTest::newRow("top-k on dense") << QStringList{"--model", "llama-65b", "--experts-per-token", "2"} << "model.experts_per_token: is set";
  QTest::newRow("absurd seq") << QStringList{"--seq", "2000000000"} << "training.seq: must be at most";
  // Files.
  QTest::newRow("missing scenario") << QStringList{"--scenario", "/nonexistent/plan.json"}
                                    << "--scenario: cannot read '/nonexistent/plan.json'";
  QTest::newRow("scenario not json") << QStringList{"--scenario", "BROKEN"} << "is not valid JSON";
  QTest::newRow("scenario field") << QStringList{"--scenario", "BADSCENARIO"}
                                  << "bad-scenario.json: parallelism.tp: must be a whole number";
  QTest::newRow("missing config") << QStringList{"--hf-config", "/nonexistent/config.json"}
                                  << "--hf-config: cannot read";
  QTest::newRow("config key") << QStringList{"--hf-config", "BADCONFIG"} << "bad-config.json: hidden_size: is missing";
  QTest::newRow("config not json") << QStringList{"--hf-config", "BROKEN"} << "--hf-config: ";
}

void TestCli::errors() {
  QFETCH(QStringList, args);
  QFETCH(QString, message);
  args.replaceInStrings("BROKEN", badJsonPath_);
  args.replaceInStrings("BADSCENARIO", badScenarioPath_);
  args.replaceInStrings("BADCONFIG", badConfigPath_);
  const Result r = runCli(QStringList{"estimate"} + args);
  QCOMPARE(r.code, 2);
  QVERIFY(r.out.empty());
  QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
}

void TestCli::commandErrors_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("message");
  QTest::newRow("no arguments") << QStringList{} << "Usage: clusterplan-cli COMMAND";
  QTest::newRow("unknown command") << QStringList{"frobnicate"} << "unknown command 'frobnicate'";
  QTest::newRow("catalog of nothing") << QStringList{"catalog"} << "missing what to list";
  QTest::newRow("catalog of cpus") << QStringList{"catalog", "cpus"} << "'cpus' is not one of: models, gpus";
  QTest::newRow("catalog csv") << QStringList{"catalog", "models", "--format", "csv"}
                               << "--format: 'csv' is not one of: text, json";
  QTest::newRow("catalog option") << QStringList{"catalog", "gpus", "--all"} << "--all: unknown option";
  QTest::newRow("catalog format value") << QStringList{"catalog", "gpus", "--format"} << "--format: missing value";
  QTest::newRow("catalog lists fabrics") << QStringList{"catalog", "nics"} << "is not one of: models, gpus, fabrics";
  QTest::newRow("unknown command lists sweep") << QStringList{"frobnicate"} << "commands: estimate, sweep, plan, scenario, catalog, claims";
}

void TestCli::commandErrors() {
  QFETCH(QStringList, args);
  QFETCH(QString, message);
  const Result r = runCli(args);
  QCOMPARE(r.code, 2);
  QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
}

void TestCli::catalogJson() {
  Result r = runCli({"catalog", "models", "--format", "json"});
  QCOMPARE(r.code, 0);
  const json models = json::parse(r.out);
  QVERIFY(models.is_array());
  QCOMPARE(models.size(), cp::model_presets().size());
  for (std::size_t i = 0; i < models.size(); ++i) {
    QCOMPARE(models[i]["id"].get<std::string>(), std::string(cp::model_presets()[i].id));
    QVERIFY(models[i]["name"].is_string());
    QVERIFY(models[i]["source"].is_string());
    QVERIFY(models[i]["params"].get<double>() > 0);
  }
  const auto model = [&](const std::string& id) {
    for (const json& m : models)
      if (m["id"] == id) return m;
    return json();
  };
  QCOMPARE(model("llama-65b")["params"].get<double>(), 65285660672.0);  // see the top of this file
  QCOMPARE(model("llama-65b")["published_params"].get<double>(), 65.2e9);
  QVERIFY(model("megatron-1.7b")["published_params"].is_null());  // nominal size only
  QCOMPARE(model("mixtral-8x7b")["active_params"].get<double>(), 12879925248.0);  // see tst_hf_config

  r = runCli({"catalog", "gpus", "--format=json"});
  QCOMPARE(r.code, 0);
  const json gpus = json::parse(r.out);
  QCOMPARE(gpus.size(), cp::gpu_catalog().size());
  bool a100 = false;
  for (const json& g : gpus) {
    QVERIFY(g["id"].is_string());
    QVERIFY(g["memory_bytes"].get<double>() > 0);
    if (g["id"] == "a100-80gb-sxm") {
      a100 = true;
      QCOMPARE(g["memory_bytes"].get<double>(), 85899345920.0);  // 80 GiB = 80 x 2^30
    }
  }
  QVERIFY(a100);
}

void TestCli::catalogText_data() {
  QTest::addColumn<QString>("what");
  QTest::addColumn<QString>("contains");
  QTest::newRow("model id") << "models" << "llama-3-405b";
  QTest::newRow("model params") << "models" << "65.286";  // LLaMA-65B, 65,285,660,672
  QTest::newRow("gpu id") << "gpus" << "h200-sxm";
  QTest::newRow("gpu memory") << "gpus" << "140.40";  // 143,771 MiB / 1024 = 140.40 GiB
  QTest::newRow("fabric id") << "fabrics" << "roce-400-hyperscale";
  QTest::newRow("fabric header") << "fabrics" << "NIC Gb/s";
}

void TestCli::catalogText() {
  QFETCH(QString, what);
  QFETCH(QString, contains);
  const Result r = runCli({"catalog", what});
  QCOMPARE(r.code, 0);
  QVERIFY2(QString::fromStdString(r.out).contains(contains), r.out.c_str());
}

void TestCli::versionAndHelp_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("contains");
  QTest::newRow("--version") << QStringList{"--version"} << "clusterplan-cli 0.1.0\n";
  QTest::newRow("--help") << QStringList{"--help"} << "catalog models|gpus";
  QTest::newRow("-h") << QStringList{"-h"} << "Exit codes";
  QTest::newRow("estimate --help") << QStringList{"estimate", "--help"} << "--gpus-per-node N";
  QTest::newRow("help wins over errors") << QStringList{"estimate", "--tp", "x", "--help"} << "Usage: clusterplan-cli estimate";
  QTest::newRow("catalog --help") << QStringList{"catalog", "--help"} << "Usage: clusterplan-cli catalog";
  QTest::newRow("catalog --help fabrics") << QStringList{"catalog", "--help"} << "models|gpus|fabrics";
  QTest::newRow("--help lists sweep") << QStringList{"--help"} << "sweep [options]";
  QTest::newRow("sweep --help") << QStringList{"sweep", "--help"} << "Usage: clusterplan-cli sweep";
  QTest::newRow("sweep --help policy") << QStringList{"sweep", "--help"} << "--scaling strong|weak";
  QTest::newRow("estimate --help network") << QStringList{"estimate", "--help"} << "--fabric NAME";
  QTest::newRow("estimate --help calibration") << QStringList{"estimate", "--help"} << "--measured-step-s X";
}

void TestCli::versionAndHelp() {
  QFETCH(QStringList, args);
  QFETCH(QString, contains);
  const Result r = runCli(args);
  QCOMPARE(r.code, 0);
  QVERIFY(r.err.empty());
  QVERIFY2(QString::fromStdString(r.out).contains(contains), r.out.c_str());
  if (args == QStringList{"--version"}) QCOMPARE(r.out, std::string("clusterplan-cli 0.1.0\n"));
}

void TestCli::estimateHelpListsEveryOption() {
  const Result r = runCli({"estimate", "--help"});
  QCOMPARE(r.code, 0);
  for (const cp::cli::OptionInfo& o : cp::cli::estimate_options())
    QVERIFY2(r.out.find("--" + std::string(o.name) + " ") != std::string::npos, std::string(o.name).c_str());
}

void TestCli::parserAlone() {
  // The parser reads no file: a missing scenario file is only a path to it.
  const cp::cli::ParseResult p =
      cp::cli::parse_estimate_args({"--scenario", "/nonexistent.json", "--tp=4", "--tokens", "1.4e12", "--zero", "fsdp"});
  QVERIFY(p.ok());
  QCOMPARE(*p.args.scenario_file, std::string("/nonexistent.json"));
  QCOMPARE(*p.args.tp, 4);
  QCOMPARE(*p.args.tokens, 1.4e12);
  QVERIFY(*p.args.zero == cp::Zero::Stage3);
  QVERIFY(!p.args.pp);  // absent options stay absent
  // Every error is collected, in order.
  const cp::cli::ParseResult bad = cp::cli::parse_estimate_args({"--tp", "x", "--pp", "0", "--nope"});
  QCOMPARE(bad.errors.size(), std::size_t(3));
  QCOMPARE(bad.errors[0], std::string("--tp: 'x' is not a whole number"));
  QCOMPARE(bad.errors[1], std::string("--pp: must be at least 1, got 0"));
  QVERIFY(bad.errors[2].rfind("--nope: unknown option", 0) == 0);
}

void TestCli::noCrashOnMixedTokens() {
  // Every ordered pair of awkward tokens: the CLI returns 0 or 2, never anything else.
  const QStringList pool{"--tp",   "8",      "-1",    "--pp=",  "--format", "csv",    "--model", "x",
                         "--gpus", "1e3",    "--",    "=",      "--zero",   "fsdp",   "--help=1", "--experts",
                         "--nodes", "999999", "--seq", "0x10",  "--params-b", "nan", "--tokens", "ü"};
  int runs = 0;
  for (const QString& a : pool)
    for (const QString& b : pool) {
      const Result r = runCli({"estimate", a, b});
      QVERIFY2(r.code == 0 || r.code == 2, qPrintable(a + " " + b));
      ++runs;
    }
  QCOMPARE(runs, int(pool.size() * pool.size()));
}

void TestCli::realBinary_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<int>("exitCode");
  QTest::addColumn<QString>("stdoutContains");
  QTest::addColumn<QString>("stderrContains");
  QTest::newRow("version") << QStringList{"--version"} << 0 << "clusterplan-cli 0.1.0" << "";
  QTest::newRow("estimate json") << QStringList{"estimate", "--format", "json"} << 0
                                 << "\"total_bytes\": 41476325376.0" << "";
  QTest::newRow("does not fit") << QStringList{"estimate", "--gpus", "4", "--tp", "4", "--pp", "1"} << 0 << "no, "
                                << "";
  QTest::newRow("bad value") << QStringList{"estimate", "--tp", "x"} << 2 << "" << "--tp: 'x' is not a whole number";
  QTest::newRow("invalid layout") << QStringList{"estimate", "--tp", "6"} << 2 << "" << "parallelism.tp:";
  QTest::newRow("no arguments") << QStringList{} << 2 << "" << "Usage:";
  QTest::newRow("sweep") << QStringList{"sweep", "--gpus", "16,32", "--format", "json"} << 0 << "\"feasible\": false"
                         << "";
  QTest::newRow("sweep bad list") << QStringList{"sweep", "--gpus", "16,x"} << 2 << ""
                                  << "--gpus: 'x' is not a whole number";
  QTest::newRow("catalog fabrics") << QStringList{"catalog", "fabrics"} << 0 << "ib-ndr" << "";
}

void TestCli::realBinary() {
  QFETCH(QStringList, args);
  QFETCH(int, exitCode);
  QFETCH(QString, stdoutContains);
  QFETCH(QString, stderrContains);
  const QString program = qEnvironmentVariable("CLUSTERPLAN_CLI");
  if (program.isEmpty()) QSKIP("CLUSTERPLAN_CLI is not set (run through ctest)");
  QProcess p;
  p.start(program, args);
  QVERIFY(p.waitForFinished(30000));
  QCOMPARE(p.exitStatus(), QProcess::NormalExit);
  QCOMPARE(p.exitCode(), exitCode);
  const QString out = QString::fromUtf8(p.readAllStandardOutput());
  const QString err = QString::fromUtf8(p.readAllStandardError());
  QVERIFY2(out.contains(stdoutContains), qPrintable(out));
  QVERIFY2(err.contains(stderrContains), qPrintable(err));
  if (exitCode == 2) QVERIFY(out.isEmpty());
}

namespace {

// Runs `sweep ARGS --format json`, checks exit 0, returns the parsed output.
json sweepJson(const QStringList& args, bool* ok) {
  const Result r = runCli(QStringList{"sweep"} + args + QStringList{"--format", "json"});
  *ok = r.code == 0 && r.err.empty();
  if (!*ok) qWarning("exit %d: %s", r.code, r.err.c_str());
  return *ok ? json::parse(r.out) : json();
}

bool hasWarning(const json& estimate, const std::string& code) {
  for (const json& w : estimate["warnings"])
    if (w["code"] == code) return true;
  return false;
}

bool relClose(double a, double b, double tol) { return std::abs(a - b) <= tol * std::max(std::abs(a), std::abs(b)); }

// Llama 2 70B on 8 nodes of 8 H100, TP 8, PP 1: DP 8 across the nodes (the brief's case).
const QStringList kH100x64{"--model", "llama-2-70b", "--gpu", "h100-sxm", "--gpus", "64", "--tp", "8", "--pp", "1"};

}  // namespace

void TestCli::fasterNeverSlower_data() {
  QTest::addColumn<QStringList>("base");
  QTest::addColumn<QStringList>("faster");
  QTest::addColumn<QStringList>("slower");
  QTest::addColumn<bool>("strictly");  // the slower setting must show in the step time
  // DP 8 spans 8 nodes: the gradient all-reduce crosses the fabric.
  QTest::newRow("ib-ndr vs roce untuned") << kH100x64 << QStringList{"--fabric", "ib-ndr"}
                                          << QStringList{"--fabric", "roce-400-untuned"} << true;
  // 64 NICs per rail fit one switch: no flow collisions, so tuning RoCE changes nothing there
  // (equal, never slower). On 1,024 GPUs (128 nodes, two tiers) the ECMP collisions of
  // untuned RoCE cost DP bandwidth, and tuning shows.
  QTest::newRow("roce tuned vs untuned, 64") << kH100x64 << QStringList{"--fabric", "roce-400-tuned"}
                                             << QStringList{"--fabric", "roce-400-untuned"} << false;
  const QStringList h100x1024 = kH100x64.mid(0, 4) + QStringList{"--gpus", "1024", "--tp", "8", "--pp", "1"};
  QTest::newRow("roce tuned vs untuned, 1024") << h100x1024 << QStringList{"--fabric", "roce-400-tuned"}
                                               << QStringList{"--fabric", "roce-400-untuned"} << true;
  QTest::newRow("roce hyperscale vs untuned, 1024") << h100x1024 << QStringList{"--fabric", "roce-400-hyperscale"}
                                                    << QStringList{"--fabric", "roce-400-untuned"} << true;
  QTest::newRow("ib-ndr vs roce tuned, 1024") << h100x1024 << QStringList{"--fabric", "ib-ndr"}
                                              << QStringList{"--fabric", "roce-400-tuned"} << true;
  QTest::newRow("ib-ndr vs ib-hdr") << kH100x64 << QStringList{"--fabric", "ib-ndr"}
                                    << QStringList{"--fabric", "ib-hdr"} << true;
  QTest::newRow("8 NICs vs 2") << kH100x64 << QStringList{"--nics-per-node", "8"}
                               << QStringList{"--nics-per-node", "2"} << true;
  QTest::newRow("non-blocking vs 4:1") << kH100x64 + QStringList{"--topology", "fat-tree-2"}
                                       << QStringList{"--oversubscription", "1"}
                                       << QStringList{"--oversubscription", "4"} << false;
  QTest::newRow("dp overlap on vs off") << kH100x64 << QStringList{"--dp-overlap", "on"}
                                        << QStringList{"--dp-overlap", "off"} << true;
  QTest::newRow("tp overlap on vs off") << kH100x64 << QStringList{"--tp-comm-overlap", "on"}
                                        << QStringList{"--tp-comm-overlap", "off"} << true;
  // The default scenario: TP 8 inside a node, PP 4 across nodes, DP 1.
  QTest::newRow("default: ib-ndr vs ib-hdr") << QStringList{} << QStringList{"--fabric", "ib-ndr"}
                                             << QStringList{"--fabric", "ib-hdr"} << false;
}

void TestCli::fasterNeverSlower() {
  QFETCH(QStringList, base);
  QFETCH(QStringList, faster);
  QFETCH(QStringList, slower);
  QFETCH(bool, strictly);
  bool ok = false;
  const json fast = estimateJson(base + faster, &ok);
  QVERIFY(ok);
  const json slow = estimateJson(base + slower, &ok);
  QVERIFY(ok);
  const double a = fast["time"]["step_s"].get<double>(), b = slow["time"]["step_s"].get<double>();
  QVERIFY2(a > 0 && a <= b * (1 + 1e-12), qPrintable(QString("faster %1 s, slower %2 s").arg(a).arg(b)));
  if (strictly) QVERIFY2(a < b, qPrintable(QString("faster %1 s, slower %2 s").arg(a).arg(b)));
  // Tokens per step are the same: the faster setting never gives fewer tokens/s.
  QVERIFY(fast["throughput"]["tokens_per_s"].get<double>() >= slow["throughput"]["tokens_per_s"].get<double>());
}

void TestCli::measuredStep_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<double>("measured");
  QTest::newRow("default, 30 s") << QStringList{} << 30.0;
  QTest::newRow("default, 5.5 s") << QStringList{} << 5.5;
  QTest::newRow("70B on 64 H100, roce") << kH100x64 + QStringList{"--fabric", "roce-400-untuned"} << 12.25;
  QTest::newRow("8B on 8 H100, 1.5e-1") << QStringList{"--model", "llama-3-8b", "--gpu", "h100-sxm", "--gpus", "8",
                                                        "--tp", "1", "--pp", "1", "--zero", "3", "--global-batch", "64"}
                                        << 0.15;
}

void TestCli::measuredStep() {
  QFETCH(QStringList, args);
  QFETCH(double, measured);
  bool ok = false;
  const json plain = estimateJson(args, &ok);
  QVERIFY(ok);
  QVERIFY(!hasWarning(plain, "site_calibrated"));
  const json j = estimateJson(args + QStringList{"--measured-step-s", QString::number(measured, 'g', 17)}, &ok);
  QVERIFY(ok);
  const double step = j["time"]["step_s"].get<double>();
  const double modelled = j["time"]["modelled_step_s"].get<double>();
  QVERIFY2(relClose(step, measured, 1e-9), qPrintable(QString::number(step, 'g', 17)));
  // The modelled step is the uncalibrated estimate's; the factor is measured / modelled.
  QVERIFY(relClose(modelled, plain["time"]["step_s"].get<double>(), 1e-12));
  QVERIFY(relClose(j["inputs"]["calibration"]["step_time_factor"].get<double>(), measured / modelled, 1e-12));
  QVERIFY(j["inputs"]["calibration"]["note"].get<std::string>().find("--measured-step-s") != std::string::npos);
  QVERIFY(hasWarning(j, "site_calibrated"));
  bool field = false;
  for (const json& w : j["warnings"])
    field |= w["code"] == "site_calibrated" && w["field"] == "calibration.step_time_factor";
  QVERIFY(field);
  // Tokens per second follow the measured step: global batch x sequence / step.
  const double tokens = j["inputs"]["training"]["global_batch"].get<double>() * j["inputs"]["training"]["seq"].get<double>();
  QVERIFY2(relClose(j["throughput"]["tokens_per_s"].get<double>(), tokens / measured, 1e-9),
           j["throughput"].dump().c_str());
  // The memory estimate does not depend on the step time.
  QCOMPARE(j["memory"], plain["memory"]);
}

void TestCli::trainingTime_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<double>("tokens");
  QTest::newRow("default 1.4e12") << QStringList{} << 1.4e12;
  QTest::newRow("--tokens 2e12") << QStringList{"--tokens", "2e12"} << 2e12;
  QTest::newRow("70B, 2e12") << kH100x64 + QStringList{"--tokens", "2e12"} << 2e12;
  QTest::newRow("--tokens 0") << QStringList{"--tokens", "0"} << 0.0;
}

void TestCli::trainingTime() {
  QFETCH(QStringList, args);
  QFETCH(double, tokens);
  bool ok = false;
  const json j = estimateJson(args, &ok);
  QVERIFY(ok);
  QCOMPARE(j["training"]["tokens"].get<double>(), tokens);
  const double time = j["training"]["time_s"].get<double>();
  const double rate = j["throughput"]["tokens_per_s"].get<double>();
  QVERIFY(rate > 0);
  // Time to train = tokens / (tokens per second); 0 when no budget is given.
  QVERIFY2(tokens == 0 ? time == 0 : relClose(time, tokens / rate, 1e-9), qPrintable(QString::number(time)));
  const Result text = runCli(QStringList{"estimate"} + args);
  QCOMPARE(text.code, 0);
  QCOMPARE(text.out.find("time to train") != std::string::npos, tokens > 0);
}

void TestCli::catalogFabricsJson() {
  const Result r = runCli({"catalog", "fabrics", "--format", "json"});
  QCOMPARE(r.code, 0);
  const json list = json::parse(r.out);
  QVERIFY(list.is_array());
  QCOMPARE(list.size(), std::size_t(12));
  QCOMPARE(list.size(), cp::fabric_catalog().size());
  std::set<std::string> ids;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json& f = list[i];
    QCOMPARE(f["id"].get<std::string>(), cp::fabric_catalog()[i].id);
    ids.insert(f["id"].get<std::string>());
    for (const char* key : {"name", "kind", "load_balance", "source"}) QVERIFY2(f[key].is_string(), key);
    for (const char* key : {"nic_gbps", "nic_busbw_bytes_per_s", "base_latency_s", "switch_latency_s",
                            "switch_ports", "qps_per_connection"})
      QVERIFY2(f[key].is_number() && f[key].get<double>() > 0, key);
    // Bus bandwidth never exceeds the line rate: Gb/s / 8 = GB/s.
    QVERIFY(f["nic_busbw_bytes_per_s"].get<double>() <= f["nic_gbps"].get<double>() * 1e9 / 8);
    QVERIFY(f["kind"] == "infiniband" || f["kind"] == "roce");
  }
  QCOMPARE(ids.size(), std::size_t(12));  // unique
  for (const char* id : {"ib-hdr", "ib-ndr", "roce-400-untuned", "roce-400-tuned", "roce-400-hyperscale"})
    QVERIFY2(ids.count(id) == 1, id);
  // Every id is accepted by --fabric.
  for (const std::string& id : ids) {
    bool ok = false;
    const json j = estimateJson({"--fabric", QString::fromStdString(id)}, &ok);
    QVERIFY2(ok, id.c_str());
    QCOMPARE(j["inputs"]["cluster"]["fabric"].get<std::string>(), id);
  }
}

void TestCli::sweepPointCount_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<int>("points");
  QTest::newRow("gpus only") << QStringList{"--gpus", "8,16,32"} << 3;
  QTest::newRow("no --gpus: the base's") << QStringList{} << 1;
  QTest::newRow("3 gpus x 2 fabrics") << QStringList{"--gpus", "32,64,128", "--fabric", "ib-hdr,ib-ndr"} << 6;
  // 2 x 3 x 2 x 3 = 36
  QTest::newRow("2 x 3 x 2 x 3") << QStringList{"--gpus=32,64", "--fabric=ib-ndr,roce-400-tuned,roce-400-untuned",
                                                "--vary", "micro-batch=1,2", "--vary", "oversubscription=1,2,4"}
                                 << 36;
  QTest::newRow("vary tp") << kH100x64.mid(0, 4) + QStringList{"--pp", "1", "--gpus", "64,128", "--vary", "tp=2,4,8"}
                           << 6;
  QTest::newRow("vary with dashes") << QStringList{"--gpus", "32", "--vary=--seq=1024,4096"} << 2;
}

void TestCli::sweepPointCount() {
  QFETCH(QStringList, args);
  QFETCH(int, points);
  bool ok = false;
  const json j = sweepJson(args, &ok);
  QVERIFY(ok);
  QCOMPARE(j["schema_version"].get<int>(), 1);
  QCOMPARE(j["scaling"].get<std::string>(), std::string("strong"));
  QCOMPARE(int(j["points"].size()), points);
  // Every point is a distinct combination.
  std::set<std::string> seen;
  for (const json& p : j["points"]) {
    seen.insert(p["gpus"].dump() + p["fabric"].dump() + p["vary"].dump());
    QVERIFY(p["feasible"].is_boolean());
    QVERIFY(p["reasons"].is_array());
    QCOMPARE(p["feasible"].get<bool>(), p["reasons"].empty());
    if (!p["estimate"].is_null()) {
      QCOMPARE(p["estimate"]["parallelism"]["gpus"], p["gpus"]);
      QCOMPARE(p["estimate"]["inputs"]["cluster"]["fabric"], p["fabric"]);
    }
  }
  QCOMPARE(int(seen.size()), points);
}

void TestCli::sweepStrongScaling() {
  // Strong scaling: the global batch 512 is held; DP = GPUs / 8; micro-batches 512 / DP.
  bool ok = false;
  const json j = sweepJson(kH100x64.mid(0, 4) + QStringList{"--tp", "8", "--pp", "1", "--global-batch", "512",
                                                            "--gpus", "64,128,256", "--fabric", "ib-ndr"},
                           &ok);
  QVERIFY(ok);
  QCOMPARE(j["points"].size(), std::size_t(3));
  const int dps[] = {8, 16, 32};
  double previous = 0;
  for (int i = 0; i < 3; ++i) {
    const json& p = j["points"][std::size_t(i)];
    QCOMPARE(p["gpus"].get<int>(), dps[i] * 8);
    QCOMPARE(p["dp"].get<int>(), dps[i]);
    QCOMPARE(p["global_batch"].get<int>(), 512);
    QVERIFY2(p["feasible"].get<bool>(), p["reasons"].dump().c_str());
    QCOMPARE(p["estimate"]["inputs"]["training"]["global_batch"].get<int>(), 512);
    QCOMPARE(p["estimate"]["parallelism"]["dp"].get<int>(), dps[i]);
    QCOMPARE(p["estimate"]["parallelism"]["microbatches"].get<int>(), 512 / dps[i]);
    // More GPUs on the same batch: never fewer tokens/s here, and a shorter step.
    const double step = p["estimate"]["time"]["step_s"].get<double>();
    if (i > 0) QVERIFY(step < previous);
    previous = step;
  }
}

void TestCli::sweepWeakScaling() {
  // Weak scaling: the batch per replica of the first point (512 / DP 8 = 64) is held.
  bool ok = false;
  json j = sweepJson(kH100x64.mid(0, 4) + QStringList{"--tp", "8", "--pp", "1", "--global-batch", "512", "--gpus",
                                                      "64,128,256", "--scaling", "weak"},
                     &ok);
  QVERIFY(ok);
  QCOMPARE(j["scaling"].get<std::string>(), std::string("weak"));
  const int batches[] = {512, 1024, 2048};  // 64 x DP 8, 16, 32
  for (int i = 0; i < 3; ++i) {
    const json& p = j["points"][std::size_t(i)];
    QCOMPARE(p["global_batch"].get<int>(), batches[i]);
    QCOMPARE(p["estimate"]["inputs"]["training"]["global_batch"].get<int>(), batches[i]);
    QCOMPARE(p["estimate"]["parallelism"]["microbatches"].get<int>(), 64);  // per replica, micro-batch 1
  }
  // The reference is each curve's first point with a whole DP: the default layout (TP 8 x
  // PP 4) cannot use 16 GPUs, so 32 GPUs (DP 1) holds 1024 and 64 GPUs (DP 2) get 2048.
  j = sweepJson({"--gpus", "16,32,64", "--scaling", "weak"}, &ok);
  QVERIFY(ok);
  QCOMPARE(j["points"][0]["feasible"].get<bool>(), false);
  QCOMPARE(j["points"][0]["global_batch"].get<int>(), 1024);
  QCOMPARE(j["points"][1]["global_batch"].get<int>(), 1024);
  QCOMPARE(j["points"][2]["global_batch"].get<int>(), 2048);
  // Each --vary value is its own curve with its own reference: TP 4 -> DP 16 and 32, TP 8
  // -> DP 8 and 16; both start at 512.
  j = sweepJson(kH100x64.mid(0, 4) + QStringList{"--pp", "1", "--global-batch", "512", "--gpus", "64,128",
                                                 "--vary", "tp=4,8", "--scaling", "weak"},
                &ok);
  QVERIFY(ok);
  QCOMPARE(j["points"].size(), std::size_t(4));
  for (std::size_t i = 0; i < 4; ++i) {
    const json& p = j["points"][i];
    QCOMPARE(p["vary"]["tp"].get<int>(), i < 2 ? 4 : 8);
    QCOMPARE(p["global_batch"].get<int>(), i % 2 == 0 ? 512 : 1024);
  }
}

void TestCli::sweepInfeasible_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<int>("points");
  QTest::addColumn<int>("gpus");        // the infeasible point
  QTest::addColumn<QString>("reason");  // part of one of its reasons
  QTest::addColumn<bool>("estimated");  // whether it still carries an estimate
  // Llama 2 7B, TP 8: DP 1, 2, 4; a global batch of 6 is not a multiple of DP 4 x 1.
  QTest::newRow("batch vs dp") << QStringList{"--model", "llama-2-7b", "--tp", "8", "--pp", "1", "--global-batch", "6",
                                              "--gpus", "8,16,32"}
                               << 3 << 32 << "training.global_batch: 6 sequences is not a multiple of DP x micro-batch"
                               << false;
  // The default layout needs 32 GPUs per replica.
  QTest::newRow("dp not derivable") << QStringList{"--gpus", "16,32"} << 2 << 16 << "parallelism.dp" << false;
  QTest::newRow("not a node multiple") << QStringList{"--gpus", "20,32"} << 2 << 20
                                       << "--gpus: 20 GPUs is not a multiple of 8 GPUs per node" << false;
  // LLaMA-65B on 4 GPUs with TP 4: the weights alone are 30.4 GiB per GPU (doesNotFitExitsZero);
  // with ZeRO-3 over DP 16 on 64 GPUs the states are sharded 16 ways and it fits.
  QTest::newRow("memory") << QStringList{"--tp", "4", "--pp", "1", "--zero", "3", "--gpus", "4,64"} << 2 << 4
                          << "memory.total_bytes: needs" << true;
}

void TestCli::sweepInfeasible() {
  QFETCH(QStringList, args);
  QFETCH(int, points);
  QFETCH(int, gpus);
  QFETCH(QString, reason);
  QFETCH(bool, estimated);
  bool ok = false;
  const json j = sweepJson(args, &ok);
  QVERIFY(ok);  // exit 0: the sweep ran
  QCOMPARE(int(j["points"].size()), points);  // nothing dropped
  bool found = false, feasible_other = false;
  for (const json& p : j["points"]) {
    if (p["gpus"].get<int>() != gpus) {
      feasible_other |= p["feasible"].get<bool>();
      continue;
    }
    found = true;
    QCOMPARE(p["feasible"].get<bool>(), false);
    bool matched = false;
    for (const json& r : p["reasons"]) matched |= QString::fromStdString(r.get<std::string>()).contains(reason);
    QVERIFY2(matched, p["reasons"].dump().c_str());
    QCOMPARE(!p["estimate"].is_null(), estimated);
    if (estimated) QCOMPARE(p["estimate"]["memory"]["fits"].get<bool>(), false);
  }
  QVERIFY(found);
  QVERIFY(feasible_other);  // the infeasible point did not stop the others
}

void TestCli::sweepPointIsEstimate() {
  // A sweep point is exactly the estimate with the same options.
  bool ok = false;
  const json sweep = sweepJson(kH100x64.mid(0, 4) + QStringList{"--tp", "8", "--pp", "1", "--gpus", "64",
                                                                "--fabric", "roce-400-tuned", "--vary",
                                                                "micro-batch=2", "--tokens", "2e12"},
                               &ok);
  QVERIFY(ok);
  const json single = estimateJson(kH100x64 + QStringList{"--fabric", "roce-400-tuned", "--micro-batch", "2",
                                                          "--tokens", "2e12"},
                                   &ok);
  QVERIFY(ok);
  QCOMPARE(sweep["points"].size(), std::size_t(1));
  QCOMPARE(sweep["points"][0]["estimate"], single);
  QCOMPARE(sweep["points"][0]["vary"], json({{"micro-batch", 2}}));
}

void TestCli::sweepCsvColumns() {
  const QStringList args = kH100x64.mid(0, 4) + QStringList{"--pp", "1", "--gpus", "4,8,16,64", "--vary", "tp=4,8",
                                                            "--fabric", "ib-ndr,roce-400-untuned"};
  const Result r = runCli(QStringList{"sweep"} + args + QStringList{"--format", "csv"});
  QCOMPARE(r.code, 0);
  QStringList lines = QString::fromStdString(r.out).split('\n');
  QVERIFY(lines.last().isEmpty());
  lines.removeLast();
  QCOMPARE(lines.size(), 1 + 4 * 2 * 2);
  const QStringList header = csvSplit(lines[0]);
  QCOMPARE(header.mid(0, 7), (QStringList{"gpus", "fabric", "tp", "feasible", "reasons", "dp", "global_batch"}));
  for (const char* key : {"time.step_s", "throughput.tokens_per_s", "throughput.mfu", "throughput.model_tflops_per_gpu",
                          "memory.total_bytes", "memory.fits", "training.time_s", "network.switches"})
    QVERIFY2(header.contains(key), key);
  bool ok = false;
  const json j = sweepJson(args, &ok);
  QVERIFY(ok);
  int infeasible = 0;
  for (int i = 1; i < lines.size(); ++i) {
    const QStringList row = csvSplit(lines[i]);
    QCOMPARE(row.size(), header.size());
    const json& p = j["points"][std::size_t(i - 1)];
    QCOMPARE(row[0].toInt(), p["gpus"].get<int>());
    QCOMPARE(row[1].toStdString(), p["fabric"].get<std::string>());
    QCOMPARE(row[2].toInt(), p["vary"]["tp"].get<int>());
    QCOMPARE(row[3], QString(p["feasible"].get<bool>() ? "true" : "false"));
    const int step = header.indexOf("time.step_s");
    if (p["estimate"].is_null()) {
      QVERIFY(row[step].isEmpty());
    } else {
      QCOMPARE(row[step].toStdString(), p["estimate"]["time"]["step_s"].dump());
    }
    if (row[3] == "false") {
      ++infeasible;
      QVERIFY(!row[4].isEmpty());
    }
  }
  QVERIFY(infeasible > 0);  // 4 GPUs with TP 8, for one
}

void TestCli::sweepText() {
  const Result r = runCli({"sweep", "--gpus", "16,32,64", "--fabric", "ib-hdr,ib-ndr", "--vary", "micro-batch=1,2"});
  QCOMPARE(r.code, 0);
  // The table, then (two fabrics) the verdicts against the first fabric.
  const QString all = QString::fromStdString(r.out);
  const qsizetype against = all.indexOf("\nAgainst ib-hdr\n");
  QVERIFY(against > 0);
  const QStringList verdicts = all.mid(against).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(verdicts.size(), 1 + 4);  // "Against ib-hdr", one per size and micro-batch where both run
  for (qsizetype i = 1; i < verdicts.size(); ++i) QVERIFY(verdicts[i].startsWith("  micro-batch="));
  const QStringList lines = all.left(against).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.size(), 1 + 1 + 12);  // summary, header, one line per point
  QVERIFY(lines[0].startsWith("Sweep of 12 points, 8 feasible; strong scaling"));
  for (const char* h : {"fabric", "micro-batch", "GPUs", "tokens/s", "MFU", "GiB/GPU", "days", "switches", "reasons"})
    QVERIFY2(lines[1].contains(h), h);
  // Aligned: the GPUs column ends at the same place on every line.
  const int end = lines[1].indexOf("GPUs") + 4;
  for (int i = 2; i < lines.size(); ++i) {
    QVERIFY2(lines[i].at(end - 1).isDigit() && lines[i].at(end) == ' ', qPrintable(lines[i]));
  }
  // 16 GPUs cannot hold TP 8 x PP 4 replicas: reported with the reason.
  QVERIFY(lines[2].contains(" no ") && lines[2].contains("parallelism.dp"));
}

void TestCli::sweepErrors_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("message");
  QTest::newRow("gpus word") << QStringList{"--gpus", "8,x"} << "--gpus: 'x' is not a whole number";
  QTest::newRow("gpus zero") << QStringList{"--gpus", "0,8"} << "--gpus: must be at least 1, got 0";
  QTest::newRow("gpus empty item") << QStringList{"--gpus", "8,,16"} << "--gpus: empty item in the list '8,,16'";
  QTest::newRow("gpus missing") << QStringList{"--gpus"} << "--gpus: missing value";
  QTest::newRow("gpus huge") << QStringList{"--gpus", "99999999999"} << "--gpus: '99999999999' is out of range";
  QTest::newRow("fabric unknown") << QStringList{"--fabric", "ib-ndr,eth"} << "--fabric: unknown fabric 'eth'";
  QTest::newRow("vary no =") << QStringList{"--vary", "tp"} << "--vary: 'tp' is not FIELD=v1,v2,...";
  QTest::newRow("vary unknown") << QStringList{"--vary", "speed=1,2"} << "--vary: unknown field 'speed'";
  QTest::newRow("vary not numeric") << QStringList{"--vary", "precision=bf16,fp8"}
                                    << "--vary: 'precision' is not a numeric option";
  QTest::newRow("vary bad value") << QStringList{"--vary", "tp=4,0"} << "--vary: tp=0: must be at least 1, got 0";
  QTest::newRow("vary bad number") << QStringList{"--vary", "oversubscription=1,0.5"}
                                   << "--vary: oversubscription=0.5: must be at least 1, got 0.5";
  QTest::newRow("vary empty list") << QStringList{"--vary", "tp="} << "--vary: tp: the list is empty";
  QTest::newRow("vary gpus") << QStringList{"--vary", "gpus=8,16"} << "--vary: 'gpus' cannot be varied";
  QTest::newRow("vary dp") << QStringList{"--vary", "dp=1,2"} << "--vary: 'dp' cannot be varied";
  QTest::newRow("vary twice") << QStringList{"--vary", "tp=4", "--vary", "tp=8"} << "--vary: 'tp' is varied twice";
  QTest::newRow("scaling") << QStringList{"--scaling", "linear"} << "--scaling: 'linear' is not one of: strong, weak";
  QTest::newRow("dp") << QStringList{"--dp", "2"} << "--dp: sweep derives DP from each GPU count";
  QTest::newRow("nodes") << QStringList{"--nodes", "4"} << "--nodes: sweep sizes the cluster with --gpus";
  QTest::newRow("measured") << QStringList{"--measured-step-s", "3"} << "--measured-step-s: a sweep is not calibrated";
  QTest::newRow("estimate option") << QStringList{"--tp", "x"} << "--tp: 'x' is not a whole number";
  QTest::newRow("unknown option") << QStringList{"--bogus", "1"}
                                  << "--bogus: unknown option (see 'clusterplan-cli sweep --help')";
  QTest::newRow("format") << QStringList{"--format", "xml"} << "--format: 'xml' is not one of: text, json, csv";
  QTest::newRow("scenario file") << QStringList{"--scenario", "/nonexistent/plan.json", "--gpus", "8"}
                                 << "--scenario: cannot read '/nonexistent/plan.json'";
  QTest::newRow("too many points") << QStringList{"--gpus", "8,16,32,64,128,256,512,1024,2048,4096", "--vary",
                                                  "seq=1,2,3,4,5,6,7,8,9,10", "--vary", "micro-batch=1,2,3,4,5,6,7,8,9,10",
                                                  "--vary", "global-batch=1,2,3,4,5,6,7,8,9,10", "--vary",
                                                  "tokens=1,2,3,4,5,6,7,8,9,10,11"}
                                   << "more than 100000 points";
}

void TestCli::sweepErrors() {
  QFETCH(QStringList, args);
  QFETCH(QString, message);
  const Result r = runCli(QStringList{"sweep"} + args);
  QCOMPARE(r.code, 2);
  QVERIFY(r.out.empty());
  QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
}

void TestCli::sweepNoCrashOnMixedTokens() {
  // Every ordered pair of awkward tokens: sweep returns 0 or 2, never anything else.
  const QStringList pool{"--gpus", "8,16", ",", "--vary", "tp=", "tp=4,8", "=", "--fabric", "ib-ndr,",
                         "--scaling", "weak", "--tp", "-1", "--", "--format", "csv", "--gpus=", "x=1"};
  int runs = 0;
  for (const QString& a : pool)
    for (const QString& b : pool) {
      const Result r = runCli({"sweep", a, b});
      QVERIFY2(r.code == 0 || r.code == 2, qPrintable(a + " " + b));
      ++runs;
    }
  QCOMPARE(runs, int(pool.size() * pool.size()));
}

// Issue 4: power, cooling, cost and reliability options. The default scenario once more, for
// the rows below (docs/power-cost.md):
//   4 nodes x 8 A100 80GB SXM (TDP 400 W), ib-hdr, built as a single leaf switch: 1 switch,
//   32 links, 64 transceivers at 200G.
//   GPUs 32 x 400 x 0.75 = 9,600 W average, 12,800 W at TDP. Node overhead calibrated to the
//   DGX A100's 6.5 kW: 8 x (6,500 - 8 x 400) / 8 = 3,300 W at most, 0.65 x that = 2,145 W on
//   average while training (issue 16); node 2,400 + 2,145 = 4,545 W average, 3,200 + 3,300 =
//   6,500 W peak. Switch 250 W (up to 200G), optics 64 x 4 W (16 W x
//   200 / 800) = 256 W, storage 4 x 100 = 400 W: 906 W besides the nodes.
//   IT 4 x 4,545 + 906 = 19,086 W average, 4 x 6,500 + 906 = 26,906 W peak; facility x PUE 1.3
//   = 24,811.8 W. Cooling 26.906 kW x 3,412 = 91,803 BTU/h, / 3.517 = 7.65 tons. Racks of
//   30 kW: floor(30,000 / 6,500) = 4 nodes per rack, 1 rack.
//   Rent (seed-cn-2026): 4 x 35,888 = 143,552 CNY hardware + 2,000 BGP line + 2,000 storage =
//   147,552 CNY per month; headroom 20% = 29,510.4; per hour 147,552 / 730 = 202.13.
//   Bill of materials (purchase-usd-2024, x 7.2 CNY per USD): 4 DGX A100 x 300,000 + 1 HDR
//   switch 20,000 + 64 optics x 400 + 32 cables x 100 = 1,248,800 USD = 8,991,360 CNY; network
//   48,800 USD = 351,360 CNY (3.9%).
//   Checkpoint 65,285,660,672 x 14 B = 913,999,249,408 bytes; at 10 GB/s C = 91.3999 s.
//   Failure rate 419 / (54 x 24 x 16,384) = 1.97328e-5 per GPU-hour; x 32 GPUs: M = 1,583.66 h.
namespace {

// The default scenario's figures worked out above.
constexpr double kItW = 19086, kItPeakW = 26906, kBomCny = 8991360, kCheckpointBytes = 913999249408.0;
constexpr double kFacilityKwh730 = 24811.8 / 1000 * 730;  // kWh of one 730-hour month at PUE 1.3
constexpr double kWriteS = kCheckpointBytes / 10e9;
const double kMtbiS = 3600 / (cp::kLlama3FailuresPerGpuHour * 32);

QByteArray num(double v) { return QByteArray::number(v, 'g', 17); }

// 1 - C/T - (T/2 + R)/M (core/engine/include/engine/reliability.h); M = 0: no failures.
double goodput(double interval_s, double write_s, double mtbi_s, double restart_s) {
  double g = 1 - write_s / interval_s;
  if (mtbi_s > 0) g -= (interval_s / 2 + restart_s) / mtbi_s;
  return g;
}

}  // namespace

void TestCli::powerCostOptions_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("pointer");
  QTest::addColumn<QByteArray>("expected");

  // Power and cooling.
  QTest::newRow("--pue echoed") << QStringList{"--pue", "1.5"} << "/inputs/assumptions/pue" << QByteArray("1.5");
  QTest::newRow("--pue facility") << QStringList{"--pue", "1.5"} << "/power/facility_w" << num(1.5 * kItW);  // 28,629
  QTest::newRow("--pue peak") << QStringList{"--pue", "1.5"} << "/power/facility_peak_w" << num(1.5 * kItPeakW);
  QTest::newRow("--pue air") << QStringList{"--pue", "air"} << "/inputs/assumptions/pue" << QByteArray("1.5");
  QTest::newRow("--pue modern") << QStringList{"--pue", "modern"} << "/power/pue" << QByteArray("1.3");
  QTest::newRow("--pue liquid") << QStringList{"--pue", "liquid"} << "/power/facility_w" << num(1.1 * kItW);
  QTest::newRow("--pue leaves IT") << QStringList{"--pue", "1.5"} << "/power/it_w" << num(kItW);
  QTest::newRow("--gpu-power-factor gpu") << QStringList{"--gpu-power-factor", "1"} << "/power/gpu_w"
                                          << QByteArray("12800");  // 32 x 400
  // 4 x (3,200 + 2,145) + 906 = 22,286: the GPUs at their peak, the rest of the node at its
  // training average (0.65 x 3,300).
  QTest::newRow("--gpu-power-factor it") << QStringList{"--gpu-power-factor", "1"} << "/power/it_w"
                                         << QByteArray("22286");
  QTest::newRow("--node-overhead-w") << QStringList{"--node-overhead-w", "2000"} << "/power/node_peak_w"
                                     << QByteArray("5200");  // 3,200 + 2,000
  QTest::newRow("--node-overhead-w echoed") << QStringList{"--node-overhead-w", "2000"}
                                            << "/inputs/assumptions/node_overhead_w" << QByteArray("2000");
  QTest::newRow("--node-overhead-w auto") << QStringList{"--node-overhead-w", "2000", "--node-overhead-w", "auto"}
                                          << "/inputs/assumptions/node_overhead_w" << QByteArray("null");
  QTest::newRow("--switch-w") << QStringList{"--switch-w", "1000"} << "/power/switches_w" << QByteArray("1000");
  QTest::newRow("--switch-w auto") << QStringList{"--switch-w", "auto"} << "/power/switches_w" << QByteArray("250");
  QTest::newRow("--optic-w") << QStringList{"--optic-w", "5"} << "/power/optics_w" << QByteArray("320");  // 64 x 5
  QTest::newRow("--storage-w-per-node") << QStringList{"--storage-w-per-node", "500"} << "/power/storage_w"
                                        << QByteArray("2000");  // 4 x 500
  QTest::newRow("--rack-kw echoed") << QStringList{"--rack-kw", "15"} << "/inputs/assumptions/rack_limit_w"
                                    << QByteArray("15000");
  QTest::newRow("--rack-kw nodes per rack") << QStringList{"--rack-kw", "15"} << "/power/nodes_per_rack"
                                            << QByteArray("2");  // floor(15,000 / 6,500)
  QTest::newRow("--rack-kw racks") << QStringList{"--rack-kw", "15"} << "/power/racks" << QByteArray("2");
  QTest::newRow("--rack-kw liquid") << QStringList{"--rack-kw", "liquid"} << "/power/nodes_per_rack"
                                    << QByteArray("18");  // floor(120,000 / 6,500)
  QTest::newRow("--rack-kw air-15") << QStringList{"--rack-kw", "air-15"} << "/power/rack_limit_w"
                                    << QByteArray("15000");
  QTest::newRow("--grid-co2 us") << QStringList{"--grid-co2", "us"} << "/inputs/assumptions/grid_kg_co2_per_kwh"
                                 << QByteArray("0.367");
  QTest::newRow("--grid-co2 energy") << QStringList{"--grid-co2", "0.5"} << "/energy/grid_kg_co2_per_kwh"
                                     << QByteArray("0.5");
  QTest::newRow("assumption renames") << QStringList{"--pue", "1.5"} << "/inputs/name"
                                      << QByteArray("\"LLaMA-65B on 32x A100 80GB SXM, IB HDR\"");

  // Cost: the seed's rents through the command line.
  QTest::newRow("seed rent 4 servers") << QStringList{} << "/cost/categories/hardware/per_month"
                                       << QByteArray("143552");  // 4 x 35,888
  QTest::newRow("seed rent 2 servers") << QStringList{"--nodes", "2", "--pp", "2"} << "/cost/categories/hardware/per_month"
                                       << QByteArray("71776");  // 2 x 35,888, the seed's 16 cards
  QTest::newRow("seed per month") << QStringList{} << "/cost/per_month" << QByteArray("147552");
  QTest::newRow("default list") << QStringList{} << "/cost/price_list" << QByteArray("\"seed-cn-2026\"");
  QTest::newRow("--currency usd") << QStringList{"--currency", "usd"} << "/cost/currency" << QByteArray("\"USD\"");
  QTest::newRow("--currency USD echoed") << QStringList{"--currency", "USD"} << "/inputs/assumptions/currency"
                                         << QByteArray("\"USD\"");
  QTest::newRow("--currency usd rent") << QStringList{"--currency", "usd", "--exchange-rate", "7.2"}
                                       << "/cost/categories/hardware/per_month" << num(143552 / 7.2);
  QTest::newRow("--exchange-rate 8") << QStringList{"--currency", "usd", "--exchange-rate", "8"} << "/cost/per_month"
                                     << QByteArray("18444");  // 147,552 / 8
  QTest::newRow("--exchange-rate echoed") << QStringList{"--exchange-rate", "7"} << "/inputs/assumptions/cny_per_usd"
                                          << QByteArray("7");
  // Cloud (cloud-us-2024-01): Azure A100 4.10 USD/GPU-h x 32 x 730 h x 7.2 = 689,587.2 CNY.
  QTest::newRow("--payment cloud") << QStringList{"--payment", "cloud"} << "/cost/categories/hardware/per_month"
                                   << num(4.10 * 32 * 730 * 7.2);
  QTest::newRow("--payment cloud list") << QStringList{"--payment", "cloud"} << "/cost/price_list"
                                        << QByteArray("\"cloud-us-2024-01\"");
  // cn-card-hour-2023: 10 CNY per card-hour x 32 x 730 = 233,600 CNY; no flat lines.
  QTest::newRow("--price-list card-hour") << QStringList{"--price-list", "cn-card-hour-2023"} << "/cost/per_month"
                                          << QByteArray("233600");
  QTest::newRow("--price-list sets payment") << QStringList{"--price-list", "cn-card-hour-2023"}
                                             << "/inputs/assumptions/payment" << QByteArray("\"cloud\"");
  QTest::newRow("--price-list then --payment") << QStringList{"--price-list", "cn-card-hour-2023", "--payment", "rent"}
                                               << "/cost/per_month" << QByteArray("147552");
  QTest::newRow("--price-list kept in slot") << QStringList{"--price-list", "cn-card-hour-2023", "--payment", "rent"}
                                             << "/inputs/assumptions/price_lists/cloud/id"
                                             << QByteArray("\"cn-card-hour-2023\"");
  // Purchase: 8,991,360 CNY over 5 x 12 months = 149,856; electricity 24.8118 kW x 730 h x
  // 0.088 USD x 7.2 = 11,476.15 CNY.
  QTest::newRow("--payment purchase") << QStringList{"--payment", "purchase"} << "/cost/categories/hardware/per_month"
                                      << QByteArray("149856");
  QTest::newRow("purchase electricity") << QStringList{"--payment", "purchase"}
                                        << "/cost/categories/electricity/per_month" << num(kFacilityKwh730 * 0.088 * 7.2);
  QTest::newRow("--power-price CNY") << QStringList{"--payment", "purchase", "--power-price", "0.6"}
                                     << "/cost/categories/electricity/per_month" << num(kFacilityKwh730 * 0.6);
  QTest::newRow("--power-price currency") << QStringList{"--power-price", "0.6"}
                                          << "/inputs/assumptions/power_price_currency" << QByteArray("\"CNY\"");
  QTest::newRow("--power-price USD") << QStringList{"--payment", "purchase", "--currency", "usd", "--power-price", "0.08"}
                                     << "/cost/categories/electricity/per_month" << num(kFacilityKwh730 * 0.08);
  QTest::newRow("--power-price rent") << QStringList{"--power-price", "0.6"} << "/cost/categories/electricity/per_month"
                                      << QByteArray("0");  // rents include power
  QTest::newRow("--amortisation-years") << QStringList{"--payment", "purchase", "--amortisation-years", "4"}
                                        << "/cost/categories/hardware/per_month" << QByteArray("187320");  // / 48
  QTest::newRow("--vat") << QStringList{"--vat", "0.13"} << "/cost/vat_per_month" << num(0.13 * 147552);  // 19,181.76
  QTest::newRow("--vat per month") << QStringList{"--vat", "0.13"} << "/cost/per_month" << num(1.13 * 147552);
  QTest::newRow("--headroom") << QStringList{"--headroom", "0.1"} << "/cost/headroom_per_month" << num(14755.2);
  QTest::newRow("--headroom 0") << QStringList{"--headroom", "0"} << "/cost/budget_per_month" << QByteArray("147552");
  QTest::newRow("default headroom") << QStringList{} << "/cost/headroom_per_month" << num(29510.4);
  QTest::newRow("bom capex") << QStringList{} << "/cost/capex" << num(kBomCny);
  QTest::newRow("network capex") << QStringList{} << "/cost/network_capex" << num(351360);
  QTest::newRow("network share") << QStringList{} << "/cost/network_share" << num(351360 / kBomCny);

  // Reliability.
  QTest::newRow("default mtbi") << QStringList{} << "/reliability/mtbi_h" << num(kMtbiS / 3600);
  QTest::newRow("--failure-rate") << QStringList{"--failure-rate", "1e-5"} << "/reliability/mtbi_h"
                                  << QByteArray("3125");  // 1 / (1e-5 x 32)
  QTest::newRow("--failure-rate echoed") << QStringList{"--failure-rate", "1e-5"}
                                         << "/inputs/assumptions/failure_rate_per_gpu_hour" << QByteArray("1e-5");
  QTest::newRow("--failure-rate 0 goodput") << QStringList{"--failure-rate", "0"} << "/reliability/goodput"
                                            << QByteArray("1");  // no failures: no checkpoints needed
  QTest::newRow("--failure-rate 0 mtbi") << QStringList{"--failure-rate", "0"} << "/reliability/mtbi_h"
                                         << QByteArray("null");
  // No failures, a checkpoint every hour: only the checkpoint overhead, 1 - 91.4 / 3,600 = 0.97461.
  QTest::newRow("--failure-rate 0 with interval") << QStringList{"--failure-rate", "0", "--checkpoint-interval-s", "3600"}
                                                  << "/reliability/goodput" << num(1 - kWriteS / 3600);
  QTest::newRow("--checkpoint-interval-s") << QStringList{"--checkpoint-interval-s", "3600"} << "/reliability/goodput"
                                           << num(goodput(3600, kWriteS, kMtbiS, 900));  // 0.97414, the seed's 1 h
  QTest::newRow("--checkpoint-interval-s echoed") << QStringList{"--checkpoint-interval-s", "3600"}
                                                  << "/reliability/checkpoint_interval_s" << QByteArray("3600");
  QTest::newRow("--checkpoint-interval-s auto") << QStringList{"--checkpoint-interval-s", "60",
                                                               "--checkpoint-interval-s", "auto"}
                                                << "/inputs/assumptions/checkpoint_interval_s" << QByteArray("null");
  // Young/Daly: sqrt(2 x 91.4 s x 5,701,163 s) = 32,283 s.
  QTest::newRow("young/daly") << QStringList{} << "/reliability/optimal_interval_s"
                              << num(std::sqrt(2 * kWriteS * kMtbiS));
  QTest::newRow("--storage-bytes-per-s") << QStringList{"--storage-bytes-per-s", "1e11"}
                                         << "/reliability/checkpoint_write_s" << num(kCheckpointBytes / 1e11);
  QTest::newRow("--checkpoint-bytes-per-param") << QStringList{"--checkpoint-bytes-per-param", "2"}
                                                << "/reliability/checkpoint_bytes"
                                                << QByteArray("130571321344");  // 65,285,660,672 x 2
  QTest::newRow("--restart-s") << QStringList{"--restart-s", "60"} << "/reliability/restart_s" << QByteArray("60");
  QTest::newRow("--restart-s goodput") << QStringList{"--restart-s", "0", "--checkpoint-interval-s", "7200"}
                                       << "/reliability/goodput" << num(goodput(7200, kWriteS, kMtbiS, 0));
}

void TestCli::powerCostOptions() { options(); }

void TestCli::powerCostRelations() {
  bool ok = false;
  const json base = estimateJson({}, &ok);
  QVERIFY(ok);
  // --pue 1.5 makes the facility 1.5 x the IT power, average and peak.
  const json pue = estimateJson({"--pue", "1.5"}, &ok);
  QVERIFY(ok);
  QVERIFY(relClose(pue["power"]["facility_w"].get<double>(), 1.5 * pue["power"]["it_w"].get<double>(), 1e-12));
  QVERIFY(relClose(pue["power"]["facility_peak_w"].get<double>(), 1.5 * pue["power"]["it_peak_w"].get<double>(), 1e-12));
  // A higher PUE draws more energy over the same run: x 1.5 / 1.3.
  QVERIFY(relClose(pue["energy"]["run_kwh"].get<double>(), base["energy"]["run_kwh"].get<double>() * 1.5 / 1.3, 1e-12));
  // Cooling: 1 kW = 3,412 BTU/h; a ton is 3.517 kW (of the IT peak).
  QVERIFY(relClose(base["power"]["cooling_btu_per_h"].get<double>(), kItPeakW / 1000 * 3412, 1e-12));
  QVERIFY(relClose(base["power"]["cooling_tons"].get<double>(), kItPeakW / 1000 / 3.517, 1e-12));
  // --currency usd --exchange-rate 7.2 divides every CNY figure by 7.2.
  const json usd = estimateJson({"--currency", "usd", "--exchange-rate", "7.2"}, &ok);
  QVERIFY(ok);
  for (const char* key : {"per_month", "per_hour", "headroom_per_month", "budget_per_month", "run_total",
                          "per_million_tokens", "capex", "network_capex"})
    QVERIFY2(relClose(usd["cost"][key].get<double>(), base["cost"][key].get<double>() / 7.2, 1e-12), key);
  QCOMPARE(usd["cost"]["network_share"].get<double>(), base["cost"]["network_share"].get<double>());
  // The run: whole months of rent; per million tokens of the 1.4e12-token budget.
  const double months = base["cost"]["billed_months"].get<double>();
  QCOMPARE(months, std::ceil(base["reliability"]["real_train_time_s"].get<double>() / (730 * 3600.0)));
  QVERIFY(relClose(base["cost"]["run_total"].get<double>(), months * 147552, 1e-12));
  QVERIFY(relClose(base["cost"]["per_million_tokens"].get<double>(), months * 147552 / 1.4e6, 1e-12));
  // CO2 = facility energy x grid intensity; --grid-co2 us changes only the factor.
  const json us = estimateJson({"--grid-co2", "us"}, &ok);
  QVERIFY(ok);
  QVERIFY(relClose(us["energy"]["run_co2_kg"].get<double>(), us["energy"]["run_kwh"].get<double>() * 0.367, 1e-12));
  QCOMPARE(us["energy"]["run_kwh"].get<double>(), base["energy"]["run_kwh"].get<double>());
  // No failures: goodput 1 and the real time equals the ideal one.
  const json none = estimateJson({"--failure-rate", "0"}, &ok);
  QVERIFY(ok);
  QCOMPARE(none["reliability"]["goodput"].get<double>(), 1.0);
  QVERIFY(relClose(none["reliability"]["real_train_time_s"].get<double>(), none["training"]["time_s"].get<double>(), 1e-12));
  // Faster storage writes checkpoints faster and keeps more of the time.
  const json fast = estimateJson({"--storage-bytes-per-s", "1e11"}, &ok);
  QVERIFY(ok);
  QVERIFY(fast["reliability"]["goodput"].get<double>() > base["reliability"]["goodput"].get<double>());
}

void TestCli::powerCostText_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("contains");
  // Worked out above the power and cost rows.
  QTest::newRow("power section") << QStringList{} << "\nPower and cooling\n";
  QTest::newRow("gpus") << QStringList{} << "  GPUs                         9.6 kW average (75% of TDP), 12.8 kW at TDP";
  QTest::newRow("node") << QStringList{} << "4.5 kW average, 6.5 kW peak (2,145 W average, 3,300 W peak besides the GPUs)";
  QTest::newRow("it") << QStringList{} << "  IT                           19.1 kW average, 26.9 kW peak";
  QTest::newRow("facility") << QStringList{} << "  facility                     24.8 kW average, 35.0 kW peak (PUE 1.3)";
  // 19,086 x 1.5 = 28,629 W; 26,906 x 1.5 = 40,359 W.
  QTest::newRow("facility --pue") << QStringList{"--pue", "1.5"} << "28.6 kW average, 40.4 kW peak (PUE 1.5)";
  QTest::newRow("cooling") << QStringList{} << "  cooling                      91,803 BTU/h, 7.65 tons";
  QTest::newRow("racks") << QStringList{} << "  racks                        1 of 30.0 kW (4 nodes per rack)";
  QTest::newRow("racks --rack-kw") << QStringList{"--rack-kw", "15"} << "2 of 15.0 kW (2 nodes per rack)";
  QTest::newRow("energy") << QStringList{} << "\nEnergy of the run\n  energy ";
  QTest::newRow("co2") << QStringList{} << " kg at 0.537 kg/kWh";
  QTest::newRow("co2 us") << QStringList{"--grid-co2", "us"} << " kg at 0.367 kg/kWh";
  QTest::newRow("no run") << QStringList{"--tokens", "0"} << "  per run                      n/a";
  QTest::newRow("cost section") << QStringList{} << "\nCost (rent, price list seed-cn-2026 of 2026, CNY, a month is 730 h)";
  QTest::newRow("hardware") << QStringList{} << "  hardware per month           143,552 CNY + headroom 28,710 CNY";
  QTest::newRow("per month") << QStringList{} << "  per month                    147,552 CNY\n";
  QTest::newRow("headroom") << QStringList{} << "  headroom per month           29,510 CNY (20% on each category)";
  QTest::newRow("budget") << QStringList{} << "  budget per month             177,062 CNY";
  QTest::newRow("per hour") << QStringList{} << "  per hour                     202.13 CNY";  // 147,552 / 730
  QTest::newRow("per run") << QStringList{} << " months billed)";
  QTest::newRow("per million tokens") << QStringList{} << "  per million tokens ";
  QTest::newRow("network share") << QStringList{} << "3.9% of the capital cost (351,360 CNY of 8,991,360 CNY";
  // An Ethernet switch 25,000 USD against the HDR switch's 20,000: +5,000 x 7.2.
  QTest::newRow("ib vs roce") << QStringList{} << "on roce-200-tuned instead    network capital +36,000 CNY";
  QTest::newRow("usd") << QStringList{"--currency", "usd"} << "  per month                    20,493 USD";  // / 7.2
  QTest::newRow("usd rate") << QStringList{"--currency", "usd"} << "USD, a month is 730 h, 7.2 CNY per USD)";
  QTest::newRow("vat") << QStringList{"--vat", "0.13"} << "VAT (13%) per month          19,182 CNY";  // 19,181.76
  QTest::newRow("purchase") << QStringList{"--payment", "purchase"} << "  hardware per month           149,856 CNY";
  QTest::newRow("electricity") << QStringList{"--payment", "purchase"} << "  electricity per month        11,476 CNY";
  QTest::newRow("reliability section") << QStringList{} << "\nReliability\n  MTBI                         1583.7 h";
  QTest::newRow("checkpoint") << QStringList{} << "  checkpoint                   914.0 GB, written in 91.400 s at 10 GB/s";
  QTest::newRow("interval") << QStringList{} << "  checkpoint interval          9.0 h (Young/Daly optimum)";
  QTest::newRow("interval given") << QStringList{"--checkpoint-interval-s", "7200"}
                                  << "  checkpoint interval          2.0 h (Young/Daly optimum 9.0 h)";
  QTest::newRow("seed interval") << QStringList{} << "goodput 0.97414 at 1 h, 0.98652 at 2 h";
  QTest::newRow("goodput") << QStringList{} << "  goodput                      0.99418";
  QTest::newRow("no failures") << QStringList{"--failure-rate", "0"} << "no failures (failure rate 0)";
  QTest::newRow("no failures goodput") << QStringList{"--failure-rate", "0"} << "  goodput                      1.00000";
  QTest::newRow("real time") << QStringList{} << "  real time to train ";
}

void TestCli::powerCostText() { text(); }

void TestCli::powerCostErrors_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("message");
  // The range checks are the engine's (check_assumptions), named by the option.
  QTest::newRow("pue below 1") << QStringList{"--pue", "0.9"} << "--pue: must be at least 1 and at most 5, got 0.9";
  QTest::newRow("pue word") << QStringList{"--pue", "cold"} << "--pue: 'cold' is not a number or one of: air, modern, liquid";
  QTest::newRow("pue missing") << QStringList{"--pue"} << "--pue: missing value (X)";
  QTest::newRow("pue inf") << QStringList{"--pue", "inf"} << "--pue: 'inf' is not a finite number";
  QTest::newRow("power factor") << QStringList{"--gpu-power-factor", "2"} << "--gpu-power-factor: must be a fraction of TDP";
  QTest::newRow("node overhead") << QStringList{"--node-overhead-w", "-3"} << "--node-overhead-w: must be zero or more watts, got -3";
  QTest::newRow("switch word") << QStringList{"--switch-w", "big"} << "--switch-w: 'big' is not a number or one of: auto";
  QTest::newRow("optic negative") << QStringList{"--optic-w", "-1"} << "--optic-w: must be zero or more watts";
  QTest::newRow("storage w") << QStringList{"--storage-w-per-node", "-1"} << "--storage-w-per-node: must be zero or more";
  QTest::newRow("rack zero") << QStringList{"--rack-kw", "0"} << "--rack-kw: must be more than 0 kW, got 0";
  QTest::newRow("rack word") << QStringList{"--rack-kw", "huge"} << "--rack-kw: 'huge' is not a number or one of: air-15";
  QTest::newRow("grid word") << QStringList{"--grid-co2", "eu"} << "--grid-co2: 'eu' is not a number or one of: china, us";
  QTest::newRow("grid negative") << QStringList{"--grid-co2", "-1"} << "--grid-co2: must be zero or more kg CO2 per kWh";
  QTest::newRow("payment") << QStringList{"--payment", "lease"} << "--payment: 'lease' is not one of: rent, cloud, purchase";
  QTest::newRow("price list") << QStringList{"--price-list", "ali-2025"}
                              << "--price-list: unknown price list 'ali-2025' (one of: seed-cn-2026,";
  QTest::newRow("currency") << QStringList{"--currency", "eur"} << "--currency: 'eur' is not one of: cny, usd";
  QTest::newRow("exchange rate") << QStringList{"--exchange-rate", "0"} << "--exchange-rate: must be an exchange rate above 0, got 0";
  QTest::newRow("power price") << QStringList{"--power-price", "-0.1"} << "--power-price: must be a price of zero or more";
  QTest::newRow("amortisation") << QStringList{"--amortisation-years", "0"} << "--amortisation-years: must be above 0 and at most 50";
  QTest::newRow("vat 1") << QStringList{"--vat", "1"} << "--vat: must be a fraction from 0 to below 1, got 1";
  QTest::newRow("headroom") << QStringList{"--headroom", "-0.2"} << "--headroom: must be a fraction from 0 to 10";
  QTest::newRow("failure rate") << QStringList{"--failure-rate", "-1e-5"} << "--failure-rate: must be from 0 to below 1 per GPU-hour";
  QTest::newRow("failure rate word") << QStringList{"--failure-rate", "rare"} << "--failure-rate: 'rare' is not a number";
  QTest::newRow("storage bytes") << QStringList{"--storage-bytes-per-s", "0"} << "--storage-bytes-per-s: must be more than 0 bytes/s, got 0";
  QTest::newRow("bytes per param") << QStringList{"--checkpoint-bytes-per-param", "0"}
                                   << "--checkpoint-bytes-per-param: must be more than 0 bytes per parameter";
  QTest::newRow("interval") << QStringList{"--checkpoint-interval-s", "0"} << "--checkpoint-interval-s: must be more than 0 seconds, got 0";
  QTest::newRow("restart") << QStringList{"--restart-s", "-5"} << "--restart-s: must be zero or more seconds, got -5";
  QTest::newRow("bom empty") << QStringList{"--bom-csv="} << "--bom-csv: the file name is empty";
  QTest::newRow("bom unwritable") << QStringList{"--bom-csv", "/nonexistent/dir/bom.csv"}
                                  << "--bom-csv: cannot write '/nonexistent/dir/bom.csv'";
}

void TestCli::powerCostErrors() { errors(); }

void TestCli::catalogPriceLists() {
  Result r = runCli({"catalog", "price-lists", "--format", "json"});
  QCOMPARE(r.code, 0);
  const json lists = json::parse(r.out);
  QVERIFY(lists.is_array());
  const auto catalog = cp::price_list_catalog();
  QCOMPARE(lists.size(), catalog.size());
  for (std::size_t i = 0; i < lists.size(); ++i) {
    const json& l = lists[i];
    QCOMPARE(l["id"].get<std::string>(), catalog[i].id);
    for (const char* key : {"name", "date", "source", "currency", "kind"}) QVERIFY2(l[key].is_string(), key);
    QVERIFY(cp::find_price_list(l["id"].get<std::string>()));
  }
  const auto list = [&](const std::string& id) {
    for (const json& l : lists)
      if (l["id"] == id) return l;
    return json();
  };
  const json seed = list("seed-cn-2026");
  QCOMPARE(seed["kind"].get<std::string>(), std::string("rent"));
  QCOMPARE(seed["currency"].get<std::string>(), std::string("CNY"));
  QCOMPARE(seed["date"].get<std::string>(), std::string("2026"));
  QCOMPARE(seed["whole_months"].get<bool>(), true);
  QCOMPARE(seed["lines"][0]["price"].get<double>(), 35888.0);  // 8x A100 + IB, the seed's rent
  QCOMPARE(list("cloud-us-2024-01")["kind"].get<std::string>(), std::string("cloud"));
  QCOMPARE(list("cloud-us-2024-01")["currency"].get<std::string>(), std::string("USD"));
  QCOMPARE(list("purchase-usd-2024")["kind"].get<std::string>(), std::string("purchase"));

  r = runCli({"catalog", "price-lists"});
  QCOMPARE(r.code, 0);
  for (const char* text : {"kind", "currency", "seed-cn-2026", "cn-card-hour-2023", "purchase-usd-2024", "2024-01"})
    QVERIFY2(r.out.find(text) != std::string::npos, text);
  r = runCli({"catalog", "--help"});
  QVERIFY(r.out.find("price-lists") != std::string::npos);
  r = runCli({"estimate", "--help"});
  for (const char* text : {"Power and cooling:", "Cost:", "Reliability:", "--pue X", "--currency cny|usd",
                           "--payment rent|cloud|purchase", "--bom-csv FILE"})
    QVERIFY2(r.out.find(text) != std::string::npos, text);
}

void TestCli::bomCsv() {
  // The purchase list in CNY (x 7.2): DGX A100 300,000 USD = 2,160,000 CNY; the HDR switch's
  // name holds a comma, so it is quoted.
  Result r = runCli({"estimate", "--bom-csv", "-"});
  QCOMPARE(r.code, 0);
  QVERIFY(r.err.empty());
  const QStringList lines = QString::fromStdString(r.out).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.size(), 6);  // header + server, NIC, switch, transceiver, cable
  QCOMPARE(lines[0], QString("item,tier,name,quantity,unit_price,total,currency,source"));
  QCOMPARE(lines[1], QString("server,,DGX A100 640GB,4,2160000.00,8640000.00,CNY,about USD 300k (2021)"));
  const QStringList sw = csvSplit(lines[3]);
  QCOMPARE(sw.size(), 8);
  QCOMPARE(sw[0], QString("switch"));
  QCOMPARE(sw[1], QString("leaf"));
  QCOMPARE(sw[2], QString("InfiniBand HDR switch, 40 ports (QM8700 class)"));
  QCOMPARE(sw[5], QString("144000.00"));  // 20,000 USD x 7.2
  QCOMPARE(csvSplit(lines[4])[5], QString("184320.00"));  // 64 x 400 USD x 7.2
  // Exactly what the engine writes.
  const cp::Scenario s = cp::default_scenario();
  QCOMPARE(r.out, cp::bom_to_csv(s, cp::estimate(s)));
  // In USD, unit prices are the list's.
  r = runCli({"estimate", "--currency", "usd", "--bom-csv", "-"});
  QVERIFY(r.out.find("server,,DGX A100 640GB,4,300000.00,1200000.00,USD,") != std::string::npos);

  // To a file, beside the estimate on stdout.
  const QString path = dir_.filePath("bom.csv");
  const Result both = runCli({"estimate", "--bom-csv", path, "--format", "json"});
  QCOMPARE(both.code, 0);
  QVERIFY(json::parse(both.out).contains("bom"));
  QFile f(path);
  QVERIFY(f.open(QIODevice::ReadOnly));
  QCOMPARE(f.readAll().toStdString(), cp::bom_to_csv(s, cp::estimate(s)));

  // In the estimate's CSV the bill of materials stays one cell.
  r = runCli({"estimate", "--format", "csv"});
  const QStringList csv = QString::fromStdString(r.out).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(csv.size(), 2);
  const QStringList header = csvSplit(csv[0]), row = csvSplit(csv[1]);
  QCOMPARE(header.size(), row.size());
  QCOMPARE(header.count("bom"), 1);
  QVERIFY(row[header.indexOf("bom")].contains("DGX A100 640GB"));
  QVERIFY(header.contains("power.facility_w"));
  QVERIFY(header.contains("reliability.goodput"));
}

void TestCli::sweepVariesAssumption() {
  // --vary takes the numeric assumption options: facility = PUE x IT at each point.
  bool ok = false;
  const json j = sweepJson({"--vary", "pue=1.1,1.5"}, &ok);
  QVERIFY(ok);
  QCOMPARE(j["points"].size(), std::size_t(2));
  QVERIFY(relClose(j["points"][0]["estimate"]["power"]["facility_w"].get<double>(), 1.1 * kItW, 1e-12));
  QVERIFY(relClose(j["points"][1]["estimate"]["power"]["facility_w"].get<double>(), 1.5 * kItW, 1e-12));
  Result r = runCli({"sweep", "--vary", "pue=1.1,0.5"});
  QCOMPARE(r.code, 2);
  QVERIFY2(r.err.find("--vary: pue=0.5: must be at least 1 and at most 5, got 0.5") != std::string::npos, r.err.c_str());
  r = runCli({"sweep", "--bom-csv", "-"});
  QCOMPARE(r.code, 2);
  QVERIFY2(r.err.find("--bom-csv: a sweep writes no bill of materials") != std::string::npos, r.err.c_str());
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
