// PDF reports, paged and printable (QPdfWriter, A4):
//  - a scenario: its inputs, the headline figures with their formulas and sources, the memory,
//    step-time, power and cost charts, the assumptions with their sources, the warnings, and every
//    input in an appendix;
//  - a fabric comparison: the current plan across cluster sizes for InfiniBand and RoCE, its six
//    charts and the sweep's table.
// Each section starts a page; a table of contents follows the title when the report has more than
// kTocMinPages pages. Every page has a footer with the scenario, the date and "page i of n".
// Layout only: every number comes from the engine (through the plan page and the sweep).
#pragma once

#include <QDate>
#include <QPalette>
#include <QString>
#include <QStringList>
#include <optional>

#include "engine/scenario.h"

namespace cp::ui {

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
ReportResult writeFabricReport(const cp::Scenario& scenario, const QString& path, const ReportOptions& options = {});

}  // namespace cp::ui
