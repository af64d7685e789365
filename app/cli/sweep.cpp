#include "cli/sweep.h"

#include <climits>
#include <cstdio>
#include <functional>
#include <map>
#include <ostream>

#include "cli/help_text.h"
#include "cli/scenario_builder.h"
#include "cli/sweep_output.h"
#include "io/scenario_json.h"
#include "engine/units.h"
#include "plan/fabric_compare.h"
#include "engine/validate.h"

namespace cp::cli {
namespace {

// DP when the GPU count is a whole multiple of TP x PP x CP; 0 otherwise.
int derived_dp(const Scenario& s) {
  const int dp = s.data_parallel();
  const long long used = (long long)s.parallel.tp * s.parallel.pp * s.parallel.cp * dp;
  return dp > 0 && used == s.cluster.total_gpus() ? dp : 0;
}

std::string gib_text(double bytes) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.2f GiB", bytes / units::GiB);
  return buf;
}

// One curve: a fabric and one value of each --vary list; the GPU counts still open.
struct Curve {
  std::string fabric;  // empty: the base scenario's
  std::vector<std::pair<std::string, std::string>> vary;
};

std::vector<Curve> curves_of(const SweepArgs& a) {
  std::vector<Curve> curves;
  const std::vector<std::string> fabrics = a.fabrics.empty() ? std::vector<std::string>{std::string()} : a.fabrics;
  for (const std::string& f : fabrics) {
    // Odometer over the --vary lists, the last one fastest.
    std::vector<std::size_t> at(a.vary.size(), 0);
    bool wrapped = false;
    while (!wrapped) {
      Curve c;
      c.fabric = f;
      for (std::size_t i = 0; i < a.vary.size(); ++i) c.vary.emplace_back(a.vary[i].name, a.vary[i].values[at[i]]);
      curves.push_back(c);
      wrapped = true;  // stays true when every list wrapped around (or there is none)
      for (std::size_t i = a.vary.size(); wrapped && i > 0; --i) {
        if (++at[i - 1] < a.vary[i - 1].values.size()) wrapped = false;
        else at[i - 1] = 0;
      }
    }
  }
  return curves;
}

// The words of one point: the base's estimate options, then the point's own values (a
// repeated option keeps its last value, so these win).
std::vector<std::string> point_words(const SweepArgs& a, const Curve& c, int gpus) {
  std::vector<std::string> w = a.estimate_words;
  w.emplace_back("--gpus");
  w.push_back(std::to_string(gpus));
  if (!c.fabric.empty()) {
    w.emplace_back("--fabric");
    w.push_back(c.fabric);
  }
  for (const auto& [name, value] : c.vary) {
    w.push_back("--" + name);
    w.push_back(value);
  }
  return w;
}

// Each fabric against the first one, at the same GPU count and --vary values, found as the
// points stream past. The first fabric is the outermost curve (curves_of), so its points come
// first: only its feasible points are kept (scenario and estimate, one per size and --vary
// values), and every later point's gap is computed as it arrives; the points themselves are
// not kept, so that a sweep's memory stays bounded however many points it has.
class GapFinder {
 public:
  GapFinder(const SweepArgs& a, bool wanted) : a_(a), on_(wanted && a.fabrics.size() >= 2) {}
  void point(const SweepPoint& p) {
    if (!on_ || !p.feasible) return;
    if (p.fabric == a_.fabrics.front()) {
      reference_.push_back({p.gpus, p.vary, p.scenario, p.estimate});
      return;
    }
    for (const Reference& q : reference_)
      if (q.gpus == p.gpus && q.vary == p.vary) {
        gaps_.push_back({p.vary, fabric_gap(q.scenario, q.estimate, p.scenario, p.estimate)});
        break;
      }
  }
  std::vector<SweepGap> take() { return std::move(gaps_); }

 private:
  struct Reference {
    int gpus = 0;
    std::vector<std::pair<std::string, std::string>> vary;
    Scenario scenario;
    Estimate estimate;
  };
  const SweepArgs& a_;
  bool on_;
  std::vector<Reference> reference_;
  std::vector<SweepGap> gaps_;
};

}  // namespace

