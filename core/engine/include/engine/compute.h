// Compute time on one GPU: FLOPs of each GEMM from the architecture, an efficiency model for
// GEMMs (roofline with tile and wave quantisation), flash or unfused attention, and the
// memory-bound operators at HBM bandwidth.
#pragma once

#include "engine/calibration.h"
#include "engine/gpu.h"
#include "engine/model.h"
#include "engine/scenario.h"

namespace cp {

// Peak dense FLOP/s for a precision on a GPU (fp8 falls back to bf16 where there is none).
double peak_flops(const GpuSpec& gpu, Precision p);

// Time of one GEMM (M x K) x (K x N) on `gpu` at `peak` FLOP/s, with 2-byte elements unless
// given: max(compute with quantisation, HBM traffic) + launch overhead.
double gemm_time(const GpuSpec& gpu, double peak, double m, double n, double k, double bytes_per_element = 2,
                 const Calibration& calibration = calib::kCalibrated);

// Work of one transformer layer for one micro-batch on one GPU.
struct LayerWork {
  double fwd_s = 0;           // forward time (GEMMs, attention, memory-bound operators)
  double bwd_s = 0;           // backward time
  double recompute_s = 0;     // extra forward work in backward (recomputation)
  double attention_fwd_s = 0; // the attention core's share of fwd_s (for CP overlap)
  // The backward's weight-gradient GEMMs of the column-parallel layers (fused QKV, or MLA's
  // up-projections, and the MLP's first GEMM): the window Megatron's asynchronous TP backward
  // hides the input-gradient all-reduce under (throughput.h, tp_layer_cost). Part of bwd_s.
  double tp_async_window_s = 0;
  // MoE layers: the expert MLP's share of fwd_s and bwd_s (routed and shared experts' GEMMs,
  // their activation, fp8 casts), the compute Megatron-Core's EP overlap schedule runs beside
  // the dispatch all-to-alls (throughput.h, hide_expert_all_to_all); the rest of the layer
  // (attention, router, permutation) runs beside the combines.
  double mlp_fwd_s = 0, mlp_bwd_s = 0;
  // Model FLOPs follow the published runs' convention (Narayanan et al. 2021, Korthikanti et
  // al. 2022, Megatron-LM's reported TFLOP/s): attention scores and context counted over the
  // full s x s matrix, whether or not causal masking skips half of it.
  double model_flops = 0;     // fwd + bwd FLOPs on this GPU, no recomputation
  // Hardware FLOPs are the FLOPs executed: recomputation included, and flash attention's
  // causal half (plus the diagonal blocks) and its backward recomputation of the scores
  // (2.5 x the forward, Dao 2023), so that hardware utilisation never exceeds what the kernels
  // can reach.
  double hardware_flops = 0;
};

struct ComputeContext {
  const ModelShape* model = nullptr;
  const Training* training = nullptr;
  const Parallelism* parallel = nullptr;
  const GpuSpec* gpu = nullptr;
  double peak = 0;  // FLOP/s for the training precision
  int etp = 0;      // expert tensor parallel (Scenario::expert_tp()); 0: the TP degree
  const Calibration* calibration = &calib::kCalibrated;  // the fitted constants (never null)
};

LayerWork layer_work(const ComputeContext& c, bool moe);

// Output layer (logits GEMM) and cross-entropy for one micro-batch on the last stage.
LayerWork output_work(const ComputeContext& c);

// Optimizer step on one GPU: reads gradients, updates master weights and moments, writes the
// 16-bit weights: bytes per parameter / HBM bandwidth.
double optimizer_time(const GpuSpec& gpu, Precision p, Optimizer o, double params_with_states, double params_local);

}  // namespace cp
