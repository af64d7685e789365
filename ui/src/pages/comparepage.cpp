#include "ui/pages/comparepage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include "ui/charts/customplot.h"
#include <set>

#include "engine/explain.h"
#include "io/scenario_json.h"
#include "engine/units.h"
#include "ui/charts/chartstyle.h"
#include "ui/text/enginetext.h"
#include "ui/text/fieldtext.h"
#include "ui/text/i18n.h"
#include "ui/palette.h"
#include "ui/scenariodocument.h"
#include "ui/library/librarycontroller.h"
#include "ui/library/scenariolistmodel.h"
#include "ui/text/terms.h"
#include "ui/text/usertext.h"

namespace cp::ui {
namespace {

constexpr int kDiffersRole = Qt::UserRole + 1;  // on a cell: differs from the baseline; on a label: the row differs
constexpr int kMaxOtherValueChars = 60;
constexpr double kBarWidth = 0.62;
constexpr double kRangeMargin = 1.32;  // room right of the longest bar for its total
constexpr int kMaxTickLabelChars = 26;
constexpr int kHeightBesidesLegend = 160;  // a chart's title, bars and value axis (logical px)

QColor highlight() { return QColor(0xFF, 0xE0, 0xB2); }  // a light tint of the palette's orange

QString yesNo(bool b) { return b ? ComparePage::tr("yes") : ComparePage::tr("no"); }
QString num(double v, int decimals = 0) { return QLocale().toString(v, 'f', decimals); }
// A row's value in `s` as the Inputs dock words it: a choice by its name, a flag yes or no, a
// number with its unit, a 0 that stands for a rule as its word, an unset optional one as the
// built-in rule.
QString valueText(const cp::FieldInfo& f, const cp::Scenario& s) {
  const double v = f.get(s);
  switch (f.kind) {
    case cp::FieldKind::Choice: {
      const QStringList names = choiceNames(f);
      const int i = int(v);
      if (i >= 0 && i < names.size()) return names[i];
      const std::string_view word = f.word(s);
      return QString::fromUtf8(word.data(), qsizetype(word.size()));
    }
    case cp::FieldKind::Flag: return yesNo(v != 0);
    case cp::FieldKind::Count:
    case cp::FieldKind::Real: {
      if (std::isnan(v)) return ComparePage::tr("built-in rule");
      if (v == 0 && !f.zero_word.empty()) return fieldZeroWord(f);
      const QString unit = fieldUnit(f);
      const QString number = std::abs(v) < 1e15 && v == std::floor(v) ? QLocale().toString(qlonglong(v))
                                                                        : QLocale().toString(v, 'g', 6);
      return unit.isEmpty() ? number : ComparePage::tr("%1 %2").arg(number, unit);
    }
    case cp::FieldKind::Text: break;
  }
  return {};
}

QString signedPercent(double fraction) {
  return fraction > 0 ? ComparePage::tr("+%1").arg(formatPercent(fraction)) : formatPercent(fraction);
}

// One line of the table: the text of each scenario's value and, for results, the number the
// change in percent is taken from.
struct Line {
  QString label;
  std::function<QString(const cp::Scenario&, const cp::Estimate*)> text;
  std::function<double(const cp::Scenario&, const cp::Estimate&)> number;  // results only
  bool money = false;  // a percent change only between the same currencies
};

QList<Line> inputLines() {
  using S = const cp::Scenario&;
  using E = const cp::Estimate*;
  return {
      {ComparePage::tr("Model"), [](S s, E) {
         return s.model_derived ? ComparePage::tr("%1 (shape derived from its size)").arg(modelDisplayName(s))
                                : modelDisplayName(s);
       }, {}},
      {ComparePage::tr("Parameters"), [](S, E e) { return e ? ComparePage::tr("%1 B").arg(num(e->params.total / 1e9, 1)) : ComparePage::tr("—"); }, {}},
      {ComparePage::tr("Layers × hidden size"), [](S s, E) { return ComparePage::tr("%1 × %2").arg(s.model.layers).arg(s.model.hidden); }, {}},
      {fieldLabel(cp::field("cluster.gpu")), [](S s, E) { return QString::fromStdString(s.cluster.gpu.name); }, {}},
      {ComparePage::tr("GPUs (nodes × GPUs per node)"), [](S s, E) {
         return ComparePage::tr("%1 (%2 × %3)").arg(formatCount(s.cluster.total_gpus())).arg(s.cluster.nodes).arg(s.cluster.gpus_per_node);
       }, {}},
      {fieldLabel(cp::field("cluster.fabric")), [](S s, E) { return fabricName(s.cluster.fabric.name); }, {}},
      {fieldLabel(cp::field("cluster.topology")), [](S s, E) { return topologyName(s.cluster.topology); }, {}},
      {fieldLabel(cp::field("cluster.oversubscription")), [](S s, E) { return ComparePage::tr("%1:1").arg(QLocale().toString(s.cluster.oversubscription, 'g', 3)); }, {}},
      {fieldLabel(cp::field("training.seq")), [](S s, E) { return ComparePage::tr("%1 tokens").arg(formatCount(s.training.seq)); }, {}},
      {fieldLabel(cp::field("training.micro_batch")), [](S s, E) { return ComparePage::tr("%1 sequences").arg(formatCount(s.training.micro_batch)); }, {}},
      {fieldLabel(cp::field("training.global_batch")), [](S s, E) { return ComparePage::tr("%1 sequences").arg(formatCount(s.training.global_batch)); }, {}},
      {fieldLabel(cp::field("training.precision")), [](S s, E) { return precisionName(s.training.precision); }, {}},
      {fieldLabel(cp::field("training.optimizer")), [](S s, E) { return optimizerName(s.training.optimizer); }, {}},
      {ComparePage::tr("Activation recomputation"), [](S s, E) { return recomputeName(s.training.recompute); }, {}},
      {fieldLabel(cp::field("training.zero")), [](S s, E) { return zeroName(s.training.zero); }, {}},
      {fieldLabel(cp::field("parallelism.tp")), [](S s, E) { return QString::number(s.parallel.tp); }, {}},
      {fieldLabel(cp::field("parallelism.pp")), [](S s, E) { return QString::number(s.parallel.pp); }, {}},
      {ComparePage::tr("Virtual pipeline (VPP)"), [](S s, E) { return QString::number(s.parallel.vpp); }, {}},
      {fieldLabel(cp::field("parallelism.dp")), [](S s, E e) {
         const int dp = e ? e->dp : s.data_parallel();
         return s.parallel.dp > 0 ? QString::number(dp) : ComparePage::tr("%1 (derived)").arg(dp);
       }, {}},
      {fieldLabel(cp::field("parallelism.cp")), [](S s, E) { return QString::number(s.parallel.cp); }, {}},
      {fieldLabel(cp::field("parallelism.ep")), [](S s, E) { return QString::number(s.parallel.ep); }, {}},
      {fieldLabel(cp::field("parallelism.sp")), [](S s, E) { return yesNo(s.parallel.sp); }, {}},
      {ComparePage::tr("Training tokens"), [](S s, E) {
         return s.training.tokens > 0 ? ComparePage::tr("%1 B").arg(num(s.training.tokens / 1e9, 0)) : ComparePage::tr("—");
       }, {}},
      {fieldLabel(cp::field("assumptions.pue")), [](S s, E) { return QLocale().toString(s.assumptions.pue, 'f', 2); }, {}},
      {fieldLabel(cp::field("assumptions.payment")), [](S s, E) { return paymentName(s.assumptions.payment); }, {}},
  };
}

// The scenario JSON keys the lines above already show (their changes show there).
const std::set<std::string>& shownKeys() {
  static const std::set<std::string> keys{
      "format", "format_version", "name", "name_is_derived", "model.id", "model.derived", "model.layers", "model.hidden",
      "training.seq", "training.micro_batch", "training.global_batch", "training.precision", "training.optimizer",
      "training.recompute", "training.zero", "training.tokens", "parallelism.tp", "parallelism.pp", "parallelism.vpp",
      "parallelism.dp", "parallelism.cp", "parallelism.ep", "parallelism.sp", "cluster.gpu", "cluster.gpus_per_node",
      "cluster.nodes", "cluster.fabric", "cluster.topology", "cluster.oversubscription", "assumptions.pue",
      "assumptions.payment"};
  return keys;
}

QList<Line> resultLines() {
  using S = const cp::Scenario&;
  using E = const cp::Estimate*;
  using EE = const cp::Estimate&;
  const QString none = ComparePage::tr("—");
  return {
      {ComparePage::tr("Fits in GPU memory"), [](S, E e) {
         if (!e) return ComparePage::tr("—");
         return e->memory.fits ? ComparePage::tr("✓ fits, %1 to spare").arg(formatGiB(e->memory.headroom()))
                               : ComparePage::tr("✗ %1 short").arg(formatGiB(-e->memory.headroom()));
       }, {}},
      {figureTitle(cp::Figure::MemoryPerGpu), [](S, E e) { return e ? formatGiB(e->memory.peak.total()) : ComparePage::tr("—"); },
       [](S, EE e) { return e.memory.peak.total(); }},
      {figureTitle(cp::Figure::StepTime), [](S, E e) { return e ? formatDuration(e->step.step_s) : ComparePage::tr("—"); },
       [](S, EE e) { return e.step.step_s; }},
      {figureTitle(cp::Figure::TokensPerS), [](S, E e) { return e ? formatTokensPerS(e->throughput.tokens_per_s) : ComparePage::tr("—"); },
       [](S, EE e) { return e.throughput.tokens_per_s; }},
      {figureTitle(cp::Figure::Mfu), [](S, E e) { return e ? formatPercent(e->throughput.mfu) : ComparePage::tr("—"); },
       [](S, EE e) { return e.throughput.mfu; }},
      {figureTitle(cp::Figure::TrainTime), [](S, E e) {
         return e && e->reliability.real_train_time_s > 0 ? formatDuration(e->reliability.real_train_time_s) : ComparePage::tr("—");
       }, [](S, EE e) { return e.reliability.real_train_time_s; }},
      {figureTitle(cp::Figure::ItPower), [](S, E e) { return e ? formatPower(e->power.it_w) : ComparePage::tr("—"); },
       [](S, EE e) { return e.power.it_w; }},
      {figureTitle(cp::Figure::FacilityPower), [](S, E e) { return e ? formatPower(e->power.facility_w) : ComparePage::tr("—"); },
       [](S, EE e) { return e.power.facility_w; }},
      {figureTitle(cp::Figure::CostPerMonth), [](S s, E e) {
         return e ? formatMoney(e->cost.per_month, s.assumptions.currency) : ComparePage::tr("—");
       }, [](S, EE e) { return e.cost.per_month; }, true},
      {figureTitle(cp::Figure::CostPerRun), [](S s, E e) {
         return e && e->cost.run_total > 0 ? formatMoney(e->cost.run_total, s.assumptions.currency) : ComparePage::tr("—");
       }, [](S, EE e) { return e.cost.run_total; }, true},
      {ComparePage::tr("Warnings"), [](S, E e) { return e ? QString::number(e->warnings.count) : ComparePage::tr("—"); }, {}},
  };
}

QString elide(const QString& s, int chars) { return s.size() > chars ? s.left(chars - 1) + QChar(0x2026) : s; }

// A horizontal stacked-bar chart with a title and the legend under it.
QCustomPlot* makePlot(QWidget* parent, const QString& name) {
  auto* plot = new QCustomPlot(parent);
  plot->setObjectName(name);
  plot->setMinimumHeight(220);
  auto* title = new QCPTextElement(plot, QString(), scaledFont(plot->font(), 1.15, true));
  plot->plotLayout()->insertRow(0);
  plot->plotLayout()->addElement(0, 0, title);
  plot->plotLayout()->addElement(2, 0, plot->legend);
  plot->plotLayout()->setRowStretchFactor(2, 0.001);
  plot->legend->setVisible(true);
  plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
  plot->legend->setWrap(3);
  plot->legend->setBorderPen(Qt::NoPen);
  plot->legend->setIconSize(16, 12);
  plot->legend->setMargins(QMargins(6, 2, 6, 4));
  plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
  plot->yAxis->setTickLength(0, 0);
  plot->yAxis->setSubTicks(false);
  plot->yAxis->grid()->setVisible(false);
  plot->xAxis->grid()->setSubGridVisible(false);
  // Fewer legend columns where the scenarios' parts do not fit three abreast; no tick runs into the next.
  keepLegendFitted(plot, 3, kHeightBesidesLegend);
  keepTickLabelsApart(plot);
  return plot;
}

QCPTextElement* titleOf(QCustomPlot* plot) { return qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0)); }

}  // namespace

