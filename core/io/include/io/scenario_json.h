// The scenario file format (JSON) and the estimate's JSON output. Field names here are the
// dotted paths that validation messages use ("parallelism.tp"). Keys are never renamed.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/estimate.h"
#include "engine/scenario.h"
#include "engine/validate.h"

namespace cp {

inline constexpr int kScenarioFormatVersion = 1;
inline constexpr int kOutputSchemaVersion = 1;

nlohmann::json scenario_to_json(const Scenario& s);
// The parts of a scenario file that describe catalog entries, shared with the CLI's catalog.
nlohmann::json model_shape_to_json(const ModelShape& m);
nlohmann::json gpu_spec_to_json(const GpuSpec& g);

// Reads a scenario (or part of one) on top of `s`: keys that are present replace the values
// in `s`, absent keys keep them. A "model.id" naming a preset starts the model from that
// preset before the other model keys apply; "model.params_b" derives a standard shape.
// Each problem names its JSON path. Returns false if any problem was found.
bool scenario_from_json(const nlohmann::json& j, Scenario& s, std::vector<Problem>& problems);

// The estimate as nested JSON with units in key suffixes (see docs/cli.md). A writer only
// writes: it runs no estimate. cost.ib_vs_roce holds `versus` beside the scenario's fabric when
// the caller computed it (core/plan's compare_ib_roce, whose FabricComparison is a
// FabricDelta), and is null otherwise (e.g. library snapshots).
nlohmann::json estimate_to_json(const Scenario& s, const Estimate& e, const FabricDelta* versus = nullptr);

// The figures of an estimate's JSON that no result may have: a number that is not
// finite (NaN or infinite, which JSON would carry as null), a fraction (goodput, the network's
// share of the cost) outside 0 to 1, a negative MFU or HFU (above 1 they carry warning
// above_peak). Each problem names the figure's path,
// e.g. "cost.per_month: is nan, not a finite number". Empty for every scenario validate()
// accepts (tests/property); the CLI refuses an estimate with one (exit 2) rather than print it.
std::vector<Problem> check_estimate_json(const nlohmann::json& estimate);

// Flattens nested objects to dotted keys for CSV; arrays of warnings become their codes
// joined by ';'.
std::vector<std::pair<std::string, std::string>> flatten_json(const nlohmann::json& j);

}  // namespace cp
