#include "engine/assumptions.h"

#include <charconv>

#include "engine/version.h"

namespace cp {
namespace {

PriceLine line(PriceItem item, const char* gpu, const char* fabric, double gbps, double price, const char* name,
               const char* source, int gpus = 8) {
  return PriceLine{item, gpu, fabric, gbps, gpus, price, name, source};
}

const std::vector<PriceList>& lists() {
  using I = PriceItem;
  static const std::vector<PriceList> kLists = {
      // The seed article (shared/reference/seed-claims.md): monthly rents in CNY, billed by the
      // month, the cluster's IB switches included (4 servers = 4 x 35,888 with a two-switch
      // fat tree). No RoCE rents were found: those two lines are labelled estimates.
      // The article is dated 2026 without a month: January, the oldest it can be.
      {"seed-cn-2026", "Seed article rents (China, IB servers)", "2026-01",
       "分布式训练InfiniBand组网GPU服务器租用攻略 (seed article, 2026)", Payment::Rent, Currency::Cny, true,
       {line(I::ServerRent, "a100-80gb-sxm", "infiniband", 0, 35888, "8x A100 80GB + IB 200 Gb/s server, month",
             "seed article: CNY 35,888/month (96 cores, 1 TB RAM, 7.68 TB SSD, IB 200 Gb/s)"),
        line(I::ServerRent, "h100-sxm", "infiniband", 0, 59999, "8x H100 + IB server, month",
             "seed article: CNY 59,999/month"),
        line(I::ServerRent, "a100-80gb-sxm", "roce", 0, 32300, "8x A100 80GB + RoCE server, month",
             "[est] 90% of the IB rent; no RoCE rent found"),
        line(I::ServerRent, "h100-sxm", "roce", 0, 54000, "8x H100 + RoCE server, month",
             "[est] 90% of the IB rent; no RoCE rent found"),
        line(I::Bandwidth, "", "", 0, 2000, "dedicated 100 Mb/s BGP line, month",
             "seed article: CNY 2,000+/month"),
        line(I::Storage, "", "", 0, 2000, "shared storage, month",
             "[est] the seed's all-in budget of about CNY 40,000 per 8x A100 server minus rent and line"),
        line(I::Services, "", "", 0, 0, "operations and support services, month",
             "[est] none in the seed article: enter your own")}},
      // China card-hour rents [secondary source, 2023]: CNY 8-12 per A100/A800 card-hour (mid 10).
      {"cn-card-hour-2023", "China GPU card-hour rents", "2023-01", "[secondary source] CNY 8-12 per card-hour",
       Payment::Cloud, Currency::Cny, false,
       {line(I::GpuHour, "a100-80gb-sxm", "", 0, 10, "A100 80GB card-hour", "[sec] CNY 8-12, middle"),
        line(I::GpuHour, "a800-sxm", "", 0, 10, "A800 card-hour", "[sec] CNY 8-12, middle")}},
      {"cloud-us-2024-01", "US cloud list prices, on demand", "2024-01", "Lambda and Azure price pages",
       Payment::Cloud, Currency::Usd, false,
       {line(I::GpuHour, "h100-sxm", "", 0, 3.49, "Lambda H100 SXM GPU-hour", "Lambda, USD 3.49/GPU-h (2024-01)"),
        line(I::GpuHour, "a100-80gb-sxm", "", 0, 4.10, "Azure ND A100 v4 GPU-hour",
             "Azure, USD 4.10/GPU-h (2024-01)")}},
      // p5 launched at USD 98.32/h in 2023-07 (Next Platform, "H100 GPU Instance Pricing On AWS").
      {"aws-on-demand-2023", "AWS on demand (instance price / 8 GPUs)", "2023-07", "AWS EC2 price pages",
       Payment::Cloud, Currency::Usd, false,
       {line(I::GpuHour, "a100-40gb-sxm", "", 0, 32.77 / 8, "p4d.24xlarge GPU-hour",
             "AWS p4d.24xlarge USD 32.77/h for 8x A100 40GB (2021-22)"),
        line(I::GpuHour, "h100-sxm", "", 0, 98.32 / 8, "p5.48xlarge GPU-hour",
             "AWS p5.48xlarge USD 98.32/h for 8x H100 (2023; cut up to 45% in 2025)")}},
      // Purchase prices (USD). Servers are sourced snapshots; network prices other than the NDR
      // IB switch are labelled estimates (no list prices found).
      {"purchase-usd-2024", "Purchase prices (servers, network)", "2024-01", "hardware.md price snapshots",
       Payment::Purchase, Currency::Usd, false,
       {line(I::Server, "a100-80gb-sxm", "", 0, 300000, "DGX A100 640GB", "about USD 300k (2021)"),
        line(I::Server, "h100-sxm", "", 0, 300000, "DGX H100 / HGX H100 server", "USD 270-330k (2023-24), middle"),
        line(I::Nic, "", "", 0, 0, "ConnectX NIC (in the server price)",
             "DGX A100/H100 datasheets: the system ships with its 8 ConnectX NICs"),
        line(I::Switch, "", "infiniband", 200, 20000, "InfiniBand HDR switch, 40 ports (QM8700 class)",
             "[est] no list price found"),
        line(I::Switch, "", "infiniband", 400, 43000, "InfiniBand NDR switch, 64 ports (QM9700 class)",
             "[sec] 64-port 400G IB switch about USD 36-50k (2024), middle"),
        line(I::Switch, "", "infiniband", 800, 90000, "InfiniBand XDR switch, 144 ports (Quantum-X800 class)",
             "[est] no list price found"),
        line(I::Switch, "", "roce", 800, 45000, "Ethernet switch, 64x 800G (Spectrum-4 class)",
             "[est] no list price found"),
        line(I::Switch, "", "roce", 0, 25000, "Ethernet switch, 25.6-51.2 Tb/s (Tomahawk 4 class)",
             "[est] no list price found"),
        line(I::Transceiver, "", "", 200, 400, "200G optical transceiver", "[est] no list price found"),
        line(I::Transceiver, "", "", 400, 800, "400G optical transceiver", "[est] no list price found"),
        line(I::Transceiver, "", "", 0, 1400, "800G optical transceiver", "[est] no list price found"),
        line(I::Cable, "", "", 0, 100, "optical fibre cable, per link", "[est] no list price found")}},

      // --- Current lists (2025-26). Per-GPU prices of 8-GPU instances are the instance price / 8.
      // GPU clouds on demand: the median of five providers' list prices per GPU, what a buyer
      // without a contract pays (price pages as compiled in 2026-05 to 2026-09 [sec]; Nebius's
      // from its own docs and the SkyPilot catalog).
      {"gpu-cloud-on-demand-2026-05", "GPU clouds on demand (median of five providers)", "2026-05",
       "Lambda, Nebius, RunPod, Modal, CoreWeave, Crusoe, Voltage Park price pages, 2026-05 [sec]", Payment::Cloud,
       Currency::Usd, false,
       {line(I::GpuHour, "h100-sxm", "", 0, 3.49, "H100 SXM GPU-hour, GPU clouds (median)",
             "median of Voltage Park (IB) 2.49, Nebius 2.95, RunPod Secure 3.49, Modal 3.95, Lambda 3.99 USD/GPU-h "
             "(2026-05..09) [sec]"),
        line(I::GpuHour, "h200-sxm", "", 0, 4.39, "H200 SXM GPU-hour, GPU clouds (median)",
             "median of Nebius 3.50 (Nebius docs, 2025-10), Crusoe 4.29, RunPod 4.39, Modal 4.54, CoreWeave 6.31 "
             "USD/GPU-h [sec]"),
        line(I::GpuHour, "b200", "", 0, 6.25, "B200 GPU-hour, GPU clouds (median)",
             "median of Nebius 5.50, RunPod 5.98, Modal 6.25, Lambda 6.69, CoreWeave 8.60 USD/GPU-h [sec]"),
        line(I::GpuHour, "a100-80gb-sxm", "", 0, 2.50, "A100 80GB SXM GPU-hour, GPU clouds (median)",
             "median of RunPod 1.89 (SkyPilot catalog v7), Modal 2.50, Lambda 2.79 USD/GPU-h [sec]")}},
      {"nebius-on-demand-2026-05", "Nebius on demand", "2026-05",
       "Nebius docs (billing changes, 2025-10); SkyPilot catalog v7 nebius/vms.csv (2026-05)", Payment::Cloud,
       Currency::Usd, false,
       {line(I::GpuHour, "h100-sxm", "", 0, 2.95, "Nebius H100 GPU-hour",
             "USD 23.60/h per 8-GPU VM, SkyPilot catalog v7 (2026-05)"),
        line(I::GpuHour, "h200-sxm", "", 0, 3.50, "Nebius H200 GPU-hour",
             "Nebius docs, billing changes of October 2025: USD 3.50/GPU-h"),
        line(I::GpuHour, "b200", "", 0, 5.50, "Nebius B200 GPU-hour",
             "USD 44.00/h per 8-GPU VM, SkyPilot catalog v7 (2026-05)")}},
      // AWS cut P5 on-demand prices by 44% (98.32 -> 55.04 USD/h) from 2025-06-01 ("Announcing up to
      // 45% price reduction for Amazon EC2 NVIDIA GPU-accelerated instances", AWS News Blog).
      {"aws-on-demand-2026-05", "AWS on demand after the 2025-06 cut (instance price / 8 GPUs)", "2026-05",
       "AWS ML Blog, 'Secure short-term GPU capacity ... EC2 Capacity Blocks' (2026-05); AWS price list feed, "
       "us-east-1 Linux (2026-09) [sec]",
       Payment::Cloud, Currency::Usd, false,
       {line(I::GpuHour, "h100-sxm", "", 0, 55.04 / 8, "p5.48xlarge GPU-hour",
             "AWS ML Blog (2026-05): p5.48xlarge USD 55.04/h on demand, us-east-1"),
        line(I::GpuHour, "h200-sxm", "", 0, 63.296 / 8, "p5en.48xlarge GPU-hour",
             "AWS price list feed, us-east-1 (2026-09): USD 63.296/h [sec]"),
        line(I::GpuHour, "b200", "", 0, 113.9328 / 8, "p6-b200.48xlarge GPU-hour",
             "AWS price list feed, us-east-1 (2026-09): USD 113.9328/h [sec]"),
        line(I::GpuHour, "a100-80gb-sxm", "", 0, 27.4471 / 8, "p4de.24xlarge GPU-hour",
             "AWS price list feed, us-east-1 (2026-09): USD 27.4471/h [sec]"),
        line(I::GpuHour, "a100-40gb-sxm", "", 0, 21.9576 / 8, "p4d.24xlarge GPU-hour",
             "AWS price list feed, us-east-1 (2026-09): USD 21.9576/h (32.7726 before the 33% cut) [sec]")}},
      {"aws-capacity-block-2026-04", "AWS EC2 Capacity Blocks (prepaid, instance price / 8 GPUs)", "2026-04",
       "AWS ML Blog, 'Secure short-term GPU capacity ... EC2 Capacity Blocks' (2026-05)", Payment::Cloud,
       Currency::Usd, false,
       {line(I::GpuHour, "h100-sxm", "", 0, 34.608 / 8, "p5.48xlarge Capacity Block GPU-hour",
             "AWS ML Blog: p5.48xlarge USD 34.608/h with Capacity Blocks, US East (N. Virginia)")}},
      {"aws-savings-plan-1y-2026-05", "AWS 1-year Savings Plan, P5", "2026-05",
       "third-party compilation of AWS commitment prices (2026-05) [sec]; not checked against AWS", Payment::Cloud,
       Currency::Usd, false,
       {line(I::GpuHour, "h100-sxm", "", 0, 4.82, "p5.48xlarge GPU-hour, 1-year Savings Plan",
             "about USD 4.82/GPU-h [sec]; AWS cut P5 Savings Plans by up to 45% for purchases after 2025-06-04")}},
      {"aws-reserved-3y-2026-05", "AWS 3-year Reserved Instance, P5", "2026-05",
       "third-party compilation of AWS commitment prices (2026-05) [sec]; not checked against AWS", Payment::Cloud,
       Currency::Usd, false,
       {line(I::GpuHour, "h100-sxm", "", 0, 3.10, "p5.48xlarge GPU-hour, 3-year Reserved Instance",
             "about USD 3.10/GPU-h [sec]")}},
      {"azure-on-demand-2026-09", "Azure pay-as-you-go (VM price / 8 GPUs)", "2026-09",
       "Azure Retail Prices API, East US, queried 2026-09-17 [sec]", Payment::Cloud, Currency::Usd, false,
       {line(I::GpuHour, "h100-sxm", "", 0, 98.32 / 8, "Standard_ND96isr_H100_v5 GPU-hour",
             "Azure Retail Prices API: USD 98.32/h for 8x H100, East US (no 2025 cut found) [sec]")}},
      // GPU-cloud reservations: SemiAnalysis surveys 100+ buyers and sellers of one-year H100
      // contracts (the index is the 25th-75th percentile band's middle).
      {"h100-1y-contract-2026-03", "H100 one-year contract (SemiAnalysis rental index)", "2026-03",
       "SemiAnalysis, 'The Great GPU Shortage - Rental Capacity' (2026-04-02)", Payment::Cloud, Currency::Usd, false,
       {line(I::GpuHour, "h100-sxm", "", 0, 2.35, "H100 GPU-hour, one-year contract",
             "SemiAnalysis H100 1-year rental index: USD 2.35/GPU-h in 2026-03 (1.70 in 2025-10)")}},
      // China: no citable 2025-26 card-hour list was found (the seed article's 2026 rents are the
      // current China list); DeepSeek's own rental assumption for the H800, for comparison.
      {"cn-h800-deepseek-2024-12", "H800 rental as DeepSeek-V3 costs it", "2024-12",
       "DeepSeek-AI, DeepSeek-V3 Technical Report, arXiv:2412.19437, section 1", Payment::Cloud, Currency::Usd, false,
       {line(I::GpuHour, "h800-sxm", "", 0, 2.0, "H800 GPU-hour",
             "DeepSeek-V3 report: 'assuming the rental price of the H800 GPU is $2 per GPU hour'")}},
      // Purchase, 2025: a hyperscaler's HGX H100 server; the network as in the 2024 list (a
      // 64-port NDR switch 36,000 from FS.com to about 50,000 from NVIDIA: Cheah's "H100
      // Infiniband Cluster math", 2024-08). Storage comes from assumptions.storage_capex_share.
      {"purchase-usd-2025-08", "Purchase prices, 2025 (servers, network)", "2025-08",
       "SemiAnalysis, 'H100 vs GB200 NVL72 Training Benchmarks' (2025-08-20); Cheah, H100 InfiniBand cluster "
       "math (2024-08)",
       Payment::Purchase, Currency::Usd, false,
       // No later A100 server price was found: the 2021 one, as in the 2024 list.
       {line(I::Server, "a100-80gb-sxm", "", 0, 300000, "DGX A100 640GB", "about USD 300k (2021)"),
        line(I::Server, "h100-sxm", "", 0, 190000, "HGX H100 8-GPU server",
             "SemiAnalysis (2025-08): an H100 server about USD 190k; about 250k per server with storage, network "
             "and the rest"),
        line(I::Nic, "", "", 0, 0, "ConnectX NIC (in the server price)",
             "DGX A100/H100 datasheets: the system ships with its 8 ConnectX NICs"),
        line(I::Switch, "", "infiniband", 200, 20000, "InfiniBand HDR switch, 40 ports (QM8700 class)",
             "[est] no list price found"),
        line(I::Switch, "", "infiniband", 400, 43000, "InfiniBand NDR switch, 64 ports (QM9700 class)",
             "Cheah (2024-08): 64-port 400G IB switch USD 36,000 (FS.com) to about 50,000 (NVIDIA), middle"),
        line(I::Switch, "", "infiniband", 800, 90000, "InfiniBand XDR switch, 144 ports (Quantum-X800 class)",
             "[est] no list price found"),
        line(I::Switch, "", "roce", 800, 45000, "Ethernet switch, 64x 800G (Spectrum-4 class)",
             "[est] no list price found"),
        line(I::Switch, "", "roce", 0, 25000, "Ethernet switch, 25.6-51.2 Tb/s (Tomahawk 4 class)",
             "[est] no list price found"),
        line(I::Transceiver, "", "", 200, 400, "200G optical transceiver", "[est] no list price found"),
        // Cheah's sheet (2024-08): cables and optics USD 41,943,040 for 16,384 GPUs, 2,560 per
        // GPU; a three-tier fat tree has 6 transceivers and 3 cables per GPU: 6 x 400 + 3 x 100
        // = 2,700 (+5%).
        line(I::Transceiver, "", "", 400, 400, "400G optical transceiver",
             "Cheah (2024-08): cables and optics USD 2,560 per GPU of a 3-tier NDR cluster, about 400 a "
             "transceiver [derived]"),
        line(I::Transceiver, "", "", 0, 1400, "800G optical transceiver", "[est] no list price found"),
        line(I::Cable, "", "", 0, 100, "optical fibre cable, per link", "[est] no list price found")}},
  };
  return kLists;
}

}  // namespace

std::span<const PriceList> price_list_catalog() { return lists(); }

const PriceList* find_price_list(std::string_view id) {
  for (const auto& l : lists())
    if (l.id == id) return &l;
  return nullptr;
}

// The defaults: the newest list of each way to pay (none stale: tst_cost).
Assumptions::Assumptions()
    : rent(*find_price_list("seed-cn-2026")),
      cloud(*find_price_list("gpu-cloud-on-demand-2026-05")),
      purchase(*find_price_list("purchase-usd-2025-08")) {}

std::optional<int> price_date_months(std::string_view date) {
  auto digits = [](std::string_view t, int& out) {
    if (t.empty()) return false;
    for (char c : t)
      if (c < '0' || c > '9') return false;
    return std::from_chars(t.data(), t.data() + t.size(), out).ec == std::errc();
  };
  int year = 0, month = 1;
  if (date.size() == 4) {
    if (!digits(date, year)) return std::nullopt;
  } else if (date.size() == 7 && date[4] == '-') {
    if (!digits(date.substr(0, 4), year) || !digits(date.substr(5, 2), month) || month < 1 || month > 12)
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  return year * 12 + month - 1;
}

int build_date_months() { return kBuildYear * 12 + kBuildMonth - 1; }

std::optional<int> price_list_age_months(const PriceList& l) {
  const std::optional<int> d = price_date_months(l.date);
  if (!d) return std::nullopt;
  return build_date_months() - *d;
}

bool price_list_stale(const PriceList& l) {
  const std::optional<int> age = price_list_age_months(l);
  return !age || *age > kPriceListStaleMonths;
}

std::string_view to_string(CheckpointMode m) {
  switch (m) {
    case CheckpointMode::Sync: return "sync";
    case CheckpointMode::Async: return "async";
    case CheckpointMode::InMemory: return "in-memory";
  }
  return "?";
}

std::optional<CheckpointMode> parse_checkpoint_mode(std::string_view s) {
  for (CheckpointMode m : {CheckpointMode::Sync, CheckpointMode::Async, CheckpointMode::InMemory})
    if (to_string(m) == s) return m;
  return std::nullopt;
}

void apply_price_list(Assumptions& a, const PriceList& list) {
  switch (list.payment) {
    case Payment::Rent: a.rent = list; break;
    case Payment::Cloud: a.cloud = list; break;
    case Payment::Purchase: a.purchase = list; break;
  }
  a.payment = list.payment;
}

std::optional<double> pue_preset(std::string_view n) {
  if (n == "air") return kPueAirCooled;
  if (n == "modern") return kPueModern;
  if (n == "liquid") return kPueLiquid;
  return std::nullopt;
}

std::optional<double> grid_preset(std::string_view n) {
  if (n == "china") return kGridChina;
  if (n == "us") return kGridUs;
  return std::nullopt;
}

std::optional<double> rack_preset(std::string_view n) {
  if (n == "air-15") return kRackAirLow;
  if (n == "air-30") return kRackAirHigh;
  if (n == "liquid") return kRackLiquid;
  return std::nullopt;
}

std::string_view to_string(Currency c) {
  switch (c) {
    case Currency::Cny: return "CNY";
    case Currency::Usd: return "USD";
  }
  return "?";
}

std::string_view to_string(Payment p) {
  switch (p) {
    case Payment::Rent: return "rent";
    case Payment::Cloud: return "cloud";
    case Payment::Purchase: return "purchase";
  }
  return "?";
}

std::string_view to_string(PriceItem i) {
  switch (i) {
    case PriceItem::ServerRent: return "server_rent";
    case PriceItem::GpuHour: return "gpu_hour";
    case PriceItem::Server: return "server";
    case PriceItem::Nic: return "nic";
    case PriceItem::Switch: return "switch";
    case PriceItem::Transceiver: return "transceiver";
    case PriceItem::Cable: return "cable";
    case PriceItem::Bandwidth: return "bandwidth";
    case PriceItem::Storage: return "storage";
    case PriceItem::Services: return "services";
  }
  return "?";
}

std::string_view to_string(CostCategory c) {
  switch (c) {
    case CostCategory::Hardware: return "hardware";
    case CostCategory::Bandwidth: return "bandwidth";
    case CostCategory::Storage: return "storage";
    case CostCategory::Services: return "services";
    case CostCategory::Electricity: return "electricity";
    case CostCategory::NetworkStorage: return "network_storage";
    case CostCategory::Capital: return "capital";
    case CostCategory::Support: return "support";
    case CostCategory::Facility: return "facility";
  }
  return "?";
}

std::optional<Currency> parse_currency(std::string_view s) {
  if (s == "CNY" || s == "cny") return Currency::Cny;
  if (s == "USD" || s == "usd") return Currency::Usd;
  return std::nullopt;
}

std::optional<Payment> parse_payment(std::string_view s) {
  for (Payment p : {Payment::Rent, Payment::Cloud, Payment::Purchase})
    if (to_string(p) == s) return p;
  return std::nullopt;
}

std::optional<PriceItem> parse_price_item(std::string_view s) {
  for (int i = 0; i <= int(PriceItem::Services); ++i)
    if (to_string(PriceItem(i)) == s) return PriceItem(i);
  return std::nullopt;
}

CostCategory category_of(PriceItem i) {
  switch (i) {
    case PriceItem::Bandwidth: return CostCategory::Bandwidth;
    case PriceItem::Storage: return CostCategory::Storage;
    case PriceItem::Services: return CostCategory::Services;
    default: return CostCategory::Hardware;
  }
}

}  // namespace cp
