// The workbench's main window: the scenario summary on the left, the memory chart on the right.
#pragma once

#include <QMainWindow>

#include "core/scenario.h"

class QAction;
class QMenu;
class QSplitter;

namespace cp::ui {

class MemoryChart;
class SummaryPanel;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);

  // Validates the scenario and shows its estimate, or the problems that prevent one.
  void setScenario(const cp::Scenario& scenario);

  MemoryChart* memoryChart() const { return chart_; }
  SummaryPanel* summaryPanel() const { return summary_; }

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void createMenus();
  void retranslate();
  void showAbout();

  SummaryPanel* summary_ = nullptr;
  MemoryChart* chart_ = nullptr;
  QSplitter* splitter_ = nullptr;
  QMenu* fileMenu_ = nullptr;
  QMenu* helpMenu_ = nullptr;
  QAction* quitAction_ = nullptr;
  QAction* aboutAction_ = nullptr;
};

}  // namespace cp::ui
