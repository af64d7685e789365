#include "engine/memory.h"

#include <algorithm>


namespace cp {

namespace {

// Gradient buffer, 4 bytes (fp32) or 2 (16-bit). `auto` is the frameworks' default:
// - bf16 and fp8 (whose parameters are bf16): fp32 accumulation and reduction. Megatron-LM
//   forces it for bf16 ("bfloat16 requires gradient accumulation and all-reduce to be done in
//   fp32", megatron/training/arguments.py, accumulate_allreduce_grads_in_fp32, at d96d76c068;
//   Megatron-Core's main_grad then is fp32); torchtitan's FSDP2 reduces in fp32
//   (mixed_precision_reduce = "float32"); PyTorch AMP keeps fp32 parameters and gradients.
//   Megatron-LM's distributed optimizer: 6 + 12/d bytes per parameter in total.
// - fp16: 16-bit. Megatron-LM keeps main_grad in the parameters' fp16 unless
//   --accumulate-allreduce-grads-in-fp32 is given (arguments.py forces it for bf16 only) and
//   DeepSpeed's fp16 ZeRO reduces fp16 gradients; Rajbhandari et al. 2020 (section 3.1) count
//   2-byte gradients. The distributed optimizer keeps fp32 ones, as before.
// - fp32 training: fp32.
// Sources that state 16-bit reduction (NeMo's performance recipes: optim.grad_sync_dtype bf16)
// set GradDtype::Bf16; upstream DeepSpeed's ZeRO accumulates bf16 training's gradients in bf16
// too unless data_types.grad_accum_dtype is fp32 (runtime/engine.py), which `auto` over-counts.
double gradient_bytes(Precision precision, GradDtype grad, Zero zero) {
  const bool fp32_grads =
      grad == GradDtype::Fp32 ||
      (grad == GradDtype::Auto && (precision != Precision::Fp16 || zero == Zero::DistributedOptimizer));
  return fp32_grads ? 4.0 : 2.0;
}

// Plain fp32 training: the weights are the master copy; no separate master.
void fp32_training_states(Optimizer optimizer, BytesPerParam& b) {
  b.weights = 4.0;
  switch (optimizer) {
    case Optimizer::Adam: b.optimizer = 8.0; break;      // fp32 m and v
    case Optimizer::Sgd: b.optimizer = 4.0; break;       // fp32 momentum
    case Optimizer::Adam8bit: b.optimizer = 2.0; break;  // int8 m and v (Dettmers et al. 2022)
  }
}

// Mixed precision (Micikevicius et al. 2018): 16-bit weights for compute plus an fp32
// master copy kept by the optimizer (Rajbhandari et al.: K = 12 for Adam = 4 + 4 + 4).
// fp8 training keeps the same states: Transformer Engine's fp8 recipes run on bf16
// parameters with the fp32 master in the optimizer (Megatron-Core's
// Float16OptimizerWithFloat16Params / DistributedOptimizer), and torchao's float8 casts the
// bf16 weights at each GEMM. Transformer Engine's cached fp8 copies and their transposes are
// MemoryBreakdown::fp8_weight_copies (calib::kTeFp8WeightCopyBytes).
void mixed_precision_states(Optimizer optimizer, BytesPerParam& b) {
  b.weights = 2.0;
  switch (optimizer) {
    case Optimizer::Adam: b.optimizer = 12.0; break;     // fp32 master + fp32 m + fp32 v
    case Optimizer::Sgd: b.optimizer = 8.0; break;       // fp32 master + fp32 momentum
    case Optimizer::Adam8bit: b.optimizer = 6.0; break;  // fp32 master + int8 m + int8 v
  }
}

// bf16 optimizer states (NeMo's distributed Adam with optim.dtype bf16): the moments in bf16
// and, the model's weights being 16-bit already, no master copy (NeMo's setup_optimization
// sets store_params off when the optimizer's dtype is the model's, megatron_base_model.py at
// 8becd57a25, since 6082d760b9 "Add distopt support for FP8 params and BF16 optimizer
// state", 2024-01). 8-bit moments stay 8-bit.
void bf16_optimizer_states(Optimizer optimizer, BytesPerParam& b) {
  switch (optimizer) {
    case Optimizer::Adam: b.optimizer = 4.0; break;      // bf16 m + bf16 v
    case Optimizer::Sgd: b.optimizer = 2.0; break;       // bf16 momentum
    case Optimizer::Adam8bit: b.optimizer = 2.0; break;  // int8 m + int8 v
  }
}

}  // namespace

BytesPerParam bytes_per_param(Precision precision, Optimizer optimizer, GradDtype grad, Zero zero,
                              OptimizerDtype optimizer_dtype) {
  BytesPerParam b;
  b.gradients = gradient_bytes(precision, grad, zero);
  switch (precision) {
    case Precision::Fp32: fp32_training_states(optimizer, b); break;
    case Precision::Bf16:
    case Precision::Fp16:
    case Precision::Fp8: mixed_precision_states(optimizer, b); break;
  }
  if (optimizer_dtype == OptimizerDtype::Bf16) bf16_optimizer_states(optimizer, b);
  return b;
}

ModelStates model_states(double params, const BytesPerParam& bpp, Zero zero, double d) {
  ModelStates m;
  m.weights = params * bpp.weights / (zero == Zero::Stage3 ? d : 1.0);
  m.gradients = params * bpp.gradients / (zero == Zero::Stage2 || zero == Zero::Stage3 ? d : 1.0);
  m.optimizer = params * bpp.optimizer / (zero == Zero::Stage0 ? 1.0 : d);
  return m;
}

double dp_bucket_params(const Training& tr, int ranks) {
  return std::max(tr.dp_bucket_params, calib::kBucketParamsPerDpRank * ranks);
}

double zero2_bucket_bytes(const Training& tr, const BytesPerParam& bpp, double params, int ranks) {
  if (tr.zero != Zero::Stage2 || ranks <= 1 || params <= 0) return 0.0;
  const double unsharded = std::min(params, (tr.dp_overlap ? 2.0 : 1.0) * dp_bucket_params(tr, ranks));
  return unsharded * bpp.gradients * (1.0 - 1.0 / ranks);
}

namespace {

// torchtitan's selective op policy (activation_checkpoint.selective_ac_option = "op",
// torchtitan/parallelisms/parallelize_llama.py at 0413364369, no_recompute_list and
// _custom_policy): inside each block's checkpoint the outputs of aten.mm are saved except every
// second one (the counter runs over the block), and those of the flash / memory-efficient SDPA
// kernels and of the reduce-scatters; everything else is recomputed from the block's input, which
// the checkpoint keeps. torchtitan's Llama block runs its matmuls as wq, wk, wv, wo, then w1, w3,
// w2 (SwiGLU, models/llama/model.py: w2(silu(w1(x)) * w3(x))) or w1, w2: it saves wq, wv, w1 and
// w2 (SwiGLU) or wq, wv and w1. With TP the row-parallel matmuls (wo, w2) output their local
// partial sums at full size, before the reduce-scatter to the sequence shards.
double selective_op_layer_bytes(const LayerActivationInputs& in) {
  const ModelShape& m = *in.model;
  const double s = in.seq / in.cp, b = in.micro_batch, h = m.hidden, t = in.tp;
  const double sb = s * b;
  const double d = m.effective_head_dim();
  const double a = m.heads;
  const double q = 2.0 * sb * a * d / t;
  const double v = 2.0 * sb * m.kv_heads_for_tp(in.tp) * d / t;
  const double up = 2.0 * sb * m.ffn / t;
  const double row_parallel_out = 2.0 * sb * h;  // full size: a local partial sum under TP
  double saved = q + v + up;                       // matmuls 1, 3, 5
  if (m.ffn_type == FfnType::SwiGlu) saved += row_parallel_out;  // matmul 7, w2
  saved += 2.0 * sb * a * d / t + 4.0 * sb * a / t;                // SDPA output and log-sum-exp
  if (in.sp) saved += 2.0 * (2.0 * sb * h / t);                    // the two reduce-scatters' outputs
  saved += 2.0 * sb * h / (in.sp ? t : 1.0);                       // the block's input
  return saved;
}

// One layer's sizes for one micro-batch on one GPU, and what selective recomputation leaves out.
struct ActivationDims {
  double s = 0;  // the sequence on this GPU: context parallelism splits it
  double b = 0, h = 0, t = 1, a = 0;
  double sbh = 0, sb = 0;
  bool norms_recomputed = false, act_recomputed = false, up_proj_recomputed = false;
  double lin = 2.0;  // bytes per element of a linear layer's saved input
};

ActivationDims activation_dims(const LayerActivationInputs& in) {
  const ModelShape& m = *in.model;
  ActivationDims d;
  d.s = in.seq / in.cp;
  d.b = in.micro_batch;
  d.h = m.hidden;
  d.t = in.tp;
  d.a = m.heads;
  d.sbh = d.s * d.b * d.h;
  d.sb = d.s * d.b;
  const bool selective = in.recompute == Recompute::Selective;
  d.norms_recomputed = selective && has(in.recompute_modules, RecomputeModules::Layernorm);
  d.act_recomputed = selective && has(in.recompute_modules, RecomputeModules::Act);
  d.up_proj_recomputed = selective && has(in.recompute_modules, RecomputeModules::MlaUpProj);
  // Bytes per element of what a linear layer saves of its input: 2, or 1 where Transformer
  // Engine's fp8 recipe keeps the fp8 cast of it (transformer_engine/pytorch/module/linear.py
  // and layernorm_linear.py: the fp8 input, or its transpose, is what the weight gradient reads;
  // LayerNormLinear writes its norm's output in fp8 directly).
  d.lin = in.fp8_linear_inputs ? 1.0 : 2.0;
  return d;
}

// Tensors of shape [s, b, h] that every TP rank holds unless SP splits them: the two norms'
// inputs (4sbh, 16-bit: the residual stream), their outputs, which are the QKV GEMM's and the
// MLP's inputs (2sbh each, `lin` bytes per element; nothing when the norms are recomputed:
// Megatron-Core's "layernorm" recompute module frees them and recomputes them in the backward),
// and two dropout masks after attention and MLP (sbh each).
double replicated_activation_bytes(const LayerActivationInputs& in, const ActivationDims& d) {
  return d.sbh * (4.0 + (d.norms_recomputed ? 0.0 : 2.0 * d.lin) + (in.dropout ? 2.0 : 0.0));
}

// Attention tensors split across TP ranks, apart from the attention core's own.
struct AttentionActivations {
  double q = 0, kv = 0, proj_in = 0;
};

AttentionActivations attention_activations(const LayerActivationInputs& in, const ActivationDims& d) {
  const ModelShape& m = *in.model;
  const double sb = d.sb, a = d.a, lin = d.lin;
  AttentionActivations r;
  if (m.attention == AttentionType::Mla) {
    const MlaShape& x = m.mla;
    const double qk = x.qk_nope_head_dim + x.qk_rope_head_dim;
    // Latent vectors, the inputs of the up-projections, and the decompressed per-head Q, K and
    // V the attention kernel keeps (DeepSeek-V2, eqs. 37-47). Recomputing the up-projections
    // (Megatron-Core's "mla_up_proj"; DeepSeek-V3 section 3.3) keeps only the latents and the
    // shared rotary key.
    r.q = lin * sb * x.q_lora_rank + (d.up_proj_recomputed ? 0.0 : 2.0 * sb * a * qk);
    r.kv = lin * sb * x.kv_lora_rank + 2.0 * sb * x.qk_rope_head_dim +
           (d.up_proj_recomputed ? 0.0 : 2.0 * sb * (a * qk + a * x.v_head_dim));
    r.proj_in = 2.0 * sb * a * x.v_head_dim;
  } else {
    const double hd = m.effective_head_dim();
    r.q = 2.0 * sb * a * hd;                                // Q
    r.kv = 2.0 * 2.0 * sb * m.kv_heads_for_tp(in.tp) * hd;  // K and V (GQA: k heads, not a)
    r.proj_in = 2.0 * sb * a * hd;                          // attention output, input of the projection
  }
  // In fp8 the projection keeps its own fp8 copy of the attention output beside the 16-bit one
  // the attention kernel keeps for its backward.
  if (in.fp8_linear_inputs) r.proj_in *= 1.5;
  return r;
}

// The attention core's own tensors, split across TP ranks.
double attention_core_bytes(const LayerActivationInputs& in, const ActivationDims& d) {
  if (in.flash_attention) {
    // Flash attention (Dao et al. 2022) keeps no s x s matrix, only the fp32 log-sum-exp
    // per row and head; Q, K, V and the output are already counted.
    return 4.0 * d.sb * d.a;
  }
  if (in.recompute != Recompute::Selective) {
    // Softmax output (2as^2b); with dropout, its mask (as^2b) and output (2as^2b) too.
    // Selective recomputation drops exactly these (Korthikanti section 5).
    return d.a * d.s * d.s * d.b * (2.0 + (in.dropout ? 3.0 : 0.0));
  }
  return 0.0;
}

// MLP tensors split across TP ranks. GeLU: the activation's input (2sbf) and the second GEMM's
// input (sbf x `lin`). SwiGLU: the gate and up outputs (2 x 2sbf) and their product (sbf x
// `lin`). Recomputing the activation (Megatron-Core's moe_act; DeepSeek-V3 "cache the inputs of
// the SwiGLU operator and recompute its output") drops the second GEMM's input.
double mlp_activation_bytes(const LayerActivationInputs& in, const ActivationDims& d) {
  const ModelShape& m = *in.model;
  const double sb = d.sb, h = d.h, lin = d.lin;
  const double per_f = (m.ffn_type == FfnType::SwiGlu ? 4.0 : 2.0) + (d.act_recomputed ? 0.0 : lin);
  if (in.moe) {
    // Routed experts: each token is dispatched to k experts, each storing its input copy
    // (sbh x `lin`) and its inner tensors; shared experts see every token. With balanced routing
    // a GPU processes k x its tokens whatever EP is. Router logits are fp32 (4sbE). When the
    // experts are split like the dense layers (ETP = TP), every TP rank runs its slice of each
    // expert on the tokens of the whole TP group, gathered from the sequence-parallel shards
    // (Megatron-Core's token dispatchers all-gather over TP before permuting:
    // MoEAllGatherTokenDispatcher, and the all-to-all dispatcher's
    // gather_from_sequence_parallel_region with TP > 1), so the input copies are whole there:
    // added here at t times the split share.
    const double fe = m.expert_ffn();
    const double gathered = in.etp > 1 ? double(in.etp) : 1.0;
    return m.experts_per_token * sb * (gathered * lin * h + per_f * fe) + m.shared_experts * sb * per_f * fe +
           4.0 * sb * m.experts;
  }
  return per_f * sb * m.ffn;
}

}  // namespace

double layer_activation_bytes(const LayerActivationInputs& in) {
  // Korthikanti et al. 2022, section 4: stored activations per layer, 16-bit tensors (2 bytes)
  // and 1-byte dropout masks. The paper's GPT layer gives sbh(34 + 5as/h); here every tensor
  // is listed so that SwiGLU, GQA, MLA, no dropout and flash attention follow the same way.
  const ModelShape& m = *in.model;
  const ActivationDims d = activation_dims(in);

  // Full recomputation keeps only each layer's input (Korthikanti eq. 2sbh; /t with SP).
  if (in.recompute == Recompute::Full) return 2.0 * d.sbh / (in.sp ? d.t : 1.0);

  const bool selective = in.recompute == Recompute::Selective;
  if (selective && in.selective_op && !in.moe && m.attention != AttentionType::Mla) return selective_op_layer_bytes(in);

  const double replicated = replicated_activation_bytes(in, d);
  const AttentionActivations att = attention_activations(in, d);
  const double core = attention_core_bytes(in, d);
  const double mlp = mlp_activation_bytes(in, d);
  const double split = att.q + att.kv + att.proj_in + core + mlp;
  return (in.sp ? replicated / d.t : replicated) + split / d.t;
}

double cp_ring_buffer_bytes(const LayerActivationInputs& in, bool every_step) {
  if (in.cp <= 1) return 0.0;
  const ModelShape& m = *in.model;
  const double sb = in.seq / in.cp * in.micro_batch;  // one CP chunk of the micro-batch
  const double t = in.tp;
  double kv_chunk = 0, out_chunk = 0;
  if (m.attention == AttentionType::Mla) {
    const MlaShape& x = m.mla;
    kv_chunk = 2.0 * sb * m.heads * (x.qk_nope_head_dim + x.qk_rope_head_dim + x.v_head_dim) / t;
    out_chunk = 2.0 * sb * m.heads * x.v_head_dim / t;
  } else {
    const double d = m.effective_head_dim();
    kv_chunk = 2.0 * 2.0 * sb * m.kv_heads_for_tp(in.tp) * d / t;
    out_chunk = 2.0 * sb * m.heads * d / t;
  }
  const double forward = (in.cp - 1) * kv_chunk + in.cp * out_chunk;
  const double backward = 4.0 * kv_chunk;
  return every_step ? std::max(forward, backward) : backward;
}

double tp_overlap_buffer_bytes(const Scenario& s) {
  const Training& tr = s.training;
  const SoftwareStack st = tr.stack_used();
  if (!tr.tp_comm_overlap || s.parallel.tp <= 1) return 0.0;
  if (st != SoftwareStack::MegatronCore && st != SoftwareStack::MegatronLm) return 0.0;
  const double elements = double(tr.seq) * tr.micro_batch / s.parallel.cp * s.model.hidden;
  const double gather = tr.precision == Precision::Fp8 ? 1.0 : 2.0;
  return elements * (calib::kTeUserbuffersAllGather * gather + calib::kTeUserbuffersReduceScatter * 2.0);
}

double cublas_workspace_bytes(const Scenario& s) {
  // Hopper and later: the catalog's 256-wide GEMM tiles mark them (GpuSpec::tile_n).
  const bool hopper = s.cluster.gpu.tile_n >= 256;
  double bytes = hopper ? calib::kTorchCublasWorkspaceHopper : calib::kTorchCublasWorkspaceAmpere;
  const SoftwareStack st = s.training.stack_used();
  if (st == SoftwareStack::MegatronCore || st == SoftwareStack::MegatronLm) {
    const double te = hopper ? calib::kTeCublasWorkspaceHopper : calib::kTeCublasWorkspaceAmpere;
    const bool ub = tp_overlap_buffer_bytes(s) > 0;
    bytes += te * (ub ? calib::kTeUserbufferStreams : 1);
    if (s.model.is_moe()) bytes += te * calib::kTeGroupedGemmStreams;
  }
  return bytes;
}

StageLayers stage_layers(int layers, int pp) {
  StageLayers st;
  if (pp <= 1) {
    st.first = st.middle = st.last = st.light = layers;
    st.middle_index = 0;
    return st;
  }
  const int lo = layers / pp;
  const int extra = layers % pp;  // this many stages hold lo + 1: stages pp-1-extra .. pp-2
  st.first = st.middle = st.last = st.light = lo;
  if (extra == 0) return st;
  const int heavy = pp - 1 - extra;  // the first stage with lo + 1
  st.middle = lo + 1;
  if (heavy == 0) {
    st.first = lo + 1;
    st.middle_index = pp >= 3 ? 1 : 0;
  } else {
    st.middle_index = heavy;
  }
  return st;
}

int stage_kinds(const ModelShape& m, int pp, StageKind out[kMaxStageKinds]) {
  // The first stage (embedding, most micro-batches in flight), the last (output layer, loss)
  // and, with three or more stages, the heaviest middle stage that holds the most micro-batches
  // in flight. Middle stages count their MoE layers as if all were MoE when the model has that
  // many, which bounds every middle stage; when the leading layers are dense, stage 1 (every
  // layer MoE, PP - 1 in flight) can need more than stage 0 and than the heavier stages further
  // down, so it is a candidate of its own.
  const StageLayers sl = stage_layers(m.layers, pp);
  const int moe_total = m.moe_layers();
  int n = 0;
  out[n++] = StageKind{0, sl.first, std::max(0, sl.first - m.dense_layers) * (moe_total > 0), true, pp == 1};
  if (pp >= 2) out[n++] = StageKind{pp - 1, sl.last, std::min(sl.last, moe_total), false, true};
  if (pp >= 3) {
    out[n++] = StageKind{sl.middle_index, sl.middle, std::min(sl.middle, moe_total), false, false};
    if (sl.middle_index > 1 && m.dense_layers > 0 && moe_total > 0)
      out[n++] = StageKind{1, sl.light, std::min(sl.light, moe_total), false, false};
  }
  return n;
}

StageParams stage_params(const ModelShape& m, const ParamCounts& pc, const Parallelism& p, const StageKind& st,
                         int etp) {
  // Linear layers split across TP (Shoeybi et al. 2019); the vocabulary-parallel embedding
  // too. Tied embeddings with PP > 1 keep a copy on the last stage for the output layer
  // (Megatron-LM). Routed experts are split over EP as well.
  const double t = p.tp;
  StageParams sp;
  sp.dense = (st.layers - st.moe_layers) * pc.dense_layer / t;
  if (st.moe_layers > 0) {
    sp.dense += st.moe_layers * (pc.attention + pc.norms_per_layer + pc.router + m.shared_experts * pc.expert) / t;
    sp.experts = st.moe_layers * double(m.experts) * pc.expert / (double(p.ep) * etp);
  }
  if (st.first) sp.dense += pc.embedding / t;
  if (st.last) {
    sp.dense += pc.final_norm;
    if (pc.output > 0) sp.dense += pc.output / t;
    else if (p.pp > 1) sp.dense += double(m.vocab) * m.hidden / t;
  }
  return sp;
}

double nccl_buffer_bytes(const ModelShape& m, const Parallelism& p, int dp, int edp, const StageKind& st,
                         double buffsize) {
  // NCCL_BUFFSIZE sizes the Simple protocol's buffers, the LL and LL128 ones keep theirs.
  const double connection = buffsize + calib::kNcclLl128Bytes + calib::kNcclLlBytes;
  const double p2p = calib::kNcclP2pBuffersPerPeer * buffsize;
  const double collective = calib::kNcclCollectiveChannels * connection;
  const int d = dp * p.cp;
  double bytes = 0;
  if (p.tp > 1) bytes += collective;                                    // TP all-reduce / RS + AG
  if (d > 1) bytes += collective;                                       // gradients over DP x CP
  if (p.ep > 1 && edp > 1) bytes += collective;                         // expert gradients
  if (p.pp > 1 && m.tied_embeddings && (st.first || st.last)) bytes += collective;  // embedding group
  if (p.pp > 1) bytes += 2 * p2p;                                       // previous and next stage
  if (p.cp > 1) bytes += 2 * p2p;                                       // CP ring neighbours
  if (p.ep > 1) bytes += (p.ep - 1) * p2p;                              // all-to-all peers
  return bytes;
}

namespace {

// Micro-batches whose activations a stage holds at the peak of the schedule.
// 1F1B (Narayanan et al. 2021): stage i warms up with p - i forward passes.
// Interleaved with v chunks (Megatron-LM schedules.py): (p - i - 1) * 2 + (v - 1) * p + 1
// chunk passes, each of 1/v of the stage's layers; for i = 0 that is p (1 + (p-1)/(p v)),
// Korthikanti's factor.
double inflight_microbatches(int stage, int pp, int vpp, int microbatches) {
  if (vpp <= 1) return std::min(pp - stage, microbatches);
  const double chunks = std::min((pp - stage - 1) * 2 + (vpp - 1) * pp + 1, microbatches * vpp);
  return chunks / vpp;
}

// What every stage's memory reads alike: the bytes per parameter and one layer's activations
// (worked out once for all stages).
struct StageInputs {
  BytesPerParam bpp;
  LayerActivationInputs in;
  bool te = false, te_fp8 = false;  // a Transformer Engine stack; in fp8
  double act_dense = 0, act_moe = 0;
  double full_dense = 0, full_moe = 0;  // full recomputation: one layer's whole activations
};

StageInputs stage_inputs(const Scenario& s) {
  const ModelShape& m = s.model;
  const Training& tr = s.training;
  const Parallelism& p = s.parallel;
  StageInputs x;
  x.bpp = bytes_per_param(tr.precision, tr.optimizer, tr.grad_dtype, tr.zero, tr.optimizer_dtype);
  LayerActivationInputs& in = x.in;
  in.model = &m;
  in.seq = tr.seq;
  in.micro_batch = tr.micro_batch;
  in.tp = p.tp;
  in.cp = p.cp;
  in.sp = p.sp && p.tp > 1;
  in.dropout = tr.dropout;
  in.flash_attention = tr.flash_attention;
  in.recompute = tr.recompute;
  in.selective_op = tr.selective_op;
  in.recompute_modules = tr.recompute_modules;
  in.etp = s.expert_tp();
  // Transformer Engine (the Megatron stacks' fp8) keeps the linear layers' fp8 inputs; torchao's
  // float8 (the PyTorch stacks) saves the 16-bit ones and casts again in the backward
  // (torchao/float8/float8_linear.py, matmul_with_hp_or_float8_args).
  const SoftwareStack stack = tr.stack_used();
  x.te = stack == SoftwareStack::MegatronCore || stack == SoftwareStack::MegatronLm;
  x.te_fp8 = x.te && tr.precision == Precision::Fp8;
  in.fp8_linear_inputs = x.te_fp8;
  x.act_dense = layer_activation_bytes(in);
  LayerActivationInputs moe = in;
  moe.moe = true;
  x.act_moe = m.is_moe() ? layer_activation_bytes(moe) : 0.0;
  if (tr.recompute == Recompute::Full) {
    LayerActivationInputs full = in;
    full.recompute = Recompute::None;
    x.full_dense = layer_activation_bytes(full);
    full.moe = true;
    if (m.is_moe()) x.full_moe = layer_activation_bytes(full);
  }
  return x;
}

// ZeRO (Rajbhandari et al. 2020): stage 1 shards optimizer states, 2 adds gradients, 3 adds
// weights, over the data-parallel ranks. Megatron-LM shards over DP x CP; expert
// parameters over the expert-data-parallel ranks (Scenario::expert_dp(): DP x CP / EP when
// ETP is TP).
void set_model_states(const Scenario& s, int dp, int edp, const StageParams& held, const BytesPerParam& bpp,
                      MemoryBreakdown& mb) {
  const Training& tr = s.training;
  const double dense = held.dense, experts = held.experts;
  const double d_dense = double(dp) * s.parallel.cp;
  const double d_expert = edp;
  const ModelStates ds = model_states(dense, bpp, tr.zero, d_dense);
  const ModelStates es = model_states(experts, bpp, tr.zero, d_expert);
  mb.weights = ds.weights + es.weights;
  mb.gradients = ds.gradients + es.gradients + zero2_bucket_bytes(tr, bpp, dense, int(d_dense)) +
                 zero2_bucket_bytes(tr, bpp, experts, std::max(1, int(d_expert)));
  mb.optimizer = ds.optimizer + es.optimizer;
}

// Activations: per-layer bytes times layers times micro-batches in flight (written to
// `inflight_out`).
double stage_activations(const Scenario& s, int microbatches, const StageKind& st, const StageInputs& x,
                         double* inflight_out) {
  const ModelShape& m = s.model;
  const Training& tr = s.training;
  const Parallelism& p = s.parallel;
  const double t = p.tp;
  const int dense_layers = st.layers - st.moe_layers;
  const double inflight = inflight_microbatches(st.index, p.pp, p.vpp, microbatches);
  *inflight_out = inflight;
  double activations = inflight * (dense_layers * x.act_dense + st.moe_layers * x.act_moe);
  const double tokens = double(tr.seq) / p.cp * tr.micro_batch;
  const double tsp = x.in.sp ? t : 1.0;
  if (tr.recompute == Recompute::Full) {
    // Backward recomputes one layer at a time and holds its full activations meanwhile.
    activations += st.moe_layers > 0 ? x.full_moe : x.full_dense;
  }
  // Embedding dropout mask on the first stage, per in-flight micro-batch (Korthikanti
  // section 4.3: sbhp/t).
  if (st.first && tr.dropout) activations += inflight * tokens * m.hidden / tsp;
  return activations;
}

// Output layer and fp32 cross-entropy on the last stage: 4sbh/t (1 + V/h) (Korthikanti
// section 4.3), for the one micro-batch whose loss is being computed. A fused cross-entropy
// keeps the 16-bit logits and writes their gradient in place: 2sbV/t for the logits.
double loss_logits_bytes(const Scenario& s) {
  const ModelShape& m = s.model;
  const Training& tr = s.training;
  const double t = s.parallel.tp;
  const double tokens = double(tr.seq) / s.parallel.cp * tr.micro_batch;
  return 4.0 * tokens * m.hidden / t + (tr.fused_cross_entropy ? 2.0 : 4.0) * tokens * double(m.vocab) / t;
}

// ZeRO-3 / FSDP gathers each layer's 16-bit weights before its forward and again before its
// backward, prefetching the next layer meanwhile, and holds the layer's full gradients until
// their reduce-scatter: two gathered layers plus one layer of gradients (PyTorch FSDP with
// forward and backward prefetch; DeepSpeed stage 3 likewise with its prefetch bucket). The
// largest layer of the stage sets it; experts gather over the expert-data-parallel ranks only.
double zero3_working_bytes(const Scenario& s, const ParamCounts& pc, const StageKind& st, const BytesPerParam& bpp,
                           int etp) {
  const ModelShape& m = s.model;
  const Parallelism& p = s.parallel;
  const double t = p.tp;
  const int dense_layers = st.layers - st.moe_layers;
  double unit = dense_layers > 0 ? pc.dense_layer / t : 0.0;
  if (st.moe_layers > 0) {
    const double moe_unit = (pc.attention + pc.norms_per_layer + pc.router + m.shared_experts * pc.expert) / t +
                            double(m.experts) * pc.expert / (double(p.ep) * etp);
    unit = std::max(unit, moe_unit);
  }
  return unit * (2.0 * bpp.weights + bpp.gradients);
}

// Transformer Engine's fp8 copies of the linear layers' weights and their transposes
// (calib::kTeFp8WeightCopyBytes): every linear weight the stage holds; norms, router,
// embedding and output layer stay 16-bit. Under ZeRO-3 the gathered layers are cast as they
// arrive and nothing is cached across layers.
double fp8_weight_copy_bytes(const Scenario& s, const ParamCounts& pc, const StageKind& st, double experts) {
  const ModelShape& m = s.model;
  const double t = s.parallel.tp;
  double linear = (st.layers - st.moe_layers) * (pc.attention + pc.dense_mlp) / t + experts;
  if (st.moe_layers > 0) linear += st.moe_layers * (pc.attention + m.shared_experts * pc.expert) / t;
  return linear * calib::kTeFp8WeightCopyBytes;
}

// Fragmentation of the caching allocator's blocks: the tensors it hands out (userbuffers are
// registered outside it).
double fragmentation_bytes(const Scenario& s, const MemoryBreakdown& mb) {
  return s.overheads.fragmentation * (mb.weights + mb.gradients + mb.optimizer + mb.activations + mb.loss_logits +
                                      mb.zero3_working + mb.fp8_weight_copies + mb.cp_ring_buffers);
}

MemoryBreakdown stage_memory(const Scenario& s, const ParamCounts& pc, int dp, int microbatches, const StageKind& st,
                             const StageInputs& x, double* params_on_gpu, double* inflight_out) {
  const ModelShape& m = s.model;
  const Training& tr = s.training;
  const Parallelism& p = s.parallel;
  MemoryBreakdown mb;

  const int etp = s.expert_tp(), edp = s.expert_dp();
  const StageParams held = stage_params(m, pc, p, st, etp);  // parameters on this stage's GPU
  *params_on_gpu = held.dense + held.experts;

  set_model_states(s, dp, edp, held, x.bpp, mb);
  mb.activations = stage_activations(s, microbatches, st, x, inflight_out);
  if (st.last) mb.loss_logits = loss_logits_bytes(s);
  if (tr.zero == Zero::Stage3) mb.zero3_working = zero3_working_bytes(s, pc, st, x.bpp, etp);
  if (x.te_fp8 && tr.zero != Zero::Stage3) mb.fp8_weight_copies = fp8_weight_copy_bytes(s, pc, st, held.experts);
  // The CP ring's buffers while one layer's attention runs, on top of the stored activations
  // (cp_ring_buffer_bytes). Transformer Engine's ring (the Megatron stacks) keeps every step's
  // chunk; the PyTorch stacks' ring is taken as its send and receive pair of K/V and of their
  // gradients, TE's backward figure [est].
  if (p.cp > 1) {
    LayerActivationInputs in = x.in;
    in.moe = false;
    mb.cp_ring_buffers = cp_ring_buffer_bytes(in, x.te);
  }
  mb.tp_overlap_buffers = tp_overlap_buffer_bytes(s);
  mb.workspaces = cublas_workspace_bytes(s);

  mb.comm_buffers = nccl_buffer_bytes(m, p, dp, edp, st, s.training.nccl_buffsize) + s.overheads.comm_buffer_bytes;
  mb.framework = s.overheads.framework_bytes;
  mb.fragmentation = fragmentation_bytes(s, mb);
  return mb;
}

}  // namespace

MemoryEstimate estimate_memory(const Scenario& s, const ParamCounts& params, int dp) {
  const ModelShape& m = s.model;
  const int pp = s.parallel.pp;
  const int microbatches = s.training.global_batch / (dp * s.training.micro_batch);
  StageKind kinds[kMaxStageKinds];
  const int n = stage_kinds(m, pp, kinds);

  MemoryEstimate best;
  best.capacity = s.cluster.gpu.memory_bytes;
  double best_total = -1;
  const StageInputs x = stage_inputs(s);
  for (int i = 0; i < n; ++i) {
    double params_on_gpu = 0, inflight = 0;
    const MemoryBreakdown mb = stage_memory(s, params, dp, microbatches, kinds[i], x, &params_on_gpu, &inflight);
    if (mb.total() > best_total) {
      best_total = mb.total();
      best.peak = mb;
      best.peak_stage = kinds[i].index;
      best.peak_stage_layers = kinds[i].layers;
      best.params_on_gpu = params_on_gpu;
      best.inflight = inflight;
    }
  }
  best.fits = best.peak.total() <= best.capacity;
  best.kept_free = s.overheads.headroom_fraction * best.capacity;
  best.fits_with_headroom = best.peak.total() + best.kept_free <= best.capacity;
  return best;
}

double memory_floor_bytes(const Scenario& s, const ParamCounts& params, int dp) {
  const ModelShape& m = s.model;
  const Training& tr = s.training;
  const Parallelism& p = s.parallel;
  StageKind kinds[kMaxStageKinds];
  const int n = stage_kinds(m, p.pp, kinds);
  // As stage_memory shards them.
  const BytesPerParam bpp = bytes_per_param(tr.precision, tr.optimizer, tr.grad_dtype, tr.zero, tr.optimizer_dtype);
  const double d_dense = double(dp) * p.cp;
  const int etp = s.expert_tp();
  const double d_expert = s.expert_dp();
  double most = 0;
  for (int i = 0; i < n; ++i) {
    const StageParams held = stage_params(m, params, p, kinds[i], etp);
    most = std::max(most, model_states(held.dense, bpp, tr.zero, d_dense).total() +
                              model_states(held.experts, bpp, tr.zero, d_expert).total());
  }
  return most * (1.0 + s.overheads.fragmentation) + s.overheads.framework_bytes;
}

}  // namespace cp
