// clusterplan-cli plan: the JSON keys, --top, the three formats, knob lists and exit codes.
#include <QtTest>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cli/cli.h"
#include "cli_support.h"
#include "io/scenario_json.h"

using nlohmann::json;

namespace {

using Result = cp::test::CliResult;
using cp::test::runCli;

// A small search: Llama 2 7B on one node of 8 A100s.
const QStringList kSmall{"plan", "--model", "llama-2-7b", "--gpus", "8", "--global-batch", "64", "--tokens", "1e10"};

json planJson(const QStringList& extra) {
  const Result r = runCli(kSmall + extra + QStringList{"--format", "json"});
  if (r.code != 0) qWarning("exit %d: %s", r.code, r.err.c_str());
  return r.code == 0 ? json::parse(r.out) : json();
}

}  // namespace

class TstCliPlan : public QObject {
  Q_OBJECT
 private slots:
  void jsonKeys();
  void topN_data();
  void topN();
  void knobListsHoldAndSearch();
  void gpuRangeAndFabrics();
  void csvAndText();
  void infeasibleSaysWhy();
  void vppUnevenSaysTheSplit_data();
  void vppUnevenSaysTheSplit();
  void badInput_data();
  void badInput();
};

void TstCliPlan::jsonKeys() {
  const json j = planJson({"--top", "3"});
  QVERIFY(j.is_object());
  for (const char* key : {"schema_version", "objective", "threads", "considered", "rejected_divisibility", "evaluated",
                          "feasible", "rejected", "elapsed_s", "cancelled", "binding", "results", "frontier"})
    QVERIFY2(j.contains(key), key);
  QCOMPARE(j["schema_version"].get<int>(), cp::kOutputSchemaVersion);
  QCOMPARE(j["objective"].get<std::string>(), std::string("throughput"));
  QCOMPARE(j["ranking"].get<std::string>(), std::string("robust"));  // the band's pessimistic edge
  QVERIFY(j.contains("outside_evidence"));
  QVERIFY(j["rejected"].contains("memory"));
  QVERIFY(j["rejected"].contains("global_batch"));
  long long after = 0;
  for (const char* r : {"memory", "no_progress", "power", "budget", "deadline", "price_missing"})
    after += j["rejected"][r].get<long long>();
  QCOMPARE(j["evaluated"].get<long long>(), j["feasible"].get<long long>() + after);
  QVERIFY(j["evaluated"].get<long long>() > 0);
  const json& first = j["results"][0];
  for (const char* key : {"rank", "gpus", "job_gpus", "nodes", "fabric", "layout", "metrics", "estimate", "variants",
                          "warnings"})
    QVERIFY2(first.contains(key), key);
  for (const char* key : {"tp", "pp", "vpp", "dp", "cp", "ep", "micro_batch", "recompute", "zero", "sequence_parallel",
                          "tp_comm_overlap"})
    QVERIFY2(first["layout"].contains(key), key);
  QVERIFY(j.contains("closest") && j["closest"].is_null());
  // The estimate keys are those of `estimate --format json`.
  QVERIFY(first["estimate"].contains("memory"));
  QVERIFY(first["estimate"].contains("throughput"));
  QCOMPARE(first["estimate"]["throughput"]["tokens_per_s"].get<double>(),
           first["metrics"]["tokens_per_s"].get<double>());
  QVERIFY(j["frontier"].is_array() && !j["frontier"].empty());
  QVERIFY(j["binding"].is_null());
}

void TstCliPlan::topN_data() {
  QTest::addColumn<int>("top");
  QTest::newRow("1") << 1;
  QTest::newRow("5") << 5;
  QTest::newRow("0") << 0;
}

void TstCliPlan::topN() {
  QFETCH(int, top);
  const json j = planJson({"--top", QString::number(top)});
  QCOMPARE(int(j["results"].size()), top);
  for (int i = 1; i < top; ++i)
    QVERIFY(j["results"][i - 1]["metrics"]["score"].get<double>() <= j["results"][i]["metrics"]["score"].get<double>());
}

