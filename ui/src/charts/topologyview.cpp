#include "ui/charts/topologyview.h"

#include <QEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <vector>

#include "ui/charts/chartstyle.h"
#include "ui/text/i18n.h"
#include "ui/palette.h"
#include "ui/text/terms.h"

namespace cp::ui {
namespace {

constexpr int kMaxDrawn = 10;  // a tier with more items is abbreviated
constexpr int kHeadDrawn = 6;  // ... to its first few and its last

struct Tier {
  QString label;
  int count = 0;
  int linksUp = 0;  // links from this tier to the one above
  QColor colour;
};

// Indices of the items drawn for a tier of `count` (-1: the ellipsis).
std::vector<int> drawnItems(int count) {
  std::vector<int> items;
  if (count <= kMaxDrawn) {
    for (int i = 0; i < count; ++i) items.push_back(i);
  } else {
    for (int i = 0; i < kHeadDrawn; ++i) items.push_back(i);
    items.push_back(-1);
    items.push_back(count - 1);
  }
  return items;
}

}  // namespace

TopologyView::TopologyView(QWidget* parent) : QWidget(parent) {
  setMinimumSize(400, 300);
  setAutoFillBackground(true);
  setBackgroundRole(QPalette::Base);
}

void TopologyView::setNetwork(const cp::Scenario& scenario, const cp::NetworkSize& network) {
  shown_ = Shown{scenario, network};
  update();
}

void TopologyView::clear() {
  shown_.reset();
  update();
}

QStringList TopologyView::tierTexts() const {
  QStringList out;
  if (!shown_) return out;
  const cp::NetworkSize& n = shown_->network;
  out << tr("Servers: %1").arg(shown_->scenario.cluster.nodes);
  static const char* const kNames[] = {QT_TR_NOOP("Leaf switches"), QT_TR_NOOP("Spine switches"),
                                       QT_TR_NOOP("Core switches")};
  for (int t = 0; t < n.tiers && t < 3; ++t) out << tr("%1: %2").arg(tr(kNames[t])).arg(n.switches[std::size_t(t)]);
  return out;
}

void TopologyView::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange) update();
  QWidget::changeEvent(event);
}

