#include "ui/pages/plannerinput.h"

#include <QCoreApplication>
#include <algorithm>
#include <climits>

#include "engine/fabric.h"
#include "engine/units.h"
#include "plan/search_list.h"

namespace cp::ui {
namespace {

struct PlannerTerms {
  Q_DECLARE_TR_FUNCTIONS(cp::ui::PlannerTerms)
};

// A comma list of whole numbers of at least `min` and ranges A-B (every value, or with `step`
// every multiple of it, from A to B), read by the core's reader (plan/search_list.h) as the CLI
// reads it. With `nodeGpus` (GPU counts), a single value must be a multiple of it. False with a
// message (without the field's name) for the first item that is refused.
bool parseList(const QString& text, int min, int step, std::vector<int>& out, QString& why, int nodeGpus = 0) {
  const cp::SearchList list = cp::parse_search_list(text.toStdString(), {.min = min, .max = INT_MAX, .ranges = true, .trim = true});
  if (list.fault != cp::ListFault::None) {  // an empty list or item
    why = PlannerTerms::tr("an empty item in the list “%1”").arg(text.trimmed());
    return false;
  }
  for (const cp::SearchListItem& item : list.items) {
    const QString written = QString::fromStdString(item.text);
    if (item.fault == cp::ListFault::NotWhole) {
      why = PlannerTerms::tr("“%1” is not a whole number of %2 or more").arg(written).arg(min);
      return false;
    }
    if (item.fault == cp::ListFault::NotRange) {
      why = PlannerTerms::tr("“%1” is not a range A-B of whole numbers with %2 ≤ A ≤ B").arg(written).arg(min);
      return false;
    }
    if (!item.range) {
      if (nodeGpus > 0 && item.lo % nodeGpus != 0) {
        why = PlannerTerms::tr("%1 GPUs is not a whole number of %2-GPU nodes").arg(item.lo).arg(nodeGpus);
        return false;
      }
      out.push_back(int(item.lo));
    } else if (bool none = false; !cp::expand_range(item.lo, item.hi, step, std::size_t(kMaxPlannerListItems), out, none)) {
      why = PlannerTerms::tr("the list gives more than %1 values").arg(kMaxPlannerListItems);
      return false;
    } else if (none) {
      why = PlannerTerms::tr("the range %1 holds no multiple of %2").arg(written).arg(step);
      return false;
    }
    if (out.size() > std::size_t(kMaxPlannerListItems)) {
      why = PlannerTerms::tr("the list gives more than %1 values").arg(kMaxPlannerListItems);
      return false;
    }
  }
  return true;
}

}  // namespace

PlannerRequest plannerRequest(const PlannerInput& in, const cp::Scenario& base) {
  PlannerRequest r;
  r.objective = in.objective;
  r.top = in.top;
  cp::SearchSpace& sp = r.space;
  auto fail = [&r](const QString& field, const QString& why) {
    r.errors << PlannerTerms::tr("%1: %2").arg(field, why);
  };
  const int gpn = std::max(1, base.cluster.gpus_per_node);
  QString why;
  const QString gpuField = plannerFieldName(QStringLiteral("search.gpus"));
  if (in.gpus.trimmed().isEmpty()) {
    fail(gpuField, PlannerTerms::tr("give a GPU count, a list such as 64,128 or a range such as 64-512"));
  } else {
    // A range means every whole node count in it; a single value must be whole nodes.
    if (!parseList(in.gpus, 1, gpn, sp.gpus, why, gpn)) fail(gpuField, why);
    for (int g : sp.gpus)
      if (g / gpn <= in.spareNodes) {
        fail(plannerFieldName(QStringLiteral("search.spare_nodes")),
             PlannerTerms::tr("%1 spare nodes leave no node of the %2 for the job").arg(in.spareNodes).arg(g / gpn));
        break;
      }
  }
  for (const QString& id : in.fabrics) {
    if (!cp::find_fabric(id.toStdString())) fail(plannerFieldName(QStringLiteral("search.fabrics")),
                                                 PlannerTerms::tr("unknown fabric “%1”").arg(id));
    sp.fabrics.push_back(id.toStdString());
  }
  const struct {
    const QString* text;
    std::vector<int>* list;
    const char* field;
  } knobs[] = {{&in.tp, &sp.tp, "search.tp"}, {&in.pp, &sp.pp, "search.pp"},
               {&in.vpp, &sp.vpp, "search.vpp"}, {&in.cp, &sp.cp, "search.cp"},
               {&in.ep, &sp.ep, "search.ep"}, {&in.microBatch, &sp.micro_batch, "search.micro_batch"}};
  for (const auto& k : knobs) {
    if (k.text->trimmed().isEmpty()) continue;  // every valid value
    if (!parseList(*k.text, 1, 1, *k.list, why)) fail(plannerFieldName(QString::fromLatin1(k.field)), why);
  }
  if (in.recompute.isEmpty())
    fail(plannerFieldName(QStringLiteral("search.recompute")), PlannerTerms::tr("choose at least one"));
  else if (in.recompute.size() < 3) sp.recompute.assign(in.recompute.begin(), in.recompute.end());
  if (in.zero.isEmpty()) fail(plannerFieldName(QStringLiteral("search.zero")), PlannerTerms::tr("choose at least one"));
  else if (in.zero.size() < 5) sp.zero.assign(in.zero.begin(), in.zero.end());
  if (in.sp.isEmpty()) fail(plannerFieldName(QStringLiteral("search.sp")), PlannerTerms::tr("choose at least one"));
  else if (in.sp.size() < 2) sp.sp.assign(in.sp.begin(), in.sp.end());

  auto limit = [&](double value, const char* field) {
    if (!(value >= 0)) fail(plannerFieldName(QString::fromLatin1(field)), PlannerTerms::tr("must be 0 (none) or more"));
    return value >= 0 ? value : 0.0;
  };
  sp.max_power_kw = limit(in.powerKw, "search.max_power_kw");
  sp.max_budget_per_month = limit(in.budgetPerMonth, "search.max_budget_per_month");
  sp.deadline_s = limit(in.deadlineDays, "search.deadline_s") * units::Day;
  if (in.spareNodes < 0) fail(plannerFieldName(QStringLiteral("search.spare_nodes")),
                              PlannerTerms::tr("must be 0 or more"));
  sp.spare_nodes = std::max(0, in.spareNodes);
  if (in.top < 1) fail(plannerFieldName(QStringLiteral("search.top")), PlannerTerms::tr("must be 1 or more"));
  const bool needsTokens = in.objective != cp::Objective::Throughput || sp.deadline_s > 0;
  if (needsTokens && !(base.training.tokens > 0))
    fail(plannerFieldName(QStringLiteral("training.tokens")),
         PlannerTerms::tr("the objective “%1” and a deadline need a token budget: set it under Training in the inputs")
             .arg(objectiveName(in.objective)));
  return r;
}

QString objectiveName(cp::Objective o) {
  switch (o) {
    case cp::Objective::Throughput: return PlannerTerms::tr("Highest throughput");
    case cp::Objective::Time: return PlannerTerms::tr("Shortest time to train");
    case cp::Objective::Cost: return PlannerTerms::tr("Lowest cost per run");
    case cp::Objective::CostPerToken: return PlannerTerms::tr("Lowest cost per token");
  }
  return {};
}

QString reasonName(cp::PlanReason r) {
  switch (r) {
    case cp::PlanReason::TpExceedsNode: return PlannerTerms::tr("TP larger than a node");
    case cp::PlanReason::TpHeads: return PlannerTerms::tr("TP does not divide the attention heads");
    case cp::PlanReason::TpKvHeads: return PlannerTerms::tr("TP does not divide the KV heads");
    case cp::PlanReason::TpFfn: return PlannerTerms::tr("TP does not divide the FFN width");
    case cp::PlanReason::TpExpertFfn: return PlannerTerms::tr("TP does not divide the expert FFN width");
    case cp::PlanReason::PpLayers: return PlannerTerms::tr("PP larger than the layers");
    case cp::PlanReason::CpSeq: return PlannerTerms::tr("2 × CP does not divide the sequence");
    case cp::PlanReason::LayoutGpus: return PlannerTerms::tr("TP × PP × CP does not divide the GPUs");
    case cp::PlanReason::EpDense: return PlannerTerms::tr("EP on a dense model");
    case cp::PlanReason::EpExperts: return PlannerTerms::tr("EP does not divide the experts");
    case cp::PlanReason::EpDpCp: return PlannerTerms::tr("EP does not divide DP × CP");
    case cp::PlanReason::VppNeedsPp: return PlannerTerms::tr("VPP without PP (a duplicate)");
    case cp::PlanReason::VppLayers: return PlannerTerms::tr("VPP × PP larger than the layers");
    case cp::PlanReason::VppUneven: return PlannerTerms::tr("VPP does not divide the layers per stage");
    case cp::PlanReason::GlobalBatch: return PlannerTerms::tr("DP × micro-batch does not divide the global batch");
    case cp::PlanReason::SpNoTp: return PlannerTerms::tr("SP without TP (a duplicate)");
    case cp::PlanReason::TpOverlapNeedsSp: return PlannerTerms::tr("TP overlap without SP (Megatron-Core needs SP)");
    case cp::PlanReason::Memory: return PlannerTerms::tr("does not fit in GPU memory");
    case cp::PlanReason::NoProgress: return PlannerTerms::tr("makes no progress (goodput 0)");
    case cp::PlanReason::Power: return PlannerTerms::tr("above the power limit");
    case cp::PlanReason::Budget: return PlannerTerms::tr("above the monthly budget");
    case cp::PlanReason::Deadline: return PlannerTerms::tr("misses the deadline");
    case cp::PlanReason::PriceMissing: return PlannerTerms::tr("a cost the price list cannot give");
    case cp::PlanReason::Count: break;
  }
  return {};
}

QString plannerFieldName(const QString& field) {
  static const struct {
    const char* field;
    const char* name;
  } kNames[] = {
      {"search.gpus", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "GPUs")},
      {"search.fabrics", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "Fabrics")},
      {"search.tp", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "TP")},
      {"search.pp", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "PP")},
      {"search.vpp", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "VPP")},
      {"search.cp", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "CP")},
      {"search.ep", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "EP")},
      {"search.micro_batch", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "Micro-batch")},
      {"search.recompute", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "Recompute")},
      {"search.zero", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "ZeRO")},
      {"search.sp", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "SP")},
      {"search.max_power_kw", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "Power limit")},
      {"search.max_budget_per_month", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "Budget per month")},
      {"search.deadline_s", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "Deadline")},
      {"search.spare_nodes", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "Spare nodes")},
      {"search.max_micro_batch", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "Micro-batch")},
      {"search.top", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "Top")},
      {"training.tokens", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "Token budget")},
      {"training.global_batch", QT_TRANSLATE_NOOP("cp::ui::PlannerTerms", "Global batch")},
  };
  for (const auto& n : kNames)
    if (field == QLatin1String(n.field)) return PlannerTerms::tr(n.name);
  return field;
}

}  // namespace cp::ui
