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
// [secondary source]. Switch hop latencies are labelled estimates [est]; every figure is
// editable.
//
// What each preset has configured (sources looked up 2025; dates are the sources'):
// - NCCL opens `channels_per_nic` = 2 network connections per NIC and peer
//   (NCCL_NCHANNELS_PER_NET_PEER, default 2: NVIDIA/nccl src/graph/topo.cc) and one queue
//   pair per connection unless NCCL_IB_QPS_PER_CONNECTION says more (NCCL environment
//   documentation, docs.nvidia.com/deeplearning/nccl, default 1).
// - RoCEv2 switches hash each queue pair (its UDP source port) onto one uplink (ECMP). Meta,
//   "RDMA over Ethernet for Distributed AI Training at Meta Scale" (SIGCOMM, Aug 2024): plain
//   ECMP "rendered poor performance ... due to the low flow entropy"; enhanced ECMP hashing on
//   the destination QP with QP scaling improved AllReduce by up to 40%; Meta then ran PFC
//   without DCQCN, with receiver-driven admission in the collective library, and reports its
//   RoCE and InfiniBand 24K-GPU clusters tuned to equal performance (Meta engineering blog,
//   Mar 2024; Llama 3 paper, Jul 2024, section 3.3). Alibaba HPN (SIGCOMM, Aug 2024): ECMP
//   hash polarisation on LLM training's few, bursty flows; rail-optimised, dual-plane
//   two-tier design, +15% training throughput.
// - InfiniBand NDR and Spectrum-X Ethernet spray packets adaptively; NVIDIA quotes 95% of
//   the available bandwidth for Spectrum-X adaptive routing against about 60% for flow-hashed
//   Ethernet at scale (NVIDIA Spectrum-X material, 2023-24) [vendor figure]. IB adaptive
//   routing delivers 0.97 of each uplink [est, between the vendor's 95% and ideal]: traffic
//   loading a tier's uplinks above that is slowed to it.
// - Congestion-control efficiency (share of the link a long collective keeps under PFC/ECN):
//   default DCQCN 0.90, tuned 0.97, receiver-driven 0.99 [est]; credit-based IB 1.0.
FabricSpec ib(const char* id, const char* name, double gbps, double busbw, int ports, const char* source) {
  FabricSpec f{id, name, FabricKind::InfiniBand, gbps, busbw, 1.0 * us, 0.13 * us, ports,
               LoadBalance::Adaptive, 1, 0.97, 1.0, source};
  f.congestion_control = CongestionControl::CreditBased;
  return f;
}

FabricSpec roce(const char* id, const char* name, double gbps, double busbw, int ports, LoadBalance lb, int qps,
                double balance, CongestionControl cc, double cc_eff, const char* source) {
  FabricSpec f{id, name, FabricKind::RoCE, gbps, busbw, 2.0 * us, 0.5 * us, ports, lb, qps, balance, cc_eff, source};
  f.congestion_control = cc;
  return f;
}

constexpr auto kDefault = CongestionControl::DcqcnDefault;
constexpr auto kTuned = CongestionControl::DcqcnTuned;

// Comparison metadata (core/plan/fabric_compare.h): the tuned RoCE presets stand for RoCE as
// operators run it (4 QPs per connection, tuned DCQCN/PFC; NVIDIA NCCL_IB_QPS_PER_CONNECTION,
// ConnectX RoCE tuning guides), so they are InfiniBand's counterpart at the same line rate; the
// hyperscale preset is Meta's 24K-GPU setup (Llama 3 paper, section 3.3; Gangidi et al.,
// SIGCOMM 2024). Every other preset is Stock.
FabricSpec tuned(FabricSpec f, FabricTuning t) {
  f.tuning = t;
  return f;
}

