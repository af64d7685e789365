#include "ui/pages/plannerpage.h"

#include "engine/error_band.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QResizeEvent>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QThread>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

#include "engine/fabric.h"
#include "ui/text/enginetext.h"
#include "ui/text/i18n.h"
#include "ui/palette.h"
#include "ui/charts/plannerfrontierchart.h"
#include "ui/pages/plannertablemodel.h"
#include "ui/scenariodocument.h"
#include "ui/text/terms.h"
#include "ui/text/usertext.h"

namespace cp::ui {

QString evidenceText(const cp::PlanResult& r);  // below, with tieText

namespace {

// A pane of the results: a heading row over its view, which takes the height.
QWidget* titledPane(QLayout* head, QWidget* body) {
  auto* pane = new QWidget;
  auto* v = new QVBoxLayout(pane);
  v->setContentsMargins(0, 0, 0, 0);
  v->addLayout(head);
  v->addWidget(body, 1);
  return pane;
}

// The controls' labels, in the order of PlannerPage's label list.
enum Label {
  LGpus, LFabrics, LObjective, LTop, LTp, LPp, LVpp, LCp, LEp, LMicroBatch, LDp, LSp, LRecompute, LZero,
  LPower, LBudget, LDeadline, LSpare, LabelCount
};
const char* const kLabels[LabelCount] = {
    QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "GPUs"),        QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "Fabrics"),
    QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "Objective"),   QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "Top"),
    QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "TP"),          QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "PP"),
    QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "VPP"),         QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "CP"),
    QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "EP"),          QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "Micro-batch"),
    QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "DP"),          QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "SP"),
    QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "Recompute"),   QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "ZeRO"),
    QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "Power limit"), QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "Budget per month"),
    QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "Deadline"),    QT_TRANSLATE_NOOP("cp::ui::PlannerPage", "Spare nodes"),
};

// The search space's grid: at most four label-and-field pairs per row; the fabric button's
// narrowest width and the room its menu arrow takes; the group box's frame and the page's margins.
constexpr int kMaxPairs = 4;
constexpr int kFabricButtonMinWidth = 140;
constexpr int kFabricButtonPadding = 28;
constexpr int kSpaceMargins = 40;
constexpr int kObjectiveMinChars = 12;

constexpr cp::Objective kObjectives[] = {cp::Objective::Throughput, cp::Objective::Time, cp::Objective::Cost,
                                         cp::Objective::CostPerToken};
constexpr cp::Recompute kRecompute[] = {cp::Recompute::None, cp::Recompute::Selective, cp::Recompute::Full};
constexpr cp::Zero kZero[] = {cp::Zero::Stage0, cp::Zero::Stage1, cp::Zero::Stage2, cp::Zero::Stage3,
                              cp::Zero::DistributedOptimizer};

// The "Apply" cell drawn as a push button; a click on it applies the row (PlannerPage).
class ApplyButtonDelegate : public QStyledItemDelegate {
 public:
  using QStyledItemDelegate::QStyledItemDelegate;
  void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override {
    QStyleOptionButton button;
    button.rect = option.rect.adjusted(2, 2, -2, -2);
    button.text = index.data(Qt::DisplayRole).toString();
    button.state = QStyle::State_Enabled | QStyle::State_Raised;
    if (option.state & QStyle::State_MouseOver) button.state |= QStyle::State_MouseOver;
    button.fontMetrics = option.fontMetrics;
    button.palette = option.palette;
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : nullptr;
    if (!style) return;
    style->drawControl(QStyle::CE_PushButton, &button, painter, widget);
  }
  QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override {
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    return {s.width() + 24, s.height() + 6};
  }
};

// A header that keeps room for the sort arrow only in the sorted section (QHeaderView keeps it
// in every section), so that the many narrow columns of the table fit beside the inputs.
class CompactSortHeader : public QHeaderView {
 public:
  CompactSortHeader() : QHeaderView(Qt::Horizontal) {}

 protected:
  QSize sectionSizeFromContents(int logicalIndex) const override {
    QSize size = QHeaderView::sectionSizeFromContents(logicalIndex);
    if (isSortIndicatorShown() && logicalIndex != sortIndicatorSection()) {
      QStyleOptionHeader opt;
      initStyleOption(&opt);
      size.rwidth() -= size.height() + style()->pixelMetric(QStyle::PM_HeaderMargin, &opt, this);
    }
    return size;
  }
};

QLabel* makeLabel(std::vector<QLabel*>& labels) {
  auto* l = new QLabel;
  labels.push_back(l);
  return l;
}

QLineEdit* makeKnob(const char* name) {
  auto* e = new QLineEdit;
  e->setObjectName(QString::fromLatin1(name));
  e->setMinimumWidth(70);
  return e;
}

}  // namespace

