// The one sweep (core/plan/sweep.h): its order and count, axes as field-table rows (a plain
// input, an optional one, a preset's shape, a size), the weak-scaling reference, and the points
// it shares with compare_fabrics (the comparison tab's, the report's and the slides').
#include <QtTest>

#include <cmath>
#include <limits>

#include "engine/fields.h"
#include "common/llama7b_h100.h"
#include "plan/fabric_compare.h"
#include "plan/sweep.h"

using namespace cp;

namespace {

using test::llama7b_h100;

std::vector<SweepPoint> run(const Scenario& base, const SweepSpec& spec) {
  std::vector<SweepPoint> points;
  std::vector<Problem> errors;
  const bool ok = for_each_sweep_point(base, spec, [&](SweepPoint& p) { points.push_back(p); }, errors);
  if (!ok) qWarning("%s", errors.front().text().c_str());
  return points;
}

SweepAxis axis(const char* key, std::vector<double> values) { return SweepAxis{find_field(key), std::move(values)}; }

}  // namespace

class TstSweep : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void orderAndCount();
  void axesAreRows();
  void axesRefused();
  void weakReferenceIsTheFirstSizeThatRuns();
  void samePointsAsTheComparison();
};

void TstSweep::orderAndCount() {
  SweepSpec spec;
  spec.sizes = {8, 16, 32};
  spec.fabrics = {"ib-ndr", "roce-400-tuned"};
  spec.vary = {axis("training.micro_batch", {1, 2}), axis("assumptions.pue", {1.1, 1.3, 1.5})};
  const std::vector<SweepPoint> points = run(llama7b_h100(), spec);
  QCOMPARE(points.size(), std::size_t(36));
  // Fabric outermost, then the axes in order (the last fastest), then the GPU count.
  QCOMPARE(points[0].fabric, std::string("ib-ndr"));
  QCOMPARE(points[18].fabric, std::string("roce-400-tuned"));
  QCOMPARE(points[1].gpus, 16);
  QCOMPARE(points[3].at, (std::vector<std::size_t>{0, 1}));
  QCOMPARE(points[9].at, (std::vector<std::size_t>{1, 0}));
  QCOMPARE(points[9].scenario.training.micro_batch, 2);
  QCOMPARE(points[9].scenario.assumptions.pue, 1.1);
  // The base's own size and fabric are marked.
  QVERIFY(points[1].own_size && points[1].own_fabric);
  QVERIFY(!points[0].own_size && !points[19].own_fabric);
  for (const SweepPoint& p : points) QVERIFY2(p.feasible, p.problems.empty() ? "" : p.problems.front().text().c_str());
}

void TstSweep::axesAreRows() {
  SweepSpec spec;
  spec.sizes = {16};
  // PUE scales the facility's draw and nothing of the step: the same step time, and the
  // facility power in proportion (power.h: facility = IT x PUE).
  spec.vary = {axis("assumptions.pue", {1.1, 1.5})};
  std::vector<SweepPoint> p = run(llama7b_h100(), spec);
  QCOMPARE(p.size(), std::size_t(2));
  QCOMPARE(p[0].estimate.step.step_s, p[1].estimate.step.step_s);
  QCOMPARE(p[1].estimate.power.facility_w / p[0].estimate.power.facility_w, 1.5 / 1.1);
  // An optional input: NaN is its built-in rule, a number sets it.
  spec.vary = {axis("assumptions.switch_w", {std::numeric_limits<double>::quiet_NaN(), 2000})};
  p = run(llama7b_h100(), spec);
  QVERIFY(!p[0].scenario.assumptions.switch_w);
  QCOMPARE(*p[1].scenario.assumptions.switch_w, 2000.0);
  // A preset's shape edited is no longer that preset; a size derives the model.
  spec.vary = {axis("model.layers", {32, 40})};
  p = run(llama7b_h100(), spec);
  QCOMPARE(p[0].scenario.model_id, std::string("llama-2-7b"));
  QCOMPARE(p[1].scenario.model_id, std::string("custom"));
  QCOMPARE(p[1].scenario.model.layers, 40);
  spec.vary = {axis("model.size", {13, 0.001})};
  p = run(llama7b_h100(), spec);
  QCOMPARE(p[0].scenario.model_id, std::string("derived:13B"));
  const double params = count_params(p[0].scenario.model).total;
  QVERIFY2(params > 12e9 && params < 14e9, QByteArray::number(params));
  QVERIFY(!p[1].feasible);
  QCOMPARE(p[1].problems.front().field, std::string("model.size"));
  // A value outside the row's bounds is the point's problem, never stored (1e12 layers is no int).
  spec.vary = {axis("model.layers", {1e12, std::numeric_limits<double>::quiet_NaN(), 40})};
  p = run(llama7b_h100(), spec);
  QCOMPARE(p.size(), std::size_t(3));
  QVERIFY(!p[0].feasible && !p[1].feasible && p[2].feasible);
  QCOMPARE(QString::fromStdString(p[0].problems.front().text()),
           QStringLiteral("model.layers: must be from 1 to 10000, got 1000000000000"));
}

