// Answering the file dialogs the GUI under test opens (Qt Test; the offscreen and xcb platforms
// have no native dialog, so QFileDialog's static functions show a QFileDialog widget).
#pragma once

#include <QApplication>
#include <QFileDialog>
#include <QObject>
#include <QTimer>
#include <QWidget>

namespace cp::test {

// Chooses `path` in the next file dialog that shows. Call it before the action that asks.
inline void answerFileDialog(const QString& path) {
  auto* timer = new QTimer(qApp);
  timer->setInterval(10);
  QObject::connect(timer, &QTimer::timeout, timer, [timer, path] {
    for (QWidget* top : QApplication::topLevelWidgets()) {
      auto* dialog = qobject_cast<QFileDialog*>(top);
      if (!dialog || !dialog->isVisible()) continue;
      timer->stop();
      timer->deleteLater();
      dialog->selectFile(path);
      static_cast<QDialog*>(dialog)->accept();  // QFileDialog::accept, protected there
      return;
    }
  });
  timer->start();
}

}  // namespace cp::test