ComparePage::ComparePage(ScenarioDocument* document, QWidget* parent) : QWidget(parent), document_(document) {
  pickLabel_ = new QLabel;
  auto* top = new QHBoxLayout;
  top->addWidget(pickLabel_);
  for (int i = 0; i < kMaxScenarios; ++i) {
    auto* box = new QComboBox;
    box->setObjectName(QStringLiteral("comparePick%1").arg(i + 1));
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(8);
    connect(box, &QComboBox::currentIndexChanged, this, &ComparePage::pickersChanged);
    connect(box, &QComboBox::activated, this, [this] {  // the user picks again: the old news goes
      goneNames_.clear();
      showGone();
    });
    pickers_.push_back(box);
    top->addWidget(box, 1);
  }
  differencesOnly_ = new QCheckBox;
  differencesOnly_->setObjectName(QStringLiteral("differencesOnly"));
  connect(differencesOnly_, &QCheckBox::toggled, this, &ComparePage::applyDifferencesOnly);
  top->addWidget(differencesOnly_);

  hint_ = new QLabel;
  hint_->setObjectName(QStringLiteral("compareHint"));
  hint_->setWordWrap(true);
  hint_->setForegroundRole(QPalette::PlaceholderText);

  gone_ = new QLabel;
  gone_->setObjectName(QStringLiteral("compareGone"));
  gone_->setWordWrap(true);
  gone_->setMargin(4);
  gone_->setAutoFillBackground(true);
  gone_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  makePlain(gone_);  // it quotes scenario names
  gone_->hide();

  table_ = new QTableWidget;
  table_->setObjectName(QStringLiteral("compareTable"));
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionMode(QAbstractItemView::NoSelection);
  table_->setFocusPolicy(Qt::NoFocus);
  table_->verticalHeader()->setVisible(false);
  table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  // A scenario's name wider than its column shows from its start (centred, it would lose both
  // its ends), the whole in its tooltip.
  table_->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
  table_->setWordWrap(false);

  auto* charts = new QWidget;
  auto* ch = new QHBoxLayout(charts);
  ch->setContentsMargins(0, 0, 0, 0);
  stepPlot_ = makePlot(charts, QStringLiteral("compareStepPlot"));
  memoryPlot_ = makePlot(charts, QStringLiteral("compareMemoryPlot"));
  ch->addWidget(stepPlot_);
  ch->addWidget(memoryPlot_);

  auto* splitter = new QSplitter(Qt::Vertical);
  splitter->addWidget(table_);
  splitter->addWidget(charts);
  splitter->setChildrenCollapsible(false);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);

  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(6, 6, 6, 6);
  v->addLayout(top);
  v->addWidget(gone_);
  v->addWidget(hint_);
  v->addWidget(splitter, 1);

  connect(document_, &ScenarioDocument::scenarioChanged, this, [this] {
    for (QComboBox* box : pickers_)
      if (box->currentData().toLongLong() == kCurrentScenario) return pickersChanged();
  });
  retranslate();
  refreshChoices();
  rebuild();  // the empty table and charts, titled, until scenarios are picked
}

