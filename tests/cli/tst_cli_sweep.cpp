// clusterplan-cli sweep: point counts, strong and weak scaling, infeasible points, each point
// equal to its estimate, the CSV columns and the text, errors, and the streamed document. Checks
// call cp::cli::run in-process.
#include <QtTest>

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
#include "plan/sweep.h"

using nlohmann::json;

namespace {

using Result = cp::test::CliResult;
using namespace cp::test;  // the helpers of cli_support.h

}  // namespace

class TestCli : public QObject {
  Q_OBJECT

 private slots:
  void sweepPointCount_data();
  void sweepPointCount();
  void sweepStrongScaling();
  void sweepWeakScaling();
  void sweepInfeasible_data();
  void sweepInfeasible();
  void sweepPointIsEstimate();
  void sweepCsvColumns();
  void sweepText();
  void sweepVerdict();
  void sweepErrors_data();
  void sweepErrors();
  void sweepNoCrashOnMixedTokens();
  void sweepVariesEveryNumericOption();
  void sweepStreamIsTheDocument_data();
  void sweepStreamIsTheDocument();
};

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
                                       << "cluster.nodes: 20 GPUs are not a whole number of 8-GPU nodes" << false;
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
  QStringList lines = all.left(against).split('\n', Qt::SkipEmptyParts);
  // The verdict for the job first (two fabrics), then the table.
  QVERIFY2(lines[0].startsWith("For this job, InfiniBand NDR 400 Gb/s "), qPrintable(lines[0]));
  lines.removeFirst();
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

void TestCli::sweepVerdict() {
  // The verdict of `sweep --format json` is the core's for the same gaps: its text, the fabrics
  // it covers (the first is the reference), the break-even size (null: none in this sweep).
  bool ok = false;
  const json j = sweepJson(kH100x64 + QStringList{"--gpus", "8,64,128", "--fabric", "ib-ndr,roce-400-untuned,roce-400-tuned",
                                                  "--layout", "best"},
                           &ok);
  QVERIFY(ok);
  const json& v = j["verdict"];
  QCOMPARE(v["fabrics"], json({"ib-ndr", "roce-400-untuned", "roce-400-tuned"}));
  QVERIFY(v["break_even_gpus"].is_null());
  std::vector<cp::FabricGap> gaps;
  const cp::cli::SweepParseResult parsed = cp::cli::parse_sweep_args(
      {"--model", "llama-2-70b", "--gpu", "h100-sxm", "--gpus", "8,64,128", "--tp", "8", "--pp", "1", "--fabric",
       "ib-ndr,roce-400-untuned,roce-400-tuned", "--layout", "best"});
  QVERIFY(parsed.ok());
  const cp::cli::SweepResult r = cp::cli::run_sweep_points(parsed.args);
  for (const cp::cli::SweepGap& g : r.gaps) gaps.push_back(g.gap);
  const cp::JobVerdict core = cp::job_verdict(gaps, {"ib-ndr", "roce-400-untuned", "roce-400-tuned"}, "ib-hdr");
  QCOMPARE(v["text"].get<std::string>(), cp::job_verdict_text(core));
  QVERIFY2(v["text"].get<std::string>().rfind("For this job, RoCEv2 400 Gb/s, untuned ", 0) == 0, v["text"].dump().c_str());
  // Only the base scenario's own GPU count (the default cluster's 32 GPUs: --gpus lists the
  // sweep's sizes) is marked as its own size.
  const json sized = sweepJson(kH100x64.mid(0, 4) + QStringList{"--tp", "8", "--pp", "1", "--gpus", "16,32,64"}, &ok);
  QVERIFY(ok);
  QCOMPARE(sized["points"].size(), std::size_t(3));
  for (const json& p : sized["points"]) QCOMPARE(p["own_size"].get<bool>(), p["gpus"].get<int>() == 32);
  // One fabric: the verdict says there is nothing to compare.
  const json one = sweepJson(kH100x64 + QStringList{"--gpus", "64"}, &ok);
  QVERIFY(ok);
  QCOMPARE(one["verdict"]["fabrics"], json({"ib-hdr"}));
  QVERIFY(one["verdict"]["break_even_gpus"].is_null());
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
  checkEveryTokenPair(QStringLiteral("sweep"), pool);
}

// The sweep is written point by point (bounded memory); the document is that built at once
// (sweep_to_json), key for key and value for value ("fabric_gap", which needs every point,
// follows "points" in the stream, so the bytes differ only in that key's place).
// Every numeric estimate option but the sweep's own is an axis of the core sweep: a row it varies
// (plan/sweep.h); --rack-kw, in kW with presets, varies the rack limit in W through its parser.
void TestCli::sweepVariesEveryNumericOption() {
  int axes = 0;
  for (const cp::cli::OptionInfo& o : cp::cli::estimate_options()) {
    if (!cp::cli::is_numeric_option(o)) continue;
    const std::string name(o.name);
    if (name == "gpus" || name == "nodes" || name == "dp" || name == "measured-step-s") continue;
    const cp::FieldInfo* row = cp::cli::vary_row(o.name);
    QVERIFY2(row && !cp::axis_refusal(*row), name.c_str());
    ++axes;
  }
  QVERIFY(axes >= 45);
  bool ok = false;
  const json j = sweepJson(kH100x64.mid(0, 4) + QStringList{"--gpus", "64", "--vary", "rack-kw=air-15,40"}, &ok);
  QVERIFY(ok);
  QCOMPARE(j["points"].size(), std::size_t(2));
  QCOMPARE(j["points"][0]["estimate"]["inputs"]["assumptions"]["rack_limit_w"].get<double>(), 15000.0);
  QCOMPARE(j["points"][1]["estimate"]["inputs"]["assumptions"]["rack_limit_w"].get<double>(), 40000.0);
}

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

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli_sweep.moc"
