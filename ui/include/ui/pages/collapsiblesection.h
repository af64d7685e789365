// A titled section of the input panel that folds away: a header button with an arrow and a body
// with a form layout; rememberAs() keeps its open or folded state between runs.
#pragma once

#include <QWidget>

class QFormLayout;
class QToolButton;

namespace cp::ui {

class CollapsibleSection : public QWidget {
  Q_OBJECT

 public:
  explicit CollapsibleSection(const QString& title, bool expanded = true, QWidget* parent = nullptr);

  QFormLayout* form() const { return form_; }
  QString title() const;
  void setTitle(const QString& title);  // e.g. on a change of language
  bool isExpanded() const;
  void setExpanded(bool expanded);
  // Remembers whether the section is open between runs, in QSettings under
  // "sections/<key>/expanded": restores the stored state now and stores
  // every change from here on.
  void rememberAs(const QString& key);
  QString settingsKey() const { return key_; }

 private:
  QToolButton* header_ = nullptr;
  QWidget* body_ = nullptr;
  QFormLayout* form_ = nullptr;
  QString key_;  // empty: not remembered
};

}  // namespace cp::ui
