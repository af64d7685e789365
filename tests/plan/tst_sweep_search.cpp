// The fabric sweep's one search (plan/fabric_compare.h, best_layouts) against the planner run
// point by point (best_layout, the way every point was planned before): on a grid of models
// (dense MHA and GQA, GELU with biases, MoE, MLA), GPUs (A100, H100, H200, B200, L40S without
// NVLink, MI300X), fabrics (InfiniBand and RoCE, stock, tuned and hyperscale) and cluster sizes
// (1 GPU to 2,048), under strong and weak scaling, with and without a token budget, with search
// spaces and limits, a site calibration, the PyTorch and DeepSpeed stacks. Every point must give
// the same answer: found or not, the same layout (ties broken alike), the same scenario and
// estimate to the bit, the same reason when nothing is feasible. Also the step floor the search
// prunes by, against the estimate of every layout of a few searches, and compare_fabrics against
// the same points.
#include <QtTest>

#include <bit>
#include <cstring>

#include "engine/estimate.h"
#include "engine/throughput.h"
#include "plan/fabric_compare.h"
#include "plan/thread_pool.h"

using namespace cp;

namespace {

Scenario make(const char* model, const char* gpu, int seq, int global_batch) {
  Scenario s = default_scenario();
  s.model_id = model;
  s.model = find_model_preset(model)->shape;
  s.training.seq = seq;
  s.training.global_batch = global_batch;
  s.training.tokens = 0;
  s.cluster.gpu = *find_gpu(gpu);
  return s;
}

bool same_bits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

bool same_layout(const PlanLayout& a, const PlanLayout& b) {
  return !key_less(a, b) && !key_less(b, a) && a.dp == b.dp && a.job_gpus == b.job_gpus;
}

// Every figure the estimate's consumers read, to the bit.
QString differs(const Estimate& a, const Estimate& b) {
  const std::pair<const char*, std::pair<double, double>> figures[] = {
      {"step_s", {a.step.step_s, b.step.step_s}},
      {"tokens_per_s", {a.throughput.tokens_per_s, b.throughput.tokens_per_s}},
      {"mfu", {a.throughput.mfu, b.throughput.mfu}},
      {"memory", {a.memory.peak.total(), b.memory.peak.total()}},
      {"exposed", {a.step.exposed.total(), b.step.exposed.total()}},
      {"compute", {a.step.compute_s, b.step.compute_s}},
      {"run_total", {a.cost.run_total, b.cost.run_total}},
      {"per_month", {a.cost.per_month, b.cost.per_month}},
      {"real_train_time", {a.reliability.real_train_time_s, b.reliability.real_train_time_s}},
      {"facility_peak_w", {a.power.facility_peak_w, b.power.facility_peak_w}},
  };
  for (const auto& [name, v] : figures)
    if (!same_bits(v.first, v.second)) return QString("%1: %2 against %3").arg(name).arg(v.first, 0, 'g', 17).arg(v.second, 0, 'g', 17);
  if (a.warnings.count != b.warnings.count) return "warnings";
  return {};
}

// The points of one comparison: each size on each fabric (held_scenario, weak scaling applied).
std::vector<std::vector<Scenario>> groups_of(const Scenario& base, const std::vector<std::string>& fabrics,
                                             const std::vector<int>& sizes, bool weak) {
  std::vector<std::vector<Scenario>> groups;
  for (int gpus : sizes) {
    std::vector<Scenario> g;
    for (const std::string& id : fabrics) {
      Scenario s = held_scenario(base, *find_fabric(id), gpus);
      if (weak) s.training.global_batch = base.training.global_batch * gpus / sizes.front();
      g.push_back(s);
    }
    groups.push_back(g);
  }
  return groups;
}

struct Case {
  QString name;
  Scenario base;
  std::vector<std::string> fabrics;
  std::vector<int> sizes;
  SearchSpace space;
  bool weak = false;
};

}  // namespace

class TstSweepSearch : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void sameAsPlanningEachPoint_data();
  void sameAsPlanningEachPoint();
  void otherObjectivesPlanEachPoint();
  void floorNeverAboveTheStep();
  void compareFabricsUsesTheSearch();
  void cancelStopsTheSearch();
  void repricingIsReplanning();

 private:
  const std::vector<Case>* cases_ = nullptr;
};

