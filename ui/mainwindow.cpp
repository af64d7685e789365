#include "ui/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSplitter>

#include "core/estimate.h"
#include "core/validate.h"
#include "ui/memorychart.h"
#include "ui/summarypanel.h"

namespace cp::ui {
namespace {

// Initial widths of the summary and the chart. QSplitter applies stretch factors only on
// resize, so the sizes are set explicitly.
constexpr int kSummaryWidth = 440;
constexpr int kChartWidth = 960;

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  // The application's name, never translated.
  setWindowTitle(QStringLiteral("clusterplan"));

  summary_ = new SummaryPanel;
  summary_->setObjectName(QStringLiteral("summaryPanel"));
  auto* summaryScroll = new QScrollArea;
  summaryScroll->setWidget(summary_);
  summaryScroll->setWidgetResizable(true);
  summaryScroll->setFrameShape(QFrame::NoFrame);
  summaryScroll->setMinimumWidth(320);

  chart_ = new MemoryChart;
  chart_->setObjectName(QStringLiteral("memoryChart"));

  splitter_ = new QSplitter(Qt::Horizontal);
  splitter_->addWidget(summaryScroll);
  splitter_->addWidget(chart_);
  splitter_->setChildrenCollapsible(false);
  splitter_->setStretchFactor(1, 1);
  splitter_->setSizes({kSummaryWidth, kChartWidth});
  setCentralWidget(splitter_);

  createMenus();
  retranslate();
}

void MainWindow::setScenario(const cp::Scenario& scenario) {
  const std::vector<cp::Problem> problems = cp::validate(scenario);
  if (!problems.empty()) {
    summary_->setProblems(scenario, problems);
    chart_->clear();
    return;
  }
  const cp::Estimate estimate = cp::estimate(scenario);
  summary_->setEstimate(scenario, estimate);
  chart_->setEstimate(scenario, estimate);
}

void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QMainWindow::changeEvent(event);
}

void MainWindow::createMenus() {
  fileMenu_ = menuBar()->addMenu(QString());
  quitAction_ = fileMenu_->addAction(QString());
  quitAction_->setShortcut(QKeySequence::Quit);
  quitAction_->setMenuRole(QAction::QuitRole);
  connect(quitAction_, &QAction::triggered, this, &QWidget::close);

  helpMenu_ = menuBar()->addMenu(QString());
  aboutAction_ = helpMenu_->addAction(QString());
  aboutAction_->setMenuRole(QAction::AboutRole);
  connect(aboutAction_, &QAction::triggered, this, &MainWindow::showAbout);
}

void MainWindow::retranslate() {
  fileMenu_->setTitle(tr("&File"));
  quitAction_->setText(tr("&Quit"));
  helpMenu_->setTitle(tr("&Help"));
  aboutAction_->setText(tr("&About clusterplan"));
}

void MainWindow::showAbout() {
  QMessageBox::about(this, tr("About clusterplan"),
                     tr("<p><b>clusterplan</b> %1</p>"
                        "<p>Plans GPU clusters for large-model distributed training: memory per GPU, "
                        "parallel layout and networking.</p>")
                         .arg(QCoreApplication::applicationVersion().toHtmlEscaped()));
}

}  // namespace cp::ui
