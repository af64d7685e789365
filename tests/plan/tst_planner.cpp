// The auto-planner: its best equals a brute-force best over the same space (cp::validate +
// cp::estimate), its counts add up, its ranking is stable and the same with 1 and 4 threads,
// an infeasible search names its binding constraint, and cancel stops it.
#include <QtTest>

#include <atomic>
#include <optional>

#include "common/published_runs.h"
#include "engine/error_band.h"
#include "engine/fabric.h"
#include "engine/gpu.h"
#include "engine/model.h"
#include "engine/units.h"
#include "engine/validate.h"
#include "plan/planner.h"

using namespace cp;

namespace {

Scenario small_base(const char* model, int nodes, int global_batch) {
  Scenario s = default_scenario();
  s.model_id = model;
  s.model = find_model_preset(model)->shape;
  s.training.seq = 2048;
  s.training.global_batch = global_batch;
  s.training.tokens = 20e9;
  s.cluster.gpu = *find_gpu("a100-80gb-sxm");
  s.cluster.gpus_per_node = 8;
  s.cluster.nodes = nodes;
  return s;
}

std::vector<int> range(int a, int b) {
  std::vector<int> v;
  for (int i = a; i <= b; ++i) v.push_back(i);
  return v;
}

struct Brute {
  long long evaluated = 0, feasible = 0;
  std::optional<PlanLayout> best;
  double best_score = 0, best_tiebreak = 0;
};

// Every combination of the lists, checked by cp::validate plus the planner's stated policies
// (TP within a node, SP only with TP > 1, TP overlap only with SP, VPP dividing the layers per
// stage), estimated by cp::estimate, feasible when it fits with the headroom kept free; the
// best by the objective, ties by the next objective, then by the layout key.
Brute brute_force(const Scenario& base, const SearchSpace& sp, Objective obj, const std::vector<int>& tp,
                  const std::vector<int>& pp, const std::vector<int>& cps, const std::vector<int>& eps,
                  const std::vector<int>& vpps, const std::vector<int>& mbs) {
  Brute b;
  const std::vector<std::string> fabrics{base.cluster.fabric.id};
  const int gpus = base.cluster.total_gpus();
  for (int t : tp)
    for (int p : pp)
      for (int c : cps)
        for (int e : eps)
          for (int v : vpps)
            for (int mb : mbs)
              for (int spv : {0, 1})
                for (int tpo : {0, 1}) {
                if (t > base.cluster.gpus_per_node || (spv && t == 1) || (tpo && !spv)) continue;
                if (v > 1 && p <= base.model.layers && (base.model.layers / p) % v != 0) continue;
                PlanLayout l;
                l.gpus = l.job_gpus = gpus;
                l.tp = t, l.pp = p, l.cp = c, l.ep = e, l.vpp = v, l.micro_batch = mb, l.sp = spv, l.tp_overlap = tpo;
                Scenario s = apply_layout(base, l, fabrics);
                if (!validate(s).empty()) continue;
                l.dp = s.data_parallel();
                for (Recompute rc : {Recompute::None, Recompute::Selective, Recompute::Full})
                  for (Zero z : {Zero::Stage0, Zero::Stage1, Zero::Stage2, Zero::Stage3, Zero::DistributedOptimizer}) {
                    s.training.recompute = l.recompute = rc;
                    s.training.zero = l.zero = z;
                    const Estimate est = estimate(s);
                    ++b.evaluated;
                    if (!est.memory.fits_with_headroom) continue;
                    if (sp.max_power_kw > 0 && est.power.facility_peak_w > sp.max_power_kw * 1000) continue;
                    ++b.feasible;
                    const double time = est.reliability.real_train_time_s;
                    // Ranking::Robust (the default): every objective at the band's pessimistic edge.
                    const double slow = est.throughput.band_low > 0 ? est.throughput.tokens_per_s / est.throughput.band_low : 1.0;
                    double score = obj == Objective::Throughput ? -est.throughput.tokens_per_s / slow
                                   : obj == Objective::Time     ? time * slow
                                   : obj == Objective::Cost     ? est.cost.run_total * slow
                                                                : est.cost.per_million_tokens * slow;
                    double tiebreak = obj == Objective::Throughput ? est.cost.per_million_tokens * slow
                                      : obj == Objective::Time     ? est.cost.run_total * slow
                                                                   : time * slow;
                    if (!b.best || score < b.best_score ||
                        (score == b.best_score &&
                         (tiebreak < b.best_tiebreak || (tiebreak == b.best_tiebreak && key_less(l, *b.best))))) {
                      b.best = l;
                      b.best_score = score;
                      b.best_tiebreak = tiebreak;
                    }
                  }
              }
  return b;
}

bool same_layout(const PlanLayout& a, const PlanLayout& b) { return !key_less(a, b) && !key_less(b, a) && a.dp == b.dp; }

void check_counts(const PlanResult& r) {
  long long div = 0, after = 0;
  for (int i = 0; i < kPlanReasons; ++i) (after_estimate(PlanReason(i)) ? after : div) += r.rejected[std::size_t(i)];
  QCOMPARE(div, r.rejected_divisibility);
  QCOMPARE(r.evaluated, r.feasible + after);
  if (!r.cancelled) QCOMPARE(r.considered, r.rejected_divisibility + r.evaluated);
}

}  // namespace

