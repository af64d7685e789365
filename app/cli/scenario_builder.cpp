#include "cli/scenario_builder.h"

#include <algorithm>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "cli/scenario_command.h"
#include "engine/fabric.h"
#include "engine/gpu.h"
#include "io/hf_config.h"
#include "io/input_file.h"
#include "engine/model.h"
#include "io/scenario_file.h"
#include "io/scenario_json.h"
#include "io/strict_json.h"

namespace cp::cli {
namespace {

using nlohmann::json;

// Reads and parses a JSON file (a regular file of at most 64 MiB, core/input_file.h); on
// failure adds one problem on `option` and returns false.
bool read_json_file(const std::string& path, const char* option, json& out, std::vector<Problem>& problems) {
  std::string text, error;
  if (!read_input_file(path, kMaxInputFileBytes, text, error)) {
    // "cannot read: No such file" -> "cannot read 'PATH': No such file"; "is a directory" -> "'PATH' is ..."
    if (error.rfind("cannot read: ", 0) == 0) problems.push_back({option, "cannot read '" + path + "': " + error.substr(13)});
    else problems.push_back({option, "'" + path + "' " + error});
    return false;
  }
  try {
    out = json::parse(text);
  } catch (const json::exception& e) {
    problems.push_back({option, "'" + path + "' is not valid JSON: " + e.what()});
    return false;
  }
  if (const std::string dup = duplicate_key_path(text); !dup.empty()) {
    problems.push_back({path + ": " + dup, kDuplicateKeyReason});
    return false;
  }
  return true;
}

// Problems found inside a file keep their key and gain the file's name: "FILE: key".
void add_file_problems(const std::string& path, const std::vector<Problem>& found, std::vector<Problem>& problems) {
  for (const Problem& p : found) problems.push_back({path + ": " + p.field, p.message});
}

template <typename T>
void set_if(const std::optional<T>& value, T& target) {
  if (value) target = *value;
}

// Applies the shape flags; returns true when one of them changed a value.
bool apply_shape_flags(const ShapeFlags& f, ModelShape& m) {
  const ModelShape before = m;
  set_if(f.layers, m.layers);
  set_if(f.hidden, m.hidden);
  set_if(f.heads, m.heads);
  set_if(f.kv_heads, m.kv_heads);
  set_if(f.ffn, m.ffn);
  set_if(f.ffn_type, m.ffn_type);
  set_if(f.vocab, m.vocab);
  set_if(f.experts, m.experts);
  set_if(f.experts_per_token, m.experts_per_token);
  return m.layers != before.layers || m.hidden != before.hidden || m.heads != before.heads ||
         m.kv_heads != before.kv_heads || m.ffn != before.ffn || m.ffn_type != before.ffn_type ||
         m.vocab != before.vocab || m.experts != before.experts || m.experts_per_token != before.experts_per_token;
}

void apply_model(const EstimateArgs& a, Scenario& s, const ModelShape* hf_shape, std::vector<Problem>& problems,
                 std::vector<std::string>& warnings) {
  if (a.model) {
    const ModelPreset* p = find_model_preset(*a.model);  // checked by the parser
    s.model = p->shape;
    s.model_id = *a.model;
    s.model_derived = false;
  } else if (a.params_b) {
    if (!set_derived_model(s, *a.params_b)) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "%g billion parameters is too small to derive a standard shape", *a.params_b);
      problems.push_back({"--params-b", buf});
      return;
    }
  } else if (a.hf_config) {
    ModelShape m;
    if (hf_shape) m = *hf_shape;
    else if (!read_hf_shape(*a.hf_config, m, problems, &warnings)) return;
    s.model = m;
    s.model_id = "custom";  // the scenario format knows presets, "custom" and "derived:" ids
    s.model_derived = false;
  } else if (a.shape.any() && !a.scenario_file && !a.scenario_id) {
    // A custom shape from scratch (the parser checked that every size is given). The
    // remaining choices keep ModelShape's defaults: SwiGLU, RMSNorm, untied, rotary, dense.
    s.model = ModelShape{};
    s.model.kv_heads = a.shape.kv_heads.value_or(a.shape.heads.value_or(0));
    s.model_id = "custom";
    s.model_derived = false;
  }
  if (apply_shape_flags(a.shape, s.model)) label_changed_preset(s);
}

void apply_cluster(const EstimateArgs& a, Scenario& s, std::vector<Problem>& problems) {
  Cluster& c = s.cluster;
  if (a.gpu) c.gpu = *find_gpu(*a.gpu);  // checked by the parser
  set_if(a.gpu_memory, c.gpu.memory_bytes);
  const int per_node = a.gpus_per_node.value_or(c.gpus_per_node);
  if (a.gpus) {
    // Whole nodes, or one server of n GPUs with its share of the NICs, as the sweep sizes it.
    const int n = *a.gpus;
    c.gpus_per_node = per_node;
    if (!set_gpu_count(c, n))
      problems.push_back({"--gpus", std::to_string(n) + " GPUs is not a multiple of " + std::to_string(per_node) +
                                        " GPUs per node (set --gpus-per-node, or give --nodes and --gpus-per-node)"});
  } else {
    c.gpus_per_node = per_node;
    set_if(a.nodes, c.nodes);
  }

  if (!a.fabric.empty()) c.fabric = *find_fabric(a.fabric);  // checked by the parser
  for (std::size_t i = 0; i < kFields.size(); ++i)
    if (a.fields[i] && kFields[i].key.starts_with("cluster.")) kFields[i].set(s, *a.fields[i]);
}