PlannerPage::PlannerPage(ScenarioDocument* document, QWidget* parent) : QWidget(parent), document_(document) {
  QWidget* controls = buildControls();

  search_ = new QPushButton;
  search_->setObjectName(QStringLiteral("plannerSearch"));
  search_->setDefault(true);
  cancel_ = new QPushButton;
  cancel_->setObjectName(QStringLiteral("plannerCancel"));
  cancel_->setEnabled(false);
  progress_ = new QProgressBar;
  progress_->setObjectName(QStringLiteral("plannerProgress"));
  progress_->setMaximumWidth(260);
  progress_->setRange(0, 1);
  progress_->setValue(0);
  status_ = new QLabel;
  makePlain(status_);
  status_->setObjectName(QStringLiteral("plannerStatus"));
  status_->setWordWrap(true);
  auto* bar = new QHBoxLayout;
  bar->addWidget(search_);
  bar->addWidget(cancel_);
  bar->addWidget(progress_);
  bar->addWidget(status_, 1);

  message_ = new QLabel;
  message_->setObjectName(QStringLiteral("plannerMessage"));
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  message_->setTextFormat(Qt::PlainText);  // the search's errors quote what the user typed
  message_->setVisible(false);
  stale_ = new QLabel;
  stale_->setObjectName(QStringLiteral("plannerStale"));
  stale_->setWordWrap(true);
  stale_->setMargin(6);
  stale_->setAutoFillBackground(true);
  stale_->setVisible(false);
  paintNotices();

  model_ = new PlannerTableModel(this);
  proxy_ = new QSortFilterProxyModel(this);
  proxy_->setSourceModel(model_);
  proxy_->setSortRole(PlannerTableModel::kSortRole);
  table_ = new QTableView;
  table_->setObjectName(QStringLiteral("plannerTable"));
  table_->setHorizontalHeader(new CompactSortHeader);
  table_->setModel(proxy_);
  table_->setSortingEnabled(true);
  table_->sortByColumn(PlannerTableModel::Rank, Qt::AscendingOrder);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setAlternatingRowColors(true);
  table_->setMouseTracking(true);
  table_->verticalHeader()->setVisible(false);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setItemDelegateForColumn(PlannerTableModel::Apply, new ApplyButtonDelegate(table_));
  apply_ = new QPushButton;
  apply_->setObjectName(QStringLiteral("plannerApply"));
  apply_->setEnabled(false);
  tableTitle_ = new QLabel;
  QFont bold = tableTitle_->font();
  bold.setBold(true);
  tableTitle_->setFont(bold);
  auto* tableHead = new QHBoxLayout;
  tableHead->addWidget(tableTitle_, 1);
  tableHead->addWidget(apply_);
  QWidget* tableBox = titledPane(tableHead, table_);

  counts_ = new QTreeWidget;
  counts_->setObjectName(QStringLiteral("plannerCounts"));
  counts_->setColumnCount(2);
  counts_->setRootIsDecorated(true);
  counts_->setUniformRowHeights(true);
  counts_->header()->setStretchLastSection(false);
  counts_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
  counts_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  countsTitle_ = new QLabel;
  countsTitle_->setFont(bold);
  auto* countsHead = new QHBoxLayout;
  countsHead->addWidget(countsTitle_);
  QWidget* countsBox = titledPane(countsHead, counts_);
  frontier_ = new PlannerFrontierChart;
  frontier_->setObjectName(QStringLiteral("frontierChart"));

  auto* bottom = new QSplitter(Qt::Horizontal);
  bottom->addWidget(countsBox);
  bottom->addWidget(frontier_);
  bottom->setChildrenCollapsible(false);
  bottom->setStretchFactor(0, 2);
  bottom->setStretchFactor(1, 3);
  bottom->setSizes({480, 620});
  auto* split = new QSplitter(Qt::Vertical);
  split->addWidget(tableBox);
  split->addWidget(bottom);
  split->setChildrenCollapsible(false);
  split->setStretchFactor(0, 1);
  split->setStretchFactor(1, 1);

  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(6, 6, 6, 6);
  v->addWidget(controls);
  v->addLayout(bar);
  v->addWidget(message_);
  v->addWidget(stale_);
  v->addWidget(split, 1);

  connect(search_, &QPushButton::clicked, this, [this] { search(); });
  connect(cancel_, &QPushButton::clicked, this, &PlannerPage::cancel);
  connect(apply_, &QPushButton::clicked, this, &PlannerPage::applySelected);
  connect(table_, &QTableView::doubleClicked, this,
          [this](const QModelIndex& index) { applyRow(proxy_->mapToSource(index).row()); });
  connect(table_, &QTableView::clicked, this, [this](const QModelIndex& index) {
    if (index.column() == PlannerTableModel::Apply) applyRow(proxy_->mapToSource(index).row());
  });
  connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
          [this] { apply_->setEnabled(table_->selectionModel()->hasSelection()); });
  connect(&watcher_, &QFutureWatcher<cp::PlanResult>::progressRangeChanged, progress_, &QProgressBar::setRange);
  connect(&watcher_, &QFutureWatcher<cp::PlanResult>::progressValueChanged, progress_, &QProgressBar::setValue);
  connect(&watcher_, &QFutureWatcher<cp::PlanResult>::finished, this, &PlannerPage::finished);
  connect(gpus_, &QLineEdit::textEdited, this, [this] { gpusEdited_ = true; });
  connect(document_, &ScenarioDocument::scenarioChanged, this, &PlannerPage::scenarioChanged);

  retranslate();
  scenarioChanged();
  frontier_->setResult(nullptr, false);
}

