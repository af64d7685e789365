// "Why this number": the formula, the inputs with their values and units, and the source of one
// headline figure, as the engine explains it (core/engine/include/engine/explain.h).
#pragma once

#include <QDialog>

#include "engine/explain.h"

class QTableWidget;

namespace cp::ui {

class ExplainDialog : public QDialog {
  Q_OBJECT

 public:
  ExplainDialog(const cp::Explanation& explanation, QWidget* parent = nullptr);
  QTableWidget* inputsTable() const { return table_; }

 private:
  QTableWidget* table_ = nullptr;
};

}  // namespace cp::ui
