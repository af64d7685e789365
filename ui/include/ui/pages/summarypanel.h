// The scenario and its estimate in words: model, parameters, parallel layout, GPUs, memory
// against capacity, whether it fits, and the engine's warnings (or, for an invalid scenario,
// the problems that stop it from being estimated).
#pragma once

#include <QWidget>
#include <optional>
#include <vector>

#include "engine/estimate.h"
#include "engine/scenario.h"
#include "engine/validate.h"

class QFormLayout;
class QGroupBox;
class QLabel;

namespace cp::ui {

class SummaryPanel : public QWidget {
  Q_OBJECT

 public:
  explicit SummaryPanel(QWidget* parent = nullptr);

  void setEstimate(const cp::Scenario& scenario, const cp::Estimate& estimate);
  void setProblems(const cp::Scenario& scenario, const std::vector<cp::Problem>& problems);

  // The texts shown, for tests.
  QString fitText() const;       // "Fits, 41.0 GiB to spare" / "Does not fit by 3.2 GiB"
  QString warningsText() const;  // the warnings (or problems), one per line

  // The height its rows take at its width (measured again on each change of width or text), not
  // at the narrow widths a wrapped label guesses for itself: the page's scroll area, not one of
  // its own, shows all of it.
  QSize sizeHint() const override;

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void rebuild();
  void rebuildRows();
  void fitHeight();

  struct Shown {
    cp::Scenario scenario;
    std::optional<cp::Estimate> estimate;  // empty when the scenario has problems
    std::vector<cp::Problem> problems;
  };
  std::optional<Shown> shown_;

  QGroupBox* scenarioGroup_ = nullptr;
  QFormLayout* scenarioForm_ = nullptr;
  QGroupBox* memoryGroup_ = nullptr;
  QFormLayout* memoryForm_ = nullptr;
  QLabel* fit_ = nullptr;
  QGroupBox* warningsGroup_ = nullptr;
  QLabel* warnings_ = nullptr;
};

}  // namespace cp::ui
