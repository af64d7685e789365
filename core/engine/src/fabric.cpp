#include "engine/fabric.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace cp {
namespace {

constexpr double GBps = 1e9;
constexpr double us = 1e-6;

// Achievable per-NIC bus bandwidth (NCCL all-reduce): about 24 GB/s per HDR NIC (DGX A100 with
// 8x HDR: 192 GB/s) and 46-48 GB/s per NDR NIC, IB and well-tuned RoCE alike (NVIDIA NCCL
// maintainers in NVIDIA/nccl and nccl-tests issues). Other rates scale the NDR ratio [est].
// Latency: IB ib_write_lat 0.93 us (user report); RoCE on ConnectX-6/7 1.5-2.5 us
// [secondary source]. Switch hop latencies and the RoCE tuning presets are labelled
// estimates [est]; every figure is editable. Meta (2024) reports tuned RoCE equal to IB on
// 24K-GPU clusters with 16 flows per GPU pair and enhanced ECMP (Llama 3 paper, section 3.3).
FabricSpec ib(const char* id, const char* name, double gbps, double busbw, int ports, const char* source) {
  return FabricSpec{id, name, FabricKind::InfiniBand, gbps, busbw, 1.0 * us, 0.13 * us, ports,
                    LoadBalance::Adaptive, 1, 0.97, 1.0, source};
}

FabricSpec roce(const char* id, const char* name, double gbps, double busbw, int ports, LoadBalance lb, int qps,
                double balance, double cc, const char* source) {
  return FabricSpec{id, name, FabricKind::RoCE, gbps, busbw, 2.0 * us, 0.5 * us, ports, lb, qps, balance, cc, source};
}

// --- Comparison metadata (core/plan/fabric_compare.h), kept apart from the physics above ----
// Which presets are configured beyond the vendor's defaults. Every other preset is Stock. The
// tuned RoCE presets stand for RoCE as operators run it (4 QPs per connection, tuned
// DCQCN/PFC; NVIDIA NCCL_IB_QPS_PER_CONNECTION, ConnectX RoCE tuning guides), so they are
// InfiniBand's counterpart at the same line rate; the hyperscale preset is Meta's 24K-GPU
// setup (Llama 3 paper, section 3.3; Gangidi et al., SIGCOMM 2024).
struct TuningEntry {
  std::string_view id;
  FabricTuning tuning;
};
constexpr TuningEntry kTuning[] = {
    {"roce-100-tuned", FabricTuning::Tuned},      {"roce-200-tuned", FabricTuning::Tuned},
    {"roce-400-tuned", FabricTuning::Tuned},      {"roce-800-tuned", FabricTuning::Tuned},
    {"roce-400-hyperscale", FabricTuning::Hyperscale},
};

std::vector<FabricSpec> with_comparison_metadata(std::vector<FabricSpec> presets) {
  for (FabricSpec& f : presets)
    for (const TuningEntry& t : kTuning)
      if (f.id == t.id) f.tuning = t.tuning;
  return presets;
}

const std::vector<FabricSpec>& fabrics() {
  static const std::vector<FabricSpec> kFabrics = with_comparison_metadata({
      ib("ib-hdr", "InfiniBand HDR 200 Gb/s", 200, 24 * GBps, 40,
         "IBTA rate; QM8700 40 ports; 24 GB/s NCCL bus bandwidth per NIC (NVIDIA/nccl issues); adaptive routing "
         "efficiency 0.97 [est]"),
      ib("ib-ndr", "InfiniBand NDR 400 Gb/s", 400, 47 * GBps, 64,
         "IBTA rate; QM9700 64 ports; 46-48 GB/s NCCL bus bandwidth per NIC (NVIDIA/nccl issues)"),
      ib("ib-xdr", "InfiniBand XDR 800 Gb/s", 800, 94 * GBps, 144,
         "IBTA rate; Quantum-X800 Q3400 144 ports [secondary source]; bus bandwidth scaled from NDR [est]"),
      roce("roce-100-untuned", "RoCEv2 100 Gb/s, untuned", 100, 11.75 * GBps, 128, LoadBalance::Ecmp, 1, 1.0, 0.90,
           "bus bandwidth scaled from NDR [est]; ECMP with one flow per connection, default DCQCN [est]"),
      roce("roce-100-tuned", "RoCEv2 100 Gb/s, tuned", 100, 11.75 * GBps, 128, LoadBalance::Ecmp, 4, 1.0, 0.97,
           "4 QPs per connection, tuned DCQCN/PFC [est]"),
      roce("roce-200-untuned", "RoCEv2 200 Gb/s, untuned", 200, 23.5 * GBps, 128, LoadBalance::Ecmp, 1, 1.0, 0.90,
           "bus bandwidth scaled from NDR [est]; ECMP with one flow per connection, default DCQCN [est]"),
      roce("roce-200-tuned", "RoCEv2 200 Gb/s, tuned", 200, 23.5 * GBps, 128, LoadBalance::Ecmp, 4, 1.0, 0.97,
           "4 QPs per connection, tuned DCQCN/PFC [est]"),
      roce("roce-400-untuned", "RoCEv2 400 Gb/s, untuned", 400, 47 * GBps, 64, LoadBalance::Ecmp, 1, 1.0, 0.90,
           "Tomahawk 4 64x400G (MegaScale, NSDI'24); well-tuned RoCE reaches IB's 46-48 GB/s (NVIDIA/nccl issues); "
           "ECMP one flow per connection, default DCQCN [est]"),
      roce("roce-400-tuned", "RoCEv2 400 Gb/s, tuned", 400, 47 * GBps, 64, LoadBalance::Ecmp, 4, 1.0, 0.97,
           "4 QPs per connection, tuned DCQCN/PFC [est]"),
      roce("roce-400-hyperscale", "RoCEv2 400 Gb/s, tuned at hyperscale", 400, 47 * GBps, 64, LoadBalance::Scheduled,
           16, 0.97, 0.99,
           "Meta 24K-GPU RoCE clusters: 16 flows per GPU pair, enhanced ECMP, collective-aware routing (Meta "
           "engineering blog 2024; Llama 3 paper, section 3.3)"),
      roce("roce-800-untuned", "RoCEv2 800 Gb/s, untuned", 800, 94 * GBps, 64, LoadBalance::Ecmp, 1, 1.0, 0.90,
           "Spectrum-4 SN5600 64x800G [secondary source]; bus bandwidth scaled from NDR [est]"),
      roce("roce-800-tuned", "RoCEv2 800 Gb/s, tuned", 800, 94 * GBps, 64, LoadBalance::Ecmp, 4, 1.0, 0.97,
           "4 QPs per connection, tuned DCQCN/PFC [est]"),
  });
  return kFabrics;
}

int ceil_div(long long a, long long b) { return int((a + b - 1) / b); }

}  // namespace

