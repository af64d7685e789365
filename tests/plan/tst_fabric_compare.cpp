// The one IB-vs-RoCE comparison (core/plan/fabric_compare.h): pairing by the catalog's meaning,
// the single extra estimate behind cost.ib_vs_roce, the sweep with the layout held or the
// planner's best per point, weak and strong scaling, infeasible and non-fitting points marked,
// the gap split by traffic and by money, and the verdicts.
#include <QtTest>

#include <cmath>
#include <numeric>

#include "engine/validate.h"
#include "common/llama7b_h100.h"
#include "plan/fabric_compare.h"

using namespace cp;

namespace {

using test::llama7b_h100;

const ComparisonPoint& point(const ComparisonResult& r, std::size_t series, int gpus) {
  for (const ComparisonPoint& p : r.series.at(series).points)
    if (p.gpus == gpus) return p;
  qFatal("no point at %d GPUs", gpus);
}

}  // namespace

class TstFabricCompare : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void pairsByCatalogMeaning();
  void compareIbRoceRunsOneEstimate();
  void heldLayoutMarksInfeasibleAndNonFitting();
  void bestLayoutFillsSizesBelowTheHeldLayout();
  void bestLayoutIsNeverWorseThanHeld();
  void weakScalingHoldsBatchPerGpu();
  void gapAddsUpByTrafficAndMoney();
  void verdictsNameTheCause();
  void seedClassIsA100H100At8To32();
  void jobVerdictSpansSizesAndFabrics();
  void breakEvenWhereTheSavingPaysThePrice();
  void sizesIncludeTheOwnAndFitTheHeldLayout();
  void cancelStops();
  void gapByCauseNamesLatency();
  void gapByCauseNamesALayoutChange();
};

void TstFabricCompare::pairsByCatalogMeaning() {
  QCOMPARE(QString::fromStdString(counterpart(*find_fabric("ib-hdr"))->id), QString("roce-200-tuned"));
  QCOMPARE(QString::fromStdString(counterpart(*find_fabric("ib-ndr"))->id), QString("roce-400-tuned"));
  QCOMPARE(QString::fromStdString(counterpart(*find_fabric("ib-xdr"))->id), QString("roce-800-tuned"));
  for (const char* roce : {"roce-400-untuned", "roce-400-tuned", "roce-400-hyperscale"})
    QCOMPARE(QString::fromStdString(counterpart(*find_fabric(roce))->id), QString("ib-ndr"));
  QVERIFY(counterpart(*find_fabric("roce-100-tuned")) == nullptr);  // no 100 Gb/s InfiniBand preset
  // The pairing reads the spec's meaning, not its id: a site's own copy of NDR under another
  // name still pairs with tuned RoCE at 400 Gb/s; a RoCE spec marked tuned still pairs with IB.
  FabricSpec site = *find_fabric("ib-ndr");
  site.id = "site-fabric-a";
  QCOMPARE(QString::fromStdString(counterpart(site)->id), QString("roce-400-tuned"));
  const std::vector<std::string> defaults = comparison_fabrics(site);
  QCOMPARE(defaults, (std::vector<std::string>{"site-fabric-a", "roce-400-untuned", "roce-400-tuned"}));
  QCOMPARE(comparison_fabrics(*find_fabric("roce-200-untuned")),
           (std::vector<std::string>{"ib-hdr", "roce-200-untuned", "roce-200-tuned"}));
  // A fabric with no counterpart in the catalog is still shown: the job's own fabric always is.
  QCOMPARE(comparison_fabrics(*find_fabric("roce-100-untuned")),
           (std::vector<std::string>{"ib-ndr", "roce-400-untuned", "roce-400-tuned", "roce-100-untuned"}));
  QCOMPARE(comparison_fabrics(*find_fabric("roce-400-hyperscale")),
           (std::vector<std::string>{"ib-ndr", "roce-400-untuned", "roce-400-tuned", "roce-400-hyperscale"}));
}

