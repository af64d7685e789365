#pragma once

#include <QObject>

class QWidget;

namespace cp::ui {

// The wheel over a spin box or combo box that the user is not editing scrolls the scroll area
// around it instead of stepping the value: Qt's spin and combo boxes take wheel steps whenever the
// pointer is over them, whatever their focus policy, so scrolling a form or a page that scrolls
// inside itself changed whichever field passed under the pointer (at the default scenario, TP 8 ->
// 1, recomputed at once). A widget with focus keeps the wheel: stepping through values is wanted
// there. One guard object serves any number of widgets.
class WheelGuard : public QObject {
 public:
  using QObject::QObject;
  // Guards `w` (a spin box, combo box or any other editor) and gives it Qt::StrongFocus, so that
  // the wheel alone never focuses it.
  void guard(QWidget* w);
  // Guards every spin box and combo box below `root`.
  void guardChildren(QWidget* root);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
};

}  // namespace cp::ui
