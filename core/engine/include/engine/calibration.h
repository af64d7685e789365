// The engine's constants, every one named, documented and sourced: the published figures the
// formulas use (calib::k...) and the few that tests/validation/tst_calibration.cpp fits on the
// validation corpus (Calibration, its fitted values calib::kCalibrated), which every estimate
// takes as a parameter.
//
// This header sits at the bottom of the engine: of the engine it includes units only.
// The engine's files stand in layers, and a file includes only headers of the layers below its
// own, so that no two translation units call each other (tst_core_no_qt, engineIsLayered, holds
// the same table):
//
//   units enums                           plain definitions (and the generated version.h)
//   calibration                           this header
//   model gpu fabric collectives          the catalogs, the fabric's sizing, the alpha-beta
//     assumptions utf8                      collectives, prices, text
//     printf_text number_text               helpers
//   scenario                              one job: model, cluster, training, parallelism
//   fields                                the field table: each input's words, bounds and
//                                           value path into the scenario
//   compute memory power error_band       one GPU's kernels, bytes per GPU, watts, the band,
//     validate                              the input checks
//   throughput reliability warnings       step time; interruptions; warning texts
//   cost                                  money
//   estimate                              a Scenario and a Calibration in, an Estimate out
//   explain seed_claims                   readers of an estimate
#pragma once

#include "engine/units.h"

