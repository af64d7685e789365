// The best layout of every point of a fabric sweep in one search (plan/fabric_compare.h,
// best_layouts; docs/planner.md, "Sweeps"). The result is best_layout's for each point, found
// with far fewer estimates: each group (one point on several fabrics) enumerates its layouts
// once, works out what no fabric changes once per layout, tries layouts fastest floor first and
// skips what cannot beat the best found.
#include <algorithm>
#include <cassert>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>

#include "engine/estimate.h"
#include "engine/fabric.h"
#include "engine/memory.h"
#include "engine/throughput.h"
#include "plan/fabric_compare.h"
#include "plan/planner_search.h"
#include "plan/thread_pool.h"

namespace cp {
namespace {

using namespace planner_detail;

// What layer_work reads of a layout: TP, CP, EP, SP, micro-batch, recomputation; with PP for
// the stage floors, with TP overlap and the node size for the TP floor (0 otherwise).
struct WorkKey {
  // etp: Scenario::expert_tp(), which the layer work of a MoE reads and DP can change.
  int tp = 1, cp = 1, ep = 1, micro_batch = 1, etp = 1;
  bool sp = false;
  Recompute recompute = Recompute::None;
  int pp = 0, tp_overlap = 0, gpus_per_node = 0;
  bool operator==(const WorkKey&) const = default;
};
struct WorkKeyHash {
  std::size_t operator()(const WorkKey& k) const {
    std::uint64_t h = std::uint64_t(k.tp) | std::uint64_t(k.cp) << 16 | std::uint64_t(k.ep) << 32 |
                      std::uint64_t(k.pp) << 48;
    h ^= (std::uint64_t(k.micro_batch) | std::uint64_t(k.gpus_per_node) << 24 | std::uint64_t(k.recompute) << 48 |
          std::uint64_t(k.sp) << 52 | std::uint64_t(k.tp_overlap) << 53 | std::uint64_t(k.etp) << 54) *
         0x9E3779B97F4A7C15ull;
    return std::size_t(h ^ (h >> 29));
  }
};

// What no cluster size and no fabric changes, shared by the groups whose model, training setup
// and GPU are the same: the layer work of each TP, CP, EP, SP, micro-batch and recomputation
// (step_work), with PP the floors under its pipeline stages (stage_floors), with TP overlap the
// exposed TP time inside a node (tp_layer_floor_s). One per worker thread: no locks.
class WorkCache {
 public:
  explicit WorkCache(const Scenario& s) : model_(s.model), training_(normal(s.training)), gpu_(s.cluster.gpu) {}
  bool serves(const Scenario& s) const {
    return s.model == model_ && normal(s.training) == training_ && s.cluster.gpu == gpu_;
  }
  static bool same_inputs(const Scenario& a, const Scenario& b) {
    return a.model == b.model && normal(a.training) == normal(b.training) && a.cluster.gpu == b.cluster.gpu;
  }
  // `s` carries the layout; step_work(s) on a miss. The reference stays valid.
  const StepWork& work(const Scenario& s) {
    return find_or_add(works_, key(s), [&] { return step_work(s); });
  }
  StageFloors stages(const Scenario& s, const StepWork& w) {
    WorkKey k = key(s);
    k.pp = s.parallel.pp;
    return find_or_add(stages_, k, [&] { return stage_floors(s, w); });
  }
  double tp(const Scenario& s, const StepWork& w) {
    WorkKey k = key(s);
    k.tp_overlap = s.training.tp_comm_overlap ? 1 : 0;
    k.gpus_per_node = s.cluster.gpus_per_node;
    return find_or_add(tp_, k, [&] { return tp_layer_floor_s(s, w); });
  }

