// PDF reports, paged and printable (QPdfWriter, A4, or a printer), one generator for the GUI
// (File > Export report..., File > Print...) and the CLI (`clusterplan-cli report`):
//  - a scenario: the headline figures on page 1 under the title (numbers as people read them:
//    "MFU 37.3%", "214 days", "Fits: yes, 16.2 GiB free"), its inputs, the figures with their
//    formulas and sources, the memory, step-time, power and cost charts, the assumptions with
//    their sources, the warnings; the price list's lines and every input (its values written for
//    people, readableNumber) in appendices;
//  - a fabric comparison: the current plan across cluster sizes for InfiniBand and RoCE, its six
//    charts and the sweep's table.
// Each section starts a page, the first one under the title; a table of contents follows it on
// page 1 when the report has more than kTocMinPages pages. A table row is never split across pages: a row that does not fit moves to
// the next page, under its table's header again. Every page has a footer with the scenario, the date and "page i of n".
// Layout only: every number comes from the engine (through the plan page and the sweep).
#pragma once

#include <QDate>
#include <QList>
#include <QPalette>
#include <QString>
#include <QStringList>
#include <optional>

#include "engine/estimate.h"
#include "engine/explain.h"
#include "engine/scenario.h"

class QMainWindow;
class QMenu;
class QAction;
class QPagedPaintDevice;

namespace cp::ui {

class ScenarioDocument;

inline constexpr int kTocMinPages = 4;  // more pages than this: a table of contents

struct ReportOptions {
  QDate date = QDate::currentDate();
  int maxGpus = 1024;      // fabric comparison: the largest cluster size swept
  bool tableOfContents = true;  // false: never one
};

struct ReportResult {
  bool ok = false;
  QString error;
  int pages = 0;            // pages written
  QStringList sections;     // the section headings, in order
  QList<int> sectionPages;  // the page (1-based) each section starts on
  bool hasToc = false;
};

ReportResult writeScenarioReport(const cp::Scenario& scenario, const QString& path, const ReportOptions& options = {});
// The same report onto a paged device (a QPrinter): laid out at 96 DPI, so set the device's
// resolution to 96 first (QPrinter::setResolution).
ReportResult printScenarioReport(const cp::Scenario& scenario, QPagedPaintDevice* device, const ReportOptions& options = {});
ReportResult writeFabricReport(const cp::Scenario& scenario, const QString& path, const ReportOptions& options = {});

// A headline figure as the report's first page and the presentation's headline slide show it.
struct HeadlineFigure {
  cp::Figure figure;
  QString title;   // "MFU", "Fits in memory"
  QString value;   // "37.3%", "Fits: yes, 16.2 GiB free", "214 days"
  QString detail;  // a line of context: "312 TFLOP/s per GPU"
};
QList<HeadlineFigure> headlineFigures(const cp::Scenario& scenario, const cp::Estimate& estimate);

// A number as the report writes an input: in the default locale, whole numbers in full with
// grouping, others with four significant digits, and very small or large ones as "1.973 × 10⁻⁵"
// (never "1.9732816719714506e-05").
QString readableNumber(double value);

// Adds "Export report…" (Ctrl+Shift+E) and "Print…" (Ctrl+P) to `file` before `before`: the
// scenario report of the document's current scenario, as a PDF file or on a printer. Keeps
// their texts translated.
void addReportActions(QMainWindow* window, QMenu* file, QAction* before, ScenarioDocument* document);

}  // namespace cp::ui
