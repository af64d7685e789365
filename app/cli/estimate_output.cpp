#include "app/cli/estimate_output.h"

#include <cstdio>
#include <ostream>

#include "core/model.h"
#include "core/scenario_json.h"
#include "core/units.h"

namespace cp::cli {
namespace {

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
std::string count(double n, const char* one, const char* many) { return format("%g ", n) + (n == 1 ? one : many); }

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

void write_estimate_json(const Scenario& s, const Estimate& e, std::ostream& out) {
  out << estimate_to_json(s, e).dump(2) << '\n';
}

void write_estimate_csv(const Scenario& s, const Estimate& e, std::ostream& out) {
  const auto fields = flatten_json(estimate_to_json(s, e));
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

void write_estimate_text(const Scenario& s, const Estimate& e, std::ostream& out) {
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

  out << "\nMemory per GPU at the peak: pipeline stage " << me.peak_stage << ", " << me.peak_stage_layers
      << " layers, " << count(me.inflight, "micro-batch", "micro-batches") << " in flight\n";
  line(out, "weights", m.weights);
  line(out, "gradients", m.gradients);
  line(out, "optimizer states", m.optimizer);
  line(out, "activations", m.activations);
  line(out, "loss and logits", m.loss_logits);
  line(out, "communication buffers", m.comm_buffers);
  line(out, "framework and CUDA", m.framework);
  line(out, "fragmentation", m.fragmentation);
  out << "  " << std::string(39, '-') << '\n';
  line(out, "total", m.total());
  line(out, "capacity", me.capacity);
  if (me.fits) out << "  fits                     yes, " << gib(me.headroom()) << " headroom\n";
  else out << "  fits                     no, " << gib(-me.headroom()) << " short\n";

  out << "\nWarnings\n";
  if (e.warnings.count == 0) out << "  none\n";
  for (const Warning& w : e.warnings)
    out << "  " << warning_code_name(w.code) << " (" << w.field << "): " << warning_message(w) << '\n';
}

}  // namespace cp::cli