class TstPlanner : public QObject {
  Q_OBJECT
 private slots:
  void bestEqualsBruteForce_data();
  void bestEqualsBruteForce();
  void defaultsEqualBruteForce();
  void sameWithOneAndFourThreads();
  void rankingIsSorted();
  void infeasibleNamesBindingConstraint_data();
  void infeasibleNamesBindingConstraint();
  void cancelStopsEarly();
  void frontierIsNonDominated();
  void cheapestClusterWithinDeadline();
  void badInput();
  void tpOverlapIsSearched();
  void tiesBrokenByNextObjective();
  void identicalEstimatesCollapse();
  void warningsFlagged();
  void closestLayoutWhenNothingFits();
  void publishedLayoutFitsWithHeadroom();
  void bandTiePrefersValidatedHeadroom();
  void robustRankingWeighsEvidenceGaps();
};

void TstPlanner::bestEqualsBruteForce_data() {
  QTest::addColumn<QString>("model");
  QTest::addColumn<int>("nodes");
  QTest::addColumn<int>("gb");
  QTest::addColumn<int>("objective");
  QTest::addColumn<double>("power_kw");
  QTest::newRow("7B on 8 GPUs, throughput") << "llama-2-7b" << 1 << 32 << int(Objective::Throughput) << 0.0;
  QTest::newRow("7B on 16 GPUs, time") << "llama-2-7b" << 2 << 64 << int(Objective::Time) << 0.0;
  QTest::newRow("13B on 16 GPUs, cost") << "llama-2-13b" << 2 << 48 << int(Objective::Cost) << 0.0;
  QTest::newRow("7B on 16 GPUs, cost per token") << "llama-2-7b" << 2 << 64 << int(Objective::CostPerToken) << 0.0;
  QTest::newRow("Mixtral on 16 GPUs, EP varies") << "mixtral-8x7b" << 2 << 32 << int(Objective::Throughput) << 0.0;
  QTest::newRow("70B on 32 GPUs, power limit") << "llama-2-70b" << 4 << 64 << int(Objective::Throughput) << 1e9;
}

void TstPlanner::bestEqualsBruteForce() {
  QFETCH(QString, model);
  QFETCH(int, nodes);
  QFETCH(int, gb);
  QFETCH(int, objective);
  QFETCH(double, power_kw);
  const Scenario base = small_base(qPrintable(model), nodes, gb);
  SearchSpace sp;
  sp.tp = {1, 2, 3, 4, 8, 16};  // 3 and 16 are rejected (heads, node)
  sp.pp = {1, 2, 4, 5};
  sp.cp = {1, 2, 3};            // 3: 2 x 3 does not divide 2048
  sp.ep = base.model.is_moe() ? std::vector<int>{1, 2, 4, 8} : std::vector<int>{1, 2};
  sp.vpp = {1, 2, 3};
  sp.micro_batch = {1, 2, 4, 3};
  sp.max_power_kw = power_kw;
  PlanOptions opt;
  opt.objective = Objective(objective);
  opt.top = 5;
  const PlanResult r = plan(base, sp, opt);
  QVERIFY(r.ok());
  check_counts(r);
  const Brute b = brute_force(base, sp, opt.objective, sp.tp, sp.pp, sp.cp, sp.ep, sp.vpp, sp.micro_batch);
  QCOMPARE(r.evaluated, b.evaluated);
  QCOMPARE(r.feasible, b.feasible);
  QVERIFY(b.best.has_value());
  QVERIFY(!r.top.empty());
  QVERIFY2(same_layout(r.top.front().layout, *b.best),
           (layout_text(r.top.front().layout) + " vs " + layout_text(*b.best)).c_str());
  QCOMPARE(r.top.front().metrics.score, b.best_score);
  // The entry's figures are those of a plain estimate of its scenario.
  QCOMPARE(r.top.front().estimate.throughput.tokens_per_s, estimate(r.top.front().scenario).throughput.tokens_per_s);
  QVERIFY(validate(r.top.front().scenario).empty());
}

