#include "engine/estimate.h"

#include <cstdint>

#include "engine/error_band.h"

namespace cp {

bool in_calibrated_range(const Scenario& s) {
  // Sections A-C of published-runs.md: A100 80GB and H100 SXM on HDR/NDR InfiniBand, dense
  // GPT- and Llama-style decoders with multi-head or grouped-query attention.
  const bool gpu = s.cluster.gpu.calibrated;
  const bool fabric = s.cluster.fabric.kind == FabricKind::InfiniBand;
  const bool family = !s.model.is_moe() && s.model.attention == AttentionType::Mha;
  return gpu && fabric && family;
}

Estimate estimate(const Scenario& s, const Calibration& calibration) {
  Estimate e;
  const ModelShape& m = s.model;
  const Parallelism& p = s.parallel;
  e.params = count_params(m);
  e.dp = s.data_parallel();
  e.microbatches = s.training.global_batch / (e.dp * s.training.micro_batch);
  e.memory = estimate_memory(s, e.params, e.dp);
  const Cluster& k = s.cluster;
  e.network = size_network(k.fabric, k.topology, k.oversubscription, k.nodes, k.nics_per_node);
  e.step = estimate_step(s, e.params, e.dp, e.network, calibration);
  e.calibrated_range = in_calibrated_range(s);
  const double memory_fraction = e.memory.capacity > 0 ? e.memory.peak.total() / e.memory.capacity : 0.0;
  const std::uint32_t gaps = evidence_gaps(s, e.params.total, memory_fraction);
  e.throughput = estimate_throughput(s, e.step, e.dp, e.calibrated_range, gaps, e.params.total);
  e.power = estimate_power(s, e.network);
  e.reliability = estimate_reliability(s, e.params, e.throughput.train_time_s);
  e.energy = estimate_energy(s.assumptions, e.power, e.reliability.real_train_time_s);
  e.cost = estimate_cost(s, e.network, e.power, e.reliability, s.training.tokens);

  if (s.model_derived) e.warnings.add(WarningCode::DerivedModelShape, "model", e.params.total);
  if (m.layers % p.pp != 0) e.warnings.add(WarningCode::UnevenPipeline, "parallelism.pp", m.layers, p.pp);
  if (p.pp > 1 && e.microbatches < p.pp)
    e.warnings.add(WarningCode::FewMicroBatches, "training.global_batch", e.microbatches, p.pp);
  if (p.vpp > 1) {
    const int per_stage = m.layers / p.pp;
    if (per_stage % p.vpp != 0) e.warnings.add(WarningCode::UnevenChunks, "parallelism.vpp", per_stage, p.vpp);
    if (e.microbatches % p.pp != 0)
      e.warnings.add(WarningCode::InterleaveRemainder, "parallelism.vpp", e.microbatches, p.pp);
  }
  if (p.sp && p.tp == 1) e.warnings.add(WarningCode::SequenceParallelNoEffect, "parallelism.sp");
  if (k.topology == Topology::SingleSwitch && e.network.topology != Topology::SingleSwitch)
    e.warnings.add(WarningCode::SwitchTooSmall, "cluster.topology", e.network.endpoints, k.fabric.switch_ports);
  if (!e.calibrated_range) e.warnings.add(WarningCode::OutsideCalibratedRange, "cluster.gpu");
  if (gaps != 0) e.warnings.add(WarningCode::OutsideEvidence, "parallelism", double(gaps));
  if (s.calibration.step_time_factor != 1.0)
    e.warnings.add(WarningCode::SiteCalibrated, "calibration.step_time_factor", s.calibration.step_time_factor);
  if (e.power.nodes_per_rack == 0)
    e.warnings.add(WarningCode::NodeExceedsRack, "assumptions.rack_limit_w", e.power.node_peak_w,
                   s.assumptions.rack_limit_w);
  if (e.cost.missing_price >= 0)
    e.warnings.add(WarningCode::PriceMissing, "assumptions.price_lists", e.cost.missing_price,
                   double(s.assumptions.payment));
  // A figure priced from a stale list says so: the list paid, then the purchase list (the
  // owner's cost and the bill of materials), then the list the break-even rents from.
  {
    const Assumptions& a = s.assumptions;
    for (Payment p : {a.payment, Payment::Purchase, e.cost.break_even_against}) {
      const PriceList& list = a.list_for(p);
      if (!price_list_stale(list)) continue;
      const std::optional<int> date = price_date_months(list.date);
      e.warnings.add(WarningCode::PriceListStale, "assumptions.price_lists", double(p), date ? double(*date) : -1.0,
                     date ? double(build_date_months() - *date) : 0.0);
      break;
    }
  }
  if (!(e.reliability.goodput > 0))
    e.warnings.add(WarningCode::NoProgress, "assumptions.failure_rate_per_gpu_hour", e.reliability.mtbi_s,
                   e.reliability.checkpoint_cost_s, e.reliability.restart_s);
  // MFU above 1 cannot be (Chowdhery et al. 2022, appendix B: achieved over peak FLOP/s); a
  // site calibration to a measured step that short, or a custom GPU's peak set too low, gives it.
  if (e.throughput.mfu > 1 || e.throughput.hfu > 1)
    e.warnings.add(WarningCode::AbovePeak,
                   s.calibration.step_time_factor != 1.0 ? "calibration.step_time_factor" : "cluster.gpu_spec.bf16_flops",
                   e.throughput.mfu, e.throughput.hfu);
  if (!(e.reliability.goodput_seed_low > 0))  // the seed's 1 h, else its 2 h interval
    e.warnings.add(WarningCode::SeedIntervalNoProgress, "assumptions.checkpoint_bytes_per_s",
                   e.reliability.checkpoint_cost_s,
                   e.reliability.goodput_seed_high > 0 ? kSeedIntervalLowS : kSeedIntervalHighS);
  if (!e.memory.fits)
    e.warnings.add(WarningCode::DoesNotFit, "cluster.gpu", e.memory.peak.total(), e.memory.capacity);
  return e;
}

}  // namespace cp
