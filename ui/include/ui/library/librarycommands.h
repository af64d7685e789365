// The scenario library's undo commands: rename, tags, duplicate and delete. The controller
// (ui/librarycontroller.h) does an operation first and then pushes its command, so the first
// redo() (QUndoStack::push calls it) does nothing; undo and redo then go to the store and
// refresh the controller's list. A deleted scenario
// keeps every revision, and undo saves them again, oldest first, in one transaction.
#pragma once

#include <QString>
#include <QStringList>
#include <QUndoCommand>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "store/scenario_store.h"
#include "ui/library/librarycontroller.h"

namespace cp::ui::library {

inline QString fromStd(const std::string& s) { return QString::fromStdString(s); }
std::vector<std::string> toStd(const QStringList& list);

// Runs a store operation; a StoreError (or any other failure the store reports) becomes `error`.
template <typename F>
bool guarded(QString* error, F&& f) {
  try {
    f();
    return true;
  } catch (const std::exception& e) {
    if (error) *error = fromStd(e.what());
    return false;
  }
}

// A new revision of scenario `id` with these tags (name, notes and scenario unchanged).
void saveTags(cp::ScenarioStore& store, std::int64_t id, const QStringList& tags);

class LibraryCommand : public QUndoCommand {
 public:
  LibraryCommand(LibraryController* controller, const QString& text) : QUndoCommand(text), controller_(controller) {}
  void undo() override;
  void redo() override;

 protected:
  virtual void undoIt() = 0;
  virtual void redoIt() = 0;
  cp::ScenarioStore& store() const { return *controller_->store(); }
  LibraryController* controller_;

 private:
  bool first_ = true;
};

// Rename and tags: a new revision with the old or the new name or tags.
class RenameCommand : public LibraryCommand {
 public:
  RenameCommand(LibraryController* controller, std::shared_ptr<LibraryController::Ref> ref, QString before, QString after);

 protected:
  void undoIt() override;
  void redoIt() override;

 private:
  std::shared_ptr<LibraryController::Ref> ref_;
  QString before_, after_;
};

class TagsCommand : public LibraryCommand {
 public:
  TagsCommand(LibraryController* controller, std::shared_ptr<LibraryController::Ref> ref, const QString& name, QStringList before,
              QStringList after);

 protected:
  void undoIt() override;
  void redoIt() override;

 private:
  std::shared_ptr<LibraryController::Ref> ref_;
  QStringList before_, after_;
};

class DuplicateCommand : public LibraryCommand {
 public:
  DuplicateCommand(LibraryController* controller, std::shared_ptr<LibraryController::Ref> source, std::shared_ptr<LibraryController::Ref> copy,
                   const QString& name);

 protected:
  void undoIt() override;
  void redoIt() override;

 private:
  std::shared_ptr<LibraryController::Ref> source_, copy_;
};

class DeleteCommand : public LibraryCommand {
 public:
  struct Deleted {
    std::shared_ptr<LibraryController::Ref> ref;
    std::vector<cp::StoredScenario> revisions;  // oldest first; the last one has the current tags
  };
  DeleteCommand(LibraryController* controller, std::vector<Deleted> deleted, const QString& text);

  static Deleted capture(LibraryController* controller, cp::ScenarioStore& store, std::int64_t id);
  static void remove(LibraryController* controller, cp::ScenarioStore& store, const std::shared_ptr<LibraryController::Ref>& ref);

 protected:
  void undoIt() override;
  void redoIt() override;

 private:
  std::vector<Deleted> deleted_;
};

}  // namespace cp::ui::library
