#include "io/scenario_json.h"

#include <type_traits>

#include <cmath>
#include <cstdio>

#include "engine/error_band.h"
#include "engine/fields.h"
#include "io/power_cost_json.h"
#include "io/read_reasons.h"
#include "io/strict_json.h"

namespace cp {

using nlohmann::json;

namespace {

// A row's value as the scenario file writes it: a whole number, a number, true or false, or
// the choice's spelling.
json row_value(const FieldInfo& f, const Scenario& s) {
  switch (f.kind) {
    case FieldKind::Count: return json(static_cast<long long>(f.get(s)));
    case FieldKind::Flag: return json(f.get(s) != 0);
    case FieldKind::Choice: return json(std::string(f.word(s)));
    case FieldKind::Real:
    case FieldKind::Text: break;
  }
  return json(f.get(s));
}

// Whether the reader and writer of the rows (below) own `f`: a stored row with a value path,
// under `section` ("model.", "training." ...). The GPU's and fabric's figures are a catalog
// entry's copy, read and written with their entry.
bool rows_own(const FieldInfo& f, std::string_view section) {
  return f.has_value() && f.stored && f.key.starts_with(section) && !f.key.starts_with("cluster.gpu_spec.") &&
         !f.key.starts_with("cluster.fabric_spec.");
}

// Writes every row of `section` into `out` at its key below the section.
void write_rows(const Scenario& s, std::string_view section, json& out) {
  for (const FieldInfo& f : kFields)
    if (rows_own(f, section)) out[std::string(f.key.substr(section.size()))] = row_value(f, s);
}

// The "model" object of `s`: its shape's rows and, for MLA, the latent sizes.
json model_json(const Scenario& s) {
  const ModelShape& m = s.model;
  json model = json::object();
  write_rows(s, "model.", model);
  if (m.attention == AttentionType::Mla)
    model["mla"] = {{"q_lora_rank", m.mla.q_lora_rank},
                    {"kv_lora_rank", m.mla.kv_lora_rank},
                    {"qk_nope_head_dim", m.mla.qk_nope_head_dim},
                    {"qk_rope_head_dim", m.mla.qk_rope_head_dim},
                    {"v_head_dim", m.mla.v_head_dim}};
  return model;
}

}  // namespace

json model_shape_to_json(const ModelShape& m) {
  Scenario s;  // the catalog's shapes only: a scenario file writes its own (model_json)
  s.model = m;
  return model_json(s);
}

json gpu_spec_to_json(const GpuSpec& g) {
  return {{"name", g.name},
          {"memory_bytes", g.memory_bytes},
          {"bf16_flops", g.bf16_flops},
          {"fp8_flops", g.fp8_flops},
          {"fp32_flops", g.fp32_flops},
          {"memory_bw_bytes_per_s", g.memory_bw},
          {"link_bw_bytes_per_s", g.link_bw},
          {"tdp_w", g.tdp_w},
          {"mamf_fraction", g.mamf_fraction},
          {"tile_n", g.tile_n},
          {"fa2_fraction_of_fa3", g.fa2_fraction_of_fa3},
          {"sm_count", g.sm_count},
          {"source", g.source}};
}

json scenario_to_json(const Scenario& s) {
  json model = model_json(s);
  model["id"] = s.model_id;
  model["derived"] = s.model_derived;
  const Cluster& c = s.cluster;
  json training = json::object(), parallelism = json::object(), cluster = json::object(),
       overheads = json::object(), calibration = json::object();
  write_rows(s, "training.", training);
  write_rows(s, "parallelism.", parallelism);
  write_rows(s, "cluster.", cluster);
  write_rows(s, "overheads.", overheads);
  write_rows(s, "calibration.", calibration);
  cluster["gpu"] = c.gpu.id;
  cluster["gpu_spec"] = gpu_spec_to_json(c.gpu);
  cluster["fabric"] = c.fabric.id;
  cluster["fabric_spec"] = {{"name", c.fabric.name},
                            {"kind", to_string(c.fabric.kind)},
                            {"nic_gbps", c.fabric.nic_gbps},
                            {"nic_busbw_bytes_per_s", c.fabric.nic_busbw},
                            {"base_latency_s", c.fabric.base_latency_s},
                            {"switch_latency_s", c.fabric.switch_latency_s},
                            {"switch_ports", c.fabric.switch_ports},
                            {"load_balance", to_string(c.fabric.load_balance)},
                            {"qps_per_connection", c.fabric.qps_per_connection},
                            {"balance_efficiency", c.fabric.balance_efficiency},
                            {"cc_efficiency", c.fabric.cc_efficiency},
                            {"source", c.fabric.source},
                            {"channels_per_nic", c.fabric.channels_per_nic},
                            {"congestion_control", to_string(c.fabric.congestion_control)}};
  calibration["note"] = s.calibration.note;
  json out{
      {"format", "clusterplan-scenario"},
      {"format_version", kScenarioFormatVersion},
      {"name", scenario_name(s)},
      {"model", model},
      {"training", training},
      {"parallelism", parallelism},
      {"cluster", cluster},
      {"overheads", overheads},
      {"calibration", calibration},
      {"assumptions", assumptions_to_json(s.assumptions)},
  };
  if (name_is_derived(s)) out["name_is_derived"] = true;  // the name follows the scenario
  return out;
}

namespace {

class Reader {
 public:
  explicit Reader(std::vector<Problem>& problems) : problems_(problems) {}

