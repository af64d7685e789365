// The scenario library dock's two dialogs: "Save as" (a name and tags) and a scenario's revision
// history (pick a revision to open). They only ask; the dock does the work.
#pragma once

#include <QDialog>
#include <QString>
#include <QStringList>
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

// Newest first, as ScenarioStore::history gives them; the newest is selected.
class RevisionHistoryDialog : public QDialog {
 public:
  RevisionHistoryDialog(const QString& name, const std::vector<cp::RevisionInfo>& history, QWidget* parent);
  int selectedRevision() const;  // 0: none

 private:
  QTreeWidget* list_;
};

}  // namespace cp::ui
