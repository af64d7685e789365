// The options of `clusterplan-cli plan`: the objective, the GPU counts and fabrics to search,
// limits, and knob lists; every other word is an `estimate` option describing the base scenario.
// A knob option (--tp, --pp, --vpp, --cp, --ep, --micro-batch, --recompute, --zero,
// --sequence-parallel) takes a comma list: one value holds the knob, several are searched,
// absent searches every valid value. Parsed without touching the file system.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/estimate_args.h"
#include "plan/planner.h"

namespace cp::cli {

// The most layouts `plan --top` lists.
inline constexpr int kMaxPlanTop = 1000;

struct PlanArgs {
  bool help = false;
  std::optional<Objective> objective;            // default: throughput, or cost with a deadline
  Ranking ranking = Ranking::Robust;             // --ranking
  int top = 10;
  int threads = 0;                               // 0: every core
  std::vector<int> gpus;                         // single counts from --gpus
  std::vector<std::pair<int, int>> gpu_ranges;   // A-B from --gpus: every whole node count in between
  SearchSpace space;                             // knob lists, fabrics, limits (gpus filled later)
  double deadline_days = 0;
  std::vector<std::string> estimate_words;
  EstimateArgs base;
};

struct PlanParseResult {
  PlanArgs args;
  std::vector<std::string> errors;  // each "--option: reason"
  bool ok() const { return errors.empty(); }
};

// Whether `name` (no dashes) is a knob option: tp, pp, vpp, cp, ep, micro-batch, recompute,
// zero, sequence-parallel.
bool is_knob(std::string_view name);
// A knob's comma list into `space`, each item parsed by the estimate option of that name;
// problems as "--name: reason" (shared by `plan` and `sweep --layout best`).
void parse_knob(const std::string& name, const std::string& value, SearchSpace& space, std::vector<std::string>& errors);

// The most cluster sizes one search may span.
inline constexpr int kMaxPlanClusters = 4096;

PlanParseResult parse_plan_args(const std::vector<std::string>& args);

// The GPU counts to search for a base cluster of `gpus_per_node` GPUs per node and `base_gpus`
// GPUs: the --gpus values and ranges, else (with a deadline) 1, 2, 4, ... 4096 nodes, else the
// base. Returns false with a reason (for --gpus) when a range holds no whole node count.
bool plan_gpu_counts(const PlanArgs& a, int gpus_per_node, int base_gpus, std::vector<int>& out, std::string& why);

std::string plan_usage();

}  // namespace cp::cli
