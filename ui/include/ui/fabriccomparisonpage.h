// InfiniBand versus RoCE: the current plan across cluster sizes for two or more fabrics, run off
// the GUI thread (QtConcurrent, with progress and cancel), charted side by side: throughput,
// MFU, scaling efficiency, time to train, cost per run and the first fabric's advantage, with the
// gap marked at the largest size and the seed article's claims overlaid as reference points.
#pragma once

#include <QFutureWatcher>
#include <QStringList>
#include <QWidget>
#include <array>
#include <memory>

#include "ui/fabricsweep.h"

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QToolButton;

namespace cp::ui {

class ScenarioDocument;

class FabricComparisonPage : public QWidget {
  Q_OBJECT

 public:
  enum Metric { Throughput, Mfu, Scaling, TrainTime, CostPerRun, Advantage, MetricCount };

  explicit FabricComparisonPage(ScenarioDocument* document, QWidget* parent = nullptr);
  ~FabricComparisonPage() override;

  void run();     // starts a sweep of the current plan (cancelling one in flight)
  void cancel();
  bool isRunning() const;
  void setMaxGpus(int gpus);
  void setFabrics(const QStringList& ids);  // empty: the defaults for the scenario
  QStringList fabrics() const;
  void setClaimsShown(bool shown);

  std::shared_ptr<const SweepResult> result() const { return result_; }
  QCustomPlot* plot(Metric m) const { return plots_[std::size_t(m)]; }
  QProgressBar* progressBar() const { return progress_; }

 Q_SIGNALS:
  void resultShown();  // a sweep finished and every chart is replotted

 protected:
  void showEvent(QShowEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  void scenarioChanged();
  void finished();
  void redraw();
  void buildFabricMenu();

  ScenarioDocument* document_;
  QFutureWatcher<SweepResult> watcher_;
  std::shared_ptr<const SweepResult> result_;
  std::array<QCustomPlot*, MetricCount> plots_{};
  QComboBox* maxGpus_ = nullptr;
  QToolButton* fabricButton_ = nullptr;
  QCheckBox* claims_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QLabel* status_ = nullptr;
  QStringList chosenFabrics_;  // empty: defaults
  bool dirty_ = true;          // the plan changed since the last sweep
};

}  // namespace cp::ui
