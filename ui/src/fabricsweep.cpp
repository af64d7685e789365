#include "ui/fabricsweep.h"

#include <algorithm>

#include "engine/fabric.h"

namespace cp::ui {

std::vector<int> sweep_sizes(int max_gpus, int min_gpus) {
  return cp::comparison_sizes(min_gpus, std::max(min_gpus, max_gpus));
}

std::vector<std::string> default_fabrics(const cp::Scenario& s) { return cp::comparison_fabrics(s.cluster.fabric); }

cp::Scenario scenario_at(const cp::Scenario& base, const std::string& fabric_id, int gpus) {
  const cp::FabricSpec* f = cp::find_fabric(fabric_id);
  return cp::held_scenario(base, f ? *f : base.cluster.fabric, gpus);
}

SweepResult run_sweep(const cp::Scenario& base, const std::vector<std::string>& fabrics, const std::vector<int>& sizes,
                      const std::function<bool(int, int)>& progress, cp::SweepLayout layout,
                      cp::SweepScaling scaling) {
  cp::ComparisonSpec spec;
  spec.fabrics = fabrics;
  spec.sizes = sizes;
  spec.layout = layout;
  spec.scaling = scaling;
  SweepResult r;
  r.comparison = cp::compare_fabrics(base, spec, progress);
  r.sizes = sizes;
  r.currency = r.comparison.currency;
  r.canceled = r.comparison.canceled;
  for (const cp::ComparisonSeries& cs : r.comparison.series) {
    SweepSeries s;
    s.fabric_id = cs.fabric_id;
    s.fabric_name = cs.fabric_name;
    for (const cp::ComparisonPoint& cpnt : cs.points) {
      SweepPoint p;
      p.gpus = cpnt.gpus;
      p.feasible = cpnt.feasible;
      p.problem = cpnt.reason;
      p.why = cpnt.problem;
      p.estimated = cpnt.estimated;
      p.fits = cpnt.fits;
      if (cpnt.estimated) {
        p.tokens_per_s = cpnt.estimate.throughput.tokens_per_s;
        p.mfu = cpnt.estimate.throughput.mfu;
        p.train_time_s = cpnt.estimate.reliability.real_train_time_s;
        p.cost_per_run = cpnt.estimate.cost.run_total;
      }
      p.scaling = cpnt.scaling;
      p.speedup = cpnt.speedup;
      s.points.push_back(std::move(p));
    }
    r.series.push_back(std::move(s));
  }
  return r;
}

}  // namespace cp::ui
