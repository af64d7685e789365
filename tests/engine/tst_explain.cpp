// "Why this number": every headline figure is recomputed here from its explanation's own
// inputs, with the formula the explanation states, and must equal the figure the GUI shows
// (the Estimate's field). Rows cover the default scenario (LLaMA-65B, TP 8 x PP 4 on 32x A100
// 80GB, HDR IB, rent) and variants that exercise the other branches (purchase with
// electricity and VAT, a site calibration factor, a memory overflow).
#include <QtTest>

#include <cmath>

#include "engine/estimate.h"
#include "engine/explain.h"
#include "engine/validate.h"

using namespace cp;
Q_DECLARE_METATYPE(cp::Scenario)

namespace {

double recompute(const Explanation& x) {
  auto v = [&x](const char* key) {
    const double value = x.input(key);
    if (std::isnan(value)) qFatal("explanation of %s lacks input %s", std::string(figure_id(x.figure)).c_str(), key);
    return value;
  };
  switch (x.figure) {
    case Figure::MemoryPerGpu:
      return v("weights") + v("gradients") + v("optimizer") + v("activations") + v("loss_logits") +
             v("zero3_working") + v("comm_buffers") + v("fp8_weight_copies") + v("tp_overlap_buffers") +
             v("cp_ring_buffers") + v("workspaces") + v("framework") + v("fragmentation");
    case Figure::Headroom: return v("capacity") - v("memory");
    case Figure::StepTime:
      return (v("compute_s") + v("tp_s") + v("pp_s") + v("dp_s") + v("ep_s") + v("cp_s") + v("bubble_s") +
              v("optimizer_s")) *
             v("calibration");
    case Figure::TokensPerS: return v("global_batch") * v("seq") / v("step_s");
    case Figure::Mfu: return v("model_flops") / (v("step_s") * v("gpus") * v("peak"));
    case Figure::TrainTime:
      return v("goodput") > 0 && v("tokens") > 0 ? v("tokens") / v("tokens_per_s") / v("goodput") : 0.0;
    case Figure::ItPower:
      return v("nodes") * (v("gpus_per_node") * v("tdp_w") * v("power_factor") + v("node_overhead_w")) +
             v("switches_w") + v("optics_w") + v("storage_w");
    case Figure::FacilityPower: return v("it_w") * v("pue");
    case Figure::CostPerMonth:
      return (v("hardware") + v("network_storage") + v("capital") + v("support") + v("facility") + v("bandwidth") +
              v("storage") + v("services") + v("electricity")) *
             (1 + v("vat"));
    case Figure::CostPerRun: return v("months") * v("per_month");
  }
  return NAN;
}

// The figure as the Estimate holds it (what the tiles show).
double shown(Figure f, const Estimate& e) {
  switch (f) {
    case Figure::MemoryPerGpu: return e.memory.peak.total();
    case Figure::Headroom: return e.memory.headroom();
    case Figure::StepTime: return e.step.step_s;
    case Figure::TokensPerS: return e.throughput.tokens_per_s;
    case Figure::Mfu: return e.throughput.mfu;
    case Figure::TrainTime: return e.reliability.real_train_time_s;
    case Figure::ItPower: return e.power.it_w;
    case Figure::FacilityPower: return e.power.facility_w;
    case Figure::CostPerMonth: return e.cost.per_month;
    case Figure::CostPerRun: return e.cost.run_total;
  }
  return NAN;
}

bool close(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}); }

}  // namespace

class TstExplain : public QObject {
  Q_OBJECT
 private slots:
  void recomputed_data();
  void recomputed();
  void everyInputHasAUnitOrIsANumber();
  void breakdownsSumToTheirFigure_data();
  void breakdownsSumToTheirFigure();
  void comparisonFigures();
};

void TstExplain::recomputed_data() {
  QTest::addColumn<Scenario>("scenario");
  QTest::newRow("default: LLaMA-65B, 32x A100, HDR IB, rent") << default_scenario();
  Scenario purchase = default_scenario();
  purchase.assumptions.payment = Payment::Purchase;  // electricity and amortisation
  purchase.assumptions.vat = 0.13;
  QTest::newRow("purchase with 13% VAT") << purchase;
  Scenario calibrated = default_scenario();
  calibrated.calibration.step_time_factor = 1.2;  // a measured step 20% slower
  QTest::newRow("site calibration x1.2") << calibrated;
  Scenario overflow = default_scenario();
  overflow.parallel.tp = 2;  // TP 2 x PP 4 x DP 4: 65B / 8 per GPU does not fit in 80 GB
  overflow.parallel.dp = 4;
  QTest::newRow("does not fit: negative headroom") << overflow;
  Scenario noBudget = default_scenario();
  noBudget.training.tokens = 0;  // no token budget: no time to train, no run cost
  QTest::newRow("no token budget") << noBudget;
}

void TstExplain::recomputed() {
  QFETCH(Scenario, scenario);
  const auto problems = validate(scenario);
  QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().text().c_str());
  const Estimate e = estimate(scenario);
  for (Figure f : kFigures) {
    const Explanation x = explain(f, scenario, e);
    QVERIFY2(!x.formula.empty() && !x.source.empty() && !x.title.empty(), figure_id(f).data());
    QVERIFY2(close(x.value, shown(f, e)), figure_id(f).data());
    QVERIFY2(close(recompute(x), x.value),
             qPrintable(QStringLiteral("%1: recomputed %2, shown %3")
                            .arg(QString::fromUtf8(figure_id(f).data()))
                            .arg(recompute(x), 0, 'g', 17)
                            .arg(x.value, 0, 'g', 17)));
  }
}

void TstExplain::everyInputHasAUnitOrIsANumber() {
  const Scenario s = default_scenario();
  const Estimate e = estimate(s);
  for (Figure f : kFigures) {
    const Explanation x = explain(f, s, e);
    QVERIFY(!x.inputs.empty());
    for (const ExplainInput& i : x.inputs) {
      QVERIFY(!i.key.empty());
      QVERIFY(!i.name.empty());
      QVERIFY(std::isfinite(i.value));
    }
  }
}

void TstExplain::breakdownsSumToTheirFigure_data() { recomputed_data(); }

void TstExplain::breakdownsSumToTheirFigure() {
  QFETCH(Scenario, scenario);
  const Estimate e = estimate(scenario);
  double step = 0, power = 0, cost = 0;
  for (double v : step_breakdown(e)) step += v;
  for (double v : power_breakdown(scenario, e)) power += v;
  for (double v : cost_breakdown(e)) cost += v;
  QVERIFY(close(step, e.step.step_s));
  QVERIFY(close(power, e.power.facility_w));
  QVERIFY(close(cost, e.cost.budget_per_month));
}

void TstExplain::comparisonFigures() {
  // 100 tokens/s on 8 GPUs = 12.5 per GPU; 180 on 16 = 11.25 per GPU: 11.25 / 12.5 = 0.9.
  QCOMPARE(scaling_efficiency(180, 16, 100, 8), 0.9);
  // 120 / 100 - 1 = 0.2: the first is 20% faster.
  QVERIFY(close(speedup(120, 100), 0.2));
  QVERIFY(std::isnan(speedup(1, 0)));
  QVERIFY(std::isnan(scaling_efficiency(1, 8, 0, 8)));
}

QTEST_APPLESS_MAIN(TstExplain)
#include "tst_explain.moc"
