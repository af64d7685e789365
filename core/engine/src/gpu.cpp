#include "engine/gpu.h"

#include <vector>

#include "engine/calibration.h"
#include "engine/units.h"

namespace cp {
namespace {

using units::GiB;
using units::MiB;
constexpr double T = 1e12;  // TFLOP/s
constexpr double GBps = 1e9;

// Memory: marketing "80GB" on A100/H100 is 80 GiB (nvidia-smi: A100 81,920 MiB). The H200's
// "141 GB" is about 140 GiB (nvidia-smi: 143,771 MiB). B200: the DGX B200 user guide gives
// 1,440 GB for eight GPUs, 180 GB each, about 179 GiB usable (nvidia-smi 183,359 MiB). Other
// decimal figures are converted as printed (1e9 bytes per GB).
// Link: datasheet NVLink figures add both directions; the catalog keeps one direction.
// FP32 column: TF32 tensor-core dense peak (what fp32 training uses on Ampere and later).
// MAMF (last numbers): measured maximum achievable BF16 matmul throughput / peak, from Bekman's
// MAMF table [secondary source]: A100 SXM 271 of 312 TF (0.87), H100 SXM about 795 of 989
// (0.80), B200 1745 of 2250 TF (0.776), MI300X about 0.6; others [est] by architecture.
// Last number on Hopper-class rows: FlashAttention-2-class kernels' rate relative to the
// native attention kernels (GpuSpec::fa2_fraction_of_fa3): FlashAttention-2 reaches 35% of the
// H100's peak, FlashAttention-3 75% (Shah et al. 2024, calib::kFa2OnHopperFactor). H800, H200
// and H20 are Hopper dies; B200 (Blackwell) and MI300X (CDNA3) [est]: FlashAttention-2's
// Ampere-era kernels likewise leave their newer tensor-core paths unused. Ampere and Ada rows: 1.
constexpr double kFa2 = calib::kFa2OnHopperFactor;
// Measured fp8 over bf16 matmul rate per unit of peak (GpuSpec::fp8_matmul_ratio), Bekman's MAMF
// table: H100 SXM 1402.6 of 1979 TF fp8 over 794.5 of 989 bf16; the other Hopper dies (H100 PCIe,
// H800, H20) take it [est]. H200: 1453.4 of 1979 over the H100's bf16. B200: 3432.5 of 4500 over
// 1745 of 2250.
constexpr double kHopperFp8Ratio = 0.883;
constexpr double kH200Fp8Ratio = 0.914;
constexpr double kB200Fp8Ratio = 0.983;
// The GPUs the published runs of shared/reference/published-runs.md (sections A-C) were
// measured on: Selene's A100 SXM (40 and 80 GB) and Megatron-Core's H100 SXM.
constexpr std::string_view kCalibrated[] = {"a100-40gb-sxm", "a100-80gb-sxm", "h100-sxm"};

std::vector<GpuSpec> with_catalog_meaning(std::vector<GpuSpec> specs) {
  for (GpuSpec& g : specs)
    for (std::string_view id : kCalibrated)
      if (g.id == id) g.calibrated = true;
  return specs;
}

const std::vector<GpuSpec>& gpus() {
  static const std::vector<GpuSpec> kGpus = with_catalog_meaning({
      {"a100-40gb-sxm", "A100 40GB SXM", 40 * GiB, 312 * T, 0, 156 * T, 1555 * GBps, 300 * GBps, 400, 108,
       "NVIDIA A100 datasheet (2021)", 0.87, 128},
      {"a100-80gb-sxm", "A100 80GB SXM", 80 * GiB, 312 * T, 0, 156 * T, 2039 * GBps, 300 * GBps, 400, 108,
       "NVIDIA A100 datasheet (2021)", 0.87, 128},
      {"a100-80gb-pcie", "A100 80GB PCIe", 80 * GiB, 312 * T, 0, 156 * T, 1935 * GBps, 0, 300, 108,
       "NVIDIA A100 datasheet (2021); NVLink bridge pairs only, modelled as PCIe; MAMF [est]", 0.85, 128},
      {"a800-sxm", "A800 80GB SXM", 80 * GiB, 312 * T, 0, 156 * T, 2039 * GBps, 200 * GBps, 400, 108,
       "A100 datasheet figures with NVLink cut to 400 GB/s [secondary source]", 0.87, 128},
      {"h100-sxm", "H100 SXM 80GB", 80 * GiB, 989 * T, 1979 * T, 494.5 * T, 3350 * GBps, 450 * GBps, 700, 132,
       "NVIDIA H100 datasheet (2023)", 0.80, 256, kFa2, 1.0, kHopperFp8Ratio},
      {"h100-pcie", "H100 PCIe 80GB", 80 * GiB, 756 * T, 1513 * T, 378 * T, 2000 * GBps, 300 * GBps, 350, 114,
       "NVIDIA H100 product brief (NVLink bridge 600 GB/s); MAMF [est]", 0.80, 256, kFa2, 1.0, kHopperFp8Ratio},
      {"h800-sxm", "H800 SXM 80GB", 80 * GiB, 989 * T, 1979 * T, 494.5 * T, 3350 * GBps, 200 * GBps, 700, 132,
       "H100 SXM figures with NVLink cut to 400 GB/s [secondary source]", 0.80, 256, kFa2, 1.0, kHopperFp8Ratio},
      {"h200-sxm", "H200 SXM 141GB", 143771.0 * MiB, 989 * T, 1979 * T, 494.5 * T, 4800 * GBps, 450 * GBps, 700, 132,
       "NVIDIA H200 datasheet (2024); capacity as nvidia-smi reports it", 0.80, 256, kFa2, 1.0, kH200Fp8Ratio},
      {"h20", "H20 96GB", 96 * GiB, 148 * T, 296 * T, 74 * T, 4000 * GBps, 450 * GBps, 400, 78,
       "[secondary source]; no official datasheet found; MAMF [est]", 0.90, 256, kFa2, 1.0, kHopperFp8Ratio},
      {"b200", "B200 (HGX) 180GB", 183359.0 * MiB, 2250 * T, 4500 * T, 1125 * T, 8000 * GBps, 900 * GBps, 1000, 148,
       "NVIDIA DGX B200 user guide (2024); MAMF 1745 of 2250 TF bf16 (Bekman's table [secondary source])", 0.776, 256,
       kFa2, 0.5, kB200Fp8Ratio},
      {"l40s", "L40S 48GB", 48e9, 362 * T, 733 * T, 183 * T, 864 * GBps, 0, 350, 142,
       "NVIDIA L40S datasheet (2023); MAMF [est]", 0.75, 128},
      {"rtx-4090", "GeForce RTX 4090 24GB", 24 * GiB, 165 * T, 330 * T, 82.6 * T, 1008 * GBps, 0, 450, 128,
       "[secondary source]; FP16 with FP32 accumulate; FP8 figure disputed; MAMF [est]", 0.85, 128},
      {"mi300x", "AMD Instinct MI300X 192GB", 192e9, 1307 * T, 2615 * T, 653.7 * T, 5300 * GBps, 448 * GBps, 750, 304,
       "AMD MI300X datasheet (2023); Infinity Fabric 896 GB/s [secondary source]", 0.60, 256, kFa2},
  });
  return kGpus;
}

}  // namespace

std::span<const GpuSpec> gpu_catalog() { return gpus(); }

const GpuSpec* find_gpu(std::string_view id) {
  for (const auto& g : gpus())
    if (g.id == id) return &g;
  return nullptr;
}

}  // namespace cp
