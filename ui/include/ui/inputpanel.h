// The inputs of a scenario, grouped and compact: its name and notes, model, training, parallelism, hardware, fabric
// and (folded) assumptions. Every field has its unit; every change is one undoable edit of the
// document and recomputes at once. Invalid fields are marked where they are, with the reason
// the engine's validation gives (mapped by its dotted field name).
#pragma once

#include <QHash>
#include <QString>
#include <QWidget>
#include <functional>
#include <vector>

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

 private:
  using Get = std::function<double(const cp::Scenario&)>;
  using Set = std::function<void(cp::Scenario&, double)>;
  struct Field {
    QString key;
    QString label;
    QWidget* editor = nullptr;
    QLabel* error = nullptr;
    std::function<void(const cp::Scenario&)> load;
  };

  // `key` names the section in objectName ("<key>Section") and in the settings that remember
  // whether it is open.
  CollapsibleSection* addSection(const QString& key, const QString& title, bool expanded);
  QSpinBox* addInt(CollapsibleSection* section, const QString& key, const QString& label, const QString& suffix,
                   int min, int max, Get get, Set set);
  QDoubleSpinBox* addReal(CollapsibleSection* section, const QString& key, const QString& label, const QString& suffix,
                          double min, double max, int decimals, Get get, Set set, const RealUnit& unit = {});
  QComboBox* addChoice(CollapsibleSection* section, const QString& key, const QString& label, const QStringList& items,
                       Get get, Set set);
  QCheckBox* addFlag(CollapsibleSection* section, const QString& key, const QString& label, Get get, Set set);
  void addRow(CollapsibleSection* section, Field field);
  void commit(const Field& field, const Set& set, double value);

  void buildScenario();  // the name and notes
  void buildModel();
  void buildTraining();
  void buildParallelism();
  void buildHardware();
  void buildFabric();
  void buildAssumptions();
  void refresh();  // loads every editor from the document and marks the problems
  void showProblems();  // the engine's problems and what the parser refused, under each field
  // What the number parser refused in field `key` ("" when it read the text).
  void refuse(const QString& key, const QString& label, const QString& why);

  ScenarioDocument* document_;
  std::vector<Field> fields_;
  QLabel* general_ = nullptr;
  CollapsibleSection* assumptions_ = nullptr;
  QWidget* sections_ = nullptr;
  QLineEdit* name_ = nullptr;
  QPlainTextEdit* notes_ = nullptr;
  bool loading_ = false;
  QHash<QString, QString> refused_;  // field key -> "Layers: must be at most 10000, got 99999999999"
};

}  // namespace cp::ui
