#include "ui/charts/fabriccharts.h"

#include <QEvent>
#include <QEventLoop>
#include <QFontMetrics>
#include <QFutureWatcher>
#include <QResizeEvent>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <iterator>
#include <utility>
#include <vector>
#include "ui/charts/customplot.h"

#include "engine/estimate.h"
#include "engine/explain.h"
#include "engine/fabric.h"
#include "engine/seed_claims.h"
#include "engine/units.h"
#include "engine/validate.h"
#include "plan/thread_pool.h"
#include "ui/charts/chartstyle.h"
#include "ui/palette.h"
#include "ui/preferences.h"
#include "ui/text/enginetext.h"
#include "ui/text/i18n.h"
#include "ui/text/terms.h"
#include "ui/text/usertext.h"
#include "ui/theme.h"

namespace cp::ui {
namespace {


// `text` broken into lines no wider than `width` pixels in `font`: at spaces, or between any two
// characters in a run without spaces (Chinese), so that a title never runs past a narrow plot.
QString wrapToWidth(const QString& text, const QFont& font, int width) {
  const QFontMetrics fm(font);
  if (width <= 0 || fm.horizontalAdvance(text) <= width) return text;
  QStringList lines;
  QString line;
  auto push = [&](const QString& piece, const QString& sep) {
    const QString candidate = line.isEmpty() ? piece : line + sep + piece;
    if (line.isEmpty() || fm.horizontalAdvance(candidate) <= width) {
      line = candidate;
    } else {
      lines << line;
      line = piece;
    }
  };
  for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    if (fm.horizontalAdvance(word) <= width) {
      push(word, QStringLiteral(" "));
      continue;
    }
    // Longer than a line by itself: character by character (never half a surrogate pair).
    QString chunk;
    for (int i = 0; i < word.size(); ++i) {
      const int n = word.at(i).isHighSurrogate() && i + 1 < word.size() ? 2 : 1;
      const QString c = word.mid(i, n);
      i += n - 1;
      if (!chunk.isEmpty() && fm.horizontalAdvance(chunk + c) > width) {
        push(chunk, QStringLiteral(" "));
        lines << line;
        line.clear();
        chunk.clear();
      }
      chunk += c;
    }
    if (!chunk.isEmpty()) push(chunk, QStringLiteral(" "));
  }
  if (!line.isEmpty()) lines << line;
  return lines.join(QLatin1Char('\n'));
}

// Sets a plot's title or method line, wrapped to the plot's width; the whole text is kept in the
// element's "fullText" property so that a resize can wrap it again.
void setPlotText(QCustomPlot* plot, int row, const QString& text) {
  auto* e = static_cast<QCPTextElement*>(plot->plotLayout()->element(row, 0));
  e->setProperty("fullText", text);
  e->setText(wrapToWidth(text, e->font(), plot->width() - 12));
}

// The fabrics the user chose, remembered between runs, so a comparison is not set up again at
// every start; empty: the defaults.
const Preference<QStringList> kChosenFabrics{"comparison/fabrics"};

// Where the seed article's IB-vs-RoCE claims sit on the size axis (shared/reference/seed-claims.md):
// "below 32 GPUs RoCEv2 loses about 10%" at 16 GPUs, "IB 15-20% better at 32+" at 32 GPUs.
struct ClaimPlace {
  const char* id;
  int gpus;
};
constexpr ClaimPlace kClaimPlaces[] = {{"roce_below_32", 16}, {"ib_advantage_32", 32}};

// The charts' x coordinate of a size: log2 of the GPU count, so that doublings are evenly spaced.
double xOf(int gpus) { return std::log2(double(gpus)); }

// A size on the axis: "512", "1K", "16K", so that ticks up to 16,384 stay short.
QString tickText(int gpus) {
  return gpus >= 1024 && gpus % 1024 == 0 ? QStringLiteral("%1K").arg(gpus / 1024) : QString::number(gpus);
}

// One marker per series, so that series stay apart in greyscale and where colours coincide.
QCPScatterStyle::ScatterShape marker(std::size_t k) {
  static const QCPScatterStyle::ScatterShape kShapes[] = {QCPScatterStyle::ssDisc, QCPScatterStyle::ssSquare,
                                                          QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond,
                                                          QCPScatterStyle::ssTriangleInverted, QCPScatterStyle::ssStar};
  return kShapes[k % std::size(kShapes)];
}

// A scaling efficiency above 100% reads as an error unless the chart says why, in the engine's own
// figures. Efficiency is tokens/s per GPU against the series' smallest size that runs
// (cp::scaling_efficiency). Above 100% either the layout changed (with the best layout per size,
// the smallest size runs the fastest layout that fits its memory, e.g. TP 8; more GPUs shard more
// state and afford a faster one, e.g. TP 2), or the same layout spends less GPU time per token (the
// optimizer step or the bubble shared by more GPUs). The note names both layouts and the step parts
// whose GPU time per token shrank most (cp::step_breakdown).
struct ScalingNote {
  QStringList sentences;  // on the chart, the longest that fits (wrapped to its width); the last always does
  QString full;           // the tooltip
};

// `text` in lines of at most `width` pixels: at spaces, and inside a run without spaces (Chinese)
// between characters.
QStringList wrapped(const QString& text, const QFontMetrics& metrics, int width) {
  QStringList lines;
  QString line;
  for (const QString& word : text.split(QLatin1Char(' '))) {
    const QString joined = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
    if (metrics.horizontalAdvance(joined) <= width) {
      line = joined;
      continue;
    }
    if (!line.isEmpty()) lines << line;
    line = word;
    while (line.size() > 1 && metrics.horizontalAdvance(line) > width) {
      qsizetype n = line.size() - 1;
      while (n > 1 && metrics.horizontalAdvance(line.left(n)) > width) --n;
      lines << line.left(n);
      line = line.mid(n);
    }
  }
  if (!line.isEmpty()) lines << line;
  return lines;
}

// TP and PP (CP and EP where used): "TP 8, PP 2".
QString shortLayout(const cp::Scenario& s) {
  QStringList parts{QStringLiteral("TP %1").arg(s.parallel.tp), QStringLiteral("PP %1").arg(s.parallel.pp)};
  if (s.parallel.cp > 1) parts << QStringLiteral("CP %1").arg(s.parallel.cp);
  if (s.parallel.ep > 1) parts << QStringLiteral("EP %1").arg(s.parallel.ep);
  return parts.join(QStringLiteral(", "));
}

// A layout in words, for the knobs where `s` and `other` differ (TP and PP always).
QString layoutText(const cp::Scenario& s, const cp::Scenario& other) {
  QStringList parts{QStringLiteral("TP %1").arg(s.parallel.tp), QStringLiteral("PP %1").arg(s.parallel.pp)};
  if (s.parallel.vpp != other.parallel.vpp || s.parallel.vpp > 1) parts << QStringLiteral("VPP %1").arg(s.parallel.vpp);
  if (s.parallel.cp != other.parallel.cp) parts << QStringLiteral("CP %1").arg(s.parallel.cp);
  if (s.parallel.ep != other.parallel.ep) parts << QStringLiteral("EP %1").arg(s.parallel.ep);
  if (s.training.micro_batch != other.training.micro_batch)
    parts << FabricCharts::tr("micro-batch %1").arg(s.training.micro_batch);
  if (s.training.recompute != other.training.recompute) parts << recomputeName(s.training.recompute);
  if (s.training.zero != other.training.zero) parts << zeroName(s.training.zero);
  return parts.join(QStringLiteral(", "));
}

bool sameLayout(const cp::Scenario& a, const cp::Scenario& b) {
  return a.parallel.tp == b.parallel.tp && a.parallel.pp == b.parallel.pp && a.parallel.vpp == b.parallel.vpp &&
         a.parallel.cp == b.parallel.cp && a.parallel.ep == b.parallel.ep &&
         a.training.micro_batch == b.training.micro_batch && a.training.recompute == b.training.recompute &&
         a.training.zero == b.training.zero && a.parallel.sp == b.parallel.sp;
}

ScalingNote whyAbove100(const cp::ComparisonResult& c) {
  // The highest efficiency above 100% (0.1%: not a rounding), and its series' reference point.
  const cp::ComparisonPoint* top = nullptr;
  const cp::ComparisonPoint* base = nullptr;
  for (const cp::ComparisonSeries& series : c.series) {
    const auto first = std::find_if(series.points.begin(), series.points.end(),
                                    [](const cp::ComparisonPoint& p) { return p.feasible; });
    if (first == series.points.end()) continue;
    for (const cp::ComparisonPoint& p : series.points)
      if (p.feasible && p.scaling > 1.001 && (!top || p.scaling > top->scaling)) {
        top = &p;
        base = &*first;
      }
  }
  if (!top) return {};
  // GPU time per token of each step part, at the reference and at the top point.
  const auto perToken = [](const cp::ComparisonPoint& p) {
    std::array<double, cp::kStepParts.size()> parts = cp::step_breakdown(p.estimate);
    const double tokens = double(p.scenario.training.global_batch) * double(p.scenario.training.seq);
    for (double& x : parts) x *= double(p.gpus) / tokens;
    return parts;
  };
  const auto was = perToken(*base);
  const auto now = perToken(*top);
  std::vector<std::size_t> order(cp::kStepParts.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return was[a] - now[a] > was[b] - now[b]; });
  double saved = 0;
  for (std::size_t i = 0; i < was.size(); ++i) saved += std::max(0.0, was[i] - now[i]);
  QStringList reasons;
  for (std::size_t i : order) {
    const double less = was[i] - now[i];
    if (reasons.size() == 2 || !(less > 0.1 * saved)) break;
    //: a step part and how much less GPU time per token it takes, e.g. "TP communication −93%"
    reasons << FabricCharts::tr("%1 −%2").arg(stepPartName(cp::kStepParts[i]), formatPercent(less / was[i], 0));
  }
  const QString gpus = formatCount(top->gpus);
  const QString baseGpus = formatCount(base->gpus);
  const QString percent = formatPercent(top->scaling, 0);
  const QString saving = reasons.join(QStringLiteral(", "));
  // Would the top point's layout run at the reference size? The engine says: no, by memory or
  // by a rule of the layout (then the smallest size had to run a slower layout), or yes (then
  // the same layout spends less GPU time per token on more GPUs).
  QString blocked;
  if (!sameLayout(base->scenario, top->scenario)) {
    cp::Scenario there = cp::held_scenario(top->scenario, top->scenario.cluster.fabric, base->gpus);
    there.training.global_batch = base->scenario.training.global_batch;
    const std::vector<cp::Problem> problems = cp::validate(there);
    if (!problems.empty()) {
      //: why the larger size's layout does not run at the smallest size: a rule of the layout
      blocked = FabricCharts::tr("is not a valid layout on %1 GPUs").arg(baseGpus);
    } else if (const cp::Estimate e = cp::estimate(there); !e.memory.fits) {
      //: why the larger size's layout does not run at the smallest size: memory, e.g. "needs 95.2 GiB per GPU on 16 GPUs"
      blocked = FabricCharts::tr("needs %1 per GPU on %2 GPUs").arg(formatGiB(e.memory.peak.total()), baseGpus);
    }
  }
  ScalingNote note;
  if (blocked.isEmpty()) {
    note.sentences << FabricCharts::tr("Above 100%: at %1 GPUs the same work takes less GPU time per token than at "
                                               "%2 GPUs: %3.").arg(gpus, baseGpus, saving)
                   << FabricCharts::tr("Above 100%: less GPU time per token at %1 GPUs.").arg(gpus);
    note.full = FabricCharts::tr(
                    "Scaling efficiency is tokens/s per GPU against the smallest size that runs (%1 GPUs). It reaches "
                    "%2 at %3 GPUs (%4), where per token %5 take less GPU time.")
                    .arg(baseGpus, percent, gpus, layoutText(top->scenario, base->scenario), saving);
  } else {
    note.sentences << FabricCharts::tr("Above 100%: at %1 GPUs the best layout is %2; it %3, where the best that "
                                               "fits is %4. Per token: %5.")
                          .arg(gpus, shortLayout(top->scenario), blocked, shortLayout(base->scenario), saving)
                   << FabricCharts::tr("Above 100%: %1 (%2 GPUs) does not run on %3 GPUs, which run the slower %4.")
                          .arg(shortLayout(top->scenario), gpus, baseGpus, shortLayout(base->scenario));
    note.full = FabricCharts::tr(
                    "Scaling efficiency is tokens/s per GPU against the smallest size that runs (%1 GPUs), where the "
                    "fastest layout that fits is %2. At %3 GPUs the best layout is %4 (it %5), reaching %6; per "
                    "token, %7 take less GPU time.")
                    .arg(baseGpus, layoutText(base->scenario, top->scenario), gpus, layoutText(top->scenario, base->scenario),
                         blocked, percent, saving);
  }
  note.sentences << FabricCharts::tr("Above 100%: why? Hover over the chart");
  return note;
}

}  // namespace

