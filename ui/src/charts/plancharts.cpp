#include "ui/charts/plancharts.h"

#include <QGridLayout>

#include "engine/estimate.h"
#include "engine/explain.h"
#include "engine/scenario.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/memorychart.h"
#include "ui/palette.h"
#include "ui/text/i18n.h"
#include "ui/text/terms.h"

namespace cp::ui {

PlanCharts::PlanCharts(QWidget* parent) : QWidget(parent) {
  memory_ = new MemoryChart;
  memory_->setObjectName(QStringLiteral("memoryChart"));
  step_ = new BreakdownChart(int(cp::kStepParts.size()));
  step_->setObjectName(QStringLiteral("stepChart"));
  power_ = new BreakdownChart(int(cp::kPowerParts.size()));
  power_->setObjectName(QStringLiteral("powerChart"));
  cost_ = new BreakdownChart(int(cp::kCostParts.size()));
  cost_->setObjectName(QStringLiteral("costChart"));

  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->addWidget(memory_, 0, 0, 4, 1);
  grid->addWidget(step_, 0, 1);
  grid->addWidget(power_, 1, 1);
  grid->addWidget(cost_, 2, 1);
  grid->setRowStretch(3, 1);  // what the three bars do not take (beside a long summary)
  grid->setColumnStretch(0, 1);
  grid->setColumnStretch(1, 1);
}

void PlanCharts::clear() {
  memory_->clear();
  step_->setEmpty(tr("Step time"), tr("No estimate: the scenario has problems."));
  power_->setEmpty(tr("Power"), tr("No estimate: the scenario has problems."));
  cost_->setEmpty(tr("Cost per month"), tr("No estimate: the scenario has problems."));
}

void PlanCharts::setEstimate(const cp::Scenario& s, const cp::Estimate& e) {
  memory_->setEstimate(s, e);

  QList<BreakdownChart::Part> parts;
  const auto steps = cp::step_breakdown(e);
  for (std::size_t i = 0; i < steps.size(); ++i)
    parts.append({stepPartName(cp::kStepParts[i]), palette::stepPart(cp::kStepParts[i]), steps[i],
                  formatDuration(steps[i])});
  step_->setParts(tr("Step time"), tr("Seconds per optimizer step"), parts, formatDuration(e.step.step_s));

  parts.clear();
  const auto watts = cp::power_breakdown(s, e);
  for (std::size_t i = 0; i < watts.size(); ++i)
    parts.append({powerPartName(cp::kPowerParts[i]), palette::powerPart(cp::kPowerParts[i]), powerInUnit(watts[i]),
                  formatPower(watts[i])});
  // The axis in the unit the legend writes (kW, BTU/h or tons): never two on one chart.
  power_->setParts(tr("Facility power"), tr("%1, average while training").arg(powerUnitName()), parts,
                   formatPower(e.power.facility_w));

  parts.clear();
  const auto money = cp::cost_breakdown(e);
  const cp::Currency cur = s.assumptions.currency;
  for (std::size_t i = 0; i < money.size(); ++i)
    parts.append({costPartName(cp::kCostParts[i]), palette::costPart(cp::kCostParts[i]), money[i],
                  formatMoney(money[i], cur)});
  //: Cost chart's axis: %1 currency, %2 the way to pay, %3 the price list's date (YYYY-MM)
  cost_->setParts(tr("Budget per month"), tr("%1 per month (%2, prices of %3)")
                                              .arg(QString::fromUtf8(cp::to_string(cur).data()),
                                                   paymentName(s.assumptions.payment),
                                                   QString::fromStdString(s.assumptions.list_for(s.assumptions.payment).date)),
                  parts, formatMoney(e.cost.budget_per_month, cur));
}

}  // namespace cp::ui
