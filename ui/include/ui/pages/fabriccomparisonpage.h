// InfiniBand versus RoCE: the current plan across cluster sizes for two or more fabrics (core/plan's
// one comparison), run off the GUI thread (QtConcurrent, with progress and cancel), charted side by
// side: throughput, MFU, scaling efficiency, time to train, cost per run, the first fabric's
// advantage and the gap split by traffic, with a verdict per size in plain words. Each point runs
// the planner's best layout for its size and fabric (default) or the scenario's layout held;
// points that do not fit are drawn hollow; the seed article's claims are overlaid only for its
// class (A100/H100 at 8-32 GPUs).
#pragma once

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QStringList>
#include <QWidget>
#include <array>
#include <atomic>
#include <memory>
#include <optional>

#include "ui/charts/fabriccharts.h"
#include "ui/fabricsweep.h"

class QCheckBox;
class QCPAbstractPlottable;
class QComboBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;

namespace cp::ui {

class ScenarioDocument;

class FabricComparisonPage : public QWidget {
  Q_OBJECT

 public:
  // The charts are FabricCharts' (a room below the pages, which the report draws too).
  using Metric = FabricCharts::Metric;
  using enum FabricCharts::Metric;

  explicit FabricComparisonPage(ScenarioDocument* document, QWidget* parent = nullptr);
  ~FabricComparisonPage() override;

  void run();     // starts a sweep of the current plan (cancelling one in flight)
  void cancel();
  bool isRunning() const;
  void setMaxGpus(int gpus);
  void setMinGpus(int gpus);
  void setLayout(cp::SweepLayout layout);  // best (default) or held
  cp::SweepLayout layout() const;
  void setScaling(cp::SweepScaling scaling);
  void setLogTimeAxis(bool on);
  void setFabrics(const QStringList& ids);  // empty: the defaults for the scenario
  QStringList fabrics() const;
  void setClaimsShown(bool shown);
  // Worker threads of the best-layout search; 0 (the default): every core but one, so that the
  // window stays responsive.
  void setThreads(int threads);
  int threads() const;
  // Whether the last result re-priced the layouts already planned (an edit of prices, power or
  // the scenario's own fabric among those compared changes no layout) instead of planning again.
  bool lastRunRepriced() const { return repriced_; }

  std::shared_ptr<const SweepResult> result() const { return result_; }
  QCustomPlot* plot(Metric m) const;
  FabricCharts* charts() const { return charts_; }
  QProgressBar* progressBar() const { return progress_; }
  QLabel* verdictLabel() const { return verdicts_; }
  // The bottom line for the job across the sizes, for every fabric shown (core/plan's
  // job_verdict, in the GUI's language); empty while no complete result is shown.
  QString jobVerdict() const;
  // How each point's layout was chosen: best per size and fabric, or the plan's held.
  QString methodLine() const;
  // The hover text of a point of the charts: the value as every chart says it, then the point's
  // layout (layout_text) and whether it fits.
  QString pointReadout(QCPAbstractPlottable* plottable, int dataIndex) const;
  QLabel* statusLabel() const { return status_; }
  // Why the scaling efficiency exceeds 100% (the chart's note in full, its tooltip); empty when
  // it does not.
  QString scalingNote() const;
  QCheckBox* claimsBox() const { return claims_; }

 Q_SIGNALS:
  void resultShown();  // a sweep finished and every chart is replotted
  // Under the best layout: a partial result is charted, the held layout at the sizes whose search
  // still runs (drawn dotted), first at every size, then one size after another.
  void partialShown();

 protected:
  void showEvent(QShowEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  void scenarioChanged();
  void finished();
  void partialReady(int begin, int end);
  void showResult();  // the notes, verdicts and charts of result_
  void retranslate();
  void redraw();
  void buildFabricMenu();
  void showVerdicts();

  ScenarioDocument* document_;
  QFutureWatcher<SweepResult> watcher_;
  std::shared_ptr<const SweepResult> result_;
  FabricCharts* charts_ = nullptr;
  QComboBox* maxGpus_ = nullptr;
  QComboBox* minGpus_ = nullptr;
  QComboBox* layout_ = nullptr;
  QComboBox* scaling_ = nullptr;
  QCheckBox* logTime_ = nullptr;
  QLabel* verdicts_ = nullptr;
  QPushButton* fabricButton_ = nullptr;
  QCheckBox* claims_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QLabel* status_ = nullptr;
  QLabel* sizesFrom_ = nullptr;
  QLabel* upTo_ = nullptr;
  QStringList chosenFabrics_;  // empty: defaults
  bool dirty_ = true;          // the plan changed since the last sweep
  int threads_ = 0;
  std::shared_ptr<std::atomic<bool>> stop_;  // the running search's: a newer edit sets it
  // What a result was planned for: an edit that changes no layout re-prices it instead.
  struct Planned {
    cp::Scenario scenario;
    std::vector<std::string> fabrics;
    std::vector<int> sizes;
    cp::SweepLayout layout = cp::SweepLayout::Best;
    cp::SweepScaling scaling = cp::SweepScaling::Strong;
  };
  std::optional<Planned> planned_;  // of result_, when complete
  Planned running_;                 // of the search in flight
  bool repriced_ = false;
  QElapsedTimer partialAt_;  // when the last partial result was charted (they come at most every 100 ms)
};

}  // namespace cp::ui
