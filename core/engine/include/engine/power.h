// Power, cooling and racks of a cluster, and the energy of a training run. Formulas and
// sources: docs/power-cost.md.
#pragma once

#include "engine/fabric.h"
#include "engine/gpu.h"
#include "engine/scenario.h"

namespace cp {

namespace power_units {
inline constexpr double kBtuPerHourPerKw = 3412;  // 1 kW = 3,412 BTU/h (standard)
inline constexpr double kKwPerTon = 3.517;         // 1 ton of refrigeration = 12,000 BTU/h = 3.517 kW
inline constexpr double kHoursPerMonth = 730;      // 8,760 h / 12: the month of every monthly figure
inline constexpr double kJoulesPerKwh = 3.6e6;
}  // namespace power_units

// Published system maxima (8 GPUs each): DGX A100 6.5 kW (NVIDIA DGX A100 datasheet), DGX
// H100 and H200 10.2 kW (NVIDIA DGX H100 user guide), DGX B200 14.3 kW (DGX B200 user guide).
inline constexpr double kDgxA100MaxW = 6500;
inline constexpr double kDgxH100MaxW = 10200;
inline constexpr double kDgxB200MaxW = 14300;

// Node power besides the GPUs per GPU slot, W: calibrated so that 8 GPUs at TDP plus this
// equal the DGX maximum of the GPU's generation: A100 (6,500 - 8 x 400) / 8 = 412.5 W; H100,
// H200 (and H800, H20 in the same chassis [est]) (10,200 - 8 x 700) / 8 = 575 W; B200
// (14,300 - 8 x 1,000) / 8 = 787.5 W. Other GPUs [est]: 0.8 x TDP for SXM/OAM boards, 0.5 x
// TDP for PCIe cards.
double calibrated_overhead_per_gpu_w(const GpuSpec& g);

// The non-GPU part of a node draws less while training than its datasheet maximum (fans, CPUs,
// NVSwitches and NICs are not all at their limits). Measured: a DGX A100 training draws about
// 4.5-5.5 kW in all (a measured range, not the datasheet's), and an 8-GPU HGX H100 node training
// Llama-2-13B peaked at 8.4 kW with its GPUs near full power (Latif et al. 2024,
// arXiv:2412.08602), i.e. about 2.8 kW besides 8 x 700 W of 4.6 kW allowed. 0.65 of the
// datasheet allowance gives 4.55 kW for a DGX A100 at the default GPU draw (75% of TDP) and
// 8.6 kW for an HGX H100 with its GPUs at TDP. The datasheet maximum stays the peak.
inline constexpr double kNodeOverheadTrainingFraction = 0.65;

// Switch power without optics [est: no published figure found]: 250 W up to 200 Gb/s ports
// (QM8700 class), 700 W up to 400 Gb/s (QM9700, Tomahawk 4 class), 1,500 W above.
double default_switch_w(double gbps);
// Transceiver power: 16 W for an 800G twin-port OSFP (NVIDIA cabling docs), scaled by rate [est].
double default_optic_w(double gbps);

struct PowerEstimate {
  double gpu_w = 0;            // all GPUs, average draw while training (TDP x factor)
  double gpu_peak_w = 0;       // all GPUs at TDP
  double node_overhead_w = 0;  // one node besides its GPUs, average while training
  double node_overhead_peak_w = 0;  // one node besides its GPUs, datasheet maximum
  double node_w = 0;           // one node, average
  double node_peak_w = 0;      // one node, GPUs at TDP
  double switches_w = 0;       // all switches
  double optics_w = 0;         // all transceivers
  double storage_w = 0;
  double it_w = 0;             // average IT power
  double it_peak_w = 0;
  double facility_w = 0;       // IT x PUE, average
  double facility_peak_w = 0;
  double cooling_w = 0;        // heat to remove: the IT peak
  double cooling_btu_per_h = 0;
  double cooling_tons = 0;
  int nodes_per_rack = 0;      // 0: one node needs more than the rack limit
  int racks = 0;               // compute racks (network and storage racks not counted)
};

PowerEstimate estimate_power(const Scenario& s, const NetworkSize& net);

struct EnergyEstimate {
  double run_s = 0;       // wall time the facility draws power (the real time-to-train)
  double run_kwh = 0;     // facility energy
  double run_co2_kg = 0;
};

EnergyEstimate estimate_energy(const Assumptions& a, const PowerEstimate& p, double run_s);

}  // namespace cp
