#include "ui/inputpanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cmath>

#include "engine/fabric.h"
#include "engine/gpu.h"
#include "engine/model.h"
#include "engine/number_text.h"
#include "engine/validate.h"
#include "ui/collapsiblesection.h"
#include "ui/i18n.h"
#include "ui/palette.h"
#include "ui/scenariodocument.h"
#include "ui/terms.h"

namespace cp::ui {
namespace {

constexpr double kBillion = 1e9;
constexpr int kCustomModel = -2;  // model combo data of the "custom shape" item
constexpr int kDerivedModel = -1; // model combo data of the "from a size" item

int presetIndex(const cp::Scenario& s) {
  if (s.model_derived) return kDerivedModel;
  const auto presets = cp::model_presets();
  for (std::size_t i = 0; i < presets.size(); ++i)
    if (presets[i].id == s.model_id) return int(i);
  return kCustomModel;
}

template <typename Catalog>
int catalogIndex(Catalog catalog, const std::string& id) {
  for (std::size_t i = 0; i < catalog.size(); ++i)
    if (catalog[i].id == id) return int(i);
  return -1;
}

// Issue 19, point 13: DP follows the cluster. A DP set by hand that no longer multiplies out to
// the GPU count after a change of nodes, GPUs per node, TP, PP or CP goes back to "auto".
void followCluster(cp::Scenario& s) {
  const cp::Parallelism& p = s.parallel;
  if (p.dp > 0 && (long long)p.tp * p.pp * p.cp * p.dp != (long long)s.cluster.total_gpus()) s.parallel.dp = 0;
}

void customShape(cp::Scenario& s) {
  s.model_id = "custom";
  s.model_derived = false;
}

// Issue 19, point 5: what is typed into a number field is read by the engine's parser
// (engine/number_text.h), the CLI's: "15T", "1e13", "1,024", "4k"; what it refuses is said
// under the field (`refused`, "" when read), and the field keeps its value: never a silent
// clamp to the field's range. Values are committed on Enter or leaving the field.
QString typedText(const QAbstractSpinBox* box, QString text) {
  const QString suffix = box->property("unitSuffix").toString();
  if (!suffix.isEmpty() && text.endsWith(suffix)) text.chop(suffix.size());
  else if (!suffix.trimmed().isEmpty() && text.endsWith(suffix.trimmed())) text.chop(suffix.trimmed().size());
  return text.trimmed();
}

class IntField : public QSpinBox {
 public:
  IntField(cp::NumberUnit unit, std::function<void(const QString&)> refused)
      : unit_(unit), refused_(std::move(refused)) {
    setKeyboardTracking(false);
  }

 protected:
  QValidator::State validate(QString&, int&) const override { return QValidator::Acceptable; }
  int valueFromText(const QString& text) const override {
    // "auto" where the field has a special value (DP: derived from the GPU count).
    const QString typed = typedText(this, text);
    if (!specialValueText().isEmpty() &&
        (text == specialValueText() || typed.compare(QLatin1String("auto"), Qt::CaseInsensitive) == 0)) {
      refused_(QString());
      return minimum();
    }
    cp::NumberSpec spec{unit_, true, double(minimum()), false, double(maximum()), 1};
    const cp::ParsedNumber r = cp::parse_number(typed.toStdString(), spec);
    refused_(QString::fromStdString(r.error));
    return r.ok() ? int(r.value) : value();
  }
  void fixup(QString&) const override {}

 private:
  cp::NumberUnit unit_;
  std::function<void(const QString&)> refused_;
};

class RealField : public QDoubleSpinBox {
 public:
  RealField(cp::NumberUnit unit, double scale, bool compact, std::function<void(const QString&)> refused)
      : unit_(unit), scale_(scale), compact_(compact), refused_(std::move(refused)) {
    setKeyboardTracking(false);
  }

