#include "ui/breakdownchart.h"

#include <QEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <qcustomplot.h>

#include "ui/chartstyle.h"

namespace cp::ui {
namespace {

constexpr double kBarKey = 1.0;
constexpr double kBarWidth = 0.7;

}  // namespace

BreakdownChart::BreakdownChart(int parts, QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(plot_);
  setMinimumHeight(150);

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
    bars->setPen(QPen(Qt::white, 1));
    if (below) bars->moveAbove(below);
    below = bars;
    bars_.push_back(bars);
  }
  message_ = new QCPItemText(plot_);
  message_->position->setType(QCPItemPosition::ptAxisRectRatio);
  message_->position->setCoords(0.5, 0.5);
  message_->setColor(Qt::darkGray);
  applyChartPalette(plot_, palette());
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
  plot_->xAxis->setRange(0, std::max(sum, 1e-12) * 1.02);
  plot_->replot();
}

void BreakdownChart::setEmpty(const QString& title, const QString& message) {
  title_->setText(title);
  for (QCPBars* b : bars_) b->data()->clear();
  plot_->legend->clearItems();
  message_->setText(message);
  message_->setVisible(true);
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
    plot_->replot();
  }
  QWidget::changeEvent(event);
}

}  // namespace cp::ui
