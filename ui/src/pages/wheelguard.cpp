#include "ui/pages/wheelguard.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QScrollBar>
#include <QWidget>

namespace cp::ui {

void WheelGuard::guard(QWidget* w) {
  if (!w) return;
  w->setFocusPolicy(Qt::StrongFocus);
  w->installEventFilter(this);
}

void WheelGuard::guardChildren(QWidget* root) {
  if (!root) return;
  for (QAbstractSpinBox* spin : root->findChildren<QAbstractSpinBox*>()) guard(spin);
  for (QComboBox* combo : root->findChildren<QComboBox*>()) guard(combo);
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() != QEvent::Wheel) return QObject::eventFilter(watched, event);
  auto* w = qobject_cast<QWidget*>(watched);
  if (!w || w->hasFocus()) return QObject::eventFilter(watched, event);
  for (QWidget* p = w->parentWidget(); p; p = p->parentWidget())
    if (auto* area = qobject_cast<QAbstractScrollArea*>(p)) {
      QCoreApplication::sendEvent(area->verticalScrollBar(), event);
      break;
    }
  return true;  // never the unfocused field's
}

}  // namespace cp::ui
