// Interruptions, checkpoints and goodput of a training job. First-order model (Young 1974,
// Daly 2006): a job of N GPUs with a failure rate lambda per GPU-hour is interrupted every
// M = 1 / (lambda N) hours on average; writing a checkpoint takes C; after an interruption the
// restart takes R and on average half an interval of work is lost. With an interval T:
//   waste = C / T + (T / 2 + R) / M,   goodput = 1 - waste,   T_opt = sqrt(2 C M).
#pragma once

#include "engine/model.h"
#include "engine/scenario.h"
#include "engine/units.h"

namespace cp {

// The seed article recommends a checkpoint every 1-2 hours.
inline constexpr double kSeedIntervalLowS = 1 * units::Hour;
inline constexpr double kSeedIntervalHighS = 2 * units::Hour;

double young_daly_interval_s(double write_s, double mtbi_s);
// 1 - C/T - (T/2 + R)/M; M = 0 means no failures (infinite M). 0 when that is zero or less: the
// job makes no progress at that interval (estimate() warns: no_progress for the interval used,
// seed_interval_no_progress for the seed's 1-2 h).
double goodput_at(double interval_s, double write_s, double mtbi_s, double restart_s);

struct ReliabilityEstimate {
  bool failures = true;          // false when the failure rate is zero: M infinite, goodput 1
  double mtbi_s = 0;             // job's mean time between interruptions (0 when no failures)
  double checkpoint_bytes = 0;   // weights + optimizer states
  double checkpoint_write_s = 0;
  double optimal_interval_s = 0; // Young/Daly (0 when no failures)
  double interval_s = 0;         // the interval used: the assumption, or the optimum
  double restart_s = 0;
  double goodput = 1;            // expected fraction of wall time spent on training that is kept
  double goodput_seed_low = 1;   // at the seed's 1 h interval
  double goodput_seed_high = 1;  // at the seed's 2 h interval
  double real_train_time_s = 0;  // ideal time-to-train / goodput (0 without a token budget or progress)
};

ReliabilityEstimate estimate_reliability(const Scenario& s, const ParamCounts& params, double train_time_s);

}  // namespace cp