std::span<const FabricSpec> fabric_catalog() { return fabrics(); }

const FabricSpec* find_fabric(std::string_view id) {
  for (const auto& f : fabrics())
    if (f.id == id) return &f;
  return nullptr;
}

std::string_view to_string(Topology t) {
  switch (t) {
    case Topology::SingleSwitch: return "single";
    case Topology::FatTree2: return "fat-tree-2";
    case Topology::FatTree3: return "fat-tree-3";
    case Topology::RailOptimized: return "rail";
  }
  return "?";
}

std::string_view to_string(FabricKind k) { return k == FabricKind::InfiniBand ? "infiniband" : "roce"; }

std::string_view to_string(FabricTuning t) {
  switch (t) {
    case FabricTuning::Stock: return "stock";
    case FabricTuning::Tuned: return "tuned";
    case FabricTuning::Hyperscale: return "hyperscale";
  }
  return "?";
}

std::string_view to_string(LoadBalance b) {
  switch (b) {
    case LoadBalance::Adaptive: return "adaptive";
    case LoadBalance::Ecmp: return "ecmp";
    case LoadBalance::Scheduled: return "scheduled";
  }
  return "?";
}

bool parse_topology(std::string_view text, Topology& out) {
  for (Topology t : {Topology::SingleSwitch, Topology::FatTree2, Topology::FatTree3, Topology::RailOptimized})
    if (to_string(t) == text) {
      out = t;
      return true;
    }
  return false;
}

std::string_view spellings_topology() { return "single, fat-tree-2, fat-tree-3, rail"; }

