// What would make a plan that does not fit in GPU memory fit: the nearest
// layout that fits, found by the auto-planner (planner.h) in widening circles around the
// scenario's own layout. First every layout that changes one knob (TP, PP, VPP, CP, EP,
// micro-batch, recomputation, ZeRO stage, SP, TP overlap) with the others held; then two knobs;
// then any layout of the same cluster; then the same search on 2, 4, 8 and 16 times as many
// nodes. Within a circle the planner's fastest layout (tokens/s) wins. The result is structured
// (knob, from, to), so that the GUI words it in its own language.
#pragma once

#include <atomic>
#include <vector>

#include "engine/estimate.h"
#include "engine/scenario.h"
#include "plan/planner.h"

namespace cp {

enum class FitKnob { Nodes, Tp, Pp, Vpp, Cp, Ep, MicroBatch, Recompute, Zero, Sp, TpOverlap };

// One change of the suggestion; enums (Recompute, Zero) and booleans are held as their int.
struct FitChange {
  FitKnob knob = FitKnob::Tp;
  int from = 0;
  int to = 0;
};

struct NearestFit {
  bool fits_now = false;   // the scenario fits already: nothing to suggest
  bool found = false;      // a fitting layout was found
  bool cancelled = false;
  std::vector<FitChange> changes;  // nodes first, then in FitKnob order
  Scenario scenario;       // the scenario with the suggestion applied (when found)
  Estimate estimate;       // its estimate
};

// `s` should be valid (cp::validate); an invalid scenario gives found = false. `cancel`, when
// set, stops the search between planner runs and inside them.
NearestFit nearest_fit(const Scenario& s, const std::atomic<bool>* cancel = nullptr);

}  // namespace cp
