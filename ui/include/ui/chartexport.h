// Exports of the workbench's charts and tables, for decks and for spreadsheets.
//  - A chart goes to PNG (the size in pixels and the DPI chosen), SVG and PDF (both vector), or to
//    the clipboard. The exported chart is the chart as drawn (title, axis labels with units,
//    legend; a legend is shown for the export when the chart hides it) with a footer that names
//    the scenario and the date, in the theme asked for (light or dark, see theme.h).
//  - A table (a sweep, an estimate's figures) goes to CSV (UTF-8 with a byte-order mark, so that
//    spreadsheets read it as UTF-8; numbers always with '.' and no grouping, whatever the locale)
//    or JSON (an array of objects keyed by the header).
// Drawing and file formats only: every number comes from the engine.
#pragma once

#include <QDate>
#include <QList>
#include <QObject>
#include <QPalette>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <functional>
#include <optional>

#include "engine/estimate.h"
#include "engine/scenario.h"
#include "ui/fabricsweep.h"

class QCustomPlot;
class QCPPainter;
class QWidget;
class QAbstractItemView;
class QMenu;

namespace cp::ui {

class FabricComparisonPage;
class PlanPage;
class ScenarioDocument;

enum class ChartFormat { Png, Svg, Pdf };
// From the file name's suffix (any case); nullopt for an unknown suffix.
std::optional<ChartFormat> chartFormatForPath(const QString& path);

struct ChartExportOptions {
  QSize size{1600, 1000};  // PNG: pixels. SVG and PDF: the same size at `dpi` (a page of that size)
  int dpi = 144;           // PNG: text and lines are scaled by dpi / 96, and the DPI is written to the file
  QString scenarioName;    // the footer's scenario; empty: no scenario named
  QDate date = QDate::currentDate();
  std::optional<QPalette> palette;  // the theme to draw in; nullopt: the chart's own palette
};

// "Scenario: NAME — DATE — clusterplan", the date in the default locale's long format.
QString chartFooter(const QString& scenarioName, const QDate& date);

// Draws the chart and the footer into the rectangle (0, 0, logical) of `painter`'s device.
// The plot is left as it was (palette, legend, layout).
void paintChart(QCPPainter& painter, QCustomPlot* plot, const QSize& logical, const ChartExportOptions& options);

// The chart as an image of exactly options.size pixels, with options.dpi written into it.
QImage renderChartImage(QCustomPlot* plot, const ChartExportOptions& options);
// Writes the chart to `path` in `format` (or the one the suffix names). False and `error` on failure.
bool exportChart(QCustomPlot* plot, const QString& path, const ChartExportOptions& options, QString* error = nullptr,
                 std::optional<ChartFormat> format = std::nullopt);
// Puts the chart on the clipboard as an image (and as SVG, for applications that take it).
void copyChartToClipboard(QCustomPlot* plot, const ChartExportOptions& options);

// ---- tables

struct Table {
  QStringList header;
  QList<QVariantList> rows;  // numbers as double or int, the rest as strings
};

// A number as exports write it: '.', no grouping, up to 12 significant digits.
QString exportNumber(double value);
QByteArray tableToCsv(const Table& table);   // BOM, RFC 4180 quoting, CRLF line ends
QByteArray tableToJson(const Table& table);  // [{"header": value, ...}, ...], indented
// Reads back what tableToCsv wrote (tests; quoted fields with commas, quotes and line ends).
Table tableFromCsv(const QByteArray& csv);
// Writes atomically; false and `error` on failure. The format follows the suffix (.csv, .json).
bool exportTable(const Table& table, const QString& path, QString* error = nullptr);

// One row per fabric and cluster size, the sweep's figures in SI units (tokens/s, s, fractions).
Table sweepTable(const SweepResult& result);
// The estimate's figures as two columns: the output's dotted key and its value (as the CLI's CSV).
Table estimateTable(const cp::Scenario& scenario, const cp::Estimate& estimate);

// ---- the workbench's context menus

// Asks where to export: a save dialog in the last export directory, on `baseName.suffix`; adds
// the suffix when the name has none; remembers the directory. Empty: cancelled.
QString askExportPath(QWidget* parent, const QString& baseName, const QString& suffix, const QString& filter);

// What a chart's menu needs: the scenario's name for the footer and, optionally, its data.
struct ChartContext {
  std::function<QString()> scenarioName;
  std::function<std::optional<Table>()> data;  // empty or nullopt: no data to export
  QString baseName;                            // suggested file name, without suffix
};

// Gives `plot` a context menu: export as PNG (asks for the size and DPI), SVG, PDF, copy, and
// the data as CSV or JSON; and the hover read-out (chartstyle.h) where it has none yet.
void installChartExportMenu(QCustomPlot* plot, const ChartContext& context);
// A table view as shown (its rows in the view's order, its visible columns; columns drawn by a
// delegate of their own, such as the planner's "Apply" buttons, and header-less ones left out). With `numberRole`, a cell whose display text has a
// digit and whose `numberRole` data is a number is written as that number.
Table tableFromView(const QAbstractItemView* view, int numberRole = -1);
// Adds "Export table as CSV…" and "as JSON…" (object names exportTableCsv, exportTableJson).
void addTableExportActions(QMenu* menu, QAbstractItemView* view, const QString& baseName, int numberRole = -1);
// Gives the view a context menu with those actions.
void installTableExportMenu(QAbstractItemView* view, const QString& baseName, int numberRole = -1);

// A widget's picture (the topology) as PNG (twice its size, 192 DPI) or SVG (vector), by suffix.
bool exportWidget(QWidget* widget, const QString& path, QString* error = nullptr);
// Adds "Export as PNG…" and "Export as SVG…" (object names exportWidgetPng, exportWidgetSvg).
void addWidgetExportActions(QMenu* menu, QWidget* widget, const QString& baseName);
void installWidgetExportMenu(QWidget* widget, const QString& baseName);

// Installs the menu on every chart of the plan page and of the fabric comparison.
void installWorkbenchExports(ScenarioDocument* document, PlanPage* plan, FabricComparisonPage* comparison);

}  // namespace cp::ui