void TstFabricCompare::compareIbRoceRunsOneEstimate() {
  const Scenario s = default_scenario();
  const Estimate e = estimate(s);
  const FabricComparison f = compare_ib_roce(s, e);
  QCOMPARE(QString::fromStdString(f.this_fabric), QString("ib-hdr"));
  QCOMPARE(QString::fromStdString(f.other_fabric), QString("roce-200-tuned"));
  // One 128-port Ethernet switch at 25,000 USD [est] against one HDR switch at 20,000 [est]:
  // +5,000 USD = +36,000 CNY at 7.2.
  QCOMPARE(f.network_capex_delta, 36000.0);
  Scenario r = s;
  r.cluster.fabric = *find_fabric("roce-200-tuned");
  const Estimate er = estimate(r);
  QCOMPARE(f.train_time_delta_s, er.reliability.real_train_time_s - e.reliability.real_train_time_s);
  QCOMPARE(f.run_total_delta, er.cost.run_total - e.cost.run_total);
  // No counterpart: nothing computed.
  Scenario x = s;
  x.cluster.fabric = *find_fabric("roce-100-tuned");
  QVERIFY(compare_ib_roce(x, estimate(x)).other_fabric.empty());
}

void TstFabricCompare::heldLayoutMarksInfeasibleAndNonFitting() {
  // LLaMA-65B TP 8 PP 4 held: 8 and 16 GPUs cannot hold the layout (TP x PP = 32).
  ComparisonSpec spec;
  spec.sizes = {8, 16, 32, 64};
  const ComparisonResult r = compare_fabrics(default_scenario(), spec);
  QCOMPARE(int(r.series.size()), 3);  // ib-hdr, roce-200-untuned, roce-200-tuned
  QCOMPARE(QString::fromStdString(r.series[0].fabric_id), QString("ib-hdr"));
  for (int g : {8, 16}) {
    const ComparisonPoint& p = point(r, 0, g);
    QVERIFY(!p.feasible);
    QVERIFY(!p.estimated);
    QVERIFY2(!p.reason.empty(), "an infeasible point says why");
  }
  QVERIFY(point(r, 0, 32).feasible);
  QVERIFY(point(r, 0, 64).feasible);
  // A point that is estimated but does not fit is marked, with the memory reason, never valid.
  Scenario big = default_scenario();
  big.training.recompute = Recompute::None;
  big.training.micro_batch = 4;
  big.training.seq = 4096;
  big.parallel.pp = 1;
  const ComparisonResult rb = compare_fabrics(big, spec);
  const ComparisonPoint& p = point(rb, 0, 8);
  QVERIFY(p.estimated);
  QVERIFY(!p.fits);
  QVERIFY(!p.feasible);
  QVERIFY(p.reason.find("memory.total_bytes") == 0);
  for (const FabricGap& g : rb.gaps) QVERIFY(g.gpus != 8);  // no gap from a point that does not fit
}

void TstFabricCompare::bestLayoutFillsSizesBelowTheHeldLayout() {
  // Held TP 8 PP 2 needs 16 GPUs: 4 and 8 GPUs are blank when held; the planner finds a
  // layout for every size under its default search space.
  const Scenario base = llama7b_h100(8, 2);
  ComparisonSpec spec;
  spec.sizes = {4, 8, 16, 32};
  spec.fabrics = {"ib-ndr", "roce-400-tuned"};
  const ComparisonResult held = compare_fabrics(base, spec);
  QVERIFY(!point(held, 0, 4).feasible);
  QVERIFY(!point(held, 0, 8).feasible);
  spec.layout = SweepLayout::Best;
  const ComparisonResult best = compare_fabrics(base, spec);
  for (int g : spec.sizes)
    for (std::size_t k = 0; k < 2; ++k) {
      const ComparisonPoint& p = point(best, k, g);
      QVERIFY2(p.feasible, p.reason.c_str());
      QCOMPARE(p.scenario.cluster.total_gpus(), g);
      QCOMPARE(QString::fromStdString(p.scenario.cluster.fabric.id), QString::fromStdString(spec.fabrics[k]));
      QVERIFY(validate(p.scenario).empty());
      // The point's estimate is its scenario's.
      QCOMPARE(p.estimate.throughput.tokens_per_s, estimate(p.scenario).throughput.tokens_per_s);
    }
  // Constraints of the search hold: TP limited to {1, 2}.
  spec.space.tp = {1, 2};
  const ComparisonResult constrained = compare_fabrics(base, spec);
  for (const ComparisonSeries& s : constrained.series)
    for (const ComparisonPoint& p : s.points)
      if (p.feasible) QVERIFY(p.scenario.parallel.tp == 1 || p.scenario.parallel.tp == 2);
}

