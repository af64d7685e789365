// The options of `clusterplan-cli estimate`, parsed into typed values without touching the
// file system, so that a fuzzer (or a test) can call the parser alone. Turning the parsed
// options into a Scenario is scenario_builder.h's job.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/options.h"
#include "cli/power_cost_args.h"
#include "engine/enums.h"
#include "engine/fields.h"
#include "engine/fabric.h"

namespace cp::cli {

enum class OutputFormat { Text, Json, Csv };

// The model's shape flags (--layers ... --experts-per-token). Absent: keep the starting shape.
struct ShapeFlags {
  std::optional<int> layers, hidden, heads, kv_heads, ffn, vocab, experts, experts_per_token;
  std::optional<FfnType> ffn_type;
  bool any() const {
    return layers || hidden || heads || kv_heads || ffn || vocab || experts || experts_per_token || ffn_type;
  }
};

// Every value is optional: only what the command line gives overrides the starting scenario.
struct EstimateArgs {
  bool help = false;
  OutputFormat format = OutputFormat::Text;

  std::optional<std::string> scenario_file;
  // A scenario saved in the library (`--scenario-id N`), in the library `--db PATH` ("" = the
  // default library, see app/cli/scenario_command.h).
  std::optional<long long> scenario_id;
  std::string db;
  // Where the model starts: at most one of these three.
  std::optional<std::string> model;      // a preset id, already checked to exist
  std::optional<double> params_b;        // billions of parameters
  std::optional<std::string> hf_config;  // path of a Hugging Face config.json
  ShapeFlags shape;

  // The options of the field table's rows (engine/fields.h) that go straight to their value
  // (field_option() below): by row, a Count's or Real's number, a Flag's 0 or 1, a Choice's
  // enum value. The builder sets each through its row's value path.
  std::array<std::optional<double>, kFields.size()> fields{};
  std::optional<double> given(std::string_view key) const { return fields[field_index(key)]; }

  std::optional<std::string> gpu;  // a GPU id, already checked to exist
  std::optional<int> gpus, nodes, gpus_per_node;
  std::optional<double> gpu_memory;  // bytes: the GPU's memory when it differs from the catalog part

  // The scale-out network. A plain string (empty: not given), already checked to be a fabric
  // id: std::optional<std::string> trips GCC 12's -Wrestrict in Release builds.
  std::string fabric;

  // Site calibration: the user's measured step time of a pilot run, seconds. The CLI
  // estimates once, sets calibration.step_time_factor = measured / modelled, estimates again.
  std::optional<double> measured_step_s;

  // Power, cooling, cost and reliability assumptions, and --bom-csv (power_cost_args.h).
  PowerCostArgs power_cost;

  // True when the command line changes the model (a starting point or a shape flag).
  bool changes_model() const { return model || params_b || hf_config || shape.any(); }
  // True when the command line changes the layout or the cluster size: DP is then derived
  // again unless --dp is given (see scenario_builder.cpp).
  bool changes_layout() const {
    return given("parallelism.tp") || given("parallelism.pp") || given("parallelism.cp") || gpus || nodes ||
           gpus_per_node;
  }
};

struct ParseResult {
  EstimateArgs args;
  std::vector<std::string> errors;  // each "--option: reason"
  bool ok() const { return errors.empty(); }
};

// Parses the arguments that follow `estimate`. Accepts `--name value` and `--name=value`;
// a repeated option keeps its last value. Collects every error instead of stopping at the
// first. Performs catalog look-ups (preset and GPU ids) but no file I/O.
ParseResult parse_estimate_args(const std::vector<std::string>& args);
// The same for `command` (plan, sweep): an unknown option points at its help, and the nearest
// option is sought among the estimate options and `more_options` (the command's own).
ParseResult parse_estimate_args(const std::vector<std::string>& args, std::string_view command,
                                const std::vector<std::string_view>& more_options);

// Sets one option from its text; returns the reason when the text is not acceptable.
using OptionSetter = std::optional<std::string> (*)(EstimateArgs&, std::string_view);

// One row of the option table; the help text is generated from it.
struct OptionInfo {
  std::string_view name;   // without the leading "--"
  std::string_view value;  // placeholder or the spellings, e.g. "on|off"
  std::string_view group;  // help section
  // Options of the field table (engine/fields.h): what the CLI adds to the row's help, its
  // default or presets; other options: the whole help. option_help() joins them.
  std::string_view help;
  OptionSetter set = nullptr;
  // An option of a field-table row that goes straight to its value: `set` is null, and the
  // row's kind and bounds parse the text (field_option()).
  const FieldInfo* row = nullptr;
};
// Whether `f` is such a row: a CLI option with a value path, other than the model's shape and
// the cluster's size and GPU, which the builder applies in their own order, and the power and
// cost options, which have entries of their own.
bool field_option(const FieldInfo& f);
// Sets option `o` from its text; returns the reason when the text is not acceptable.
std::optional<std::string> set_option(const OptionInfo& o, EstimateArgs& a, std::string_view text);
// The help line of an option: its field's help and bounds, then what the CLI adds.
std::string option_help(const OptionInfo& o);
// The names of `options`, for unknown_option() (options.h).
std::vector<std::string_view> option_names(std::span<const OptionInfo> options);
std::span<const OptionInfo> estimate_options();
// The rows of the power, cost and reliability options (power_cost_args.cpp); estimate_options()
// lists them after its own.
std::span<const OptionInfo> power_cost_options();
const OptionInfo* find_estimate_option(std::string_view name);

// True for options whose value is a number ("N" or "X"): the ones `sweep --vary` accepts.
bool is_numeric_option(const OptionInfo& o);

}  // namespace cp::cli
