#include "ui/fabricsweep.h"

#include <algorithm>

#include "engine/estimate.h"
#include "engine/explain.h"
#include "engine/fabric.h"
#include "engine/validate.h"

namespace cp::ui {

std::vector<int> sweep_sizes(int max_gpus) {
  std::vector<int> sizes;
  for (int n = 8; n <= std::max(8, max_gpus); n *= 2) sizes.push_back(n);
  return sizes;
}

std::vector<std::string> default_fabrics(const cp::Scenario& s) {
  const cp::FabricSpec* ib = s.cluster.fabric.kind == cp::FabricKind::InfiniBand ? &s.cluster.fabric
                                                                                  : cp::find_fabric("ib-ndr");
  std::vector<std::string> out{ib->id};
  for (const char* tuning : {"-untuned", "-tuned"}) {
    for (const cp::FabricSpec& f : cp::fabric_catalog()) {
      if (f.kind != cp::FabricKind::RoCE || f.nic_gbps != ib->nic_gbps) continue;
      if (f.id.size() < std::char_traits<char>::length(tuning) ||
          f.id.compare(f.id.size() - std::char_traits<char>::length(tuning), std::string::npos, tuning) != 0)
        continue;
      out.push_back(f.id);
      break;
    }
  }
  return out;
}

cp::Scenario scenario_at(const cp::Scenario& base, const std::string& fabric_id, int gpus) {
  cp::Scenario s = base;
  if (const cp::FabricSpec* f = cp::find_fabric(fabric_id)) s.cluster.fabric = *f;
  s.parallel.dp = 0;
  if (gpus < s.cluster.gpus_per_node) {
    s.cluster.nics_per_node = std::max(1, s.cluster.nics_per_node * gpus / s.cluster.gpus_per_node);
    s.cluster.gpus_per_node = gpus;
    s.cluster.nodes = 1;
  } else {
    s.cluster.nodes = gpus / s.cluster.gpus_per_node;
  }
  return s;
}

SweepResult run_sweep(const cp::Scenario& base, const std::vector<std::string>& fabrics, const std::vector<int>& sizes,
                      const std::function<bool(int, int)>& progress) {
  SweepResult r;
  r.sizes = sizes;
  r.currency = base.assumptions.currency;
  const int total = int(fabrics.size() * sizes.size());
  int done = 0;
  for (const std::string& id : fabrics) {
    SweepSeries series;
    series.fabric_id = id;
    const cp::FabricSpec* f = cp::find_fabric(id);
    series.fabric_name = f ? f->name : id;
    int base_gpus = 0;
    double base_tps = 0;
    for (int gpus : sizes) {
      SweepPoint p;
      p.gpus = gpus;
      const cp::Scenario s = scenario_at(base, id, gpus);
      const std::vector<cp::Problem> problems = cp::validate(s);
      if (problems.empty() && (gpus % base.cluster.gpus_per_node == 0 || gpus < base.cluster.gpus_per_node)) {
        const cp::Estimate e = cp::estimate(s);
        p.feasible = true;
        p.fits = e.memory.fits;
        p.tokens_per_s = e.throughput.tokens_per_s;
        p.mfu = e.throughput.mfu;
        if (base_gpus == 0) {
          base_gpus = gpus;
          base_tps = p.tokens_per_s;
        }
        p.scaling = cp::scaling_efficiency(p.tokens_per_s, gpus, base_tps, base_gpus);
        p.train_time_s = e.reliability.real_train_time_s;
        p.cost_per_run = e.cost.run_total;
      } else if (!problems.empty()) {
        p.problem = problems.front().text();
      }
      series.points.push_back(std::move(p));
      ++done;
      if (progress && !progress(done, total)) {
        r.canceled = true;
        return r;
      }
    }
    r.series.push_back(std::move(series));
  }
  // The first fabric against each other one, size by size.
  for (std::size_t k = 1; k < r.series.size(); ++k)
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      const SweepPoint& a = r.series[0].points[i];
      SweepPoint& b = r.series[k].points[i];
      if (a.feasible && b.feasible) b.speedup = cp::speedup(a.tokens_per_s, b.tokens_per_s);
    }
  return r;
}

}  // namespace cp::ui
