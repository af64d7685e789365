// The inputs of a scenario, grouped and compact: its name and notes, model, training, parallelism, hardware, fabric
// and (folded) assumptions. Every field has its unit; every change is one undoable edit of the
// document and recomputes at once. Invalid fields are marked where they are, with the reason
// the engine's validation gives (mapped by its dotted field name). Labels, bounds and tooltips
// are the field table's (engine/fields.h); a change of language retranslates them.
#pragma once

#include <QHash>
#include <QString>
#include <QWidget>
#include <functional>
#include <utility>
#include <vector>

#include "engine/fields.h"
#include "engine/number_text.h"
#include "engine/scenario.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace cp::ui {

class CollapsibleSection;
class ScenarioDocument;
class WheelGuard;

// How a real input field reads what is typed: its unit's multipliers, and the field's unit in
// absolute terms (a bare "70" in a field of billions); `compact`: shown as "1.4T".
struct RealUnit {
  cp::NumberUnit unit = cp::NumberUnit::Plain;
  double scale = 1;
  bool compact = false;
};

class InputPanel : public QWidget {
  Q_OBJECT

 public:
  explicit InputPanel(ScenarioDocument* document, QWidget* parent = nullptr);

  // For tests and the benchmark: the editor of a dotted field ("parallelism.tp"), its error
  // message ("" when valid), and the problems no field shows.
  QWidget* editor(const QString& field) const;
  QString errorText(const QString& field) const;
  QString generalProblems() const;
  CollapsibleSection* assumptionsSection() const { return assumptions_; }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  using Get = std::function<double(const cp::Scenario&)>;
  using Set = std::function<void(cp::Scenario&, double)>;
  // How a number is shown: in the stored unit times `scale` (a fraction as %: 100), with the
  // suffix `suffix` (a QT_TR_NOOP text, translated when shown), or with none the row's own unit
  // where `rowUnit` (the rows placed from the table: no section chose their words).
  struct Shown {
    Shown(const char* suffix = nullptr, double scale = 1, bool rowUnit = false)  // NOLINT(google-explicit-constructor)
        : suffix(suffix), scale(scale), rowUnit(rowUnit) {}
    const char* suffix;
    double scale;
    bool rowUnit;
  };
  struct Field {
    Field(QString key, const cp::FieldInfo* info, QWidget* editor, std::function<void(const cp::Scenario&)> load,
          std::function<void()> retranslate = {}, Shown shown = Shown())
        : key(std::move(key)), info(info), editor(editor), load(std::move(load)), retranslate(std::move(retranslate)),
          shown(shown) {}
    QString key;                          // the editor's objectName; the row's key but "model"
    const cp::FieldInfo* info = nullptr;  // the field table's row (nullptr: the notes)
    QWidget* editor = nullptr;
    std::function<void(const cp::Scenario&)> load;
    std::function<void()> retranslate;  // the editor's own texts (suffix, choices) in the current language
    Shown shown;
    QLabel* error = nullptr;
    QLabel* label = nullptr;
    QString tip;  // what the input is, its unit and bounds (the tooltip)
  };

  // `key` names the section in objectName ("<key>Section") and in the settings that remember
  // whether it is open; `title` is a QT_TR_NOOP text.
  CollapsibleSection* addSection(const QString& key, const char* title, bool expanded);
  QSpinBox* addInt(CollapsibleSection* section, const cp::FieldInfo& f, Shown shown, const Get& get, const Set& set);
  QDoubleSpinBox* addReal(CollapsibleSection* section, const cp::FieldInfo& f, Shown shown, int decimals, const Get& get,
                          const Set& set, const RealUnit& unit = {});
  // `items` gives the choices in the current language (called again on a change of language).
  QComboBox* addChoice(CollapsibleSection* section, const cp::FieldInfo& f, const std::function<QStringList()>& items,
                       const Get& get, const Set& set, const QString& key = {});
  QCheckBox* addFlag(CollapsibleSection* section, const cp::FieldInfo& f, const Get& get, const Set& set);
  // The editors of a row with a value path (engine/fields.h): its value read and written
  // through the row, a number shown times `shown.scale`.
  QSpinBox* addInt(CollapsibleSection* section, const cp::FieldInfo& f, Shown shown = {});
  QDoubleSpinBox* addReal(CollapsibleSection* section, const cp::FieldInfo& f, Shown shown, int decimals,
                          const RealUnit& unit = {});
  QComboBox* addChoice(CollapsibleSection* section, const cp::FieldInfo& f);
  QCheckBox* addFlag(CollapsibleSection* section, const cp::FieldInfo& f);
  // Every row of `prefix` with a value path and a CLI option that no section placed, in the
  // table's order: an input added to the field table shows without code of its own here.
  void addRest(CollapsibleSection* section, std::string_view prefix);
  void addRow(CollapsibleSection* section, Field field);
  void commit(const QString& key, const Set& set, double value);
  const Field* find(const QString& key) const;
  QString label(const Field& f) const;
  void retranslate();  // every label, section title, tooltip, suffix and choice list
  void showTip(const Field& f);
  // What the input is (the field table's help), its unit and bounds as the editor shows them.
  static QString tipText(const cp::FieldInfo& f, Shown shown);  // the field's tooltip, with its problems when it has any

  void buildScenario();  // the name and notes
  void buildModel();
  void buildTraining();
  void buildParallelism();
  void buildHardware();
  void buildFabric();
  void buildSoftware();  // the stack and its overlaps and fusions (collapsed)
  void buildAssumptions();
  void refresh();  // loads every editor from the document and marks the problems
  void showProblems();  // the engine's problems and what the parser refused, under each field
  void releaseKeptSpace();  // the room kept for vanished errors closes (focus left, or undo/redo)
  // What the number parser refused in field `key` ("" when it read the text).
  void refuse(const QString& key, const QString& why);

  ScenarioDocument* document_;

  WheelGuard* wheelGuard_ = nullptr;  // the wheel over an unfocused field scrolls the dock
  std::vector<Field> fields_;
  QLabel* general_ = nullptr;
  CollapsibleSection* assumptions_ = nullptr;
  std::vector<std::pair<CollapsibleSection*, const char*>> sections_titles_;
  QWidget* sections_ = nullptr;
  QLineEdit* name_ = nullptr;
  QPlainTextEdit* notes_ = nullptr;
  bool loading_ = false;
  QHash<QString, QString> refused_;  // field key -> "Layers: must be at most 10000, got 99999999999"
};

}  // namespace cp::ui
