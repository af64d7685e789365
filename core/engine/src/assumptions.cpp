#include "engine/assumptions.h"

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
      {"seed-cn-2026", "Seed article rents (China, IB servers)", "2026",
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
      {"cn-card-hour-2023", "China GPU card-hour rents", "2023", "[secondary source] CNY 8-12 per card-hour",
       Payment::Cloud, Currency::Cny, false,
       {line(I::GpuHour, "a100-80gb-sxm", "", 0, 10, "A100 80GB card-hour", "[sec] CNY 8-12, middle"),
        line(I::GpuHour, "a800-sxm", "", 0, 10, "A800 card-hour", "[sec] CNY 8-12, middle")}},
      {"cloud-us-2024-01", "US cloud list prices, on demand", "2024-01", "Lambda and Azure price pages",
       Payment::Cloud, Currency::Usd, false,
       {line(I::GpuHour, "h100-sxm", "", 0, 3.49, "Lambda H100 SXM GPU-hour", "Lambda, USD 3.49/GPU-h (2024-01)"),
        line(I::GpuHour, "a100-80gb-sxm", "", 0, 4.10, "Azure ND A100 v4 GPU-hour",
             "Azure, USD 4.10/GPU-h (2024-01)")}},
      {"aws-on-demand-2023", "AWS on demand (instance price / 8 GPUs)", "2023", "AWS EC2 price pages",
       Payment::Cloud, Currency::Usd, false,
       {line(I::GpuHour, "a100-40gb-sxm", "", 0, 32.77 / 8, "p4d.24xlarge GPU-hour",
             "AWS p4d.24xlarge USD 32.77/h for 8x A100 40GB (2021-22)"),
        line(I::GpuHour, "h100-sxm", "", 0, 98.32 / 8, "p5.48xlarge GPU-hour",
             "AWS p5.48xlarge USD 98.32/h for 8x H100 (2023; cut up to 45% in 2025)")}},
      // Purchase prices (USD). Servers are sourced snapshots; network prices other than the NDR
      // IB switch are labelled estimates (no list prices found).
      {"purchase-usd-2024", "Purchase prices (servers, network)", "2024", "hardware.md price snapshots",
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

Assumptions::Assumptions()
    : rent(*find_price_list("seed-cn-2026")),
      cloud(*find_price_list("cloud-us-2024-01")),
      purchase(*find_price_list("purchase-usd-2024")) {}

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

std::string_view to_string(Currency c) { return c == Currency::Cny ? "CNY" : "USD"; }

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
