#include "engine/validate.h"

#include <cmath>
#include <cstdio>
#include <numeric>

#include "engine/utf8.h"
#include <string>

namespace cp {
namespace {

// The largest price of one item in any currency (see check_list).
constexpr double kMaxPrice = 1e12;
// Node-limited MoE routing (training.moe_max_nodes): more nodes than any cluster has is a typo.
constexpr int kMaxMoeNodes = 1 << 16;

// 64 -> "64", 1e+308 -> "1e+308", 0.088 -> "0.088".
std::string num(double v) {
  if (std::floor(v) == v && std::abs(v) < 1e15) return std::to_string((long long)v);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

class Checker {
 public:
  explicit Checker(std::vector<Problem>& out) : out_(out) {}

  void fail(const std::string& field, std::string message) { out_.push_back({field, std::move(message)}); }

  // Integer inputs: at least `min`, at most `max` (an absurd value is a typo, not a plan).
  bool range(const std::string& field, long long value, long long min, long long max) {
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

  // Real-valued inputs: finite, within [min, max] (`min_open`: above min). The upper bounds
  // are far above any real system (the sources are next to each call) and keep every figure
  // computed from them finite: a price of 1e308 per kWh times the energy of a run overflows.
  bool real(const std::string& field, double value, double min, double max, const std::string& what,
            bool min_open = false) {
    const bool ok = std::isfinite(value) && (min_open ? value > min : value >= min) && value <= max;
    if (!ok)
      out_.push_back({field, "must be " + what + ", " + (min_open ? "above " : "from ") + num(min) + " to " + num(max) +
                                 ", got " + num(value)});
    return ok;
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

// Assumptions (power, cost, reliability). Every upper bound is an input no real plan comes
// near; its purpose is that no figure computed from it overflows (issue 14: a power price of
// 1e308 made the cost -nan). Each bound's reasoning is next to it.
void check_list(const PriceList& l, const std::string& path, std::vector<Problem>& out) {
  for (size_t i = 0; i < l.lines.size(); ++i) {
    const PriceLine& x = l.lines[i];
    const std::string p = path + ".lines[" + std::to_string(i) + "]";
    // A DGX H100 costs about USD 0.3 million (hardware.md); 1e12 (a trillion) per item is a
    // typo in any currency, and a trillion x 1e6 items stays finite.
    if (!(x.price >= 0 && x.price <= kMaxPrice) || !std::isfinite(x.price))
      out.push_back({p + ".price", "must be a finite price from 0 to " + num(kMaxPrice) + ", got " + num(x.price)});
    if (x.gpus < 1 || x.gpus > 1024)  // as cluster.gpus_per_node
      out.push_back({p + ".gpus", "must be from 1 to 1024, got " + std::to_string(x.gpus)});
    // Line rates: 800 Gb/s NICs today (XDR, hardware.md); 100,000 Gb/s is far beyond.
    if (!(x.gbps >= 0 && x.gbps <= 1e5) || !std::isfinite(x.gbps))
      out.push_back({p + ".gbps", "must be a line rate in Gb/s, zero (any) to 100000, got " + num(x.gbps)});
    if (!x.fabric.empty() && x.fabric != "infiniband" && x.fabric != "roce")
      out.push_back({p + ".fabric", "'" + x.fabric + "' is not one of: infiniband, roce, or empty (any)"});
  }
}

}  // namespace

void check_assumptions(const Assumptions& a, std::vector<Problem>& out) {
  auto need = [&](const char* field, double v, bool ok, const std::string& rule) {
    if (!ok || !std::isfinite(v)) out.push_back({field, rule + ", got " + num(v)});
    return ok && std::isfinite(v);
  };
  // The upper bound (and a tighter lower one), checked once the value passed its first rule.
  auto within = [&](const char* field, double v, double min, double max, const std::string& what) {
    if (v < min || v > max) out.push_back({field, "must be " + what + " from " + num(min) + " to " + num(max) + ", got " + num(v)});
  };
  need("assumptions.pue", a.pue, a.pue >= 1 && a.pue <= 5, "must be at least 1 and at most 5");
  need("assumptions.gpu_power_factor", a.gpu_power_factor, a.gpu_power_factor > 0 && a.gpu_power_factor <= 1.5,
       "must be a fraction of TDP above 0 and at most 1.5");
  // Watts: a whole GB200 NVL72 rack draws about 120 kW (assumptions.h); one node's overhead,
  // one switch or the storage of one node above 1 MW, or one transceiver above 1 kW (an 800G
  // one draws 16 W), is a typo.
  if (a.node_overhead_w && need("assumptions.node_overhead_w", *a.node_overhead_w, *a.node_overhead_w >= 0,
                                "must be zero or more watts"))
    within("assumptions.node_overhead_w", *a.node_overhead_w, 0, 1e6, "a power in watts");
  if (a.switch_w && need("assumptions.switch_w", *a.switch_w, *a.switch_w >= 0, "must be zero or more watts"))
    within("assumptions.switch_w", *a.switch_w, 0, 1e6, "a power in watts");
  if (a.optic_w && need("assumptions.optic_w", *a.optic_w, *a.optic_w >= 0, "must be zero or more watts"))
    within("assumptions.optic_w", *a.optic_w, 0, 1e3, "a power in watts");
  if (need("assumptions.storage_w_per_node", a.storage_w_per_node, a.storage_w_per_node >= 0,
           "must be zero or more watts"))
    within("assumptions.storage_w_per_node", a.storage_w_per_node, 0, 1e6, "a power in watts");
  // A rack above 10 MW (80 GB200 NVL72 racks' worth) is a typo.
  if (need("assumptions.rack_limit_w", a.rack_limit_w, a.rack_limit_w > 0, "must be more than 0 watts"))
    within("assumptions.rack_limit_w", a.rack_limit_w, 0, 1e7, "a power in watts");
  // Lignite, the dirtiest grid fuel, emits about 1.1-1.2 kg CO2 per kWh (IPCC AR5 WG3 annex
  // III; coal's median 0.82 life-cycle): 5 is far above any grid.
  if (need("assumptions.grid_kg_co2_per_kwh", a.grid_kg_co2_per_kwh, a.grid_kg_co2_per_kwh >= 0,
           "must be zero or more kg CO2 per kWh"))
    within("assumptions.grid_kg_co2_per_kwh", a.grid_kg_co2_per_kwh, 0, 5, "kg CO2 per kWh");
  // CNY per USD: about 7.2 (2024); 0.01 to 1000 leaves room for any rate while a price
  // converted either way stays finite.
  if (need("assumptions.cny_per_usd", a.cny_per_usd, a.cny_per_usd > 0, "must be an exchange rate above 0"))
    within("assumptions.cny_per_usd", a.cny_per_usd, 0.01, 1000, "an exchange rate");
  // Electricity: 0.08-0.09 USD/kWh industrial (assumptions.h); household rates in Europe
  // stayed below 1 USD/kWh in the 2022 crisis: 100 per kWh in either currency is a typo.
  if (need("assumptions.power_price_per_kwh", a.power_price_per_kwh, a.power_price_per_kwh >= 0,
           "must be a price of zero or more per kWh"))
    within("assumptions.power_price_per_kwh", a.power_price_per_kwh, 0, 100, "a price per kWh");
  need("assumptions.headroom", a.headroom, a.headroom >= 0 && a.headroom <= 10, "must be a fraction from 0 to 10");
  need("assumptions.vat", a.vat, a.vat >= 0 && a.vat < 1, "must be a fraction from 0 to below 1");
  // Amortised over less than 0.01 year (3.7 days), the monthly share of a purchase is a typo,
  // and over 1e-300 years it is infinite (found by tst_properties).
  if (need("assumptions.amortisation_years", a.amortisation_years,
           a.amortisation_years > 0 && a.amortisation_years <= 50, "must be above 0 and at most 50 years"))
    within("assumptions.amortisation_years", a.amortisation_years, 0.01, 50, "a time in years");
  // Llama 3 saw 1.97e-5 interruptions per GPU-hour (assumptions.h). A rate above 0 but below
  // 1e-12 (one in 10^12 GPU-hours, a hundred million GPU-years) is a typo, and its MTBI of
  // 3600 / (rate x GPUs) seconds overflows (found by tst_properties: 2e-305 gave an infinite
  // checkpoint interval). 0 means no failures.
  if (need("assumptions.failure_rate_per_gpu_hour", a.failure_rate_per_gpu_hour,
           a.failure_rate_per_gpu_hour >= 0 && a.failure_rate_per_gpu_hour < 1, "must be from 0 to below 1 per GPU-hour") &&
      a.failure_rate_per_gpu_hour > 0 && a.failure_rate_per_gpu_hour < 1e-12)
    out.push_back({"assumptions.failure_rate_per_gpu_hour",
                   "must be 0 (no failures) or from 1e-12 to below 1 per GPU-hour, got " + num(a.failure_rate_per_gpu_hour)});
  // Checkpoint bandwidth: Megatron's 1T saved at 273 GB/s (assumptions.h); 1 PB/s is far
  // above any file system, 1 kB/s far below any disk.
  if (need("assumptions.checkpoint_bytes_per_s", a.checkpoint_bytes_per_s, a.checkpoint_bytes_per_s > 0,
           "must be more than 0 bytes/s"))
    within("assumptions.checkpoint_bytes_per_s", a.checkpoint_bytes_per_s, 1e3, 1e15, "a bandwidth in bytes/s");
  // fp32 weights, gradients and Adam's two moments are 16 bytes per parameter; 1000 is a typo.
  if (a.checkpoint_bytes_per_param &&
      need("assumptions.checkpoint_bytes_per_param", *a.checkpoint_bytes_per_param, *a.checkpoint_bytes_per_param > 0,
           "must be more than 0 bytes per parameter"))
    within("assumptions.checkpoint_bytes_per_param", *a.checkpoint_bytes_per_param, 0, 1000, "a size in bytes");
  // A year is 3.2e7 s: 1e8 s (3 years) to restart or between checkpoints is beyond any run.
  if (need("assumptions.restart_s", a.restart_s, a.restart_s >= 0, "must be zero or more seconds"))
    within("assumptions.restart_s", a.restart_s, 0, 1e8, "a time in seconds");
  if (a.checkpoint_interval_s &&
      need("assumptions.checkpoint_interval_s", *a.checkpoint_interval_s, *a.checkpoint_interval_s > 0,
           "must be more than 0 seconds"))
    within("assumptions.checkpoint_interval_s", *a.checkpoint_interval_s, 0, 1e8, "a time in seconds");
  check_list(a.rent, "assumptions.price_lists.rent", out);
  check_list(a.cloud, "assumptions.price_lists.cloud", out);
  check_list(a.purchase, "assumptions.price_lists.purchase", out);
  if (a.rent.payment != Payment::Rent)
    out.push_back({"assumptions.price_lists.rent.payment", "must be 'rent' in the rent slot"});
  if (a.cloud.payment != Payment::Cloud)
    out.push_back({"assumptions.price_lists.cloud.payment", "must be 'cloud' in the cloud slot"});
  if (a.purchase.payment != Payment::Purchase)
    out.push_back({"assumptions.price_lists.purchase.payment", "must be 'purchase' in the purchase slot"});
}

namespace {

// The values that would let DP be derived, for the one message of an underivable layout
// (issue 19, point 13): "; DP can be derived with TP 1, 2, 4 or 8 (PP 4), PP 1, 2 or 4 (TP 8),
// or nodes in multiples of 4".
std::string divisors_text(long long n, int limit) {
  std::vector<long long> d;
  for (long long i = 1; i <= n && i <= limit; ++i)
    if (n % i == 0) d.push_back(i);
  std::string out;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i > 0) out += i + 1 == d.size() ? " or " : ", ";
    out += std::to_string(d[i]);
  }
  return out;
}

std::string layout_hint(const Parallelism& p, const Cluster& k) {
  const long long gpus = (long long)k.gpus_per_node * k.nodes;
  std::vector<std::string> ways;
  if (gpus % ((long long)p.pp * p.cp) == 0)
    ways.push_back("TP " + divisors_text(gpus / ((long long)p.pp * p.cp), kMaxHeadsExpertsDegree) + " (PP " +
                   std::to_string(p.pp) + ")");
  if (gpus % ((long long)p.tp * p.cp) == 0)
    ways.push_back("PP " + divisors_text(gpus / ((long long)p.tp * p.cp), kMaxHeadsExpertsDegree) + " (TP " +
                   std::to_string(p.tp) + ")");
  const long long replica = (long long)p.tp * p.pp * p.cp;
  const long long step = replica / std::gcd(replica, (long long)k.gpus_per_node);
  ways.push_back("nodes in multiples of " + std::to_string(step));
  std::string out = "; DP can be derived with ";
  for (std::size_t i = 0; i < ways.size(); ++i) {
    if (i > 0) out += i + 1 == ways.size() ? ", or " : ", ";
    out += ways[i];
  }
  return out;
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
  // Llama 3 405B trained on 15.6e12 tokens (published-runs.md); 1e18 is a typo.
  // A budget below one token is a typo; its cost per token would be infinite.
  if (!(t.tokens == 0 || (t.tokens >= 1 && t.tokens <= 1e18)) || !std::isfinite(t.tokens))
    c.fail("training.tokens",
           "must be a finite number of tokens, zero or more (0: none, else at least 1) and at most 1e+18, got " +
               num(t.tokens));

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
  // Per-GPU overheads: a GPU holds at most some 10^11 bytes (192 GB, hardware.md); 1 PB is a typo.
  if (!(o.framework_bytes >= 0 && o.framework_bytes <= 1e15) || !std::isfinite(o.framework_bytes))
    c.fail("overheads.framework_bytes", "must be zero or more bytes, at most 1e+15, got " + num(o.framework_bytes));
  if (!(o.comm_buffer_bytes >= 0 && o.comm_buffer_bytes <= 1e15) || !std::isfinite(o.comm_buffer_bytes))
    c.fail("overheads.comm_buffer_bytes", "must be zero or more bytes, at most 1e+15, got " + num(o.comm_buffer_bytes));
  if (!(o.fragmentation >= 0 && o.fragmentation < 1))
    c.fail("overheads.fragmentation", "must be a fraction from 0 to below 1, got " + num(o.fragmentation));
  if (!(o.headroom_fraction >= 0 && o.headroom_fraction < 1))
    c.fail("overheads.headroom_fraction", "must be a fraction from 0 to below 1, got " + num(o.headroom_fraction));

  // The network and the site calibration.
  cluster_ok &= c.range("cluster.nics_per_node", k.nics_per_node, 1, 64);
  if (!(k.oversubscription >= 1 && k.oversubscription <= 1000))
    c.fail("cluster.oversubscription", "must be a ratio from 1 (non-blocking) to 1000, got " + num(k.oversubscription));
  if (!(k.fabric.nic_busbw > 0) || !std::isfinite(k.fabric.nic_busbw))
    c.fail("cluster.fabric_spec.nic_busbw_bytes_per_s", "must be a positive bandwidth, got " + num(k.fabric.nic_busbw));
  else  // an 800 Gb/s NIC moves 1e11 bytes/s (hardware.md): 1 MB/s to 1 PB/s bounds any link
    c.real("cluster.fabric_spec.nic_busbw_bytes_per_s", k.fabric.nic_busbw, 1e6, 1e15, "a bandwidth in bytes/s");
  c.real("cluster.fabric_spec.nic_gbps", k.fabric.nic_gbps, 0, 1e5, "a line rate in Gb/s");
  // Latencies of microseconds (hardware.md); a second per hop is a typo.
  // (Below zero, latencies and ports have their own messages further down.)
  if (k.fabric.base_latency_s >= 0)
    c.real("cluster.fabric_spec.base_latency_s", k.fabric.base_latency_s, 0, 1, "a latency in seconds");
  if (k.fabric.switch_latency_s >= 0)
    c.real("cluster.fabric_spec.switch_latency_s", k.fabric.switch_latency_s, 0, 1, "a latency in seconds");
  if (k.fabric.switch_ports >= 2) c.range("cluster.fabric_spec.switch_ports", k.fabric.switch_ports, 2, 1 << 16);
  if (k.fabric.qps_per_connection >= 1)
    c.range("cluster.fabric_spec.qps_per_connection", k.fabric.qps_per_connection, 1, 1 << 16);
  // A custom GPU: an H200 has 141 GB, 4.8 TB/s and about 1e15 dense BF16 FLOP/s (hardware.md).
  // The bounds sit a thousand times beyond, and far enough above zero that no time divides
  // by a vanishing rate.
  // (Zero or less memory, BF16 peak or memory bandwidth have their own messages.)
  if (k.gpu.memory_bytes > 0)
    c.real("cluster.gpu_spec.memory_bytes", k.gpu.memory_bytes, 1e6, 1e15, "a capacity in bytes");
  if (k.gpu.bf16_flops > 0) c.real("cluster.gpu_spec.bf16_flops", k.gpu.bf16_flops, 1e9, 1e18, "a peak in FLOP/s");
  // 0 stands for "as BF16" (FP8), "half of BF16" (FP32) and "PCIe" (the link); a value just
  // above 0 would make a time infinite (found by tst_properties: a link of 1e-300 bytes/s).
  if (k.gpu.fp8_flops != 0) c.real("cluster.gpu_spec.fp8_flops", k.gpu.fp8_flops, 1e9, 1e18, "0 (as BF16) or a peak in FLOP/s");
  if (k.gpu.fp32_flops != 0)
    c.real("cluster.gpu_spec.fp32_flops", k.gpu.fp32_flops, 1e9, 1e18, "0 (half of BF16) or a peak in FLOP/s");
  if (k.gpu.memory_bw > 0)
    c.real("cluster.gpu_spec.memory_bw_bytes_per_s", k.gpu.memory_bw, 1e6, 1e15, "a bandwidth in bytes/s");
  if (k.gpu.link_bw != 0)
    c.real("cluster.gpu_spec.link_bw_bytes_per_s", k.gpu.link_bw, 1e6, 1e15, "0 (PCIe) or a bandwidth in bytes/s");
  c.real("cluster.gpu_spec.tdp_w", k.gpu.tdp_w, 0, 1e5, "a power in watts");
  c.range("cluster.gpu_spec.tile_n", k.gpu.tile_n, 0, 1 << 16);
  c.range("cluster.gpu_spec.sm_count", k.gpu.sm_count, 0, 1 << 20);
  if (!(k.fabric.switch_ports >= 2))
    c.fail("cluster.fabric_spec.switch_ports", "must be at least 2, got " + std::to_string(k.fabric.switch_ports));
  if (!(k.fabric.base_latency_s >= 0) || !(k.fabric.switch_latency_s >= 0))
    c.fail("cluster.fabric_spec.base_latency_s", "latencies must be zero or more seconds");
  if (!(k.fabric.balance_efficiency > 0 && k.fabric.balance_efficiency <= 1) ||
      !(k.fabric.cc_efficiency > 0 && k.fabric.cc_efficiency <= 1))
    c.fail("cluster.fabric_spec.balance_efficiency", "efficiencies must be fractions above 0 and at most 1");
  if (k.fabric.qps_per_connection < 1)
    c.fail("cluster.fabric_spec.qps_per_connection", "must be at least 1");
  if (k.fabric.channels_per_nic < 1 || k.fabric.channels_per_nic > 64)
    c.fail("cluster.fabric_spec.channels_per_nic",
           "must be 1 to 64 NCCL channels per NIC, got " + std::to_string(k.fabric.channels_per_nic));
  if (!(k.gpu.bf16_flops > 0) || !(k.gpu.memory_bw > 0))
    c.fail("cluster.gpu_spec.bf16_flops", "a GPU needs a positive BF16 peak and memory bandwidth");
  if (!(k.gpu.mamf_fraction > 0 && k.gpu.mamf_fraction <= 1))
    c.fail("cluster.gpu_spec.mamf_fraction", "must be a fraction above 0 and at most 1, got " + num(k.gpu.mamf_fraction));
  if (!(k.gpu.fa2_fraction_of_fa3 > 0 && k.gpu.fa2_fraction_of_fa3 <= 1))
    c.fail("cluster.gpu_spec.fa2_fraction_of_fa3",
           "must be a fraction above 0 and at most 1, got " + num(k.gpu.fa2_fraction_of_fa3));
  if (t.moe_max_nodes < 0 || t.moe_max_nodes > kMaxMoeNodes)
    c.fail("training.moe_max_nodes", "must be 0 (no limit) or a number of nodes per token, at most " +
                                         std::to_string(kMaxMoeNodes) + ", got " + std::to_string(t.moe_max_nodes));
  if (!(t.dp_bucket_params > 0 && t.dp_bucket_params <= 1e15) || !std::isfinite(t.dp_bucket_params))
    c.fail("training.dp_bucket_params", "must be a positive number of parameters, at most 1e+15, got " +
                                            num(t.dp_bucket_params));
  if (!(s.calibration.step_time_factor > 0 && s.calibration.step_time_factor < 1000))
    c.fail("calibration.step_time_factor",
           "must be a positive ratio of measured to modelled step time, got " + num(s.calibration.step_time_factor));
  // A measured step a thousand times shorter than modelled is a typo (MFU would be some 500,
  // warning above_peak); far shorter ones make the throughput infinite (found by tst_properties).
  else if (s.calibration.step_time_factor < 1e-3)
    c.fail("calibration.step_time_factor",
           "must be a ratio of measured to modelled step time from 0.001 to below 1000, got " +
               num(s.calibration.step_time_factor));

  // Text: the JSON output and the library hold UTF-8 only (issue 14).
  if (!is_valid_utf8(s.name)) c.fail("name", invalid_utf8_reason(s.name));
  if (!is_valid_utf8(s.calibration.note)) c.fail("calibration.note", invalid_utf8_reason(s.calibration.note));

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
                                 std::to_string(gpus) + " GPUs of the cluster" + layout_hint(p, k));
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
