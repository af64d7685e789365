// Scenario files and the estimate's JSON: round trips, partial files, errors by JSON path,
// and the output contract (nested keys with unit suffixes).
#include <QtTest>

#include <cmath>

#include "engine/utf8.h"
#include "io/scenario_file.h"
#include "io/scenario_json.h"

using namespace cp;
using nlohmann::json;

class TstScenarioJson : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip_data();
  void roundTrip();
  void partialFileKeepsTheRest();
  void presetThenOverride();
  void paramsDerivesShape();
  void customGpu();
  void errors_data();
  void errors();
  void estimateKeys();
  void flattenForCsv();
  void impossibleFiguresAreNamed();
  void slowStorageGivesNoNegativeGoodput();
  void mfuAbovePeakWarns();
  void writerOnlyWritesTheComparison();
  void derivedNameFollowsTheScenario();
  void givenNameStays();
};

void TstScenarioJson::roundTrip_data() {
  QTest::addColumn<QString>("model");
  QTest::newRow("default (LLaMA-65B)") << "";
  QTest::newRow("DeepSeek-V3 with MLA") << "deepseek-v3";
  QTest::newRow("GPT-3") << "gpt3-175b";
}

void TstScenarioJson::roundTrip() {
  QFETCH(QString, model);
  Scenario s = default_scenario();
  if (!model.isEmpty()) {
    s.model = find_model_preset(model.toStdString())->shape;
    s.model_id = model.toStdString();
  }
  s.training.zero = Zero::DistributedOptimizer;
  s.training.tokens = 2e12;
  s.training.moe_dispatch = MoeDispatch::Fp8;
  s.training.moe_max_nodes = 4;
  const json j = scenario_to_json(s);
  QCOMPARE(j["training"]["moe_dispatch"].get<std::string>(), std::string("fp8"));
  QCOMPARE(j["training"]["moe_max_nodes"].get<int>(), 4);
  QCOMPARE(j["cluster"]["fabric_spec"]["congestion_control"].get<std::string>(), std::string("credit"));
  Scenario back;  // all defaults: every key must come from the file
  std::vector<Problem> problems;
  QVERIFY(scenario_from_json(j, back, problems));
  QVERIFY(problems.empty());
  QCOMPARE(QString::fromStdString(scenario_to_json(back).dump()), QString::fromStdString(j.dump()));
  QCOMPARE(j["format_version"].get<int>(), kScenarioFormatVersion);
}

void TstScenarioJson::partialFileKeepsTheRest() {
  Scenario s = default_scenario();
  std::vector<Problem> problems;
  QVERIFY(scenario_from_json(json::parse(R"({"parallelism": {"pp": 2, "dp": 2}, "training": {"zero": 3}})"), s, problems));
  QCOMPARE(s.parallel.pp, 2);
  QCOMPARE(s.parallel.dp, 2);
  QCOMPARE(s.parallel.tp, 8);
  QVERIFY(s.training.zero == Zero::Stage3);
  QCOMPARE(s.model.layers, 80);
}

void TstScenarioJson::presetThenOverride() {
  Scenario s = default_scenario();
  std::vector<Problem> problems;
  QVERIFY(scenario_from_json(json::parse(R"({"model": {"id": "llama-2-70b", "layers": 40}})"), s, problems));
  QCOMPARE(s.model.kv_heads, 8);   // from the preset
  QCOMPARE(s.model.layers, 40);    // overridden
  QCOMPARE(QString::fromStdString(s.model_id), QString("llama-2-70b"));
}

void TstScenarioJson::paramsDerivesShape() {
  Scenario s = default_scenario();
  std::vector<Problem> problems;
  QVERIFY(scenario_from_json(json::parse(R"({"model": {"params_b": 30}})"), s, problems));
  QVERIFY(s.model_derived);
  QCOMPARE(QString::fromStdString(s.model_id), QString("derived:30B"));
  QVERIFY(std::abs(count_params(s.model).total / 30e9 - 1) < 0.03);
}

