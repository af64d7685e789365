// The scenario file: what analysts mail to each other (docs/scenario-format.md, JSON Schema in
// resources/scenario.schema.json). A versioned wrapper around the scenario JSON of
// scenario_json.h, which already carries every input, the custom GPU and fabric figures
// (cluster.gpu_spec, cluster.fabric_spec) and the price list (assumptions):
//
//   { "format": "clusterplan-scenario-file", "format_version": 1,
//     "name": "...", "notes": "...", "tags": ["..."], "scenario": { ...scenario JSON... } }
//
// Format 0 (the flat layout, documented in docs/scenario-format.md) is upgraded on import;
// a format newer than this build's is refused. A bare scenario JSON ("format":
// "clusterplan-scenario", as `estimate --scenario` reads) is accepted too.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/scenario.h"
#include "engine/validate.h"

namespace cp {

inline constexpr const char* kScenarioFileFormat = "clusterplan-scenario-file";
inline constexpr const char* kBareScenarioFormat = "clusterplan-scenario";  // scenario_to_json's
inline constexpr int kScenarioFileVersion = 1;
inline constexpr std::size_t kMaxTagLength = 64;

// One scenario with what the library keeps about it. The scenario's name is the document's.
struct ScenarioFileDocument {
  Scenario scenario = default_scenario();
  std::string notes;
  std::vector<std::string> tags;
};

nlohmann::json scenario_file_to_json(const ScenarioFileDocument& d);
// The file's bytes: the JSON indented by two spaces, with a final newline.
std::string scenario_file_text(const ScenarioFileDocument& d);

// Format 0 -> the current format: the flat keys become the nested "scenario" object and the
// comma-separated "tags" string becomes an array. Problems name the format-0 key.
nlohmann::json upgrade_scenario_file_v0(const nlohmann::json& v0, std::vector<Problem>& problems);

// Reads a parsed scenario file (any known format version, or a bare scenario) on top of `d`.
// Checks the structure and every value's type and spelling, not the plan's consistency (that
// is validate()'s job). Problems name their JSON path in the file ("scenario.parallelism.tp").
bool scenario_file_from_json(const nlohmann::json& j, ScenarioFileDocument& d, std::vector<Problem>& problems);

// The whole import: JSON syntax (problems named "line L, column C"), the file's structure
// and values, then validate() on the scenario. `d` is usable only when no problem was found.
struct ImportResult {
  ScenarioFileDocument document;
  std::vector<Problem> problems;
  int format_version = 0;  // the version the file had (before any upgrade)
  bool ok() const { return problems.empty(); }
};
// PlanCheck::Skip stops after the structure and values: the GUI opens a plan that validate()
// finds problems in, to show and fix them (the CLI's import refuses it).
enum class PlanCheck { Validate, Skip };
ImportResult import_scenario_text(std::string_view text, PlanCheck check = PlanCheck::Validate);
// Reads the file first (core/input_file.h): a regular file of at most kMaxInputFileBytes; a
// pipe, a device, a directory or a bigger file is one problem on the path, at once.
ImportResult import_scenario_file(const std::string& path, PlanCheck check = PlanCheck::Validate);

// Notes and tags are valid UTF-8 (the name is checked by validate()); problems name "notes"
// and "tags[i]".
void check_document_text(const ScenarioFileDocument& d, std::vector<Problem>& problems);

// Writes the file atomically (core/io/include/io/atomic_file.h); false and `error` on failure.
bool export_scenario_file(const std::string& path, const ScenarioFileDocument& d, std::string& error);

}  // namespace cp
