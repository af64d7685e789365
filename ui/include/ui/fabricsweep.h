// The IB-versus-RoCE sweep behind the comparison view: a thin, Qt-free wrapper over core/plan's
// one comparison (plan/fabric_compare.h), flattened into the figures the charts and exports
// plot. The sweep runs on a worker thread; the result is an immutable value handed back to the
// GUI thread, with the full core result (layouts, estimates, gaps, verdicts) kept beside it.
#pragma once

#include <atomic>
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
  bool provisional = false;   // a partial result's point whose search still runs: the held layout
  std::string layout;         // core/plan's layout_text of the point, when estimated
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
  bool partial = false;  // some points are provisional: their best layout is still being searched
  cp::ComparisonResult comparison;  // the core result the figures above were read from
};

// The figures of a core comparison.
SweepResult sweep_result(cp::ComparisonResult comparison);

// Doublings from `min_gpus` (default 8) up to and including `max_gpus`.
std::vector<int> sweep_sizes(int max_gpus, int min_gpus = 8);
// core/plan's comparison_fabrics for the scenario's fabric.
std::vector<std::string> default_fabrics(const cp::Scenario& s);
// core/plan's held_scenario (the fabric by id; an unknown id keeps the scenario's).
cp::Scenario scenario_at(const cp::Scenario& base, const std::string& fabric_id, int gpus);

// Runs every (fabric, size) point through compare_fabrics. `progress(done, total)` is called
// after each (under Best, after each size); when it returns false, or `cancel` is set, the sweep
// stops and the result is marked canceled. Under Best the sizes are planned in one search on
// `threads` workers (0: every core), and `partial`, when given, receives the held layout at
// every point first, then the result after each size is planned (partial, its other points
// provisional), from the worker.
SweepResult run_sweep(const cp::Scenario& base, const std::vector<std::string>& fabrics, const std::vector<int>& sizes,
                      const std::function<bool(int done, int total)>& progress = {},
                      cp::SweepLayout layout = cp::SweepLayout::Held,
                      cp::SweepScaling scaling = cp::SweepScaling::Strong, int threads = 1,
                      const std::atomic<bool>* cancel = nullptr,
                      const std::function<void(SweepResult partial)>& partial = {});

// Whether no point of a comparison of `fabrics` can have another best layout after the edit
// from `before` to `after` (throughput, the default search space): they differ only in what the
// ranking never reads, prices, the way to pay, power and cooling, names, and in the scenario's
// own fabric where every compared fabric keeps its spec (a tuned RoCE for an untuned one of the
// same comparison). Compared through the scenario file, which holds every input.
bool layouts_unchanged(const cp::Scenario& before, const cp::Scenario& after, const std::vector<std::string>& fabrics);

// `planned` (complete, with its layouts) again for `base` after such an edit: one estimate a
// point (core/plan's reprice_comparison), the result run_sweep would give.
SweepResult reprice_sweep(const cp::Scenario& base, const std::vector<std::string>& fabrics, const std::vector<int>& sizes,
                          cp::SweepLayout layout, cp::SweepScaling scaling, const SweepResult& planned);

}  // namespace cp::ui