  void fail(const std::string& path, const std::string& why) { problems_.push_back({path, why}); }
  void add(const Problem& p) { problems_.push_back(p); }
  // A problem from one of the reader's reason templates (io/read_reasons.h).
  void fail(const std::string& path, std::string_view reason, std::vector<std::string> args = {}) {
    problems_.push_back(make_problem(path, reason, std::move(args)));
  }

  // Names `key` as a valid key of `obj` and returns its value, or nullptr when absent.
  const json* find(const json& obj, const char* key, const std::string& prefix) {
    keys_.allow(obj, prefix, key);
    auto it = obj.find(key);
    return it == obj.end() ? nullptr : &*it;
  }

  const json* object(const json& parent, const char* key, const std::string& prefix) {
    const json* v = find(parent, key, prefix);
    if (v && !v->is_object()) {
      fail(join_path(prefix, key), reasons::must_be_object);
      return nullptr;
    }
    return v;
  }

  void integer(const json& obj, const char* key, const std::string& prefix, int& out) {
    const json* it = find(obj, key, prefix);
    if (!it) return;
    const std::string path = join_path(prefix, key);
    if (it->is_number_integer() || it->is_number_unsigned()) {
      const auto v = it->get<long long>();
      if (v < -2147483647LL || v > 2147483647LL) return fail(path, reasons::out_of_range);
      out = int(v);
    } else if (it->is_number_float() && std::floor(it->get<double>()) == it->get<double>()) {
      // A whole number written as 1e12 is whole but out of range, as 1000000000000 is.
      if (std::abs(it->get<double>()) > 2147483647.0) return fail(path, reasons::out_of_range);
      out = int(it->get<double>());
    } else {
      fail(path, reasons::whole_number);
    }
  }

  void number(const json& obj, const char* key, const std::string& prefix, double& out) {
    const json* it = find(obj, key, prefix);
    if (!it) return;
    if (!it->is_number()) return fail(join_path(prefix, key), reasons::must_be_number);
    out = it->get<double>();
  }

  void boolean(const json& obj, const char* key, const std::string& prefix, bool& out) {
    const json* it = find(obj, key, prefix);
    if (!it) return;
    if (it->is_boolean()) out = it->get<bool>();
    else if (it->is_string() && parse_on_off(it->get<std::string>())) out = *parse_on_off(it->get<std::string>());
    else fail(join_path(prefix, key), reasons::true_or_false);
  }

  template <typename E, typename Parse>
  void choice(const json& obj, const char* key, const std::string& prefix, E& out, Parse parse, std::string_view list) {
    const json* it = find(obj, key, prefix);
    if (!it) return;
    std::string text;
    if (it->is_string()) text = it->get<std::string>();
    else if (it->is_number_integer()) text = std::to_string(it->get<long long>());  // "zero": 1
    auto v = parse(text);
    if (!v) return fail(join_path(prefix, key), reasons::not_one_of, {text, std::string(list)});
    out = *v;
  }

