// The workbench's main window: the inputs in a dock, and the pages: the plan (tiles and
// charts), InfiniBand versus RoCE, the topology, the scenario comparison and the auto-planner.
// Owns the document; menus for files, undo and redo; restores the window layout and last
// scenario; autosaves unsaved edits and offers to restore them after a crash; accepts a
// scenario file dropped onto it.
#pragma once

#include <QKeySequence>
#include <QMainWindow>
#include <QPointer>

#include "engine/explain.h"
#include "engine/scenario.h"
#include "io/scenario_file.h"

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QTabWidget;
class QTimer;

namespace cp::ui {

class ComparePage;
class FabricComparisonPage;
class HelpWindow;
class LibraryDock;
class InputPanel;
class MemoryChart;
class PlanPage;
class PlannerPage;
class ScenarioDocument;
class SummaryPanel;
class TopologyView;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Replaces the scenario (no undo history), as opening a file does.
  void setScenario(const cp::Scenario& scenario);
  // Reads a scenario JSON file; on failure returns false and sets `error` (no dialog).
  bool openFile(const QString& path, QString* error = nullptr);
  bool saveFile(const QString& path, QString* error = nullptr);

  // The size of a first window on a screen whose available area is `available`: 1600 x 1000
  // where there is room, else what fits, with room for the window frame (a 1366 x 768 laptop
  // must not get a 1600 x 1000 window).
  static QSize firstSize(const QSize& available);
  // Sizes and places the window within the available area of its screen, also when a saved
  // geometry from a larger screen was restored.
  void fitToScreen();

  // Start-up: the autosaved edits of a session that did not end cleanly (after asking, when
  // `ask`), else the last scenario of the previous session, else the default. Restored edits
  // go back where the scenario lived (its library entry and revision, its file, or nowhere);
  // when its library entry is gone they come back not saved, and the window says so (in a
  // message box too, when `ask`).
  void restoreSession(bool ask = true);
  static QString autosavePath();
  // Beside the autosave: where its scenario lives (a small JSON object).
  static QString autosaveOriginPath();
  void writeAutosave();  // also run by a timer after each unsaved edit
  // "Cannot open the scenario": the file and the reason.
  void showOpenError(const QString& path, const QString& error);
  // The status bar's note of where the edited scenario lives and whether it has unsaved edits
  // ("Library: revision 3 · modified", "File: plan.json", "Not saved").
  QLabel* originLabel() const { return origin_; }
  // Ctrl+S: back to the scenario's library entry (a new revision) or its file, else Save as.
  bool save();

  ScenarioDocument* document() const { return document_; }
  InputPanel* inputPanel() const { return inputs_; }
  PlanPage* planPage() const { return plan_; }
  FabricComparisonPage* comparisonPage() const { return comparison_; }
  TopologyView* topologyView() const { return topology_; }
  LibraryDock* libraryDock() const { return library_; }
  // The status bar's notice that the library was moved aside or refused (LibraryDock::alertText);
  // hidden when there is none.
  QLabel* libraryAlert() const { return libraryAlert_; }
  ComparePage* scenarioComparison() const { return compare_; }
  PlannerPage* plannerPage() const { return planner_; }
  // Shows the scenario comparison page on these library scenarios (two to four).
  void compareLibraryScenarios(const QList<qint64>& ids);
  QTabWidget* pages() const { return pages_; }
  // Shows a page by its name, as `clusterplan --page NAME` does: one of pageNames() ("plan",
  // "comparison", "topology", "compare", "planner", or "library", the library dock). False for
  // another name, and nothing changes.
  bool showPage(const QString& name);
  static QStringList pageNames();
  MemoryChart* memoryChart() const;
  SummaryPanel* summaryPanel() const;
  QStringList recentFiles() const;

  void showExplanation(cp::Figure figure);

  // Help > User guide (shortcuts false) or Keyboard shortcuts: the offline guide (HelpWindow).
  HelpWindow* showHelp(bool shortcuts);
  // File > Open library… (create false: the file must exist) and New library… (create true:
  // the file must not exist). The store refuses a file that is not a clusterplan library; then
  // `error` says so and the library that was open stays open. The choice is remembered.
  bool openLibraryFile(const QString& path, bool create, QString* error = nullptr);
  QString libraryPath() const { return libraryPath_; }

 protected:
  void changeEvent(QEvent* event) override;
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void updateLibraryAlert();
  void createMenus();
  void createHelpAndLibraryActions();
  void createPageActions();
  void updateUndoText();
  void chooseLibrary(bool create);
  // The platform's keys for `key`, or `fallback` where it has none.
  static QList<QKeySequence> standardOr(QKeySequence::StandardKey key, const QKeySequence& fallback);
  void retranslate();
  void showAbout();
  void newScenario();
  void openDialog();
  bool saveAs();
  bool maybeSave();
  void addRecent(const QString& path);
  void updateRecentMenu();
  void updateTitle();
  void scenarioChanged();
  void paintNotices();
  void removeAutosave();
  QByteArray originJson() const;
  QString documentName() const;  // the library entry's name, else the scenario's
  void restoreEdits(const cp::ScenarioFileDocument& edits, const QByteArray& originJson, bool ask);

  ScenarioDocument* document_ = nullptr;
  InputPanel* inputs_ = nullptr;
  QDockWidget* inputDock_ = nullptr;
  QTabWidget* pages_ = nullptr;
  PlanPage* plan_ = nullptr;
  FabricComparisonPage* comparison_ = nullptr;
  TopologyView* topology_ = nullptr;
  LibraryDock* library_ = nullptr;
  QLabel* libraryAlert_ = nullptr;
  QLabel* origin_ = nullptr;
  ComparePage* compare_ = nullptr;
  PlannerPage* planner_ = nullptr;
  QAction* saveToLibraryAction_ = nullptr;
  QTimer* autosave_ = nullptr;
  QMenu* fileMenu_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  QMenu* editMenu_ = nullptr;
  QMenu* viewMenu_ = nullptr;
  QMenu* helpMenu_ = nullptr;
  QAction* newAction_ = nullptr;
  QAction* openAction_ = nullptr;
  QAction* saveAction_ = nullptr;
  QAction* saveAsAction_ = nullptr;
  QAction* quitAction_ = nullptr;
  QAction* undoAction_ = nullptr;
  QAction* redoAction_ = nullptr;
  QAction* aboutAction_ = nullptr;
  QAction* openLibraryAction_ = nullptr;
  QAction* newLibraryAction_ = nullptr;
  QAction* findAction_ = nullptr;
  QAction* guideAction_ = nullptr;
  QAction* shortcutsAction_ = nullptr;
  QMenu* exportMenu_ = nullptr;
  QAction* exportAction_ = nullptr;
  QMenu* pagesMenu_ = nullptr;
  QAction* nextPageAction_ = nullptr;
  QAction* previousPageAction_ = nullptr;
  QList<QAction*> pageActions_;
  QPointer<HelpWindow> help_;
  QString libraryPath_;  // the library file the dock shows
};

}  // namespace cp::ui
