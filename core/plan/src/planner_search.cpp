#include "plan/planner_search.h"

#include <algorithm>
#include <cstdint>

namespace cp::planner_detail {

void Tally::merge(const Tally& o) {
  evaluated += o.evaluated;
  feasible += o.feasible;
  rejected_divisibility += o.rejected_divisibility;
  for (std::size_t i = 0; i < rejected.size(); ++i) {
    rejected[i] += o.rejected[i];
    if (!example[i] && o.example[i]) example[i] = o.example[i];
  }
  if (o.closest) near_fit(*o.closest, o.closest_ratio);
}

long long subtree(const Knobs& k, int level) {
  const std::size_t sizes[] = {k.tp.size(), k.pp.size(),  k.cp.size(),        k.ep.size(),   k.vpp.size(),
                               k.mb.size(), k.recompute.size(), k.zero.size(), k.sp.size(), k.tpo.size()};
  long long n = 1;
  for (int i = level + 1; i < 10; ++i) n *= (long long)sizes[i];
  return n;
}

void merge_variant(Candidate& into, const Candidate& c) {
  if (key_less(c.layout, into.layout)) {
    into.variants.push_back(into.layout);
    into.layout = c.layout;
  } else {
    into.variants.push_back(c.layout);
  }
  into.variants.insert(into.variants.end(), c.variants.begin(), c.variants.end());
  std::sort(into.variants.begin(), into.variants.end(), key_less);
}

void insert_top(std::vector<Candidate>& top, const Candidate& c, int n) {
  if (n <= 0) return;
  for (Candidate& t : top)
    if (same_figures(t.metrics, c.metrics)) {
      merge_variant(t, c);
      std::sort(top.begin(), top.end(), better);  // the row may now lead with a lower key
      return;
    }
  if (int(top.size()) == n && !better(c, top.back())) return;
  const auto at = std::upper_bound(top.begin(), top.end(), c, better);
  top.insert(at, c);
  if (int(top.size()) > n) top.pop_back();
}

namespace {

// a dominates b: no worse in both, better in one, or equal in both with a lower key.
bool dominates(const Candidate& a, const Candidate& b) {
  const PlanMetrics& x = a.metrics;
  const PlanMetrics& y = b.metrics;
  if (x.time_s > y.time_s || x.run_cost > y.run_cost) return false;
  if (x.time_s < y.time_s || x.run_cost < y.run_cost) return true;
  return key_less(a.layout, b.layout);
}

}  // namespace

void insert_pareto(std::vector<Candidate>& set, const Candidate& c) {
  for (const Candidate& p : set)
    if (dominates(p, c)) return;
  std::erase_if(set, [&](const Candidate& p) { return dominates(c, p); });
  set.push_back(c);
}

namespace {

// The first value of each level below `level` fills the example layout of a rejected subtree.
void fill_below(const Knobs& k, int level, PlanLayout& l) {
  if (level < 3) l.ep = k.ep.front();
  if (level < 4) l.vpp = k.vpp.front();
  if (level < 5) l.micro_batch = k.mb.front();
  if (level < 6) l.recompute = k.recompute.front();
  if (level < 7) l.zero = k.zero.front();
  if (level < 8) l.sp = k.sp.front() != 0;
  if (level < 9) l.tp_overlap = k.tpo.front() != 0;
}

}  // namespace

Classified classify(const Setup& st, const Estimate& e, double tokens) {
  Classified c;
  PlanMetrics& m = c.metrics;
  m.tokens_per_s = e.throughput.tokens_per_s;
  m.time_s = e.reliability.real_train_time_s;
  m.run_cost = e.cost.run_total;
  m.cost_per_mtok = e.cost.per_million_tokens;
  m.memory_bytes = e.memory.peak.total();
  for (const Warning& w : e.warnings) m.warnings |= std::uint32_t(1) << unsigned(w.code);
  // Robust ranking reads every objective at the band's pessimistic edge: the throughput there,
  // and the time and cost it takes at that throughput (both scale with the step's length).
  const double slow = st.ranking == Ranking::Robust && e.throughput.band_low > 0
                          ? e.throughput.tokens_per_s / e.throughput.band_low
                          : 1.0;
  switch (st.objective) {
    case Objective::Throughput:
      m.score = -m.tokens_per_s / slow;
      m.tiebreak = m.cost_per_mtok * slow;
      break;
    case Objective::Time:
      m.score = m.time_s * slow;
      m.tiebreak = m.run_cost * slow;
      break;
    case Objective::Cost:
      m.score = m.run_cost * slow;
      m.tiebreak = m.time_s * slow;
      break;
    case Objective::CostPerToken:
      m.score = m.cost_per_mtok * slow;
      m.tiebreak = m.time_s * slow;
      break;
  }
  // The planner keeps the stated headroom free (overheads.headroom_fraction).
  if (!e.memory.fits_with_headroom) c.reason = PlanReason::Memory;
  else if (tokens > 0 && !(m.time_s > 0)) c.reason = PlanReason::NoProgress;
  else if (st.max_power_w > 0 && e.power.facility_peak_w > st.max_power_w) c.reason = PlanReason::Power;
  else if (st.max_budget > 0 && e.cost.budget_per_month > st.max_budget) c.reason = PlanReason::Budget;
  else if (st.deadline_s > 0 && m.time_s > st.deadline_s) c.reason = PlanReason::Deadline;
  else if (st.needs_price && e.cost.missing_price >= 0) c.reason = PlanReason::PriceMissing;
  return c;
}

void run_unit(const Setup& st, const Unit& u, UnitResult& out, const std::atomic<bool>* cancel) {
  const ClusterCase& cc = st.clusters[std::size_t(u.cluster)];
  const Knobs& k = st.knobs;
  Scenario s = st.fabric_base[std::size_t(cc.fabric)];  // one copy per unit; the loop below only mutates plain fields
  s.cluster.nodes = cc.job_nodes;
  const ModelShape& m = s.model;
  Tally& t = out.tally;
  const int dp = cc.job_gpus / (u.tp * u.pp * u.cp);
  const int layers_per_stage = m.layers / u.pp;
  const long long gb = s.training.global_batch;
  const double tokens = s.training.tokens;
  const ParamCounts params = count_params(m);

  PlanLayout l;
  l.gpus = cc.gpus;
  l.job_gpus = cc.job_gpus;
  l.fabric = cc.fabric;
  l.tp = u.tp;
  l.pp = u.pp;
  l.cp = u.cp;
  l.dp = dp;
  s.parallel.tp = u.tp;
  s.parallel.pp = u.pp;
  s.parallel.cp = u.cp;
  s.parallel.dp = 0;  // derived: dp above

  const long long under_ep = subtree(k, 3), under_vpp = subtree(k, 4), under_mb = subtree(k, 5),
                  under_sp = subtree(k, 8);
  long long since_check = 0;
  for (const int ep : k.ep) {
    l.ep = ep;
    fill_below(k, 3, l);
    if (const PlanReason r = ep_refusal(m, ep, u.tp, dp, u.cp); r != PlanReason::Count) {
      t.reject(r, under_ep, l);
      continue;
    }
    s.parallel.ep = ep;
    for (const int vpp : k.vpp) {
      l.vpp = vpp;
      fill_below(k, 4, l);
      if (vpp > 1) {
        PlanReason r = PlanReason::Count;
        if (u.pp == 1) r = PlanReason::VppNeedsPp;
        else if ((long long)vpp * u.pp > m.layers) r = PlanReason::VppLayers;
        // Every stage must split into equal chunks: with an uneven split some stages hold one
        // more layer, and no VPP > 1 divides both N and N + 1.
        else if (st.even_chunks_only && (m.layers % u.pp != 0 || layers_per_stage % vpp != 0))
          r = PlanReason::VppUneven;
        if (r != PlanReason::Count) {
          t.reject(r, under_vpp, l);
          continue;
        }
      }
      s.parallel.vpp = vpp;
      for (const int mb : k.mb) {
        l.micro_batch = mb;
        fill_below(k, 5, l);
        if (gb % ((long long)dp * mb) != 0) {
          t.reject(PlanReason::GlobalBatch, under_mb, l);
          continue;
        }
        s.training.micro_batch = mb;
        for (const Recompute rc : k.recompute) {
          l.recompute = rc;
          s.training.recompute = rc;
          for (const Zero z : k.zero) {
            l.zero = z;
            s.training.zero = z;
            for (const int sp : k.sp) {
              l.sp = sp != 0;
              fill_below(k, 8, l);
              if (l.sp && u.tp == 1) {
                t.reject(PlanReason::SpNoTp, under_sp, l);
                continue;
              }
              s.parallel.sp = l.sp;
              for (const int tpo : k.tpo) {
                l.tp_overlap = tpo != 0;
                // Megatron-Core's TP overlap (userbuffers) runs only with sequence parallelism.
                if (l.tp_overlap && !l.sp) {
                  t.reject(PlanReason::TpOverlapNeedsSp, 1, l);
                  continue;
                }
                s.training.tp_comm_overlap = l.tp_overlap;
                ++t.evaluated;
                // Memory first: it is the first reason classify() checks, and a layout that does
                // not fit needs nothing else of its estimate (estimate() works out the same
                // memory from the same inputs).
                const MemoryEstimate mem = estimate_memory(s, params, dp);
                if (!mem.fits_with_headroom) {
                  t.reject(PlanReason::Memory, 1, l);
                  t.near_fit(l, (mem.peak.total() + mem.kept_free) / mem.capacity);
                } else {
                  const Estimate e = estimate(s);
                  const Classified c = classify(st, e, tokens);
                  if (c.reason) {
                    t.reject(*c.reason, 1, l);
                  } else {
                    ++t.feasible;
                    const Candidate cand{l, c.metrics, {}};
                    insert_top(out.top, cand, st.top);
                    if (st.want_frontier) insert_pareto(out.pareto, cand);
                  }
                }
                if (++since_check == 4096) {
                  since_check = 0;
                  if (cancel && cancel->load(std::memory_order_relaxed)) {
                    out.cancelled = true;
                    return;
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}

}  // namespace cp::planner_detail
