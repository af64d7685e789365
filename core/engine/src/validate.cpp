#include "engine/validate.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

#include "engine/fields.h"
#include "engine/utf8.h"
#include <string>

namespace cp {

std::string fill_reason(std::string_view reason, const std::vector<std::string>& args) {
  std::string out;
  out.reserve(reason.size() + 16 * args.size());
  for (std::size_t i = 0; i < reason.size(); ++i) {
    const char c = reason[i];
    if (c == '%' && i + 1 < reason.size() && reason[i + 1] >= '1' && reason[i + 1] <= '9') {
      const std::size_t n = std::size_t(reason[i + 1] - '1');
      if (n < args.size()) out += args[n];
      ++i;
    } else {
      out += c;
    }
  }
  return out;
}

Problem make_problem(std::string field, std::string_view reason, std::vector<std::string> args) {
  std::string message = fill_reason(reason, args);
  return {std::move(field), std::move(message), reason, std::move(args)};
}
namespace {

// The largest price of one item in any currency (see check_list).
constexpr double kMaxPrice = 1e12;
// Llama 3 saw 1.97e-5 interruptions per GPU-hour (assumptions.h). A rate above 0 but below
// 1e-12 (one in 10^12 GPU-hours, a hundred million GPU-years) is a typo, and its MTBI of
// 3600 / (rate x GPUs) seconds overflows (found by tst_properties: 2e-305 gave an infinite
// checkpoint interval). 0 means no failures.
constexpr double kMinFailureRate = 1e-12;

// Every bound below is the field table's (engine/fields.h): one owner for each input's bounds.
std::string num(double v) { return bound_text(v); }
std::string whole(long long v) { return std::to_string(v); }

class Checker {
 public:
  explicit Checker(std::vector<Problem>& out) : out_(out) {}

  void fail(const std::string& field, std::string_view reason, std::vector<std::string> args = {}) {
    out_.push_back(make_problem(field, reason, std::move(args)));
  }

  // Integer inputs: at least `min`, at most `max` (an absurd value is a typo, not a plan).
  bool range(const std::string& field, long long value, long long min, long long max) {
    if (value < min) {
      fail(field, reasons::at_least, {whole(min), whole(value)});
      return false;
    }
    if (value > max) {
      fail(field, reasons::at_most, {whole(max), whole(value)});
      return false;
    }
    return true;
  }
  // An integer input within its row's bounds.
  bool range(const FieldInfo& f, long long value) { return range(std::string(f.key), value, (long long)f.min, (long long)f.max); }

  // Real-valued inputs: finite, within [min, max] (`min_open`: above min). The upper bounds
  // are far above any real system (the sources are next to each call) and keep every figure
  // computed from them finite: a price of 1e308 per kWh times the energy of a run overflows.
  bool real(const std::string& field, double value, double min, double max, const std::string& what,
            bool min_open = false) {
    const bool ok = std::isfinite(value) && (min_open ? value > min : value >= min) && value <= max;
    if (!ok) fail(field, min_open ? reasons::real_above_to : reasons::real_from_to, {what, num(min), num(max), num(value)});
    return ok;
  }
  // A real input within its row's closed upper bound (`what`: the kind of quantity, in words).
  bool real(const FieldInfo& f, double value, const std::string& what) {
    return real(std::string(f.key), value, f.min, f.max, what, f.min_open);
  }

  bool divides(const char* field, long long divisor, long long value, const std::string& what) {
    if (divisor > 0 && value % divisor != 0) {
      fail(field, reasons::not_divides, {whole(divisor), whole(value), what});
      return false;
    }
    return true;
  }

