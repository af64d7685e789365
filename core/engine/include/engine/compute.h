// Compute time on one GPU: FLOPs of each GEMM from the architecture, an efficiency model for
// GEMMs (roofline with tile and wave quantisation), flash or unfused attention, and the
// memory-bound operators at HBM bandwidth.
#pragma once

#include "engine/gpu.h"
#include "engine/model.h"
#include "engine/scenario.h"

namespace cp {

// Global constants of the compute model, shared by every GPU and every run. Each is named
// here, documented, and calibrated once against published-runs.md sections A-C.
namespace calib {
// K-loop efficiency of a GEMM: K / (K + kGemmKOverhead) (prologue/epilogue of each tile). The
// figure holds for an A100 SM; see Tunables::gemm_k_overhead for how it scales.
inline constexpr double kGemmKOverhead = 128;
// Achievable fraction of HBM bandwidth for streaming kernels (STREAM-like copy on A100/H100
// reaches 85-90% of the datasheet figure).
inline constexpr double kHbmEfficiency = 0.85;
// Flash attention throughput relative to the GPU's best GEMM (FlashAttention-2 reaches about
// 70% of A100 peak forward and less backward; Dao 2023).
inline constexpr double kFlashEfficiency = 0.65;
// Fixed cost of a flash-attention kernel per query tile (loading Q, initialising and
// normalising the output, writing it and the log-sum-exp), in keys' worth of work: a kernel
// over L keys runs at L / (L + 256) of its long-sequence rate. FlashAttention-2 (Dao 2023,
// figs. 4-6, A100, head dim 128) reaches about 70% of its 16k-token rate at 512 tokens and 90%
// at 2k [est: read off the curves]. It matters when context parallelism cuts the keys into
// chunks: each ring step is one more kernel over seq / CP keys.
inline constexpr double kFlashKeyOverhead = 256;
// Fixed cost of every kernel: launch latency, ramp-up and tail drain (a few microseconds; it
// matters when per-layer work is small, as for small models on fast GPUs).
inline constexpr double kKernelOverheadS = 4e-6;

// The global constants that leave-one-source-out cross-validation fits on the validation
// corpus (tests/data; tests/validation/tst_calibration.cpp refits them and fails when
// the values below are no longer what the corpus says). One value each for every GPU, model
// and run; a software stack (Training::stack) decides which mechanisms apply, never how much
// they cost. The values and the cross-validated errors behind them: docs/model.md.
// FlashAttention-2-class kernels on Hopper relative to Hopper-native ones: FlashAttention-2
// reaches 35% of the H100's peak, FlashAttention-3 75% (Shah et al. 2024, "FlashAttention-3:
// Fast and Accurate Attention with Asynchrony and Low-precision", abstract and section 4.1; cuDNN's
// fused attention, which Transformer Engine runs, is of the same class): 0.35 / 0.75. The GPU
// catalog sets GpuSpec::fa2_fraction_of_fa3 to it for Hopper-class GPUs (gpu.cpp).
inline constexpr double kFa2OnHopperFactor = 0.35 / 0.75;
// Kernels older than FlashAttention-2 (Training::attention_kernel). FlashAttention-2 is "about
// 2x" FlashAttention 1 (Dao 2023, abstract): the start of calib::Tunables::flash1_factor, the
// FlashAttention 1 rate relative to FlashAttention-2's, which the corpus fits (the paper's own
// end-to-end FlashAttention rows, Table 1, and the llm-foundry tables).
inline constexpr double kFlash1Factor = 0.5;
// The 2022-23 Triton kernel relative to FlashAttention 1: Dao 2023, section 4.1 (A100, forward
// and backward): FlashAttention-2 is 1.7-3.0x faster than FlashAttention and 1.3-2.5x faster
// than the Triton kernel; the ranges' geometric middles, 2.26 and 1.80, put the Triton kernel
// 1.25x above FlashAttention 1 (capped at FlashAttention-2's rate).
inline constexpr double kTritonOverFlash1 = 2.26 / 1.80;
// Flash attention's backward over its forward: the backward recomputes the scores and runs
// five GEMM-sized products per block against the forward's two (Dao 2023, FlashAttention-2,
// section 3.1.2 and Fig. 5-6: about 2.5x the forward's time).
inline constexpr double kFlashBackwardFactor = 2.5;
// Causal flash attention skips the key blocks above the diagonal; the diagonal blocks run in
// full: half the s^2 work plus one block of keys (64, FlashAttention-2's block) per query row.
inline constexpr double kFlashDiagonalKeys = 64.0;

struct Tunables {
  // Flash-attention core throughput as a fraction of the GPU's best GEMM rate (start:
  // kFlashEfficiency, Dao 2023).
  double flash_efficiency = kFlashEfficiency;
  // K-loop overhead of a GEMM tile in K units at an A100 SM's math rate (start: 128). The
  // prologue/epilogue (loading the first tiles, writing the result) takes about fixed time,
  // so on an SM that does the math faster it costs more K: the overhead scales with the
  // per-SM peak over the A100's (H100 bf16: 2.6x; fp8 twice the bf16 figure).
  double gemm_k_overhead = kGemmKOverhead;
  // Achieved fp8 GEMM rate relative to the bf16 one on the same GPU, per unit of peak, beyond the
  // GPU's measured fp8-over-bf16 matmul ratio (GpuSpec::fp8_matmul_ratio, H100 0.883): fp8 recipes
  // add amax and cast kernels around every linear layer (Transformer Engine delayed scaling;
  // torchao float8), and training GEMMs may use fp8 kernels a plain matmul benchmark does not.
  // The corpus fits 1.0-1.04: the measured ratio is the fp8 rate (start: 0.72, before the ratio).
  double fp8_gemm_efficiency = 0.72;
  // Eager PyTorch runs RMSNorm, rotary embeddings and the SwiGLU product as chains of separate
  // kernels that Megatron, Transformer Engine and torch.compile's Inductor fuse; compute.cpp
  // counts the extra bytes of each chain. Their achieved cost relative to that count (1: the
  // bytes at the streaming HBM rate; more: the small kernels run below it).
  double eager_traffic_scale = 1.0;
  // Extra host cost per kernel launch in eager PyTorch (Python dispatch, 10-30 us per op on
  // a typical host; hidden only when the GPU work per kernel is longer), seconds.
  double eager_launch_s = 5e-6;
  // DeepSpeed's pipeline engine (Megatron-DeepSpeed, 2021-22): a fixed time per transformer
  // layer and micro-batch on top of the layer's kernels, seconds (start 0). Its schedule runs
  // every instruction as a blocking host step, and its activation checkpointing wraps each
  // layer in a Python function that saves and restores the RNG states; BLOOM's launcher also
  // sets CUDA_LAUNCH_BLOCKING=1 (bigscience train/tr11-176B-ml/tr11-176B-ml.slurm), so no kernel
  // launch hides behind the previous kernel. Which of these dominates is not identified; the
  // form is what the corpus supports: a per-layer cost is the same for BLOOM (6 layers per
  // stage, TP 4) and MT-NLG (3 layers per stage, TP 8), about 15 ms each when fitted on either
  // alone, where a factor on the compute was not (1.16 on BLOOM, 1.34 on MT-NLG).
  double deepspeed_layer_overhead_s = 0.0;
  // FlashAttention 1's attention-core rate relative to FlashAttention-2's on the same GPU (start:
  // kFlash1Factor; the Triton kernel runs kTritonOverFlash1 times faster, at most FA2's rate).
  double flash1_factor = kFlash1Factor;
  // The GEMM and attention rate a Megatron-family job reaches outside the vendor's reference
  // clusters and recipes (Training::deployment typical), relative to NVIDIA's own published
  // runs of the same code (start 1). The development set shows it across four organisations
  // on A100 (ByteDance's MegaScale baseline, Sea AI Lab's Zero Bubble baseline, BigCode's
  // StarCoderBase, EleutherAI's Pythia: +21% optimistic at 1, where NVIDIA's own Narayanan and
  // Korthikanti runs of that code read -1%) and two on Hopper (Microsoft's FP8-LM, BAAI's
  // FlagScale). Its parts are not separated: sustained clocks under a site's power and cooling,
  // containers older than the vendor's, a data pipeline and a network tuned less.
  // Fitted apart on Ampere and on Hopper-class GPUs on the development set it came out the same
  // (0.80 and 0.79; every fold 0.78-0.88), so one constant holds for both; on every source, 0.78.
  double typical_efficiency = 1.0;
};

// The values fitted on the whole corpus (defined in compute.cpp, where tst_calibration's
// printout goes; it fails when they are no longer the fit).
extern const Tunables kCalibrated;

// The tunables every estimate uses: kCalibrated unless calibration tooling replaced them.
const Tunables& tunables();
// For calibration tooling only (tst_calibration): replaces the tunables of every later
// estimate in this process. Not thread-safe; never called by the applications.
void set_tunables(const Tunables& t);
}  // namespace calib

// Peak dense FLOP/s for a precision on a GPU (fp8 falls back to bf16 where there is none).
double peak_flops(const GpuSpec& gpu, Precision p);

// Time of one GEMM (M x K) x (K x N) on `gpu` at `peak` FLOP/s, with 2-byte elements unless
// given: max(compute with quantisation, HBM traffic) + launch overhead.
double gemm_time(const GpuSpec& gpu, double peak, double m, double n, double k, double bytes_per_element = 2);

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
};

LayerWork layer_work(const ComputeContext& c, bool moe);

// Output layer (logits GEMM) and cross-entropy for one micro-batch on the last stage.
LayerWork output_work(const ComputeContext& c);

// Optimizer step on one GPU: reads gradients, updates master weights and moments, writes the
// 16-bit weights: bytes per parameter / HBM bandwidth.
double optimizer_time(const GpuSpec& gpu, Precision p, Optimizer o, double params_with_states, double params_local);

}  // namespace cp
