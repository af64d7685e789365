// clusterplan-cli sweep as the IB-vs-RoCE comparison: --layout held|best, the fabric_gap keys
// and verdicts, and the estimate command computing cost.ib_vs_roce once for its writers.
#include <QtTest>
#include <nlohmann/json.hpp>
#include <numeric>
#include <sstream>

#include "cli/cli.h"
#include "cli/estimate_args.h"
#include "cli/scenario_builder.h"
#include "engine/fields.h"
#include "plan/fabric_compare.h"
#include "plan/sweep.h"

using nlohmann::json;

namespace {

struct Result {
  int code = -1;
  std::string out, err;
};

Result runCli(const QStringList& args) {
  std::vector<std::string> v;
  for (const QString& s : args) v.push_back(s.toStdString());
  std::ostringstream out, err;
  Result r;
  r.code = cp::cli::run(v, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// Llama-2-7B on H100, held layout TP 8 PP 2 (needs 16 GPUs), IB NDR against tuned RoCE.
const QStringList kSweep{"sweep",   "--model", "llama-2-7b", "--gpu",    "h100-sxm",       "--tp",
                         "8",       "--pp",    "2",          "--gpus",   "4,8,16,32",      "--fabric",
                         "ib-ndr,roce-400-tuned", "--global-batch", "256", "--tokens", "1e11"};

json sweepJson(const QStringList& extra) {
  const Result r = runCli(kSweep + extra + QStringList{"--format", "json"});
  if (r.code != 0) qWarning("exit %d: %s", r.code, r.err.c_str());
  return r.code == 0 ? json::parse(r.out) : json();
}

const json& pointAt(const json& j, const std::string& fabric, int gpus) {
  for (const json& p : j.at("points"))
    if (p.at("fabric") == fabric && p.at("gpus") == gpus) return p;
  qFatal("no point %s %d", fabric.c_str(), gpus);
}

}  // namespace

class TstCliSweepCompare : public QObject {
  Q_OBJECT
 private slots:
  void heldIsTheDefault();
  void bestFillsEverySize();
  void bestListsConstrainTheSearch();
  void bestIsThePlannersPerPoint();
  void fabricGapKeys();
  void textHasVerdicts();
  void badLayoutOptions_data();
  void badLayoutOptions();
  void estimateKeepsIbVsRoce();
  void sameAsTheCoreSweep();
  void varyIsTheCoreAxis();
  void partNodeIsTheEstimatesCluster();
};

void TstCliSweepCompare::heldIsTheDefault() {
  const json j = sweepJson({});
  QCOMPARE(QString::fromStdString(j.at("layout").get<std::string>()), QString("held"));
  // TP 8 x PP 2 cannot run on 4 or 8 GPUs: marked, with reasons, never estimated.
  for (int g : {4, 8}) {
    const json& p = pointAt(j, "ib-ndr", g);
    QCOMPARE(p.at("feasible").get<bool>(), false);
    QVERIFY(!p.at("reasons").empty());
  }
  const json& p16 = pointAt(j, "ib-ndr", 16);
  QCOMPARE(p16.at("feasible").get<bool>(), true);
  QCOMPARE(p16.at("estimate").at("inputs").at("parallelism").at("tp").get<int>(), 8);
  QCOMPARE(p16.at("estimate").at("inputs").at("parallelism").at("pp").get<int>(), 2);
  QCOMPARE(sweepJson({"--layout", "held"}).dump(), j.dump());
}

void TstCliSweepCompare::bestFillsEverySize() {
  const json j = sweepJson({"--layout", "best"});
  QCOMPARE(QString::fromStdString(j.at("layout").get<std::string>()), QString("best"));
  for (const char* f : {"ib-ndr", "roce-400-tuned"})
    for (int g : {4, 8, 16, 32}) {
      const json& p = pointAt(j, f, g);
      QVERIFY2(p.at("feasible").get<bool>(), p.at("reasons").dump().c_str());
      const json& par = p.at("estimate").at("inputs").at("parallelism");
      const int used = par.at("tp").get<int>() * par.at("pp").get<int>() * par.at("cp").get<int>() * p.at("dp").get<int>();
      QCOMPARE(used, g);  // the point's own layout, DP included, fills its GPUs
    }
  // The best layout is at least as fast as the held one where the held one runs.
  const json held = sweepJson({});
  for (int g : {16, 32}) {
    const double b = pointAt(j, "ib-ndr", g).at("estimate").at("throughput").at("tokens_per_s").get<double>();
    const double h = pointAt(held, "ib-ndr", g).at("estimate").at("throughput").at("tokens_per_s").get<double>();
    QVERIFY2(b >= h, qPrintable(QString("%1 GPUs: best %2, held %3").arg(g).arg(b).arg(h)));
  }
}

void TstCliSweepCompare::bestListsConstrainTheSearch() {
  // A comma list constrains the search; the single --pp 2 only describes the held layout.
  const json j = sweepJson({"--layout", "best", "--tp", "2,4", "--zero", "1"});
  int seen = 0;
  for (const json& p : j.at("points")) {
    if (!p.at("feasible").get<bool>()) continue;
    const int tp = p.at("estimate").at("inputs").at("parallelism").at("tp").get<int>();
    QVERIFY(tp == 2 || tp == 4);
    ++seen;
  }
  QCOMPARE(seen, 8);
}

void TstCliSweepCompare::bestIsThePlannersPerPoint() {
  // Each size is planned once for every fabric (and per set of --vary values), yet every point
  // is what `plan --ranking optimistic` finds for that point alone (the comparison ranks by the
  // point estimate), whatever the number of threads.
  const QStringList args{"sweep", "--model", "llama-2-7b", "--gpu", "h100-sxm", "--gpus", "8,16,64", "--fabric",
                         "ib-ndr,roce-400-untuned", "--global-batch", "256", "--vary", "seq=2048,4096",
                         "--layout", "best", "--format", "json"};
  const Result one = runCli(args + QStringList{"--threads", "1"});
  const Result two = runCli(args + QStringList{"--threads", "2"});
  QCOMPARE(one.code, 0);
  QCOMPARE(two.code, 0);
  QVERIFY(one.out == two.out);
  const json j = json::parse(one.out);
  QCOMPARE(int(j.at("points").size()), 12);
  for (const json& p : j.at("points")) {
    QVERIFY2(p.at("feasible").get<bool>(), p.at("reasons").dump().c_str());
    const std::string seq = p.at("vary").at("seq").dump();
    const Result plan = runCli({"plan", "--model", "llama-2-7b", "--gpu", "h100-sxm", "--gpus",
                                QString::number(p.at("gpus").get<int>()), "--fabric",
                                QString::fromStdString(p.at("fabric").get<std::string>()), "--global-batch", "256",
                                "--seq", QString::fromStdString(seq), "--top", "1", "--ranking", "optimistic", "--format", "json"});
    QCOMPARE(plan.code, 0);
    const json planned = json::parse(plan.out);
    const json& want = planned.at("results").at(0);
    const json& par = p.at("estimate").at("inputs").at("parallelism");
    const json& tr = p.at("estimate").at("inputs").at("training");
    const json& l = want.at("layout");
    for (const char* k : {"tp", "pp", "cp", "ep", "vpp"}) QCOMPARE(par.at(k), l.at(k));
    QCOMPARE(par.at("sp"), l.at("sequence_parallel"));
    for (const char* k : {"micro_batch", "recompute", "zero", "tp_comm_overlap"}) QCOMPARE(tr.at(k), l.at(k));
    QCOMPARE(p.at("dp"), l.at("dp"));
    QCOMPARE(p.at("estimate").at("throughput").at("tokens_per_s").get<double>(),
             want.at("estimate").at("throughput").at("tokens_per_s").get<double>());
  }
  // --threads takes a whole number, 0 (every core) up to 4096.
  for (const char* bad : {"-1", "x", "5000"}) {
    const Result r = runCli(QStringList{"sweep", "--model", "llama-2-7b", "--gpus", "8", "--threads", bad});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.find("--threads: '") == 0, r.err.c_str());
  }
}

void TstCliSweepCompare::fabricGapKeys() {
  const json j = sweepJson({"--layout", "best"});
  const json& gaps = j.at("fabric_gap");
  QCOMPARE(int(gaps.size()), 4);  // one per size: tuned RoCE against IB
  for (const json& g : gaps) {
    for (const char* k : {"gpus", "vary", "reference_fabric", "fabric", "speedup", "class", "step_delta_s",
                          "exposed_delta_s", "compute_delta_s", "same_layout", "currency", "network_capex_delta",
                          "per_month_delta", "run_total_delta", "train_time_delta_s", "one_node", "one_leaf", "tiers",
                          "dominant_traffic", "verdict"})
      QVERIFY2(g.contains(k), k);
    QCOMPARE(g.at("reference_fabric").get<std::string>(), std::string("ib-ndr"));
    QCOMPARE(g.at("fabric").get<std::string>(), std::string("roce-400-tuned"));
    double traffic = 0;
    for (const char* t : {"dp", "ep", "cp", "pp", "tp"}) traffic += g.at("exposed_delta_s").at(t).get<double>();
    QVERIFY(std::abs(g.at("step_delta_s").get<double>() - traffic - g.at("compute_delta_s").get<double>()) < 1e-9);
    // The same delta by cause: bandwidth and interference by traffic, latency, the layout
    // change and the rest add up to it too.
    const json& c = g.at("by_cause_s");
    double parts = c.at("latency").at("per_message").get<double>() + c.at("latency").at("per_hop").get<double>() +
                   c.at("layout_change").at("s").get<double>() + c.at("other").get<double>();
    for (const char* t : {"dp", "ep", "cp", "pp", "tp"})
      parts += c.at("bandwidth").at(t).get<double>() + c.at("interference").at(t).get<double>();
    QVERIFY(std::abs(g.at("step_delta_s").get<double>() - parts) < 1e-9);
    QCOMPARE(c.at("layout_change").at("layouts_differ").get<bool>(), !g.at("same_layout").get<bool>());
    for (const char* k : {"reference_layout", "layout"})
      QVERIFY(c.at("layout_change").at(k).get<std::string>().rfind("TP ", 0) == 0);
    QVERIFY(g.at("dominant_cause").is_string());
    const int gpus = g.at("gpus").get<int>();
    const json& a = pointAt(j, "ib-ndr", gpus).at("estimate");
    const json& b = pointAt(j, "roce-400-tuned", gpus).at("estimate");
    QCOMPARE(g.at("per_month_delta").get<double>(),
             b.at("cost").at("per_month").get<double>() - a.at("cost").at("per_month").get<double>());
    QCOMPARE(g.at("speedup").get<double>(), a.at("throughput").at("tokens_per_s").get<double>() /
                                                 b.at("throughput").at("tokens_per_s").get<double>() - 1);
  }
  // 4 and 8 GPUs: one node; 16 and 32: two and four nodes under one leaf.
  QCOMPARE(gaps[0].at("one_node").get<bool>(), true);
  QCOMPARE(gaps[2].at("one_leaf").get<bool>(), true);
  QVERIFY(gaps[2].at("verdict").get<std::string>().rfind("Equal within 0.5% at 16 GPUs: the job fits under one leaf "
                                                         "switch, so ECMP has nothing to collide on; ", 0) == 0);
  // A single fabric: no gap.
  const Result r = runCli({"sweep", "--model", "llama-2-7b", "--gpus", "8,16", "--format", "json"});
  QCOMPARE(r.code, 0);
  QVERIFY(json::parse(r.out).at("fabric_gap").empty());
}

void TstCliSweepCompare::textHasVerdicts() {
  const Result r = runCli(kSweep + QStringList{"--layout", "best"});
  QCOMPARE(r.code, 0);
  QVERIFY2(r.out.find("layout: the planner's best per point") != std::string::npos, r.out.c_str());
  QVERIFY(r.out.find("\nAgainst ib-ndr\n") != std::string::npos);
  QVERIFY(r.out.find("  roce-400-tuned: Equal within 0.5% at 16 GPUs: the job fits under one leaf switch") !=
          std::string::npos);
}

void TstCliSweepCompare::badLayoutOptions_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("error");
  QTest::newRow("unknown layout") << QStringList{"--layout", "auto"} << "--layout: 'auto' is not one of: held, best";
  QTest::newRow("missing layout") << QStringList{"--layout"} << "--layout: missing value (held|best)";
  QTest::newRow("list without best") << QStringList{"--tp", "1,2"}
                                     << "--tp/--pp/...: a comma list searches layouts; add --layout best";
  QTest::newRow("vary a searched knob") << QStringList{"--layout", "best", "--vary", "pp=1,2"}
                                        << "--vary: 'pp' is searched by --layout best";
  QTest::newRow("bad list item") << QStringList{"--layout", "best", "--tp", "1,x"} << "--tp: ";
}

