#include "ui/window/presentation.h"

#include <QActionGroup>
#include <QEvent>
#include <QFontMetricsF>
#include <QPainter>
#include <QKeyEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMouseEvent>
#include <QScreen>
#include <algorithm>
#include "ui/charts/customplot.h"

#include "ui/text/enginetext.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/chartexport.h"
#include "ui/charts/chartstyle.h"
#include "ui/pages/fabriccomparisonpage.h"
#include "ui/text/i18n.h"
#include "ui/charts/memorychart.h"
#include "ui/palette.h"
#include "ui/pages/planpage.h"
#include "ui/report/report.h"
#include "ui/scenariodocument.h"
#include "ui/window/settingsdialog.h"
#include "ui/theme.h"
#include "ui/text/usertext.h"

namespace cp::ui {
namespace {

constexpr double kReferenceHeight = 540.0;  // logical lines per screen: 1080p draws at 2x

// A slide's title across the top, bold at 1.6 times the base font, cut with an ellipsis where it
// is too long; returns its rectangle.
QRectF drawSlideTitle(QPainter& painter, const QFont& base, const QColor& colour, const QSize& logical, double margin,
                      const QString& text) {
  QFont title = base;
  title.setPointSizeF(title.pointSizeF() * 1.6);
  title.setBold(true);
  painter.setFont(title);
  painter.setPen(colour);
  const QRectF head(margin, margin * 0.6, logical.width() - 2 * margin, 40);
  painter.drawText(head, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine,
                   QFontMetricsF(title).elidedText(text, Qt::ElideRight, head.width()));
  return head;
}

}  // namespace

PresentationWindow::PresentationWindow(ScenarioDocument* document, FabricComparisonPage* comparison, QWidget* parent)
    : QWidget(parent, Qt::Window), document_(document), comparison_(comparison) {
  setObjectName(QStringLiteral("presentation"));
  setAttribute(Qt::WA_DeleteOnClose);
  setFocusPolicy(Qt::StrongFocus);
  setCursor(Qt::BlankCursor);
  plan_ = new PlanPage(document, this);
  plan_->resize(1200, 900);
  plan_->hide();
  // The comparison slides are always there: with no comparison page to show, a hidden one of
  // this window's own; with no sweep run yet, one is started and the slides fill in when it ends.
  if (!comparison_) {
    comparison_ = new FabricComparisonPage(document, this);
    keepTickLabelsApartIn(comparison_);
    comparison_->resize(1500, 900);
    comparison_->hide();
  }
  if (!comparison_->result() && !comparison_->isRunning()) comparison_->run();
  connect(comparison_, &FabricComparisonPage::resultShown, this, qOverload<>(&QWidget::update));
  slides_ << Slide{QStringLiteral("headline"), nullptr} << Slide{QStringLiteral("memory"), plan_->memoryChart()->plot()}
          << Slide{QStringLiteral("step"), plan_->stepChart()->plot()}
          << Slide{QStringLiteral("power"), plan_->powerChart()->plot()}
          << Slide{QStringLiteral("cost"), plan_->costChart()->plot()};
  // The comparison leads with its bottom line: which fabric for this job, and why.
  slides_ << Slide{QStringLiteral("fabric-verdict"), nullptr};
  for (int m = 0; m < FabricComparisonPage::MetricCount; ++m)
    slides_ << Slide{QStringLiteral("comparison-%1").arg(m), comparison_->plot(FabricComparisonPage::Metric(m))};
  updateTitle();
  // The name follows edits made while presenting (the inputs stay open on another screen).
  connect(document, &ScenarioDocument::scenarioChanged, this, &PresentationWindow::updateTitle);
}

void PresentationWindow::updateTitle() {
  setWindowTitle(tr("Presentation — %1").arg(oneLine(scenarioDisplayName(document_->estimatedScenario()))));
}

void PresentationWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) updateTitle();
  QWidget::changeEvent(event);
}

QStringList PresentationWindow::slideIds() const {
  QStringList ids;
  for (const Slide& s : slides_) ids << s.id;
  return ids;
}

void PresentationWindow::present() {
  if (QScreen* screen = parentWidget() ? parentWidget()->screen() : this->screen()) setGeometry(screen->geometry());
  showFullScreen();
  raise();
  activateWindow();
  setFocus();
}

QCustomPlot* PresentationWindow::currentPlot() const {
  return page_ >= 0 && page_ < slides_.size() ? slides_[page_].plot.data() : nullptr;
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
  const double scale = scaleFor(size());
  const QSize logical(int(width() / scale), int(height() / scale));
  painter.scale(scale, scale);
  if (QCustomPlot* plot = currentPlot()) {
    ChartExportOptions o;
    o.scenarioName = scenarioDisplayName(document_->estimatedScenario());
    o.palette = palette();
    paintChart(painter, plot, logical, o);
  } else if (page_ >= 0 && page_ < slides_.size() && slides_[page_].id == QLatin1String("fabric-verdict")) {
    paintVerdict(painter, logical);
  } else {
    paintHeadline(painter, logical);
  }
  QFont f = font();
  painter.setFont(f);
  painter.setPen(palette().color(QPalette::Text));
  //: Presentation mode: the page number and the number of pages
  painter.drawText(QRectF(0, logical.height() - 24, logical.width() - 12, 22), Qt::AlignRight | Qt::AlignVCenter,
                   tr("%1 / %2").arg(page_ + 1).arg(pageCount()));
}