void ComparePage::setLibrary(LibraryController* library) {
  const QString path = library ? library->libraryPath() : QString();
  if (path != libraryPath_) {  // another library: the picks of the old one are not "deleted"
    picking_ = true;
    for (QComboBox* box : pickers_)
      if (box->currentData().toLongLong() > 0) box->setCurrentIndex(0);
    picking_ = false;
    goneNames_.clear();
    libraryPath_ = path;
  }
  library_ = library;
  refreshChoices();
}

void ComparePage::refreshChoices() {
  picking_ = true;
  std::vector<qint64> picked;
  QStringList pickedNames;
  for (QComboBox* box : pickers_) {
    picked.push_back(box->currentData().toLongLong());
    pickedNames << box->currentText();
  }
  // Each scenario by the name the GUI shows; unreadable is not gone: the picks stay until the
  // library reads again.
  QList<LibraryController::Choice> list;
  const bool listed = library_ && library_->choices(list);
  for (std::size_t i = 0; i < pickers_.size(); ++i) {
    QComboBox* box = pickers_[i];
    box->clear();
    box->addItem(tr("—"), qint64(0));
    box->addItem(tr("Edited scenario"), kCurrentScenario);
    for (const LibraryController::Choice& c : list) box->addItem(oneLine(c.name), qint64(c.id));
    const int at = box->findData(picked[i]);
    if (at < 0 && picked[i] > 0 && listed && !goneNames_.contains(pickedNames[qsizetype(i)]))
      goneNames_ << pickedNames[qsizetype(i)];
    box->setCurrentIndex(std::max(0, at));
  }
  picking_ = false;
  pickersChanged();
}

