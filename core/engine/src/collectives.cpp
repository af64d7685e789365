#include "engine/collectives.h"

#include <cmath>

namespace cp {

std::string_view to_string(CollectiveAlgo a) {
  switch (a) {
    case CollectiveAlgo::None: return "none";
    case CollectiveAlgo::Ring: return "ring";
    case CollectiveAlgo::Tree: return "tree";
    case CollectiveAlgo::Direct: return "direct";
  }
  return "?";
}

double ring_all_reduce(double bytes, int n, const Link& link) {
  if (n <= 1 || bytes <= 0) return 0;
  return 2.0 * (n - 1) / n * bytes / link.busbw + 2.0 * (n - 1) * link.alpha_s;
}

double tree_all_reduce(double bytes, int n, const Link& link) {
  if (n <= 1 || bytes <= 0) return 0;
  return 2.0 * (n - 1) / n * bytes / (kTreeBandwidthFactor * link.busbw) + 2.0 * std::log2(double(n)) * link.alpha_s;
}

CollectiveTime all_reduce(double bytes, int n, const Link& link) {
  if (n <= 1 || bytes <= 0) return {};
  const double ring = ring_all_reduce(bytes, n, link);
  const double tree = tree_all_reduce(bytes, n, link);
  return ring <= tree ? CollectiveTime{ring, CollectiveAlgo::Ring} : CollectiveTime{tree, CollectiveAlgo::Tree};
}

CollectiveTime reduce_scatter(double bytes, int n, const Link& link) {
  if (n <= 1 || bytes <= 0) return {};
  return {double(n - 1) / n * bytes / link.busbw + (n - 1) * link.alpha_s, CollectiveAlgo::Ring};
}

CollectiveTime all_gather(double bytes, int n, const Link& link) { return reduce_scatter(bytes, n, link); }

CollectiveTime all_to_all(double bytes, int n, const Link& link) {
  if (n <= 1 || bytes <= 0) return {};
  return {double(n - 1) / n * bytes / link.busbw + (n - 1) * link.alpha_s, CollectiveAlgo::Direct};
}

CollectiveTime send_recv(double bytes, const Link& link) {
  if (bytes <= 0) return {};
  return {bytes / link.busbw + link.alpha_s, CollectiveAlgo::Direct};
}

}  // namespace cp