FabricCharts::FabricCharts(QWidget* parent) : QWidget(parent) {
  grid_ = new QGridLayout(this);
  grid_->setContentsMargins(0, 0, 0, 0);
  auto* grid = grid_;
  grid->setSpacing(4);
  for (int m = 0; m < MetricCount; ++m) {
    auto* plot = new QCustomPlot;
    plot->setObjectName(QStringLiteral("comparisonPlot%1").arg(m));
    plot->setMinimumSize(200, 160);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, QString(), scaledFont(font(), 1.1, true)));
    // Under the title: how each point's layout was chosen, so that an exported chart says it too.
    plot->plotLayout()->insertRow(1);
    auto* method = new QCPTextElement(plot, QString(), scaledFont(font(), 0.85));
    method->setObjectName(QStringLiteral("method"));
    plot->plotLayout()->addElement(1, 0, method);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    plot->xAxis->setTicker(ticker);
    plots_[std::size_t(m)] = plot;
    grid->addWidget(plot, m / 3, m % 3);
    // The hover read-out names the point's layout (and why a hollow point is hollow).
    if (m != GapByTraffic) installChartReadout(plot, [this](QCPAbstractPlottable* p, int index) { return pointReadout(p, index); });
  }
  // Rows: the title, the method line, the chart, then (two charts) the legend.
  constexpr int kLegendRow = 3;
  // The legend sits under the throughput chart, outside the plot area, so it never covers data.
  QCustomPlot* legendPlot = plots_[Throughput];
  legendPlot->legend->setVisible(true);
  legendPlot->axisRect()->insetLayout()->take(legendPlot->legend);
  legendPlot->plotLayout()->addElement(kLegendRow, 0, legendPlot->legend);
  legendPlot->legend->setFillOrder(QCPLegend::foColumnsFirst);
  legendPlot->legend->setWrap(2);
  legendPlot->plotLayout()->setRowStretchFactor(kLegendRow, 0.001);
  plots_[GapByTraffic]->legend->setVisible(true);
  plots_[GapByTraffic]->axisRect()->insetLayout()->take(plots_[GapByTraffic]->legend);
  plots_[GapByTraffic]->plotLayout()->addElement(kLegendRow, 0, plots_[GapByTraffic]->legend);
  plots_[GapByTraffic]->legend->setFillOrder(QCPLegend::foColumnsFirst);
  plots_[GapByTraffic]->legend->setWrap(3);
  plots_[GapByTraffic]->plotLayout()->setRowStretchFactor(kLegendRow, 0.001);
  // The legends take fewer columns where their names do not fit (1366x768), rather than cut them.
  keepLegendFitted(legendPlot, 2);
  keepLegendFitted(plots_[GapByTraffic], 3);
  for (QCustomPlot* p : plots_) {
    applyChartPalette(p, palette());
    p->xAxis->setLabel(tr("GPUs"));
  }
  // The note on efficiencies above 100% is fitted to the chart's width once it is laid out.
  connect(plots_[Scaling], &QCustomPlot::afterLayout, this, &FabricCharts::fitScalingNote);
  redraw();
}