namespace {

// The point of `curve` at `gpus` GPUs, built (not yet scaled or estimated); its build
// problems go to `reasons`.
SweepPoint build_point(const SweepArgs& a, const Curve& curve, const Scenario& base, int gpus,
                       std::vector<std::string>& reasons) {
  SweepPoint p;
  p.gpus = gpus;
  p.vary = curve.vary;
  const ParseResult parsed = parse_estimate_args(point_words(a, curve, gpus));
  for (const std::string& e : parsed.errors) reasons.push_back(e);
  if (parsed.ok()) {
    BuildResult built = build_scenario(parsed.args);
    for (const Problem& pr : built.problems) reasons.push_back(pr.text());
    p.scenario = std::move(built.scenario);
    if (built.problems.empty() && parsed.args.gpus) {
      // Below one node the NICs scale with the GPUs, as core/plan's held_scenario shapes the
      // comparison tab's points: a part of a server has its part of the server's NICs, so the
      // CLI and the tab price the same cluster.
      EstimateArgs whole = parsed.args;
      whole.gpus.reset();
      const Cluster node = build_scenario(whole).scenario.cluster;
      if (gpus < node.gpus_per_node)
        p.scenario.cluster.nics_per_node = std::max(1, node.nics_per_node * gpus / node.gpus_per_node);
    }
  }
  p.fabric = curve.fabric.empty() ? base.cluster.fabric.id : curve.fabric;
  p.dp = reasons.empty() ? derived_dp(p.scenario) : 0;
  p.global_batch = p.scenario.training.global_batch;
  return p;
}

// The reference points of a curve under weak scaling: the first GPU count whose DP is whole
// (the batch per replica is held), and under --layout best the first that builds (the batch per
// GPU is held). Found by building points up to those; no point is kept (holding every point
// of a 100,000-point sweep takes some 7.9 GB).
struct CurveReference {
  int dp = 0, gpus = 0;
};

CurveReference reference_of(const SweepArgs& a, const Curve& curve, const Scenario& base,
                            const std::vector<int>& gpu_counts) {
  CurveReference ref;
  if (a.scaling != Scaling::Weak) return ref;
  for (int g : gpu_counts) {
    std::vector<std::string> reasons;
    const int dp = build_point(a, curve, base, g, reasons).dp;
    if (ref.gpus == 0 && reasons.empty()) ref.gpus = g;
    if (ref.dp == 0) ref.dp = dp;
    if (ref.dp > 0 && ref.gpus > 0) break;
  }
  return ref;
}

// The point of `curve` at `gpus` GPUs with the scaling policy applied (its layout not yet
// chosen, not estimated); why it cannot run goes to `reasons`.
SweepPoint scaled_point(const SweepArgs& a, const Curve& curve, const Scenario& base, int gpus,
                        const CurveReference& ref, std::vector<std::string>& reasons) {
  SweepPoint p = build_point(a, curve, base, gpus, reasons);
  if (reasons.empty() && a.scaling == Scaling::Weak && a.layout == SweepLayout::Best && ref.gpus > 0) {
    // The layout is the planner's, so DP is not known yet: the batch per GPU is held.
    const long long scaled = (long long)p.scenario.training.global_batch * p.gpus;
    if (scaled % ref.gpus != 0 || scaled / ref.gpus > INT_MAX) {
      reasons.push_back("training.global_batch: weak scaling gives " +
                        std::to_string(p.scenario.training.global_batch) + " x " + std::to_string(p.gpus) + " / " +
                        std::to_string(ref.gpus) + ", not a whole number of sequences in range");
    } else {
      p.scenario.training.global_batch = int(scaled / ref.gpus);
      p.global_batch = p.scenario.training.global_batch;
    }
  } else if (reasons.empty() && a.scaling == Scaling::Weak && p.dp > 0 && ref.dp > 0) {
    // The batch per replica of the reference point is held: G x DP / DP_ref.
    const long long scaled = (long long)p.scenario.training.global_batch * p.dp;
    if (scaled % ref.dp != 0) {
      reasons.push_back("training.global_batch: weak scaling gives " +
                        std::to_string(p.scenario.training.global_batch) + " x " + std::to_string(p.dp) + " / " +
                        std::to_string(ref.dp) + ", not a whole number of sequences");
    } else if (scaled / ref.dp > INT_MAX) {
      reasons.push_back("training.global_batch: weak scaling gives more than " + std::to_string(INT_MAX) +
                        " sequences");
    } else {
      p.scenario.training.global_batch = int(scaled / ref.dp);
      p.global_batch = p.scenario.training.global_batch;
    }
  }
  return p;
}

// Under --layout best: the planner's answer for every point. The points of one GPU count and one
// set of --vary values differ in their fabric only, so they are planned together, in one search
// (core/plan's best_layouts): all GPU counts of a set of --vary values at once, on every fabric,
// when the first fabric's curve of that set comes up. Only each point's layout (or why there is
// none) is kept until its own curve comes up, where one estimate rebuilds the planner's result
// (best_layout_of): the sweep's memory stays bounded.
class BestPlans {
 public:
  BestPlans(const SweepArgs& a, const Scenario& base, const std::vector<Curve>& curves, const std::vector<int>& gpu_counts)
      : a_(a), base_(base), curves_(curves), gpu_counts_(gpu_counts) {
    fabrics_ = a.fabrics.empty() ? 1 : a.fabrics.size();
    sets_ = curves.size() / fabrics_;
  }

