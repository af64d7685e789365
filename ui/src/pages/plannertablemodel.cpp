#include "ui/pages/plannertablemodel.h"

#include <QFont>
#include <QLocale>

#include "engine/fabric.h"
#include "ui/text/i18n.h"
#include "ui/text/terms.h"
#include "ui/text/units.h"
#include "ui/text/usertext.h"

namespace cp::ui {
namespace {

QString fabricId(const cp::PlanResult& r, int index) {
  if (index < 0 || std::size_t(index) >= r.fabrics.size()) return {};
  return QString::fromStdString(r.fabrics[std::size_t(index)]);
}

QString fabricName(const cp::PlanResult& r, int index) {
  const QString id = fabricId(r, index);
  const cp::FabricSpec* f = cp::find_fabric(id.toStdString());
  return f ? cp::ui::fabricName(f->name) : id;
}

QString recomputeShort(cp::Recompute r) {
  switch (r) {
    case cp::Recompute::None: return PlannerTableModel::tr("none");
    case cp::Recompute::Selective: return PlannerTableModel::tr("selective");
    case cp::Recompute::Full: return PlannerTableModel::tr("full");
  }
  return {};
}

QString zeroShort(cp::Zero z) {
  switch (z) {
    case cp::Zero::Stage0: return QStringLiteral("0");
    case cp::Zero::Stage1: return QStringLiteral("1");
    case cp::Zero::Stage2: return QStringLiteral("2");
    case cp::Zero::Stage3: return QStringLiteral("3");
    case cp::Zero::DistributedOptimizer: return PlannerTableModel::tr("dist. optimizer");
  }
  return {};
}

// An amount in the header's currency, short: "4.28 M", "912,345".
QString amount(double v) {
  if (!(v > 0)) return PlannerTableModel::tr("—");
  if (v >= 1e6) return formatLarge(v, 1e6);  // "4.28 M", "428 万"
  return QLocale().toString(v, 'f', v >= 100 ? 0 : 2);
}

}  // namespace

PlannerTableModel::PlannerTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void PlannerTableModel::setResult(std::shared_ptr<const cp::PlanResult> result) {
  beginResetModel();
  result_ = std::move(result);
  endResetModel();
}

const cp::PlanEntry* PlannerTableModel::entry(int row) const {
  if (!result_ || row < 0 || std::size_t(row) >= result_->top.size()) return nullptr;
  return &result_->top[std::size_t(row)];
}

int PlannerTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !result_ ? 0 : int(result_->top.size());
}

int PlannerTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant PlannerTableModel::data(const QModelIndex& index, int role) const {
  const cp::PlanEntry* e = index.isValid() ? entry(index.row()) : nullptr;
  if (!e) return {};
  switch (role) {
    case Qt::DisplayRole: return display(*e, index.column(), index.row());
    case kSortRole: return number(*e, index.column(), index.row());
    case kPreferredRole: return index.row() == preferredRow();
    case Qt::FontRole:
      if (index.row() == preferredRow() && index.column() != Apply) {
        QFont bold;
        bold.setBold(true);
        return bold;
      }
      return {};
    case Qt::TextAlignmentRole:
      if (index.column() == Fabric || index.column() == Recompute || index.column() == Apply)
        return QVariant::fromValue(Qt::AlignLeft | Qt::AlignVCenter);
      return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
      if (index.column() == Apply) return tr("Apply this layout to the current scenario (undo with Edit → Undo)");
      if (index.column() == Rank && index.row() == preferredRow())
        return tr("The layout to prefer among the first %1, which the estimates cannot rank: more fitted corpus runs "
                  "behind its TP degree and sharding, more memory headroom")
            .arg(result_->tie.within);
      if (index.column() == Fabric) return plainToolTip(fabricName(*result_, e->layout.fabric));  // a custom fabric's name
      return QString::fromStdString(cp::layout_text(e->layout));
    default: return {};
  }
}

QVariant PlannerTableModel::display(const cp::PlanEntry& e, int column, int row) const {
  const cp::PlanLayout& l = e.layout;
  switch (Column(column)) {
    case Rank: return row == preferredRow() ? tr("★ %1").arg(row + 1) : QString::number(row + 1);
    case Apply: return tr("Apply");
    case Gpus:
      return l.job_gpus == l.gpus ? formatCount(l.gpus)
                                  : tr("%1 (%2 in the job)").arg(formatCount(l.gpus), formatCount(l.job_gpus));
    case Fabric: return fabricName(*result_, l.fabric);  // the catalog's name, in the GUI's language
    case Tp: return QString::number(l.tp);
    case Pp: return QString::number(l.pp);
    case Vpp: return QString::number(l.vpp);
    case Cp: return QString::number(l.cp);
    case Ep: return QString::number(l.ep);
    case Dp: return formatCount(l.dp);
    case MicroBatch: return QString::number(l.micro_batch);
    case Recompute: return recomputeShort(l.recompute);
    case Zero: return zeroShort(l.zero);
    case Sp: return l.sp ? tr("on") : tr("off");
    case TokensPerS: return formatCount(e.metrics.tokens_per_s);
    case Mfu: return formatPercent(e.estimate.throughput.mfu);
    case MemoryPerGpu: return formatGiB(e.estimate.memory.peak.total());
    case TimeToTrain: return formatDuration(e.metrics.time_s);
    case RunCost: return amount(e.metrics.run_cost);
    case CostPerMTokens: return amount(e.metrics.cost_per_mtok);
    case ColumnCount: break;
  }
  return {};
}