 protected:
  QValidator::State validate(QString&, int&) const override { return QValidator::Acceptable; }
  double valueFromText(const QString& text) const override {
    cp::NumberSpec spec{unit_, false, minimum(), false, maximum(), scale_};
    const cp::ParsedNumber r = cp::parse_number(typedText(this, text).toStdString(), spec);
    refused_(QString::fromStdString(r.error));
    return r.ok() ? r.value : value();
  }
  // Counts in the trillions read as people write them: "1.4T", not "1,400,000,000,000".
  QString textFromValue(double v) const override {
    if (!compact_) return QDoubleSpinBox::textFromValue(v);
    struct Step { double size; const char* suffix; };
    for (const Step step : {Step{1e12, "T"}, Step{1e9, "B"}, Step{1e6, "M"}})
      if (v >= step.size) return QString::number(v / step.size, 'g', 12) + QLatin1String(step.suffix);
    return QDoubleSpinBox::textFromValue(v);
  }
  void fixup(QString&) const override {}

 private:
  cp::NumberUnit unit_;
  double scale_;
  bool compact_;
  std::function<void(const QString&)> refused_;
};

}  // namespace

InputPanel::InputPanel(ScenarioDocument* document, QWidget* parent) : QWidget(parent), document_(document) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(2);
  general_ = new QLabel;
  general_->setObjectName(QStringLiteral("generalProblems"));
  general_->setWordWrap(true);
  general_->setVisible(false);
  QPalette p = general_->palette();
  p.setColor(QPalette::WindowText, palette::invalid());
  general_->setPalette(p);
  layout->addWidget(general_);

  buildScenario();
  buildModel();
  buildTraining();
  buildParallelism();
  buildHardware();
  buildFabric();
  buildAssumptions();
  layout->addStretch(1);

  connect(document_, &ScenarioDocument::scenarioChanged, this, &InputPanel::refresh);
  connect(document_, &ScenarioDocument::notesChanged, this, [this] {
    const QString notes = QString::fromStdString(document_->fileNotes());
    if (notes == notes_->toPlainText()) return;  // the user's own typing: keep the cursor
    const QSignalBlocker block(notes_);
    notes_->setPlainText(notes);
  });
  refresh();
}

CollapsibleSection* InputPanel::addSection(const QString& key, const QString& title, bool expanded) {
  auto* section = new CollapsibleSection(title, expanded);
  section->setObjectName(key + QStringLiteral("Section"));
  section->rememberAs(QStringLiteral("inputs/") + key);  // folded or open as the user left it
  static_cast<QVBoxLayout*>(layout())->addWidget(section);
  return section;
}

void InputPanel::addRow(CollapsibleSection* section, Field field) {
  auto* cell = new QWidget;
  auto* v = new QVBoxLayout(cell);
  v->setContentsMargins(0, 0, 0, 0);
  v->setSpacing(1);
  v->addWidget(field.editor);
  field.error = new QLabel;
  field.error->setObjectName(field.key + QStringLiteral(".error"));
  field.error->setWordWrap(true);
  field.error->setVisible(false);
  QPalette p = field.error->palette();
  p.setColor(QPalette::WindowText, palette::invalid());
  field.error->setPalette(p);
  v->addWidget(field.error);
  field.editor->setObjectName(field.key);
  field.editor->setFocusPolicy(Qt::StrongFocus);  // the wheel scrolls the panel, not the field
  field.editor->installEventFilter(this);          // Ctrl+Z undoes the document (eventFilter)
  section->form()->addRow(field.label, cell);
  fields_.push_back(std::move(field));
}

void InputPanel::commit(const Field& field, const Set& set, double value) {
  if (loading_) return;
  document_->edit(tr("Change %1").arg(field.label), field.key, [set, value](cp::Scenario& s) { set(s, value); });
}

QSpinBox* InputPanel::addInt(CollapsibleSection* section, const QString& key, const QString& label,
                             const QString& suffix, int min, int max, Get get, Set set) {
  auto* spin = new IntField(cp::NumberUnit::Count, [this, key, label](const QString& why) { refuse(key, label, why); });
  spin->setRange(min, max);
  spin->setSuffix(suffix);
  spin->setProperty("unitSuffix", suffix);
  spin->setGroupSeparatorShown(true);
  Field f{key, label, spin, nullptr, [spin, get](const cp::Scenario& s) {
    if (const int v = int(get(s)); v != spin->value()) spin->setValue(v);
  }};
  connect(spin, &QSpinBox::valueChanged, this, [this, f, set](int v) { commit(f, set, v); });
  addRow(section, f);
  return spin;
}

