// Facility, price and reliability assumptions of a scenario (power, cooling, cost, goodput).
// Every field carries a stated default with its source, or the label [est] for a labelled
// estimate that the user should replace. All of them are editable and saved with the scenario
// (docs/power-cost.md lists them). Built-in presets and price lists: core/engine/src/assumptions.cpp.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cp {

enum class Currency { Cny, Usd };
// The three ways to pay for a cluster (issue 4): rent per server-month, cloud per GPU-hour,
// or purchase amortised over years plus electricity.
enum class Payment { Rent, Cloud, Purchase };

// What one price line prices; the unit follows from the item.
enum class PriceItem {
  ServerRent,   // per server per month (the server has `gpus` GPUs)
  GpuHour,      // per GPU per hour (cloud)
  Server,       // purchase, each
  Nic,          // purchase, each
  Switch,       // purchase, each
  Transceiver,  // purchase, each
  Cable,        // purchase, each (one per link)
  Bandwidth,    // per month, flat (internet/BGP line)
  Storage,      // per month, flat
  Services,     // per month, flat
};

// Budget categories: the seed keeps hardware, bandwidth and services (here also storage and
// electricity) as separate lines with 20% headroom on each.
enum class CostCategory { Hardware, Bandwidth, Storage, Services, Electricity };
inline constexpr int kCostCategories = 5;

struct PriceLine {
  PriceItem item = PriceItem::ServerRent;
  std::string gpu;     // GPU id the line applies to ("" = any); server, rent and GPU-hour lines
  std::string fabric;  // "infiniband", "roce" or "" (any)
  double gbps = 0;     // network line rate it applies to (0 = any)
  int gpus = 8;        // GPUs per server (ServerRent, Server)
  double price = 0;    // per unit, in the list's currency
  std::string name;    // what it is, for the bill of materials
  std::string source;  // where the price comes from, or "[est] ..."
};

struct PriceList {
  std::string id;      // e.g. "seed-cn-2026"
  std::string name;
  std::string date;    // when the prices were taken, e.g. "2026"
  std::string source;
  Payment payment = Payment::Rent;  // which way to pay this list prices
  Currency currency = Currency::Cny;
  bool whole_months = false;        // rent billed in whole months
  std::vector<PriceLine> lines;
};

// Built-in price lists (dated, sourced). Their prices are snapshots; the scenario keeps a copy.
std::span<const PriceList> price_list_catalog();
const PriceList* find_price_list(std::string_view id);

// Facility presets (Uptime Institute 2023: industry average PUE 1.58; new large sites <= 1.3;
// Google 1.10, Meta 1.09).
inline constexpr double kPueAirCooled = 1.5;  // air-cooled colocation
inline constexpr double kPueModern = 1.3;     // modern site
inline constexpr double kPueLiquid = 1.1;     // liquid-cooled, hyperscale
std::optional<double> pue_preset(std::string_view name);  // "air", "modern", "liquid"

// Grid carbon intensity, kg CO2 per kWh: China 0.537 (2022, China MEE), US 0.367 (2023, EIA).
inline constexpr double kGridChina = 0.537;
inline constexpr double kGridUs = 0.367;
std::optional<double> grid_preset(std::string_view name);  // "china", "us"

// Rack power limits, W: air-cooled racks about 15-30 kW; liquid cooling above about 30 kW
// (Uptime 2024 [sec]); a GB200 NVL72 rack about 120 kW, liquid cooled [sec].
inline constexpr double kRackAirLow = 15e3;
inline constexpr double kRackAirHigh = 30e3;
inline constexpr double kRackLiquid = 120e3;
std::optional<double> rack_preset(std::string_view name);  // "air-15", "air-30", "liquid"

// Llama 3 (Dubey et al. 2024, section 3.3.4): 419 unexpected interruptions in 54 days of
// pre-training on 16,384 H100s: 419 / (54 x 24 x 16,384) = 1.973e-5 per GPU-hour.
inline constexpr double kLlama3FailuresPerGpuHour = 419.0 / (54.0 * 24.0 * 16384.0);