void TstCliPlan::knobListsHoldAndSearch() {
  // --tp-comm-overlap holds the TP overlap knob like the others.
  const json off = planJson({"--tp", "2", "--pp", "1", "--tp-comm-overlap", "off", "--top", "100"});
  QVERIFY(!off["results"].empty());
  for (const json& r : off["results"]) QVERIFY(!r["layout"]["tp_comm_overlap"].get<bool>());
  const json j = planJson({"--tp", "2,4", "--pp", "1", "--zero", "1,distopt", "--recompute", "full", "--top", "100"});
  QVERIFY(!j["results"].empty());
  for (const json& r : j["results"]) {
    const int tp = r["layout"]["tp"].get<int>();
    QVERIFY(tp == 2 || tp == 4);
    QCOMPARE(r["layout"]["pp"].get<int>(), 1);
    QCOMPARE(r["layout"]["recompute"].get<std::string>(), std::string("full"));
    const std::string z = r["layout"]["zero"].get<std::string>();
    QVERIFY2(z == "1" || z == "distopt", z.c_str());
  }
}

void TstCliPlan::gpuRangeAndFabrics() {
  const Result r = runCli({"plan", "--model", "llama-2-7b", "--gpus", "8-24", "--fabric", "ib-hdr,roce-200-tuned",
                           "--global-batch", "48", "--tp", "1", "--pp", "1", "--format", "json", "--top", "1000"});
  QCOMPARE(r.code, 0);
  const json j = json::parse(r.out);
  std::set<int> gpus;
  std::set<std::string> fabrics;
  for (const json& e : j["results"]) {
    gpus.insert(e["gpus"].get<int>());
    fabrics.insert(e["fabric"].get<std::string>());
  }
  QVERIFY(gpus == (std::set<int>{8, 16, 24}));
  QVERIFY(fabrics == (std::set<std::string>{"ib-hdr", "roce-200-tuned"}));
}

void TstCliPlan::csvAndText() {
  Result r = runCli(kSmall + QStringList{"--top", "4", "--format", "csv"});
  QCOMPARE(r.code, 0);
  QStringList lines = QString::fromStdString(r.out).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.size(), 5);
  QVERIFY(lines[0].startsWith("rank,gpus,job_gpus,fabric,tp,pp"));
  QVERIFY(lines[1].startsWith("1,8,8,ib-hdr,"));
  r = runCli(kSmall + QStringList{"--top", "2", "--objective", "cost"});
  QCOMPARE(r.code, 0);
  const QString text = QString::fromStdString(r.out);
  QVERIFY(text.contains("Objective: cost"));
  QVERIFY(text.contains("Top 2:"));
  QVERIFY(text.contains("Frontier"));
}

void TstCliPlan::infeasibleSaysWhy() {
  const Result r = runCli({"plan", "--model", "llama-3-405b", "--gpus", "8", "--format", "json"});
  QCOMPARE(r.code, 0);
  const json j = json::parse(r.out);
  QCOMPARE(j["feasible"].get<long long>(), 0LL);
  QVERIFY(j["results"].empty());
  QCOMPARE(j["binding"]["reason"].get<std::string>(), std::string("memory"));
  QVERIFY(j["binding"]["text"].get<std::string>().find("GiB") != std::string::npos);
  // The closest layout and what would make it fit.
  QVERIFY(j["closest"].is_object());
  QVERIFY(j["closest"]["memory_bytes"].get<double>() > 80.0 * (1 << 30));
  QVERIFY2(j["closest"]["text"].get<std::string>().find("would fit on") != std::string::npos,
           j["closest"]["text"].get<std::string>().c_str());
}