void TstFabricCompare::bestLayoutIsNeverWorseThanHeld() {
  const Scenario base = llama7b_h100(8, 1);
  ComparisonSpec spec;
  spec.sizes = {8, 16, 64, 256};
  spec.fabrics = {"ib-ndr", "roce-400-untuned"};
  const ComparisonResult held = compare_fabrics(base, spec);
  spec.layout = SweepLayout::Best;
  const ComparisonResult best = compare_fabrics(base, spec);
  int compared = 0;
  for (std::size_t k = 0; k < 2; ++k)
    for (int g : spec.sizes) {
      const ComparisonPoint& h = point(held, k, g);
      const ComparisonPoint& b = point(best, k, g);
      if (!h.feasible) continue;
      QVERIFY(b.feasible);
      QVERIFY2(b.estimate.throughput.tokens_per_s >= h.estimate.throughput.tokens_per_s * (1 - 1e-12),
               qPrintable(QString("%1 GPUs: best %2 < held %3").arg(g).arg(b.estimate.throughput.tokens_per_s)
                              .arg(h.estimate.throughput.tokens_per_s)));
      ++compared;
    }
  QCOMPARE(compared, 8);
}

void TstFabricCompare::weakScalingHoldsBatchPerGpu() {
  const Scenario base = llama7b_h100(8, 1);
  ComparisonSpec spec;
  spec.sizes = {8, 16, 32};
  spec.fabrics = {"ib-ndr"};
  spec.scaling = SweepScaling::Weak;
  for (SweepLayout l : {SweepLayout::Held, SweepLayout::Best}) {
    spec.layout = l;
    const ComparisonResult r = compare_fabrics(base, spec);
    for (int g : spec.sizes) {
      const ComparisonPoint& p = point(r, 0, g);
      QVERIFY2(p.feasible, p.reason.c_str());
      QCOMPARE(p.scenario.training.global_batch, 512 * g / 8);
    }
  }
  spec.scaling = SweepScaling::Strong;
  spec.layout = SweepLayout::Held;
  const ComparisonResult strong = compare_fabrics(base, spec);
  for (int g : spec.sizes) QCOMPARE(point(strong, 0, g).scenario.training.global_batch, 512);
}