void TstPlanner::defaultsEqualBruteForce() {
  // Default lists ("everything valid varies") against raw ranges filtered by cp::validate.
  Scenario base = small_base("megatron-1.7b", 1, 16);  // 24 layers, 24 heads
  PlanOptions opt;
  opt.top = 3;
  const PlanResult r = plan(base, SearchSpace{}, opt);
  QVERIFY(r.ok());
  check_counts(r);
  const Brute b = brute_force(base, SearchSpace{}, opt.objective, range(1, 8), range(1, 24), range(1, 8), {1, 2},
                              range(1, 12), range(1, 16));
  QCOMPARE(r.evaluated, b.evaluated);
  QCOMPARE(r.feasible, b.feasible);
  QVERIFY(same_layout(r.top.front().layout, *b.best));
  QCOMPARE(r.top.front().metrics.score, b.best_score);
}

void TstPlanner::sameWithOneAndFourThreads() {
  Scenario base = small_base("llama-2-13b", 2, 64);
  SearchSpace sp;
  sp.gpus = {16, 32, 64};
  sp.fabrics = {"ib-hdr", "roce-200-tuned"};
  PlanOptions opt;
  opt.objective = Objective::Cost;
  opt.top = 25;
  opt.threads = 1;
  const PlanResult a = plan(base, sp, opt);
  opt.threads = 4;
  const PlanResult b = plan(base, sp, opt);
  QVERIFY(a.ok() && b.ok());
  QCOMPARE(a.evaluated, b.evaluated);
  QCOMPARE(a.feasible, b.feasible);
  QVERIFY(a.rejected == b.rejected);
  QCOMPARE(a.top.size(), std::size_t(25));
  QCOMPARE(a.top.size(), b.top.size());
  for (std::size_t i = 0; i < a.top.size(); ++i) {
    QVERIFY(same_layout(a.top[i].layout, b.top[i].layout));
    QCOMPARE(a.top[i].metrics.score, b.top[i].metrics.score);
  }
  QCOMPARE(a.frontier.size(), b.frontier.size());
  for (std::size_t i = 0; i < a.frontier.size(); ++i) QVERIFY(same_layout(a.frontier[i].layout, b.frontier[i].layout));
  for (int i = 0; i < kPlanReasons; ++i) {
    QCOMPARE(a.example[std::size_t(i)].has_value(), b.example[std::size_t(i)].has_value());
    if (a.example[std::size_t(i)]) QVERIFY(same_layout(*a.example[std::size_t(i)], *b.example[std::size_t(i)]));
  }
}

void TstPlanner::rankingIsSorted() {
  const Scenario base = small_base("llama-2-7b", 1, 64);
  SearchSpace sp;
  sp.recompute = {Recompute::Full};
  PlanOptions opt;
  opt.top = 40;
  const PlanResult r = plan(base, sp, opt);
  QVERIFY(r.ok());
  QVERIFY(r.top.size() > 1);
  for (std::size_t i = 1; i < r.top.size(); ++i) {
    const PlanMetrics& x = r.top[i - 1].metrics;
    const PlanMetrics& y = r.top[i].metrics;
    QVERIFY(x.score < y.score ||
            (x.score == y.score && (x.tiebreak < y.tiebreak ||
                                    (x.tiebreak == y.tiebreak && key_less(r.top[i - 1].layout, r.top[i].layout)))));
  }
  // Robust ranking (the default): the throughput at the band's pessimistic edge.
  QCOMPARE(r.top.front().metrics.score, -r.top.front().estimate.throughput.band_low);
}

