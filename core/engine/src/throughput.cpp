#include "engine/throughput.h"

#include <algorithm>
#include <cassert>
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
  assert(!net.memo || net.memo->serves(f, net, s.cluster.oversubscription));
  const FabricEfficiency fe = net.memo ? net.memo->get(g.nodes, pattern)
                                       : fabric_efficiency(f, net, s.cluster.oversubscription, g.nodes, pattern);
  g.fabric_factor = fe.total;
  // A ring passes the whole buffer through every node once, on the group's per_node NICs in
  // parallel (DGX A100, 8x HDR: 8 x 24 = 192 GB/s); an all-to-all or a neighbour send goes out
  // through each GPU's own NIC.
  const bool collective = pattern == TrafficPattern::Ring || pattern == TrafficPattern::Tree;
  const double inter = (collective ? per_node : 1) * nic_share * fe.total;
  const int hops = g.nodes > net.nodes_per_leaf
                       ? (g.nodes > net.nodes_per_pod ? calib::kSwitchHopsAcrossPods : calib::kSwitchHopsInPod)
                       : calib::kSwitchHopsUnderLeaf;
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

double unfused_accumulation_bytes_per_param(double grad_bytes) {
  // The 16-bit weight gradient read once, the buffer read and written: 2 + 2 x 4 = 10 bytes
  // with fp32 buffers (Megatron-LM 2021, DistributedDataParallel's hook
  // param.main_grad.add_(param.grad.data)); fused, the GEMM's epilogue adds in place.
  return calib::kActivationBytes + 2.0 * grad_bytes;
}