NetworkSize size_network(const FabricSpec& f, Topology t, double o, int nodes, int nics_per_node) {
  NetworkSize n;
  const int k = std::max(2, f.switch_ports);
  const long long endpoints = (long long)nodes * nics_per_node;
  n.endpoints = int(endpoints);
  n.links[0] = n.endpoints;
  if (nics_per_node <= 0 || nodes <= 0) return n;

  // One switch holds the whole cluster when it has the ports: every path is one hop.
  if (t == Topology::SingleSwitch || endpoints <= k) {
    if (endpoints <= k) {
      n.topology = Topology::SingleSwitch;
      n.tiers = 1;
      n.switches = {1, 0, 0};
      n.transceivers = {2 * n.endpoints, 0, 0};
      n.nodes_per_leaf = n.nodes_per_pod = nodes;
      n.max_switch_hops = 1;
      return n;
    }
    t = Topology::FatTree2;  // a single switch is too small: the smallest fabric that fits
  }
  // Leaf ports split o:1 between hosts and uplinks (o = 1 is non-blocking).
  const int down = std::max(1, int(std::floor(k * o / (o + 1.0))));
  const int up = std::max(1, k - down);
  const bool rail = t == Topology::RailOptimized;
  int leaves = 0;
  if (rail) {
    // Rail-optimised (NVIDIA SuperPOD): NIC r of every node goes to a leaf of rail r.
    const int leaves_per_rail = ceil_div(nodes, down);
    leaves = nics_per_node * leaves_per_rail;
    n.nodes_per_leaf = std::min(nodes, down);
  } else {
    leaves = ceil_div(endpoints, down);
    n.nodes_per_leaf = std::max(1, std::min(nodes, down / nics_per_node));
  }
  if (t != Topology::FatTree3 && leaves <= k) {
    n.topology = t;
    n.tiers = 2;
    const int spines = ceil_div((long long)leaves * up, k);
    n.switches = {leaves, spines, 0};
    n.links[1] = leaves * up;
    n.nodes_per_pod = nodes;
    n.max_switch_hops = 3;
  } else {
    // Three tiers: pods of k/2 leaves and k/2 aggregation switches, then a core layer.
    n.topology = rail ? Topology::RailOptimized : Topology::FatTree3;
    n.tiers = 3;
    const int half = k / 2;
    const int agg = ceil_div((long long)leaves * up, half);
    const int core = ceil_div((long long)agg * half, k);
    n.switches = {leaves, agg, core};
    n.links[1] = leaves * up;
    n.links[2] = agg * half;
    n.nodes_per_pod = std::max(n.nodes_per_leaf, std::min(nodes, int((long long)half * down / nics_per_node)));
    if (rail) n.nodes_per_pod = std::min(nodes, half * n.nodes_per_leaf);
    n.max_switch_hops = 5;
  }
  n.transceivers = {2 * n.links[0], 2 * n.links[1], 2 * n.links[2]};
  return n;
}

double expected_max_load(double balls, double bins) {
  if (balls <= 0 || bins <= 0) return 0;
  if (bins <= 1) return balls;
  const double mu = balls / bins;
  if (mu >= 10) {
    // Gaussian regime: mean plus the expected maximum of `bins` normal deviates.
    return mu + std::sqrt(2.0 * mu * std::log(bins));
  }
  // E[max] = sum_k P(max >= k) = sum_k 1 - P(Poisson(mu) < k)^bins.
  double expected = 0;
  double log_pmf = -mu;  // log P(X = 0)
  double cdf = std::exp(log_pmf);
  for (int k = 1; k < 200; ++k) {
    const double below = cdf >= 1.0 ? 1.0 : std::exp(bins * std::log(cdf));
    const double term = 1.0 - below;
    expected += term;
    if (term < 1e-9 && k > mu) break;
    log_pmf += std::log(mu) - std::log(double(k));
    cdf += std::exp(log_pmf);
  }
  return std::max(expected, std::min(1.0, balls));
}

namespace {

// One tier: traffic of a group spanning `group_nodes` nodes, of which `local_nodes` share a
// switch below this tier. Returns the bandwidth factor of the crossing traffic.
double tier_factor(const FabricSpec& f, double oversub, int group_nodes, int local_nodes, int uplink_bins,
                   FabricEfficiency& out) {
  if (group_nodes <= local_nodes) return 1.0;
  const double crossing = 1.0 - double(local_nodes) / group_nodes;
  out.crossing = std::max(out.crossing, crossing);
  const double share = std::min(1.0, 1.0 / (oversub * crossing));
  out.oversub_share *= share;
  double factor = share;
  if (f.load_balance == LoadBalance::Ecmp) {
    // Each connection is split into q subflows; an uplink carries q subflows at full speed.
    // Subflows per uplink: mu = q * crossing * oversub. The collective runs at the pace of
    // its most loaded uplink: rate = q / E[max subflows on any uplink].
    // The maximum is over the uplinks this group's subflows touch (about two per crossing
    // subflow), each loaded by everyone's traffic.
    const double q = std::max(1, f.qps_per_connection);
    const double mu = q * crossing * oversub;
    const double touched = std::min(double(uplink_bins), 2.0 * q * group_nodes * crossing);
    const double max_load = expected_max_load(mu * std::max(1.0, touched), std::max(1.0, touched));
    factor = std::min(1.0, q / std::max(max_load, 1e-9));
    out.balance *= std::min(1.0, factor / share);
  } else {
    out.balance *= f.balance_efficiency;
    factor = share * f.balance_efficiency;
  }
  out.congestion = f.cc_efficiency;
  return factor;
}

}  // namespace

FabricEfficiency fabric_efficiency(const FabricSpec& f, const NetworkSize& n, double oversub, int group_nodes) {
  FabricEfficiency e;
  if (n.tiers <= 1 || group_nodes <= 1) return e;  // one switch: no uplinks, no collisions
  double factor = tier_factor(f, oversub, group_nodes, n.nodes_per_leaf, std::max(1, n.links[1]), e);
  if (n.tiers >= 3) factor *= tier_factor(f, 1.0, group_nodes, n.nodes_per_pod, std::max(1, n.links[2]), e);
  e.total = factor * e.congestion;
  return e;
}

}  // namespace cp