PlannerPage::~PlannerPage() {
  if (cancelFlag_) cancelFlag_->store(true);
  watcher_.disconnect(this);
  watcher_.waitForFinished();
}

QWidget* PlannerPage::buildControls() {
  gpus_ = new QLineEdit;
  gpus_->setObjectName(QStringLiteral("plannerGpus"));
  gpus_->setMinimumWidth(140);
  fabrics_ = new QToolButton;
  fabrics_->setObjectName(QStringLiteral("plannerFabrics"));
  fabrics_->setPopupMode(QToolButton::InstantPopup);
  fabrics_->setToolButtonStyle(Qt::ToolButtonTextOnly);
  fabrics_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  buildFabricMenu();
  objective_ = new QComboBox;
  // Its narrowest width is a dozen characters, not its longest objective (the laptop's columns).
  objective_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  objective_->setMinimumContentsLength(kObjectiveMinChars);
  objective_->setObjectName(QStringLiteral("plannerObjective"));
  for (cp::Objective o : kObjectives) objective_->addItem(QString(), int(o));
  top_ = new QSpinBox;
  top_->setObjectName(QStringLiteral("plannerTop"));
  top_->setRange(1, 1000);
  top_->setValue(10);
  knobs_.tp = makeKnob("plannerTp");
  knobs_.pp = makeKnob("plannerPp");
  knobs_.vpp = makeKnob("plannerVpp");
  knobs_.cp = makeKnob("plannerCp");
  knobs_.ep = makeKnob("plannerEp");
  knobs_.microBatch = makeKnob("plannerMicroBatch");
  dpNote_ = new QLabel;
  dpNote_->setWordWrap(true);  // a narrow page wraps the note rather than scrolling sideways
  for (auto*& b : recompute_) b = new QCheckBox;
  for (auto*& b : zero_) b = new QCheckBox;
  for (auto*& b : sp_) b = new QCheckBox;
  for (QCheckBox* b : recompute_) b->setChecked(true);
  for (QCheckBox* b : zero_) b->setChecked(true);
  for (QCheckBox* b : sp_) b->setChecked(true);
  recompute_[0]->setObjectName(QStringLiteral("plannerRecomputeNone"));
  zero_[0]->setObjectName(QStringLiteral("plannerZero0"));
  sp_[0]->setObjectName(QStringLiteral("plannerSpOff"));
  power_ = new QDoubleSpinBox;
  power_->setObjectName(QStringLiteral("plannerPower"));
  power_->setRange(0, 1e7);
  power_->setDecimals(0);
  power_->setSingleStep(100);
  budget_ = new QDoubleSpinBox;
  budget_->setObjectName(QStringLiteral("plannerBudget"));
  budget_->setRange(0, 1e12);
  budget_->setDecimals(0);
  budget_->setSingleStep(10000);
  deadline_ = new QDoubleSpinBox;
  deadline_->setObjectName(QStringLiteral("plannerDeadline"));
  deadline_->setRange(0, 36500);
  deadline_->setDecimals(1);
  spare_ = new QSpinBox;
  spare_->setObjectName(QStringLiteral("plannerSpare"));
  spare_->setRange(0, 4096);

  for (int i = 0; i < LabelCount; ++i) makeLabel(labels_);
  grid_ = new QGridLayout;
  grid_->setHorizontalSpacing(8);
  grid_->setVerticalSpacing(4);
  auto put = [&](Label label, QWidget* field, int span = 1) {
    labels_[std::size_t(label)]->setBuddy(field);
    slots_.push_back({int(label), field, span});
  };
  auto boxes = [](auto& list) {
    auto* w = new QWidget;
    auto* h = new QHBoxLayout(w);
    h->setContentsMargins(0, 0, 0, 0);
    for (QCheckBox* b : list) h->addWidget(b);
    h->addStretch(1);
    return w;
  };
  put(LGpus, gpus_);
  put(LFabrics, fabrics_);
  put(LObjective, objective_);
  put(LTop, top_);
  put(LTp, knobs_.tp);
  put(LPp, knobs_.pp);
  put(LVpp, knobs_.vpp);
  put(LCp, knobs_.cp);
  put(LEp, knobs_.ep);
  put(LMicroBatch, knobs_.microBatch);
  put(LDp, dpNote_);
  put(LSp, boxes(sp_));
  put(LRecompute, boxes(recompute_), 2);
  put(LZero, boxes(zero_), 2);
  put(LPower, power_);
  put(LBudget, budget_);
  put(LDeadline, deadline_);
  put(LSpare, spare_);
  // The fabric button shows its text elided to its width (the full list is its tooltip).
  fabrics_->setMinimumWidth(kFabricButtonMinWidth);
  placeControls(kMaxPairs);

  auto* box = new QGroupBox;
  box->setObjectName(QStringLiteral("plannerSpace"));
  box->setLayout(grid_);
  return box;
}