void FabricCharts::setResult(std::shared_ptr<const SweepResult> result, const Options& options) {
  result_ = std::move(result);
  options_ = options;
  redraw();
}

void FabricCharts::fitScalingNote() {
  auto* note = plots_[Scaling]->findChild<QCPItemText*>(QStringLiteral("scalingNote"));
  if (!note || scalingNoteSentences_.isEmpty()) return;
  // The longest sentence that, wrapped to the plot area's width, stays in its lower half (the
  // points lie near 100%, high up); the last, short one in any case.
  const QFontMetrics metrics(note->font());
  const QMargins pad = note->padding();
  const int width = int(plots_[Scaling]->axisRect()->width() * 0.96) - pad.left() - pad.right();
  const double height = plots_[Scaling]->axisRect()->height() * 0.55;
  for (const QString& sentence : scalingNoteSentences_) {
    const QStringList lines = wrapped(sentence, metrics, std::max(40, width));
    note->setText(lines.join(QLatin1Char('\n')));
    if (metrics.lineSpacing() * lines.size() + pad.top() + pad.bottom() <= height) return;
  }
}


void FabricCharts::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  // The plots have their new widths once the layout has run: wrap their titles again then.
  QMetaObject::invokeMethod(
      this,
      [this] {
        for (QCustomPlot* plot : plots_) {
          if (!plot) continue;
          for (int row : {0, 1}) {
            const QString full = plot->plotLayout()->element(row, 0)->property("fullText").toString();
            if (!full.isEmpty()) setPlotText(plot, row, full);
          }
          plot->replot(QCustomPlot::rpQueuedReplot);
        }
      },
      Qt::QueuedConnection);
}