void TstPlanner::infeasibleNamesBindingConstraint_data() {
  QTest::addColumn<QString>("model");
  QTest::addColumn<int>("gb");
  QTest::addColumn<double>("power_kw");
  QTest::addColumn<QString>("reason");
  QTest::addColumn<QString>("words");
  // 405B parameters need far more than 8 x 80 GB.
  QTest::newRow("memory") << "llama-3-405b" << 64 << 0.0 << "memory" << "GiB per GPU";
  // One DGX A100 draws about 6.5 kW at peak: a 1 kW limit rejects every layout.
  QTest::newRow("power") << "llama-2-7b" << 64 << 1.0 << "power" << "exceeds the limit of 1 kW";
  // A global batch of 7 sequences: DP x micro-batch must divide it; with TP, PP, CP held at 1,
  // DP is 8 and nothing is estimated.
  QTest::newRow("global batch") << "llama-2-7b" << 7 << 0.0 << "global_batch" << "not a multiple of DP x micro-batch";
}

void TstPlanner::infeasibleNamesBindingConstraint() {
  QFETCH(QString, model);
  QFETCH(int, gb);
  QFETCH(double, power_kw);
  QFETCH(QString, reason);
  QFETCH(QString, words);
  const Scenario base = small_base(qPrintable(model), 1, gb);
  SearchSpace sp;
  sp.max_power_kw = power_kw;
  if (gb == 7) sp.tp = sp.pp = sp.cp = {1};
  const PlanResult r = plan(base, sp, PlanOptions{});
  QVERIFY(r.ok());
  check_counts(r);
  QCOMPARE(r.feasible, 0LL);
  QVERIFY(r.top.empty());
  QVERIFY(r.binding.has_value());
  QCOMPARE(QString::fromStdString(std::string(reason_id(*r.binding))), reason);
  QVERIFY2(QString::fromStdString(r.binding_text).contains(words), r.binding_text.c_str());
  QVERIFY(QString::fromStdString(r.binding_text).contains("no feasible layout"));
}

void TstPlanner::cancelStopsEarly() {
  const Scenario base = small_base("llama-2-7b", 4, 256);
  PlanOptions opt;
  opt.threads = 1;
  const PlanResult full = plan(base, SearchSpace{}, opt);
  std::atomic<bool> stop{false};
  int calls = 0;
  opt.cancel = &stop;
  opt.progress = [&](const PlanProgress& p) {
    ++calls;
    QVERIFY(p.units_done <= p.units_total);
    stop = true;
  };
  const PlanResult r = plan(base, SearchSpace{}, opt);
  QVERIFY(r.cancelled);
  QVERIFY(!full.cancelled);
  QCOMPARE(calls, 1);
  QVERIFY(r.evaluated < full.evaluated);
  QVERIFY(!r.binding.has_value());
  check_counts(r);
}

void TstPlanner::frontierIsNonDominated() {
  const Scenario base = small_base("llama-2-13b", 1, 128);
  SearchSpace sp;
  sp.gpus = {8, 16, 32, 64, 128};
  sp.fabrics = {"ib-hdr", "roce-100-untuned"};
  const PlanResult r = plan(base, sp, PlanOptions{});
  QVERIFY(r.ok());
  QVERIFY(r.frontier.size() >= 2);
  for (std::size_t i = 1; i < r.frontier.size(); ++i) {
    QVERIFY(r.frontier[i].metrics.time_s > r.frontier[i - 1].metrics.time_s);
    QVERIFY(r.frontier[i].metrics.run_cost < r.frontier[i - 1].metrics.run_cost);
  }
  // No top layout beats a frontier point on both time and cost.
  for (const PlanEntry& t : r.top)
    for (const PlanEntry& f : r.frontier)
      QVERIFY(!(t.metrics.time_s < f.metrics.time_s && t.metrics.run_cost < f.metrics.run_cost));
}

void TstPlanner::cheapestClusterWithinDeadline() {
  Scenario base = small_base("llama-2-7b", 1, 256);
  base.training.tokens = 200e9;
  SearchSpace sp;
  sp.gpus = {8, 16, 32, 64, 128, 256};
  sp.deadline_s = 10 * 86400.0;
  PlanOptions opt;
  opt.objective = Objective::Cost;
  const PlanResult r = plan(base, sp, opt);
  QVERIFY(r.ok());
  QVERIFY(r.rejected[std::size_t(PlanReason::Deadline)] > 0);
  QVERIFY(!r.top.empty());
  QVERIFY(r.top.front().metrics.time_s <= sp.deadline_s);
  QVERIFY(r.top.front().layout.gpus > 8);  // 200B tokens on 8 A100s take months
}

