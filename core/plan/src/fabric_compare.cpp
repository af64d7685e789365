#include "plan/fabric_compare.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "engine/explain.h"
#include "engine/printf_text.h"
#include "engine/units.h"
#include "engine/validate.h"
#include "plan/planner_search.h"
#include "plan/sweep.h"

namespace cp {
namespace {

const FabricSpec* find_in_catalog(FabricKind kind, double gbps, FabricTuning tuning) {
  for (const FabricSpec& x : fabric_catalog())
    if (x.kind == kind && x.nic_gbps == gbps && x.tuning == tuning) return &x;
  return nullptr;
}

// "12,345" (whole units, thousands grouped).
std::string grouped(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.0f", std::abs(v));
  std::string digits = buf, out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string money(double v, Currency c) { return std::string(to_string(c)) + " " + grouped(v); }

std::string percent(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100 * std::abs(fraction));
  return buf;
}

std::string millis(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f ms", 1e3 * s);
  return buf;
}

std::string_view traffic_words(Traffic t) {
  switch (t) {
    case Traffic::Dp: return "data-parallel";
    case Traffic::Ep: return "expert all-to-all";
    case Traffic::Cp: return "context-parallel";
    case Traffic::Pp: return "pipeline";
    case Traffic::Tp: return "tensor-parallel";
  }
  return "?";
}

bool same_layout(const Scenario& a, const Scenario& b) {
  const Parallelism& x = a.parallel;
  const Parallelism& y = b.parallel;
  return x.tp == y.tp && x.pp == y.pp && x.cp == y.cp && x.ep == y.ep && x.vpp == y.vpp && x.sp == y.sp &&
         a.training.micro_batch == b.training.micro_batch && a.training.zero == b.training.zero &&
         a.training.recompute == b.training.recompute;
}

}  // namespace

const FabricSpec* counterpart(const FabricSpec& f) {
  if (f.kind == FabricKind::InfiniBand) return find_in_catalog(FabricKind::RoCE, f.nic_gbps, FabricTuning::Tuned);
  return find_in_catalog(FabricKind::InfiniBand, f.nic_gbps, FabricTuning::Stock);
}

std::vector<std::string> comparison_fabrics(const FabricSpec& f) {
  const FabricSpec* ib = f.kind == FabricKind::InfiniBand ? &f : counterpart(f);
  if (!ib) ib = find_fabric("ib-ndr");
  std::vector<std::string> out{ib->id};
  for (FabricTuning t : {FabricTuning::Stock, FabricTuning::Tuned})
    if (const FabricSpec* r = find_in_catalog(FabricKind::RoCE, ib->nic_gbps, t)) out.push_back(r->id);
  // The question is which fabric to choose for this job: the one it has now is always shown.
  if (std::find(out.begin(), out.end(), f.id) == out.end()) out.push_back(f.id);
  return out;
}

FabricComparison compare_ib_roce(const Scenario& s, const Estimate& e) {
  FabricComparison f;
  f.this_fabric = s.cluster.fabric.id;
  const FabricSpec* other = counterpart(s.cluster.fabric);
  if (!other) return f;
  Scenario t = s;
  t.cluster.fabric = *other;
  if (!validate(t).empty()) return f;
  const Estimate o = estimate(t);
  f.other_fabric = other->id;
  f.network_capex_delta = o.cost.network_capex - e.cost.network_capex;
  f.train_time_delta_s = o.reliability.real_train_time_s - e.reliability.real_train_time_s;
  f.run_total_delta = o.cost.run_total - e.cost.run_total;
  f.owner_per_month_delta = o.cost.owner.per_month - e.cost.owner.per_month;
  f.owner_capex_delta = o.cost.owner.capex - e.cost.owner.capex;
  return f;
}

std::string_view to_string(Traffic t) {
  switch (t) {
    case Traffic::Dp: return "dp";
    case Traffic::Ep: return "ep";
    case Traffic::Cp: return "cp";
    case Traffic::Pp: return "pp";
    case Traffic::Tp: return "tp";
  }
  return "?";
}

namespace {

// One traffic's seconds in a per-traffic breakdown.
double of(const ExposedComm& x, Traffic t) {
  switch (t) {
    case Traffic::Dp: return x.dp_s;
    case Traffic::Ep: return x.ep_s;
    case Traffic::Cp: return x.cp_s;
    case Traffic::Pp: return x.pp_s;
    case Traffic::Tp: return x.tp_s;
  }
  return 0;
}

}  // namespace

double exposed_s(const Estimate& e, Traffic t) { return of(e.step.exposed, t); }

namespace {

// Exposed time of one traffic with its share of the pipeline bubble.
double traffic_s(const StepBreakdown& st, Traffic t) { return of(st.exposed, t) + of(st.bubble_comm, t); }

double interference_s(const StepBreakdown& st, Traffic t) { return of(st.interference, t); }

FabricGap::ByCause split_by_cause(const Scenario& ref_s, const Estimate& ref_e, const Scenario& s, const Estimate& e) {
  FabricGap::ByCause c;
  const double delta = e.step.step_s - ref_e.step.step_s;
  // This point's layout on the reference fabric.
  Scenario a = s;
  a.cluster.fabric = ref_s.cluster.fabric;
  if (!validate(a).empty()) {
    c.layout_change = delta;
    return c;
  }
  const Estimate ae = estimate(a);
  if (!ae.memory.fits) {
    c.layout_change = delta;
    return c;
  }
  c.split = true;
  c.layout_change = ae.step.step_s - ref_e.step.step_s;
  // Then this fabric's latencies, one at a time; the scenario's other fields stay the reference's.
  Scenario l = a;
  double before = ae.step.step_s;
  StepBreakdown last = ae.step;
  if (l.cluster.fabric.base_latency_s != s.cluster.fabric.base_latency_s) {
    l.cluster.fabric.base_latency_s = s.cluster.fabric.base_latency_s;
    last = estimate(l).step;
    c.latency_per_message = last.step_s - before;
    before = last.step_s;
  }
  if (l.cluster.fabric.switch_latency_s != s.cluster.fabric.switch_latency_s) {
    l.cluster.fabric.switch_latency_s = s.cluster.fabric.switch_latency_s;
    last = estimate(l).step;
    c.latency_per_hop = last.step_s - before;
    before = last.step_s;
  }
  // The rest of this fabric: bandwidth and interference by traffic, in step-time units (the
  // site calibration scales the whole step).
  const double factor = e.step.modelled_step_s > 0 ? e.step.step_s / e.step.modelled_step_s : 1.0;
  double parts = 0;
  for (int k = 0; k < kTrafficKinds; ++k) {
    const Traffic t = Traffic(k);
    const double bw = factor * (traffic_s(e.step, t) - traffic_s(last, t));
    const double in = factor * (interference_s(e.step, t) - interference_s(last, t));
    c.bandwidth[std::size_t(k)] = bw;
    c.interference[std::size_t(k)] = in;
    parts += bw + in;
  }
  c.other = (e.step.step_s - before) - parts;
  // The path ends where it started from: the parts add up to the gap.
  c.other += delta - (c.layout_change + c.latency() + (e.step.step_s - before));
  return c;
}

}  // namespace

FabricGap fabric_gap(const Scenario& ref_s, const Estimate& ref_e, const Scenario& s, const Estimate& e) {
  FabricGap g;
  g.gpus = s.cluster.total_gpus();
  g.reference_fabric = ref_s.cluster.fabric.id;
  g.reference_name = ref_s.cluster.fabric.name;
  g.fabric = s.cluster.fabric.id;
  g.fabric_name = s.cluster.fabric.name;
  const double sp = speedup(ref_e.throughput.tokens_per_s, e.throughput.tokens_per_s);
  g.speedup = std::isfinite(sp) ? sp : 0;
  g.step_delta_s = e.step.step_s - ref_e.step.step_s;
  double largest = -1;
  for (int k = 0; k < kTrafficKinds; ++k) {
    const Traffic t = Traffic(k);
    const double d = exposed_s(e, t) - exposed_s(ref_e, t);
    g.exposed_delta_s[std::size_t(k)] = d;
    if (std::abs(d) > largest) {
      largest = std::abs(d);
      g.dominant = t;
    }
  }
  auto busy = [](const Estimate& x) { return x.step.compute_s + x.step.bubble_s + x.step.optimizer_s; };
  g.compute_delta_s = busy(e) - busy(ref_e);
  g.same_layout = same_layout(ref_s, s);
  g.network_capex_delta = e.cost.network_capex - ref_e.cost.network_capex;
  g.per_month_delta = e.cost.per_month - ref_e.cost.per_month;
  g.reference_per_month = ref_e.cost.per_month;
  g.per_month = e.cost.per_month;
  g.has_run = s.training.tokens > 0 && e.reliability.real_train_time_s > 0 && ref_e.reliability.real_train_time_s > 0;
  if (g.has_run) {
    g.run_total_delta = e.cost.run_total - ref_e.cost.run_total;
    g.train_time_delta_s = e.reliability.real_train_time_s - ref_e.reliability.real_train_time_s;
  }
  g.currency = e.cost.currency;
  g.tiers = e.network.tiers;
  g.one_node = s.cluster.nodes <= 1;
  g.one_leaf = !g.one_node && (e.network.tiers <= 1 || s.cluster.nodes <= e.network.nodes_per_leaf);
  g.by_cause = split_by_cause(ref_s, ref_e, s, e);
  g.reference_layout = layout_text(ref_s);
  g.layout = layout_text(s);
  return g;
}

std::string dominant_cause(const FabricGap& g) {
  const FabricGap::ByCause& c = g.by_cause;
  std::string best = "none";
  double largest = 0;
  const auto consider = [&](double v, std::string name) {
    if (std::abs(v) > largest) {
      largest = std::abs(v);
      best = std::move(name);
    }
  };
  consider(c.layout_change, "layout_change");
  consider(c.latency_per_message, "latency.per_message");
  consider(c.latency_per_hop, "latency.per_hop");
  for (int k = 0; k < kTrafficKinds; ++k) {
    consider(c.bandwidth[std::size_t(k)], "bandwidth." + std::string(to_string(Traffic(k))));
    consider(c.interference[std::size_t(k)], "interference." + std::string(to_string(Traffic(k))));
  }
  consider(c.other, "other");
  return best;
}

GapClass classify(const FabricGap& g) {
  if (std::abs(g.speedup) < kEqualWithin) return GapClass::Equal;
  return g.speedup > 0 ? GapClass::ReferenceFaster : GapClass::FabricFaster;
}

std::string verdict_text(const FabricGap& g) {
  const std::string at = " at " + grouped(g.gpus) + " GPUs: ";
  std::string t;
  const GapClass c = classify(g);
  if (c == GapClass::Equal) {
    t = "Equal within 0.5%" + at;
    if (g.one_node) t += "the job runs inside one node, on NVLink, so the fabric carries none of its traffic";
    else if (g.one_leaf) t += "the job fits under one leaf switch, so ECMP has nothing to collide on";
    else if (std::abs(g.step_delta_s) < 1e-9) t += "its network traffic hides behind compute on both fabrics";
    else t += g.fabric_name + " moves its traffic as fast as " + g.reference_name + " here";
  } else {
    const bool ref_ahead = c == GapClass::ReferenceFaster;
    const std::string& fast = ref_ahead ? g.reference_name : g.fabric_name;
    const std::string& slow = ref_ahead ? g.fabric_name : g.reference_name;
    const double lead = ref_ahead ? g.speedup : 1 / (1 + g.speedup) - 1;
    t = fast + " is " + percent(lead) + " faster" + at;
    const double traffic = g.exposed_delta_s[std::size_t(g.dominant)];
    const std::string cause = dominant_cause(g);
    const FabricGap::ByCause& c = g.by_cause;
    const auto on_slow = [&](double v) { return millis(ref_ahead ? v : -v) + " per step on " + slow; };
    if (cause == "layout_change")
      t += "the best layouts differ (" + g.reference_layout + " on " + g.reference_name + ", " + g.layout + " on " +
           g.fabric_name + "), " + on_slow(c.layout_change) + " from the change of layout";
    else if (cause.starts_with("latency."))
      t += "mostly latency (per message " + millis(c.latency_per_message) + ", per switch hop " +
           millis(c.latency_per_hop) + "), " + on_slow(c.latency()) + "; more bandwidth or tuning does not shorten it";
    else if (cause.starts_with("interference.")) {
      double v = 0;
      std::string_view kind;
      for (int k = 0; k < kTrafficKinds; ++k)
        if (cause.ends_with(to_string(Traffic(k)))) {
          v = c.interference[std::size_t(k)];
          kind = traffic_words(Traffic(k));
        }
      t += "mostly compute slowed by hidden " + std::string(kind) + " traffic, " + on_slow(v);
    }
    else if (!g.by_cause.split && !g.same_layout && std::abs(g.compute_delta_s) > std::abs(traffic))
      t += "the best layouts differ, and compute, bubble and optimizer time change by " +
           millis(ref_ahead ? g.compute_delta_s : -g.compute_delta_s) + " per step on " + slow;
    else if (cause.starts_with("bandwidth.")) {
      for (int k = 0; k < kTrafficKinds; ++k)
        if (cause.ends_with(to_string(Traffic(k))))
          t += "mostly exposed " + std::string(traffic_words(Traffic(k))) + " traffic, " +
               on_slow(c.bandwidth[std::size_t(k)]);
    } else
      t += "mostly exposed " + std::string(traffic_words(g.dominant)) + " traffic, " +
           millis(ref_ahead ? traffic : -traffic) + " per step on " + slow;
  }
  if (g.per_month_delta < -0.5) t += "; " + g.fabric_name + " saves " + money(-g.per_month_delta, g.currency) + " per month";
  else if (g.per_month_delta > 0.5)
    t += "; " + g.fabric_name + " costs " + money(g.per_month_delta, g.currency) + " more per month";
  else t += "; both cost the same per month";
  if (g.has_run && std::abs(g.run_total_delta) > 0.5)
    t += " (" + std::string(g.run_total_delta < 0 ? "saves " : "costs ") + money(std::abs(g.run_total_delta), g.currency) +
         (g.run_total_delta < 0 ? " on the run)" : " more for the run)");
  t += ".";
  return t;
}

namespace {

// Cost per token of the dearer fabric over the cheaper one's (at or below 1: its speed pays for
// it); 0 when the two cost the same per month or a figure is missing.
double dearer_cost_ratio(const FabricGap& g, bool& dearer_is_reference) {
  if (g.per_month <= 0 || g.reference_per_month <= 0 || std::abs(g.per_month - g.reference_per_month) < 0.5) return 0;
  dearer_is_reference = g.reference_per_month > g.per_month;
  // speedup = reference tokens/s over this fabric's - 1.
  const double ref_over_this = 1 + g.speedup;
  const double month_ratio = g.reference_per_month / g.per_month;
  return dearer_is_reference ? month_ratio / ref_over_this : ref_over_this / month_ratio;
}

}  // namespace

JobVerdict job_verdict(const std::vector<FabricGap>& gaps, const std::vector<std::string>& order, std::string_view own) {
  JobVerdict v;
  if (order.empty()) return v;
  v.reference = order.front();
  v.reference_name = order.front();
  if (const FabricSpec* spec = find_fabric(order.front())) v.reference_name = spec->name;
  v.reference_own = order.front() == own;
  v.fabrics.push_back(order.front());
  for (std::size_t k = 1; k < order.size(); ++k) {
    std::vector<const FabricGap*> mine;
    for (const FabricGap& g : gaps)
      if (g.fabric == order[k] && g.reference_fabric == v.reference) mine.push_back(&g);
    std::sort(mine.begin(), mine.end(), [](const FabricGap* a, const FabricGap* b) { return a->gpus < b->gpus; });
    FabricVerdict f;
    f.fabric = order[k];
    f.fabric_name = order[k];
    if (const FabricSpec* spec = find_fabric(order[k])) f.fabric_name = spec->name;
    f.own = order[k] == own;
    f.sizes = int(mine.size());
    bool equal_so_far = true;
    bool cost_more_below = false;  // the dearer fabric cost more per token at a smaller size
    for (const FabricGap* g : mine) {
      if (!g->reference_name.empty()) v.reference_name = g->reference_name;
      if (!g->fabric_name.empty()) f.fabric_name = g->fabric_name;
      v.currency = g->currency;
      if (equal_so_far && classify(*g) == GapClass::Equal) f.equal_up_to = g->gpus;
      else equal_so_far = false;
      bool dearer_ref = true;
      const double ratio = dearer_cost_ratio(*g, dearer_ref);
      if (ratio > 1) {
        cost_more_below = true;
        f.break_even_gpus = 0;  // a crossing back: the saving no longer pays from here
      } else if (ratio > 0 && cost_more_below && f.break_even_gpus == 0) {
        f.break_even_gpus = g->gpus;
        f.dearer_is_reference = dearer_ref;
      }
    }
    if (!mine.empty()) {
      const FabricGap& last = *mine.back();
      f.equal_everywhere = equal_so_far;
      f.largest_gpus = last.gpus;
      f.largest_class = classify(last);
      f.relative = 1 / (1 + last.speedup) - 1;
      f.per_month_delta = last.per_month_delta;
    }
    if (v.break_even_gpus == 0) v.break_even_gpus = f.break_even_gpus;
    v.fabrics.push_back(f.fabric);
    v.others.push_back(std::move(f));
  }
  return v;
}

JobVerdict job_verdict(const ComparisonResult& r, std::string_view own) {
  std::vector<std::string> order;
  for (const ComparisonSeries& s : r.series) order.push_back(s.fabric_id);
  JobVerdict v = job_verdict(r.gaps, order, own);
  if (!r.series.empty()) v.reference_name = r.series.front().fabric_name;
  for (std::size_t k = 0; k < v.others.size() && k + 1 < r.series.size(); ++k)
    v.others[k].fabric_name = r.series[k + 1].fabric_name;
  v.currency = r.currency;
  return v;
}

std::string job_verdict_text(const JobVerdict& v) {
  if (v.others.empty()) return "Only " + v.reference_name + " is swept: there is nothing to compare it with.";
  std::string t = "For this job";
  const auto name = [](const std::string& n, bool own) { return own ? n + " (your fabric)" : n; };
  // The scenario's own fabric is marked at its first mention only.
  std::string reference = name(v.reference_name, v.reference_own);
  bool first = true;
  for (const FabricVerdict& f : v.others) {
    t += first ? ", " : "; ";
    if (!first) reference = v.reference_name;
    first = false;
    t += name(f.fabric_name, f.own);
    if (f.sizes == 0) {
      t += " has no size where it and " + reference + " both have a valid result";
      continue;
    }
    const std::string at = " at " + grouped(f.largest_gpus) + " GPUs";
    if (f.equal_everywhere) {
      t += " matches " + reference + " up to " + grouped(f.largest_gpus) + " GPUs";
    } else {
      if (f.equal_up_to > 0) t += " matches " + reference + " up to " + grouped(f.equal_up_to) + " GPUs, then";
      if (f.largest_class == GapClass::Equal) t += " matches it again" + at;
      else t += std::string(f.relative < 0 ? " loses " : " gains ") + percent(f.relative) + at;
    }
    if (f.per_month_delta < -0.5) t += " and costs " + money(-f.per_month_delta, v.currency) + " less per month";
    else if (f.per_month_delta > 0.5) t += " and costs " + money(f.per_month_delta, v.currency) + " more per month";
    else t += " and costs the same";
    if (f.break_even_gpus > 0)
      t += "; " + (f.dearer_is_reference ? reference : name(f.fabric_name, f.own)) +
           " saves enough time to pay its higher price from " + grouped(f.break_even_gpus) + " GPUs on";
  }
  t += ".";
  return t;
}

std::string layout_text(const Scenario& s) {
  const Parallelism& x = s.parallel;
  return "TP " + std::to_string(x.tp) + " PP " + std::to_string(x.pp) + " VPP " + std::to_string(x.vpp) + " CP " +
         std::to_string(x.cp) + " EP " + std::to_string(x.ep) + " DP " + std::to_string(s.data_parallel()) +
         ", micro-batch " + std::to_string(s.training.micro_batch) + ", recompute " +
         std::string(to_string(s.training.recompute)) + ", ZeRO " + std::string(to_string(s.training.zero));
}

std::string_view to_string(SweepLayout l) { return l == SweepLayout::Best ? "best" : "held"; }

std::optional<SweepLayout> parse_sweep_layout(std::string_view text) {
  if (text == "held") return SweepLayout::Held;
  if (text == "best") return SweepLayout::Best;
  return std::nullopt;
}

std::vector<int> comparison_sizes(int min_gpus, int max_gpus) {
  std::vector<int> sizes;
  for (long long n = std::max(1, min_gpus); n <= max_gpus; n *= 2) sizes.push_back(int(n));
  return sizes;
}

std::vector<int> comparison_sizes(const Scenario& base, SweepLayout layout, int min_gpus, int max_gpus) {
  min_gpus = std::max(1, min_gpus);
  std::vector<int> sizes;
  if (layout == SweepLayout::Best) {
    sizes = comparison_sizes(min_gpus, max_gpus);
  } else {
    // The held layout runs on whole replicas, and on whole nodes once it leaves one node.
    const long long replica = std::max(1LL, (long long)base.parallel.tp * base.parallel.pp * base.parallel.cp);
    const long long node = std::max(1, base.cluster.gpus_per_node);
    const long long whole = std::lcm(replica, node);
    for (long long unit : {replica, whole})
      for (long long n = unit; n <= max_gpus; n *= 2)
        if (n >= min_gpus && (n < node || n % node == 0)) sizes.push_back(int(n));
  }
  const int own = base.cluster.total_gpus();
  if (own >= 1) sizes.push_back(own);
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

Scenario held_scenario(const Scenario& base, const FabricSpec& fabric, int gpus) {
  Scenario s = base;
  s.cluster.fabric = fabric;
  s.parallel.dp = 0;
  set_gpu_count(s.cluster, gpus);  // a size it cannot take leaves the cluster as it was
  return s;
}

BestLayout best_layout(const Scenario& at, const SearchSpace& space, Objective objective, int threads,
                       const std::atomic<bool>* cancel) {
  SearchSpace sp = space;
  sp.gpus = {at.cluster.total_gpus()};
  sp.fabrics = {at.cluster.fabric.id};
  PlanOptions o;
  o.objective = objective;
  // The comparison asks what each fabric does for the job, not which layout to trust: the
  // point estimate picks each point's layout. (Robust ranking reads the band, which is wider
  // for a fabric outside the calibrated range even where the job never leaves a node, and
  // would change the layout with the fabric for that alone.)
  o.ranking = Ranking::Optimistic;
  o.top = 1;
  o.threads = threads;
  o.cancel = cancel;
  // The fabric may be one the catalog does not hold (read from a file): plan on `at` itself.
  Scenario base = at;
  return planner_detail::best_of(plan(base, sp, o), at);
}

BestLayout planner_detail::best_of(const PlanResult& r, const Scenario& at) {
  BestLayout b;
  if (!r.ok()) {
    b.problem = r.problems.front();
    b.why = b.problem.text();
    return b;
  }
  if (r.top.empty()) {
    b.problem = r.binding_text.empty() ? make_problem("parallelism", reasons::no_layout) : Problem{"parallelism", r.binding_text};
    b.why = r.binding_text.empty() ? b.problem.message : r.binding_text;
    return b;
  }
  b.found = true;
  b.scenario = r.top.front().scenario;
  b.scenario.cluster.fabric = at.cluster.fabric;
  b.estimate = r.top.front().estimate;
  b.layout = r.top.front().layout;
  return b;
}

BestLayout best_layout_of(const Scenario& at, const PlanLayout& layout) {
  // As plan() fills its top entry (apply_layout on the base, then one estimate) and
  // best_layout reads it.
  BestLayout b;
  b.found = true;
  b.layout = layout;
  b.scenario = apply_layout(at, layout, {at.cluster.fabric.id});
  b.estimate = estimate(b.scenario);
  b.scenario.cluster.fabric = at.cluster.fabric;
  return b;
}

const FabricGap* ComparisonResult::verdict_gap(int gpus) const {
  if (series.size() < 2) return nullptr;
  std::string want = series[1].fabric_id;
  if (const FabricSpec* ref = find_fabric(series[0].fabric_id))
    if (const FabricSpec* other = counterpart(*ref))
      for (const ComparisonSeries& s : series)
        if (s.fabric_id == other->id) want = other->id;
  for (const FabricGap& g : gaps)
    if (g.gpus == gpus && g.fabric == want) return &g;
  return nullptr;
}

bool in_seed_class(const Scenario& base, const std::vector<int>& sizes) {
  if (!base.cluster.gpu.calibrated) return false;
  return std::any_of(sizes.begin(), sizes.end(),
                     [](int n) { return n >= kSeedClassMinGpus && n <= kSeedClassMaxGpus; });
}

namespace {

// A point whose estimate (or search result) is in: whether it fits, and its reason when not.
void settle(ComparisonPoint& p) {
  if (p.estimated) {
    p.fits = p.estimate.memory.fits;
    if (!p.fits) {
      p.problem = make_problem("memory.total_bytes", reasons::needs_memory,
                               {printf_text("%.1f", p.estimate.memory.peak.total() / units::GiB),
                                printf_text("%.1f", p.estimate.memory.capacity / units::GiB)});
    }
  }
  if (p.reason.empty() && !p.problem.message.empty()) p.reason = p.problem.text();
  p.feasible = p.estimated && p.fits;
}

// The point with the held layout (validated, estimated).
void estimate_held(ComparisonPoint& p, Scenario s) {
  const std::vector<Problem> problems = validate(s);
  if (problems.empty()) {
    p.estimate = estimate(s);
    p.scenario = std::move(s);
    p.estimated = true;
  } else {
    p.problem = problems.front();
  }
}

void take_best(ComparisonPoint& p, BestLayout b) {
  if (b.found) {
    p.scenario = std::move(b.scenario);
    p.estimate = b.estimate;
    p.estimated = true;
    p.layout = b.layout;
  } else {
    p.reason = b.why;
    p.problem = std::move(b.problem);
  }
}

// The scenario of the point at `gpus` GPUs on fabric `id` (`f` its spec, nullptr when unknown),
// before its layout: the one sweep's point (sweep.h, sweep_scenario; `reference` its
// weak_reference); false (and p.problem) when the point cannot run at all.
bool point_scenario(const Scenario& base, const ComparisonSpec& spec, int reference, const std::string& id,
                    const FabricSpec* f, int gpus, ComparisonPoint& p, Scenario& s) {
  if (!f) {
    p.problem = make_problem("cluster.fabric", reasons::unknown_fabric, {id});
    return false;
  }
  return sweep_scenario(base, *f, gpus, spec.layout, spec.scaling, reference, s, p.problem);
}

// Scaling per series (against its smallest feasible size) and the gaps against the reference.
void finish(ComparisonResult& r) {
  for (ComparisonSeries& series : r.series) {
    int base_gpus = 0;
    double base_tps = 0;
    for (ComparisonPoint& p : series.points) {
      p.scaling = 0;
      p.speedup = 0;
      if (!p.feasible) continue;
      if (base_gpus == 0) {
        base_gpus = p.gpus;
        base_tps = p.estimate.throughput.tokens_per_s;
      }
      p.scaling = scaling_efficiency(p.estimate.throughput.tokens_per_s, p.gpus, base_tps, base_gpus);
    }
  }
  r.gaps.clear();
  for (std::size_t k = 1; k < r.series.size(); ++k)
    for (std::size_t i = 0; i < r.sizes.size(); ++i) {
      const ComparisonPoint& a = r.series[0].points[i];
      ComparisonPoint& b = r.series[k].points[i];
      if (!a.feasible || !b.feasible) continue;
      r.gaps.push_back(fabric_gap(a.scenario, a.estimate, b.scenario, b.estimate));
      b.speedup = r.gaps.back().speedup;
    }
}

}  // namespace

ComparisonResult compare_fabrics(const Scenario& base, const ComparisonSpec& spec,
                                 const std::function<bool(int, int)>& progress,
                                 const std::function<void(const ComparisonResult&)>& partial) {
  ComparisonResult r;
  r.sizes = spec.sizes;
  r.layout = spec.layout;
  r.scaling = spec.scaling;
  r.currency = base.assumptions.currency;
  r.seed_class = in_seed_class(base, spec.sizes);
  const std::vector<std::string> fabrics =
      spec.fabrics.empty() ? comparison_fabrics(base.cluster.fabric) : spec.fabrics;
  const int reference = weak_reference(base, spec.layout, spec.sizes);
  const int total = int(fabrics.size() * spec.sizes.size());
  const bool best = spec.layout == SweepLayout::Best;
  // Every point's scenario on its size and fabric, or the problem that stops it first.
  std::vector<std::vector<Scenario>> at(fabrics.size());
  std::vector<std::vector<char>> ready(fabrics.size());
  for (std::size_t k = 0; k < fabrics.size(); ++k) {
    const std::string& id = fabrics[k];
    ComparisonSeries series;
    series.fabric_id = id;
    const FabricSpec* f = sweep_fabric(base, id);
    series.fabric_name = f ? f->name : id;
    for (int gpus : spec.sizes) {
      ComparisonPoint p;
      p.gpus = gpus;
      Scenario s;
      const bool ok = point_scenario(base, spec, reference, id, f, gpus, p, s);
      series.points.push_back(std::move(p));
      at[k].push_back(std::move(s));
      ready[k].push_back(ok);
    }
    r.series.push_back(std::move(series));
  }

  if (!best) {
    // One estimate per point, in series order.
    int done = 0;
    for (std::size_t k = 0; k < fabrics.size(); ++k)
      for (std::size_t i = 0; i < spec.sizes.size(); ++i) {
        ComparisonPoint& p = r.series[k].points[i];
        if (ready[k][i]) estimate_held(p, std::move(at[k][i]));
        settle(p);
        ++done;
        if (progress && !progress(done, total)) {
          r.canceled = true;
          r.series.resize(k);  // the series done, as the points came
          return r;
        }
      }
    finish(r);
    return r;
  }

  // Best: one search over every size; each size's fabrics are one group.
  std::vector<std::vector<Scenario>> groups(spec.sizes.size());
  std::vector<std::vector<std::size_t>> members(spec.sizes.size());  // the series of each group's points
  for (std::size_t i = 0; i < spec.sizes.size(); ++i)
    for (std::size_t k = 0; k < fabrics.size(); ++k)
      if (ready[k][i]) {
        groups[i].push_back(at[k][i]);
        members[i].push_back(k);
      }
  ComparisonResult shown;  // the partial result: held layouts, replaced as the sizes are planned
  if (partial) {
    shown = r;
    for (std::size_t k = 0; k < fabrics.size(); ++k)
      for (std::size_t i = 0; i < spec.sizes.size(); ++i) {
        ComparisonPoint& p = shown.series[k].points[i];
        if (ready[k][i]) {
          estimate_held(p, at[k][i]);
          p.provisional = true;
        }
        settle(p);
      }
    ComparisonResult first = shown;
    finish(first);
    partial(first);
  }
  std::atomic<bool> stop{false};  // set when progress() says stop
  int done = 0;
  // Points that cannot be planned count as done at once.
  for (std::size_t i = 0; i < spec.sizes.size(); ++i) done += int(fabrics.size() - members[i].size());
  SweepSearchOptions o;
  o.threads = spec.threads;
  o.cancel = spec.cancel ? spec.cancel : &stop;
  o.also_cancel = spec.cancel ? &stop : nullptr;
  o.group_done = [&](std::size_t g, const std::vector<BestLayout>& found) {
    done += int(members[g].size());
    if (partial) {
      for (std::size_t j = 0; j < members[g].size(); ++j) {
        ComparisonPoint& p = shown.series[members[g][j]].points[g];
        p = ComparisonPoint{};
        p.gpus = spec.sizes[g];
        take_best(p, found[j]);
        settle(p);
      }
      ComparisonResult now = shown;
      finish(now);
      partial(now);
    }
    if (progress && !progress(done, total)) stop = true;
  };
  std::vector<std::vector<BestLayout>> found = best_layouts(groups, spec.space, spec.objective, o);
  if (stop || (spec.cancel && spec.cancel->load())) {
    r.canceled = true;
    return r;
  }
  for (std::size_t i = 0; i < spec.sizes.size(); ++i)
    for (std::size_t j = 0; j < members[i].size(); ++j) take_best(r.series[members[i][j]].points[i], std::move(found[i][j]));
  for (ComparisonSeries& series : r.series)
    for (ComparisonPoint& p : series.points) settle(p);
  finish(r);
  return r;
}

ComparisonResult reprice_comparison(const Scenario& base, const ComparisonSpec& spec, const ComparisonResult& planned) {
  if (spec.layout != SweepLayout::Best) return compare_fabrics(base, spec);  // held: one estimate a point anyway
  ComparisonResult r;
  r.sizes = spec.sizes;
  r.layout = spec.layout;
  r.scaling = spec.scaling;
  r.currency = base.assumptions.currency;
  r.seed_class = in_seed_class(base, spec.sizes);
  const std::vector<std::string> fabrics =
      spec.fabrics.empty() ? comparison_fabrics(base.cluster.fabric) : spec.fabrics;
  const int reference = weak_reference(base, spec.layout, spec.sizes);
  for (std::size_t k = 0; k < fabrics.size(); ++k) {
    ComparisonSeries series;
    series.fabric_id = fabrics[k];
    const FabricSpec* f = sweep_fabric(base, fabrics[k]);
    series.fabric_name = f ? f->name : fabrics[k];
    for (std::size_t i = 0; i < spec.sizes.size(); ++i) {
      ComparisonPoint p;
      p.gpus = spec.sizes[i];
      Scenario at;
      if (point_scenario(base, spec, reference, fabrics[k], f, p.gpus, p, at)) {
        const ComparisonPoint* was = k < planned.series.size() && i < planned.series[k].points.size()
                                         ? &planned.series[k].points[i]
                                         : nullptr;
        if (was && was->layout) {
          take_best(p, best_layout_of(at, *was->layout));
        } else if (was) {
          p.reason = was->reason;  // nothing feasible: the planner's reason stands
          p.problem = was->problem;
        } else {
          take_best(p, best_layout(at, spec.space, spec.objective, spec.threads, spec.cancel));
        }
      }
      settle(p);
      series.points.push_back(std::move(p));
    }
    r.series.push_back(std::move(series));
  }
  finish(r);
  return r;
}

}  // namespace cp