void ComparePage::compareLibrary(const QList<qint64>& ids) {
  goneNames_.clear();
  picking_ = true;
  for (std::size_t i = 0; i < pickers_.size(); ++i) {
    const qint64 id = i < std::size_t(ids.size()) ? ids[qsizetype(i)] : 0;
    pickers_[i]->setCurrentIndex(std::max(0, pickers_[i]->findData(id)));
  }
  picking_ = false;
  pickersChanged();
}

void ComparePage::pickersChanged() {
  if (picking_) return;
  QList<Entry> entries;
  unreadable_.clear();
  for (QComboBox* box : pickers_) {
    const qint64 id = box->currentData().toLongLong();
    if (id == kCurrentScenario) {
      entries.append({tr("Edited scenario"), document_->scenario()});
    } else if (id > 0 && library_) {
      cp::Scenario scenario;
      QString error;
      if (library_->loadScenario(id, scenario, &error))
        entries.append({box->currentText(), scenario});
      else if (!error.isEmpty())
        unreadable_ << tr("“%1” cannot be read from the library: %2").arg(box->currentText(), error);
      else if (!goneNames_.contains(box->currentText()))
        goneNames_ << box->currentText();  // deleted since the boxes were filled
    }
  }
  showGone();
  setEntries(entries);
}

