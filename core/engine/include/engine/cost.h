// What a cluster costs: per month (730 h), per hour, per training run, per million tokens, in
// one of three ways to pay (rent, cloud, purchase); the bill of materials priced from the
// purchase list; the network's share. Formulas and sources: docs/power-cost.md.
#pragma once

#include <array>
#include <string>

#include "engine/assumptions.h"
#include "engine/fabric.h"
#include "engine/power.h"
#include "engine/reliability.h"
#include "engine/scenario.h"

namespace cp {

// A price converted from one currency to another at the user's rate (CNY per USD).
double convert(double amount, Currency from, Currency to, double cny_per_usd);

// The first line of `list` that prices `item` for this GPU and fabric (-1: none). Empty match
// fields and gbps 0 match anything.
int find_price_line(const PriceList& list, PriceItem item, const std::string& gpu, FabricKind fabric, double gbps);

struct BomLine {
  PriceItem item = PriceItem::Server;
  int tier = -1;          // switches: 0 leaf, 1 spine, 2 core; -1 otherwise
  double quantity = 0;
  int price_line = -1;    // index into the purchase list; -1: no price found
  double unit_price = 0;  // in the output currency
  double total = 0;
};
inline constexpr int kMaxBomLines = 8;

// The owner's full cost of the cluster, per month (730 h), in the output currency: computed
// for every estimate (a purchase pays it; rent and cloud compare with it, the break-even).
// Capital: K = servers + network (the bill of materials) + storage, storage being
// storage_capex_share of K. Depreciation is straight-line to the residual value over
// amortisation_years; the cost of capital is what an annuity at discount_rate adds to it (the
// capital recovery factor r (1+r)^n / ((1+r)^n - 1) on K less the residual's present value).
struct OwnerCost {
  double server_capex = 0;        // the bill of materials' servers
  double network_capex = 0;       // its NICs, switches, transceivers and cables
  double storage_capex = 0;       // storage_capex_share x K
  double capex = 0;               // K, paid up front
  double hardware_per_month = 0;  // the servers' depreciation
  double network_storage_per_month = 0;  // the network's and storage's depreciation
  double capital_per_month = 0;   // the cost of capital on K
  double support_per_month = 0;   // support_per_year x K / 12
  double facility_per_month = 0;  // colocation per kW of IT peak, or a built facility's annuity
  double electricity_per_month = 0;  // facility power x 730 h x the power price
  double per_month = 0;           // the six lines
  double per_gpu_hour = 0;        // per_month / 730 h / GPUs
  bool built_facility = false;    // facility_capex_per_mw set: the facility is built, not rented
};

// Capital recovery factor, a year: r (1+r)^n / ((1+r)^n - 1); 1/n at r = 0.
double capital_recovery_factor(double rate, double years);

struct CostEstimate {
  Currency currency = Currency::Cny;
  Payment payment = Payment::Rent;
  std::array<double, kCostCategories> per_month_by_category{};  // before headroom and VAT
  double vat_per_month = 0;
  double per_month = 0;           // all categories + VAT
  double headroom_per_month = 0;  // headroom x each category, shown apart
  double budget_per_month = 0;    // per_month + headroom
  double per_hour = 0;            // per_month / 730
  double run_s = 0;               // the real time-to-train the run is paid for
  double billed_months = 0;       // whole months when the list bills by the month, else exact
  double run_total = 0;
  double per_million_tokens = 0;  // 0 without a token budget
  std::array<BomLine, kMaxBomLines> bom{};
  int bom_count = 0;
  double capex = 0;               // the bill of materials' total
  double network_capex = 0;       // NICs, switches, transceivers, cables
  double network_share = 0;       // network_capex / capex
  int missing_price = -1;         // a PriceItem the paying list lacks for this cluster; -1: none
  OwnerCost owner;                // what owning the cluster costs, whatever the way to pay
  // Months after which owning beats renting: the discounted payback of the owner's capital by
  // the rent saved, sum over months k of (rent - owner's running cost) / (1 + i)^k >= K, i the
  // monthly rate of discount_rate: m = -ln(1 - K i / S) / ln(1 + i), S = rent - running cost
  // (support, facility, electricity and the lists' flat monthly lines). Against the rent or
  // cloud list paid; a purchase against the cloud list. 0: never (the rent does not cover the
  // running cost or the interest), or the renting list has no price for this cluster.
  double break_even_months = 0;
  Payment break_even_against = Payment::Cloud;  // the renting list compared
  double rent_alternative_per_month = 0;        // what that list charges for this cluster a month
};

// Precondition: the scenario validated. Allocation-free (part of estimate()).
CostEstimate estimate_cost(const Scenario& s, const NetworkSize& net, const PowerEstimate& power,
                           const ReliabilityEstimate& rel, double tokens);

// The same job on another fabric against this estimate: the other fabric's network capital
// cost, real time-to-train, run cost and owner's cost, as differences (other minus this), money
// in the output currency. A value the estimate writers print (cost.ib_vs_roce, beside the
// scenario's own fabric); which fabric, and the second estimate, are core/plan's
// (plan/fabric_compare.h: FabricComparison, compare_ib_roce).
struct FabricDelta {
  std::string other_fabric;  // id; empty when there is no other fabric
  double network_capex_delta = 0;
  double train_time_delta_s = 0;
  double run_total_delta = 0;
  // The owner's full cost (OwnerCost, whatever the way to pay): rent against buy and IB against
  // RoCE compare on the same lines.
  double owner_per_month_delta = 0;
  double owner_capex_delta = 0;
};

}  // namespace cp
