// `clusterplan-cli plan`: searches every parallel layout of the base scenario's model on the
// given cluster sizes and fabrics (core/plan/include/plan/planner.h), and prints the best N, the rejections by
// reason, the elapsed time and the Pareto frontier of time to train against cost per run.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "plan/planner.h"

namespace cp::cli {

// `args` are the words after `plan`. Returns 0 when the search ran (also when nothing was
// feasible: the output says why), 2 on bad options.
int run_plan(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// The three output formats (plan_output.cpp). JSON: schema_version, objective, threads,
// considered, rejected_divisibility, evaluated, feasible, rejected (by reason), elapsed_s,
// cancelled, binding, results (rank, gpus, fabric, layout, metrics, estimate) and frontier.
void write_plan_json(const Scenario& base, const SearchSpace& space, const PlanResult& r, std::ostream& out);
void write_plan_csv(const PlanResult& r, std::ostream& out);
void write_plan_text(const Scenario& base, const SearchSpace& space, const PlanResult& r, std::ostream& out);

}  // namespace cp::cli