void TstSweep::axesRefused() {
  for (const char* key : {"parallelism.dp", "cluster.nodes", "name", "cluster.gpu", "training.precision"}) {
    const FieldInfo* row = find_field(key);
    QVERIFY2(row && axis_refusal(*row), key);
  }
  SweepSpec spec;
  spec.vary = {axis("cluster.nodes", {1, 2})};
  std::vector<Problem> errors;
  QVERIFY(!for_each_sweep_point(llama7b_h100(), spec, [](SweepPoint&) {}, errors));
  QCOMPARE(errors.front().field, std::string("cluster.nodes"));
  spec.vary.clear();
  spec.fabrics = {"no-such-fabric"};
  errors.clear();
  QVERIFY(!for_each_sweep_point(llama7b_h100(), spec, [](SweepPoint&) {}, errors));
  QCOMPARE(errors.front().field, std::string("cluster.fabric"));
}

// TP 8 cannot run on 4 GPUs, so weak scaling holds the batch of 16 GPUs, the first size that
// runs: 512 there, 1,024 at 32; the 4-GPU point says why it cannot run (DP), not the batch.
void TstSweep::weakReferenceIsTheFirstSizeThatRuns() {
  const Scenario base = llama7b_h100();
  QCOMPARE(weak_reference(base, SweepLayout::Held, {4, 12, 16, 32}), 16);
  QCOMPARE(weak_reference(base, SweepLayout::Best, {4, 12, 16, 32}), 4);
  SweepSpec spec;
  spec.sizes = {4, 16, 32};
  spec.scaling = SweepScaling::Weak;
  const std::vector<SweepPoint> p = run(base, spec);
  QVERIFY(!p[0].feasible);
  QCOMPARE(p[0].problems.front().field.rfind("parallelism", 0), std::size_t(0));
  QCOMPARE(p[1].global_batch, 512);
  QCOMPARE(p[2].global_batch, 1024);
  QVERIFY(p[1].feasible && p[2].feasible);
}

// compare_fabrics builds its points with the same sweep_scenario: with no axis, the sweep's
// points are the comparison's, held and best, below one node (the NICs in proportion) as above.
void TstSweep::samePointsAsTheComparison() {
  Scenario base = llama7b_h100(1);
  const std::vector<int> sizes{1, 2, 8, 16, 64};
  const std::vector<std::string> fabrics{"ib-ndr", "roce-400-untuned", "roce-400-tuned"};
  for (SweepLayout layout : {SweepLayout::Held, SweepLayout::Best})
    for (SweepScaling scaling : {SweepScaling::Strong, SweepScaling::Weak}) {
      ComparisonSpec c;
      c.sizes = sizes;
      c.fabrics = fabrics;
      c.layout = layout;
      c.scaling = scaling;
      const ComparisonResult want = compare_fabrics(base, c);
      SweepSpec spec;
      spec.sizes = sizes;
      spec.fabrics = fabrics;
      spec.layout = layout;
      spec.scaling = scaling;
      const std::vector<SweepPoint> got = run(base, spec);
      QCOMPARE(got.size(), sizes.size() * fabrics.size());
      int compared = 0;
      for (std::size_t k = 0; k < fabrics.size(); ++k)
        for (std::size_t i = 0; i < sizes.size(); ++i) {
          const ComparisonPoint& w = want.series[k].points[i];
          const SweepPoint& g = got[k * sizes.size() + i];
          const QByteArray at = QByteArray(fabrics[k].c_str()) + " " + QByteArray::number(sizes[i]) + " " +
                                QByteArray(to_string(layout).data());
          QVERIFY2(g.fabric == fabrics[k] && g.gpus == sizes[i], at);
          QVERIFY2(g.feasible == w.feasible, at);
          if (!w.feasible) continue;
          QVERIFY2(g.estimate.throughput.tokens_per_s == w.estimate.throughput.tokens_per_s, at);
          QVERIFY2(g.estimate.cost.per_month == w.estimate.cost.per_month, at);
          QVERIFY2(g.scenario.cluster.nics_per_node == w.scenario.cluster.nics_per_node, at);
          QVERIFY2(g.scenario.training.global_batch == w.scenario.training.global_batch, at);
          QVERIFY2(layout_text(g.scenario) == layout_text(w.scenario), at);
          ++compared;
        }
      // Below 8 GPUs the held TP 1 does not fit (weights, gradients and Adam's states of 7B).
      QVERIFY2(compared >= 9, QByteArray::number(compared));
    }
}

QTEST_APPLESS_MAIN(TstSweep)
#include "tst_sweep.moc"
