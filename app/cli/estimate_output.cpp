#include "cli/estimate_output.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <ostream>

#include "cli/power_cost_text.h"
#include "cli/text_format.h"
#include "engine/collectives.h"
#include "engine/fabric.h"
#include "engine/fields.h"
#include "engine/model.h"
#include "io/scenario_json.h"
#include "engine/units.h"

namespace cp::cli {
namespace {

// The training inputs that the lines above do not name, where they differ from the default
// scenario, as their options write them ("--selective-op on, --deployment vendor"): an
// input added to the field table shows here without a line of its own.
std::string other_training_inputs(const Scenario& s) {
  static constexpr std::array kNamed = {
      "training.seq",         "training.micro_batch",    "training.global_batch", "training.precision",
      "training.optimizer",   "training.grad_dtype",     "training.recompute",    "training.zero",
      "training.dropout",     "training.flash_attention", "training.tokens",      "training.tp_comm_overlap",
      "training.dp_overlap",  "training.ep_comm_overlap", "training.stack",       "training.fp8_attention",
      "training.fused_cross_entropy"};
  const Scenario defaults = default_scenario();
  std::string out;
  for (const FieldInfo& f : kFields) {
    if (!f.has_value() || f.flag.empty() || !f.key.starts_with("training.") || f.get(s) == f.get(defaults)) continue;
    if (std::find(kNamed.begin(), kNamed.end(), f.key) != kNamed.end()) continue;
    if (!out.empty()) out += ", ";
    out.append("--").append(f.flag).append(" ");
    if (f.kind == FieldKind::Choice) out += f.word(s);
    else if (f.kind == FieldKind::Flag) out += f.get(s) != 0 ? "on" : "off";
    else out += bound_text(f.get(s));
  }
  return out;
}

std::string format(const char* fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

std::string gib(double bytes) { return format("%.2f GiB", bytes / units::GiB); }

// Parameter counts in billions with three decimals (65.286 B), millions below a billion.
std::string params_text(double n) {
  return n >= 1e9 ? format("%.3f B", n / 1e9) : format("%.1f M", n / 1e6);
}

std::string on_off(bool v) { return v ? "on" : "off"; }

// "1 GPU", "32 GPUs"; `n` may be fractional (interleaved in-flight counts).
// Whole counts in full ("8388608 GPUs", not "8.38861e+06"), fractions as they are ("4.5").
std::string count(double n, const char* one, const char* many) { return format("%.12g ", n) + (n == 1 ? one : many); }

std::string model_label(const Scenario& s) {
  if (const ModelPreset* p = find_model_preset(s.model_id)) return std::string(p->name) + " (" + s.model_id + ")";
  if (s.model_derived) return "standard shape derived from a size (" + s.model_id + ")";
  return "custom shape";
}

std::string shape_text(const ModelShape& m) {
  std::string t = std::to_string(m.layers) + " layers, hidden " + std::to_string(m.hidden) + ", " +
                  std::to_string(m.heads) + " heads";
  if (m.attention == AttentionType::Mla) t += " (MLA)";
  else t += " / " + std::to_string(m.kv_heads) + " KV heads";
  t += ", FFN " + std::to_string(m.ffn) + " " + std::string(to_string(m.ffn_type)) + ", vocab " +
       std::to_string(m.vocab);
  if (m.is_moe()) {
    t += "\n             " + std::to_string(m.experts) + " experts, top " + std::to_string(m.experts_per_token);
    if (m.shared_experts > 0) t += " + " + std::to_string(m.shared_experts) + " shared";
    t += ", expert FFN " + std::to_string(m.expert_ffn());
    if (m.dense_layers > 0) t += ", first " + std::to_string(m.dense_layers) + " layers dense";
  }
  return t;
}

void time_line(std::ostream& out, std::string_view label, double seconds) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "  %-28s %12s\n", std::string(label).c_str(), duration_text(seconds).c_str());
  out << buf;
}

// "  label<padded to 28> value": the value whole, however long (a fixed buffer cut the band's
// explanation short and lost its line break).
void value_line(std::ostream& out, std::string_view label, const std::string& value) {
  std::string padded(label);
  if (padded.size() < 28) padded.resize(28, ' ');
  out << "  " << padded << ' ' << value << '\n';
}

std::string link_text(const GroupLink& g) {
  std::string t = format("%.1f GB/s", g.link.busbw / 1e9) + " bus bandwidth, " + std::string(to_string(g.algo));
  if (g.fabric_factor < 1) t += format(", fabric delivers %.0f%%", g.fabric_factor * 100);
  return t;
}

std::string group_text(const GroupLink& g) {
  if (g.ranks <= 1) return "none";
  return std::to_string(g.ranks) + " ranks on " + count(g.nodes, "node", "nodes") + ", " + link_text(g);
}

// PP's link is the send between two neighbouring stages (StepBreakdown::pp), not a collective
// over the PP ranks.
std::string pp_text(int pp, const GroupLink& g) {
  if (pp <= 1 || g.ranks <= 1) return "none";
  return std::to_string(pp) + " stages, neighbours " + (g.nodes > 1 ? "on two nodes" : "in one node") + ", " +
         link_text(g);
}

std::string tiers_text(const std::array<int, 3>& v, int tiers, const char* const names[3]) {
  std::string t;
  for (int i = 0; i < tiers && i < 3; ++i) {
    if (!t.empty()) t += ", ";
    t += std::string(names[i]) + " " + std::to_string(v[std::size_t(i)]);
  }
  return t;
}

void write_throughput_text(const Scenario& s, const Estimate& e, std::ostream& out) {
  const StepBreakdown& st = e.step;
  const Throughput& th = e.throughput;
  // Stages counted from 1, as the charts, the workbench and the report count them (the JSON
  // keeps its index from 0).
  out << "\nStep time (one optimizer step, slowest pipeline stage " << st.slowest_stage + 1 << " of "
      << s.parallel.pp << ")\n";
  time_line(out, "compute", st.compute_s);
  time_line(out, "pipeline bubble", st.bubble_s);
  time_line(out, "exposed TP communication", st.exposed.tp_s);
  time_line(out, "exposed PP communication", st.exposed.pp_s);
  time_line(out, "exposed DP communication", st.exposed.dp_s);
  time_line(out, "exposed EP communication", st.exposed.ep_s);
  time_line(out, "exposed CP communication", st.exposed.cp_s);
  time_line(out, "optimizer", st.optimizer_s);
  out << "  " << std::string(41, '-') << '\n';
  time_line(out, "step", st.step_s);
  if (s.calibration.step_time_factor != 1.0)
    value_line(out, "site calibration", format("x %.4g", s.calibration.step_time_factor) + " of the modelled " +
                                            duration_text(st.modelled_step_s));

  out << "\nThroughput\n";
  value_line(out, "tokens/s", grouped_text(th.tokens_per_s) + " (band " + grouped_text(th.band_low) + " to " +
                                  grouped_text(th.band_high) + ")");
  value_line(out, "model TFLOP/s per GPU",
             format("%.1f", th.model_tflops_per_gpu) + format(", MFU %.1f%%", th.mfu * 100) +
                 format(" (band %.1f", th.mfu_band_low * 100) + format(" to %.1f%%)", th.mfu_band_high * 100));
  value_line(out, "band from", format("cross-validated errors %+.0f%%", th.band_low_error * 100) +
                                   format(" to %+.0f%%", th.band_high_error * 100) +
                                   (th.band_bucket.empty() ? std::string(" (no corpus bucket)")
                                                           : " (bucket " + std::string(th.band_dimension) + ": " +
                                                                 std::string(th.band_bucket) + ", " +
                                                                 std::to_string(th.band_runs) + " runs)") +
                                   (th.stack_assumed ? std::string("; stack assumed (give --stack to narrow it)")
                                                     : std::string()));
  value_line(out, "hardware TFLOP/s per GPU",
             format("%.1f", th.hardware_tflops_per_gpu) + format(", HFU %.1f%%", th.hfu * 100));
  if (s.training.tokens > 0 && th.train_time_s > 0)
    value_line(out, "time to train, no failures", format("%.1f days", th.train_time_s / units::Day) + " for " +
                                                      format("%.4g", s.training.tokens) + " tokens");
  value_line(out, "calibrated range", e.calibrated_range ? "yes (published runs behind this GPU, fabric, model)"
                                                         : "no (see the warnings)");

  out << "\nCommunication\n";
  value_line(out, "TP", group_text(st.tp));
  value_line(out, "PP", pp_text(s.parallel.pp, st.pp));
  value_line(out, "DP", group_text(st.dp));
  value_line(out, "EP", group_text(st.ep));
  value_line(out, "CP", group_text(st.cp));

  const NetworkSize& n = e.network;
  static const char* const kSwitchTiers[3] = {"leaf", "spine", "core"};
  static const char* const kLinkTiers[3] = {"NIC-leaf", "leaf-spine", "spine-core"};
  out << "\nNetwork\n";
  std::string built(to_string(n.topology));
  if (n.topology != s.cluster.topology) built += " (as built; " + std::string(to_string(s.cluster.topology)) + " given)";
  value_line(out, "topology", built + ", " + count(n.tiers, "tier", "tiers") + ", " +
                                  count(n.endpoints, "NIC port", "NIC ports"));
  value_line(out, "switches", std::to_string(n.total_switches()) + " (" + tiers_text(n.switches, n.tiers, kSwitchTiers) + ")");
  value_line(out, "links", std::to_string(n.total_links()) + " (" + tiers_text(n.links, n.tiers, kLinkTiers) + ")");
  value_line(out, "transceivers",
             std::to_string(n.total_transceivers()) + " (" + tiers_text(n.transceivers, n.tiers, kLinkTiers) + ")");
}

void line(std::ostream& out, std::string_view label, double bytes) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "  %-24s %10.2f GiB\n", std::string(label).c_str(), bytes / units::GiB);
  out << buf;
}

}  // namespace

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string q = "\"";
  for (char c : text) {
    if (c == '"') q += '"';
    q += c;
  }
  q += '"';
  return q;
}

