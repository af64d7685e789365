// Writes one estimate in the three output formats of `clusterplan-cli estimate`.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

#include "engine/cost.h"
#include "engine/estimate.h"
#include "engine/scenario.h"
#include "plan/fabric_compare.h"

namespace cp::cli {

// The writers only write: `versus` is the IB-vs-RoCE comparison the caller computed once
// (plan/fabric_compare.h's compare_ib_roce), printed as cost.ib_vs_roce; nullptr prints none.

// Exactly estimate_to_json(s, e, versus).dump(2) and a newline.
void write_estimate_json(const Scenario& s, const Estimate& e, const FabricComparison* versus, std::ostream& out);

// A header line of dotted keys and one row, in the order of the JSON output (flatten_json).
void write_estimate_csv(const Scenario& s, const Estimate& e, const FabricComparison* versus, std::ostream& out);

// A readable summary: model, layout, fabric, memory breakdown per GPU in GiB, fits, step time
// and its parts, throughput, communication groups, network size, power and cooling, energy,
// cost, reliability (power_cost_text.h), warnings.
void write_estimate_text(const Scenario& s, const Estimate& e, const FabricComparison* versus, std::ostream& out);

// One CSV field per RFC 4180: quoted (with quotes doubled) when it holds a comma, a double
// quote, a carriage return or a line feed; as is otherwise.
std::string csv_field(std::string_view text);

}  // namespace cp::cli
