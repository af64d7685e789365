#include "ui/charts/breakdownchart.h"

#include <QEvent>
#include <QFontMetrics>
#include <QLocale>
#include <QVBoxLayout>
#include <algorithm>
#include "ui/charts/customplot.h"

#include "ui/charts/chartstyle.h"

namespace cp::ui {
namespace {

constexpr double kBarKey = 1.0;
constexpr double kBarWidth = 0.7;
// From this axis length on, tick labels are whole numbers with thousands separators (money, BTU/h).
constexpr double kGroupedFrom = 10000;
// The chart's height besides the legend: title, bar and value axis with its label (logical px).
constexpr int kHeightBesidesLegend = 140;
constexpr int kGroupedTicks = 4;  // "50,000 100,000 150,000": room for the wide labels
constexpr int kDefaultTicks = 5;  // QCPAxisTicker's default
constexpr int kRoomAboveNeeds = 40;  // how much taller than it needs the chart may grow (logical px)

}  // namespace

BreakdownChart::BreakdownChart(int parts, QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  setMinimumHeight(150);
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);

  const QFont base = font();
  title_ = new QCPTextElement(plot_, QString(), scaledFont(base, 1.15, true));
  plot_->plotLayout()->insertRow(0);
  plot_->plotLayout()->addElement(0, 0, title_);
  // Legend under the bar, in columns.
  plot_->plotLayout()->addElement(2, 0, plot_->legend);
  plot_->legend->setVisible(true);
  plot_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  plot_->legend->setWrap(2);
  plot_->legend->setBorderPen(Qt::NoPen);
  plot_->legend->setIconSize(16, 12);
  plot_->legend->setMargins(QMargins(6, 2, 6, 4));
  plot_->plotLayout()->setRowStretchFactor(2, 0.001);

  QCPAxis* key = plot_->yAxis;
  QCPAxis* value = plot_->xAxis;
  key->setRange(0.4, 1.6);
  key->setTicks(false);
  key->setTickLabels(false);
  key->grid()->setVisible(false);
  value->grid()->setSubGridVisible(false);

  QCPBars* below = nullptr;
  for (int i = 0; i < parts; ++i) {
    auto* bars = new QCPBars(key, value);
    bars->setWidth(kBarWidth);
    bars->setStackingGap(0);
    if (below) bars->moveAbove(below);
    below = bars;
    bars_.push_back(bars);
  }
  message_ = new QCPItemText(plot_);
  message_->position->setType(QCPItemPosition::ptAxisRectRatio);
  message_->position->setCoords(0.5, 0.5);
  followTheme(message_);
  // The read-out: the part, its value and its share of the total.
  installChartReadout(plot_, [this](QCPAbstractPlottable* p, int) { return readout(p); });
  applyChartPalette(plot_, palette());
  keepTickLabelsApart(plot_);
  setBarPens();
}

void BreakdownChart::setBarPens() {
  // The parts are parted by a line of the background's colour (white on a light theme).
  for (QCPBars* b : bars_) b->setPen(QPen(palette().color(QPalette::Base), 1));
}

// Two columns where the widest entry fits, else one; the chart asks for the height its legend
// needs, so that no entry is cut off at the side or the bottom, even at 1366x768.
void BreakdownChart::fitLegend() {
  int legend = fitLegendColumns(plot_->legend, plot_->width());
  // Empty (no estimate yet): the room of its parts in one column, so that the chart keeps the
  // size it has with an estimate.
  if (plot_->legend->itemCount() == 0) {
    const int row = std::max(plot_->legend->iconSize().height(), QFontMetrics(plot_->legend->font()).height());
    legend += int(bars_.size()) * (row + plot_->legend->rowSpacing());
  }
  setMinimumHeight(kHeightBesidesLegend + legend);
  setMinimumWidth(legendLeastWidth(plot_->legend));  // narrower, a name would be cut: the page scrolls
}

QString BreakdownChart::readout(QCPAbstractPlottable* plottable) const {
  const auto* bars = qobject_cast<QCPBars*>(plottable);
  if (!bars) return {};
  double sum = 0;
  for (const QCPBars* b : bars_) sum += b->data()->isEmpty() ? 0.0 : b->data()->constBegin()->value;
  const double v = bars->data()->isEmpty() ? 0.0 : bars->data()->constBegin()->value;
  if (!(sum > 0)) return bars->name();
  //: Hover read-out of a part of a bar: its name and value, then its share of the whole bar
  return tr("%1\n%2 of the total").arg(bars->name(), QLocale().toString(100 * v / sum, 'f', 1) + QLatin1Char('%'));
}

QSize BreakdownChart::sizeHint() const { return {QWidget::sizeHint().width(), minimumHeight() + kRoomAboveNeeds}; }

void BreakdownChart::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitLegend();
}

void BreakdownChart::setParts(const QString& title, const QString& axisLabel, const QList<Part>& parts,
                              const QString& total) {
  title_->setText(total.isEmpty() ? title : tr("%1 — %2").arg(title, total));
  plot_->xAxis->setLabel(axisLabel);
  message_->setVisible(false);
  plot_->legend->clearItems();
  double sum = 0;
  for (std::size_t i = 0; i < bars_.size(); ++i) {
    QCPBars* b = bars_[i];
    b->data()->clear();
    if (i >= std::size_t(parts.size())) continue;
    const Part& p = parts[qsizetype(i)];
    b->setBrush(p.colour);
    b->setName(tr("%1: %2").arg(p.name, p.valueText));
    b->addData(kBarKey, p.value);
    sum += p.value;  // the axis extent: a drawing position, not a result
    if (p.value > 0) b->addToLegend();
  }
  const double top = std::max(sum, 1e-12) * 1.02;
  plot_->xAxis->setRange(0, top);
  if (top >= kGroupedFrom) {
    useGroupedNumbers(plot_->xAxis, kGroupedTicks);
  } else {
    plot_->xAxis->setNumberFormat(QStringLiteral("gbd"));
    plot_->xAxis->setNumberPrecision(6);
    plot_->xAxis->ticker()->setTickCount(kDefaultTicks);
  }
  fitLegend();
  plot_->replot();
}

void BreakdownChart::setEmpty(const QString& title, const QString& message) {
  title_->setText(title);
  for (QCPBars* b : bars_) b->data()->clear();
  plot_->legend->clearItems();
  message_->setText(message);
  message_->setVisible(true);
  fitLegend();
  plot_->replot();
}

double BreakdownChart::value(int part) const {
  const QCPBars* b = bars_[std::size_t(part)];
  return b->data()->isEmpty() ? 0.0 : b->data()->constBegin()->value;
}

QString BreakdownChart::title() const { return title_->text(); }

void BreakdownChart::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) {
    applyChartPalette(plot_, palette());
    setBarPens();
    plot_->replot();
  }
  QWidget::changeEvent(event);
}

}  // namespace cp::ui
