// JSON of the assumptions (scenario file, key "assumptions") and of the power, energy, cost,
// reliability and bill-of-materials results (estimate output). Key names are a contract.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/assumptions.h"
#include "engine/estimate.h"
#include "engine/validate.h"

namespace cp {

nlohmann::json price_list_to_json(const PriceList& l);
// Reads on top of `l`: present keys replace, a present "lines" array replaces all lines.
// Problems name their JSON path below `path`. Returns false if any problem was found.
bool price_list_from_json(const nlohmann::json& j, PriceList& l, const std::string& path,
                          std::vector<Problem>& problems);

nlohmann::json assumptions_to_json(const Assumptions& a);
// Reads the "assumptions" object on top of `a`; unset optional values are JSON null.
bool assumptions_from_json(const nlohmann::json& j, Assumptions& a, std::vector<Problem>& problems);

// Adds "power", "energy", "cost", "reliability" and "bom" to an estimate's JSON; cost.ib_vs_roce
// is `versus` (null when the caller passes none). Runs no estimate.
void add_power_cost_json(const Scenario& s, const Estimate& e, nlohmann::json& out,
                         const FabricDelta* versus = nullptr);

nlohmann::json bom_to_json(const Scenario& s, const Estimate& e);
// The bill of materials as CSV (header + one row per line), for procurement.
std::string bom_to_csv(const Scenario& s, const Estimate& e);

}  // namespace cp