 private:
  static WorkKey key(const Scenario& s) {
    WorkKey k{s.parallel.tp, s.parallel.cp, s.parallel.ep, s.training.micro_batch, s.expert_tp()};
    k.sp = s.parallel.sp;
    k.recompute = s.training.recompute;
    return k;
  }
  template <typename T, typename F>
  static const T& find_or_add(std::unordered_map<WorkKey, T, WorkKeyHash>& map, const WorkKey& k, F&& make) {
    if (const auto it = map.find(k); it != map.end()) return it->second;
    return map.emplace(k, make()).first->second;  // references into the map stay valid
  }
  // The training setup less what none of these reads (batch, token budget) and what the search
  // sets per layout (the key's micro-batch, recomputation and TP overlap; ZeRO).
  static Training normal(Training t) {
    t.global_batch = 0;
    t.tokens = 0;
    t.micro_batch = 0;
    t.recompute = Recompute::None;
    t.zero = Zero::Stage0;
    t.tp_comm_overlap = false;
    return t;
  }
  ModelShape model_;
  Training training_;
  GpuSpec gpu_;
  std::unordered_map<WorkKey, StepWork, WorkKeyHash> works_;
  std::unordered_map<WorkKey, StageFloors, WorkKeyHash> stages_;
  std::unordered_map<WorkKey, double, WorkKeyHash> tp_;
};

// One point of a group: its own prepared search (for classify), its scenario being mutated
// through the layouts, its network, and the best layout found so far.
struct PointState {
  std::size_t index = 0;  // in the group
  Setup setup;
  Scenario s;
  NetworkSize net;  // with `memo`, which remembers the fabric's efficiency per group span
  std::unique_ptr<FabricEfficiencyMemo> memo;
  bool has_best = false;
  Candidate best;
};

// The layouts of one (TP, PP, CP) unit, EP, micro-batch and VPP, with a floor under the step
// time of all of them: a node of the search. Its leaves are the recomputation, ZeRO, SP and
// TP-overlap choices.
struct Node {
  double floor = 0;
  int unit = 0, ep = 1, micro_batch = 1, vpp = 1;
  int microbatches = 1;
  std::size_t block = 0;  // its (unit, EP, micro-batch): into the floors of GroupSearch
  std::size_t shard = 0;  // its (unit, EP): into the memory floors
};

bool stopped(const SweepSearchOptions& o) {
  return (o.cancel && o.cancel->load(std::memory_order_relaxed)) ||
         (o.also_cancel && o.also_cancel->load(std::memory_order_relaxed));
}

SearchSpace point_space(const SearchSpace& space, const Scenario& at) {
  SearchSpace sp = space;
  sp.gpus = {at.cluster.total_gpus()};
  sp.fabrics = {at.cluster.fabric.id};
  return sp;
}

bool same_knobs(const Knobs& a, const Knobs& b) {
  return a.tp == b.tp && a.pp == b.pp && a.cp == b.cp && a.ep == b.ep && a.vpp == b.vpp && a.mb == b.mb &&
         a.sp == b.sp && a.tpo == b.tpo && a.recompute == b.recompute && a.zero == b.zero;
}

// Floors carry a relative margin against rounding (as step_floor_s): `floor` is taken to be no
// more than the exact figure it bounds.
constexpr double kFloorMargin = 1.0 - 1e-9;

class GroupSearch {
 public:
  GroupSearch(const std::vector<Scenario>& group, const SearchSpace& space, WorkCache& cache,
              const SweepSearchOptions& options, SweepSearchStats& stats)
      : group_(group), space_(space), cache_(cache), options_(options), stats_(stats) {}

  // Fills out[i] for every point of the group.
  void run(std::vector<BestLayout>& out);

 private:
  bool prepare_points(std::vector<BestLayout>& out);
  void make_nodes();
  void search();
  std::optional<PlanLayout> closest_layout();
  PlanResult memory_bound(const Scenario& at, const PointState& p, const PlanLayout& closest) const;
  bool cancelled() const { return stopped(options_); }
  // Sets the layout's knobs of (unit, EP) on `s`.
  void set_unit(Scenario& s, const Unit& u, int ep) const {
    s.parallel.tp = u.tp;
    s.parallel.pp = u.pp;
    s.parallel.cp = u.cp;
    s.parallel.dp = 0;
    s.parallel.ep = ep;
  }
  PlanLayout layout_of(const Unit& u, int ep, int vpp, int micro_batch) const;
  // Whether a layout whose memory floor is `floor` cannot fit with the headroom kept free.
  bool cannot_fit(double floor) const { return floor * kFloorMargin + kept_free_ > capacity_; }

  const std::vector<Scenario>& group_;
  const SearchSpace& space_;
  WorkCache& cache_;
  const SweepSearchOptions& options_;
  SweepSearchStats& stats_;

