#include "ui/pages/summarypanel.h"

#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QResizeEvent>
#include <QVBoxLayout>

#include "engine/model.h"
#include "ui/text/enginetext.h"
#include "ui/text/i18n.h"
#include "ui/palette.h"
#include "ui/text/terms.h"
#include "ui/text/usertext.h"

namespace cp::ui {
namespace {

QString number(double v, int decimals = 0) { return QLocale().toString(v, 'f', decimals); }

// Parameter counts in billions, as model cards state them: "65.29 B".
QString billions(double params) { return QStringLiteral("%1 B").arg(number(params / 1e9, 2)); }

QLabel* valueLabel(const QString& text) {
  auto* label = new QLabel(text);
  makePlain(label);  // a name, a GPU's or a fabric's: the user's words, never markup
  label->setWordWrap(true);
  label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // A word cannot wrap: a long name without spaces would make the panel as wide as the name. The
  // value takes the width the panel has; what does not fit is cut, the whole in its tooltip. Its
  // height still follows its width: a policy set after setWordWrap() drops that flag, and without
  // it the form gives a value the height of fewer lines than it wraps to, cutting the last ones.
  QSizePolicy policy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  policy.setHeightForWidth(true);
  label->setSizePolicy(policy);
  return label;
}

// Fills a form's rows in order, reusing the rows already there; removes the rest when done.
class FormFiller {
 public:
  explicit FormFiller(QFormLayout* form) : form_(form) {}
  FormFiller(const FormFiller&) = delete;
  FormFiller& operator=(const FormFiller&) = delete;
  ~FormFiller() {
    while (form_->rowCount() > row_) form_->removeRow(row_);
  }
  QLabel* add(const QString& label, const QString& value) {
    if (row_ < form_->rowCount()) {
      auto* l = qobject_cast<QLabel*>(form_->itemAt(row_, QFormLayout::LabelRole)->widget());
      auto* v = qobject_cast<QLabel*>(form_->itemAt(row_, QFormLayout::FieldRole)->widget());
      if (l && v) {
        ++row_;
        if (l->text() != label) l->setText(label);
        if (v->text() != value) v->setText(value);
        v->setToolTip(QString());
        return v;
      }
    }
    QLabel* v = valueLabel(value);
    form_->insertRow(row_++, label, v);
    return v;
  }

 private:
  QFormLayout* form_;
  int row_ = 0;
};

void setTextColour(QLabel* label, const QColor& colour) {
  QPalette p = label->palette();
  p.setColor(QPalette::WindowText, colour);
  label->setPalette(p);
}

QFormLayout* makeForm(QGroupBox* group) {
  auto* form = new QFormLayout(group);
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  form->setRowWrapPolicy(QFormLayout::DontWrapRows);
  form->setLabelAlignment(Qt::AlignLeft | Qt::AlignTop);
  form->setVerticalSpacing(6);
  return form;
}

}  // namespace

SummaryPanel::SummaryPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);

  scenarioGroup_ = new QGroupBox(this);
  scenarioGroup_->setObjectName(QStringLiteral("scenarioGroup"));
  scenarioForm_ = makeForm(scenarioGroup_);
  layout->addWidget(scenarioGroup_);

  memoryGroup_ = new QGroupBox(this);
  memoryGroup_->setObjectName(QStringLiteral("memoryGroup"));
  auto* memoryLayout = new QVBoxLayout(memoryGroup_);
  memoryForm_ = new QFormLayout;
  memoryForm_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  memoryForm_->setLabelAlignment(Qt::AlignLeft | Qt::AlignTop);
  memoryLayout->addLayout(memoryForm_);
  fit_ = new QLabel(memoryGroup_);
  fit_->setObjectName(QStringLiteral("fitStatus"));
  fit_->setWordWrap(true);
  QFont big = fit_->font();
  big.setPointSizeF(big.pointSizeF() * 1.3);
  big.setBold(true);
  fit_->setFont(big);
  memoryLayout->addWidget(fit_);
  layout->addWidget(memoryGroup_);

  warningsGroup_ = new QGroupBox(this);
  warningsGroup_->setObjectName(QStringLiteral("warningsGroup"));
  auto* warningsLayout = new QVBoxLayout(warningsGroup_);
  warnings_ = new QLabel(warningsGroup_);
  warnings_->setObjectName(QStringLiteral("warnings"));
  warnings_->setWordWrap(true);
  warnings_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  makePlain(warnings_);
  warningsLayout->addWidget(warnings_);
  layout->addWidget(warningsGroup_);

  layout->addStretch(1);
  rebuild();
}

