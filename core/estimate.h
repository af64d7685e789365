// One estimate: a Scenario in, an Estimate out. Pure, deterministic, allocation-free.
#pragma once

#include "core/memory.h"
#include "core/model.h"
#include "core/scenario.h"
#include "core/warnings.h"

namespace cp {

struct Estimate {
  ParamCounts params;
  MemoryEstimate memory;
  int dp = 0;             // data-parallel size used (derived when the scenario left it at 0)
  int microbatches = 0;   // micro-batches per step per pipeline = global / (DP x micro-batch)
  Warnings warnings;
};

// Precondition: validate(s) returned no problem. The hot path: no heap allocation.
Estimate estimate(const Scenario& s);

}  // namespace cp
