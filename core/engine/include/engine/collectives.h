// Collective communication times with the alpha-beta model and NCCL's bus-bandwidth
// conventions (NVIDIA nccl-tests, doc/PERFORMANCE.md): for n ranks and S bytes,
// all-reduce moves 2(n-1)/n x S per rank, reduce-scatter and all-gather (n-1)/n x S.
#pragma once

#include <string_view>

namespace cp {

enum class CollectiveAlgo { None, Ring, Tree, Direct, Pat };
std::string_view to_string(CollectiveAlgo a);

// The path a collective runs on: achievable bus bandwidth (bytes/s) and per-step latency.
struct Link {
  double busbw = 0;
  double alpha_s = 0;
};

struct CollectiveTime {
  double seconds = 0;
  CollectiveAlgo algo = CollectiveAlgo::None;
};

// NCCL's double binary tree reaches a little less bus bandwidth than rings on large messages
// (its pipelining has more steps); NCCL picks trees for small messages and large rank counts.
inline constexpr double kTreeBandwidthFactor = 0.9;

// Ring: 2(n-1)/n S / B + 2(n-1) alpha. Tree: 2 S / (0.9 B) x (n-1)/n + 2 log2(n) alpha.
// Returns the faster, as NCCL's tuner does.
CollectiveTime all_reduce(double bytes, int n, const Link& link);
double ring_all_reduce(double bytes, int n, const Link& link);
double tree_all_reduce(double bytes, int n, const Link& link);
// Reduce-scatter and all-gather of a buffer of S bytes in total: (n-1)/n S / B + (n-1) alpha.
CollectiveTime reduce_scatter(double bytes, int n, const Link& link);
CollectiveTime all_gather(double bytes, int n, const Link& link);
// NCCL's choice for reduce-scatter and all-gather: a ring, or PAT (Parallel Aggregated Trees,
// NCCL 2.23, Sep 2024) when the group has one rank per node, as NCCL implements it so far
// (NCCL's maintainers, Oct 2024, github.com/NVIDIA/nccl/issues/1473: "only support one GPU per
// node"; Jeaugey, arXiv 2506.20252, 2025). PAT pays log2(n) steps of latency instead of n-1
// and, like NCCL's tree, somewhat less bandwidth on large messages (kTreeBandwidthFactor
// [est]); the faster is used.
CollectiveTime reduce_scatter(double bytes, int n, const Link& link, bool one_rank_per_node);
CollectiveTime all_gather(double bytes, int n, const Link& link, bool one_rank_per_node);
double pat_reduce_scatter(double bytes, int n, const Link& link);
// All-to-all of S bytes per rank: each rank sends (n-1)/n S, pairwise: (n-1)/n S / B + (n-1) alpha.
CollectiveTime all_to_all(double bytes, int n, const Link& link);
// All-to-all over two paths: of the S bytes a rank sends, `cross` leave the node through the
// rank's own NIC (`inter`, per-GPU rate) while the rest go over NVLink (`intra`); the two run
// at once, so the slower path sets the time, plus (n-1) steps of the inter-node latency.
CollectiveTime all_to_all(double intra_bytes, double cross_bytes, int n, const Link& intra, const Link& inter);
// Point-to-point send of S bytes: S / B + alpha.
CollectiveTime send_recv(double bytes, const Link& link);

}  // namespace cp
