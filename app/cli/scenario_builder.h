// Turns parsed `estimate` options into a Scenario: the starting point (the default scenario,
// or a scenario file), then the model's starting point (preset, size, config.json or a
// custom shape), then every flag on top. Reads the files the options name.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
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
  // What was read on an assumption the user should check (an unknown Hugging Face
  // model_type): sentences for stderr, not refusals.
  std::vector<std::string> warnings;
  // The --scenario file's scenario object as read (null without one), and the name import
  // gives its keys ("FILE: scenario."): validate_built() names a problem with a value from
  // the file as import does.
  nlohmann::json file_scenario;
  std::string file_prefix;
  bool ok() const { return problems.empty(); }
};

// validate() of a built scenario. A problem whose value the --scenario file gave, and no
// option replaced, names the file and its key as `scenario import` does ("FILE:
// scenario.training.seq: ..."); any other keeps the scenario's key, as an option's value is
// checked against it ("training.seq: ...").
std::vector<Problem> validate_built(const BuildResult& built);

// Writes each warning to `err` as "clusterplan-cli: warning: ...".
void print_build_warnings(const std::vector<std::string>& warnings, std::ostream& err);

// Precondition: parse_estimate_args() returned no error for `args`. Not yet validated.
// `hf_shape`: the --hf-config shape read beforehand (read_hf_shape); nullptr: read it here.
BuildResult build_scenario(const EstimateArgs& args, const ModelShape* hf_shape = nullptr);

// The model shape of the Hugging Face config at `path` (--hf-config); false with problems on
// "--hf-config" (or "FILE: key") when it cannot be read or understood.
bool read_hf_shape(const std::string& path, ModelShape& out, std::vector<Problem>& problems,
                   std::vector<std::string>* warnings = nullptr);

// The same as build_scenario(), on top of `base` instead of the starting point the options
// name (`scenario save --id N` builds on the revision it read under the library's write
// lock), with the --hf-config shape read beforehand (`hf_shape`; nullptr: read it here), so
// that no file is read while the lock is held.
BuildResult build_scenario_on(const EstimateArgs& args, const Scenario& base, const ModelShape* hf_shape);

}  // namespace cp::cli
