#include "engine/scenario.h"

namespace cp {

Scenario default_scenario() {
  Scenario s;
  s.name = "LLaMA-65B on 32x A100 80GB (seed article)";
  const ModelPreset* preset = find_model_preset("llama-65b");
  s.model_id = std::string(preset->id);
  s.model = preset->shape;
  s.training.seq = 2048;
  s.training.micro_batch = 1;
  s.training.global_batch = 1024;
  s.training.precision = Precision::Bf16;
  s.training.optimizer = Optimizer::Adam;
  s.training.recompute = Recompute::Selective;
  s.training.zero = Zero::Stage1;
  s.training.dropout = false;         // LLaMA trains without dropout
  s.training.flash_attention = true;
  s.training.tokens = 1.4e12;         // LLaMA-65B's token budget (Touvron et al. 2023)
  s.parallel = Parallelism{8, 4, 1, 1, 1, 1, true};
  s.cluster.gpu = *find_gpu("a100-80gb-sxm");
  s.cluster.gpus_per_node = 8;
  s.cluster.nodes = 4;
  s.cluster.fabric = *find_fabric("ib-hdr");
  s.cluster.nics_per_node = 8;
  return s;
}

}  // namespace cp
