// Restyles a QCustomPlot from the widget palette (background, axes, grid, text, legend), so that
// charts follow a dark or light theme; the data colours stay the fixed palette (palette.h).
// Also: the hover read-out every chart shows (a tooltip with the value under the mouse), and the
// number format of axes (the locale's thousands separators).
#pragma once

#include <QPointF>
#include <QString>
#include <functional>

class QCustomPlot;
class QCPAbstractPlottable;
class QCPAxis;
class QCPItemText;
class QCPLegend;
class QPalette;
class QFont;
class QWidget;

namespace cp::ui {

void applyChartPalette(QCustomPlot* plot, const QPalette& palette);
QFont scaledFont(QFont font, double factor, bool bold = false);

// Lays `legend` out in `maxColumns` columns where its widest entry fits `width` pixels that many
// times, else in fewer; returns the height it then needs (so that the chart can ask for it).
int fitLegendColumns(QCPLegend* legend, int width, int maxColumns = 2);

// The least width `legend` needs in one column: its widest entry and its margins. A chart is never
// narrower (its page scrolls instead), so that no series name is cut.
int legendLeastWidth(QCPLegend* legend);

// Keeps fitLegendColumns applied to `plot`'s legend as the plot is resized and as its entries
// change, the plot at least `besidesLegend` pixels taller than its legend (title, plot area, axis)
// and as wide as its widest entry (legendLeastWidth), so that no entry is cut.
void keepLegendFitted(QCustomPlot* plot, int maxColumns = 2, int besidesLegend = 150);

// A text item drawn over the plot's background (not over a bar): applyChartPalette gives it the
// theme's text colour and, with `backdrop`, a translucent box of the theme's base colour.
void followTheme(QCPItemText* item, bool backdrop = false);

// Tick labels of `axis` in the default locale with its thousands separators ("175,000"), whole
// numbers, at most `ticks` of them (a money axis that is never crowded).
void useGroupedNumbers(QCPAxis* axis, int ticks = 5);

// Tick labels of `plot`'s numeric axes never run into each other ("100,0200,0300,0"): before each
// drawing, an axis whose labels would touch gets fewer ticks, down from the count the chart set.
// Named ticks (QCPAxisTickerText) are left alone. Once per plot.
void keepTickLabelsApart(QCustomPlot* plot);
// The same for every chart inside `widget` (a page whose charts are made elsewhere).
void keepTickLabelsApartIn(QWidget* widget);

// The read-out of the data under `pos` (widget coordinates): the series' name, the key (its tick
// text where the axis has named ticks) and the value with the value axis' label (or the chart's
// title, which carries the unit); empty where there is no data. `describe` replaces it for a chart.
using ReadoutText = std::function<QString(QCPAbstractPlottable* plottable, int dataIndex)>;
QString chartReadout(QCustomPlot* plot, const QPointF& pos);
// The read-out chartReadout gives without a `describe` of its own: for a chart whose `describe`
// adds lines to it.
QString plottableReadout(QCPAbstractPlottable* plottable, int dataIndex);
// Shows chartReadout as a tooltip while the mouse moves over the plot. Once per plot; a chart with
// a read-out of its own (the memory chart) is left alone.
void installChartReadout(QCustomPlot* plot, const ReadoutText& describe = {});
// Marks a chart that shows its own tooltips (installChartReadout then does nothing).
void setOwnReadout(QCustomPlot* plot);

}  // namespace cp::ui