void TstFabricCompare::gapAddsUpByTrafficAndMoney() {
  // Llama-2-7B TP 1 PP 1 at 1,024 H100s: DP over 128 nodes on a three-tier fabric, one
  // micro-batch per GPU and the gradients reduced after the backward pass (no overlap), so the
  // DP traffic is exposed. (With 8 micro-batches and overlap, the fabric physics hides the
  // 0.1 s of DP traffic behind 2.7 s of compute: the fabrics are equal within 0.05% there,
  // which is what the field reports for such a job.)
  Scenario base = llama7b_h100(1, 1);
  base.training.global_batch = 1024;
  base.training.dp_overlap = false;
  ComparisonSpec spec;
  spec.sizes = {16, 1024};
  spec.fabrics = {"ib-ndr", "roce-400-untuned"};
  const ComparisonResult r = compare_fabrics(base, spec);
  QCOMPARE(int(r.gaps.size()), 2);
  for (const FabricGap& g : r.gaps) {
    const ComparisonPoint& a = point(r, 0, g.gpus);
    const ComparisonPoint& b = point(r, 1, g.gpus);
    QVERIFY(g.same_layout);
    const double traffic = std::accumulate(g.exposed_delta_s.begin(), g.exposed_delta_s.end(), 0.0);
    // Step = compute + bubble + optimizer + exposed communication: the parts add up to the gap.
    QVERIFY2(std::abs(g.step_delta_s - traffic - g.compute_delta_s) <= 1e-12 * b.estimate.step.step_s,
             qPrintable(QString("step %1 s, traffic %2 s").arg(g.step_delta_s).arg(traffic)));
    // Same layout: compute changes only by the SM share that hidden communication takes
    // (calib::kOverlapInterference): more on the slower fabric, less than the exposed part.
    QVERIFY2(g.compute_delta_s >= 0 && g.compute_delta_s <= std::max(traffic, 1e-6),
             qPrintable(QString("%1 GPUs: compute %2 s, traffic %3 s").arg(g.gpus).arg(g.compute_delta_s).arg(traffic)));
    QCOMPARE(g.exposed_delta_s[std::size_t(Traffic::Dp)], b.estimate.step.exposed.dp_s - a.estimate.step.exposed.dp_s);
    QCOMPARE(g.speedup, a.estimate.throughput.tokens_per_s / b.estimate.throughput.tokens_per_s - 1);
    QCOMPARE(g.per_month_delta, b.estimate.cost.per_month - a.estimate.cost.per_month);
    QCOMPARE(g.network_capex_delta, b.estimate.cost.network_capex - a.estimate.cost.network_capex);
    QVERIFY(g.has_run);
    QCOMPARE(g.run_total_delta, b.estimate.cost.run_total - a.estimate.cost.run_total);
    QCOMPARE(b.speedup, g.speedup);
  }
  const FabricGap& small = r.gaps[0];
  QCOMPARE(small.gpus, 16);
  QVERIFY(small.one_leaf);
  QCOMPARE(classify(small), GapClass::Equal);
  const FabricGap& large = r.gaps[1];
  QCOMPARE(large.gpus, 1024);
  QVERIFY(!large.one_leaf);
  QVERIFY(large.dominant == Traffic::Dp);
  QVERIFY(large.exposed_delta_s[std::size_t(Traffic::Dp)] > 0);
  QCOMPARE(classify(large), GapClass::ReferenceFaster);
}

void TstFabricCompare::verdictsNameTheCause() {
  Scenario base = llama7b_h100(1, 1);
  base.training.global_batch = 1024;  // exposed DP traffic, as in gapAddsUpByTrafficAndMoney
  base.training.dp_overlap = false;
  ComparisonSpec spec;
  spec.sizes = {8, 16, 1024};
  spec.fabrics = {"ib-ndr", "roce-400-untuned", "roce-400-tuned"};
  const ComparisonResult r = compare_fabrics(base, spec);
  // The verdict of a size is about the reference and its counterpart (tuned RoCE).
  const FabricGap* g8 = r.verdict_gap(8);
  QVERIFY(g8);
  QCOMPARE(QString::fromStdString(g8->fabric), QString("roce-400-tuned"));
  const QString one_node = QString::fromStdString(verdict_text(*g8));
  QVERIFY2(one_node.startsWith("Equal within 0.5% at 8 GPUs: the job runs inside one node"), qPrintable(one_node));
  const QString leaf = QString::fromStdString(verdict_text(*r.verdict_gap(16)));
  QVERIFY2(leaf.startsWith("Equal within 0.5% at 16 GPUs: the job fits under one leaf switch, so ECMP has nothing "
                           "to collide on; RoCEv2 400 Gb/s, tuned saves CNY "),
           qPrintable(leaf));
  // Two nodes' rent at the seed list's IB premium: RoCE saves CNY 5,999 per server per month.
  QVERIFY2(leaf.contains("saves CNY 11,998 per month"), qPrintable(leaf));
  // Tuned RoCE (DCQCN and ECMP tuned, as Meta ran Llama 3) moves this job's DP traffic as fast
  // as InfiniBand, as the field reports; untuned RoCE loses to it on exposed DP traffic.
  const QString tuned_far = QString::fromStdString(verdict_text(*r.verdict_gap(1024)));
  QVERIFY2(tuned_far.startsWith("Equal within 0.5% at 1,024 GPUs: RoCEv2 400 Gb/s, tuned moves its traffic as fast "
                                "as InfiniBand NDR 400 Gb/s here"),
           qPrintable(tuned_far));
  spec.fabrics = {"ib-ndr", "roce-400-untuned"};
  const ComparisonResult untuned = compare_fabrics(base, spec);
  const FabricGap* big = untuned.verdict_gap(1024);
  QVERIFY(big);
  const QString far = QString::fromStdString(verdict_text(*big));
  QVERIFY2(far.startsWith("InfiniBand NDR 400 Gb/s is "), qPrintable(far));
  QVERIFY2(far.contains("faster at 1,024 GPUs: mostly exposed data-parallel traffic"), qPrintable(far));
  // Money in the verdict is the per-month difference, grouped.
  QVERIFY(big->per_month_delta < 0);
  QVERIFY(r.verdict_gap(32) == nullptr);  // not a size of the sweep
}

