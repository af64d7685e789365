// The document: owns the Scenario being edited, its undo stack (one QUndoCommand per edit) and
// the result of the engine for it. Every edit recomputes at once; when the scenario is invalid
// the problems are kept and the last valid result stays available (shown greyed).
#pragma once

#include <QObject>
#include <QString>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/estimate.h"
#include "io/scenario_file.h"
#include "engine/scenario.h"
#include "engine/validate.h"

class QUndoStack;

namespace cp::ui {

class ScenarioDocument : public QObject {
  Q_OBJECT

 public:
  explicit ScenarioDocument(QObject* parent = nullptr);

  const cp::Scenario& scenario() const { return scenario_; }
  QUndoStack* undoStack() const { return undo_; }

  // One undoable edit. `field` is the dotted input name ("parallelism.tp"): consecutive edits of
  // the same field merge into one undo step (a spin box's arrow clicks).
  void edit(const QString& text, const QString& field, const std::function<void(cp::Scenario&)>& change);
  // Names the scenario (undoable); an empty or blank name gives it back its derived name, which
  // follows the scenario (cp::derived_scenario_name).
  void rename(const QString& name);
  // Edits the notes (undoable; consecutive edits merge into one step).
  void editNotes(const QString& notes);
  // Replaces the whole scenario without undo history (open, new, restore).
  void reset(const cp::Scenario& scenario, const QString& fileName = QString());

  // The engine's verdict on the current scenario.
  const std::vector<cp::Problem>& problems() const { return problems_; }
  bool valid() const { return problems_.empty(); }
  // The estimate of the current scenario, or of the last valid one while the current is invalid.
  const std::optional<cp::Estimate>& estimate() const { return estimate_; }
  const cp::Scenario& estimatedScenario() const { return estimated_; }

  // The notes and tags of the scenario file it was opened from (core/scenario_file.h). The
  // notes are edited in the Inputs dock; saving the file again keeps both. reset() clears them.
  const std::string& fileNotes() const { return fileNotes_; }
  const std::vector<std::string>& fileTags() const { return fileTags_; }
  void setFileNotesAndTags(std::string notes, std::vector<std::string> tags);
  void applyNotes(const std::string& notes);  // used by the undo commands
  // The scenario with those notes and tags: what a scenario file holds.
  cp::ScenarioFileDocument fileDocument() const;

  QString fileName() const { return fileName_; }
  void setFileName(const QString& fileName);
  bool isModified() const;
  void setClean();
  // The scenario differs from what was last saved although no edit of this session made it so
  // (restored autosave edits, an older library revision): modified until saved, nothing to undo.
  void markModified();
  // What was last saved or opened (the scenario, its notes and tags), which discarding the
  // edits goes back to; none when not known (after markModified()).
  const std::optional<cp::ScenarioFileDocument>& savedDocument() const { return saved_; }

  // Used by the undo commands.
  void apply(const cp::Scenario& scenario);
  void applyStep(const cp::Scenario& scenario);  // apply(), as an undo or redo of the stack
  // True while an undo or a redo (not a new edit) applies its scenario: the views go back to
  // what they showed then, rather than keep the room of a vanished error as while typing.
  bool isStepping() const { return stepping_; }

 Q_SIGNALS:
  void scenarioChanged();    // after every edit, undo, redo or reset; the result is up to date
  void fileNameChanged();
  void notesChanged();
  void modifiedChanged(bool modified);

 private:
  void recompute();

  cp::Scenario scenario_;
  cp::Scenario estimated_;  // the scenario the estimate belongs to
  std::optional<cp::Estimate> estimate_;
  std::vector<cp::Problem> problems_;
  QUndoStack* undo_ = nullptr;
  QString fileName_;
  std::string fileNotes_;
  std::vector<std::string> fileTags_;
  std::optional<cp::ScenarioFileDocument> saved_;
  bool pushing_ = false;   // a new edit goes onto the undo stack (its first redo)
  bool stepping_ = false;  // see isStepping()
};

}  // namespace cp::ui
