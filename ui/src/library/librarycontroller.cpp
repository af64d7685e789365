#include "ui/library/librarycontroller.h"

#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QUndoStack>

#include "io/scenario_json.h"
#include "store/scenario_store.h"
#include "ui/text/enginetext.h"
#include "ui/library/librarycommands.h"
#include "ui/library/librarywatcher.h"
#include "ui/scenariodocument.h"
#include "ui/library/scenariolistmodel.h"

namespace cp::ui {
namespace {

using library::DeleteCommand;
using library::DuplicateCommand;
using library::fromStd;
using library::guarded;
using library::RenameCommand;
using library::TagsCommand;
using library::toStd;

// The estimate JSON the document shows, for the revision's snapshot; null while it is invalid.
// A save writes the estimate it has and runs none (cost.ib_vs_roce is null in snapshots).
nlohmann::json snapshotOf(const ScenarioDocument& d) {
  if (!d.valid() || !d.estimate()) return nullptr;
  return cp::estimate_to_json(d.estimatedScenario(), *d.estimate());
}

}  // namespace

QString LibraryController::Banner::text() const {
  switch (kind) {
    case Kind::None: return {};
    case Kind::MovedAside:
      return LibraryController::tr("The scenario library was damaged. It was moved aside, not deleted, to %1, and a new, empty "
                "library was started.").arg(arg);
    case Kind::ReadOnly:
      return LibraryController::tr("The scenario library %1 is open read-only: scenarios can be opened and compared but not saved, "
                "renamed or deleted.").arg(arg);
    case Kind::CannotOpen: return LibraryController::tr("The scenario library %1 cannot be opened. Nothing in it was changed.").arg(arg);
    case Kind::Failed: return LibraryController::tr("The scenario library cannot be read.");
  }
  return {};
}

LibraryController::LibraryController(ScenarioDocument* document, QObject* parent)
    : QObject(parent),
      document_(document),
      model_(new ScenarioListModel(this)),
      undo_(new QUndoStack(this)),
      watcher_(new LibraryWatcher(this)) {
  connect(document_, &ScenarioDocument::fileNameChanged, this, &LibraryController::documentReset);
  // Saves elsewhere (the command line, a second window): seen when the files change, and when
  // the user comes back to the application (a network file system may not report changes).
  connect(watcher_, &LibraryWatcher::changed, this, &LibraryController::checkForChanges);
  if (auto* app = qobject_cast<QGuiApplication*>(QCoreApplication::instance()))  // none in a widget-free test
    connect(app, &QGuiApplication::applicationStateChanged, this, [this](Qt::ApplicationState state) {
      if (state == Qt::ApplicationActive) checkForChanges();
    });
}

LibraryController::~LibraryController() {
  // The commands hold references into the store: drop them first.
  undo_->clear();
  model_->setStore(nullptr);
}

bool LibraryController::openLibrary(const QString& path) {
  undo_->clear();
  model_->setStore(nullptr);
  watcher_->setPath(QString());
  store_.reset();
  listed_.clear();
  const bool hadCurrent = current_ != nullptr;
  current_.reset();
  revision_ = newest_ = 0;
  refs_.clear();
  libraryPath_ = QFileInfo(path).absoluteFilePath();
  banner_ = Banner();
  QDir().mkpath(QFileInfo(libraryPath_).absolutePath());
  try {
    if (path.isEmpty()) throw cp::StoreError("no library path given, and neither XDG_DATA_HOME nor HOME is set");
    store_ = std::make_unique<cp::ScenarioStore>(libraryPath_.toStdString());
  } catch (const std::exception& e) {
    banner_.kind = Banner::Kind::CannotOpen;
    banner_.arg = QDir::toNativeSeparators(libraryPath_);
    banner_.detail = fromStd(e.what());
  }
  if (store_) {
    const cp::OpenReport& report = store_->report();
    QStringList notices;
    for (const std::string& n : report.notices) notices << fromStd(n);
    banner_.detail = notices.join(QLatin1Char('\n'));
    if (!report.moved_aside_to.empty()) {
      banner_.kind = Banner::Kind::MovedAside;
      banner_.arg = QDir::toNativeSeparators(fromStd(report.moved_aside_to));
    } else if (report.read_only) {
      banner_.kind = Banner::Kind::ReadOnly;
      banner_.arg = QDir::toNativeSeparators(libraryPath_);
    }
  }
  Q_EMIT aboutToRefresh();
  listed_ = listing();
  model_->setStore(store_.get());
  if (store_) watcher_->setPath(libraryPath_);
  Q_EMIT refreshed();
  Q_EMIT bannerChanged();
  Q_EMIT libraryChanged();
  if (hadCurrent) Q_EMIT currentChanged();
  return store_ != nullptr;
}

bool LibraryController::isReadOnly() const { return !store_ || store_->read_only(); }

QString LibraryController::alertText() const {
  if (banner_.kind == Banner::Kind::CannotOpen && !banner_.detail.isEmpty())
    return banner_.text() + QLatin1Char(' ') + banner_.detail;  // the reason: e.g. another program has it open
  return banner_.kind == Banner::Kind::MovedAside || banner_.kind == Banner::Kind::CannotOpen ? banner_.text()
                                                                                              : QString();
}

QString LibraryController::statusText() const {
  if (!store_) return tr("No library");
  const int shown = model_->rowCount();
  QString text = model_->search().isEmpty() && model_->tag().isEmpty() ? tr("Scenarios: %1").arg(shown)
                                                                       : tr("Matching scenarios: %1").arg(shown);
  if (const int unreadable = model_->unreadableCount(); unreadable > 0)
    text = tr("%1 · %n cannot be read (see its tooltip)", nullptr, unreadable).arg(text);
  if (store_->read_only()) text = tr("%1 · read-only").arg(text);
  return text;
}

QList<QPair<QString, int>> LibraryController::tags() const {
  QList<QPair<QString, int>> out;
  if (!store_) return out;
  std::vector<cp::TagCount> tags;
  if (guarded(nullptr, [&] { tags = store_->tags(); }))
    for (const cp::TagCount& t : tags) out.append({fromStd(t.tag), t.scenarios});
  return out;
}

std::int64_t LibraryController::currentId() const { return current_ ? current_->id : 0; }

QString LibraryController::nameOf(std::int64_t id) const { return model_->nameOf(id); }

QStringList LibraryController::tagsOf(std::int64_t id) const {
  const int row = model_->rowOf(id);
  return row < 0 ? QStringList() : model_->index(row, 0).data(ScenarioListModel::TagsRole).toStringList();
}

std::shared_ptr<LibraryController::Ref> LibraryController::ref(std::int64_t id) {
  if (auto it = refs_.find(qint64(id)); it != refs_.end())
    if (std::shared_ptr<Ref> r = it->lock(); r && r->id == id) return r;
  auto r = std::make_shared<Ref>();
  r->id = id;
  refs_.insert(qint64(id), r);
  return r;
}

void LibraryController::rebind(const std::shared_ptr<Ref>& r, std::int64_t id) {
  if (auto it = refs_.find(qint64(r->id)); it != refs_.end() && it->lock() == r) refs_.erase(it);
  r->id = id;
  if (id != 0) refs_.insert(qint64(id), r);
}

QByteArray LibraryController::listing() const {
  QByteArray out;
  if (!store_) return out;
  std::vector<cp::ScenarioSummary> list;
  if (!guarded(nullptr, [&] { list = store_->list(); })) return QByteArrayLiteral("error");
  for (const cp::ScenarioSummary& s : list) {
    out += QByteArray::number(qint64(s.id)) + ':' + QByteArray::number(s.revision) + ':' +
           QByteArray::fromStdString(s.updated_at) + ':' + QByteArray::fromStdString(s.name);
    for (const std::string& t : s.tags) out += '\x1f' + QByteArray::fromStdString(t);
    out += '\n';
  }
  return out;
}

void LibraryController::checkForChanges() {
  if (!store_) return;
  if (listing() == listed_) return;  // nothing changed (or the change was the controller's own)
  refresh();
  Q_EMIT libraryChanged();
}

void LibraryController::refresh() {
  Q_EMIT aboutToRefresh();
  listed_ = listing();  // first: a save elsewhere while the model reads is seen by the next check
  model_->refresh();
  const Banner before = banner_;
  if (!model_->lastError().isEmpty()) {
    banner_.kind = Banner::Kind::Failed;
    banner_.detail = model_->lastError();
  } else if (banner_.kind == Banner::Kind::Failed) {
    banner_ = Banner();
  }
  Q_EMIT refreshed();
  if (!(banner_ == before)) Q_EMIT bannerChanged();
}

void LibraryController::documentReset() {
  // The document got another scenario (new, open, drop, restore) or a file: it no longer
  // belongs to the library entry it came from. The controller's own loads set `loading_`.
  if (loading_ || !current_) return;
  current_.reset();
  revision_ = newest_ = 0;
  Q_EMIT currentChanged();
}

void LibraryController::setCurrent(std::int64_t id, int revision, int newest) {
  current_ = ref(id);
  revision_ = revision;
  newest_ = std::max(revision, newest);
  Q_EMIT currentChanged();
}

void LibraryController::loadIntoDocument(const cp::ScenarioFileDocument& entry, std::int64_t id, int revision,
                                         int newest) {
  loading_ = true;
  document_->reset(entry.scenario);
  document_->setFileNotesAndTags(entry.notes, entry.tags);  // the notes are edited in the Inputs dock
  loading_ = false;
  setCurrent(id, revision, newest);
  // An older revision is an unsaved change of the entry: saving it makes it the newest again.
  if (revision < newest) document_->markModified();
}

namespace {

// What a revision holds that a save would replace: the scenario and its notes, without the
// entry's name and tags (a rename or a tag edit makes a revision too, and changes no plan).
std::string contentOf(cp::ScenarioFileDocument d) {
  d.scenario.name.clear();
  d.scenario.derived_name.clear();
  d.tags.clear();
  return cp::scenario_file_text(d);
}

}  // namespace

LibraryController::SaveCheck LibraryController::checkSave() const {
  SaveCheck check;
  const std::int64_t id = currentId();
  if (!store_ || id == 0) return check;
  std::vector<cp::RevisionInfo> history;
  if (!guarded(nullptr, [&] { history = store_->history(id); })) return check;  // the save will say why
  if (history.empty()) {
    check.kind = SaveCheck::Kind::Gone;
    return check;
  }
  const cp::RevisionInfo& newest = history.front();
  if (newest.revision == newest_) return check;
  // Newer revisions were saved elsewhere: a conflict unless they only renamed or tagged it.
  cp::StoredScenario now, then;
  bool same = false;
  guarded(nullptr, [&] {
    same = store_->load_revision(id, newest.revision, now) && store_->load_revision(id, newest_, then) &&
           contentOf(now.document) == contentOf(then.document);
  });
  if (same) return check;
  check.kind = SaveCheck::Kind::ChangedElsewhere;
  check.newest = newest.revision;
  check.savedAt = fromStd(newest.saved_at);
  return check;
}

QString LibraryController::savedAt(std::int64_t id, int revision) const {
  std::vector<cp::RevisionInfo> history;
  if (!store_ || id <= 0 || !guarded(nullptr, [&] { history = store_->history(id); })) return {};
  for (const cp::RevisionInfo& r : history)
    if (r.revision == revision) return fromStd(r.saved_at);
  return {};
}

bool LibraryController::adopt(std::int64_t id, int revision, int newest, const QString& savedAt, QString* error) {
  std::vector<cp::RevisionInfo> history;
  if (store_ && id > 0 && !guarded(error, [&] { history = store_->history(id); })) return false;
  // The same entry: it has the revision, saved when it was (not a later entry under a reused id).
  const bool same = !history.empty() && (savedAt.isEmpty() || this->savedAt(id, revision) == savedAt);
  if (!same) {
    if (error) *error = tr("The scenario is no longer in the library.");
    return false;
  }
  setCurrent(id, revision > 0 ? revision : history.front().revision, newest > 0 ? newest : history.front().revision);
  return true;
}

std::int64_t LibraryController::saveDocument(cp::ScenarioFileDocument d, std::int64_t id, QString* error) {
  std::int64_t savedId = 0;
  int revision = 0;
  const bool ok = guarded(error, [&] {
    if (id != 0) {
      // The entry keeps its name (renamed in the library) and tags; the scenario and its notes
      // (edited in the Inputs dock) are the document's.
      cp::StoredScenario old;
      if (store_->load(id, old)) {
        d.scenario.name = old.document.scenario.name;
        d.scenario.derived_name = old.document.scenario.derived_name;
        d.tags = old.document.tags;
      }
    }
    savedId = store_->save(d, snapshotOf(*document_), id, revision);
  });
  if (!ok) return 0;
  loading_ = true;
  document_->setFileName(QString());  // the document is the library entry now, not a file
  loading_ = false;
  setCurrent(id == 0 ? savedId : id, revision, revision);
  document_->setClean();
  refresh();
  Q_EMIT saved(tr("Saved “%1” to the library %2 (revision %3)")
                   .arg(scenarioDisplayName(d.scenario), QDir::toNativeSeparators(libraryPath_))
                   .arg(revision));
  Q_EMIT libraryChanged();
  return savedId;
}

std::int64_t LibraryController::saveToLibrary(QString* error) {
  if (!store_) {
    if (error) *error = tr("No library is open.");
    return 0;
  }
  cp::ScenarioFileDocument d;
  d.scenario = document_->scenario();
  d.notes = document_->fileNotes();
  return saveDocument(std::move(d), currentId(), error);
}

std::int64_t LibraryController::saveAsNew(const QString& name, const QStringList& tags, QString* error) {
  if (!store_) {
    if (error) *error = tr("No library is open.");
    return 0;
  }
  cp::ScenarioFileDocument d;
  d.scenario = document_->scenario();
  // The name proposed for an unnamed scenario is its derived name in the GUI's language: kept
  // as it is, it stays derived (the file keeps the engine's English name, which follows edits).
  if (!(cp::name_is_derived(d.scenario) && name.trimmed() == scenarioDisplayName(d.scenario)))
    d.scenario.name = name.trimmed().toStdString();
  d.tags = toStd(tags);
  d.notes = document_->fileNotes();
  return saveDocument(std::move(d), 0, error);
}

bool LibraryController::openScenario(std::int64_t id, QString* error) {
  if (!store_) return false;
  cp::StoredScenario s;
  bool found = false;
  if (!guarded(error, [&] { found = store_->load(id, s); })) return false;
  if (!found) {
    if (error) *error = tr("The scenario is no longer in the library.");
    return false;
  }
  loadIntoDocument(s.document, id, s.revision, s.revision);
  return true;
}

bool LibraryController::openRevision(std::int64_t id, int revision, QString* error) {
  if (!store_) return false;
  cp::StoredScenario s;
  bool found = false;
  if (!guarded(error, [&] { found = store_->load_revision(id, revision, s); })) return false;
  if (!found) {
    if (error) *error = tr("There is no revision %1 of this scenario.").arg(revision);
    return false;
  }
  int latest = 0;
  guarded(nullptr, [&] {
    const auto h = store_->history(id);
    if (!h.empty()) latest = h.front().revision;
  });
  loadIntoDocument(s.document, id, revision, latest);
  return true;
}

bool LibraryController::renameScenario(std::int64_t id, const QString& name, QString* error) {
  if (!store_) return false;
  const QString before = model_->nameOf(id);
  const QString after = name.trimmed();
  if (after.isEmpty()) {
    if (error) *error = tr("A scenario needs a name.");
    return false;
  }
  bool found = false;
  if (!guarded(error, [&] { found = store_->rename(id, after.toStdString()); })) return false;
  if (!found) {
    if (error) *error = tr("The scenario is no longer in the library.");
    return false;
  }
  undo_->push(new RenameCommand(this, ref(id), before, after));
  refresh();
  Q_EMIT libraryChanged();
  return true;
}

bool LibraryController::setTags(std::int64_t id, const QStringList& tags, QString* error) {
  if (!store_) return false;
  const QStringList before = tagsOf(id);
  if (!guarded(error, [&] { library::saveTags(*store_, id, tags); })) return false;
  undo_->push(new TagsCommand(this, ref(id), model_->nameOf(id), before, tags));
  refresh();
  Q_EMIT libraryChanged();
  return true;
}

std::int64_t LibraryController::duplicateScenario(std::int64_t id, QString* error) {
  if (!store_) return 0;
  std::int64_t copy = 0;
  if (!guarded(error, [&] { copy = store_->duplicate(id); })) return 0;
  if (copy == 0) {
    if (error) *error = tr("The scenario is no longer in the library.");
    return 0;
  }
  undo_->push(new DuplicateCommand(this, ref(id), ref(copy), model_->nameOf(id)));
  refresh();
  Q_EMIT libraryChanged();
  return copy;
}

bool LibraryController::deleteScenarios(const QList<std::int64_t>& ids, QString* error) {
  if (!store_ || ids.isEmpty()) return false;
  std::vector<DeleteCommand::Deleted> deleted;
  const QString text = ids.size() == 1 ? tr("Delete “%1”").arg(model_->nameOf(ids.front()))
                                       : tr("Delete %1 scenarios").arg(ids.size());
  const bool ok = guarded(error, [&] {
    for (std::int64_t id : ids) deleted.push_back(DeleteCommand::capture(this, *store_, id));
    for (const DeleteCommand::Deleted& d : deleted) DeleteCommand::remove(this, *store_, d.ref);
  });
  if (!deleted.empty()) undo_->push(new DeleteCommand(this, std::move(deleted), text));
  refresh();
  Q_EMIT libraryChanged();
  return ok;
}

bool LibraryController::history(std::int64_t id, std::vector<cp::RevisionInfo>& out, QString* error) {
  if (!store_) {
    if (error) *error = tr("No library is open.");
    return false;
  }
  return guarded(error, [&] { out = store_->history(id); });
}

bool LibraryController::loadRevision(std::int64_t id, int revision, cp::StoredScenario& out, QString* error) {
  if (!store_) {
    if (error) *error = tr("No library is open.");
    return false;
  }
  bool found = false;
  if (!guarded(error, [&] { found = store_->load_revision(id, revision, out); })) return false;
  if (!found && error) *error = tr("There is no revision %1 of this scenario.").arg(revision);
  return found;
}

bool LibraryController::choices(QList<Choice>& out) const {
  out.clear();
  if (!store_) return false;
  std::vector<cp::ScenarioSummary> list;
  if (!guarded(nullptr, [&] { list = store_->list(); })) return false;
  for (const cp::ScenarioSummary& s : list) {
    cp::StoredScenario stored;
    bool loaded = false;
    // One that cannot be read keeps its stored name; loading it for use says what is wrong.
    guarded(nullptr, [&] { loaded = store_->load(s.id, stored); });
    out.append({s.id, loaded ? scenarioDisplayName(stored.document.scenario) : fromStd(s.name)});
  }
  return true;
}

bool LibraryController::loadScenario(std::int64_t id, cp::Scenario& out, QString* error) const {
  if (error) error->clear();
  if (!store_) return false;
  cp::StoredScenario stored;
  bool found = false;
  if (!guarded(error, [&] { found = store_->load(id, stored); })) return false;
  if (found) out = stored.document.scenario;
  return found;
}

QStringList LibraryController::parseTags(const QString& text) {
  QStringList tags;
  for (const QString& part : text.split(QLatin1Char(','))) {
    const QString t = part.trimmed();
    if (!t.isEmpty() && !tags.contains(t)) tags << t;
  }
  return tags;
}

}  // namespace cp::ui