void TstFabricCompare::seedClassIsA100H100At8To32() {
  Scenario s = default_scenario();  // A100 80GB SXM
  QVERIFY(in_seed_class(s, {8, 16, 32}));
  QVERIFY(in_seed_class(s, comparison_sizes(8, 1024)));
  QVERIFY(!in_seed_class(s, {64, 128}));
  s.cluster.gpu = *find_gpu("h100-sxm");
  QVERIFY(in_seed_class(s, {32}));
  s.cluster.gpu = *find_gpu("b200");
  QVERIFY(!in_seed_class(s, {8, 16, 32}));
  s.cluster.gpu = *find_gpu("rtx-4090");
  QVERIFY(!in_seed_class(s, {8}));
  QCOMPARE(comparison_sizes(4, 64), (std::vector<int>{4, 8, 16, 32, 64}));
  QCOMPARE(comparison_sizes(8, 8), (std::vector<int>{8}));
}

void TstFabricCompare::cancelStops() {
  ComparisonSpec spec;
  spec.sizes = {32, 64, 128, 256};
  int calls = 0;
  const ComparisonResult r = compare_fabrics(default_scenario(), spec, [&calls](int done, int total) {
    ++calls;
    return !(done == 2 && total == 12);
  });
  QVERIFY(r.canceled);
  QCOMPARE(calls, 2);
}

void TstFabricCompare::jobVerdictSpansSizesAndFabrics() {
  Scenario base = llama7b_h100(1, 1);
  base.training.global_batch = 1024;  // exposed DP traffic, as in gapAddsUpByTrafficAndMoney
  base.training.dp_overlap = false;
  base.cluster.fabric = *find_fabric("roce-400-untuned");  // the user's own fabric: untuned RoCE
  ComparisonSpec spec;
  spec.sizes = {8, 16, 1024};
  spec.fabrics = comparison_fabrics(base.cluster.fabric);
  const ComparisonResult r = compare_fabrics(base, spec);
  const JobVerdict v = job_verdict(r, base.cluster.fabric.id);
  QCOMPARE(v.fabrics, (std::vector<std::string>{"ib-ndr", "roce-400-untuned", "roce-400-tuned"}));
  QCOMPARE(int(v.others.size()), 2);
  const FabricVerdict& untuned = v.others[0];
  QVERIFY(untuned.own);
  QCOMPARE(untuned.sizes, 3);
  QCOMPARE(untuned.equal_up_to, 16);
  QVERIFY(!untuned.equal_everywhere);
  QCOMPARE(untuned.largest_gpus, 1024);
  QCOMPARE(untuned.largest_class, GapClass::ReferenceFaster);
  const FabricVerdict& tuned = v.others[1];
  QVERIFY(tuned.equal_everywhere);
  QCOMPARE(tuned.equal_up_to, 1024);
  QCOMPARE(v.break_even_gpus, 0);
  const QString text = QString::fromStdString(job_verdict_text(v));
  QVERIFY2(text.startsWith("For this job, RoCEv2 400 Gb/s, untuned (your fabric) matches InfiniBand NDR 400 Gb/s up to "
                           "16 GPUs, then loses "),
           qPrintable(text));
  QVERIFY2(text.contains("; RoCEv2 400 Gb/s, tuned matches InfiniBand NDR 400 Gb/s up to 1,024 GPUs and costs CNY "),
           qPrintable(text));
  // The figure at the largest size is the gap's own: this fabric's tokens/s over the reference's.
  const FabricGap* g = nullptr;
  for (const FabricGap& x : r.gaps)
    if (x.gpus == 1024 && x.fabric == "roce-400-untuned") g = &x;
  QVERIFY(g);
  QCOMPARE(untuned.relative, 1 / (1 + g->speedup) - 1);
  QCOMPARE(untuned.per_month_delta, g->per_month_delta);
  QVERIFY(text.contains(QString("loses %1% at 1,024 GPUs").arg(100 * std::abs(untuned.relative), 0, 'f', 1)));
}

