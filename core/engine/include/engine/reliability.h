// Interruptions, checkpoints and goodput of a training job. First-order model (Young 1974,
// Daly 2006): a job of N GPUs with a failure rate lambda per GPU-hour is interrupted every
// M = 1 / (lambda N) hours on average; each checkpoint costs C of training time; after an
// interruption the restart takes R and on average half an interval of work is lost. With an
// interval T:
//   waste = C / T + (T / 2 + R) / M,   goodput = 1 - waste,   T_opt = sqrt(2 C M).
// What C is depends on how the checkpoint is taken (Assumptions::checkpoint_mode): the whole
// write to storage (sync), or the copy to host memory plus the slowdown of the background write
// (async), or the copy to host memory alone (in-memory). docs/power-cost.md has the sources.
#pragma once

#include "engine/model.h"
#include "engine/scenario.h"
#include "engine/units.h"

namespace cp {

// The seed article recommends a checkpoint every 1-2 hours.
inline constexpr double kSeedIntervalLowS = 1 * units::Hour;
inline constexpr double kSeedIntervalHighS = 2 * units::Hour;

// The copy of a GPU's share of the checkpoint to host memory, the part of an asynchronous or
// in-memory checkpoint that blocks training, bytes/s per GPU: PyTorch DCP's async save staged
// Llama 3 70B on 1,856 H200 (TorchTitan, HSDP2) in 0.78 s ("6x faster Async Checkpointing in
// PyTorch", Meta and Crusoe, 2025): 70.55e9 parameters x 14 bytes / 1,856 GPUs = 532 MB per GPU
// in 0.78 s, 0.68 GB/s. (ByteCheckpoint, NSDI'25, Table 8: 405B on 8,960 GPUs blocked 0.59 s for
// 633 MB per GPU, 1.07 GB/s [sec]: the figure taken is the slower.)
inline constexpr double kStagingBytesPerSPerGpu = 70.55e9 * 14 / 1856 / 0.78;
// While an asynchronous checkpoint is written in the background, training slows down: from 700
// to 372 tokens/s with process-based DCP and cached save plans on the same run (the same post):
// a checkpoint costs its staging plus 1 - 372/700 = 47% of its write time.
inline constexpr double kAsyncWriteSlowdown = 1 - 372.0 / 700.0;

double young_daly_interval_s(double write_s, double mtbi_s);
// 1 - C/T - (T/2 + R)/M; M = 0 means no failures (infinite M). 0 when that is zero or less: the
// job makes no progress at that interval (estimate() warns: no_progress for the interval used,
// seed_interval_no_progress for the seed's 1-2 h).
double goodput_at(double interval_s, double write_s, double mtbi_s, double restart_s);

struct ReliabilityEstimate {
  bool failures = true;          // false when the failure rate is zero: M infinite, goodput 1
  double mtbi_s = 0;             // job's mean time between interruptions (0 when no failures)
  double checkpoint_bytes = 0;   // weights + optimizer states
  CheckpointMode mode = CheckpointMode::Async;
  bool storage_per_gpu = true;   // the bandwidth is per GPU x GPUs (false: the cluster-wide figure)
  double storage_bytes_per_s = 0;  // the cluster's checkpoint write bandwidth
  double checkpoint_write_s = 0;   // checkpoint bytes / storage bandwidth: the write to storage
  double checkpoint_blocking_s = 0;  // training stops this long per checkpoint (sync: the write)
  double checkpoint_cost_s = 0;  // C: training time a checkpoint costs (blocking + background slowdown)
  double rework_lag_s = 0;       // async: a checkpoint is safe only once written, W after it was taken
  double optimal_interval_s = 0; // Young/Daly on C (async: at least the write time; 0 when no failures)
  double interval_s = 0;         // the interval used: the assumption, or the optimum (async: at least the write)
  double restart_s = 0;
  double goodput = 1;            // expected fraction of wall time spent on training that is kept
  double goodput_seed_low = 1;   // at the seed's 1 h interval
  double goodput_seed_high = 1;  // at the seed's 2 h interval
  double real_train_time_s = 0;  // ideal time-to-train / goodput (0 without a token budget or progress)
};

// The interval an asynchronous checkpoint can keep: no shorter than its write (the next one
// waits for it); other modes keep any interval.
double async_interval_s(const ReliabilityEstimate& r, double interval_s);
// The goodput of `r`'s checkpoint mode at an interval (the estimate's own, or the seed's).
double goodput_with_mode(const ReliabilityEstimate& r, double interval_s);

ReliabilityEstimate estimate_reliability(const Scenario& s, const ParamCounts& params, double train_time_s);

}  // namespace cp