void TstPlanner::badInput() {
  Scenario base = small_base("llama-2-7b", 1, 64);
  SearchSpace sp;
  sp.gpus = {12};
  PlanResult r = plan(base, sp, PlanOptions{});
  QVERIFY(!r.ok());
  QCOMPARE(r.problems.front().field, std::string("search.gpus"));
  base.training.tokens = 0;
  PlanOptions opt;
  opt.objective = Objective::Time;
  r = plan(base, SearchSpace{}, opt);
  QVERIFY(!r.ok());
  QCOMPARE(r.problems.front().field, std::string("training.tokens"));
  sp = SearchSpace{};
  sp.tp = {0};
  r = plan(base, sp, PlanOptions{});
  QVERIFY(!r.ok());
  QCOMPARE(r.problems.front().field, std::string("search.tp"));
}

void TstPlanner::tpOverlapIsSearched() {
  // TP communication overlap is a knob of the search, on only with SP
  // (Megatron-Core refuses it without). Llama-2-13B on 16 A100s at TP 8, SP on: overlap hides
  // part of the TP collectives, so the best layout has it on.
  const Scenario base = small_base("llama-2-13b", 2, 64);
  SearchSpace sp;
  sp.tp = {8};
  sp.sp = {1};
  const PlanResult r = plan(base, sp, PlanOptions{});
  QVERIFY(r.ok());
  check_counts(r);
  QVERIFY(!r.top.empty());
  QVERIFY(r.top.front().layout.tp_overlap);
  QVERIFY(r.top.front().scenario.training.tp_comm_overlap);
  // Both values were estimated: half the layouts are the overlap-off twins.
  SearchSpace off = sp;
  off.tp_overlap = {0};
  const PlanResult o = plan(base, off, PlanOptions{});
  QCOMPARE(r.evaluated, 2 * o.evaluated);
  QVERIFY(r.top.front().metrics.tokens_per_s > o.top.front().metrics.tokens_per_s);
  // With SP off, overlap is a duplicate the check skips (tp_overlap_needs_sp).
  SearchSpace nosp = sp;
  nosp.sp = {0};
  const PlanResult n = plan(base, nosp, PlanOptions{});
  QCOMPARE(n.rejected[std::size_t(PlanReason::TpOverlapNeedsSp)], n.evaluated);
  check_counts(n);
}

void TstPlanner::tiesBrokenByNextObjective() {
  // Rent billed in whole months makes many layouts cost the same run:
  // ranked by cost, equal costs go to the shorter time to train (not to the layout key).
  // LLaMA-65B on 1,024 A100s, 1.4T tokens: every layout trains within one or two months.
  Scenario base = small_base("llama-65b", 128, 2048);
  base.training.tokens = 1.4e12;
  SearchSpace sp;
  sp.tp = {1, 2};
  sp.pp = {1, 4};
  sp.cp = {1};
  PlanOptions opt;
  opt.objective = Objective::Cost;
  opt.ranking = Ranking::Optimistic;  // the point estimate's time breaks the ties
  opt.top = 10;
  const PlanResult r = plan(base, sp, opt);
  QVERIFY(r.ok());
  QVERIFY(r.top.size() >= 2);
  int ties = 0;
  for (std::size_t i = 1; i < r.top.size(); ++i) {
    const PlanMetrics& x = r.top[i - 1].metrics;
    const PlanMetrics& y = r.top[i].metrics;
    QVERIFY(x.score <= y.score);
    if (x.score == y.score) {
      ++ties;
      QVERIFY2(x.time_s <= y.time_s, qPrintable(QString("rank %1: %2 d before %3 d").arg(i).arg(x.time_s / 86400).arg(
                                         y.time_s / 86400)));
      QCOMPARE(x.tiebreak, x.time_s);
    }
  }
  QVERIFY(ties > 0);  // the case exists
  // Rank 1 is the fastest of the cheapest: no equally cheap row trains sooner.
  for (const PlanEntry& e : r.top)
    if (e.metrics.run_cost == r.top.front().metrics.run_cost) QVERIFY(e.metrics.time_s >= r.top.front().metrics.time_s);
}

