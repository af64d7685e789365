#include "ui/charts/plannerfrontierchart.h"

#include <QEvent>
#include <QVBoxLayout>
#include <algorithm>
#include "ui/charts/customplot.h"

#include "engine/fabric.h"
#include "ui/charts/chartstyle.h"
#include "ui/text/i18n.h"
#include "ui/palette.h"
#include "ui/text/terms.h"
#include "engine/units.h"

namespace cp::ui {
namespace {

constexpr double kSecondsPerDay = units::Day;
// The chart's height besides its legend: title, plot area and axes (logical px).
constexpr int kHeightBesidesLegend = 200;

// A second cue besides the colour, so that two fabrics of one family stay apart.
QCPScatterStyle::ScatterShape shapeOf(int fabric) {
  static const QCPScatterStyle::ScatterShape kShapes[] = {QCPScatterStyle::ssDisc, QCPScatterStyle::ssSquare,
                                                          QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond,
                                                          QCPScatterStyle::ssTriangleInverted};
  return kShapes[std::size_t(fabric) % std::size(kShapes)];
}

}  // namespace

PlannerFrontierChart::PlannerFrontierChart(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  plot_->setObjectName(QStringLiteral("frontierPlot"));
  plot_->setMinimumSize(320, 220);
  title_ = new QCPTextElement(plot_, QString(), scaledFont(font(), 1.1, true));
  plot_->plotLayout()->insertRow(0);
  plot_->plotLayout()->addElement(0, 0, title_);
  // The legend under the plot, never over its points; in as many columns as its names fit.
  plot_->legend->setVisible(true);
  plot_->legend->setBorderPen(Qt::NoPen);
  plot_->axisRect()->insetLayout()->take(plot_->legend);
  plot_->plotLayout()->addElement(2, 0, plot_->legend);
  plot_->plotLayout()->setRowStretchFactor(2, 0.001);
  plot_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  plot_->legend->setMargins(QMargins(6, 2, 6, 4));
  keepLegendFitted(plot_, 2, kHeightBesidesLegend);
  plot_->yAxis->grid()->setSubGridVisible(false);
  applyChartPalette(plot_, palette());
  keepTickLabelsApart(plot_);
  redraw();
}

void PlannerFrontierChart::setResult(std::shared_ptr<const cp::PlanResult> result, bool hasTokens) {
  result_ = std::move(result);
  hasTokens_ = hasTokens;
  redraw();
}

int PlannerFrontierChart::pointCount() const {
  int n = 0;
  for (int i = 0; i < plot_->graphCount(); ++i)
    if (plot_->graph(i)->lineStyle() == QCPGraph::lsNone) n += plot_->graph(i)->dataCount();
  return n;
}

QString PlannerFrontierChart::emptyText() const { return emptyText_; }

void PlannerFrontierChart::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange || event->type() == QEvent::LanguageChange) {
    applyChartPalette(plot_, palette());
    redraw();
  }
  QWidget::changeEvent(event);
}

void PlannerFrontierChart::redraw() {
  plot_->clearGraphs();
  plot_->clearItems();
  title_->setText(tr("Pareto frontier: time to train against cost per run"));
  plot_->xAxis->setLabel(tr("Time to train (days)"));
  const cp::Currency currency =
      result_ && !result_->frontier.empty() ? result_->frontier.front().estimate.cost.currency : cp::Currency::Usd;
  const QString code = QString::fromUtf8(cp::to_string(currency).data());
  double maxCost = 0;
  if (result_)
    for (const cp::PlanEntry& e : result_->frontier) maxCost = std::max(maxCost, e.metrics.run_cost);
  const double scale = maxCost >= 1e6 ? 1e6 : 1;
  plot_->yAxis->setLabel(scale > 1 ? tr("Cost per run (M %1)").arg(code) : tr("Cost per run (%1)").arg(code));

  emptyText_.clear();
  if (!result_) emptyText_ = tr("Run a search to see the frontier.");
  else if (!hasTokens_) emptyText_ = tr("No frontier without a token budget: set one under Training in the inputs.");
  else if (result_->frontier.empty()) emptyText_ = tr("No feasible layout: no frontier.");
  if (!emptyText_.isEmpty()) {
    plot_->legend->setVisible(false);
    auto* note = new QCPItemText(plot_);
    note->position->setType(QCPItemPosition::ptAxisRectRatio);
    note->position->setCoords(0.5, 0.5);
    note->setText(emptyText_);
    note->setColor(palette().color(QPalette::PlaceholderText));
    note->setFont(scaledFont(font(), 1.1));
    plot_->xAxis->setRange(0, 1);
    plot_->yAxis->setRange(0, 1);
    plot_->replot();
    return;
  }
  plot_->legend->setVisible(true);
  const cp::PlanResult& r = *result_;
  // The frontier itself, time ascending: a thin neutral line under the points.
  QCPGraph* line = plot_->addGraph();
  line->setPen(QPen(palette().color(QPalette::Mid), 1.2, Qt::DashLine));
  line->setLineStyle(QCPGraph::lsLine);
  line->removeFromLegend();
  double maxDays = 0;
  for (const cp::PlanEntry& e : r.frontier) {
    line->addData(e.metrics.time_s / kSecondsPerDay, e.metrics.run_cost / scale);
    maxDays = std::max(maxDays, e.metrics.time_s / kSecondsPerDay);
  }
  for (int f = 0; f < int(r.fabrics.size()); ++f) {
    const std::string& id = r.fabrics[std::size_t(f)];
    const cp::FabricSpec* spec = cp::find_fabric(id);
    QCPGraph* g = plot_->addGraph();
    g->setName(spec ? fabricName(spec->name) : QString::fromStdString(id));
    g->setLineStyle(QCPGraph::lsNone);
    const QColor colour = palette::fabric(id);
    g->setScatterStyle(QCPScatterStyle(shapeOf(f), colour, colour, 9));
    for (const cp::PlanEntry& e : r.frontier) {
      if (e.layout.fabric != f) continue;
      const double x = e.metrics.time_s / kSecondsPerDay, y = e.metrics.run_cost / scale;
      g->addData(x, y);
      auto* label = new QCPItemText(plot_);
      label->position->setCoords(x, y);
      // Labels right of their point, except near the right edge, where they go left of it.
      const bool nearRight = r.frontier.size() > 1 && x > 0.8 * maxDays;
      label->setPositionAlignment((nearRight ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignBottom);
      label->setPadding(nearRight ? QMargins(0, 0, 6, 4) : QMargins(6, 0, 0, 4));
      label->setColor(colour.darker(120));
      label->setFont(scaledFont(font(), 0.95, true));
      label->setText(tr("%1 GPUs").arg(formatCount(e.layout.gpus)));
    }
    if (g->dataCount() == 0) g->removeFromLegend();
  }
  plot_->rescaleAxes();
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
    QCPRange range = axis->range();
    const double pad = std::max(range.size() * 0.12, std::abs(range.upper) * 0.05 + 1e-9);
    axis->setRange(std::max(0.0, range.lower - pad), range.upper + pad);
  }
  plot_->replot();
}

}  // namespace cp::ui