QDoubleSpinBox* InputPanel::addReal(CollapsibleSection* section, const QString& key, const QString& label,
                                    const QString& suffix, double min, double max, int decimals, Get get, Set set,
                                    const RealUnit& unit) {
  auto* spin = new RealField(unit.unit, unit.scale, unit.compact,
                             [this, key, label](const QString& why) { refuse(key, label, why); });
  spin->setRange(min, max);
  spin->setDecimals(decimals);
  spin->setSuffix(suffix);
  spin->setProperty("unitSuffix", suffix);
  spin->setGroupSeparatorShown(true);
  spin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
  Field f{key, label, spin, nullptr, [spin, get](const cp::Scenario& s) {
    if (const double v = get(s); v != spin->value()) spin->setValue(v);
  }};
  connect(spin, &QDoubleSpinBox::valueChanged, this, [this, f, set](double v) { commit(f, set, v); });
  addRow(section, f);
  return spin;
}

void InputPanel::refuse(const QString& key, const QString& label, const QString& why) {
  const QString message = why.isEmpty() ? QString() : tr("%1: %2").arg(label, why);
  if (refused_.value(key) == message) return;
  if (message.isEmpty()) refused_.remove(key);
  else refused_.insert(key, message);
  showProblems();
}

QComboBox* InputPanel::addChoice(CollapsibleSection* section, const QString& key, const QString& label,
                                 const QStringList& items, Get get, Set set) {
  auto* combo = new QComboBox;
  combo->addItems(items);
  combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  combo->setMinimumContentsLength(12);
  Field f{key, label, combo, nullptr, [combo, get](const cp::Scenario& s) {
    if (const int i = int(get(s)); i != combo->currentIndex()) combo->setCurrentIndex(i);
  }};
  connect(combo, &QComboBox::currentIndexChanged, this, [this, f, set](int i) {
    if (i >= 0) commit(f, set, i);
  });
  addRow(section, f);
  return combo;
}

QCheckBox* InputPanel::addFlag(CollapsibleSection* section, const QString& key, const QString& label, Get get,
                               Set set) {
  auto* box = new QCheckBox;
  Field f{key, label, box, nullptr, [box, get](const cp::Scenario& s) { box->setChecked(get(s) != 0); }};
  connect(box, &QCheckBox::toggled, this, [this, f, set](bool on) { commit(f, set, on ? 1 : 0); });
  addRow(section, f);
  return box;
}

void InputPanel::buildScenario() {
  auto* sec = addSection(QStringLiteral("scenario"), tr("Scenario"), true);
  name_ = new QLineEdit;
  name_->setClearButtonEnabled(true);
  name_->setToolTip(tr("The scenario's name, as charts, reports and saved files show it. Left empty, the "
                       "name says what the scenario is and follows its edits."));
  // Every keystroke is an edit (merged into one undo step), so that what is saved or exported
  // next carries the name as typed.
  connect(name_, &QLineEdit::textEdited, this, [this](const QString& text) {
    if (!loading_) document_->rename(text);
  });
  addRow(sec, Field{QStringLiteral("name"), tr("Name"), name_, nullptr, [this](const cp::Scenario& s) {
                      // Unnamed: the derived name is shown greyed, as the placeholder.
                      name_->setPlaceholderText(QString::fromStdString(cp::derived_scenario_name(s)));
                      // Typing the derived name itself leaves the field as typed.
                      if (name_->hasFocus() && name_->text() == QString::fromStdString(s.name)) return;
                      const QString text = cp::name_is_derived(s) ? QString() : QString::fromStdString(s.name);
                      if (text != name_->text()) name_->setText(text);
                    }});
  notes_ = new QPlainTextEdit;
  notes_->setPlaceholderText(tr("What this scenario is for, where its figures come from…"));
  notes_->setTabChangesFocus(true);
  notes_->setFixedHeight(notes_->fontMetrics().lineSpacing() * 3 + 12);
  connect(notes_, &QPlainTextEdit::textChanged, this, [this] {
    if (!loading_) document_->editNotes(notes_->toPlainText());
  });
  addRow(sec, Field{QStringLiteral("notes"), tr("Notes"), notes_, nullptr, [](const cp::Scenario&) {}});
}

