// `clusterplan-cli catalog models|gpus|fabrics|price-lists [--format text|json]`: the built-in
// model presets, GPUs, scale-out fabrics and price lists, with the ids that --model, --gpu,
// --fabric and --price-list accept.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cp::cli {

// A list of objects, each with an "id"; units in key suffixes as in the estimate output.
nlohmann::json catalog_models_json();
nlohmann::json catalog_gpus_json();
nlohmann::json catalog_fabrics_json();
// id, name, date, source, currency, kind (rent, cloud or purchase), whole_months, lines.
nlohmann::json catalog_price_lists_json();

// `args` are the words after `catalog`. Returns the exit code (0, or 2 on bad input).
int run_catalog(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace cp::cli