 private:
  std::vector<Problem>& out_;
};

// Assumptions (power, cost, reliability). Every upper bound is an input no real plan comes
// near; its purpose is that no figure computed from it overflows (unbounded, a power price of
// 1e308 makes the cost -nan). Each bound's reasoning is next to it.
void check_list(const PriceList& l, const std::string& path, std::vector<Problem>& out) {
  for (size_t i = 0; i < l.lines.size(); ++i) {
    const PriceLine& x = l.lines[i];
    const std::string p = path + ".lines[" + std::to_string(i) + "]";
    // A DGX H100 costs about USD 0.3 million (hardware.md); 1e12 (a trillion) per item is a
    // typo in any currency, and a trillion x 1e6 items stays finite.
    if (!(x.price >= 0 && x.price <= kMaxPrice) || !std::isfinite(x.price))
      out.push_back(make_problem(p + ".price", reasons::price, {num(kMaxPrice), num(x.price)}));
    constexpr const FieldInfo& gpus = field("cluster.gpus_per_node");  // a line prices one node
    if (!gpus.admits(x.gpus))
      out.push_back(make_problem(p + ".gpus", reasons::count_from_to, {num(gpus.min), num(gpus.max), whole(x.gpus)}));
    constexpr const FieldInfo& gbps = field("cluster.fabric_spec.nic_gbps");  // a NIC's line rate
    if (!gbps.admits(x.gbps) || !std::isfinite(x.gbps))
      out.push_back(make_problem(p + ".gbps", reasons::line_rate, {num(gbps.max), num(x.gbps)}));
    if (!x.fabric.empty() && x.fabric != "infiniband" && x.fabric != "roce")
      out.push_back(make_problem(p + ".fabric", reasons::fabric_kind, {x.fabric}));
  }
}

}  // namespace

void check_assumptions(const Assumptions& a, std::vector<Problem>& out) {
  // `rule`: a reason whose last argument is the value given, which is appended to `args`.
  auto need = [&](const FieldInfo& f, double v, bool ok, std::string_view rule, std::vector<std::string> args = {}) {
    if (!ok || !std::isfinite(v)) {
      args.push_back(num(v));
      out.push_back(make_problem(std::string(f.key), rule, std::move(args)));
    }
    return ok && std::isfinite(v);
  };
  // The row's bounds, checked once the value passed its first rule (a sign, or finiteness).
  auto within = [&](const FieldInfo& f, double v, const std::string& what) {
    if (v < f.min || v > f.max)
      out.push_back(make_problem(std::string(f.key), reasons::within, {what, num(f.min), num(f.max), num(v)}));
  };
  // A value that must be zero or more, then within the row's bounds.
  auto non_negative = [&](const FieldInfo& f, double v, std::string_view rule, const std::string& what) {
    if (need(f, v, v >= 0, rule)) within(f, v, what);
  };
  // A value that must be above zero, then within the row's bounds.
  auto positive = [&](const FieldInfo& f, double v, std::string_view rule, const std::string& what) {
    if (need(f, v, v > 0, rule)) within(f, v, what);
  };
  constexpr const FieldInfo& pue = field("assumptions.pue");
  need(pue, a.pue, pue.admits(a.pue), reasons::pue, {num(pue.min), num(pue.max)});
  constexpr const FieldInfo& draw = field("assumptions.gpu_power_factor");
  need(draw, a.gpu_power_factor, draw.admits(a.gpu_power_factor), reasons::tdp_fraction, {num(draw.min), num(draw.max)});
  if (a.node_overhead_w)
    non_negative(field("assumptions.node_overhead_w"), *a.node_overhead_w, reasons::watts_zero_or_more, "a power in watts");
  if (a.switch_w) non_negative(field("assumptions.switch_w"), *a.switch_w, reasons::watts_zero_or_more, "a power in watts");
  if (a.optic_w) non_negative(field("assumptions.optic_w"), *a.optic_w, reasons::watts_zero_or_more, "a power in watts");
  non_negative(field("assumptions.storage_w_per_node"), a.storage_w_per_node, reasons::watts_zero_or_more,
               "a power in watts");
  positive(field("assumptions.rack_limit_w"), a.rack_limit_w, reasons::watts_above_zero, "a power in watts");
  non_negative(field("assumptions.grid_kg_co2_per_kwh"), a.grid_kg_co2_per_kwh, reasons::co2,
               "kg CO2 per kWh");
  positive(field("assumptions.cny_per_usd"), a.cny_per_usd, reasons::exchange_rate, "an exchange rate");
  non_negative(field("assumptions.power_price_per_kwh"), a.power_price_per_kwh, reasons::power_price,
               "a price per kWh");
  constexpr const FieldInfo& headroom = field("assumptions.headroom");
  need(headroom, a.headroom, headroom.admits(a.headroom), reasons::fraction_from_to, {num(headroom.min), num(headroom.max)});
  constexpr const FieldInfo& vat = field("assumptions.vat");
  need(vat, a.vat, vat.admits(a.vat), reasons::fraction_to_below, {num(vat.min), num(vat.max)});
  constexpr const FieldInfo& years = field("assumptions.amortisation_years");
  if (need(years, a.amortisation_years, a.amortisation_years > 0 && a.amortisation_years <= years.max,
           reasons::years, {num(years.max)}))
    within(years, a.amortisation_years, "a time in years");
  // The owner's full cost.
  auto price_in = [&](const FieldInfo& f, double v) { need(f, v, f.admits(v), reasons::price, {num(f.max)}); };
  price_in(field("assumptions.facility_per_kw_month"), a.facility_per_kw_month);
  if (a.facility_capex_per_mw) price_in(field("assumptions.facility_capex_per_mw"), *a.facility_capex_per_mw);
  constexpr const FieldInfo& facility_years = field("assumptions.facility_years");
  if (need(facility_years, a.facility_years, a.facility_years > 0 && a.facility_years <= facility_years.max,
           reasons::years, {num(facility_years.max)}))
    within(facility_years, a.facility_years, "a time in years");
  for (const auto& [f, v] : {std::pair{&field("assumptions.support_per_year"), a.support_per_year},
                             std::pair{&field("assumptions.discount_rate"), a.discount_rate},
                             std::pair{&field("assumptions.residual_value"), a.residual_value}})
    need(*f, v, f->admits(v), reasons::fraction_from_to, {num(f->min), num(f->max)});
  constexpr const FieldInfo& storage_share = field("assumptions.storage_capex_share");
  need(storage_share, a.storage_capex_share, storage_share.admits(a.storage_capex_share), reasons::fraction_to_below,
       {num(storage_share.min), num(storage_share.max)});
  constexpr const FieldInfo& failures = field("assumptions.failure_rate_per_gpu_hour");
  if (need(failures, a.failure_rate_per_gpu_hour, failures.admits(a.failure_rate_per_gpu_hour),
           reasons::failure_rate, {num(failures.min), num(failures.max)}) &&
      a.failure_rate_per_gpu_hour > 0 && a.failure_rate_per_gpu_hour < kMinFailureRate)
    out.push_back(make_problem(std::string(failures.key), reasons::failure_rate_tiny,
                               {num(kMinFailureRate), num(failures.max), num(a.failure_rate_per_gpu_hour)}));
  if (a.checkpoint_bytes_per_s)
    positive(field("assumptions.checkpoint_bytes_per_s"), *a.checkpoint_bytes_per_s, reasons::bandwidth_above_zero,
             "a bandwidth in bytes/s");
  positive(field("assumptions.checkpoint_bytes_per_s_per_gpu"), a.checkpoint_bytes_per_s_per_gpu,
           reasons::bandwidth_above_zero, "a bandwidth in bytes/s");
  if (a.checkpoint_bytes_per_param)
    positive(field("assumptions.checkpoint_bytes_per_param"), *a.checkpoint_bytes_per_param,
             reasons::bytes_per_param, "a size in bytes");
  non_negative(field("assumptions.restart_s"), a.restart_s, reasons::seconds_zero_or_more, "a time in seconds");
  if (a.checkpoint_interval_s)
    positive(field("assumptions.checkpoint_interval_s"), *a.checkpoint_interval_s, reasons::seconds_above_zero,
             "a time in seconds");
  check_list(a.rent, "assumptions.price_lists.rent", out);
  check_list(a.cloud, "assumptions.price_lists.cloud", out);
  check_list(a.purchase, "assumptions.price_lists.purchase", out);
  if (a.rent.payment != Payment::Rent)
    out.push_back(make_problem("assumptions.price_lists.rent.payment", reasons::payment_slot, {"rent"}));
  if (a.cloud.payment != Payment::Cloud)
    out.push_back(make_problem("assumptions.price_lists.cloud.payment", reasons::payment_slot, {"cloud"}));
  if (a.purchase.payment != Payment::Purchase)
    out.push_back(make_problem("assumptions.price_lists.purchase.payment", reasons::payment_slot, {"purchase"}));
}

namespace {

// The values that would let DP be derived, for the one message of an underivable layout, so
// that the user sees what would work: "; DP can be derived with TP 1, 2, 4 or 8 (PP 4), PP 1, 2
// or 4 (TP 8), or nodes in multiples of 4".
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

// DP cannot be derived: the one message says which TP, PP or node counts would work.
void underivable_dp(const Parallelism& p, const Cluster& k, Checker& c) {
  const long long gpus = (long long)k.gpus_per_node * k.nodes;
  const long long replica = (long long)p.tp * p.pp * p.cp;
  const long long step = replica / std::gcd(replica, (long long)k.gpus_per_node);
  const bool by_tp = gpus % ((long long)p.pp * p.cp) == 0, by_pp = gpus % ((long long)p.tp * p.cp) == 0;
  const std::string tps = by_tp ? divisors_text(gpus / ((long long)p.pp * p.cp), (int)field("parallelism.tp").max) : "";
  const std::string pps = by_pp ? divisors_text(gpus / ((long long)p.tp * p.cp), (int)field("parallelism.pp").max) : "";
  if (by_tp && by_pp)
    c.fail("parallelism.dp", reasons::dp_underivable_tp_pp,
           {whole(replica), whole(gpus), tps, whole(p.pp), pps, whole(p.tp), whole(step)});
  else if (by_tp)
    c.fail("parallelism.dp", reasons::dp_underivable_tp, {whole(replica), whole(gpus), tps, whole(p.pp), whole(step)});
  else if (by_pp)
    c.fail("parallelism.dp", reasons::dp_underivable_pp, {whole(replica), whole(gpus), pps, whole(p.tp), whole(step)});
  else
    c.fail("parallelism.dp", reasons::dp_underivable, {whole(replica), whole(gpus), whole(step)});
}

void check_model(const ModelShape& m, Checker& c) {
  bool ok = c.range(field("model.layers"), m.layers);
  ok &= c.range(field("model.hidden"), m.hidden);
  ok &= c.range(field("model.heads"), m.heads);
  ok &= c.range(field("model.kv_heads"), m.kv_heads);
  ok &= c.range(field("model.ffn"), m.ffn);
  ok &= c.range(field("model.vocab"), m.vocab);
  ok &= c.range(field("model.head_dim"), m.head_dim);
  ok &= c.range(field("model.learned_positions"), m.learned_positions);
  if (!ok) return;
  if (m.head_dim == 0 && m.attention == AttentionType::Mha)
    c.divides("model.heads", m.heads, m.hidden, "hidden size (set head_dim for other head sizes)");
  if (m.kv_heads > m.heads)
    c.fail("model.kv_heads", reasons::kv_heads, {whole(m.heads), whole(m.kv_heads)});
  else
    c.divides("model.kv_heads", m.kv_heads, m.heads, "attention heads");
  if (!c.range(field("model.experts"), m.experts)) return;
  if (m.experts > 0) {
    // Of a MoE model, at least one routed expert and at most all of them; dense layers leave
    // at least one MoE layer.
    c.range("model.experts_per_token", m.experts_per_token, 1, m.experts);
    c.range(field("model.shared_experts"), m.shared_experts);
    c.range(field("model.moe_ffn"), m.moe_ffn);
    c.range("model.dense_layers", m.dense_layers, 0, m.layers - 1);
  } else {
    if (m.experts_per_token != 0 || m.shared_experts != 0) c.fail("model.experts_per_token", reasons::no_experts);
    // Unused by a dense model, but kept in its file: never a value no MoE model could hold.
    c.range(field("model.moe_ffn"), m.moe_ffn);
    c.range("model.dense_layers", m.dense_layers, 0, m.layers);
  }
}

// Every row with a value is inside its bounds. The checks above give the rows with rules of
// their own their own words; this names the rest, so that a new input is checked by its row
// alone. A row already refused keeps the one message; an unset optional row is no value, and
// a row's 0 that stands for a default is one.
void check_row_bounds(const Scenario& s, std::vector<Problem>& out) {
  for (const FieldInfo& f : kFields) {
    if (!f.has_value() || !f.bounded()) continue;
    const double v = f.get(s);
    const bool unset = (f.optional && std::isnan(v)) || (f.zero_default && v == 0);
    if (unset || (f.admits(v) && std::isfinite(v))) continue;
    if (std::any_of(out.begin(), out.end(), [&](const Problem& p) { return p.field == f.key; })) continue;
    const std::string_view reason = f.min_open ? (f.max_open ? reasons::above_to_below : reasons::above_to)
                                               : (f.max_open ? reasons::from_to_below : reasons::count_from_to);
    out.push_back(make_problem(std::string(f.key), reason, {num(f.min), num(f.max), num(v)}));
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
  c.range(field("training.seq"), t.seq);
  c.range(field("training.micro_batch"), t.micro_batch);
  c.range(field("training.global_batch"), t.global_batch);
  // A budget below one token is a typo; its cost per token would be infinite.
  constexpr const FieldInfo& tokens = field("training.tokens");
  if (!(t.tokens == tokens.min || (t.tokens >= 1 && t.tokens <= tokens.max)) || !std::isfinite(t.tokens))
    c.fail(std::string(tokens.key), reasons::tokens, {num(tokens.max), num(t.tokens)});

  const Parallelism& p = s.parallel;
  bool par_ok = c.range(field("parallelism.tp"), p.tp);
  par_ok &= c.range(field("parallelism.pp"), p.pp);
  par_ok &= c.range(field("parallelism.vpp"), p.vpp);
  par_ok &= c.range(field("parallelism.dp"), p.dp);
  par_ok &= c.range(field("parallelism.cp"), p.cp);
  par_ok &= c.range(field("parallelism.ep"), p.ep);

  const Cluster& k = s.cluster;
  bool cluster_ok = c.range(field("cluster.gpus_per_node"), k.gpus_per_node);
  cluster_ok &= c.range(field("cluster.nodes"), k.nodes);
  if (!(k.gpu.memory_bytes > 0))
    c.fail("cluster.gpu", reasons::gpu_memory, {k.gpu.id});
  // FP8 training runs its matrix multiplications on FP8 tensor cores; without them (A100:
  // Transformer Engine requires compute capability 8.9 or newer) no stack runs it at all, so an
  // fp8 plan there is refused rather than priced at BF16 speed with FP8's extra weight copies.
  if (s.training.precision == Precision::Fp8 && k.gpu.fp8_flops == 0)
    c.fail("training.precision", reasons::no_fp8, {k.gpu.name});

  const Overheads& o = s.overheads;
  for (const auto& [f, v] : {std::pair{&field("overheads.framework_bytes"), o.framework_bytes},
                             std::pair{&field("overheads.comm_buffer_bytes"), o.comm_buffer_bytes}})
    if (!f->admits(v) || !std::isfinite(v))
      c.fail(std::string(f->key), reasons::bytes_zero_or_more, {num(f->max), num(v)});
  for (const auto& [f, v] : {std::pair{&field("overheads.fragmentation"), o.fragmentation},
                             std::pair{&field("overheads.headroom_fraction"), o.headroom_fraction}})
    if (!f->admits(v))
      c.fail(std::string(f->key), reasons::fraction_to_below, {num(f->min), num(f->max), num(v)});

  // The network and the site calibration.
  cluster_ok &= c.range(field("cluster.nics_per_node"), k.nics_per_node);
  constexpr const FieldInfo& over = field("cluster.oversubscription");
  if (!over.admits(k.oversubscription))
    c.fail(std::string(over.key), reasons::oversubscription, {num(over.min), num(over.max), num(k.oversubscription)});
  if (!(k.fabric.nic_busbw > 0) || !std::isfinite(k.fabric.nic_busbw))
    c.fail("cluster.fabric_spec.nic_busbw_bytes_per_s", reasons::positive_bandwidth, {num(k.fabric.nic_busbw)});
  else
    c.real(field("cluster.fabric_spec.nic_busbw_bytes_per_s"), k.fabric.nic_busbw, "a bandwidth in bytes/s");
  c.real(field("cluster.fabric_spec.nic_gbps"), k.fabric.nic_gbps, "a line rate in Gb/s");
  // (Below zero, latencies and ports have their own messages further down.)
  if (k.fabric.base_latency_s >= 0)
    c.real(field("cluster.fabric_spec.base_latency_s"), k.fabric.base_latency_s, "a latency in seconds");
  if (k.fabric.switch_latency_s >= 0)
    c.real(field("cluster.fabric_spec.switch_latency_s"), k.fabric.switch_latency_s, "a latency in seconds");
  if (k.fabric.switch_ports >= 2) c.range(field("cluster.fabric_spec.switch_ports"), k.fabric.switch_ports);
  if (k.fabric.qps_per_connection >= 1)
    c.range(field("cluster.fabric_spec.qps_per_connection"), k.fabric.qps_per_connection);
  // A custom GPU. (Zero or less memory, BF16 peak or memory bandwidth have their own messages.)
  if (k.gpu.memory_bytes > 0) c.real(field("cluster.gpu_spec.memory_bytes"), k.gpu.memory_bytes, "a capacity in bytes");
  if (k.gpu.bf16_flops > 0) c.real(field("cluster.gpu_spec.bf16_flops"), k.gpu.bf16_flops, "a peak in FLOP/s");
  // 0 stands for "no FP8 units" (FP8), "half of BF16" (FP32) and "PCIe" (the link); a value
  // just above 0 would make a time infinite (found by tst_properties: a link of 1e-300 bytes/s).
  if (k.gpu.fp8_flops != 0)
    c.real(field("cluster.gpu_spec.fp8_flops"), k.gpu.fp8_flops, "0 (no FP8 units) or a peak in FLOP/s");
  if (k.gpu.fp32_flops != 0)
    c.real(field("cluster.gpu_spec.fp32_flops"), k.gpu.fp32_flops, "0 (half of BF16) or a peak in FLOP/s");
  if (k.gpu.memory_bw > 0)
    c.real(field("cluster.gpu_spec.memory_bw_bytes_per_s"), k.gpu.memory_bw, "a bandwidth in bytes/s");
  if (k.gpu.link_bw != 0)
    c.real(field("cluster.gpu_spec.link_bw_bytes_per_s"), k.gpu.link_bw, "0 (PCIe) or a bandwidth in bytes/s");
  c.real(field("cluster.gpu_spec.tdp_w"), k.gpu.tdp_w, "a power in watts");
  c.range(field("cluster.gpu_spec.tile_n"), k.gpu.tile_n);
  c.range(field("cluster.gpu_spec.sm_count"), k.gpu.sm_count);
  if (!(k.fabric.switch_ports >= field("cluster.fabric_spec.switch_ports").min))
    c.fail("cluster.fabric_spec.switch_ports", reasons::at_least, {"2", whole(k.fabric.switch_ports)});
  if (!(k.fabric.base_latency_s >= 0) || !(k.fabric.switch_latency_s >= 0))
    c.fail("cluster.fabric_spec.base_latency_s", reasons::latencies);
  if (!field("cluster.fabric_spec.balance_efficiency").admits(k.fabric.balance_efficiency) ||
      !field("cluster.fabric_spec.cc_efficiency").admits(k.fabric.cc_efficiency))
    c.fail("cluster.fabric_spec.balance_efficiency", reasons::efficiencies);
  if (k.fabric.qps_per_connection < 1)
    c.fail("cluster.fabric_spec.qps_per_connection", reasons::at_least_one);
  constexpr const FieldInfo& channels = field("cluster.fabric_spec.channels_per_nic");
  if (!channels.admits(k.fabric.channels_per_nic))
    c.fail(std::string(channels.key), reasons::channels, {num(channels.min), num(channels.max), whole(k.fabric.channels_per_nic)});
  if (!(k.gpu.bf16_flops > 0) || !(k.gpu.memory_bw > 0))
    c.fail("cluster.gpu_spec.bf16_flops", reasons::gpu_peaks);
  constexpr const FieldInfo& mamf = field("cluster.gpu_spec.mamf_fraction");
  if (!mamf.admits(k.gpu.mamf_fraction))
    c.fail(std::string(mamf.key), reasons::fraction_above, {num(mamf.min), num(mamf.max), num(k.gpu.mamf_fraction)});
  constexpr const FieldInfo& fa2 = field("cluster.gpu_spec.fa2_fraction_of_fa3");
  if (!fa2.admits(k.gpu.fa2_fraction_of_fa3))
    c.fail(std::string(fa2.key), reasons::fraction_above, {num(fa2.min), num(fa2.max), num(k.gpu.fa2_fraction_of_fa3)});
  constexpr const FieldInfo& moe_nodes = field("training.moe_max_nodes");
  if (!moe_nodes.admits(t.moe_max_nodes))
    c.fail(std::string(moe_nodes.key), reasons::moe_nodes, {num(moe_nodes.max), whole(t.moe_max_nodes)});
  constexpr const FieldInfo& bucket = field("training.dp_bucket_params");
  if (!bucket.admits(t.dp_bucket_params) || !std::isfinite(t.dp_bucket_params))
    c.fail(std::string(bucket.key), reasons::bucket, {num(bucket.max), num(t.dp_bucket_params)});
  constexpr const FieldInfo& factor = field("calibration.step_time_factor");
  if (!(s.calibration.step_time_factor > 0 && s.calibration.step_time_factor < factor.max))
    c.fail(std::string(factor.key), reasons::step_factor, {num(s.calibration.step_time_factor)});
  else if (!factor.admits(s.calibration.step_time_factor))
    c.fail(std::string(factor.key), reasons::step_factor_range,
           {num(factor.min), num(factor.max), num(s.calibration.step_time_factor)});

  // Text: the JSON output and the library hold UTF-8 only.
  if (!is_valid_utf8(s.name)) c.fail("name", reasons::utf8, invalid_utf8_args(s.name));
  if (!is_valid_utf8(s.calibration.note)) c.fail("calibration.note", reasons::utf8, invalid_utf8_args(s.calibration.note));

  check_assumptions(s.assumptions, out);  // power, cost, reliability (core/engine/src/assumptions.cpp)
  check_row_bounds(s, out);

  if (!par_ok || !cluster_ok) return out;

  // Layout against the cluster: TP x PP x CP x DP = GPUs (Megatron-LM's rank layout).
  const long long gpus = (long long)k.gpus_per_node * k.nodes;
  const long long replica = (long long)p.tp * p.pp * p.cp;
  if (p.dp > 0) {
    if (replica * p.dp != gpus)
      c.fail("parallelism.dp", reasons::dp_product,
             {whole(p.tp), whole(p.pp), whole(p.cp), whole(p.dp), whole(replica * p.dp), whole(gpus)});
  } else if (gpus % replica != 0) {
    underivable_dp(p, k, c);
  }
  const long long dp = p.dp > 0 ? p.dp : gpus / replica;

  if (dp > 0 && t.micro_batch > 0 && t.global_batch > 0 && t.global_batch % (dp * t.micro_batch) != 0)
    c.fail("training.global_batch", reasons::global_batch, {whole(t.global_batch), whole(dp), whole(t.micro_batch)});

  if (!model_ok) return out;

  // Megatron-LM splits heads, KV heads and the MLP's inner dimension across TP ranks.
  c.divides("parallelism.tp", p.tp, m.heads, "attention heads");
  // TP splits the K/V heads, or copies them when it is a multiple of their count (one or more
  // heads per rank: StarCoder's multi-query attention under TP 4).
  if (m.attention == AttentionType::Mha && !(m.kv_heads > 0 && p.tp > m.kv_heads && p.tp % m.kv_heads == 0))
    c.divides("parallelism.tp", p.tp, m.kv_heads, "key/value heads");
  c.divides("parallelism.tp", p.tp, m.ffn, "FFN size");
  const long long dc = dp * p.cp;
  // ETP as Scenario::expert_tp() resolves it (kept here in whole numbers of the checked layout).
  const long long etp = p.etp > 0 ? p.etp : (p.ep > 0 && dc % p.ep == 0 ? p.tp : 1);
  if (m.is_moe()) {
    if (etp == p.tp) c.divides("parallelism.tp", p.tp, m.expert_ffn(), "expert FFN size");
    else c.divides("parallelism.etp", etp, m.expert_ffn(), "expert FFN size");
  }
  if (p.pp > m.layers)
    c.fail("parallelism.pp", reasons::pp_layers, {whole(p.pp), whole(m.layers)});
  if (p.vpp > 1) {
    if (p.pp == 1) c.fail("parallelism.vpp", reasons::vpp_needs_pp);
    else if (p.vpp * p.pp > m.layers)
      c.fail("parallelism.vpp", reasons::vpp_layers, {whole(p.vpp), whole(p.pp), whole(m.layers)});
  }
  // Megatron-LM's load-balanced context parallelism splits each sequence into 2 x CP chunks.
  if (p.cp > 1) c.divides("parallelism.cp", 2LL * p.cp, t.seq, "tokens per sequence (CP needs 2 x CP chunks)");
  if (p.ep > 1 && !m.is_moe()) c.fail("parallelism.ep", reasons::ep_needs_moe);
  if (p.etp > 1 && !m.is_moe()) c.fail("parallelism.etp", reasons::ep_needs_moe);
  if (m.is_moe() && (p.ep > 1 || p.etp > 1)) {
    c.divides("parallelism.ep", p.ep, m.experts, "experts");
    // MoE parallel folding (Megatron-Core): a stage's TP x DP x CP GPUs hold the experts as
    // ETP x EP x EDP, so EP x ETP must divide them; EP may span TP ranks.
    c.divides(p.etp > 0 ? "parallelism.etp" : "parallelism.ep", p.ep * etp, p.tp * dc,
              "GPUs of a pipeline stage, TP x DP x CP (EP x ETP must divide them)");
  }
  return out;
}

std::string invalid_utf8_reason(std::string_view text) { return fill_reason(reasons::utf8, invalid_utf8_args(text)); }

}  // namespace cp
