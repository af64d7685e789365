#include "cli/power_cost_args.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <vector>

#include "cli/estimate_args.h"
#include "engine/cost.h"
#include "engine/fields.h"
#include "engine/validate.h"

namespace cp::cli {
namespace {

using Reason = std::optional<std::string>;
using Preset = std::optional<double> (*)(std::string_view);

// A finite decimal number (exponents allowed), or a preset name when `preset` is given.
Reason parse_value(std::string_view text, Preset preset, std::string_view presets, double& out) {
  if (preset)
    if (const std::optional<double> p = preset(text)) {
      out = *p;
      return std::nullopt;
    }
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  if (text.empty() || ec == std::errc::invalid_argument || ptr != end || std::isnan(out)) {
    std::string why = quoted(text) + " is not a number";
    if (!presets.empty()) why.append(" or one of: ").append(presets);
    return why;
  }
  if (std::isinf(out)) return quoted(text) + " is not a finite number";
  if (ec == std::errc::result_out_of_range) return quoted(text) + " is out of range";
  return std::nullopt;
}

// The engine's own range check (core/engine/src/assumptions.cpp, check_assumptions): `set` applied to
// the default assumptions; returns the reason of the problem on `field`, if any.
template <typename Set>
Reason core_check(std::string_view field, Set set) {
  Assumptions a;
  set(a);
  std::vector<Problem> problems;
  check_assumptions(a, problems);
  std::string path("assumptions.");
  path.append(field);
  for (const Problem& p : problems)
    if (p.field == path) return p.message;
  return std::nullopt;
}

// A number (or preset) for a plain assumption, checked by the engine.
Reason set_number(EstimateArgs& a, std::string_view text, std::string_view field, double Assumptions::*target,
                  std::optional<double> PowerCostArgs::*flag, Preset preset = nullptr, std::string_view presets = {}) {
  double v = 0;
  if (Reason r = parse_value(text, preset, presets, v)) return r;
  if (Reason r = core_check(field, [&](Assumptions& x) { x.*target = v; })) return r;
  a.power_cost.*flag = v;
  return std::nullopt;
}

// A number, or "auto" for the built-in value, for an assumption that may be unset.
Reason set_auto(EstimateArgs& a, std::string_view text, std::string_view field,
                std::optional<double> Assumptions::*target, std::optional<std::optional<double>> PowerCostArgs::*flag) {
  if (text == "auto") {
    a.power_cost.*flag = std::optional<double>();
    return std::nullopt;
  }
  double v = 0;
  if (Reason r = parse_value(text, nullptr, "auto", v)) return r;
  if (Reason r = core_check(field, [&](Assumptions& x) { x.*target = v; })) return r;
  a.power_cost.*flag = std::optional<double>(v);
  return std::nullopt;
}

std::string price_list_ids() {
  std::string ids;
  for (const PriceList& l : price_list_catalog()) {
    if (!ids.empty()) ids += ", ";
    ids += l.id;
  }
  return ids;
}

const std::array kOptions = {
    // Power and cooling.
    OptionInfo{"pue", "X", "Power and cooling",
               "Or a preset: air 1.5, modern 1.3, liquid 1.1 (default 1.3).",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "pue", &Assumptions::pue, &PowerCostArgs::pue, pue_preset,
                                   "air, modern, liquid");
               }},
    OptionInfo{"gpu-power-factor", "X", "Power and cooling",
               "Default 0.75.",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "gpu_power_factor", &Assumptions::gpu_power_factor,
                                   &PowerCostArgs::gpu_power_factor);
               }},
    OptionInfo{"node-overhead-w", "X", "Power and cooling",
               "auto (the default) leaves it unset.",
               [](EstimateArgs& a, std::string_view v) {
                 return set_auto(a, v, "node_overhead_w", &Assumptions::node_overhead_w,
                                 &PowerCostArgs::node_overhead_w);
               }},
    OptionInfo{"switch-w", "X", "Power and cooling", "auto (the default) leaves it unset.",
               [](EstimateArgs& a, std::string_view v) {
                 return set_auto(a, v, "switch_w", &Assumptions::switch_w, &PowerCostArgs::switch_w);
               }},
    OptionInfo{"optic-w", "X", "Power and cooling",
               "auto (the default) leaves it unset.",
               [](EstimateArgs& a, std::string_view v) {
                 return set_auto(a, v, "optic_w", &Assumptions::optic_w, &PowerCostArgs::optic_w);
               }},
    OptionInfo{"storage-w-per-node", "X", "Power and cooling", "Default 100.",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "storage_w_per_node", &Assumptions::storage_w_per_node,
                                   &PowerCostArgs::storage_w_per_node);
               }},
    OptionInfo{"rack-kw", "X", "Power and cooling",
               "kW one rack can power and cool, or a preset: air-15, air-30, liquid (120) (default 30)",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 double kw = 0;
                 const std::optional<double> preset_w = rack_preset(v);
                 if (preset_w) kw = *preset_w / 1000;
                 else if (Reason r = parse_value(v, nullptr, "air-15, air-30, liquid", kw)) return r;
                 // The engine checks watts; the reason is given in the option's unit.
                 if (core_check("rack_limit_w", [&](Assumptions& x) { x.rack_limit_w = kw * 1000; })) {
                   if (!(kw > 0)) return "must be more than 0 kW, got " + std::string(v);
                   char most[32];
                   std::snprintf(most, sizeof most, "%g", field("assumptions.rack_limit_w").max / 1000);
                   return "must be at most " + std::string(most) + " kW, got " + std::string(v);
                 }
                 a.power_cost.rack_limit_w = kw * 1000;
                 return std::nullopt;
               }},
    OptionInfo{"grid-co2", "X", "Power and cooling",
               "Or a preset: china 0.537, us 0.367 (default china).",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "grid_kg_co2_per_kwh", &Assumptions::grid_kg_co2_per_kwh,
                                   &PowerCostArgs::grid_kg_co2_per_kwh, grid_preset, "china, us");
               }},

    // Cost.
    OptionInfo{"payment", "rent|cloud|purchase", "Cost",
               "Default rent.",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 const std::optional<Payment> p = parse_payment(v);
                 if (!p) return quoted(v) + " is not one of: rent, cloud, purchase";
                 a.power_cost.payment = p;
                 return std::nullopt;
               }},
    OptionInfo{"price-list", "ID", "Cost",
               "a built-in price list (see 'catalog price-lists'); also sets --payment to its kind",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 const PriceList* l = find_price_list(v);
                 if (!l) return "unknown price list " + quoted(v) + " (one of: " + price_list_ids() + ")";
                 a.power_cost.price_list = l;
                 return std::nullopt;
               }},
    OptionInfo{"currency", "cny|usd", "Cost", "Default cny.",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 const std::optional<Currency> c = parse_currency(v);
                 if (!c) return quoted(v) + " is not one of: cny, usd";
                 a.power_cost.currency = c;
                 return std::nullopt;
               }},
    OptionInfo{"exchange-rate", "X", "Cost", "Default 7.2.",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "cny_per_usd", &Assumptions::cny_per_usd, &PowerCostArgs::cny_per_usd);
               }},
    OptionInfo{"power-price", "X", "Cost",
               "In --currency (default 0.088 USD).",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "power_price_per_kwh", &Assumptions::power_price_per_kwh,
                                   &PowerCostArgs::power_price_per_kwh);
               }},
    OptionInfo{"amortisation-years", "X", "Cost", "Default 5 (the depreciation life).",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "amortisation_years", &Assumptions::amortisation_years,
                                   &PowerCostArgs::amortisation_years);
               }},
    OptionInfo{"facility-per-kw-month", "X", "Cost",
               "Colocation per kW of IT peak and month, in --currency (default 190 USD, CBRE 2025).",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "facility_per_kw_month", &Assumptions::facility_per_kw_month,
                                   &PowerCostArgs::facility_per_kw_month);
               }},
    OptionInfo{"facility-capex-per-mw", "X", "Cost",
               "Build the facility instead, per MW of IT peak, in --currency (e.g. 11.7e6 USD, Cushman & Wakefield "
               "2025); auto (the default): colocation.",
               [](EstimateArgs& a, std::string_view v) {
                 return set_auto(a, v, "facility_capex_per_mw", &Assumptions::facility_capex_per_mw,
                                 &PowerCostArgs::facility_capex_per_mw);
               }},
    OptionInfo{"facility-years", "X", "Cost", "A built facility's life (default 15).",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "facility_years", &Assumptions::facility_years, &PowerCostArgs::facility_years);
               }},
    OptionInfo{"support-per-year", "X", "Cost", "Share of the hardware price a year (default 0.1).",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "support_per_year", &Assumptions::support_per_year,
                                   &PowerCostArgs::support_per_year);
               }},
    OptionInfo{"storage-capex-share", "X", "Cost", "Storage's share of the capital cost (default 0.05).",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "storage_capex_share", &Assumptions::storage_capex_share,
                                   &PowerCostArgs::storage_capex_share);
               }},
    OptionInfo{"discount-rate", "X", "Cost", "Cost of capital a year (default 0.1).",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "discount_rate", &Assumptions::discount_rate, &PowerCostArgs::discount_rate);
               }},
    OptionInfo{"residual-value", "X", "Cost", "Share of the price left after the amortisation (default 0.2).",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "residual_value", &Assumptions::residual_value,
                                   &PowerCostArgs::residual_value);
               }},
    OptionInfo{"vat", "X", "Cost", "E.g. 0.13 (default 0).",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "vat", &Assumptions::vat, &PowerCostArgs::vat);
               }},
    OptionInfo{"headroom", "X", "Cost", "Default 0.2.",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "headroom", &Assumptions::headroom, &PowerCostArgs::headroom);
               }},
    OptionInfo{"bom-csv", "FILE", "Cost",
               "also write the bill of materials as CSV to FILE ('-': standard output, instead of the estimate)",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 if (v.empty()) return std::string("the file name is empty");
                 a.power_cost.bom_csv = std::string(v);
                 return std::nullopt;
               }},

    // Reliability.
    OptionInfo{"failure-rate", "X", "Reliability",
               "0 or at least 1e-12 (default 1.973e-5, Llama 3).",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "failure_rate_per_gpu_hour", &Assumptions::failure_rate_per_gpu_hour,
                                   &PowerCostArgs::failure_rate_per_gpu_hour);
               }},
    OptionInfo{"storage-bytes-per-s", "X", "Reliability",
               "Cluster-wide, whatever the GPUs; auto (the default): --storage-bytes-per-s-per-gpu x GPUs.",
               [](EstimateArgs& a, std::string_view v) {
                 return set_auto(a, v, "checkpoint_bytes_per_s", &Assumptions::checkpoint_bytes_per_s,
                                 &PowerCostArgs::checkpoint_bytes_per_s);
               }},
    OptionInfo{"storage-bytes-per-s-per-gpu", "X", "Reliability", "Default 1.25e8 (1 GB/s per 8-GPU node).",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "checkpoint_bytes_per_s_per_gpu", &Assumptions::checkpoint_bytes_per_s_per_gpu,
                                   &PowerCostArgs::checkpoint_bytes_per_s_per_gpu);
               }},
    OptionInfo{"checkpoint-mode", "sync|async|in-memory", "Reliability", "Default async.",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 const std::optional<CheckpointMode> m = parse_checkpoint_mode(v);
                 if (!m) return quoted(v) + " is not one of: sync, async, in-memory";
                 a.power_cost.checkpoint_mode = m;
                 return std::nullopt;
               }},
    OptionInfo{"checkpoint-bytes-per-param", "X", "Reliability",
               "auto (the default) leaves it unset.",
               [](EstimateArgs& a, std::string_view v) {
                 return set_auto(a, v, "checkpoint_bytes_per_param", &Assumptions::checkpoint_bytes_per_param,
                                 &PowerCostArgs::checkpoint_bytes_per_param);
               }},
    OptionInfo{"checkpoint-interval-s", "X", "Reliability",
               "auto (the default) leaves it unset.",
               [](EstimateArgs& a, std::string_view v) {
                 return set_auto(a, v, "checkpoint_interval_s", &Assumptions::checkpoint_interval_s,
                                 &PowerCostArgs::checkpoint_interval_s);
               }},
    OptionInfo{"restart-s", "X", "Reliability", "Default 900.",
               [](EstimateArgs& a, std::string_view v) {
                 return set_number(a, v, "restart_s", &Assumptions::restart_s, &PowerCostArgs::restart_s);
               }},
};

