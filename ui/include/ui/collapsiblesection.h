// A titled section of the input panel that folds away: a header button with an arrow and a body
// with a form layout.
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
  bool isExpanded() const;
  void setExpanded(bool expanded);

 private:
  QToolButton* header_ = nullptr;
  QWidget* body_ = nullptr;
  QFormLayout* form_ = nullptr;
};

}  // namespace cp::ui
