#include "ui/pages/planpage.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QSplitter>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <QtConcurrent/QtConcurrentRun>

#include "ui/charts/chartstyle.h"
#include "ui/text/i18n.h"
#include "ui/charts/headlinetiles.h"
#include "ui/charts/plancharts.h"
#include "ui/palette.h"
#include "ui/scenariodocument.h"
#include "ui/pages/summarypanel.h"
#include "ui/text/terms.h"

namespace cp::ui {
namespace {

constexpr double kStaleOpacity = 0.45;  // how much of the last valid result shows through

// Not a QGraphicsOpacityEffect over the results: it draws doubled, ghosted tiles and
// charts (its children paint no background of their own), and fragments of other widgets
// after a resize. Instead, a veil of the window's colour is painted over the results: they
// draw as always, and show through at kStaleOpacity.
class StaleVeil : public QWidget {
 public:
  explicit StaleVeil(QWidget* over) : QWidget(over) {
    setObjectName(QStringLiteral("staleVeil"));
    setAttribute(Qt::WA_TransparentForMouseEvents);  // tooltips and "why" links still answer
    over->installEventFilter(this);
    setGeometry(over->rect());
    hide();
  }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (watched == parentWidget() && event->type() == QEvent::Resize) setGeometry(parentWidget()->rect());
    return false;
  }
  void paintEvent(QPaintEvent*) override {
    QPainter painter(this);
    QColor veil = palette().color(QPalette::Window);
    veil.setAlphaF(float(1 - kStaleOpacity));
    painter.fillRect(rect(), veil);
  }
};
constexpr int kSummaryWidth = 300;
constexpr int kChartsWidth = 940;

}  // namespace

PlanPage::PlanPage(ScenarioDocument* document, QWidget* parent) : QWidget(parent), document_(document) {
  banner_ = new QLabel;
  banner_->setObjectName(QStringLiteral("staleBanner"));
  banner_->setWordWrap(true);
  banner_->setVisible(false);
  banner_->setMargin(6);
  banner_->setAutoFillBackground(true);
  banner_->setTextFormat(Qt::PlainText);  // it quotes the engine's problems, which may name user text

  tiles_ = new HeadlineTiles;
  // A plan that does not fit says what would make it fit.
  fitAdvice_ = new QLabel;
  fitAdvice_->setObjectName(QStringLiteral("fitAdvice"));
  fitAdvice_->setWordWrap(true);
  fitAdvice_->setTextFormat(Qt::RichText);
  fitAdvice_->setMargin(6);
  fitAdvice_->setVisible(false);
  fitAdvice_->setAutoFillBackground(true);
  paintFitAdvice();
  connect(fitAdvice_, &QLabel::linkActivated, this, [this] { applyFit(); });
  connect(&fitWatcher_, &QFutureWatcher<cp::NearestFit>::finished, this, &PlanPage::fitFound);
  planCharts_ = new PlanCharts;

  // Without an estimate, one message takes the charts' place, at their size (the stack is as large
  // as its largest page), rather than four charts each cutting its own copy of it.
  noEstimate_ = new QLabel;
  noEstimate_->setObjectName(QStringLiteral("noEstimateMessage"));
  noEstimate_->setWordWrap(true);
  noEstimate_->setAlignment(Qt::AlignHCenter | Qt::AlignTop);  // in sight at the top of the page
  noEstimate_->setMargin(48);
  noEstimate_->setFont(scaledFont(noEstimate_->font(), 1.25));
  charts_ = new QStackedWidget;
  charts_->setObjectName(QStringLiteral("planCharts"));
  charts_->addWidget(planCharts_);
  charts_->addWidget(noEstimate_);

  // The summary grows with its rows; the page's one scroll area (MainWindow) scrolls it with the
  // charts, instead of a second scroll area nested in the first.
  summary_ = new SummaryPanel;
  summary_->setObjectName(QStringLiteral("summaryPanel"));
  summary_->setMinimumWidth(220);

  auto* splitter = new QSplitter(Qt::Horizontal);
  splitter->addWidget(charts_);
  splitter->addWidget(summary_);
  splitter->setChildrenCollapsible(false);
  splitter->setStretchFactor(0, 1);
  splitter->setSizes({kChartsWidth, kSummaryWidth});

  results_ = new QWidget;
  auto* rv = new QVBoxLayout(results_);
  rv->setContentsMargins(0, 0, 0, 0);
  rv->addWidget(tiles_);
  rv->addWidget(fitAdvice_);
  rv->addWidget(splitter, 1);

  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(6, 6, 6, 6);
  v->addWidget(banner_);
  v->addWidget(results_, 1);
  veil_ = new StaleVeil(results_);

  connect(tiles_, &HeadlineTiles::explainRequested, this, &PlanPage::explainRequested);
  connect(document_, &ScenarioDocument::scenarioChanged, this, [this] {
    refresh();
    updateFitAdvice();
  });
  refresh();
  updateFitAdvice();
}

