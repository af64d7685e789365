#include "ui/charts/chartstyle.h"

#include <QLocale>
#include <QEvent>
#include <QFontMetrics>
#include <QMouseEvent>
#include <QPalette>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include "ui/charts/customplot.h"
#include <utility>

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
  for (int i = 0; i < plot->itemCount(); ++i) {
    auto* item = qobject_cast<QCPItemText*>(plot->item(i));
    if (!item || !item->property("cpThemeText").toBool()) continue;
    if (!item->property("cpThemeBackdrop").toBool()) {
      item->setColor(text);
      continue;
    }
    QColor box = base;
    box.setAlpha(220);  // kBackdropAlpha: hides the grid under the text, not the data
    item->setBrush(box);
  }
}

QFont scaledFont(QFont font, double factor, bool bold) {
  font.setPointSizeF(font.pointSizeF() * factor);
  font.setBold(bold);
  return font;
}

}  // namespace cp::ui

namespace cp::ui {
namespace {

constexpr char kThemeText[] = "cpThemeText";          // the item follows the theme's text colour
constexpr char kThemeBackdrop[] = "cpThemeBackdrop";  // ... on a box of the theme's base colour
constexpr char kOwnReadout[] = "cpOwnReadout";

// Owns a plot's read-out: the text function, and the tooltip while the mouse moves.
class Readout : public QObject {
 public:
  Readout(QCustomPlot* plot, ReadoutText describe) : QObject(plot), plot_(plot), describe_(std::move(describe)) {
    setObjectName(QStringLiteral("chartReadout"));
    connect(plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
      const QString text = chartReadout(plot_, event->position());
      if (text.isEmpty()) QToolTip::hideText();
      else QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
    });
  }
  const ReadoutText& describe() const { return describe_; }

 private:
  QCustomPlot* plot_;
  ReadoutText describe_;
};

QString numberText(double v) {
  const double a = std::abs(v);
  if (a >= 1000) return QLocale().toString(v, 'f', 0);
  if (a >= 100) return QLocale().toString(v, 'f', 1);
  if (a >= 1 || a == 0) return QLocale().toString(v, 'f', 2);
  return QLocale().toString(v, 'g', 3);
}

QString titleOf(QCustomPlot* plot) {
  for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
    if (auto* t = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i))) return t->text();
  return {};
}

QString keyText(QCPAxis* axis, double key) {
  if (auto text = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker())) {
    const auto& ticks = text->ticks();
    for (auto it = ticks.constBegin(); it != ticks.constEnd(); ++it)
      if (std::abs(it.key() - key) < 1e-9 && !it.value().isEmpty()) return QString(it.value()).replace(QLatin1Char('\n'), QLatin1Char(' '));
    return {};
  }
  return axis->tickLabels() ? numberText(key) : QString();
}

}  // namespace

int fitLegendColumns(QCPLegend* legend, int width, int maxColumns) {
  int items = 0;  // the grid's cells may be empty: count the entries
  int widest = 0;
  int rowHeight = 0;
  for (int i = 0; i < legend->itemCount(); ++i) {
    const QCPAbstractLegendItem* item = legend->item(i);
    if (!item) continue;
    ++items;
    const QSize hint = item->minimumOuterSizeHint();
    widest = std::max(widest, hint.width());
    rowHeight = std::max(rowHeight, hint.height());
  }
  const QMargins m = legend->margins();
  int columns = std::max(1, maxColumns);
  while (columns > 1 && columns * widest + (columns - 1) * legend->columnSpacing() + m.left() + m.right() > width) --columns;
  if (legend->wrap() != columns) {
    legend->setWrap(columns);
    legend->setFillOrder(legend->fillOrder(), true);
  }
  const int rows = (items + columns - 1) / columns;
  return rows * rowHeight + std::max(0, rows - 1) * legend->rowSpacing() + m.top() + m.bottom();
}