  // The answer for point `i` (a GPU count) of curve `c`; its scenario must be the one
  // scaled_point gives (the search was run on it).
  BestLayout take(std::size_t c, std::size_t i, const Scenario& at) {
    const std::size_t set = c % sets_, fabric = c / sets_;
    if (!plans_.count(set)) plan_set(set);
    const Planned& p = plans_[set][fabric][i];
    BestLayout b;
    if (p.found) {
      b = best_layout_of(at, p.layout);
    } else {
      b.why = p.why;
    }
    return b;
  }
  // Curve `c` is written: after the last fabric's, its --vary set's plans are dropped.
  void done(std::size_t c) {
    if (c / sets_ + 1 == fabrics_) plans_.erase(c % sets_);
  }

 private:
  struct Planned {
    bool found = false;
    PlanLayout layout;
    std::string why;
  };

  void plan_set(std::size_t set) {
    std::vector<std::vector<Planned>>& plans = plans_[set];
    plans.assign(fabrics_, std::vector<Planned>(gpu_counts_.size()));
    // A block of GPU counts at a time: the scenarios of a block, never of the whole sweep.
    constexpr std::size_t kBlock = 64;
    for (std::size_t first = 0; first < gpu_counts_.size(); first += kBlock) {
      const std::size_t last = std::min(gpu_counts_.size(), first + kBlock);
      std::vector<std::vector<Scenario>> groups(last - first);
      std::vector<std::vector<std::size_t>> members(last - first);
      for (std::size_t f = 0; f < fabrics_; ++f) {
        const Curve& curve = curves_[f * sets_ + set];
        const CurveReference ref = reference_of(a_, curve, base_, gpu_counts_);
        for (std::size_t i = first; i < last; ++i) {
          std::vector<std::string> reasons;
          SweepPoint p = scaled_point(a_, curve, base_, gpu_counts_[i], ref, reasons);
          if (!reasons.empty()) continue;  // its row says why; nothing to plan
          groups[i - first].push_back(std::move(p.scenario));
          members[i - first].push_back(f);
        }
      }
      SweepSearchOptions o;
      o.threads = a_.threads;
      const std::vector<std::vector<BestLayout>> found = best_layouts(groups, a_.space, Objective::Throughput, o);
      for (std::size_t i = first; i < last; ++i)
        for (std::size_t j = 0; j < members[i - first].size(); ++j) {
          const BestLayout& b = found[i - first][j];
          Planned& p = plans[members[i - first][j]][i];
          p.found = b.found;
          p.layout = b.layout;
          p.why = b.why;
        }
    }
  }

  const SweepArgs& a_;
  const Scenario& base_;
  const std::vector<Curve>& curves_;
  const std::vector<int>& gpu_counts_;
  std::size_t fabrics_ = 1, sets_ = 1;
  std::map<std::size_t, std::vector<std::vector<Planned>>> plans_;  // by --vary set: [fabric][GPU count]
};

}  // namespace

