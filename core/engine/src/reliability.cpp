#include "engine/reliability.h"

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

ReliabilityEstimate estimate_reliability(const Scenario& s, const ParamCounts& params, double train_time_s) {
  const Assumptions& a = s.assumptions;
  ReliabilityEstimate r;
  const double rate_per_s = a.failure_rate_per_gpu_hour * s.cluster.total_gpus() / units::Hour;
  r.failures = rate_per_s > 0;
  r.mtbi_s = r.failures ? 1.0 / rate_per_s : 0;
  // Saved state: the weights and the optimizer states (master copy and moments), not the
  // gradients: 2 + 12 = 14 bytes per parameter with bf16 and Adam (Megatron's 1T: 13.8 TB).
  const BytesPerParam b = bytes_per_param(s.training.precision, s.training.optimizer, s.training.grad_dtype, Zero::Stage0);
  const double per_param = a.checkpoint_bytes_per_param ? *a.checkpoint_bytes_per_param : b.weights + b.optimizer;
  r.checkpoint_bytes = params.total * per_param;
  r.checkpoint_write_s = r.checkpoint_bytes / a.checkpoint_bytes_per_s;
  r.restart_s = a.restart_s;
  if (r.failures) {
    r.optimal_interval_s = young_daly_interval_s(r.checkpoint_write_s, r.mtbi_s);
    r.interval_s = a.checkpoint_interval_s ? *a.checkpoint_interval_s : r.optimal_interval_s;
    r.goodput = goodput_at(r.interval_s, r.checkpoint_write_s, r.mtbi_s, r.restart_s);
  } else {
    // No failures: checkpoints are only needed if the user sets an interval.
    r.interval_s = a.checkpoint_interval_s ? *a.checkpoint_interval_s : 0;
    r.goodput = goodput_at(r.interval_s, r.checkpoint_write_s, 0, r.restart_s);
  }
  r.goodput_seed_low = goodput_at(kSeedIntervalLowS, r.checkpoint_write_s, r.mtbi_s, r.restart_s);
  r.goodput_seed_high = goodput_at(kSeedIntervalHighS, r.checkpoint_write_s, r.mtbi_s, r.restart_s);
  r.real_train_time_s = r.goodput > 0 ? train_time_s / r.goodput : 0;
  return r;
}

}  // namespace cp
