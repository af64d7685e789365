// The network between nodes: fabric presets (InfiniBand, RoCEv2), topology sizing (switches,
// links, transceivers per tier) and the bandwidth a collective really gets on it, including
// ECMP flow collisions on RoCE.
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>

namespace cp {

enum class FabricKind { InfiniBand, RoCE };

// How traffic is spread over the uplinks of a multi-tier fabric.
enum class LoadBalance {
  Adaptive,   // per-packet adaptive routing (InfiniBand AR; Ethernet with spraying)
  Ecmp,       // per-flow hashing: flows collide at random (RoCEv2 default)
  Scheduled,  // collective-aware placement with enhanced ECMP (Meta's tuned RoCE, 2024)
};

enum class Topology { SingleSwitch, FatTree2, FatTree3, RailOptimized };

// How the fabric reacts to congestion: what is configured, not how well it does (that is
// `cc_efficiency`, a number with its source in the catalog).
enum class CongestionControl {
  CreditBased,     // InfiniBand link-level credits: lossless without pause storms
  DcqcnDefault,    // RoCEv2 with PFC + ECN/DCQCN at vendor defaults
  DcqcnTuned,      // PFC + ECN/DCQCN with thresholds tuned for collective traffic
  ReceiverDriven,  // PFC only, admission by the collective library (Meta 2024: no DCQCN)
};

// What a collective sends over the network, as NCCL runs it: which flows leave a block of
// nodes under one switch (a leaf, or a pod of the three-tier tree).
enum class TrafficPattern {
  Ring,      // ring all-reduce, reduce-scatter, all-gather: per channel one edge leaves each block
  Tree,      // NCCL's double binary tree: per channel about two edges (parent and child) leave
  AllToAll,  // every rank to every rank (expert parallel): the share of peers outside the block
  P2P,       // neighbour sends (pipeline stages, context-parallel ring): like one ring edge
};

// How far a preset is configured beyond the vendor's defaults (comparison metadata: the
// IB-vs-RoCE comparison pairs presets by this, never by their ids; core/plan/fabric_compare.h).
enum class FabricTuning {
  Stock,       // as shipped: InfiniBand out of the box, RoCE with default ECMP and DCQCN
  Tuned,       // RoCE as an operator tunes it (QPs per connection, DCQCN/PFC): IB's counterpart
  Hyperscale,  // RoCE as the hyperscalers run it (collective-aware routing, many flows)
};

struct FabricSpec {
  friend bool operator==(const FabricSpec&, const FabricSpec&) = default;
  std::string id;
  std::string name;
  FabricKind kind = FabricKind::InfiniBand;
  double nic_gbps = 0;          // line rate per NIC, Gb/s
  double nic_busbw = 0;         // achievable NCCL all-reduce bus bandwidth per NIC, bytes/s
  double base_latency_s = 0;    // one RDMA message, NIC to NIC through one switch
  double switch_latency_s = 0;  // added per further switch hop
  int switch_ports = 0;         // ports per switch at the NIC rate
  LoadBalance load_balance = LoadBalance::Adaptive;
  int qps_per_connection = 1;   // queue pairs (flows) per connection (NCCL_IB_QPS_PER_CONNECTION)
  double balance_efficiency = 1;// share of uplink bandwidth usable under Adaptive or Scheduled
  double cc_efficiency = 1;     // congestion control (credit-based on IB, DCQCN/PFC on RoCE)
  std::string source;
  // NCCL channels whose connections leave through one NIC; each connection is split into
  // `qps_per_connection` queue pairs, each hashed on its own by ECMP.
  int channels_per_nic = 2;
  CongestionControl congestion_control = CongestionControl::CreditBased;

