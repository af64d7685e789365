#include "ui/pages/inputpanel.h"

#include <QApplication>
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
#include <string_view>
#include <type_traits>
#include <utility>

#include "engine/fabric.h"
#include "engine/gpu.h"
#include "engine/model.h"
#include "engine/number_text.h"
#include "engine/validate.h"
#include "ui/pages/collapsiblesection.h"
#include "ui/text/enginetext.h"
#include "ui/text/fieldtext.h"
#include "ui/text/i18n.h"
#include "ui/palette.h"
#include "ui/scenariodocument.h"
#include "ui/pages/wheelguard.h"
#include "ui/text/terms.h"
#include "ui/text/usertext.h"

namespace cp::ui {
namespace {

constexpr double kBillion = 1e9;
// The narrowest an editor gets in a narrow dock, pixels: room for about eight digits.
constexpr int kMinEditorWidth = 60;
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

// DP follows the cluster. A DP set by hand that no longer multiplies out to
// the GPU count after a change of nodes, GPUs per node, TP, PP or CP goes back to "auto".
void followCluster(cp::Scenario& s) {
  const cp::Parallelism& p = s.parallel;
  if (p.dp > 0 && (long long)p.tp * p.pp * p.cp * p.dp != (long long)s.cluster.total_gpus()) s.parallel.dp = 0;
}

void customShape(cp::Scenario& s) {
  s.model_id = "custom";
  s.model_derived = false;
}

// What is typed into a number field is read by the engine's parser
// (engine/number_text.h), the CLI's: "15T", "1e13", "1,024", "4k"; what it refuses is said
// under the field (`refused`, "" when read), and the field keeps its value: never a silent
// clamp to the field's range. Values are committed on Enter or leaving the field.
QString typedText(const QAbstractSpinBox* box, QString text) {
  const QString suffix = box->property("unitSuffix").toString();
  if (!suffix.isEmpty() && text.endsWith(suffix)) text.chop(suffix.size());
  else if (!suffix.trimmed().isEmpty() && text.endsWith(suffix.trimmed())) text.chop(suffix.trimmed().size());
  return text.trimmed();
}

// The box's word for its 0, as shown or typed over the number (the suffix then still after
// it), or "auto" in any language ("no limit", "auto" for DP's "auto (from the GPU count)").
bool isSpecialValue(const QAbstractSpinBox& box, const QString& text, const QString& typed) {
  const QString special = box.specialValueText();
  if (special.isEmpty()) return false;
  return text == special || typed.compare(special, Qt::CaseInsensitive) == 0 ||
         typed.compare(QLatin1String("auto"), Qt::CaseInsensitive) == 0;
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
    const QString typed = typedText(this, text);
    if (isSpecialValue(*this, text, typed)) {
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
    const QString typed = typedText(this, text);
    if (isSpecialValue(*this, text, typed)) {
      refused_(QString());
      return minimum();
    }
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

InputPanel::InputPanel(ScenarioDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), wheelGuard_(new WheelGuard(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(2);
  general_ = new QLabel;
  general_->setObjectName(QStringLiteral("generalProblems"));
  general_->setWordWrap(true);
  general_->setVisible(false);
  makePlain(general_);  // problems quote what the user typed
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
  buildSoftware();
  buildAssumptions();
  layout->addStretch(1);

  connect(document_, &ScenarioDocument::scenarioChanged, this, &InputPanel::refresh);
  connect(document_, &ScenarioDocument::notesChanged, this, [this] {
    const QString notes = QString::fromStdString(document_->fileNotes());
    if (notes == notes_->toPlainText()) return;  // the user's own typing: keep the cursor
    const QSignalBlocker block(notes_);
    notes_->setPlainText(notes);
  });
  // An error that goes away while the user is at work in the panel keeps its
  // space, so that the form does not jump under the cursor; the space closes when focus leaves.
  // (A hidden label that retains its size is not used: its height is lost in the form's height.)
  connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) {
    if (now && isAncestorOf(now)) return;
    releaseKeptSpace();
  });
  retranslate();
  refresh();
}

CollapsibleSection* InputPanel::addSection(const QString& key, const char* title, bool expanded) {
  auto* section = new CollapsibleSection(tr(title), expanded);
  section->setObjectName(key + QStringLiteral("Section"));
  section->rememberAs(QStringLiteral("inputs/") + key);  // folded or open as the user left it
  // In a narrow dock a label goes above its field instead of making the
  // form wider than the dock (where it would be cut off).
  section->form()->setRowWrapPolicy(QFormLayout::WrapLongRows);
  static_cast<QVBoxLayout*>(layout())->addWidget(section);
  sections_titles_.emplace_back(section, title);
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
  makePlain(field.error);
  QPalette p = field.error->palette();
  p.setColor(QPalette::WindowText, palette::invalid());
  field.error->setPalette(p);
  v->addWidget(field.error);
  v->addStretch(1);  // a cell held at its height (showProblems) keeps the editor at its top
  field.editor->setObjectName(field.key);
  wheelGuard_->guard(field.editor);                // the wheel scrolls the panel, not the field
  field.editor->installEventFilter(this);          // Ctrl+Z undoes the document (eventFilter)
  // The editors narrow with the dock (their text scrolls inside) rather than widening the form.
  field.editor->setMinimumWidth(kMinEditorWidth);
  field.label = new QLabel;
  field.label->setObjectName(field.key + QStringLiteral(".label"));
  field.label->setBuddy(field.editor);
  section->form()->addRow(field.label, cell);
  fields_.push_back(std::move(field));
}

const InputPanel::Field* InputPanel::find(const QString& key) const {
  for (const Field& f : fields_)
    if (f.key == key) return &f;
  return nullptr;
}

QString InputPanel::label(const Field& f) const { return f.info ? fieldLabel(*f.info) : tr("Notes"); }

void InputPanel::commit(const QString& key, const Set& set, double value) {
  if (loading_) return;
  const Field* f = find(key);
  document_->edit(tr("Change %1").arg(f ? label(*f) : key), key, [set, value](cp::Scenario& s) { set(s, value); });
}

namespace {

QString keyText(const cp::FieldInfo& f) { return QString::fromLatin1(f.key.data(), qsizetype(f.key.size())); }

// Sets the spin box's words in the current language: its unit suffix (Shown's `suffix`, or the
// row's unit with `rowUnit`); and where the row says what a 0 stands for and the box goes down
// to 0, that word in the 0's place ("no limit", not "0").
// The suffix for a count of one: "1 sequence", not "1 sequences" (none where the word has no
// singular of its own).
const char* singularOf(const char* suffix) {
  static constexpr std::pair<std::string_view, const char*> kSingular[] = {
      {" sequences", QT_TRANSLATE_NOOP("cp::ui::InputPanel", " sequence")},
      {" GPUs", QT_TRANSLATE_NOOP("cp::ui::InputPanel", " GPU")},
      {" nodes", QT_TRANSLATE_NOOP("cp::ui::InputPanel", " node")},
      {" NICs", QT_TRANSLATE_NOOP("cp::ui::InputPanel", " NIC")},
      {" tokens", QT_TRANSLATE_NOOP("cp::ui::InputPanel", " token")},
  };
  if (!suffix) return nullptr;
  for (const auto& [plural, singular] : kSingular)
    if (plural == suffix) return singular;
  return nullptr;
}

template <typename Spin>
std::function<void()> wordsOf(Spin* spin, const char* suffix, bool rowUnit, const cp::FieldInfo& f) {
  return [spin, suffix, rowUnit, &f] {
    const char* shown = suffix;
    if constexpr (std::is_base_of_v<QSpinBox, Spin>)
      if (const char* one = singularOf(suffix); one && spin->value() == 1) shown = one;
    QString text = shown ? InputPanel::tr(shown) : QString();
    if (!suffix && rowUnit && !f.unit.empty()) text = QLatin1Char(' ') + fieldUnit(f);
    spin->setSuffix(text);
    spin->setProperty("unitSuffix", text);
    if (!f.zero_word.empty() && spin->minimum() == 0) spin->setSpecialValueText(fieldZeroWord(f));
  };
}

}  // namespace

QString InputPanel::tipText(const cp::FieldInfo& f, Shown shown) {
  QString tip = fieldHelp(f);
  // The unit: the suffix the editor shows, else the field table's.
  QString unit = shown.suffix ? tr(shown.suffix).trimmed() : QString();
  if (unit.isEmpty() || unit == QStringLiteral("×")) unit = fieldUnit(f);
  if (!unit.isEmpty()) tip += QLatin1Char('\n') + tr("Unit: %1").arg(unit);
  if (f.bounded()) {
    const QLocale locale;
    const QString min = locale.toString(f.min * shown.scale, 'g', 12);
    const QString max = locale.toString(f.max * shown.scale, 'g', 12);
    const QString range = f.min_open && f.max_open ? tr("Above %1 and below %2")
                          : f.min_open             ? tr("Above %1, up to %2")
                          : f.max_open             ? tr("From %1 to below %2")
                                                   : tr("From %1 to %2");
    tip += QLatin1Char('\n') + range.arg(min, max);
  }
  return tip;
}

QSpinBox* InputPanel::addInt(CollapsibleSection* section, const cp::FieldInfo& f, Shown shown, const Get& get, const Set& set) {
  const QString key = keyText(f);
  auto* spin = new IntField(cp::NumberUnit::Count, [this, key](const QString& why) { refuse(key, why); });
  spin->setRange(int(f.min * shown.scale), int(f.max * shown.scale));
  spin->setGroupSeparatorShown(true);
  connect(spin, &QSpinBox::valueChanged, this, [this, key, set](int v) { commit(key, set, v); });
  auto words = wordsOf(spin, shown.suffix, shown.rowUnit, f);
  // The suffix follows the count: on an edit, and on a load (which sets the value unsignalled).
  const bool counted = singularOf(shown.suffix) != nullptr;
  if (counted) connect(spin, &QSpinBox::valueChanged, this, words);
  addRow(section, Field{key, &f, spin,
                        [spin, get, words, counted](const cp::Scenario& s) {
                          if (const int v = int(get(s)); v != spin->value()) spin->setValue(v);
                          if (counted) words();
                        },
                        words, shown});
  return spin;
}

QDoubleSpinBox* InputPanel::addReal(CollapsibleSection* section, const cp::FieldInfo& f, Shown shown, int decimals,
                                    const Get& get, const Set& set, const RealUnit& unit) {
  const QString key = keyText(f);
  auto* spin = new RealField(unit.unit, unit.scale, unit.compact, [this, key](const QString& why) { refuse(key, why); });
  spin->setDecimals(decimals);
  // The table's bounds, closed here: a value at an open bound is typed and refused by the
  // engine's validation with its reason, never clamped.
  spin->setRange(f.min * shown.scale, f.max * shown.scale);
  spin->setGroupSeparatorShown(true);
  spin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
  connect(spin, &QDoubleSpinBox::valueChanged, this, [this, key, set](double v) { commit(key, set, v); });
  addRow(section, Field{key, &f, spin,
                        [spin, get](const cp::Scenario& s) {
                          if (const double v = get(s); v != spin->value()) spin->setValue(v);
                        },
                        wordsOf(spin, shown.suffix, shown.rowUnit, f), shown});
  return spin;
}

void InputPanel::refuse(const QString& key, const QString& why) {
  const Field* f = find(key);
  const QString message = why.isEmpty() ? QString() : tr("%1: %2").arg(f ? label(*f) : key, why);
  if (refused_.value(key) == message) return;
  if (message.isEmpty()) refused_.remove(key);
  else refused_.insert(key, message);
  showProblems();
}

QComboBox* InputPanel::addChoice(CollapsibleSection* section, const cp::FieldInfo& f,
                                 const std::function<QStringList()>& items, const Get& get, const Set& set, const QString& key) {
  const QString name = key.isEmpty() ? keyText(f) : key;
  auto* combo = new QComboBox;
  combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  combo->setMinimumContentsLength(12);
  // The choices in the current language, the chosen one kept.
  auto fill = [combo, items] {
    const QSignalBlocker block(combo);
    const int chosen = combo->currentIndex();
    combo->clear();
    combo->addItems(items());
    combo->setCurrentIndex(chosen);
  };
  fill();
  connect(combo, &QComboBox::currentIndexChanged, this, [this, name, set](int i) {
    if (i >= 0) commit(name, set, i);
  });
  addRow(section, Field{name, &f, combo,
                        [combo, get](const cp::Scenario& s) {
                          if (const int i = int(get(s)); i != combo->currentIndex()) combo->setCurrentIndex(i);
                        },
                        fill, {}});
  return combo;
}

QCheckBox* InputPanel::addFlag(CollapsibleSection* section, const cp::FieldInfo& f, const Get& get, const Set& set) {
  const QString key = keyText(f);
  auto* box = new QCheckBox;
  connect(box, &QCheckBox::toggled, this, [this, key, set](bool on) { commit(key, set, on ? 1 : 0); });
  addRow(section, Field{key, &f, box, [box, get](const cp::Scenario& s) { box->setChecked(get(s) != 0); }, {}, {}});
  return box;
}

namespace {

std::function<double(const cp::Scenario&)> scaledGet(const cp::FieldInfo& f, double scale) {
  return [get = f.get, scale](const cp::Scenario& s) { return get(s) * scale; };
}
std::function<void(cp::Scenario&, double)> scaledSet(const cp::FieldInfo& f, double scale) {
  return [set = f.set, scale](cp::Scenario& s, double v) { set(s, v / scale); };
}

}  // namespace

QSpinBox* InputPanel::addInt(CollapsibleSection* section, const cp::FieldInfo& f, Shown shown) {
  return addInt(section, f, shown, scaledGet(f, shown.scale), scaledSet(f, shown.scale));
}

QDoubleSpinBox* InputPanel::addReal(CollapsibleSection* section, const cp::FieldInfo& f, Shown shown, int decimals,
                                    const RealUnit& unit) {
  return addReal(section, f, shown, decimals, scaledGet(f, shown.scale), scaledSet(f, shown.scale), unit);
}

QComboBox* InputPanel::addChoice(CollapsibleSection* section, const cp::FieldInfo& f) {
  return addChoice(section, f, [&f] { return choiceNames(f); }, f.get, f.set);
}

QCheckBox* InputPanel::addFlag(CollapsibleSection* section, const cp::FieldInfo& f) {
  return addFlag(section, f, f.get, f.set);
}

void InputPanel::addRest(CollapsibleSection* section, std::string_view prefix) {
  for (const cp::FieldInfo& f : cp::kFields) {
    if (!f.has_value() || f.flag.empty() || !f.key.starts_with(prefix) || find(keyText(f))) continue;
    switch (f.kind) {
      case cp::FieldKind::Count: addInt(section, f, {nullptr, 1, true}); break;
      case cp::FieldKind::Real: addReal(section, f, {nullptr, 1, true}, 2); break;
      case cp::FieldKind::Choice: addChoice(section, f); break;
      case cp::FieldKind::Flag: addFlag(section, f); break;
      case cp::FieldKind::Text: break;
    }
  }
}

void InputPanel::buildScenario() {
  auto* sec = addSection(QStringLiteral("scenario"), QT_TR_NOOP("Scenario"), true);
  name_ = new QLineEdit;
  name_->setClearButtonEnabled(true);
  // Every keystroke is an edit (merged into one undo step), so that what is saved or exported
  // next carries the name as typed.
  connect(name_, &QLineEdit::textEdited, this, [this](const QString& text) {
    if (!loading_) document_->rename(text);
  });
  addRow(sec, Field{QStringLiteral("name"), &cp::field("name"), name_, [this](const cp::Scenario& s) {
                      // Unnamed: the derived name is shown greyed, as the placeholder.
                      name_->setPlaceholderText(derivedScenarioName(s));
                      // Typing the derived name itself leaves the field as typed.
                      if (name_->hasFocus() && name_->text() == QString::fromStdString(s.name)) return;
                      const QString text = cp::name_is_derived(s) ? QString() : QString::fromStdString(s.name);
                      if (text != name_->text()) name_->setText(text);
                    }, {}, {}});
  notes_ = new QPlainTextEdit;
  notes_->setTabChangesFocus(true);
  notes_->setFixedHeight(notes_->fontMetrics().lineSpacing() * 3 + 12);
  connect(notes_, &QPlainTextEdit::textChanged, this, [this] {
    if (!loading_) document_->editNotes(notes_->toPlainText());
  });
  addRow(sec, Field{QStringLiteral("notes"), nullptr, notes_, [](const cp::Scenario&) {},
                    [this] { notes_->setPlaceholderText(tr("What this scenario is for, where its figures come from…")); },
                    {}});
}

void InputPanel::buildModel() {
  auto* sec = addSection(QStringLiteral("model"), QT_TR_NOOP("Model"), true);
  const auto presets = cp::model_presets();
  const int custom = int(presets.size()), derived = custom + 1;
  addChoice(
      sec, cp::field("model.id"),
      [] {
        QStringList names;
        for (const cp::ModelPreset& p : cp::model_presets())
          names << QString::fromUtf8(p.name.data(), qsizetype(p.name.size()));
        return names << tr("Custom shape") << tr("Derived from a size");
      },
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
      },
      QStringLiteral("model"));
  addReal(sec, cp::field("model.size"), {QT_TR_NOOP(" B parameters")}, 2,
          [](const cp::Scenario& s) { return cp::count_params(s.model).total / kBillion; },
          [](cp::Scenario& s, double v) {
            s.model = cp::derive_shape_from_size(v * kBillion);
            s.model_id = "derived";
            s.model_derived = true;
          },
          {cp::NumberUnit::Count, kBillion, false});  // "70" or "70B"; "0.5T" is 500
  auto shape = [this, sec](const cp::FieldInfo& f, int cp::ModelShape::*member) {
    addInt(sec, f, {}, [member](const cp::Scenario& s) { return double(s.model.*member); },
           [member](cp::Scenario& s, double v) {
             s.model.*member = int(v);
             customShape(s);
           });
  };
  shape(cp::field("model.layers"), &cp::ModelShape::layers);
  shape(cp::field("model.hidden"), &cp::ModelShape::hidden);
  shape(cp::field("model.heads"), &cp::ModelShape::heads);
  shape(cp::field("model.kv_heads"), &cp::ModelShape::kv_heads);
  shape(cp::field("model.ffn"), &cp::ModelShape::ffn);
  shape(cp::field("model.vocab"), &cp::ModelShape::vocab);
  shape(cp::field("model.experts"), &cp::ModelShape::experts);
}

void InputPanel::buildTraining() {
  auto* sec = addSection(QStringLiteral("training"), QT_TR_NOOP("Training"), true);
  addInt(sec, cp::field("training.seq"), {QT_TR_NOOP(" tokens")});
  addInt(sec, cp::field("training.micro_batch"), {QT_TR_NOOP(" sequences")});
  addInt(sec, cp::field("training.global_batch"), {QT_TR_NOOP(" sequences")});
  // In tokens, shown "1.4T": "15T", "1.5e13" and "15,000,000,000,000" all read as 1.5e13.
  addReal(sec, cp::field("training.tokens"), {QT_TR_NOOP(" tokens")}, 0, {cp::NumberUnit::Count, 1, true});
  addChoice(sec, cp::field("training.precision"));
  addChoice(sec, cp::field("training.optimizer"));
  addChoice(sec, cp::field("training.recompute"));
  addChoice(sec, cp::field("training.zero"));
  addFlag(sec, cp::field("training.flash_attention"));
  addFlag(sec, cp::field("training.dropout"));
}

void InputPanel::buildParallelism() {
  auto* sec = addSection(QStringLiteral("parallelism"), QT_TR_NOOP("Parallelism"), true);
  auto degree = [this, sec](const cp::FieldInfo& f, int cp::Parallelism::*member) {
    const bool layout = member == &cp::Parallelism::tp || member == &cp::Parallelism::pp ||
                        member == &cp::Parallelism::cp;
    return addInt(sec, f, {QT_TR_NOOP(" ×")}, [member](const cp::Scenario& s) { return double(s.parallel.*member); },
                  [member, layout](cp::Scenario& s, double v) {
                    s.parallel.*member = int(v);
                    if (layout) followCluster(s);
                  });
  };
  degree(cp::field("parallelism.tp"), &cp::Parallelism::tp);
  degree(cp::field("parallelism.pp"), &cp::Parallelism::pp);
  degree(cp::field("parallelism.vpp"), &cp::Parallelism::vpp);
  degree(cp::field("parallelism.dp"), &cp::Parallelism::dp);
  degree(cp::field("parallelism.cp"), &cp::Parallelism::cp);
  degree(cp::field("parallelism.ep"), &cp::Parallelism::ep);
  addFlag(sec, cp::field("parallelism.sp"));
  addRest(sec, "parallelism.");
}

void InputPanel::buildHardware() {
  auto* sec = addSection(QStringLiteral("hardware"), QT_TR_NOOP("Hardware"), true);
  addChoice(
      sec, cp::field("cluster.gpu"),
      [] {
        QStringList gpus;
        for (const cp::GpuSpec& g : cp::gpu_catalog()) gpus << QString::fromStdString(g.name);
        return gpus;
      },
      [](const cp::Scenario& s) { return double(catalogIndex(cp::gpu_catalog(), s.cluster.gpu.id)); },
      [](cp::Scenario& s, double v) { s.cluster.gpu = cp::gpu_catalog()[std::size_t(v)]; });
  addInt(sec, cp::field("cluster.gpus_per_node"), {QT_TR_NOOP(" GPUs")},
         [](const cp::Scenario& s) { return double(s.cluster.gpus_per_node); },
         [](cp::Scenario& s, double v) {
           s.cluster.gpus_per_node = int(v);
           followCluster(s);
         });
  addInt(sec, cp::field("cluster.nodes"), {QT_TR_NOOP(" nodes")},
         [](const cp::Scenario& s) { return double(s.cluster.nodes); },
         [](cp::Scenario& s, double v) {
           s.cluster.nodes = int(v);
           followCluster(s);
         });
}

// The training software's inputs: which framework, which attention kernel, and the overlaps and
// fusions it runs with. Collapsed: the stack defaults to "not stated" (priced as Megatron-Core,
// the band spanning the stacks).
void InputPanel::buildSoftware() {
  auto* sec = addSection(QStringLiteral("software"), QT_TR_NOOP("Software stack"), false);
  addChoice(sec, cp::field("training.stack"));
  addFlag(sec, cp::field("training.tp_comm_overlap"));
  addFlag(sec, cp::field("training.tp_async_grad"));
  addFlag(sec, cp::field("training.dp_overlap"));
  addFlag(sec, cp::field("training.ep_comm_overlap"));
  addFlag(sec, cp::field("training.grad_accum_fusion"));
  addFlag(sec, cp::field("training.fused_cross_entropy"));
  addFlag(sec, cp::field("training.fp8_attention"));
  // The training's other inputs are its framework's settings (the attention kernel, gradient
  // and optimizer types, what is recomputed, MoE dispatch, the deployment): each row that the
  // training section does not show is here.
  addRest(sec, "training.");
}

void InputPanel::buildFabric() {
  auto* sec = addSection(QStringLiteral("fabric"), QT_TR_NOOP("Fabric"), true);
  addChoice(
      sec, cp::field("cluster.fabric"),
      [] {
        QStringList fabrics;
        for (const cp::FabricSpec& f : cp::fabric_catalog()) fabrics << QString::fromStdString(f.name);
        return fabrics;
      },
      [](const cp::Scenario& s) { return double(catalogIndex(cp::fabric_catalog(), s.cluster.fabric.id)); },
      [](cp::Scenario& s, double v) { s.cluster.fabric = cp::fabric_catalog()[std::size_t(v)]; });
  addChoice(sec, cp::field("cluster.topology"));
  addReal(sec, cp::field("cluster.oversubscription"), {QT_TR_NOOP(" : 1")}, 1);
  addInt(sec, cp::field("cluster.nics_per_node"), {QT_TR_NOOP(" NICs")});
}

void InputPanel::buildAssumptions() {
  auto* sec = addSection(QStringLiteral("assumptions"), QT_TR_NOOP("Assumptions"), false);
  assumptions_ = sec;
  sec->setObjectName(QStringLiteral("assumptionsSection"));
  // Fractions are shown in percent, watts of a rack in kW, seconds of a restart in minutes,
  // bytes/s in GB/s and failures per million GPU-hours: `scale` converts the table's bounds.
  constexpr double kPercent = 100, kKilo = 1e-3, kPerMinute = 1.0 / 60, kGiga = 1e-9, kPerMillion = 1e6;
  addReal(sec, cp::field("assumptions.pue"), {}, 2, [](const cp::Scenario& s) { return s.assumptions.pue; },
          [](cp::Scenario& s, double v) { s.assumptions.pue = v; });
  addReal(sec, cp::field("assumptions.gpu_power_factor"), {QT_TR_NOOP(" % of TDP"), kPercent}, 0,
          [](const cp::Scenario& s) { return s.assumptions.gpu_power_factor * 100; },
          [](cp::Scenario& s, double v) { s.assumptions.gpu_power_factor = v / 100; });
  addReal(sec, cp::field("assumptions.rack_limit_w"), {QT_TR_NOOP(" kW"), kKilo}, 1,
          [](const cp::Scenario& s) { return s.assumptions.rack_limit_w / 1e3; },
          [](cp::Scenario& s, double v) { s.assumptions.rack_limit_w = v * 1e3; });
  addChoice(
      sec, cp::field("assumptions.payment"),
      [] {
        QStringList payments;
        for (auto p : {cp::Payment::Rent, cp::Payment::Cloud, cp::Payment::Purchase}) payments << paymentName(p);
        return payments;
      },
      [](const cp::Scenario& s) { return double(s.assumptions.payment); },
      [](cp::Scenario& s, double v) { s.assumptions.payment = cp::Payment(int(v)); });
  addChoice(
      sec, cp::field("assumptions.currency"), [] { return QStringList{QStringLiteral("CNY"), QStringLiteral("USD")}; },
      [](const cp::Scenario& s) { return double(s.assumptions.currency); },
      [](cp::Scenario& s, double v) { s.assumptions.currency = cp::Currency(int(v)); });
  addReal(sec, cp::field("assumptions.cny_per_usd"), {QT_TR_NOOP(" CNY per USD")}, 2,
          [](const cp::Scenario& s) { return s.assumptions.cny_per_usd; },
          [](cp::Scenario& s, double v) { s.assumptions.cny_per_usd = v; });
  addReal(sec, cp::field("assumptions.power_price_per_kwh"), {QT_TR_NOOP(" USD per kWh")}, 3,
          [](const cp::Scenario& s) { return s.assumptions.power_price_per_kwh; },
          [](cp::Scenario& s, double v) { s.assumptions.power_price_per_kwh = v; });
  addReal(sec, cp::field("assumptions.headroom"), {QT_TR_NOOP(" %"), kPercent}, 0,
          [](const cp::Scenario& s) { return s.assumptions.headroom * 100; },
          [](cp::Scenario& s, double v) { s.assumptions.headroom = v / 100; });
  addReal(sec, cp::field("assumptions.vat"), {QT_TR_NOOP(" %"), kPercent}, 0,
          [](const cp::Scenario& s) { return s.assumptions.vat * 100; },
          [](cp::Scenario& s, double v) { s.assumptions.vat = v / 100; });
  addReal(sec, cp::field("assumptions.amortisation_years"), {QT_TR_NOOP(" years")}, 2,
          [](const cp::Scenario& s) { return s.assumptions.amortisation_years; },
          [](cp::Scenario& s, double v) { s.assumptions.amortisation_years = v; });
  addReal(sec, cp::field("assumptions.failure_rate_per_gpu_hour"), {QT_TR_NOOP(" per million GPU-hours"), kPerMillion},
          2, [](const cp::Scenario& s) { return s.assumptions.failure_rate_per_gpu_hour * 1e6; },
          [](cp::Scenario& s, double v) { s.assumptions.failure_rate_per_gpu_hour = v / 1e6; });
  addReal(sec, cp::field("assumptions.facility_per_kw_month"), {QT_TR_NOOP(" USD per kW-month")}, 0,
          [](const cp::Scenario& s) { return s.assumptions.facility_per_kw_month; },
          [](cp::Scenario& s, double v) { s.assumptions.facility_per_kw_month = v; });
  addReal(sec, cp::field("assumptions.support_per_year"), {QT_TR_NOOP(" % a year"), kPercent}, 1,
          [](const cp::Scenario& s) { return s.assumptions.support_per_year * 100; },
          [](cp::Scenario& s, double v) { s.assumptions.support_per_year = v / 100; });
  addReal(sec, cp::field("assumptions.storage_capex_share"), {QT_TR_NOOP(" %"), kPercent}, 1,
          [](const cp::Scenario& s) { return s.assumptions.storage_capex_share * 100; },
          [](cp::Scenario& s, double v) { s.assumptions.storage_capex_share = v / 100; });
  addReal(sec, cp::field("assumptions.discount_rate"), {QT_TR_NOOP(" % a year"), kPercent}, 1,
          [](const cp::Scenario& s) { return s.assumptions.discount_rate * 100; },
          [](cp::Scenario& s, double v) { s.assumptions.discount_rate = v / 100; });
  addReal(sec, cp::field("assumptions.residual_value"), {QT_TR_NOOP(" %"), kPercent}, 0,
          [](const cp::Scenario& s) { return s.assumptions.residual_value * 100; },
          [](cp::Scenario& s, double v) { s.assumptions.residual_value = v / 100; });
  addChoice(
      sec, cp::field("assumptions.checkpoint_mode"),
      [] {
        QStringList modes;
        for (auto m : {cp::CheckpointMode::Sync, cp::CheckpointMode::Async, cp::CheckpointMode::InMemory})
          modes << checkpointModeName(m);
        return modes;
      },
      [](const cp::Scenario& s) { return double(s.assumptions.checkpoint_mode); },
      [](cp::Scenario& s, double v) { s.assumptions.checkpoint_mode = cp::CheckpointMode(int(v)); });
  addReal(sec, cp::field("assumptions.checkpoint_bytes_per_s_per_gpu"), {QT_TR_NOOP(" GB/s per GPU"), kGiga}, 3,
          [](const cp::Scenario& s) { return s.assumptions.checkpoint_bytes_per_s_per_gpu / 1e9; },
          [](cp::Scenario& s, double v) { s.assumptions.checkpoint_bytes_per_s_per_gpu = v * 1e9; },
          {cp::NumberUnit::Bytes, 1e9, false});
  // Cluster-wide: unset (the per-GPU figure times the GPUs) reads "auto", at the spin box's 0.
  auto* storage = addReal(sec, cp::field("assumptions.checkpoint_bytes_per_s"), {QT_TR_NOOP(" GB/s"), kGiga}, 1,
          [](const cp::Scenario& s) { return s.assumptions.checkpoint_bytes_per_s.value_or(0) / 1e9; },
          [](cp::Scenario& s, double v) {
            if (v > 0) s.assumptions.checkpoint_bytes_per_s = v * 1e9;
            else s.assumptions.checkpoint_bytes_per_s.reset();
          },
          {cp::NumberUnit::Bytes, 1e9, false});  // "20" GB/s, or "800MB", "1.5 GiB"
  storage->setMinimum(0);
  Field& cluster = fields_.back();
  cluster.retranslate = [this, storage, suffix = cluster.retranslate] {
    suffix();
    storage->setSpecialValueText(tr("auto (per GPU x GPUs)"));
  };
  addReal(sec, cp::field("assumptions.restart_s"), {QT_TR_NOOP(" min"), kPerMinute}, 1,
          [](const cp::Scenario& s) { return s.assumptions.restart_s / 60; },
          [](cp::Scenario& s, double v) { s.assumptions.restart_s = v * 60; });
}

void InputPanel::retranslate() {
  for (auto& [section, title] : sections_titles_) section->setTitle(tr(title));
  for (Field& f : fields_) {
    f.label->setText(label(f));
    if (f.retranslate) f.retranslate();
    if (f.info) f.tip = tipText(*f.info, f.shown);
    showTip(f);
  }
}

void InputPanel::changeEvent(QEvent* event) {
  // Settings switches the language at run time; the panel follows at once.
  if (event->type() == QEvent::LanguageChange || event->type() == QEvent::LocaleChange) {
    retranslate();
    refresh();  // the problems and numbers, in the new language and locale
  }
  QWidget::changeEvent(event);
}

void InputPanel::showTip(const Field& f) {
  const QString problems = f.error->text();
  // The problems quote what the user typed: never read as markup.
  f.editor->setToolTip(plainToolTip(problems.isEmpty()    ? f.tip
                                    : f.tip.isEmpty() ? problems
                                                      : f.tip + QStringLiteral("\n\n") + problems));
  f.label->setToolTip(f.tip);
}

void InputPanel::releaseKeptSpace() {
  for (const Field& f : fields_) f.error->parentWidget()->setMinimumHeight(0);
  for (auto& [section, title] : sections_titles_) section->setMinimumHeight(0);
}

void InputPanel::refresh() {
  const cp::Scenario& s = document_->scenario();
  // An undo or redo puts the form back as it was: the room kept for an error that
  // vanished while typing closes, and what the parser refused goes with the text it refused
  // (the fields show the values undone to).
  if (document_->isStepping()) {
    releaseKeptSpace();
    refused_.clear();
  }
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
    const QString message = problemMessage(p);
    bool shown = false;
    // A problem of "assumptions.price_lists.rent" belongs to no single field: shown at the top.
    for (const Field& f : fields_) {
      if (f.key != key) continue;
      const QString had = f.error->property("problems").toString();
      f.error->setProperty("problems", had.isEmpty() ? message : had + QLatin1Char('\n') + message);
      shown = true;
    }
    if (!shown) general << problemText(p);
  }
  general_->setText(general.join(QLatin1Char('\n')));
  general_->setVisible(!general.isEmpty());
  showProblems();
}

void InputPanel::showProblems() {
  const QWidget* focus = QApplication::focusWidget();
  const bool working = focus && isAncestorOf(focus) && !document_->isStepping();
  for (const Field& f : fields_) {
    // What the parser refused stands above the engine's problems of the value kept.
    QString text = f.error->property("problems").toString();
    if (const QString why = refused_.value(f.key); !why.isEmpty())
      text = text.isEmpty() ? why : why + QLatin1Char('\n') + text;
    const bool bad = !text.isEmpty();
    if (!bad && !f.error->isHidden() && working) {
      // The error's cell keeps its height while the user works here: the form stays put.
      QWidget* cell = f.error->parentWidget();
      cell->setMinimumHeight(cell->height());
      // And its section: the slack a shorter form leaves stays inside it, not above the next.
      for (QWidget* w = cell; w && w != this; w = w->parentWidget())
        if (auto* section = qobject_cast<CollapsibleSection*>(w)) section->setMinimumHeight(section->height());
    }
    if (f.error->text() != text) f.error->setText(text);
    f.error->setVisible(bad);
    showTip(f);
    if (f.editor->property("invalid").toBool() == bad) continue;  // restyling is slow: only on change
    f.editor->setProperty("invalid", bad);
    f.editor->setStyleSheet(bad ? QStringLiteral("border: 2px solid %1;").arg(palette::invalid().name()) : QString());
  }
}

// A field with focus would take Ctrl+Z for its own text, so undo would do nothing exactly when
// it is wanted. The field commits what was typed, and the key goes on to the
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
