#include "engine/cost.h"

#include <array>
#include <cmath>

#include "engine/units.h"

namespace cp {

double convert(double amount, Currency from, Currency to, double cny_per_usd) {
  if (from == to) return amount;
  return from == Currency::Usd ? amount * cny_per_usd : amount / cny_per_usd;
}

int find_price_line(const PriceList& list, PriceItem item, const std::string& gpu, FabricKind fabric, double gbps) {
  const std::string_view kind = to_string(fabric);
  for (size_t i = 0; i < list.lines.size(); ++i) {
    const PriceLine& l = list.lines[i];
    if (l.item != item) continue;
    if (!l.gpu.empty() && l.gpu != gpu) continue;
    if (!l.fabric.empty() && l.fabric != kind) continue;
    if (l.gbps > 0 && l.gbps != gbps) continue;
    return int(i);
  }
  return -1;
}

namespace {

using power_units::kHoursPerMonth;

struct Pricer {
  Pricer(const Scenario& scenario, const PriceList& prices) : s(scenario), list(prices) {
    // find_price_line for every item, in one pass over the list: each line's GPU, fabric and
    // rate are compared once, not once for every item asked for.
    first.fill(-1);
    const Cluster& c = s.cluster;
    const std::string_view kind = to_string(c.fabric.kind);
    for (size_t i = 0; i < list.lines.size(); ++i) {
      const PriceLine& l = list.lines[i];
      if (size_t(l.item) >= first.size() || first[size_t(l.item)] >= 0) continue;
      if (!l.gpu.empty() && l.gpu != c.gpu.id) continue;
      if (!l.fabric.empty() && l.fabric != kind) continue;
      if (l.gbps > 0 && l.gbps != c.fabric.nic_gbps) continue;
      first[size_t(l.item)] = int(i);
    }
  }
  const Scenario& s;
  const PriceList& list;
  std::array<int, size_t(PriceItem::Services) + 1> first;  // by item: its line, or -1
  double price(int line) const {
    const Assumptions& a = s.assumptions;
    return convert(list.lines[size_t(line)].price, list.currency, a.currency, a.cny_per_usd);
  }
  int find(PriceItem item) const {
    if (size_t(item) < first.size()) return first[size_t(item)];
    const Cluster& c = s.cluster;
    return find_price_line(list, item, c.gpu.id, c.fabric.kind, c.fabric.nic_gbps);
  }
};

void add_bom(CostEstimate& k, const Pricer& p, PriceItem item, int tier, double quantity) {
  if (quantity <= 0 && item != PriceItem::Server) return;
  BomLine& b = k.bom[size_t(k.bom_count++)];
  b.item = item;
  b.tier = tier;
  b.quantity = quantity;
  b.price_line = p.find(item);
  b.unit_price = b.price_line >= 0 ? p.price(b.price_line) : 0;
  // A server of another size than the priced one: priced per GPU.
  if (item == PriceItem::Server && b.price_line >= 0)
    b.unit_price = b.unit_price / p.list.lines[size_t(b.price_line)].gpus * p.s.cluster.gpus_per_node;
  b.total = b.unit_price * quantity;
}

// Flat monthly lines (bandwidth, storage, services) of a list, summed per category.
void add_flat_lines(CostEstimate& k, const Pricer& p) {
  for (size_t i = 0; i < p.list.lines.size(); ++i) {
    const PriceItem item = p.list.lines[i].item;
    if (item == PriceItem::Bandwidth || item == PriceItem::Storage || item == PriceItem::Services)
      k.per_month_by_category[size_t(category_of(item))] += p.price(int(i));
  }
}

// The flat monthly lines of a list (bandwidth, storage, services), summed.
double flat_per_month(const Pricer& p) {
  double sum = 0;
  for (size_t i = 0; i < p.list.lines.size(); ++i) {
    const PriceItem item = p.list.lines[i].item;
    if (item == PriceItem::Bandwidth || item == PriceItem::Storage || item == PriceItem::Services) sum += p.price(int(i));
  }
  return sum;
}

// What `list` (rent or cloud) charges for this cluster a month, hardware and its flat lines;
// -1 when it has no price for this GPU.
double renting_per_month(const Scenario& s, const PriceList& list) {
  const Pricer p{s, list};
  const Cluster& c = s.cluster;
  double hardware = -1;
  if (list.payment == Payment::Rent) {
    if (const int line = p.find(PriceItem::ServerRent); line >= 0)
      hardware = p.price(line) / list.lines[size_t(line)].gpus * c.total_gpus();
  } else if (list.payment == Payment::Cloud) {
    if (const int line = p.find(PriceItem::GpuHour); line >= 0)
      hardware = p.price(line) * c.total_gpus() * kHoursPerMonth;
  }
  if (hardware < 0) return -1;
  return hardware + flat_per_month(p);
}

OwnerCost owner_cost(const Scenario& s, const CostEstimate& k, const PowerEstimate& power) {
  const Assumptions& a = s.assumptions;
  OwnerCost o;
  for (int i = 0; i < k.bom_count; ++i)
    if (k.bom[size_t(i)].item == PriceItem::Server) o.server_capex += k.bom[size_t(i)].total;
  o.network_capex = k.network_capex;
  const double it = o.server_capex + o.network_capex;
  o.storage_capex = it * a.storage_capex_share / (1 - a.storage_capex_share);
  o.capex = it + o.storage_capex;
  const double months = a.amortisation_years * 12.0;
  auto depreciation = [&](double capex) { return capex * (1 - a.residual_value) / months; };
  // Equal yearly payments that repay K less the residual's present value at the discount rate.
  const double residual_now = a.residual_value / std::pow(1 + a.discount_rate, a.amortisation_years);
  const double annuity = o.capex * (1 - residual_now) * capital_recovery_factor(a.discount_rate, a.amortisation_years) / 12;
  o.hardware_per_month = depreciation(o.server_capex);
  o.network_storage_per_month = depreciation(o.network_capex + o.storage_capex);
  // At no interest the annuity is the depreciation itself: no cost of capital (exactly, not a
  // rounding's worth).
  o.capital_per_month = a.discount_rate > 0 ? std::max(0.0, annuity - depreciation(o.capex)) : 0.0;
  o.support_per_month = a.support_per_year * o.capex / 12;
  // The facility: colocation is priced per kW of contracted IT capacity, which must cover the
  // cluster's IT peak; a built one is paid off like the hardware, with no residual.
  const double it_peak_kw = power.it_peak_w / 1000;
  if (a.facility_capex_per_mw) {
    o.built_facility = true;
    const double per_mw = convert(*a.facility_capex_per_mw, a.facility_price_currency, a.currency, a.cny_per_usd);
    o.facility_per_month = per_mw * it_peak_kw / 1000 * capital_recovery_factor(a.discount_rate, a.facility_years) / 12;
  } else {
    o.facility_per_month =
        convert(a.facility_per_kw_month, a.facility_price_currency, a.currency, a.cny_per_usd) * it_peak_kw;
  }
  const double per_kwh = convert(a.power_price_per_kwh, a.power_price_currency, a.currency, a.cny_per_usd);
  o.electricity_per_month = power.facility_w / 1000.0 * kHoursPerMonth * per_kwh;
  o.per_month = o.hardware_per_month + o.network_storage_per_month + o.capital_per_month + o.support_per_month +
                o.facility_per_month + o.electricity_per_month;
  o.per_gpu_hour = o.per_month / kHoursPerMonth / double(s.cluster.total_gpus());
  return o;
}

// Discounted payback of the owner's capital by the rent it saves (cost.h).
double payback_months(double capex, double saving_per_month, double rate_per_year) {
  if (!(saving_per_month > 0) || !(capex > 0)) return 0;
  const double i = std::expm1(std::log1p(rate_per_year) / 12);  // monthly rate, exact for tiny rates
  if (i <= 0) return capex / saving_per_month;
  const double x = capex * i / saving_per_month;
  if (x >= 1) return 0;  // the saving never covers the interest
  return -std::log1p(-x) / std::log1p(i);
}

}  // namespace

double capital_recovery_factor(double rate, double years) {
  if (rate <= 0) return 1 / years;
  // (1 + r)^n - 1 through log1p and expm1: at a rate of 1e-301 the plain form divides by zero.
  const double grown = years * std::log1p(rate);
  return rate * std::exp(grown) / std::expm1(grown);
}

CostEstimate estimate_cost(const Scenario& s, const NetworkSize& net, const PowerEstimate& power,
                           const ReliabilityEstimate& rel, double tokens) {
  const Assumptions& a = s.assumptions;
  const Cluster& c = s.cluster;
  CostEstimate k;
  k.currency = a.currency;
  k.payment = a.payment;

  // Bill of materials, always priced from the purchase list.
  const Pricer buy{s, a.purchase};
  add_bom(k, buy, PriceItem::Server, -1, c.nodes);
  add_bom(k, buy, PriceItem::Nic, -1, double(c.nodes) * c.nics_per_node);
  for (int t = 0; t < 3; ++t) add_bom(k, buy, PriceItem::Switch, t, net.switches[size_t(t)]);
  add_bom(k, buy, PriceItem::Transceiver, -1, net.total_transceivers());
  add_bom(k, buy, PriceItem::Cable, -1, net.total_links());
  for (int i = 0; i < k.bom_count; ++i) {
    const BomLine& b = k.bom[size_t(i)];
    k.capex += b.total;
    if (b.item != PriceItem::Server) k.network_capex += b.total;
  }
  k.network_share = k.capex > 0 ? k.network_capex / k.capex : 0;
  k.owner = owner_cost(s, k, power);

  // Owning against renting: against the list paid, or the cloud list when buying.
  k.break_even_against = a.payment == Payment::Purchase ? Payment::Cloud : a.payment;
  const double renting = renting_per_month(s, a.list_for(k.break_even_against));
  k.rent_alternative_per_month = std::max(0.0, renting);
  if (renting >= 0) {
    const double running = k.owner.support_per_month + k.owner.facility_per_month + k.owner.electricity_per_month +
                           flat_per_month(Pricer{s, a.purchase});
    k.break_even_months = payback_months(k.owner.capex, renting - running, a.discount_rate);
  }

  // Monthly cost of the way to pay.
  const Pricer pay{s, a.list_for(a.payment)};
  auto& cat = k.per_month_by_category;
  const size_t hw = size_t(CostCategory::Hardware);
  switch (a.payment) {
    case Payment::Rent: {
      // Rent per server-month; a server of another size is priced per GPU.
      const int line = pay.find(PriceItem::ServerRent);
      if (line < 0) k.missing_price = int(PriceItem::ServerRent);
      else cat[hw] = pay.price(line) / pay.list.lines[size_t(line)].gpus * c.total_gpus();
      break;
    }
    case Payment::Cloud: {
      const int line = pay.find(PriceItem::GpuHour);
      if (line < 0) k.missing_price = int(PriceItem::GpuHour);
      else cat[hw] = pay.price(line) * c.total_gpus() * kHoursPerMonth;
      break;
    }
    case Payment::Purchase: {
      for (int i = 0; i < k.bom_count; ++i)
        if (k.bom[size_t(i)].price_line < 0 && k.missing_price < 0) k.missing_price = int(k.bom[size_t(i)].item);
      // The owner's lines. Electricity: rents and cloud prices include it; owners pay facility power.
      cat[hw] = k.owner.hardware_per_month;
      cat[size_t(CostCategory::NetworkStorage)] = k.owner.network_storage_per_month;
      cat[size_t(CostCategory::Capital)] = k.owner.capital_per_month;
      cat[size_t(CostCategory::Support)] = k.owner.support_per_month;
      cat[size_t(CostCategory::Facility)] = k.owner.facility_per_month;
      cat[size_t(CostCategory::Electricity)] = k.owner.electricity_per_month;
      break;
    }
  }
  add_flat_lines(k, pay);
  double base = 0;
  for (double v : cat) base += v;
  k.vat_per_month = base * a.vat;
  k.per_month = base + k.vat_per_month;
  k.headroom_per_month = base * a.headroom;
  k.budget_per_month = k.per_month + k.headroom_per_month;
  k.per_hour = k.per_month / kHoursPerMonth;

  // The run: paid for its real time-to-train (after failures), in whole months if so billed.
  k.run_s = rel.real_train_time_s;
  const double months = k.run_s / (kHoursPerMonth * units::Hour);
  const bool whole = a.payment == Payment::Rent && pay.list.whole_months;
  k.billed_months = whole ? std::ceil(months) : months;
  k.run_total = k.billed_months * k.per_month;
  k.per_million_tokens = tokens > 0 ? k.run_total / (tokens / 1e6) : 0;
  return k;
}

}  // namespace cp
