// The scenario library dock: the saved scenarios of the SQLite library (core/store/include/store/scenario_store.h)
// in a sortable table with a search box and a tag filter; save the edited scenario (a new
// revision of the entry it came from), save as a new entry, open, rename, edit tags, duplicate,
// delete, the revision history (open an older revision), and "compare" for two to four rows.
// Rename, tags, duplicate and delete are undoable on the dock's own undo stack (a deleted
// scenario comes back with its whole history; ui/librarycommands.h); the dialogs are in
// ui/librarydialogs.h. The dock is a view: the store, the list model, the operations and the
// banner's state are its LibraryController's (ui/librarycontroller.h). A library that was
// moved aside as damaged, is read-only, or cannot be opened is said so in a banner at the top. Scenarios saved, renamed or
// deleted elsewhere (the command line, a second window) show without a restart: the dock
// watches the library's files (ui/librarywatcher.h) and looks again when the application comes
// back to the front, keeping the selection and the scroll position.
#pragma once

#include <QDockWidget>
#include <QList>
#include <QStringList>
#include <cstdint>

#include "engine/scenario.h"

class QAction;
class QComboBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;
class QToolButton;
class QUndoStack;

namespace cp {
class ScenarioStore;
}

namespace cp::ui {

class LibraryController;
class LibraryWatcher;
class ScenarioDocument;
class ScenarioListModel;

class LibraryDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit LibraryDock(ScenarioDocument* document, QWidget* parent = nullptr);
  ~LibraryDock() override;

  // The library the workbench opens: cp::default_library_path(), the same file the command
  // line's `scenario` commands use by default ($XDG_DATA_HOME/clusterplan/library.sqlite, else
  // ~/.local/share/clusterplan/library.sqlite); empty when neither variable is set.
  static QString defaultLibraryPath();

  // What the dock shows and does: the store, the list, the operations, the banner's state.
  LibraryController* controller() const { return controller_; }

  // Opens (or creates) the library at `path`, replacing the one shown. False when it cannot be
  // opened; the banner then says why, and `message` gets the same text.
  bool openLibrary(const QString& path, QString* message = nullptr);
  cp::ScenarioStore* store() const;
  bool isReadOnly() const;
  QString bannerText() const;  // what the banner says; empty when it is hidden
  QString alertText() const;   // LibraryController::alertText

  ScenarioListModel* model() const;
  QSortFilterProxyModel* proxy() const { return proxy_; }
  QTableView* view() const { return view_; }
  QLineEdit* searchField() const { return search_; }
  QComboBox* tagFilter() const { return tagFilter_; }
  QUndoStack* undoStack() const;
  LibraryWatcher* watcher() const;

  // The library entry the edited scenario came from or was saved to; 0: none.
  std::int64_t currentId() const;
  QList<std::int64_t> selectedIds() const;
  void selectIds(const QList<std::int64_t>& ids);

  // The controller's operations, without dialogs (the buttons ask first, then call these); a
  // scenario saved or duplicated is selected. On failure they return false (or 0) and set `error`.
  std::int64_t saveToLibrary(QString* error = nullptr);  // a new revision of currentId(), or a new entry
  std::int64_t saveAsNew(const QString& name, const QStringList& tags, QString* error = nullptr);
  bool openScenario(std::int64_t id, QString* error = nullptr);
  bool openRevision(std::int64_t id, int revision, QString* error = nullptr);
  bool renameScenario(std::int64_t id, const QString& name, QString* error = nullptr);     // undoable
  bool setTags(std::int64_t id, const QStringList& tags, QString* error = nullptr);        // undoable
  std::int64_t duplicateScenario(std::int64_t id, QString* error = nullptr);              // undoable
  bool deleteScenarios(const QList<std::int64_t>& ids, QString* error = nullptr);         // undoable

  // "a, b ,c" -> {"a", "b", "c"}: trimmed, empty and repeated ones dropped.
  static QStringList parseTags(const QString& text);

  void refresh();  // re-reads the list and the tags, keeping the selection and the scroll position
  // Re-reads the list when the library changed elsewhere (LibraryController::checkForChanges).
  void checkForChanges();

  // Saves the edited scenario back to its library entry as a new revision (with the "Save as"
  // dialog when it has none), as Ctrl+S does. When the entry was changed elsewhere since it was
  // opened, or deleted, it says so and offers to save on top or as a copy. False when nothing
  // was saved (cancelled, or it failed and said why).
  bool saveBack();
  bool saveAsDialog();  // the "Save as" dialog; false when cancelled or failed

 public Q_SLOTS:
  // The dock's buttons (with dialogs).
  void save();
  void saveAs();
  void openSelected();
  void renameSelected();
  void editTagsSelected();
  void duplicateSelected();
  void deleteSelected();
  void showHistory();
  void compareSelected();

 Q_SIGNALS:
  void libraryChanged();  // after anything was saved, renamed, tagged, duplicated, deleted or restored
  void compareRequested(const QList<qint64>& ids);
  // History > "Compare with the edited scenario": this revision beside the edited scenario.
  void compareRevisionRequested(const QString& label, const cp::Scenario& revision);
  // After a save to the library: what was saved, where and as which revision, for the status bar.
  void saved(const QString& message);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void updateActions();
  void updateTags();
  void applyFilter();
  void fail(const QString& title, const QString& error);
  void showBanner();
  void fitColumns();
  void select(const QList<std::int64_t>& ids, bool scroll);
  void keepPlace();     // before a refresh: the selection and the row at the top of the view
  void restorePlace();  // after it

  ScenarioDocument* document_;
  LibraryController* controller_;
  QSortFilterProxyModel* proxy_ = nullptr;
  QTableView* view_ = nullptr;
  QLineEdit* search_ = nullptr;
  QComboBox* tagFilter_ = nullptr;
  QLabel* banner_ = nullptr;
  QLabel* status_ = nullptr;
  QAction* saveAction_ = nullptr;
  QAction* saveAsAction_ = nullptr;
  QAction* openAction_ = nullptr;
  QAction* renameAction_ = nullptr;
  QAction* tagsAction_ = nullptr;
  QAction* duplicateAction_ = nullptr;
  QAction* deleteAction_ = nullptr;
  QAction* historyAction_ = nullptr;
  QAction* compareAction_ = nullptr;
  QAction* undoAction_ = nullptr;
  QAction* redoAction_ = nullptr;
  QList<QToolButton*> buttons_;
  bool userSized_ = false;  // the user resized a column: the widths are the user's from then on
  bool fitting_ = false;    // fitColumns() is at work (its resizes are not the user's)
  // Where the user was before a refresh (keepPlace).
  QList<std::int64_t> keptSelection_;
  std::int64_t keptTop_ = 0;  // the row at the top of the scrolled view; 0: at the very top
  int keptHorizontal_ = 0;
};

}  // namespace cp::ui