void FabricCharts::changeEvent(QEvent* event) {
  if (event->type() == QEvent::PaletteChange) {
    for (QCustomPlot* p : plots_) applyChartPalette(p, palette());
    redraw();
  }
  if (event->type() == QEvent::LanguageChange) {
    for (QCustomPlot* p : plots_) p->xAxis->setLabel(tr("GPUs"));
    redraw();
  }
  QWidget::changeEvent(event);
}

QString FabricCharts::verdict(const cp::FabricGap& g) {
  const QString fabric = fabricName(g.fabric_name);
  const QString reference = fabricName(g.reference_name);
  const QString size = formatCount(g.gpus);
  QString t;
  const cp::GapClass c = cp::classify(g);
  if (c == cp::GapClass::Equal) {
    QString why;
    if (g.one_node) why = tr("the job runs inside one node, on NVLink, so the fabric carries none of its traffic");
    else if (g.one_leaf) why = tr("the job fits under one leaf switch, so ECMP has nothing to collide on");
    else if (std::abs(g.step_delta_s) < 1e-9) why = tr("its network traffic hides behind compute on both fabrics");
    else why = tr("%1 moves its traffic as fast as %2 here").arg(fabric, reference);
    //: %1 GPU count, %2 the reason
    t = tr("Equal within 0.5% at %1 GPUs: %2").arg(size, why);
  } else {
    const bool refAhead = c == cp::GapClass::ReferenceFaster;
    const QString fast = refAhead ? reference : fabric;
    const QString slow = refAhead ? fabric : reference;
    const double lead = refAhead ? g.speedup : 1 / (1 + g.speedup) - 1;
    const double traffic = g.exposed_delta_s[std::size_t(g.dominant)];
    const auto ms = [](double s) {
      return QStringLiteral("%1%2 ms").arg(s >= 0 ? QStringLiteral("+") : QString()).arg(1e3 * s, 0, 'f', 1);
    };
    const auto kindOf = [](cp::Traffic k) {
      switch (k) {
        case cp::Traffic::Dp: return tr("data-parallel");
        case cp::Traffic::Ep: return tr("expert all-to-all");
        case cp::Traffic::Cp: return tr("context-parallel");
        case cp::Traffic::Pp: return tr("pipeline");
        case cp::Traffic::Tp: return tr("tensor-parallel");
      }
      return QString();
    };
    const auto onSlow = [&](double s) { return refAhead ? ms(s) : ms(-s); };
    // The cause as the core names it (dominant_cause), in the same words.
    const std::string cause = cp::dominant_cause(g);
    const cp::FabricGap::ByCause& b = g.by_cause;
    const auto trafficIn = [&](const std::string& prefix) {
      for (int k = 0; k < cp::kTrafficKinds; ++k)
        if (cause == prefix + std::string(cp::to_string(cp::Traffic(k)))) return k;
      return -1;
    };
    QString why;
    if (cause == "layout_change") {
      //: %1 the reference's layout, %2 the reference fabric, %3 the other layout, %4 the other fabric,
      //: %5 extra time per step, %6 the slower fabric
      why = tr("the best layouts differ (%1 on %2, %3 on %4), %5 per step on %6 from the change of layout")
                .arg(QString::fromStdString(g.reference_layout), reference, QString::fromStdString(g.layout), fabric,
                     onSlow(b.layout_change), slow);
    } else if (cause.starts_with("latency.")) {
      //: %1 per-message latency, %2 per-hop latency, %3 the sum per step, %4 the slower fabric
      why = tr("mostly latency (per message %1, per switch hop %2), %3 per step on %4; more bandwidth or tuning "
               "does not shorten it")
                .arg(ms(b.latency_per_message), ms(b.latency_per_hop), onSlow(b.latency()), slow);
    } else if (const int k = trafficIn("interference."); k >= 0) {
      //: %1 kind of traffic, %2 extra time per step, %3 the slower fabric
      why = tr("mostly compute slowed by hidden %1 traffic, %2 per step on %3")
                .arg(kindOf(cp::Traffic(k)), onSlow(b.interference[std::size_t(k)]), slow);
    } else if (const int k = trafficIn("bandwidth."); k >= 0) {
      //: %1 kind of traffic, %2 extra time per step, %3 the slower fabric
      why = tr("mostly exposed %1 traffic, %2 per step on %3").arg(kindOf(cp::Traffic(k)), onSlow(b.bandwidth[std::size_t(k)]), slow);
    } else if (!g.same_layout && std::abs(g.compute_delta_s) > std::abs(traffic)) {
      why = tr("the best layouts differ, and compute, bubble and optimizer time change by %1 per step on %2")
                .arg(ms(refAhead ? g.compute_delta_s : -g.compute_delta_s), slow);
    } else {
      //: %1 kind of traffic, %2 extra time per step, %3 the slower fabric
      why = tr("mostly exposed %1 traffic, %2 per step on %3").arg(kindOf(g.dominant), ms(refAhead ? traffic : -traffic), slow);
    }
    //: %1 the faster fabric, %2 its lead, %3 GPU count, %4 the reason
    t = tr("%1 is %2 faster at %3 GPUs: %4").arg(fast, formatPercent(std::abs(lead), 1), size, why);
  }
  QString money;
  if (g.per_month_delta < -0.5) money = tr("%1 saves %2 per month").arg(fabric, formatMoney(-g.per_month_delta, g.currency));
  else if (g.per_month_delta > 0.5)
    money = tr("%1 costs %2 more per month").arg(fabric, formatMoney(g.per_month_delta, g.currency));
  else money = tr("both cost the same per month");
  //: a verdict, then what the fabric does to the monthly bill
  return tr("%1; %2.").arg(t, money);
}

