#include "cli/sweep.h"

#include <climits>
#include <cstdio>
#include <ostream>

#include "cli/help_text.h"
#include "cli/scenario_builder.h"
#include "cli/sweep_output.h"
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

// Each fabric against the first one, at the same GPU count and --vary values.
void add_gaps(const SweepArgs& a, SweepResult& r) {
  if (a.fabrics.size() < 2) return;
  for (const SweepPoint& p : r.points) {
    if (!p.feasible || p.fabric == a.fabrics.front()) continue;
    for (const SweepPoint& q : r.points)
      if (q.feasible && q.fabric == a.fabrics.front() && q.gpus == p.gpus && q.vary == p.vary) {
        r.gaps.push_back({p.vary, fabric_gap(q.scenario, q.estimate, p.scenario, p.estimate)});
        break;
      }
  }
}

}  // namespace

SweepResult run_sweep_points(const SweepArgs& a) {
  SweepResult r;
  // The base scenario: its files and its own values must be sound, or no point can be.
  const BuildResult base = build_scenario(a.base);
  for (const Problem& p : base.problems) r.errors.push_back(p.text());
  if (!r.ok()) return r;
  const std::vector<int> gpu_counts = a.gpus.empty() ? std::vector<int>{base.scenario.cluster.total_gpus()} : a.gpus;

  for (const Curve& curve : curves_of(a)) {
    // Build every point of the curve first: weak scaling needs the curve's reference DP.
    std::vector<SweepPoint> points;
    std::vector<std::vector<std::string>> build_reasons;
    int reference_dp = 0;
    int reference_gpus = 0;  // --layout best, weak scaling: the batch per GPU of this point is held
    for (int g : gpu_counts) {
      SweepPoint p;
      p.gpus = g;
      p.vary = curve.vary;
      std::vector<std::string> reasons;
      const ParseResult parsed = parse_estimate_args(point_words(a, curve, g));
      for (const std::string& e : parsed.errors) reasons.push_back(e);
      if (parsed.ok()) {
        BuildResult built = build_scenario(parsed.args);
        for (const Problem& pr : built.problems) reasons.push_back(pr.text());
        p.scenario = std::move(built.scenario);
      }
      p.fabric = curve.fabric.empty() ? base.scenario.cluster.fabric.id : curve.fabric;
      p.dp = reasons.empty() ? derived_dp(p.scenario) : 0;
      p.global_batch = p.scenario.training.global_batch;
      if (reference_dp == 0 && p.dp > 0) reference_dp = p.dp;
      if (reference_gpus == 0 && reasons.empty()) reference_gpus = g;
      points.push_back(std::move(p));
      build_reasons.push_back(std::move(reasons));
    }

    for (std::size_t i = 0; i < points.size(); ++i) {
      SweepPoint& p = points[i];
      std::vector<std::string>& reasons = build_reasons[i];
      if (reasons.empty() && a.scaling == Scaling::Weak && a.layout == SweepLayout::Best && reference_gpus > 0) {
        // The layout is the planner's, so DP is not known yet: the batch per GPU is held.
        const long long scaled = (long long)p.scenario.training.global_batch * p.gpus;
        if (scaled % reference_gpus != 0 || scaled / reference_gpus > INT_MAX) {
          reasons.push_back("training.global_batch: weak scaling gives " +
                            std::to_string(p.scenario.training.global_batch) + " x " + std::to_string(p.gpus) +
                            " / " + std::to_string(reference_gpus) + ", not a whole number of sequences in range");
        } else {
          p.scenario.training.global_batch = int(scaled / reference_gpus);
          p.global_batch = p.scenario.training.global_batch;
        }
      } else if (reasons.empty() && a.scaling == Scaling::Weak && p.dp > 0 && reference_dp > 0) {
        // The batch per replica of the reference point is held: G x DP / DP_ref.
        const long long scaled = (long long)p.scenario.training.global_batch * p.dp;
        if (scaled % reference_dp != 0) {
          reasons.push_back("training.global_batch: weak scaling gives " +
                            std::to_string(p.scenario.training.global_batch) + " x " + std::to_string(p.dp) + " / " +
                            std::to_string(reference_dp) + ", not a whole number of sequences");
        } else if (scaled / reference_dp > INT_MAX) {
          reasons.push_back("training.global_batch: weak scaling gives more than " + std::to_string(INT_MAX) +
                            " sequences");
        } else {
          p.scenario.training.global_batch = int(scaled / reference_dp);
          p.global_batch = p.scenario.training.global_batch;
        }
      }
      if (reasons.empty() && a.layout == SweepLayout::Best) {
        // The held layout only shaped the nodes; the planner chooses TP, PP, CP, EP, ... (DP follows).
        BestLayout best = best_layout(p.scenario, a.space, Objective::Throughput, 0);
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
        if (!p.estimate.memory.fits)
          reasons.push_back("memory.total_bytes: needs " + gib_text(p.estimate.memory.peak.total()) +
                            " per GPU, capacity " + gib_text(p.estimate.memory.capacity));
      }
      p.feasible = reasons.empty();
      p.reasons = std::move(reasons);
      if (p.estimated && a.base.format == OutputFormat::Json) p.versus = compare_ib_roce(p.scenario, p.estimate);
      r.points.push_back(std::move(p));
    }
  }
  add_gaps(a, r);
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
  const SweepResult result = run_sweep_points(parsed.args);
  if (!result.ok()) {
    for (const std::string& e : result.errors) err << e << '\n';
    return 2;
  }
  switch (parsed.args.base.format) {
    case OutputFormat::Json: write_sweep_json(parsed.args, result, out); break;
    case OutputFormat::Csv: write_sweep_csv(parsed.args, result, out); break;
    case OutputFormat::Text: write_sweep_text(parsed.args, result, out); break;
  }
  return 0;
}

}  // namespace cp::cli
