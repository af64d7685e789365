#include "cli/power_cost_text.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <ostream>
#include <string>
#include <string_view>

#include "cli/text_format.h"
#include "engine/cost.h"
#include "io/power_cost_json.h"
#include "engine/units.h"

namespace cp::cli {
namespace {

void value_line(std::ostream& out, std::string_view label, const std::string& value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "  %-28s ", std::string(label).c_str());
  out << buf << value << '\n';
}

std::string kw(double w) { return number_text("%.1f kW", w / 1000); }

// Money: whole units with separators from 1,000 up, two decimals below.
std::string money(double v, Currency c) {
  const std::string n = v >= 1000 || v <= -1000 ? grouped_text(v) : number_text("%.2f", v);
  return n + " " + std::string(to_string(c));
}

// A difference, with its sign: "+36,000 CNY", "-559,728 CNY".
// Appended: "+" + std::string trips GCC 12's false -Wrestrict in Release builds.
std::string money_delta(double v, Currency c) {
  std::string t(v > 0 ? "+" : "");
  t.append(money(v, c));
  return t;
}

// A price list as a finance reader checks it: its name, date and age, its source.
std::string price_list_text(const PriceList& l) {
  const std::optional<int> age = price_list_age_months(l);
  std::string t = l.name + ", dated " + (l.date.empty() ? std::string("(none)") : l.date);
  if (age) t += number_text(", %.0f months before this build", double(*age));
  if (price_list_stale(l)) t += " (STALE)";
  return t + "; " + l.source;
}

std::string category_label(CostCategory c) {
  switch (c) {
    case CostCategory::NetworkStorage: return "network, storage";
    case CostCategory::Capital: return "cost of capital";
    default: return std::string(to_string(c));
  }
}

std::string hours(double s) { return number_text("%.1f h", s / units::Hour); }

std::string percent(double f) { return number_text("%.0f%%", f * 100); }

void write_power(const Scenario& s, const Estimate& e, bool run, std::ostream& out) {
  const PowerEstimate& p = e.power;
  const Assumptions& a = s.assumptions;
  out << "\nPower and cooling\n";
  value_line(out, "GPUs", kw(p.gpu_w) + " average (" + number_text("%.0f%%", a.gpu_power_factor * 100) + " of TDP), " +
                              kw(p.gpu_peak_w) + " at TDP");
  value_line(out, "node", kw(p.node_w) + " average, " + kw(p.node_peak_w) + " peak (" +
                              grouped_text(p.node_overhead_w) + " W average, " + grouped_text(p.node_overhead_peak_w) +
                              " W peak besides the GPUs)");
  value_line(out, "switches, optics, storage",
             kw(p.switches_w) + ", " + kw(p.optics_w) + ", " + kw(p.storage_w));
  value_line(out, "IT", kw(p.it_w) + " average, " + kw(p.it_peak_w) + " peak");
  value_line(out, "facility", kw(p.facility_w) + " average, " + kw(p.facility_peak_w) + " peak" +
                                  number_text(" (PUE %g)", a.pue));
  value_line(out, "cooling", grouped_text(p.cooling_btu_per_h) + " BTU/h, " + number_text("%.2f tons", p.cooling_tons) +
                                 " (the IT peak, " + kw(p.cooling_w) + ")");
  const std::string per_rack = p.nodes_per_rack > 0 ? std::to_string(p.nodes_per_rack) + " nodes per rack"
                                                    : std::string("a node exceeds the rack limit");
  value_line(out, "racks", std::to_string(p.racks) + " of " + kw(a.rack_limit_w) + " (" + per_rack + ")");

  out << "\nEnergy of the run\n";
  if (!run) {
    value_line(out, "energy", "n/a (no token budget, or no progress)");
    return;
  }
  value_line(out, "energy", grouped_text(e.energy.run_kwh) + " kWh at the facility over " +
                                number_text("%.1f days", e.energy.run_s / units::Day));
  value_line(out, "CO2", grouped_text(e.energy.run_co2_kg) + " kg" +
                             number_text(" at %g kg/kWh", a.grid_kg_co2_per_kwh));
}

void write_cost(const Scenario& s, const Estimate& e, const FabricComparison* versus, bool run, std::ostream& out) {
  const CostEstimate& k = e.cost;
  const Assumptions& a = s.assumptions;
  const PriceList& list = a.list_for(a.payment);
  const Currency c = k.currency;
  out << "\nCost (" << to_string(k.payment) << ", price list " << list.id << " of " << list.date << ", "
      << to_string(c) << number_text(", a month is %g h", power_units::kHoursPerMonth);
  if (a.currency != list.currency) out << number_text(", %g CNY per USD", a.cny_per_usd);
  out << ")\n";
  value_line(out, "price list", price_list_text(list));
  for (int i = 0; i < kCostCategories; ++i) {
    const double v = k.per_month_by_category[std::size_t(i)];
    if (v == 0) continue;
    value_line(out, category_label(CostCategory(i)) + " per month", money(v, c) + " + headroom " + money(v * a.headroom, c));
  }
  if (k.vat_per_month > 0) value_line(out, number_text("VAT (%g%%) per month", a.vat * 100), money(k.vat_per_month, c));
  value_line(out, "per month", money(k.per_month, c));
  value_line(out, "headroom per month", money(k.headroom_per_month, c) + " (" + percent(a.headroom) +
                                            " on each category)");
  value_line(out, "budget per month", money(k.budget_per_month, c));
  value_line(out, "per hour", money(k.per_hour, c));
  if (run) {
    // Whole months when the list bills by the month, else to a tenth (a purchase: 46.3).
    const bool whole = k.billed_months == std::floor(k.billed_months);
    const char* months = whole ? " (%.0f months billed)" : " (%.1f months billed)";
    value_line(out, "per run", money(k.run_total, c) + number_text(months, k.billed_months));
    if (k.per_million_tokens > 0) value_line(out, "per million tokens", money(k.per_million_tokens, c));
  } else {
    value_line(out, "per run", "n/a (no token budget, or no progress)");
  }
  const OwnerCost& o = k.owner;
  const std::string owning = money(o.per_month, c) + " per month, " + money(o.per_gpu_hour, c) + " per GPU-hour";
  value_line(out, k.payment == Payment::Purchase ? "owner's cost" : "owning instead", owning);
  value_line(out, "  capital up front", money(o.capex, c) + " (servers " + money(o.server_capex, c) + ", network " +
                                            money(o.network_capex, c) + ", storage " + money(o.storage_capex, c) + ")");
  value_line(out, "  lines per month",
             "depreciation " + money(o.hardware_per_month + o.network_storage_per_month, c) + ", capital " +
                 money(o.capital_per_month, c) + ", support " + money(o.support_per_month, c) + ", facility " +
                 money(o.facility_per_month, c) + ", electricity " + money(o.electricity_per_month, c));
  value_line(out, "  terms", number_text("%g years to ", a.amortisation_years) + number_text("%.0f%% residual, ", a.residual_value * 100) +
                                number_text("%g%% cost of capital, ", a.discount_rate * 100) +
                                number_text("support %g%% a year, ", a.support_per_year * 100) +
                                (o.built_facility ? number_text("facility built over %g years", a.facility_years)
                                                  : std::string("colocation")) +
                                "; prices of " + a.purchase.id + " (" + a.purchase.date + ")");
  const PriceList& against = a.list_for(k.break_even_against);
  if (k.break_even_months > 0)
    value_line(out, "break-even", "owning beats " + against.id + number_text(" after %.1f months", k.break_even_months) +
                                      " (" + money(k.rent_alternative_per_month, c) + " a month to rent)");
  else if (k.rent_alternative_per_month > 0)
    value_line(out, "break-even", "owning never beats " + against.id + " (" + money(k.rent_alternative_per_month, c) +
                                      " a month to rent does not repay the capital)");
  else
    value_line(out, "break-even", "n/a (" + against.id + " has no price for this GPU)");
  value_line(out, "network share", number_text("%.1f%%", k.network_share * 100) + " of the capital cost (" + money(k.network_capex, c) +
                                       " of " + money(k.capex, c) + ", bill of materials)");
  if (versus && !versus->other_fabric.empty()) {
    const FabricComparison& f = *versus;
    std::string t = "network capital " + money_delta(f.network_capex_delta, c);
    if (run) t += ", time " + number_text("%+.1f days", f.train_time_delta_s / units::Day) + ", run " +
                  money_delta(f.run_total_delta, c);
    t += ", owning " + money_delta(f.owner_per_month_delta, c) + " per month";
    value_line(out, "on " + f.other_fabric + " instead", t);
  }
}

void write_reliability(const Scenario& s, const Estimate& e, bool run, std::ostream& out) {
  const ReliabilityEstimate& r = e.reliability;
  const Assumptions& a = s.assumptions;
  out << "\nReliability\n";
  if (r.failures)
    value_line(out, "MTBI", number_text("%.1f h", r.mtbi_s / units::Hour) +
                                number_text(" (%.4g failures per GPU-hour)", a.failure_rate_per_gpu_hour));
  else value_line(out, "MTBI", "no failures (failure rate 0)");
  value_line(out, "checkpoint", number_text("%.1f GB", r.checkpoint_bytes / 1e9) + ", written in " +
                                    duration_text(r.checkpoint_write_s) +
                                    number_text(" at %.3g GB/s", r.storage_bytes_per_s / 1e9) +
                                    (r.storage_per_gpu ? number_text(" (%.3g GB/s per GPU)",
                                                                     a.checkpoint_bytes_per_s_per_gpu / 1e9)
                                                       : std::string(" (cluster-wide)")));
  std::string mode = std::string(to_string(r.mode)) + ": training stops " + duration_text(r.checkpoint_blocking_s);
  if (r.mode == CheckpointMode::Async)
    mode += ", then runs slower while the write goes on; " + duration_text(r.checkpoint_cost_s) + " lost per checkpoint";
  value_line(out, "checkpoint mode", mode);
  std::string interval = r.interval_s > 0 ? hours(r.interval_s) : std::string("none");
  if (r.optimal_interval_s > 0) {
    if (a.checkpoint_interval_s) interval += " (Young/Daly optimum " + hours(r.optimal_interval_s) + ")";
    else interval += " (Young/Daly optimum)";
  }
  value_line(out, "checkpoint interval", interval);
  value_line(out, "seed's interval (1-2 h)", number_text("goodput %.5f at 1 h", r.goodput_seed_low) +
                                                 number_text(", %.5f at 2 h", r.goodput_seed_high));
  value_line(out, "restart", duration_text(r.restart_s));
  value_line(out, "goodput", number_text("%.5f", r.goodput));
  if (run) value_line(out, "real time to train", number_text("%.1f days", r.real_train_time_s / units::Day));
}

}  // namespace

void write_power_cost_text(const Scenario& s, const Estimate& e, const FabricComparison* versus, std::ostream& out) {
  // The same rule as the JSON: run figures need a token budget and progress.
  const bool run = s.training.tokens > 0 && e.reliability.real_train_time_s > 0;
  write_power(s, e, run, out);
  write_cost(s, e, versus, run, out);
  write_reliability(s, e, run, out);
}

bool write_bom_csv(const std::string& path, const Scenario& s, const Estimate& e, std::ostream& out,
                   std::ostream& err) {
  const std::string csv = bom_to_csv(s, e);
  if (path == "-") {
    out << csv;
    return true;
  }
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (file) file << csv;
  if (file) file.close();
  if (!file) {
    err << "--bom-csv: cannot write '" << path << "': " << std::strerror(errno) << '\n';
    return false;
  }
  return true;
}

}  // namespace cp::cli
