// The charts of the fabric comparison (InfiniBand versus RoCE): throughput, MFU, scaling
// efficiency, time to train, cost per run, the first fabric's advantage and the gap by cause,
// drawn from one sweep (ui/fabricsweep.h), with the comparison's bottom line in words. A room
// below the pages: the comparison page shows them under its controls; the fabric report and
// `clusterplan-cli chart fabric` draw them into files without the page (runComparison).
#pragma once

#include <QGridLayout>
#include <QStringList>
#include <QWidget>
#include <array>
#include <memory>
#include <string>

#include "ui/fabricsweep.h"

class QCPAbstractPlottable;
class QCustomPlot;
class QResizeEvent;

namespace cp::ui {

class FabricCharts : public QWidget {
  Q_OBJECT

 public:
  enum Metric { Throughput, Mfu, Scaling, TrainTime, CostPerRun, Advantage, GapByTraffic, MetricCount };
  struct Options {
    cp::SweepLayout layout = cp::SweepLayout::Best;  // how the points' layouts were chosen (the method line)
    bool logTime = false;                            // a logarithmic time-to-train axis
    bool claims = true;                              // the seed article's claims, for its class of scenario
  };

  explicit FabricCharts(QWidget* parent = nullptr);

  QCustomPlot* plot(Metric m) const { return plots_[std::size_t(m)]; }
  // The charts in three columns; what a view adds beside them goes into the free cells of row 2.
  QGridLayout* grid() const { return grid_; }

  // Charts `result` (null: empty charts with their titles).
  void setResult(std::shared_ptr<const SweepResult> result, const Options& options);
  std::shared_ptr<const SweepResult> result() const { return result_; }

  // The hover text of a point of the charts: the value as every chart says it, then the point's
  // layout (layout_text) and whether it fits.
  QString pointReadout(QCPAbstractPlottable* plottable, int dataIndex) const;
  // Why the scaling efficiency exceeds 100% (the chart's note in full, its tooltip); empty when
  // it does not.
  QString scalingNote() const { return scalingNoteFull_; }

  // How each point's layout was chosen: best per size and fabric, or the plan's held.
  static QString methodLine(cp::SweepLayout layout);
  QString methodLine() const { return methodLine(options_.layout); }  // of the charts shown
  // One size's verdict in plain words: which fabric is faster, why, and what it does to the bill.
  static QString verdict(const cp::FabricGap& g);
  // The bottom line for the job across the sizes, for every fabric of `result` (core/plan's
  // job_verdict, in the GUI's language), the scenario's own fabric (`ownFabricId`) marked; empty
  // without a complete result.
  static QString jobVerdict(const SweepResult* result, const std::string& ownFabricId);

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void redraw();
  void fitScalingNote();

  QGridLayout* grid_ = nullptr;
  std::array<QCustomPlot*, MetricCount> plots_{};
  std::shared_ptr<const SweepResult> result_;
  Options options_;
  QStringList scalingNoteSentences_;  // the note on efficiencies above 100%, longest first
  QString scalingNoteFull_;
};

// The fabrics the user last chose on the comparison page (kept between runs), of those still in
// the catalogue; empty (the scenario's defaults) when fewer than two are left.
QStringList chosenFabrics();
void setChosenFabrics(const QStringList& ids);

// The comparison the page runs when it opens, for a report or a chart file: the fabrics last
// chosen (or the scenario's defaults), the best layout per size, strong scaling, sizes from 8
// GPUs up to `maxGpus` (the plan's own size included), on every core but one, while the event
// loop turns. Null when it did not finish within `timeoutMs`.
std::shared_ptr<const SweepResult> runComparison(const cp::Scenario& scenario, int maxGpus, int timeoutMs);

}  // namespace cp::ui
