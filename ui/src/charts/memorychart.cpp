#include "ui/charts/memorychart.h"

#include <QEvent>
#include <QFontMetrics>
#include <QMouseEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include "ui/charts/customplot.h"

#include "engine/units.h"
#include "ui/charts/chartstyle.h"
#include "ui/text/i18n.h"
#include "ui/palette.h"
#include "ui/text/terms.h"

namespace cp::ui {
namespace {

// The bar sits left of centre (key axis 0..kKeyAxisEnd) so that the capacity label, drawn at the
// right end of the line, never runs over it.
constexpr double kBarKey = 1.0;      // the bar's position on the key axis
constexpr double kBarWidth = 1.1;    // in key-axis units: about half the chart's width (a slide's too)
constexpr double kKeyAxisEnd = 2.3;
// A segment gets its value printed inside only when it is at least this share of the axis.
constexpr double kMinLabelledShare = 0.03;
// Room above the taller of the bar and the capacity line, for the labels.
constexpr double kValueAxisMargin = 1.15;

QFont scaled(QFont font, double factor, bool bold = false) {
  font.setPointSizeF(font.pointSizeF() * factor);
  font.setBold(bold);
  return font;
}

}  // namespace

MemoryChart::MemoryChart(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  plot_->setObjectName(QStringLiteral("memoryPlot"));

  const QFont base = font();
  title_ = new QCPTextElement(plot_, QString(), scaled(base, 1.4, true));
  plot_->plotLayout()->insertRow(0);
  plot_->plotLayout()->addElement(0, 0, title_);

  // The legend sits under the axis rect in two columns, so that the bar and its labels keep the
  // full width when the chart shares the page with others.
  plot_->plotLayout()->addElement(2, 0, plot_->legend);
  plot_->plotLayout()->setRowStretchFactor(2, 1e-3);
  plot_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  plot_->legend->setWrap(2);
  plot_->legend->setMargins(QMargins(6, 2, 6, 4));
  plot_->legend->setVisible(true);
  plot_->legend->setFont(scaled(base, 1.0));
  plot_->legend->setBorderPen(Qt::NoPen);
  plot_->legend->setIconSize(22, 16);

  QCPAxis* keyAxis = plot_->xAxis;
  QCPAxis* valueAxis = plot_->yAxis;
  keyAxis->setRange(0, kKeyAxisEnd);
  keyAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
  keyAxis->setTickLength(0, 0);
  keyAxis->setSubTicks(false);
  keyAxis->grid()->setVisible(false);
  keyAxis->setTickLabelFont(scaled(base, 1.15));
  valueAxis->setTickLabelFont(scaled(base, 1.1));
  valueAxis->setLabelFont(scaled(base, 1.2));
  valueAxis->grid()->setSubGridVisible(true);

  QCPBars* below = nullptr;
  for (std::size_t i = 0; i < kMemoryComponents.size(); ++i) {
    auto* bars = new QCPBars(keyAxis, valueAxis);
    const QColor colour = palette::component(kMemoryComponents[i]);
    bars->setBrush(colour);
    bars->setPen(QPen(Qt::white, 1.5));
    bars->setWidth(kBarWidth);
    bars->setStackingGap(0);
    if (below) bars->moveAbove(below);
    below = bars;
    bars_[i] = bars;

    auto* label = new QCPItemText(plot_);
    label->position->setCoords(kBarKey, 0);
    label->setFont(scaled(base, 1.1, true));
    // Black text on light fills, white on dark, by perceived brightness (ITU-R BT.601 weights).
    const double brightness = 0.299 * colour.redF() + 0.587 * colour.greenF() + 0.114 * colour.blueF();
    label->setColor(brightness < 0.5 ? Qt::white : Qt::black);
    label->setPositionAlignment(Qt::AlignCenter);
    label->setProperty("cpOnFill", true);  // on the bar's fill: keeps its own colour in either theme
    segmentLabels_[i] = label;
  }
  // Legend top to bottom = stack top to bottom.
  plot_->legend->clearItems();
  for (std::size_t i = bars_.size(); i-- > 0;) bars_[i]->addToLegend();

  capacityLine_ = new QCPItemStraightLine(plot_);
  capacityLine_->setPen(QPen(palette::capacity(), 2.5, Qt::DashLine));
  capacityLine_->setLayer(QStringLiteral("overlay"));

  capacityText_ = new QCPItemText(plot_);
  capacityText_->setObjectName(QStringLiteral("capacityLabel"));
  capacityText_->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
  capacityText_->position->setTypeY(QCPItemPosition::ptPlotCoords);
  capacityText_->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
  capacityText_->setColor(palette::capacity());
  capacityText_->setFont(scaled(base, 1.2, true));
  capacityText_->setPadding(QMargins(4, 2, 4, 4));
  followTheme(capacityText_, true);  // on a box of the theme's background: readable over grid and bars

  emptyText_ = new QCPItemText(plot_);
  emptyText_->position->setType(QCPItemPosition::ptAxisRectRatio);
  emptyText_->position->setCoords(0.5, 0.5);
  emptyText_->setFont(scaled(base, 1.2));
  followTheme(emptyText_);

  totalText_ = new QCPItemText(plot_);
  totalText_->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
  totalText_->setFont(scaled(base, 1.2, true));
  totalText_->setPadding(QMargins(4, 2, 4, 4));

  connect(plot_, &QCustomPlot::mouseMove, this, &MemoryChart::showToolTip);
  setOwnReadout(plot_);
  // The capacity label is fitted to the plot area once its size is known (before drawing, also
  // for exports and slides): one line, else two, else without the GPU's name.
  connect(plot_, &QCustomPlot::afterLayout, this, &MemoryChart::fitCapacityLabel);
  applyChartPalette(plot_, palette());  // the theme in force when the chart is made
  keepTickLabelsApart(plot_);
  rebuild();
}

void MemoryChart::setEstimate(const cp::Scenario& scenario, const cp::Estimate& estimate) {
  shown_ = Shown{scenario, estimate};
  rebuild();
}

void MemoryChart::clear() {
  shown_.reset();
  rebuild();
}

QCPBars* MemoryChart::bars(MemoryComponent c) const {
  for (std::size_t i = 0; i < kMemoryComponents.size(); ++i)
    if (kMemoryComponents[i] == c) return bars_[i];
  return nullptr;
}

double MemoryChart::barValueGiB(MemoryComponent c) const {
  const QCPBars* b = bars(c);
  return (b && !b->data()->isEmpty()) ? b->data()->constBegin()->value : 0.0;
}

double MemoryChart::capacityGiB() const { return capacityLine_->point1->coords().y(); }

QString MemoryChart::capacityLabel() const {
  return capacityTexts_.isEmpty() ? capacityText_->text() : capacityTexts_.front();
}

QString MemoryChart::valueAxisLabel() const { return plot_->yAxis->label(); }

void MemoryChart::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) applyChartPalette(plot_, palette());
  if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange ||
      event->type() == QEvent::PaletteChange)
    rebuild();
  QWidget::changeEvent(event);
}

