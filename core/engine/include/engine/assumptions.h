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
// The three ways to pay for a cluster: rent per server-month, cloud per GPU-hour,
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
// electricity) as separate lines with 20% headroom on each. A purchase adds the owner's lines:
// the network and storage's depreciation, the cost of capital, support, and the facility
// (hardware is then the servers' depreciation).
enum class CostCategory { Hardware, Bandwidth, Storage, Services, Electricity, NetworkStorage, Capital, Support, Facility };
inline constexpr int kCostCategories = 9;

struct PriceLine {
  friend bool operator==(const PriceLine&, const PriceLine&) = default;
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
  friend bool operator==(const PriceList&, const PriceList&) = default;
  std::string id;      // e.g. "seed-cn-2026"
  std::string name;
  std::string date;    // when the prices were taken, YYYY-MM (a bare YYYY reads as its January)
  std::string source;
  Payment payment = Payment::Rent;  // which way to pay this list prices
  Currency currency = Currency::Cny;
  bool whole_months = false;        // rent billed in whole months
  std::vector<PriceLine> lines;
};

// Built-in price lists (dated, sourced). Their prices are snapshots; the scenario keeps a copy.
std::span<const PriceList> price_list_catalog();
const PriceList* find_price_list(std::string_view id);

// A price list is stale when its date is more than 18 months before the month the program was
// built in (engine/version.h: kBuildYear, kBuildMonth, set by CMake), never the clock at run time,
// so that a build gives the same results every day. Prices of GPU rentals moved by up to 45% in
// one step (AWS, June 2025), and H100 rents by 40% in five months (SemiAnalysis rental index,
// 2025-10 to 2026-03): a price older than a year and a half is no longer a quote.
inline constexpr int kPriceListStaleMonths = 18;
// The list's date as months since year 0 (year x 12 + month - 1); nullopt when it is not YYYY-MM
// or YYYY (a bare year reads as its January: the oldest it can be).
std::optional<int> price_date_months(std::string_view date);
int build_date_months();  // the build's month, the same count
// Months from the list's date to the build's month (negative for a date after the build);
// nullopt when undated.
std::optional<int> price_list_age_months(const PriceList& l);
// Undated, or more than kPriceListStaleMonths old.
bool price_list_stale(const PriceList& l);

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

// Checkpoint write bandwidth to shared storage per GPU: 1 GB/s per 8-GPU node. Llama 3 wrote to
// Meta's Tectonic at 2 TB/s sustained (7 TB/s peak) for 16,384 GPUs (arXiv:2407.21783,
// section 3.3.1): 0.122 GB/s per GPU; BLOOM-176B saved 2.3 TB in about 40 s from 384 GPUs on
// Jean Zay's GPFS (bigscience tr11-176B-ml README, "Checkpoints" and "Times"): 0.150 GB/s per
// GPU; NVIDIA's DGX SuperPOD H100 storage guidance (RA-11333-001, 2023-09, Table 6) gives one
// 32-node unit 20 GB/s ("better") to 62 GB/s ("best") of aggregate write: 0.078 to 0.242 GB/s
// per GPU. A parallel file system or object store grows with the cluster it serves, so the
// bandwidth does too; a cluster-wide figure (checkpoint_bytes_per_s) overrides it.
inline constexpr double kStorageBytesPerSPerGpu = 0.125e9;

// How a checkpoint is taken (docs/power-cost.md, "Checkpoint modes"):
//   sync: training stops while the state is written to storage;
//   async: training stops only while the state is copied to host memory, and the write to
//     storage runs in the background (PyTorch DCP async_save, Megatron-Core --async-save,
//     MegaScale's two-stage checkpoint; NeMo 2's MegatronStrategy saves asynchronously by
//     default, ckpt_async_save=True);
//   in-memory: the host copy is replicated to peers' host memory and recovery reads it from
//     there (GEMINI, SOSP'23; ByteRobust, SOSP'25): no storage write on the training path.
enum class CheckpointMode { Sync, Async, InMemory };
std::string_view to_string(CheckpointMode m);  // "sync", "async", "in-memory"
std::optional<CheckpointMode> parse_checkpoint_mode(std::string_view);
constexpr std::string_view spellings_checkpoint_mode() { return "sync, async, in-memory"; }

