// "Why this number": for each headline figure of an estimate, the formula, the named inputs it
// used (with their values and units, SI), the source, and the value. The explanation is made
// from the same Estimate the figure is shown from, so a planner can defend the figure in a
// meeting and a test can recompute it from the explanation's own inputs (tst_explain).
// Also the few derived figures that compare estimates (scaling efficiency, the fabric gap) and
// the breakdowns the charts stack, so that no formula lives in the GUI.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "engine/estimate.h"
#include "engine/scenario.h"

namespace cp {

enum class Figure {
  MemoryPerGpu,   // peak memory per GPU, bytes
  Headroom,       // capacity minus peak memory, bytes (negative: does not fit)
  StepTime,       // one optimizer step, s
  TokensPerS,     // training throughput, tokens/s
  Mfu,            // model FLOPs utilisation, fraction
  TrainTime,      // real time to train the token budget (after failures), s
  ItPower,        // average IT power, W
  FacilityPower,  // average facility power (IT x PUE), W
  CostPerMonth,   // per month, in the scenario's currency
  CostPerRun,     // per training run, in the scenario's currency
};
inline constexpr std::array<Figure, 10> kFigures{
    Figure::MemoryPerGpu, Figure::Headroom, Figure::StepTime, Figure::TokensPerS, Figure::Mfu,
    Figure::TrainTime, Figure::ItPower, Figure::FacilityPower, Figure::CostPerMonth, Figure::CostPerRun};

std::string_view figure_id(Figure f);  // stable snake_case key, e.g. "step_time"

struct ExplainInput {
  std::string key;    // stable snake_case key, e.g. "compute_s"
  std::string name;   // English label, e.g. "compute"
  double value = 0;   // in `unit`
  std::string unit;   // "s", "bytes", "W", "tokens", "CNY", "" (a pure number)
};

struct Explanation {
  Figure figure = Figure::StepTime;
  std::string title;    // English, e.g. "Step time"
  std::string formula;  // e.g. "step = (compute + TP + PP + DP + EP + CP + bubble + optimizer) x calibration"
  std::vector<ExplainInput> inputs;
  double value = 0;
  std::string unit;
  std::string source;   // the paper, datasheet or assumption the formula comes from
  double input(std::string_view key) const;  // the named input's value (NaN when absent)
};

// Precondition: `e` is estimate(s) of a scenario that validated.
Explanation explain(Figure f, const Scenario& s, const Estimate& e);

// --- breakdowns the charts stack (each sums to the figure it breaks down)

// Step time: the modelled parts, scaled by the site calibration so that they sum to step_s.
enum class StepPart { Compute, Bubble, Tp, Pp, Dp, Ep, Cp, Optimizer };
inline constexpr std::array<StepPart, 8> kStepParts{StepPart::Compute, StepPart::Bubble, StepPart::Tp, StepPart::Pp,
                                                    StepPart::Dp,      StepPart::Ep,     StepPart::Cp, StepPart::Optimizer};
std::array<double, kStepParts.size()> step_breakdown(const Estimate& e);  // s, sums to step.step_s

// Average facility power: GPUs, the rest of the nodes, switches, optics, storage, and the
// facility overhead (cooling, power distribution) that PUE adds. Sums to power.facility_w.
enum class PowerPart { Gpus, NodeRest, Switches, Optics, Storage, Facility };
inline constexpr std::array<PowerPart, 6> kPowerParts{PowerPart::Gpus,   PowerPart::NodeRest, PowerPart::Switches,
                                                      PowerPart::Optics, PowerPart::Storage,  PowerPart::Facility};
std::array<double, kPowerParts.size()> power_breakdown(const Scenario& s, const Estimate& e);  // W

// Monthly budget: the nine categories (the owner's four lines are zero unless buying), VAT, and
// the headroom kept on top. Sums to cost.budget_per_month.
enum class CostPart {
  Hardware, Bandwidth, Storage, Services, Electricity, Vat, Headroom, NetworkStorage, Capital, Support, Facility
};
inline constexpr std::array<CostPart, 11> kCostParts{
    CostPart::Hardware,       CostPart::NetworkStorage, CostPart::Capital,     CostPart::Support,
    CostPart::Facility,       CostPart::Bandwidth,      CostPart::Storage,     CostPart::Services,
    CostPart::Electricity,    CostPart::Vat,            CostPart::Headroom};
std::array<double, kCostParts.size()> cost_breakdown(const Estimate& e);

// --- figures that compare estimates

// Throughput per GPU at `gpus` relative to the throughput per GPU at `base_gpus` (1 = linear).
double scaling_efficiency(double tokens_per_s, int gpus, double base_tokens_per_s, int base_gpus);
// How much faster `base` is than `other`, as a fraction: base / other - 1 (the seed article's
// "IB trains 15-20% more efficiently").
double speedup(double base, double other);

}  // namespace cp
