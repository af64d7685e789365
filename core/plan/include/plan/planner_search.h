// The planner's inner loop (internal to core/planner*.cpp): one work unit is a cluster and a
// (TP, PP, CP) choice; it enumerates EP, VPP, micro-batch, recompute, ZeRO and SP, checks
// divisibility without allocating, estimates the rest on a mutated copy of one Scenario, and
// keeps counts, the unit's best few and its time-cost Pareto set.
#pragma once

#include <array>
#include <atomic>
#include <optional>
#include <vector>

#include "plan/fabric_compare.h"
#include "plan/planner.h"

namespace cp::planner_detail {

struct Knobs {
  std::vector<int> tp, pp, cp, ep, vpp, mb, sp, tpo;
  std::vector<Recompute> recompute;
  std::vector<Zero> zero;
};

// One cluster size with one fabric. Its scenario is Setup::fabric_base[fabric] with
// cluster.nodes = job_gpus / GPUs per node: 4,096 sizes x 12 fabrics keep 12 scenarios, not
// 49,152, which keeps the planner's peak memory down.
struct ClusterCase {
  int gpus = 0, job_gpus = 0, fabric = 0, job_nodes = 0;
};

struct Unit {
  int cluster = 0, tp = 1, pp = 1, cp = 1;
};

struct Candidate {
  PlanLayout layout;
  PlanMetrics metrics;
  std::vector<PlanLayout> variants;  // identical estimates collapsed into this one
};

// Lower score first; equal scores by the next objective, then by layout key (a total order:
// keys are unique).
inline bool better(const Candidate& a, const Candidate& b) {
  if (a.metrics.score != b.metrics.score) return a.metrics.score < b.metrics.score;
  if (a.metrics.tiebreak != b.metrics.tiebreak) return a.metrics.tiebreak < b.metrics.tiebreak;
  return key_less(a.layout, b.layout);
}

// Adds `c` (and its variants) to `into` as variants; the lower key leads the row.
void merge_variant(Candidate& into, const Candidate& c);

struct Tally {
  long long evaluated = 0, feasible = 0, rejected_divisibility = 0;
  std::array<long long, kPlanReasons> rejected{};
  std::array<std::optional<PlanLayout>, kPlanReasons> example{};
  // The memory-rejected layout closest to fitting: (needed + headroom) / capacity, lowest.
  std::optional<PlanLayout> closest;
  double closest_ratio = 0;
  void near_fit(const PlanLayout& l, double ratio) {
    if (!closest || ratio < closest_ratio || (ratio == closest_ratio && key_less(l, *closest))) {
      closest = l;
      closest_ratio = ratio;
    }
  }
  void reject(PlanReason r, long long count, const PlanLayout& l) {
    rejected[std::size_t(r)] += count;
    if (!after_estimate(r)) rejected_divisibility += count;
    if (!example[std::size_t(r)]) example[std::size_t(r)] = l;
  }
  void merge(const Tally& o);  // keeps this tally's examples first
};

struct UnitResult {
  Tally tally;
  std::vector<Candidate> top;     // best first, at most Setup::top
  std::vector<Candidate> pareto;  // this unit's non-dominated (time, cost) points
  bool cancelled = false;
};

struct Setup {
  Knobs knobs;
  std::vector<Scenario> fabric_base;  // per fabric: the base with it applied, a trivial layout
  std::vector<ClusterCase> clusters;
  Objective objective = Objective::Throughput;
  Ranking ranking = Ranking::Robust;
  int top = 10;
  bool even_chunks_only = true;
  bool want_frontier = false;  // a token budget exists: time and run cost mean something
  bool needs_price = false;    // the objective or a limit reads the cost
  double max_power_w = 0, max_budget = 0, deadline_s = 0;
  long long below_ep = 0;      // combinations under one (cluster, TP, PP, CP)
};

// Products of the list sizes from each level down, for counting whole rejected subtrees.
long long subtree(const Knobs& k, int level);  // level 0 = TP ... 8 = SP, 9 = TP overlap; 10 = one layout

void run_unit(const Setup& setup, const Unit& unit, UnitResult& out, const std::atomic<bool>* cancel);

// Validates the input and fills the clusters and knob lists of `setup`; problems go to
// r.problems (plan() searches nothing then).
void prepare(const Scenario& base, const SearchSpace& space, const PlanOptions& options, Setup& setup, PlanResult& r);
// The work units of a prepared search, with the (cluster, TP, PP, CP) choices that fail their
// checks counted in `t`.
std::vector<Unit> make_units(const Setup& setup, const SearchSpace& space, const Scenario& base, Tally& t);

// The result of a search from its counts, its best and its time-cost frontier (both in
// order): every field of `r` but problems, objective, fabrics, considered, cancelled, threads and
// elapsed_s, which the search sets.
void conclude(const Scenario& base, const SearchSpace& space, const Tally& tally, const std::vector<Candidate>& top,
              const std::vector<Candidate>& frontier, PlanResult& r);

// What best_layout says of its search's result `r` for the point `at`.
BestLayout best_of(const PlanResult& r, const Scenario& at);

// Why EP `ep` cannot run with TP `tp`, DP `dp` and CP `cp` on model `m` (PlanReason::Count: it
// can): a MoE model whose experts EP divides, with EP inside DP x CP or folded over TP x DP x CP
// at expert TP 1 (Scenario::expert_tp()). The planner and the sweep's search share it.
inline PlanReason ep_refusal(const ModelShape& m, int ep, int tp, int dp, int cp) {
  if (ep <= 1) return PlanReason::Count;
  if (!m.is_moe()) return PlanReason::EpDense;
  if (m.experts % ep != 0) return PlanReason::EpExperts;
  if ((long long)tp * dp * cp % ep != 0) return PlanReason::EpDpCp;
  return PlanReason::Count;
}

// A full estimate's figures for the ranking, and the first reason (after the estimate) that
// makes the layout infeasible, if any.
struct Classified {
  std::optional<PlanReason> reason;
  PlanMetrics metrics;
};
Classified classify(const Setup& setup, const Estimate& e, double tokens);

// Inserts into a best-first list bounded to `n`; a layout that estimates identically to one in
// the list joins that row as a variant.
void insert_top(std::vector<Candidate>& top, const Candidate& c, int n);
// Inserts into a Pareto set of (time, run cost); drops what c dominates. Ties: lower key wins.
void insert_pareto(std::vector<Candidate>& set, const Candidate& c);

}  // namespace cp::planner_detail
