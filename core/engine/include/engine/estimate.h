// One estimate: a Scenario in, an Estimate out. Pure, deterministic, allocation-free.
#pragma once

#include "engine/calibration.h"
#include "engine/cost.h"
#include "engine/memory.h"
#include "engine/model.h"
#include "engine/power.h"
#include "engine/reliability.h"
#include "engine/scenario.h"
#include "engine/throughput.h"
#include "engine/warnings.h"

namespace cp {

struct Estimate {
  ParamCounts params;
  MemoryEstimate memory;
  int dp = 0;             // data-parallel size used (derived when the scenario left it at 0)
  int microbatches = 0;   // micro-batches per step per pipeline = global / (DP x micro-batch)
  NetworkSize network;    // switches, links, transceivers of the scale-out fabric
  StepBreakdown step;     // step time and its parts
  Throughput throughput;  // tokens/s, TFLOP/s per GPU, MFU, HFU, time to train
  PowerEstimate power;    // power, cooling, racks (core/engine/include/engine/power.h)
  EnergyEstimate energy;  // energy and CO2 of the run
  ReliabilityEstimate reliability;  // interruptions, checkpoints, goodput (core/engine/include/engine/reliability.h)
  CostEstimate cost;      // per month, per run, bill of materials (core/engine/include/engine/cost.h)
  bool calibrated_range = false;  // GPU, fabric and model family have published runs behind them
  Warnings warnings;
};

// Whether published runs (published-runs.md) back this GPU, fabric and model family.
bool in_calibrated_range(const Scenario& s);

// Precondition: validate(s) returned no problem. The hot path: no heap allocation. The fitted
// constants are a parameter (engine/calibration.h): the engine reads no global, so that
// calibration tooling can estimate under other values, in any thread.
Estimate estimate(const Scenario& s, const Calibration& calibration = calib::kCalibrated);

}  // namespace cp
