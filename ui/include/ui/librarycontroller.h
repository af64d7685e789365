// The scenario library without its widgets: the open store, the list model, the undo stack of
// rename, tags, duplicate and delete (ui/librarycommands.h), the operations on the library, the
// state the banner reports (a value: LibraryController::Banner), and the watcher that sees
// saves made elsewhere (ui/librarywatcher.h). The library dock (ui/librarydock.h) is a view of
// it: a table, buttons, dialogs that ask first; tests drive the controller directly
// (tests/ui/tst_library_controller.cpp).
#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <memory>
#include <vector>

class QUndoStack;

namespace cp {
class ScenarioStore;
struct ScenarioFileDocument;
struct RevisionInfo;
}  // namespace cp

namespace cp::ui {

class LibraryWatcher;
class ScenarioDocument;
class ScenarioListModel;

class LibraryController : public QObject {
  Q_OBJECT

 public:
  // What the banner above the list reports. A value: the view words it (text()) in the
  // language of the moment and colours it (error()).
  struct Banner {
    enum class Kind { None, MovedAside, ReadOnly, CannotOpen, Failed };
    Kind kind = Kind::None;
    QString arg;     // the path it names (the library, or where a damaged one went)
    QString detail;  // the store's notices or reason, for the tooltip
    bool error() const { return kind == Kind::CannotOpen || kind == Kind::Failed; }
    QString text() const;  // empty for Kind::None
    bool operator==(const Banner&) const = default;
  };

  explicit LibraryController(ScenarioDocument* document, QObject* parent = nullptr);
  ~LibraryController() override;

  // Opens (or creates) the library at `path`, replacing the one open. False when it cannot be
  // opened; banner() then says why.
  bool openLibrary(const QString& path);
  cp::ScenarioStore* store() const { return store_.get(); }
  QString libraryPath() const { return libraryPath_; }
  bool isReadOnly() const;
  const Banner& banner() const { return banner_; }
  // What must be seen without opening the library tab: the library was moved aside as damaged,
  // or it was refused (with the reason). Empty otherwise (also when it is only read-only).
  QString alertText() const;
  // "Scenarios: N", "Matching scenarios: N" (a search or tag filter), "… · read-only", "No library".
  QString statusText() const;

  ScenarioListModel* model() const { return model_; }
  QUndoStack* undoStack() const { return undo_; }
  LibraryWatcher* watcher() const { return watcher_; }
  // Every tag in use with its number of scenarios, alphabetical; empty without a library.
  QList<QPair<QString, int>> tags() const;

  // The library entry the edited scenario came from or was saved to; 0: none.
  std::int64_t currentId() const;
  QString nameOf(std::int64_t id) const;  // as the list shows it; empty when it is not shown
  QStringList tagsOf(std::int64_t id) const;

  // The operations. On failure they return false (or 0) and set `error` to a sentence for the
  // user. Rename, tags, duplicate and delete are undoable (undoStack()).
  std::int64_t saveToLibrary(QString* error = nullptr);  // a new revision of currentId(), or a new entry
  std::int64_t saveAsNew(const QString& name, const QStringList& tags, QString* error = nullptr);
  bool openScenario(std::int64_t id, QString* error = nullptr);
  bool openRevision(std::int64_t id, int revision, QString* error = nullptr);
  bool renameScenario(std::int64_t id, const QString& name, QString* error = nullptr);
  bool setTags(std::int64_t id, const QStringList& tags, QString* error = nullptr);
  std::int64_t duplicateScenario(std::int64_t id, QString* error = nullptr);
  bool deleteScenarios(const QList<std::int64_t>& ids, QString* error = nullptr);
  // Newest first; false (with `error`) when the store cannot read it.
  bool history(std::int64_t id, std::vector<cp::RevisionInfo>& out, QString* error = nullptr);

  // "a, b ,c" -> {"a", "b", "c"}: trimmed, empty and repeated ones dropped.
  static QStringList parseTags(const QString& text);

  // Re-reads the list (after an operation, an undo, a change elsewhere): aboutToRefresh, the
  // model's rows change in place, then refreshed.
  void refresh();
  // Re-reads the list when the library changed since it was last read (a save, rename or
  // delete elsewhere: the command line, a second window), and then says so (libraryChanged).
  // The watcher calls it, and so does the application when it comes back to the front.
  void checkForChanges();

  // A scenario's identity across undo and redo (a duplicate made again gets a new id; a deleted
  // scenario comes back under its own, ScenarioStore::restore). Used by the undo commands.
  struct Ref {
    std::int64_t id = 0;
  };
  std::shared_ptr<Ref> ref(std::int64_t id);
  void rebind(const std::shared_ptr<Ref>& r, std::int64_t id);

 Q_SIGNALS:
  void aboutToRefresh();  // the view notes its selection and scroll position
  void refreshed();       // the list and the tags were read again
  void bannerChanged();
  void libraryChanged();  // after anything was saved, renamed, tagged, duplicated, deleted or restored, here or elsewhere
  // After a save to the library: what was saved, where and as which revision, for the status bar.
  void saved(const QString& message);

 private:
  void documentReset();
  void loadIntoDocument(const cp::ScenarioFileDocument& entry, std::int64_t id, bool latest);
  std::int64_t saveDocument(cp::ScenarioFileDocument d, std::int64_t id, QString* error);  // save, saveAsNew
  QByteArray listing() const;  // what the list shows, to tell a change elsewhere from none

  ScenarioDocument* document_;
  std::unique_ptr<cp::ScenarioStore> store_;
  ScenarioListModel* model_;
  QUndoStack* undo_;
  LibraryWatcher* watcher_;
  QHash<qint64, std::weak_ptr<Ref>> refs_;
  std::shared_ptr<Ref> current_;  // the entry the document belongs to
  bool loading_ = false;          // the controller itself is resetting the document
  Banner banner_;
  QString libraryPath_;
  QByteArray listed_;  // listing() when the list was last read
};

}  // namespace cp::ui
