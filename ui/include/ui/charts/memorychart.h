// Memory per GPU as one stacked bar (weights, gradients, optimizer states, activations, other)
// against the GPU's capacity, drawn with QCustomPlot. Shows the engine's numbers; computes none.
#pragma once

#include <QStringList>
#include <QWidget>
#include <array>
#include <optional>

#include "engine/estimate.h"
#include "engine/scenario.h"
#include "ui/memorycomponent.h"

class QMouseEvent;
class QCustomPlot;
class QCPBars;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;

namespace cp::ui {

class MemoryChart : public QWidget {
  Q_OBJECT

 public:
  explicit MemoryChart(QWidget* parent = nullptr);

  // Shows the peak stage's breakdown of `estimate`, which the engine computed for `scenario`.
  void setEstimate(const cp::Scenario& scenario, const cp::Estimate& estimate);
  // Shows an empty chart (e.g. while the scenario is invalid).
  void clear();

  // What is drawn, read back from the plot (for tests and exports).
  QCustomPlot* plot() const { return plot_; }
  QCPBars* bars(MemoryComponent c) const;
  // In the axis' unit: GiB, or GB where the figures are written in GB (units.h).
  double barValueGiB(MemoryComponent c) const;  // the segment's height; 0 when empty
  double capacityGiB() const;                   // where the capacity line is drawn
  // The capacity label's full text; drawn on two lines, or without the GPU's name, where the
  // plot area is too narrow for it (fitCapacityLabel).
  QString capacityLabel() const;
  QString valueAxisLabel() const;

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void rebuild();
  void fitCapacityLabel();
  void showToolTip(QMouseEvent* event);  // a component's name, size and meaning under the mouse  // (re)writes every number and text from the stored scenario and estimate

  struct Shown {
    cp::Scenario scenario;
    cp::Estimate estimate;
  };
  std::optional<Shown> shown_;

  QCustomPlot* plot_ = nullptr;
  QCPTextElement* title_ = nullptr;
  std::array<QCPBars*, kMemoryComponents.size()> bars_{};
  std::array<QCPItemText*, kMemoryComponents.size()> segmentLabels_{};
  QCPItemStraightLine* capacityLine_ = nullptr;
  QCPItemText* capacityText_ = nullptr;
  QCPItemText* totalText_ = nullptr;
  QCPItemText* emptyText_ = nullptr;  // shown instead of the bar when there is no estimate
  QStringList capacityTexts_;  // the capacity label, longest first (fitCapacityLabel)
};

}  // namespace cp::ui
