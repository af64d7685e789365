#include "ui/library/scenariolistmodel.h"

#include <QHash>
#include <QLocale>
#include <algorithm>
#include <iterator>

#include "engine/model.h"
#include "store/scenario_store.h"
#include "ui/text/enginetext.h"
#include "ui/palette.h"
#include "ui/text/terms.h"
#include "ui/text/usertext.h"

namespace cp::ui {
namespace {

QString fromStd(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

double snapshotNumber(const nlohmann::json& estimate, const char* section, const char* key) {
  if (!estimate.is_object()) return -1;
  const auto s = estimate.find(section);
  if (s == estimate.end() || !s->is_object()) return -1;
  const auto v = s->find(key);
  return v != s->end() && v->is_number() ? v->get<double>() : -1;
}

QString modelDisplayName(const cp::Scenario& s) {
  if (const cp::ModelPreset* preset = cp::find_model_preset(s.model_id))
    return QString::fromUtf8(preset->name.data(), qsizetype(preset->name.size()));
  return fromStd(s.model_id);
}

ScenarioListModel::ScenarioListModel(QObject* parent) : QAbstractTableModel(parent) {}

void ScenarioListModel::setStore(cp::ScenarioStore* store) {
  beginResetModel();  // another library: none of the rows stays
  store_ = store;
  rows_.clear();
  endResetModel();
  refresh();
}

void ScenarioListModel::setFilter(const QString& search, const QString& tag) {
  if (search == search_ && tag == tag_) return;
  search_ = search;
  tag_ = tag;
  refresh();
}

void ScenarioListModel::refresh() {
  std::vector<Row> rows;
  error_.clear();
  if (store_) {
    try {
      // The search matches the name as the list shows it (an unnamed scenario's derived name is
      // in the GUI's language: "32 块 A100") as well as the name the library stores (its
      // English form), so it is applied here, not by the store.
      for (const cp::ScenarioSummary& summary : store_->list({}, tag_.toStdString())) {
        Row r;
        r.id = summary.id;
        r.revision = summary.revision;
        r.name = fromStd(summary.name);
        for (const std::string& t : summary.tags) r.tags << fromStd(t);
        r.updated = QDateTime::fromString(fromStd(summary.updated_at), Qt::ISODateWithMs);
        // One scenario that cannot be read (a damaged revision, a tag the reader refuses) is
        // listed as such, with the store's reason: it must not stop the list and hide every
        // older scenario without a word.
        try {
          cp::StoredScenario stored;
          if (store_->load(summary.id, stored)) {
            const cp::Scenario& s = stored.document.scenario;
            r.name = scenarioDisplayName(s);  // an unnamed one's derived name, in the GUI's language
            r.gpus = s.cluster.total_gpus();
            r.model = modelDisplayName(s);
            r.currency = int(s.assumptions.currency);
            r.tokensPerS = snapshotNumber(stored.estimate, "throughput", "tokens_per_s");
            r.costPerMonth = snapshotNumber(stored.estimate, "cost", "per_month");
          }
        } catch (const std::exception& e) {
          r.error = fromStd(e.what());
        }
        if (!search_.isEmpty() && !r.name.contains(search_, Qt::CaseInsensitive) &&
            !fromStd(summary.name).contains(search_, Qt::CaseInsensitive))
          continue;
        rows.push_back(std::move(r));
      }
    } catch (const std::exception& e) {
      error_ = fromStd(e.what());
    }
  }
  // Rows keep their places (nothing moves under the mouse): a scenario that
  // is gone is removed, one that changed changes in place, a new one is inserted.
  QHash<qint64, std::size_t> fresh;
  for (std::size_t i = 0; i < rows.size(); ++i) fresh.insert(qint64(rows[i].id), i);
  for (int i = int(rows_.size()) - 1; i >= 0; --i) {
    if (fresh.contains(qint64(rows_[std::size_t(i)].id))) continue;
    beginRemoveRows(QModelIndex(), i, i);
    rows_.erase(rows_.begin() + i);
    endRemoveRows();
  }
  std::vector<Row> added;
  for (Row& r : rows) {
    const int at = rowOf(r.id);
    if (at < 0) {
      added.push_back(std::move(r));
      continue;
    }
    rows_[std::size_t(at)] = std::move(r);
    Q_EMIT dataChanged(index(at, 0), index(at, ColumnCount - 1));
  }
  if (added.empty()) return;
  beginInsertRows(QModelIndex(), 0, int(added.size()) - 1);  // newest first, as the store lists them
  rows_.insert(rows_.begin(), std::make_move_iterator(added.begin()), std::make_move_iterator(added.end()));
  endInsertRows();
}

std::int64_t ScenarioListModel::idAt(int row) const {
  return row >= 0 && row < int(rows_.size()) ? rows_[std::size_t(row)].id : 0;
}

int ScenarioListModel::rowOf(std::int64_t id) const {
  for (std::size_t i = 0; i < rows_.size(); ++i)
    if (rows_[i].id == id) return int(i);
  return -1;
}

QString ScenarioListModel::nameOf(std::int64_t id) const {
  const int row = rowOf(id);
  return row < 0 ? QString() : rows_[std::size_t(row)].name;
}

int ScenarioListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : int(rows_.size());
}

int ScenarioListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

int ScenarioListModel::unreadableCount() const {
  return int(std::count_if(rows_.begin(), rows_.end(), [](const Row& r) { return !r.error.isEmpty(); }));
}

QString ScenarioListModel::errorOf(std::int64_t id) const {
  const int row = rowOf(id);
  return row < 0 ? QString() : rows_[std::size_t(row)].error;
}

// Names and tags are the user's: one line each, and no longer than a cell can show (the view
// measures a cell's whole text to size its column).
QVariant ScenarioListModel::display(const Row& r, int column) const {
  switch (column) {
    case Name: return oneLine(r.name);
    case Tags: return oneLine(r.tags.join(QStringLiteral(", ")));
    case Gpus: return r.gpus > 0 ? formatCount(r.gpus) : QString();
    case Model: return r.error.isEmpty() ? oneLine(r.model) : tr("cannot be read");
    case Updated: return r.updated.isValid() ? QLocale().toString(r.updated.toLocalTime().date(), QLocale::ShortFormat) : QString();
    case TokensPerS: return r.tokensPerS >= 0 ? formatTokensPerS(r.tokensPerS) : tr("—");
    case CostPerMonth: return r.costPerMonth >= 0 ? formatMoney(r.costPerMonth, cp::Currency(r.currency)) : tr("—");
    default: return {};
  }
}

QVariant ScenarioListModel::sortValue(const Row& r, int column) const {
  switch (column) {
    case Name: return oneLine(r.name, 200).toLower();
    case Tags: return r.tags.join(QLatin1Char(',')).toLower();
    case Gpus: return r.gpus;
    case Model: return r.model.toLower();
    case Updated: return r.updated;
    case TokensPerS: return r.tokensPerS;
    case CostPerMonth: return r.costPerMonth;
    default: return {};
  }
}

QVariant ScenarioListModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
  const Row& r = rows_[std::size_t(index.row())];
  switch (role) {
    case Qt::DisplayRole: return display(r, index.column());
    case Qt::ToolTipRole:
      if (!r.error.isEmpty())
        return plainToolTip(tr("“%1” (revision %2) cannot be read: %3").arg(r.name, QString::number(r.revision), r.error));
      // One arg() for all: a name holding "%2" is not filled in itself.
      if (index.column() == Name) return plainToolTip(tr("%1 — revision %2").arg(r.name, QString::number(r.revision)));
      if (index.column() == Updated && r.updated.isValid())
        return QLocale().toString(r.updated.toLocalTime(), QLocale::LongFormat);
      if (index.column() == Tags) return plainToolTip(r.tags.join(QStringLiteral(", ")));
      return plainToolTip(display(r, index.column()).toString());
    case Qt::ForegroundRole:
      if (!r.error.isEmpty()) return palette::invalid();
      return {};
    case Qt::TextAlignmentRole:
      if (index.column() == Gpus || index.column() == TokensPerS || index.column() == CostPerMonth)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
      return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
    case SortRole: return sortValue(r, index.column());
    case IdRole: return QVariant::fromValue(qint64(r.id));
    case RevisionRole: return r.revision;
    case TagsRole: return r.tags;
    case ErrorRole: return r.error;
    default: return {};
  }
}

QVariant ScenarioListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount) return {};
  if (role == Qt::TextAlignmentRole)
    return QVariant::fromValue((section == Gpus || section == TokensPerS || section == CostPerMonth ? Qt::AlignRight
                                                                                                    : Qt::AlignLeft) |
                               Qt::AlignVCenter);
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case Name: return tr("Name");
    case Tags: return tr("Tags");
    case Gpus: return tr("GPUs");
    case Model: return tr("Model");
    case Updated: return tr("Updated");
    case TokensPerS: return tr("Tokens/s");
    case CostPerMonth: return tr("Cost/month");
    default: return {};
  }
}

QHash<int, QByteArray> ScenarioListModel::roleNames() const {
  QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
  names.insert(SortRole, "sortValue");
  names.insert(IdRole, "scenarioId");
  names.insert(RevisionRole, "revision");
  names.insert(TagsRole, "tags");
  names.insert(ErrorRole, "error");
  return names;
}

}  // namespace cp::ui