void TstScenarioJson::customGpu() {
  Scenario s = default_scenario();
  std::vector<Problem> problems;
  const json j = json::parse(R"({"cluster": {"gpu": "my-gpu", "gpu_spec": {"name": "My GPU", "memory_bytes": 1e11,
    "bf16_flops": 5e14}}})");
  QVERIFY(scenario_from_json(j, s, problems));
  QCOMPARE(QString::fromStdString(s.cluster.gpu.id), QString("my-gpu"));
  QCOMPARE(s.cluster.gpu.memory_bytes, 1e11);
  // A built-in GPU's figures come from the catalog even if a file carries others.
  Scenario t = default_scenario();
  QVERIFY(scenario_from_json(json::parse(R"({"cluster": {"gpu": "h100-sxm", "gpu_spec": {"memory_bytes": 1e11}}})"),
                             t, problems));
  QCOMPARE(t.cluster.gpu.memory_bytes, 80.0 * 1024 * 1024 * 1024);
  // ... but a copy no GPU could have is a damaged or hand-edited file: refused, never dropped
  // unnoticed; so is a built-in fabric's.
  for (const char* text : {R"({"cluster": {"gpu": "h100-sxm", "gpu_spec": {"memory_bytes": -1e308}}})",
                           R"({"cluster": {"gpu": "h100-sxm", "gpu_spec": {"tdp_w": -1}}})",
                           R"({"cluster": {"fabric": "ib-ndr", "fabric_spec": {"nic_busbw_bytes_per_s": -1e308}}})"}) {
    Scenario u = default_scenario();
    std::vector<Problem> found;
    QVERIFY2(!scenario_from_json(json::parse(text), u, found), text);
    QVERIFY2(QString::fromStdString(found.front().field).startsWith("cluster."), found.front().field.c_str());
  }
}

void TstScenarioJson::errors_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("expected");
  QTest::newRow("not an object") << "[1,2]" << "$: a scenario must be a JSON object";
  QTest::newRow("string for int") << R"({"training": {"seq": "long"}})" << "training.seq: must be a whole number";
  QTest::newRow("fraction for int") << R"({"parallelism": {"tp": 2.5}})" << "parallelism.tp: must be a whole number";
  QTest::newRow("huge int") << R"({"parallelism": {"tp": 99999999999}})" << "parallelism.tp: is out of range";
  QTest::newRow("huge int as float") << R"({"training": {"nccl_buffsize": 1e12}})"
                                     << "training.nccl_buffsize: is out of range";
  QTest::newRow("bad spelling") << R"({"training": {"precision": "bf17"}})"
                                << "training.precision: 'bf17' is not one of: fp32, bf16, fp16, fp8";
  QTest::newRow("unknown preset") << R"({"model": {"id": "gpt-5"}})" << "model.id: unknown model preset 'gpt-5'";
  QTest::newRow("unknown gpu") << R"({"cluster": {"gpu": "z100"}})" << "cluster.gpu: unknown GPU 'z100'";
  QTest::newRow("section not object") << R"({"training": 5})" << "training: must be an object";
  QTest::newRow("bool") << R"({"parallelism": {"sp": 3}})" << "parallelism.sp: must be true or false";
  QTest::newRow("future format") << R"({"format_version": 99})"
                                 << "format_version: this file was written by a newer clusterplan";
  QTest::newRow("bad size") << R"({"model": {"params_b": -3}})" << "model.params_b: must be a size in billions";
  QTest::newRow("bad dispatch") << R"({"training": {"moe_dispatch": "fp4"}})"
                                << "training.moe_dispatch: 'fp4' is not one of: bf16, fp8";
  QTest::newRow("bad congestion control")
      << R"({"cluster": {"fabric": "my-roce", "fabric_spec": {"congestion_control": "tuned"}}})"
      << "cluster.fabric_spec.congestion_control: 'tuned' is not one of: credit, dcqcn-default";
  // A misspelt key is an error, not read as the default.
  QTest::newRow("misspelt key") << R"({"parallelism": {"tp": 8, "ppp": 2}})"
                                << "parallelism.ppp: unknown key (did you mean 'pp'?)";
  QTest::newRow("misspelt section") << R"({"paralelism": {"tp": 8}})"
                                    << "paralelism: unknown key (did you mean 'parallelism'?)";
}

void TstScenarioJson::errors() {
  QFETCH(QString, text);
  QFETCH(QString, expected);
  Scenario s = default_scenario();
  std::vector<Problem> problems;
  QVERIFY(!scenario_from_json(json::parse(text.toStdString()), s, problems));
  QStringList all;
  for (const auto& p : problems) all << QString::fromStdString(p.text());
  QVERIFY2(all.join('\n').contains(expected), qPrintable(all.join('\n')));
}