const std::vector<FabricSpec>& fabrics() {
  static const std::vector<FabricSpec> kFabrics = {
      ib("ib-hdr", "InfiniBand HDR 200 Gb/s", 200, 24 * GBps, 40,
         "IBTA rate; QM8700 40 ports; 24 GB/s NCCL bus bandwidth per NIC (NVIDIA/nccl issues); adaptive routing "
         "delivers 0.97 of an uplink [est]"),
      ib("ib-ndr", "InfiniBand NDR 400 Gb/s", 400, 47 * GBps, 64,
         "IBTA rate; QM9700 64 ports; 46-48 GB/s NCCL bus bandwidth per NIC (NVIDIA/nccl issues); adaptive routing "
         "delivers 0.97 of an uplink [est]"),
      ib("ib-xdr", "InfiniBand XDR 800 Gb/s", 800, 94 * GBps, 144,
         "IBTA rate; Quantum-X800 Q3400 144 ports [secondary source]; bus bandwidth scaled from NDR [est]"),
      roce("roce-100-untuned", "RoCEv2 100 Gb/s, untuned", 100, 11.75 * GBps, 128, LoadBalance::Ecmp, 1, 1.0, kDefault,
           0.90,
           "bus bandwidth scaled from NDR [est]; ECMP, 1 QP per connection (NCCL default), default DCQCN 0.90 "
           "[est]"),
      tuned(roce("roce-100-tuned", "RoCEv2 100 Gb/s, tuned", 100, 11.75 * GBps, 128, LoadBalance::Ecmp, 4, 1.0, kTuned, 0.97,
           "ECMP on 4 QPs per connection (NCCL_IB_QPS_PER_CONNECTION=4; Meta SIGCOMM 2024 QP scaling), tuned "
           "DCQCN/PFC 0.97 [est]"), FabricTuning::Tuned),
      roce("roce-200-untuned", "RoCEv2 200 Gb/s, untuned", 200, 23.5 * GBps, 128, LoadBalance::Ecmp, 1, 1.0, kDefault,
           0.90,
           "bus bandwidth scaled from NDR [est]; ECMP, 1 QP per connection (NCCL default), default DCQCN 0.90 "
           "[est]"),
      tuned(roce("roce-200-tuned", "RoCEv2 200 Gb/s, tuned", 200, 23.5 * GBps, 128, LoadBalance::Ecmp, 4, 1.0, kTuned, 0.97,
           "ECMP on 4 QPs per connection (NCCL_IB_QPS_PER_CONNECTION=4; Meta SIGCOMM 2024 QP scaling), tuned "
           "DCQCN/PFC 0.97 [est]"), FabricTuning::Tuned),
      roce("roce-400-untuned", "RoCEv2 400 Gb/s, untuned", 400, 47 * GBps, 64, LoadBalance::Ecmp, 1, 1.0, kDefault, 0.90,
           "Tomahawk 4 64x400G (MegaScale, NSDI'24); well-tuned RoCE reaches IB's 46-48 GB/s (NVIDIA/nccl issues); "
           "ECMP, 1 QP per connection (NCCL default), default DCQCN 0.90 [est]"),
      tuned(roce("roce-400-tuned", "RoCEv2 400 Gb/s, tuned", 400, 47 * GBps, 64, LoadBalance::Ecmp, 4, 1.0, kTuned, 0.97,
           "ECMP on 4 QPs per connection (NCCL_IB_QPS_PER_CONNECTION=4; Meta SIGCOMM 2024: QP scaling up to +40% "
           "AllReduce), tuned DCQCN/PFC 0.97 [est]"), FabricTuning::Tuned),
      tuned(roce("roce-400-hyperscale", "RoCEv2 400 Gb/s, tuned at hyperscale", 400, 47 * GBps, 64, LoadBalance::Scheduled,
           16, 0.97, CongestionControl::ReceiverDriven, 0.99,
           "Meta 24K-GPU RoCE clusters: 16 flows per GPU pair, enhanced ECMP on the destination QP, "
           "collective-aware routing, PFC without DCQCN (Meta SIGCOMM 2024; engineering blog Mar 2024; Llama 3 "
           "paper, section 3.3)"), FabricTuning::Hyperscale),
      roce("roce-800-untuned", "RoCEv2 800 Gb/s, untuned", 800, 94 * GBps, 64, LoadBalance::Ecmp, 1, 1.0, kDefault, 0.90,
           "Spectrum-4 SN5600 64x800G [secondary source]; bus bandwidth scaled from NDR [est]; ECMP, 1 QP per "
           "connection, default DCQCN 0.90 [est]"),
      tuned(roce("roce-800-tuned", "RoCEv2 800 Gb/s, tuned", 800, 94 * GBps, 64, LoadBalance::Ecmp, 4, 1.0, kTuned, 0.97,
           "ECMP on 4 QPs per connection (Meta SIGCOMM 2024 QP scaling), tuned DCQCN/PFC 0.97 [est]"), FabricTuning::Tuned),
  };
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

std::string_view to_string(CongestionControl c) {
  switch (c) {
    case CongestionControl::CreditBased: return "credit";
    case CongestionControl::DcqcnDefault: return "dcqcn-default";
    case CongestionControl::DcqcnTuned: return "dcqcn-tuned";
    case CongestionControl::ReceiverDriven: return "receiver-driven";
  }
  return "?";
}

std::string_view to_string(TrafficPattern p) {
  switch (p) {
    case TrafficPattern::Ring: return "ring";
    case TrafficPattern::Tree: return "tree";
    case TrafficPattern::AllToAll: return "all-to-all";
    case TrafficPattern::P2P: return "p2p";
  }
  return "?";
}

bool parse_congestion_control(std::string_view text, CongestionControl& out) {
  for (CongestionControl c : {CongestionControl::CreditBased, CongestionControl::DcqcnDefault,
                              CongestionControl::DcqcnTuned, CongestionControl::ReceiverDriven})
    if (to_string(c) == text) {
      out = c;
      return true;
    }
  return false;
}

std::string_view spellings_congestion_control() { return "credit, dcqcn-default, dcqcn-tuned, receiver-driven"; }

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
  n.nics_per_node = nics_per_node;
  n.nodes = nodes;
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

// One tier of uplinks. Blocks of `local` nodes sit under one switch of this tier (a leaf, or a
// pod); each such switch has `uplinks` links up, and `attached` NICs of each node hang below it
// (all of a node's NICs, or one on a rail-optimised leaf). The group spans `group_nodes` nodes
// in topology order (NCCL orders its rings and trees by node, the scheduler places a job's nodes
// contiguously). Each NIC carries `channels` NCCL connections of `q` queue pairs: c x q subflows
// of 1/(c q) of the NIC's rate. Returns the share of the NIC rate the crossing flows keep.
double tier_factor(const FabricSpec& f, TrafficPattern pattern, int group_nodes, int local,
                   int attached, int uplinks, int switches_per_block, FabricEfficiency& out) {
  if (group_nodes <= local || local <= 0 || uplinks <= 0) return 1.0;
  const double c = std::max(1, f.channels_per_nic);
  const double q = std::max(1, f.qps_per_connection);
  const double blocks = std::ceil(double(group_nodes) / local);
  // Subflows leaving one switch of this tier, and the demand of each (in NIC rates).
  double subflows = 0, demand = 1.0 / (c * q);
  switch (pattern) {
    case TrafficPattern::Ring:
    case TrafficPattern::P2P:
      // Per channel one ring edge leaves each block: the channels of one node's NICs.
      subflows = attached * c * q;
      break;
    case TrafficPattern::Tree:
      // NCCL's double binary tree: about a parent and a child edge per channel leave a block.
      subflows = 2.0 * attached * c * q;
      break;
    case TrafficPattern::AllToAll: {
      // Every NIC sends (1 - local/group) of its bytes to peers outside, one connection per
      // peer node and queue pair.
      const double crossing = 1.0 - double(local) / group_nodes;
      const double peers = std::max(1.0, double(group_nodes - local));
      subflows = double(local) * attached * peers * q;
      demand = crossing / (peers * q);
      break;
    }
  }
  const double load = subflows * demand / uplinks;  // mean uplink load, in link rates
  out.crossing = std::max(out.crossing, subflows * demand / (double(local) * attached));
  const double share = std::min(1.0, 1.0 / load);
  out.oversub_share *= share;
  double factor = share;
  if (f.load_balance == LoadBalance::Ecmp) {
    // Every switch of this tier under the group hashes its crossing subflows onto its uplinks;
    // the collective runs at the pace of the most loaded uplink any of them got.
    const double bins = uplinks * blocks * switches_per_block;
    const double max_load = expected_max_load(subflows * blocks * switches_per_block, bins);
    factor = std::min(1.0, 1.0 / std::max(max_load * demand, 1e-12));
    out.balance *= std::min(1.0, factor / share);
  } else {
    // Adaptive routing (or collective-aware placement) spreads the load evenly and delivers
    // `balance_efficiency` of each uplink: a tier loaded below that costs nothing.
    factor = std::min(1.0, f.balance_efficiency / load);
    out.balance *= std::min(1.0, factor / share);
  }
  out.congestion = f.cc_efficiency;
  return factor;
}

}  // namespace

