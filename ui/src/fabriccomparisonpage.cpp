#include "ui/fabriccomparisonpage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <cmath>
#include <qcustomplot.h>

#include "engine/fabric.h"
#include "engine/seed_claims.h"
#include "ui/chartstyle.h"
#include "ui/palette.h"
#include "ui/scenariodocument.h"
#include "ui/terms.h"
#include "engine/units.h"

namespace cp::ui {
namespace {

constexpr int kMaxChoices[] = {64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384};
constexpr int kDefaultMax = 1024;

// Where the seed article's IB-vs-RoCE claims sit on the size axis (shared/reference/seed-claims.md):
// "below 32 GPUs RoCEv2 loses about 10%" at 16 GPUs, "IB 15-20% better at 32+" at 32 GPUs.
struct ClaimPlace {
  const char* id;
  int gpus;
};
constexpr ClaimPlace kClaimPlaces[] = {{"roce_below_32", 16}, {"ib_advantage_32", 32}};

// The charts' x coordinate of a size: log2 of the GPU count, so that doublings are evenly spaced.
double xOf(int gpus) { return std::log2(double(gpus)); }

}  // namespace

FabricComparisonPage::FabricComparisonPage(ScenarioDocument* document, QWidget* parent)
    : QWidget(parent), document_(document) {
  maxGpus_ = new QComboBox;
  maxGpus_->setObjectName(QStringLiteral("maxGpus"));
  for (int n : kMaxChoices) maxGpus_->addItem(tr("%1 GPUs").arg(formatCount(n)), n);
  maxGpus_->setCurrentIndex(maxGpus_->findData(kDefaultMax));
  fabricButton_ = new QToolButton;
  fabricButton_->setText(tr("Fabrics"));
  fabricButton_->setPopupMode(QToolButton::InstantPopup);
  claims_ = new QCheckBox(tr("Seed article's claims"));
  claims_->setChecked(true);
  claims_->setToolTip(tr("Overlay the seed article's IB-vs-RoCE claims as reference points"));
  progress_ = new QProgressBar;
  progress_->setMaximumWidth(260);
  progress_->setTextVisible(true);
  cancel_ = new QPushButton(tr("Cancel"));
  cancel_->setEnabled(false);
  status_ = new QLabel;
  status_->setWordWrap(true);

  auto* bar = new QHBoxLayout;
  bar->addWidget(new QLabel(tr("Cluster sizes up to")));
  bar->addWidget(maxGpus_);
  bar->addWidget(fabricButton_);
  bar->addWidget(claims_);
  bar->addStretch(1);
  bar->addWidget(progress_);
  bar->addWidget(cancel_);

  auto* grid = new QGridLayout;
  grid->setSpacing(4);
  for (int m = 0; m < MetricCount; ++m) {
    auto* plot = new QCustomPlot;
    plot->setObjectName(QStringLiteral("comparisonPlot%1").arg(m));
    plot->setMinimumSize(200, 160);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, QString(), scaledFont(font(), 1.1, true)));
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    plot->xAxis->setTicker(ticker);
    plot->xAxis->setLabel(tr("GPUs"));
    plots_[std::size_t(m)] = plot;
    grid->addWidget(plot, m / 3, m % 3);
  }
  plots_[Throughput]->legend->setVisible(true);
  plots_[Throughput]->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);

  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(6, 6, 6, 6);
  v->addLayout(bar);
  v->addWidget(status_);
  v->addLayout(grid, 1);

  buildFabricMenu();
  connect(maxGpus_, &QComboBox::currentIndexChanged, this, &FabricComparisonPage::run);
  connect(claims_, &QCheckBox::toggled, this, &FabricComparisonPage::redraw);
  connect(cancel_, &QPushButton::clicked, this, &FabricComparisonPage::cancel);
  connect(&watcher_, &QFutureWatcher<SweepResult>::progressValueChanged, progress_, &QProgressBar::setValue);
  connect(&watcher_, &QFutureWatcher<SweepResult>::progressRangeChanged, progress_, &QProgressBar::setRange);
  connect(&watcher_, &QFutureWatcher<SweepResult>::finished, this, &FabricComparisonPage::finished);
  connect(document_, &ScenarioDocument::scenarioChanged, this, &FabricComparisonPage::scenarioChanged);
  for (QCustomPlot* p : plots_) applyChartPalette(p, palette());
  redraw();
}

FabricComparisonPage::~FabricComparisonPage() {
  watcher_.disconnect(this);
  watcher_.cancel();
  watcher_.waitForFinished();
}

