// The uncertainty band of a throughput estimate: the speed errors the engine made on published
// runs it had not been fitted to (leave-one-source-out cross-validation over the development
// sources of the validation corpus in tests/data), by bucket, widened where the estimate stands
// away from that evidence. An estimate falls into one bucket of each of five dimensions (TP
// degree, model size, GPU, dense or MoE, sharding); its band spans the widest of the matching
// buckets' bands, then widens its optimistic edge for each evidence gap (a corner of the layout
// space that few or no published runs cover) and both edges when the software stack was not
// stated.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "engine/scenario.h"

namespace cp {

// The buckets of the bias table. Each returns a static string.
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
  double low = 0;              // their 10th percentile (linear between order statistics)
  double high = 0;             // their 90th percentile
};

// The table tst_calibration derives from the corpus (it fails when this one differs).
std::span<const BandBucket> band_table();

// A bucket needs this many runs to set a band; with fewer, the dimension is skipped.
inline constexpr int kMinBandRuns = 5;
// The quantiles a bucket's band spans: 80% of its runs' cross-validated errors.
inline constexpr double kBandLowQuantile = 0.10, kBandHighQuantile = 0.90;

// Corners of the layout space that few or no published runs of the corpus cover (tst_corpus
// counts the runs in each and holds that they are few). The planner, searching 10^5 layouts,
// would otherwise pick exactly where the engine is untested: the optimizer's curse.
enum class EvidenceGap : std::uint8_t {
  Tp65bPlus,           // a dense model of 65B+ at TP 2-4 on Ampere (published: TP 8, or FSDP at TP 1)
  MicroBatchNoRecompute,  // micro-batch 2+ without recomputation: at 65B+, or above 85% of memory without FSDP
  MemoryAbove90,       // the peak needs more than 90% of the GPU's memory
  CpShortSequence,     // context parallel with under kCpShortestEvidenceTokens per CP rank
  ZeroOver256Ranks,    // optimizer (or more) sharded over more than 256 ranks
  EpAcrossNodes,       // the expert all-to-all leaves the node
  GpuFewRuns,          // fewer than kMinBandRuns development runs on this GPU
  kCount
};
inline constexpr int kEvidenceGapCount = int(EvidenceGap::kCount);
std::string_view evidence_gap_code(EvidenceGap g);  // "tp_65b_plus", ... (JSON, CLI)
// The gaps of a scenario as a bit set (bit i: EvidenceGap(i)); `memory_fraction` is the peak
// memory over the GPU's capacity.
std::uint32_t evidence_gaps(const Scenario& s, double total_params, double memory_fraction);

// How far each gap widens the optimistic edge (speed error): the development set's
// cross-validated mean absolute error, about a tenth [est]. The corpus shows the engine
// optimistic where it extrapolates (issue notes: the planner's A100 winners read 10-20% above
// the class's best published MFU), so only that edge moves.
inline constexpr double kGapWidening = 0.10;
// The shortest sequence per CP rank the corpus's context-parallel runs stand at: 4,096 tokens
// (CP 2 at 8K: NVIDIA's DGX Cloud benchmarks and NeMo 24.07's Llama 3 tables, Megatron-Bridge
// 25.11's 405B; the long-context runs hold 16K-32K per rank). Below it cp_short_sequence is set.
inline constexpr double kCpShortestEvidenceTokens = 4096;
// How many times kGapWidening a gap widens the band: 1, except for cp_short_sequence, which
// widens once per halving of the per-rank chunk below kCpShortestEvidenceTokens (CP 4 at 8K:
// once, CP 8: twice). Each halving halves the attention work of every ring step while the
// step's fixed costs (a send/receive pair and its kernel launches, the per-tile prologue of the
// flash kernel) stay, so what the corpus measured at 4K per rank says less the further below it
// a layout stands: the error is taken to grow by the same tenth per halving [est].
double gap_widening_steps(const Scenario& s, EvidenceGap g);
// The software stack left at auto (not stated): the corpus's mix of stacks. Priced as
// Megatron-Core, then scaled by kAutoStackFactor, the median over the development runs of the
// throughput under the stack each source states over its Megatron-Core pricing; the band adds
// the 10th and 90th percentile of that pricing's speed error against the stated one
// (tst_calibration::stackSpreadIsTheCorpus derives all three).
inline constexpr double kAutoStackFactor = 1.0;
inline constexpr double kStackSpreadLow = -0.128, kStackSpreadHigh = 0.03;

struct ErrorBand {
  double low = 0;   // speed error at the low end (the engine pessimistic by -low)
  double high = 0;  // speed error at the high end (optimistic)
  const BandBucket* widest = nullptr;  // the bucket that set the band (nullptr: none matched)
  std::uint32_t gaps = 0;              // evidence_gaps() it was widened for
  bool stack_assumed = false;          // the stack was auto: the stack spread is in
};

// The band for a scenario of `total_params` parameters: over the matching buckets (with at
// least kMinBandRuns runs) the lowest 10th and the highest 90th percentile; with no matching
// bucket, +-kFallbackBand; doubled outside the calibrated range; then the evidence gaps and the
// stack spread.
inline constexpr double kFallbackBand = 0.10;
ErrorBand error_band(const Scenario& s, double total_params, bool calibrated_range, std::uint32_t gaps);
// The same from another bucket table (tst_calibration's coverage test: a table made without
// the source whose band it draws).
ErrorBand error_band(const Scenario& s, double total_params, bool calibrated_range, std::uint32_t gaps,
                     std::span<const BandBucket> table);

}  // namespace cp