void MemoryChart::fitCapacityLabel() {
  if (capacityTexts_.isEmpty()) return;
  const QFontMetrics metrics(capacityText_->font());
  const QMargins pad = capacityText_->padding();
  // The label is right-aligned at 0.995 of the axis rect: it must not run out of its left side
  // (at 1366x768 with the library open, the plot is narrow enough for "capacity: 80.0 GiB" to do so).
  const double room = plot_->axisRect()->width() * 0.995 - pad.left() - pad.right() - 2;
  for (const QString& text : capacityTexts_) {
    int width = 0;
    for (const QString& line : text.split(QLatin1Char('\n'))) width = std::max(width, metrics.horizontalAdvance(line));
    capacityText_->setText(text);
    if (width <= room) break;
  }
  // Above the line where there is room under the plot's top, else below it: never cut off.
  const int lines = int(capacityText_->text().count(QLatin1Char('\n'))) + 1;
  const double height = lines * metrics.lineSpacing() + pad.top() + pad.bottom();
  const double above = plot_->yAxis->coordToPixel(capacityLine_->point1->coords().y()) - plot_->axisRect()->top();
  capacityText_->setPositionAlignment(Qt::AlignRight | (above >= height ? Qt::AlignBottom : Qt::AlignTop));
}

void MemoryChart::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitLegendColumns(plot_->legend, plot_->width());
  setMinimumWidth(legendLeastWidth(plot_->legend));  // narrower, a name would be cut: the page scrolls
}