QString FabricCharts::jobVerdict(const SweepResult* result, const std::string& ownFabricId) {
  if (!result || result->partial || result->canceled) return QString();
  const cp::JobVerdict v = cp::job_verdict(result->comparison, ownFabricId);
  const auto name = [](const std::string& n, bool own) {
    //: a fabric's name, marked as the one the scenario uses
    return own ? tr("%1 (your fabric)").arg(fabricName(n)) : fabricName(n);
  };
  // The scenario's own fabric is marked at its first mention only.
  QString reference = name(v.reference_name, v.reference_own);
  if (v.others.empty()) return tr("Only %1 is swept: there is nothing to compare it with.").arg(reference);
  QStringList parts;
  for (const cp::FabricVerdict& f : v.others) {
    if (!parts.isEmpty()) reference = fabricName(v.reference_name);
    const QString fabric = name(f.fabric_name, f.own);
    if (f.sizes == 0) {
      parts << tr("%1 has no size where it and %2 both have a valid result").arg(fabric, reference);
      continue;
    }
    const QString largest = formatCount(f.largest_gpus);
    QString t;
    if (f.equal_everywhere) {
      //: %1 a fabric, %2 the reference fabric, %3 GPU count
      t = tr("%1 matches %2 up to %3 GPUs").arg(fabric, reference, largest);
    } else {
      QString last;
      if (f.largest_class == cp::GapClass::Equal) last = tr("matches it again at %1 GPUs").arg(largest);
      else if (f.relative < 0) last = tr("loses %1 at %2 GPUs").arg(formatPercent(std::abs(f.relative), 1), largest);
      else last = tr("gains %1 at %2 GPUs").arg(formatPercent(std::abs(f.relative), 1), largest);
      //: %1 a fabric, %2 the reference, %3 GPU count, %4 what happens at the largest size
      t = f.equal_up_to > 0 ? tr("%1 matches %2 up to %3 GPUs, then %4").arg(fabric, reference, formatCount(f.equal_up_to), last)
                            : tr("%1 %2").arg(fabric, last);
    }
    QString money;
    if (f.per_month_delta < -0.5) money = tr("costs %1 less per month").arg(formatMoney(-f.per_month_delta, v.currency));
    else if (f.per_month_delta > 0.5) money = tr("costs %1 more per month").arg(formatMoney(f.per_month_delta, v.currency));
    else money = tr("costs the same");
    //: what a fabric does for the job, then what it costs
    t = tr("%1 and %2").arg(t, money);
    if (f.break_even_gpus > 0)
      //: %1 the dearer fabric, %2 GPU count
      t += tr("; %1 saves enough time to pay its higher price from %2 GPUs on")
               .arg(f.dearer_is_reference ? reference : fabric, formatCount(f.break_even_gpus));
    parts << t;
  }
  //: the bottom line of the fabric comparison; %1 what each fabric does, separated by semicolons
  return tr("For this job, %1.").arg(parts.join(tr("; ")));
}

QString FabricCharts::pointReadout(QCPAbstractPlottable* p, int index) const {
  QString text = plottableReadout(p, index);
  const QVariant k = p->property("series");
  QCPPlottableInterface1D* data = p->interface1D();
  if (!result_ || !k.isValid() || k.toInt() < 0 || std::size_t(k.toInt()) >= result_->series.size() || index < 0 ||
      !data || index >= data->dataCount())
    return text;
  const SweepSeries& series = result_->series[std::size_t(k.toInt())];
  const double key = data->dataMainKey(index);
  for (const SweepPoint& point : series.points) {
    if (xOf(point.gpus) != key) continue;
    if (p->name().isEmpty()) text = fabricName(series.fabric_name) + QLatin1Char('\n') + text;
    if (point.estimated && !point.fits) text += QLatin1Char('\n') + tr("Does not fit in GPU memory");
    else if (point.provisional) text += QLatin1Char('\n') + tr("Your layout, while the best one is searched");
    //: A point's layout in a chart's hover text
    if (!point.layout.empty()) text += QLatin1Char('\n') + tr("Layout: %1").arg(QString::fromStdString(point.layout));
    break;
  }
  return text;
}

QString FabricCharts::methodLine(cp::SweepLayout layout) {
  return layout == cp::SweepLayout::Best ? tr("Best layout found for each size and fabric")
                                           : tr("Your layout held: TP, PP, CP and EP as in the plan, DP follows the size");
}