void TstCliSweepCompare::badLayoutOptions() {
  QFETCH(QStringList, args);
  QFETCH(QString, error);
  const Result r = runCli(QStringList{"sweep", "--model", "llama-2-7b", "--gpus", "8"} + args);
  QCOMPARE(r.code, 2);
  QVERIFY2(QString::fromStdString(r.err).contains(error), r.err.c_str());
}

void TstCliSweepCompare::estimateKeepsIbVsRoce() {
  // The estimate command computes the comparison once and its writers print it (contract).
  const Result r = runCli({"estimate", "--format", "json"});
  QCOMPARE(r.code, 0);
  const json v = json::parse(r.out).at("cost").at("ib_vs_roce");
  QCOMPARE(v.at("other_fabric").get<std::string>(), std::string("roce-200-tuned"));
  QCOMPARE(v.at("network_capex_delta").get<double>(), 36000.0);
  const Result csv = runCli({"estimate", "--format", "csv"});
  QVERIFY(csv.out.find("cost.ib_vs_roce.other_fabric") != std::string::npos);
}


// The CLI's sweep and core/plan's compare_fabrics (the comparison tab's, the report's and the
// slides') on the same inputs give the same points, below one node (where the NICs scale with
// the GPUs) as across many, held and best.
void TstCliSweepCompare::sameAsTheCoreSweep() {
  const QStringList words{"--model", "llama-2-7b", "--gpu", "h100-sxm", "--tp", "1", "--pp", "1",
                          "--global-batch", "256", "--tokens", "1e11"};
  std::vector<std::string> base_words;
  for (const QString& w : words) base_words.push_back(w.toStdString());
  const cp::cli::ParseResult parsed = cp::cli::parse_estimate_args(base_words);
  QVERIFY(parsed.ok());
  const cp::cli::BuildResult built = cp::cli::build_scenario(parsed.args);
  QVERIFY(built.problems.empty());
  const std::vector<int> sizes{1, 2, 4, 8, 16, 64};
  const std::vector<std::string> fabrics{"ib-ndr", "roce-400-untuned", "roce-400-tuned"};
  for (const char* layout : {"held", "best"}) {
    const Result r = runCli(QStringList{"sweep"} + words +
                            QStringList{"--gpus", "1,2,4,8,16,64", "--fabric", "ib-ndr,roce-400-untuned,roce-400-tuned",
                                        "--layout", layout, "--threads", "1", "--format", "json"});
    QCOMPARE(r.code, 0);
    const json j = json::parse(r.out);
    cp::Scenario base = built.scenario;
    base.cluster.fabric = *cp::find_fabric("ib-ndr");
    cp::ComparisonSpec spec;
    spec.sizes = sizes;
    spec.fabrics = fabrics;
    spec.layout = *cp::parse_sweep_layout(layout);
    const cp::ComparisonResult core = cp::compare_fabrics(base, spec);
    int compared = 0;
    for (std::size_t k = 0; k < fabrics.size(); ++k)
      for (std::size_t i = 0; i < sizes.size(); ++i) {
        const cp::ComparisonPoint& want = core.series[k].points[i];
        const json& got = pointAt(j, fabrics[k], sizes[i]);
        const QString at = QString("%1 %2 %3").arg(layout, fabrics[k].c_str()).arg(sizes[i]);
        QVERIFY2(got.at("feasible").get<bool>() == want.feasible, qPrintable(at));
        if (!want.feasible) continue;
        const json& e = got.at("estimate");
        QVERIFY2(e.at("throughput").at("tokens_per_s").get<double>() == want.estimate.throughput.tokens_per_s, qPrintable(at));
        QVERIFY2(e.at("time").at("step_s").get<double>() == want.estimate.step.step_s, qPrintable(at));
        QVERIFY2(e.at("inputs").at("cluster").at("nics_per_node").get<int>() == want.scenario.cluster.nics_per_node,
                 qPrintable(at));
        QVERIFY2(e.at("cost").at("per_month").get<double>() == want.estimate.cost.per_month, qPrintable(at));
        QVERIFY2(e.at("cost").at("network_capex").get<double>() == want.estimate.cost.network_capex, qPrintable(at));
        QVERIFY2(got.at("layout_text").get<std::string>() == cp::layout_text(want.scenario), qPrintable(at));
        ++compared;
      }
    QVERIFY(compared >= 12);
  }
}
// --vary runs the core sweep's axes (plan/sweep.h) on the options' rows: the CLI, with a preset
// word and a number, gives every point the core gives for the rows' values.
void TstCliSweepCompare::varyIsTheCoreAxis() {
  const QStringList words{"--model", "llama-2-7b", "--gpu", "h100-sxm", "--tp", "2", "--global-batch", "256",
                          "--tokens", "1e11"};
  const Result r = runCli(QStringList{"sweep"} + words +
                          QStringList{"--gpus", "4,16", "--fabric", "ib-ndr,roce-400-tuned", "--vary", "pue=air,1.1",
                                      "--vary", "micro-batch=1,2", "--format", "json"});
  QCOMPARE(r.code, 0);
  const json j = json::parse(r.out);
  std::vector<std::string> base_words;
  for (const QString& w : words) base_words.push_back(w.toStdString());
  const cp::cli::BuildResult built = cp::cli::build_scenario(cp::cli::parse_estimate_args(base_words).args);
  QVERIFY(built.problems.empty());
  cp::SweepSpec spec;
  spec.sizes = {4, 16};
  spec.fabrics = {"ib-ndr", "roce-400-tuned"};
  spec.vary = {{cp::find_field("assumptions.pue"), {1.5, 1.1}}, {cp::find_field("training.micro_batch"), {1, 2}}};
  std::vector<cp::SweepPoint> core;
  std::vector<cp::Problem> errors;
  QVERIFY(cp::for_each_sweep_point(built.scenario, spec, [&](cp::SweepPoint& p) { core.push_back(p); }, errors));
  const json& points = j.at("points");
  QCOMPARE(points.size(), core.size());
  QCOMPARE(core.size(), std::size_t(16));
  for (std::size_t i = 0; i < core.size(); ++i) {
    const json& got = points[i];
    const cp::SweepPoint& want = core[i];
    const QByteArray at = QByteArray::number(int(i));
    QVERIFY2(got.at("gpus").get<int>() == want.gpus && got.at("fabric").get<std::string>() == want.fabric, at);
    QVERIFY2(got.at("vary").at("pue") == (want.at[0] == 0 ? json("air") : json(1.1)), at);
    QVERIFY2(got.at("feasible").get<bool>() == want.feasible, at);
    QVERIFY2(got.at("global_batch").get<int>() == want.global_batch, at);
    if (!want.feasible) continue;
    const json& e = got.at("estimate");
    QVERIFY2(e.at("inputs").at("assumptions").at("pue").get<double>() == want.scenario.assumptions.pue, at);
    QVERIFY2(e.at("throughput").at("tokens_per_s").get<double>() == want.estimate.throughput.tokens_per_s, at);
    QVERIFY2(e.at("power").at("facility_w").get<double>() == want.estimate.power.facility_w, at);
    QVERIFY2(e.at("cost").at("per_month").get<double>() == want.estimate.cost.per_month, at);
  }
}