int legendLeastWidth(QCPLegend* legend) {
  int widest = 0;
  for (int i = 0; i < legend->itemCount(); ++i)
    if (const QCPAbstractLegendItem* item = legend->item(i)) widest = std::max(widest, item->minimumOuterSizeHint().width());
  if (widest == 0) return 0;
  const QMargins m = legend->margins();
  return widest + m.left() + m.right();
}

namespace {

class LegendFitter : public QObject {
 public:
  LegendFitter(QCustomPlot* plot, int columns, int besidesLegend)
      : QObject(plot),
        plot_(plot),
        columns_(columns),
        besides_(besidesLegend),
        minimum_(plot->minimumHeight()),
        minimumWidth_(plot->minimumWidth()) {
    plot->installEventFilter(this);
    // Also when the entries change (other fabrics, longer names) at the same width: columns fitted
    // to the old names cut the new ones ("RoCEv2 400 Gb/s, untun").
    connect(plot, &QCustomPlot::beforeReplot, this, &LegendFitter::fit);
  }
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (watched == plot_ && event->type() == QEvent::Resize) fit();
    return false;
  }

 private:
  void fit() {
    const int height = std::max(minimum_, besides_ + fitLegendColumns(plot_->legend, plot_->width(), columns_));
    if (height != plot_->minimumHeight()) plot_->setMinimumHeight(height);
    const int width = std::max(minimumWidth_, legendLeastWidth(plot_->legend));
    if (width != plot_->minimumWidth()) plot_->setMinimumWidth(width);
  }

  QCustomPlot* plot_;
  int columns_;
  int besides_;
  int minimum_;
  int minimumWidth_;
};

}  // namespace

void keepLegendFitted(QCustomPlot* plot, int maxColumns, int besidesLegend) { new LegendFitter(plot, maxColumns, besidesLegend); }

void followTheme(QCPItemText* item, bool backdrop) {
  item->setProperty(kThemeText, true);
  item->setProperty(kThemeBackdrop, backdrop);
}

void useGroupedNumbers(QCPAxis* axis, int ticks) {
  QLocale locale;
  locale.setNumberOptions(QLocale::DefaultNumberOptions);  // with the group separator
  axis->parentPlot()->setLocale(locale);
  axis->setNumberFormat(QStringLiteral("f"));
  axis->setNumberPrecision(0);
  axis->ticker()->setTickCount(ticks);
}

namespace {

constexpr char kTicksApart[] = "cpTicksApart";  // keepTickLabelsApart is installed
constexpr char kTicksSet[] = "cpTicksSet";      // the tick count it set last on an axis
constexpr char kTicksWanted[] = "cpTicksWanted";  // the count the chart asked for

// Whether the tick labels `count` ticks would give on `axis` leave a gap of `gap` pixels between
// neighbours (side by side on a horizontal axis, one above the other on a vertical one).
bool ticksFit(QCPAxis* axis, int count, int gap) {
  QSharedPointer<QCPAxisTicker> ticker = axis->ticker();
  const int before = ticker->tickCount();
  ticker->setTickCount(count);
  QVector<double> ticks;
  QVector<QString> labels;
  const QString format = axis->numberFormat();
  ticker->generate(axis->range(), axis->parentPlot()->locale(), format.isEmpty() ? QLatin1Char('g') : format.at(0),
                   axis->numberPrecision(), ticks, nullptr, &labels);
  ticker->setTickCount(before);
  const QFontMetrics metrics(axis->tickLabelFont());
  const bool horizontal = axis->orientation() == Qt::Horizontal;
  double lastEnd = -1e300;
  for (int i = 0; i < ticks.size() && i < labels.size(); ++i) {
    const double centre = axis->coordToPixel(ticks[i]);
    if (!axis->range().contains(ticks[i])) continue;
    const double half = (horizontal ? metrics.horizontalAdvance(labels[i]) : metrics.height()) / 2.0;
    // Pixels grow rightwards and downwards, values rightwards and upwards: the labels in value order.
    const double start = horizontal ? centre - half : -(centre + half);
    if (start < lastEnd + gap) return false;
    lastEnd = start + 2 * half;
  }
  return true;
}

// Returns whether a tick count changed.
bool spaceTicks(QCustomPlot* plot) {
  bool changed = false;
  for (QCPAxisRect* rect : plot->axisRects())
    for (QCPAxis* axis : rect->axes()) {
      if (!axis->visible() || !axis->tickLabels()) continue;
      QSharedPointer<QCPAxisTicker> ticker = axis->ticker();
      // Named ticks (cluster sizes, bar names) are placed by the chart, one per key.
      if (!ticker || qSharedPointerDynamicCast<QCPAxisTickerText>(ticker)) continue;
      // A count the chart set since the last pass is what it wants; ours is only a step down from it.
      int wanted = axis->property(kTicksWanted).toInt();
      if (wanted <= 0 || ticker->tickCount() != axis->property(kTicksSet).toInt()) wanted = ticker->tickCount();
      axis->setProperty(kTicksWanted, wanted);
      const int gap = QFontMetrics(axis->tickLabelFont()).horizontalAdvance(QStringLiteral("  "));
      int count = wanted;
      while (count > 1 && !ticksFit(axis, count, gap)) --count;
      changed = changed || count != ticker->tickCount();
      ticker->setTickCount(count);
      axis->setProperty(kTicksSet, count);
    }
  return changed;
}

}  // namespace

