// Writes one estimate in the three output formats of `clusterplan-cli estimate`.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

#include "engine/estimate.h"
#include "engine/scenario.h"

namespace cp::cli {

// Exactly estimate_to_json(s, e).dump(2) and a newline.
void write_estimate_json(const Scenario& s, const Estimate& e, std::ostream& out);

// A header line of dotted keys and one row, in the order of the JSON output (flatten_json).
void write_estimate_csv(const Scenario& s, const Estimate& e, std::ostream& out);

// A readable summary: model, layout, fabric, memory breakdown per GPU in GiB, fits, step time
// and its parts, throughput, communication groups, network size, power and cooling, energy,
// cost, reliability (power_cost_text.h), warnings.
void write_estimate_text(const Scenario& s, const Estimate& e, std::ostream& out);

// One CSV field per RFC 4180: quoted (with quotes doubled) when it holds a comma, a double
// quote, a carriage return or a line feed; as is otherwise.
std::string csv_field(std::string_view text);

}  // namespace cp::cli
