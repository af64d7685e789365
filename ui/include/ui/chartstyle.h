// Restyles a QCustomPlot from the widget palette (background, axes, grid, text, legend), so that
// charts follow a dark or light theme; the data colours stay the fixed palette (palette.h).
#pragma once

class QCustomPlot;
class QPalette;
class QFont;

namespace cp::ui {

void applyChartPalette(QCustomPlot* plot, const QPalette& palette);
QFont scaledFont(QFont font, double factor, bool bold = false);

}  // namespace cp::ui