FabricEfficiency fabric_efficiency(const FabricSpec& f, const NetworkSize& n, double /*oversubscription*/,
                                   int group_nodes, TrafficPattern pattern) {
  // The oversubscription is built into the network: a leaf's uplink count (size_network).
  FabricEfficiency e;
  if (n.tiers <= 1 || group_nodes <= 1 || n.switches[0] <= 0) return e;  // one switch: nothing to collide on
  const int nics = std::max(1, n.nics_per_node);
  const bool rail = n.topology == Topology::RailOptimized;
  // Leaf tier: a rail-optimised leaf holds one NIC of each of its nodes, and each rail has its
  // own leaves (the group's blocks repeat on every rail).
  const int up_leaf = std::max(1, n.links[1] / n.switches[0]);
  double factor = tier_factor(f, pattern, group_nodes, n.nodes_per_leaf, rail ? 1 : nics, up_leaf,
                              rail ? nics : 1, e);
  if (n.tiers >= 3 && n.nodes_per_pod > 0) {
    // Pod tier: a pod holds all NICs of its nodes; its aggregation switches' uplinks to the core.
    const int pods = std::max(1, (n.nodes + n.nodes_per_pod - 1) / n.nodes_per_pod);
    const int up_pod = std::max(1, n.links[2] / pods);
    factor *= tier_factor(f, pattern, group_nodes, n.nodes_per_pod, nics, up_pod, 1, e);
  }
  e.total = factor * e.congestion;
  return e;
}

