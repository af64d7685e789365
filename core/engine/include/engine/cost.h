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
};

// Precondition: the scenario validated. Allocation-free (part of estimate()).
CostEstimate estimate_cost(const Scenario& s, const NetworkSize& net, const PowerEstimate& power,
                           const ReliabilityEstimate& rel, double tokens);

// InfiniBand against RoCE at the same line rate on the same cluster: the other fabric's
// network capital cost, real time-to-train and run cost, as differences (other minus this).
// A value the estimate writers print (cost.ib_vs_roce); computed once by the caller with
// core/plan's compare_ib_roce (plan/fabric_compare.h), never by a writer.
struct FabricComparison {
  std::string this_fabric, other_fabric;  // ids; other_fabric empty when no counterpart exists
  double network_capex_delta = 0;
  double train_time_delta_s = 0;
  double run_total_delta = 0;
};

}  // namespace cp