void TstPlanner::identicalEstimatesCollapse() {
  // With flash attention, selective recomputation drops nothing: recompute
  // none and selective estimate identically and make one row that names the other.
  const Scenario base = small_base("llama-2-7b", 1, 64);
  SearchSpace sp;
  sp.recompute = {Recompute::None, Recompute::Selective};
  sp.zero = {Zero::Stage1};
  PlanOptions opt;
  opt.top = 10;
  const PlanResult r = plan(base, sp, opt);
  QVERIFY(r.ok());
  QCOMPARE(r.top.size(), std::size_t(10));
  for (std::size_t i = 0; i < r.top.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) QVERIFY(!same_figures(r.top[i].metrics, r.top[j].metrics));
  const PlanEntry& best = r.top.front();
  QCOMPARE(best.layout.recompute, Recompute::None);  // the lower key leads the row
  QVERIFY(!best.variants.empty());
  bool twin = false;
  for (const PlanLayout& v : best.variants) {
    PlanLayout w = v;
    w.recompute = Recompute::None;
    if (v.recompute == Recompute::Selective && same_layout(w, best.layout)) twin = true;
    // Each variant estimates exactly as the row.
    const Estimate e = estimate(apply_layout(base, v, r.fabrics));
    QCOMPARE(e.throughput.tokens_per_s, best.estimate.throughput.tokens_per_s);
    QCOMPARE(e.memory.peak.total(), best.estimate.memory.peak.total());
  }
  QVERIFY(twin);
}

void TstPlanner::warningsFlagged() {
  // A layout whose estimate raises warnings says so. PP 4 with a global batch
  // of 4 on 16 GPUs at TP 2 (DP 2): 2 micro-batches per step for 4 stages.
  const Scenario base = small_base("llama-2-7b", 2, 4);
  SearchSpace sp;
  sp.tp = {2};
  sp.pp = {4};
  sp.cp = {1};
  sp.micro_batch = {1};
  const PlanResult r = plan(base, sp, PlanOptions{});
  QVERIFY(r.ok());
  QVERIFY(!r.top.empty());
  const std::uint32_t few = std::uint32_t(1) << unsigned(WarningCode::FewMicroBatches);
  for (const PlanEntry& e : r.top) {
    QVERIFY(e.metrics.warnings & few);
    QVERIFY(e.estimate.warnings.has(WarningCode::FewMicroBatches));
  }
  QVERIFY(QString::fromStdString(warnings_text(r.top.front().metrics.warnings)).contains("few_micro_batches"));
}

void TstPlanner::closestLayoutWhenNothingFits() {
  // Llama-2-70B on 8 A100 80GB: nothing fits (ZeRO-3 alone leaves 16 x 69B /
  // 8 = 138 GB of states per GPU). The planner shows the layout that came closest, not the
  // first one tried, and what would make it fit: a larger GPU and more GPUs.
  const Scenario base = small_base("llama-2-70b", 1, 64);
  const PlanResult r = plan(base, SearchSpace{}, PlanOptions{});
  QVERIFY(r.ok());
  QCOMPARE(r.feasible, 0LL);
  QVERIFY(r.binding.has_value());
  QCOMPARE(*r.binding, PlanReason::Memory);
  QVERIFY(r.closest.has_value());
  const PlanEntry& c = *r.closest;
  // It splits the model over all 8 GPUs (with DP 1 every ZeRO stage holds the same).
  QCOMPARE(c.layout.tp * c.layout.pp, 8);
  qInfo("%s", r.closest_text.c_str());
  // Closer than the first layout the search rejected for memory.
  const PlanLayout& first = *r.example[std::size_t(PlanReason::Memory)];
  const double first_need = estimate(apply_layout(base, first, r.fabrics)).memory.peak.total();
  QVERIFY(c.estimate.memory.peak.total() < first_need);
  // No layout of a grid the search covers needs less (full recomputation, ZeRO-3).
  const double closest_need = c.estimate.memory.peak.total();
  for (int tp : {1, 2, 4, 8})
    for (int pp : {1, 2, 4, 8}) {
      if (tp * pp > 8) continue;
      PlanLayout l = c.layout;
      l.tp = tp, l.pp = pp, l.cp = 1, l.vpp = 1, l.micro_batch = 1, l.sp = tp > 1, l.tp_overlap = false;
      l.recompute = Recompute::Full;
      l.zero = Zero::Stage3;
      const Scenario s = apply_layout(base, l, r.fabrics);
      if (!validate(s).empty()) continue;
      QVERIFY(estimate(s).memory.peak.total() >= closest_need);
    }
  const QString text = QString::fromStdString(r.closest_text);
  QVERIFY2(text.contains("would fit on b200") || text.contains("would fit on h200-sxm") ||
               text.contains("would fit on mi300x"),
           r.closest_text.c_str());
  QVERIFY2(text.contains(" GPUs as TP"), r.closest_text.c_str());
  QVERIFY(QString::fromStdString(r.binding_text).contains("closest layout"));
}

