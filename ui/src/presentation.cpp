#include "ui/presentation.h"

#include <QActionGroup>
#include <QEvent>
#include <QKeyEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMouseEvent>
#include <QScreen>
#include <algorithm>
#include <qcustomplot.h>

#include "ui/breakdownchart.h"
#include "ui/chartexport.h"
#include "ui/fabriccomparisonpage.h"
#include "ui/memorychart.h"
#include "ui/planpage.h"
#include "ui/scenariodocument.h"
#include "ui/settingsdialog.h"
#include "ui/theme.h"

namespace cp::ui {
namespace {

constexpr double kReferenceHeight = 540.0;  // logical lines per screen: 1080p draws at 2x

}  // namespace

PresentationWindow::PresentationWindow(ScenarioDocument* document, FabricComparisonPage* comparison, QWidget* parent)
    : QWidget(parent, Qt::Window), document_(document) {
  setObjectName(QStringLiteral("presentation"));
  setAttribute(Qt::WA_DeleteOnClose);
  setFocusPolicy(Qt::StrongFocus);
  setCursor(Qt::BlankCursor);
  plan_ = new PlanPage(document, this);
  plan_->resize(1200, 900);
  plan_->hide();
  plots_ << plan_->memoryChart()->plot() << plan_->stepChart()->plot() << plan_->powerChart()->plot()
         << plan_->costChart()->plot();
  if (comparison && comparison->result())
    for (int m = 0; m < FabricComparisonPage::MetricCount; ++m)
      plots_ << comparison->plot(FabricComparisonPage::Metric(m));
  setWindowTitle(tr("Presentation — %1").arg(QString::fromStdString(document->estimatedScenario().name)));
}

void PresentationWindow::present() {
  if (QScreen* screen = parentWidget() ? parentWidget()->screen() : this->screen()) setGeometry(screen->geometry());
  showFullScreen();
  raise();
  activateWindow();
  setFocus();
}

QCustomPlot* PresentationWindow::currentPlot() const {
  return page_ >= 0 && page_ < plots_.size() ? plots_[page_].data() : nullptr;
}

void PresentationWindow::setPage(int page) {
  page_ = std::clamp(page, 0, std::max(0, pageCount() - 1));
  update();
}

double PresentationWindow::scaleFor(const QSize& size) {
  return std::max(1.0, std::min(size.height() / kReferenceHeight, size.width() / (kReferenceHeight * 16 / 9)));
}

void PresentationWindow::paintEvent(QPaintEvent*) {
  QCPPainter painter(this);
  painter.fillRect(rect(), palette().color(QPalette::Base));
  QCustomPlot* plot = currentPlot();
  if (!plot) return;
  const double scale = scaleFor(size());
  const QSize logical(int(width() / scale), int(height() / scale));
  painter.scale(scale, scale);
  ChartExportOptions o;
  o.scenarioName = QString::fromStdString(document_->estimatedScenario().name);
  o.palette = palette();
  paintChart(painter, plot, logical, o);
  QFont f = font();
  painter.setFont(f);
  painter.setPen(palette().color(QPalette::Text));
  //: Presentation mode: the page number and the number of pages
  painter.drawText(QRectF(0, logical.height() - 24, logical.width() - 12, 22), Qt::AlignRight | Qt::AlignVCenter,
                   tr("%1 / %2").arg(page_ + 1).arg(pageCount()));
}

void PresentationWindow::keyPressEvent(QKeyEvent* event) {
  switch (event->key()) {
    case Qt::Key_Right:
    case Qt::Key_Down:
    case Qt::Key_Space:
    case Qt::Key_PageDown:
    case Qt::Key_Return:
    case Qt::Key_Enter: next(); return;
    case Qt::Key_Left:
    case Qt::Key_Up:
    case Qt::Key_Backspace:
    case Qt::Key_PageUp: previous(); return;
    case Qt::Key_Home: setPage(0); return;
    case Qt::Key_End: setPage(pageCount() - 1); return;
    case Qt::Key_Escape: close(); return;
    default: QWidget::keyPressEvent(event);
  }
}

void PresentationWindow::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton) next();
  else if (event->button() == Qt::RightButton) previous();
}

namespace {

// Owns the View menu's presenting actions and keeps their texts in the current language.
class PresentingActions : public QObject {
 public:
  PresentingActions(QMainWindow* window, QMenu* view, ScenarioDocument* document, FabricComparisonPage* comparison)
      : QObject(window), window_(window) {
    view->addSeparator();
    present_ = view->addAction(QString());
    present_->setObjectName(QStringLiteral("presentAction"));
    present_->setShortcut(Qt::Key_F5);
    connect(present_, &QAction::triggered, this, [window, document, comparison] {
      auto* p = new PresentationWindow(document, comparison, window);
      p->present();
    });
    themeMenu_ = view->addMenu(QString());
    auto* group = new QActionGroup(this);
    for (Theme t : {Theme::System, Theme::Light, Theme::Dark}) {
      QAction* a = themeMenu_->addAction(QString());
      a->setCheckable(true);
      a->setChecked(t == currentTheme());
      a->setData(int(t));
      group->addAction(a);
      connect(a, &QAction::triggered, this, [t] {
        applyTheme(t);
        saveTheme(t);
      });
      themes_ << a;
    }
    settings_ = view->addAction(QString());
    settings_->setObjectName(QStringLiteral("settingsAction"));
    settings_->setMenuRole(QAction::PreferencesRole);
    connect(settings_, &QAction::triggered, this, [window, document] {
      SettingsDialog dialog(document, window);
      dialog.exec();
    });
    connect(view, &QMenu::aboutToShow, this, [this] {
      for (QAction* a : themes_) a->setChecked(Theme(a->data().toInt()) == currentTheme());
    });
    window->installEventFilter(this);
    retranslate();
  }

  bool eventFilter(QObject* watched, QEvent* event) override {
    if (watched == window_ && event->type() == QEvent::LanguageChange) retranslate();
    return false;
  }

 private:
  void retranslate() {
    present_->setText(PresentationWindow::tr("&Presentation mode"));
    themeMenu_->setTitle(PresentationWindow::tr("&Theme"));
    for (QAction* a : themes_) a->setText(themeName(Theme(a->data().toInt())));
    settings_->setText(PresentationWindow::tr("&Settings…"));
  }

  QMainWindow* window_;
  QAction* present_ = nullptr;
  QMenu* themeMenu_ = nullptr;
  QList<QAction*> themes_;
  QAction* settings_ = nullptr;
};

}  // namespace

void addPresentingActions(QMainWindow* window, QMenu* view, ScenarioDocument* document, FabricComparisonPage* comparison) {
  new PresentingActions(window, view, document, comparison);
}

}  // namespace cp::ui