void PlannerPage::placeControls(int pairs) {
  pairs_ = pairs;
  for (const Slot& s : slots_) {
    grid_->removeWidget(labels_[std::size_t(s.label)]);
    grid_->removeWidget(s.field);
  }
  for (int c = 0; c < 2 * kMaxPairs; ++c) grid_->setColumnStretch(c, 0);
  int row = 0, pair = 0;
  for (const Slot& s : slots_) {
    const int span = std::min(s.span, pairs);
    if (pair + span > pairs) {
      ++row;
      pair = 0;
    }
    grid_->addWidget(labels_[std::size_t(s.label)], row, 2 * pair, Qt::AlignRight);
    grid_->addWidget(s.field, row, 2 * pair + 1, 1, 2 * span - 1);
    pair += span;
  }
  for (int c = 1; c < 2 * pairs; c += 2) grid_->setColumnStretch(c, 1);
}

// The most pairs per row (4, 3 or 2) whose widest label and field fit in `width`.
int PlannerPage::pairsForWidth(int width) const {
  int pairWidth = 0;
  for (const Slot& s : slots_) {
    if (s.span != 1) continue;
    const QWidget* label = labels_[std::size_t(s.label)];
    const int w = label->sizeHint().width() + s.field->minimumSizeHint().expandedTo(s.field->minimumSize()).width();
    pairWidth = std::max(pairWidth, w + 2 * grid_->horizontalSpacing());
  }
  int twoPairs = 0;  // the check-box rows take two pairs
  for (const Slot& s : slots_)
    if (s.span == 2)
      twoPairs = std::max(twoPairs, labels_[std::size_t(s.label)]->sizeHint().width() + s.field->sizeHint().width() +
                                         3 * grid_->horizontalSpacing());
  pairWidth = std::max(pairWidth, (twoPairs + 1) / 2);
  const int margins = kSpaceMargins;
  for (int pairs = kMaxPairs; pairs > 2; --pairs)
    if (pairs * pairWidth + margins <= width) return pairs;
  return 2;
}

void PlannerPage::reflowControls() {
  const int pairs = pairsForWidth(width());
  if (pairs != pairs_) placeControls(pairs);
  const int room = std::max(kFabricButtonMinWidth, fabrics_->width()) - kFabricButtonPadding;
  fabrics_->setText(fabrics_->fontMetrics().elidedText(fabricsText_, Qt::ElideRight, room));
}

void PlannerPage::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  reflowControls();
}

void PlannerPage::buildFabricMenu() {
  auto* menu = new QMenu(fabrics_);
  for (const cp::FabricSpec& f : cp::fabric_catalog()) {
    QAction* a = menu->addAction(fabricName(f.name));
    a->setData(QString::fromStdString(f.id));
    a->setCheckable(true);
    connect(a, &QAction::toggled, this, &PlannerPage::updateFabricButton);
  }
  fabrics_->setMenu(menu);
}

void PlannerPage::updateFabricButton() {
  QStringList names;
  for (QAction* a : fabrics_->menu()->actions())
    if (a->isChecked()) names << a->text();
  if (names.isEmpty())
    fabricsText_ = tr("The scenario's (%1)").arg(fabricName(document_->scenario().cluster.fabric.name));
  else if (names.size() == 1)
    fabricsText_ = names.front();
  else
    fabricsText_ = tr("%1 fabrics").arg(names.size());
  fabrics_->setText(fabricsText_);
  if (fabrics_->isVisible()) reflowControls();
  fabrics_->setToolTip(names.isEmpty() ? tr("Search on the scenario's fabric; pick others to compare them")
                                       : plainToolTip(names.join(QLatin1Char('\n'))));
}

PlannerInput PlannerPage::input() const {
  PlannerInput in;
  in.gpus = gpus_->text();
  for (QAction* a : fabrics_->menu()->actions())
    if (a->isChecked()) in.fabrics << a->data().toString();
  in.objective = cp::Objective(objective_->currentData().toInt());
  in.top = top_->value();
  in.tp = knobs_.tp->text();
  in.pp = knobs_.pp->text();
  in.vpp = knobs_.vpp->text();
  in.cp = knobs_.cp->text();
  in.ep = knobs_.ep->text();
  in.microBatch = knobs_.microBatch->text();
  in.recompute.clear();
  for (std::size_t i = 0; i < recompute_.size(); ++i)
    if (recompute_[i]->isChecked()) in.recompute << kRecompute[i];
  in.zero.clear();
  for (std::size_t i = 0; i < zero_.size(); ++i)
    if (zero_[i]->isChecked()) in.zero << kZero[i];
  in.sp.clear();
  for (int i = 0; i < 2; ++i)
    if (sp_[std::size_t(i)]->isChecked()) in.sp << i;
  in.powerKw = power_->value();
  in.budgetPerMonth = budget_->value();
  in.deadlineDays = deadline_->value();
  in.spareNodes = spare_->value();
  return in;
}

