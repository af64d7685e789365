#include "plan/sweep.h"

#include <algorithm>
#include <climits>
#include <map>
#include <string_view>

#include "engine/printf_text.h"
#include "engine/units.h"

namespace cp {
namespace {

constexpr std::string_view kModelSize = "model.size";

// GPUs of one replica of the layout: TP x PP x CP.
long long replica_gpus(const Scenario& s) {
  return std::max(1LL, (long long)s.parallel.tp * s.parallel.pp * std::max(1, s.parallel.cp));
}

// The axes' values of curve `set` (an index over every combination, the last axis fastest).
std::vector<std::size_t> axis_indices(const SweepSpec& spec, std::size_t set) {
  std::vector<std::size_t> at(spec.vary.size(), 0);
  for (std::size_t i = spec.vary.size(); i > 0; --i) {
    const std::size_t n = spec.vary[i - 1].values.size();
    at[i - 1] = set % n;
    set /= n;
  }
  return at;
}

std::size_t axis_sets(const SweepSpec& spec) {
  std::size_t sets = 1;
  for (const SweepAxis& a : spec.vary) sets *= a.values.size();
  return sets;
}

// The base with curve `set`'s axis values; false (and `why`) when one cannot be set.
bool curve_scenario(const Scenario& base, const SweepSpec& spec, const std::vector<std::size_t>& at, Scenario& out,
                    Problem& why) {
  out = base;
  for (std::size_t i = 0; i < spec.vary.size(); ++i)
    if (std::optional<Problem> p = apply_axis(out, *spec.vary[i].row, spec.vary[i].values[at[i]])) {
      why = std::move(*p);
      return false;
    }
  return true;
}

// Under Best, the planner's answer for every point of one set of axis values: all its sizes on
// every fabric in one search (best_layouts), a block of sizes at a time. Only each point's
// layout (or why there is none) is kept; its point re-estimates it (best_layout_of), so that
// a sweep's memory stays bounded.
struct Planned {
  bool found = false;
  PlanLayout layout;
  Problem problem;  // when not found: the planner's binding reason
};

std::vector<std::vector<Planned>> plan_set(const Scenario& curve, const SweepSpec& spec,
                                           const std::vector<std::string>& fabrics, const std::vector<int>& sizes,
                                           int reference) {
  std::vector<std::vector<Planned>> plans(fabrics.size(), std::vector<Planned>(sizes.size()));
  constexpr std::size_t kBlock = 64;
  for (std::size_t first = 0; first < sizes.size(); first += kBlock) {
    const std::size_t last = std::min(sizes.size(), first + kBlock);
    std::vector<std::vector<Scenario>> groups(last - first);
    std::vector<std::vector<std::size_t>> members(last - first);
    for (std::size_t f = 0; f < fabrics.size(); ++f) {
      const FabricSpec* fabric = sweep_fabric(curve, fabrics[f]);
      for (std::size_t i = first; i < last && fabric; ++i) {
        Scenario s;
        Problem why;
        if (!sweep_scenario(curve, *fabric, sizes[i], spec.layout, spec.scaling, reference, s, why)) continue;
        groups[i - first].push_back(std::move(s));
        members[i - first].push_back(f);
      }
    }
    SweepSearchOptions o;
    o.threads = spec.threads;
    const std::vector<std::vector<BestLayout>> found = best_layouts(groups, spec.space, Objective::Throughput, o);
    for (std::size_t i = first; i < last; ++i)
      for (std::size_t j = 0; j < members[i - first].size(); ++j) {
        const BestLayout& b = found[i - first][j];
        Planned& p = plans[members[i - first][j]][i];
        p.found = b.found;
        p.layout = b.layout;
        p.problem = b.problem;
      }
  }
  return plans;
}

// A point whose scenario is built: its layout chosen (held, or the planner's `planned`),
// validated, estimated, and judged.
void settle_point(SweepPoint& p, const Planned* planned) {
  if (planned && planned->found) {
    BestLayout b = best_layout_of(p.scenario, planned->layout);
    p.scenario = std::move(b.scenario);
    p.estimate = b.estimate;
    p.layout = b.layout;
    p.estimated = true;
  } else if (planned) {
    p.problems.push_back(planned->problem);
  } else {
    p.problems = validate(p.scenario);
    if (p.problems.empty()) {
      p.estimate = estimate(p.scenario);
      p.estimated = true;
    }
  }
  if (p.estimated) {
    p.dp = p.estimate.dp;
    if (!p.estimate.memory.fits)
      p.problems.push_back(make_problem("memory.total_bytes", reasons::needs_memory,
                                        {printf_text("%.1f", p.estimate.memory.peak.total() / units::GiB),
                                         printf_text("%.1f", p.estimate.memory.capacity / units::GiB)}));
  }
  p.feasible = p.estimated && p.problems.empty();
}

}  // namespace

const FabricSpec* sweep_fabric(const Scenario& base, const std::string& id) {
  return id == base.cluster.fabric.id ? &base.cluster.fabric : find_fabric(id);
}

std::optional<std::string> axis_refusal(const FieldInfo& row) {
  if (row.key == kModelSize) return std::nullopt;
  if (!row.has_value()) return std::string("has no single value to vary");
  if (row.kind != FieldKind::Count && row.kind != FieldKind::Real) return std::string("is not a number");
  if (row.key == "cluster.nodes" || row.key == "parallelism.dp")
    return std::string("follows the GPU count, which the sweep sets");
  return std::nullopt;
}

std::optional<Problem> apply_axis(Scenario& s, const FieldInfo& row, double v) {
  if (row.key == kModelSize) {
    if (!set_derived_model(s, v))
      return Problem{std::string(kModelSize),
                     printf_text("%g billion parameters is too small to derive a standard shape", v)};
    return std::nullopt;
  }
  // A value outside the row's bounds is refused before it is set: a whole number out of an
  // int's range cannot even be stored. NaN unsets an optional number (its built-in rule).
  const bool unset = v != v;
  if ((unset && row.kind != FieldKind::Real) || (!unset && !row.admits(v)))
    return Problem{std::string(row.key),
                   "must be " + range_text(row) + ", got " + (unset ? std::string("nothing") : bound_text(v))};
  row.set(s, v);
  if (row.key.starts_with("model.")) label_changed_preset(s);
  return std::nullopt;
}

int weak_reference(const Scenario& curve, SweepLayout layout, const std::vector<int>& sizes) {
  const long long replica = replica_gpus(curve);
  const int node = std::max(1, curve.cluster.gpus_per_node);
  for (int g : sizes) {
    if (g < 1 || (g >= node && g % node != 0)) continue;
    if (layout == SweepLayout::Held && g % replica != 0) continue;
    return g;
  }
  return 0;
}

bool sweep_scenario(const Scenario& curve, const FabricSpec& fabric, int gpus, SweepLayout layout,
                    SweepScaling scaling, int reference_gpus, Scenario& out, Problem& why) {
  out = held_scenario(curve, fabric, gpus);
  if (out.cluster.total_gpus() != gpus) {  // not whole nodes (set_gpu_count's rule)
    why = make_problem("cluster.nodes", reasons::whole_nodes,
                       {std::to_string(gpus), std::to_string(curve.cluster.gpus_per_node)});
    return false;
  }
  // Under Held a size that is not whole replicas is left to validation, which names DP.
  const bool whole = layout == SweepLayout::Best || gpus % replica_gpus(curve) == 0;
  if (scaling == SweepScaling::Weak && reference_gpus > 0 && whole) {
    const long long scaled = (long long)curve.training.global_batch * gpus;
    if (scaled % reference_gpus != 0 || scaled / reference_gpus > INT_MAX) {
      why = make_problem("training.global_batch", reasons::weak_batch,
                         {std::to_string(curve.training.global_batch), std::to_string(gpus),
                          std::to_string(reference_gpus)});
      return false;
    }
    out.training.global_batch = int(scaled / reference_gpus);
  }
  refresh_derived_name(out);
  return true;
}

bool for_each_sweep_point(const Scenario& base, const SweepSpec& spec, const std::function<void(SweepPoint&)>& sink,
                          std::vector<Problem>& errors) {
  for (const SweepAxis& a : spec.vary) {
    if (!a.row) {
      errors.push_back(Problem{"vary", "an axis without its input"});
    } else if (std::optional<std::string> why = axis_refusal(*a.row)) {
      errors.push_back(Problem{std::string(a.row->key), "cannot be varied: " + *why});
    } else if (a.values.empty()) {
      errors.push_back(Problem{std::string(a.row->key), "has no values to vary"});
    }
  }
  const std::vector<std::string> fabrics =
      spec.fabrics.empty() ? std::vector<std::string>{base.cluster.fabric.id} : spec.fabrics;
  for (const std::string& id : fabrics)
    if (!sweep_fabric(base, id)) errors.push_back(make_problem("cluster.fabric", reasons::unknown_fabric, {id}));
  if (!errors.empty()) return false;
  const std::vector<int> sizes = spec.sizes.empty() ? std::vector<int>{base.cluster.total_gpus()} : spec.sizes;
  const std::size_t sets = axis_sets(spec);
  const bool best = spec.layout == SweepLayout::Best;
  // Under Best, the plans of the axis set being written, by fabric and size.
  std::map<std::size_t, std::vector<std::vector<Planned>>> plans;

  for (std::size_t f = 0; f < fabrics.size(); ++f) {
    const FabricSpec& fabric = *sweep_fabric(base, fabrics[f]);
    for (std::size_t set = 0; set < sets; ++set) {
      const std::vector<std::size_t> at = axis_indices(spec, set);
      Scenario curve;
      Problem curve_problem;
      const bool curve_ok = curve_scenario(base, spec, at, curve, curve_problem);
      const int reference = curve_ok ? weak_reference(curve, spec.layout, sizes) : 0;
      if (best && curve_ok && !plans.count(set)) plans[set] = plan_set(curve, spec, fabrics, sizes, reference);
      for (std::size_t i = 0; i < sizes.size(); ++i) {
        SweepPoint p;
        p.gpus = sizes[i];
        p.fabric = fabrics[f];
        p.at = at;
        p.own_size = p.gpus == base.cluster.total_gpus();
        p.own_fabric = p.fabric == base.cluster.fabric.id;
        p.global_batch = curve.training.global_batch;  // until the scaling policy sets it
        Problem why;
        if (!curve_ok) {
          p.problems.push_back(curve_problem);
        } else if (!sweep_scenario(curve, fabric, p.gpus, spec.layout, spec.scaling, reference, p.scenario, why)) {
          p.problems.push_back(std::move(why));
        } else {
          p.global_batch = p.scenario.training.global_batch;
          const long long replica = replica_gpus(p.scenario);
          p.dp = p.gpus % replica == 0 ? int(p.gpus / replica) : 0;
          settle_point(p, best ? &plans[set][f][i] : nullptr);
        }
        sink(p);
      }
      // After the last fabric's curve of this set, its plans are done with.
      if (f + 1 == fabrics.size()) plans.erase(set);
    }
  }
  return true;
}

}  // namespace cp
