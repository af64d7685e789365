#include "ui/charts/headlinetiles.h"

#include <QEvent>
#include <QGridLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/charts/chartstyle.h"
#include "ui/text/i18n.h"
#include "ui/palette.h"
#include "ui/text/terms.h"
#include "ui/text/usertext.h"

namespace cp::ui {

Tile::Tile(cp::Figure figure, QWidget* parent) : QFrame(parent), figure_(figure) {
  setFrameShape(QFrame::StyledPanel);
  setCursor(Qt::PointingHandCursor);
  setFocusPolicy(Qt::TabFocus);
  setAutoFillBackground(true);
  setBackgroundRole(QPalette::Base);
  setObjectName(QStringLiteral("tile_") + QString::fromUtf8(cp::figure_id(figure).data()));
  title_ = new QLabel;
  value_ = new QLabel;
  value_->setObjectName(QStringLiteral("value"));
  detail_ = new QLabel;
  setValueScale(kValueScale);
  detail_->setForegroundRole(QPalette::PlaceholderText);
  // The detail wraps rather than widening the tile (a row of five tiles as wide as their
  // longest details would make the Plan page 1,600 px wide in English).
  detail_->setWordWrap(true);
  title_->setWordWrap(true);
  for (QLabel* l : {title_, value_, detail_}) {
    l->setTextInteractionFlags(Qt::NoTextInteraction);
    makePlain(l);  // a detail names the GPU, which a scenario file may name with markup
  }
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(10, 6, 10, 6);
  v->setSpacing(1);
  v->addWidget(title_);
  v->addWidget(value_);
  v->addWidget(detail_);
  setToolTip(tr("Click to see why this number: formula, inputs and source"));
}

void Tile::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) setToolTip(tr("Click to see why this number: formula, inputs and source"));
  // The value's colour is set on its label (paintValue), and a colour set on a widget does not
  // follow the application's palette: a theme switch left the figures in the old theme's text
  // colour, black on the dark theme's tiles. Painted again from the new palette.
  if (event->type() == QEvent::PaletteChange && value_) paintValue();
  QFrame::changeEvent(event);
}

void Tile::set(const QString& title, const QString& value, const QString& detail, const QColor& valueColour) {
  title_->setText(title);
  value_->setText(value);
  detail_->setText(detail);
  colour_ = valueColour;
  greyed_ = false;
  paintValue();
}

void Tile::setValueScale(double scale) {
  if (scale == valueScale_) return;
  valueScale_ = scale;
  value_->setFont(scaledFont(font(), scale, true));
}

void Tile::setGreyed(bool greyed) {
  greyed_ = greyed;
  paintValue();
}

void Tile::paintValue() {
  QPalette p = value_->palette();
  const QColor colour = greyed_ ? palette().color(QPalette::PlaceholderText)
                                : colour_.isValid() ? colour_ : palette().color(QPalette::Text);
  // Both roles: a label on the tile's Base background draws with Text, not WindowText (its
  // foreground role follows the inherited background role), so the "✓ Fits" green and the
  // greyed figures did not show before.
  p.setColor(QPalette::WindowText, colour);
  p.setColor(QPalette::Text, colour);
  value_->setPalette(p);
}

QColor Tile::valueColour() const { return value_->palette().color(QPalette::WindowText); }

QString Tile::valueText() const { return value_->text(); }
QString Tile::detailText() const { return detail_->text(); }

void Tile::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton && rect().contains(event->position().toPoint())) Q_EMIT clicked(figure_);
  QFrame::mouseReleaseEvent(event);
}

void Tile::keyPressEvent(QKeyEvent* event) {
  if (event->key() == Qt::Key_Space || event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
    Q_EMIT clicked(figure_);
    return;
  }
  QFrame::keyPressEvent(event);
}

HeadlineTiles::HeadlineTiles(QWidget* parent) : QWidget(parent) {
  grid_ = new QGridLayout(this);
  grid_->setContentsMargins(0, 0, 0, 0);
  grid_->setSpacing(kSpacing);
  grid_->setSizeConstraint(QLayout::SetNoConstraint);  // a window of tiles alone may be narrower than five
  for (std::size_t i = 0; i < cp::kFigures.size(); ++i) {
    auto* t = new Tile(cp::kFigures[i]);
    tiles_[i] = t;
    connect(t, &Tile::clicked, this, &HeadlineTiles::explainRequested);
  }
  arrange(kMaxColumns);
}

int HeadlineTiles::columnsFor(int width, int tileWidth) {
  return std::clamp((width + kSpacing) / (std::max(tileWidth, 1) + kSpacing), 1, kMaxColumns);
}

int HeadlineTiles::tileWidth() const {
  int w = 0;
  for (const Tile* t : tiles_) w = std::max(w, t->minimumSizeHint().width());
  return w;
}