  // --- Comparison metadata (IB vs RoCE; core/plan/fabric_compare.h) -----------------------
  // What the preset stands for, so that pairings follow the catalog's meaning. Set in the
  // catalog entries (fabric.cpp); a fabric read from a file keeps its preset's value.
  FabricTuning tuning = FabricTuning::Stock;
};

std::span<const FabricSpec> fabric_catalog();
const FabricSpec* find_fabric(std::string_view id);

std::string_view to_string(Topology t);
std::string_view to_string(FabricKind k);
std::string_view to_string(LoadBalance b);
std::string_view to_string(CongestionControl c);
std::string_view to_string(TrafficPattern p);
bool parse_congestion_control(std::string_view text, CongestionControl& out);
std::string_view spellings_congestion_control();
bool parse_topology(std::string_view text, Topology& out);
std::string_view spellings_topology();

// Switches, links and transceivers of a non-blocking (or oversubscribed) fabric for a cluster,
// per tier: tier 0 = NIC to leaf, 1 = leaf to spine, 2 = spine to core.
class FabricEfficiencyMemo;

struct NetworkSize {
  Topology topology = Topology::SingleSwitch;  // as built (a single switch too small grows)
  int tiers = 1;                               // switch tiers
  std::array<int, 3> switches{};               // leaf, spine, core
  std::array<int, 3> links{};                  // NIC-leaf, leaf-spine, spine-core
  std::array<int, 3> transceivers{};           // two per optical link (one each end)
  int endpoints = 0;                           // NIC ports
  int nodes_per_leaf = 0;                      // nodes whose same-rail traffic stays on one leaf
  int nodes_per_pod = 0;                       // nodes under one spine tier (3-tier only)
  int max_switch_hops = 1;                     // switches on the longest path
  int nics_per_node = 0;
  int nodes = 0;
  // A caller's memo of fabric_efficiency on this network (see below), which group_link then
  // reads instead of working each figure out again; size_network and estimate() set none.
  const FabricEfficiencyMemo* memo = nullptr;
  int total_switches() const { return switches[0] + switches[1] + switches[2]; }
  int total_links() const { return links[0] + links[1] + links[2]; }
  int total_transceivers() const { return transceivers[0] + transceivers[1] + transceivers[2]; }
};

// Al-Fares et al. 2008 fat trees of k-port switches: two tiers hold k^2/2 hosts without
// oversubscription, three tiers k^3/4. Oversubscription o:1 gives leaves k*o/(o+1) down ports.
NetworkSize size_network(const FabricSpec& f, Topology t, double oversubscription, int nodes, int nics_per_node);

// The fraction of the NIC bandwidth a collective over `group_nodes` nodes gets on the fabric.
// Per tier (leaf uplinks, pod uplinks) only the flows that leave a block of nodes load the
// uplinks: a ring's few edges between blocks, a tree's parent/child edges, an all-to-all's
// share of peers outside. Every GPU runs the same collective at the same time (the groups of
// one kind tile the job), so a leaf's uplinks carry the crossing flows of every group under it.
// Under ECMP each flow (NCCL channel x queue pair) is hashed onto one uplink and the collective
// runs at the pace of its most loaded one; adaptive routing and collective-aware scheduling
// spread the load evenly.
struct FabricEfficiency {
  double crossing = 0;    // fraction of a leaf's NIC traffic that leaves it (largest tier)
  double oversub_share = 1;
  double balance = 1;     // adaptive/scheduled efficiency, or capacity / E[max load per uplink]
  double congestion = 1;
  double total = 1;
};
FabricEfficiency fabric_efficiency(const FabricSpec& f, const NetworkSize& n, double oversubscription,
                                   int group_nodes, TrafficPattern pattern);
// A ring collective (all-reduce, reduce-scatter, all-gather).
FabricEfficiency fabric_efficiency(const FabricSpec& f, const NetworkSize& n, double oversubscription,
                                   int group_nodes);

// fabric_efficiency of one fabric on one network, remembered per group span and traffic
// pattern: for a search that prices many layouts on one cluster (core/plan's fabric sweep), the
// same figures, each worked out once. Fixed size, it never allocates; a span it has no room for
// is worked out each time. The fabric must outlive it. Not for two threads at once.
class FabricEfficiencyMemo {
 public:
  FabricEfficiencyMemo(const FabricSpec& f, const NetworkSize& n, double oversubscription);
  // fabric_efficiency(f, n, oversubscription, group_nodes, pattern).
  FabricEfficiency get(int group_nodes, TrafficPattern pattern) const;
  // Whether this memo is for `f` on `n` (the network whose memo it is, or a copy of it).
  bool serves(const FabricSpec& f, const NetworkSize& n, double oversubscription) const {
    return &f == f_ && n.nodes == n_.nodes && n.nodes_per_leaf == n_.nodes_per_leaf && oversubscription == oversub_;
  }

 private:
  struct Entry {
    int group_nodes = -1;  // -1: empty
    TrafficPattern pattern = TrafficPattern::Ring;
    FabricEfficiency e;
  };
  const FabricSpec* f_;
  NetworkSize n_;
  double oversub_;
  mutable std::array<Entry, 64> entries_{};
};

// Expected largest number of balls in any of `bins` bins when `balls` are thrown uniformly at
// random (Poisson approximation; Raab and Steger 1998 give the asymptotics).
double expected_max_load(double balls, double bins);

// "stock", "tuned", "hyperscale" (JSON and CLI spellings of FabricTuning).
std::string_view to_string(FabricTuning t);

}  // namespace cp
