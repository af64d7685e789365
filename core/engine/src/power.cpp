#include "engine/power.h"

#include <cmath>

namespace cp {

double calibrated_overhead_per_gpu_w(const GpuSpec& g) {
  const std::string& id = g.id;
  if (id == "a100-40gb-sxm" || id == "a100-80gb-sxm" || id == "a800-sxm") return (kDgxA100MaxW - 8 * 400.0) / 8;
  if (id == "h100-sxm" || id == "h200-sxm" || id == "h800-sxm" || id == "h20") return (kDgxH100MaxW - 8 * 700.0) / 8;
  if (id == "b200") return (kDgxB200MaxW - 8 * 1000.0) / 8;
  const bool pcie = g.link_bw <= 0 || id.find("pcie") != std::string::npos;
  return (pcie ? 0.5 : 0.8) * g.tdp_w;  // [est]
}

double default_switch_w(double gbps) {
  if (gbps <= 200) return 250;  // [est]
  if (gbps <= 400) return 700;  // [est]
  return 1500;                  // [est]
}

double default_optic_w(double gbps) { return 16.0 * gbps / 800.0; }

PowerEstimate estimate_power(const Scenario& s, const NetworkSize& net) {
  using namespace power_units;
  const Assumptions& a = s.assumptions;
  const Cluster& c = s.cluster;
  PowerEstimate p;
  const double n = c.nodes;
  const double gpus = c.total_gpus();
  p.gpu_peak_w = gpus * c.gpu.tdp_w;
  p.gpu_w = p.gpu_peak_w * a.gpu_power_factor;
  // A set node_overhead_w is the user's own figure for both; the calibrated maximum is the
  // peak, and kNodeOverheadTrainingFraction of it the training average.
  p.node_overhead_peak_w =
      a.node_overhead_w ? *a.node_overhead_w : c.gpus_per_node * calibrated_overhead_per_gpu_w(c.gpu);
  p.node_overhead_w = a.node_overhead_w ? *a.node_overhead_w : kNodeOverheadTrainingFraction * p.node_overhead_peak_w;
  p.node_peak_w = c.gpus_per_node * c.gpu.tdp_w + p.node_overhead_peak_w;
  p.node_w = c.gpus_per_node * c.gpu.tdp_w * a.gpu_power_factor + p.node_overhead_w;
  const double gbps = c.fabric.nic_gbps;
  p.switches_w = net.total_switches() * (a.switch_w ? *a.switch_w : default_switch_w(gbps));
  p.optics_w = net.total_transceivers() * (a.optic_w ? *a.optic_w : default_optic_w(gbps));
  p.storage_w = n * a.storage_w_per_node;
  const double shared = p.switches_w + p.optics_w + p.storage_w;
  p.it_w = n * p.node_w + shared;
  p.it_peak_w = n * p.node_peak_w + shared;
  p.facility_w = p.it_w * a.pue;
  p.facility_peak_w = p.it_peak_w * a.pue;
  p.cooling_w = p.it_peak_w;
  p.cooling_btu_per_h = p.cooling_w / 1000 * kBtuPerHourPerKw;
  p.cooling_tons = p.cooling_w / 1000 / kKwPerTon;
  p.nodes_per_rack = p.node_peak_w > 0 ? int(std::floor(a.rack_limit_w / p.node_peak_w)) : c.nodes;
  // A node above the rack limit still needs a rack of its own (and a warning).
  p.racks = p.nodes_per_rack > 0 ? (c.nodes + p.nodes_per_rack - 1) / p.nodes_per_rack : c.nodes;
  return p;
}

EnergyEstimate estimate_energy(const Assumptions& a, const PowerEstimate& p, double run_s) {
  EnergyEstimate e;
  e.run_s = run_s;
  e.run_kwh = p.facility_w * run_s / power_units::kJoulesPerKwh;
  e.run_co2_kg = e.run_kwh * a.grid_kg_co2_per_kwh;
  return e;
}

}  // namespace cp