void TstCliPlan::vppUnevenSaysTheSplit_data() {
  QTest::addColumn<QString>("gpus");
  QTest::addColumn<QString>("pp");
  QTest::addColumn<QString>("vpp");
  QTest::addColumn<QString>("reason");
  // Llama 2 7B has 32 layers. PP 4 divides them: 8 per stage, which VPP 3 does not divide.
  QTest::newRow("even") << "32" << "4" << "3" << "VPP 3 does not divide the 8 layers per stage";
  // PP 3 does not: the stages hold 10 or 11 layers (not "10", nor 10.67).
  QTest::newRow("uneven") << "24" << "3" << "3" << "VPP 3 does not divide the 10 or 11 layers per stage";
  // VPP 2 divides the 10 layers of the light stages but not the 11 of the others.
  QTest::newRow("uneven, VPP divides the light stages") << "24" << "3" << "2"
                                                         << "VPP 2 does not divide the 10 or 11 layers per stage";
}

void TstCliPlan::vppUnevenSaysTheSplit() {
  QFETCH(QString, gpus);
  QFETCH(QString, pp);
  QFETCH(QString, vpp);
  QFETCH(QString, reason);
  // TP 8 x PP fills the GPUs, and VPP is the only choice: every layout is rejected for it.
  const Result r = runCli({"plan", "--model", "llama-2-7b", "--gpus", gpus, "--global-batch", "64", "--tp", "8",
                           "--pp", pp, "--vpp", vpp, "--cp", "1", "--ep", "1", "--format", "json"});
  QCOMPARE(r.code, 0);
  const json j = json::parse(r.out);
  QCOMPARE(j["feasible"].get<long long>(), 0LL);
  QCOMPARE(j["binding"]["reason"].get<std::string>(), std::string("vpp_uneven"));
  const QString text = QString::fromStdString(j["binding"]["text"].get<std::string>());
  QVERIFY2(text.contains("TP 8, PP " + pp + ", VPP " + vpp + ", "), qPrintable(text));
  QVERIFY2(text.endsWith(": " + reason), qPrintable(text));
}

void TstCliPlan::badInput_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("option");
  QTest::newRow("objective") << QStringList{"--objective", "fast"} << "--objective";
  QTest::newRow("ranking") << QStringList{"--ranking", "best"} << "--ranking";
  QTest::newRow("top") << QStringList{"--top", "-1"} << "--top";
  // Each listed layout carries its full estimate: 100,000 of them took 4.3 GB and then failed
  // with bad_alloc (exit 1). Refused at once, saying the most it lists.
  QTest::newRow("top 100000") << QStringList{"--top", "100000", "--gpus", "64-128"} << "--top";
  QTest::newRow("top 1001") << QStringList{"--top", "1001"} << "--top";
  QTest::newRow("gpus word") << QStringList{"--gpus", "many"} << "--gpus";
  QTest::newRow("gpus not whole nodes") << QStringList{"--gpus", "12"} << "--gpus";
  QTest::newRow("gpus empty range") << QStringList{"--gpus", "9-15"} << "--gpus";
  QTest::newRow("fabric") << QStringList{"--fabric", "ib-hdr,carrier-pigeon"} << "--fabric";
  QTest::newRow("threads") << QStringList{"--threads", "x"} << "--threads";
  QTest::newRow("tp list") << QStringList{"--tp", "2,zero"} << "--tp";
  QTest::newRow("zero list") << QStringList{"--zero", "1,9"} << "--zero";
  QTest::newRow("dp") << QStringList{"--dp", "4"} << "--dp";
  QTest::newRow("bom csv") << QStringList{"--bom-csv", "bom.csv"} << "--bom-csv";
  QTest::newRow("time without tokens") << QStringList{"--objective", "time", "--tokens", "0"} << "--tokens";
  QTest::newRow("missing value") << QStringList{"--objective"} << "--objective";
  QTest::newRow("unknown option") << QStringList{"--frobnicate", "1"} << "--frobnicate";
}

void TstCliPlan::badInput() {
  QFETCH(QStringList, args);
  QFETCH(QString, option);
  const Result r = runCli(QStringList{"plan", "--model", "llama-2-7b"} + args);
  QCOMPARE(r.code, 2);
  QVERIFY(r.out.empty());
  QVERIFY2(QString::fromStdString(r.err).startsWith(option + ":"), r.err.c_str());
}

QTEST_APPLESS_MAIN(TstCliPlan)
#include "tst_cli_plan.moc"