void TstPlanner::publishedLayoutFitsWithHeadroom() {
  // A layout that ran in production must be judged to fit with the headroom
  // kept: Megatron-Core's 462B on 6,144 H100s (published-runs.md C: TP 8, PP 16, DP 48, global
  // batch 3,072, distributed optimizer, selective recomputation, SP, TP overlap).
  const Scenario run = validation::eos(validation::gpt(112, 18432, 144, 131072, false), 8, 16, 6144, 3072);
  SearchSpace sp;
  sp.tp = {8};
  sp.pp = {16};
  sp.cp = {1};
  sp.ep = {1};
  sp.vpp = {1};
  sp.micro_batch = {1};
  sp.recompute = {Recompute::Selective};
  sp.zero = {Zero::DistributedOptimizer};
  sp.sp = {1};
  sp.tp_overlap = {1};
  const PlanResult r = plan(run, sp, PlanOptions{});
  QVERIFY(r.ok());
  QCOMPARE(r.feasible, 1LL);
  const MemoryEstimate& m = r.top.front().estimate.memory;
  QVERIFY(m.fits_with_headroom);
  QCOMPARE(m.kept_free, 0.05 * m.capacity);
  // The headroom is the user's: keeping half the GPU free rejects it.
  Scenario strict = run;
  strict.overheads.headroom_fraction = 0.5;
  const PlanResult s = plan(strict, sp, PlanOptions{});
  QCOMPARE(s.feasible, 0LL);
  QCOMPARE(s.rejected[std::size_t(PlanReason::Memory)], 1LL);
  // A headroom of the whole GPU is refused with its field named.
  strict.overheads.headroom_fraction = 1.0;
  const PlanResult bad = plan(strict, sp, PlanOptions{});
  QVERIFY(!bad.ok());
  QCOMPARE(bad.problems.front().field, std::string("overheads.headroom_fraction"));
}

// Ranking::Robust orders layouts by the objective at the pessimistic edge of each band, so a
// layout in a corner few published runs cover (its band widened by kGapWidening per evidence
// gap) must win by more than its extra uncertainty; Ranking::Optimistic keeps the point
// estimate's order. GPT-3 175B on 1,024 A100: the point estimate's winner runs micro-batch 2+
// without recomputation (a gap at 65B+), the robust winner does not.
void TstPlanner::robustRankingWeighsEvidenceGaps() {
  Scenario base = default_scenario();
  base.model = find_model_preset("gpt3-175b")->shape;
  base.model_id = "gpt3-175b";
  base.cluster.gpu = *find_gpu("a100-80gb-sxm");
  base.cluster.fabric = *find_fabric("ib-hdr");
  base.training.seq = 2048;
  base.training.global_batch = 1536;
  SearchSpace space;
  space.gpus = {1024};
  PlanOptions opt;
  opt.top = 20;
  opt.ranking = Ranking::Optimistic;
  const PlanResult optimistic = plan(base, space, opt);
  opt.ranking = Ranking::Robust;
  const PlanResult robust = plan(base, space, opt);
  QVERIFY(optimistic.ok() && robust.ok());
  QVERIFY(!optimistic.top.empty() && !robust.top.empty());
  QCOMPARE(robust.ranking, Ranking::Robust);
  // Each list is sorted by its own score: the robust one by the band's pessimistic edge.
  for (std::size_t i = 1; i < robust.top.size(); ++i) {
    QVERIFY(robust.top[i - 1].metrics.score <= robust.top[i].metrics.score);
    const Throughput& t = robust.top[i].estimate.throughput;
    QVERIFY(std::abs(robust.top[i].metrics.score + t.band_low) <= 1e-9 * t.band_low);
  }
  const PlanEntry& o = optimistic.top.front();
  const PlanEntry& r = robust.top.front();
  QVERIFY(o.estimate.throughput.outside_evidence != 0);
  QVERIFY(o.metrics.tokens_per_s >= r.metrics.tokens_per_s);
  QVERIFY(r.estimate.throughput.band_low >= o.estimate.throughput.band_low);
  // A winner with gaps names them, and the best layout of the list inside the evidence.
  if (r.estimate.throughput.outside_evidence != 0) {
    QVERIFY(!robust.evidence_text.empty());
    if (robust.nearest_validated >= 0)
      QCOMPARE(robust.top[std::size_t(robust.nearest_validated)].estimate.throughput.outside_evidence, 0u);
  }
}

