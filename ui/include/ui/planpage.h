// The plan view: headline tiles, the memory, step-time, power and cost charts, and the summary
// with warnings. While the scenario is invalid it keeps the last valid result, greyed, under a
// banner that says so.
#pragma once

#include <QWidget>

#include "engine/explain.h"

class QLabel;

namespace cp::ui {

class BreakdownChart;
class HeadlineTiles;
class MemoryChart;
class ScenarioDocument;
class SummaryPanel;

class PlanPage : public QWidget {
  Q_OBJECT

 public:
  explicit PlanPage(ScenarioDocument* document, QWidget* parent = nullptr);

  HeadlineTiles* tiles() const { return tiles_; }
  MemoryChart* memoryChart() const { return memory_; }
  BreakdownChart* stepChart() const { return step_; }
  BreakdownChart* powerChart() const { return power_; }
  BreakdownChart* costChart() const { return cost_; }
  SummaryPanel* summaryPanel() const { return summary_; }
  bool isStale() const;  // showing the last valid result of an invalid scenario

 Q_SIGNALS:
  void explainRequested(cp::Figure figure);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void refresh();

  ScenarioDocument* document_;
  QLabel* banner_ = nullptr;
  QWidget* results_ = nullptr;
  QWidget* veil_ = nullptr;  // painted over the results while they are the last valid ones
  HeadlineTiles* tiles_ = nullptr;
  MemoryChart* memory_ = nullptr;
  BreakdownChart* step_ = nullptr;
  BreakdownChart* power_ = nullptr;
  BreakdownChart* cost_ = nullptr;
  SummaryPanel* summary_ = nullptr;
};

}  // namespace cp::ui