void TstSweepSearch::sameAsPlanningEachPoint_data() {
  QTest::addColumn<int>("index");
  std::vector<Case> cases;
  auto add = [&](Case c) { cases.push_back(std::move(c)); };
  const std::vector<std::string> ndr{"ib-ndr", "roce-400-untuned", "roce-400-tuned"};
  const std::vector<std::string> hdr{"ib-hdr", "roce-200-untuned", "roce-200-tuned"};
  {
    Case c{"llama-2-7b a100 hdr, 1 to 512 GPUs", make("llama-2-7b", "a100-80gb-sxm", 4096, 512), hdr,
           {1, 2, 4, 8, 16, 64, 512}, {}};
    add(c);
  }
  {
    Case c{"llama-3-8b h100 ndr, weak scaling, token budget", make("llama-3-8b", "h100-sxm", 8192, 128), ndr,
           {8, 16, 32, 128}, {}};
    c.base.training.tokens = 1e12;
    c.weak = true;
    add(c);
  }
  {
    Case c{"llama-2-13b h200 hyperscale and 800G", make("llama-2-13b", "h200-sxm", 4096, 1024),
           {"roce-400-hyperscale", "ib-xdr", "roce-800-untuned", "roce-800-tuned"}, {16, 64, 256, 2048}, {}};
    add(c);
  }
  {
    // GELU with biases, too big for the smallest sizes: nothing feasible there (the binding
    // reason must be the planner's, word for word).
    Case c{"gpt3-175b a100 hdr, Calculon's knobs", make("gpt3-175b", "a100-80gb-sxm", 2048, 1536), hdr,
           {8, 32, 64, 128, 1024}, {}};
    c.space.cp = {1};
    c.space.vpp = {1, 2, 4, 8};
    c.space.zero = {Zero::Stage0, Zero::Stage1};
    add(c);
  }
  {
    Case c{"llama-3-70b h100 ndr, TP and ZeRO lists, token budget", make("llama-3-70b", "h100-sxm", 8192, 1024), ndr,
           {64, 256, 1024}, {}};
    c.space.tp = {2, 4, 8};
    c.space.zero = {Zero::Stage1, Zero::Stage3, Zero::DistributedOptimizer};
    c.space.recompute = {Recompute::Selective, Recompute::Full};
    c.base.training.tokens = 1.5e13;
    add(c);
  }
  {
    Case c{"mixtral-8x7b h100, EP and expert overlap", make("mixtral-8x7b", "h100-sxm", 4096, 512), ndr,
           {8, 32, 128}, {}};
    c.base.training.ep_comm_overlap = true;
    c.space.vpp = {1, 2};
    c.space.cp = {1, 2};
    add(c);
  }
  {
    Case c{"deepseek-v3 (MLA, MoE) h200, node-limited fp8 dispatch", make("deepseek-v3", "h200-sxm", 4096, 1024),
           {"ib-ndr", "roce-400-tuned"}, {256, 1024}, {}};
    c.base.training.moe_dispatch = MoeDispatch::Fp8;
    c.base.training.moe_max_nodes = 4;
    c.base.training.precision = Precision::Fp8;
    c.space.tp = {1, 2, 4, 8};
    c.space.pp = {8, 16};
    c.space.vpp = {1};
    c.space.cp = {1};
    c.space.micro_batch = {1, 2};
    add(c);
  }
  {
    Case c{"megatron-1.7b l40s (no NVLink), pytorch eager, oversubscribed", make("megatron-1.7b", "l40s", 2048, 256),
           {"roce-100-untuned", "roce-100-tuned", "ib-hdr"}, {2, 8, 32, 128}, {}};
    c.base.training.stack = SoftwareStack::PyTorchEager;
    c.base.cluster.oversubscription = 3;
    c.base.cluster.nics_per_node = 2;
    add(c);
  }
  {
    Case c{"llama-2-70b mi300x, deepspeed, no fusion, calibrated site", make("llama-2-70b", "mi300x", 4096, 512),
           {"roce-400-untuned", "ib-ndr"}, {8, 16, 64}, {}};
    c.base.training.stack = SoftwareStack::MegatronDeepSpeed;
    c.base.training.grad_accum_fusion = false;
    c.base.calibration.step_time_factor = 1.13;
    c.space.cp = {1, 2};
    add(c);
  }
  {
    // Some sizes meet the limits, some miss the deadline or the power limit: the binding reason
    // there is the planner's.
    Case c{"llama-3-8b h100, deadline, power limit, spares, uneven chunks, TP across nodes",
           make("llama-3-8b", "h100-sxm", 8192, 256), {"ib-ndr", "roce-400-tuned"}, {24, 40, 72, 136}, {}};
    c.base.training.tokens = 2e12;
    c.space.spare_nodes = 1;
    c.space.even_chunks_only = false;
    c.space.tp_across_nodes = true;
    c.space.deadline_s = 120 * 86400.0;
    c.space.max_power_kw = 150;
    c.space.pp = {1, 2, 3, 4};
    c.space.vpp = {1, 2, 3};
    add(c);
  }
  {
    Case c{"llama-65b a100, a budget limit", make("llama-65b", "a100-80gb-sxm", 2048, 2048), hdr, {64, 128, 512}, {}};
    c.base.training.tokens = 1.4e12;
    c.space.max_budget_per_month = 1e6;
    c.space.cp = {1};
    c.space.vpp = {1, 5};
    add(c);
  }
  static std::vector<Case> kept;
  kept = cases;
  for (std::size_t i = 0; i < kept.size(); ++i) QTest::newRow(qPrintable(kept[i].name)) << int(i);
  // The rows read `kept` through the index.
  cases_ = &kept;
}