void InputPanel::buildModel() {
  auto* sec = addSection(QStringLiteral("model"), tr("Model"), true);
  QStringList names;
  const auto presets = cp::model_presets();
  for (const cp::ModelPreset& p : presets) names << QString::fromUtf8(p.name.data(), qsizetype(p.name.size()));
  names << tr("Custom shape") << tr("Derived from a size");
  const int custom = int(presets.size()), derived = custom + 1;
  addChoice(sec, QStringLiteral("model"), tr("Model"), names,
            [custom, derived](const cp::Scenario& s) {
              const int i = presetIndex(s);
              return double(i == kCustomModel ? custom : i == kDerivedModel ? derived : i);
            },
            [custom, derived](cp::Scenario& s, double v) {
              const int i = int(v);
              const auto all = cp::model_presets();
              if (i < custom) {
                s.model = all[std::size_t(i)].shape;
                s.model_id = std::string(all[std::size_t(i)].id);
                s.model_derived = false;
              } else if (i == derived) {
                const double params = cp::count_params(s.model).total;
                s.model = cp::derive_shape_from_size(params);
                s.model_id = "derived";
                s.model_derived = true;
              } else {
                customShape(s);
              }
            });
  addReal(sec, QStringLiteral("model.size"), tr("Size"), tr(" B parameters"), 0.01, 100000, 2,
          [](const cp::Scenario& s) { return cp::count_params(s.model).total / kBillion; },
          [](cp::Scenario& s, double v) {
            s.model = cp::derive_shape_from_size(v * kBillion);
            s.model_id = "derived";
            s.model_derived = true;
          },
          {cp::NumberUnit::Count, kBillion, false});  // "70" or "70B"; "0.5T" is 500
  auto shape = [this, sec](const char* key, const QString& label, int max, int cp::ModelShape::*member) {
    addInt(sec, QString::fromLatin1(key), label, QString(), 0, max,
           [member](const cp::Scenario& s) { return double(s.model.*member); },
           [member](cp::Scenario& s, double v) {
             s.model.*member = int(v);
             customShape(s);
           });
  };
  shape("model.layers", tr("Layers"), 10000, &cp::ModelShape::layers);
  shape("model.hidden", tr("Hidden size"), 1 << 20, &cp::ModelShape::hidden);
  shape("model.heads", tr("Attention heads"), cp::kMaxHeadsExpertsDegree, &cp::ModelShape::heads);
  shape("model.kv_heads", tr("Key/value heads"), cp::kMaxHeadsExpertsDegree, &cp::ModelShape::kv_heads);
  shape("model.ffn", tr("FFN size"), 1 << 22, &cp::ModelShape::ffn);
  shape("model.vocab", tr("Vocabulary"), 1 << 24, &cp::ModelShape::vocab);
  shape("model.experts", tr("Experts (0: dense)"), cp::kMaxHeadsExpertsDegree, &cp::ModelShape::experts);
}

