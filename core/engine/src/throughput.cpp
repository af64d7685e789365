#include "engine/throughput.h"

#include <algorithm>
#include <cmath>

#include "engine/error_band.h"

namespace cp {

GroupLink group_link(const Scenario& s, const NetworkSize& net, int ranks, int per_node, TrafficPattern pattern) {
  GroupLink g;
  g.ranks = ranks;
  g.pattern = pattern;
  per_node = std::max(1, std::min(per_node, ranks));
  g.per_node = per_node;
  g.nodes = (ranks + per_node - 1) / per_node;
  const GpuSpec& gpu = s.cluster.gpu;
  const double intra = gpu.link_bw > 0 ? gpu.link_bw * calib::kNvlinkEfficiency : calib::kPcieBusbw;
  const double alpha_intra = calib::kNcclStepLatencyS;
  g.intra = Link{intra, alpha_intra};
  if (g.nodes <= 1) {
    g.link = g.intra;
    return g;
  }
  // Across nodes each GPU owns nics/gpus of its node's NIC bandwidth, times what the fabric
  // delivers to this traffic pattern (crossing flows, ECMP collisions, congestion control).
  const FabricSpec& f = s.cluster.fabric;
  const double nic_share = f.nic_busbw * s.cluster.nics_per_node / s.cluster.gpus_per_node;
  const FabricEfficiency fe = fabric_efficiency(f, net, s.cluster.oversubscription, g.nodes, pattern);
  g.fabric_factor = fe.total;
  // A ring passes the whole buffer through every node once, on the group's per_node NICs in
  // parallel (DGX A100, 8x HDR: 8 x 24 = 192 GB/s); an all-to-all or a neighbour send goes out
  // through each GPU's own NIC.
  const bool collective = pattern == TrafficPattern::Ring || pattern == TrafficPattern::Tree;
  const double inter = (collective ? per_node : 1) * nic_share * fe.total;
  const int hops = g.nodes > net.nodes_per_leaf ? (g.nodes > net.nodes_per_pod ? 5 : 3) : 1;
  const double alpha_inter =
      calib::kNcclStepLatencyS + f.base_latency_s + std::max(0, std::min(hops, net.max_switch_hops) - 1) * f.switch_latency_s;
  if (collective) {
    // Of a ring's 2(n-1) steps, those crossing a node boundary pay the network latency.
    const double alpha = (alpha_intra * (ranks - g.nodes) + alpha_inter * g.nodes) / ranks;
    g.link = Link{std::min(intra, inter), alpha};
  } else {
    g.link = Link{std::min(intra, inter), alpha_inter};
  }
  return g;
}

double overlap_slowdown_s(const GpuSpec& gpu, double hidden_s, double hidden_bus_bytes) {
  const double hbm = gpu.memory_bw * calib::kHbmEfficiency;
  const double contention = hbm > 0 ? calib::kCollectiveHbmPerBusByte * hidden_bus_bytes / hbm : 0.0;
  return std::min(hidden_s, std::max(calib::kOverlapInterference * hidden_s, contention));
}

double zero3_exposed_per_microbatch(double gather_s, double reduce_scatter_s, double fwd_layer_s, double bwd_layer_s,
                                    int layers) {
  const double windows = std::max(0, layers - 1);
  return gather_s + reduce_scatter_s + windows * (std::max(0.0, gather_s - fwd_layer_s) +
                                                  std::max(0.0, gather_s + reduce_scatter_s - bwd_layer_s));
}

GroupLink group_link(const Scenario& s, const NetworkSize& net, int ranks, int per_node) {
  return group_link(s, net, ranks, per_node, TrafficPattern::Ring);
}

namespace {

struct StageCost {
  double compute = 0;   // fwd + bwd + recompute of one micro-batch
  double bwd = 0;       // the backward part (the window DP overlap can use)
  double tp = 0, ep = 0, cp = 0;
  double model_flops = 0, hardware_flops = 0;
  double dense_params = 0, expert_params = 0;
  double total() const { return compute + tp + ep + cp; }
};

}  // namespace

StepBreakdown estimate_step(const Scenario& s, const ParamCounts& pc, int dp, const NetworkSize& net) {
  const ModelShape& m = s.model;
  const Training& tr = s.training;
  const Parallelism& p = s.parallel;
  const int gpn = s.cluster.gpus_per_node;
  ComputeContext ctx{&m, &tr, &p, &s.cluster.gpu, peak_flops(s.cluster.gpu, tr.precision)};
  const LayerWork dense = layer_work(ctx, false);
  const LayerWork moe = m.is_moe() ? layer_work(ctx, true) : LayerWork{};
  const LayerWork out = output_work(ctx);
  const bool full = tr.recompute == Recompute::Full;
  const double T = double(tr.seq) / p.cp * tr.micro_batch;  // tokens per micro-batch per GPU
  const double h = m.hidden;
  StepBreakdown st;

  // Megatron-LM rank order tp-cp-ep-dp-pp: TP ranks are adjacent, then CP, EP/DP, PP.
  st.tp = group_link(s, net, p.tp, std::min(p.tp, gpn));
  const int inner = p.tp;
  st.cp = group_link(s, net, p.cp, std::max(1, gpn / inner), TrafficPattern::P2P);
  st.ep = group_link(s, net, p.ep, std::max(1, gpn / (inner * p.cp)), TrafficPattern::AllToAll);
  st.dp = group_link(s, net, dp * p.cp, std::max(1, gpn / inner));
  st.pp = group_link(s, net, 2, p.tp * p.cp * dp < gpn ? 2 : 1, TrafficPattern::P2P);

  // TP: two all-reduces forward and two backward per layer on 2sbh bytes (Shoeybi et al.
  // 2019); with SP the same bytes as reduce-scatter + all-gather (Korthikanti et al. 2022).
  // Full recomputation repeats the forward pair.
  double tp_layer = 0, tp_hidden_layer = 0;
  if (p.tp > 1) {
    const CollectiveTime ar = all_reduce(2.0 * T * h, p.tp, st.tp.link);
    st.tp.algo = ar.algo;
    tp_layer = (4.0 + (full ? 2.0 : 0.0)) * ar.seconds;
    if (tr.tp_comm_overlap) {
      tp_hidden_layer = tp_layer * calib::kTpOverlapHidden;
      tp_layer -= tp_hidden_layer;
    }
  }
  // EP: per MoE layer a dispatch and a combine all-to-all forward, their two gradients backward,
  // and the forward pair again under full recomputation. Each rank sends its T tokens' routed
  // copies (top-k experts, hidden h): a copy for an expert on another node leaves through the
  // rank's own NIC, the rest move over NVLink. With node-limited routing (M nodes per token)
  // a token crosses once per destination node and fans out over NVLink there (DeepSeek-V3,
  // DeepEP). The all-to-all waits for the rank receiving the most tokens: with balanced
  // routing, the expected maximum of T k routed tokens over the EP ranks (balls into bins).
  // Dispatch and combine sit between the router and the expert GEMMs of the same micro-batch,
  // so nothing of that micro-batch can hide them; only schedules that interleave two
  // micro-batches (DeepSeek's DualPipe) overlap them, which is not modelled: they are exposed.
  double ep_layer = 0;
  if (p.ep > 1 && m.is_moe()) {
    const double k = m.experts_per_token;
    const double n = p.ep;
    const double g = st.ep.nodes;
    const double routed = T * k / p.tp;  // routed token copies this rank sends
    // Copies that cross nodes: a plain all-to-all sends every copy for a remote expert.
    double cross_copies = routed * (n - st.ep.per_node) / n;
    if (tr.moe_max_nodes > 0 && g > 1) {
      // Distinct nodes a token's k experts fall on (uniform routing), capped at M; own node excluded.
      const double distinct = g * (1.0 - std::pow(1.0 - 1.0 / g, k));
      const double nodes_hit = std::min(distinct, double(tr.moe_max_nodes));
      cross_copies = std::min(cross_copies, T / p.tp * nodes_hit * (g - 1) / g);
    }
    const double intra_copies = std::max(0.0, routed * (st.ep.per_node - 1) / n);
    const double imbalance =
        routed > 0 ? expected_max_load(routed * n, n) / std::max(routed, 1e-9) : 1.0;  // busiest rank / mean
    // fp8 dispatch: 1 byte per element plus an fp32 scale per 128 (DeepSeek-V3 section 3.3);
    // the forward combine and its mirror in the backward stay bf16.
    const double fp8 = 1.0 + 4.0 / 128.0;
    const double dispatch_bytes = tr.moe_dispatch == MoeDispatch::Fp8 ? fp8 : 2.0;
    auto a2a = [&](double bytes_per_elem) {
      return all_to_all(imbalance * intra_copies * h * bytes_per_elem, imbalance * cross_copies * h * bytes_per_elem,
                        p.ep, st.ep.intra, st.ep.link);
    };
    const CollectiveTime dispatch = a2a(dispatch_bytes);
    const CollectiveTime combine = a2a(2.0);
    st.ep.algo = dispatch.algo;
    // Forward: dispatch + combine; backward: combine's gradient travels like a dispatch (fp8
    // in DeepSeek-V3), dispatch's gradient like a combine; full recompute repeats the forward.
    ep_layer = (2.0 + (full ? 1.0 : 0.0)) * (dispatch.seconds + combine.seconds);
  }
  // CP: ring attention passes K and V chunks around the CP ring (cp - 1 steps) overlapped with
  // the attention core; the backward also returns dK and dV.
  double cp_layer = 0, cp_fwd_stall = 0, cp_bwd_stall = 0, cp_fwd_comm = 0;
  if (p.cp > 1) {
    const double kv_dim = m.attention == AttentionType::Mla
                              ? double(m.heads) * (m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim + m.mla.v_head_dim)
                              : 2.0 * m.kv_heads * m.effective_head_dim();
    const double chunk = T * kv_dim * 2.0 / p.tp;
    const double fwd = (p.cp - 1) * send_recv(chunk, st.cp.link).seconds;
    st.cp.algo = CollectiveAlgo::Ring;
    cp_fwd_comm = fwd;
    cp_fwd_stall = std::max(0.0, fwd - dense.attention_fwd_s);
    cp_bwd_stall = std::max(0.0, 2.0 * fwd - 2.5 * dense.attention_fwd_s);
    cp_layer = cp_fwd_stall + cp_bwd_stall;
  }

  // Per-stage cost of one micro-batch; the slowest stage paces the pipeline.
  auto stage = [&](const StageKind& k) {
    StageCost c;
    const int dense_layers = k.layers - k.moe_layers;
    c.compute = dense_layers * (dense.fwd_s + dense.bwd_s + dense.recompute_s) +
                k.moe_layers * (moe.fwd_s + moe.bwd_s + moe.recompute_s);
    c.bwd = dense_layers * (dense.bwd_s + dense.recompute_s) + k.moe_layers * (moe.bwd_s + moe.recompute_s);
    c.model_flops = dense_layers * dense.model_flops + k.moe_layers * moe.model_flops;
    c.hardware_flops = dense_layers * dense.hardware_flops + k.moe_layers * moe.hardware_flops;
    if (k.last) {
      c.compute += out.fwd_s + out.bwd_s;
      c.bwd += out.bwd_s;
      c.model_flops += out.model_flops;
      c.hardware_flops += out.hardware_flops;
    }
    // DeepSpeed's pipeline engine: blocking instructions, no overlap between micro-batches.
    if (tr.stack == SoftwareStack::MegatronDeepSpeed && p.pp > 1) {
      c.compute *= calib::tunables().deepspeed_pipeline_factor;
      c.bwd *= calib::tunables().deepspeed_pipeline_factor;
    }
    c.tp = k.layers * tp_layer;
    c.ep = k.moe_layers * ep_layer;
    c.cp = k.layers * cp_layer;
    const StageParams held = stage_params(m, pc, p, k);
    c.dense_params = held.dense;
    c.expert_params = held.experts;
    return c;
  };
  StageKind kinds[kMaxStageKinds];
  const int n = stage_kinds(m, p.pp, kinds);
  StageCost stages[kMaxStageKinds];
  for (int i = 0; i < n; ++i) stages[i] = stage(kinds[i]);
  int slow = 0;
  for (int i = 0; i < n; ++i) {
    if (stages[i].total() > stages[slow].total()) slow = i;
  }
  // Whole-model FLOPs per micro-batch: every layer once and the output layer, summed over TP
  // and CP ranks.
  const double rank_sum = double(p.tp) * p.cp;
  const int moe_total = m.moe_layers();
  const double model_flops_per_mb =
      rank_sum * ((m.layers - moe_total) * dense.model_flops + moe_total * moe.model_flops + out.model_flops);
  const double hardware_flops_per_mb =
      rank_sum * ((m.layers - moe_total) * dense.hardware_flops + moe_total * moe.hardware_flops + out.hardware_flops);
  const StageCost& c = stages[slow];
  st.slowest_stage = kinds[slow].index;
  const int mb = tr.global_batch / (dp * tr.micro_batch);
  const double v = p.vpp;
  st.microbatch_s = c.total();
  st.compute_s = mb * c.compute;
  st.exposed.tp_s = mb * c.tp;
  st.exposed.ep_s = mb * c.ep;
  st.ep_total_s = mb * c.ep;  // all exposed (see above)
  st.exposed.cp_s = mb * c.cp;
  // Pipeline bubble: (p - 1) / (v m) of the ideal time, i.e. (p - 1) / v micro-batch slots
  // (Narayanan et al. 2021, section 2.2), when each stage has at least p micro-batches to
  // interleave. With m < p micro-batches the first one's chunks run their p x v chunk steps
  // one after another and the others trail it: (p v + m - 1) / v slots for m of work, a bubble
  // of (p - m) + (m - 1) / v slots (p - 1 for a single micro-batch, whatever v).
  const double bubble_slots = mb >= p.pp ? (p.pp - 1) / v : (p.pp - mb) + (mb - 1) / v;
  st.bubble_s = p.pp > 1 ? bubble_slots * c.total() : 0.0;
  // PP: activations forward and gradients backward between stages for every micro-batch and
  // chunk; with SP only 1/t of them per rank (scatter/gather, Narayanan et al. 2021).
  if (p.pp > 1) {
    const double bytes = T * h * 2.0 / (p.sp ? p.tp : 1);
    const CollectiveTime one = send_recv(bytes, st.pp.link);
    st.pp.algo = one.algo;
    st.exposed.pp_s = 2.0 * v * mb * one.seconds;
  }

  // DP: gradient reduction over DP x CP ranks (experts over DP x CP / EP).
  const BytesPerParam bpp = bytes_per_param(tr.precision, tr.optimizer, tr.grad_dtype, tr.zero);
  const int d = dp * p.cp;
  const int d_expert = std::max(1, d / p.ep);
  const GroupLink dpe = group_link(s, net, d_expert, std::max(1, gpn / (p.tp * p.ep)));
  double reduce = 0, gather = 0;
  double z3_gather = 0, z3_reduce = 0;  // ZeRO-3: one layer's gather and reduce-scatter, seconds
  double dp_bus_bytes = 0;              // bytes the DP collectives move per rank (bus bytes)
  const int layers_in_stage = std::max(1, kinds[slow].layers);
  // Megatron-Core buckets: max(floor, 1M x DP) parameters; one bucket without overlap.
  auto bucket_params = [&](int ranks) {
    return std::max(tr.dp_bucket_params, calib::kBucketParamsPerDpRank * ranks);
  };
  auto reduce_grads = [&](double params, int ranks, const GroupLink& g) {
    if (ranks <= 1 || params <= 0) return;
    const Link& link = g.link;
    // PAT applies when the group has one rank per node (NCCL 2.23+).
    const bool one_per_node = g.per_node == 1 && g.nodes > 1;
    if (tr.zero == Zero::Stage3) {
      // FSDP / ZeRO-3: every micro-batch gathers each layer's weights for forward and again
      // for backward and reduce-scatters its gradients: three collectives per layer, each
      // paying its own latency ((n-1) ring steps unless PAT applies).
      const double per_layer = params / layers_in_stage;
      const CollectiveTime rs = reduce_scatter(per_layer * bpp.gradients, ranks, link, one_per_node);
      const CollectiveTime ag = all_gather(per_layer * bpp.weights, ranks, link, one_per_node);
      reduce += mb * layers_in_stage * rs.seconds;
      gather += mb * 2.0 * layers_in_stage * ag.seconds;
      z3_reduce += rs.seconds;
      z3_gather += ag.seconds;
      dp_bus_bytes += mb * layers_in_stage * per_layer * (bpp.gradients + 2.0 * bpp.weights) * (ranks - 1) / ranks;
      st.dp_collectives += mb * 3.0 * layers_in_stage;
      st.dp.algo = rs.algo;
      return;
    }
    // ZeRO-0/1/2 and the distributed optimizer reduce bucket by bucket, each bucket a
    // collective of its own (NCCL picks ring or tree per bucket size for all-reduce, ring or
    // PAT for reduce-scatter and all-gather).
    const double buckets = tr.dp_overlap ? std::max(1.0, std::ceil(params / bucket_params(ranks))) : 1.0;
    const double per_bucket = params / buckets;
    if (tr.zero == Zero::Stage0) {
      const CollectiveTime ar = all_reduce(per_bucket * bpp.gradients, ranks, link);
      reduce += buckets * ar.seconds;
      dp_bus_bytes += 2.0 * params * bpp.gradients * (ranks - 1) / ranks;
      st.dp_collectives += buckets;
      if (st.dp.algo == CollectiveAlgo::None) st.dp.algo = ar.algo;
    } else if (tr.zero == Zero::Stage2) {
      // ZeRO-2 as DeepSpeed runs it: a GPU keeps only its shard of the gradients, so it cannot
      // accumulate whole gradients over micro-batches and reduce-scatters every micro-batch's
      // (DeepSpeed stage_1_and_2.py, reduce_ipg_grads in each backward), then gathers the
      // updated 16-bit weights once per step. Megatron-LM's way, full gradient buffers and one
      // reduce-scatter per step, is the distributed optimizer (Zero::DistributedOptimizer).
      const CollectiveTime rs = reduce_scatter(per_bucket * bpp.gradients, ranks, link, one_per_node);
      reduce += mb * buckets * rs.seconds;
      gather += buckets * all_gather(per_bucket * std::max(2.0, bpp.weights), ranks, link, one_per_node).seconds;
      dp_bus_bytes += params * (mb * bpp.gradients + std::max(2.0, bpp.weights)) * (ranks - 1) / ranks;
      st.dp_collectives += (mb + 1.0) * buckets;
      st.dp.algo = rs.algo;
    } else {
      // ZeRO-1 and the distributed optimizer: reduce-scatter the gradients, then gather the
      // updated 16-bit weights.
      const CollectiveTime rs = reduce_scatter(per_bucket * bpp.gradients, ranks, link, one_per_node);
      reduce += buckets * rs.seconds;
      gather += buckets * all_gather(per_bucket * std::max(2.0, bpp.weights), ranks, link, one_per_node).seconds;
      dp_bus_bytes += params * (bpp.gradients + std::max(2.0, bpp.weights)) * (ranks - 1) / ranks;
      st.dp_collectives += 2.0 * buckets;
      st.dp.algo = rs.algo;
    }
  };
  reduce_grads(c.dense_params, d, st.dp);
  reduce_grads(c.expert_params, d_expert, dpe);
  st.dp_total_s = reduce + gather;
  // DP communication hides behind the compute stream, whose time in a window is its kernels
  // plus its stalls on context-parallel exchanges (a faster GPU shortens both the kernels and
  // the cover, never the sum). When the CP and DP groups both cross the NIC, the CP exchanges
  // of the window occupy the same links first. One window for all, so the hidden parts never
  // add up to more than the compute they hide behind.
  const int layers_slow = kinds[slow].layers;
  const bool cp_shares_nic = p.cp > 1 && st.cp.nodes > 1 && st.dp.nodes > 1;
  const double cp_busy_fwd = cp_shares_nic ? layers_slow * cp_fwd_comm : 0.0;
  const double cp_busy_bwd = cp_shares_nic ? layers_slow * 2.0 * cp_fwd_comm : 0.0;
  const double fwd_stream = (c.compute - c.bwd) + layers_slow * cp_fwd_stall;
  const double bwd_stream = c.bwd + layers_slow * cp_bwd_stall;
  if (tr.zero == Zero::Stage3) {
    // One layer of prefetch, per micro-batch, forward and backward windows apart
    // (zero3_exposed_per_microbatch); CP exchanges crossing the same NICs shorten the windows.
    const double fwd_layer = std::max(0.0, fwd_stream - cp_busy_fwd) / layers_in_stage;
    const double bwd_layer = std::max(0.0, bwd_stream - cp_busy_bwd) / layers_in_stage;
    st.exposed.dp_s =
        std::min(reduce + gather, mb * zero3_exposed_per_microbatch(z3_gather, z3_reduce, fwd_layer, bwd_layer, layers_in_stage));
  } else if (tr.dp_overlap) {
    // Buckets are reduced while the last micro-batch's backward runs (Megatron-LM
    // --overlap-grad-reduce; PyTorch DDP): the last bucket, and whatever does not fit in the
    // backward window, stays exposed. The weight gather overlaps the next forward likewise.
    const double total_params = c.dense_params + c.expert_params;
    const double bucket = total_params > 0 ? std::min(1.0, bucket_params(d) / total_params) : 1.0;
    // ZeRO-2 reduces in every micro-batch's backward: one window, and one last bucket, each.
    const double windows = tr.zero == Zero::Stage2 ? std::max(1, mb) : 1;
    const double per_window = reduce / windows;
    const double exposed_reduce =
        windows * std::max(bucket * per_window, per_window - std::max(0.0, bwd_stream - cp_busy_bwd));
    const double exposed_gather = std::max(bucket * gather, gather - std::max(0.0, fwd_stream - cp_busy_fwd));
    st.exposed.dp_s = exposed_reduce + exposed_gather;
  } else {
    st.exposed.dp_s = reduce + gather;
  }

  // Optimizer step on this GPU's share of the states.
  const double params = c.dense_params + c.expert_params;
  const double with_states =
      tr.zero == Zero::Stage0 ? params : c.dense_params / d + c.expert_params / d_expert;
  st.optimizer_s = optimizer_time(s.cluster.gpu, tr.precision, tr.optimizer, with_states, params);

  // Hidden communication is not free: NCCL kernels occupy SMs and HBM bandwidth while they
  // overlap the GEMMs, slowing them by about the share of SMs they hold.
  const double tp_hidden = tp_layer > 0 ? mb * c.tp * (tp_hidden_layer / tp_layer) : 0.0;
  const double dp_hidden = std::max(0.0, st.dp_total_s - st.exposed.dp_s);
  const double hidden_share = st.dp_total_s > 0 ? dp_hidden / st.dp_total_s : 0.0;
  st.compute_s += overlap_slowdown_s(s.cluster.gpu, dp_hidden, hidden_share * dp_bus_bytes) +
                  calib::kOverlapInterference * std::max(0.0, tp_hidden);

  st.modelled_step_s = st.compute_s + st.exposed.total() + st.bubble_s + st.optimizer_s;
  st.step_s = st.modelled_step_s * s.calibration.step_time_factor;
  st.model_flops_per_step = model_flops_per_mb * mb * dp;
  st.hardware_flops_per_step = hardware_flops_per_mb * mb * dp;
  return st;
}

Throughput estimate_throughput(const Scenario& s, const StepBreakdown& st, int /*dp*/, bool calibrated_range) {
  Throughput t;
  const double gpus = s.cluster.total_gpus();
  const double tokens = double(s.training.global_batch) * s.training.seq;
  t.tokens_per_s = tokens / st.step_s;
  t.model_flops_per_step = st.model_flops_per_step;
  t.hardware_flops_per_step = st.hardware_flops_per_step;
  t.model_tflops_per_gpu = st.model_flops_per_step / st.step_s / gpus / 1e12;
  t.hardware_tflops_per_gpu = st.hardware_flops_per_step / st.step_s / gpus / 1e12;
  const double peak = peak_flops(s.cluster.gpu, s.training.precision);
  t.mfu = t.model_tflops_per_gpu * 1e12 / peak;
  t.hfu = t.hardware_tflops_per_gpu * 1e12 / peak;
  const ErrorBand band = error_band(s, count_params(s.model).total, calibrated_range);
  t.band_low_error = band.low;
  t.band_high_error = band.high;
  if (band.widest) {
    t.band_dimension = band.widest->dimension;
    t.band_bucket = band.widest->bucket;
    t.band_runs = band.widest->runs;
  }
  t.band_low = t.tokens_per_s / (1.0 + band.high);
  t.band_high = t.tokens_per_s / (1.0 + band.low);
  t.mfu_band_low = t.mfu / (1.0 + band.high);
  t.mfu_band_high = t.mfu / (1.0 + band.low);
  if (s.training.tokens > 0) t.train_time_s = s.training.tokens / t.tokens_per_s;
  return t;
}

}  // namespace cp