PlanPage::~PlanPage() {
  fitWatcher_.disconnect(this);
  if (fitCancel_) fitCancel_->store(true);
  fitWatcher_.waitForFinished();
}

bool PlanPage::isStale() const { return !document_->valid(); }

// A notice in the light and the dark theme alike (palette::bannerBackground).
// The stale banner too: a fixed light yellow would be a bright bar in the dark theme.
void PlanPage::paintFitAdvice() {
  for (QLabel* label : {fitAdvice_, banner_}) {
    QPalette p = label->palette();
    p.setColor(QPalette::Window, palette::bannerBackground(palette(), label == banner_));
    p.setColor(QPalette::WindowText, palette::bannerText(palette()));
    label->setPalette(p);
  }
}

// Figures of a plan that cannot start (it does not fit in memory) are greyed: its time and cost
// are what it would take if it ran. The nearest layout that fits is searched off the GUI thread
// (cp::nearest_fit: milliseconds for most plans, a few tenths of a second for the largest).
void PlanPage::updateFitAdvice() {
  if (fitCancel_) fitCancel_->store(true);
  fit_.reset();
  const auto& e = document_->estimate();
  const bool greyed = document_->valid() && e && !e->memory.fits;
  fitAdvice_->setVisible(greyed);
  if (!greyed) return;
  fitAdvice_->setText(tr("Does not fit in GPU memory: its time and cost are greyed, as the run cannot start. "
                         "Looking for the nearest layout that fits…"));
  auto cancel = std::make_shared<std::atomic<bool>>(false);
  fitCancel_ = cancel;
  const cp::Scenario s = document_->scenario();
  fitWatcher_.setFuture(QtConcurrent::run([s, cancel] { return cp::nearest_fit(s, cancel.get()); }));
}

void PlanPage::fitFound() {
  const QFuture<cp::NearestFit> future = fitWatcher_.future();
  if (future.resultCount() == 0) return;
  const cp::NearestFit fit = future.result();
  if (fit.cancelled || !document_->valid() || !document_->estimate() || document_->estimate()->memory.fits) return;
  fit_ = fit;
  showFitAdvice();
  Q_EMIT fitAdviceShown();
}

QString PlanPage::changeText(const cp::FitChange& c) {
  const auto onOff = [](int v) { return v ? tr("on") : tr("off"); };
  switch (c.knob) {
    case cp::FitKnob::Nodes: return tr("%1 nodes (now %2)").arg(formatCount(c.to), formatCount(c.from));
    case cp::FitKnob::Tp: return tr("TP %1 (now %2)").arg(c.to).arg(c.from);
    case cp::FitKnob::Pp: return tr("PP %1 (now %2)").arg(c.to).arg(c.from);
    case cp::FitKnob::Vpp: return tr("VPP %1 (now %2)").arg(c.to).arg(c.from);
    case cp::FitKnob::Cp: return tr("CP %1 (now %2)").arg(c.to).arg(c.from);
    case cp::FitKnob::Ep: return tr("EP %1 (now %2)").arg(c.to).arg(c.from);
    case cp::FitKnob::MicroBatch: return tr("micro-batch %1 (now %2)").arg(c.to).arg(c.from);
    case cp::FitKnob::Recompute:
      return tr("%1 (now %2)").arg(recomputeName(cp::Recompute(c.to)), recomputeName(cp::Recompute(c.from)));
    case cp::FitKnob::Zero: return tr("%1 (now %2)").arg(zeroName(cp::Zero(c.to)), zeroName(cp::Zero(c.from)));
    case cp::FitKnob::Sp: return tr("sequence parallelism %1").arg(onOff(c.to));
    case cp::FitKnob::TpOverlap: return tr("TP communication overlap %1").arg(onOff(c.to));
  }
  return {};
}

