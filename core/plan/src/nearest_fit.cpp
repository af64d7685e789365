#include "plan/nearest_fit.h"

#include <array>
#include <cstddef>

#include "engine/validate.h"

namespace cp {
namespace {

constexpr std::array<FitKnob, 10> kLayoutKnobs{FitKnob::Tp,         FitKnob::Pp,        FitKnob::Vpp,  FitKnob::Cp,
                                               FitKnob::Ep,         FitKnob::MicroBatch, FitKnob::Recompute,
                                               FitKnob::Zero,       FitKnob::Sp,        FitKnob::TpOverlap};
// How many times the nodes the last circles try: doublings up to 16x, the range of the
// planner's own fit advice (planner.cpp fit_advice goes to 64x; 16x keeps the search short).
constexpr std::array<int, 4> kNodeFactors{2, 4, 8, 16};

int knob_value(const Scenario& s, FitKnob k) {
  switch (k) {
    case FitKnob::Nodes: return s.cluster.nodes;
    case FitKnob::Tp: return s.parallel.tp;
    case FitKnob::Pp: return s.parallel.pp;
    case FitKnob::Vpp: return s.parallel.vpp;
    case FitKnob::Cp: return s.parallel.cp;
    case FitKnob::Ep: return s.parallel.ep;
    case FitKnob::MicroBatch: return s.training.micro_batch;
    case FitKnob::Recompute: return int(s.training.recompute);
    case FitKnob::Zero: return int(s.training.zero);
    case FitKnob::Sp: return int(s.parallel.sp);
    case FitKnob::TpOverlap: return int(s.training.tp_comm_overlap);
  }
  return 0;
}

// Holds a knob at the scenario's value (a one-value list); a free knob keeps the planner's
// default list (every value that can be valid).
void hold(SearchSpace& space, const Scenario& s, FitKnob k) {
  switch (k) {
    case FitKnob::Nodes: space.gpus = {s.cluster.total_gpus()}; break;
    case FitKnob::Tp: space.tp = {s.parallel.tp}; break;
    case FitKnob::Pp: space.pp = {s.parallel.pp}; break;
    case FitKnob::Vpp: space.vpp = {s.parallel.vpp}; break;
    case FitKnob::Cp: space.cp = {s.parallel.cp}; break;
    case FitKnob::Ep: space.ep = {s.parallel.ep}; break;
    case FitKnob::MicroBatch: space.micro_batch = {s.training.micro_batch}; break;
    case FitKnob::Recompute: space.recompute = {s.training.recompute}; break;
    case FitKnob::Zero: space.zero = {s.training.zero}; break;
    case FitKnob::Sp: space.sp = {int(s.parallel.sp)}; break;
    case FitKnob::TpOverlap: space.tp_overlap = {int(s.training.tp_comm_overlap)}; break;
  }
}

// The fastest fitting layout of `space`, if any.
std::optional<PlanEntry> fastest(const Scenario& s, const SearchSpace& space, const std::atomic<bool>* cancel,
                                 bool& cancelled) {
  PlanOptions options;
  options.objective = Objective::Throughput;
  options.top = 1;
  options.threads = 1;  // the circles are small; the GUI runs this off its thread
  options.cancel = cancel;
  PlanResult r = plan(s, space, options);
  if (r.cancelled) cancelled = true;
  if (!r.ok() || r.top.empty()) return std::nullopt;
  return std::move(r.top.front());
}

bool better(const PlanEntry& a, const std::optional<PlanEntry>& b) {
  return !b || a.metrics.tokens_per_s > b->metrics.tokens_per_s;
}

}  // namespace

NearestFit nearest_fit(const Scenario& s, const std::atomic<bool>* cancel) {
  NearestFit out;
  if (!validate(s).empty()) return out;
  const Estimate now = estimate(s);
  if (now.memory.fits) {
    out.fits_now = true;
    return out;
  }
  auto stop = [&] { return out.cancelled || (cancel && cancel->load()); };

  std::optional<PlanEntry> best;
  // One knob free, then two, every other knob and the cluster held.
  for (int circle = 1; circle <= 2 && !best && !stop(); ++circle) {
    for (std::size_t i = 0; i < kLayoutKnobs.size() && !stop(); ++i)
      for (std::size_t j = circle == 1 ? i : i + 1; j < kLayoutKnobs.size() && !stop(); ++j) {
        if (circle == 1 && j != i) break;
        SearchSpace space;
        hold(space, s, FitKnob::Nodes);
        for (std::size_t k = 0; k < kLayoutKnobs.size(); ++k)
          if (k != i && k != j) hold(space, s, kLayoutKnobs[k]);
        if (auto e = fastest(s, space, cancel, out.cancelled); e && better(*e, best)) best = std::move(e);
      }
  }
  // Any layout of this cluster, then more nodes.
  if (!best && !stop()) {
    SearchSpace space;
    hold(space, s, FitKnob::Nodes);
    best = fastest(s, space, cancel, out.cancelled);
  }
  for (int factor : kNodeFactors) {
    if (best || stop()) break;
    SearchSpace space;
    space.gpus = {s.cluster.total_gpus() * factor};
    best = fastest(s, space, cancel, out.cancelled);
  }
  if (stop()) out.cancelled = true;
  if (!best || out.cancelled) return out;

  out.found = true;
  out.scenario = best->scenario;
  // The scenario's DP, when it was set, follows the new layout (the planner derives it).
  out.scenario.parallel.dp = s.parallel.dp == 0 ? 0 : best->layout.dp;
  out.estimate = best->estimate;
  for (FitKnob k : {FitKnob::Nodes, FitKnob::Tp, FitKnob::Pp, FitKnob::Vpp, FitKnob::Cp, FitKnob::Ep,
                    FitKnob::MicroBatch, FitKnob::Recompute, FitKnob::Zero, FitKnob::Sp, FitKnob::TpOverlap}) {
    const int from = knob_value(s, k), to = knob_value(out.scenario, k);
    if (from != to) out.changes.push_back({k, from, to});
  }
  return out;
}

}  // namespace cp
