// The planner's ranked layouts as a table: one row per PlanEntry (best first), the layout's
// coordinates (fabrics by their names) and its figures. Each cell gives its text for display and its number under
// kSortRole, so that a QSortFilterProxyModel sorted by kSortRole orders numerically. The first
// columns are the rank and an "Apply" cell (drawn as a button by the view). Shows the engine's
// numbers; computes none.
#pragma once

#include <QAbstractTableModel>
#include <memory>

#include "plan/planner.h"

namespace cp::ui {

class PlannerTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column {
    Rank, Apply, Gpus, Fabric, Tp, Pp, Vpp, Cp, Ep, Dp, MicroBatch, Recompute, Zero, Sp,
    TokensPerS, Mfu, MemoryPerGpu, TimeToTrain, RunCost, CostPerMTokens, ColumnCount
  };
  static constexpr int kSortRole = Qt::UserRole + 1;  // the cell's number (enums: their order)
  static constexpr int kPreferredRole = Qt::UserRole + 2;  // true on the row the band tie prefers

  explicit PlannerTableModel(QObject* parent = nullptr);

  void setResult(std::shared_ptr<const cp::PlanResult> result);
  const cp::PlanResult* result() const { return result_.get(); }
  const cp::PlanEntry* entry(int row) const;
  // The row to prefer when the estimates cannot rank the first layouts (the band tie's
  // recommendation, marked "★" and bold); -1 when the winner stands alone in its band.
  int preferredRow() const;
  // The figures' columns, the objective's first: the view shows them next to the rank.
  static QList<int> objectiveColumns(cp::Objective objective);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  // Retranslates the header and the cells (after a language change).
  void retranslate();

 private:
  QVariant display(const cp::PlanEntry& e, int column, int row) const;
  QVariant number(const cp::PlanEntry& e, int column, int row) const;

  std::shared_ptr<const cp::PlanResult> result_;
};

}  // namespace cp::ui
