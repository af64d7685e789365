// The calibration set: published, measured training runs (shared/reference/published-runs.md,
// sections A-C) as scenarios, with the figure each source reports.
#pragma once

#include <string>
#include <vector>

#include "engine/scenario.h"

namespace cp::validation {

enum class Metric { HardwareTflops, IterationSeconds, ModelTflops };

struct Run {
  std::string section;  // "A", "B", "C"
  std::string label;
  Scenario scenario;
  Metric metric;
  double published;     // TFLOP/s per GPU or seconds per iteration
};

inline ModelShape gpt(int layers, int hidden, int heads, int vocab, bool tied) {
  ModelShape m = find_model_preset("megatron-22b")->shape;  // Megatron GPT layout
  m.layers = layers;
  m.hidden = hidden;
  m.heads = heads;
  m.kv_heads = heads;
  m.ffn = 4 * hidden;
  m.vocab = vocab;
  m.tied_embeddings = tied;
  return m;
}

// Selene (A and B): DGX A100 80GB, 8 GPUs per node on NVSwitch, 8x HDR 200 Gb/s IB per node.
// Megatron-LM of 2021-22: no distributed optimizer, no overlap of DP or TP communication,
// fp16/bf16 mixed precision, dropout on, no flash attention. NVIDIA's own runs on its own
// cluster: the vendor deployment.
inline Scenario selene(const ModelShape& m, int tp, int pp, int vpp, int gpus, int micro, int global) {
  Scenario s = default_scenario();
  s.name = "Selene";
  s.model = m;
  s.model_id = "custom";
  s.training.seq = 2048;
  s.training.micro_batch = micro;
  s.training.global_batch = global;
  s.training.precision = Precision::Fp16;
  s.training.recompute = Recompute::Full;
  s.training.zero = Zero::Stage0;
  s.training.dropout = true;
  s.training.flash_attention = false;
  s.training.dp_overlap = false;
  s.training.tp_comm_overlap = false;
  s.training.deployment = Deployment::Vendor;
  s.parallel = Parallelism{tp, pp, vpp, 0, 1, 1, false};
  s.cluster.gpu = *find_gpu("a100-80gb-sxm");
  s.cluster.gpus_per_node = 8;
  s.cluster.nodes = gpus / 8;
  s.cluster.fabric = *find_fabric("ib-hdr");
  s.cluster.nics_per_node = 8;
  s.cluster.topology = Topology::FatTree3;
  return s;
}

// Megatron-Core r0.8.0 on H100 (section C): Transformer Engine flash attention, sequence
// parallelism, distributed optimizer with bf16 gradient buffers (without
// --accumulate-allreduce-grads-in-fp32), TP and DP overlap on, bf16, NDR InfiniBand; NVIDIA's
// own recipes on its own cluster (the vendor deployment).
inline Scenario eos(const ModelShape& m, int tp, int pp, int gpus, int global) {
  Scenario s = default_scenario();
  s.name = "Eos";
  s.model = m;
  s.model_id = "custom";
  s.training.seq = 4096;
  s.training.micro_batch = 1;
  s.training.global_batch = global;
  s.training.precision = Precision::Bf16;
  s.training.recompute = Recompute::Selective;
  s.training.zero = Zero::DistributedOptimizer;
  s.training.grad_dtype = GradDtype::Bf16;  // Megatron-Core default: bf16 gradient buffers
  s.training.dropout = false;
  s.training.flash_attention = true;
  s.training.dp_overlap = true;
  s.training.tp_comm_overlap = true;
  s.training.deployment = Deployment::Vendor;
  s.parallel = Parallelism{tp, pp, 1, 0, 1, 1, tp > 1};
  s.cluster.gpu = *find_gpu("h100-sxm");
  s.cluster.gpus_per_node = 8;
  s.cluster.nodes = gpus / 8;
  s.cluster.fabric = *find_fabric("ib-ndr");
  s.cluster.nics_per_node = 8;
  s.cluster.topology = Topology::RailOptimized;
  return s;
}

inline std::vector<Run> published_runs() {
  std::vector<Run> runs;
  const int V = 51200;
  // A. Narayanan et al. 2021, Table 1: hardware TFLOP/s per GPU (full recomputation counted).
  struct A { const char* label; int l, h, a, tp, pp, gpus, micro, global, v; double tflops; };
  const A a_rows[] = {
      {"1.7B", 24, 2304, 24, 1, 1, 32, 16, 512, 1, 137},     {"3.6B", 30, 3072, 32, 2, 1, 64, 16, 512, 1, 138},
      {"7.5B", 36, 4096, 32, 4, 1, 128, 16, 512, 1, 142},    {"18.4B", 40, 6144, 48, 8, 1, 256, 8, 1024, 1, 135},
      {"39.1B", 48, 8192, 64, 8, 2, 512, 4, 1536, 1, 138},   {"76.1B", 60, 10240, 80, 8, 4, 1024, 2, 1792, 3, 140},
      {"145.6B", 80, 12288, 96, 8, 8, 1536, 2, 2304, 2, 148}, {"310.1B", 96, 16384, 128, 8, 16, 1920, 1, 2160, 2, 155},
      {"529.6B", 105, 20480, 128, 8, 35, 2520, 1, 2520, 3, 163}, {"1008B", 128, 25600, 160, 8, 64, 3072, 1, 3072, 1, 163},
  };
  for (const A& r : a_rows) {
    Scenario s = selene(gpt(r.l, r.h, r.a, V, true), r.tp, r.pp, r.v, r.gpus, r.micro, r.global);
    s.training.tp_async_grad = false;  // Megatron-LM of early 2021 waits on the TP backward's all-reduce
    runs.push_back({"A", std::string("A ") + r.label, s, Metric::HardwareTflops, r.tflops});
  }
  // B. Korthikanti et al. 2022, Tables 3-5: seconds per iteration, DP = 1.
  struct B { const char* label; int l, h, a, tp, pp, gpus, global, micro, v; double full_s, sel_s; };
  const B b_rows[] = {
      {"22B", 48, 6144, 64, 8, 1, 8, 4, 4, 1, 1.42, 1.10},
      {"175B", 96, 12288, 96, 8, 8, 64, 64, 1, 3, 18.13, 13.75},
      {"530B", 105, 20480, 128, 8, 35, 280, 280, 1, 3, 49.05, 37.83},
      {"1T", 128, 25600, 160, 8, 64, 512, 512, 1, 1, 94.42, 71.49},
  };
  for (const B& r : b_rows) {
    Scenario full = selene(gpt(r.l, r.h, r.a, V, true), r.tp, r.pp, r.v, r.gpus, r.micro, r.global);
    full.training.precision = Precision::Bf16;
    runs.push_back({"B", std::string("B ") + r.label + " full", full, Metric::IterationSeconds, r.full_s});
    Scenario sel = full;
    sel.training.recompute = Recompute::Selective;
    sel.parallel.sp = true;
    runs.push_back({"B", std::string("B ") + r.label + " SP+selective", sel, Metric::IterationSeconds, r.sel_s});
  }
  // C. Megatron-Core r0.8.0 on H100: model TFLOP/s per GPU, DP = 48, V = 131,072, s = 4096.
  struct C { const char* label; int l, h, a, tp, pp, gpus, global; double tflops; };
  const C c_rows[] = {
      {"1.7B", 24, 2048, 16, 1, 1, 48, 192, 408.8},    {"7.1B", 30, 4096, 32, 2, 1, 96, 192, 465.9},
      {"16B", 32, 6144, 48, 4, 1, 192, 192, 489.1},    {"32B", 48, 7168, 56, 8, 1, 384, 192, 459.6},
      {"70B", 84, 8192, 64, 8, 2, 768, 384, 419.7},    {"119B", 92, 10240, 80, 8, 4, 1536, 768, 420.5},
      {"177B", 96, 12288, 96, 8, 6, 2304, 1152, 432.8}, {"314B", 96, 16384, 128, 8, 8, 3072, 1536, 474.4},
      {"462B", 112, 18432, 144, 8, 16, 6144, 3072, 459.9},
  };
  for (const C& r : c_rows)
    runs.push_back({"C", std::string("C ") + r.label, eos(gpt(r.l, r.h, r.a, 131072, false), r.tp, r.pp, r.gpus, r.global),
                    Metric::ModelTflops, r.tflops});
  return runs;
}

}  // namespace cp::validation
