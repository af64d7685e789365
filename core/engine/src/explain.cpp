#include "engine/explain.h"

#include <cmath>
#include <limits>

#include "engine/compute.h"
#include "engine/power.h"

namespace cp {
namespace {

constexpr const char* kMemorySource =
    "ZeRO model states (Rajbhandari et al. 2020, section 5); activations per layer (Korthikanti et al. 2022), "
    "for the micro-batches in flight on the peak pipeline stage; framework allowances as stated in the scenario";
constexpr const char* kStepSource =
    "Compute per stage from the GEMM roofline; collectives with the alpha-beta model and NCCL bus bandwidth "
    "(nccl-tests PERFORMANCE.md); pipeline bubble (p - 1) / v micro-batch slots (Narayanan et al. 2021, "
    "section 2.2); see docs/model.md";
constexpr const char* kPowerSource =
    "GPU TDP from the datasheet x average draw factor (Epoch AI: 75% of peak); node overhead calibrated to "
    "the DGX system maximum; switches and optics by line rate [est]; see docs/power-cost.md";

}  // namespace

std::string_view figure_id(Figure f) {
  switch (f) {
    case Figure::MemoryPerGpu: return "memory_per_gpu";
    case Figure::Headroom: return "headroom";
    case Figure::StepTime: return "step_time";
    case Figure::TokensPerS: return "tokens_per_s";
    case Figure::Mfu: return "mfu";
    case Figure::TrainTime: return "train_time";
    case Figure::ItPower: return "it_power";
    case Figure::FacilityPower: return "facility_power";
    case Figure::CostPerMonth: return "cost_per_month";
    case Figure::CostPerRun: return "cost_per_run";
  }
  return "";
}

double Explanation::input(std::string_view key) const {
  for (const ExplainInput& i : inputs)
    if (i.key == key) return i.value;
  return std::numeric_limits<double>::quiet_NaN();
}

Explanation explain(Figure f, const Scenario& s, const Estimate& e) {
  Explanation x;
  x.figure = f;
  auto in = [&x](const char* key, const char* name, double value, std::string unit) {
    x.inputs.push_back({key, name, value, std::move(unit)});
  };
  const std::string currency(to_string(s.assumptions.currency));
  const MemoryBreakdown& m = e.memory.peak;
  const PowerEstimate& p = e.power;
  switch (f) {
    case Figure::MemoryPerGpu:
      x.title = "Memory per GPU";
      x.formula = "memory = weights + gradients + optimizer states + activations + loss/logits + ZeRO-3 working "
                  "set + communication buffers + fp8 weight copies + TP-overlap buffers + CP ring buffers + cuBLAS "
                  "workspaces + framework + fragmentation";
      in("weights", "weights", m.weights, "bytes");
      in("gradients", "gradients", m.gradients, "bytes");
      in("optimizer", "optimizer states", m.optimizer, "bytes");
      in("activations", "activations", m.activations, "bytes");
      in("loss_logits", "loss and logits", m.loss_logits, "bytes");
      in("zero3_working", "ZeRO-3 gathered layers and gradient bucket", m.zero3_working, "bytes");
      in("comm_buffers", "NCCL buffers per communicator", m.comm_buffers, "bytes");
      in("fp8_weight_copies", "fp8 weight copies and transposes", m.fp8_weight_copies, "bytes");
      in("tp_overlap_buffers", "TP-overlap userbuffers", m.tp_overlap_buffers, "bytes");
      in("cp_ring_buffers", "CP ring buffers", m.cp_ring_buffers, "bytes");
      in("workspaces", "cuBLAS workspaces", m.workspaces, "bytes");
      in("framework", "framework and CUDA context", m.framework, "bytes");
      in("fragmentation", "allocator fragmentation", m.fragmentation, "bytes");
      x.value = m.total();
      x.unit = "bytes";
      x.source = kMemorySource;
      break;
    case Figure::Headroom:
      x.title = "Memory headroom";
      x.formula = "headroom = GPU capacity - memory per GPU (negative: does not fit)";
      in("capacity", "GPU capacity", e.memory.capacity, "bytes");
      in("memory", "memory per GPU", m.total(), "bytes");
      x.value = e.memory.headroom();
      x.unit = "bytes";
      x.source = "GPU capacity from the catalog (" + s.cluster.gpu.source + "); memory per GPU as explained";
      break;
    case Figure::StepTime:
      x.title = "Step time";
      x.formula = "step = (compute + exposed TP + PP + DP + EP + CP + bubble + optimizer) x site calibration";
      in("compute_s", "compute", e.step.compute_s, "s");
      in("tp_s", "exposed TP communication", e.step.exposed.tp_s, "s");
      in("pp_s", "exposed PP communication", e.step.exposed.pp_s, "s");
      in("dp_s", "exposed DP communication", e.step.exposed.dp_s, "s");
      in("ep_s", "exposed EP communication", e.step.exposed.ep_s, "s");
      in("cp_s", "exposed CP communication", e.step.exposed.cp_s, "s");
      in("bubble_s", "pipeline bubble", e.step.bubble_s, "s");
      in("optimizer_s", "optimizer step", e.step.optimizer_s, "s");
      in("calibration", "site calibration factor", s.calibration.step_time_factor, "");
      x.value = e.step.step_s;
      x.unit = "s";
      x.source = kStepSource;
      break;
    case Figure::TokensPerS:
      x.title = "Throughput";
      x.formula = "tokens/s = global batch x sequence length / step time";
      in("global_batch", "global batch", s.training.global_batch, "sequences");
      in("seq", "sequence length", s.training.seq, "tokens");
      in("step_s", "step time", e.step.step_s, "s");
      x.value = e.throughput.tokens_per_s;
      x.unit = "tokens/s";
      x.source = "Definition; step time as explained";
      break;
    case Figure::Mfu:
      x.title = "MFU";
      x.formula = "MFU = model FLOPs per step / (step time x GPUs x peak FLOP/s per GPU)";
      in("model_flops",
         "model FLOPs per step (no recomputation; attention over the full s x s matrix, as the published runs "
         "count it)",
         e.throughput.model_flops_per_step, "FLOP");
      in("step_s", "step time", e.step.step_s, "s");
      in("gpus", "GPUs", s.cluster.total_gpus(), "");
      in("peak", "peak dense FLOP/s per GPU", peak_flops(s.cluster.gpu, s.training.precision), "FLOP/s");
      x.value = e.throughput.mfu;
      x.unit = "";
      x.source = "Chowdhery et al. 2022 (PaLM), appendix B; model FLOPs per Narayanan et al. 2021; peak from " +
                 s.cluster.gpu.source;
      break;
    case Figure::TrainTime:
      x.title = "Time to train";
      x.formula = "time = token budget / tokens/s / goodput (0 without a token budget)";
      in("tokens", "token budget", s.training.tokens, "tokens");
      in("tokens_per_s", "throughput", e.throughput.tokens_per_s, "tokens/s");
      in("goodput", "goodput after failures and checkpoints", e.reliability.goodput, "");
      x.value = e.reliability.real_train_time_s;
      x.unit = "s";
      x.source = "Goodput: Young 1974 and Daly 2006 checkpoint model; failure rate " +
                 std::to_string(s.assumptions.failure_rate_per_gpu_hour) + " per GPU-hour (Llama 3, Dubey et al. 2024)";
      break;
    case Figure::ItPower:
      x.title = "IT power";
      x.formula = "IT = nodes x (GPUs per node x TDP x draw factor + node overhead) + switches + optics + storage";
      in("nodes", "nodes", s.cluster.nodes, "");
      in("gpus_per_node", "GPUs per node", s.cluster.gpus_per_node, "");
      in("tdp_w", "GPU TDP", s.cluster.gpu.tdp_w, "W");
      in("power_factor", "average GPU draw / TDP", s.assumptions.gpu_power_factor, "");
      in("node_overhead_w", "node overhead (CPUs, memory, NICs, fans)", p.node_overhead_w, "W");
      in("switches_w", "switches", p.switches_w, "W");
      in("optics_w", "transceivers", p.optics_w, "W");
      in("storage_w", "shared storage", p.storage_w, "W");
      x.value = p.it_w;
      x.unit = "W";
      x.source = kPowerSource;
      break;
    case Figure::FacilityPower:
      x.title = "Facility power";
      x.formula = "facility = IT power x PUE";
      in("it_w", "IT power", p.it_w, "W");
      in("pue", "PUE", s.assumptions.pue, "");
      x.value = p.facility_w;
      x.unit = "W";
      x.source = "PUE: Uptime Institute 2023 (industry average 1.58; modern sites 1.3 or less)";
      break;
    case Figure::CostPerMonth: {
      x.title = "Cost per month";
      x.formula = "per month = (hardware + network and storage + capital + support + facility + bandwidth + storage "
                  "+ services + electricity) x (1 + VAT)";
      const auto& c = e.cost.per_month_by_category;
      in("hardware", "hardware (rent, cloud or the servers' depreciation)", c[size_t(CostCategory::Hardware)], currency);
      in("network_storage", "network and storage depreciation (purchase only)",
         c[size_t(CostCategory::NetworkStorage)], currency);
      in("capital", "cost of capital (purchase only)", c[size_t(CostCategory::Capital)], currency);
      in("support", "support and maintenance (purchase only)", c[size_t(CostCategory::Support)], currency);
      in("facility", "facility: colocation or a built data centre (purchase only)", c[size_t(CostCategory::Facility)],
         currency);
      in("bandwidth", "bandwidth", c[size_t(CostCategory::Bandwidth)], currency);
      in("storage", "storage", c[size_t(CostCategory::Storage)], currency);
      in("services", "services", c[size_t(CostCategory::Services)], currency);
      in("electricity", "electricity (purchase only)", c[size_t(CostCategory::Electricity)], currency);
      in("vat", "VAT rate", s.assumptions.vat, "");
      x.value = e.cost.per_month;
      x.unit = currency;
      x.source = "Price list '" + s.assumptions.list_for(s.assumptions.payment).name + "' of " +
                 s.assumptions.list_for(s.assumptions.payment).date + " (" +
                 s.assumptions.list_for(s.assumptions.payment).source + "); month = 730 h" +
                 (s.assumptions.payment == Payment::Purchase
                      ? "; the owner's lines (facility, support, capital, residual value) from the assumptions, "
                        "sources in docs/power-cost.md"
                      : "");
      break;
    }
    case Figure::CostPerRun:
      x.title = "Cost per run";
      x.formula = "per run = months billed x cost per month; months = real time to train / 730 h (whole months "
                  "when the list bills by the month)";
      in("months", "months billed", e.cost.billed_months, "months");
      in("per_month", "cost per month", e.cost.per_month, currency);
      in("run_s", "real time to train", e.cost.run_s, "s");
      x.value = e.cost.run_total;
      x.unit = currency;
      x.source = "Price list '" + s.assumptions.list_for(s.assumptions.payment).name + "'; time to train as explained";
      break;
  }
  return x;
}

std::array<double, kStepParts.size()> step_breakdown(const Estimate& e) {
  const StepBreakdown& st = e.step;
  const double k = st.modelled_step_s > 0 ? st.step_s / st.modelled_step_s : 1.0;
  return {k * st.compute_s,    k * st.bubble_s,    k * st.exposed.tp_s, k * st.exposed.pp_s,
          k * st.exposed.dp_s, k * st.exposed.ep_s, k * st.exposed.cp_s, k * st.optimizer_s};
}

std::array<double, kPowerParts.size()> power_breakdown(const Scenario& s, const Estimate& e) {
  const PowerEstimate& p = e.power;
  return {p.gpu_w, s.cluster.nodes * p.node_overhead_w, p.switches_w, p.optics_w, p.storage_w,
          p.facility_w - p.it_w};
}

std::array<double, kCostParts.size()> cost_breakdown(const Estimate& e) {
  const auto& c = e.cost.per_month_by_category;
  return {c[size_t(CostCategory::Hardware)],    c[size_t(CostCategory::NetworkStorage)],
          c[size_t(CostCategory::Capital)],     c[size_t(CostCategory::Support)],
          c[size_t(CostCategory::Facility)],    c[size_t(CostCategory::Bandwidth)],
          c[size_t(CostCategory::Storage)],     c[size_t(CostCategory::Services)],
          c[size_t(CostCategory::Electricity)], e.cost.vat_per_month,
          e.cost.headroom_per_month};
}

double scaling_efficiency(double tokens_per_s, int gpus, double base_tokens_per_s, int base_gpus) {
  if (gpus <= 0 || base_gpus <= 0 || !(base_tokens_per_s > 0)) return std::numeric_limits<double>::quiet_NaN();
  return (tokens_per_s / gpus) / (base_tokens_per_s / base_gpus);
}

double speedup(double base, double other) {
  if (!(other > 0)) return std::numeric_limits<double>::quiet_NaN();
  return base / other - 1.0;
}

}  // namespace cp
