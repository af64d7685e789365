// A common test scenario: Llama-2-7B on H100 SXM with IB NDR, two 8-GPU nodes, TP x PP
// held (TP 8 PP 1 fits on one node), sequence 4096, global batch 512, 1e11 tokens.
#pragma once

#include "engine/scenario.h"

namespace cp::test {

inline Scenario llama7b_h100(int tp = 8, int pp = 1) {
  Scenario s = default_scenario();
  s.model_id = "llama-2-7b";
  s.model = find_model_preset("llama-2-7b")->shape;
  s.training.seq = 4096;
  s.training.global_batch = 512;
  s.training.tokens = 1e11;
  s.parallel = Parallelism{tp, pp, 1, 0, 1, 1, tp > 1};
  s.cluster.gpu = *find_gpu("h100-sxm");
  s.cluster.fabric = *find_fabric("ib-ndr");
  s.cluster.nodes = 2;
  return s;
}

}  // namespace cp::test
