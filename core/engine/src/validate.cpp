#include "engine/validate.h"

#include <cmath>
#include <string>

namespace cp {
namespace {

class Checker {
 public:
  explicit Checker(std::vector<Problem>& out) : out_(out) {}

  void fail(const char* field, std::string message) { out_.push_back({field, std::move(message)}); }

  // Integer inputs: at least `min`, at most `max` (an absurd value is a typo, not a plan).
  bool range(const char* field, long long value, long long min, long long max) {
    if (value < min) {
      fail(field, "must be at least " + std::to_string(min) + ", got " + std::to_string(value));
      return false;
    }
    if (value > max) {
      fail(field, "must be at most " + std::to_string(max) + ", got " + std::to_string(value));
      return false;
    }
    return true;
  }

  bool divides(const char* field, long long divisor, long long value, const std::string& what) {
    if (divisor > 0 && value % divisor != 0) {
      fail(field, std::to_string(divisor) + " does not divide " + std::to_string(value) + " " + what);
      return false;
    }
    return true;
  }

 private:
  std::vector<Problem>& out_;
};

std::string num(double v) {
  if (std::floor(v) == v && std::abs(v) < 1e15) return std::to_string((long long)v);
  return std::to_string(v);
}

void check_model(const ModelShape& m, Checker& c) {
  bool ok = c.range("model.layers", m.layers, 1, 10000);
  ok &= c.range("model.hidden", m.hidden, 1, 1 << 20);
  ok &= c.range("model.heads", m.heads, 1, kMaxHeadsExpertsDegree);
  ok &= c.range("model.kv_heads", m.kv_heads, 1, kMaxHeadsExpertsDegree);
  ok &= c.range("model.ffn", m.ffn, 1, 1 << 22);
  ok &= c.range("model.vocab", m.vocab, 1, 1 << 24);
  ok &= c.range("model.head_dim", m.head_dim, 0, kMaxHeadsExpertsDegree);
  ok &= c.range("model.learned_positions", m.learned_positions, 0, 1 << 24);
  if (!ok) return;
  if (m.head_dim == 0 && m.attention == AttentionType::Mha)
    c.divides("model.heads", m.heads, m.hidden, "hidden size (set head_dim for other head sizes)");
  if (m.kv_heads > m.heads)
    c.fail("model.kv_heads", "must not exceed " + std::to_string(m.heads) + " attention heads, got " +
                                 std::to_string(m.kv_heads));
  else
    c.divides("model.kv_heads", m.kv_heads, m.heads, "attention heads");
  if (!c.range("model.experts", m.experts, 0, kMaxHeadsExpertsDegree)) return;
  if (m.experts > 0) {
    c.range("model.experts_per_token", m.experts_per_token, 1, m.experts);
    c.range("model.shared_experts", m.shared_experts, 0, 1 << 10);
    c.range("model.moe_ffn", m.moe_ffn, 0, 1 << 22);
    c.range("model.dense_layers", m.dense_layers, 0, m.layers - 1);
  } else if (m.experts_per_token != 0 || m.shared_experts != 0) {
    c.fail("model.experts_per_token", "is set but the model has no experts (set model.experts)");
  }
}

}  // namespace

std::vector<Problem> validate(const Scenario& s) {
  std::vector<Problem> out;
  Checker c(out);
  const ModelShape& m = s.model;
  check_model(m, c);
  const bool model_ok = out.empty();

  const Training& t = s.training;
  c.range("training.seq", t.seq, 1, 16 << 20);
  c.range("training.micro_batch", t.micro_batch, 1, 1 << 20);
  c.range("training.global_batch", t.global_batch, 1, 1 << 30);
  if (!(t.tokens >= 0) || !std::isfinite(t.tokens))
    c.fail("training.tokens", "must be a finite number of tokens, zero or more, got " + num(t.tokens));

  const Parallelism& p = s.parallel;
  bool par_ok = c.range("parallelism.tp", p.tp, 1, kMaxHeadsExpertsDegree);
  par_ok &= c.range("parallelism.pp", p.pp, 1, kMaxHeadsExpertsDegree);
  par_ok &= c.range("parallelism.vpp", p.vpp, 1, 1 << 10);
  par_ok &= c.range("parallelism.dp", p.dp, 0, 1 << 24);
  par_ok &= c.range("parallelism.cp", p.cp, 1, kMaxHeadsExpertsDegree);
  par_ok &= c.range("parallelism.ep", p.ep, 1, kMaxHeadsExpertsDegree);

  const Cluster& k = s.cluster;
  bool cluster_ok = c.range("cluster.gpus_per_node", k.gpus_per_node, 1, 1024);
  cluster_ok &= c.range("cluster.nodes", k.nodes, 1, 1 << 20);
  if (!(k.gpu.memory_bytes > 0))
    c.fail("cluster.gpu", "the GPU '" + k.gpu.id + "' has no memory capacity");

  const Overheads& o = s.overheads;
  if (!(o.framework_bytes >= 0) || !std::isfinite(o.framework_bytes))
    c.fail("overheads.framework_bytes", "must be zero or more bytes, got " + num(o.framework_bytes));
  if (!(o.comm_buffer_bytes >= 0) || !std::isfinite(o.comm_buffer_bytes))
    c.fail("overheads.comm_buffer_bytes", "must be zero or more bytes, got " + num(o.comm_buffer_bytes));
  if (!(o.fragmentation >= 0 && o.fragmentation < 1))
    c.fail("overheads.fragmentation", "must be a fraction from 0 to below 1, got " + num(o.fragmentation));

  // The network and the site calibration.
  cluster_ok &= c.range("cluster.nics_per_node", k.nics_per_node, 1, 64);
  if (!(k.oversubscription >= 1 && k.oversubscription <= 1000))
    c.fail("cluster.oversubscription", "must be a ratio from 1 (non-blocking) to 1000, got " + num(k.oversubscription));
  if (!(k.fabric.nic_busbw > 0) || !std::isfinite(k.fabric.nic_busbw))
    c.fail("cluster.fabric_spec.nic_busbw_bytes_per_s", "must be a positive bandwidth, got " + num(k.fabric.nic_busbw));
  if (!(k.fabric.switch_ports >= 2))
    c.fail("cluster.fabric_spec.switch_ports", "must be at least 2, got " + std::to_string(k.fabric.switch_ports));
  if (!(k.fabric.base_latency_s >= 0) || !(k.fabric.switch_latency_s >= 0))
    c.fail("cluster.fabric_spec.base_latency_s", "latencies must be zero or more seconds");
  if (!(k.fabric.balance_efficiency > 0 && k.fabric.balance_efficiency <= 1) ||
      !(k.fabric.cc_efficiency > 0 && k.fabric.cc_efficiency <= 1))
    c.fail("cluster.fabric_spec.balance_efficiency", "efficiencies must be fractions above 0 and at most 1");
  if (k.fabric.qps_per_connection < 1)
    c.fail("cluster.fabric_spec.qps_per_connection", "must be at least 1");
  if (!(k.gpu.bf16_flops > 0) || !(k.gpu.memory_bw > 0))
    c.fail("cluster.gpu_spec.bf16_flops", "a GPU needs a positive BF16 peak and memory bandwidth");
  if (!(k.gpu.mamf_fraction > 0 && k.gpu.mamf_fraction <= 1))
    c.fail("cluster.gpu_spec.mamf_fraction", "must be a fraction above 0 and at most 1, got " + num(k.gpu.mamf_fraction));
  if (!(t.dp_bucket_params > 0) || !std::isfinite(t.dp_bucket_params))
    c.fail("training.dp_bucket_params", "must be a positive number of parameters, got " + num(t.dp_bucket_params));
  if (!(s.calibration.step_time_factor > 0 && s.calibration.step_time_factor < 1000))
    c.fail("calibration.step_time_factor",
           "must be a positive ratio of measured to modelled step time, got " + num(s.calibration.step_time_factor));

  check_assumptions(s.assumptions, out);  // power, cost, reliability (core/engine/src/assumptions.cpp)

  if (!par_ok || !cluster_ok) return out;

  // Layout against the cluster: TP x PP x CP x DP = GPUs (Megatron-LM's rank layout).
  const long long gpus = (long long)k.gpus_per_node * k.nodes;
  const long long replica = (long long)p.tp * p.pp * p.cp;
  if (p.dp > 0) {
    if (replica * p.dp != gpus)
      c.fail("parallelism.dp", "TP x PP x CP x DP = " + std::to_string(p.tp) + " x " + std::to_string(p.pp) + " x " +
                                   std::to_string(p.cp) + " x " + std::to_string(p.dp) + " = " +
                                   std::to_string(replica * p.dp) + " does not equal the " + std::to_string(gpus) +
                                   " GPUs of the cluster");
  } else if (gpus % replica != 0) {
    c.fail("parallelism.dp", "cannot be derived: TP x PP x CP = " + std::to_string(replica) + " does not divide the " +
                                 std::to_string(gpus) + " GPUs of the cluster");
  }
  const long long dp = p.dp > 0 ? p.dp : gpus / replica;

  if (dp > 0 && t.micro_batch > 0 && t.global_batch > 0 && t.global_batch % (dp * t.micro_batch) != 0)
    c.fail("training.global_batch", std::to_string(t.global_batch) + " sequences is not a multiple of DP x micro-batch = " +
                                        std::to_string(dp) + " x " + std::to_string(t.micro_batch));

  if (!model_ok) return out;

  // Megatron-LM splits heads, KV heads and the MLP's inner dimension across TP ranks.
  c.divides("parallelism.tp", p.tp, m.heads, "attention heads");
  if (m.attention == AttentionType::Mha) c.divides("parallelism.tp", p.tp, m.kv_heads, "key/value heads");
  c.divides("parallelism.tp", p.tp, m.ffn, "FFN size");
  if (m.is_moe()) c.divides("parallelism.tp", p.tp, m.expert_ffn(), "expert FFN size");
  if (p.pp > m.layers)
    c.fail("parallelism.pp", std::to_string(p.pp) + " pipeline stages exceed the " + std::to_string(m.layers) + " layers");
  if (p.vpp > 1) {
    if (p.pp == 1) c.fail("parallelism.vpp", "interleaving needs more than one pipeline stage (PP > 1)");
    else if (p.vpp * p.pp > m.layers)
      c.fail("parallelism.vpp", std::to_string(p.vpp) + " chunks per stage x " + std::to_string(p.pp) +
                                    " stages exceed the " + std::to_string(m.layers) + " layers");
  }
  // Megatron-LM's load-balanced context parallelism splits each sequence into 2 x CP chunks.
  if (p.cp > 1) c.divides("parallelism.cp", 2LL * p.cp, t.seq, "tokens per sequence (CP needs 2 x CP chunks)");
  if (p.ep > 1) {
    if (!m.is_moe()) c.fail("parallelism.ep", "expert parallelism needs a mixture-of-experts model");
    else {
      c.divides("parallelism.ep", p.ep, m.experts, "experts");
      c.divides("parallelism.ep", p.ep, dp * p.cp, "ranks of DP x CP (EP splits experts inside DP x CP)");
    }
  }
  return out;
}

}  // namespace cp
