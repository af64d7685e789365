// clusterplan-cli catalog, version and help, the subcommand errors, and the real binary for its
// exit codes and streams. Most checks call cp::cli::run in-process.
#include <QProcess>
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

using nlohmann::json;

namespace {

using Result = cp::test::CliResult;
using cp::test::runCli;
using cp::test::estimateJson;

}  // namespace

class TestCli : public QObject {
  Q_OBJECT

 private slots:
  void commandErrors_data();
  void commandErrors();
  void catalogJson();
  void catalogText_data();
  void catalogText();
  void versionAndHelp_data();
  void versionAndHelp();
  void estimateHelpListsEveryOption();
  void realBinary_data();
  void realBinary();
  void catalogFabricsJson();
  void catalogPriceLists();
};

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
  // One rule for an option without its value, in every command: "--NAME: missing value (PLACEHOLDER)".
  QTest::newRow("catalog format at the end") << QStringList{"catalog", "gpus", "--format"}
                                             << "--format: missing value (text|json)";
  QTest::newRow("catalog format before an option") << QStringList{"catalog", "--format", "--all", "gpus"}
                                                   << "--format: missing value (text|json)";
  QTest::newRow("catalog option near format") << QStringList{"catalog", "gpus", "--formt", "json"}
                                              << "did you mean --format?";
  QTest::newRow("claims format at the end") << QStringList{"claims", "--format"} << "--format: missing value (text|json)";
  QTest::newRow("claims format=") << QStringList{"claims", "--format=xml"} << "--format: 'xml' is not one of: text, json";
  QTest::newRow("claims option") << QStringList{"claims", "--all"} << "--all: unknown option (see 'clusterplan-cli claims --help')";
  QTest::newRow("claims argument") << QStringList{"claims", "all"} << "'all': unexpected argument";
  QTest::newRow("batch at the end") << QStringList{"estimate", "--batch"}
                                    << "--batch: missing value (FILE, or - for standard input)";
  QTest::newRow("batch before an option") << QStringList{"estimate", "--batch", "--tp", "8"}
                                          << "--batch: missing value";
  QTest::newRow("batch estimate option at the end") << QStringList{"estimate", "--batch", "-", "--tp"}
                                                    << "--tp: missing value (N)";
  QTest::newRow("plan own option at the end") << QStringList{"plan", "--objective"}
                                             << "--objective: missing value (throughput|time|cost|cost-per-token)";
  QTest::newRow("plan knob at the end") << QStringList{"plan", "--tp"} << "--tp: missing value (a list: a,b,...)";
  QTest::newRow("catalog lists fabrics") << QStringList{"catalog", "nics"} << "is not one of: models, gpus, fabrics";
  QTest::newRow("version takes nothing") << QStringList{"--version", "extra"}
                                        << "clusterplan-cli: --version takes nothing after it, got 'extra'";
  QTest::newRow("unknown command lists sweep")
      << QStringList{"frobnicate"} << "commands: estimate, sweep, plan, scenario, report, chart, catalog, claims;";
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

void TestCli::realBinary_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<int>("exitCode");
  QTest::addColumn<QString>("stdoutContains");
  QTest::addColumn<QString>("stderrContains");
  QTest::newRow("version") << QStringList{"--version"} << 0 << "clusterplan-cli 0.1.0" << "";
  QTest::newRow("estimate json") << QStringList{"estimate", "--format", "json"} << 0
                                 << "\"total_bytes\": 45807816704.0" << "";
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
    // Every list is dated YYYY-MM and says whether it is stale (more than 18 months
    // before the build's month).
    QVERIFY(l["stale"].is_boolean());
    QCOMPARE(l["stale"].get<bool>(), cp::price_list_stale(catalog[i]));
    QCOMPARE(l["date"].get<std::string>().size(), std::size_t(7));
  }
  const auto list = [&](const std::string& id) {
    for (const json& l : lists)
      if (l["id"] == id) return l;
    return json();
  };
  const json seed = list("seed-cn-2026");
  QCOMPARE(seed["kind"].get<std::string>(), std::string("rent"));
  QCOMPARE(seed["currency"].get<std::string>(), std::string("CNY"));
  QCOMPARE(seed["date"].get<std::string>(), std::string("2026-01"));
  // The default lists are current.
  for (const char* id : {"seed-cn-2026", "gpu-cloud-on-demand-2026-05", "purchase-usd-2025-08"})
    QCOMPARE(list(id)["stale"].get<bool>(), false);
  QCOMPARE(list("aws-on-demand-2026-05")["lines"][0]["price"].get<double>(), 55.04 / 8);
  QCOMPARE(seed["whole_months"].get<bool>(), true);
  QCOMPARE(seed["lines"][0]["price"].get<double>(), 35888.0);  // 8x A100 + IB, the seed's rent
  QCOMPARE(list("cloud-us-2024-01")["kind"].get<std::string>(), std::string("cloud"));
  QCOMPARE(list("cloud-us-2024-01")["currency"].get<std::string>(), std::string("USD"));
  QCOMPARE(list("purchase-usd-2024")["kind"].get<std::string>(), std::string("purchase"));

  r = runCli({"catalog", "price-lists"});
  QCOMPARE(r.code, 0);
  for (const char* text : {"kind", "currency", "stale", "seed-cn-2026", "cn-card-hour-2023", "purchase-usd-2024", "2024-01",
                           "gpu-cloud-on-demand-2026-05"})
    QVERIFY2(r.out.find(text) != std::string::npos, text);
  r = runCli({"catalog", "--help"});
  QVERIFY(r.out.find("price-lists") != std::string::npos);
  r = runCli({"estimate", "--help"});
  for (const char* text : {"Power and cooling:", "Cost:", "Reliability:", "--pue X", "--currency cny|usd",
                           "--payment rent|cloud|purchase", "--bom-csv FILE"})
    QVERIFY2(r.out.find(text) != std::string::npos, text);
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli_catalog.moc"
