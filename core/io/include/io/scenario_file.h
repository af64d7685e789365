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
inline constexpr std::size_t kMaxTagLength = 64;  // characters (kTagLimit)

// What a name, a tag or the notes may hold (docs/scenario-format.md, "Limits"): valid UTF-8, at
// most `chars` characters (code points) and `bytes` bytes, and no control character but, in
// multi-line text, tab and line breaks. Every reader and writer holds them: the file and JSON
// readers, the CLI, the library's save and load.
struct TextLimit {
  std::size_t chars, bytes;
  bool multiline;
};
inline constexpr TextLimit kNameLimit{200, 800, false};
inline constexpr TextLimit kTagLimit{kMaxTagLength, 256, false};
inline constexpr TextLimit kNotesLimit{100000, 400000, true};
inline constexpr std::size_t kMaxTags = 64;
// Why `text` is refused under `limit` ("is 1,048,576 characters long; at most 200"), or "".
std::string text_problem(std::string_view text, const TextLimit& limit);

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

// JSON text parsed as a scenario file's is: false with one problem for a syntax error (named
// "line L, column C"), a number no double can hold (named "$"), or a key given twice (named
// by its path). The first step of import_scenario_text(), for any reader of scenario JSON.
bool parse_scenario_json(std::string_view text, nlohmann::json& out, std::vector<Problem>& problems);

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

// The name, the notes and the tags within their limits (above); problems name "name",
// "notes", "tags" and "tags[i]". A name that is not valid UTF-8 is left to validate().
void check_document_text(const ScenarioFileDocument& d, std::vector<Problem>& problems);

// Writes the file atomically (core/io/include/io/atomic_file.h): only over a regular file, or
// the regular file a symbolic link leads to with `follow_symlink`; false and `error` on failure.
bool export_scenario_file(const std::string& path, const ScenarioFileDocument& d, std::string& error,
                          bool follow_symlink = false);

}  // namespace cp
