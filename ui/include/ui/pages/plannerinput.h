// The planner view's search controls as plain values, turned into the core's SearchSpace and
// objective (core/plan/include/plan/planner.h). Every bad input gives a message that names its field; nothing here
// searches or estimates. Also the translated words for the planner's objectives and reasons.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "engine/enums.h"
#include "plan/planner.h"
#include "engine/scenario.h"

namespace cp::ui {

// What the controls hold. The knob texts are comma lists of whole numbers or ranges A-B; an
// empty knob varies over every valid value. A choice list that holds every choice varies too.
struct PlannerInput {
  QString gpus;          // "64", "64,128", "64-512" (every whole node count in the range)
  QStringList fabrics;   // fabric ids; empty: the scenario's fabric
  QString tp, pp, vpp, cp, ep, microBatch;
  QList<cp::Recompute> recompute{cp::Recompute::None, cp::Recompute::Selective, cp::Recompute::Full};
  QList<cp::Zero> zero{cp::Zero::Stage0, cp::Zero::Stage1, cp::Zero::Stage2, cp::Zero::Stage3,
                       cp::Zero::DistributedOptimizer};
  QList<int> sp{0, 1};   // 0 off, 1 on
  double powerKw = 0;         // 0: no limit
  double budgetPerMonth = 0;  // 0: no limit, in the scenario's currency
  double deadlineDays = 0;    // 0: no deadline
  int spareNodes = 0;
  cp::Objective objective = cp::Objective::Throughput;
  int top = 10;
};

struct PlannerRequest {
  cp::SearchSpace space;
  cp::Objective objective = cp::Objective::Throughput;
  int top = 10;
  QStringList errors;  // "GPUs: ..." one per bad field, translated; empty when the request is good
  bool ok() const { return errors.isEmpty(); }
};

// Checks and converts the controls for a search on `base` (its GPUs per node and token budget).
PlannerRequest plannerRequest(const PlannerInput& input, const cp::Scenario& base);

// The most cluster sizes and knob values one list may expand to.
inline constexpr int kMaxPlannerListItems = 4096;

QString objectiveName(cp::Objective o);    // "Throughput (tokens/s)"
QString reasonName(cp::PlanReason r);      // "does not fit in GPU memory"
QString plannerFieldName(const QString& field);  // a core problem's field ("search.gpus") as its control's name

}  // namespace cp::ui
