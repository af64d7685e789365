#include "ui/chartstyle.h"

#include <QPalette>
#include <qcustomplot.h>

namespace cp::ui {

void applyChartPalette(QCustomPlot* plot, const QPalette& palette) {
  const QColor text = palette.color(QPalette::Text);
  const QColor base = palette.color(QPalette::Base);
  QColor grid = text;
  grid.setAlpha(40);
  plot->setBackground(base);
  for (QCPAxisRect* rect : plot->axisRects()) {
    for (QCPAxis* axis : rect->axes()) {
      axis->setBasePen(QPen(text));
      axis->setTickPen(QPen(text));
      axis->setSubTickPen(QPen(text));
      axis->setTickLabelColor(text);
      axis->setLabelColor(text);
      axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
      axis->grid()->setZeroLinePen(Qt::NoPen);
    }
  }
  if (plot->legend) {
    plot->legend->setBrush(base);
    plot->legend->setTextColor(text);
  }
  for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
    if (auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i))) title->setTextColor(text);
}

QFont scaledFont(QFont font, double factor, bool bold) {
  font.setPointSizeF(font.pointSizeF() * factor);
  font.setBold(bold);
  return font;
}

}  // namespace cp::ui