void InputPanel::buildTraining() {
  auto* sec = addSection(QStringLiteral("training"), tr("Training"), true);
  addInt(sec, QStringLiteral("training.seq"), tr("Sequence length"), tr(" tokens"), 1, 16 << 20,
         [](const cp::Scenario& s) { return double(s.training.seq); },
         [](cp::Scenario& s, double v) { s.training.seq = int(v); });
  addInt(sec, QStringLiteral("training.micro_batch"), tr("Micro-batch"), tr(" sequences"), 1, 1 << 20,
         [](const cp::Scenario& s) { return double(s.training.micro_batch); },
         [](cp::Scenario& s, double v) { s.training.micro_batch = int(v); });
  addInt(sec, QStringLiteral("training.global_batch"), tr("Global batch"), tr(" sequences"), 1, 1 << 30,
         [](const cp::Scenario& s) { return double(s.training.global_batch); },
         [](cp::Scenario& s, double v) { s.training.global_batch = int(v); });
  // In tokens, shown "1.4T": "15T", "1.5e13" and "15,000,000,000,000" all read as 1.5e13.
  addReal(sec, QStringLiteral("training.tokens"), tr("Token budget"), tr(" tokens"), 0, 1e18, 0,
          [](const cp::Scenario& s) { return s.training.tokens; },
          [](cp::Scenario& s, double v) { s.training.tokens = v; }, {cp::NumberUnit::Count, 1, true});
  QStringList precisions, optimizers, recomputes, zeros;
  for (auto p : {cp::Precision::Fp32, cp::Precision::Bf16, cp::Precision::Fp16, cp::Precision::Fp8})
    precisions << precisionName(p);
  for (auto o : {cp::Optimizer::Adam, cp::Optimizer::Sgd, cp::Optimizer::Adam8bit}) optimizers << optimizerName(o);
  for (auto r : {cp::Recompute::None, cp::Recompute::Selective, cp::Recompute::Full}) recomputes << recomputeName(r);
  for (auto z : {cp::Zero::Stage0, cp::Zero::Stage1, cp::Zero::Stage2, cp::Zero::Stage3,
                 cp::Zero::DistributedOptimizer})
    zeros << zeroName(z);
  addChoice(sec, QStringLiteral("training.precision"), tr("Precision"), precisions,
            [](const cp::Scenario& s) { return double(s.training.precision); },
            [](cp::Scenario& s, double v) { s.training.precision = cp::Precision(int(v)); });
  addChoice(sec, QStringLiteral("training.optimizer"), tr("Optimizer"), optimizers,
            [](const cp::Scenario& s) { return double(s.training.optimizer); },
            [](cp::Scenario& s, double v) { s.training.optimizer = cp::Optimizer(int(v)); });
  addChoice(sec, QStringLiteral("training.recompute"), tr("Recomputation"), recomputes,
            [](const cp::Scenario& s) { return double(s.training.recompute); },
            [](cp::Scenario& s, double v) { s.training.recompute = cp::Recompute(int(v)); });
  addChoice(sec, QStringLiteral("training.zero"), tr("ZeRO"), zeros,
            [](const cp::Scenario& s) { return double(s.training.zero); },
            [](cp::Scenario& s, double v) { s.training.zero = cp::Zero(int(v)); });
  addFlag(sec, QStringLiteral("training.flash_attention"), tr("Flash attention"),
          [](const cp::Scenario& s) { return double(s.training.flash_attention); },
          [](cp::Scenario& s, double v) { s.training.flash_attention = v != 0; });
  addFlag(sec, QStringLiteral("training.dropout"), tr("Dropout"),
          [](const cp::Scenario& s) { return double(s.training.dropout); },
          [](cp::Scenario& s, double v) { s.training.dropout = v != 0; });
}