struct Assumptions {
  // --- power and cooling
  double pue = kPueModern;           // facility / IT power
  // Average GPU draw while training as a fraction of TDP: Epoch AI (training-cost trends)
  // takes 75% of peak for published training runs; NVIDIA says systems run near peak.
  double gpu_power_factor = 0.75;
  // Node power besides the GPUs (CPUs, memory, NICs, fans, PSU losses), W per node. Unset:
  // calibrated so that a full node at GPU TDP equals the published system maximum (power.h).
  std::optional<double> node_overhead_w;
  std::optional<double> switch_w;    // W per switch, without optics; unset: by rate [est] (power.h)
  std::optional<double> optic_w;     // W per transceiver; unset: 16 W per 800G, scaled by rate
  // Shared storage (parallel file system, NVMe servers) per compute node [est]: an appliance of
  // about 2-3 kW serving some 20-30 nodes.
  double storage_w_per_node = 100;
  double rack_limit_w = kRackAirHigh;  // what one rack can power and cool
  double grid_kg_co2_per_kwh = kGridChina;

  // --- cost
  Currency currency = Currency::Cny;   // the currency results are shown in
  // CNY per USD, set by the user, never fetched. Default [est]: about 7.2 (2024 average).
  double cny_per_usd = 7.2;
  // Electricity: China industrial about 0.088 USD/kWh (2024, China Briefing); US industrial
  // 0.08 USD/kWh (2023, EIA). Charged in the purchase model only: rents and cloud prices
  // include power.
  double power_price_per_kwh = 0.088;
  Currency power_price_currency = Currency::Usd;
  Payment payment = Payment::Rent;
  double headroom = 0.20;              // seed article: keep 20% headroom on each category
  double vat = 0.0;                    // optional VAT line, fraction (China: 13% on leasing)
  double amortisation_years = 5;       // hyperscalers depreciate servers over 5-6 years
  PriceList rent;                      // the price list for each way to pay, saved with the plan
  PriceList cloud;
  PriceList purchase;                  // also prices the bill of materials

  // --- reliability and goodput
  double failure_rate_per_gpu_hour = kLlama3FailuresPerGpuHour;
  // Aggregate checkpoint write bandwidth, bytes/s [est]: a small parallel file system; one
  // NVMe PCIe 4 x4 drive writes about 7 GB/s; Megatron saved its 1T checkpoint at 273 GB/s.
  double checkpoint_bytes_per_s = 10e9;
  // Bytes per parameter saved; unset: weights + optimizer states from the memory engine
  // (14 with bf16 and Adam).
  std::optional<double> checkpoint_bytes_per_param;
  // Detect, reschedule, reload after an interruption: MegaScale (NSDI'24) recovers within
  // about 15 minutes.
  double restart_s = 15 * 60;
  // Checkpoint interval, s; unset: the Young/Daly optimum sqrt(2 C M).
  std::optional<double> checkpoint_interval_s;

  Assumptions();  // fills the price lists from the catalog
  const PriceList& list_for(Payment p) const { return p == Payment::Rent ? rent : p == Payment::Cloud ? cloud : purchase; }
};

// Puts a price list into the slot of its way to pay and makes that the way to pay.
void apply_price_list(Assumptions& a, const PriceList& list);

std::string_view to_string(Currency c);   // "CNY", "USD"
std::string_view to_string(Payment p);    // "rent", "cloud", "purchase"
std::string_view to_string(PriceItem i);  // "server_rent", "gpu_hour", "server", ...
std::string_view to_string(CostCategory c);
std::optional<Currency> parse_currency(std::string_view);  // "CNY"/"cny", "USD"/"usd"
std::optional<Payment> parse_payment(std::string_view);
std::optional<PriceItem> parse_price_item(std::string_view);
CostCategory category_of(PriceItem i);

// Range checks of every assumption; each problem names its JSON path ("assumptions.pue").
struct Problem;
void check_assumptions(const Assumptions& a, std::vector<Problem>& out);

}  // namespace cp
