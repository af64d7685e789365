// The plan view: headline tiles, the memory, step-time, power and cost charts, and the summary
// with warnings. While the scenario is invalid it keeps the last valid result, greyed, under a
// banner that says so.
#pragma once

#include <QFutureWatcher>
#include <QWidget>
#include <atomic>
#include <memory>
#include <optional>

#include "engine/explain.h"
#include "plan/nearest_fit.h"
#include "ui/charts/plancharts.h"

class QLabel;
class QStackedWidget;

namespace cp::ui {

class HeadlineTiles;
class ScenarioDocument;
class SummaryPanel;

class PlanPage : public QWidget {
  Q_OBJECT

 public:
  explicit PlanPage(ScenarioDocument* document, QWidget* parent = nullptr);
  ~PlanPage() override;

  HeadlineTiles* tiles() const { return tiles_; }
  // The four charts are PlanCharts' (a room below the pages, which the report draws too).
  PlanCharts* charts() const { return planCharts_; }
  MemoryChart* memoryChart() const { return planCharts_->memoryChart(); }
  BreakdownChart* stepChart() const { return planCharts_->stepChart(); }
  BreakdownChart* powerChart() const { return planCharts_->powerChart(); }
  BreakdownChart* costChart() const { return planCharts_->costChart(); }
  SummaryPanel* summaryPanel() const { return summary_; }
  // Where the charts are: the charts, or (without an estimate) one message in their place.
  QStackedWidget* chartArea() const { return charts_; }
  QLabel* noEstimateMessage() const { return noEstimate_; }
  bool isStale() const;  // showing the last valid result of an invalid scenario
  // Under the tiles while the plan does not fit in memory: that its time and cost are greyed,
  // and the nearest layout that fits (cp::nearest_fit), with a link that applies it.
  QLabel* fitAdvice() const { return fitAdvice_; }
  const std::optional<cp::NearestFit>& nearestFit() const { return fit_; }
  void applyFit();  // one undoable edit

 Q_SIGNALS:
  void explainRequested(cp::Figure figure);
  void fitAdviceShown();  // the search for a layout that fits finished and is shown

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void refresh();
  void updateFitAdvice();
  void fitFound();
  void showFitAdvice();
  void paintFitAdvice();
  static QString changeText(const cp::FitChange& c);

  ScenarioDocument* document_;
  QLabel* banner_ = nullptr;
  QWidget* results_ = nullptr;
  QWidget* veil_ = nullptr;  // painted over the results while they are the last valid ones
  HeadlineTiles* tiles_ = nullptr;
  PlanCharts* planCharts_ = nullptr;
  SummaryPanel* summary_ = nullptr;
  QStackedWidget* charts_ = nullptr;  // the charts, or the one message that replaces them
  QLabel* noEstimate_ = nullptr;
  QLabel* fitAdvice_ = nullptr;
  QFutureWatcher<cp::NearestFit> fitWatcher_;
  std::shared_ptr<std::atomic<bool>> fitCancel_;
  std::optional<cp::NearestFit> fit_;
};

}  // namespace cp::ui
