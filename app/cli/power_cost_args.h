// The power, cost and reliability options of `clusterplan-cli estimate`: one option
// for every assumption a user sets (core/engine/include/engine/assumptions.h), parsed into PowerCostArgs and applied
// on top of the starting scenario's assumptions. The rows join the shared option table
// (estimate_args.h), so sweep, plan and scenario accept them too.
#pragma once

#include <optional>
#include <string>

#include "engine/assumptions.h"

namespace cp::cli {

// Every value is optional: only what the command line gives overrides the scenario. The
// assumptions that may be unset (built-in value) take "auto": an outer value holding nullopt.
struct PowerCostArgs {
  // Power and cooling.
  std::optional<double> pue, gpu_power_factor, storage_w_per_node, rack_limit_w, grid_kg_co2_per_kwh;
  std::optional<std::optional<double>> node_overhead_w, switch_w, optic_w;
  // Cost. The price list is a catalog entry (checked to exist).
  const PriceList* price_list = nullptr;
  std::optional<Payment> payment;
  std::optional<Currency> currency;
  std::optional<double> cny_per_usd, power_price_per_kwh, amortisation_years, vat, headroom;
  // The owner's full cost. The facility prices are in the resulting currency (as --power-price).
  std::optional<double> facility_per_kw_month, facility_years, support_per_year, storage_capex_share, discount_rate,
      residual_value;
  std::optional<std::optional<double>> facility_capex_per_mw;
  // Reliability.
  std::optional<double> failure_rate_per_gpu_hour, restart_s, checkpoint_bytes_per_s_per_gpu;
  std::optional<std::optional<double>> checkpoint_bytes_per_param, checkpoint_interval_s, checkpoint_bytes_per_s;
  std::optional<CheckpointMode> checkpoint_mode;
  // `--bom-csv FILE`: where to write the bill of materials ("" not given, "-" standard output).
  // A plain string: std::optional<std::string> trips GCC 12's -Wrestrict in Release builds.
  std::string bom_csv;
};

// Applies the options in this order: the price list (its slot, and its way to pay), --payment,
// --currency, then the rest. --power-price, --facility-per-kw-month and --facility-capex-per-mw
// are in the resulting currency (the facility price not given is converted to it).
void apply_power_cost_args(const PowerCostArgs& f, Assumptions& a);

}  // namespace cp::cli
