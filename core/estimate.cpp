#include "core/estimate.h"

namespace cp {

Estimate estimate(const Scenario& s) {
  Estimate e;
  const ModelShape& m = s.model;
  const Parallelism& p = s.parallel;
  e.params = count_params(m);
  e.dp = s.data_parallel();
  e.microbatches = s.training.global_batch / (e.dp * s.training.micro_batch);
  e.memory = estimate_memory(s, e.params, e.dp);

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
  if (!e.memory.fits)
    e.warnings.add(WarningCode::DoesNotFit, "cluster.gpu", e.memory.peak.total(), e.memory.capacity);
  return e;
}

}  // namespace cp