QTEST_APPLESS_MAIN(TstCliSweepCompare)
// `estimate --gpus N` and a sweep's point of N GPUs price the same cluster, below one node too:
// one server of N GPUs with its share of the NICs (4 of 8 GPUs: 4 NICs), whole nodes above.
void TstCliSweepCompare::partNodeIsTheEstimatesCluster() {
  const QStringList common{"--model", "llama-2-7b", "--tp", "1", "--pp", "1", "--global-batch", "64", "--format", "json"};
  const Result sweep = runCli(QStringList{"sweep", "--gpus", "2,4,16"} + common);
  QCOMPARE(sweep.code, 0);
  const json j = json::parse(sweep.out);
  for (const auto& [gpus, nics] : {std::pair{2, 2}, std::pair{4, 4}, std::pair{16, 8}}) {
    const Result one = runCli(QStringList{"estimate", "--gpus", QString::number(gpus)} + common);
    QCOMPARE(one.code, 0);
    const json e = json::parse(one.out);
    const json& p = pointAt(j, j.at("points").at(0).at("fabric").get<std::string>(), gpus).at("estimate");
    QCOMPARE(e.at("inputs").at("cluster").at("nics_per_node").get<int>(), nics);
    QCOMPARE(e.at("inputs").at("cluster").dump(), p.at("inputs").at("cluster").dump());
    QCOMPARE(e.at("cost").at("capex").get<double>(), p.at("cost").at("capex").get<double>());
    QCOMPARE(e.at("power").at("it_w").get<double>(), p.at("power").at("it_w").get<double>());
  }
  // A NIC count given is kept.
  const Result given = runCli(QStringList{"estimate", "--gpus", "4", "--nics-per-node", "8"} + common);
  QCOMPARE(json::parse(given.out).at("inputs").at("cluster").at("nics_per_node").get<int>(), 8);
}

#include "tst_cli_sweep_compare.moc"