void InputPanel::buildParallelism() {
  auto* sec = addSection(QStringLiteral("parallelism"), tr("Parallelism"), true);
  auto degree = [this, sec](const char* key, const QString& label, int min, int max, int cp::Parallelism::*member) {
    const bool layout = member == &cp::Parallelism::tp || member == &cp::Parallelism::pp ||
                        member == &cp::Parallelism::cp;
    return addInt(sec, QString::fromLatin1(key), label, tr(" ×"), min, max,
                  [member](const cp::Scenario& s) { return double(s.parallel.*member); },
                  [member, layout](cp::Scenario& s, double v) {
                    s.parallel.*member = int(v);
                    if (layout) followCluster(s);
                  });
  };
  degree("parallelism.tp", tr("Tensor parallel (TP)"), 1, cp::kMaxHeadsExpertsDegree, &cp::Parallelism::tp);
  degree("parallelism.pp", tr("Pipeline parallel (PP)"), 1, cp::kMaxHeadsExpertsDegree, &cp::Parallelism::pp);
  degree("parallelism.vpp", tr("Interleaved chunks (VPP)"), 1, 1 << 10, &cp::Parallelism::vpp);
  QSpinBox* dp = degree("parallelism.dp", tr("Data parallel (DP)"), 0, 1 << 24, &cp::Parallelism::dp);
  dp->setSpecialValueText(tr("auto (from the GPU count)"));
  degree("parallelism.cp", tr("Context parallel (CP)"), 1, cp::kMaxHeadsExpertsDegree, &cp::Parallelism::cp);
  degree("parallelism.ep", tr("Expert parallel (EP)"), 1, cp::kMaxHeadsExpertsDegree, &cp::Parallelism::ep);
  addFlag(sec, QStringLiteral("parallelism.sp"), tr("Sequence parallel (SP)"),
          [](const cp::Scenario& s) { return double(s.parallel.sp); },
          [](cp::Scenario& s, double v) { s.parallel.sp = v != 0; });
}

void InputPanel::buildHardware() {
  auto* sec = addSection(QStringLiteral("hardware"), tr("Hardware"), true);
  QStringList gpus;
  for (const cp::GpuSpec& g : cp::gpu_catalog()) gpus << QString::fromStdString(g.name);
  addChoice(sec, QStringLiteral("cluster.gpu"), tr("GPU"), gpus,
            [](const cp::Scenario& s) { return double(catalogIndex(cp::gpu_catalog(), s.cluster.gpu.id)); },
            [](cp::Scenario& s, double v) { s.cluster.gpu = cp::gpu_catalog()[std::size_t(v)]; });
  addInt(sec, QStringLiteral("cluster.gpus_per_node"), tr("GPUs per node"), tr(" GPUs"), 1, 1024,
         [](const cp::Scenario& s) { return double(s.cluster.gpus_per_node); },
         [](cp::Scenario& s, double v) {
           s.cluster.gpus_per_node = int(v);
           followCluster(s);
         });
  addInt(sec, QStringLiteral("cluster.nodes"), tr("Nodes"), tr(" nodes"), 1, 1 << 20,
         [](const cp::Scenario& s) { return double(s.cluster.nodes); },
         [](cp::Scenario& s, double v) {
           s.cluster.nodes = int(v);
           followCluster(s);
         });
}

void InputPanel::buildFabric() {
  auto* sec = addSection(QStringLiteral("fabric"), tr("Fabric"), true);
  QStringList fabrics, topologies;
  for (const cp::FabricSpec& f : cp::fabric_catalog()) fabrics << QString::fromStdString(f.name);
  for (auto t : {cp::Topology::SingleSwitch, cp::Topology::FatTree2, cp::Topology::FatTree3,
                 cp::Topology::RailOptimized})
    topologies << topologyName(t);
  addChoice(sec, QStringLiteral("cluster.fabric"), tr("Fabric"), fabrics,
            [](const cp::Scenario& s) { return double(catalogIndex(cp::fabric_catalog(), s.cluster.fabric.id)); },
            [](cp::Scenario& s, double v) { s.cluster.fabric = cp::fabric_catalog()[std::size_t(v)]; });
  addChoice(sec, QStringLiteral("cluster.topology"), tr("Topology"), topologies,
            [](const cp::Scenario& s) { return double(s.cluster.topology); },
            [](cp::Scenario& s, double v) { s.cluster.topology = cp::Topology(int(v)); });
  addReal(sec, QStringLiteral("cluster.oversubscription"), tr("Oversubscription"), tr(" : 1"), 1, 16, 1,
          [](const cp::Scenario& s) { return s.cluster.oversubscription; },
          [](cp::Scenario& s, double v) { s.cluster.oversubscription = v; });
  addInt(sec, QStringLiteral("cluster.nics_per_node"), tr("NICs per node"), tr(" NICs"), 1, 64,
         [](const cp::Scenario& s) { return double(s.cluster.nics_per_node); },
         [](cp::Scenario& s, double v) { s.cluster.nics_per_node = int(v); });
}