void FabricCharts::redraw() {
  static const char* const kTitles[MetricCount] = {
      QT_TR_NOOP("Throughput (M tokens/s)"), QT_TR_NOOP("MFU (%)"),
      QT_TR_NOOP("Scaling efficiency (%)"),  QT_TR_NOOP("Time to train (days)"),
      QT_TR_NOOP("Cost per run"),            QT_TR_NOOP("Advantage of the first fabric (%)"),
      QT_TR_NOOP("Why: extra time per step, by cause")};
  for (int m = 0; m < MetricCount; ++m) {
    QCustomPlot* plot = plots_[std::size_t(m)];
    plot->clearGraphs();
    plot->clearItems();
    plot->clearPlottables();
    QString title = tr(kTitles[m]);
    if (m == CostPerRun && result_)
      title = tr("Cost per run (M %1)").arg(QString::fromUtf8(cp::to_string(result_->currency).data()));
    setPlotText(plot, 0, title);
    setPlotText(plot, 1, methodLine(options_.layout));
  }
  // The time axis: logarithmic on request, so that 8 to 16,384 GPUs stay readable.
  QCustomPlot* timePlot = plots_[TrainTime];
  if (options_.logTime) {
    timePlot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    timePlot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
  } else {
    timePlot->yAxis->setScaleType(QCPAxis::stLinear);
    timePlot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
  }
  if (!result_) {
    for (QCustomPlot* p : plots_) p->replot();
    return;
  }
  const SweepResult& r = *result_;
  // Every other size labelled when there are many, so that the labels never overlap.
  const int step = r.sizes.size() > 8 ? 2 : 1;
  for (QCustomPlot* plot : plots_) {
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(plot->xAxis->ticker());
    ticker->clear();
    for (std::size_t i = 0; i < r.sizes.size(); ++i)
      ticker->addTick(xOf(r.sizes[i]), (r.sizes.size() - 1 - i) % std::size_t(step) == 0 ? tickText(r.sizes[i]) : QString());
    plot->xAxis->setRange(xOf(r.sizes.front()) - 0.5, xOf(r.sizes.back()) + 0.5);
  }
  auto valueOf = [](Metric m, const SweepPoint& p) {
    switch (m) {
      case Throughput: return p.tokens_per_s / 1e6;
      case Mfu: return 100 * p.mfu;
      case Scaling: return 100 * p.scaling;
      case TrainTime: return p.train_time_s / units::Day;
      case CostPerRun: return p.cost_per_run / 1e6;
      case Advantage: return 100 * p.speedup;
      case GapByTraffic:
      case MetricCount: break;
    }
    return 0.0;
  };
  // Distinct colour, dash and marker per series: the fabric's own where it is free.
  std::vector<QColor> colours;
  std::vector<Qt::PenStyle> dashes;
  for (const SweepSeries& series : r.series) {
    QColor colour = palette::fabric(series.fabric_id);
    Qt::PenStyle dash = palette::fabricLine(series.fabric_id);
    for (int n = 0; std::find(colours.begin(), colours.end(), colour) != colours.end(); ++n) colour = palette::series(n);
    for (int n = 0; std::find(dashes.begin(), dashes.end(), dash) != dashes.end(); ++n) dash = palette::seriesLine(n);
    colours.push_back(colour);
    dashes.push_back(dash);
  }
  std::array<std::vector<std::pair<double, double>>, MetricCount> doesNotFit;  // per chart: (x, value)
  for (std::size_t k = 0; k < r.series.size(); ++k) {
    const SweepSeries& series = r.series[k];
    const QColor colour = colours[k];
    const QPen pen(colour, 2.2, dashes[k]);
    for (int m = 0; m < GapByTraffic; ++m) {
      if (m == Advantage && k == 0) continue;  // the first fabric against itself
      QCustomPlot* plot = plots_[std::size_t(m)];
      QCPGraph* g = plot->addGraph();
      g->setProperty("series", int(k));  // for the hover read-out (pointReadout)
      g->setName(fabricName(series.fabric_name));
      g->setPen(pen);
      g->setScatterStyle(QCPScatterStyle(marker(k), colour, colour, 7));
      // Estimated points that do not fit in memory: hollow, unconnected, not in the legend (the one
      // "does not fit" mark drawn over them below is).
      QCPGraph* hollow = nullptr;
      // A partial result's held-layout points while their search runs: dotted, not in the legend.
      QCPGraph* held = nullptr;
      for (const SweepPoint& p : series.points) {
        const bool plottable = !(m == TrainTime && p.train_time_s <= 0) && !(m == Advantage);
        if (p.provisional) {
          if (!p.feasible || (m == TrainTime && p.train_time_s <= 0)) continue;
          if (!held) {
            held = plot->addGraph();
            held->setProperty("series", int(k));
            held->setObjectName(QStringLiteral("provisional"));
            held->setPen(QPen(colour, 1.2, Qt::DotLine));
            held->setScatterStyle(QCPScatterStyle(marker(k), QPen(colour, 1.2), QBrush(Qt::NoBrush), 6));
            held->removeFromLegend();
          }
          held->addData(xOf(p.gpus), valueOf(Metric(m), p));
          continue;
        }
        if (p.feasible && !(m == TrainTime && p.train_time_s <= 0)) {
          g->addData(xOf(p.gpus), valueOf(Metric(m), p));
        } else if (p.estimated && !p.fits && plottable && m != Scaling) {
          if (!hollow) {
            hollow = plot->addGraph();
            hollow->setProperty("series", int(k));
            hollow->setLineStyle(QCPGraph::lsNone);
            hollow->setScatterStyle(QCPScatterStyle(marker(k), QPen(colour, 1.5), QBrush(Qt::NoBrush), 9));
            hollow->removeFromLegend();
          }
          hollow->addData(xOf(p.gpus), valueOf(Metric(m), p));
          doesNotFit[std::size_t(m)].emplace_back(xOf(p.gpus), valueOf(Metric(m), p));
        }
      }
    }
  }
  // One mark for "does not fit in memory", over the fabrics' hollow markers (which stack where
  // fabrics coincide), with its own legend entry, so that an exported chart says it too.
  for (int m = 0; m < GapByTraffic; ++m) {
    if (doesNotFit[std::size_t(m)].empty()) continue;
    QCPGraph* mark = plots_[std::size_t(m)]->addGraph();
    mark->setObjectName(QStringLiteral("doesNotFit"));
    mark->setName(tr("Does not fit in GPU memory"));
    mark->setLineStyle(QCPGraph::lsNone);
    mark->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(palette::doesNotFit(), 2), Qt::NoBrush, 11));
    for (const auto& [x, y] : doesNotFit[std::size_t(m)]) mark->addData(x, y);
  }
  // Efficiencies above 100%: why, on the chart (fitted to its width) and as its tooltip; not
  // while held layouts still stand in for some sizes.
  {
    const ScalingNote why = r.partial ? ScalingNote{} : whyAbove100(r.comparison);
    scalingNoteSentences_ = why.sentences;
    scalingNoteFull_ = why.full;
    QCustomPlot* plot = plots_[Scaling];
    plot->setToolTip(plainToolTip(why.full));
    if (!why.full.isEmpty()) {
      auto* note = new QCPItemText(plot);
      note->setObjectName(QStringLiteral("scalingNote"));
      note->position->setType(QCPItemPosition::ptAxisRectRatio);
      note->position->setCoords(0.02, 0.97);  // bottom left: the points lie near 100%, high up
      note->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
      note->setTextAlignment(Qt::AlignLeft);
      note->setFont(scaledFont(font(), 0.85));
      note->setPadding(QMargins(4, 2, 4, 2));
      note->setText(why.sentences.back());
      note->setColor(palette().color(QPalette::Text));  // redrawn on a change of theme
      followTheme(note, true);  // on a box of the theme's background, readable over the grid
      applyChartPalette(plot, palette());
    }
  }
  // The gap where it matters: the first fabric's lead at the largest size, on the throughput
  // and time-to-train charts; labels of several fabrics stacked, never on top of each other.
  for (std::size_t k = 1; k < r.series.size(); ++k) {
    const SweepSeries& series = r.series[k];
    for (std::size_t i = series.points.size(); i-- > 0;) {  // from the largest size down
      const SweepPoint& last = series.points[i];
      if (!last.feasible) continue;
      for (Metric m : {Throughput, TrainTime}) {
        if (m == TrainTime && last.train_time_s <= 0) continue;
        auto* label = new QCPItemText(plots_[m]);
        label->position->setCoords(xOf(last.gpus), valueOf(m, last));
        label->setPositionAlignment(Qt::AlignRight | (m == Throughput ? Qt::AlignTop : Qt::AlignBottom));
        // One line's height per fabric before it (a fixed 16 px let bold labels overlap).
        const QFont bold = scaledFont(font(), 1.0, true);
        const int offset = (QFontMetrics(bold).height() + 2) * int(k - 1);
        label->setPadding(m == Throughput ? QMargins(2, 2 + offset, 10, 2) : QMargins(2, 2, 10, 2 + offset));
        label->setColor(colours[k]);
        label->setFont(bold);
        //: The first fabric's lead over this one at the largest size, e.g. "gap +23%"
        const double gap = std::abs(last.speedup) < 0.0005 ? 0.0 : last.speedup;  // no "-0.0%"
        label->setText(tr("gap %1%2").arg(gap >= 0 ? QStringLiteral("+") : QString(), formatPercent(gap, 1)));
      }
      break;
    }
  }
  // Why: the verdict pair's extra time per step by cause, one bar group per size. Each traffic's
  // bar is its bandwidth and the interference it causes; latency and a change of layout are
  // their own bars, so neither reads as traffic (fabric_gap's by_cause).
  {
    QCustomPlot* plot = plots_[GapByTraffic];
    const cp::ComparisonResult& c = r.comparison;
    static const char* const kParts[] = {QT_TR_NOOP("DP"),      QT_TR_NOOP("EP"), QT_TR_NOOP("CP"),
                                         QT_TR_NOOP("PP"),      QT_TR_NOOP("TP"), QT_TR_NOOP("latency"),
                                         QT_TR_NOOP("layout change")};
    constexpr int kPartCount = 7;
    static const cp::StepPart kColours[] = {cp::StepPart::Dp, cp::StepPart::Ep,     cp::StepPart::Cp,
                                            cp::StepPart::Pp, cp::StepPart::Tp,     cp::StepPart::Bubble,
                                            cp::StepPart::Compute};
    const auto part_s = [](const cp::FabricGap& g, int part) {
      const cp::FabricGap::ByCause& b = g.by_cause;
      if (part < cp::kTrafficKinds) return b.bandwidth[std::size_t(part)] + b.interference[std::size_t(part)];
      return part == cp::kTrafficKinds ? b.latency() : b.layout_change;
    };
    // One unit for the chart, the largest that keeps its largest bar at 1 or more.
    double largest = 0;
    const cp::FabricGap* any = nullptr;
    for (int gpus : c.sizes)
      if (const cp::FabricGap* g = c.verdict_gap(gpus)) {
        if (!any) any = g;
        for (int part = 0; part < kPartCount; ++part) largest = std::max(largest, std::abs(part_s(*g, part)));
      }
    const double scale = largest >= 1 ? 1 : largest >= 1e-3 || largest == 0 ? 1e3 : 1e6;
    auto* group = new QCPBarsGroup(plot);
    group->setSpacing(0);
    const double width = 0.8 / kPartCount;
    for (int part = 0; part < kPartCount; ++part) {
      auto* bars = new QCPBars(plot->xAxis, plot->yAxis);
      bars->setName(tr(kParts[part]));
      bars->setWidth(width);
      bars->setBarsGroup(group);
      const QColor fill = palette::stepPart(kColours[part]);
      bars->setBrush(fill);
      bars->setPen(QPen(fill.darker(130)));
      for (int gpus : c.sizes)
        if (const cp::FabricGap* g = c.verdict_gap(gpus)) bars->addData(xOf(gpus), scale * part_s(*g, part));
    }
    const QString unit = scale == 1 ? tr("seconds") : scale == 1e3 ? tr("milliseconds") : tr("microseconds");
    if (any)
      //: %1 the unit (seconds, milliseconds), %2 the compared fabric, %3 the reference fabric
      setPlotText(plot, 0,
                  tr("Why: extra %1 per step on %2 vs %3, by cause")
                      .arg(unit, fabricName(any->fabric_name), fabricName(any->reference_name)));
    const QString axisUnit = scale == 1 ? QStringLiteral("s") : scale == 1e3 ? QStringLiteral("ms") : QStringLiteral("µs");
    plot->yAxis->setLabel(tr("Extra %1 per step").arg(axisUnit));
  }
  // The seed article's claims: only for its class (A100/H100 at 8-32 GPUs), at their sizes.
  if (options_.claims && r.comparison.seed_class) {
    QCustomPlot* plot = plots_[Advantage];
    QCPGraph* g = plot->addGraph();
    g->setName(tr("Seed article's claims"));
    g->setLineStyle(QCPGraph::lsNone);
    // Black on a light theme; the theme's text colour on a dark one, where black would not show.
    const QColor claimColour = paletteIsDark(palette()) ? palette().color(QPalette::Text) : palette::reference();
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCrossSquare, claimColour, claimColour, 10));
    std::vector<std::pair<int, double>> shown;  // size, claimed advantage
    for (const cp::ClaimCheck& claim : cp::check_seed_claims())
      for (const ClaimPlace& place : kClaimPlaces)
        if (claim.id == place.id && place.gpus >= r.sizes.front() && place.gpus <= r.sizes.back())
          shown.emplace_back(place.gpus, claim.claimed);
    double mean = 0;
    for (const auto& [gpus, claimed] : shown) mean += claimed / double(shown.size());
    for (const auto& [gpus, claimed] : shown) {
      g->addData(xOf(gpus), 100 * claimed);
      auto* label = new QCPItemText(plot);
      label->position->setCoords(xOf(gpus), 100 * claimed);
      // Beside its point; the smallest claim's label below it instead, where a label that runs
      // to the right over the next size's point would otherwise meet that point's label.
      label->setPositionAlignment(Qt::AlignLeft | (claimed > mean ? Qt::AlignVCenter : Qt::AlignTop));
      label->setPadding(QMargins(6, 4, 0, 4));
      label->setText(tr("seed: %1").arg(formatPercent(claimed, 0)));
      followTheme(label);  // the theme's text colour (was black: unseen on the dark theme)
      applyChartPalette(plot, palette());
    }
  }
  for (int m = 0; m < MetricCount; ++m) {
    QCustomPlot* plot = plots_[std::size_t(m)];
    plot->yAxis->rescale();
    QCPRange range = plot->yAxis->range();
    if (m == TrainTime && options_.logTime) {
      range.lower = range.lower > 0 ? range.lower / 1.5 : 0.01;
      range.upper = range.upper > 0 ? range.upper * 1.5 : 1;
    } else {
      range.lower = std::min(0.0, range.lower * 1.12);
      range.upper = range.upper > 0 ? range.upper * 1.18 : 1;
    }
    plot->yAxis->setRange(range);
    plot->replot();
  }
}

