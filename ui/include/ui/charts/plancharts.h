// The plan's four charts as the plan page lays them out: memory per GPU at the peak pipeline
// stage beside the step time, facility power and monthly budget, all read from one estimate.
// A room below the pages: the scenario report and `clusterplan-cli chart` draw them into files
// without a page.
#pragma once

#include <QWidget>

namespace cp {
struct Estimate;
struct Scenario;
}  // namespace cp

namespace cp::ui {

class BreakdownChart;
class MemoryChart;

class PlanCharts : public QWidget {
  Q_OBJECT

 public:
  explicit PlanCharts(QWidget* parent = nullptr);

  MemoryChart* memoryChart() const { return memory_; }
  BreakdownChart* stepChart() const { return step_; }
  BreakdownChart* powerChart() const { return power_; }
  BreakdownChart* costChart() const { return cost_; }

  // The charts of `e`, the estimate of `s`, in the language and units of the moment.
  void setEstimate(const cp::Scenario& s, const cp::Estimate& e);
  // No estimate: each chart says so instead of showing the figures of another scenario.
  void clear();

 private:
  MemoryChart* memory_ = nullptr;
  BreakdownChart* step_ = nullptr;
  BreakdownChart* power_ = nullptr;
  BreakdownChart* cost_ = nullptr;
};

}  // namespace cp::ui