  // The rows of `section` ("training.") that the rows' reader owns, each at its key in `obj`.
  void rows(const json& obj, std::string_view section, Scenario& s) {
    const std::string prefix(section.substr(0, section.size() - 1));
    for (const FieldInfo& f : kFields)
      if (rows_own(f, section)) row(obj, f, std::string(f.key.substr(section.size())), prefix, s);
  }

  void string(const json& obj, const char* key, const std::string& prefix, std::string& out) {
    const json* it = find(obj, key, prefix);
    if (!it) return;
    if (!it->is_string()) return fail(join_path(prefix, key), reasons::must_be_string);
    out = it->get<std::string>();
  }

  void row(const json& obj, const FieldInfo& f, const std::string& key, const std::string& prefix, Scenario& s) {
    switch (f.kind) {
      case FieldKind::Count: {
        int v = int(f.get(s));
        integer(obj, key.c_str(), prefix, v);
        f.set(s, v);
        return;
      }
      case FieldKind::Real: {
        double v = f.get(s);
        number(obj, key.c_str(), prefix, v);
        f.set(s, v);
        return;
      }
      case FieldKind::Flag: {
        bool v = f.get(s) != 0;
        boolean(obj, key.c_str(), prefix, v);
        f.set(s, v ? 1 : 0);
        return;
      }
      case FieldKind::Choice: {
        const json* it = find(obj, key.c_str(), prefix);
        if (!it) return;
        std::string text;
        if (it->is_string()) text = it->get<std::string>();
        else if (it->is_number_integer()) text = std::to_string(it->get<long long>());  // "zero": 1
        if (!f.set_word(s, text)) fail(join_path(prefix, key), reasons::not_one_of, {text, std::string(f.spellings())});
        return;
      }
      case FieldKind::Text: return;
    }
  }

  // Every key that no reader named, one problem each.
  void report_unknown_keys() const { keys_.report(problems_); }