BuildResult build(const EstimateArgs& a, const Scenario* base, const ModelShape* hf_shape) {
  BuildResult r;
  Scenario& s = r.scenario;
  s = base ? *base : default_scenario();

  if (base) {
    // The caller's starting point.
  } else if (a.scenario_file) {
    json j;
    if (!read_json_file(*a.scenario_file, "--scenario", j, r.problems)) return r;
    std::vector<Problem> found;
    // A scenario file as `scenario export` writes it (core/io/include/io/scenario_file.h), or a bare scenario
    // ("format": "clusterplan-scenario"); a file without a known format is refused.
    ScenarioFileDocument doc;
    doc.scenario = s;
    if (!scenario_file_from_json(j, doc, found)) {
      add_file_problems(*a.scenario_file, found, r.problems);
      return r;
    }
    s = doc.scenario;
    // Read already, so its format and version are known good. A format-0 file is named by
    // its format-1 keys once upgraded, as import names them.
    const bool wrapped = j["format"] == kScenarioFileFormat;
    const json read = wrapped && j["format_version"] == 0 ? upgrade_scenario_file_v0(j, found) : j;
    if (read.is_object()) r.file_scenario = wrapped ? read.value("scenario", json::object()) : read;
    r.file_prefix = *a.scenario_file + ": " + (wrapped ? "scenario." : "");
  } else if (a.scenario_id) {
    if (!load_stored_scenario(a.db, *a.scenario_id, s, r.problems)) return r;
  }

  apply_model(a, s, hf_shape, r.problems, r.warnings);

  // Every option of a field-table row, through the row's value path, in the table's order.
  // The network's rows (NICs, topology) wait for the cluster (below).
  for (std::size_t i = 0; i < kFields.size(); ++i)
    if (a.fields[i] && !kFields[i].key.starts_with("cluster.")) kFields[i].set(s, *a.fields[i]);
  // DP may be left out. A DP kept from the starting scenario was sized for its layout and
  // GPU count; once the command line changes either, DP is derived again from the GPUs.
  if (!a.given("parallelism.dp") && a.changes_layout()) s.parallel.dp = 0;

  apply_cluster(a, s, r.problems);
  apply_power_cost_args(a.power_cost, s.assumptions);

  // A scenario the user has not named is named by what it is, after every flag.
  refresh_derived_name(s);
  return r;
}

}  // namespace

std::vector<Problem> validate_built(const BuildResult& built) {
  std::vector<Problem> problems = validate(built.scenario);
  if (!built.file_scenario.is_object()) return problems;
  const json used = scenario_to_json(built.scenario);
  for (Problem& p : problems) {
    // "training.seq" -> /training/seq; a field that is no plain key path stays as it is.
    if (p.field.empty() || p.field.find_first_of("[]/~ ") != std::string::npos) continue;
    std::string pointer = "/" + p.field;
    std::replace(pointer.begin(), pointer.end(), '.', '/');
    try {
      const json::json_pointer at(pointer);
      // From the file when the file holds the key and the scenario used its value: an option
      // that set it (to another value) owns the problem.
      if (built.file_scenario.contains(at) && used.contains(at) && built.file_scenario.at(at) == used.at(at))
        p.field = built.file_prefix + p.field;
    } catch (const json::exception&) {  // a path through an array or a value: not the file's key
    }
  }
  return problems;
}

void print_build_warnings(const std::vector<std::string>& warnings, std::ostream& err) {
  for (const std::string& w : warnings) err << "clusterplan-cli: warning: " << w << '\n';
}

bool read_hf_shape(const std::string& path, ModelShape& out, std::vector<Problem>& problems,
                   std::vector<std::string>* warnings) {
  json config;
  if (!read_json_file(path, "--hf-config", config, problems)) return false;
  std::vector<Problem> found;
  std::vector<std::string> notes;
  const bool ok = model_from_hf_config(config, out, found, &notes);
  if (warnings)
    for (const std::string& n : notes) {
      std::string w = "--hf-config '" + path + "': ";
      w += n;
      warnings->push_back(std::move(w));
    }
  if (!ok) {
    add_file_problems(path, found, problems);
    return false;
  }
  return true;
}

BuildResult build_scenario(const EstimateArgs& args, const ModelShape* hf_shape) { return build(args, nullptr, hf_shape); }

BuildResult build_scenario_on(const EstimateArgs& args, const Scenario& base, const ModelShape* hf_shape) {
  return build(args, &base, hf_shape);
}

}  // namespace cp::cli
