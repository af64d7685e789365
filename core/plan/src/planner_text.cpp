// The planner's names and sentences: objective spellings, reason ids, layouts and reasons as text.
#include <cstdint>
#include <cstdio>
#include <string>

#include "plan/planner.h"

#include "engine/error_band.h"
#include "engine/printf_text.h"
#include "engine/units.h"

namespace cp {
namespace {


// The layers a pipeline stage holds, as text: "8", or "7 or 8" when PP does not divide the
// layers. However the engine places the remainder (stage_layers in core/engine/include/engine/memory.h), every stage
// holds layers / PP or one more.
std::string stage_layers_text(int layers, int pp) {
  if (pp <= 1) return std::to_string(layers);
  const int light = layers / pp;
  if (layers % pp == 0) return std::to_string(light);
  return std::to_string(light) + " or " + std::to_string(light + 1);
}

}  // namespace

std::string_view to_string(Objective o) {
  switch (o) {
    case Objective::Throughput: return "throughput";
    case Objective::Time: return "time";
    case Objective::Cost: return "cost";
    case Objective::CostPerToken: return "cost-per-token";
  }
  return "throughput";
}

std::optional<Objective> parse_objective(std::string_view text) {
  for (Objective o : {Objective::Throughput, Objective::Time, Objective::Cost, Objective::CostPerToken})
    if (to_string(o) == text) return o;
  return std::nullopt;
}

std::string_view reason_id(PlanReason r) {
  switch (r) {
    case PlanReason::TpExceedsNode: return "tp_exceeds_node";
    case PlanReason::TpHeads: return "tp_heads";
    case PlanReason::TpKvHeads: return "tp_kv_heads";
    case PlanReason::TpFfn: return "tp_ffn";
    case PlanReason::TpExpertFfn: return "tp_expert_ffn";
    case PlanReason::PpLayers: return "pp_layers";
    case PlanReason::CpSeq: return "cp_seq";
    case PlanReason::LayoutGpus: return "layout_gpus";
    case PlanReason::EpDense: return "ep_dense";
    case PlanReason::EpExperts: return "ep_experts";
    case PlanReason::EpDpCp: return "ep_dp_cp";
    case PlanReason::VppNeedsPp: return "vpp_needs_pp";
    case PlanReason::VppLayers: return "vpp_layers";
    case PlanReason::VppUneven: return "vpp_uneven";
    case PlanReason::GlobalBatch: return "global_batch";
    case PlanReason::SpNoTp: return "sp_no_tp";
    case PlanReason::TpOverlapNeedsSp: return "tp_overlap_needs_sp";
    case PlanReason::Memory: return "memory";
    case PlanReason::NoProgress: return "no_progress";
    case PlanReason::Power: return "power";
    case PlanReason::Budget: return "budget";
    case PlanReason::Deadline: return "deadline";
    case PlanReason::PriceMissing: return "price_missing";
    case PlanReason::Count: break;
  }
  return "unknown";
}

std::string layout_text(const PlanLayout& l) {
  std::string s = "TP " + std::to_string(l.tp) + ", PP " + std::to_string(l.pp) + ", VPP " + std::to_string(l.vpp) +
                  ", CP " + std::to_string(l.cp) + ", EP " + std::to_string(l.ep) + ", DP " + std::to_string(l.dp) +
                  ", micro-batch " + std::to_string(l.micro_batch) + ", recompute " +
                  std::string(to_string(l.recompute)) + ", ZeRO " + std::string(to_string(l.zero)) + ", SP " +
                  (l.sp ? "on" : "off");
  if (l.tp_overlap) s += ", TP overlap on";
  return s;
}

std::string warnings_text(std::uint32_t warnings) {
  std::string s;
  for (unsigned i = 0; i < 32; ++i)
    if (warnings & (std::uint32_t(1) << i)) {
      if (!s.empty()) s += ", ";
      s += warning_code_name(WarningCode(i));
    }
  return s;
}

std::string reason_text(PlanReason r, const PlanLayout& l, const Scenario& base, const SearchSpace& space,
                        const std::vector<std::string>& fabrics) {
  const ModelShape& m = base.model;
  const int replica = l.tp * l.pp * l.cp;
  switch (r) {
    case PlanReason::TpExceedsNode:
      return printf_text("TP %.0f exceeds the %.0f GPUs of a node (TP across nodes is not allowed)", l.tp,
                 base.cluster.gpus_per_node);
    case PlanReason::TpHeads: return printf_text("TP %.0f does not divide the %.0f attention heads", l.tp, m.heads);
    case PlanReason::TpKvHeads: return printf_text("TP %.0f does not divide the %.0f key/value heads", l.tp, m.kv_heads);
    case PlanReason::TpFfn: return printf_text("TP %.0f does not divide the FFN size %.0f", l.tp, m.ffn);
    case PlanReason::TpExpertFfn: return printf_text("TP %.0f does not divide the expert FFN size %.0f", l.tp, m.expert_ffn());
    case PlanReason::PpLayers: return printf_text("PP %.0f exceeds the %.0f layers", l.pp, m.layers);
    case PlanReason::CpSeq:
      return printf_text("2 x CP = %.0f does not divide the sequence of %.0f tokens", 2.0 * l.cp, base.training.seq);
    case PlanReason::LayoutGpus:
      return printf_text("TP x PP x CP = %.0f does not divide the job's %.0f GPUs", replica, l.job_gpus);
    case PlanReason::EpDense: return "expert parallelism needs a mixture-of-experts model";
    case PlanReason::EpExperts: return printf_text("EP %.0f does not divide the %.0f experts", l.ep, m.experts);
    case PlanReason::EpDpCp:
      return printf_text("EP %.0f does not divide TP x DP x CP = %.0f", l.ep, double(l.tp) * l.dp * l.cp);
    case PlanReason::VppNeedsPp: return "interleaving (VPP > 1) needs more than one pipeline stage";
    case PlanReason::VppLayers:
      return printf_text("VPP %.0f x PP %.0f exceeds the %.0f layers", l.vpp, l.pp, m.layers);
    case PlanReason::VppUneven:
      return "VPP " + std::to_string(l.vpp) + " does not divide the " + stage_layers_text(m.layers, l.pp) +
             " layers per stage";
    case PlanReason::GlobalBatch:
      return printf_text("the global batch of %.0f is not a multiple of DP x micro-batch = %.0f", base.training.global_batch,
                 double(l.dp) * l.micro_batch);
    case PlanReason::SpNoTp: return "sequence parallelism has no effect with TP 1 (searched with SP off)";
    case PlanReason::TpOverlapNeedsSp:
      return "TP communication overlap needs sequence parallelism (Megatron-Core refuses it without)";
    default: break;
  }
  const Scenario s = apply_layout(base, l, fabrics);
  const Estimate e = estimate(s);
  constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
  switch (r) {
    case PlanReason::Memory:
      return printf_text("needs %.1f GiB per GPU, the GPU has %.1f GiB", e.memory.peak.total() / GiB, e.memory.capacity / GiB);
    case PlanReason::NoProgress: return "goodput is zero or less: failures outpace checkpoints";
    case PlanReason::Power:
      return printf_text("facility peak power %.0f kW exceeds the limit of %.0f kW", e.power.facility_peak_w / 1000,
                 space.max_power_kw);
    case PlanReason::Budget:
      return printf_text("budget %.0f per month exceeds the limit of %.0f", e.cost.budget_per_month, space.max_budget_per_month) +
             " " + std::string(to_string(e.cost.currency));
    case PlanReason::Deadline:
      return printf_text("time to train %.1f days exceeds the deadline of %.1f days", e.reliability.real_train_time_s / units::Day,
                 space.deadline_s / units::Day);
    case PlanReason::PriceMissing: return "the price list has no price for this cluster, so its cost is unknown";
    default: break;
  }
  return "";
}

std::string tie_text(const PlanResult& r) {
  if (r.top.empty() || r.tie.within < 2) return {};
  const PlanEntry& w = r.top.front();
  const PlanEntry& rec = r.top[std::size_t(r.tie.recommended)];
  std::string text = printf_text("The estimates cannot rank the first %.0f layouts: each lies within the winner's "
                                 "uncertainty band (%.0f to %.0f tokens/s).",
                                 r.tie.within, w.estimate.throughput.band_low, w.estimate.throughput.band_high);
  const std::string why = printf_text("%.0f fitted corpus runs behind its TP degree and sharding, %.1f GiB of memory headroom",
                                      r.tie.validation_runs, r.tie.headroom_bytes / units::GiB);
  if (r.tie.recommended == 0) return text + " The winner is also the one to prefer (" + why + ").";
  return text + printf_text(" Prefer #%.0f, ", r.tie.recommended + 1) + layout_text(rec.layout) + " (" + why +
         printf_text("; %.1f%% slower as estimated).", 100 * (1 - rec.metrics.tokens_per_s / w.metrics.tokens_per_s));
}

std::string_view to_string(Ranking r) { return r == Ranking::Robust ? "robust" : "optimistic"; }

std::string evidence_text(const PlanResult& r) {
  const PlanEntry& w = r.top.front();
  std::string codes;
  const std::uint32_t gaps = w.estimate.throughput.outside_evidence;
  for (int i = 0; i < kEvidenceGapCount; ++i)
    if (gaps & (1u << unsigned(i))) {
      if (!codes.empty()) codes += ", ";
      codes += evidence_gap_code(EvidenceGap(i));
    }
  std::string text = "The winner stands where few or no published runs do (" + codes +
                     "): its band is wider there, and the engine has no evidence for it.";
  if (r.nearest_validated < 0)
    return text + printf_text(" None of the top %.0f layouts stands inside the evidence.", double(r.top.size()));
  const PlanEntry& v = r.top[std::size_t(r.nearest_validated)];
  return text + printf_text(" The best layout inside the evidence is #%.0f, ", r.nearest_validated + 1) +
         layout_text(v.layout) + printf_text(": %.0f tokens/s (band %.0f to %.0f), %.1f%% below the winner as estimated.",
                                             v.metrics.tokens_per_s, v.estimate.throughput.band_low,
                                             v.estimate.throughput.band_high,
                                             100 * (1 - v.metrics.tokens_per_s / w.metrics.tokens_per_s));
}

std::string validated_layout_text(const PlanResult& r) {
  const PlanEntry& w = r.top.front();
  if (w.estimate.throughput.outside_evidence != 0) return evidence_text(r);
  return "The planner's winner on this cluster stands inside the evidence: " + layout_text(w.layout) +
         printf_text(": %.0f tokens/s (band %.0f to %.0f), MFU %.1f%%.", w.metrics.tokens_per_s,
                     w.estimate.throughput.band_low, w.estimate.throughput.band_high, 100 * w.estimate.throughput.mfu);
}

}  // namespace cp
