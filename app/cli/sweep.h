// `clusterplan-cli sweep`: one estimate per point of the cartesian product of GPU counts,
// fabrics and --vary values, under an explicit scaling policy, run by core/plan's one sweep
// (plan/sweep.h), whose axes are the options' field-table rows. A point that cannot run
// (validation fails, or the memory does not fit) is a row with its reasons, never dropped.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "cli/sweep_args.h"
#include "engine/cost.h"
#include "engine/estimate.h"
#include "plan/fabric_compare.h"
#include "engine/scenario.h"

namespace cp::cli {

struct SweepPoint {
  int gpus = 0;
  std::string fabric;                                      // fabric id
  std::vector<std::pair<std::string, std::string>> vary;  // field, value as given
  int dp = 0;             // derived DP (0: GPUs are not a multiple of TP x PP x CP)
  int global_batch = 0;   // sequences per step, after the scaling policy
  bool feasible = false;  // validated and fits in memory
  std::vector<std::string> reasons;  // why not feasible ("field: reason")
  bool estimated = false;  // the scenario passed validation: `scenario` and `estimate` are set
  Scenario scenario;       // under --layout best: the planner's layout for this size and fabric
  Estimate estimate;
  bool own_size = false;    // gpus is the base scenario's own GPU count
  bool own_fabric = false;  // fabric is the base scenario's own fabric
  FabricComparison versus;  // cost.ib_vs_roce of the JSON output (computed for it only)
};

// A fabric against the sweep's first fabric at one GPU count and one set of --vary values.
struct SweepGap {
  std::vector<std::pair<std::string, std::string>> vary;
  FabricGap gap;
};

struct SweepResult {
  std::vector<SweepPoint> points;
  std::vector<SweepGap> gaps;       // with two or more fabrics, where both points are feasible
  std::vector<std::string> errors;  // problems of the base scenario itself (exit 2)
  bool ok() const { return errors.empty(); }
};

// Precondition: parse_sweep_args() returned no error. Reads the files the options name.
// Order (the core sweep's): fabric (outermost), then each --vary list in the order given, then
// GPU count (innermost), so that each scaling curve is a run of consecutive points.
SweepResult run_sweep_points(const SweepArgs& args);
// The same points, each passed to `sink` as soon as it is estimated and then dropped: memory
// stays bounded for the largest sweep. False (and `errors`) when the base scenario is unsound.
bool for_each_sweep_point(const SweepArgs& args, const std::function<void(const SweepPoint&)>& sink,
                          std::vector<std::string>& errors);

// `args` are the words after `sweep`. Returns the exit code (0 when the sweep ran, also with
// infeasible points; 2 on bad options).
int run_sweep(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace cp::cli
