// Memory per GPU: model states (ZeRO, Rajbhandari et al. 2020), activations (Korthikanti et
// al. 2022, generalised tensor by tensor) and the framework's own allowances.
#pragma once

#include "engine/calibration.h"
#include "engine/enums.h"
#include "engine/model.h"
#include "engine/scenario.h"
#include "engine/units.h"

namespace cp {

// Bytes per parameter of each model-state class, before any ZeRO sharding.
struct BytesPerParam {
  double weights = 0;    // the copy the forward/backward pass reads
  double gradients = 0;  // the gradient buffer
  double optimizer = 0;  // master weights (if any) + optimizer moments
  double total() const { return weights + gradients + optimizer; }
};

BytesPerParam bytes_per_param(Precision precision, Optimizer optimizer, GradDtype grad, Zero zero,
                              OptimizerDtype optimizer_dtype = OptimizerDtype::Fp32);

// Model-state bytes of `params` parameters under a ZeRO stage with `d` data-parallel ranks
// (Rajbhandari et al. 2020, section 5: Pos shards optimizer states, Pos+g adds gradients,
// Pos+g+p adds parameters).
struct ModelStates {
  double weights = 0, gradients = 0, optimizer = 0;
  double total() const { return weights + gradients + optimizer; }
};
ModelStates model_states(double params, const BytesPerParam& bpp, Zero zero, double d);

// Megatron-Core DDP bucket size in parameters: max(dp_bucket_params, kBucketParamsPerDpRank x DP).
// The reduction's buckets (engine/throughput.h, add_dp_reduction) and the memory they hold
// unsharded (zero2_bucket_bytes) are the same buckets.
double dp_bucket_params(const Training& tr, int ranks);

// ZeRO-2 shards the gradients, but a gradient bucket is reduce-scattered only once it is whole:
// until then its parameters' gradients are held unsharded (Rajbhandari et al. 2020, section
// 5.2: "we bucketize all the gradients corresponding to a particular partition, and perform
// reduction on the entire bucket at once"). With the reduction overlapping the backward, two
// such buckets are in use, one being filled while the other is reduced (DeepSpeed
// runtime/zero/stage_1_and_2.py: the ipg_buffer pair of reduce_bucket_size elements when
// contiguous_gradients and overlap_comm are on); without overlap, one (buf_0 alone: the
// buckets are reduced as they fill, the backward waiting on each). The bucket is the one the
// reduction model uses (dp_bucket_params over `ranks`). Bytes beyond the
// gradient shard, never more than the whole unsharded gradients; 0 for other ZeRO stages
// (ZeRO 0/1 and the distributed optimizer hold whole gradients, counted already; ZeRO-3 counts
// one layer's in MemoryBreakdown::zero3_working) and for one rank.
double zero2_bucket_bytes(const Training& tr, const BytesPerParam& bpp, double params, int ranks);

// One transformer layer's stored activations for one micro-batch on one GPU, in bytes.
struct LayerActivationInputs {
  const ModelShape* model = nullptr;
  double seq = 0;          // full sequence length (CP divides it)
  double micro_batch = 0;
  int tp = 1;
  int cp = 1;
  bool sp = false;
  bool dropout = false;
  bool flash_attention = false;
  Recompute recompute = Recompute::None;
  bool moe = false;        // the layer has a routed-expert MLP
  int etp = 1;             // expert tensor parallelism (Scenario::expert_tp())
  // With selective recomputation: torchtitan's op policy (Training::selective_op) and the
  // modules recomputed besides the attention core (Training::recompute_modules).
  bool selective_op = false;
  RecomputeModules recompute_modules = RecomputeModules::None;
  // The linear layers save their inputs in fp8 (Transformer Engine's fp8 recipe: the input is
  // cast once and the fp8 copy kept for the weight gradient).
  bool fp8_linear_inputs = false;
};
double layer_activation_bytes(const LayerActivationInputs& in);

// The context-parallel ring's buffers while one layer's attention runs, beyond what the layer
// stores (Transformer Engine's AttnFuncWithCPAndKVP2P, the ring Megatron-Core's CP runs): the
// forward keeps every step's received K/V chunk and every step's partial output until the
// layer's output is merged, (CP - 1) chunks of K/V and CP partial outputs
// (p2p_comm_buffers and out_per_step, lists of cp_size entries, attention.py at c27ee60ec;
// context_parallel.py at d0067d0da); the backward double-buffers K/V with their gradients, four
// chunks. The larger of the two, for one micro-batch; 0 without CP. `every_step` false: a ring
// that keeps only the pair being sent and received, the backward's four chunks.
double cp_ring_buffer_bytes(const LayerActivationInputs& in, bool every_step = true);

// Transformer Engine's userbuffers for TP overlap (calib::kTeUserbuffers*): 0 unless the
// scenario overlaps TP communication on a Megatron stack with TP > 1.
double tp_overlap_buffer_bytes(const Scenario& s);

// cuBLAS workspaces of PyTorch and, on the Megatron stacks, Transformer Engine
// (calib::k*CublasWorkspace*).
double cublas_workspace_bytes(const Scenario& s);

struct MemoryBreakdown {
  double weights = 0;
  double gradients = 0;
  double optimizer = 0;
  double activations = 0;
  double loss_logits = 0;     // output layer input and fp32 logits for the loss (last stage)
  // ZeRO-3 working set: the gathered 16-bit weights of the layer being computed and of the one
  // prefetched, and the layer's unsharded gradients before their reduce-scatter.
  double zero3_working = 0;
  double comm_buffers = 0;    // NCCL buffers of the communicators this GPU uses, plus any set allowance
  double framework = 0;
  double fragmentation = 0;
  double fp8_weight_copies = 0;   // Transformer Engine's fp8 weight copies and transposes
  double tp_overlap_buffers = 0;  // Transformer Engine's userbuffers for TP overlap
  double cp_ring_buffers = 0;     // the CP ring's K/V chunks and partial outputs, one layer
  double workspaces = 0;          // cuBLAS workspaces
  double other() const {
    return loss_logits + zero3_working + comm_buffers + framework + fragmentation + fp8_weight_copies +
           tp_overlap_buffers + cp_ring_buffers + workspaces;
  }
  double total() const { return weights + gradients + optimizer + activations + other(); }
};

struct MemoryEstimate {
  MemoryBreakdown peak;        // the breakdown of the stage that needs the most
  int peak_stage = 0;          // 0-based pipeline stage with the peak
  int peak_stage_layers = 0;
  double inflight = 0;         // micro-batches whose activations the peak stage holds at once
  double params_on_gpu = 0;    // parameters held on the peak stage's GPU (before ZeRO-3 sharding)
  double capacity = 0;         // the GPU's memory, bytes
  bool fits = false;
  double headroom() const { return capacity - peak.total(); }
  // Memory the planner keeps free on top of the estimate (overheads.headroom_fraction of the
  // capacity), and whether the estimate fits with it.
  double kept_free = 0;
  bool fits_with_headroom = false;
};

// Precondition: validate(s) found no problem.
MemoryEstimate estimate_memory(const Scenario& s, const ParamCounts& params, int dp);

// A floor under estimate_memory's peak.total(), for a search that rejects layouts that cannot
// fit without estimating their memory: the model states (weights, gradients, optimizer states
// as ZeRO shards them, before ZeRO-2's unsharded buckets) of the stage that holds the most, with
// the fragmentation on them and the framework's allowance; activations, the loss logits, the
// ZeRO-3 working set and the NCCL buffers only add. Reads TP, PP, CP, EP, ZeRO and DP, not the
// micro-batch, VPP, recomputation or SP.
double memory_floor_bytes(const Scenario& s, const ParamCounts& params, int dp);

// Layers on each pipeline stage when PP does not divide the layer count: every stage holds
// layers / PP and the remainder goes one each to the stages just before the last, i.e. to the
// stages with the fewest micro-batches in flight under 1F1B (stage i holds PP - i), keeping the
// first stage (the embedding, the most in flight) and the last (the output layer and the
// loss) light. Llama 3 405B: 126 layers on 16 stages, 14 stages of 8, the first and last of 7
// (Llama 3 paper, section 3.3.2). Only when the remainder is PP - 1 does the first stage take
// one more. `middle` is the layer count of the heaviest middle stage and `middle_index` the
// first stage that holds it.
struct StageLayers {
  int first = 0, middle = 0, last = 0;
  int middle_index = 1;
  int light = 0;  // layers / PP: what every stage not given an extra layer holds
};
StageLayers stage_layers(int layers, int pp);

// The pipeline stages that can set memory and time: the first, the last, the heaviest middle
// one and, for MoE models whose leading layers are dense, the second (fewer when PP < 3).
// Returns how many were written to `out`.
struct StageKind {
  int index = 0;       // 0-based pipeline rank
  int layers = 0;
  int moe_layers = 0;
  bool first = false;  // holds the embedding
  bool last = false;   // holds the output layer and the loss
};
inline constexpr int kMaxStageKinds = 4;
int stage_kinds(const ModelShape& m, int pp, StageKind out[kMaxStageKinds]);

// Parameters a GPU of that stage holds, before any ZeRO sharding.
struct StageParams {
  double dense = 0;    // sharded over DP x CP
  double experts = 0;  // routed experts, sharded over the expert-data-parallel ranks
};
// `etp`: the expert tensor parallel degree (Scenario::expert_tp()).
StageParams stage_params(const ModelShape& m, const ParamCounts& pc, const Parallelism& p, const StageKind& st,
                         int etp);

// NCCL buffers of the communicators a GPU of this stage moves data on (Megatron-LM process
// groups): TP, DP x CP and the expert-data-parallel group (collectives), the embedding group of
// the first and last stages when the embeddings are tied, PP and CP (point-to-point to two
// neighbours) and EP (all-to-all to EP - 1 peers). NCCL connects lazily, so a group that moves
// nothing costs nothing. `buffsize`: NCCL_BUFFSIZE, the Simple protocol's buffer.
double nccl_buffer_bytes(const ModelShape& m, const Parallelism& p, int dp, int edp, const StageKind& st,
                         double buffsize = calib::kNcclSimpleBytes);

}  // namespace cp
