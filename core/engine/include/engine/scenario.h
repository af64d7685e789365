// A Scenario is every input of one estimate: the model, the training setup, the parallel
// layout, the cluster and the stated overheads. Plain values; no catalog look-ups needed later.
#pragma once

#include <algorithm>

#include <string>

#include "engine/assumptions.h"
#include "engine/calibration.h"
#include "engine/enums.h"
#include "engine/fabric.h"
#include "engine/gpu.h"
#include "engine/model.h"

namespace cp {

struct Training {
  friend bool operator==(const Training&, const Training&) = default;
  int seq = 2048;             // tokens per sequence
  int micro_batch = 1;        // sequences per micro-batch
  int global_batch = 1024;    // sequences per optimizer step
  Precision precision = Precision::Bf16;
  Optimizer optimizer = Optimizer::Adam;
  GradDtype grad_dtype = GradDtype::Auto;
  // The optimizer states' element type (engine/enums.h): fp32, or bf16 moments with no fp32
  // master copy, as NeMo's distributed Adam runs with optim.dtype bf16 (memory.cpp,
  // bytes_per_param). Memory only: the optimizer step's time is priced as fp32 Adam's.
  OptimizerDtype optimizer_dtype = OptimizerDtype::Fp32;
  Recompute recompute = Recompute::Selective;
  // With selective recomputation: what else is recomputed instead of stored (Megatron-Core's
  // --recompute-modules: layernorm, moe_act, mla_up_proj; DeepSeek-V3 recomputes its RMSNorms
  // and MLA up-projections and caches only the SwiGLU's inputs, section 3.3; MaxText's
  // minimal_flash keeps only the matmul outputs). Memory only: the recomputed elementwise ops and
  // up-projections are not priced in the step time.
  RecomputeModules recompute_modules = RecomputeModules::None;
  // What selective recomputation recomputes. Off: Megatron's policy, the attention core only
  // (Korthikanti et al. 2022, section 5), which flash attention makes free. On: torchtitan's
  // "selective op" policy (activation_checkpoint.selective_ac_option = "op",
  // torchtitan/parallelisms/parallelize_llama.py, _save_list): the outputs of the matmuls, the
  // attention kernel and the reduce-scatters are kept, except every second matmul of a layer,
  // and every other op of the forward (norms, rotary, activation, residual adds, casts) runs
  // again in the backward (compute.cpp, layer_work).
  bool selective_op = false;
  Zero zero = Zero::Stage1;
  bool dropout = false;
  bool flash_attention = true;
  double tokens = 0;          // training-token budget (0: not given)
  // Megatron-LM communication overlap options. Tensor-parallel overlap (Megatron-Core
  // --tp-comm-overlap, Transformer Engine userbuffers) hides part of the TP collectives behind
  // GEMMs; data-parallel overlap (--overlap-grad-reduce) reduces gradient buckets while the
  // backward pass still runs. Megatron-LM of 2021-22 overlapped neither.
  bool tp_comm_overlap = false;
  // Megatron's tensor-parallel linear layers run the backward's input-gradient all-reduce (with
  // SP: the input all-gather and the gradient reduce-scatter) asynchronously, under the
  // weight-gradient GEMM (--async-tensor-model-parallel-allreduce, Megatron-LM default since
  // late 2021; always in Megatron-Core). Off for code that predates it (Narayanan et al. 2021).
  // Applies to the Megatron-LM and Megatron-Core stacks (throughput.h, tp_backward_overlaps).
  bool tp_async_grad = true;
  // Gradient-accumulation fusion: the weight-gradient GEMM accumulates straight into the
  // gradient buffer (Megatron-LM --gradient-accumulation-fusion, apex
  // fused_weight_gradient_mlp_cuda, since 2022-02; on in Megatron-Core and NeMo). Off, every
  // micro-batch writes a 16-bit weight gradient that a separate kernel adds into the buffer
  // (Megatron-LM 2021 and its DeepSpeed forks: param.main_grad.add_(param.grad)), an extra pass
  // over the stage's parameters on HBM (throughput.cpp, unfused_accumulation_bytes_per_param).
  bool grad_accum_fusion = true;
  // Fused cross-entropy: the loss and its gradient in one kernel over the 16-bit logits
  // (flash-attn's Triton cross_entropy, the default loss of flash-attention's training code and
  // of MosaicML's llm-foundry; Megatron-Core's --cross-entropy-loss-fusion). Off, the loss is
  // Megatron-LM's vocabulary-parallel cross-entropy in unfused fp32 PyTorch (compute.cpp,
  // output_work), which reads and writes every logit several times and keeps them in fp32.
  bool fused_cross_entropy = false;
  // Expert-parallel communication overlap: the forward of one micro-batch and the backward of
  // another run layer by layer in one schedule, so that each dispatch and combine all-to-all runs
  // while the other micro-batch computes (Megatron-Core --overlap-moe-expert-parallel-comm,
  // commits ae1c88296f and d7bf5aaaa8, 2025-08; DeepSeek-V3's DualPipe, arXiv:2412.19437
  // section 3.2.1). Off: every all-to-all is exposed (throughput.cpp, hide_expert_all_to_all).
  bool ep_comm_overlap = false;
  bool dp_overlap = true;
  double dp_bucket_params = 40e6;  // Megatron-LM DDP bucket size (parameters)
  // NCCL_BUFFSIZE: the Simple protocol's buffer for each channel and peer of a communicator, in
  // bytes (NCCL's environment-variable docs; 4 MiB by default, calib::kNcclSimpleBytes). Sites
  // raise it for bandwidth or lower it for memory; it is counted in memory only (memory.h,
  // nccl_buffer_bytes): NCCL says larger buffers "may improve performance", by an amount no
  // published run states.
  int nccl_buffsize = int(calib::kNcclSimpleBytes);
  // Expert-parallel dispatch: element type of the dispatch all-to-all (the combine stays
  // bf16), and node-limited routing: each token goes to at most this many nodes, its bytes
  // sent once per node and fanned out over NVLink (DeepSeek-V3: 4 nodes; DeepEP). 0: no limit,
  // every routed copy crosses on its own (a plain all-to-all).
  MoeDispatch moe_dispatch = MoeDispatch::Bf16;
  int moe_max_nodes = 0;
  // The software stack: kernel fusion, launch overhead and pipeline engine of the framework,
  // each priced by a global constant of Calibration. Left at auto (not stated), it is
  // priced as Megatron-Core (fused kernels, the most common stack of published large runs) and
  // the band spans the other stacks (engine/error_band.h).
  SoftwareStack stack = SoftwareStack::Auto;
  SoftwareStack stack_used() const { return stack == SoftwareStack::Auto ? SoftwareStack::MegatronCore : stack; }
  // Anyone's cluster and software (typical, the default) or NVIDIA's own published recipes on
  // its reference clusters (vendor): the Megatron stacks reach Calibration::typical_efficiency
  // of the vendor's GEMM and attention rate outside them.
  Deployment deployment = Deployment::Typical;
  // With --precision fp8: whether the attention core (flash attention) runs in fp8 too.
  // Transformer Engine's fp8 recipes and torchao's float8 convert only the linear layers and
  // keep dot-product attention in bf16 unless asked (TE: NVTE_FP8_DPA=1), so the default is off.
  bool fp8_attention = false;
  // Which flash-attention kernel runs the attention core (with flash_attention on): its rate
  // relative to the stack's own kernel (compute.cpp, rates). Published runs of 2022-23 used
  // kernels older than FlashAttention-2 (MosaicML's llm-foundry tables: the Triton kernel).
  AttentionKernel attention_kernel = AttentionKernel::Auto;
};

struct Parallelism {
  friend bool operator==(const Parallelism&, const Parallelism&) = default;
  int tp = 1;   // tensor parallel
  int pp = 1;   // pipeline parallel (stages)
  int vpp = 1;  // model chunks per pipeline rank (v of the interleaved schedule)
  int dp = 0;   // data parallel; 0: derived from the GPU count
  int cp = 1;   // context parallel
  int ep = 1;   // expert parallel (splits the routed experts)
  bool sp = false;  // sequence parallelism (Korthikanti et al. 2022)
  // Expert tensor parallel: how many GPUs split each routed expert's GEMMs. 0: TP when EP fits
  // inside DP x CP (the expert layout before Megatron-Core's MoE parallel folding), else 1.
  int etp = 0;
};

struct Cluster {
  friend bool operator==(const Cluster&, const Cluster&) = default;
  GpuSpec gpu;
  int gpus_per_node = 8;
  int nodes = 1;
  FabricSpec fabric;          // the scale-out network between nodes
  int nics_per_node = 8;
  Topology topology = Topology::RailOptimized;
  double oversubscription = 1.0;  // leaf down:up ratio (1 = non-blocking)
  int total_gpus() const { return gpus_per_node * nodes; }
};

// Memory the framework needs beyond the model's tensors. Stated defaults, all editable.
struct Overheads {
  friend bool operator==(const Overheads&, const Overheads&) = default;
  // CUDA context, cuBLAS/cuDNN workspaces and loaded kernels: typically 0.5-1.5 GiB per GPU
  // with PyTorch 2.x on A100/H100 (PyTorch CUDA semantics notes, and measured).
  double framework_bytes = 1.0 * 1024 * 1024 * 1024;
  // Communication buffers beyond NCCL's own: NCCL's buffers are modelled per communicator
  // (core/memory.h nccl_buffer_bytes: 147 MiB per collective group, 16 MiB per point-to-point
  // peer); this is an extra allowance on top (0 by default; older scenario files, from when a
  // flat 0.5 GiB here stood for all of NCCL's buffers, carry that value and keep it).
  double comm_buffer_bytes = 0;
  // Caching-allocator fragmentation: reserved minus allocated, as a fraction of the tensors.
  double fragmentation = 0.05;
  // Memory the auto-planner keeps free beyond all of the above, as a fraction of the GPU's
  // memory: for what an estimate cannot see (routed-token imbalance, CUDA graphs, transient
  // peaks of the allocator; Megatron Bridge's memory-tuning guide lists these as outside any
  // estimator). 0.05: 4 GB of an 80 GB GPU [est: a practitioner's margin, no published figure].
  double headroom_fraction = 0.05;
};

// A user's measured step time on their own cluster: the estimate is scaled by the ratio of
// measured to modelled step time for that GPU and fabric, and says so.
struct SiteCalibration {
  friend bool operator==(const SiteCalibration&, const SiteCalibration&) = default;
  double step_time_factor = 1.0;  // measured / modelled; 1 = no correction
  std::string note;               // what was measured, where, when
};

struct Scenario {
  // Member by member, the name and the calibration note included.
  friend bool operator==(const Scenario&, const Scenario&) = default;
  // The scenario's name. Until the user names it, it is derived from what the scenario is
  // (derived_scenario_name) and follows every edit: `derived_name` holds the name as last
  // derived, and a name equal to it is no name of the user's. Setting `name` names it.
  std::string name = "Untitled";
  std::string derived_name;
  std::string model_id;       // preset id, or "custom", or "derived:<size>"
  bool model_derived = false; // shape derived from a size alone: label it as such
  ModelShape model;
  Training training;
  Parallelism parallel;
  Cluster cluster;
  Overheads overheads;
  SiteCalibration calibration;
  Assumptions assumptions;  // power, cooling, prices, reliability