void PlanPage::showFitAdvice() {
  if (!fit_) return;
  const cp::NearestFit& fit = *fit_;
  if (!fit.found) {
    fitAdvice_->setText(tr("Does not fit in GPU memory: its time and cost are greyed, as the run cannot start. No "
                           "layout of this cluster or of up to 16 times as many nodes fits: choose a GPU with more "
                           "memory or a smaller model."));
    return;
  }
  QStringList changes;
  for (const cp::FitChange& c : fit.changes) changes << changeText(c);
  const cp::Estimate& e = fit.estimate;
  QString figures = tr("%1 per GPU, %2").arg(formatGiB(e.memory.peak.total()), formatTokensPerS(e.throughput.tokens_per_s));
  if (e.reliability.real_train_time_s > 0)
    figures = tr("%1, %2 to train").arg(figures, formatDuration(e.reliability.real_train_time_s));
  fitAdvice_->setText(tr("Does not fit in GPU memory: its time and cost are greyed, as the run cannot start. "
                         "It would fit with %1: %2. <a href=\"apply\">Apply</a>")
                          .arg(changes.join(tr(", ")).toHtmlEscaped(), figures.toHtmlEscaped()));
}

void PlanPage::applyFit() {
  if (!fit_ || !fit_->found) return;
  const cp::Scenario fitted = fit_->scenario;
  document_->edit(tr("Apply the layout that fits"), QStringLiteral("layout.fit"), [fitted](cp::Scenario& s) {
    s.cluster.nodes = fitted.cluster.nodes;
    s.parallel = fitted.parallel;
    s.training.micro_batch = fitted.training.micro_batch;
    s.training.recompute = fitted.training.recompute;
    s.training.zero = fitted.training.zero;
    s.training.tp_comm_overlap = fitted.training.tp_comm_overlap;
  });
}

void PlanPage::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) paintFitAdvice();
  if (event->type() == QEvent::LanguageChange) {
    refresh();
    if (fit_) showFitAdvice();
    else if (fitAdvice_->isVisibleTo(this)) updateFitAdvice();  // the search again, for its words
  }
  QWidget::changeEvent(event);
}

void PlanPage::refresh() {
  const bool stale = !document_->valid();
  const auto& estimate = document_->estimate();
  if (stale) {
    banner_->setText(estimate ? tr("The scenario has problems (marked in the inputs). Showing the last valid result, "
                                   "greyed, until they are fixed.")
                              : tr("The scenario has problems (marked in the inputs): no estimate until they are "
                                   "fixed."));
    summary_->setProblems(document_->scenario(), document_->problems());
  }
  banner_->setVisible(stale);
  // The veil greys the last valid result; with none, the message and the problems stay as they are.
  veil_->setVisible(stale && estimate);
  if (veil_->isVisibleTo(results_)) veil_->raise();

  charts_->setCurrentWidget(estimate ? charts_->widget(0) : noEstimate_);
  noEstimate_->setText(tr("No estimate: the scenario has problems.\nThey are marked in the inputs and listed under "
                          "Problems; the charts return when they are fixed."));
  if (!estimate) {
    tiles_->clear();  // the figures of the scenario shown before are not this one's
    planCharts_->clear();
    return;
  }
  const cp::Scenario& s = document_->estimatedScenario();
  const cp::Estimate& e = *estimate;
  tiles_->setEstimate(s, e);
  const bool greyed = !stale && !e.memory.fits;
  for (cp::Figure f : {cp::Figure::StepTime, cp::Figure::TokensPerS, cp::Figure::Mfu, cp::Figure::TrainTime,
                       cp::Figure::CostPerRun})
    tiles_->tile(f)->setGreyed(greyed);
  planCharts_->setEstimate(s, e);
  if (!stale) summary_->setEstimate(s, e);

}

}  // namespace cp::ui
