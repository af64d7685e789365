// The uncertainty band of a throughput estimate (issue 17): the speed errors the engine made on
// published runs it had not been fitted to (leave-one-source-out cross-validation over the
// validation corpus in tests/data), by bucket. An estimate falls into one bucket of each of five
// dimensions (TP degree, model size, GPU, dense or MoE, sharding); its band spans the widest of
// the matching buckets' bands.
#pragma once

#include <span>
#include <string_view>

#include "engine/scenario.h"

namespace cp {

// The buckets of issue 17's bias table. Each returns a static string.
std::string_view tp_bucket(const Scenario& s);        // "TP 1-2", "TP 4", "TP 8"
std::string_view size_bucket(double total_params);    // "<15B", "15-100B", ">100B"
std::string_view gpu_bucket(const Scenario& s);       // "A100", "H100", or the GPU id
std::string_view moe_bucket(const Scenario& s);       // "dense", "MoE"
std::string_view sharding_bucket(const Scenario& s);  // "FSDP/ZeRO-3", "Megatron (ZeRO 0-2, distopt)"

// Cross-validated speed errors of one bucket (speed error = engine / measured - 1 in
// throughput terms; > 0: the engine was optimistic).
struct BandBucket {
  std::string_view dimension;  // "TP degree", "model size", "GPU", "dense / MoE", "sharding"
  std::string_view bucket;
  int runs = 0;                // fitted corpus runs in the bucket
  double mean = 0;             // mean cross-validated speed error
  double sd = 0;               // their standard deviation
};

// The table tst_calibration derives from the corpus (it fails when this one differs).
std::span<const BandBucket> band_table();

// Width of the band in standard deviations: 1.2816 puts 80% of a normal spread inside it.
inline constexpr double kBandSigmas = 1.2816;
// A bucket needs this many runs to set a band; with fewer, the dimension is skipped.
inline constexpr int kMinBandRuns = 5;

struct ErrorBand {
  double low = 0;   // speed error at the low end (the engine pessimistic by -low)
  double high = 0;  // speed error at the high end (optimistic)
  const BandBucket* widest = nullptr;  // the bucket that set the band (nullptr: none matched)
};

// The band for a scenario of `total_params` parameters: over the matching buckets (with at
// least kMinBandRuns runs) the lowest mean - kBandSigmas sd and the highest mean + kBandSigmas
// sd; doubled outside the calibrated range. With no matching bucket, +-kFallbackBand.
inline constexpr double kFallbackBand = 0.10;
ErrorBand error_band(const Scenario& s, double total_params, bool calibrated_range);

}  // namespace cp