void PlannerPage::setInput(const PlannerInput& in) {
  gpus_->setText(in.gpus);
  gpusEdited_ = true;
  for (QAction* a : fabrics_->menu()->actions()) a->setChecked(in.fabrics.contains(a->data().toString()));
  objective_->setCurrentIndex(std::max(0, objective_->findData(int(in.objective))));
  top_->setValue(in.top);
  knobs_.tp->setText(in.tp);
  knobs_.pp->setText(in.pp);
  knobs_.vpp->setText(in.vpp);
  knobs_.cp->setText(in.cp);
  knobs_.ep->setText(in.ep);
  knobs_.microBatch->setText(in.microBatch);
  for (std::size_t i = 0; i < recompute_.size(); ++i) recompute_[i]->setChecked(in.recompute.contains(kRecompute[i]));
  for (std::size_t i = 0; i < zero_.size(); ++i) zero_[i]->setChecked(in.zero.contains(kZero[i]));
  for (int i = 0; i < 2; ++i) sp_[std::size_t(i)]->setChecked(in.sp.contains(i));
  power_->setValue(in.powerKw);
  budget_->setValue(in.budgetPerMonth);
  deadline_->setValue(in.deadlineDays);
  spare_->setValue(in.spareNodes);
  updateFabricButton();
}

bool PlannerPage::isRunning() const { return watcher_.isRunning(); }

bool PlannerPage::search() {
  if (isRunning()) {
    setMessage(tr("A search is running: wait for it or cancel it."), true);
    return false;
  }
  if (!document_->valid()) {
    setMessage(tr("The scenario has problems: fix the marked inputs, then search."), true);
    return false;
  }
  searchedOnce_ = true;
  const cp::Scenario base = document_->scenario();
  const PlannerRequest request = plannerRequest(input(), base);
  if (!request.ok()) {
    setMessage(request.errors.join(QLatin1Char('\n')), true);
    return false;
  }
  searchedBase_ = base;
  searchedSpace_ = request.space;
  cancelFlag_ = std::make_shared<std::atomic<bool>>(false);
  cp::PlanOptions options;
  options.objective = request.objective;
  options.top = request.top;
  // Every core but one, which stays with the GUI.
  options.threads = std::max(1, QThread::idealThreadCount() - 1);
  setMessage(QString(), false);
  status_->setText(tr("Searching…"));
  progress_->setRange(0, 0);  // busy until the first unit is done
  search_->setEnabled(false);
  cancel_->setEnabled(true);
  watcher_.setFuture(QtConcurrent::run(
      [base, space = request.space, options, flag = cancelFlag_](QPromise<cp::PlanResult>& promise) {
        cp::PlanOptions o = options;
        o.cancel = flag.get();
        int total = -1;  // the progress callback never runs twice at once
        o.progress = [&promise, &total](const cp::PlanProgress& p) {
          if (p.units_total != total) promise.setProgressRange(0, total = p.units_total);
          promise.setProgressValue(p.units_done);
        };
        promise.addResult(cp::plan(base, space, o));
      }));
  return true;
}

void PlannerPage::cancel() {
  if (!isRunning() || !cancelFlag_) return;
  cancelFlag_->store(true);
  cancel_->setEnabled(false);
  status_->setText(tr("Cancelling…"));
}

void PlannerPage::finished() {
  search_->setEnabled(true);
  cancel_->setEnabled(false);
  const QFuture<cp::PlanResult> future = watcher_.future();
  if (future.resultCount() == 0) return;
  result_ = std::make_shared<const cp::PlanResult>(future.result());
  progress_->setRange(0, 1);
  progress_->setValue(result_->cancelled ? 0 : 1);
  showResult();
  Q_EMIT searchFinished();
}

