// Writes a sweep in the three output formats of `clusterplan-cli sweep`.
#pragma once

#include <iosfwd>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/sweep.h"

namespace cp::cli {

// {"schema_version": 1, "scaling": "strong", "points": [{"gpus", "fabric", "vary", "dp",
// "global_batch", "feasible", "reasons", "estimate"}]}; "estimate" is estimate_to_json, or
// null when the point failed validation.
nlohmann::json sweep_to_json(const SweepArgs& args, const SweepResult& result);
void write_sweep_json(const SweepArgs& args, const SweepResult& result, std::ostream& out);

// The estimate keys a sweep's CSV and text outputs carry, as dotted paths of the JSON output.
const std::vector<std::string_view>& sweep_csv_estimate_keys();

// A header, then one row per point; every row has the header's columns (empty where a point
// has no estimate).
void write_sweep_csv(const SweepArgs& args, const SweepResult& result, std::ostream& out);

// An aligned table, one line per point.
void write_sweep_text(const SweepArgs& args, const SweepResult& result, std::ostream& out);

}  // namespace cp::cli