void SummaryPanel::setEstimate(const cp::Scenario& scenario, const cp::Estimate& estimate) {
  shown_ = Shown{scenario, estimate, {}};
  rebuild();
}

void SummaryPanel::setProblems(const cp::Scenario& scenario, const std::vector<cp::Problem>& problems) {
  shown_ = Shown{scenario, std::nullopt, problems};
  rebuild();
}

QString SummaryPanel::fitText() const { return fit_->text(); }

QString SummaryPanel::warningsText() const { return warnings_->text(); }

void SummaryPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange) rebuild();
  QWidget::changeEvent(event);
}

// The panel sits in the page's scroll area beside the charts (a splitter, which asks its widgets
// for their least size, not for the height at their width): it asks for the height its rows take
// at the width it has, measured again after each change of width or text.
void SummaryPanel::fitHeight() {
  if (QLayout* l = layout(); l && l->hasHeightForWidth()) setMinimumHeight(l->totalHeightForWidth(width()));
}

QSize SummaryPanel::sizeHint() const {
  const QSize hint = QWidget::sizeHint();
  return minimumHeight() > 0 ? QSize(hint.width(), minimumHeight()) : hint;
}

void SummaryPanel::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if (event->size().width() != event->oldSize().width()) fitHeight();
}

void SummaryPanel::rebuild() {
  rebuildRows();
  fitHeight();
}

