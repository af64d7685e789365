// The inputs of a scenario, grouped and compact: model, training, parallelism, hardware, fabric
// and (folded) assumptions. Every field has its unit; every change is one undoable edit of the
// document and recomputes at once. Invalid fields are marked where they are, with the reason
// the engine's validation gives (mapped by its dotted field name).
#pragma once

#include <QString>
#include <QWidget>
#include <functional>
#include <vector>

#include "engine/scenario.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace cp::ui {

class CollapsibleSection;
class ScenarioDocument;

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

  CollapsibleSection* addSection(const QString& title, bool expanded);
  QSpinBox* addInt(CollapsibleSection* section, const QString& key, const QString& label, const QString& suffix,
                   int min, int max, Get get, Set set);
  QDoubleSpinBox* addReal(CollapsibleSection* section, const QString& key, const QString& label, const QString& suffix,
                          double min, double max, int decimals, Get get, Set set);
  QComboBox* addChoice(CollapsibleSection* section, const QString& key, const QString& label, const QStringList& items,
                       Get get, Set set);
  QCheckBox* addFlag(CollapsibleSection* section, const QString& key, const QString& label, Get get, Set set);
  void addRow(CollapsibleSection* section, Field field);
  void commit(const Field& field, const Set& set, double value);

  void buildModel();
  void buildTraining();
  void buildParallelism();
  void buildHardware();
  void buildFabric();
  void buildAssumptions();
  void refresh();  // loads every editor from the document and marks the problems

  ScenarioDocument* document_;
  std::vector<Field> fields_;
  QLabel* general_ = nullptr;
  CollapsibleSection* assumptions_ = nullptr;
  QWidget* sections_ = nullptr;
  bool loading_ = false;
};

}  // namespace cp::ui