// --- the owner's full cost (purchase)
// Wholesale colocation, USD per kW of IT capacity per month: CBRE "North America Data Center
// Trends H2 2024" (2025-02): 184.06 average asking rate in the primary markets for 250-500 kW;
// H1 2025 +2.5%; H2 2025 194.95 [sec, a copy of CBRE's H2 2025 report]: 190, the middle of 2025.
// Energy is billed on top (the electricity line).
inline constexpr double kColocationUsdPerKwMonth = 190;
// Support and maintenance contracts, share of the hardware price per year: 10-30% for hardware
// service contracts (TechTarget, "How to make the most of hardware service contracts") [sec];
// the low end, a buyer of whole clusters [est]. NVIDIA AI Enterprise comes with H100 boards for
// five years (NVIDIA licensing guide) and is not added.
inline constexpr double kSupportPerYear = 0.10;
// Storage's share of the cluster's capital cost (servers, network and storage): SemiAnalysis
// (2025-08, "H100 vs GB200 NVL72 Training Benchmarks") puts an H100 server at about USD 190k and
// about 250k per server with storage, network and the rest: 24% besides the servers, of which
// the network is 15-19% (SemiAnalysis CPO book 2026-01: 15-18%; Epoch AI's
// CLUSTER_INTERCONNECT_COST_FRACTION 0.19), leaving about 5% for storage [est from those].
inline constexpr double kStorageCapexShare = 0.05;
// Cost of capital, a year: CoreWeave's 2025 debt at 9-11% (10-Q 2025-06, note 10: 2030 notes
// 10%, DDTL 2.0 11%, OEM financing 9-10%; 2031 senior notes 9.0%, 8-K 2025-07); the stock
// market's return as a hurdle, about 10% (Cheah, Latent Space, 2024-10).
inline constexpr double kDiscountRate = 0.10;
// Value left at the end of the depreciation life, share of the purchase price: GPU price-
// performance improves 0.14 orders of magnitude a year (Epoch AI,
// ML_GPU_PRICE_PERFORMANCE_OOMS_PER_YEAR): 10^(-0.14 x 5) = 0.20 after 5 years. A100 resale of
// 27-47% after about 4 years [sec] and H100 rents renewed at their 2023 price (SemiAnalysis,
// 2026-04) argue against less.
inline constexpr double kResidualValue = 0.20;
// Building a facility instead, USD per MW of critical IT load: Cushman & Wakefield, "Data
// Center Development Cost Guide 2025": 11.7 million on average over 19 US markets (9.3-15.0),
// not counting land, fit-out and soft costs. Its life [est]: 15 years (buildings last longer,
// power and cooling plant less).
inline constexpr double kFacilityUsdPerMw = 11.7e6;
inline constexpr double kFacilityYears = 15;

struct Assumptions {
  friend bool operator==(const Assumptions&, const Assumptions&) = default;
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
  // Depreciation life of a purchase: 5 years (SemiAnalysis's and Cheah's H100 TCO models;
  // Amazon cut part of its servers back to 5 from 2025; Microsoft and Alphabet book 6, Meta 5.5).
  double amortisation_years = 5;
  PriceList rent;                      // the price list for each way to pay, saved with the plan
  PriceList cloud;
  PriceList purchase;                  // also prices the bill of materials
  // The owner's full cost (purchase; also the owning side of the break-even): each line's
  // default and source above.
  double facility_per_kw_month = kColocationUsdPerKwMonth;  // colocation, per kW of IT peak
  std::optional<double> facility_capex_per_mw;  // building instead; unset: colocation
  double facility_years = kFacilityYears;       // a built facility's life
  Currency facility_price_currency = Currency::Usd;  // of the two facility prices
  double support_per_year = kSupportPerYear;    // share of the hardware price per year
  double storage_capex_share = kStorageCapexShare;  // of the cluster's capital cost
  double discount_rate = kDiscountRate;         // cost of capital, a year
  double residual_value = kResidualValue;       // share of the price left after amortisation_years

  // --- reliability and goodput
  double failure_rate_per_gpu_hour = kLlama3FailuresPerGpuHour;
  // Checkpoint write bandwidth per GPU (kStorageBytesPerSPerGpu): the storage grows with the
  // cluster. A cluster-wide figure, when set, replaces it (a shared file system of a given size).
  double checkpoint_bytes_per_s_per_gpu = kStorageBytesPerSPerGpu;
  std::optional<double> checkpoint_bytes_per_s;
  // Asynchronous by default: NeMo 2 saves asynchronously unless told not to (MegatronStrategy,
  // ckpt_async_save=True), as Llama 3-scale and MegaScale runs do.
  CheckpointMode checkpoint_mode = CheckpointMode::Async;
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
  // The checkpoint write bandwidth of the whole cluster: the cluster-wide figure if set, else the
  // per-GPU one times the GPUs.
  double storage_bytes_per_s(long long gpus) const {
    return checkpoint_bytes_per_s ? *checkpoint_bytes_per_s : checkpoint_bytes_per_s_per_gpu * double(gpus);
  }
};

// The cluster-wide checkpoint bandwidth every scenario had as its default before the per-GPU one
// (10 GB/s): a scenario file that says so without the per-GPU key reads it as unset.
inline constexpr double kOldStorageDefault = 10e9;

// Puts a price list into the slot of its way to pay and makes that the way to pay.
void apply_price_list(Assumptions& a, const PriceList& list);

std::string_view to_string(Currency c);   // "CNY", "USD"
std::string_view to_string(Payment p);    // "rent", "cloud", "purchase"
std::string_view to_string(PriceItem i);  // "server_rent", "gpu_hour", "server", ...
std::string_view to_string(CostCategory c);
std::optional<Currency> parse_currency(std::string_view);  // "CNY"/"cny", "USD"/"usd"
std::optional<Payment> parse_payment(std::string_view);
constexpr std::string_view spellings_currency() { return "CNY, USD"; }
constexpr std::string_view spellings_payment() { return "rent, cloud, purchase"; }
std::optional<PriceItem> parse_price_item(std::string_view);
CostCategory category_of(PriceItem i);

// Range checks of every assumption; each problem names its JSON path ("assumptions.pue").
struct Problem;
void check_assumptions(const Assumptions& a, std::vector<Problem>& out);

}  // namespace cp
