// Step time, throughput and utilisation of a training job: compute per pipeline stage, the
// exposed part of each communication (TP, PP, DP, EP, CP), the pipeline bubble and the
// optimizer step.
#pragma once

#include <cstdint>

#include <algorithm>
#include <array>
#include <limits>
#include <string_view>

#include "engine/calibration.h"
#include "engine/collectives.h"
#include "engine/compute.h"
#include "engine/fabric.h"
#include "engine/memory.h"
#include "engine/scenario.h"

namespace cp {

// Bytes PyTorch FSDP copies per parameter of a layer and micro-batch (calib::kFsdpGatherCopyBytes),
// with gradients reduced in `grad_bytes` bytes: 2 x 4 + (2 + g) + 2g, 22 for fp32 reduction.
double fsdp_copy_bytes_per_param(double grad_bytes);

// HBM bytes per parameter and micro-batch of unfused gradient accumulation
// (Training::grad_accum_fusion off): the 16-bit weight gradient read and the `grad_bytes`
// buffer read and written, 10 with fp32 buffers.
double unfused_accumulation_bytes_per_param(double grad_bytes);

// How much an overlapped data-parallel collective slows the compute it hides behind: the larger
// of NCCL's share of the SMs for the hidden time (calib::kOverlapInterference) and the time the
// HBM needs for the collective's own memory traffic, kCollectiveHbmPerBusByte x bus bytes /
// (HBM x kHbmEfficiency). Overlapped collectives and compute kernels contend for memory
// bandwidth (Rashidi et al., "Enabling Compute-Communication Overlap in Distributed Deep
// Learning Training Platforms", ISCA 2021: up to 1.4x slower compute). Inside an A100 node
// (234 GB/s of bus bandwidth) a hidden second costs 3 x 234 / (0.85 x 2,039) = 0.40 s; inside an
// H100 node 0.37 s; through one HDR NIC per rank (24 GB/s) NCCL's SM share, 0.15 s, is larger.
// The HBM term counts bytes, not time, so a faster fabric never makes it grow. At most hidden_s.
double overlap_slowdown_s(const GpuSpec& gpu, double hidden_s, double hidden_bus_bytes);

// FSDP / ZeRO-3 with one layer of prefetch (PyTorch FSDP's forward and BACKWARD_PRE prefetch,
// FSDP2's implicit prefetch; DeepSpeed stage 3 prefetch): the time one micro-batch waits on its
// parameter gathers and gradient reduce-scatters. Forward: the first layer's gather is exposed,
// and each later gather hides behind the previous layer's forward only as far as that lasts.
// Backward: each layer's window carries the next gather and the previous layer's reduce-scatter
// (one communicator: they run one after the other); the last reduce-scatter is exposed. The
// forward and backward windows do not pool: a gather longer than a layer's forward waits
// however long the backward is. `gather_s` and `reduce_scatter_s` are one layer's collectives,
// `fwd_layer_s` and `bwd_layer_s` one layer's compute (the backward with any recomputation).
double zero3_exposed_per_microbatch(double gather_s, double reduce_scatter_s, double fwd_layer_s, double bwd_layer_s,
                                    int layers);

struct ExposedComm {
  double tp_s = 0, pp_s = 0, dp_s = 0, ep_s = 0, cp_s = 0;
  double total() const { return tp_s + pp_s + dp_s + ep_s + cp_s; }
};

// What a collective group looked like: used for the "why this number" view and the tests.
struct GroupLink {
  int ranks = 1;
  int nodes = 1;          // nodes the group spans
  Link link;              // bus bandwidth and per-step latency used
  CollectiveAlgo algo = CollectiveAlgo::None;
  double fabric_factor = 1;  // share of NIC bandwidth the fabric delivers (1 inside a node)
  int per_node = 1;          // ranks of the group on one node
  Link intra;                // the NVLink (or PCIe) path inside a node
  TrafficPattern pattern = TrafficPattern::Ring;
};

struct StepBreakdown {
  double step_s = 0;          // one optimizer step, after any site calibration
  double modelled_step_s = 0; // before site calibration
  double compute_s = 0;       // micro-batches x compute of the slowest stage
  double bubble_s = 0;        // pipeline fill and drain
  double optimizer_s = 0;
  ExposedComm exposed;
  // The parts of compute_s and bubble_s that communication causes, by the traffic that causes
  // them, so that a gap between two fabrics can be charged to its cause (they are already in
  // compute_s and bubble_s, never added again): `interference` is the slowdown of the kernels
  // by hidden transfers holding SMs and HBM (calib::kOverlapInterference, overlap_slowdown_s),
  // in compute and bubble; `bubble_comm` the pipeline bubble's share that is exposed
  // per-micro-batch communication (the bubble repeats the slowest stage, transfers included).
  ExposedComm interference;
  ExposedComm bubble_comm;
  double microbatch_s = 0;    // one micro-batch through the slowest stage (compute + comm)
  int slowest_stage = 0;
  GroupLink tp, dp, pp, ep, cp;
  double dp_total_s = 0;      // the DP reduction before overlap
  double ep_total_s = 0;      // expert-parallel dispatch and combine all-to-alls of the step
  double dp_collectives = 0;  // DP collectives issued per step (each pays its latency)
  double model_flops_per_step = 0;
  double hardware_flops_per_step = 0;
};

struct Throughput {
  double tokens_per_s = 0;
  double model_flops_per_step = 0;     // 6N-style model FLOPs, no recomputation
  double hardware_flops_per_step = 0;  // with recomputation
  double model_tflops_per_gpu = 0;
  double hardware_tflops_per_gpu = 0;
  double mfu = 0;
  double hfu = 0;
  double band_low = 0;   // tokens/s at the low end of the validation error band
  double band_high = 0;
  // The uncertainty band as speed errors: the measured speed lies between speed / (1 +
  // band_high_error) and speed / (1 + band_low_error); from the cross-validated residuals of
  // the matching buckets (engine/error_band.h). Every throughput figure scales alike.
  double band_low_error = 0, band_high_error = 0;
  std::string_view band_dimension, band_bucket;  // the bucket that set the band (empty: none)
  int band_runs = 0;                             // corpus runs behind that bucket
  std::uint32_t outside_evidence = 0;            // evidence_gaps() the band was widened for
  bool stack_assumed = false;                    // the stack was auto: the stack spread is in the band
  double mfu_band_low = 0, mfu_band_high = 0;    // MFU at the band's ends
  double train_time_s = 0;  // for the token budget (0 if none)
};

// One relative error band for every throughput estimate (the mean absolute error over the
// calibration set), for callers that want a single figure; an estimate's own band comes from
// engine/error_band.h.
inline constexpr double kValidationErrorBand = 0.10;

// --- The named pieces of estimate_step, each tested in tst_throughput ----------

// Tensor parallelism of one layer and micro-batch: kTpCollectivesPerLayer all-reduces of
// `tokens` x `hidden` 16-bit activations (kTpCollectivesRecomputed more under full
// recomputation); with SP the same bytes as reduce-scatter + all-gather (Korthikanti et al.
// 2022). Megatron-Core's TP overlap hides kTpOverlapHidden of it behind the GEMMs, never more
// than `overlap_window_s`, the layer's compute that the transfers run beside.
struct TpLayerCost {
  double exposed_s = 0;  // on the critical path
  double hidden_s = 0;   // hidden behind GEMMs (it still slows them: kOverlapInterference)
  CollectiveAlgo algo = CollectiveAlgo::None;
};
//
// Without Megatron-Core's TP overlap, Megatron's linear layers still run the backward's
// collectives asynchronously (`async_backward`, tp_backward_overlaps): each column-parallel
// layer launches its input-gradient all-reduce (with SP: the input all-gather under the
// input-gradient GEMM, the reduce-scatter under the weight-gradient GEMM) and computes its
// weight gradient meanwhile (Megatron-LM megatron/core/tensor_parallel/layers.py,
// LinearWithGradAccumulationAndAsyncCommunication; --async-tensor-model-parallel-allreduce).
// The backward pair hides under `async_window_s` (LayerWork::tp_async_window_s); the forward's
// collectives, and the recomputed forward's, stay exposed.
TpLayerCost tp_layer_cost(double tokens, double hidden, int tp, const Link& link, bool full_recompute, bool overlap,
                          bool async_backward = false, double async_window_s = 0,
                          double overlap_window_s = std::numeric_limits<double>::infinity());
// Whether the stack runs the TP backward asynchronously: Training::tp_async_grad on the
// Megatron-LM and Megatron-Core stacks (the Megatron-DeepSpeed forks of 2021 and PyTorch's
// DTensor TP, without async TP, wait on each collective).
bool tp_backward_overlaps(const Training& tr);

// Bytes per element of an fp8 dispatch: 1 + kFp8ScaleBytes / kFp8ScaleBlock = 1.03125.
double fp8_dispatch_bytes_per_element();

// Expert parallelism of one MoE layer and micro-batch, all of it exposed: the dispatch and
// combine all-to-alls (kEpAllToAllPairsPerLayer pairs, one more under full recomputation).
// Each rank sends its `tokens` x top-k / TP routed copies of `hidden` elements: copies for
// experts on other nodes leave through the rank's own NIC (ep.link), the rest move over NVLink
// (ep.intra) at the same time. Node-limited routing (Training::moe_max_nodes) sends a token once
// per destination node, at most M (the expected g(1 - (1 - 1/g)^k) distinct nodes of g);
// fp8 dispatch sends fp8_dispatch_bytes_per_element() in the dispatch direction. The all-to-all
// waits for the busiest receiver (expected_max_load, balanced routing). Dispatch and combine sit
// between the router and the expert GEMMs of the same micro-batch: only schedules interleaving
// two micro-batches (DualPipe) could hide them, which is not modelled.
struct EpLayerCost {
  double seconds = 0;
  CollectiveAlgo algo = CollectiveAlgo::None;
};
EpLayerCost ep_layer_cost(const ModelShape& m, const Training& tr, int tp, double tokens, const GroupLink& ep);

// Context parallelism of one layer and micro-batch: ring attention passes the K and V chunks
// of `tokens` around the CP ring (cp - 1 sends) under the attention core; the backward passes
// kCpBackwardBytesFactor times the bytes under calib::kFlashBackwardFactor times the core's
// forward. What the core does not cover stalls the compute stream.
struct CpLayerCost {
  double comm_fwd_s = 0;   // the forward's ring exchanges
  double stall_fwd_s = 0;  // max(0, comm - attention forward)
  double stall_bwd_s = 0;  // max(0, 2 comm - 2.5 attention forward)
  CollectiveAlgo algo = CollectiveAlgo::None;
  double exposed_s() const { return stall_fwd_s + stall_bwd_s; }
  // What the attention core covers: the exchanges of forward and backward less their stalls.
  double hidden_s() const { return std::max(0.0, (1.0 + calib::kCpBackwardBytesFactor) * comm_fwd_s - exposed_s()); }
};
CpLayerCost cp_layer_cost(const ModelShape& m, int tp, int cp, double tokens, double attention_fwd_s, const Link& link);

// One micro-batch through one pipeline stage.
struct StageCost {
  double compute = 0;  // fwd + bwd + recompute of one micro-batch
  double bwd = 0;      // the backward part (the window DP overlap can use)
  double tp = 0, ep = 0, cp = 0;
  double ep_hidden = 0;  // all-to-all time hidden under another micro-batch (hide_expert_all_to_all)
  double model_flops = 0, hardware_flops = 0;
  double dense_params = 0, expert_params = 0;  // filled by the caller (stage_params)
  double total() const { return compute + tp + ep + cp; }
};
// Exposed per-layer communication of one micro-batch (tp_layer_cost, ep_layer_cost, cp_layer_cost).
struct LayerComm {
  double tp_s = 0, ep_s = 0, cp_s = 0;
};
// The stage's layers (dense and MoE) and, on the last stage, the output layer; each layer adds
// the pipeline engine's fixed cost per layer and micro-batch (pipeline_layer_overhead_s).
StageCost stage_cost(const StageKind& k, const LayerWork& dense, const LayerWork& moe, const LayerWork& out,
                     double layer_overhead_s, const LayerComm& comm);
// Training::ep_comm_overlap: each MoE layer's forward of one micro-batch runs with a layer's
// backward of the micro-batch it is paired with, in three phases, each as long as the longer of
// its communication and its compute (Megatron-Core's EP overlap schedule,
// megatron/core/models/common/model_chunk_schedule_plan.py, TransformerLayerSchedulePlan.run:
// communication combine_bwd | dispatch_fwd, dispatch_bwd | combine_fwd against compute
// pre_dispatch_fwd | mlp_bwd, mlp_fwd | pre_dispatch_bwd; DeepSeek-V3's DualPipe pairs the same
// components, technical report Fig. 4). Of each MoE layer's share of c.ep, a quarter per
// dispatch or combine, min(comm, compute) of each phase hides. The first `pp` micro-batches
// of a step (the pipeline's warm-up, 1 without pipelining) have no partner. The hidden part
// still costs the SMs the communication kernels hold (kOverlapInterference of it: DeepSeek-V3
// gives 20 of 132 SMs to it). Moves time from c.ep to c.ep_hidden and adds the interference to
// c.compute.
void hide_expert_all_to_all(StageCost& c, const StageKind& k, const LayerWork& moe, int microbatches, int pp);
// DeepSpeed's pipeline engine: Calibration::deepspeed_layer_overhead_s per layer and
// micro-batch on the megatron-deepspeed stack with pipelining; 0 otherwise.
double pipeline_layer_overhead_s(const Training& tr, const Parallelism& p, const Calibration& calibration);

// Pipeline bubble in micro-batch slots of the slowest stage: (p - 1) / v when each stage has
// at least p micro-batches (Narayanan et al. 2021, section 2.2); with m < p the first
// micro-batch's p x v chunk steps run one after another and the others trail it:
// (p - m) + (m - 1) / v (p - 1 for a single micro-batch, whatever v). 0 without PP.
double bubble_slots(int microbatches, int pp, int vpp);

// The data-parallel collectives of one step, before overlap.
struct DpCost {
  double reduce_s = 0, gather_s = 0;               // gradient reduction, weight gathers
  double layer_gather_s = 0, layer_reduce_s = 0;   // ZeRO-3: one layer's gather and reduce-scatter
  double bus_bytes = 0;                            // bytes the collectives move per rank
  double collectives = 0;                          // collectives issued (each pays its latency)
  CollectiveAlgo algo = CollectiveAlgo::None;
  double total_s() const { return reduce_s + gather_s; }
};
// Adds the reduction of `params` over `ranks` (group g) per ZeRO stage: ZeRO-0 all-reduces
// bucket by bucket; ZeRO-1 and the distributed optimizer reduce-scatter the gradients and
// all-gather the 16-bit weights once per step; ZeRO-2 (DeepSpeed) reduce-scatters every
// micro-batch; ZeRO-3 gathers each layer twice and reduce-scatters it once per micro-batch.
void add_dp_reduction(DpCost& c, const Training& tr, const BytesPerParam& bpp, double params, int ranks,
                      const GroupLink& g, int microbatches, int layers_in_stage);
// The exposed part of the DP collectives per ZeRO stage, given the compute stream's forward
// and backward windows of one micro-batch (with CP stalls, less CP traffic on shared NICs).
// ZeRO-3: zero3_exposed_per_microbatch per micro-batch; with DP overlap: the last bucket
// (`bucket_fraction` of the reduction) or what does not fit in the last backward (every
// micro-batch's for ZeRO-2), and the gather likewise behind the next forward; else all of it.
double dp_exposed_s(const Training& tr, const DpCost& dp, double fwd_window_s, double bwd_window_s, double bucket_fraction,
                    int microbatches, int layers_in_stage);

// Precondition: validate(s) found no problem; `net` comes from the same scenario.
StepBreakdown estimate_step(const Scenario& s, const ParamCounts& pc, int dp, const NetworkSize& net,
                            const Calibration& calibration = calib::kCalibrated);

// What one GPU computes per micro-batch in a layer and in the output layer: the first thing
// estimate_step works out. It reads the model, the training setup, the GPU and TP, CP, EP and
// SP of the layout, never the fabric, the cluster size or DP, so that a search can work it out
// once for many layouts and fabrics (core/plan, the fabric sweep).
// The calibration it was worked out with goes with it, so that the step is priced with the same.
struct StepWork {
  LayerWork dense, moe, out;  // moe: zero for a dense model
  Calibration calibration;
};
StepWork step_work(const Scenario& s, const Calibration& calibration = calib::kCalibrated);
// The same step from layer work already worked out: step_work(s, calibration) must be what it
// was computed from (the result is then bit for bit that of the overload above, which calls
// this one).
StepBreakdown estimate_step(const Scenario& s, const ParamCounts& pc, int dp, const NetworkSize& net,
                            const StepWork& work);

// --- A floor under the step time, whatever the network ----------------------------------------
// For a search that must not miss the fastest layout: no fabric makes a layout's
// modelled_step_s shorter than step_floor_s gives, so a layout whose floor is slower than a
// layout already estimated cannot win. Why it holds, from estimate_step: the slowest stage c is
// the one with the longest total() (compute + exposed TP, EP, CP per micro-batch), so
// compute_s + exposed >= microbatches x c.total() and bubble_s = slots x c.total(), where
// c.total() >= every stage's compute plus its exposed TP time (the rest of the communication
// only adds; hiding expert all-to-alls moves time from c.ep to c.compute at a discount), and that
// TP time is the fabric's business only when the TP group spans nodes; the optimizer step and
// the per-step HBM passes (FSDP copies, unfused accumulation) are those of the slowest stage, at
// least the least of any stage's. Exposed DP and PP time and the SM share hidden communication
// takes are >= 0 and left out. tests/plan/tst_sweep_search.cpp (floorNeverAboveTheStep) checks
// the floor against the estimate over a quarter of a million layouts.
//
// Every pipeline stage estimate_step weighs (stage_kinds): its compute for one micro-batch
// (stage_cost without communication) and its layers. Reads PP besides what step_work reads.
struct StageFloors {
  int count = 0;
  std::array<double, kMaxStageKinds> compute{};
  std::array<int, kMaxStageKinds> layers{};
  // A floor under the slowest stage's total(): the longest compute plus `tp_layer_s` of
  // exposed TP communication per layer (stage_cost charges every layer alike).
  double with_tp(double tp_layer_s) const;
};
StageFloors stage_floors(const Scenario& s, const StepWork& work);
// The exposed TP communication of one layer and micro-batch (LayerComm::tp_s) when the TP group
// sits inside one node, where no fabric carries it: as estimate_step works it out; 0 when the
// group spans nodes (the fabric's share is not floored).
double tp_layer_floor_s(const Scenario& s, const StepWork& work);
// Every such stage's optimizer step and its per-step HBM passes (FSDP copies, unfused gradient
// accumulation: per micro-batch), as estimate_step works them out for its slowest stage. Reads
// PP, TP, CP, EP, ZeRO and DP (`dp`), not the micro-batch.
struct OptimizerFloors {
  int count = 0;
  std::array<double, kMaxStageKinds> step{}, per_microbatch{};
  // The least, over the stages, with `microbatches` per step.
  double at(int microbatches) const;
};
OptimizerFloors optimizer_floors(const Scenario& s, const ParamCounts& pc, int dp);
// (microbatches + bubble slots) x a floor under the slowest stage (StageFloors::with_tp) +
// optimizer, as modelled (before the site calibration factor), less a relative 1e-9 so that
// rounding never lifts it above the estimate.
double step_floor_s(int microbatches, int pp, int vpp, double stage_s, double optimizer_s);
// `gaps`: engine/error_band.h's evidence_gaps() of the scenario; `total_params`:
// count_params(s.model).total.
Throughput estimate_throughput(const Scenario& s, const StepBreakdown& step, int dp, bool calibrated_range,
                               std::uint32_t gaps, double total_params);

// Bus bandwidth and latency for a group of `ranks` GPUs, `per_node` of them on each node.
// Rings and trees pass the buffer through every node once, on all `per_node` NICs in parallel:
// bus bandwidth per_node x NIC x fabric factor, capped at NVLink. All-to-all and neighbour
// sends leave the node through each GPU's own NIC: the bus bandwidth across nodes is one NIC's
// (about 47 GB/s on NDR) x fabric factor.
GroupLink group_link(const Scenario& s, const NetworkSize& net, int ranks, int per_node, TrafficPattern pattern);
GroupLink group_link(const Scenario& s, const NetworkSize& net, int ranks, int per_node);

}  // namespace cp