void InputPanel::buildAssumptions() {
  auto* sec = addSection(QStringLiteral("assumptions"), tr("Assumptions"), false);
  assumptions_ = sec;
  sec->setObjectName(QStringLiteral("assumptionsSection"));
  addReal(sec, QStringLiteral("assumptions.pue"), tr("PUE"), QString(), 1, 5, 2,
          [](const cp::Scenario& s) { return s.assumptions.pue; },
          [](cp::Scenario& s, double v) { s.assumptions.pue = v; });
  addReal(sec, QStringLiteral("assumptions.gpu_power_factor"), tr("Average GPU draw"), tr(" % of TDP"), 1, 150, 0,
          [](const cp::Scenario& s) { return s.assumptions.gpu_power_factor * 100; },
          [](cp::Scenario& s, double v) { s.assumptions.gpu_power_factor = v / 100; });
  addReal(sec, QStringLiteral("assumptions.rack_limit_w"), tr("Rack power limit"), tr(" kW"), 1, 500, 1,
          [](const cp::Scenario& s) { return s.assumptions.rack_limit_w / 1e3; },
          [](cp::Scenario& s, double v) { s.assumptions.rack_limit_w = v * 1e3; });
  QStringList payments, currencies;
  for (auto p : {cp::Payment::Rent, cp::Payment::Cloud, cp::Payment::Purchase}) payments << paymentName(p);
  currencies << QStringLiteral("CNY") << QStringLiteral("USD");
  addChoice(sec, QStringLiteral("assumptions.payment"), tr("Payment"), payments,
            [](const cp::Scenario& s) { return double(s.assumptions.payment); },
            [](cp::Scenario& s, double v) { s.assumptions.payment = cp::Payment(int(v)); });
  addChoice(sec, QStringLiteral("assumptions.currency"), tr("Currency"), currencies,
            [](const cp::Scenario& s) { return double(s.assumptions.currency); },
            [](cp::Scenario& s, double v) { s.assumptions.currency = cp::Currency(int(v)); });
  addReal(sec, QStringLiteral("assumptions.cny_per_usd"), tr("Exchange rate"), tr(" CNY per USD"), 0.01, 100, 2,
          [](const cp::Scenario& s) { return s.assumptions.cny_per_usd; },
          [](cp::Scenario& s, double v) { s.assumptions.cny_per_usd = v; });
  addReal(sec, QStringLiteral("assumptions.power_price_per_kwh"), tr("Electricity price"), tr(" USD per kWh"), 0, 10,
          3, [](const cp::Scenario& s) { return s.assumptions.power_price_per_kwh; },
          [](cp::Scenario& s, double v) { s.assumptions.power_price_per_kwh = v; });
  addReal(sec, QStringLiteral("assumptions.headroom"), tr("Budget headroom"), tr(" %"), 0, 1000, 0,
          [](const cp::Scenario& s) { return s.assumptions.headroom * 100; },
          [](cp::Scenario& s, double v) { s.assumptions.headroom = v / 100; });
  addReal(sec, QStringLiteral("assumptions.vat"), tr("VAT"), tr(" %"), 0, 99, 0,
          [](const cp::Scenario& s) { return s.assumptions.vat * 100; },
          [](cp::Scenario& s, double v) { s.assumptions.vat = v / 100; });
  addReal(sec, QStringLiteral("assumptions.amortisation_years"), tr("Amortisation"), tr(" years"), 0.5, 50, 1,
          [](const cp::Scenario& s) { return s.assumptions.amortisation_years; },
          [](cp::Scenario& s, double v) { s.assumptions.amortisation_years = v; });
  addReal(sec, QStringLiteral("assumptions.failure_rate_per_gpu_hour"), tr("Failure rate"),
          tr(" per million GPU-hours"), 0, 1e6, 2,
          [](const cp::Scenario& s) { return s.assumptions.failure_rate_per_gpu_hour * 1e6; },
          [](cp::Scenario& s, double v) { s.assumptions.failure_rate_per_gpu_hour = v / 1e6; });
  addReal(sec, QStringLiteral("assumptions.checkpoint_bytes_per_s"), tr("Checkpoint write bandwidth"), tr(" GB/s"),
          0.01, 1e5, 1, [](const cp::Scenario& s) { return s.assumptions.checkpoint_bytes_per_s / 1e9; },
          [](cp::Scenario& s, double v) { s.assumptions.checkpoint_bytes_per_s = v * 1e9; },
          {cp::NumberUnit::Bytes, 1e9, false});  // "20" GB/s, or "800MB", "1.5 GiB"
  addReal(sec, QStringLiteral("assumptions.restart_s"), tr("Restart after a failure"), tr(" min"), 0, 1e4, 1,
          [](const cp::Scenario& s) { return s.assumptions.restart_s / 60; },
          [](cp::Scenario& s, double v) { s.assumptions.restart_s = v * 60; });
}