namespace cp {

namespace calib {

// --- Compute: one GPU's kernels (engine/compute.h) ----------------------------------------
// The compute model's constants, shared by every GPU and every run. Each is named
// here, documented, and calibrated once against published-runs.md sections A-C.
// K-loop efficiency of a GEMM: K / (K + kGemmKOverhead) (prologue/epilogue of each tile). The
// figure holds for an A100 SM; see Calibration::gemm_k_overhead for how it scales.
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

// FlashAttention-2-class kernels on Hopper relative to Hopper-native ones: FlashAttention-2
// reaches 35% of the H100's peak, FlashAttention-3 75% (Shah et al. 2024, "FlashAttention-3:
// Fast and Accurate Attention with Asynchrony and Low-precision", abstract and section 4.1; cuDNN's
// fused attention, which Transformer Engine runs, is of the same class): 0.35 / 0.75. The GPU
// catalog sets GpuSpec::fa2_fraction_of_fa3 to it for Hopper-class GPUs (gpu.cpp).
inline constexpr double kFa2OnHopperFactor = 0.35 / 0.75;
// Kernels older than FlashAttention-2 (AttentionKernel::Triton, Flash1). FlashAttention-2 is "about
// 2x" FlashAttention 1 (Dao 2023, abstract): the start of Calibration::flash1_factor, the
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

// --- Memory: NCCL buffers, workspaces, Transformer Engine's copies (engine/memory.h) -------
// NCCL allocates, for every channel of a communicator and every peer it receives from, one
// buffer per protocol: Simple NCCL_BUFFSIZE = 4 MiB (NCCL environment-variable docs), LL128
// 120 elements x 8 B x 640 threads x 8 steps = 4.6875 MiB and LL 8 lines x 16 B x 512 threads x
// 8 steps = 0.5 MiB (NCCL src/include/device.h defaults). Checked against NCCL at 5067397c
// (2026-06): src/init.cc DEFAULT_BUFFSIZE (1 << 22), DEFAULT_LL128_BUFFSIZE
// NCCL_LL128_ELEMS_PER_THREAD (120) x NCCL_LL128_MAX_NTHREADS (640) x NCCL_STEPS (8) x 8 B and
// DEFAULT_LL_BUFFSIZE NCCL_LL_LINES_PER_THREAD (8) x NCCL_LL_MAX_NTHREADS (512) x NCCL_STEPS x
// 16 B, unchanged (tst_memory::ncclBuffersMatchNcclDefaults).
inline constexpr double kNcclSimpleBytes = double(1 << 22);
inline constexpr double kNcclLl128Bytes = 120.0 * 640 * 8 * 8;
inline constexpr double kNcclLlBytes = 8.0 * 512 * 8 * 16;
inline constexpr double kNcclConnectionBytes = kNcclSimpleBytes + kNcclLl128Bytes + kNcclLlBytes;
// Channels of a collective communicator (ring all-reduce, reduce-scatter, all-gather): NCCL
// opens 16 to 32 on NVSwitch A100/H100 nodes (nccl-tests init logs); 16 taken [est].
inline constexpr double kNcclCollectiveChannels = 16;
// Point-to-point traffic (pipeline sends, CP ring exchanges, the EP all-to-all) uses the Simple
// protocol on NCCL_NCHANNELS_PER_NET_PEER = 2 channels per peer (NCCL docs), a send and a
// receive buffer of NCCL_BUFFSIZE each.
inline constexpr double kNcclP2pBuffersPerPeer = 2 * 2;
inline constexpr double kNcclP2pBytesPerPeer = kNcclP2pBuffersPerPeer * kNcclSimpleBytes;

// cuBLAS workspaces. PyTorch gives every (cuBLAS handle, stream) pair one: 32 MiB on Hopper
// and Blackwell, 4096 KiB x 2 + 16 KiB x 8 = 8.125 MiB before (CUBLAS_WORKSPACE_CONFIG's
// defaults, aten/src/ATen/cuda/CublasHandlePool.cpp, getChosenWorkspaceSize); training runs its
// GEMMs on one stream. Transformer Engine keeps its own: 32 MiB on Hopper and later, 4 MiB before
// (transformer_engine/pytorch/module/base.py, get_cublas_workspace_size_bytes, at c27ee60ec =
// v1.11), repeated for its three userbuffers GEMM streams when TP overlap is on
// (_NUM_MAX_UB_STREAMS = 3, initialize_ub) and four more for the multi-stream grouped GEMMs of
// MoE experts (get_multi_stream_cublas_workspace, common/include/transformer_engine/gemm.h
// num_streams = 4).
inline constexpr double kTorchCublasWorkspaceHopper = 32.0 * units::MiB;
inline constexpr double kTorchCublasWorkspaceAmpere = (4096.0 * 2 + 16.0 * 8) * units::KiB;
inline constexpr double kTeCublasWorkspaceHopper = 32.0 * units::MiB;
inline constexpr double kTeCublasWorkspaceAmpere = 4.0 * units::MiB;
inline constexpr int kTeUserbufferStreams = 3;
inline constexpr int kTeGroupedGemmStreams = 4;

// Transformer Engine's userbuffers for TP communication overlap (initialize_ub,
// transformer_engine/pytorch/module/base.py at c27ee60ec = v1.11, the version of Megatron-Core
// r0.8-r0.10 and NeMo 24.07-24.12): one buffer of the layer input's full shape, (sequence x
// micro-batch / CP) x hidden (Megatron's _initialize_tp_communicators), for each of the ten
// overlapped GEMMs of a layer: ring-exchange all-gathers qkv_fprop, fc1_fprop, proj_dgrad and
// fc2_dgrad, pipelined reduce-scatters proj_fprop and fc2_fprop, bulk qkv_dgrad, qkv_wgrad,
// fc1_dgrad and fc1_wgrad. The six all-gather buffers (layers_all_gather_overlap) hold fp8 when
// the layer computes in fp8, the four reduce-scatter ones the 16-bit output.
inline constexpr int kTeUserbuffersAllGather = 6;
inline constexpr int kTeUserbuffersReduceScatter = 4;

// fp8 training with Transformer Engine keeps, besides each linear layer's 16-bit weight, its
// fp8 copy and, on Hopper (whose fp8 GEMMs take only the TN layout), that copy's transpose for
// the backward GEMMs, cached across the micro-batches of a step (TE's fp8 weight workspaces,
// is_first_microbatch; transformer_engine/pytorch/module/linear.py): 1 + 1 bytes per parameter.
// Blackwell's MXFP8 keeps a row-wise and a column-wise copy instead, the same two bytes.
inline constexpr double kTeFp8WeightCopyBytes = 2.0;

// --- Throughput: collectives, overlap, parallel groups (engine/throughput.h) --------------
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
// Fraction of TP communication hidden behind GEMMs with Megatron-Core's TP overlap
// (--tp-comm-overlap: Transformer Engine's userbuffers, sequence parallelism on). Per layer the
// four all-reduce equivalents are eight halves (all-gathers and reduce-scatters); Transformer
// Engine's default overlap methods (NVIDIA/TransformerEngine, transformer_engine/pytorch/module/
// base.py, initialize_ub, at fecb10bd) run the all-gathers before QKV and FC1 and the
// output-gradient all-gathers of the projection and FC2 as a ring exchange split in TP chunks,
// each chunk's transfer under the previous chunk's GEMM, the local chunk first: nothing waits;
// the input-gradient pairs of QKV and FC1 in bulk, beside the independent weight- or input-
// gradient GEMM: nothing waits; the reduce-scatters after the projection and FC2 as a
// pipeline of four splits whose last transfer follows the last GEMM split: a quarter of each
// waits. Exposed: 2 x 1/4 of 8 halves = 1/16; hidden 15/16 (never more than the layer's
// compute, tp_layer_cost's overlap_window_s). Full recomputation's repeated forward, likewise.
inline constexpr double kTpOverlapHidden = 15.0 / 16.0;
// Overlapped communication slows the compute it hides behind: NCCL runs one thread block per
// channel (8-32 channels on 108-132 SMs, 7-25% of the GPU) and shares HBM bandwidth [est].
inline constexpr double kOverlapInterference = 0.15;
// HBM bytes a ring collective moves per byte of bus traffic: each step reads the chunk it
// sends and writes the chunk it receives, and a reduction also reads the local chunk it adds
// (NCCL's ring primitives: recvReduceSend, recvCopySend) [derived]: 3.
inline constexpr double kCollectiveHbmPerBusByte = 3.0;
// Switch hops between two nodes of a fat tree: under one leaf 1, under one pod 3 (leaf, spine,
// leaf), across pods 5 (through the core); a flat network has fewer (NetworkSize::max_switch_hops).
inline constexpr int kSwitchHopsUnderLeaf = 1;
inline constexpr int kSwitchHopsInPod = 3;
inline constexpr int kSwitchHopsAcrossPods = 5;
// Bytes per element of the activations and gradients the parallel groups exchange (bf16/fp16;
// fp8 recipes keep them in 16 bits, Transformer Engine), and the least a weight gather moves.
inline constexpr double kActivationBytes = 2.0;
// Megatron's tensor-parallel layer: two all-reduces forward (after self-attention and after the
// MLP: the g operators of Shoeybi et al. 2019, Fig. 4) and two backward (the f operators); full
// recomputation repeats the forward pair (Korthikanti et al. 2022, section 5).
inline constexpr double kTpCollectivesPerLayer = 4.0;
inline constexpr double kTpCollectivesRecomputed = 2.0;
// Of the per-layer four, the backward's two (the f operators' input-gradient all-reduces; with
// SP an all-gather of the input and a reduce-scatter of its gradient).
inline constexpr double kTpCollectivesBackward = 2.0;
// Expert parallelism per MoE layer: a dispatch + combine pair forward and their gradients
// backward (GShard, Lepikhin et al. 2020; Megatron-Core's token dispatcher): 2 pairs, one more
// when full recomputation repeats the forward.
inline constexpr double kEpAllToAllPairsPerLayer = 2.0;
// fp8 dispatch (DeepSeek-V3 report, section 3.3): 1 byte per element plus one fp32 scale
// (4 bytes) per 1 x 128 tile of activations.
inline constexpr double kFp8ScaleBytes = 4.0;
inline constexpr double kFp8ScaleBlock = 128.0;
// Ring attention's backward passes dK and dV around the ring with K and V: twice the forward's
// bytes (Liu et al. 2023, Ring Attention; Transformer Engine's context parallelism).
inline constexpr double kCpBackwardBytesFactor = 2.0;
// Pipeline parallelism: one activation send forward and one gradient send backward per
// micro-batch and model chunk (Narayanan et al. 2021, section 2.2).
inline constexpr double kPpSendsPerChunk = 2.0;
// FSDP / ZeRO-3 gathers each layer's weights twice per micro-batch, for forward and again for
// backward (the forward's copy is freed: PyTorch FSDP reshard_after_forward, DeepSpeed stage 3),
// and reduce-scatters its gradients once.
inline constexpr double kZero3GathersPerLayer = 2.0;
// PyTorch FSDP copies each layer's unsharded tensors through HBM around its collectives
// (torch/distributed/_composable/fsdp/_fsdp_collectives.py, PyTorch 2.4): after each all-gather
// the gathered 16-bit weights are copied out of the flat buffer into the parameters
// (foreach_all_gather_copy_out, split_with_sizes_copy: read 2 + write 2 bytes per parameter),
// forward and backward; before each reduce-scatter the gradients are copied into the flat
// input, cast to the reduce type (foreach_reduce, torch._chunk_cat: read 2 + write g), and
// that input is pre-divided in place by the world size (_div_if_needed: read g + write g).
inline constexpr double kFsdpGatherCopyBytes = 4.0;  // per parameter per gather
}  // namespace calib

// The constants that leave-one-source-out cross-validation fits on the validation
// corpus (tests/data; tests/validation/tst_calibration.cpp refits them and fails when
// the values below are no longer what the corpus says). One value each for every GPU, model
// and run; a software stack (Training::stack) decides which mechanisms apply, never how much
// they cost. The values and the cross-validated errors behind them: docs/model.md.
// An estimate takes them as a value (estimate(s, calibration)), never from a global: the
// fitted values below by default, others from calibration tooling, in any thread.
struct Calibration {
  // Flash-attention core throughput as a fraction of the GPU's best GEMM rate (start:
  // kFlashEfficiency, Dao 2023).
  double flash_efficiency = calib::kFlashEfficiency;
  // K-loop overhead of a GEMM tile in K units at an A100 SM's math rate (start: 128). The
  // prologue/epilogue (loading the first tiles, writing the result) takes about fixed time,
  // so on an SM that does the math faster it costs more K: the overhead scales with the
  // per-SM peak over the A100's (H100 bf16: 2.6x; fp8 twice the bf16 figure).
  double gemm_k_overhead = calib::kGemmKOverhead;
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
  double flash1_factor = calib::kFlash1Factor;
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

namespace calib {
// Fitted on every source of the validation corpus, the locked ones included (after the locked
// set's one report, docs/model.md), by tests/validation/tst_calibration.cpp (coordinate search,
// every fitted run, each source weighted once; the leave-one-family-out figures are in
// docs/model.md). flash1_factor is held (FlashAttention 1 has few sources). Two sit at the edge
// of their plausible range: gemm_k_overhead at its top (the GEMM tiles of every stack read a
// little fast) and eager_launch_s at its bottom with eager_traffic_scale low (recent PyTorch
// trainers fuse more than the eager stack's kernel list counts).
// tst_calibration prints the fit in this form, and fails when these are no longer the fit.
inline constexpr Calibration kCalibrated{
    .flash_efficiency = 0.6,
    .gemm_k_overhead = 512,
    .fp8_gemm_efficiency = 1.1,
    .eager_traffic_scale = 0.25,
    .eager_launch_s = 5e-6,
    .deepspeed_layer_overhead_s = 3e-3,
    .flash1_factor = 0.55,
    .typical_efficiency = 0.78,
};
}  // namespace calib

}  // namespace cp