void MemoryChart::showToolTip(QMouseEvent* event) {
  const QPointF pos = event->position();
  const QCPAbstractPlottable* hovered = plot_->plottableAt(pos);
  if (auto* legendItem = qobject_cast<QCPPlottableLegendItem*>(plot_->layoutElementAt(pos)))
    hovered = legendItem->plottable();
  for (std::size_t i = 0; i < kMemoryComponents.size(); ++i) {
    if (hovered && hovered == bars_[i]) {
      QToolTip::showText(event->globalPosition().toPoint(),
                         QStringLiteral("<b>%1</b><br>%2")
                             .arg(bars_[i]->name().toHtmlEscaped(),
                                  componentDescription(kMemoryComponents[i]).toHtmlEscaped()),
                         plot_);
      return;
    }
  }
  QToolTip::hideText();
}

void MemoryChart::rebuild() {
  title_->setText(tr("Memory per GPU"));
  plot_->yAxis->setLabel(tr("GPU memory (%1)").arg(memoryUnitName()));
  auto keyTicker = qSharedPointerCast<QCPAxisTickerText>(plot_->xAxis->ticker());
  keyTicker->clear();

  const bool visible = shown_.has_value();
  capacityLine_->setVisible(visible);
  capacityText_->setVisible(visible);
  totalText_->setVisible(visible);
  emptyText_->setVisible(!visible);
  emptyText_->setText(tr("No estimate: the scenario has problems."));

  if (!visible) {
    capacityTexts_.clear();
    for (std::size_t i = 0; i < kMemoryComponents.size(); ++i) {
      bars_[i]->data()->clear();
      bars_[i]->setName(componentName(kMemoryComponents[i]));
      segmentLabels_[i]->setVisible(false);
    }
    plot_->yAxis->setRange(0, 1);
    plot_->replot();
    return;
  }

  const cp::MemoryEstimate& memory = shown_->estimate.memory;
  // In the unit the figures are written in (GiB or GB, units.h): one unit on the whole chart.
  const double capacity = memoryInUnit(memory.capacity);
  const double total = memoryInUnit(memory.peak.total());
  const double top = std::max(capacity, total) * kValueAxisMargin;
  plot_->yAxis->setRange(0, top);

  double base = 0;  // where the current segment starts: a drawing position, not a result
  for (std::size_t i = 0; i < kMemoryComponents.size(); ++i) {
    const MemoryComponent c = kMemoryComponents[i];
    const double bytes = componentBytes(memory.peak, c);
    const double gib = memoryInUnit(bytes);
    bars_[i]->data()->clear();
    bars_[i]->addData(kBarKey, gib);
    //: Legend entry: a memory component and its size, e.g. "Weights: 3.8 GiB"
    bars_[i]->setName(tr("%1: %2").arg(componentName(c), formatGiB(bytes)));

    QCPItemText* label = segmentLabels_[i];
    label->setVisible(gib >= kMinLabelledShare * top);
    label->position->setCoords(kBarKey, base + gib / 2);
    label->setText(formatGiB(bytes));
    base += gib;
  }

  capacityLine_->point1->setCoords(0, capacity);
  capacityLine_->point2->setCoords(1, capacity);
  capacityText_->position->setCoords(0.995, capacity);
  const QString gpu = QString::fromStdString(shown_->scenario.cluster.gpu.name);
  //: The dashed line across the chart: the GPU model and its memory
  capacityTexts_ = {tr("%1 capacity: %2").arg(gpu, formatGiB(memory.capacity)),
                    //: The capacity label on two lines, where one is too wide
                    tr("%1\ncapacity: %2").arg(gpu, formatGiB(memory.capacity)),
                    //: The capacity label without the GPU's name, where the chart is narrow
                    tr("capacity: %1").arg(formatGiB(memory.capacity)),
                    //: The capacity label on two lines without the GPU's name, where the chart is narrower still
                    tr("capacity\n%1").arg(formatGiB(memory.capacity)),
                    formatGiB(memory.capacity)};
  capacityText_->setText(capacityTexts_.front());

  totalText_->position->setCoords(kBarKey, total);
  totalText_->setText(tr("Total %1").arg(formatGiB(memory.peak.total())));
  totalText_->setColor(memory.fits ? palette::fits() : palette::doesNotFit());

  //: Key-axis label under the bar: the GPU model, then which pipeline stage the bar shows
  keyTicker->addTick(kBarKey, tr("%1\npeak pipeline stage %2 of %3")
                                  .arg(QString::fromStdString(shown_->scenario.cluster.gpu.name))
                                  .arg(memory.peak_stage + 1)
                                  .arg(shown_->scenario.parallel.pp));
  setMinimumWidth(legendLeastWidth(plot_->legend));
  plot_->replot();
}

}  // namespace cp::ui
