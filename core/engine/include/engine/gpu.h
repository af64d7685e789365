// GPU specifications for the built-in catalog. Every figure carries its source.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace cp {

struct GpuSpec {
  friend bool operator==(const GpuSpec&, const GpuSpec&) = default;  // every field, the text too
  std::string id;                // CLI spelling, e.g. "a100-80gb-sxm"
  std::string name;              // display name
  double memory_bytes = 0;       // usable HBM capacity in bytes (see the catalog's notes)
  double bf16_flops = 0;         // dense BF16/FP16 tensor peak, FLOP/s (no 2:4 sparsity)
  double fp8_flops = 0;          // dense FP8 peak, FLOP/s; 0 when the GPU has no FP8 units
  double fp32_flops = 0;         // FP32 peak used for fp32 training (TF32 tensor cores), FLOP/s
  double memory_bw = 0;          // HBM bandwidth, bytes/s
  double link_bw = 0;            // GPU-to-GPU link per GPU, one direction, bytes/s (0: PCIe only)
  double tdp_w = 0;              // board power, W
  int sm_count = 0;              // streaming multiprocessors (for wave quantisation)
  std::string source;
  // Maximum achievable matmul FLOPs as a fraction of the dense peak: the best a large,
  // well-shaped BF16 GEMM reaches under sustained clocks (Bekman, "Machine Learning
  // Engineering", MAMF table [secondary source]). Per-GEMM efficiency then falls with tile and
  // wave quantisation and short K (see compute.h).
  double mamf_fraction = 0.8;
  int tile_n = 128;              // GEMM output tile width: 128 (Ampere/Ada), 256 (Hopper+, CDNA3)
  // Rate of FlashAttention-2-class attention kernels (PyTorch SDPA's flash backend, flash-attn
  // 2, Triton) relative to the GPU's native ones (FlashAttention-3, cuDNN fused attention, as
  // Transformer Engine runs): 1 where FlashAttention-2 is the native kernel (Ampere, Ada);
  // calib::kFa2OnHopperFactor (0.35 / 0.75, Shah et al. 2024) on Hopper-class GPUs.
  double fa2_fraction_of_fa3 = 1.0;
  // Share of a GEMM tile's fixed cost (its prologue and epilogue, Calibration::
  // gemm_k_overhead, which in K units grows with the SM's math rate) that holds up the SM: 1 up
  // to Hopper, where the accumulator lives in registers and the epilogue runs between tiles.
  // Blackwell's tensor cores accumulate in tensor memory, where persistent kernels keep two
  // accumulator stages (CUTLASS's sm100 GEMMs), so a tile's epilogue drains while the next
  // tile's MMAs run and only the prologue is left: 0.5, taking prologue and epilogue as equal
  // [est]. With the B200's twice-Hopper rate per SM this leaves its overhead in K units at the
  // H100's; Megatron-Bridge's DGX-B200 and DGX-H100 Llama 3 rows agree (B200 over H100 per GPU
  // about the peak ratio, 2.1-2.3, at 8B as at 405B), and so does Bekman's MAMF table: the B200
  // reaches 77.6% (bf16) and 76.3% (fp8) of its peak at K = 3072, which the Hopper rule (5,220 K
  // units in fp8) would hold below 30%.
  double tile_overhead_share = 1.0;
  // Measured fp8 over bf16 matmul rate per unit of peak: Bekman's MAMF table, fp8
  // (float8_e4m3fn) fraction over the bf16 one. H100 SXM 1402.6 of 1979 TF against 794.5 of 989
  // (0.709 / 0.803 = 0.883), H200 1453.4 of 1979 against the H100's bf16 (0.914), B200 3432.5 of
  // 4500 against 1745 of 2250 (0.983). 1 where the table has no fp8 row; the other Hopper dies
  // take the H100's [est].
  double fp8_matmul_ratio = 1.0;

  // --- Catalog meaning (set in gpu.cpp, kCalibrated) --------------------------------------
  // Published runs on this GPU calibrate the engine (shared/reference/published-runs.md,
  // sections A-C: A100 SXM and H100 SXM). Also the seed article's class ("A100/H100 cluster
  // networking"), which the IB-vs-RoCE comparison overlays the article's claims for.
  bool calibrated = false;
};

std::span<const GpuSpec> gpu_catalog();
const GpuSpec* find_gpu(std::string_view id);

}  // namespace cp
