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

class FabricCharts;
class PlanCharts;
class ScenarioDocument;

enum class ChartFormat { Png, Svg, Pdf };
// From the file name's suffix (any case); nullopt for an unknown suffix.
std::optional<ChartFormat> chartFormatForPath(const QString& path);

// The sizes and resolutions an export takes (exportChart refuses others): a side of 64 to 16384
// pixels, 24 to 2400 DPI. Public so that a caller can name the option at fault before drawing.
inline constexpr int kMinExportSide = 64;
inline constexpr int kMaxExportSide = 16384;
inline constexpr int kMinExportDpi = 24;
inline constexpr int kMaxExportDpi = 2400;

struct ChartExportOptions {
  QSize size{1600, 1000};  // PNG: pixels. SVG and PDF: the same size at `dpi` (a page of that size)
  int dpi = 144;           // PNG: text and lines are scaled by dpi / 96, and the DPI is written to the file
  QString scenarioName;    // the footer's scenario; empty: no scenario named
  QDate date = QDate::currentDate();
  std::optional<QPalette> palette;  // the theme to draw in; nullopt: the chart's own palette
  QString note;  // said in the footer after the scenario and the date (a comparison's method); empty: none
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
  // Lines about the whole table (how its figures were made), written before the CSV header as
  // "# line" and read back by tableFromCsv; JSON leaves them out.
  QStringList notes;
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

// A plan chart's own data, one row per part as the chart stacks them, in SI units: `part` (a
// stable English id), `label` (the chart's words), the value, and `share` of the total (0 to 1).
Table memoryTable(const cp::Estimate& estimate);                                // bytes per GPU
Table stepTable(const cp::Estimate& estimate);                                  // seconds per step
Table powerTable(const cp::Scenario& scenario, const cp::Estimate& estimate);   // watts
Table costTable(const cp::Scenario& scenario, const cp::Estimate& estimate);    // per month, in the currency
// One comparison chart's data: sweepTable's fabric, size and feasibility columns and `column`.
Table sweepMetricTable(const SweepResult& result, const QString& column);
// The traffic chart's data: per size and fabric against the first, the exposed time per step by
// traffic, the compute difference and the step's, in seconds.
Table gapTable(const SweepResult& result);

// ---- the workbench's context menus

// Asks where to export: a save dialog in the last export directory, on `baseName.suffix`; adds
// the suffix when the name has none; remembers the directory. Empty: cancelled.
QString askExportPath(QWidget* parent, const QString& baseName, const QString& suffix, const QString& filter);

// A suggested file name (no suffix): the scenario's name and what is exported, "LLaMA-65B on 32x
// A100 - memory-per-gpu", without the characters file systems refuse (/ \ : * ? " < > | and
// control characters) and at most 100 characters of the name; `what` alone without a name.
QString exportFileBase(const QString& scenarioName, const QString& what);

// What a chart's menu needs: the scenario's name for the footer and, optionally, its data.
struct ChartContext {
  std::function<QString()> scenarioName;
  std::function<std::optional<Table>()> data;  // empty or nullopt: no data to export
  QString baseName;                            // what the chart is, for the file name (exportFileBase)
  std::function<QString()> note;               // ChartExportOptions::note; empty: none
};

// Gives `plot` a context menu: export as PNG (asks for the size and DPI), SVG, PDF, copy, and
// the data as CSV or JSON; and the hover read-out (chartstyle.h) where it has none yet. The same
// actions are an export target (below), for the main window's menu.
void installChartExportMenu(QCustomPlot* plot, const ChartContext& context);
// Adds those actions to `menu` (object names exportChartPng, exportChartSvg, exportChartPdf,
// copyChart, exportDataCsv, exportDataJson).
void addChartExportActions(QMenu* menu, QCustomPlot* plot, const ChartContext& context);
// A table view as shown (its rows in the view's order, its visible columns; columns drawn by a
// delegate of their own, such as the planner's "Apply" buttons, and header-less ones left out). With `numberRole`, a cell whose display text has a
// digit and whose `numberRole` data is a number is written as that number.
Table tableFromView(const QAbstractItemView* view, int numberRole = -1);
// Adds "Export table as CSV…" and "as JSON…" (object names exportTableCsv, exportTableJson).
// `scenarioName` (optional) goes into the suggested file name.
void addTableExportActions(QMenu* menu, QAbstractItemView* view, const QString& baseName, int numberRole = -1,
                           const std::function<QString()>& scenarioName = {});
// Gives the view a context menu with those actions, and makes it an export target titled `title`.
void installTableExportMenu(QAbstractItemView* view, const QString& baseName, int numberRole = -1,
                            const std::function<QString()>& scenarioName = {},
                            const std::function<QString()>& title = {});

// A widget's picture (the topology) as PNG (twice its size, 192 DPI) or SVG (vector), by suffix.
bool exportWidget(QWidget* widget, const QString& path, QString* error = nullptr);
// Adds "Export as PNG…" and "Export as SVG…" (object names exportWidgetPng, exportWidgetSvg).
void addWidgetExportActions(QMenu* menu, QWidget* widget, const QString& baseName,
                            const std::function<QString()>& scenarioName = {});
void installWidgetExportMenu(QWidget* widget, const QString& baseName, const std::function<QString()>& scenarioName = {},
                             const std::function<QString()>& title = {});

// ---- the exports of a page, for the main window's File > Export menu (and its shortcut)

// Something on a page that exports: a chart, a table, a picture; its title as shown, and the
// export actions its right-click menu has.
struct ExportTarget {
  QString title;
  QWidget* widget = nullptr;
  std::function<void(QMenu*)> addActions;
};
// Every export target shown on `page`, top to bottom, then left to right.
QList<ExportTarget> exportTargets(QWidget* page);
// Fills `menu` with one submenu per export target of `page` (or a disabled line saying that the
// page has nothing to export).
void fillExportMenu(QMenu* menu, QWidget* page);

// Installs the menu on every chart of the plan and of the fabric comparison (those the pages show).
void installWorkbenchExports(ScenarioDocument* document, PlanCharts* plan, FabricCharts* comparison);

}  // namespace cp::ui