void TstFabricCompare::breakEvenWhereTheSavingPaysThePrice() {
  // Two sizes of one pair, by hand: the reference (dearer per month) is 1% faster at 64 GPUs
  // and 30% faster at 1,024; its price is 10% above the other's. Per token it costs more at 64
  // GPUs (1.10 / 1.01) and less at 1,024 (1.10 / 1.30): the break-even is 1,024 GPUs.
  FabricGap small;
  small.gpus = 64;
  small.reference_fabric = "ib-ndr";
  small.fabric = "roce-400-untuned";
  small.speedup = 0.01;
  small.reference_per_month = 110;
  small.per_month = 100;
  small.per_month_delta = -10;
  FabricGap large = small;
  large.gpus = 1024;
  large.speedup = 0.30;
  const JobVerdict v = job_verdict({large, small}, {"ib-ndr", "roce-400-untuned"}, "ib-ndr");
  QCOMPARE(v.break_even_gpus, 1024);
  QVERIFY(v.others[0].dearer_is_reference);
  QCOMPARE(v.others[0].relative, 1 / 1.30 - 1);
  const QString text = QString::fromStdString(job_verdict_text(v));
  QVERIFY2(text == "For this job, RoCEv2 400 Gb/s, untuned loses 23.1% at 1,024 GPUs and costs CNY 10 less per month; "
                   "InfiniBand NDR 400 Gb/s (your fabric) saves enough time to pay its higher price from 1,024 GPUs on.",
           qPrintable(text));
  // Cheaper per token at every size: it simply wins, no crossing.
  small.speedup = 0.2;
  QCOMPARE(job_verdict({large, small}, {"ib-ndr", "roce-400-untuned"}, "").break_even_gpus, 0);
  // One fabric: nothing to compare.
  QCOMPARE(job_verdict_text(job_verdict({}, {"ib-ndr"}, "ib-ndr")),
           std::string("Only InfiniBand NDR 400 Gb/s is swept: there is nothing to compare it with."));
}

