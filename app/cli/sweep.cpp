#include "cli/sweep.h"

#include <cstdio>
#include <functional>
#include <ostream>

#include "cli/help_text.h"
#include "cli/scenario_builder.h"
#include "cli/sweep_output.h"
#include "io/scenario_json.h"
#include "engine/units.h"
#include "plan/fabric_compare.h"
#include "plan/sweep.h"
#include "engine/validate.h"

namespace cp::cli {
namespace {

std::string gib_text(double bytes) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.2f GiB", bytes / units::GiB);
  return buf;
}

// The core sweep's spec (plan/sweep.h) from the options: each --vary word read by its option's
// own parser (presets, "auto", "15T") on the base scenario, so that the axis holds the row's
// value. The parser checked every word, so that nothing here is refused.
SweepSpec sweep_spec(const SweepArgs& a, const Scenario& base) {
  SweepSpec spec;
  spec.fabrics = a.fabrics;
  spec.sizes = a.gpus;
  spec.layout = a.layout;
  spec.scaling = a.scaling == Scaling::Weak ? SweepScaling::Weak : SweepScaling::Strong;
  spec.space = a.space;
  spec.threads = a.threads;
  for (const VaryAxis& v : a.vary) {
    SweepAxis axis;
    axis.row = vary_row(v.name);
    const OptionInfo* option = find_estimate_option(v.name);
    for (const std::string& word : v.values) {
      EstimateArgs one;
      set_option(*option, one, word);
      if (axis.row->key == "model.size") axis.values.push_back(one.params_b.value_or(0));
      else axis.values.push_back(axis.row->get(build_scenario_on(one, base, nullptr).scenario));
    }
    spec.vary.push_back(std::move(axis));
  }
  return spec;
}

// Each fabric against the first one, at the same GPU count and --vary values, found as the
// points stream past. The first fabric is the outermost curve, so its points come first: only
// its feasible points are kept (scenario and estimate, one per size and --vary values), and
// every later point's gap is computed as it arrives; the points themselves are not kept, so
// that a sweep's memory stays bounded however many points it has.
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

// The CLI's row of a core point: the --vary words as given, the reasons as text, and what the
// writers add (cost.ib_vs_roce for JSON; no impossible figure in a row).
SweepPoint cli_point(const SweepArgs& a, cp::SweepPoint& core) {
  SweepPoint p;
  p.gpus = core.gpus;
  p.fabric = core.fabric;
  for (std::size_t i = 0; i < a.vary.size(); ++i) p.vary.emplace_back(a.vary[i].name, a.vary[i].values[core.at[i]]);
  p.dp = core.dp;
  p.global_batch = core.global_batch;
  p.own_size = core.own_size;
  p.own_fabric = core.own_fabric;
  for (const Problem& pr : core.problems) {
    // The memory figures to two decimals, as the estimate's own text gives them.
    if (pr.field == "memory.total_bytes" && core.estimated)
      p.reasons.push_back("memory.total_bytes: needs " + gib_text(core.estimate.memory.peak.total()) +
                          " per GPU, capacity " + gib_text(core.estimate.memory.capacity));
    else p.reasons.push_back(pr.text());
  }
  p.estimated = core.estimated;
  p.scenario = std::move(core.scenario);
  p.estimate = core.estimate;
  if (p.estimated) {
    if (a.base.format == OutputFormat::Json) p.versus = compare_ib_roce(p.scenario, p.estimate);
    std::vector<std::string> impossible;
    for (const Problem& pr : check_estimate_json(estimate_to_json(p.scenario, p.estimate, &p.versus)))
      impossible.push_back(pr.text());
    if (!impossible.empty()) {
      p.estimated = false;
      p.reasons.insert(p.reasons.begin(), impossible.begin(), impossible.end());
    }
  }
  p.feasible = p.estimated && p.reasons.empty();
  return p;
}

}  // namespace

bool for_each_sweep_point(const SweepArgs& a, const std::function<void(const SweepPoint&)>& sink,
                          std::vector<std::string>& errors) {
  // The base scenario: its files and its own values must be sound, or no point can be.
  const BuildResult base = build_scenario(a.base);
  for (const Problem& p : base.problems) errors.push_back(p.text());
  if (!errors.empty()) return false;
  std::vector<Problem> problems;
  const bool ran = cp::for_each_sweep_point(
      base.scenario, sweep_spec(a, base.scenario), [&](cp::SweepPoint& core) { sink(cli_point(a, core)); },
      problems);
  for (const Problem& p : problems) errors.push_back(p.text());
  return ran;
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
