#include "ui/pages/fabriccomparisonpage.h"

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
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <utility>
#include <vector>
#include "ui/charts/customplot.h"

#include "engine/fabric.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/fabriccharts.h"
#include "ui/text/enginetext.h"
#include "ui/theme.h"
#include "ui/text/i18n.h"
#include "ui/palette.h"
#include "ui/preferences.h"
#include "ui/scenariodocument.h"
#include "ui/text/terms.h"
#include "ui/text/usertext.h"
#include "engine/units.h"
#include "plan/thread_pool.h"

namespace cp::ui {
namespace {

constexpr int kMaxChoices[] = {64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384};
constexpr int kDefaultMax = 1024;
constexpr int kMinChoices[] = {1, 2, 4, 8, 16, 32, 64};
constexpr int kDefaultMin = 8;

}  // namespace

FabricComparisonPage::FabricComparisonPage(ScenarioDocument* document, QWidget* parent)
    : QWidget(parent), document_(document) {
  maxGpus_ = new QComboBox;
  maxGpus_->setObjectName(QStringLiteral("maxGpus"));
  for (int n : kMaxChoices) maxGpus_->addItem(QString(), n);
  maxGpus_->setCurrentIndex(maxGpus_->findData(kDefaultMax));
  minGpus_ = new QComboBox;
  minGpus_->setObjectName(QStringLiteral("minGpus"));
  for (int n : kMinChoices) minGpus_->addItem(formatCount(n), n);
  minGpus_->setCurrentIndex(minGpus_->findData(kDefaultMin));
  layout_ = new QComboBox;
  layout_->setObjectName(QStringLiteral("layout"));
  layout_->addItem(QString(), int(cp::SweepLayout::Best));
  layout_->addItem(QString(), int(cp::SweepLayout::Held));
  scaling_ = new QComboBox;
  scaling_->setObjectName(QStringLiteral("scaling"));
  scaling_->addItem(QString(), int(cp::SweepScaling::Strong));
  scaling_->addItem(QString(), int(cp::SweepScaling::Weak));
  logTime_ = new QCheckBox;
  logTime_->setObjectName(QStringLiteral("logTime"));
  verdicts_ = new QLabel;
  verdicts_->setObjectName(QStringLiteral("verdicts"));
  verdicts_->setWordWrap(true);
  verdicts_->setTextFormat(Qt::RichText);
  verdicts_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  verdicts_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // A push button with a menu keeps its arrow beside the text (a tool button's drew over the
  // last letter).
  fabricButton_ = new QPushButton;
  fabricButton_->setObjectName(QStringLiteral("fabricButton"));
  claims_ = new QCheckBox;
  claims_->setChecked(true);
  progress_ = new QProgressBar;
  progress_->setMaximumWidth(260);
  progress_->setTextVisible(true);
  cancel_ = new QPushButton;
  cancel_->setEnabled(false);
  status_ = new QLabel;
  makePlain(status_);
  status_->setWordWrap(true);

  // Two rows, so that the page fits a 1366-px laptop beside the Inputs dock: the
  // question on the first, the overlays and the progress on the second.
  auto* bar = new QHBoxLayout;
  bar->addWidget(layout_);
  bar->addWidget(scaling_);
  sizesFrom_ = new QLabel;
  sizesFrom_->setObjectName(QStringLiteral("sizesFrom"));
  upTo_ = new QLabel;
  bar->addWidget(sizesFrom_);
  bar->addWidget(minGpus_);
  bar->addWidget(upTo_);
  bar->addWidget(maxGpus_);
  bar->addWidget(fabricButton_);
  bar->addStretch(1);
  auto* bar2 = new QHBoxLayout;
  bar2->addWidget(claims_);
  bar2->addWidget(logTime_);
  bar2->addStretch(1);
  bar2->addWidget(progress_);
  bar2->addWidget(cancel_);

  // The charts in three columns; the verdicts beside the last one.
  charts_ = new FabricCharts;
  charts_->grid()->addWidget(verdicts_, 2, 1, 1, 2);

  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(6, 6, 6, 6);
  v->addLayout(bar);
  v->addLayout(bar2);
  v->addWidget(status_);
  v->addWidget(charts_, 1);

  buildFabricMenu();
  // The last run's choice, of the fabrics that are still in the catalogue; fewer than two left:
  // the defaults.
  chosenFabrics_ = chosenFabrics();
  connect(maxGpus_, &QComboBox::currentIndexChanged, this, &FabricComparisonPage::run);
  connect(minGpus_, &QComboBox::currentIndexChanged, this, &FabricComparisonPage::run);
  connect(layout_, &QComboBox::currentIndexChanged, this, &FabricComparisonPage::run);
  connect(scaling_, &QComboBox::currentIndexChanged, this, &FabricComparisonPage::run);
  connect(logTime_, &QCheckBox::toggled, this, &FabricComparisonPage::redraw);
  connect(claims_, &QCheckBox::toggled, this, &FabricComparisonPage::redraw);
  connect(cancel_, &QPushButton::clicked, this, &FabricComparisonPage::cancel);
  connect(&watcher_, &QFutureWatcher<SweepResult>::progressValueChanged, progress_, &QProgressBar::setValue);
  connect(&watcher_, &QFutureWatcher<SweepResult>::progressRangeChanged, progress_, &QProgressBar::setRange);
  connect(&watcher_, &QFutureWatcher<SweepResult>::finished, this, &FabricComparisonPage::finished);
  connect(&watcher_, &QFutureWatcher<SweepResult>::resultsReadyAt, this, &FabricComparisonPage::partialReady);
  connect(document_, &ScenarioDocument::scenarioChanged, this, &FabricComparisonPage::scenarioChanged);
  retranslate();
  redraw();
}

// The toolbar's words, again after a language change (set once, they would stay in the first
// language).
void FabricComparisonPage::retranslate() {
  for (int i = 0; i < maxGpus_->count(); ++i)
    maxGpus_->setItemText(i, tr("%1 GPUs").arg(formatCount(maxGpus_->itemData(i).toInt())));
  for (int i = 0; i < minGpus_->count(); ++i) minGpus_->setItemText(i, formatCount(minGpus_->itemData(i).toInt()));
  layout_->setItemText(0, tr("Best layout per size"));
  layout_->setItemText(1, tr("Hold my layout"));
  layout_->setToolTip(tr("Best: for each size and fabric, the planner's fastest feasible layout. "
                         "Hold: TP, PP, CP and EP as in the scenario, DP follows the GPU count."));
  scaling_->setItemText(0, tr("Strong scaling"));
  scaling_->setItemText(1, tr("Weak scaling"));
  scaling_->setToolTip(tr("Strong: the global batch is held. Weak: the batch per GPU is held."));
  logTime_->setText(tr("Log time axis"));
  fabricButton_->setText(tr("Fabrics"));
  claims_->setText(tr("Seed article's claims"));
  cancel_->setText(tr("Cancel"));
  sizesFrom_->setText(tr("Cluster sizes from"));
  upTo_->setText(tr("up to"));
  for (QAction* a : fabricButton_->menu()->actions())
    if (const cp::FabricSpec* f = cp::find_fabric(a->data().toString().toStdString())) a->setText(fabricName(f->name));
  if (!document_->valid()) status_->setText(tr("The scenario has problems: fix the marked inputs to compare fabrics."));
  if (result_ && !watcher_.isRunning()) showResult();
  else claims_->setToolTip(tr("Overlay the seed article's IB-vs-RoCE claims as reference points"));
}

FabricComparisonPage::~FabricComparisonPage() {
  watcher_.disconnect(this);
  if (stop_) stop_->store(true);
  watcher_.cancel();
  watcher_.waitForFinished();
}

void FabricComparisonPage::buildFabricMenu() {
  auto* menu = new QMenu(fabricButton_);
  for (const cp::FabricSpec& f : cp::fabric_catalog()) {
    QAction* a = menu->addAction(fabricName(f.name));
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
  setChosenFabrics(ids);
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

void FabricComparisonPage::setMinGpus(int gpus) {
  const int i = minGpus_->findData(gpus);
  if (i >= 0 && i != minGpus_->currentIndex()) minGpus_->setCurrentIndex(i);  // runs
  else run();
}

void FabricComparisonPage::setLayout(cp::SweepLayout layout) {
  const int i = layout_->findData(int(layout));
  if (i != layout_->currentIndex()) layout_->setCurrentIndex(i);  // runs
  else run();
}

cp::SweepLayout FabricComparisonPage::layout() const { return cp::SweepLayout(layout_->currentData().toInt()); }

void FabricComparisonPage::setScaling(cp::SweepScaling scaling) {
  const int i = scaling_->findData(int(scaling));
  if (i != scaling_->currentIndex()) scaling_->setCurrentIndex(i);  // runs
  else run();
}

void FabricComparisonPage::setLogTimeAxis(bool on) { logTime_->setChecked(on); }

void FabricComparisonPage::setClaimsShown(bool shown) { claims_->setChecked(shown); }

void FabricComparisonPage::setThreads(int threads) { threads_ = std::max(0, threads); }

int FabricComparisonPage::threads() const {
  return threads_ > 0 ? threads_ : std::max(1, cp::hardware_threads() - 1);
}

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
  if (event->type() == QEvent::LanguageChange) retranslate();
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
  const cp::Scenario plan = document_->scenario();
  // The plan's own size is always a point; under "hold" the sizes the held layout runs on.
  const std::vector<int> sizes = cp::comparison_sizes(plan, layout(), minGpus_->currentData().toInt(),
                                                      std::max(minGpus_->currentData().toInt(), maxGpus_->currentData().toInt()));
  const cp::SweepLayout layout = this->layout();
  const auto scaling = cp::SweepScaling(scaling_->currentData().toInt());
  // An edit that cannot change a layout (a price, the power assumptions, the scenario's own
  // fabric among those compared): the planned layouts re-priced at once, one estimate a point.
  if (!isRunning() && result_ && !result_->partial && planned_ && layout == cp::SweepLayout::Best &&
      planned_->layout == layout && planned_->scaling == scaling && planned_->sizes == sizes &&
      planned_->fabrics == fabricIds && layouts_unchanged(planned_->scenario, plan, fabricIds)) {
    result_ = std::make_shared<const SweepResult>(reprice_sweep(plan, fabricIds, sizes, layout, scaling, *result_));
    planned_->scenario = plan;
    repriced_ = true;
    cancel_->setEnabled(false);
    showResult();
    Q_EMIT resultShown();
    return;
  }
  repriced_ = false;
  // A newer edit stops the search in flight at once (its flag), and its results are dropped.
  if (stop_) stop_->store(true);
  stop_ = std::make_shared<std::atomic<bool>>(false);
  if (watcher_.isRunning()) watcher_.cancel();
  running_ = Planned{plan, fabricIds, sizes, layout, scaling};
  partialAt_.invalidate();
  status_->setText(layout == cp::SweepLayout::Best ? tr("Searching the best layout at %1 points…").arg(int(fabricIds.size() * sizes.size()))
                                                   : tr("Running %1 estimates…").arg(int(fabricIds.size() * sizes.size())));
  cancel_->setEnabled(true);
  watcher_.setFuture(QtConcurrent::run(
      [plan, fabricIds, sizes, layout, scaling, threads = threads(), stop = stop_](QPromise<SweepResult>& promise) {
        promise.setProgressRange(0, int(fabricIds.size() * sizes.size()));
        SweepResult r = run_sweep(
            plan, fabricIds, sizes,
            [&promise](int done, int) {
              promise.setProgressValue(done);
              return !promise.isCanceled();
            },
            layout, scaling, threads, stop.get(),
            // The held layout at once, then each size as it is planned.
            [&promise](SweepResult partial) { promise.addResult(std::move(partial)); });
        if (!r.canceled) promise.addResult(std::move(r));
      }));
}

void FabricComparisonPage::cancel() {
  if (stop_) stop_->store(true);
  watcher_.cancel();
  status_->setText(tr("Canceled."));
  cancel_->setEnabled(false);
}

void FabricComparisonPage::finished() {
  cancel_->setEnabled(false);
  const QFuture<SweepResult> future = watcher_.future();
  if (future.isCanceled() || future.resultCount() == 0) return;
  SweepResult last = future.resultAt(future.resultCount() - 1);  // the partial results come first
  if (last.partial || last.canceled) return;
  result_ = std::make_shared<const SweepResult>(std::move(last));
  planned_ = running_;
  showResult();
  Q_EMIT resultShown();
}

void FabricComparisonPage::partialReady(int begin, int end) {
  const QFuture<SweepResult> future = watcher_.future();
  if (future.isCanceled() || end <= begin) return;
  // The held layout at once; then at most every 100 ms, so that charting keeps off the search's time.
  if (partialAt_.isValid() && partialAt_.elapsed() < 100) return;
  SweepResult latest = future.resultAt(end - 1);
  if (!latest.partial) return;  // the complete result: finished() shows it
  result_ = std::make_shared<const SweepResult>(std::move(latest));
  showResult();
  partialAt_.start();
  Q_EMIT partialShown();
}

void FabricComparisonPage::showResult() {
  // Points without a valid result are never plotted as valid: say which and why (the engine's
  // reasons in the tooltip).
  QStringList noLayout, noFit, reasons;
  for (const SweepSeries& series : result_->series)
    for (const SweepPoint& p : series.points) {
      if (p.feasible) continue;
      QStringList& list = p.estimated ? noFit : noLayout;
      const QString size = formatCount(p.gpus);
      if (!list.contains(size)) list << size;
      //: a size of the comparison without a result: the fabric, the number of GPUs, why
      reasons << tr("%1, %2 GPUs: %3").arg(fabricName(series.fabric_name), size,
                                           p.why.message.empty() ? QString::fromStdString(p.problem) : problemText(p.why));
    }
  QStringList notes;
  if (result_->partial) {
    int searched = 0;
    for (std::size_t i = 0; i < result_->sizes.size(); ++i)
      searched += std::none_of(result_->series.begin(), result_->series.end(),
                               [i](const SweepSeries& s) { return i < s.points.size() && s.points[i].provisional; });
    //: while the best layout is searched size by size
    notes << tr("Best layout found at %1 of %2 sizes; the others show the held layout (dotted) until their search ends.")
                 .arg(searched)
                 .arg(int(result_->sizes.size()));
  }
  if (!noLayout.isEmpty())
    notes << (layout() == cp::SweepLayout::Held
                  ? tr("No estimate at %1 GPUs: the held layout does not divide them (choose \"Best layout per size\").")
                        .arg(noLayout.join(QStringLiteral(", ")))
                  : tr("No feasible layout at %1 GPUs.").arg(noLayout.join(QStringLiteral(", "))));
  if (!noFit.isEmpty())
    notes << tr("Does not fit in GPU memory at %1 GPUs: drawn hollow, not a valid result.").arg(noFit.join(QStringLiteral(", ")));
  status_->setText(notes.join(QLatin1Char(' ')));
  status_->setToolTip(plainToolTip(reasons.join(QLatin1Char('\n'))));
  const bool seed = result_->comparison.seed_class;
  claims_->setEnabled(seed);
  claims_->setToolTip(seed ? tr("Overlay the seed article's IB-vs-RoCE claims as reference points")
                           : tr("The seed article's claims are about A100/H100 clusters of 8-32 GPUs; this scenario is "
                                "not of that class."));
  showVerdicts();
  redraw();
}

QString FabricComparisonPage::jobVerdict() const {
  return FabricCharts::jobVerdict(result_.get(), document_->scenario().cluster.fabric.id);
}

QString FabricComparisonPage::pointReadout(QCPAbstractPlottable* p, int index) const {
  return charts_->pointReadout(p, index);
}

QString FabricComparisonPage::methodLine() const { return FabricCharts::methodLine(layout()); }

QCustomPlot* FabricComparisonPage::plot(Metric m) const { return charts_->plot(m); }

QString FabricComparisonPage::scalingNote() const { return charts_->scalingNote(); }

void FabricComparisonPage::showVerdicts() {
  if (!result_) {
    verdicts_->clear();
    return;
  }
  if (result_->partial) {
    verdicts_->setText(tr("The verdicts follow when every size has its best layout."));
    return;
  }
  const cp::ComparisonResult& c = result_->comparison;
  QStringList lines;
  for (int gpus : c.sizes)
    if (const cp::FabricGap* g = c.verdict_gap(gpus)) lines << QStringLiteral("<li>%1</li>").arg(FabricCharts::verdict(*g).toHtmlEscaped());
  if (lines.isEmpty()) {
    verdicts_->setText(tr("No size where both fabrics have a valid result."));
    return;
  }
  const cp::FabricGap* any = nullptr;
  for (int gpus : c.sizes)
    if ((any = c.verdict_gap(gpus))) break;
  verdicts_->setText(QStringLiteral("<p><b>%1</b></p><p>%2</p><ul style=\"margin-left:-20px\">%3</ul>")
                         .arg(jobVerdict().toHtmlEscaped(),
                              tr("%1 against %2, size by size")
                                  .arg(fabricName(any->fabric_name), fabricName(any->reference_name))
                                  .toHtmlEscaped(),
                              lines.join(QString())));
}

void FabricComparisonPage::redraw() {
  charts_->setResult(result_, {layout(), logTime_->isChecked(), claims_->isChecked()});
}

}  // namespace cp::ui