void FabricComparisonPage::buildFabricMenu() {
  auto* menu = new QMenu(fabricButton_);
  for (const cp::FabricSpec& f : cp::fabric_catalog()) {
    QAction* a = menu->addAction(QString::fromStdString(f.name));
    a->setData(QString::fromStdString(f.id));
    a->setCheckable(true);
    connect(a, &QAction::toggled, this, [this] {
      QStringList ids;
      for (QAction* x : fabricButton_->menu()->actions())
        if (x->isChecked()) ids << x->data().toString();
      if (ids.size() >= 2 && ids != fabrics()) setFabrics(ids);
    });
  }
  fabricButton_->setMenu(menu);
}

void FabricComparisonPage::setFabrics(const QStringList& ids) {
  chosenFabrics_ = ids;
  run();
}

QStringList FabricComparisonPage::fabrics() const {
  if (!chosenFabrics_.isEmpty()) return chosenFabrics_;
  QStringList ids;
  for (const std::string& id : default_fabrics(document_->scenario())) ids << QString::fromStdString(id);
  return ids;
}

void FabricComparisonPage::setMaxGpus(int gpus) {
  const int i = maxGpus_->findData(gpus);
  if (i >= 0 && i != maxGpus_->currentIndex()) maxGpus_->setCurrentIndex(i);  // runs
  else run();
}

void FabricComparisonPage::setClaimsShown(bool shown) { claims_->setChecked(shown); }

bool FabricComparisonPage::isRunning() const { return watcher_.isRunning(); }

void FabricComparisonPage::scenarioChanged() {
  dirty_ = true;
  if (isVisible()) run();
}

void FabricComparisonPage::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (dirty_) run();
}

void FabricComparisonPage::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) {
    for (QCustomPlot* p : plots_) applyChartPalette(p, palette());
    redraw();
  }
  QWidget::changeEvent(event);
}

void FabricComparisonPage::run() {
  dirty_ = false;
  const QStringList ids = fabrics();
  {
    const QSignalBlocker block(fabricButton_->menu());
    for (QAction* a : fabricButton_->menu()->actions()) {
      const QSignalBlocker blockAction(a);
      a->setChecked(ids.contains(a->data().toString()));
    }
  }
  if (!document_->valid()) {
    status_->setText(tr("The scenario has problems: fix the marked inputs to compare fabrics."));
    return;
  }
  std::vector<std::string> fabricIds;
  for (const QString& id : ids) fabricIds.push_back(id.toStdString());
  const std::vector<int> sizes = sweep_sizes(maxGpus_->currentData().toInt());
  const cp::Scenario plan = document_->scenario();
  if (watcher_.isRunning()) watcher_.cancel();
  status_->setText(tr("Running %1 estimates…").arg(int(fabricIds.size() * sizes.size())));
  cancel_->setEnabled(true);
  watcher_.setFuture(QtConcurrent::run(
      [plan, fabricIds, sizes](QPromise<SweepResult>& promise) {
        promise.setProgressRange(0, int(fabricIds.size() * sizes.size()));
        SweepResult r = run_sweep(plan, fabricIds, sizes, [&promise](int done, int) {
          promise.setProgressValue(done);
          return !promise.isCanceled();
        });
        if (!r.canceled) promise.addResult(std::move(r));
      }));
}

void FabricComparisonPage::cancel() {
  watcher_.cancel();
  status_->setText(tr("Canceled."));
  cancel_->setEnabled(false);
}

void FabricComparisonPage::finished() {
  cancel_->setEnabled(false);
  const QFuture<SweepResult> future = watcher_.future();
  if (future.isCanceled() || future.resultCount() == 0) return;
  result_ = std::make_shared<const SweepResult>(future.result());
  // Sizes the plan does not fit on (e.g. fewer GPUs than TP x PP x CP) are gaps: say why.
  QStringList infeasible;
  QString reason;
  if (!result_->series.empty())
    for (const SweepPoint& p : result_->series.front().points)
      if (!p.feasible) {
        infeasible << formatCount(p.gpus);
        if (reason.isEmpty()) reason = QString::fromStdString(p.problem);
      }
  status_->setText(infeasible.isEmpty() ? QString()
                                        : tr("No estimate at %1 GPUs: %2").arg(infeasible.join(QStringLiteral(", ")),
                                                                              reason));
  redraw();
  Q_EMIT resultShown();
}

