#include "engine/scenario.h"

#include <algorithm>
#include <cstdio>

#include "engine/number_text.h"

namespace cp {
namespace {

bool starts_with(const std::string& s, std::string_view prefix) { return s.rfind(prefix, 0) == 0; }

std::string model_part(const Scenario& s) {
  const double params = count_params(s.model).total;
  if (s.model_derived) return params_text(params) + " model (derived)";
  if (const ModelPreset* p = find_model_preset(s.model_id)) return std::string(p->name);
  return "Custom " + params_text(params) + " model";
}

// A catalog or custom name as part of the derived name, cut after kMaxNamePartChars characters
// (code points) with "…": a custom GPU or fabric may carry a long name, and the derived name must
// stay within what a scenario's name may be (io's kNameLimit, 200 characters), which the user,
// who never typed it, could not otherwise mend.
constexpr std::size_t kMaxNamePartChars = 60;
std::string name_part(const std::string& text) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) continue;  // inside a code point
    if (chars++ == kMaxNamePartChars) return text.substr(0, i) + "\u2026";
  }
  return text;
}

}  // namespace

std::string short_fabric_name(const FabricSpec& f) {
  // "InfiniBand NDR 400 Gb/s" -> "IB NDR"; "RoCEv2 400 Gb/s, tuned" -> "RoCE 400G tuned".
  const std::string& n = f.name;
  if (starts_with(n, "InfiniBand ")) {
    const std::string rest = n.substr(11);
    return "IB " + rest.substr(0, rest.find(' '));
  }
  if (starts_with(n, "RoCEv2 ")) {
    const std::string rest = n.substr(7);
    const auto gb = rest.find(" Gb/s");
    if (gb != std::string::npos) {
      std::string out = "RoCE " + rest.substr(0, gb) + "G";
      const auto comma = rest.find(", ", gb);
      if (comma != std::string::npos) out += " " + rest.substr(comma + 2);
      return out;
    }
  }
  return n;
}

std::string derived_scenario_name(const Scenario& s) {
  std::string name = model_part(s) + " on " + std::to_string(s.cluster.total_gpus()) + "x " +
                     name_part(s.cluster.gpu.name);
  if (s.cluster.nodes > 1) name += ", " + name_part(short_fabric_name(s.cluster.fabric));
  return name;
}

bool set_gpu_count(Cluster& c, int gpus) {
  if (gpus < 1) return false;
  if (gpus < c.gpus_per_node) {
    c.nics_per_node = std::max(1, int((long long)c.nics_per_node * gpus / c.gpus_per_node));
    c.gpus_per_node = gpus;
    c.nodes = 1;
    return true;
  }
  if (gpus % c.gpus_per_node != 0) return false;
  c.nodes = gpus / c.gpus_per_node;
  return true;
}

bool name_is_derived(const Scenario& s) { return !s.derived_name.empty() && s.name == s.derived_name; }

std::string scenario_name(const Scenario& s) { return name_is_derived(s) ? derived_scenario_name(s) : s.name; }

std::string derived_model_id(double params_b) {
  char id[64];
  std::snprintf(id, sizeof id, "derived:%gB", params_b);
  return id;
}

bool set_derived_model(Scenario& s, double params_b) {
  const ModelShape m = derive_shape_from_size(params_b * 1e9);
  if (m.layers == 0) return false;
  s.model = m;
  s.model_id = derived_model_id(params_b);
  s.model_derived = true;
  return true;
}

void label_changed_preset(Scenario& s) {
  const ModelPreset* p = find_model_preset(s.model_id);
  if (p && !(p->shape == s.model)) s.model_id = "custom";
}

void refresh_derived_name(Scenario& s, bool unname) {
  // A blank name is no name (a file's "name": "", a field emptied): the scenario is named by
  // what it is, never listed as an empty row.
  const bool blank = s.name.find_first_not_of(" \t\n\r\f\v") == std::string::npos;
  if (!unname && !blank && !name_is_derived(s)) return;
  s.derived_name = derived_scenario_name(s);
  s.name = s.derived_name;
}

Scenario default_scenario() {
  Scenario s;
  const ModelPreset* preset = find_model_preset("llama-65b");
  s.model_id = std::string(preset->id);
  s.model = preset->shape;
  s.training.seq = 2048;
  s.training.micro_batch = 1;
  s.training.global_batch = 1024;
  s.training.precision = Precision::Bf16;
  s.training.optimizer = Optimizer::Adam;
  s.training.recompute = Recompute::Selective;
  s.training.zero = Zero::Stage1;
  s.training.dropout = false;         // LLaMA trains without dropout
  s.training.flash_attention = true;
  s.training.tokens = 1.4e12;         // LLaMA-65B's token budget (Touvron et al. 2023)
  // DP on "auto" (0): derived from the GPU count (32 / (8 x 4) = 1), so that changing the
  // nodes, TP or PP of a scenario started from this one keeps a valid plan.
  s.parallel = Parallelism{8, 4, 1, 0, 1, 1, true};
  s.cluster.gpu = *find_gpu("a100-80gb-sxm");
  s.cluster.gpus_per_node = 8;
  s.cluster.nodes = 4;
  s.cluster.fabric = *find_fabric("ib-hdr");
  s.cluster.nics_per_node = 8;
  // Named by what it is ("LLaMA-65B on 32x A100 80GB SXM, IB HDR") until the user names it, so
  // that the name follows the edits of a scenario started from this one.
  refresh_derived_name(s, true);
  return s;
}

}  // namespace cp
