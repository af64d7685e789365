// Presentation mode: full screen, a headline slide (the report's headline figures, report.h), then
// one chart per page: memory per GPU, step time, power, cost, and always the fabric comparison's
// charts (the sweep is started when none has run; its slides fill in when it finishes), drawn large for a projector or a 4K
// screen: the chart is painted as a vector drawing scaled to the screen (fonts and lines grow
// with it: twice the workbench's size at 1080 lines, four times at 2160). Right, Down, Space and
// Page Down move on; Left, Up, Backspace and Page Up move back; Home and End jump; Escape leaves.
// Follows the application's theme (theme.h).
#pragma once

#include <QList>
#include <QPointer>
#include <QWidget>

class QAction;
class QCustomPlot;
class QMenu;
class QMainWindow;

namespace cp::ui {

class FabricComparisonPage;
class PlanPage;
class ScenarioDocument;

class PresentationWindow : public QWidget {
  Q_OBJECT

 public:
  explicit PresentationWindow(ScenarioDocument* document, FabricComparisonPage* comparison = nullptr,
                              QWidget* parent = nullptr);

  // Shows the window full screen on its parent's screen (also without a window manager).
  void present();

  int pageCount() const { return int(slides_.size()); }
  // The slides' ids in order: "headline", "memory", "step", "power", "cost", then
  // "comparison-<n>" for each of the fabric comparison's charts.
  QStringList slideIds() const;
  int currentPage() const { return page_; }  // 0-based
  void setPage(int page);
  void next() { setPage(page_ + 1); }
  void previous() { setPage(page_ - 1); }
  QCustomPlot* currentPlot() const;  // nullptr on the headline slide
  // How much larger than on the workbench a chart is drawn in a window of `size`.
  static double scaleFor(const QSize& size);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  // A language switch while presenting retranslates the window's title.
  void changeEvent(QEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  struct Slide {
    QString id;
    QPointer<QCustomPlot> plot;  // null: the headline slide
  };
  void paintHeadline(QPainter& painter, const QSize& logical);
  void paintVerdict(QPainter& painter, const QSize& logical);
  // "Presentation — <the scenario's name in the GUI's language>".
  void updateTitle();

  ScenarioDocument* document_;
  PlanPage* plan_ = nullptr;  // hidden: draws the plan's charts for the pages
  FabricComparisonPage* comparison_ = nullptr;  // hidden and owned when none was given
  QList<Slide> slides_;
  int page_ = 0;
};

// Adds to `view` of `window`: "Presentation mode" (F5), the theme choices and "Settings…"; keeps
// their texts translated.
void addPresentingActions(QMainWindow* window, QMenu* view, ScenarioDocument* document, FabricComparisonPage* comparison);

}  // namespace cp::ui