void SummaryPanel::rebuildRows() {
  scenarioGroup_->setTitle(tr("Scenario"));
  memoryGroup_->setTitle(tr("Memory per GPU"));
  // Rows are reused from one estimate to the next (rebuilding labels costs a frame's time).
  FormFiller sf{scenarioForm_};
  FormFiller mf{memoryForm_};

  if (!shown_) {
    fit_->clear();
    warningsGroup_->setTitle(tr("Warnings"));
    warnings_->setText(tr("No scenario."));
    return;
  }

  const cp::Scenario& s = shown_->scenario;
  sf.add(tr("Name:"), oneLine(scenarioDisplayName(s), 300))->setToolTip(plainToolTip(scenarioDisplayName(s)));

  QString model = QString::fromStdString(s.model_id);
  if (const cp::ModelPreset* preset = cp::find_model_preset(s.model_id)) model = QString(QLatin1String(preset->name));
  if (s.model_derived) model = tr("%1 (standard shape derived from its size)").arg(model);
  sf.add(tr("Model:"), (model));

  if (shown_->estimate) {
    const cp::ParamCounts& params = shown_->estimate->params;
    const QString count = s.model.is_moe() ? tr("%1 in total, %2 active per token")
                                                 .arg(billions(params.total), billions(params.active))
                                           : billions(params.total);
    sf.add(tr("Parameters:"), count)->setToolTip(number(params.total));
  }

  const cp::Parallelism& p = s.parallel;
  sf.add(tr("Tensor parallel (TP):"),
                        (p.sp ? tr("%1, with sequence parallelism").arg(p.tp) : number(p.tp)));
  sf.add(tr("Pipeline parallel (PP):"),
                        (p.vpp > 1 ? tr("%1, %2 interleaved chunks per stage").arg(p.pp).arg(p.vpp)
                                             : number(p.pp)));
  const int dp = shown_->estimate ? shown_->estimate->dp : s.data_parallel();
  sf.add(tr("Data parallel (DP):"),
                        (p.dp == 0 ? tr("%1, from the GPU count").arg(dp) : number(dp)));
  if (p.cp > 1) sf.add(tr("Context parallel (CP):"), (number(p.cp)));
  if (p.ep > 1) sf.add(tr("Expert parallel (EP):"), (number(p.ep)));

  const cp::Cluster& c = s.cluster;
  sf.add(tr("GPUs:"), (tr("%1 × %2 (%3 servers × %4)")
                                                    .arg(c.total_gpus())
                                                    .arg(QString::fromStdString(c.gpu.name))
                                                    .arg(c.nodes)
                                                    .arg(c.gpus_per_node)));

  const cp::Training& t = s.training;
  sf.add(tr("Batch:"), (tr("sequence %1 tokens, micro-batch %2, global batch %3")
                                                     .arg(number(t.seq), number(t.micro_batch),
                                                          number(t.global_batch))));
  sf.add(tr("Training:"), (tr("%1, %2, %3, %4")
                                                        .arg(precisionName(t.precision), optimizerName(t.optimizer),
                                                             zeroName(t.zero), recomputeName(t.recompute))));

  if (!shown_->estimate) {
    fit_->setText(tr("Cannot estimate: the scenario has problems."));
    setTextColour(fit_, palette::doesNotFit());
    warningsGroup_->setTitle(tr("Problems"));
    QStringList lines;
    for (const cp::Problem& problem : shown_->problems) lines << QStringLiteral("• ") + problemText(problem);
    warnings_->setText(lines.join(QLatin1Char('\n')));
    return;
  }

  const cp::Estimate& e = *shown_->estimate;
  // The prices' date and source, and owning against renting on the owner's full cost.
  const cp::Assumptions& a = s.assumptions;
  const cp::PriceList& list = a.list_for(a.payment);
  //: Summary: %1 the price list's name, %2 its date (YYYY-MM), %3 its source
  QString prices = tr("%1, %2; %3").arg(QString::fromStdString(list.name), QString::fromStdString(list.date),
                                        QString::fromStdString(list.source));
  if (cp::price_list_stale(list)) prices += tr(" (stale: more than %1 months old)").arg(cp::kPriceListStaleMonths);
  sf.add(tr("Prices:"), prices);
  const QString against = QString::fromStdString(a.list_for(e.cost.break_even_against).id);
  const QString owning = tr("%1 per GPU-hour").arg(formatMoney(e.cost.owner.per_gpu_hour, a.currency));
  sf.add(tr("Owning:"),
         e.cost.break_even_months > 0
             //: Summary: %1 the owner's cost per GPU-hour, %2 the months, %3 the renting price list's id
             ? tr("%1; beats renting (%3) after %2 months")
                   .arg(owning, QLocale().toString(e.cost.break_even_months, 'f', 1), against)
             : tr("%1; never beats renting (%2)").arg(owning, against));
  const cp::MemoryEstimate& m = e.memory;
  mf.add(tr("Needed:"), (tr("%1 of %2").arg(formatGiB(m.peak.total()), formatGiB(m.capacity))));
  mf.add(tr("Peak stage:"),
                      (tr("stage %1 of %2: %3 layers, %4 micro-batches in flight")
                                     .arg(m.peak_stage + 1)
                                     .arg(p.pp)
                                     .arg(m.peak_stage_layers)
                                     .arg(QLocale().toString(m.inflight))));
  QStringList other{
      tr("%1 in all:").arg(formatGiB(m.peak.other())),
      tr("CUDA context and framework %1").arg(formatGiB(m.peak.framework)),
      tr("communication buffers %1").arg(formatGiB(m.peak.comm_buffers)),
      tr("cuBLAS workspaces %1").arg(formatGiB(m.peak.workspaces)),
      tr("allocator fragmentation %1").arg(formatGiB(m.peak.fragmentation)),
      tr("loss and logits buffers %1").arg(formatGiB(m.peak.loss_logits)),
  };
  // The framework buffers that only some layouts have: listed when the layout has them.
  if (m.peak.fp8_weight_copies > 0) other << tr("fp8 weight copies %1").arg(formatGiB(m.peak.fp8_weight_copies));
  if (m.peak.tp_overlap_buffers > 0) other << tr("TP-overlap buffers %1").arg(formatGiB(m.peak.tp_overlap_buffers));
  if (m.peak.cp_ring_buffers > 0) other << tr("CP ring buffers %1").arg(formatGiB(m.peak.cp_ring_buffers));
  if (m.peak.zero3_working > 0) other << tr("ZeRO-3 working set %1").arg(formatGiB(m.peak.zero3_working));
  mf.add(tr("Other:"), (other.join(QStringLiteral("\n    "))));
  if (m.fits) {
    fit_->setText(tr("✓ Fits, %1 to spare").arg(formatGiB(m.headroom())));
    setTextColour(fit_, palette::fits());
  } else {
    fit_->setText(tr("✗ Does not fit by %1").arg(formatGiB(-m.headroom())));
    setTextColour(fit_, palette::doesNotFit());
  }

  warningsGroup_->setTitle(tr("Warnings"));
  QStringList lines;
  for (const cp::Warning& w : e.warnings) lines << QStringLiteral("• ") + warningText(w);
  warnings_->setText(lines.isEmpty() ? tr("None.") : lines.join(QLatin1Char('\n')));
}

}  // namespace cp::ui