void PlannerPage::showResult() {
  const cp::PlanResult& r = *result_;
  if (!r.ok()) {
    QStringList lines;
    for (const cp::Problem& p : r.problems)
      lines << tr("%1: %2").arg(plannerFieldName(QString::fromStdString(p.field)), problemMessage(p));
    model_->setResult(nullptr);
    frontier_->setResult(nullptr, false);
    counts_->clear();
    status_->clear();
    setMessage(lines.join(QLatin1Char('\n')), true);
    updateStale();
    return;
  }
  model_->setResult(result_);
  table_->setColumnHidden(PlannerTableModel::Fabric, r.fabrics.size() < 2);
  arrangeColumns(r.objective);
  table_->sortByColumn(PlannerTableModel::Rank, Qt::AscendingOrder);
  // The row to prefer is selected (and so what "Apply to the scenario" applies), else the winner.
  const int preferred = std::max(0, model_->preferredRow());
  if (proxy_->rowCount() > preferred) {
    const QModelIndex row = proxy_->mapFromSource(model_->index(preferred, PlannerTableModel::Rank));
    table_->selectRow(row.row());
    table_->scrollTo(row);
  }
  frontier_->setResult(result_, searchedBase_.training.tokens > 0);
  showCounts();
  if (r.cancelled)
    setMessage(tr("Search cancelled: the table holds the best of the part that was searched."), true);
  else if (r.feasible == 0 && r.binding)
    setMessage(tr("No feasible layout. Binding constraint: %1.\n%2")
                   .arg(reasonName(*r.binding), QString::fromStdString(r.binding_text)),
               true);
  else if (r.feasible == 0)
    setMessage(tr("No feasible layout."), true);
  else {
    QString text = tieText(r);
    const QString gaps = evidenceText(r);
    if (!gaps.isEmpty()) text += (text.isEmpty() ? QString() : QStringLiteral("\n")) + gaps;
    setMessage(text, false);
  }
  updateStale();
}

// A winner in a corner few published runs cover (its band's evidence gaps): which corners, and
// the best layout of the list inside the evidence; empty when the winner has no gap.
QString evidenceText(const cp::PlanResult& r) {
  if (r.top.empty() || r.top.front().estimate.throughput.outside_evidence == 0) return {};
  const cp::PlanEntry& w = r.top.front();
  QStringList codes;
  for (int i = 0; i < cp::kEvidenceGapCount; ++i)
    if (w.estimate.throughput.outside_evidence & (1u << unsigned(i)))
      codes << QString::fromUtf8(cp::evidence_gap_code(cp::EvidenceGap(i)).data());
  const QString head = PlannerPage::tr("The winner stands where few or no published runs do (%1): its band is wider.")
                           .arg(codes.join(QStringLiteral(", ")));
  if (r.nearest_validated < 0)
    return head + QLatin1Char(' ') + PlannerPage::tr("None of the listed layouts stands inside the evidence.");
  const cp::PlanEntry& v = r.top[std::size_t(r.nearest_validated)];
  return head + QLatin1Char(' ') +
         PlannerPage::tr("The best layout inside the evidence is #%1 (%2 slower as estimated).")
             .arg(QString::number(r.nearest_validated + 1),
                  formatPercent(1 - v.metrics.tokens_per_s / w.metrics.tokens_per_s, 1));
}

// The apply buttons, the rank and the figures first, the objective's next to the rank, then the
// layout: what the search ranked by is in sight on a laptop's screen without scrolling sideways.
void PlannerPage::arrangeColumns(cp::Objective objective) {
  QHeaderView* header = table_->horizontalHeader();
  QList<int> order{PlannerTableModel::Apply, PlannerTableModel::Rank};
  order << PlannerTableModel::objectiveColumns(objective);
  for (int c = 0; c < PlannerTableModel::ColumnCount; ++c)
    if (!order.contains(c)) order << c;
  for (int visual = 0; visual < order.size(); ++visual) {
    const int from = header->visualIndex(order[visual]);
    if (from != visual) header->moveSection(from, visual);
  }
}

// The band tie (core/plan, BandTie): which of the first layouts the estimates cannot rank, and
// which of them to prefer; empty when the winner stands alone in its band.
QString PlannerPage::tieText(const cp::PlanResult& r) const {
  if (r.top.empty() || r.tie.within < 2) return {};
  const cp::PlanEntry& w = r.top.front();
  const cp::PlanEntry& rec = r.top[std::size_t(r.tie.recommended)];
  QString text = tr("The estimates cannot rank the first %1 layouts: each lies within the winner's uncertainty band "
                    "(%2 to %3 tokens/s).")
                     .arg(formatCount(r.tie.within), formatCount(w.estimate.throughput.band_low),
                          formatCount(w.estimate.throughput.band_high));
  const QString runs = formatCount(r.tie.validation_runs);
  const QString headroom = formatGiB(r.tie.headroom_bytes);
  if (r.tie.recommended == 0)
    return text + QLatin1Char(' ') +
           tr("The winner is also the one to prefer (%1 fitted corpus runs behind its TP degree and sharding, %2 of "
              "memory headroom).")
               .arg(runs, headroom);
  return text + QLatin1Char(' ') +
         tr("Prefer #%1 (%2 fitted corpus runs behind its TP degree and sharding, %3 of memory headroom; %4 slower "
            "as estimated).")
             .arg(QString::number(r.tie.recommended + 1), runs, headroom,
                  formatPercent(1 - rec.metrics.tokens_per_s / w.metrics.tokens_per_s, 1)) +
         QLatin1Char(' ') + tr("It is marked ★ and selected: Apply to the scenario applies it.");
}