void TstSweepSearch::sameAsPlanningEachPoint() {
  QFETCH(int, index);
  const Case& c = cases_->at(std::size_t(index));
  const auto groups = groups_of(c.base, c.fabrics, c.sizes, c.weak);
  SweepSearchStats stats;
  SweepSearchOptions o;
  o.threads = 2;
  const auto found = best_layouts(groups, c.space, Objective::Throughput, o, &stats);
  QCOMPARE(found.size(), groups.size());
  int feasible = 0;
  for (std::size_t g = 0; g < groups.size(); ++g)
    for (std::size_t i = 0; i < groups[g].size(); ++i) {
      const Scenario& at = groups[g][i];
      const BestLayout want = best_layout(at, c.space, Objective::Throughput, 1);
      const BestLayout& got = found[g][i];
      const QString where = QString("%1 GPUs on %2").arg(at.cluster.total_gpus()).arg(QString::fromStdString(c.fabrics[i]));
      QVERIFY2(got.found == want.found, qPrintable(where));
      QCOMPARE(QString::fromStdString(got.why), QString::fromStdString(want.why));
      QCOMPARE(QString::fromStdString(got.problem.text()), QString::fromStdString(want.problem.text()));
      if (!want.found) continue;
      ++feasible;
      QVERIFY2(same_layout(got.layout, want.layout),
               qPrintable(where + ": " + QString::fromStdString(layout_text(got.layout)) + " against " +
                          QString::fromStdString(layout_text(want.layout))));
      const QString d = differs(got.estimate, want.estimate);
      QVERIFY2(d.isEmpty(), qPrintable(where + ": " + d));
      QCOMPARE(got.scenario.parallel.tp, want.scenario.parallel.tp);
      QCOMPARE(got.scenario.training.micro_batch, want.scenario.training.micro_batch);
      QCOMPARE(QString::fromStdString(got.scenario.cluster.fabric.id), QString::fromStdString(want.scenario.cluster.fabric.id));
      QCOMPARE(got.scenario.cluster.nodes, want.scenario.cluster.nodes);
      QCOMPARE(got.scenario.training.global_batch, want.scenario.training.global_batch);
    }
  QVERIFY2(feasible > 0, "every case has feasible points");
  // The search estimated far fewer layouts than there are.
  QVERIFY(stats.estimated < stats.layouts);
  qInfo("%s: %lld layouts, %lld floored, %lld fitted, %lld stepped, %lld estimated, %lld points re-planned",
        qPrintable(c.name), stats.layouts, stats.floored, stats.fitted, stats.stepped, stats.estimated, stats.replanned);
}

void TstSweepSearch::otherObjectivesPlanEachPoint() {
  Scenario base = make("llama-2-7b", "h100-sxm", 4096, 256);
  base.training.tokens = 2e11;
  SearchSpace space;
  space.cp = {1};
  space.vpp = {1};
  const auto groups = groups_of(base, {"ib-ndr", "roce-400-untuned"}, {8, 32}, false);
  for (Objective obj : {Objective::Time, Objective::Cost, Objective::CostPerToken}) {
    SweepSearchStats stats;
    const auto found = best_layouts(groups, space, obj, {}, &stats);
    QCOMPARE(stats.replanned, 4LL);
    for (std::size_t g = 0; g < groups.size(); ++g)
      for (std::size_t i = 0; i < groups[g].size(); ++i) {
        const BestLayout want = best_layout(groups[g][i], space, obj, 1);
        QVERIFY(found[g][i].found && want.found);
        QVERIFY(same_layout(found[g][i].layout, want.layout));
      }
  }
}