  // DP as set, or derived from the GPU count when left at 0 (and it divides exactly). At least
  // 1: a layout wider than the cluster (validate() says so) never divides an estimate by zero.
  int data_parallel() const {
    if (parallel.dp > 0) return parallel.dp;
    const int per_replica = parallel.tp * parallel.pp * parallel.cp;
    const int derived = per_replica > 0 ? cluster.total_gpus() / per_replica : 0;
    return derived > 0 ? derived : 1;
  }
  // The routed experts' layout (Megatron-Core's MoE parallel folding, 2024-25): the TP x CP x DP
  // GPUs of a pipeline stage hold the experts as ETP x EP x EDP, so EP may span TP ranks
  // (DeepSeek-V3 with TP 2, EP 64 over 1,024 H100 at PP 16: EP 64 = TP 2 x DP 32, ETP 1).
  // ETP as set, else TP where EP divides DP x CP (experts split like the dense layers, EP
  // inside DP x CP), else 1. At least 1.
  int expert_tp() const {
    if (parallel.etp > 0) return parallel.etp;
    const int dc = data_parallel() * parallel.cp;
    return parallel.ep > 0 && dc % parallel.ep == 0 ? std::max(1, parallel.tp) : 1;
  }
  // Expert data parallel: the copies of each expert shard, which reduce its gradients.
  int expert_dp() const {
    const int group = parallel.tp * parallel.cp * data_parallel();
    const int shard = std::max(1, parallel.ep) * expert_tp();
    return std::max(1, group / shard);
  }
};

// What the scenario is, as a name: "Llama 3 70B on 256x H100 SXM 80GB, IB NDR" (model, GPU count
// and type, and the scale-out fabric when there is more than one node). A custom shape is named
// by its size ("Custom 70.6B model"), a shape derived from a size as such ("70B model (derived)").
std::string derived_scenario_name(const Scenario& s);
// Whether the user has not named the scenario (its name is the derived one).
bool name_is_derived(const Scenario& s);
// The name to show and save: the user's, or the derived one, as of now.
std::string scenario_name(const Scenario& s);
// Makes the name follow the scenario: while it is derived, stores the current derived name in
// `name` (after an edit, on load). `unname`, or a blank name: give the scenario back its
// derived name.
void refresh_derived_name(Scenario& s, bool unname = false);
// The scenario file's model id for a shape derived from a size: "derived:<size>B".
std::string derived_model_id(double params_b);
// The model derived from a size of `params_b` billion parameters (model.h derive_shape_from_size),
// with derived_model_id. False, and `s` unchanged, when the size is below two layers of the
// narrowest standard width.
bool set_derived_model(Scenario& s, double params_b);
// After an edit of the model's shape: a preset whose shape it no longer is is labelled "custom",
// so that nothing claims the published shape. A derived shape keeps its label.
void label_changed_preset(Scenario& s);

// The fabric as a name part: "IB NDR", "RoCE 400G tuned"; another fabric by its own name.
std::string short_fabric_name(const FabricSpec& f);

// The cluster as `gpus` GPUs: whole nodes of its GPUs per node, or, below one node, a single
// server of `gpus` GPUs with its share of the node's NICs (NICs x gpus / GPUs per node, at least
// one), as a DGX is bought whole but a part of one rented. Every place that sizes a cluster by a
// GPU count (the CLI's --gpus, the sweep, the fabric comparison) goes through it, so that they
// price the same cluster. `gpus` above a node and not a multiple of it: false, `c` unchanged.
bool set_gpu_count(Cluster& c, int gpus);

// The seed article's case: LLaMA-65B on four servers of 8x A100 80GB SXM with 8x HDR 200 Gb/s
// InfiniBand each; TP 8, PP 4, DP 1; sequence 2048, micro-batch 1, global batch 1024; bf16
// with Adam; selective recomputation with SP; ZeRO-1; 1.4T training tokens.
Scenario default_scenario();

}  // namespace cp