// The fabric verdict slide: a title, the sentence large and wrapped, the method under it.
void PresentationWindow::paintVerdict(QPainter& painter, const QSize& logical) {
  const QColor text = palette().color(QPalette::Text);
  QColor muted = text;
  muted.setAlpha(170);
  const double margin = 28;
  drawSlideTitle(painter, font(), text, logical, margin, tr("InfiniBand or RoCE for this job"));
  QFont body = font();
  body.setPointSizeF(body.pointSizeF() * 1.5);
  painter.setFont(body);
  const QString verdict = comparison_->jobVerdict();
  const QRectF area(margin, margin * 0.6 + 70, logical.width() - 2 * margin, logical.height() * 0.6);
  QRectF used;
  painter.drawText(area, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                   verdict.isEmpty() ? tr("The verdict follows when the fabric sweep ends.") : verdict, &used);
  QFont small = font();
  small.setPointSizeF(small.pointSizeF() * 1.1);
  painter.setFont(small);
  painter.setPen(muted);
  painter.drawText(QRectF(margin, used.bottom() + 24, logical.width() - 2 * margin, 60), Qt::AlignLeft | Qt::TextWordWrap,
                   comparison_->methodLine());
}

// The headline slide: the scenario's name, then the report's headline figures in two columns,
// each a small title over a large value and a line of context.
void PresentationWindow::paintHeadline(QPainter& painter, const QSize& logical) {
  const QColor text = palette().color(QPalette::Text);
  QColor muted = text;
  muted.setAlpha(170);
  const double margin = 28;
  const QRectF head =
      drawSlideTitle(painter, font(), text, logical, margin, scenarioDisplayName(document_->estimatedScenario()));
  const auto& estimate = document_->estimate();
  if (!estimate) {
    painter.setFont(font());
    painter.drawText(QRectF(margin, head.bottom() + 20, head.width(), 40), Qt::AlignLeft,
                     tr("No estimate: the scenario has problems."));
    return;
  }
  const QList<HeadlineFigure> figures = headlineFigures(document_->estimatedScenario(), *estimate);
  const int rows = int((figures.size() + 1) / 2);
  const double top = head.bottom() + 12;
  const double cellW = (logical.width() - 2 * margin) / 2;
  const double cellH = (logical.height() - top - 36) / std::max(rows, 1);
  QFont small = font();
  QFont big = font();
  big.setPointSizeF(big.pointSizeF() * 1.5);
  big.setBold(true);
  for (qsizetype i = 0; i < figures.size(); ++i) {
    const HeadlineFigure& h = figures[i];
    const qsizetype row = i / 2;  // two figures a row
    const qsizetype column = i % 2;
    const QRectF cell(margin + double(column) * cellW, top + double(row) * cellH, cellW - 12, cellH);
    const double line = cell.height() / 3;
    painter.setFont(small);
    painter.setPen(muted);
    painter.drawText(QRectF(cell.left(), cell.top(), cell.width(), line), Qt::AlignLeft | Qt::AlignBottom, h.title);
    painter.setFont(big);
    painter.setPen(h.figure == cp::Figure::Headroom
                       ? (estimate->memory.fits ? palette::fits() : palette::doesNotFit())
                       : text);
    painter.drawText(QRectF(cell.left(), cell.top() + line, cell.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
                     QFontMetricsF(big).elidedText(h.value, Qt::ElideRight, cell.width()));
    painter.setFont(small);
    painter.setPen(muted);
    painter.drawText(QRectF(cell.left(), cell.top() + 2 * line, cell.width(), line), Qt::AlignLeft | Qt::AlignTop,
                     QFontMetricsF(small).elidedText(h.detail, Qt::ElideRight, cell.width()));
  }
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
class PresentingActions : public WindowActions {
 public:
  PresentingActions(QMainWindow* window, QMenu* view, ScenarioDocument* document, FabricComparisonPage* comparison)
      : WindowActions(window) {
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
    PresentingActions::retranslate();
  }

 private:
  void retranslate() override {
    present_->setText(PresentationWindow::tr("&Presentation mode"));
    themeMenu_->setTitle(PresentationWindow::tr("&Theme"));
    for (QAction* a : themes_) a->setText(themeName(Theme(a->data().toInt())));
    settings_->setText(PresentationWindow::tr("&Settings…"));
  }

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