void PlannerPage::showCounts() {
  counts_->clear();
  if (!result_ || !result_->ok()) {
    if (!isRunning()) status_->clear();
    return;
  }
  const cp::PlanResult& r = *result_;
  auto item = [](QTreeWidgetItem* parent, const QString& what, long long n, const QString& tip = QString()) {
    auto* i = new QTreeWidgetItem(parent, {what, formatCount(double(n))});
    i->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    i->setToolTip(0, tip);
    return i;
  };
  auto* considered = item(nullptr, tr("Layouts considered"), r.considered,
                          tr("Every combination of the knobs' lists, on every cluster size and fabric"));
  counts_->addTopLevelItem(considered);
  auto* divisibility = item(considered, tr("Rejected by the divisibility check"), r.rejected_divisibility);
  auto* estimated = item(considered, tr("Estimated"), r.evaluated);
  QTreeWidgetItem* feasible = item(estimated, tr("Feasible"), r.feasible);
  feasible->setForeground(0, palette::fits());
  feasible->setForeground(1, palette::fits());
  auto* afterEstimate = item(estimated, tr("Rejected after the estimate"), r.evaluated - r.feasible);
  for (int i = 0; i < cp::kPlanReasons; ++i) {
    const long long n = r.rejected[std::size_t(i)];
    if (n == 0) continue;
    const auto reason = cp::PlanReason(i);
    QTreeWidgetItem* x = item(cp::after_estimate(reason) ? afterEstimate : divisibility, reasonName(reason), n,
                              QString::fromUtf8(cp::reason_id(reason).data()));
    if (r.binding && *r.binding == reason) {
      QFont f = x->font(0);
      f.setBold(true);
      x->setFont(0, f);
      x->setFont(1, f);
    }
  }
  counts_->expandAll();
  QString status = tr("%1 estimated, %2 feasible, in %3 (threads: %4)")
                       .arg(formatCount(double(r.evaluated)), formatCount(double(r.feasible)),
                            formatDuration(std::max(r.elapsed_s, 1e-6)), QString::number(r.threads));
  if (r.cancelled) status += QLatin1String(" — ") + tr("cancelled");
  status_->setText(status);
}

void PlannerPage::applySelected() {
  const QModelIndexList rows = table_->selectionModel()->selectedRows();
  if (!rows.isEmpty()) applyRow(proxy_->mapToSource(rows.front()).row());
}

void PlannerPage::applyRow(int row) {
  const cp::PlanEntry* e = model_->entry(row);
  if (!e || !result_) return;
  const cp::PlanLayout layout = e->layout;
  const std::vector<std::string> fabrics = result_->fabrics;
  document_->edit(tr("Apply planned layout"), QString(),
                  [layout, fabrics](cp::Scenario& s) { s = cp::apply_layout(s, layout, fabrics); });
  setMessage(tr("Applied rank %1 to the scenario: %2. Edit → Undo takes it back.")
                 .arg(row + 1)
                 .arg(QString::fromStdString(cp::layout_text(layout))),
             false);
}

cp::Scenario PlannerPage::searchKey(const cp::Scenario& s, const cp::SearchSpace& space) {
  // What the planner reads of the base: everything but its name and layout (and the cluster
  // size and fabric when the search space names them). Compared member by member (Scenario's
  // operator==), so that no input can be left out.
  cp::Scenario t = s;
  t.name.clear();
  t.derived_name.clear();
  t.parallel = cp::Parallelism{};
  t.training.micro_batch = 1;
  t.training.recompute = cp::Recompute::None;
  t.training.zero = cp::Zero::Stage0;
  if (!space.gpus.empty()) t.cluster.nodes = 1;
  if (!space.fabrics.empty()) t.cluster.fabric = cp::fabric_catalog().front();
  return t;
}

bool PlannerPage::isStale() const {
  return result_ &&
         !(searchKey(document_->scenario(), searchedSpace_) == searchKey(searchedBase_, searchedSpace_));
}

void PlannerPage::updateStale() {
  stale_->setVisible(isStale());
  stale_->setText(tr("The scenario has changed since this search: the results are for the scenario as it was "
                     "then. Search again to update them."));
}

void PlannerPage::scenarioChanged() {
  const cp::Scenario& s = document_->scenario();
  if (!gpusEdited_) gpus_->setText(QString::number(s.cluster.total_gpus()));
  budget_->setSuffix(QLatin1Char(' ') + QString::fromUtf8(cp::to_string(s.assumptions.currency).data()));
  updateFabricButton();
  updateStale();
}

void PlannerPage::setMessage(const QString& text, bool error) {
  message_->setText(text);
  message_->setVisible(!text.isEmpty());
  messageIsError_ = error;
  paintNotices();
}

// From the page's palette, again after each change of it (a theme switch): a colour set on a
// label does not follow the application's palette by itself.
void PlannerPage::paintNotices() {
  QPalette p = message_->palette();
  p.setColor(QPalette::WindowText,
             messageIsError_ ? palette::invalid().darker(120) : palette().color(QPalette::WindowText));
  message_->setPalette(p);
  QPalette sp = stale_->palette();
  sp.setColor(QPalette::Window, palette::bannerBackground(palette(), false));
  sp.setColor(QPalette::WindowText, palette::bannerText(palette()));
  stale_->setPalette(sp);
}

