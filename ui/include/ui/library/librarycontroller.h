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
struct Scenario;
struct ScenarioFileDocument;
struct RevisionInfo;
struct StoredScenario;
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
  // The revision of currentId() the document holds (the one opened, saved or restored), and the
  // entry's newest revision at that moment: newer when an old revision was opened. 0: no entry.
  int currentRevision() const { return currentId() != 0 ? revision_ : 0; }
  int newestRevision() const { return currentId() != 0 ? newest_ : 0; }
  bool isOldRevision() const { return currentRevision() < newestRevision(); }

  // Whether saveToLibrary() may add a revision to currentId() without losing anything: the
  // entry may have been changed (a newer revision with another scenario or notes, saved by the
  // command line or a second window) or deleted since the document was opened or saved. A
  // newer revision that only renamed or tagged the entry is no conflict.
  struct SaveCheck {
    enum class Kind { Ok, ChangedElsewhere, Gone };
    Kind kind = Kind::Ok;
    int newest = 0;     // ChangedElsewhere: the entry's newest revision now
    QString savedAt;    // and when it was saved (ISO 8601, UTC)
  };
  SaveCheck checkSave() const;
  // When revision `revision` of entry `id` was saved (ISO 8601, UTC); empty when there is none.
  // With the id it tells the entry from a later one that got the id of a deleted one.
  QString savedAt(std::int64_t id, int revision) const;
  // The document, just given edits restored after a crash, belongs to entry `id`: it was
  // opened at `revision` (saved at `savedAt`, when given) when `newest` was the newest. False
  // (and `error` says so) when the library holds no such entry; the document then belongs to none.
  bool adopt(std::int64_t id, int revision, int newest, const QString& savedAt = QString(), QString* error = nullptr);
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
  // The revision as stored (scenario, notes, snapshot); false with the store's reason when it
  // cannot be read (a damaged revision) or there is none.
  bool loadRevision(std::int64_t id, int revision, cp::StoredScenario& out, QString* error = nullptr);

  // For the pages, which reach the library through the controller only (the comparison picks
  // its scenarios here). Every entry as the store lists it, each by the name the GUI shows (an
  // unnamed one's derived name, in the language of the moment; an unreadable one's stored name).
  // False when no library is open or its list cannot be read: unreadable is not gone.
  struct Choice {
    std::int64_t id = 0;
    QString name;
  };
  bool choices(QList<Choice>& out) const;
  // The scenario of entry `id`'s newest revision. False with `error` empty when the library holds
  // no such entry (it was deleted); false with the store's reason when it cannot be read.
  bool loadScenario(std::int64_t id, cp::Scenario& out, QString* error = nullptr) const;

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
  // The document's entry or revision changed (an open, a save, a restore; another scenario).
  void currentChanged();

 private:
  void setCurrent(std::int64_t id, int revision, int newest);
  void documentReset();
  void loadIntoDocument(const cp::ScenarioFileDocument& entry, std::int64_t id, int revision, int newest);
  std::int64_t saveDocument(cp::ScenarioFileDocument d, std::int64_t id, QString* error);  // save, saveAsNew
  QByteArray listing() const;  // what the list shows, to tell a change elsewhere from none

  ScenarioDocument* document_;
  std::unique_ptr<cp::ScenarioStore> store_;
  ScenarioListModel* model_;
  QUndoStack* undo_;
  LibraryWatcher* watcher_;
  QHash<qint64, std::weak_ptr<Ref>> refs_;
  std::shared_ptr<Ref> current_;  // the entry the document belongs to
  int revision_ = 0;              // see currentRevision()
  int newest_ = 0;                // see newestRevision()
  bool loading_ = false;          // the controller itself is resetting the document
  Banner banner_;
  QString libraryPath_;
  QByteArray listed_;  // listing() when the list was last read
};

}  // namespace cp::ui
