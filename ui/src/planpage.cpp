#include "ui/planpage.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include "ui/breakdownchart.h"
#include "ui/headlinetiles.h"
#include "ui/memorychart.h"
#include "ui/palette.h"
#include "ui/scenariodocument.h"
#include "ui/summarypanel.h"
#include "ui/terms.h"

namespace cp::ui {
namespace {

constexpr double kStaleOpacity = 0.45;  // how much of the last valid result shows through

// Issue 19, point 2: a QGraphicsOpacityEffect over the results drew doubled, ghosted tiles and
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
  QPalette bp = banner_->palette();
  bp.setColor(QPalette::Window, QColor(0xFFF3D6));
  bp.setColor(QPalette::WindowText, palette::invalid().darker(130));
  banner_->setPalette(bp);

  tiles_ = new HeadlineTiles;
  memory_ = new MemoryChart;
  memory_->setObjectName(QStringLiteral("memoryChart"));
  step_ = new BreakdownChart(int(cp::kStepParts.size()));
  step_->setObjectName(QStringLiteral("stepChart"));
  power_ = new BreakdownChart(int(cp::kPowerParts.size()));
  power_->setObjectName(QStringLiteral("powerChart"));
  cost_ = new BreakdownChart(int(cp::kCostParts.size()));
  cost_->setObjectName(QStringLiteral("costChart"));

  auto* charts = new QWidget;
  auto* grid = new QGridLayout(charts);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->addWidget(memory_, 0, 0, 3, 1);
  grid->addWidget(step_, 0, 1);
  grid->addWidget(power_, 1, 1);
  grid->addWidget(cost_, 2, 1);
  grid->setColumnStretch(0, 1);
  grid->setColumnStretch(1, 1);

  summary_ = new SummaryPanel;
  summary_->setObjectName(QStringLiteral("summaryPanel"));
  auto* summaryScroll = new QScrollArea;
  summaryScroll->setWidget(summary_);
  summaryScroll->setWidgetResizable(true);
  summaryScroll->setFrameShape(QFrame::NoFrame);
  summaryScroll->setMinimumWidth(220);

  auto* splitter = new QSplitter(Qt::Horizontal);
  splitter->addWidget(charts);
  splitter->addWidget(summaryScroll);
  splitter->setChildrenCollapsible(false);
  splitter->setStretchFactor(0, 1);
  splitter->setSizes({kChartsWidth, kSummaryWidth});

  results_ = new QWidget;
  auto* rv = new QVBoxLayout(results_);
  rv->setContentsMargins(0, 0, 0, 0);
  rv->addWidget(tiles_);
  rv->addWidget(splitter, 1);

  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(6, 6, 6, 6);
  v->addWidget(banner_);
  v->addWidget(results_, 1);
  veil_ = new StaleVeil(results_);

  connect(tiles_, &HeadlineTiles::explainRequested, this, &PlanPage::explainRequested);
  connect(document_, &ScenarioDocument::scenarioChanged, this, &PlanPage::refresh);
  refresh();
}

bool PlanPage::isStale() const { return !document_->valid(); }

void PlanPage::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) refresh();
  QWidget::changeEvent(event);
}

void PlanPage::refresh() {
  const bool stale = !document_->valid();
  if (stale) {
    banner_->setText(tr("The scenario has problems (marked in the inputs). Showing the last valid result, greyed, "
                        "until they are fixed."));
    summary_->setProblems(document_->scenario(), document_->problems());
  }
  banner_->setVisible(stale);
  veil_->setVisible(stale);
  if (stale) veil_->raise();

  const auto& estimate = document_->estimate();
  if (!estimate) {
    tiles_->clear();  // the figures of the scenario shown before are not this one's
    memory_->clear();
    step_->setEmpty(tr("Step time"), tr("No estimate: the scenario has problems."));
    power_->setEmpty(tr("Power"), tr("No estimate: the scenario has problems."));
    cost_->setEmpty(tr("Cost per month"), tr("No estimate: the scenario has problems."));
    return;
  }
  const cp::Scenario& s = document_->estimatedScenario();
  const cp::Estimate& e = *estimate;
  tiles_->setEstimate(s, e);
  memory_->setEstimate(s, e);
  if (!stale) summary_->setEstimate(s, e);

  QList<BreakdownChart::Part> parts;
  const auto steps = cp::step_breakdown(e);
  for (std::size_t i = 0; i < steps.size(); ++i)
    parts.append({stepPartName(cp::kStepParts[i]), palette::stepPart(cp::kStepParts[i]), steps[i],
                  formatDuration(steps[i])});
  step_->setParts(tr("Step time"), tr("Seconds per optimizer step"), parts, formatDuration(e.step.step_s));

  parts.clear();
  const auto watts = cp::power_breakdown(s, e);
  for (std::size_t i = 0; i < watts.size(); ++i)
    parts.append({powerPartName(cp::kPowerParts[i]), palette::powerPart(cp::kPowerParts[i]), powerInUnit(watts[i]),
                  formatPower(watts[i])});
  // The axis in the unit the legend writes (kW, BTU/h or tons): never two on one chart.
  power_->setParts(tr("Facility power"), tr("%1, average while training").arg(powerUnitName()), parts,
                   formatPower(e.power.facility_w));

  parts.clear();
  const auto money = cp::cost_breakdown(e);
  const cp::Currency cur = s.assumptions.currency;
  for (std::size_t i = 0; i < money.size(); ++i)
    parts.append({costPartName(cp::kCostParts[i]), palette::costPart(cp::kCostParts[i]), money[i],
                  formatMoney(money[i], cur)});
  cost_->setParts(tr("Budget per month"), tr("%1 per month (%2)").arg(QString::fromUtf8(cp::to_string(cur).data()),
                                                                       paymentName(s.assumptions.payment)),
                  parts, formatMoney(e.cost.budget_per_month, cur));
}

}  // namespace cp::ui