double fsdp_copy_bytes_per_param(double grad_bytes) {
  return calib::kZero3GathersPerLayer * calib::kFsdpGatherCopyBytes + (calib::kActivationBytes + grad_bytes) +
         2.0 * grad_bytes;
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

bool tp_backward_overlaps(const Training& tr) {
  return tr.tp_async_grad && (tr.stack_used() == SoftwareStack::MegatronCore || tr.stack_used() == SoftwareStack::MegatronLm);
}

TpLayerCost tp_layer_cost(double tokens, double hidden, int tp, const Link& link, bool full_recompute, bool overlap,
                          bool async_backward, double async_window_s, double overlap_window_s) {
  TpLayerCost c;
  if (tp <= 1) return c;
  const CollectiveTime ar = all_reduce(calib::kActivationBytes * tokens * hidden, tp, link);
  c.algo = ar.algo;
  const double collectives = calib::kTpCollectivesPerLayer + (full_recompute ? calib::kTpCollectivesRecomputed : 0.0);
  c.exposed_s = collectives * ar.seconds;
  // The asynchronous backward hides the backward pair under the weight-gradient GEMMs; TP
  // overlap (userbuffers) hides kTpOverlapHidden of all, as far as the layer's compute lasts,
  // and never less than the former.
  const double async_hidden =
      async_backward ? std::min(calib::kTpCollectivesBackward * ar.seconds, std::max(0.0, async_window_s)) : 0.0;
  if (overlap) {
    c.hidden_s = std::max(std::min(c.exposed_s * calib::kTpOverlapHidden, std::max(0.0, overlap_window_s)), async_hidden);
  } else {
    c.hidden_s = async_hidden;
  }
  c.exposed_s -= c.hidden_s;
  return c;
}

double fp8_dispatch_bytes_per_element() { return 1.0 + calib::kFp8ScaleBytes / calib::kFp8ScaleBlock; }

EpLayerCost ep_layer_cost(const ModelShape& m, const Training& tr, int tp, double tokens, const GroupLink& ep) {
  EpLayerCost c;
  if (ep.ranks <= 1 || !m.is_moe()) return c;
  const double k = m.experts_per_token;
  const double n = ep.ranks;
  const double g = ep.nodes;
  const double h = m.hidden;
  const double routed = tokens * k / tp;  // routed token copies this rank sends
  // Copies that cross nodes: a plain all-to-all sends every copy for a remote expert.
  double cross_copies = routed * (n - ep.per_node) / n;
  if (tr.moe_max_nodes > 0 && g > 1) {
    // Distinct nodes a token's k experts fall on (uniform routing), capped at M; own node excluded.
    const double distinct = g * (1.0 - std::pow(1.0 - 1.0 / g, k));
    const double nodes_hit = std::min(distinct, double(tr.moe_max_nodes));
    cross_copies = std::min(cross_copies, tokens / tp * nodes_hit * (g - 1) / g);
  }
  const double intra_copies = std::max(0.0, routed * (ep.per_node - 1) / n);
  const double imbalance =
      routed > 0 ? expected_max_load(routed * n, n) / std::max(routed, 1e-9) : 1.0;  // busiest rank / mean
  const double dispatch_bytes =
      tr.moe_dispatch == MoeDispatch::Fp8 ? fp8_dispatch_bytes_per_element() : calib::kActivationBytes;
  auto a2a = [&](double bytes_per_elem) {
    return all_to_all(imbalance * intra_copies * h * bytes_per_elem, imbalance * cross_copies * h * bytes_per_elem,
                      ep.ranks, ep.intra, ep.link);
  };
  const CollectiveTime dispatch = a2a(dispatch_bytes);
  const CollectiveTime combine = a2a(calib::kActivationBytes);
  c.algo = dispatch.algo;
  // Forward: dispatch + combine; backward: combine's gradient travels like a dispatch (fp8
  // in DeepSeek-V3), dispatch's gradient like a combine; full recompute repeats the forward.
  const double pairs = calib::kEpAllToAllPairsPerLayer + (tr.recompute == Recompute::Full ? 1.0 : 0.0);
  c.seconds = pairs * (dispatch.seconds + combine.seconds);
  return c;
}

CpLayerCost cp_layer_cost(const ModelShape& m, int tp, int cp, double tokens, double attention_fwd_s, const Link& link) {
  CpLayerCost c;
  if (cp <= 1) return c;
  const double kv_dim = m.attention == AttentionType::Mla
                            ? double(m.heads) * (m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim + m.mla.v_head_dim)
                            : 2.0 * m.kv_heads_for_tp(tp) * m.effective_head_dim();
  const double chunk = tokens * kv_dim * calib::kActivationBytes / tp;
  const double fwd = (cp - 1) * send_recv(chunk, link).seconds;
  c.algo = CollectiveAlgo::Ring;
  c.comm_fwd_s = fwd;
  c.stall_fwd_s = std::max(0.0, fwd - attention_fwd_s);
  // The backward returns dK and dV as well (twice the bytes) behind the attention backward
  // (calib::kFlashBackwardFactor of the forward).
  c.stall_bwd_s = std::max(0.0, calib::kCpBackwardBytesFactor * fwd - calib::kFlashBackwardFactor * attention_fwd_s);
  return c;
}

double pipeline_layer_overhead_s(const Training& tr, const Parallelism& p, const Calibration& calibration) {
  // DeepSpeed's pipeline engine: blocking host steps around every layer (compute.h).
  return tr.stack_used() == SoftwareStack::MegatronDeepSpeed && p.pp > 1 ? calibration.deepspeed_layer_overhead_s : 0.0;
}

StageCost stage_cost(const StageKind& k, const LayerWork& dense, const LayerWork& moe, const LayerWork& out,
                     double layer_overhead_s, const LayerComm& comm) {
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
  // The pipeline engine's fixed cost per layer, shared between forward and backward as the
  // layers' own time is (the backward's part is the window DP overlap could use).
  if (layer_overhead_s > 0 && c.compute > 0) {
    const double extra = k.layers * layer_overhead_s;
    c.bwd += extra * c.bwd / c.compute;
    c.compute += extra;
  }
  c.tp = k.layers * comm.tp_s;
  c.ep = k.moe_layers * comm.ep_s;
  c.cp = k.layers * comm.cp_s;
  return c;
}

void hide_expert_all_to_all(StageCost& c, const StageKind& k, const LayerWork& moe, int microbatches, int pp) {
  if (c.ep <= 0 || microbatches <= 0 || k.moe_layers <= 0) return;
  const double paired = double(std::max(0, microbatches - std::max(1, pp))) / microbatches;
  const double a2a = 0.25 * c.ep / k.moe_layers;  // one dispatch or combine of one layer
  const double pre_fwd = std::max(0.0, moe.fwd_s - moe.mlp_fwd_s);
  const double pre_bwd = std::max(0.0, moe.bwd_s + moe.recompute_s - moe.mlp_bwd_s);
  const double per_layer = std::min(a2a, pre_fwd) + std::min(2.0 * a2a, moe.mlp_fwd_s + moe.mlp_bwd_s) +
                           std::min(a2a, pre_bwd);
  const double hidden = std::min(c.ep, paired * k.moe_layers * per_layer);
  c.ep -= hidden;
  c.ep_hidden += hidden;
  c.compute += calib::kOverlapInterference * hidden;
}

double bubble_slots(int microbatches, int pp, int vpp) {
  if (pp <= 1) return 0.0;
  const double v = vpp;
  return microbatches >= pp ? (pp - 1) / v : (pp - microbatches) + (microbatches - 1) / v;
}

void add_dp_reduction(DpCost& c, const Training& tr, const BytesPerParam& bpp, double params, int ranks,
                      const GroupLink& g, int microbatches, int layers_in_stage) {
  if (ranks <= 1 || params <= 0) return;
  const Link& link = g.link;
  const double mb = microbatches;
  // PAT applies when the group has one rank per node (NCCL 2.23+).
  const bool one_per_node = g.per_node == 1 && g.nodes > 1;
  // The updated weights are gathered in 16 bits at least, whatever the optimizer keeps.
  const double gathered_bytes = std::max(calib::kActivationBytes, bpp.weights);
  if (tr.zero == Zero::Stage3) {
    // FSDP / ZeRO-3: every micro-batch gathers each layer's weights for forward and again
    // for backward and reduce-scatters its gradients: three collectives per layer, each
    // paying its own latency ((n-1) ring steps unless PAT applies).
    const double per_layer = params / layers_in_stage;
    const CollectiveTime rs = reduce_scatter(per_layer * bpp.gradients, ranks, link, one_per_node);
    const CollectiveTime ag = all_gather(per_layer * bpp.weights, ranks, link, one_per_node);
    c.reduce_s += mb * layers_in_stage * rs.seconds;
    c.gather_s += mb * calib::kZero3GathersPerLayer * layers_in_stage * ag.seconds;
    c.layer_reduce_s += rs.seconds;
    c.layer_gather_s += ag.seconds;
    c.bus_bytes += mb * layers_in_stage * per_layer * (bpp.gradients + calib::kZero3GathersPerLayer * bpp.weights) * (ranks - 1) / ranks;
    c.collectives += mb * (calib::kZero3GathersPerLayer + 1.0) * layers_in_stage;
    c.algo = rs.algo;
    return;
  }
  // ZeRO-0/1/2 and the distributed optimizer reduce bucket by bucket, each bucket a
  // collective of its own (NCCL picks ring or tree per bucket size for all-reduce, ring or
  // PAT for reduce-scatter and all-gather).
  const double buckets = tr.dp_overlap ? std::max(1.0, std::ceil(params / dp_bucket_params(tr, ranks))) : 1.0;
  const double per_bucket = params / buckets;
  if (tr.zero == Zero::Stage0) {
    const CollectiveTime ar = all_reduce(per_bucket * bpp.gradients, ranks, link);
    c.reduce_s += buckets * ar.seconds;
    c.bus_bytes += 2.0 * params * bpp.gradients * (ranks - 1) / ranks;  // all-reduce: twice a reduce-scatter's bytes
    c.collectives += buckets;
    if (c.algo == CollectiveAlgo::None) c.algo = ar.algo;
  } else if (tr.zero == Zero::Stage2) {
    // ZeRO-2 as DeepSpeed runs it: a GPU keeps only its shard of the gradients, so it cannot
    // accumulate whole gradients over micro-batches and reduce-scatters every micro-batch's
    // (DeepSpeed stage_1_and_2.py, reduce_ipg_grads in each backward), then gathers the
    // updated 16-bit weights once per step. Megatron-LM's way, full gradient buffers and one
    // reduce-scatter per step, is the distributed optimizer (Zero::DistributedOptimizer).
    const CollectiveTime rs = reduce_scatter(per_bucket * bpp.gradients, ranks, link, one_per_node);
    c.reduce_s += mb * buckets * rs.seconds;
    c.gather_s += buckets * all_gather(per_bucket * gathered_bytes, ranks, link, one_per_node).seconds;
    c.bus_bytes += params * (mb * bpp.gradients + gathered_bytes) * (ranks - 1) / ranks;
    c.collectives += (mb + 1.0) * buckets;
    c.algo = rs.algo;
  } else {
    // ZeRO-1 and the distributed optimizer: reduce-scatter the gradients, then gather the
    // updated 16-bit weights.
    const CollectiveTime rs = reduce_scatter(per_bucket * bpp.gradients, ranks, link, one_per_node);
    c.reduce_s += buckets * rs.seconds;
    c.gather_s += buckets * all_gather(per_bucket * gathered_bytes, ranks, link, one_per_node).seconds;
    c.bus_bytes += params * (bpp.gradients + gathered_bytes) * (ranks - 1) / ranks;
    c.collectives += 2.0 * buckets;
    c.algo = rs.algo;
  }
}

double dp_exposed_s(const Training& tr, const DpCost& dp, double fwd_window_s, double bwd_window_s, double bucket_fraction,
                    int microbatches, int layers_in_stage) {
  const double total = dp.reduce_s + dp.gather_s;
  if (tr.zero == Zero::Stage3) {
    // One layer of prefetch, per micro-batch, forward and backward windows apart
    // (zero3_exposed_per_microbatch).
    const double fwd_layer = fwd_window_s / layers_in_stage;
    const double bwd_layer = bwd_window_s / layers_in_stage;
    return std::min(total, microbatches * zero3_exposed_per_microbatch(dp.layer_gather_s, dp.layer_reduce_s, fwd_layer,
                                                                        bwd_layer, layers_in_stage));
  }
  if (!tr.dp_overlap) return total;
  // Buckets are reduced while the last micro-batch's backward runs (Megatron-LM
  // --overlap-grad-reduce; PyTorch DDP): the last bucket, and whatever does not fit in the
  // backward window, stays exposed. The weight gather overlaps the next forward likewise.
  // ZeRO-2 reduces in every micro-batch's backward: one window, and one last bucket, each.
  const double windows = tr.zero == Zero::Stage2 ? std::max(1, microbatches) : 1;
  const double per_window = dp.reduce_s / windows;
  const double exposed_reduce = windows * std::max(bucket_fraction * per_window, per_window - bwd_window_s);
  const double exposed_gather = std::max(bucket_fraction * dp.gather_s, dp.gather_s - fwd_window_s);
  return exposed_reduce + exposed_gather;
}

StepWork step_work(const Scenario& s, const Calibration& calibration) {
  StepWork w;
  w.calibration = calibration;
  const ComputeContext ctx{&s.model, &s.training, &s.parallel, &s.cluster.gpu,
                           peak_flops(s.cluster.gpu, s.training.precision), s.expert_tp(), &calibration};
  w.dense = layer_work(ctx, false);
  if (s.model.is_moe()) w.moe = layer_work(ctx, true);
  w.out = output_work(ctx);
  return w;
}

StepBreakdown estimate_step(const Scenario& s, const ParamCounts& pc, int dp, const NetworkSize& net,
                            const Calibration& calibration) {
  return estimate_step(s, pc, dp, net, step_work(s, calibration));
}

double StageFloors::with_tp(double tp_layer_s) const {
  double longest = 0;
  for (int i = 0; i < count; ++i) longest = std::max(longest, compute[std::size_t(i)] + layers[std::size_t(i)] * tp_layer_s);
  return longest;
}

StageFloors stage_floors(const Scenario& s, const StepWork& w) {
  StageKind kinds[kMaxStageKinds];
  StageFloors f;
  f.count = stage_kinds(s.model, s.parallel.pp, kinds);
  const double layer_overhead = pipeline_layer_overhead_s(s.training, s.parallel, w.calibration);
  for (int i = 0; i < f.count; ++i) {
    f.compute[std::size_t(i)] = stage_cost(kinds[i], w.dense, w.moe, w.out, layer_overhead, LayerComm{}).compute;
    f.layers[std::size_t(i)] = kinds[i].layers;
  }
  return f;
}

double tp_layer_floor_s(const Scenario& s, const StepWork& w) {
  const ModelShape& m = s.model;
  const Training& tr = s.training;
  const Parallelism& p = s.parallel;
  if (p.tp <= 1 || p.tp > s.cluster.gpus_per_node) return 0.0;
  // As estimate_step: a group inside one node runs on NVLink (or PCIe), whatever the network.
  const GroupLink g = group_link(s, NetworkSize{}, p.tp, std::min(p.tp, s.cluster.gpus_per_node));
  const LayerWork& most = 2 * m.moe_layers() > m.layers ? w.moe : w.dense;
  const double T = double(tr.seq) / p.cp * tr.micro_batch;
  return tp_layer_cost(T, m.hidden, p.tp, g.link, tr.recompute == Recompute::Full, tr.tp_comm_overlap,
                       tp_backward_overlaps(tr), most.tp_async_window_s, most.fwd_s + most.bwd_s + most.recompute_s)
      .exposed_s;
}

double OptimizerFloors::at(int microbatches) const {
  double least = count > 0 ? std::numeric_limits<double>::infinity() : 0.0;
  for (int i = 0; i < count; ++i)
    least = std::min(least, step[std::size_t(i)] + microbatches * per_microbatch[std::size_t(i)]);
  return least;
}

OptimizerFloors optimizer_floors(const Scenario& s, const ParamCounts& pc, int dp) {
  // As estimate_step works them out for its slowest stage, for every stage.
  const ModelShape& m = s.model;
  const Training& tr = s.training;
  const Parallelism& p = s.parallel;
  StageKind kinds[kMaxStageKinds];
  OptimizerFloors f;
  f.count = stage_kinds(m, p.pp, kinds);
  const BytesPerParam bpp = bytes_per_param(tr.precision, tr.optimizer, tr.grad_dtype, tr.zero);
  const int d = dp * p.cp;
  const int d_expert = s.expert_dp();
  const bool pytorch = tr.stack_used() == SoftwareStack::PyTorchEager || tr.stack_used() == SoftwareStack::PyTorchCompile;
  const double hbm = s.cluster.gpu.memory_bw * calib::kHbmEfficiency;
  for (int i = 0; i < f.count; ++i) {
    const StageParams held = stage_params(m, pc, p, kinds[i], s.expert_tp());
    const double total_params = held.dense + held.experts;
    const double with_states = tr.zero == Zero::Stage0 ? total_params : held.dense / d + held.experts / d_expert;
    f.step[std::size_t(i)] = optimizer_time(s.cluster.gpu, tr.precision, tr.optimizer, with_states, total_params);
    double per_microbatch = 0;
    if (tr.zero == Zero::Stage3 && pytorch && d > 1)
      per_microbatch += total_params * fsdp_copy_bytes_per_param(bpp.gradients) / hbm;
    if (!tr.grad_accum_fusion && tr.zero != Zero::Stage3)
      per_microbatch += total_params * unfused_accumulation_bytes_per_param(bpp.gradients) / hbm;
    f.per_microbatch[std::size_t(i)] = per_microbatch;
  }
  return f;
}

double step_floor_s(int microbatches, int pp, int vpp, double stage_s, double optimizer_s) {
  return ((microbatches + bubble_slots(microbatches, pp, vpp)) * stage_s + optimizer_s) * (1.0 - 1e-9);
}

namespace {

// The communicator groups of a layout (Megatron-LM rank order tp-cp-ep-dp-pp: TP ranks are
// adjacent, then CP, EP/DP, PP).
void set_group_links(const Scenario& s, const NetworkSize& net, int dp, StepBreakdown& st) {
  const Parallelism& p = s.parallel;
  const int gpn = s.cluster.gpus_per_node;
  st.tp = group_link(s, net, p.tp, std::min(p.tp, gpn));
  const int inner = p.tp;
  st.cp = group_link(s, net, p.cp, std::max(1, gpn / inner), TrafficPattern::P2P);
  // EP ranks follow the expert TP ranks: after TP and CP when EP sits inside DP x CP, else
  // (MoE parallel folding) right after ETP, across the TP ranks.
  const bool ep_inside_dp = s.expert_tp() == p.tp && (dp * p.cp) % p.ep == 0;
  st.ep = group_link(s, net, p.ep, std::max(1, gpn / (ep_inside_dp ? inner * p.cp : s.expert_tp())),
                     TrafficPattern::AllToAll);
  st.dp = group_link(s, net, dp * p.cp, std::max(1, gpn / inner));
  // PP's link: the send between two neighbouring stages, which share a node when a stage
  // (TP x CP x DP GPUs) fills less than one; with one stage, none.
  st.pp = p.pp > 1 ? group_link(s, net, 2, p.tp * p.cp * dp < gpn ? 2 : 1, TrafficPattern::P2P)
                   : group_link(s, net, 1, 1, TrafficPattern::P2P);
}

// The per-layer communication of one micro-batch: each group's cost and what of it is exposed.
struct LayerCommCosts {
  TpLayerCost tp;
  EpLayerCost ep;
  CpLayerCost cp;
  LayerComm exposed;
};

// Megatron-Core's MoE layers: the MLP half's TP collectives are the token dispatcher's (with
// SP, the all-gather of the tokens across TP before the experts and the reduce-scatter after
// the combine, forward and backward), plain NCCL calls on the compute stream; the experts'
// Transformer Engine GroupedLinear is built with parallel_mode None (no userbuffers overlap,
// no asynchronous input-gradient collective). Only the attention half keeps the overlap
// (megatron/core/transformer/moe/token_dispatcher.py, MoEAlltoAllTokenDispatcher;
// megatron/core/extensions/transformer_engine.py, TEGroupedLinear). The difference from the
// dense layer's figure is charged with the MoE layer's exposed dispatch time.
double moe_tp_extra_s(const Scenario& s, double T, const Link& tp_link, double async_window, const TpLayerCost& tp) {
  const ModelShape& m = s.model;
  const Training& tr = s.training;
  const Parallelism& p = s.parallel;
  if (!(m.is_moe() && p.tp > 1 && (tr.tp_comm_overlap || tp_backward_overlaps(tr)))) return 0.0;
  const double half = 0.5 * (calib::kTpCollectivesPerLayer + (tr.recompute == Recompute::Full ? calib::kTpCollectivesRecomputed : 0.0));
  const double ar = all_reduce(calib::kActivationBytes * T * m.hidden, p.tp, tp_link).seconds;
  const double async_hidden = tp_backward_overlaps(tr) ? std::min(0.5 * calib::kTpCollectivesBackward * ar, std::max(0.0, async_window)) : 0.0;
  const double attention_hidden = tr.tp_comm_overlap ? std::max(half * ar * calib::kTpOverlapHidden, async_hidden) : async_hidden;
  const double moe_exposed = 2.0 * half * ar - attention_hidden;
  return std::max(0.0, moe_exposed - tp.exposed_s);
}

LayerCommCosts layer_comm_costs(const Scenario& s, const StepWork& work, double T, StepBreakdown& st) {
  const ModelShape& m = s.model;
  const Training& tr = s.training;
  const Parallelism& p = s.parallel;
  LayerCommCosts x;
  // The window of the layers that make up most of the model (one TP cost per layer).
  const LayerWork& most = 2 * m.moe_layers() > m.layers ? work.moe : work.dense;
  const double async_window = most.tp_async_window_s;
  x.tp = tp_layer_cost(T, m.hidden, p.tp, st.tp.link, tr.recompute == Recompute::Full, tr.tp_comm_overlap,
                       tp_backward_overlaps(tr), async_window, most.fwd_s + most.bwd_s + most.recompute_s);
  if (p.tp > 1) st.tp.algo = x.tp.algo;
  x.ep = p.ep > 1 && m.is_moe() ? ep_layer_cost(m, tr, p.tp, T, st.ep) : EpLayerCost{};
  if (p.ep > 1 && m.is_moe()) st.ep.algo = x.ep.algo;
  x.cp = cp_layer_cost(m, p.tp, p.cp, T, work.dense.attention_fwd_s, st.cp.link);
  if (p.cp > 1) st.cp.algo = x.cp.algo;
  x.exposed = LayerComm{x.tp.exposed_s, x.ep.seconds + moe_tp_extra_s(s, T, st.tp.link, async_window, x.tp), x.cp.exposed_s()};
  return x;
}

// Every kind of pipeline stage, its cost for one micro-batch and the slowest, which paces the
// pipeline.
struct Stages {
  StageKind kinds[kMaxStageKinds];
  StageCost costs[kMaxStageKinds];
  int count = 0;
  int slow = 0;
  const StageKind& slow_kind() const { return kinds[slow]; }
  const StageCost& slowest() const { return costs[slow]; }
};

void cost_stages(const Scenario& s, const ParamCounts& pc, const StepWork& work, const LayerComm& comm, int mb,
                 Stages& x) {
  const ModelShape& m = s.model;
  const Training& tr = s.training;
  const Parallelism& p = s.parallel;
  x.count = stage_kinds(m, p.pp, x.kinds);
  const double layer_overhead = pipeline_layer_overhead_s(tr, p, work.calibration);
  for (int i = 0; i < x.count; ++i) {
    x.costs[i] = stage_cost(x.kinds[i], work.dense, work.moe, work.out, layer_overhead, comm);
    if (tr.ep_comm_overlap) hide_expert_all_to_all(x.costs[i], x.kinds[i], work.moe, mb, p.pp);
    const StageParams held = stage_params(m, pc, p, x.kinds[i], s.expert_tp());
    x.costs[i].dense_params = held.dense;
    x.costs[i].expert_params = held.experts;
  }
  x.slow = 0;
  for (int i = 0; i < x.count; ++i) {
    if (x.costs[i].total() > x.costs[x.slow].total()) x.slow = i;
  }
}

// The slowest stage's compute, exposed per-micro-batch communication and bubble over the step.
void add_pipeline_time(const Parallelism& p, const Stages& stages, int mb, StepBreakdown& st) {
  const StageCost& c = stages.slowest();
  st.slowest_stage = stages.slow_kind().index;
  st.microbatch_s = c.total();
  st.compute_s = mb * c.compute;
  st.exposed.tp_s = mb * c.tp;
  st.exposed.ep_s = mb * c.ep;
  st.ep_total_s = mb * (c.ep + c.ep_hidden);  // exposed unless Training::ep_comm_overlap
  st.exposed.cp_s = mb * c.cp;
  const double slots = bubble_slots(mb, p.pp, p.vpp);
  st.bubble_s = slots * c.total();
  st.bubble_comm.tp_s = slots * c.tp;
  st.bubble_comm.ep_s = slots * c.ep;
  st.bubble_comm.cp_s = slots * c.cp;
  st.interference.ep_s = (mb + slots) * calib::kOverlapInterference * c.ep_hidden;
}

// PP: activations forward and gradients backward between stages for every micro-batch and
// chunk; with SP only 1/t of them per rank (scatter/gather, Narayanan et al. 2021).
void add_pipeline_sends(const Scenario& s, double T, int mb, StepBreakdown& st) {
  const Parallelism& p = s.parallel;
  if (p.pp <= 1) return;
  const double bytes = T * s.model.hidden * calib::kActivationBytes / (p.sp ? p.tp : 1);
  const CollectiveTime one = send_recv(bytes, st.pp.link);
  st.pp.algo = one.algo;
  // Megatron-Core's interleaved schedule overlaps the sends of its steady 1F1B phase with the
  // next chunk's compute (overlap_p2p_comm, the default since Megatron-LM 4eeff55d1f,
  // 2023-10-12; megatron/core/pipeline_parallel/schedules.py); the warm-up's forward sends
  // and the flush's backward sends stay exposed: (pp - 1) x 2 + (vpp - 1) x pp chunks each
  // on the first stage (num_warmup_microbatches), at most all of them. Earlier stacks and the
  // non-interleaved schedule send on the critical path. The hidden sends hold SMs like every
  // overlapped collective (kOverlapInterference of their time).
  const double chunks = double(p.vpp) * mb;
  double exposed_chunks = chunks;
  if (s.training.stack_used() == SoftwareStack::MegatronCore && p.vpp > 1)
    exposed_chunks = std::min(chunks, double((p.pp - 1) * 2 + (p.vpp - 1) * p.pp));
  st.exposed.pp_s = calib::kPpSendsPerChunk * exposed_chunks * one.seconds;
  st.interference.pp_s = calib::kOverlapInterference * calib::kPpSendsPerChunk * (chunks - exposed_chunks) * one.seconds;
  st.compute_s += st.interference.pp_s;
}

// The data-parallel side of the slowest stage: its parameters, the ranks that reduce them and
// the collectives that do.
struct DpSide {
  BytesPerParam bpp;
  int d = 1;         // DP x CP ranks of the dense parameters
  int d_expert = 1;  // expert-data-parallel ranks
  double total_params = 0;
  DpCost cost;
};

// DP: gradient reduction over DP x CP ranks (experts over their expert-data-parallel ranks,
// Scenario::expert_dp(): DP x CP / EP when ETP is TP). An expert's copies sit ETP x EP ranks
// apart.
DpSide dp_reduction(const Scenario& s, const NetworkSize& net, int dp, const Stages& stages, int mb, StepBreakdown& st) {
  const Training& tr = s.training;
  const Parallelism& p = s.parallel;
  const StageCost& c = stages.slowest();
  DpSide x;
  x.bpp = bytes_per_param(tr.precision, tr.optimizer, tr.grad_dtype, tr.zero);
  x.d = dp * p.cp;
  x.d_expert = s.expert_dp();
  const GroupLink dpe = group_link(s, net, x.d_expert, std::max(1, s.cluster.gpus_per_node / (s.expert_tp() * p.ep)));
  const int layers_in_stage = std::max(1, stages.slow_kind().layers);
  x.cost.algo = st.dp.algo;
  add_dp_reduction(x.cost, tr, x.bpp, c.dense_params, x.d, st.dp, mb, layers_in_stage);
  add_dp_reduction(x.cost, tr, x.bpp, c.expert_params, x.d_expert, dpe, mb, layers_in_stage);
  st.dp.algo = x.cost.algo;
  st.dp_collectives = x.cost.collectives;
  st.dp_total_s = x.cost.reduce_s + x.cost.gather_s;
  x.total_params = c.dense_params + c.expert_params;
  return x;
}

// DP communication hides behind the compute stream, whose time in a window is its kernels
// plus its stalls on context-parallel exchanges (a faster GPU shortens both the kernels and
// the cover, never the sum). When the CP and DP groups both cross the NIC, the CP exchanges
// of the window occupy the same links first. One window for all, so the hidden parts never
// add up to more than the compute they hide behind.
void add_exposed_dp(const Scenario& s, const Stages& stages, const CpLayerCost& cp, const DpSide& x, int mb,
                    StepBreakdown& st) {
  const Training& tr = s.training;
  const StageCost& c = stages.slowest();
  const int layers_slow = stages.slow_kind().layers;
  const bool cp_shares_nic = s.parallel.cp > 1 && st.cp.nodes > 1 && st.dp.nodes > 1;
  const double cp_busy_fwd = cp_shares_nic ? layers_slow * cp.comm_fwd_s : 0.0;
  const double cp_busy_bwd = cp_shares_nic ? layers_slow * calib::kCpBackwardBytesFactor * cp.comm_fwd_s : 0.0;
  const double fwd_stream = (c.compute - c.bwd) + layers_slow * cp.stall_fwd_s;
  const double bwd_stream = c.bwd + layers_slow * cp.stall_bwd_s;
  const double bucket = x.total_params > 0 ? std::min(1.0, dp_bucket_params(tr, x.d) / x.total_params) : 1.0;
  st.exposed.dp_s = dp_exposed_s(tr, x.cost, std::max(0.0, fwd_stream - cp_busy_fwd), std::max(0.0, bwd_stream - cp_busy_bwd),
                                 bucket, mb, std::max(1, layers_slow));
}

// Hidden communication is not free: NCCL kernels occupy SMs and HBM bandwidth while they
// overlap the GEMMs, slowing them by about the share of SMs they hold.
void add_interference(const Scenario& s, const Stages& stages, const LayerCommCosts& comm, const DpSide& x, int mb,
                      StepBreakdown& st) {
  const double tp_hidden = mb * stages.slow_kind().layers * comm.tp.hidden_s;
  // The ring-attention exchanges hidden under the attention core hold SMs the same way (NCCL
  // send/receive kernels on their own stream; Megatron-Core's context parallelism, Transformer
  // Engine's P2P ring), which the TP and DP terms already charge for their hidden parts.
  const double cp_hidden = mb * stages.slow_kind().layers * comm.cp.hidden_s();
  const double dp_hidden = std::max(0.0, st.dp_total_s - st.exposed.dp_s);
  const double hidden_share = st.dp_total_s > 0 ? dp_hidden / st.dp_total_s : 0.0;
  st.compute_s += overlap_slowdown_s(s.cluster.gpu, dp_hidden, hidden_share * x.cost.bus_bytes) +
                  calib::kOverlapInterference * (std::max(0.0, tp_hidden) + cp_hidden);
  st.interference.dp_s = overlap_slowdown_s(s.cluster.gpu, dp_hidden, hidden_share * x.cost.bus_bytes);
  st.interference.tp_s = calib::kOverlapInterference * std::max(0.0, tp_hidden);
  st.interference.cp_s = calib::kOverlapInterference * cp_hidden;
}

// Per-micro-batch passes over the parameters in HBM.
void add_parameter_passes(const Scenario& s, const DpSide& x, int mb, StepBreakdown& st) {
  const Training& tr = s.training;
  // PyTorch FSDP's copies around each layer's collectives, every micro-batch, on the GPU's HBM
  // (fsdp_copy_bytes_per_param); Megatron's and DeepSpeed's ZeRO-3 gather into the parameters'
  // own storage.
  const bool pytorch = tr.stack_used() == SoftwareStack::PyTorchEager || tr.stack_used() == SoftwareStack::PyTorchCompile;
  if (tr.zero == Zero::Stage3 && pytorch && x.d > 1)
    st.compute_s += mb * x.total_params * fsdp_copy_bytes_per_param(x.bpp.gradients) /
                    (s.cluster.gpu.memory_bw * calib::kHbmEfficiency);
  // Without gradient-accumulation fusion, each micro-batch's weight gradients are added into
  // the gradient buffer by separate kernels (Training::grad_accum_fusion); ZeRO-3 reduces
  // each micro-batch's gradients instead of accumulating them.
  if (!tr.grad_accum_fusion && tr.zero != Zero::Stage3)
    st.compute_s += mb * x.total_params * unfused_accumulation_bytes_per_param(x.bpp.gradients) /
                    (s.cluster.gpu.memory_bw * calib::kHbmEfficiency);
}

// A stack left at auto: the corpus's mix of stacks. The stacks differ in their kernels (fusion,
// launch overhead), so Megatron-Core's compute and the bubble it sets are scaled by the median
// throughput ratio of the stacks the corpus's sources state (engine/error_band.h).
void scale_auto_stack(const Training& tr, StepBreakdown& st) {
  if (tr.stack != SoftwareStack::Auto) return;
  st.compute_s /= kAutoStackFactor;
  st.bubble_s /= kAutoStackFactor;
  for (ExposedComm* x : {&st.interference, &st.bubble_comm})
    for (double* v : {&x->tp_s, &x->pp_s, &x->dp_s, &x->ep_s, &x->cp_s}) *v /= kAutoStackFactor;
}

}  // namespace

StepBreakdown estimate_step(const Scenario& s, const ParamCounts& pc, int dp, const NetworkSize& net,
                            const StepWork& work) {
  const ModelShape& m = s.model;
  const Training& tr = s.training;
  const Parallelism& p = s.parallel;
  const double T = double(tr.seq) / p.cp * tr.micro_batch;  // tokens per micro-batch per GPU
  const int mb = tr.global_batch / (dp * tr.micro_batch);
  StepBreakdown st;
  set_group_links(s, net, dp, st);
  const LayerCommCosts comm = layer_comm_costs(s, work, T, st);
  Stages stages;
  cost_stages(s, pc, work, comm.exposed, mb, stages);
  add_pipeline_time(p, stages, mb, st);
  add_pipeline_sends(s, T, mb, st);
  const DpSide dps = dp_reduction(s, net, dp, stages, mb, st);
  add_exposed_dp(s, stages, comm.cp, dps, mb, st);
  // Optimizer step on this GPU's share of the states.
  const StageCost& c = stages.slowest();
  const double with_states =
      tr.zero == Zero::Stage0 ? dps.total_params : c.dense_params / dps.d + c.expert_params / dps.d_expert;
  st.optimizer_s = optimizer_time(s.cluster.gpu, tr.precision, tr.optimizer, with_states, dps.total_params);
  add_interference(s, stages, comm, dps, mb, st);
  add_parameter_passes(s, dps, mb, st);
  scale_auto_stack(tr, st);
  st.modelled_step_s = st.compute_s + st.exposed.total() + st.bubble_s + st.optimizer_s;
  st.step_s = st.modelled_step_s * s.calibration.step_time_factor;
  // Whole-model FLOPs per micro-batch: every layer once and the output layer, summed over TP
  // and CP ranks.
  const double rank_sum = double(p.tp) * p.cp;
  const int moe_total = m.moe_layers();
  const LayerWork& dense = work.dense;
  const LayerWork& moe = work.moe;
  const LayerWork& out = work.out;
  const double model_flops_per_mb =
      rank_sum * ((m.layers - moe_total) * dense.model_flops + moe_total * moe.model_flops + out.model_flops);
  const double hardware_flops_per_mb =
      rank_sum * ((m.layers - moe_total) * dense.hardware_flops + moe_total * moe.hardware_flops + out.hardware_flops);
  st.model_flops_per_step = model_flops_per_mb * mb * dp;
  st.hardware_flops_per_step = hardware_flops_per_mb * mb * dp;
  return st;
}

Throughput estimate_throughput(const Scenario& s, const StepBreakdown& st, int /*dp*/, bool calibrated_range,
                               std::uint32_t gaps, double total_params) {
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
  const ErrorBand band = error_band(s, total_params, calibrated_range, gaps);
  t.band_low_error = band.low;
  t.band_high_error = band.high;
  t.outside_evidence = band.gaps;
  t.stack_assumed = band.stack_assumed;
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
