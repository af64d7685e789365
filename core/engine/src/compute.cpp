#include "engine/compute.h"

#include <algorithm>
#include <cmath>

namespace cp {

double peak_flops(const GpuSpec& gpu, Precision p) {
  switch (p) {
    case Precision::Fp32: return gpu.fp32_flops > 0 ? gpu.fp32_flops : gpu.bf16_flops / 2;
    case Precision::Fp8: return gpu.fp8_flops > 0 ? gpu.fp8_flops : gpu.bf16_flops;
    case Precision::Bf16:
    case Precision::Fp16: break;
  }
  return gpu.bf16_flops;
}

namespace {

// gemm_time on one GPU at one peak: what each call would work out again (the tile width, the SM
// count, the tile overhead in K units, the rated peak, the HBM rate), worked out once; the same
// figures, to the bit. A GEMM is timed many times per layer.
struct GemmRate {
  GemmRate() = default;
  GemmRate(const GpuSpec& g, double peak, const Calibration& cal) {
    const int tile_n = g.tile_n > 0 ? g.tile_n : 128;
    tn = tile_n;
    // x / tn is x times 1 / tn, exactly, when tn is a power of two (the catalog's 128 and 256).
    tn_pow2 = (tile_n & (tile_n - 1)) == 0;
    inv_tn = 1.0 / tn;
    sms = g.sm_count > 0 ? g.sm_count : 100;
    // The tile prologue/epilogue takes about fixed time: in K units it grows with the SM's math
    // rate (Calibration::gemm_k_overhead is the A100 figure; A100: 312 TFLOP/s on 108 SMs).
    constexpr double kA100SmFlops = 312e12 / 108;
    k_overhead = cal.gemm_k_overhead * g.tile_overhead_share * (peak / sms) / kA100SmFlops;
    rated = peak * g.mamf_fraction;
    hbm = g.memory_bw * calib::kHbmEfficiency;
  }
  double time(double m, double n, double k, double bytes = 2) const {
    if (m <= 0 || n <= 0 || k <= 0) return 0;
    // Tile quantisation: the output is computed in 128 x tile_n tiles; waves of one tile per SM.
    // Efficiency = useful outputs / outputs the launched waves could compute (NVIDIA, "Matrix
    // Multiplication Background" user guide: tile and wave quantisation).
    const double tm = 128;
    const double tiles = std::ceil(m / tm) * std::ceil(tn_pow2 ? n * inv_tn : n / tn);
    const double waves = std::ceil(tiles / sms);
    const double quantisation = (m * n) / (waves * sms * tm * tn);
    const double k_eff = k / (k + k_overhead);
    const double flops = 2.0 * m * n * k;
    const double compute = flops / (rated * quantisation * k_eff);
    // Roofline: the operands and the result cross HBM at least once.
    const double memory = (m * k + k * n + m * n) * bytes / hbm;
    return std::max(compute, memory) + calib::kKernelOverheadS;
  }
  double tn = 128, inv_tn = 1.0 / 128, sms = 100, k_overhead = 0, rated = 0, hbm = 0;
  bool tn_pow2 = true;
};

}  // namespace

double gemm_time(const GpuSpec& gpu, double peak, double m, double n, double k, double bytes,
                 const Calibration& calibration) {
  return GemmRate(gpu, peak, calibration).time(m, n, k, bytes);
}

namespace {

// What the software stack and the precision make of the GPU's peak: the rate GEMMs and the
// attention core run at, and the cost of each kernel beyond its work.
struct Rates {
  double gemm_peak = 0;          // FLOP/s peak the GEMMs are timed against
  double attention_peak = 0;     // FLOP/s peak of the attention core
  GemmRate gemm, attention;      // gemm_time at those peaks
  double extra_launch_s = 0;     // host cost per kernel beyond calib::kKernelOverheadS
  double flash_factor = 1;       // flash-attention rate of the stack's kernels on this GPU
  bool eager = false;            // unfused elementwise kernels (eager PyTorch)
  double eager_traffic_scale = 0;  // Calibration::eager_traffic_scale
};

Rates rates(const ComputeContext& c) {
  const Calibration& k = *c.calibration;
  const Training& tr = *c.training;
  Rates r;
  const bool fp8 = tr.precision == Precision::Fp8 && c.gpu->fp8_flops > 0;
  r.gemm_peak = fp8 ? c.peak * c.gpu->fp8_matmul_ratio * k.fp8_gemm_efficiency : c.peak;
  // fp8 recipes keep the attention core in bf16 unless asked (Training::fp8_attention).
  r.attention_peak = fp8 && !tr.fp8_attention ? peak_flops(*c.gpu, Precision::Bf16) : r.gemm_peak;
  // PyTorch's flash kernels (SDPA's flash backend and flash-attn are FlashAttention-2; Triton
  // variants likewise) are written for Ampere: on Hopper-class GPUs they run without the
  // asynchronous tensor cores and TMA that the Hopper-native kernels of Transformer Engine
  // (cuDNN fused attention) and FlashAttention-3 use (GpuSpec::fa2_fraction_of_fa3).
  // Kernels older than FlashAttention-2 (Training::attention_kernel) are bound twice: by their
  // work partitioning, a fraction of FlashAttention-2's rate as measured on A100
  // (Calibration::flash1_factor, kTritonOverFlash1), and, like FlashAttention-2, by the
  // Ampere-era instructions they are written in (on Hopper-class GPUs, fa2_fraction_of_fa3).
  // The slower bound sets the rate: on A100 the partitioning, on H100 the instructions
  // (llm-foundry's H100 tables, run with the Triton kernel, match FlashAttention-2's rate there).
  const bool pytorch = tr.stack_used() == SoftwareStack::PyTorchEager || tr.stack_used() == SoftwareStack::PyTorchCompile;
  const double fa2 = c.gpu->fa2_fraction_of_fa3;
  const double flash1 = std::min(1.0, k.flash1_factor);
  switch (tr.attention_kernel) {
    case AttentionKernel::Auto: r.flash_factor = pytorch ? fa2 : 1.0; break;
    case AttentionKernel::Native: r.flash_factor = 1.0; break;
    case AttentionKernel::Flash2: r.flash_factor = fa2; break;
    case AttentionKernel::Triton: r.flash_factor = std::min(fa2, std::min(1.0, flash1 * calib::kTritonOverFlash1)); break;
    case AttentionKernel::Flash1: r.flash_factor = std::min(fa2, flash1); break;
  }
  // A Megatron-family job outside the vendor's reference clusters and recipes.
  const bool megatron_family = tr.stack_used() == SoftwareStack::MegatronCore ||
                               tr.stack_used() == SoftwareStack::MegatronLm ||
                               tr.stack_used() == SoftwareStack::MegatronDeepSpeed;
  if (megatron_family && tr.deployment == Deployment::Typical) {
    r.gemm_peak *= k.typical_efficiency;
    r.attention_peak *= k.typical_efficiency;
  }
  if (tr.stack_used() == SoftwareStack::PyTorchEager) {
    r.extra_launch_s = k.eager_launch_s;
    r.eager = true;
    r.eager_traffic_scale = k.eager_traffic_scale;
  }
  r.gemm = GemmRate(*c.gpu, r.gemm_peak, k);
  r.attention = GemmRate(*c.gpu, r.attention_peak, k);
  return r;
}

// Transformer Engine's fp8 recipe on Megatron's MoE experts: per-token bf16 dispatch, expert
// GEMMs in fp8 (DeepSeek-V3's fp8 dispatch quantises before the all-to-all, inside its own
// kernels, and is left out).
bool fp8_expert_casts(const ComputeContext& c) {
  const Training& tr = *c.training;
  const bool megatron = tr.stack_used() == SoftwareStack::MegatronCore || tr.stack_used() == SoftwareStack::MegatronLm;
  return megatron && tr.precision == Precision::Fp8 && c.gpu->fp8_flops > 0 && tr.moe_dispatch == MoeDispatch::Bf16;
}

// Weight-gradient GEMM of a forward GEMM (M tokens) x (K -> N): dW = X^T dY, an N x K output
// summed over the M tokens.
double wgrad_time(const ComputeContext& /*c*/, const Rates& r, double m, double n, double k, double count = 1) {
  return count * (r.gemm.time(k, n, m) + r.extra_launch_s);
}

struct Acc {
  const ComputeContext* c = nullptr;
  const Rates* r = nullptr;
  double time = 0;
  double flops = 0;  // model FLOPs this GPU contributes (a GEMM replicated on every TP rank
                     // counts 1/t here, so that summing over TP ranks gives the model's FLOPs)
  Acc(const ComputeContext& ctx, const Rates& rt) : c(&ctx), r(&rt) {}
  void gemm(double m, double n, double k, double count = 1, double share = 1) {
    time += count * (r->gemm.time(m, n, k) + r->extra_launch_s);
    flops += share * count * 2.0 * m * n * k;
  }
  // A batched GEMM (one launch for `batch` independent products): quantisation across the
  // whole batch, one launch overhead.
  void batched(double m, double n, double k, double batch) {
    const double one = r->attention.time(m, n, k) - calib::kKernelOverheadS;
    const GpuSpec& g = *c->gpu;
    const double tn = g.tile_n > 0 ? g.tile_n : 128;
    const double tiles = std::ceil(m / 128.0) * std::ceil(n / tn) * batch;
    const double sms = g.sm_count > 0 ? g.sm_count : 100;
    // Waves over the whole batch rather than per product.
    const double per_product_waves = std::ceil(std::ceil(m / 128.0) * std::ceil(n / tn) / sms);
    const double batch_waves = std::ceil(tiles / sms);
    time += one * batch * (batch_waves / (per_product_waves * batch)) + calib::kKernelOverheadS + r->extra_launch_s;
    flops += batch * 2.0 * m * n * k;
  }
};

// The sizes one layer's kernels work on, for one micro-batch on one GPU.
struct LayerDims {
  double t = 1;    // TP degree
  double s = 0;    // queries on this GPU
  double skv = 0;  // keys each query attends to (CP: all of them)
  double b = 0;    // micro-batch
  double T = 0;    // tokens in each GEMM (SP gathers them first)
  double h = 0;    // hidden size
  double a = 0;    // attention heads
  double kv = 0;   // K/V heads over the TP group (replicated below TP)
  double te = 0;   // tokens each elementwise kernel touches
  double dqk = 0, dv = 0;  // query/key and value head sizes (attention_projections)
};

LayerDims layer_dims(const ComputeContext& c) {
  const ModelShape& m = *c.model;
  const Training& tr = *c.training;
  const Parallelism& p = *c.parallel;
  LayerDims d;
  d.t = p.tp;
  d.s = double(tr.seq) / p.cp;
  d.skv = tr.seq;
  d.b = tr.micro_batch;
  d.T = d.s * d.b;
  d.h = m.hidden;
  d.a = m.heads;
  d.kv = m.kv_heads_for_tp(p.tp);
  d.te = p.sp ? d.T / d.t : d.T;
  return d;
}

// What layer_work adds up, step by step, before it puts the layer's times together.
struct LayerParts {
  LayerParts(const ComputeContext& c, const Rates& r) : gemms(c, r), recompute_gemms(c, r), att(c, r) {}
  Acc gemms;                // the forward GEMMs (Megatron-LM column/row parallel layers)
  Acc recompute_gemms;      // the GEMMs torchtitan's selective-op policy runs again
  Acc att;                  // the attention core's GEMMs (or flash kernel)
  double async_window = 0;  // wgrad GEMMs of the column-parallel layers (LayerWork::tp_async_window_s)
  double elementwise = 0;   // forward bytes of memory-bound kernels
  double eager_extra = 0;   // eager PyTorch's bytes beyond the fused passes
  double fp8_cast_fwd_bytes = 0, fp8_cast_bwd_bytes = 0;  // unfused fp8 casts of expert GEMM inputs
  double mlp_gemm_s = 0, mlp_bytes = 0;  // MoE: the expert MLP's GEMMs and activation (LayerWork::mlp_fwd_s)
  double att_fwd_bytes = 0, att_bwd_bytes = 0, att_bwd_time = 0;  // the attention core's memory-bound kernels
  double executed_fwd = 0, executed_bwd = 0;  // attention FLOPs run
};

// Forward GEMMs of the attention block (Megatron-LM column/row parallel layers; Shoeybi et al.
// 2019): MLA's down- and up-projections, or the fused QKV; the output projection.
void attention_projections(const ComputeContext& c, const Rates& rt, LayerDims& d, LayerParts& x) {
  const ModelShape& m = *c.model;
  Acc& g = x.gemms;
  const double T = d.T, h = d.h, a = d.a, t = d.t;
  if (m.attention == AttentionType::Mla) {
    const MlaShape& l = m.mla;
    d.dqk = l.qk_nope_head_dim + l.qk_rope_head_dim;
    d.dv = l.v_head_dim;
    if (l.q_lora_rank > 0) {
      g.gemm(T, l.q_lora_rank, h, 1, 1 / t);       // W_DQ (replicated across TP)
      g.gemm(T, a * d.dqk / t, l.q_lora_rank);     // W_UQ
      x.async_window += wgrad_time(c, rt, T, a * d.dqk / t, l.q_lora_rank);
    } else {
      g.gemm(T, a * d.dqk / t, h);
      x.async_window += wgrad_time(c, rt, T, a * d.dqk / t, h);
    }
    g.gemm(T, l.kv_lora_rank + l.qk_rope_head_dim, h, 1, 1 / t);    // W_DKV + W_KR (replicated)
    g.gemm(T, a * (l.qk_nope_head_dim + l.v_head_dim) / t, l.kv_lora_rank);  // W_UK, W_UV
    x.async_window += wgrad_time(c, rt, T, a * (l.qk_nope_head_dim + l.v_head_dim) / t, l.kv_lora_rank);
    g.gemm(T, h, a * d.dv / t);                                       // output projection
  } else {
    d.dqk = d.dv = m.effective_head_dim();
    g.gemm(T, (a * d.dqk + 2.0 * d.kv * d.dqk) / t, h);  // fused QKV
    x.async_window += wgrad_time(c, rt, T, (a * d.dqk + 2.0 * d.kv * d.dqk) / t, h);
    g.gemm(T, h, a * d.dv / t);                            // output projection
  }
}

// Gate and up projections (SwiGLU), or up alone.
double ffn_inputs(const ModelShape& m) { return m.ffn_type == FfnType::SwiGlu ? 2.0 : 1.0; }

// The dense MLP: its two (or three) GEMMs and the activation's memory traffic.
void dense_mlp(const ComputeContext& c, const Rates& rt, const LayerDims& d, LayerParts& x) {
  const ModelShape& m = *c.model;
  const double per_f = ffn_inputs(m);
  x.gemms.gemm(d.T, per_f * m.ffn / d.t, d.h);
  x.async_window += wgrad_time(c, rt, d.T, per_f * m.ffn / d.t, d.h);
  x.gemms.gemm(d.T, d.h, m.ffn / d.t);
  x.elementwise += d.T * m.ffn * (per_f + 1.0) * 2.0 / d.t;  // activation: read gate(/up), write
}

// The MoE MLP: router, routed and shared experts, the permutations around the all-to-alls and,
// on Transformer Engine's fp8 recipe, the casts of the expert GEMMs' inputs.
void moe_mlp(const ComputeContext& c, const Rates& rt, const LayerDims& d, LayerParts& x) {
  const ModelShape& m = *c.model;
  const Parallelism& p = *c.parallel;
  Acc& g = x.gemms;
  const double T = d.T, h = d.h, t = d.t;
  const double per_f = ffn_inputs(m);
  const double fe = m.expert_ffn();
  const double experts_here = double(m.experts) / p.ep;
  // Balanced routing: each local expert receives k x ep / E of the group's tokens, and ETP
  // splits its GEMMs like TP: with ETP below TP (MoE parallel folding) an expert's tokens come
  // from etp / tp as many TP ranks, each GEMM 1/etp wide. Per GPU the expert work is T k / tp
  // token-expert pairs whatever the layout.
  const double et = c.etp > 0 ? c.etp : t;
  const double tokens_per_expert = T * m.experts_per_token * p.ep / m.experts * (et / t);
  g.gemm(T, m.experts, h, 1, 1 / t);  // router (replicated)
  const double before_mlp = g.time;
  g.gemm(tokens_per_expert, per_f * fe / et, h, experts_here);
  x.async_window += wgrad_time(c, rt, tokens_per_expert, per_f * fe / et, h, experts_here);
  g.gemm(tokens_per_expert, h, fe / et, experts_here);
  if (m.shared_experts > 0) {
    g.gemm(T, m.shared_experts * per_f * fe / t, h);
    x.async_window += wgrad_time(c, rt, T, m.shared_experts * per_f * fe / t, h);
    g.gemm(T, h, m.shared_experts * fe / t);
  }
  x.mlp_gemm_s = g.time - before_mlp;
  // Permute and unpermute tokens for dispatch and combine (read + write, twice).
  x.elementwise += 2.0 * 2.0 * T * m.experts_per_token * h * 2.0 / t;
  x.mlp_bytes = T * m.experts_per_token * fe * (per_f + 1.0) * 2.0 / t;  // activation
  x.elementwise += x.mlp_bytes;
  if (fp8_expert_casts(c)) {
    // Transformer Engine fp8 on Megatron-Core's expert MLP (TEGroupedMLP / SequentialMLP of
    // te Linear): the expert input arrives from the bf16 permute, not from a LayerNormLinear
    // whose norm kernel writes fp8, and the expert activation is Megatron's own bf16 GLU
    // (bias_swiglu), not LayerNormMLP's fp8-out activation; so each expert GEMM input goes
    // through a separate cast_transpose (read 2 bytes, write the fp8 copy and its transpose
    // for the weight gradient: 4 bytes per element), and in the backward FC1's output
    // gradient, which the dense LayerNormMLP casts inside its dgelu/dswiglu kernel, too.
    // (TE transformer_engine/pytorch/module/grouped_linear.py: fp8 inputs through
    // tex.fused_multi_cast_transpose; Megatron-Core megatron/core/transformer/moe/experts.py.)
    const double routed = T * m.experts_per_token * (et / t);  // token-expert pairs reaching this GPU
    x.fp8_cast_fwd_bytes = 4.0 * routed * (h + fe / et);
    x.fp8_cast_bwd_bytes = 4.0 * routed * per_f * fe / et;
  }
}

// torchtitan's selective-op policy recomputes every second matmul of a layer (the forward's
// order: wq, wk, wv, wo, then w1, w3, w2 for SwiGLU or w1, w2 for GeLU): wk, wo and w3 (w2).
// Layers whose order the policy's source does not show (MLA, MoE) recompute half the GEMM time.
void selective_op_gemms(const ComputeContext& c, const LayerDims& d, bool moe, LayerParts& x) {
  const ModelShape& m = *c.model;
  const Training& tr = *c.training;
  if (tr.recompute != Recompute::Selective || !tr.selective_op) return;
  Acc& r = x.recompute_gemms;
  if (moe || m.attention == AttentionType::Mla) {
    r.time = 0.5 * x.gemms.time;
    r.flops = 0.5 * x.gemms.flops;
  } else {
    r.gemm(d.T, d.kv * d.dqk / d.t, d.h);  // wk
    r.gemm(d.T, d.h, d.a * d.dv / d.t);    // wo
    if (m.ffn_type == FfnType::SwiGlu)
      r.gemm(d.T, m.ffn / d.t, d.h);  // w3
    else
      r.gemm(d.T, d.h, m.ffn / d.t);  // w2
  }
}

// Memory-bound passes over [tokens, h] 16-bit tensors per layer, forward (each pass reads
// or writes 2 bytes per element; kernel lists of Megatron-LM's transformer layer):
//   two norms, read + write: 4 passes; two fused bias-dropout-add: read 2, write 1: 6
//   passes (plus a 1-byte mask each with dropout); Q/K/V and context layout copies for
//   the attention kernels: read + write of Q, K, V and the context: 2 (2 + 2k/a) passes;
//   TP collectives stage their buffers through HBM: two all-reduces (or RS/AG pairs),
//   each reading twice and writing once: 6 passes.
// Eager PyTorch runs as separate kernels what fused stacks do in one pass; per element, the
// extra bytes over the fused pass (torchtitan's Llama modules, PyTorch 2.x; LayerNorm and GeLU
// have native single kernels and add nothing):
//   RMSNorm: cast to fp32 (2 + 4), square (4 + 4), mean (4), scale (4 + 4), cast back (4 + 2),
//     weight (2 + 2) = 36 bytes against 4: 32 extra, two norms per layer;
//   rotary on Q and K through complex fp32: cast (2 + 4), complex multiply (4 + 4), cast back
//     (4 + 2) = 20 bytes against 4: 16 extra;
//   SwiGLU: SiLU (2 + 2), then the product (2 + 2 + 2) = 10 bytes per FFN element against 6: 4.
void memory_bound_bytes(const ComputeContext& c, const Rates& rt, const LayerDims& d, bool moe, LayerParts& x) {
  const ModelShape& m = *c.model;
  const Training& tr = *c.training;
  const double T = d.T, h = d.h, a = d.a, kv = d.kv, t = d.t, te = d.te;
  const double qkv_width = 1.0 + 2.0 * kv / a;
  const double copies = 2.0 * (qkv_width + 1.0);
  x.elementwise += te * h * 2.0 * (4.0 + 6.0) + (tr.dropout ? 2.0 * te * h : 0.0);
  x.elementwise += T * h * 2.0 * copies / t;
  if (c.parallel->tp > 1) x.elementwise += T * h * 2.0 * 6.0;  // full-size buffers with or without SP
  if (m.learned_positions == 0) x.elementwise += T * (a + kv) * d.dqk * 4.0 / t;  // rotary on Q, K
  if (rt.eager) {
    if (m.norm == NormType::RmsNorm) x.eager_extra += 2.0 * 32.0 * te * h;
    if (m.learned_positions == 0) x.eager_extra += 16.0 * T * (a + kv) * d.dqk / t;
    if (m.ffn_type == FfnType::SwiGlu)
      x.eager_extra += 4.0 * T * (moe ? m.experts_per_token * m.expert_ffn() : double(m.ffn)) / t;
  }
}

// Flash attention (Dao et al. 2022): causal blocks above the diagonal are skipped, so the
// forward does about half the full s^2 work; the backward kFlashBackwardFactor x the forward.
void flash_attention(const ComputeContext& c, const Rates& rt, const LayerDims& d, double core_flops, LayerParts& x) {
  const Parallelism& p = *c.parallel;
  const double heads_here = d.a / d.t;
  const double causal = 0.5 + calib::kFlashDiagonalKeys / d.skv;  // plus the diagonal blocks
  x.executed_fwd = core_flops * causal;
  x.executed_bwd = calib::kFlashBackwardFactor * x.executed_fwd;
  x.att.time = x.executed_fwd /
               (rt.attention_peak * c.gpu->mamf_fraction * c.calibration->flash_efficiency * rt.flash_factor);
  if (p.cp > 1) {
    // Context parallelism (ring attention, Transformer Engine): each of the CP steps runs the
    // kernel over one chunk of seq / CP keys, paying the per-tile fixed cost every step; the
    // partial outputs are merged after each step (read both, write one: 3 passes over the
    // 16-bit output), and each step launches the kernels for the two load-balanced halves
    // of the local queries and the merge.
    const double keys = causal * d.skv;  // keys a query row runs over, on average
    x.att.time *= (keys + p.cp * calib::kFlashKeyOverhead) / (keys + calib::kFlashKeyOverhead);
    x.att_fwd_bytes += (p.cp - 1) * 3.0 * d.T * heads_here * d.dv * 2.0;
    x.att.time += (p.cp - 1) * 3.0 * calib::kKernelOverheadS;
    x.att_bwd_bytes += 2.0 * (p.cp - 1) * 3.0 * d.T * heads_here * d.dv * 2.0;
  }
  x.att_bwd_time = calib::kFlashBackwardFactor * x.att.time;
}

// Unfused (Megatron-LM 2021-22): two batched GEMMs over the full score matrix; backward
// two GEMMs per forward GEMM. Fused scale-mask-softmax reads and writes each 16-bit score
// (4 B); dropout reads it and writes it and a 1-byte mask (5 B). Backward: softmax reads
// output and gradient and writes a gradient (6 B); dropout reads gradient and mask and
// writes (5 B).
void unfused_attention(const ComputeContext& c, const LayerDims& d, LayerParts& x) {
  const bool dropout = c.training->dropout;
  const double heads_here = d.a / d.t;
  x.att.batched(d.s, d.skv, d.dqk, heads_here * d.b);
  x.att.batched(d.s, d.dv, d.skv, heads_here * d.b);
  x.att_bwd_time = 2.0 * x.att.time;
  const double scores = heads_here * d.b * d.s * d.skv;
  x.att_fwd_bytes = scores * (4.0 + (dropout ? 5.0 : 0.0));
  x.att_bwd_bytes = scores * (6.0 + (dropout ? 5.0 : 0.0));
}

// The attention core: scores and context, 2 x 2 s skv d FLOPs per head (forward); Megatron
// counts the full s^2.
void attention_core(const ComputeContext& c, const Rates& rt, const LayerDims& d, LayerParts& x) {
  const double heads_here = d.a / d.t;
  const double core_flops = 4.0 * d.s * d.skv * d.dqk * heads_here * d.b;
  x.executed_fwd = core_flops;
  x.executed_bwd = 2.0 * core_flops;
  if (c.training->flash_attention)
    flash_attention(c, rt, d, core_flops, x);
  else
    unfused_attention(c, d, x);
  x.att.flops = core_flops;
}

// What recomputation repeats of the forward, in time and FLOPs; `executed` is the FLOPs run
// without it.
void add_recomputation(const ComputeContext& c, const LayerParts& x, double mem_time, double att_fwd, double executed,
                       LayerWork& w) {
  const Training& tr = *c.training;
  if (tr.recompute == Recompute::Full) {
    w.recompute_s = w.fwd_s;
    w.hardware_flops = executed + x.gemms.flops + x.executed_fwd;
  } else if (tr.recompute == Recompute::Selective && tr.selective_op) {
    // torchtitan's selective-op policy: the forward's memory-bound kernels all run again, and so
    // does every second matmul of the layer in forward order; the attention kernel's output is
    // kept (unfused attention's score GEMMs are bmm, not mm, and run again with the rest).
    w.recompute_s = x.recompute_gemms.time + mem_time + (tr.flash_attention ? 0.0 : att_fwd);
    w.hardware_flops = executed + x.recompute_gemms.flops + (tr.flash_attention ? 0.0 : x.executed_fwd);
  } else if (tr.recompute == Recompute::Selective && !tr.flash_attention) {
    // Selective recomputation redoes the attention core (Korthikanti et al. 2022).
    w.recompute_s = att_fwd;
    w.hardware_flops = executed + x.executed_fwd;
  } else {
    w.hardware_flops = executed;
  }
}

// The layer's forward and backward times and FLOPs from its parts.
LayerWork layer_times(const ComputeContext& c, const Rates& rt, const LayerParts& x) {
  LayerWork w;
  const double hbm = c.gpu->memory_bw * calib::kHbmEfficiency;
  // The memory-bound kernels, about 14 launches forward (twice that backward), each with the
  // fixed launch-and-drain cost.
  const double mem_time = (x.elementwise + x.eager_extra * rt.eager_traffic_scale) / hbm +
                          14.0 * (calib::kKernelOverheadS + rt.extra_launch_s);
  const double att_fwd = x.att.time + x.att_fwd_bytes / hbm;
  w.attention_fwd_s = att_fwd;
  w.tp_async_window_s = x.async_window;
  const double fp8_cast_fwd_s =
      x.fp8_cast_fwd_bytes > 0 ? x.fp8_cast_fwd_bytes / hbm + 2.0 * calib::kKernelOverheadS : 0.0;
  const double fp8_cast_bwd_s = x.fp8_cast_bwd_bytes > 0 ? x.fp8_cast_bwd_bytes / hbm + calib::kKernelOverheadS : 0.0;
  w.fwd_s = x.gemms.time + att_fwd + mem_time + fp8_cast_fwd_s;
  w.mlp_fwd_s = x.mlp_gemm_s + x.mlp_bytes / hbm + fp8_cast_fwd_s;
  // Backward: two GEMMs (input and weight gradients) per forward GEMM; memory-bound kernels
  // read and write about twice what the forward did.
  w.bwd_s = 2.0 * x.gemms.time + x.att_bwd_time + x.att_bwd_bytes / hbm + 2.0 * mem_time + fp8_cast_bwd_s;
  w.mlp_bwd_s = 2.0 * x.mlp_gemm_s + 2.0 * x.mlp_bytes / hbm + fp8_cast_bwd_s;
  const double fwd_flops = x.gemms.flops + x.att.flops;
  w.model_flops = 3.0 * fwd_flops;
  // Executed: the GEMMs three times (forward, input and weight gradients), the attention core
  // as run (executed_fwd, executed_bwd), and what recomputation repeats of the forward.
  const double executed = 3.0 * x.gemms.flops + x.executed_fwd + x.executed_bwd;
  add_recomputation(c, x, mem_time, att_fwd, executed, w);
  return w;
}

}  // namespace

LayerWork layer_work(const ComputeContext& c, bool moe) {
  LayerDims d = layer_dims(c);
  const Rates rt = rates(c);
  LayerParts parts(c, rt);
  attention_projections(c, rt, d, parts);  // sets the head sizes d.dqk, d.dv
  if (moe)
    moe_mlp(c, rt, d, parts);
  else
    dense_mlp(c, rt, d, parts);
  selective_op_gemms(c, d, moe, parts);
  memory_bound_bytes(c, rt, d, moe, parts);
  attention_core(c, rt, d, parts);
  return layer_times(c, rt, parts);
}

LayerWork output_work(const ComputeContext& c) {
  const ModelShape& m = *c.model;
  const Training& tr = *c.training;
  const Parallelism& p = *c.parallel;
  const double T = double(tr.seq) / p.cp * tr.micro_batch;
  const double v_local = double(m.vocab) / p.tp;
  LayerWork w;
  // fp8 recipes convert the transformer layers' linear layers only; the output layer stays in
  // bf16 (Transformer Engine's fp8_autocast wraps the layers; torchao float8 skips the head).
  const double peak = tr.precision == Precision::Fp8 ? peak_flops(*c.gpu, Precision::Bf16) : c.peak;
  const double fwd = gemm_time(*c.gpu, peak, T, v_local, m.hidden, 2, *c.calibration);
  // Megatron-LM's vocabulary-parallel cross-entropy is unfused fp32 PyTorch: cast the 16-bit
  // logits (read 2, write 4), max (read 4), subtract (4 + 4), exp (4 + 4), sum (4), normalise
  // (4 + 4): about 38 bytes per logit forward; backward softmax minus one-hot (4 + 4) and the
  // cast back (4 + 2): about 14 bytes. Fused (Training::fused_cross_entropy; flash-attn's
  // flash_attn/ops/triton/cross_entropy.py): the forward kernel reads each 16-bit logit once
  // and writes a loss and a log-sum-exp per row (2 bytes per logit); the backward kernel reads
  // the logit again and writes its gradient in place (4 bytes).
  const double hbm = c.gpu->memory_bw * calib::kHbmEfficiency;
  const double ce_fwd_bytes = tr.fused_cross_entropy ? 2.0 : 38.0;
  const double ce_bwd_bytes = tr.fused_cross_entropy ? 4.0 : 14.0;
  w.fwd_s = fwd + T * v_local * ce_fwd_bytes / hbm;
  w.bwd_s = 2.0 * fwd + T * v_local * ce_bwd_bytes / hbm;
  w.model_flops = 3.0 * 2.0 * T * v_local * m.hidden;
  w.hardware_flops = w.model_flops;
  return w;
}

double optimizer_time(const GpuSpec& gpu, Precision p, Optimizer o, double params_with_states, double params_local) {
  // Per parameter whose states this GPU owns: read the fp32 gradient (4), read and write the
  // master (8, or 4 for a bf16 master) and the moments (Adam 16, SGD 8, 8-bit Adam 4), write
  // the 16-bit weight (2). Gradient-norm clipping reads every local gradient once more (4).
  const double master = p == Precision::Fp32 ? 0.0 : (p == Precision::Fp8 ? 4.0 : 8.0);
  const double moments = o == Optimizer::Adam ? 16.0 : (o == Optimizer::Sgd ? 8.0 : 4.0);
  const double bytes = params_with_states * (4.0 + master + moments + 2.0) + params_local * 4.0;
  return bytes / (gpu.memory_bw * calib::kHbmEfficiency);
}

}  // namespace cp
