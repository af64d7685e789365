// The planner's set-up (knob lists, clusters, work units), the parallel run and the merge.
// The inner loop is core/plan/src/planner_search.cpp.
#include "plan/planner.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <mutex>
#include <tuple>

#include "engine/error_band.h"
#include "engine/fabric.h"
#include "plan/planner_search.h"
#include "plan/thread_pool.h"

namespace cp {

using namespace planner_detail;

bool key_less(const PlanLayout& a, const PlanLayout& b) {
  return std::tie(a.gpus, a.fabric, a.tp, a.pp, a.cp, a.ep, a.vpp, a.micro_batch, a.recompute, a.zero, a.sp,
                  a.tp_overlap) < std::tie(b.gpus, b.fabric, b.tp, b.pp, b.cp, b.ep, b.vpp, b.micro_batch, b.recompute,
                                           b.zero, b.sp, b.tp_overlap);
}

bool same_figures(const PlanMetrics& a, const PlanMetrics& b) {
  return a.tokens_per_s == b.tokens_per_s && a.time_s == b.time_s && a.run_cost == b.run_cost &&
         a.cost_per_mtok == b.cost_per_mtok && a.memory_bytes == b.memory_bytes && a.warnings == b.warnings;
}

Scenario apply_layout(const Scenario& base, const PlanLayout& l, const std::vector<std::string>& fabrics) {
  Scenario s = base;
  if (s.cluster.gpus_per_node > 0 && l.job_gpus > 0) s.cluster.nodes = l.job_gpus / s.cluster.gpus_per_node;
  if (l.fabric >= 0 && std::size_t(l.fabric) < fabrics.size())
    if (const FabricSpec* f = find_fabric(fabrics[std::size_t(l.fabric)])) s.cluster.fabric = *f;
  s.parallel = Parallelism{l.tp, l.pp, l.vpp, 0, l.cp, l.ep, l.sp};
  s.training.micro_batch = l.micro_batch;
  s.training.recompute = l.recompute;
  s.training.zero = l.zero;
  s.training.tp_comm_overlap = l.tp_overlap;
  return s;
}

namespace {

template <typename T>
void canonical(std::vector<T>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

void check_list(const std::vector<int>& v, const char* name, int max, std::vector<Problem>& out) {
  for (int x : v)
    if (x < 1 || x > max)
      out.push_back({std::string("search.") + name,
                     "values must be from 1 to " + std::to_string(max) + ", got " + std::to_string(x)});
}

bool tp_fits_model(const ModelShape& m, int tp) {
  if (m.heads % tp != 0 || m.ffn % tp != 0) return false;
  if (m.attention == AttentionType::Mha && m.kv_heads % tp != 0) return false;
  return !m.is_moe() || m.expert_ffn() % tp == 0;
}

// Default lists: every value that can be valid on its own for this model and cluster.
Knobs make_knobs(const Scenario& b, const SearchSpace& sp, int max_job_gpus) {
  const ModelShape& m = b.model;
  Knobs k{sp.tp, sp.pp, sp.cp, sp.ep, sp.vpp, sp.micro_batch, sp.sp, sp.tp_overlap, sp.recompute, sp.zero};
  if (k.tp.empty())
    for (int t = 1; t <= std::min(m.heads, sp.tp_across_nodes ? max_job_gpus : b.cluster.gpus_per_node); ++t)
      if (tp_fits_model(m, t)) k.tp.push_back(t);
  if (k.pp.empty())
    for (int p = 1; p <= std::min(m.layers, max_job_gpus); ++p) k.pp.push_back(p);
  if (k.cp.empty()) {
    k.cp.push_back(1);
    for (int c = 2; c <= max_job_gpus && 2 * c <= b.training.seq; ++c)
      if (b.training.seq % (2 * c) == 0) k.cp.push_back(c);
  }
  if (k.ep.empty()) {
    k.ep.push_back(1);
    if (m.is_moe())
      for (int e = 2; e <= std::min(m.experts, max_job_gpus); ++e)
        if (m.experts % e == 0) k.ep.push_back(e);
  }
  if (k.vpp.empty())
    for (int v = 1; v <= std::max(1, m.layers / 2); ++v) k.vpp.push_back(v);
  if (k.mb.empty())
    for (int x = 1; x <= std::min(sp.max_micro_batch, b.training.global_batch); ++x)
      if (b.training.global_batch % x == 0) k.mb.push_back(x);
  if (k.sp.empty()) k.sp = {0, 1};
  if (k.tpo.empty()) k.tpo = {0, 1};
  if (k.recompute.empty()) k.recompute = {Recompute::None, Recompute::Selective, Recompute::Full};
  if (k.zero.empty()) k.zero = {Zero::Stage0, Zero::Stage1, Zero::Stage2, Zero::Stage3, Zero::DistributedOptimizer};
  for (auto* v : {&k.tp, &k.pp, &k.cp, &k.ep, &k.vpp, &k.mb, &k.sp, &k.tpo}) canonical(*v);
  canonical(k.recompute);
  canonical(k.zero);
  return k;
}

}  // namespace

namespace planner_detail {

// Validates the input and fills the clusters and knob lists; problems go to r.problems.
void prepare(const Scenario& base, const SearchSpace& sp, const PlanOptions& opt, Setup& st, PlanResult& r) {
  std::vector<Problem>& P = r.problems;
  const int gpn = base.cluster.gpus_per_node;
  std::vector<int> gpus = sp.gpus.empty() ? std::vector<int>{base.cluster.total_gpus()} : sp.gpus;
  canonical(gpus);
  r.fabrics = sp.fabrics.empty() ? std::vector<std::string>{base.cluster.fabric.id} : sp.fabrics;
  for (std::size_t i = 0; i < r.fabrics.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (r.fabrics[i] == r.fabrics[j]) P.push_back({"search.fabrics", "fabric '" + r.fabrics[i] + "' is listed twice"});
  check_list(sp.tp, "tp", kMaxHeadsExpertsDegree, P);
  check_list(sp.pp, "pp", kMaxHeadsExpertsDegree, P);
  check_list(sp.cp, "cp", kMaxHeadsExpertsDegree, P);
  check_list(sp.ep, "ep", kMaxHeadsExpertsDegree, P);
  check_list(sp.vpp, "vpp", 1 << 10, P);
  check_list(sp.micro_batch, "micro_batch", 1 << 20, P);
  for (int x : sp.sp)
    if (x != 0 && x != 1) P.push_back({"search.sp", "values must be 0 (off) or 1 (on), got " + std::to_string(x)});
  for (int x : sp.tp_overlap)
    if (x != 0 && x != 1)
      P.push_back({"search.tp_overlap", "values must be 0 (off) or 1 (on), got " + std::to_string(x)});
  if (sp.max_micro_batch < 1) P.push_back({"search.max_micro_batch", "must be at least 1"});
  if (sp.spare_nodes < 0) P.push_back({"search.spare_nodes", "must be zero or more"});
  if (!(sp.max_power_kw >= 0)) P.push_back({"search.max_power_kw", "must be zero (no limit) or more"});
  if (!(sp.max_budget_per_month >= 0)) P.push_back({"search.max_budget_per_month", "must be zero (no limit) or more"});
  if (!(sp.deadline_s >= 0)) P.push_back({"search.deadline_s", "must be zero (no deadline) or more"});
  if (opt.top < 0) P.push_back({"search.top", "must be zero or more"});
  if (base.training.global_batch < 1 || base.training.global_batch > (1 << 30))
    P.push_back({"training.global_batch", "must be from 1 to 2^30 sequences"});
  const bool needs_tokens = opt.objective != Objective::Throughput || sp.deadline_s > 0;
  if (needs_tokens && !(base.training.tokens > 0))
    P.push_back({"training.tokens", "the objective '" + std::string(to_string(opt.objective)) +
                                        "' and a deadline need a token budget (training.tokens, --tokens)"});

  // Each fabric's scenario: the base with the fabric and the planner's trivial layout applied.
  st.fabric_base.assign(r.fabrics.size(), base);
  for (std::size_t f = 0; f < r.fabrics.size(); ++f) {
    Scenario& fb = st.fabric_base[f];
    if (const FabricSpec* spec = find_fabric(r.fabrics[f])) fb.cluster.fabric = *spec;
    fb.parallel = Parallelism{1, 1, 1, 0, 1, 1, false};
    fb.training.micro_batch = 1;
  }
  int max_job = 0;
  for (int g : gpus) {
    if (gpn < 1 || g < 1 || g % gpn != 0) {
      P.push_back({"search.gpus", std::to_string(g) + " GPUs is not a whole number of " + std::to_string(gpn) +
                                      "-GPU nodes"});
      continue;
    }
    const int job_nodes = g / gpn - sp.spare_nodes;
    if (job_nodes < 1) {
      P.push_back({"search.spare_nodes", std::to_string(sp.spare_nodes) + " spare nodes leave no node of the " +
                                             std::to_string(g / gpn) + " for the job"});
      continue;
    }
    for (std::size_t f = 0; f < r.fabrics.size(); ++f) {
      const FabricSpec* spec = find_fabric(r.fabrics[f]);
      if (!spec && r.fabrics[f] != base.cluster.fabric.id) {
        if (g == gpus.front()) P.push_back({"search.fabrics", "unknown fabric '" + r.fabrics[f] + "'"});
        continue;
      }
      ClusterCase cc;
      cc.gpus = g;
      cc.job_gpus = job_nodes * gpn;
      cc.fabric = int(f);
      cc.job_nodes = job_nodes;
      // The layout is the planner's; everything else must validate. A global batch equal to
      // the GPU count passes the batch check of this trivial layout.
      Scenario check = st.fabric_base[f];
      check.cluster.nodes = job_nodes;
      check.training.global_batch = cc.job_gpus;
      for (const Problem& p : validate(check))
        if (std::none_of(P.begin(), P.end(), [&](const Problem& q) { return q.text() == p.text(); })) P.push_back(p);
      max_job = std::max(max_job, cc.job_gpus);
      st.clusters.push_back(cc);
    }
  }
  if (!P.empty()) return;
  st.knobs = make_knobs(base, sp, max_job);
  st.objective = opt.objective;
  st.ranking = opt.ranking;
  st.top = opt.top;
  st.even_chunks_only = sp.even_chunks_only;
  st.want_frontier = base.training.tokens > 0;
  st.needs_price = opt.objective == Objective::Cost || opt.objective == Objective::CostPerToken ||
                   sp.max_budget_per_month > 0;
  st.max_power_w = sp.max_power_kw * 1000;
  st.max_budget = sp.max_budget_per_month;
  st.deadline_s = sp.deadline_s;
}

void fill_from(const Knobs& k, int level, PlanLayout& l) {
  if (level < 1) l.pp = k.pp.front();
  if (level < 2) l.cp = k.cp.front();
  l.ep = k.ep.front();
  l.vpp = k.vpp.front();
  l.micro_batch = k.mb.front();
  l.recompute = k.recompute.front();
  l.zero = k.zero.front();
  l.sp = k.sp.front() != 0;
  l.tp_overlap = k.tpo.front() != 0;
  const int replica = l.tp * l.pp * l.cp;
  l.dp = replica > 0 && l.job_gpus % replica == 0 ? l.job_gpus / replica : 0;
}

// Work units, with the (cluster, TP, PP, CP) choices that fail their checks counted in `t`.
std::vector<Unit> make_units(const Setup& st, const SearchSpace& sp, const Scenario& base, Tally& t) {
  const Knobs& k = st.knobs;
  const ModelShape& m = base.model;
  const int gpn = base.cluster.gpus_per_node;
  std::vector<Unit> units;
  for (int c = 0; c < int(st.clusters.size()); ++c) {
    const ClusterCase& cc = st.clusters[std::size_t(c)];
    PlanLayout l;
    l.gpus = cc.gpus;
    l.job_gpus = cc.job_gpus;
    l.fabric = cc.fabric;
    for (int tp : k.tp) {
      l.tp = tp;
      PlanReason r = PlanReason::Count;
      if (tp > gpn && !sp.tp_across_nodes) r = PlanReason::TpExceedsNode;
      else if (m.heads % tp != 0) r = PlanReason::TpHeads;
      else if (m.attention == AttentionType::Mha && m.kv_heads % tp != 0) r = PlanReason::TpKvHeads;
      else if (m.ffn % tp != 0) r = PlanReason::TpFfn;
      else if (m.is_moe() && m.expert_ffn() % tp != 0) r = PlanReason::TpExpertFfn;
      if (r != PlanReason::Count) {
        fill_from(k, 0, l);
        t.reject(r, subtree(k, 0), l);
        continue;
      }
      for (int pp : k.pp) {
        l.pp = pp;
        if (pp > m.layers) {
          fill_from(k, 1, l);
          t.reject(PlanReason::PpLayers, subtree(k, 1), l);
          continue;
        }
        for (int cpv : k.cp) {
          l.cp = cpv;
          r = PlanReason::Count;
          if (cpv > 1 && base.training.seq % (2 * cpv) != 0) r = PlanReason::CpSeq;
          else if (cc.job_gpus % ((long long)tp * pp * cpv) != 0) r = PlanReason::LayoutGpus;
          if (r != PlanReason::Count) {
            fill_from(k, 2, l);
            t.reject(r, subtree(k, 2), l);
            continue;
          }
          units.push_back(Unit{c, tp, pp, cpv});
        }
      }
    }
  }
  return units;
}

}  // namespace planner_detail

namespace {

std::vector<PlanEntry> entries(const std::vector<Candidate>& cs, const Scenario& base, const PlanResult& r) {
  std::vector<PlanEntry> out;
  out.reserve(cs.size());
  for (const Candidate& c : cs) {
    PlanEntry e{c.layout, c.metrics, apply_layout(base, c.layout, r.fabrics), {}, c.variants};
    e.estimate = estimate(e.scenario);
    out.push_back(std::move(e));
  }
  return out;
}

// What would make the closest layout fit: the smallest GPU of the catalog with enough memory
// (headroom kept), and the fewest GPUs, 2 to 64 times as many, on which the same layout with
// more pipeline stages (each holding fewer layers) or more data-parallel ranks (sharding the
// ZeRO states further) fits.
std::string fit_advice(const PlanEntry& c, const Scenario& base, const std::vector<std::string>& fabrics) {
  constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
  const double need = c.estimate.memory.peak.total();
  const double keep = base.overheads.headroom_fraction;
  std::string out = "closest layout: " + std::to_string(c.layout.gpus) + " GPUs, " + layout_text(c.layout);
  char buf[160];
  std::snprintf(buf, sizeof buf, ", needs %.1f GiB per GPU and %.1f GiB kept free; the GPU has %.1f GiB", need / GiB,
                c.estimate.memory.kept_free / GiB, c.estimate.memory.capacity / GiB);
  out += buf;
  const GpuSpec* larger = nullptr;
  for (const GpuSpec& g : gpu_catalog())
    if (g.memory_bytes * (1.0 - keep) >= need && (!larger || g.memory_bytes < larger->memory_bytes)) larger = &g;
  if (larger) {
    std::snprintf(buf, sizeof buf, ". It would fit on %s (%.0f GiB)", larger->id.c_str(), larger->memory_bytes / GiB);
    out += buf;
  } else {
    out += ". No GPU in the catalog has that much memory";
  }
  const int gpn = base.cluster.gpus_per_node;
  for (int k = 2; k <= 64; k *= 2) {
    for (int way = 0; way < 2; ++way) {
      PlanLayout l = c.layout;
      l.job_gpus = c.layout.job_gpus * k;
      l.gpus = l.job_gpus + (c.layout.gpus - c.layout.job_gpus);
      if (way == 0) {
        l.pp *= k;
        l.vpp = 1;
        if (l.pp > base.model.layers) continue;
      } else {
        l.dp *= k;
        if (base.training.global_batch % ((long long)l.dp * l.micro_batch) != 0) continue;
      }
      if (gpn < 1 || l.job_gpus % gpn != 0) continue;
      const Scenario s = apply_layout(base, l, fabrics);
      if (!validate(s).empty()) continue;
      const Estimate e = estimate(s);
      if (!e.memory.fits_with_headroom) continue;
      l.dp = s.data_parallel();
      out += std::string(larger ? ", or" : "; it would fit") + " on " + std::to_string(l.gpus) + " GPUs as " +
             layout_text(l) + " (" + std::to_string(int(std::lround(e.memory.peak.total() / GiB))) + " GiB)";
      return out;
    }
  }
  return out + "; not on up to 64 times the GPUs with more pipeline stages or data-parallel ranks either";
}

void find_binding(const Scenario& base, const SearchSpace& sp, PlanResult& r) {
  if (r.feasible > 0 || r.cancelled || r.considered == 0) return;
  const bool estimated = r.evaluated > 0;
  int best = -1;
  for (int i = 0; i < kPlanReasons; ++i) {
    if (after_estimate(PlanReason(i)) != estimated || r.rejected[std::size_t(i)] == 0) continue;
    // These two only skip duplicates of a layout (VPP without PP, SP without TP): never binding.
    if (PlanReason(i) == PlanReason::VppNeedsPp || PlanReason(i) == PlanReason::SpNoTp ||
        PlanReason(i) == PlanReason::TpOverlapNeedsSp)
      continue;
    if (best < 0 || r.rejected[std::size_t(i)] > r.rejected[std::size_t(best)]) best = i;
  }
  if (best < 0) return;
  const PlanReason reason = PlanReason(best);
  r.binding = reason;
  r.binding_text = "no feasible layout; binding constraint '" + std::string(reason_id(reason)) + "' rejected " +
                   std::to_string(r.rejected[std::size_t(best)]) + " of " +
                   std::to_string(estimated ? r.evaluated : r.considered) +
                   (estimated ? " estimated layouts" : " layouts");
  // Memory: the layout closest to fitting and what would make it fit, not the first layout
  // tried (often the worst).
  if (reason == PlanReason::Memory && r.closest) {
    r.binding_text += "; " + r.closest_text;
    return;
  }
  const PlanLayout& ex = *r.example[std::size_t(best)];
  r.binding_text += ", e.g. " + std::to_string(ex.gpus) + " GPUs, " + layout_text(ex) + ": " +
                    reason_text(reason, ex, base, sp, r.fabrics);
}

}  // namespace

int validation_runs(const Scenario& s) {
  int tp = 0, sharding = 0;
  for (const BandBucket& b : band_table()) {
    if (b.dimension == "TP degree" && b.bucket == tp_bucket(s)) tp = b.runs;
    if (b.dimension == "sharding" && b.bucket == sharding_bucket(s)) sharding = b.runs;
  }
  return std::min(tp, sharding);
}

namespace {

// The objective's value of an entry at the optimistic and the pessimistic edge of its band.
struct Edges {
  double optimistic = 0, pessimistic = 0;
};
Edges objective_edges(const PlanEntry& e, Objective o) {
  const Throughput& t = e.estimate.throughput;
  const double up = t.tokens_per_s > 0 && t.band_high > 0 ? t.band_high / t.tokens_per_s : 1.0;
  const double down = t.tokens_per_s > 0 && t.band_low > 0 ? t.band_low / t.tokens_per_s : 1.0;
  // The point estimate in the score's sense, lower is better (throughput negated; the score
  // itself may already sit at the pessimistic edge: Ranking::Robust); faster scales time and
  // cost down.
  const PlanMetrics& m = e.metrics;
  const double v = o == Objective::Throughput ? -m.tokens_per_s
                   : o == Objective::Time     ? m.time_s
                   : o == Objective::Cost     ? m.run_cost
                                              : m.cost_per_mtok;
  if (o == Objective::Throughput) return {v * up, v * down};
  return {v / up, v / down};
}

}  // namespace

BandTie band_tie(const PlanResult& r) {
  BandTie tie;
  const Edges winner = objective_edges(r.top.front(), r.objective);
  bool best_comfortable = false;
  for (std::size_t i = 0; i < r.top.size(); ++i) {
    const PlanEntry& e = r.top[i];
    if (objective_edges(e, r.objective).optimistic > winner.pessimistic) continue;  // clearly behind
    ++tie.within;
    const int runs = validation_runs(e.scenario);
    const double headroom = e.estimate.memory.capacity - e.estimate.memory.peak.total();
    const bool comfortable = headroom >= kComfortableHeadroom * e.estimate.memory.capacity;
    if (tie.within == 1 || runs > tie.validation_runs ||
        (runs == tie.validation_runs && comfortable && !best_comfortable)) {
      tie.recommended = int(i);
      tie.validation_runs = runs;
      tie.headroom_bytes = headroom;
      best_comfortable = comfortable;
    }
  }
  return tie;
}

PlanResult plan(const Scenario& base, const SearchSpace& space, const PlanOptions& opt) {
  const auto t0 = std::chrono::steady_clock::now();
  PlanResult r;
  r.objective = opt.objective;
  r.ranking = opt.ranking;
  Setup st;
  prepare(base, space, opt, st, r);
  if (!r.ok()) return r;

  Tally tally;
  const std::vector<Unit> units = make_units(st, space, base, tally);
  r.considered = (long long)st.clusters.size() * subtree(st.knobs, -1);
  // Each unit's result is merged as soon as the unit is done and then dropped: held until the
  // last unit, every unit's result (a tally with an example layout per reason and its own top
  // and frontier) takes 7.1 GB (measured) at the planner's maximum, 4,096 sizes x 12 fabrics;
  // tests/bench/bench_memory.cpp measures the peak. The
  // merge is exact and order-free: counts add up; the top and the frontier are cut down by
  // total orders (better(); time, cost, key), which give the same answer in any order; each
  // reason's example is the one of the lowest unit, as a merge in unit order would keep.
  std::atomic<int> done{0};
  std::atomic<long long> evaluated{0};
  std::mutex progress_mutex, merge_mutex;
  std::vector<Candidate> top, pareto;
  constexpr std::size_t kPreRun = SIZE_MAX;  // an example found while making the units
  std::array<std::size_t, kPlanReasons> example_unit;
  example_unit.fill(units.size());
  for (std::size_t k = 0; k < example_unit.size(); ++k)
    if (tally.example[k]) example_unit[k] = kPreRun;
  auto by_time_then_cost = [](const Candidate& a, const Candidate& b) {
    if (a.metrics.time_s != b.metrics.time_s) return a.metrics.time_s < b.metrics.time_s;
    if (a.metrics.run_cost != b.metrics.run_cost) return a.metrics.run_cost < b.metrics.run_cost;
    return key_less(a.layout, b.layout);
  };
  // The (time, cost) frontier of `v`: in time order, each point cheaper than all before it.
  auto keep_frontier = [&](std::vector<Candidate>& v) {
    std::sort(v.begin(), v.end(), by_time_then_cost);
    std::vector<Candidate> f;
    for (const Candidate& c : v)
      if (f.empty() || c.metrics.run_cost < f.back().metrics.run_cost) f.push_back(c);
    v = std::move(f);
  };
  // Rows that estimate identically become one row naming its variants. Identical figures mean
  // an identical score and tie-break, so twins sit among the rows of equal score (`v` sorted).
  auto collapse_twins = [](std::vector<Candidate>& v) {
    std::vector<Candidate> rows;
    for (Candidate& c : v) {
      bool merged = false;
      for (auto it = rows.rbegin(); it != rows.rend() && it->metrics.score == c.metrics.score; ++it)
        if (same_figures(it->metrics, c.metrics)) {
          merge_variant(*it, c);
          merged = true;
          break;
        }
      if (!merged) rows.push_back(std::move(c));
    }
    v = std::move(rows);
  };
  const int threads = opt.threads > 0 ? opt.threads : hardware_threads();
  r.threads = std::max(1, std::min(threads, int(units.size())));
  parallel_for(int(units.size()), threads, [&](int i) {
    UnitResult ur;
    if (opt.cancel && opt.cancel->load(std::memory_order_relaxed)) ur.cancelled = true;
    else run_unit(st, units[std::size_t(i)], ur, opt.cancel);
    {
      std::lock_guard<std::mutex> lock(merge_mutex);
      Tally& t = tally;
      t.evaluated += ur.tally.evaluated;
      t.feasible += ur.tally.feasible;
      t.rejected_divisibility += ur.tally.rejected_divisibility;
      for (std::size_t k = 0; k < t.rejected.size(); ++k) {
        t.rejected[k] += ur.tally.rejected[k];
        // Examples found while making the units (tally before the run) come first.
        if (ur.tally.example[k] && (!t.example[k] || std::size_t(i) < example_unit[k]) &&
            example_unit[k] != kPreRun) {
          t.example[k] = ur.tally.example[k];
          example_unit[k] = std::size_t(i);
        }
      }
      if (ur.tally.closest) t.near_fit(*ur.tally.closest, ur.tally.closest_ratio);
      r.cancelled = r.cancelled || ur.cancelled;
      top.insert(top.end(), ur.top.begin(), ur.top.end());
      std::sort(top.begin(), top.end(), better);
      collapse_twins(top);
      if (int(top.size()) > opt.top) top.resize(std::size_t(opt.top));
      if (!ur.pareto.empty()) {
        pareto.insert(pareto.end(), ur.pareto.begin(), ur.pareto.end());
        keep_frontier(pareto);
      }
    }
    if (ur.cancelled) return;
    const long long ev = evaluated.fetch_add(ur.tally.evaluated) + ur.tally.evaluated;
    const int d = done.fetch_add(1) + 1;
    if (opt.progress) {
      std::lock_guard<std::mutex> lock(progress_mutex);
      opt.progress(PlanProgress{d, int(units.size()), ev});
    }
  });
  conclude(base, space, tally, top, pareto, r);
  r.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

void planner_detail::conclude(const Scenario& base, const SearchSpace& space, const Tally& tally,
                              const std::vector<Candidate>& top, const std::vector<Candidate>& frontier, PlanResult& r) {
  r.evaluated = tally.evaluated;
  r.feasible = tally.feasible;
  r.rejected_divisibility = tally.rejected_divisibility;
  r.rejected = tally.rejected;
  r.example = tally.example;
  r.top = entries(top, base, r);
  r.frontier = entries(frontier, base, r);
  if (r.feasible == 0 && !r.cancelled && tally.closest) {
    PlanEntry c{*tally.closest, {}, apply_layout(base, *tally.closest, r.fabrics), {}, {}};
    c.estimate = estimate(c.scenario);
    c.metrics.tokens_per_s = c.estimate.throughput.tokens_per_s;
    c.metrics.memory_bytes = c.estimate.memory.peak.total();
    r.closest = std::move(c);
    r.closest_text = fit_advice(*r.closest, base, r.fabrics);
  }
  if (!r.top.empty()) {
    r.tie = band_tie(r);
    r.tie_text = tie_text(r);
    if (r.top.front().estimate.throughput.outside_evidence != 0) {
      for (std::size_t i = 1; i < r.top.size() && r.nearest_validated < 0; ++i)
        if (r.top[i].estimate.throughput.outside_evidence == 0) r.nearest_validated = int(i);
      r.evidence_text = evidence_text(r);
    }
  }
  find_binding(base, space, r);
}

}  // namespace cp
