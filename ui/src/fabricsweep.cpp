#include "ui/fabricsweep.h"

#include <algorithm>

#include "engine/fabric.h"
#include "io/scenario_json.h"

namespace cp::ui {

std::vector<int> sweep_sizes(int max_gpus, int min_gpus) {
  return cp::comparison_sizes(min_gpus, std::max(min_gpus, max_gpus));
}

std::vector<std::string> default_fabrics(const cp::Scenario& s) { return cp::comparison_fabrics(s.cluster.fabric); }

cp::Scenario scenario_at(const cp::Scenario& base, const std::string& fabric_id, int gpus) {
  const cp::FabricSpec* f = cp::find_fabric(fabric_id);
  return cp::held_scenario(base, f ? *f : base.cluster.fabric, gpus);
}

SweepResult sweep_result(cp::ComparisonResult comparison) {
  SweepResult r;
  r.sizes = comparison.sizes;
  r.currency = comparison.currency;
  r.canceled = comparison.canceled;
  for (const cp::ComparisonSeries& cs : comparison.series) {
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
        p.layout = cp::layout_text(cpnt.scenario);
      }
      p.scaling = cpnt.scaling;
      p.speedup = cpnt.speedup;
      p.provisional = cpnt.provisional;
      r.partial = r.partial || cpnt.provisional;
      s.points.push_back(std::move(p));
    }
    r.series.push_back(std::move(s));
  }
  r.comparison = std::move(comparison);
  return r;
}

namespace {

cp::ComparisonSpec spec_of(const std::vector<std::string>& fabrics, const std::vector<int>& sizes, cp::SweepLayout layout,
                           cp::SweepScaling scaling) {
  cp::ComparisonSpec spec;
  spec.fabrics = fabrics;
  spec.sizes = sizes;
  spec.layout = layout;
  spec.scaling = scaling;
  return spec;
}

const cp::FabricSpec* fabric_of(const cp::Scenario& s, const std::string& id) {
  return id == s.cluster.fabric.id ? &s.cluster.fabric : cp::find_fabric(id);  // as compare_fabrics
}

}  // namespace

SweepResult run_sweep(const cp::Scenario& base, const std::vector<std::string>& fabrics, const std::vector<int>& sizes,
                      const std::function<bool(int, int)>& progress, cp::SweepLayout layout, cp::SweepScaling scaling,
                      int threads, const std::atomic<bool>* cancel, const std::function<void(SweepResult)>& partial) {
  cp::ComparisonSpec spec = spec_of(fabrics, sizes, layout, scaling);
  spec.threads = threads;
  spec.cancel = cancel;
  std::function<void(const cp::ComparisonResult&)> relay;
  if (partial) relay = [&partial](const cp::ComparisonResult& c) { partial(sweep_result(c)); };
  SweepResult r = sweep_result(cp::compare_fabrics(base, spec, progress, relay));
  r.sizes = sizes;
  return r;
}

bool layouts_unchanged(const cp::Scenario& before, const cp::Scenario& after, const std::vector<std::string>& fabrics) {
  cp::Scenario a = before;
  const cp::Scenario& b = after;
  a.name = b.name;
  a.derived_name = b.derived_name;
  // Power, cooling and money: what only the power, energy and cost figures read.
  cp::Assumptions& x = a.assumptions;
  const cp::Assumptions& y = b.assumptions;
  x.pue = y.pue;
  x.gpu_power_factor = y.gpu_power_factor;
  x.node_overhead_w = y.node_overhead_w;
  x.switch_w = y.switch_w;
  x.optic_w = y.optic_w;
  x.storage_w_per_node = y.storage_w_per_node;
  x.rack_limit_w = y.rack_limit_w;
  x.grid_kg_co2_per_kwh = y.grid_kg_co2_per_kwh;
  x.currency = y.currency;
  x.cny_per_usd = y.cny_per_usd;
  x.power_price_per_kwh = y.power_price_per_kwh;
  x.power_price_currency = y.power_price_currency;
  x.payment = y.payment;
  x.headroom = y.headroom;
  x.vat = y.vat;
  x.amortisation_years = y.amortisation_years;
  x.rent = y.rent;
  x.cloud = y.cloud;
  x.purchase = y.purchase;
  // The fabric: each compared fabric must keep its spec (the scenario's own fabric is the spec
  // of the compared fabric with its id); the rest must be the same.
  if (fabrics.empty()) return false;
  for (const std::string& id : fabrics) {
    const cp::FabricSpec* fa = fabric_of(before, id);
    const cp::FabricSpec* fb = fabric_of(after, id);
    if (!fa || !fb) return false;
    cp::Scenario u = a, v = b;
    u.cluster.fabric = *fa;
    v.cluster.fabric = *fb;
    if (cp::scenario_to_json(u) != cp::scenario_to_json(v)) return false;
  }
  return true;
}

SweepResult reprice_sweep(const cp::Scenario& base, const std::vector<std::string>& fabrics, const std::vector<int>& sizes,
                          cp::SweepLayout layout, cp::SweepScaling scaling, const SweepResult& planned) {
  SweepResult r = sweep_result(cp::reprice_comparison(base, spec_of(fabrics, sizes, layout, scaling), planned.comparison));
  r.sizes = sizes;
  return r;
}

}  // namespace cp::ui