QVariant PlannerTableModel::number(const cp::PlanEntry& e, int column, int row) const {
  const cp::PlanLayout& l = e.layout;
  switch (Column(column)) {
    case Rank:  // the rank as shown ("★ 8" is 8 in an export), not the row's index
    case Apply: return row + 1;
    case Gpus: return l.gpus;
    case Fabric: return fabricId(*result_, l.fabric);
    case Tp: return l.tp;
    case Pp: return l.pp;
    case Vpp: return l.vpp;
    case Cp: return l.cp;
    case Ep: return l.ep;
    case Dp: return l.dp;
    case MicroBatch: return l.micro_batch;
    case Recompute: return int(l.recompute);
    case Zero: return int(l.zero);
    case Sp: return int(l.sp);
    case TokensPerS: return e.metrics.tokens_per_s;
    case Mfu: return e.estimate.throughput.mfu;
    case MemoryPerGpu: return e.estimate.memory.peak.total();
    case TimeToTrain: return e.metrics.time_s;
    case RunCost: return e.metrics.run_cost;
    case CostPerMTokens: return e.metrics.cost_per_mtok;
    case ColumnCount: break;
  }
  return {};
}

QVariant PlannerTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole) {
    switch (Column(section)) {
      case Gpus: return tr("Cluster size, spare nodes included");
      case MicroBatch: return tr("Micro-batch size (sequences)");
      case TokensPerS: return tr("Throughput of the cluster, tokens per second");
      case Dp: return tr("Data parallel, derived: GPUs in the job / (TP × PP × CP)");
      case Vpp: return tr("Virtual pipeline stages (model chunks per pipeline rank)");
      case TimeToTrain: return tr("Real time to train the token budget, after goodput");
      case Recompute: return tr("Activation recomputation");
      case RunCost: return tr("Cost of the run");
      case CostPerMTokens: return tr("Cost per million tokens trained");
      case MemoryPerGpu: return tr("Peak memory per GPU");
      default: return {};
    }
  }
  if (role != Qt::DisplayRole) return {};
  // The costs' currency, in the header so that the cells stay short.
  const QString code = result_ && !result_->top.empty()
                           ? QString::fromUtf8(cp::to_string(result_->top.front().estimate.cost.currency).data())
                           : QStringLiteral("…");
  switch (Column(section)) {
    case Rank: return tr("#");
    case Apply: return QString();
    case Gpus: return tr("GPUs");
    case Fabric: return tr("Fabric");
    case Tp: return tr("TP");
    case Pp: return tr("PP");
    case Vpp: return tr("VPP");
    case Cp: return tr("CP");
    case Ep: return tr("EP");
    case Dp: return tr("DP");
    case MicroBatch: return tr("MBS");
    case Recompute: return tr("Recompute");
    case Zero: return tr("ZeRO");
    case Sp: return tr("SP");
    case TokensPerS: return tr("Tokens/s");
    case Mfu: return tr("MFU");
    case MemoryPerGpu: return tr("Memory / GPU");
    case TimeToTrain: return tr("Time to train");
    case RunCost: return tr("Run cost (%1)").arg(code);
    case CostPerMTokens: return tr("%1 / M tokens").arg(code);
    case ColumnCount: break;
  }
  return {};
}

int PlannerTableModel::preferredRow() const {
  if (!result_ || result_->top.empty() || result_->tie.within < 2) return -1;
  return result_->tie.recommended;
}

QList<int> PlannerTableModel::objectiveColumns(cp::Objective objective) {
  const Column first = objective == cp::Objective::Time           ? TimeToTrain
                       : objective == cp::Objective::Cost         ? RunCost
                       : objective == cp::Objective::CostPerToken ? CostPerMTokens
                                                                  : TokensPerS;
  QList<int> out{first};
  for (Column c : {TokensPerS, Mfu, TimeToTrain, RunCost, CostPerMTokens, MemoryPerGpu})
    if (c != first) out << c;
  return out;
}

void PlannerTableModel::retranslate() {
  Q_EMIT headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
  if (rowCount() > 0) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

}  // namespace cp::ui
