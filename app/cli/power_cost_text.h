// The power, energy, cost and reliability sections of `clusterplan-cli estimate`'s text output.
// The figures are those of the JSON keys power.*, energy.*, cost.*, reliability.*.
#pragma once

#include <iosfwd>
#include <string>

#include "engine/cost.h"
#include "engine/estimate.h"
#include "engine/scenario.h"
#include "plan/fabric_compare.h"

namespace cp::cli {

// `versus`: the IB-vs-RoCE comparison the caller computed (nullptr: no "on ... instead" line).
void write_power_cost_text(const Scenario& s, const Estimate& e, const FabricComparison* versus, std::ostream& out);

// `--bom-csv FILE`: the bill of materials as core's bom_to_csv writes it (UTF-8, numbers with
// a '.' whatever the locale) to FILE, or to `out` for "-". False, with the reason on `err`
// naming the option, when the file cannot be written.
bool write_bom_csv(const std::string& path, const Scenario& s, const Estimate& e, std::ostream& out,
                   std::ostream& err);

}  // namespace cp::cli
