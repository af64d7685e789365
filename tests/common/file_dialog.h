// Answering the file dialogs the GUI under test opens (Qt Test; the offscreen and xcb platforms
// have no native dialog, so QFileDialog's static functions show a QFileDialog widget).
#pragma once

#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QObject>
#include <QTimer>
#include <QWidget>

namespace cp::test {

// Chooses `path` in the next file dialog that shows. Call it before the action that asks. With
// `suggested`, notes the file the dialog offered when it showed (the GUI's default name). The
// name is typed into the dialog's name field: QFileDialog::selectFile leaves that field as it is
// once it has the focus, and the dialog would answer with its own suggestion.
inline void answerFileDialog(const QString& path, QString* suggested = nullptr) {
  auto* timer = new QTimer(qApp);
  timer->setInterval(10);
  QObject::connect(timer, &QTimer::timeout, timer, [timer, path, suggested] {
    for (QWidget* top : QApplication::topLevelWidgets()) {
      auto* dialog = qobject_cast<QFileDialog*>(top);
      if (!dialog || !dialog->isVisible()) continue;
      timer->stop();
      timer->deleteLater();
      if (suggested) *suggested = dialog->selectedFiles().value(0);
      dialog->setDirectory(QFileInfo(path).absolutePath());
      if (auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
        name->setText(QFileInfo(path).fileName());
      else
        dialog->selectFile(path);
      static_cast<QDialog*>(dialog)->accept();  // QFileDialog::accept, protected there
      return;
    }
  });
  timer->start();
}

}  // namespace cp::test
