#include "engine/reliability.h"

#include <algorithm>
#include <cmath>

#include "engine/memory.h"
#include "engine/units.h"

namespace cp {

double young_daly_interval_s(double write_s, double mtbi_s) { return std::sqrt(2.0 * write_s * mtbi_s); }

double goodput_at(double interval_s, double write_s, double mtbi_s, double restart_s) {
  const double write_waste = interval_s > 0 ? write_s / interval_s : 0;
  const double waste = mtbi_s <= 0 ? write_waste : write_waste + (interval_s / 2.0 + restart_s) / mtbi_s;
  // Goodput is a fraction of wall time: when the waste is all of it (a checkpoint takes longer
  // than the interval, or failures come faster than work is saved) nothing is kept, 0, and
  // estimate() warns (no_progress, seed_interval_no_progress); a negative fraction is no result.
  return waste >= 1.0 ? 0.0 : 1.0 - waste;
}

double async_interval_s(const ReliabilityEstimate& r, double interval_s) {
  // An asynchronous checkpoint waits for the last one's write (Megatron-Core finalises the
  // previous async save before starting the next; DCP's async_save returns a future that
  // TorchTitan waits on): checkpoints come no faster than one write each.
  return r.mode == CheckpointMode::Async && interval_s > 0 ? std::max(interval_s, r.checkpoint_write_s) : interval_s;
}

double goodput_with_mode(const ReliabilityEstimate& r, double interval_s) {
  return goodput_at(async_interval_s(r, interval_s), r.checkpoint_cost_s, r.failures ? r.mtbi_s : 0,
                    r.restart_s + r.rework_lag_s);
}

ReliabilityEstimate estimate_reliability(const Scenario& s, const ParamCounts& params, double train_time_s) {
  const Assumptions& a = s.assumptions;
  ReliabilityEstimate r;
  const double gpus = double(s.cluster.total_gpus());
  const double rate_per_s = a.failure_rate_per_gpu_hour * gpus / units::Hour;
  r.failures = rate_per_s > 0;
  r.mtbi_s = r.failures ? 1.0 / rate_per_s : 0;
  // Saved state: the weights and the optimizer states (master copy and moments), not the
  // gradients: 2 + 12 = 14 bytes per parameter with bf16 and Adam (Megatron's 1T: 13.8 TB),
  // 2 + 4 with bf16 optimizer states.
  const BytesPerParam b = bytes_per_param(s.training.precision, s.training.optimizer, s.training.grad_dtype, Zero::Stage0,
                                          s.training.optimizer_dtype);
  const double per_param = a.checkpoint_bytes_per_param ? *a.checkpoint_bytes_per_param : b.weights + b.optimizer;
  r.checkpoint_bytes = params.total * per_param;
  // The write to storage: every GPU writes its share in parallel (Megatron-Core's fully parallel
  // save, PyTorch DCP), at the storage's bandwidth, which grows with the cluster unless a
  // cluster-wide figure is given.
  r.storage_per_gpu = !a.checkpoint_bytes_per_s;
  r.storage_bytes_per_s = a.storage_bytes_per_s(s.cluster.total_gpus());
  r.checkpoint_write_s = r.checkpoint_bytes / r.storage_bytes_per_s;
  // The copy to host memory: each GPU stages its share of the state.
  const double staging_s = r.checkpoint_bytes / gpus / kStagingBytesPerSPerGpu;
  r.mode = a.checkpoint_mode;
  double min_interval_s = 0;
  switch (r.mode) {
    case CheckpointMode::Sync:
      r.checkpoint_blocking_s = r.checkpoint_write_s;
      r.checkpoint_cost_s = r.checkpoint_write_s;
      break;
    case CheckpointMode::Async:
      // Training goes on during the write, slower; the checkpoint counts only once written, so a
      // failure loses that much more work, and the next one cannot start before it is done.
      r.checkpoint_blocking_s = staging_s;
      r.checkpoint_cost_s = staging_s + kAsyncWriteSlowdown * r.checkpoint_write_s;
      r.rework_lag_s = r.checkpoint_write_s;
      min_interval_s = r.checkpoint_write_s;
      break;
    case CheckpointMode::InMemory:
      // GEMINI (SOSP'23) interleaves the copy to peers with training traffic without slowing an
      // iteration; recovery reads it back from the peers' memory.
      r.checkpoint_blocking_s = staging_s;
      r.checkpoint_cost_s = staging_s;
      break;
  }
  r.restart_s = a.restart_s;
  if (r.failures) {
    r.optimal_interval_s = std::max(young_daly_interval_s(r.checkpoint_cost_s, r.mtbi_s), min_interval_s);
    r.interval_s = a.checkpoint_interval_s ? *a.checkpoint_interval_s : r.optimal_interval_s;
  } else {
    // No failures: checkpoints are only needed if the user sets an interval.
    r.interval_s = a.checkpoint_interval_s ? *a.checkpoint_interval_s : 0;
  }
  r.interval_s = async_interval_s(r, r.interval_s);
  r.goodput = goodput_with_mode(r, r.interval_s);
  r.goodput_seed_low = goodput_with_mode(r, kSeedIntervalLowS);
  r.goodput_seed_high = goodput_with_mode(r, kSeedIntervalHighS);
  r.real_train_time_s = r.goodput > 0 ? train_time_s / r.goodput : 0;
  return r;
}

}  // namespace cp
