// The scenario library dock's two dialogs: "Save as" (a name and tags) and a scenario's revision
// history (pick a revision to open). They only ask; the dock does the work.
#pragma once

#include <QDialog>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "store/scenario_store.h"

class QLineEdit;
class QTreeWidget;

namespace cp::ui {

class SaveAsDialog : public QDialog {
 public:
  SaveAsDialog(const QString& name, const QStringList& tags, QWidget* parent);
  QString name() const;
  QStringList tags() const;  // parsed as LibraryDock::parseTags does

 private:
  QLineEdit* name_;
  QLineEdit* tags_;
};

// A scenario's revisions, newest first as ScenarioStore::history gives them, each with what
// changed from the one before it ("Nodes 32 → 16, PP 4 → 2", from the scenario file's keys,
// named as the Inputs dock names them) and the key figures of its snapshot (tokens/s, cost per
// month). The newest is selected. "Open this revision" accepts it; "Compare with the edited
// scenario" accepts it with compareRequested().
class RevisionHistoryDialog : public QDialog {
 public:
  struct Revision {
    cp::RevisionInfo info;
    std::optional<cp::StoredScenario> stored;  // none: it cannot be read (`error` says why)
    QString error;
  };
  RevisionHistoryDialog(const QString& name, const std::vector<Revision>& revisions, QWidget* parent);
  int selectedRevision() const;  // 0: none
  bool compareRequested() const { return compare_; }
  QTreeWidget* list() const { return list_; }

  // What changed from `older` to `newer`, for the history: each changed input as "LABEL OLD →
  // NEW" (the short name of a parallel degree: "PP 4 → 2"), the notes, the name; "no change".
  static QString changes(const cp::ScenarioFileDocument& older, const cp::ScenarioFileDocument& newer);

  enum Column { RevisionColumn, NameColumn, SavedColumn, ChangesColumn, TokensColumn, CostColumn, EngineColumn };

 private:
  QTreeWidget* list_;
  bool compare_ = false;
};

}  // namespace cp::ui