void InputPanel::refresh() {
  const cp::Scenario& s = document_->scenario();
  loading_ = true;
  for (const Field& f : fields_) {
    const QSignalBlocker block(f.editor);
    f.load(s);
    f.error->setProperty("problems", QString());
  }
  loading_ = false;
  QStringList general;
  for (const cp::Problem& p : document_->problems()) {
    const QString key = QString::fromStdString(p.field);
    const QString message = QString::fromStdString(p.message);
    bool shown = false;
    // A problem of "assumptions.price_lists.rent" belongs to no single field: shown at the top.
    for (const Field& f : fields_) {
      if (f.key != key) continue;
      const QString had = f.error->property("problems").toString();
      f.error->setProperty("problems", had.isEmpty() ? message : had + QLatin1Char('\n') + message);
      shown = true;
    }
    if (!shown) general << key + QStringLiteral(": ") + message;
  }
  general_->setText(general.join(QLatin1Char('\n')));
  general_->setVisible(!general.isEmpty());
  showProblems();
}

void InputPanel::showProblems() {
  for (const Field& f : fields_) {
    // What the parser refused stands above the engine's problems of the value kept.
    QString text = f.error->property("problems").toString();
    if (const QString why = refused_.value(f.key); !why.isEmpty())
      text = text.isEmpty() ? why : why + QLatin1Char('\n') + text;
    if (f.error->text() != text) f.error->setText(text);
    const bool bad = !text.isEmpty();
    f.error->setVisible(bad);
    if (f.editor->property("invalid").toBool() == bad) continue;  // restyling is slow: only on change
    f.editor->setProperty("invalid", bad);
    f.editor->setStyleSheet(bad ? QStringLiteral("border: 2px solid %1;").arg(palette::invalid().name()) : QString());
    f.editor->setToolTip(f.error->text());
  }
}

// Issue 19, point 6: a field with focus took Ctrl+Z for its own text, so undo did nothing
// exactly when it was wanted. The field commits what was typed, and the key goes on to the
// Edit menu's Undo and Redo (the document's undo stack).
bool InputPanel::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() == QEvent::ShortcutOverride) {
    auto* key = static_cast<QKeyEvent*>(event);
    const bool redo = key->matches(QKeySequence::Redo) ||
                      key->keyCombination() == QKeyCombination(Qt::ControlModifier | Qt::ShiftModifier, Qt::Key_Z);
    if (key->matches(QKeySequence::Undo) || redo) {
      if (auto* spin = qobject_cast<QAbstractSpinBox*>(watched)) spin->interpretText();
      event->ignore();  // not the field's: the shortcut's
      return true;
    }
  }
  return QWidget::eventFilter(watched, event);
}

QWidget* InputPanel::editor(const QString& field) const {
  for (const Field& f : fields_)
    if (f.key == field) return f.editor;
  return nullptr;
}

QString InputPanel::errorText(const QString& field) const {
  for (const Field& f : fields_)
    if (f.key == field) return f.error->text();
  return {};
}

QString InputPanel::generalProblems() const { return general_->text(); }

}  // namespace cp::ui