void TstSweepSearch::floorNeverAboveTheStep() {
  // Every layout of a few searches: the floor of step_floor_s is at or below the modelled step,
  // whatever the fabric.
  struct Probe {
    Scenario s;
    std::vector<std::string> fabrics;
  };
  std::vector<Probe> probes;
  probes.push_back({make("llama-3-70b", "h100-sxm", 8192, 1024), {"ib-ndr", "roce-400-untuned"}});
  probes.push_back({make("mixtral-8x7b", "a100-80gb-sxm", 4096, 256), {"ib-hdr", "roce-200-untuned"}});
  probes.back().s.training.ep_comm_overlap = true;
  probes.push_back({make("deepseek-v3", "h200-sxm", 4096, 512), {"roce-400-tuned"}});
  probes.push_back({make("llama-2-7b", "l40s", 2048, 128), {"roce-100-untuned"}});
  probes.back().s.training.stack = SoftwareStack::PyTorchEager;
  probes.back().s.training.zero = Zero::Stage3;
  probes.push_back({make("megatron-18.4b", "a100-80gb-sxm", 2048, 512), {"ib-hdr"}});
  probes.back().s.training.stack = SoftwareStack::MegatronDeepSpeed;
  probes.back().s.training.grad_accum_fusion = false;
  long long checked = 0;
  for (const Probe& p : probes)
    for (const std::string& f : p.fabrics)
      for (int nodes : {1, 4, 32}) {
        Scenario s = p.s;
        s.cluster.fabric = *find_fabric(f);
        s.cluster.nodes = nodes;
        const ParamCounts pc = count_params(s.model);
        for (int tp : {1, 2, 4, 8})
          for (int pp : {1, 2, 3, 4, 8})
            for (int cp : {1, 2})
              for (int ep : {1, 2, 8})
                for (int vpp : {1, 2})
                  for (int mb : {1, 2, 4})
                    for (Recompute rc : {Recompute::None, Recompute::Selective, Recompute::Full})
                      for (Zero z : {Zero::Stage0, Zero::Stage1, Zero::Stage2, Zero::Stage3, Zero::DistributedOptimizer})
                        for (int sp : {0, 1})
                          for (int tpo : {0, 1}) {
                            s.parallel = Parallelism{tp, pp, vpp, 0, cp, ep, sp != 0};
                            s.training.micro_batch = mb;
                            s.training.recompute = rc;
                            s.training.zero = z;
                            s.training.tp_comm_overlap = tpo != 0;
                            if (!validate(s).empty()) continue;
                            const Estimate e = estimate(s);
                            const StepWork w = step_work(s);
                            const double floor =
                                step_floor_s(e.microbatches, pp, vpp, stage_floors(s, w).with_tp(tp_layer_floor_s(s, w)),
                                             optimizer_floors(s, pc, e.dp).at(e.microbatches));
                            QVERIFY2(floor <= e.step.modelled_step_s,
                                     qPrintable(QString("%1 on %2: floor %3 above the step %4")
                                                    .arg(QString::fromStdString(s.model_id), QString::fromStdString(f))
                                                    .arg(floor, 0, 'g', 17)
                                                    .arg(e.step.modelled_step_s, 0, 'g', 17)));
                            QVERIFY(memory_floor_bytes(s, pc, e.dp) * (1 - 1e-9) <= e.memory.peak.total());
                            // The step from the same layer work is the estimate's, to the bit.
                            const StepBreakdown st = estimate_step(s, pc, e.dp, e.network, w);
                            QVERIFY(same_bits(st.step_s, e.step.step_s));
                            ++checked;
                          }
      }
  QVERIFY(checked > 10000);
  qInfo("%lld layouts checked", checked);
}

void TstSweepSearch::compareFabricsUsesTheSearch() {
  // compare_fabrics under Best gives, point by point, what best_layouts gives, with the layout
  // kept; its partial results start from the held layout and end at the search's.
  Scenario base = make("llama-2-7b", "h100-sxm", 4096, 512);
  base.parallel = Parallelism{8, 1, 1, 0, 1, 1, true};
  ComparisonSpec spec;
  spec.sizes = {8, 16, 64};
  spec.fabrics = {"ib-ndr", "roce-400-untuned"};
  spec.layout = SweepLayout::Best;
  spec.threads = 2;
  std::vector<ComparisonResult> partials;
  const ComparisonResult r =
      compare_fabrics(base, spec, {}, [&partials](const ComparisonResult& p) { partials.push_back(p); });
  QCOMPARE(int(partials.size()), 1 + int(spec.sizes.size()));
  for (const ComparisonSeries& s : partials.front().series)
    for (const ComparisonPoint& p : s.points) {
      QVERIFY(p.provisional);
      QCOMPARE(p.scenario.parallel.tp, 8);  // the held layout
    }
  const auto groups = groups_of(base, spec.fabrics, spec.sizes, false);
  const auto found = best_layouts(groups, spec.space, Objective::Throughput);
  for (std::size_t k = 0; k < spec.fabrics.size(); ++k)
    for (std::size_t i = 0; i < spec.sizes.size(); ++i) {
      const ComparisonPoint& p = r.series[k].points[i];
      const ComparisonPoint& last = partials.back().series[k].points[i];
      QVERIFY(p.feasible && !p.provisional && !last.provisional);
      QVERIFY(p.layout && same_layout(*p.layout, found[i][k].layout));
      QVERIFY(differs(p.estimate, found[i][k].estimate).isEmpty());
      QVERIFY(differs(last.estimate, p.estimate).isEmpty());
    }
  QCOMPARE(r.gaps.size(), partials.back().gaps.size());
}

