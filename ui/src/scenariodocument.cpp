#include "ui/scenariodocument.h"

#include <QHash>
#include <QScopedValueRollback>
#include <QUndoCommand>
#include <QUndoStack>

namespace cp::ui {
namespace {

// Command ids for merging: one per field name, assigned on first use.
int mergeId(const QString& field) {
  static QHash<QString, int> ids;
  if (field.isEmpty()) return -1;
  auto it = ids.find(field);
  if (it == ids.end()) it = ids.insert(field, 1000 + int(ids.size()));
  return it.value();
}

class EditCommand : public QUndoCommand {
 public:
  EditCommand(ScenarioDocument* doc, const QString& text, const QString& field, cp::Scenario before,
              cp::Scenario after)
      : QUndoCommand(text), doc_(doc), id_(mergeId(field)), before_(std::move(before)), after_(std::move(after)) {}

  void undo() override { doc_->applyStep(before_); }
  void redo() override { doc_->applyStep(after_); }
  int id() const override { return id_; }
  bool mergeWith(const QUndoCommand* other) override {
    if (other->id() != id_) return false;
    after_ = static_cast<const EditCommand*>(other)->after_;
    return true;
  }

 private:
  ScenarioDocument* doc_;
  int id_;
  cp::Scenario before_, after_;
};

class NotesCommand : public QUndoCommand {
 public:
  NotesCommand(ScenarioDocument* doc, const QString& text, std::string before, std::string after)
      : QUndoCommand(text), doc_(doc), before_(std::move(before)), after_(std::move(after)) {}

  void undo() override { doc_->applyNotes(before_); }
  void redo() override { doc_->applyNotes(after_); }
  int id() const override { return mergeId(QStringLiteral("notes")); }
  bool mergeWith(const QUndoCommand* other) override {
    if (other->id() != id()) return false;
    after_ = static_cast<const NotesCommand*>(other)->after_;
    return true;
  }

 private:
  ScenarioDocument* doc_;
  std::string before_, after_;
};

}  // namespace

ScenarioDocument::ScenarioDocument(QObject* parent) : QObject(parent), undo_(new QUndoStack(this)) {
  scenario_ = cp::default_scenario();
  recompute();
  connect(undo_, &QUndoStack::cleanChanged, this, [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

void ScenarioDocument::edit(const QString& text, const QString& field,
                            const std::function<void(cp::Scenario&)>& change) {
  cp::Scenario after = scenario_;
  change(after);
  cp::refresh_derived_name(after);  // an unnamed scenario's name follows the edit
  const QScopedValueRollback<bool> pushing(pushing_, true);  // the push's redo() is this edit
  undo_->push(new EditCommand(this, text, field, scenario_, std::move(after)));
}

void ScenarioDocument::rename(const QString& name) {
  const bool unname = name.trimmed().isEmpty();
  if (unname ? cp::name_is_derived(scenario_) : scenario_.name == name.toStdString()) return;
  edit(tr("Rename the scenario"), QStringLiteral("name"), [unname, name](cp::Scenario& s) {
    if (unname) cp::refresh_derived_name(s, true);
    else s.name = name.toStdString();
  });
}

void ScenarioDocument::editNotes(const QString& notes) {
  const std::string after = notes.toStdString();
  if (after == fileNotes_) return;
  undo_->push(new NotesCommand(this, tr("Edit the notes"), fileNotes_, after));
}

void ScenarioDocument::applyNotes(const std::string& notes) {
  fileNotes_ = notes;
  Q_EMIT notesChanged();
}

void ScenarioDocument::reset(const cp::Scenario& scenario, const QString& fileName) {
  undo_->clear();
  fileName_ = fileName;
  fileNotes_.clear();
  fileTags_.clear();
  estimate_.reset();  // another scenario: its predecessor's result is no "last valid" result of it
  cp::Scenario s = scenario;
  cp::refresh_derived_name(s);
  apply(s);
  saved_ = fileDocument();
  Q_EMIT notesChanged();
  Q_EMIT fileNameChanged();
  Q_EMIT modifiedChanged(false);
}

void ScenarioDocument::setFileNotesAndTags(std::string notes, std::vector<std::string> tags) {
  fileNotes_ = std::move(notes);
  fileTags_ = std::move(tags);
  if (saved_ && !isModified()) saved_ = fileDocument();  // what was opened came with these
  Q_EMIT notesChanged();
}

cp::ScenarioFileDocument ScenarioDocument::fileDocument() const {
  cp::ScenarioFileDocument d;
  d.scenario = scenario_;
  d.notes = fileNotes_;
  d.tags = fileTags_;
  return d;
}

void ScenarioDocument::apply(const cp::Scenario& scenario) {
  scenario_ = scenario;
  recompute();
  Q_EMIT scenarioChanged();
}

void ScenarioDocument::applyStep(const cp::Scenario& scenario) {
  const QScopedValueRollback<bool> stepping(stepping_, !pushing_);
  apply(scenario);
}

void ScenarioDocument::setFileName(const QString& fileName) {
  fileName_ = fileName;
  Q_EMIT fileNameChanged();
}

bool ScenarioDocument::isModified() const { return !undo_->isClean(); }

void ScenarioDocument::setClean() {
  undo_->setClean();
  saved_ = fileDocument();
}

// No clean state on the stack (index -1): undo and redo cannot reach "saved" until setClean().
void ScenarioDocument::markModified() {
  undo_->resetClean();
  saved_.reset();
}

void ScenarioDocument::recompute() {
  problems_ = cp::validate(scenario_);
  if (!problems_.empty()) return;  // keep the last valid estimate
  estimate_ = cp::estimate(scenario_);
  estimated_ = scenario_;
}

}  // namespace cp::ui