QString ComparePage::goneText() const { return gone_->isHidden() ? QString() : gone_->text(); }

void ComparePage::showGone() {
  QStringList lines;
  for (const QString& name : goneNames_)
    lines << tr("“%1” is no longer in the library (it was deleted) and was taken out of the comparison.").arg(oneLine(name));
  lines << unreadable_;
  gone_->setText(bounded(lines.join(QLatin1Char('\n'))));
  QPalette p = palette();  // the page's: it follows the theme
  p.setColor(QPalette::Window, palette::bannerBackground(p, false));
  p.setColor(QPalette::WindowText, palette::bannerText(p));
  gone_->setPalette(p);
  gone_->setHidden(lines.isEmpty());
}

void ComparePage::setEntries(const QList<Entry>& entries) {
  entries_ = entries.mid(0, kMaxScenarios);
  rebuild();
}

void ComparePage::rebuild() {
  shown_.clear();
  for (const Entry& e : entries_) {
    Shown s;
    s.label = e.label;
    s.scenario = e.scenario;
    s.problems = cp::validate(e.scenario);
    if (s.problems.empty()) s.estimate = cp::estimate(e.scenario);
    shown_.push_back(std::move(s));
  }
  hint_->setVisible(shown_.size() < 2);
  fillTable();
  fillCharts();
}

