// Step time, throughput and utilisation of a training job: compute per pipeline stage, the
// exposed part of each communication (TP, PP, DP, EP, CP), the pipeline bubble and the
// optimizer step.
#pragma once

#include "engine/collectives.h"
#include <string_view>

#include "engine/compute.h"
#include "engine/fabric.h"
#include "engine/memory.h"
#include "engine/scenario.h"

namespace cp {

namespace calib {
// NCCL all-reduce bus bandwidth inside an NVLink/NVSwitch node as a fraction of the one-way
// NVLink bandwidth: A800 about 160 of 200 GB/s, DGX A100 about 230 of 300 (NVIDIA/nccl issues).
inline constexpr double kNvlinkEfficiency = 0.78;
// Nodes without NVLink reduce over PCIe 4.0 x16 through the host [est].
inline constexpr double kPcieBusbw = 20e9;
// NCCL per-step software latency (proxy, protocol handshakes), added to the wire latency:
// puts a 2-node, 16-rank ring all-reduce of a small message near the 46-48 us reported on NDR.
inline constexpr double kNcclStepLatencyS = 1.5e-6;
// Megatron-Core DDP sizes its gradient buckets max(40M, 1M x DP) parameters when none is given
// ("make buckets larger to ensure that chunks used in NCCL ring-reduce implementations are
// large enough to remain bandwidth-bound": megatron/core/distributed/
// distributed_data_parallel.py, 2024); `dp_bucket_params` is the 40M floor.
inline constexpr double kBucketParamsPerDpRank = 1e6;
// Fraction of TP communication hidden behind GEMMs with Megatron-Core's TP overlap.
inline constexpr double kTpOverlapHidden = 0.6;
// Overlapped communication slows the compute it hides behind: NCCL runs one thread block per
// channel (8-32 channels on 108-132 SMs, 7-25% of the GPU) and shares HBM bandwidth [est].
inline constexpr double kOverlapInterference = 0.15;
// HBM bytes a ring collective moves per byte of bus traffic: each step reads the chunk it
// sends and writes the chunk it receives, and a reduction also reads the local chunk it adds
// (NCCL's ring primitives: recvReduceSend, recvCopySend) [derived]: 3.
inline constexpr double kCollectiveHbmPerBusByte = 3.0;
}  // namespace calib

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
  // The band (issue 17) as speed errors: the measured speed lies between speed / (1 +
  // band_high_error) and speed / (1 + band_low_error); from the cross-validated residuals of
  // the matching buckets (engine/error_band.h). Every throughput figure scales alike.
  double band_low_error = 0, band_high_error = 0;
  std::string_view band_dimension, band_bucket;  // the bucket that set the band (empty: none)
  int band_runs = 0;                             // corpus runs behind that bucket
  double mfu_band_low = 0, mfu_band_high = 0;    // MFU at the band's ends
  double train_time_s = 0;  // for the token budget (0 if none)
};

// Relative error band of the throughput estimate before issue 17 (the mean absolute error over
// the calibration set). The band now comes from engine/error_band.h; kept for callers.
inline constexpr double kValidationErrorBand = 0.10;

// Precondition: validate(s) found no problem; `mem` and `net` come from the same scenario.
StepBreakdown estimate_step(const Scenario& s, const ParamCounts& pc, int dp, const NetworkSize& net);
Throughput estimate_throughput(const Scenario& s, const StepBreakdown& step, int dp, bool calibrated_range);

// Bus bandwidth and latency for a group of `ranks` GPUs, `per_node` of them on each node.
// Rings and trees pass the buffer through every node once, on all `per_node` NICs in parallel:
// bus bandwidth per_node x NIC x fabric factor, capped at NVLink. All-to-all and neighbour
// sends leave the node through each GPU's own NIC: the bus bandwidth across nodes is one NIC's
// (about 47 GB/s on NDR) x fabric factor.
GroupLink group_link(const Scenario& s, const NetworkSize& net, int ranks, int per_node, TrafficPattern pattern);
GroupLink group_link(const Scenario& s, const NetworkSize& net, int ranks, int per_node);

}  // namespace cp