 private:
  std::vector<Problem>& problems_;
  KeyCheck keys_;
};

std::optional<FabricKind> parse_fabric_kind(std::string_view s) {
  if (s == "infiniband") return FabricKind::InfiniBand;
  if (s == "roce") return FabricKind::RoCE;
  return std::nullopt;
}

std::optional<LoadBalance> parse_load_balance(std::string_view s) {
  for (LoadBalance b : {LoadBalance::Adaptive, LoadBalance::Ecmp, LoadBalance::Scheduled})
    if (to_string(b) == s) return b;
  return std::nullopt;
}

std::optional<CongestionControl> parse_congestion_control_opt(std::string_view s) {
  CongestionControl c;
  if (parse_congestion_control(s, c)) return c;
  return std::nullopt;
}

void read_model(const json& jm, Scenario& s, Reader& r) {
  ModelShape& m = s.model;
  if (const json* it = r.find(jm, "id", "model")) {
    if (!it->is_string()) {
      r.fail("model.id", reasons::must_be_string);
    } else {
      const std::string id = it->get<std::string>();
      if (const ModelPreset* p = find_model_preset(id)) {
        m = p->shape;
        s.model_id = id;
        s.model_derived = false;
      } else if (id != "custom" && id.rfind("derived:", 0) != 0) {
        r.fail("model.id", reasons::unknown_model, {id});
      } else {
        s.model_id = id;
      }
    }
  }
  if (const json* it = r.find(jm, "params_b", "model")) {
    if (!it->is_number() || !(it->get<double>() > 0) || it->get<double>() > 1e5) {
      r.fail("model.params_b", reasons::params_b);
    } else {
      // A size too small for a standard shape still gives its (empty) shape, which validation
      // names, rather than leaving the model as it was.
      m = derive_shape_from_size(it->get<double>() * 1e9);
      s.model_id = derived_model_id(it->get<double>());
      s.model_derived = true;
    }
  }
  r.boolean(jm, "derived", "model", s.model_derived);
  r.rows(jm, "model.", s);
  if (const json* mla = r.object(jm, "mla", "model")) {
    r.integer(*mla, "q_lora_rank", "model.mla", m.mla.q_lora_rank);
    r.integer(*mla, "kv_lora_rank", "model.mla", m.mla.kv_lora_rank);
    r.integer(*mla, "qk_nope_head_dim", "model.mla", m.mla.qk_nope_head_dim);
    r.integer(*mla, "qk_rope_head_dim", "model.mla", m.mla.qk_rope_head_dim);
    r.integer(*mla, "v_head_dim", "model.mla", m.mla.v_head_dim);
  }
}

void read_gpu_spec(const json& g, GpuSpec& x, Reader& r) {
  const std::string p = "cluster.gpu_spec";
  r.string(g, "name", p, x.name);
  r.number(g, "memory_bytes", p, x.memory_bytes);
  r.number(g, "bf16_flops", p, x.bf16_flops);
  r.number(g, "fp8_flops", p, x.fp8_flops);
  r.number(g, "fp32_flops", p, x.fp32_flops);
  r.number(g, "memory_bw_bytes_per_s", p, x.memory_bw);
  r.number(g, "link_bw_bytes_per_s", p, x.link_bw);
  r.number(g, "tdp_w", p, x.tdp_w);
  r.number(g, "mamf_fraction", p, x.mamf_fraction);
  r.integer(g, "tile_n", p, x.tile_n);
  r.number(g, "fa2_fraction_of_fa3", p, x.fa2_fraction_of_fa3);
  r.integer(g, "sm_count", p, x.sm_count);
  r.string(g, "source", p, x.source);
}

void read_fabric_spec(const json& f, FabricSpec& x, Reader& r) {
  const std::string p = "cluster.fabric_spec";
  r.string(f, "name", p, x.name);
  r.choice(f, "kind", p, x.kind, parse_fabric_kind, "infiniband, roce");
  r.number(f, "nic_gbps", p, x.nic_gbps);
  r.number(f, "nic_busbw_bytes_per_s", p, x.nic_busbw);
  r.number(f, "base_latency_s", p, x.base_latency_s);
  r.number(f, "switch_latency_s", p, x.switch_latency_s);
  r.integer(f, "switch_ports", p, x.switch_ports);
  r.choice(f, "load_balance", p, x.load_balance, parse_load_balance, "adaptive, ecmp, scheduled");
  r.integer(f, "qps_per_connection", p, x.qps_per_connection);
  r.number(f, "balance_efficiency", p, x.balance_efficiency);
  r.number(f, "cc_efficiency", p, x.cc_efficiency);
  r.string(f, "source", p, x.source);
  r.integer(f, "channels_per_nic", p, x.channels_per_nic);
  r.choice(f, "congestion_control", p, x.congestion_control, parse_congestion_control_opt,
           spellings_congestion_control());
}

// The copy of a built-in GPU's or fabric's figures that a file carries is dropped for the
// catalog's, but a value no GPU or fabric could have (-1e308) is still refused: it is a
// damaged or hand-edited file, not one this program wrote.
template <class Spec>
void refuse_unsound_copy(const Spec& copy, std::string_view prefix, Reader& r) {
  Scenario probe = default_scenario();
  if constexpr (std::is_same_v<Spec, GpuSpec>) {
    probe.cluster.gpu = copy;
    // (validate() names a GPU without memory "cluster.gpu", its catalog entry.)
    if (!(copy.memory_bytes > 0) || !std::isfinite(copy.memory_bytes))
      r.fail("cluster.gpu_spec.memory_bytes", reasons::positive_bytes);
  } else {
    probe.cluster.fabric = copy;
  }
  for (const Problem& p : validate(probe))
    if (p.field.rfind(prefix, 0) == 0) r.add(p);
}

void read_cluster(const json& jc, Scenario& s, Reader& r) {
  Cluster& c = s.cluster;
  if (const json* it = r.find(jc, "gpu", "cluster")) {
    if (!it->is_string()) {
      r.fail("cluster.gpu", reasons::must_be_string);
    } else if (const GpuSpec* g = find_gpu(it->get<std::string>())) {
      c.gpu = *g;
    } else if (!r.find(jc, "gpu_spec", "cluster")) {
      r.fail("cluster.gpu", reasons::unknown_gpu, {it->get<std::string>()});
    } else {
      c.gpu.id = it->get<std::string>();  // a custom GPU: its figures follow in gpu_spec
    }
  }
  if (const json* g = r.object(jc, "gpu_spec", "cluster")) {
    // A built-in GPU's figures come from the catalog, not the file: the file's copy is read
    // (its keys and types checked) and dropped.
    GpuSpec from_file = c.gpu;
    read_gpu_spec(*g, from_file, r);
    if (find_gpu(c.gpu.id)) refuse_unsound_copy(from_file, "cluster.gpu_spec.", r);
    else {
      c.gpu = from_file;
      if (!(c.gpu.memory_bytes > 0) || !std::isfinite(c.gpu.memory_bytes))
        r.fail("cluster.gpu_spec.memory_bytes", reasons::positive_bytes);
    }
  }
  if (const json* it = r.find(jc, "fabric", "cluster")) {
    if (!it->is_string()) {
      r.fail("cluster.fabric", reasons::must_be_string);
    } else if (const FabricSpec* f = find_fabric(it->get<std::string>())) {
      c.fabric = *f;
    } else if (!r.find(jc, "fabric_spec", "cluster")) {
      r.fail("cluster.fabric", reasons::unknown_catalog_fabric, {it->get<std::string>()});
    } else {
      c.fabric.id = it->get<std::string>();
    }
  }
  if (const json* f = r.object(jc, "fabric_spec", "cluster")) {
    FabricSpec from_file = c.fabric;  // as the GPU: a built-in fabric's figures are the catalog's
    read_fabric_spec(*f, from_file, r);
    if (find_fabric(c.fabric.id)) refuse_unsound_copy(from_file, "cluster.fabric_spec.", r);
    else c.fabric = from_file;
  }
  r.rows(jc, "cluster.", s);
}

}  // namespace

bool scenario_from_json(const json& j, Scenario& s, std::vector<Problem>& problems) {
  const size_t before = problems.size();
  Reader r(problems);
  if (!j.is_object()) {
    r.fail("$", reasons::scenario_object);
    return false;
  }
  r.find(j, "format", "");  // "clusterplan-scenario"; scenario_file.cpp tells formats apart
  if (const json* it = r.find(j, "format_version", "")) {
    if (!it->is_number_integer()) r.fail("format_version", reasons::whole_number);
    else if (it->get<long long>() > kScenarioFormatVersion)
      r.fail("format_version", "this file was written by a newer clusterplan (format " +
                                   std::to_string(it->get<long long>()) + "; this version reads up to " +
                                   std::to_string(kScenarioFormatVersion) + ")");
  }
  // "name_is_derived": true says the name follows the scenario; a name given without it (files
  // written before the flag existed, hand-written ones) is the user's, unless it is the derived
  // name.
  r.string(j, "name", "", s.name);
  bool derived = false;
  r.boolean(j, "name_is_derived", "", derived);
  if (const json* m = r.object(j, "model", "")) read_model(*m, s, r);
  if (const json* t = r.object(j, "training", "")) r.rows(*t, "training.", s);
  if (const json* p = r.object(j, "parallelism", "")) r.rows(*p, "parallelism.", s);
  if (const json* c = r.object(j, "cluster", "")) read_cluster(*c, s, r);
  if (const json* o = r.object(j, "overheads", "")) r.rows(*o, "overheads.", s);
  if (const json* k = r.object(j, "calibration", "")) {
    r.rows(*k, "calibration.", s);
    r.string(*k, "note", "calibration", s.calibration.note);
  }
  // The assumptions' reader checks its own keys.
  if (const json* a = r.find(j, "assumptions", "")) assumptions_from_json(*a, s.assumptions, problems);
  r.report_unknown_keys();
  refresh_derived_name(s, derived);
  return problems.size() == before;
}

namespace {

json group_json(const GroupLink& g) {
  return {{"ranks", g.ranks},
          {"nodes", g.nodes},
          {"busbw_bytes_per_s", g.link.busbw},
          {"latency_s", g.link.alpha_s},
          {"algorithm", to_string(g.algo)},
          {"fabric_factor", g.fabric_factor},
          {"ranks_per_node", g.per_node},
          {"traffic", to_string(g.pattern)}};
}

json communication_json(const StepBreakdown& st) {
  return {{"tp", group_json(st.tp)}, {"pp", group_json(st.pp)}, {"dp", group_json(st.dp)},
          {"ep", group_json(st.ep)}, {"cp", group_json(st.cp)}};
}

json network_json(const NetworkSize& n) {
  auto tiers = [](const std::array<int, 3>& a) { return json{{"leaf", a[0]}, {"spine", a[1]}, {"core", a[2]}}; };
  auto links = [](const std::array<int, 3>& a) {
    return json{{"nic_leaf", a[0]}, {"leaf_spine", a[1]}, {"spine_core", a[2]}};
  };
  return {{"topology", to_string(n.topology)},
          {"tiers", n.tiers},
          {"switches", n.total_switches()},
          {"links", n.total_links()},
          {"transceivers", n.total_transceivers()},
          {"switches_per_tier", tiers(n.switches)},
          {"links_per_tier", links(n.links)},
          {"transceivers_per_tier", links(n.transceivers)},
          {"nic_ports", n.endpoints},
          {"nodes_per_leaf", n.nodes_per_leaf},
          {"max_switch_hops", n.max_switch_hops}};
}

}  // namespace

namespace {

// The evidence gaps of a band (engine/error_band.h) as their codes, in the enum's order.
json evidence_codes(std::uint32_t gaps) {
  json out = json::array();
  for (int i = 0; i < kEvidenceGapCount; ++i)
    if (gaps & (1u << unsigned(i))) out.push_back(std::string(evidence_gap_code(EvidenceGap(i))));
  return out;
}

}  // namespace

json estimate_to_json(const Scenario& s, const Estimate& e, const FabricDelta* versus) {
  const MemoryEstimate& me = e.memory;
  const MemoryBreakdown& m = me.peak;
  json warnings = json::array();
  for (const Warning& w : e.warnings)
    warnings.push_back({{"code", warning_code_name(w.code)}, {"field", w.field}, {"message", warning_message(w)}});
  json out{
      {"schema_version", kOutputSchemaVersion},
      {"inputs", scenario_to_json(s)},
      {"model",
       {{"params", e.params.total},
        {"active_params", e.params.active},
        {"embedding_params", e.params.embedding},
        {"output_params", e.params.output},
        {"dense_layer_params", e.params.dense_layer},
        {"moe_layer_params", e.params.moe_layer},
        {"derived", s.model_derived}}},
      {"parallelism", {{"dp", e.dp}, {"microbatches", e.microbatches}, {"gpus", s.cluster.total_gpus()}}},
      {"memory",
       {{"weights_bytes", m.weights},
        {"gradients_bytes", m.gradients},
        {"optimizer_bytes", m.optimizer},
        {"activations_bytes", m.activations},
        {"loss_logits_bytes", m.loss_logits},
        {"zero3_working_set_bytes", m.zero3_working},
        {"comm_buffers_bytes", m.comm_buffers},
        {"fp8_weight_copies_bytes", m.fp8_weight_copies},
        {"tp_overlap_buffers_bytes", m.tp_overlap_buffers},
        {"cp_ring_buffers_bytes", m.cp_ring_buffers},
        {"cublas_workspaces_bytes", m.workspaces},
        {"framework_bytes", m.framework},
        {"fragmentation_bytes", m.fragmentation},
        {"other_bytes", m.other()},
        {"total_bytes", m.total()},
        {"capacity_bytes", me.capacity},
        {"headroom_bytes", me.headroom()},
        {"fits", me.fits},
        {"planner_headroom_bytes", me.kept_free},
        {"fits_with_headroom", me.fits_with_headroom},
        {"peak_stage", me.peak_stage},
        {"peak_stage_layers", me.peak_stage_layers},
        {"inflight_microbatches", me.inflight},
        {"params_on_gpu", me.params_on_gpu}}},
      {"time",
       {{"step_s", e.step.step_s},
        {"modelled_step_s", e.step.modelled_step_s},
        {"compute_s", e.step.compute_s},
        {"bubble_s", e.step.bubble_s},
        {"optimizer_s", e.step.optimizer_s},
        {"microbatch_s", e.step.microbatch_s},
        {"slowest_stage", e.step.slowest_stage},
        {"exposed_comm",
         {{"tp_s", e.step.exposed.tp_s},
          {"pp_s", e.step.exposed.pp_s},
          {"dp_s", e.step.exposed.dp_s},
          {"ep_s", e.step.exposed.ep_s},
          {"cp_s", e.step.exposed.cp_s}}},
        {"dp_total_s", e.step.dp_total_s},
        {"ep_total_s", e.step.ep_total_s},
        {"dp_collectives", e.step.dp_collectives}}},
      {"throughput",
       {{"tokens_per_s", e.throughput.tokens_per_s},
        {"model_tflops_per_gpu", e.throughput.model_tflops_per_gpu},
        {"hardware_tflops_per_gpu", e.throughput.hardware_tflops_per_gpu},
        {"mfu", e.throughput.mfu},
        {"hfu", e.throughput.hfu},
        {"model_flops_per_step", e.throughput.model_flops_per_step},
        {"band",
         {{"low_tokens_per_s", e.throughput.band_low},
          {"high_tokens_per_s", e.throughput.band_high},
          {"low_speed_error", e.throughput.band_low_error},
          {"high_speed_error", e.throughput.band_high_error},
          {"low_mfu", e.throughput.mfu_band_low},
          {"high_mfu", e.throughput.mfu_band_high},
          {"bucket", e.throughput.band_bucket.empty()
                         ? std::string()
                         : std::string(e.throughput.band_dimension) + ": " + std::string(e.throughput.band_bucket)},
          {"bucket_runs", e.throughput.band_runs},
          {"outside_evidence", evidence_codes(e.throughput.outside_evidence)},
          {"stack_assumed", e.throughput.stack_assumed}}},
        {"calibrated_range", e.calibrated_range}}},
      {"training", {{"tokens", s.training.tokens}, {"time_s", e.throughput.train_time_s}}},
      {"communication", communication_json(e.step)},
      {"network", network_json(e.network)},
      {"warnings", warnings},
  };
  add_power_cost_json(s, e, out, versus);  // power, energy, cost, reliability, bom
  return out;
}

namespace {

// The figures that are fractions of a whole (docs/cli.md). MFU and HFU are fractions of the
// peak too, but a site calibration to an impossibly short measured step makes them exceed 1:
// that is shown, with warning above_peak naming them; below 0 they are impossible.
constexpr const char* kFractions[] = {"reliability.goodput", "reliability.seed_interval.goodput_low",
                                      "reliability.seed_interval.goodput_high", "cost.network_share"};
constexpr const char* kNonNegative[] = {"throughput.mfu", "throughput.hfu"};

void check_numbers(const json& j, const std::string& path, std::vector<Problem>& out) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) check_numbers(it.value(), join_path(path, it.key()), out);
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) check_numbers(j[i], path + "[" + std::to_string(i) + "]", out);
  } else if (j.is_number_float()) {
    const double v = j.get<double>();
    if (!std::isfinite(v)) {
      out.push_back({path, std::string("is ") + (std::isnan(v) ? "nan" : v > 0 ? "inf" : "-inf") +
                               ", not a finite number: the inputs lead to an impossible result"});
      return;
    }
    for (const char* f : kNonNegative)
      if (path == f && !(v >= 0)) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%g", v);
        out.push_back({path, std::string("is ") + buf + ", not a fraction of the peak, 0 or more: the inputs lead to "
                                                        "an impossible result"});
      }
    for (const char* f : kFractions)
      if (path == f && !(v >= 0 && v <= 1)) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%g", v);
        out.push_back({path, std::string("is ") + buf + ", not a fraction from 0 to 1: the inputs lead to an "
                                                        "impossible result"});
      }
  }
}

}  // namespace

std::vector<Problem> check_estimate_json(const json& estimate) {
  std::vector<Problem> out;
  check_numbers(estimate, "", out);
  return out;
}

namespace {

void flatten_into(const json& j, const std::string& prefix, std::vector<std::pair<std::string, std::string>>& out) {
  for (auto it = j.begin(); it != j.end(); ++it) {
    const std::string key = prefix.empty() ? it.key() : prefix + "." + it.key();
    const json& v = it.value();
    if (v.is_object()) {
      flatten_into(v, key, out);
    } else if (v.is_array()) {
      std::string joined;
      for (const json& item : v) {
        if (!joined.empty()) joined += ';';
        joined += item.is_object() && item.contains("code") ? item["code"].get<std::string>() : item.dump();
      }
      out.emplace_back(key, joined);
    } else if (v.is_string()) {
      out.emplace_back(key, v.get<std::string>());
    } else {
      out.emplace_back(key, v.dump());
    }
  }
}

}  // namespace

std::vector<std::pair<std::string, std::string>> flatten_json(const json& j) {
  std::vector<std::pair<std::string, std::string>> out;
  flatten_into(j, "", out);
  return out;
}

}  // namespace cp
