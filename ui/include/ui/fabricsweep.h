// The IB-versus-RoCE sweep behind the comparison view: a thin, Qt-free wrapper over core/plan's
// one comparison (plan/fabric_compare.h), flattened into the figures the charts and exports
// plot. The sweep runs on a worker thread; the result is an immutable value handed back to the
// GUI thread, with the full core result (layouts, estimates, gaps, verdicts) kept beside it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/assumptions.h"
#include "engine/scenario.h"
#include "plan/fabric_compare.h"

namespace cp::ui {

struct SweepPoint {
  int gpus = 0;
  bool feasible = false;      // estimated and fits in memory: a valid result
  std::string problem;        // why not, when not feasible (first reason, "field: reason")
  cp::Problem why;            // the same as a problem, to be said in the GUI's language (problemText)
  bool estimated = false;     // an estimate exists (it may not fit)
  bool fits = false;
  double tokens_per_s = 0;
  double mfu = 0;
  double scaling = 0;         // per-GPU throughput relative to the series' smallest feasible size
  double train_time_s = 0;    // real time to train (after failures); 0 without a token budget
  double cost_per_run = 0;
  double speedup = 0;         // how much faster the first fabric is than this one (0 for the first)
};

struct SweepSeries {
  std::string fabric_id;
  std::string fabric_name;
  std::vector<SweepPoint> points;  // one per size, in the order of SweepResult::sizes
};

struct SweepResult {
  std::vector<int> sizes;
  std::vector<SweepSeries> series;
  cp::Currency currency = cp::Currency::Cny;
  bool canceled = false;
  cp::ComparisonResult comparison;  // the core result the figures above were read from
};

// Doublings from `min_gpus` (default 8) up to and including `max_gpus`.
std::vector<int> sweep_sizes(int max_gpus, int min_gpus = 8);
// core/plan's comparison_fabrics for the scenario's fabric.
std::vector<std::string> default_fabrics(const cp::Scenario& s);
// core/plan's held_scenario (the fabric by id; an unknown id keeps the scenario's).
cp::Scenario scenario_at(const cp::Scenario& base, const std::string& fabric_id, int gpus);

// Runs every (fabric, size) point through compare_fabrics. `progress(done, total)` is called
// after each; when it returns false the sweep stops and the result is marked canceled.
SweepResult run_sweep(const cp::Scenario& base, const std::vector<std::string>& fabrics, const std::vector<int>& sizes,
                      const std::function<bool(int done, int total)>& progress = {},
                      cp::SweepLayout layout = cp::SweepLayout::Held,
                      cp::SweepScaling scaling = cp::SweepScaling::Strong);

}  // namespace cp::ui