void TopologyView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QColor text = palette().color(QPalette::Text);
  p.setPen(text);
  if (!shown_) {
    p.drawText(rect(), Qt::AlignCenter, tr("No estimate: the scenario has problems."));
    return;
  }
  const cp::Scenario& s = shown_->scenario;
  const cp::NetworkSize& n = shown_->network;
  const QColor fabric = palette::fabric(s.cluster.fabric.id);

  std::vector<Tier> tiers;
  tiers.push_back({tr("Servers (%1 GPUs, %2 NICs each)").arg(s.cluster.gpus_per_node).arg(s.cluster.nics_per_node),
                   s.cluster.nodes, n.links[0], palette::component(MemoryComponent::Gradients)});
  const QString names[] = {tr("Leaf switches"), tr("Spine switches"), tr("Core switches")};
  for (int t = 0; t < n.tiers && t < 3; ++t)
    tiers.push_back({names[t], n.switches[std::size_t(t)], t + 1 < 3 ? n.links[std::size_t(t) + 1] : 0, fabric});

  // Title.
  QFont titleFont = scaledFont(font(), 1.25, true);
  p.setFont(titleFont);
  const QString title = tr("%1 — %2, oversubscription %3 : 1")
                            .arg(fabricName(s.cluster.fabric.name), topologyName(n.topology),
                                 QLocale().toString(s.cluster.oversubscription, 'f', 1));
  const int margin = 16;
  p.drawText(QRect(margin, margin, width() - 2 * margin, 30), Qt::AlignLeft | Qt::AlignVCenter, title);

  const int labelWidth = std::min(300, width() / 3);
  const QRect area(margin, margin + 44, width() - 3 * margin - labelWidth, height() - 2 * margin - 60);
  const int rows = int(tiers.size());
  const double rowStep = rows > 1 ? double(area.height() - 40) / (rows - 1) : 0;
  QFont small = font();
  p.setFont(small);

  // Item centres per tier, bottom tier (servers) at the bottom.
  std::vector<std::vector<QPointF>> centres(tiers.size());
  std::vector<std::vector<int>> items(tiers.size());
  for (int r = 0; r < rows; ++r) {
    items[std::size_t(r)] = drawnItems(tiers[std::size_t(r)].count);
    const int k = int(items[std::size_t(r)].size());
    const double y = area.bottom() - 20 - r * rowStep;
    for (int i = 0; i < k; ++i)
      centres[std::size_t(r)].push_back(QPointF(area.left() + area.width() * (i + 0.5) / k, y));
  }
  // Links between adjacent tiers: every drawn pair, faint (a fat tree connects each leaf to every
  // spine; servers connect to their leaf, drawn as a fan to the nearest leaves).
  QColor linkColour = fabric;
  linkColour.setAlpha(90);
  p.setPen(QPen(linkColour, 1.2));
  for (int r = 0; r + 1 < rows; ++r) {
    const auto& lower = centres[std::size_t(r)];
    const auto& upper = centres[std::size_t(r) + 1];
    for (std::size_t i = 0; i < lower.size(); ++i) {
      if (items[std::size_t(r)][i] < 0) continue;
      for (std::size_t j = 0; j < upper.size(); ++j) {
        if (items[std::size_t(r) + 1][j] < 0) continue;
        if (r == 0 && upper.size() > 1) {
          // Servers: to the leaves nearest them (rail-optimised: several), not to all.
          const double reach = double(upper.size()) / double(lower.size());
          if (std::abs(double(j) + 0.5 - (double(i) + 0.5) * reach) > std::max(1.0, reach)) continue;
        }
        p.drawLine(lower[i], upper[j]);
      }
    }
  }
  // Boxes and labels.
  const QSizeF box(46, 22);
  for (int r = 0; r < rows; ++r) {
    const Tier& tier = tiers[std::size_t(r)];
    for (std::size_t i = 0; i < centres[std::size_t(r)].size(); ++i) {
      const QPointF c = centres[std::size_t(r)][i];
      const int item = items[std::size_t(r)][i];
      if (item < 0) {
        p.setPen(text);
        p.drawText(QRectF(c.x() - 50, c.y() - 12, 100, 24), Qt::AlignCenter,
                   tr("… %1 more …").arg(formatCount(tier.count - kHeadDrawn - 1)));
        continue;
      }
      const QRectF rect(c.x() - box.width() / 2, c.y() - box.height() / 2, box.width(), box.height());
      p.setPen(QPen(tier.colour.darker(140), 1));
      p.setBrush(tier.colour);
      p.drawRoundedRect(rect, 4, 4);
      p.setPen(Qt::white);
      p.drawText(rect, Qt::AlignCenter, QString::number(item + 1));
    }
    const double y = area.bottom() - 20 - r * rowStep;
    p.setPen(text);
    QFont bold = small;
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRectF(area.right() + margin, y - 22, labelWidth, 22), Qt::AlignLeft | Qt::AlignVCenter,
               tr("%1: %2").arg(tier.label, formatCount(tier.count)));
    p.setFont(small);
    if (r + 1 < rows)
      p.drawText(QRectF(area.right() + margin, y - rowStep / 2 - 11, labelWidth, 22), Qt::AlignLeft | Qt::AlignVCenter,
                 tr("↕ %1 links, %2 transceivers")
                     .arg(formatCount(tier.linksUp), formatCount(n.transceivers[std::size_t(r)])));
  }
  p.drawText(QRectF(area.right() + margin, area.bottom() + 4, labelWidth, 40), Qt::AlignLeft | Qt::TextWordWrap,
             // Counted after a colon, so that one reads as well as many ("switches: 1").
             tr("In all: switches %1, links %2, transceivers %3; switch hops on the longest path: %4")
                 .arg(formatCount(n.total_switches()), formatCount(n.total_links()),
                      formatCount(n.total_transceivers()), formatCount(n.max_switch_hops)));
}

}  // namespace cp::ui