void ComparePage::fillTable() {
  table_->clear();
  const int n = int(shown_.size());
  table_->setColumnCount(n + 1);
  QStringList headers{tr("Scenario")};
  for (int i = 0; i < n; ++i) {
    QString h = oneLine(shown_[std::size_t(i)].label);
    if (i == 0 && n > 1) h = tr("%1 (baseline)").arg(h);
    if (!shown_[std::size_t(i)].problems.empty()) h = tr("%1 (invalid)").arg(h);
    headers << h;
  }
  table_->setHorizontalHeaderLabels(headers);
  for (int c = 1; c < table_->columnCount(); ++c)
    if (QTableWidgetItem* header = table_->horizontalHeaderItem(c)) header->setToolTip(plainToolTip(header->text()));
  table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  table_->setRowCount(0);
  if (n == 0) return;

  QFont bold = table_->font();
  bold.setBold(true);
  auto addGroup = [&](const QString& title) {
    const int row = table_->rowCount();
    table_->insertRow(row);
    auto* item = new QTableWidgetItem(title);
    item->setFont(bold);
    item->setBackground(palette().color(QPalette::AlternateBase));
    table_->setItem(row, 0, item);
    table_->setSpan(row, 0, 1, n + 1);
  };
  auto addRow = [&](const QString& label, const QStringList& texts, const QStringList& shownTexts) {
    const int row = table_->rowCount();
    table_->insertRow(row);
    bool differs = false;
    for (int i = 1; i < n; ++i) differs = differs || texts[i] != texts[0];
    auto* name = new QTableWidgetItem(label);
    name->setData(kDiffersRole, differs);
    if (differs) name->setFont(bold);
    table_->setItem(row, 0, name);
    for (int i = 0; i < n; ++i) {
      auto* item = new QTableWidgetItem(shownTexts[i]);
      item->setToolTip(plainToolTip(texts[i]));
      const bool cellDiffers = i > 0 && texts[i] != texts[0];
      item->setData(kDiffersRole, cellDiffers);
      if (cellDiffers) {
        item->setBackground(highlight());
        item->setForeground(QColor(Qt::black));
        item->setFont(bold);
      }
      table_->setItem(row, i + 1, item);
    }
  };
  auto estimateOf = [this](int i) { return shown_[std::size_t(i)].estimate ? &*shown_[std::size_t(i)].estimate : nullptr; };

  addGroup(tr("Results"));
  for (const Line& line : resultLines()) {
    QStringList texts, shownTexts;
    const cp::Estimate* base = estimateOf(0);
    for (int i = 0; i < n; ++i) {
      const Shown& s = shown_[std::size_t(i)];
      texts << line.text(s.scenario, estimateOf(i));
      QString shown = texts.back();
      const bool sameUnit = !line.money || s.scenario.assumptions.currency == shown_[0].scenario.assumptions.currency;
      if (i > 0 && line.number && base && s.estimate && sameUnit && texts.back() != texts.front()) {
        const double b = line.number(shown_[0].scenario, *base), v = line.number(s.scenario, *s.estimate);
        if (b > 0 && v > 0) shown = tr("%1  (%2)").arg(shown, signedPercent(cp::speedup(v, b)));
      }
      shownTexts << shown;
    }
    addRow(line.label, texts, shownTexts);
  }
  addGroup(tr("Inputs"));
  for (const Line& line : inputLines()) {
    QStringList texts;
    for (int i = 0; i < n; ++i) texts << line.text(shown_[std::size_t(i)].scenario, estimateOf(i));
    addRow(line.label, texts, texts);
  }
  // Every other input that differs. A row of the field table is read through its value path
  // and worded as the Inputs dock words it; what no row holds (the MLA latent sizes, the price
  // lists, a custom GPU's or fabric's name) by its key in the scenario file.
  const cp::Cluster& first = shown_.front().scenario.cluster;
  const bool gpuDiffers = std::any_of(shown_.begin(), shown_.end(),
                                      [&](const Shown& s) { return s.scenario.cluster.gpu.id != first.gpu.id; });
  const bool fabricDiffers = std::any_of(shown_.begin(), shown_.end(),
                                         [&](const Shown& s) { return s.scenario.cluster.fabric.id != first.fabric.id; });
  auto hidden = [&](std::string_view key) {
    // Another GPU or fabric (by catalog id) brings its own figures: the row above says which.
    return shownKeys().count(std::string(key)) > 0 || (gpuDiffers && key.starts_with("cluster.gpu_spec.")) ||
           (fabricDiffers && key.starts_with("cluster.fabric_spec."));
  };
  auto addIfDiffers = [&](const QString& label, const QStringList& texts) {
    if (std::all_of(texts.begin(), texts.end(), [&](const QString& t) { return t == texts[0]; })) return;
    QStringList shownTexts;
    for (const QString& t : texts) shownTexts << elide(t, kMaxOtherValueChars);
    addRow(label, texts, shownTexts);
  };
  for (const cp::FieldInfo& f : cp::kFields) {
    if (!f.has_value() || hidden(f.key)) continue;
    QStringList texts;
    for (const Shown& s : shown_) texts << valueText(f, s.scenario);
    addIfDiffers(tr("%1 (%2)").arg(fieldLabel(f), QString::fromUtf8(f.key.data(), qsizetype(f.key.size()))), texts);
  }
  std::vector<std::map<std::string, std::string>> flat;
  std::set<std::string> keys;
  for (const Shown& s : shown_) {
    std::map<std::string, std::string> m;
    for (auto& [k, v] : cp::flatten_json(cp::scenario_to_json(s.scenario))) {
      const cp::FieldInfo* f = cp::find_field(k);
      if ((f && f->has_value()) || hidden(k)) continue;
      keys.insert(k);
      m[k] = v;
    }
    flat.push_back(std::move(m));
  }
  for (const std::string& key : keys) {
    QStringList texts;
    for (const auto& m : flat) {
      const auto it = m.find(key);
      texts << (it == m.end() ? tr("—") : QString::fromStdString(it->second));
    }
    const cp::FieldInfo* field = cp::find_field(key);
    addIfDiffers(field ? tr("%1 (%2)").arg(fieldLabel(*field), QString::fromStdString(key)) : QString::fromStdString(key),
                 texts);
  }

  applyDifferencesOnly();
}