void TstFabricCompare::sizesIncludeTheOwnAndFitTheHeldLayout() {
  // 144 GPUs of 8 per node, a replica of 18 GPUs (TP 1, PP 9, CP 2).
  Scenario base = default_scenario();
  base.parallel.tp = 1;
  base.parallel.pp = 9;
  base.parallel.cp = 2;
  base.cluster.gpus_per_node = 8;
  base.cluster.nodes = 18;
  QCOMPARE(comparison_sizes(base, SweepLayout::Best, 8, 1024),
           (std::vector<int>{8, 16, 32, 64, 128, 144, 256, 512, 1024}));
  // Held: whole replicas in whole nodes (72 = lcm(18, 8)), doubling; the own size among them.
  QCOMPARE(comparison_sizes(base, SweepLayout::Held, 8, 1024), (std::vector<int>{72, 144, 288, 576}));
  // Below a node the held layout runs on part of one (the NICs in proportion).
  base.parallel = Parallelism{2, 1, 1, 0, 1, 1, true};
  base.cluster.nodes = 2;
  QCOMPARE(comparison_sizes(base, SweepLayout::Held, 1, 64), (std::vector<int>{2, 4, 8, 16, 32, 64}));
  // A held sweep of the 18-GPU replica plan runs: every size is estimated.
  Scenario held = llama7b_h100(1, 1);
  held.parallel.pp = 2;  // 32 layers
  held.parallel.cp = 9;  // sequence 4,096... replica 18
  held.training.seq = 4608;
  held.cluster.nodes = 18;
  ComparisonSpec spec;
  spec.sizes = comparison_sizes(held, SweepLayout::Held, 8, 1024);
  spec.fabrics = {"ib-ndr", "roce-400-tuned"};
  const ComparisonResult r = compare_fabrics(held, spec);
  QCOMPARE(r.sizes, (std::vector<int>{72, 144, 288, 576}));
  for (const ComparisonSeries& s : r.series)
    for (const ComparisonPoint& p : s.points) QVERIFY2(p.estimated, qPrintable(QString::fromStdString(p.problem.text())));
}

QTEST_APPLESS_MAIN(TstFabricCompare)
#include "tst_fabric_compare.moc"

namespace {

double sum_by_cause(const FabricGap& g) {
  const FabricGap::ByCause& c = g.by_cause;
  return std::accumulate(c.bandwidth.begin(), c.bandwidth.end(), 0.0) +
         std::accumulate(c.interference.begin(), c.interference.end(), 0.0) + c.latency() + c.layout_change + c.other;
}

}  // namespace

void TstFabricCompare::gapByCauseNamesLatency() {
  // GPT-3 175B, TP 8 PP 16 held, on 1K-16K H100s: DP over 8-128 replicas in a flat ring, whose
  // 2(n-1) steps each pay the fabric's per-message latency. Tuned and hyperscale RoCE have the
  // same latencies, so the latency part of their gap is the same, bit for bit, and up to 4K
  // GPUs it is the whole gap: no bandwidth, no layout change (which the exposed DP delta alone
  // would have called "data-parallel traffic").
  Scenario base = default_scenario();
  base.model_id = "gpt3-175b";
  base.model = find_model_preset("gpt3-175b")->shape;
  base.cluster.gpu = *find_gpu("h100-sxm");
  base.cluster.fabric = *find_fabric("ib-ndr");
  base.training.seq = 2048;
  base.training.global_batch = 1536;
  base.parallel = Parallelism{8, 16, 1, 0, 1, 1, true};
  base.cluster.nodes = 128;
  QVERIFY(validate(base).empty());
  ComparisonSpec spec;
  spec.sizes = {1024, 2048, 4096, 8192, 16384};
  spec.fabrics = {"ib-ndr", "roce-400-tuned", "roce-400-hyperscale"};
  const ComparisonResult r = compare_fabrics(base, spec);
  QCOMPARE(int(r.gaps.size()), 10);
  for (int gpus : spec.sizes) {
    const FabricGap* tuned = nullptr;
    const FabricGap* hyper = nullptr;
    for (const FabricGap& g : r.gaps)
      if (g.gpus == gpus) (g.fabric == "roce-400-tuned" ? tuned : hyper) = &g;
    QVERIFY(tuned && hyper);
    for (const FabricGap* g : {tuned, hyper}) {
      QVERIFY(g->by_cause.split);
      QVERIFY(g->same_layout);
      QCOMPARE(g->by_cause.layout_change, 0.0);
      QVERIFY2(std::abs(sum_by_cause(*g) - g->step_delta_s) <= 1e-12 * point(r, 0, gpus).estimate.step.step_s,
               qPrintable(QString("%1 GPUs: parts %2 s, step %3 s").arg(gpus).arg(sum_by_cause(*g)).arg(g->step_delta_s)));
      QVERIFY(g->by_cause.latency_per_message > 0);
    }
    QCOMPARE(tuned->by_cause.latency_per_message, hyper->by_cause.latency_per_message);
    QCOMPARE(tuned->by_cause.latency_per_hop, hyper->by_cause.latency_per_hop);
    if (gpus <= 4096) {
      for (const FabricGap* g : {tuned, hyper}) {
        QCOMPARE(QString::fromStdString(dominant_cause(*g)), QString("latency.per_message"));
        for (double b : g->by_cause.bandwidth) QCOMPARE(b, 0.0);
        // All of it latency: 0.89 ms at 1,024 GPUs, 2.33 ms at 4,096.
        QVERIFY(std::abs(g->by_cause.latency() - g->step_delta_s) <= 1e-12);
      }
      QCOMPARE(tuned->step_delta_s, hyper->step_delta_s);
    }
  }
  // From 8K GPUs on the fabric has three tiers: per-hop latency appears, and tuned RoCE's ECMP
  // loses bandwidth that hyperscale's scheduled balancing keeps.
  const FabricGap* far_tuned = nullptr;
  const FabricGap* far_hyper = nullptr;
  for (const FabricGap& g : r.gaps)
    if (g.gpus == 16384) (g.fabric == "roce-400-tuned" ? far_tuned : far_hyper) = &g;
  QVERIFY(far_tuned->by_cause.latency_per_hop > 0);
  QVERIFY(far_tuned->by_cause.bandwidth[std::size_t(Traffic::Dp)] > far_hyper->by_cause.bandwidth[std::size_t(Traffic::Dp)]);
  QVERIFY(far_hyper->by_cause.bandwidth[std::size_t(Traffic::Dp)] > 0);
}