bool for_each_sweep_point(const SweepArgs& a, const std::function<void(const SweepPoint&)>& sink,
                          std::vector<std::string>& errors) {
  // The base scenario: its files and its own values must be sound, or no point can be.
  const BuildResult base = build_scenario(a.base);
  for (const Problem& p : base.problems) errors.push_back(p.text());
  if (!errors.empty()) return false;
  const std::vector<int> gpu_counts = a.gpus.empty() ? std::vector<int>{base.scenario.cluster.total_gpus()} : a.gpus;
  const std::vector<Curve> curves = curves_of(a);
  BestPlans plans(a, base.scenario, curves, gpu_counts);

  for (std::size_t c = 0; c < curves.size(); ++c) {
    const Curve& curve = curves[c];
    const CurveReference ref = reference_of(a, curve, base.scenario, gpu_counts);
    for (std::size_t i = 0; i < gpu_counts.size(); ++i) {
      std::vector<std::string> reasons;
      SweepPoint p = scaled_point(a, curve, base.scenario, gpu_counts[i], ref, reasons);
      if (reasons.empty() && a.layout == SweepLayout::Best) {
        // The held layout only shaped the nodes; the planner chooses TP, PP, CP, EP, ... (DP follows).
        BestLayout best = plans.take(c, i, p.scenario);
        if (best.found) {
          p.scenario = std::move(best.scenario);
          p.estimate = best.estimate;
          p.estimated = true;
          p.dp = p.estimate.dp;
        } else {
          reasons.push_back("layout: no feasible layout: " + best.why);
        }
      } else if (reasons.empty()) {
        for (const Problem& pr : validate(p.scenario)) reasons.push_back(pr.text());
      }
      if (reasons.empty() && !p.estimated) {
        p.estimate = estimate(p.scenario);
        p.estimated = true;
      }
      if (reasons.empty() && p.estimated) {
        // cost.ib_vs_roce of the JSON output (computed for it only).
        if (a.base.format == OutputFormat::Json) p.versus = compare_ib_roce(p.scenario, p.estimate);
        // No impossible figure in a row: such a point is infeasible, with the reason.
        for (const Problem& pr : check_estimate_json(estimate_to_json(p.scenario, p.estimate, &p.versus)))
          reasons.push_back(pr.text());
        p.estimated = reasons.empty();
        if (p.estimated && !p.estimate.memory.fits)
          reasons.push_back("memory.total_bytes: needs " + gib_text(p.estimate.memory.peak.total()) +
                            " per GPU, capacity " + gib_text(p.estimate.memory.capacity));
      }
      p.feasible = reasons.empty();
      p.reasons = std::move(reasons);
      p.own_size = p.gpus == base.scenario.cluster.total_gpus();
      p.own_fabric = p.fabric == base.scenario.cluster.fabric.id;
      sink(p);
    }
    plans.done(c);
  }
  return true;
}

SweepResult run_sweep_points(const SweepArgs& a) {
  SweepResult r;
  GapFinder gaps(a, true);
  for_each_sweep_point(
      a,
      [&](const SweepPoint& p) {
        gaps.point(p);
        r.points.push_back(p);
      },
      r.errors);
  r.gaps = gaps.take();
  return r;
}

int run_sweep(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const SweepParseResult parsed = parse_sweep_args(args);
  if (parsed.args.help) {
    out << sweep_usage();
    return 0;
  }
  if (!parsed.ok()) {
    for (const std::string& e : parsed.errors) err << e << '\n';
    err << "(see 'clusterplan-cli sweep --help')\n";
    return 2;
  }
  // Each point is written as it is produced (SweepWriter), so that memory stays bounded.
  // The gaps (JSON fabric_gap, the text's verdicts) keep only the first fabric's feasible
  // points; CSV prints no gap and keeps nothing.
  SweepWriter writer(parsed.args, out, parsed.args.base.format);
  GapFinder gaps(parsed.args, parsed.args.base.format != OutputFormat::Csv);
  std::vector<std::string> errors;
  const auto sink = [&](const SweepPoint& p) {
    writer.point(p);
    gaps.point(p);
  };
  if (!for_each_sweep_point(parsed.args, sink, errors)) {
    for (const std::string& e : errors) err << e << '\n';
    return 2;
  }
  writer.finish(gaps.take());
  return 0;
}

}  // namespace cp::cli
