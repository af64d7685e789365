// The IB-versus-RoCE sweep behind the comparison view: the current plan run across cluster
// sizes (8, 16, 32, ... GPUs; DP grows, the global batch is held) for two or more fabrics.
// Plain C++ on the engine, so that it can run on a worker thread and be tested alone; the
// result is an immutable value handed back to the GUI thread.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/assumptions.h"
#include "engine/scenario.h"

namespace cp::ui {

struct SweepPoint {
  int gpus = 0;
  bool feasible = false;
  std::string problem;        // why not, when infeasible (the engine's validation message)
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
};

// 8, 16, 32, ... up to and including `max_gpus` (at least 8).
std::vector<int> sweep_sizes(int max_gpus);
// The scenario's InfiniBand fabric (or NDR), then untuned and tuned RoCE at the same line rate.
std::vector<std::string> default_fabrics(const cp::Scenario& s);
// The plan on `gpus` GPUs of `fabric`: DP derived, global batch held; nodes hold
// gpus_per_node GPUs (one smaller node below that).
cp::Scenario scenario_at(const cp::Scenario& base, const std::string& fabric_id, int gpus);

// Runs every (fabric, size) estimate. `progress(done, total)` is called after each; when it
// returns false the sweep stops and the result is marked canceled.
SweepResult run_sweep(const cp::Scenario& base, const std::vector<std::string>& fabrics, const std::vector<int>& sizes,
                      const std::function<bool(int done, int total)>& progress = {});

}  // namespace cp::ui