QStringList chosenFabrics() {
  QStringList ids;
  for (const QString& id : kChosenFabrics.get())
    if (cp::find_fabric(id.toStdString()) && !ids.contains(id)) ids << id;
  if (ids.size() < 2) ids.clear();
  return ids;
}

void setChosenFabrics(const QStringList& ids) { kChosenFabrics.set(ids); }

std::shared_ptr<const SweepResult> runComparison(const cp::Scenario& scenario, int maxGpus, int timeoutMs) {
  constexpr int kMinGpus = 8;
  std::vector<std::string> fabrics;
  for (const QString& id : chosenFabrics()) fabrics.push_back(id.toStdString());
  if (fabrics.empty()) fabrics = default_fabrics(scenario);
  const std::vector<int> sizes =
      cp::comparison_sizes(scenario, cp::SweepLayout::Best, kMinGpus, std::max(kMinGpus, maxGpus));
  const int threads = std::max(1, cp::hardware_threads() - 1);
  auto stop = std::make_shared<std::atomic<bool>>(false);
  QFutureWatcher<SweepResult> watcher;
  QEventLoop loop;
  QObject::connect(&watcher, &QFutureWatcher<SweepResult>::finished, &loop, &QEventLoop::quit);
  QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
  watcher.setFuture(QtConcurrent::run([scenario, fabrics, sizes, threads, stop] {
    return run_sweep(scenario, fabrics, sizes, {}, cp::SweepLayout::Best, cp::SweepScaling::Strong, threads, stop.get());
  }));
  if (!watcher.isFinished()) loop.exec();
  if (!watcher.isFinished()) {
    stop->store(true);  // too late: the search stops, and its result is not used
    watcher.waitForFinished();
    return nullptr;
  }
  SweepResult r = watcher.result();
  if (r.canceled) return nullptr;
  return std::make_shared<const SweepResult>(std::move(r));
}

}  // namespace cp::ui