void TstScenarioJson::estimateKeys() {
  const Scenario s = default_scenario();
  const Estimate e = estimate(s);
  const json j = estimate_to_json(s, e);
  QCOMPARE(j["schema_version"].get<int>(), kOutputSchemaVersion);
  QCOMPARE(j["model"]["params"].get<double>(), 65285660672.0);
  QCOMPARE(j["model"]["active_params"].get<double>(), 65285660672.0);
  for (const char* key : {"weights_bytes", "gradients_bytes", "optimizer_bytes", "activations_bytes", "other_bytes",
                          "total_bytes", "capacity_bytes"})
    QVERIFY2(j["memory"][key].is_number(), key);
  QCOMPARE(j["memory"]["total_bytes"].get<double>(), e.memory.peak.total());
  QCOMPARE(j["memory"]["weights_bytes"].get<double>(), 4113121280.0);
  QVERIFY(j["memory"]["fits"].get<bool>());
  QVERIFY(j["warnings"].is_array());
  QCOMPARE(j["inputs"]["parallelism"]["tp"].get<int>(), 8);
}

// The last check before a figure is printed.
void TstScenarioJson::impossibleFiguresAreNamed() {
  const Scenario s = default_scenario();
  json j = estimate_to_json(s, estimate(s));
  QVERIFY(check_estimate_json(j).empty());
  j["cost"]["per_month"] = std::nan("");
  j["power"]["it_w"] = HUGE_VAL;
  j["throughput"]["mfu"] = -0.5;
  j["throughput"]["hfu"] = 1.5;  // above 1: shown, with warning above_peak
  j["reliability"]["seed_interval"]["goodput_low"] = -1.54;
  QStringList all;
  for (const Problem& p : check_estimate_json(j)) all << QString::fromStdString(p.text());
  QCOMPARE(all.join('\n'),
           QString("cost.per_month: is nan, not a finite number: the inputs lead to an impossible result\n"
                   "power.it_w: is inf, not a finite number: the inputs lead to an impossible result\n"
                   "reliability.seed_interval.goodput_low: is -1.54, not a fraction from 0 to 1: the inputs lead to an "
                   "impossible result\n"
                   "throughput.mfu: is -0.5, not a fraction of the peak, 0 or more: the inputs lead to an impossible "
                   "result"));
}

// With 100 MB/s checkpoint storage the goodput at the seed's 1 h interval must be 0 with a
// warning, not the unclamped -1.54 with none. A checkpoint of 914 GB takes 9,140 s: neither 1 h
// nor 2 h makes progress.
void TstScenarioJson::slowStorageGivesNoNegativeGoodput() {
  Scenario s = default_scenario();
  s.assumptions.checkpoint_bytes_per_s = 1e8;
  s.assumptions.checkpoint_mode = CheckpointMode::Sync;  // training waits for the whole write
  QVERIFY(validate(s).empty());
  const Estimate e = estimate(s);
  QCOMPARE(e.reliability.goodput_seed_low, 0.0);
  QCOMPARE(e.reliability.goodput_seed_high, 0.0);
  QVERIFY(e.reliability.goodput > 0.9 && e.reliability.goodput < 1);  // the Young/Daly interval still works
  QVERIFY(e.warnings.has(WarningCode::SeedIntervalNoProgress));
  const Warning* w = nullptr;
  for (const Warning& x : e.warnings)
    if (x.code == WarningCode::SeedIntervalNoProgress) w = &x;
  QVERIFY(w);
  QCOMPARE(w->v2, 7200.0);  // not even the seed's 2 h interval
  QCOMPARE(QString::fromStdString(warning_message(*w)),
           QString("a checkpoint takes 9140 s to write: checkpointing every 7200 s (the seed's interval) leaves no "
                   "progress, so the goodput at the seed's interval (reliability.seed_interval) is 0 there"));
  QVERIFY(check_estimate_json(estimate_to_json(s, e)).empty());
}

// A site calibration to a step 10x shorter than modelled: ten times the default scenario's MFU
// (above 1), shown with a warning that names it.
void TstScenarioJson::mfuAbovePeakWarns() {
  Scenario s = default_scenario();
  const Estimate base = estimate(s);
  QVERIFY(!base.warnings.has(WarningCode::AbovePeak));
  s.calibration.step_time_factor = 0.1;
  const Estimate e = estimate(s);
  QVERIFY(base.throughput.mfu > 0.4 && base.throughput.mfu < 0.7);
  QVERIFY2(std::abs(e.throughput.mfu - 10.0 * base.throughput.mfu) < 1e-9 * e.throughput.mfu,
           qPrintable(QString::number(e.throughput.mfu)));
  QVERIFY(e.warnings.has(WarningCode::AbovePeak));
  for (const Warning& w : e.warnings)
    if (w.code == WarningCode::AbovePeak) QCOMPARE(w.field, std::string_view("calibration.step_time_factor"));
  QVERIFY(check_estimate_json(estimate_to_json(s, e)).empty());
}