QString PlannerPage::messageText() const { return message_->isHidden() ? QString() : message_->text(); }

QString PlannerPage::statusText() const { return status_->text(); }

std::optional<Table> PlannerPage::frontierTable() const {
  if (!result_ || result_->frontier.empty()) return std::nullopt;
  Table t;
  t.header = QStringList{QStringLiteral("gpus"),         QStringLiteral("job_gpus"), QStringLiteral("fabric"),
                         QStringLiteral("layout"),       QStringLiteral("tokens_per_s"),
                         QStringLiteral("time_to_train_s"), QStringLiteral("run_cost"),
                         QStringLiteral("cost_per_million_tokens"), QStringLiteral("currency")};
  for (const cp::PlanEntry& e : result_->frontier)
    t.rows << QVariantList{e.layout.gpus,
                           e.layout.job_gpus,
                           QString::fromStdString(result_->fabrics[std::size_t(e.layout.fabric)]),
                           QString::fromStdString(cp::layout_text(e.layout)),
                           e.metrics.tokens_per_s,
                           e.metrics.time_s,
                           e.metrics.run_cost,
                           e.metrics.cost_per_mtok,
                           QString::fromUtf8(cp::to_string(e.estimate.cost.currency).data())};
  return t;
}

void PlannerPage::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  // The first time the page is shown, search the current scenario with the defaults (a few
  // milliseconds to a second), so that the page never opens empty.
  if (!searchedOnce_ && !isRunning() && document_->valid()) search();
}

void PlannerPage::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) {
    retranslate();
    reflowControls();
  }
  if (event->type() == QEvent::PaletteChange && stale_) paintNotices();
  QWidget::changeEvent(event);
}

void PlannerPage::retranslate() {
  for (int i = 0; i < LabelCount; ++i) labels_[std::size_t(i)]->setText(tr(kLabels[i]));
  findChild<QGroupBox*>(QStringLiteral("plannerSpace"))->setTitle(tr("Search space"));
  gpus_->setPlaceholderText(tr("e.g. 64, or 64,128, or 64-512"));
  gpus_->setToolTip(tr("Cluster sizes in GPUs, spare nodes included: one count, a list, or a range A-B "
                       "(every whole number of nodes in it)"));
  for (QLineEdit* k : knobs_.all()) {
    k->setPlaceholderText(tr("every valid value"));
    k->setToolTip(tr("Empty: every valid value. Or a list such as 1,2,4,8, or a range such as 1-8; one value "
                     "holds the knob."));
  }
  dpNote_->setText(tr("derived: GPUs / (TP × PP × CP)"));
  if (const QMenu* menu = fabrics_->menu())  // built after the first retranslate()
    for (QAction* a : menu->actions())
      if (const cp::FabricSpec* f = cp::find_fabric(a->data().toString().toStdString())) a->setText(fabricName(f->name));
  for (int i = 0; i < objective_->count(); ++i) objective_->setItemText(i, objectiveName(kObjectives[i]));
  objective_->setToolTip(tr("Time, cost and cost per token need a token budget"));
  static const char* const kRecomputeText[] = {QT_TR_NOOP("none"), QT_TR_NOOP("selective"), QT_TR_NOOP("full")};
  for (std::size_t i = 0; i < recompute_.size(); ++i) recompute_[i]->setText(tr(kRecomputeText[i]));
  for (std::size_t i = 0; i + 1 < zero_.size(); ++i) zero_[i]->setText(QString::number(i));
  zero_[4]->setText(tr("distributed optimizer"));
  sp_[0]->setText(tr("off"));
  sp_[1]->setText(tr("on"));
  power_->setSpecialValueText(tr("no limit"));
  power_->setSuffix(tr(" kW"));
  power_->setToolTip(tr("Facility peak power (IT peak × PUE)"));
  budget_->setSpecialValueText(tr("no limit"));
  budget_->setToolTip(tr("Monthly cost with headroom, in the scenario's currency"));
  deadline_->setSpecialValueText(tr("no deadline"));
  deadline_->setSuffix(tr(" days"));
  deadline_->setToolTip(tr("Only layouts that train the token budget within this many days"));
  spare_->setSuffix(tr(" nodes"));
  spare_->setToolTip(tr("Nodes of each cluster held back from the job"));
  search_->setText(tr("Search"));
  cancel_->setText(tr("Cancel"));
  apply_->setText(tr("Apply to the scenario"));
  apply_->setToolTip(tr("Sets the selected layout in the current scenario (also: double-click a row, or its "
                        "Apply button); Edit → Undo takes it back"));
  tableTitle_->setText(tr("Ranked layouts"));
  countsTitle_->setText(tr("Evaluated, feasible and rejected"));
  counts_->setHeaderLabels({tr("Layouts"), tr("Count")});
  model_->retranslate();
  updateFabricButton();
  if (!isRunning()) showCounts();
  if (stale_->isVisible()) updateStale();
}

}  // namespace cp::ui