void HeadlineTiles::reflow() {
  // Two rows of five with the values at their full size where they fit; else (a laptop) with
  // smaller values, if that keeps five columns; else fewer columns at the full size.
  for (double scale : {Tile::kValueScale, Tile::kCompactValueScale}) {
    for (Tile* t : tiles_) t->setValueScale(scale);
    const int columns = columnsFor(width(), tileWidth());
    if (columns == kMaxColumns) {
      arrange(columns);
      return;
    }
  }
  for (Tile* t : tiles_) t->setValueScale(Tile::kValueScale);
  arrange(columnsFor(width(), tileWidth()));
}

void HeadlineTiles::arrange(int columns) {
  if (columns == columns_) return;
  columns_ = columns;
  for (Tile* t : tiles_) grid_->removeWidget(t);
  for (std::size_t i = 0; i < tiles_.size(); ++i) grid_->addWidget(tiles_[i], int(i) / columns, int(i) % columns);
  for (int c = 0; c < kMaxColumns; ++c) grid_->setColumnStretch(c, c < columns ? 1 : 0);
  updateGeometry();
}

void HeadlineTiles::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  reflow();
}

QSize HeadlineTiles::minimumSizeHint() const {
  // One column: the tiles reflow to fit whatever width they get.
  return {tileWidth(), QWidget::minimumSizeHint().height()};
}

void HeadlineTiles::clear() {
  for (Tile* t : tiles_) t->set(figureTitle(t->figure()), tr("—"), tr("no estimate: the scenario has problems"), QColor());
  reflow();
}

void HeadlineTiles::setEstimate(const cp::Scenario& s, const cp::Estimate& e) {
  using F = cp::Figure;
  auto set = [this](F f, const QString& value, const QString& detail, QColor colour = QColor()) {
    tile(f)->set(figureTitle(f), value, detail, colour);
  };
  const cp::Currency cur = s.assumptions.currency;
  const double headroom = e.memory.headroom();
  if (e.memory.fits)
    set(F::Headroom, tr("✓ Fits"), tr("%1 to spare").arg(formatGiB(headroom)), palette::fits());
  else
    set(F::Headroom, tr("✗ Does not fit"), tr("%1 short").arg(formatGiB(-headroom)), palette::doesNotFit());
  set(F::MemoryPerGpu, formatGiB(e.memory.peak.total()), tr("of %1 on %2").arg(formatGiB(e.memory.capacity),
                                                                               QString::fromStdString(s.cluster.gpu.name)));
  set(F::StepTime, formatDuration(e.step.step_s), tr("%1 micro-batches, DP %2").arg(e.microbatches).arg(e.dp));
  set(F::TokensPerS, formatTokensPerS(e.throughput.tokens_per_s),
      tr("band %1 – %2").arg(formatTokensPerS(e.throughput.band_low), formatTokensPerS(e.throughput.band_high)));
  set(F::Mfu, formatPercent(e.throughput.mfu),
      tr("%1 TFLOP/s per GPU").arg(QLocale().toString(e.throughput.model_tflops_per_gpu, 'f', 0)));
  if (e.reliability.real_train_time_s > 0)
    set(F::TrainTime, formatDuration(e.reliability.real_train_time_s),
        tr("goodput %1 after failures").arg(formatPercent(e.reliability.goodput)));
  else
    set(F::TrainTime, tr("—"), tr("no token budget set"));
  set(F::ItPower, formatPower(e.power.it_w), tr("peak %1").arg(formatPower(e.power.it_peak_w)));
  set(F::FacilityPower, formatPower(e.power.facility_w),
      tr("PUE %1, racks: %2").arg(QLocale().toString(s.assumptions.pue, 'f', 2)).arg(e.power.racks));
  // Bought hardware: the monthly figure is the amortisation; the upfront capital cost (the bill of
  // materials, core/engine cost.h) is what the buyer pays first.
  if (s.assumptions.payment == cp::Payment::Purchase)
    set(F::CostPerMonth, formatMoney(e.cost.per_month, cur),
        tr("upfront capital %1; with headroom %2/month")
            .arg(formatMoney(e.cost.capex, cur), formatMoney(e.cost.budget_per_month, cur)));
  else
    set(F::CostPerMonth, formatMoney(e.cost.per_month, cur),
        tr("budget with headroom %1").arg(formatMoney(e.cost.budget_per_month, cur)));
  // Every cost carries the date of the prices it comes from.
  const QString date = QString::fromStdString(s.assumptions.list_for(s.assumptions.payment).date);
  if (e.cost.run_total > 0)
    set(F::CostPerRun, formatMoney(e.cost.run_total, cur),
        tr("%1 months billed; prices of %2").arg(QLocale().toString(e.cost.billed_months, 'f', 1), date));
  else
    set(F::CostPerRun, tr("—"), tr("no token budget set"));
  reflow();  // the widest value may have changed
}

}  // namespace cp::ui
