// The scenario library as a table model: one row per saved scenario (newest first), with its
// name, tags, GPU count, model, last update, and the tokens/s and monthly cost of the estimate
// snapshot kept with its latest revision. Search (part of the name) and tag filtering are the
// store's queries; sorting is left to a QSortFilterProxyModel on SortRole, which holds the raw
// value (a number, a date) next to the formatted DisplayRole text.
#pragma once

#include <QAbstractTableModel>
#include <QDateTime>
#include <QStringList>
#include <cstdint>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/scenario.h"

namespace cp {
class ScenarioStore;
}

namespace cp::ui {

// The model's display name: the preset's name, or its id ("custom", "derived").
QString modelDisplayName(const cp::Scenario& s);
// A number kept in an estimate snapshot at `section`.`key` ("throughput", "tokens_per_s");
// -1 when it is not there (no snapshot, or an older one without it).
double snapshotNumber(const nlohmann::json& estimate, const char* section, const char* key);

class ScenarioListModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Name, Tags, Gpus, TokensPerS, CostPerMonth, Model, Updated, ColumnCount };
  enum Role {
    SortRole = Qt::UserRole + 1,  // the raw value: name (lower case), GPUs, tokens/s, cost, time
    IdRole,                       // the scenario's id in the store (qint64)
    RevisionRole,                 // its latest revision (int)
    TagsRole,                     // its tags (QStringList)
    ErrorRole,                    // why it cannot be read (QString); empty when it can
  };

  explicit ScenarioListModel(QObject* parent = nullptr);

  // The store to show (not owned; nullptr: an empty list). Re-reads it.
  void setStore(cp::ScenarioStore* store);
  cp::ScenarioStore* store() const { return store_; }

  // Only scenarios whose name contains `search` (any case) and that carry `tag` (empty: any).
  void setFilter(const QString& search, const QString& tag);
  QString search() const { return search_; }
  QString tag() const { return tag_; }

  // Re-reads the store (after a save, rename, duplicate or delete). Rows keep their places:
  // changed ones change in place (dataChanged), gone ones are removed, new ones inserted.
  void refresh();
  // The store's message when the last refresh failed; empty when it worked.
  QString lastError() const { return error_; }

  std::int64_t idAt(int row) const;
  int rowOf(std::int64_t id) const;  // -1 when it is not shown
  QString nameOf(std::int64_t id) const;
  // A scenario the store cannot read (a damaged revision) is listed all the same, by the name
  // and tags the list keeps, with the store's reason here; the others are listed as usual.
  QString errorOf(std::int64_t id) const;
  int unreadableCount() const;

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  int columnCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
  QHash<int, QByteArray> roleNames() const override;

 private:
  struct Row {
    std::int64_t id = 0;
    int revision = 0;
    QString name;
    QStringList tags;
    int gpus = 0;
    QString model;
    QDateTime updated;
    double tokensPerS = -1;  // < 0: no snapshot
    double costPerMonth = -1;
    int currency = 0;        // cp::Currency
    QString error;           // why it cannot be read; empty when it can
  };
  QVariant display(const Row& r, int column) const;
  QVariant sortValue(const Row& r, int column) const;

  cp::ScenarioStore* store_ = nullptr;
  QString search_, tag_, error_;
  std::vector<Row> rows_;
};

}  // namespace cp::ui