FabricEfficiency fabric_efficiency(const FabricSpec& f, const NetworkSize& n, double oversub, int group_nodes) {
  return fabric_efficiency(f, n, oversub, group_nodes, TrafficPattern::Ring);
}

FabricEfficiencyMemo::FabricEfficiencyMemo(const FabricSpec& f, const NetworkSize& n, double oversubscription)
    : f_(&f), n_(n), oversub_(oversubscription) {
  n_.memo = nullptr;
}

FabricEfficiency FabricEfficiencyMemo::get(int group_nodes, TrafficPattern pattern) const {
  // Open addressing on the span: a few dozen distinct spans per cluster at most.
  const std::size_t size = entries_.size();
  std::size_t i = (std::size_t(group_nodes) * 4 + std::size_t(pattern)) % size;
  for (std::size_t probe = 0; probe < size; ++probe, i = (i + 1) % size) {
    Entry& e = entries_[i];
    if (e.group_nodes == group_nodes && e.pattern == pattern) return e.e;
    if (e.group_nodes < 0) {
      e.group_nodes = group_nodes;
      e.pattern = pattern;
      e.e = fabric_efficiency(*f_, n_, oversub_, group_nodes, pattern);
      return e.e;
    }
  }
  return fabric_efficiency(*f_, n_, oversub_, group_nodes, pattern);
}

}  // namespace cp