void keepTickLabelsApart(QCustomPlot* plot) {
  if (plot->property(kTicksApart).toBool()) return;
  plot->setProperty(kTicksApart, true);
  // After the layout, when the axes' lengths are known: on screen, in exports and on slides alike.
  // The layout made the ticks already (and the margins from their labels): with another count it
  // runs again, so that this drawing has them.
  QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] {
    if (!spaceTicks(plot)) return;
    for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
      plot->plotLayout()->update(phase);
  });
}

void keepTickLabelsApartIn(QWidget* widget) {
  for (QCustomPlot* plot : widget->findChildren<QCustomPlot*>()) keepTickLabelsApart(plot);
}

QString chartReadout(QCustomPlot* plot, const QPointF& pos) {
  int index = -1;
  QCPAbstractPlottable* p = plot->plottableAt(pos, false, &index);
  if (auto* legendItem = qobject_cast<QCPPlottableLegendItem*>(plot->layoutElementAt(pos))) {
    p = legendItem->plottable();
    index = -1;
  }
  if (!p) return {};
  if (auto* readout = plot->findChild<Readout*>(QStringLiteral("chartReadout"), Qt::FindDirectChildrenOnly);
      readout && readout->describe())
    return readout->describe()(p, index);
  return plottableReadout(p, index);
}

QString plottableReadout(QCPAbstractPlottable* p, int index) {
  QCustomPlot* plot = p->parentPlot();
  QCPPlottableInterface1D* data = p->interface1D();
  if (index < 0 || !data || index >= data->dataCount()) return p->name();
  QStringList lines;
  if (!p->name().isEmpty()) lines << p->name();
  QCPAxis* key = p->keyAxis();
  QCPAxis* value = p->valueAxis();
  const QString k = keyText(key, data->dataMainKey(index));
  if (!k.isEmpty()) lines << (key->label().isEmpty() ? k : QStringLiteral("%1: %2").arg(key->label(), k));
  const QString unit = value->label().isEmpty() ? titleOf(plot) : value->label();
  const QString v = numberText(data->dataMainValue(index));
  lines << (unit.isEmpty() ? v : QStringLiteral("%1: %2").arg(unit, v));
  return lines.join(QLatin1Char('\n'));
}

void installChartReadout(QCustomPlot* plot, const ReadoutText& describe) {
  if (plot->property(kOwnReadout).toBool() || plot->findChild<Readout*>(QStringLiteral("chartReadout"), Qt::FindDirectChildrenOnly))
    return;
  new Readout(plot, describe);
}

void setOwnReadout(QCustomPlot* plot) { plot->setProperty(kOwnReadout, true); }

}  // namespace cp::ui