void TstSweepSearch::cancelStopsTheSearch() {
  const Scenario base = make("llama-3-70b", "h100-sxm", 8192, 1024);
  const auto groups = groups_of(base, {"ib-ndr", "roce-400-untuned"}, {64, 128, 256, 512}, false);
  std::atomic<bool> cancel{true};
  SweepSearchOptions o;
  o.cancel = &cancel;
  SweepSearchStats stats;
  best_layouts(groups, {}, Objective::Throughput, o, &stats);
  QVERIFY(stats.cancelled);
  QCOMPARE(stats.estimated, 0LL);
  // Through compare_fabrics: progress() saying stop after the first size.
  ComparisonSpec spec;
  spec.sizes = {64, 128, 256, 512};
  spec.fabrics = {"ib-ndr", "roce-400-untuned"};
  spec.layout = SweepLayout::Best;
  int calls = 0;
  const ComparisonResult r = compare_fabrics(base, spec, [&calls](int, int) { return ++calls < 1; });
  QVERIFY(r.canceled);
  QCOMPARE(calls, 1);
}

void TstSweepSearch::repricingIsReplanning() {
  // After an edit that cannot change a layout (prices, the way to pay, power and cooling, the
  // scenario's own fabric among those compared), re-estimating the planned layouts gives what
  // planning again gives: every point, its layout, its figures, the gaps.
  Scenario base = make("llama-2-13b", "a100-80gb-sxm", 4096, 512);
  base.training.tokens = 3e11;
  base.cluster.fabric = *find_fabric("roce-200-untuned");
  ComparisonSpec spec;
  spec.sizes = {4, 8, 16, 128, 1024};
  spec.layout = SweepLayout::Best;
  spec.scaling = SweepScaling::Weak;
  const ComparisonResult planned = compare_fabrics(base, spec);
  std::vector<Scenario> edits;
  edits.push_back(base);
  edits.back().assumptions.vat = 0.13;
  edits.back().assumptions.currency = Currency::Usd;
  edits.push_back(base);
  edits.back().assumptions.payment = Payment::Purchase;
  edits.back().assumptions.pue = 1.1;
  edits.back().assumptions.power_price_per_kwh = 0.2;
  edits.push_back(base);
  edits.back().cluster.fabric = *find_fabric("roce-200-tuned");  // the same three fabrics compared
  for (const Scenario& edited : edits) {
    const ComparisonResult again = compare_fabrics(edited, spec);
    const ComparisonResult repriced = reprice_comparison(edited, spec, planned);
    QCOMPARE(repriced.series.size(), again.series.size());
    for (std::size_t k = 0; k < again.series.size(); ++k)
      for (std::size_t i = 0; i < again.sizes.size(); ++i) {
        const ComparisonPoint& a = again.series[k].points[i];
        const ComparisonPoint& b = repriced.series[k].points[i];
        QCOMPARE(b.feasible, a.feasible);
        QCOMPARE(b.estimated, a.estimated);
        QCOMPARE(QString::fromStdString(b.reason), QString::fromStdString(a.reason));
        QCOMPARE(bool(b.layout), bool(a.layout));
        if (a.layout) QVERIFY(same_layout(*b.layout, *a.layout));
        if (a.estimated) QVERIFY2(differs(b.estimate, a.estimate).isEmpty(), qPrintable(differs(b.estimate, a.estimate)));
        QVERIFY(same_bits(b.scaling, a.scaling));
        QVERIFY(same_bits(b.speedup, a.speedup));
      }
    QCOMPARE(repriced.gaps.size(), again.gaps.size());
    for (std::size_t g = 0; g < again.gaps.size(); ++g)
      QVERIFY(same_bits(repriced.gaps[g].per_month_delta, again.gaps[g].per_month_delta));
  }
}

QTEST_APPLESS_MAIN(TstSweepSearch)
#include "tst_sweep_search.moc"