void TstScenarioJson::flattenForCsv() {
  const json j = json::parse(R"({"a": {"b": 1, "c": {"d": "x"}}, "warnings": [{"code": "w1"}, {"code": "w2"}]})");
  const auto flat = flatten_json(j);
  QCOMPARE(int(flat.size()), 3);
  QCOMPARE(QString::fromStdString(flat[0].first), QString("a.b"));
  QCOMPARE(QString::fromStdString(flat[1].first), QString("a.c.d"));
  QCOMPARE(QString::fromStdString(flat[1].second), QString("x"));
  QCOMPARE(QString::fromStdString(flat[2].second), QString("w1;w2"));
}

// Until the user names it, a scenario's name says what it is: a fixed name would send a
// Llama-3-70B/H100 plan out as "LLaMA-65B on 32x A100 80GB (seed article)".
void TstScenarioJson::derivedNameFollowsTheScenario() {
  Scenario s = default_scenario();
  QCOMPARE(s.name, std::string("LLaMA-65B on 32x A100 80GB SXM, IB HDR"));
  QVERIFY(name_is_derived(s));
  s.model = find_model_preset("llama-3-70b")->shape;
  s.model_id = "llama-3-70b";
  s.cluster.gpu = *find_gpu("h100-sxm");
  s.cluster.nodes = 32;
  s.cluster.fabric = *find_fabric("ib-ndr");
  // The JSON holds the name as of now, even before the scenario's own copy is refreshed.
  json j = scenario_to_json(s);
  QCOMPARE(j["name"].get<std::string>(), std::string("Llama 3 70B on 256x H100 SXM 80GB, IB NDR"));
  QCOMPARE(j["name_is_derived"].get<bool>(), true);
  refresh_derived_name(s);
  QCOMPARE(s.name, std::string("Llama 3 70B on 256x H100 SXM 80GB, IB NDR"));
  // Read back onto another scenario, the name keeps following.
  Scenario back;
  std::vector<Problem> problems;
  QVERIFY(scenario_from_json(j, back, problems));
  QVERIFY(name_is_derived(back));
  back.cluster.fabric = *find_fabric("roce-400-tuned");
  back.cluster.nodes = 2;
  QCOMPARE(scenario_name(back), std::string("Llama 3 70B on 16x H100 SXM 80GB, RoCE 400G tuned"));
  // One node has no scale-out fabric to name; shapes without a preset are named by their size.
  back.cluster.nodes = 1;
  QCOMPARE(scenario_name(back), std::string("Llama 3 70B on 8x H100 SXM 80GB"));
  back.model_id = "custom";
  back.model.layers = 40;
  // 40 of Llama 3 70B's 80 layers: 40 x 0.856e9 + 2 x 128,256 x 8,192 embedding = 36.3e9.
  QCOMPARE(scenario_name(back), std::string("Custom 36.3B model on 8x H100 SXM 80GB"));
  back.model = derive_shape_from_size(30e9);
  back.model_id = "derived:30B";
  back.model_derived = true;
  QVERIFY2(scenario_name(back).find("B model (derived) on 8x H100 SXM 80GB") != std::string::npos,
           scenario_name(back).c_str());
  // A long custom GPU and fabric name is cut after 60 characters (code points, never inside
  // one), so that the derived name is one a scenario may have: the user did not type it.
  back.cluster.gpu.name = std::string(100, 'G');
  back.cluster.fabric.name = "Fabric ";
  for (int i = 0; i < 100; ++i) back.cluster.fabric.name += "\u00E9";  // two bytes each
  back.cluster.nodes = 2;
  const std::string name = scenario_name(back);
  QVERIFY2(name.find(std::string(60, 'G') + "\u2026, Fabric ") != std::string::npos, name.c_str());
  QVERIFY2(name.size() >= 6 && name.compare(name.size() - 5, 5, "\u00E9\u2026") == 0, name.c_str());
  QVERIFY(is_valid_utf8(name));
  QVERIFY2(text_problem(name, kNameLimit).empty(), name.c_str());
  const ScenarioFileDocument doc{back, {}, {}};
  ScenarioFileDocument read;
  std::vector<Problem> read_problems;
  QVERIFY(scenario_file_from_json(json::parse(scenario_file_text(doc)), read, read_problems));
  QVERIFY2(read_problems.empty(), read_problems.empty() ? "" : read_problems.front().text().c_str());
  // A blank name is no name, in a scenario and in a file: named by what it is, never an empty row.
  for (const char* blank : {"", "   "}) {
    json bare = scenario_to_json(default_scenario());
    bare["name"] = blank;
    bare.erase("name_is_derived");
    Scenario unnamed;
    std::vector<Problem> none;
    QVERIFY(scenario_from_json(bare, unnamed, none));
    QVERIFY(name_is_derived(unnamed));
    QCOMPARE(unnamed.name, std::string("LLaMA-65B on 32x A100 80GB SXM, IB HDR"));
    json file = json::parse(scenario_file_text(ScenarioFileDocument{}));
    file["name"] = blank;
    file["scenario"].erase("name_is_derived");
    ScenarioFileDocument fromFile;
    QVERIFY(scenario_file_from_json(file, fromFile, none));
    QVERIFY2(none.empty(), none.empty() ? "" : none.front().text().c_str());
    QCOMPARE(fromFile.scenario.name, std::string("LLaMA-65B on 32x A100 80GB SXM, IB HDR"));
  }
}