void ComparePage::applyDifferencesOnly() {
  const bool only = differencesOnly_->isChecked();
  for (int row = 0; row < table_->rowCount(); ++row) {
    const QTableWidgetItem* label = table_->item(row, 0);
    const bool group = table_->columnSpan(row, 0) > 1;
    table_->setRowHidden(row, only && !group && label && !label->data(kDiffersRole).toBool());
  }
}

void ComparePage::fillCharts() {
  const int n = int(shown_.size());
  struct Chart {
    QCustomPlot* plot;
    QString title, axis;
    int parts;
  };
  const Chart charts[] = {{stepPlot_, tr("Step time"), tr("Seconds per optimizer step"), int(cp::kStepParts.size())},
                          {memoryPlot_, tr("Memory per GPU"), tr("GiB, the peak pipeline stage"), int(kMemoryComponents.size())}};
  for (const Chart& c : charts) {
    QCustomPlot* plot = c.plot;
    plot->clearPlottables();
    plot->clearItems();
    titleOf(plot)->setText(c.title);
    plot->xAxis->setLabel(c.axis);
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(plot->yAxis->ticker());
    ticker->clear();
    for (int i = 0; i < n; ++i) {
      const Shown& s = shown_[std::size_t(i)];
      const QString label = elide(s.label, kMaxTickLabelChars);
      ticker->addTick(n - i, s.estimate ? label : tr("%1 (invalid)").arg(label));
    }
    plot->yAxis->setRange(0.4, n + 0.6);

    const bool memory = plot == memoryPlot_;
    const bool anyEstimate =
        std::any_of(shown_.begin(), shown_.end(), [](const Shown& s) { return s.estimate.has_value(); });
    double longest = 0;
    std::vector<double> totals(std::size_t(n), 0.0);
    QCPBars* below = nullptr;
    for (int p = 0; p < c.parts; ++p) {
      auto* bars = new QCPBars(plot->yAxis, plot->xAxis);
      bars->setWidth(kBarWidth);
      bars->setStackingGap(0);
      bars->setPen(QPen(Qt::white, 1));
      if (memory) {
        bars->setName(componentName(kMemoryComponents[std::size_t(p)]));
        bars->setBrush(palette::component(kMemoryComponents[std::size_t(p)]));
      } else {
        bars->setName(stepPartName(cp::kStepParts[std::size_t(p)]));
        bars->setBrush(palette::stepPart(cp::kStepParts[std::size_t(p)]));
      }
      if (below) bars->moveAbove(below);
      below = bars;
      bool any = false;
      for (int i = 0; i < n; ++i) {
        const Shown& s = shown_[std::size_t(i)];
        if (!s.estimate) continue;
        const double v = memory ? componentBytes(s.estimate->memory.peak, kMemoryComponents[std::size_t(p)]) / cp::units::GiB
                                : cp::step_breakdown(*s.estimate)[std::size_t(p)];
        bars->addData(n - i, v);
        totals[std::size_t(i)] += v;  // where the bar ends on the axis (a drawing position)
        any = any || v > 0;
      }
      // A part no scenario has leaves the legend; with nothing to show, every part stays in it
      // (an empty legend's maximum width would squeeze the chart above it to a sliver).
      if (!any && anyEstimate) bars->removeFromLegend();
    }
    for (int i = 0; i < n; ++i) {
      const Shown& s = shown_[std::size_t(i)];
      if (!s.estimate) continue;
      longest = std::max(longest, totals[std::size_t(i)]);
      auto* text = new QCPItemText(plot);
      text->position->setCoords(totals[std::size_t(i)], n - i);
      text->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
      text->setPadding(QMargins(4, 0, 0, 0));
      text->setColor(palette().color(QPalette::Text));
      text->setText(memory ? formatGiB(s.estimate->memory.peak.total()) : formatDuration(s.estimate->step.step_s));
      if (memory) {
        const double capacity = s.estimate->memory.capacity / cp::units::GiB;
        longest = std::max(longest, capacity);
        auto* line = new QCPItemLine(plot);
        line->start->setCoords(capacity, n - i - 0.45);
        line->end->setCoords(capacity, n - i + 0.45);
        line->setPen(QPen(palette::capacity(), 2, Qt::DashLine));
      }
    }
    if (memory) {
      // A legend entry for the capacity marks.
      auto* key = plot->addGraph(plot->xAxis, plot->yAxis);
      key->setName(tr("GPU capacity"));
      key->setPen(QPen(palette::capacity(), 2, Qt::DashLine));
    }
    // Nothing picked yet: an empty axis, not ticks of a billionth.
    plot->xAxis->setRange(0, longest > 0 ? longest * kRangeMargin : 1.0);
    plot->xAxis->setTickLabels(longest > 0);
    applyChartPalette(plot, palette());
    plot->replot();
  }
}

