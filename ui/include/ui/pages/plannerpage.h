// The auto-planner view (docs/planner.md): the search space (cluster sizes, fabrics, the knobs
// that may vary, limits, objective, top N) over the current scenario, a search run off the GUI
// thread (QtConcurrent, with progress and cancel; the Search button is disabled while one runs),
// and its result: the ranked layouts in a sortable table whose rows apply to the current
// scenario in one click (an undoable edit, like any other), what was evaluated, feasible and
// rejected and why, the binding constraint when nothing is feasible, and the Pareto frontier of
// time to train against cost per run. A result whose scenario has since changed is labelled so.
#pragma once

#include <QFutureWatcher>
#include <QWidget>
#include <array>
#include <atomic>
#include <memory>

#include "plan/planner.h"
#include "engine/scenario.h"
#include "ui/charts/chartexport.h"
#include "ui/pages/plannerinput.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QSpinBox;
class QTableView;
class QToolButton;
class QTreeWidget;

namespace cp::ui {

class PlannerFrontierChart;
class PlannerTableModel;
class ScenarioDocument;

class PlannerPage : public QWidget {
  Q_OBJECT

 public:
  explicit PlannerPage(ScenarioDocument* document, QWidget* parent = nullptr);
  ~PlannerPage() override;

  PlannerInput input() const;
  void setInput(const PlannerInput& input);

  // Starts a search of the current scenario with the controls' space. False (and the reason
  // shown, naming the field) when an input is bad, the scenario is invalid, or a search runs.
  bool search();
  void cancel();  // asks the running search to stop; its partial result is shown, marked so
  bool isRunning() const;
  // Applies the ranked table's row (a source row: the rank - 1) to the current scenario.
  void applyRow(int row);

  std::shared_ptr<const cp::PlanResult> result() const { return result_; }
  bool isStale() const;  // the scenario changed since the shown result was searched
  PlannerTableModel* tableModel() const { return model_; }
  QSortFilterProxyModel* sortModel() const { return proxy_; }
  QTableView* table() const { return table_; }
  PlannerFrontierChart* frontierChart() const { return frontier_; }
  QString messageText() const;  // errors, the binding constraint, or a note on the result
  QString statusText() const;   // counts, elapsed time and threads
  // The frontier as a table (exports).
  std::optional<Table> frontierTable() const;

 Q_SIGNALS:
  void searchFinished();  // a search ended (finished or cancelled) and its result is shown

 protected:
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  QWidget* buildControls();
  // The search space's label-and-field pairs flow into rows of `pairs` pairs (4 on a wide page,
  // fewer on a laptop: the page never needs to scroll sideways).
  void placeControls(int pairs);
  int pairsForWidth(int width) const;
  void reflowControls();
  void buildFabricMenu();
  void updateFabricButton();
  void retranslate();
  void finished();
  void showResult();
  void showCounts();
  void scenarioChanged();
  void updateStale();
  void applySelected();
  void setMessage(const QString& text, bool error);
  void paintNotices();  // the message's and the stale notice's colours, from the page's palette
  QString tieText(const cp::PlanResult& r) const;
  void arrangeColumns(cp::Objective objective);
  // What a search reads of a base scenario: a result is stale when the document's differs from
  // the searched base's (operator==).
  static cp::Scenario searchKey(const cp::Scenario& s, const cp::SearchSpace& space);

  ScenarioDocument* document_;
  QFutureWatcher<cp::PlanResult> watcher_;
  std::shared_ptr<std::atomic<bool>> cancelFlag_;
  std::shared_ptr<const cp::PlanResult> result_;
  cp::Scenario searchedBase_;
  cp::SearchSpace searchedSpace_;
  bool gpusEdited_ = false;  // the GPU field was typed in: it no longer follows the scenario
  bool searchedOnce_ = false;

  // Controls.
  QLineEdit* gpus_ = nullptr;
  QToolButton* fabrics_ = nullptr;
  QComboBox* objective_ = nullptr;
  QSpinBox* top_ = nullptr;
  // The parallelism knobs, each a list or range of values (empty: every valid value).
  struct Knobs {
    QLineEdit* tp = nullptr;
    QLineEdit* pp = nullptr;
    QLineEdit* vpp = nullptr;
    QLineEdit* cp = nullptr;
    QLineEdit* ep = nullptr;
    QLineEdit* microBatch = nullptr;
    std::array<QLineEdit*, 6> all() const { return {tp, pp, vpp, cp, ep, microBatch}; }
  };
  Knobs knobs_;
  QLabel* dpNote_ = nullptr;
  std::array<QCheckBox*, 3> recompute_{};
  std::array<QCheckBox*, 5> zero_{};
  std::array<QCheckBox*, 2> sp_{};
  QDoubleSpinBox* power_ = nullptr;
  QDoubleSpinBox* budget_ = nullptr;
  QDoubleSpinBox* deadline_ = nullptr;
  QSpinBox* spare_ = nullptr;
  std::vector<QLabel*> labels_;  // every control's label, retranslated by key
  struct Slot {
    int label;       // index into labels_
    QWidget* field;
    int span;        // pairs it takes (the check-box rows take two)
  };
  std::vector<Slot> slots_;  // in reading order
  QGridLayout* grid_ = nullptr;
  int pairs_ = 0;
  QString fabricsText_;  // the fabric button's text before eliding
  QPushButton* search_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* status_ = nullptr;
  QLabel* message_ = nullptr;
  QLabel* stale_ = nullptr;
  bool messageIsError_ = false;

  // Result.
  PlannerTableModel* model_ = nullptr;
  QSortFilterProxyModel* proxy_ = nullptr;
  QTableView* table_ = nullptr;
  QPushButton* apply_ = nullptr;
  QTreeWidget* counts_ = nullptr;
  PlannerFrontierChart* frontier_ = nullptr;
  QLabel* tableTitle_ = nullptr;
  QLabel* countsTitle_ = nullptr;
};

}  // namespace cp::ui
