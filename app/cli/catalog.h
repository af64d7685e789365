// `clusterplan-cli catalog models|gpus [--format text|json]`: the built-in model presets and
// GPUs, with the ids that --model and --gpu accept.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cp::cli {

// A list of objects, each with an "id"; units in key suffixes as in the estimate output.
nlohmann::json catalog_models_json();
nlohmann::json catalog_gpus_json();

// `args` are the words after `catalog`. Returns the exit code (0, or 2 on bad input).
int run_catalog(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace cp::cli