int ComparePage::rowOf(const QString& label) const {
  for (int row = 0; row < table_->rowCount(); ++row)
    if (const QTableWidgetItem* item = table_->item(row, 0); item && item->text() == label) return row;
  return -1;
}

bool ComparePage::isHighlighted(int row, int scenario) const {
  const QTableWidgetItem* item = table_->item(row, scenario + 1);
  return item && item->data(kDiffersRole).toBool();
}

bool ComparePage::rowDiffers(int row) const {
  const QTableWidgetItem* item = table_->item(row, 0);
  return item && item->data(kDiffersRole).toBool();
}

void ComparePage::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    retranslate();
    refreshChoices();
  } else if (event->type() == QEvent::PaletteChange) {
    fillCharts();
    showGone();
  }
  QWidget::changeEvent(event);
}

void ComparePage::retranslate() {
  pickLabel_->setText(tr("Compare:"));
  differencesOnly_->setText(tr("Only differences"));
  differencesOnly_->setToolTip(tr("Hide the rows where every scenario has the same value"));
  hint_->setText(tr("Pick two to four scenarios from the library (or the edited one) in the boxes above, or select "
                    "them in the library and press Compare. Cells that differ from the first scenario (the baseline) are "
                    "highlighted."));
  for (QComboBox* box : pickers_) box->setToolTip(tr("A scenario to compare; the first is the baseline"));
}

}  // namespace cp::ui