void write_estimate_json(const Scenario& s, const Estimate& e, const FabricComparison* versus, std::ostream& out) {
  out << estimate_to_json(s, e, versus).dump(2) << '\n';
}

void write_estimate_csv(const Scenario& s, const Estimate& e, const FabricComparison* versus, std::ostream& out) {
  const auto fields = flatten_json(estimate_to_json(s, e, versus));
  std::string header, row;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) {
      header += ',';
      row += ',';
    }
    header += csv_field(fields[i].first);
    row += csv_field(fields[i].second);
  }
  out << header << '\n' << row << '\n';
}

void write_estimate_text(const Scenario& s, const Estimate& e, const FabricComparison* versus, std::ostream& out) {
  const Training& t = s.training;
  const Parallelism& p = s.parallel;
  const Cluster& c = s.cluster;
  const MemoryEstimate& me = e.memory;
  const MemoryBreakdown& m = me.peak;

  out << "Scenario     " << s.name << '\n';
  out << "Model        " << model_label(s) << '\n';
  out << "             " << shape_text(s.model) << '\n';
  out << "Parameters   " << params_text(e.params.total) << " total, " << params_text(e.params.active) << " active\n";
  out << "Training     seq " << t.seq << ", micro-batch " << t.micro_batch << ", global batch " << t.global_batch
      << " (" << count(e.microbatches, "micro-batch", "micro-batches") << " per step)\n";
  out << "             " << to_string(t.precision) << " + " << to_string(t.optimizer) << ", gradients "
      << to_string(t.grad_dtype) << ", recompute " << to_string(t.recompute) << ", ZeRO " << to_string(t.zero)
      << ", flash attention " << on_off(t.flash_attention) << ", dropout " << on_off(t.dropout) << '\n';
  if (t.tokens > 0) out << "             " << format("%.4g", t.tokens) << " training tokens\n";
  out << "Layout       TP " << p.tp << " x PP " << p.pp << " x CP " << p.cp << " x DP " << e.dp
      << (p.dp == 0 ? " (derived)" : "") << " = " << count(c.total_gpus(), "GPU", "GPUs") << " (VPP " << p.vpp << ", EP " << p.ep
      << ", SP " << on_off(p.sp) << ")\n";
  out << "Cluster      " << count(c.nodes, "node", "nodes") << " x " << c.gpus_per_node << " "
      << c.gpu.name << " (" << gib(c.gpu.memory_bytes) << " each)\n";
  out << "Fabric       " << c.fabric.name << " (" << c.fabric.id << "), " << c.nics_per_node << " NICs per node, "
      << to_string(c.topology) << format(", oversubscription %g:1", c.oversubscription) << '\n';
  out << "Overlap      TP communication " << on_off(t.tp_comm_overlap) << ", DP gradient reduction "
      << on_off(t.dp_overlap) << (t.ep_comm_overlap ? ", EP all-to-all on" : "") << '\n';
  out << "Stack        " << to_string(t.stack)
      << (t.precision == Precision::Fp8 ? std::string(", attention core in ") + (t.fp8_attention ? "fp8" : "bf16") : std::string())
      << (t.fused_cross_entropy ? ", fused cross-entropy" : "") << '\n';
  if (const std::string other = other_training_inputs(s); !other.empty()) out << "Also set     " << other << '\n';

  out << "\nMemory per GPU at the peak: pipeline stage " << me.peak_stage + 1 << " of " << s.parallel.pp << ", "
      << me.peak_stage_layers
      << " layers, " << count(me.inflight, "micro-batch", "micro-batches") << " in flight\n";
  line(out, "weights", m.weights);
  line(out, "gradients", m.gradients);
  line(out, "optimizer states", m.optimizer);
  line(out, "activations", m.activations);
  line(out, "loss and logits", m.loss_logits);
  line(out, "communication buffers", m.comm_buffers);
  if (m.fp8_weight_copies > 0) line(out, "fp8 weight copies", m.fp8_weight_copies);
  if (m.tp_overlap_buffers > 0) line(out, "TP-overlap buffers", m.tp_overlap_buffers);
  if (m.cp_ring_buffers > 0) line(out, "CP ring buffers", m.cp_ring_buffers);
  line(out, "cuBLAS workspaces", m.workspaces);
  line(out, "framework and CUDA", m.framework);
  line(out, "fragmentation", m.fragmentation);
  out << "  " << std::string(39, '-') << '\n';
  line(out, "total", m.total());
  line(out, "capacity", me.capacity);
  if (me.fits) out << "  fits                     yes, " << gib(me.headroom()) << " headroom\n";
  else out << "  fits                     no, " << gib(-me.headroom()) << " short\n";

  write_throughput_text(s, e, out);
  write_power_cost_text(s, e, versus, out);  // power, energy, cost, reliability

  out << "\nWarnings\n";
  if (e.warnings.count == 0) out << "  none\n";
  for (const Warning& w : e.warnings)
    out << "  " << warning_code_name(w.code) << " (" << w.field << "): " << warning_message(w) << '\n';
}

}  // namespace cp::cli
