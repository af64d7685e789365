#include "ui/library/librarycommands.h"

#include <algorithm>

namespace cp::ui::library {

std::vector<std::string> toStd(const QStringList& list) {
  std::vector<std::string> out;
  for (const QString& s : list) out.push_back(s.toStdString());
  return out;
}

void saveTags(cp::ScenarioStore& store, std::int64_t id, const QStringList& tags) {
  cp::StoredScenario s;
  if (!store.load(id, s)) throw cp::StoreError("the scenario is no longer in the library");
  s.document.tags = toStd(tags);
  store.save(s.document, s.estimate, id);
}

// --- LibraryCommand ---

void LibraryCommand::undo() {
  QString error;
  if (!guarded(&error, [this] { undoIt(); })) qWarning("library undo failed: %s", qPrintable(error));
  controller_->refresh();
  Q_EMIT controller_->libraryChanged();
}

void LibraryCommand::redo() {
  if (first_) {
    first_ = false;
    return;
  }
  QString error;
  if (!guarded(&error, [this] { redoIt(); })) qWarning("library redo failed: %s", qPrintable(error));
  controller_->refresh();
  Q_EMIT controller_->libraryChanged();
}

// --- Rename, tags, duplicate ---

RenameCommand::RenameCommand(LibraryController* controller, std::shared_ptr<LibraryController::Ref> ref, QString before, QString after)
    : LibraryCommand(controller, LibraryController::tr("Rename “%1” to “%2”").arg(before, after)),
      ref_(std::move(ref)), before_(std::move(before)), after_(std::move(after)) {}

void RenameCommand::undoIt() { store().rename(ref_->id, before_.toStdString()); }
void RenameCommand::redoIt() { store().rename(ref_->id, after_.toStdString()); }

TagsCommand::TagsCommand(LibraryController* controller, std::shared_ptr<LibraryController::Ref> ref, const QString& name,
                         QStringList before, QStringList after)
    : LibraryCommand(controller, LibraryController::tr("Change the tags of “%1”").arg(name)),
      ref_(std::move(ref)), before_(std::move(before)), after_(std::move(after)) {}

void TagsCommand::undoIt() { saveTags(store(), ref_->id, before_); }
void TagsCommand::redoIt() { saveTags(store(), ref_->id, after_); }

DuplicateCommand::DuplicateCommand(LibraryController* controller, std::shared_ptr<LibraryController::Ref> source,
                                   std::shared_ptr<LibraryController::Ref> copy, const QString& name)
    : LibraryCommand(controller, LibraryController::tr("Duplicate “%1”").arg(name)),
      source_(std::move(source)), copy_(std::move(copy)) {}

void DuplicateCommand::undoIt() {
  store().remove(copy_->id);
  controller_->rebind(copy_, 0);
}

void DuplicateCommand::redoIt() { controller_->rebind(copy_, store().duplicate(source_->id)); }

// --- Delete ---

DeleteCommand::DeleteCommand(LibraryController* controller, std::vector<Deleted> deleted, const QString& text)
    : LibraryCommand(controller, text), deleted_(std::move(deleted)) {}

DeleteCommand::Deleted DeleteCommand::capture(LibraryController* controller, cp::ScenarioStore& store, std::int64_t id) {
  Deleted d;
  d.ref = controller->ref(id);
  std::vector<cp::RevisionInfo> history = store.history(id);
  std::reverse(history.begin(), history.end());
  for (const cp::RevisionInfo& info : history) {
    cp::StoredScenario s;
    if (store.load_revision(id, info.revision, s)) d.revisions.push_back(std::move(s));
  }
  cp::StoredScenario latest;
  if (store.load(id, latest)) {
    if (d.revisions.empty()) d.revisions.push_back(latest);
    d.revisions.back().document.tags = latest.document.tags;
  }
  return d;
}

void DeleteCommand::remove(LibraryController* controller, cp::ScenarioStore& store, const std::shared_ptr<LibraryController::Ref>& ref) {
  store.remove(ref->id);
  controller->rebind(ref, 0);
}

void DeleteCommand::undoIt() {
  cp::ScenarioStore::Batch batch(store());
  std::vector<std::int64_t> ids;
  // Each comes back as it was: the same id, revisions and dates.
  for (const Deleted& d : deleted_) ids.push_back(store().restore(d.revisions));
  batch.commit();
  for (std::size_t i = 0; i < deleted_.size(); ++i) controller_->rebind(deleted_[i].ref, ids[i]);
}

void DeleteCommand::redoIt() {
  for (const Deleted& d : deleted_) remove(controller_, store(), d.ref);
}

}  // namespace cp::ui::library