  std::vector<PointState> points_;   // the points whose search input is sound
  std::vector<std::size_t> alone_;   // points that do not share the first one's search: best_layout
  std::vector<Unit> units_;
  std::vector<Node> nodes_;
  std::vector<std::pair<double, std::uint32_t>> order_;  // the nodes by floor: (floor, index)
  // Per (unit, EP, micro-batch), in knob order: the layer work of each (recomputation, SP), the
  // floor under its slowest stage with each TP-overlap choice, and the optimizer floor of each
  // ZeRO choice (nullptr and infinity where the choice is not valid).
  std::vector<const StepWork*> works_;
  std::vector<double> stage_floor_, optimizer_floor_;
  // Per (unit, EP) and ZeRO choice: the memory floor (memory_floor_bytes).
  std::vector<double> memory_floor_;
  std::vector<std::pair<int, int>> shards_;  // (unit, EP) of each
  ParamCounts params_;
  double capacity_ = 0, kept_free_ = 0;
  long long leaves_ = 0;   // layouts that pass the divisibility check
  long long fitting_ = 0;  // leaves found to fit (memory does not read the fabric)
};

PlanLayout GroupSearch::layout_of(const Unit& u, int ep, int vpp, int micro_batch) const {
  const ClusterCase& cc = points_.front().setup.clusters.front();
  PlanLayout l;
  l.gpus = cc.gpus;
  l.job_gpus = cc.job_gpus;
  l.fabric = 0;
  l.tp = u.tp;
  l.pp = u.pp;
  l.cp = u.cp;
  l.ep = ep;
  l.vpp = vpp;
  l.micro_batch = micro_batch;
  l.dp = cc.job_gpus / (u.tp * u.pp * u.cp);
  return l;
}

bool GroupSearch::prepare_points(std::vector<BestLayout>& out) {
  for (std::size_t i = 0; i < group_.size(); ++i) {
    const Scenario& at = group_[i];
    PlanOptions o;
    o.objective = Objective::Throughput;
    // As best_layout: the point estimate picks each point's layout (and the pruning below reads
    // the point estimate too).
    o.ranking = Ranking::Optimistic;
    o.top = 1;
    o.threads = 1;
    PointState p;
    p.index = i;
    PlanResult r;
    prepare(at, point_space(space_, at), o, p.setup, r);
    if (!r.ok()) {
      out[i] = best_of(r, at);
      continue;
    }
    const ClusterCase& cc = p.setup.clusters.front();
    p.s = p.setup.fabric_base.front();
    p.s.cluster.nodes = cc.job_nodes;
    // The precondition, as far as a search reads it: everything but the fabric alike.
    if (!points_.empty()) {
      const PointState& first = points_.front();
      const ClusterCase& fc = first.setup.clusters.front();
      if (!same_knobs(p.setup.knobs, first.setup.knobs) || cc.gpus != fc.gpus || cc.job_gpus != fc.job_gpus ||
          p.s.cluster.gpus_per_node != first.s.cluster.gpus_per_node || !(p.s.model == first.s.model) ||
          !(p.s.training == first.s.training) || !(p.s.cluster.gpu == first.s.cluster.gpu) ||
          p.s.calibration.step_time_factor != first.s.calibration.step_time_factor ||
          !(p.s.overheads == first.s.overheads)) {
        alone_.push_back(i);
        continue;
      }
    }
    const Cluster& k = p.s.cluster;
    p.net = size_network(k.fabric, k.topology, k.oversubscription, k.nodes, k.nics_per_node);
    points_.push_back(std::move(p));
  }
  for (PointState& p : points_) {  // their scenarios stay where they are from here on
    p.memo = std::make_unique<FabricEfficiencyMemo>(p.s.cluster.fabric, p.net, p.s.cluster.oversubscription);
    p.net.memo = p.memo.get();
  }
  return !points_.empty();
}

void GroupSearch::make_nodes() {
  const PointState& first = points_.front();
  const Setup& st = first.setup;
  const Knobs& k = st.knobs;
  Tally ignored;  // the divisibility counts are plan()'s; a sweep point reports its layout only
  units_ = make_units(st, point_space(space_, group_[first.index]), group_[first.index], ignored);
  Scenario s = first.s;
  const ModelShape& m = s.model;
  params_ = count_params(m);
  // As estimate_memory.
  capacity_ = s.cluster.gpu.memory_bytes;
  kept_free_ = s.overheads.headroom_fraction * capacity_;
  const int job_gpus = st.clusters.front().job_gpus;
  const long long gb = s.training.global_batch;
  const std::size_t n_rs = k.recompute.size() * k.sp.size();
  std::vector<OptimizerFloors> optimizers;  // per ZeRO choice, of the (unit, EP) at hand
  auto vpps_of = std::vector<std::vector<int>>(std::size_t(m.layers) + 1);  // per PP: the VPPs that pass
  for (int ui = 0; ui < int(units_.size()); ++ui) {
    const Unit& unit = units_[std::size_t(ui)];
    const int dp = job_gpus / (unit.tp * unit.pp * unit.cp);
    // The checks of run_unit, in its order for each knob.
    for (const int ep : k.ep) {
      if (planner_detail::ep_refusal(m, ep, unit.tp, dp, unit.cp) != PlanReason::Count) continue;
      set_unit(s, unit, ep);
      const std::size_t shard = shards_.size();
      shards_.emplace_back(ui, ep);
      optimizers.clear();
      for (const Zero z : k.zero) {
        s.training.zero = z;
        memory_floor_.push_back(memory_floor_bytes(s, params_, dp));
        optimizers.push_back(optimizer_floors(s, params_, dp));
      }
      for (const int mb : k.mb) {
        if (gb % ((long long)dp * mb) != 0) continue;
        s.training.micro_batch = mb;
        const int microbatches = int(gb / ((long long)dp * mb));
        const std::size_t block = works_.size() / n_rs;
        double least_stage = std::numeric_limits<double>::infinity();
        long long leaves = 0;  // of each node below
        for (const Recompute rc : k.recompute)
          for (const int sp : k.sp) {
            s.training.recompute = rc;
            s.parallel.sp = sp != 0;
            const bool valid = !(s.parallel.sp && unit.tp == 1);
            const StepWork* w = valid ? &cache_.work(s) : nullptr;
            works_.push_back(w);
            const StageFloors stages = w ? cache_.stages(s, *w) : StageFloors{};
            for (const int tpo : k.tpo) {
              s.training.tp_comm_overlap = tpo != 0;
              double f = std::numeric_limits<double>::infinity();
              if (w && !(tpo != 0 && sp == 0)) {
                f = stages.with_tp(cache_.tp(s, *w));
                leaves += (long long)k.zero.size();
              }
              stage_floor_.push_back(f);
              least_stage = std::min(least_stage, f);
            }
          }
        double least_optimizer = std::numeric_limits<double>::infinity();
        for (const OptimizerFloors& o : optimizers) {
          const double f = o.at(microbatches);
          optimizer_floor_.push_back(f);
          least_optimizer = std::min(least_optimizer, f);
        }
        if (leaves == 0) continue;  // SP on only, with TP 1
        std::vector<int>& vpps = vpps_of[std::size_t(unit.pp)];
        if (vpps.empty()) {
          const int layers_per_stage = m.layers / unit.pp;
          for (const int vpp : k.vpp)
            if (!(vpp > 1 && (unit.pp == 1 || (long long)vpp * unit.pp > m.layers ||
                              (st.even_chunks_only && (m.layers % unit.pp != 0 || layers_per_stage % vpp != 0)))))
              vpps.push_back(vpp);
          if (vpps.empty()) vpps.push_back(0);  // none valid (0 marks the list as made)
        }
        for (const int vpp : vpps) {
          if (vpp == 0) continue;
          Node n;
          n.unit = ui;
          n.ep = ep;
          n.micro_batch = mb;
          n.vpp = vpp;
          n.microbatches = microbatches;
          n.block = block;
          n.shard = shard;
          n.floor = step_floor_s(microbatches, unit.pp, vpp, least_stage, least_optimizer);
          nodes_.push_back(n);
          leaves_ += leaves;
        }
      }
    }
  }
  stats_.layouts += leaves_;
  // Fastest floor first; equal floors in the order made (the planner's key order).
  order_.resize(nodes_.size());
  for (std::size_t i = 0; i < nodes_.size(); ++i) order_[i] = {nodes_[i].floor, std::uint32_t(i)};
  std::sort(order_.begin(), order_.end());
}

void GroupSearch::search() {
  const Knobs& k = points_.front().setup.knobs;
  const Scenario& s0 = points_.front().s;
  const double tokens_per_step = double(s0.training.global_batch) * s0.training.seq;
  const double budget_tokens = s0.training.tokens;
  const double factor = s0.calibration.step_time_factor;
  // The most tokens/s a layout can reach when its modelled step is at least `floor`.
  const auto ceiling = [&](double floor) {
    const double step = floor * factor;
    return factor > 0 && step > 0 ? tokens_per_step / step : std::numeric_limits<double>::infinity();
  };
  // Whether a layout whose speed is at most `most` may still be point p's best.
  const auto may_win = [](const PointState& p, double most) {
    return !p.has_best || !(most < p.best.metrics.tokens_per_s);
  };
  const std::size_t n_sp = k.sp.size(), n_zero = k.zero.size(), n_tpo = k.tpo.size();
  std::vector<char> wanted(points_.size());
  std::vector<int> fits;  // per (recomputation, SP, ZeRO) of a node: -1 not known, 0 no, 1 yes
  for (const auto& [floor, index] : order_) {
    const Node& node = nodes_[index];
    if (cancelled()) {
      stats_.cancelled = true;
      return;
    }
    const double node_most = ceiling(node.floor);
    if (std::none_of(points_.begin(), points_.end(), [&](const PointState& p) { return may_win(p, node_most); }))
      break;  // the nodes are in floor order: none after this one can win either
    const Unit& u = units_[std::size_t(node.unit)];
    PlanLayout l = layout_of(u, node.ep, node.vpp, node.micro_batch);
    for (PointState& p : points_) {
      set_unit(p.s, u, node.ep);
      p.s.parallel.vpp = node.vpp;
      p.s.training.micro_batch = node.micro_batch;
    }
    const double* stage = &stage_floor_[node.block * k.recompute.size() * n_sp * n_tpo];
    const StepWork* const* works = &works_[node.block * k.recompute.size() * n_sp];
    const double* optimizer = &optimizer_floor_[node.block * n_zero];
    const double* memory = &memory_floor_[node.shard * n_zero];
    const double least_optimizer = *std::min_element(optimizer, optimizer + n_zero);
    fits.assign(k.recompute.size() * n_sp * n_zero, -1);  // memory reads neither TP overlap nor the fabric
    // Every leaf: recomputation, SP, TP overlap, then ZeRO (any order finds the same best: a
    // leaf is only skipped when it is slower than a layout already found).
    for (std::size_t ri = 0; ri < k.recompute.size(); ++ri) {
      l.recompute = k.recompute[ri];
      for (std::size_t si = 0; si < n_sp; ++si) {
        l.sp = k.sp[si] != 0;
        if (l.sp && u.tp == 1) continue;  // sp_no_tp
        const std::size_t rs = ri * n_sp + si;
        for (std::size_t ti = 0; ti < n_tpo; ++ti) {
          l.tp_overlap = k.tpo[ti] != 0;
          if (l.tp_overlap && !l.sp) continue;  // tp_overlap_needs_sp
          const double stage_s = stage[rs * n_tpo + ti];
          // With the fastest optimizer floor: when that cannot win, no ZeRO choice can.
          const double fastest = ceiling(step_floor_s(node.microbatches, u.pp, node.vpp, stage_s, least_optimizer));
          if (std::none_of(points_.begin(), points_.end(), [&](const PointState& p) { return may_win(p, fastest); }))
            continue;
          for (std::size_t zi = 0; zi < n_zero; ++zi) {
            if (cannot_fit(memory[zi])) continue;  // whatever the recomputation, SP, TP overlap
            int& fit = fits[rs * n_zero + zi];
            if (fit == 0) continue;
            ++stats_.floored;
            const double most = ceiling(step_floor_s(node.microbatches, u.pp, node.vpp, stage_s, optimizer[zi]));
            bool any = false;
            for (std::size_t i = 0; i < points_.size(); ++i) any |= (wanted[i] = may_win(points_[i], most)) != 0;
            if (!any) continue;
            l.zero = k.zero[zi];
            for (PointState& p : points_) {
              p.s.training.recompute = l.recompute;
              p.s.training.zero = l.zero;
              p.s.parallel.sp = l.sp;
              p.s.training.tp_comm_overlap = l.tp_overlap;
            }
            if (fit < 0) {
              ++stats_.fitted;
              fit = estimate_memory(points_.front().s, params_, l.dp).fits_with_headroom;
              if (!fit) continue;
            }
            ++fitting_;
            for (std::size_t i = 0; i < points_.size(); ++i) {
              if (!wanted[i]) continue;
              PointState& p = points_[i];
              ++stats_.stepped;
              const StepBreakdown step = estimate_step(p.s, params_, l.dp, p.net, *works[rs]);
              const double tokens_per_s = tokens_per_step / step.step_s;  // as estimate_throughput
              if (!may_win(p, tokens_per_s)) continue;
              ++stats_.estimated;
              const Estimate e = estimate(p.s);
              assert(e.throughput.tokens_per_s == tokens_per_s);
              const Classified c = classify(p.setup, e, budget_tokens);
              if (c.reason) continue;
              const Candidate cand{l, c.metrics, {}};
              if (!p.has_best || better(cand, p.best)) {
                p.best = cand;
                p.has_best = true;
              }
            }
          }
        }
      }
    }
  }
}

std::optional<PlanLayout> GroupSearch::closest_layout() {
  // Nothing fits: the layout plan() names as the closest, least (memory + headroom) / capacity,
  // lowest key among equals. Searched (unit, EP, ZeRO) by (unit, EP, ZeRO) in the order of their
  // memory floors, until a floor is above the closest found.
  const Knobs& k = points_.front().setup.knobs;
  const ModelShape& m = points_.front().s.model;
  const long long gb = points_.front().s.training.global_batch;
  const Setup& st = points_.front().setup;
  std::vector<std::pair<double, std::size_t>> order;  // floor, shard x ZeRO
  for (std::size_t i = 0; i < memory_floor_.size(); ++i) order.emplace_back(memory_floor_[i], i);
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  Tally t;
  Scenario s = points_.front().s;
  const std::size_t n_zero = k.zero.size();
  for (const auto& [floor, index] : order) {
    if (t.closest && (floor * kFloorMargin + kept_free_) / capacity_ > t.closest_ratio) break;
    if (cancelled()) return std::nullopt;
    const auto [ui, ep] = shards_[index / n_zero];
    const Unit& u = units_[std::size_t(ui)];
    set_unit(s, u, ep);
    s.training.zero = k.zero[index % n_zero];
    PlanLayout l = layout_of(u, ep, 1, 1);
    l.zero = s.training.zero;
    const int layers_per_stage = m.layers / u.pp;
    for (const int vpp : k.vpp) {
      if (vpp > 1 && (u.pp == 1 || (long long)vpp * u.pp > m.layers ||
                      (st.even_chunks_only && (m.layers % u.pp != 0 || layers_per_stage % vpp != 0))))
        continue;
      s.parallel.vpp = l.vpp = vpp;
      for (const int mb : k.mb) {
        if (gb % ((long long)l.dp * mb) != 0) continue;
        s.training.micro_batch = l.micro_batch = mb;
        for (const Recompute rc : k.recompute)
          for (const int sp : k.sp) {
            if (sp != 0 && u.tp == 1) continue;
            s.training.recompute = l.recompute = rc;
            s.parallel.sp = l.sp = sp != 0;
            ++stats_.fitted;
            const MemoryEstimate mem = estimate_memory(s, params_, l.dp);
            const double ratio = (mem.peak.total() + mem.kept_free) / mem.capacity;  // as run_unit
            for (const int tpo : k.tpo) {
              if (tpo != 0 && sp == 0) continue;
              l.tp_overlap = tpo != 0;
              t.near_fit(l, ratio);
            }
          }
      }
    }
  }
  return t.closest;
}

PlanResult GroupSearch::memory_bound(const Scenario& at, const PointState& p, const PlanLayout& closest) const {
  // What plan() returns when it estimated every leaf and none fitted: each rejected by memory,
  // and the closest named with what would make it fit.
  const SearchSpace sp = point_space(space_, at);
  PlanResult r;
  r.objective = Objective::Throughput;
  r.fabrics = sp.fabrics;
  r.considered = (long long)p.setup.clusters.size() * subtree(p.setup.knobs, -1);
  Tally t;
  t.evaluated = leaves_;
  t.rejected_divisibility = r.considered - leaves_;
  t.rejected[std::size_t(PlanReason::Memory)] = leaves_;
  t.example[std::size_t(PlanReason::Memory)] = closest;
  t.closest = closest;
  conclude(at, sp, t, {}, {}, r);
  return r;
}

void GroupSearch::run(std::vector<BestLayout>& out) {
  out.assign(group_.size(), BestLayout{});
  if (prepare_points(out)) {
    make_nodes();
    search();
  }
  if (stats_.cancelled) return;
  // A point with no best saw every leaf (nothing was skipped for it); when none fitted, on any
  // fabric, plan() would have rejected each by memory.
  std::optional<PlanLayout> closest;
  if (leaves_ > 0 && fitting_ == 0 &&
      std::any_of(points_.begin(), points_.end(), [](const PointState& p) { return !p.has_best; }))
    closest = closest_layout();
  for (const PointState& p : points_) {
    if (cancelled()) {
      stats_.cancelled = true;
      return;
    }
    if (p.has_best) {
      out[p.index] = best_layout_of(group_[p.index], p.best.layout);
    } else if (closest) {
      out[p.index] = best_of(memory_bound(group_[p.index], p, *closest), group_[p.index]);
    } else {
      // Nothing feasible for another reason: the planner's own search names it.
      ++stats_.replanned;
      out[p.index] = best_layout(group_[p.index], space_, Objective::Throughput, 1, options_.cancel);
    }
  }
  for (const std::size_t i : alone_) {
    ++stats_.replanned;
    out[i] = best_layout(group_[i], space_, Objective::Throughput, 1, options_.cancel);
  }
}

}  // namespace

std::vector<std::vector<BestLayout>> best_layouts(const std::vector<std::vector<Scenario>>& groups,
                                                  const SearchSpace& space, Objective objective,
                                                  const SweepSearchOptions& options, SweepSearchStats* stats) {
  std::vector<std::vector<BestLayout>> out(groups.size());
  SweepSearchStats total;
  std::mutex mutex;
  // Groups with the same model, training setup and GPU (one context) share the layer work and
  // the floors that no size or fabric changes; each worker keeps its own cache per context.
  std::vector<const Scenario*> contexts;
  std::vector<std::size_t> context_of(groups.size(), 0);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (groups[g].empty()) continue;
    std::size_t c = 0;
    while (c < contexts.size() && !WorkCache::same_inputs(*contexts[c], groups[g].front())) ++c;
    if (c == contexts.size()) contexts.push_back(&groups[g].front());
    context_of[g] = c;
  }
  const int threads = std::max(1, std::min(options.threads > 0 ? options.threads : hardware_threads(), int(groups.size())));
  auto caches = std::vector<std::vector<std::unique_ptr<WorkCache>>>(std::size_t(threads));
  parallel_for_workers(int(groups.size()), threads, [&](int gi, int worker) {
    const std::size_t g = std::size_t(gi);
    SweepSearchStats mine;
    if (stopped(options)) {
      mine.cancelled = true;
    } else if (objective != Objective::Throughput) {
      // The floors bound the step time, which ranks only by throughput: the planner per point.
      for (const Scenario& at : groups[g]) {
        ++mine.replanned;
        out[g].push_back(best_layout(at, space, objective, 1, options.cancel));
      }
    } else if (!groups[g].empty()) {
      std::vector<std::unique_ptr<WorkCache>>& mine_caches = caches[std::size_t(worker)];
      if (mine_caches.size() < contexts.size()) mine_caches.resize(contexts.size());
      std::unique_ptr<WorkCache>& cache = mine_caches[context_of[g]];
      if (!cache) cache = std::make_unique<WorkCache>(*contexts[context_of[g]]);
      GroupSearch(groups[g], space, *cache, options, mine).run(out[g]);
    }
    mine.cancelled = mine.cancelled || stopped(options);
    const std::lock_guard<std::mutex> lock(mutex);
    total.layouts += mine.layouts;
    total.floored += mine.floored;
    total.fitted += mine.fitted;
    total.stepped += mine.stepped;
    total.estimated += mine.estimated;
    total.replanned += mine.replanned;
    total.cancelled = total.cancelled || mine.cancelled;
    if (!mine.cancelled && options.group_done) options.group_done(g, out[g]);
  });
  if (stats) *stats = total;
  return out;
}

}  // namespace cp
