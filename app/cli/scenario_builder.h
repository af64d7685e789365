// Turns parsed `estimate` options into a Scenario: the starting point (the default scenario,
// or a scenario file), then the model's starting point (preset, size, config.json or a
// custom shape), then every flag on top. Reads the files the options name.
#pragma once

#include <vector>

#include "cli/estimate_args.h"
#include "engine/scenario.h"
#include "engine/validate.h"

namespace cp::cli {

struct BuildResult {
  Scenario scenario;
  // Problems found while building: unreadable files, problems inside them (field is
  // "FILE: key"), and option values that only make sense against the starting scenario.
  std::vector<Problem> problems;
  bool ok() const { return problems.empty(); }
};

// Precondition: parse_estimate_args() returned no error for `args`. Not yet validated.
BuildResult build_scenario(const EstimateArgs& args);

}  // namespace cp::cli