template <typename T>
void set_if(const std::optional<T>& value, T& target) {
  if (value) target = *value;
}

}  // namespace

std::span<const OptionInfo> power_cost_options() { return kOptions; }

void apply_power_cost_args(const PowerCostArgs& f, Assumptions& a) {
  if (f.price_list) apply_price_list(a, *f.price_list);
  set_if(f.payment, a.payment);
  set_if(f.currency, a.currency);
  if (f.power_price_per_kwh) {
    a.power_price_per_kwh = *f.power_price_per_kwh;
    a.power_price_currency = a.currency;
  }
  set_if(f.pue, a.pue);
  set_if(f.gpu_power_factor, a.gpu_power_factor);
  set_if(f.node_overhead_w, a.node_overhead_w);
  set_if(f.switch_w, a.switch_w);
  set_if(f.optic_w, a.optic_w);
  set_if(f.storage_w_per_node, a.storage_w_per_node);
  set_if(f.rack_limit_w, a.rack_limit_w);
  set_if(f.grid_kg_co2_per_kwh, a.grid_kg_co2_per_kwh);
  set_if(f.cny_per_usd, a.cny_per_usd);
  set_if(f.amortisation_years, a.amortisation_years);
  if (f.facility_per_kw_month || f.facility_capex_per_mw) {
    // Given in the resulting currency; the facility price not given follows, converted.
    const Currency from = a.facility_price_currency;
    a.facility_per_kw_month = convert(a.facility_per_kw_month, from, a.currency, a.cny_per_usd);
    if (a.facility_capex_per_mw)
      a.facility_capex_per_mw = convert(*a.facility_capex_per_mw, from, a.currency, a.cny_per_usd);
    a.facility_price_currency = a.currency;
    set_if(f.facility_per_kw_month, a.facility_per_kw_month);
    set_if(f.facility_capex_per_mw, a.facility_capex_per_mw);
  }
  set_if(f.facility_years, a.facility_years);
  set_if(f.support_per_year, a.support_per_year);
  set_if(f.storage_capex_share, a.storage_capex_share);
  set_if(f.discount_rate, a.discount_rate);
  set_if(f.residual_value, a.residual_value);
  set_if(f.vat, a.vat);
  set_if(f.headroom, a.headroom);
  set_if(f.failure_rate_per_gpu_hour, a.failure_rate_per_gpu_hour);
  set_if(f.checkpoint_bytes_per_s, a.checkpoint_bytes_per_s);
  set_if(f.checkpoint_bytes_per_s_per_gpu, a.checkpoint_bytes_per_s_per_gpu);
  set_if(f.checkpoint_mode, a.checkpoint_mode);
  set_if(f.checkpoint_bytes_per_param, a.checkpoint_bytes_per_param);
  set_if(f.checkpoint_interval_s, a.checkpoint_interval_s);
  set_if(f.restart_s, a.restart_s);
}

}  // namespace cp::cli