void TstScenarioJson::givenNameStays() {
  Scenario s = default_scenario();
  s.name = "Q3 pretraining";  // named by the user: it stays through edits
  s.cluster.nodes = 8;
  refresh_derived_name(s);
  QCOMPARE(s.name, std::string("Q3 pretraining"));
  const json j = scenario_to_json(s);
  QCOMPARE(j["name"].get<std::string>(), std::string("Q3 pretraining"));
  QVERIFY(!j.contains("name_is_derived"));
  // A file without "name_is_derived" (written before the flag existed) names its scenario: that
  // name is the user's.
  Scenario old = default_scenario();
  std::vector<Problem> problems;
  const json before19 = {{"name", "LLaMA-65B on 32x A100 80GB (seed article)"}, {"cluster", {{"nodes", 8}}}};
  QVERIFY(scenario_from_json(before19, old, problems));
  QVERIFY(!name_is_derived(old));
  QCOMPARE(scenario_name(old), std::string("LLaMA-65B on 32x A100 80GB (seed article)"));
  // Given back its derived name, it follows again.
  refresh_derived_name(old, true);
  QCOMPARE(old.name, std::string("LLaMA-65B on 64x A100 80GB SXM, IB HDR"));
  QVERIFY(name_is_derived(old));
}

QTEST_APPLESS_MAIN(TstScenarioJson)
void TstScenarioJson::writerOnlyWritesTheComparison() {
  // Writers only write: the estimate JSON runs no second estimate for
  // cost.ib_vs_roce. It prints the comparison its caller computed, verbatim, or null. (The io
  // target cannot run one either: the comparison lives in core/plan, which io does not link.)
  const Scenario s = default_scenario();  // ib-hdr: tuned RoCE 200 would be its counterpart
  const Estimate e = estimate(s);
  const json none = estimate_to_json(s, e);
  QVERIFY(none.at("cost").contains("ib_vs_roce"));  // the key stays (contract)
  QVERIFY(none.at("cost").at("ib_vs_roce").is_null());
  FabricDelta given;  // what core/plan's FabricComparison hands the writer
  given.other_fabric = "roce-200-tuned";
  given.network_capex_delta = 123.5;
  given.train_time_delta_s = 456.25;
  given.run_total_delta = -789.0;
  const json j = estimate_to_json(s, e, &given);
  const json& v = j.at("cost").at("ib_vs_roce");
  QCOMPARE(QString::fromStdString(v.at("fabric").get<std::string>()), QString("ib-hdr"));  // the scenario's
  QCOMPARE(QString::fromStdString(v.at("other_fabric").get<std::string>()), QString("roce-200-tuned"));
  QCOMPARE(v.at("network_capex_delta").get<double>(), 123.5);
  QCOMPARE(v.at("train_time_delta_s").get<double>(), 456.25);
  QCOMPARE(v.at("run_total_delta").get<double>(), -789.0);
  // Everything else is the same document.
  json a = j, b = none;
  a["cost"].erase("ib_vs_roce");
  b["cost"].erase("ib_vs_roce");
  QVERIFY(a == b);
}

#include "tst_scenario_json.moc"
