// Translated names of the engine's parts and choices beyond the memory components (i18n.h), and
// the formatting of figures with their units. Formatting only: no figure is computed here.
#pragma once

#include <QString>
#include <string_view>

#include "engine/assumptions.h"
#include "engine/explain.h"
#include "engine/fabric.h"

namespace cp::ui {

QString stepPartName(cp::StepPart p);
QString powerPartName(cp::PowerPart p);
QString costPartName(cp::CostPart p);
QString figureTitle(cp::Figure f);
QString topologyName(cp::Topology t);
QString paymentName(cp::Payment p);
QString checkpointModeName(cp::CheckpointMode m);
// The explanation's input label, translated when the key is known (else the engine's English).
QString explainInputName(const cp::ExplainInput& input);
QString unitName(const std::string& unit);  // "s" -> "s", "sequences" -> translated, ...

QString formatDuration(double seconds);       // "3.21 s", "45 min", "18.3 h", "41.2 days"
QString formatPower(double watts);            // "950 W", "27.4 kW", "1.25 MW"
QString formatMoney(double amount, cp::Currency c);  // "CNY 143,552", "USD 1.25 M"
QString formatTokensPerS(double tokensPerS);  // "61.2 k tokens/s"
QString formatPercent(double fraction, int decimals = 1);  // "47.3%"
QString formatCount(double value);            // "1,024"
// Chart axes in the unit the figures are written in (units.h), so that no chart mixes two:
double memoryInUnit(double bytes);  // GiB or GB
QString memoryUnitName();           // "GiB" or "GB"
double powerInUnit(double watts);   // kW, BTU/h or tons of refrigeration
QString powerUnitName();            // "kW", "BTU/h" or "tons"
// A value in the explanation's unit, formatted for the "Why this number" dialog.
QString formatValue(double value, const std::string& unit);

}  // namespace cp::ui