QTEST_APPLESS_MAIN(TstPlanner)
// The planner says which of its first layouts the estimates cannot rank (each within
// the winner's uncertainty band) and prefers, among them, the family with the most validation
// behind it, then comfortable memory headroom. Checked against the rule recomputed here from
// each entry's band, and on GPT-3 175B on 1,024 A100s given 72 GiB each, whose winner (TP 4
// PP 8 VPP 12 CP 2, micro-batch 3) sits at the edge of memory, 67.7 GiB. On the 80 GiB part the
// winner used to sit there too (TP 4 PP 4 VPP 24 CP 2, 75.9 GiB); with the frameworks' default
// fp32 gradients that layout no longer fits and the winner has room, so the capacity is cut to
// keep the rule's case.
void TstPlanner::bandTiePrefersValidatedHeadroom() {
  Scenario base = default_scenario();
  base.model_id = "gpt3-175b";
  base.model = find_model_preset("gpt3-175b")->shape;
  base.training.seq = 2048;
  base.training.global_batch = 1536;
  base.cluster.gpu = *find_gpu("a100-80gb-sxm");
  base.cluster.gpu.memory_bytes = 72 * units::GiB;
  base.cluster.fabric = *find_fabric("ib-hdr");
  base.cluster.gpus_per_node = 8;
  base.cluster.nodes = 128;
  SearchSpace sp;
  sp.gpus = {1024};
  PlanOptions o;
  o.top = 10;
  o.ranking = Ranking::Optimistic;  // the point estimate's winner sits at the edge of memory
  const PlanResult r = plan(base, sp, o);
  QVERIFY(r.ok());
  QCOMPARE(r.top.size(), std::size_t(10));
  // The rule, from the entries' own bands (throughput objective: higher is better).
  const Throughput& w = r.top.front().estimate.throughput;
  int within = 0, best_runs = -1;
  for (const PlanEntry& e : r.top)
    if (e.estimate.throughput.band_high >= w.band_low) {
      ++within;
      best_runs = std::max(best_runs, validation_runs(e.scenario));
    }
  QCOMPARE(r.tie.within, within);
  QVERIFY(within >= 2);
  const PlanEntry& rec = r.top[std::size_t(r.tie.recommended)];
  QVERIFY(rec.estimate.throughput.band_high >= w.band_low);
  QCOMPARE(r.tie.validation_runs, validation_runs(rec.scenario));
  QCOMPARE(r.tie.validation_runs, best_runs);
  QCOMPARE(r.tie.headroom_bytes, rec.estimate.memory.capacity - rec.estimate.memory.peak.total());
  // The winner is at the edge of memory (under 10% of it free): a layout with room is preferred,
  // and no better-ranked layout within the band had both the validation and the room.
  const MemoryEstimate& wm = r.top.front().estimate.memory;
  QVERIFY(wm.capacity - wm.peak.total() < kComfortableHeadroom * wm.capacity);
  QVERIFY(r.tie.recommended > 0);
  QVERIFY(r.tie.headroom_bytes >= kComfortableHeadroom * rec.estimate.memory.capacity);
  for (int i = 0; i < r.tie.recommended; ++i) {
    const PlanEntry& e = r.top[std::size_t(i)];
    const bool in_band = e.estimate.throughput.band_high >= w.band_low;
    const bool roomy = e.estimate.memory.capacity - e.estimate.memory.peak.total() >=
                       kComfortableHeadroom * e.estimate.memory.capacity;
    QVERIFY(!(in_band && validation_runs(e.scenario) == best_runs && roomy));
  }
  QVERIFY(r.tie_text.find("Prefer #" + std::to_string(r.tie.recommended + 1)) != std::string::npos);
  // Its family is in the corpus: TP 4 and Megatron sharding have fitted runs behind them.
  QVERIFY(r.tie.validation_runs >= kMinBandRuns);
}

#include "tst_planner.moc"
