// Two to four scenarios side by side: a table of their inputs and results, with every cell that
// differs from the first scenario (the baseline) highlighted and the results' change against
// it in percent; under it, the step-time and the memory-per-GPU breakdowns of all of them on one
// axis each (one stacked bar per scenario, the same component colours as the plan page, a
// legend, and each GPU's capacity marked on its memory bar). The scenarios are picked from the
// library (or the one being edited) in four boxes at the top. A picked scenario that was
// deleted (in the library dock, another window, the command line) is taken out and a line above
// the table names it, rather than silently showing less. Computes nothing itself: every figure
// comes from cp::estimate.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/estimate.h"
#include "engine/scenario.h"
#include "engine/validate.h"

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QLabel;
class QTableWidget;

namespace cp::ui {

class LibraryController;
class ScenarioDocument;

class ComparePage : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kMaxScenarios = 4;
  static constexpr qint64 kCurrentScenario = -1;  // the pick that means "the scenario being edited"

  struct Entry {
    QString label;
    cp::Scenario scenario;
  };

  explicit ComparePage(ScenarioDocument* document, QWidget* parent = nullptr);

  // The library to pick from, read through its controller (not owned; nullptr: only the edited
  // scenario). Re-reads its list.
  void setLibrary(LibraryController* library);
  void refreshChoices();  // after the library changed
  // Picks these library scenarios (the first is the baseline); at most four are taken.
  void compareLibrary(const QList<qint64>& ids);
  // Shows these scenarios (without touching the picks); at most four are taken.
  void setEntries(const QList<Entry>& entries);

  int scenarioCount() const { return int(shown_.size()); }
  QComboBox* picker(int i) const { return pickers_[std::size_t(i)]; }
  QTableWidget* table() const { return table_; }
  QCustomPlot* stepPlot() const { return stepPlot_; }
  QCustomPlot* memoryPlot() const { return memoryPlot_; }
  QCheckBox* differencesOnly() const { return differencesOnly_; }
  // The table's row named `label` (its first column); -1 when there is none.
  int rowOf(const QString& label) const;
  bool isHighlighted(int row, int scenario) const;  // the cell differs from the baseline
  bool rowDiffers(int row) const;
  // What the line above the table says about picked scenarios that are gone from the library
  // or cannot be read; empty when it is hidden.
  QString goneText() const;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  struct Shown {
    QString label;
    cp::Scenario scenario;
    std::vector<cp::Problem> problems;
    std::optional<cp::Estimate> estimate;
  };
  void pickersChanged();
  void rebuild();
  void fillTable();
  void fillCharts();
  void applyDifferencesOnly();
  void retranslate();
  void showGone();

  ScenarioDocument* document_;
  LibraryController* library_ = nullptr;
  QString libraryPath_;  // the library library_ has open
  std::vector<Shown> shown_;
  std::vector<QComboBox*> pickers_;
  QList<Entry> entries_;
  QLabel* pickLabel_ = nullptr;
  QLabel* hint_ = nullptr;
  QLabel* gone_ = nullptr;
  QStringList goneNames_;       // picked scenarios no longer in the library (until the next pick)
  QStringList unreadable_;      // "name: reason" of picked ones the store could not read
  QCheckBox* differencesOnly_ = nullptr;
  QTableWidget* table_ = nullptr;
  QCustomPlot* stepPlot_ = nullptr;
  QCustomPlot* memoryPlot_ = nullptr;
  bool picking_ = false;  // the pickers are being filled: no rebuild per change
};

}  // namespace cp::ui