void FabricComparisonPage::redraw() {
  static const char* const kTitles[MetricCount] = {
      QT_TR_NOOP("Throughput (M tokens/s)"), QT_TR_NOOP("MFU (%)"),
      QT_TR_NOOP("Scaling efficiency (%)"),  QT_TR_NOOP("Time to train (days)"),
      QT_TR_NOOP("Cost per run"),            QT_TR_NOOP("Advantage of the first fabric (%)")};
  for (int m = 0; m < MetricCount; ++m) {
    QCustomPlot* plot = plots_[std::size_t(m)];
    plot->clearGraphs();
    plot->clearItems();
    QString title = tr(kTitles[m]);
    if (m == CostPerRun && result_)
      title = tr("Cost per run (M %1)").arg(QString::fromUtf8(cp::to_string(result_->currency).data()));
    static_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0))->setText(title);
  }
  if (!result_) {
    for (QCustomPlot* p : plots_) p->replot();
    return;
  }
  const SweepResult& r = *result_;
  for (QCustomPlot* plot : plots_) {
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(plot->xAxis->ticker());
    ticker->clear();
    for (int n : r.sizes) ticker->addTick(xOf(n), formatCount(n));
    plot->xAxis->setRange(xOf(r.sizes.front()) - 0.3, xOf(r.sizes.back()) + 0.3);
  }
  auto valueOf = [](Metric m, const SweepPoint& p) {
    switch (m) {
      case Throughput: return p.tokens_per_s / 1e6;
      case Mfu: return 100 * p.mfu;
      case Scaling: return 100 * p.scaling;
      case TrainTime: return p.train_time_s / units::Day;
      case CostPerRun: return p.cost_per_run / 1e6;
      case Advantage: return 100 * p.speedup;
      case MetricCount: break;
    }
    return 0.0;
  };
  for (std::size_t k = 0; k < r.series.size(); ++k) {
    const SweepSeries& series = r.series[k];
    const QColor colour = palette::fabric(series.fabric_id);
    QPen pen(colour, 2.2, palette::fabricLine(series.fabric_id));
    for (int m = 0; m < MetricCount; ++m) {
      if (m == Advantage && k == 0) continue;  // the first fabric against itself
      QCustomPlot* plot = plots_[std::size_t(m)];
      QCPGraph* g = plot->addGraph();
      g->setName(QString::fromStdString(series.fabric_name));
      g->setPen(pen);
      g->setScatterStyle(QCPScatterStyle(k == 0 ? QCPScatterStyle::ssDisc : QCPScatterStyle::ssSquare, colour,
                                         k == 0 ? colour : QColor(Qt::white), 6));
      for (const SweepPoint& p : series.points)
        if (p.feasible && !(m == TrainTime && p.train_time_s <= 0)) g->addData(xOf(p.gpus), valueOf(Metric(m), p));
    }
  }
  // The gap where it matters: the first fabric's lead at the largest size, on the throughput
  // and time-to-train charts, next to each other fabric's last point.
  for (std::size_t k = 1; k < r.series.size(); ++k) {
    const SweepSeries& series = r.series[k];
    for (auto it = series.points.rbegin(); it != series.points.rend(); ++it) {
      if (!it->feasible) continue;
      for (Metric m : {Throughput, TrainTime}) {
        if (m == TrainTime && it->train_time_s <= 0) continue;
        auto* label = new QCPItemText(plots_[m]);
        label->position->setCoords(xOf(it->gpus), valueOf(m, *it));
        label->setPositionAlignment(Qt::AlignRight | (m == Throughput ? Qt::AlignTop : Qt::AlignBottom));
        label->setPadding(QMargins(2, 2, 8, 2));
        label->setColor(palette::fabric(series.fabric_id));
        label->setFont(scaledFont(font(), 1.0, true));
        //: The first fabric's lead over this one at the largest size, e.g. "gap +23%"
        const double gap = std::abs(it->speedup) < 0.0005 ? 0.0 : it->speedup;  // no "-0.0%"
        label->setText(tr("gap %1%2").arg(gap >= 0 ? QStringLiteral("+") : QString(), formatPercent(gap, 1)));

      }
      break;
    }
  }
  if (claims_->isChecked()) {
    QCustomPlot* plot = plots_[Advantage];
    QCPGraph* g = plot->addGraph();
    g->setName(tr("Seed article's claims"));
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, palette::reference(), palette::reference(), 10));
    for (const cp::ClaimCheck& c : cp::check_seed_claims())
      for (const ClaimPlace& place : kClaimPlaces)
        if (c.id == place.id && place.gpus >= r.sizes.front() && place.gpus <= r.sizes.back()) {
          g->addData(xOf(place.gpus), 100 * c.claimed);
          auto* label = new QCPItemText(plot);
          label->position->setCoords(xOf(place.gpus), 100 * c.claimed);
          label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
          label->setPadding(QMargins(6, 0, 0, 4));
          label->setText(tr("seed: %1").arg(formatPercent(c.claimed, 0)));
        }
  }
  for (QCustomPlot* plot : plots_) {
    plot->yAxis->rescale();
    QCPRange range = plot->yAxis->range();
    range.lower = std::min(0.0, range.lower);
    range.upper = range.upper > 0 ? range.upper * 1.12 : 1;
    plot->yAxis->setRange(range);
    plot->replot();
  }
}

}  // namespace cp::ui