void TstFabricCompare::gapByCauseNamesALayoutChange() {
  // Mixtral 8x7B, seq 4096, the best layout at 1,024 H100s: untuned RoCE's best layout (PP 4
  // VPP 8) is not InfiniBand's (PP 2 VPP 16). Read by traffic, the gap shows exposed DP time
  // lower on RoCE, a negative term; by cause it is the change of layout (InfiniBand on RoCE's
  // layout is slower than on its own) plus RoCE's per-message latency on that layout.
  Scenario base = default_scenario();
  base.model_id = "mixtral-8x7b";
  base.model = find_model_preset("mixtral-8x7b")->shape;
  base.cluster.gpu = *find_gpu("h100-sxm");
  base.cluster.fabric = *find_fabric("ib-ndr");
  base.training.seq = 4096;
  ComparisonSpec spec;
  spec.sizes = {1024};
  spec.fabrics = {"ib-ndr", "roce-400-untuned"};
  spec.layout = SweepLayout::Best;
  spec.threads = 0;
  const ComparisonResult r = compare_fabrics(base, spec);
  QCOMPARE(int(r.gaps.size()), 1);
  const FabricGap& g = r.gaps[0];
  QVERIFY(!g.same_layout);
  QVERIFY(g.by_cause.split);
  QVERIFY2(g.exposed_delta_s[std::size_t(Traffic::Dp)] < 0, "the traffic view's negative term this test is about");
  QCOMPARE(QString::fromStdString(dominant_cause(g)), QString("layout_change"));
  QVERIFY(g.by_cause.layout_change > 0);
  for (double b : g.by_cause.bandwidth) QVERIFY(b >= 0);
  QVERIFY(g.by_cause.latency() > 0);
  QVERIFY(std::abs(sum_by_cause(g) - g.step_delta_s) <= 1e-12 * point(r, 0, 1024).estimate.step.step_s);
  QVERIFY(g.reference_layout != g.layout);
  QCOMPARE(g.layout, layout_text(point(r, 1, 1024).scenario));
  const QString v = QString::fromStdString(verdict_text(g));
  QVERIFY2(v.contains("the best layouts differ (" + QString::fromStdString(g.reference_layout) + " on InfiniBand NDR 400 "
                      "Gb/s, " + QString::fromStdString(g.layout) + " on RoCEv2 400 Gb/s, untuned)"),
           qPrintable(v));
  QVERIFY2(!v.contains("data-parallel"), qPrintable(v));
}
