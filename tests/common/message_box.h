// Answering the modal questions the GUI under test asks (Qt Test, any QPA platform).
#pragma once

#include <QAbstractButton>
#include <QApplication>
#include <QMessageBox>
#include <QObject>
#include <QTimer>
#include <QWidget>

namespace cp::test {

// Clicks `button` of the next message box that shows (a modal question asked by the code
// under test). Call it before the action that asks.
inline void answerMessageBox(QMessageBox::StandardButton button) {
  auto* timer = new QTimer(qApp);
  timer->setInterval(10);
  QObject::connect(timer, &QTimer::timeout, timer, [timer, button] {
    for (QWidget* top : QApplication::topLevelWidgets()) {
      auto* box = qobject_cast<QMessageBox*>(top);
      if (!box || !box->isVisible() || !box->button(button)) continue;
      timer->stop();
      timer->deleteLater();
      box->button(button)->click();
      return;
    }
  });
  timer->start();
}

}  // namespace cp::test
