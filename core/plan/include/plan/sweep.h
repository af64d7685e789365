// The one sweep: cluster sizes x fabrics x the values of field-table rows, each point the held
// layout or the planner's best, under a scaling policy. `clusterplan-cli sweep` runs it point by
// point; the comparison tab, the fabric report and the slides run compare_fabrics
// (fabric_compare.h), which builds its points with the same sweep_scenario, so that a point is
// the same cluster, batch and layout wherever it is shown.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/estimate.h"
#include "engine/fields.h"
#include "engine/scenario.h"
#include "engine/validate.h"
#include "plan/fabric_compare.h"
#include "plan/planner.h"

namespace cp {

// One varied input: a field-table row and its values, in the order swept. The row is a Count or
// Real with a value path, or model.size (the model derived from a size, in billions).
struct SweepAxis {
  const FieldInfo* row = nullptr;
  std::vector<double> values;
};

// Whether `row` can be an axis; the reason when it cannot.
std::optional<std::string> axis_refusal(const FieldInfo& row);

// Sets `row` to `v` in `s` as an edit of that input would: a preset model whose shape changes is
// labelled custom, model.size derives the model. Validation judges the value (its bounds are the
// row's); a problem only when it cannot be set at all.
std::optional<Problem> apply_axis(Scenario& s, const FieldInfo& row, double v);

struct SweepSpec {
  std::vector<std::string> fabrics;  // catalog ids (or the base's own); empty: the base's fabric
  std::vector<int> sizes;            // GPU counts in the order swept; empty: the base's own
  std::vector<SweepAxis> vary;       // in the order given
  SweepLayout layout = SweepLayout::Held;
  SweepScaling scaling = SweepScaling::Strong;
  SearchSpace space;  // under Best: the knob lists and limits
  int threads = 1;    // the planner's workers under Best (0: every core)
};

struct SweepPoint {
  int gpus = 0;
  std::string fabric;           // id
  std::vector<std::size_t> at;  // per axis, the index of its value
  int dp = 0;                   // DP (0: the GPUs are not whole replicas of TP x PP x CP)
  int global_batch = 0;         // sequences per step, after the scaling policy
  bool estimated = false;       // validated: scenario and estimate are set
  bool feasible = false;        // estimated and it fits in memory
  std::vector<Problem> problems;  // why not feasible
  Scenario scenario;
  Estimate estimate;
  std::optional<PlanLayout> layout;  // under Best, the planner's layout when one was found
  bool own_size = false;             // gpus is the base scenario's GPU count
  bool own_fabric = false;           // fabric is the base scenario's fabric
};

// Fabric `id` for a sweep of `base`: the base's own fabric (which may come from a file rather
// than the catalog), else the catalog's; nullptr when unknown.
const FabricSpec* sweep_fabric(const Scenario& base, const std::string& id);

// The first of `sizes` at which `curve` can run (whole nodes, and under Held whole replicas):
// weak scaling holds the batch per GPU of that size. 0 when there is none.
int weak_reference(const Scenario& curve, SweepLayout layout, const std::vector<int>& sizes);

// The scenario of a point before its layout is chosen: `curve` (the base with its axes' values)
// on `gpus` GPUs of `fabric` (held_scenario: below one node its NICs in proportion), its global
// batch scaled against `reference_gpus` under weak scaling, its derived name refreshed. False,
// with the reason in `why`, when the point cannot run at all.
bool sweep_scenario(const Scenario& curve, const FabricSpec& fabric, int gpus, SweepLayout layout,
                    SweepScaling scaling, int reference_gpus, Scenario& out, Problem& why);

// Every point of `spec` on `base`, passed to `sink` as soon as it is estimated and then dropped,
// so that memory stays bounded however many points there are. Order: fabric (outermost), then
// each axis in the order given (the last fastest), then GPU count (innermost), so that each
// scaling curve is a run of consecutive points. False, with `errors`, when the spec itself is
// unsound (a row that cannot be an axis, an unknown fabric).
bool for_each_sweep_point(const Scenario& base, const SweepSpec& spec, const std::function<void(SweepPoint&)>& sink,
                          std::vector<Problem>& errors);

}  // namespace cp
