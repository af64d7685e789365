// The planner's Pareto frontier as a chart: real time to train (days) against the cost of the
// run, one point per frontier layout, coloured by fabric (the palette's fabric colours, one
// legend entry per fabric) and labelled with its cluster size, joined by a thin line. Without a
// token budget there is no frontier: the chart says so. Shows the engine's numbers; computes none.
#pragma once

#include <QWidget>
#include <memory>

#include "plan/planner.h"

class QCustomPlot;
class QCPTextElement;

namespace cp::ui {

class PlannerFrontierChart : public QWidget {
  Q_OBJECT

 public:
  explicit PlannerFrontierChart(QWidget* parent = nullptr);

  // Draws `result`'s frontier (nullptr: an empty chart). `hasTokens`: the searched scenario had
  // a token budget (without one the frontier is empty by design, and the chart says so).
  void setResult(std::shared_ptr<const cp::PlanResult> result, bool hasTokens);

  QCustomPlot* plot() const { return plot_; }
  int pointCount() const;     // frontier points drawn (every fabric's scatter together)
  QString emptyText() const;  // the note drawn over an empty chart; empty when points are drawn

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void redraw();

  QCustomPlot* plot_ = nullptr;
  QCPTextElement* title_ = nullptr;
  std::shared_ptr<const cp::PlanResult> result_;
  bool hasTokens_ = false;
  QString emptyText_;
};

}  // namespace cp::ui
