// Step time and throughput: FLOP formulas, bubble formulas, overlap behaviour and the
// monotonic properties a planner relies on.
#include <QtTest>

#include <cmath>

#include "engine/compute.h"
#include "engine/estimate.h"
#include "engine/validate.h"
#include "common/published_runs.h"

using namespace cp;
using namespace cp::validation;

namespace {

Scenario h100_job(const char* model, int tp, int pp, int gpus, int global_batch, const char* fabric) {
  Scenario s = default_scenario();
  s.model = find_model_preset(model)->shape;
  s.model_id = model;
  s.training.seq = 4096;
  s.training.global_batch = global_batch;
  s.parallel = Parallelism{tp, pp, 1, 0, 1, 1, tp > 1};
  s.cluster.gpu = *find_gpu("h100-sxm");
  s.cluster.nodes = gpus / 8;
  s.cluster.fabric = *find_fabric(fabric);
  s.cluster.topology = Topology::FatTree3;
  return s;
}

// One DGX A100 80GB (8 GPUs on NVSwitch) training a preset at TP `tp` without SP.
Scenario a100_node_job(const char* model, int seq, int micro_batch, int global_batch, int tp) {
  Scenario s = default_scenario();
  s.model = find_model_preset(model)->shape;
  s.model_id = model;
  s.training.seq = seq;
  s.training.micro_batch = micro_batch;
  s.training.global_batch = global_batch;
  s.parallel = Parallelism{tp, 1, 1, 0, 1, 1, false};
  s.cluster.gpu = *find_gpu("a100-80gb-sxm");
  s.cluster.nodes = 1;
  s.cluster.gpus_per_node = 8;
  return s;
}

Estimate checked(const Scenario& s) {
  const auto problems = validate(s);
  if (!problems.empty()) qFatal("invalid scenario: %s", problems.front().text().c_str());
  return estimate(s);
}

}  // namespace

class TstThroughput : public QObject {
  Q_OBJECT
 private slots:
  void expertParallelFoldsOverTp();
  void narayananFlops_data();
  void narayananFlops();
  void bubble_data();
  void bubble();
  void tokensAndTrainingTime();
  void fasterFabricNeverSlower_data();
  void fasterFabricNeverSlower();
  void fasterGpuNeverSlower();
  void fasterGpuWithContextParallelOverlap();
  void moreGpusNeverMoreMemory();
  void exposedDpGrowsUnderStrongScaling();
  void dpOverlapHidesReduction();
  void tunedRoceMatchesIbAtHyperscale();
  void singleSwitchRoceCloseToIb();
  void siteCalibration();
  void collectiveAlgorithmShown();
  void roceNearIbForDataParallel_data();
  void roceNearIbForDataParallel();
  void expertAllToAllAtNicRate();
  void moeDispatchIsAnInput();
  void contextParallelRingAtNicRate();
  void zero3PaysLatencyPerLayer();
  void overlapInterferenceIsTheHbmShare();
  void zero3WindowsDoNotPool();
  void zero3InsideANodeSlowsCompute();
  void tpLayerCostByHand();
  void epLayerCostByHand();
  void cpLayerCostByHand();
  void stageCostByHand();
  void bubbleSlotsByHand();
  void dpReductionPerZeroStage();
  void dpExposedPerZeroStage();
  void fa2RateIsAGpuField();
  void blackwellTileOverheadByHand();
  void tpBackwardHidesUnderWeightGradients();
  void interleavedSendsOverlapOnMegatronCore();
  void expertAllToAllHidesPhaseByPhase();
  void dpBucketsPayLatencyEach();
  void zero2ReduceScattersEveryMicroBatch();
  void contextParallelShortSequenceCosts();
  void hardwareFlopsAsExecuted();
  void bubbleWithFewMicroBatches();
  void selectiveOpRecomputation();
  void fsdpCopiesEveryMicroBatch();
};

void TstThroughput::narayananFlops_data() {
  QTest::addColumn<int>("recompute");
  QTest::newRow("no recompute: 72 B s l h^2 (1 + s/6h + V/12lh)") << int(Recompute::None);
  QTest::newRow("full recompute: 96 B s l h^2 (1 + s/6h + V/16lh)") << int(Recompute::Full);
}

void TstThroughput::narayananFlops() {
  // Narayanan et al. 2021, eq. (3): FLOPs per iteration of a GPT model with full
  // recomputation, 96 B s l h^2 (1 + s/(6h) + V/(16 l h)); without recomputation the forward
  // is not repeated: 72 B s l h^2 (1 + s/(6h) + V/(12 l h)).
  QFETCH(int, recompute);
  Scenario s = selene(gpt(96, 12288, 96, 51200, true), 8, 8, 1, 512, 1, 512);
  s.training.recompute = Recompute(recompute);
  const Estimate e = checked(s);
  const double B = 512, S = 2048, l = 96, h = 12288, V = 51200;
  const double model = 72 * B * S * l * h * h * (1 + S / (6 * h) + V / (12 * l * h));
  const double hardware = 96 * B * S * l * h * h * (1 + S / (6 * h) + V / (16 * l * h));
  QVERIFY(std::abs(e.throughput.model_flops_per_step / model - 1) < 1e-9);
  const double expected_hw = recompute == int(Recompute::Full) ? hardware : model;
  QVERIFY(std::abs(e.throughput.hardware_flops_per_step / expected_hw - 1) < 1e-9);
}

void TstThroughput::bubble_data() {
  QTest::addColumn<int>("pp");
  QTest::addColumn<int>("vpp");
  QTest::newRow("1F1B p=8") << 8 << 1;
  QTest::newRow("interleaved p=8 v=2") << 8 << 2;
  QTest::newRow("interleaved p=8 v=4") << 8 << 4;
  QTest::newRow("no pipeline") << 1 << 1;
}

void TstThroughput::bubble() {
  // Bubble time = (p - 1)/(v m) x ideal time = (p - 1)/v micro-batch slots (Narayanan et al.
  // 2021, section 2.2).
  QFETCH(int, pp);
  QFETCH(int, vpp);
  Scenario s = selene(gpt(96, 12288, 96, 51200, true), 8, pp, vpp, 8 * pp, 1, 64);
  const Estimate e = checked(s);
  QCOMPARE(e.step.bubble_s, (pp - 1) / double(vpp) * e.step.microbatch_s);
  if (pp > 1) {
    const double ideal = e.microbatches * e.step.microbatch_s;
    QVERIFY(std::abs(e.step.bubble_s / ideal - (pp - 1) / double(vpp * e.microbatches)) < 1e-12);
  }
}

void TstThroughput::tokensAndTrainingTime() {
  const Scenario s = default_scenario();
  const Estimate e = checked(s);
  // tokens/s = global batch x sequence / step time; time to train = tokens / (tokens/s).
  QCOMPARE(e.throughput.tokens_per_s, 1024.0 * 2048 / e.step.step_s);
  QCOMPARE(e.throughput.train_time_s, 1.4e12 / e.throughput.tokens_per_s);
  QVERIFY(e.throughput.band_low < e.throughput.tokens_per_s && e.throughput.tokens_per_s < e.throughput.band_high);
  QVERIFY(e.throughput.mfu > 0.2 && e.throughput.mfu < 0.7);
  QCOMPARE(e.step.step_s, e.step.compute_s + e.step.bubble_s + e.step.optimizer_s + e.step.exposed.total());
}

void TstThroughput::fasterFabricNeverSlower_data() {
  QTest::addColumn<QString>("slow");
  QTest::addColumn<QString>("fast");
  QTest::newRow("HDR -> NDR") << "ib-hdr" << "ib-ndr";
  QTest::newRow("NDR -> XDR") << "ib-ndr" << "ib-xdr";
  QTest::newRow("RoCE untuned -> tuned") << "roce-400-untuned" << "roce-400-tuned";
  QTest::newRow("RoCE tuned -> hyperscale") << "roce-400-tuned" << "roce-400-hyperscale";
  QTest::newRow("RoCE 200 -> 400 untuned") << "roce-200-untuned" << "roce-400-untuned";
}

void TstThroughput::fasterFabricNeverSlower() {
  QFETCH(QString, slow);
  QFETCH(QString, fast);
  for (int gpus : {16, 64, 256, 1024}) {
    const Scenario a = h100_job("llama-2-70b", 8, 2, gpus, 1024, slow.toUtf8().constData());
    const Scenario b = h100_job("llama-2-70b", 8, 2, gpus, 1024, fast.toUtf8().constData());
    const double ta = checked(a).step.step_s, tb = checked(b).step.step_s;
    QVERIFY2(tb <= ta, qPrintable(QString("%1 GPUs: %2 s vs %3 s").arg(gpus).arg(tb).arg(ta)));
  }
}

void TstThroughput::fasterGpuNeverSlower() {
  for (const char* model : {"llama-2-7b", "llama-2-70b", "gpt3-175b"}) {
    Scenario a = h100_job(model, 8, 2, 64, 512, "ib-ndr");
    a.cluster.gpu = *find_gpu("a100-80gb-sxm");
    Scenario b = a;
    b.cluster.gpu = *find_gpu("h100-sxm");
    QVERIFY2(checked(b).step.step_s < checked(a).step.step_s, model);
  }
}

void TstThroughput::fasterGpuWithContextParallelOverlap() {
  // CP ring exchanges and ZeRO-3 gathers both hide behind the compute; found by the property
  // tests (tests/property): when each was hidden behind the same compute on its own, this step
  // took 86.3 s on H100 and 82.9 s on A100. One compute stream, whose time includes its CP
  // stalls, now covers both, and the CP exchanges (CP 2 across nodes with one NIC each) take
  // the NIC first.
  auto job = [](const char* gpu) {
    Scenario s = default_scenario();
    s.model = find_model_preset("megatron-3.6b")->shape;
    s.model_id = "megatron-3.6b";
    s.cluster.gpu = *find_gpu(gpu);
    s.cluster.nodes = 4;
    s.cluster.gpus_per_node = 8;
    s.cluster.nics_per_node = 1;
    s.cluster.topology = Topology::FatTree2;
    s.parallel = Parallelism{8, 1, 1, 0, 2, 1, true};
    s.training.seq = 8192;
    s.training.micro_batch = 4;
    s.training.global_batch = 512;
    s.training.recompute = Recompute::None;
    s.training.zero = Zero::Stage3;
    s.training.precision = Precision::Fp16;
    s.training.flash_attention = false;
    s.training.tp_comm_overlap = true;
    return checked(s).step;
  };
  const StepBreakdown a100 = job("a100-80gb-sxm"), h100 = job("h100-sxm");
  QVERIFY2(h100.compute_s < a100.compute_s, "H100 computes faster");
  QVERIFY2(h100.step_s < a100.step_s, qPrintable(QString("H100 %1 s, A100 %2 s").arg(h100.step_s).arg(a100.step_s)));
  // Hidden communication never exceeds what was sent, and the exposed part never exceeds it.
  for (const StepBreakdown& st : {a100, h100}) {
    QVERIFY(st.exposed.dp_s >= 0);
    QVERIFY(st.exposed.dp_s <= st.dp_total_s * (1 + 1e-9) + st.dp_total_s / 512);
  }
}

void TstThroughput::moreGpusNeverMoreMemory() {
  // Same layout (TP, PP), more data-parallel replicas: per-GPU memory never rises; with ZeRO
  // it falls.
  double previous = 1e300;
  for (int gpus : {16, 32, 64, 128, 256}) {
    Scenario s = h100_job("llama-2-70b", 8, 2, gpus, 1024, "ib-ndr");
    s.training.zero = Zero::DistributedOptimizer;
    const double m = checked(s).memory.peak.total();
    QVERIFY(m <= previous);
    previous = m;
  }
}

void TstThroughput::exposedDpGrowsUnderStrongScaling() {
  // Same global batch on more GPUs: fewer micro-batches per replica, so less backward time to
  // hide the gradient reduction behind, and a longer ring: the exposed DP time grows.
  double previous = -1;
  for (int gpus : {64, 256, 1024}) {
    Scenario s = h100_job("llama-2-70b", 8, 1, gpus, 512, "ib-ndr");
    const Estimate e = checked(s);
    QVERIFY2(e.step.exposed.dp_s > previous, qPrintable(QString::number(e.step.exposed.dp_s)));
    previous = e.step.exposed.dp_s;
  }
}

void TstThroughput::dpOverlapHidesReduction() {
  Scenario s = h100_job("llama-2-70b", 8, 1, 256, 512, "ib-ndr");
  s.training.dp_overlap = false;
  const Estimate off = checked(s);
  s.training.dp_overlap = true;
  const Estimate on = checked(s);
  QCOMPARE(off.step.exposed.dp_s, off.step.dp_total_s);  // nothing hidden
  QVERIFY(on.step.exposed.dp_s < off.step.exposed.dp_s);
  QVERIFY(on.step.exposed.dp_s > 0);  // the last bucket always shows
}

void TstThroughput::tunedRoceMatchesIbAtHyperscale() {
  // Meta (2024): RoCE and IB 24K-GPU clusters, both 400G, tuned to equivalent performance
  // for Llama 3. Llama 3 405B layout TP 8, PP 16, DP 192 on 24,576 H100s: the hyperscale
  // RoCE preset lands within 3% of IB; untuned RoCE does not.
  auto job = [](const char* fabric) {
    Scenario s = h100_job("llama-3-405b", 8, 16, 24576, 2304, fabric);
    s.training.seq = 8192;
    s.training.zero = Zero::DistributedOptimizer;
    return checked(s);
  };
  const double ib = job("ib-ndr").throughput.tokens_per_s;
  const double tuned = job("roce-400-hyperscale").throughput.tokens_per_s;
  const double untuned = job("roce-400-untuned").throughput.tokens_per_s;
  qInfo("24K H100: IB %.3g, hyperscale RoCE %.3g (%.1f%%), untuned RoCE %.3g (%.1f%%) tokens/s", ib, tuned,
        100 * (tuned / ib - 1), untuned, 100 * (untuned / ib - 1));
  QVERIFY(std::abs(tuned / ib - 1) <= 0.03);
  QVERIFY(untuned < tuned);
}

void TstThroughput::singleSwitchRoceCloseToIb() {
  // Under one switch ECMP has nothing to hash over: RoCE differs from IB only by its higher
  // latency and congestion control is moot. The seed's "RoCE loses about 10% below 32 GPUs"
  // is not what the physics gives for a 16-GPU, one-switch cluster (see docs/model.md).
  Scenario ib = h100_job("llama-2-13b", 8, 1, 16, 256, "ib-ndr");
  ib.cluster.topology = Topology::SingleSwitch;
  Scenario roce = ib;
  roce.cluster.fabric = *find_fabric("roce-400-untuned");
  const double a = checked(ib).step.step_s, b = checked(roce).step.step_s;
  QVERIFY(b >= a);
  QVERIFY2(b / a - 1 < 0.03, qPrintable(QString::number(b / a - 1)));
}

void TstThroughput::siteCalibration() {
  Scenario s = default_scenario();
  const double modelled = checked(s).step.step_s;
  s.calibration.step_time_factor = 1.25;  // a measured pilot step was 25% slower
  const Estimate e = checked(s);
  QCOMPARE(e.step.step_s, 1.25 * modelled);
  QCOMPARE(e.step.modelled_step_s, modelled);
  QVERIFY(e.warnings.has(WarningCode::SiteCalibrated));
}

void TstThroughput::collectiveAlgorithmShown() {
  const Estimate e = checked(h100_job("llama-2-70b", 8, 2, 256, 1024, "ib-ndr"));
  QVERIFY(e.step.tp.algo != CollectiveAlgo::None);
  QCOMPARE(e.step.tp.nodes, 1);       // TP 8 stays inside the node
  QCOMPARE(e.step.dp.nodes, 16);      // DP 16 spans 16 nodes (one GPU of each group per node)
  QVERIFY(e.step.dp.link.busbw < e.step.tp.link.busbw);
}

namespace {

// Llama-2-7B on H100, TP 1 PP 1 ZeRO-1, micro-batch 1, 8 micro-batches per GPU (weak scaling).
Scenario llama7b_dp(const char* fabric, int gpus, Topology topology) {
  Scenario s = h100_job("llama-2-7b", 1, 1, gpus, gpus * 8, fabric);
  s.training.zero = Zero::Stage1;
  s.training.micro_batch = 1;
  s.cluster.topology = topology;
  return s;
}

}  // namespace

void TstThroughput::roceNearIbForDataParallel_data() {
  QTest::addColumn<int>("topology");
  QTest::newRow("rail-optimised") << int(Topology::RailOptimized);
  QTest::newRow("fat tree, 3 tiers") << int(Topology::FatTree3);
}

void TstThroughput::roceNearIbForDataParallel() {
  // Field reports: tuned RoCE within 10% of IB in tokens/s at 1,024 and 8,192 GPUs; untuned
  // RoCE loses at most 40%. A crossing share of 1 - local/group would put IB 23.5% ahead of
  // tuned RoCE at 8,192 GPUs on a three-tier fat tree and 99% ahead of untuned RoCE.
  QFETCH(int, topology);
  for (int gpus : {1024, 8192}) {
    const double ib = checked(llama7b_dp("ib-ndr", gpus, Topology(topology))).throughput.tokens_per_s;
    const double tuned = checked(llama7b_dp("roce-400-tuned", gpus, Topology(topology))).throughput.tokens_per_s;
    const double untuned = checked(llama7b_dp("roce-400-untuned", gpus, Topology(topology))).throughput.tokens_per_s;
    qInfo("%5d GPUs: IB %.4g, tuned RoCE %+.1f%%, untuned RoCE %+.1f%% tokens/s", gpus, ib, 100 * (tuned / ib - 1),
          100 * (untuned / ib - 1));
    QVERIFY2(tuned >= 0.9 * ib, qPrintable(QString("%1 GPUs: tuned %2 vs IB %3").arg(gpus).arg(tuned).arg(ib)));
    QVERIFY2(untuned >= 0.6 * ib, qPrintable(QString("%1 GPUs: untuned %2 vs IB %3").arg(gpus).arg(untuned).arg(ib)));
    QVERIFY(untuned <= tuned && tuned <= ib * (1 + 1e-9));
  }
}

namespace {

// DeepSeek-V3 at TP 1, EP `ep`, on `gpus` H100 (DP = GPUs): sequence 4096, micro-batch 1,
// 4 micro-batches, full recomputation (6 all-to-alls per MoE layer and micro-batch).
Scenario deepseek(int gpus, int ep) {
  Scenario s = h100_job("deepseek-v3", 1, 1, gpus, gpus * 4, "ib-ndr");
  s.parallel.ep = ep;
  s.training.micro_batch = 1;
  s.training.recompute = Recompute::Full;
  s.cluster.topology = Topology::RailOptimized;
  return s;
}

}  // namespace

void TstThroughput::expertAllToAllAtNicRate() {
  // An expert all-to-all sends (nodes - 1)/nodes of each GPU's routed tokens
  // through the GPU's own NIC: on NDR one NIC's 47 GB/s, not 8 NICs' worth capped at NVLink
  // (which would charge 351 GB/s and 1.9 s for this step).
  // Hand-worked, TP 1 EP 128 on 256 H100 (EP over 16 nodes, under one rail leaf each):
  //   a rank sends T k h 2 = 4096 x 8 x 7168 x 2 = 470 MB per all-to-all, 120/128 of it across
  //   nodes: 440 MB at 47 GB/s = 9.37 ms, x 1.017 for the busiest rank (balls into bins:
  //   32,768 routed copies per rank over 128 ranks) = 9.53 ms, + 127 steps of 2.5 us = 9.85 ms;
  //   x 6 per MoE layer x 58 MoE layers x 4 micro-batches = 13.7 s.
  const Estimate e = checked(deepseek(256, 128));
  QCOMPARE(e.step.ep.nodes, 16);
  QCOMPARE(e.step.ep.link.busbw, 47e9);
  QCOMPARE(e.step.ep.per_node, 8);
  const double bytes = 4096.0 * 8 * 7168 * 2;
  const double per_a2a = 1.0172 * bytes * 120 / 128 / 47e9 + 127 * e.step.ep.link.alpha_s;
  const double by_hand = 6 * 58 * 4 * per_a2a;
  qInfo("EP all-to-all: %.2f s (by hand %.2f s)", e.step.ep_total_s, by_hand);
  QVERIFY2(std::abs(e.step.ep_total_s / by_hand - 1) < 0.01, qPrintable(QString::number(e.step.ep_total_s)));
  QCOMPARE(e.step.exposed.ep_s, e.step.ep_total_s);  // dispatch/combine feed the expert GEMMs
  // EP 64 over 8 nodes: the per-GPU rate is one NDR NIC's, about 47 GB/s.
  const Estimate e64 = checked(deepseek(256, 64));
  QCOMPARE(e64.step.ep.nodes, 8);
  QCOMPARE(e64.step.ep.link.busbw, 47e9);
}

void TstThroughput::moeDispatchIsAnInput() {
  // fp8 dispatch (1 byte + an fp32 scale per 128) with the combine in bf16, and node-limited
  // routing to 4 nodes sent once per node (DeepSeek-V3): of a token's 8 experts on 16 nodes,
  // 16 (1 - (15/16)^8) = 6.4 distinct nodes are hit, capped at 4, so 4 x 15/16 = 3.75 copies
  // cross instead of 7.5; fp8 then takes the dispatch half to 1.03/2: 2.6x less bytes in all
  // (2.5x in time: the 127 steps of latency per all-to-all stay).
  const Estimate plain = checked(deepseek(256, 128));
  Scenario s = deepseek(256, 128);
  s.training.moe_dispatch = MoeDispatch::Fp8;
  const Estimate fp8 = checked(s);
  s.training.moe_max_nodes = 4;
  const Estimate both = checked(s);
  const double r_fp8 = plain.step.ep_total_s / fp8.step.ep_total_s;
  const double r_both = plain.step.ep_total_s / both.step.ep_total_s;
  qInfo("fp8 dispatch: %.2fx less, with 4-node routing: %.2fx less", r_fp8, r_both);
  QVERIFY2(std::abs(r_fp8 - 4.0 / (2.0 + 1.0 + 4.0 / 128)) < 0.02, qPrintable(QString::number(r_fp8)));
  QVERIFY2(r_both > 2.0 && r_both < 4.0, qPrintable(QString::number(r_both)));
  QVERIFY2(r_both > 1.85 * r_fp8 && r_both < 2.0 * r_fp8, qPrintable(QString::number(r_both)));
}

void TstThroughput::contextParallelRingAtNicRate() {
  // A CP ring over 16 ranks on two nodes (TP 1) moves each K/V chunk from
  // rank to rank; the step across the node boundary goes through one GPU's NIC, so the ring
  // runs at 47 GB/s, not at 8 NICs' worth capped at NVLink (351 GB/s).
  Scenario s = h100_job("llama-2-7b", 1, 1, 16, 16, "ib-ndr");
  s.parallel.cp = 16;
  s.training.seq = 32768;
  const Estimate e = checked(s);
  QCOMPARE(e.step.cp.nodes, 2);
  QCOMPARE(e.step.cp.per_node, 8);
  QCOMPARE(e.step.cp.link.busbw, 47e9);
  QVERIFY(e.step.cp.link.busbw < e.step.dp.link.busbw || e.step.dp.ranks == 1);
}

namespace {

// Llama-3-405B, TP 2 PP 2 CP 2 ZeRO-3 on 16,384 H100 (DP x CP = 4,096 ranks, 4 per node),
// sequence 8192, micro-batch 1, one micro-batch per replica.
Scenario llama405_zero3(double extra_latency_s) {
  Scenario s = h100_job("llama-3-405b", 2, 2, 16384, 2048, "ib-ndr");
  s.parallel.cp = 2;
  s.parallel.sp = true;
  s.training.seq = 8192;
  s.training.micro_batch = 1;
  s.training.zero = Zero::Stage3;
  s.cluster.fabric.base_latency_s += extra_latency_s;
  return s;
}

}  // namespace

void TstThroughput::zero3PaysLatencyPerLayer() {
  // ZeRO-3 gathers each layer's weights forward and backward and
  // reduce-scatters its gradients: three ring collectives per layer and micro-batch, each of
  // 4,095 steps. A step's latency: (3,072 steps in a node x 1.5 us + 1,024 across x ~3 us) /
  // 4,096 = 1.9 us; x 4,095 = ~7.7 ms per collective; x 3 x 63 layers = 1.46 s per micro-batch
  // (3 collectives per micro-batch in all would be 23 ms).
  const Estimate e = checked(llama405_zero3(0));
  QCOMPARE(e.step.dp.ranks, 4096);
  QCOMPARE(e.step.dp.nodes, 1024);
  QCOMPARE(e.microbatches, 1);
  const double per_collective = 4095 * e.step.dp.link.alpha_s;
  qInfo("ZeRO-3 over 4,096 ranks: %.2f ms latency per collective, %.0f collectives, DP total %.2f s",
        1e3 * per_collective, e.step.dp_collectives, e.step.dp_total_s);
  QVERIFY2(per_collective > 6e-3 && per_collective < 9e-3, qPrintable(QString::number(per_collective)));
  QCOMPARE(e.step.dp_collectives, 3.0 * 63);
  // One more microsecond of wire latency on every cross-node step: 1,024 of 4,096 steps per
  // rank cross, so each collective pays 4,095 x 0.25 us more, 189 times: 0.194 s.
  const Estimate slower = checked(llama405_zero3(1e-6));
  const double delta = slower.step.dp_total_s - e.step.dp_total_s;
  QVERIFY2(std::abs(delta / (189 * 4095 * 0.25e-6) - 1) < 1e-6, qPrintable(QString::number(delta)));
}

void TstThroughput::dpBucketsPayLatencyEach() {
  // ZeRO-1 with overlap reduces gradient buckets of max(40M, 1M x DP) parameters (Megatron-Core):
  // Llama-2-7B (6.74B parameters) at DP 64 -> 64M-parameter buckets -> 106 buckets, each a
  // reduce-scatter and an all-gather over 64 ranks (8 nodes).
  Scenario s = llama7b_dp("ib-ndr", 64, Topology::RailOptimized);
  const Estimate e = checked(s);
  QCOMPARE(e.step.dp_collectives, 2.0 * 106);
  // +1 us on cross-node steps: 8 of 64 ranks' steps cross, 63 steps per collective.
  s.cluster.fabric.base_latency_s += 1e-6;
  const double delta = checked(s).step.dp_total_s - e.step.dp_total_s;
  QVERIFY2(std::abs(delta / (212 * 63 * 1e-6 * 8 / 64) - 1) < 1e-6, qPrintable(QString::number(delta)));
  // Without overlap Megatron reduces in one bucket.
  s.training.dp_overlap = false;
  QCOMPARE(checked(s).step.dp_collectives, 2.0);
}

void TstThroughput::zero2ReduceScattersEveryMicroBatch() {
  // Llama-3-70B, TP 1, PP 4, VPP 2, CP 8 on 256 H100s, seq 8192, global batch
  // 1,024: DP 8, 128 micro-batches per step. ZeRO-2 keeps only a shard of the gradients, so
  // (DeepSpeed) it reduce-scatters every micro-batch's gradients over the 64 DP x CP ranks;
  // ZeRO-1 reduce-scatters once and both gather the weights once. With 2-byte gradients and
  // 2-byte weights the reduce-scatter and the all-gather move the same bytes, so ZeRO-1's DP
  // traffic is 2 collectives and ZeRO-2's 128 + 1 = 129: 64.5 times as much. By hand: about
  // 17.6B parameters x 2 bytes = 35 GB per reduce-scatter (about 12.6 s of bandwidth for 128).
  // Each DP bucket pays its own ring latency (Megatron-Core buckets of max(40M, 1M x 64)
  // parameters): 129 x 284 = 36,636 collectives of
  // 63 steps at 1.66 us = 3.8 s of latency on top of 129 x 35 GB x 63/64 / 351 GB/s = 12.8 s
  // of bandwidth, about 16.6 s (the engine: 17.0 s). The bound (15-18.5 s) holds the sum of
  // latency and bandwidth.
  Scenario s = h100_job("llama-3-70b", 1, 4, 256, 1024, "ib-ndr");
  s.training.seq = 8192;
  s.parallel.vpp = 2;
  s.parallel.cp = 8;
  s.parallel.sp = false;
  s.training.grad_dtype = GradDtype::Bf16;  // the 2-byte gradients of the count above (bf16's default is fp32)
  s.training.zero = Zero::Stage1;
  const Estimate z1 = checked(s);
  s.training.zero = Zero::Stage2;
  QVERIFY(validate(s).empty());  // ZeRO-2 with PP stays estimable
  const Estimate z2 = checked(s);
  QCOMPARE(z2.microbatches, 128);
  QVERIFY2(std::abs(z2.step.dp_total_s / z1.step.dp_total_s - 64.5) < 0.02 * 64.5,
           qPrintable(QString::number(z2.step.dp_total_s / z1.step.dp_total_s)));
  QVERIFY2(z2.step.dp_total_s > 15.0 && z2.step.dp_total_s < 18.5, qPrintable(QString::number(z2.step.dp_total_s)));
  // The traffic costs time even where it hides behind the backward passes (it slows them).
  QVERIFY(z2.step.step_s > z1.step.step_s * 1.02);
  // ZeRO-2 still needs less memory than ZeRO-1 (sharded gradients).
  QVERIFY(z2.memory.peak.total() < z1.memory.peak.total());
}

void TstThroughput::contextParallelShortSequenceCosts() {
  // Llama-2-13B on 128 A100s at 4k tokens: CP 2 with micro-batch 2 puts the
  // same 4,096 tokens through each GEMM as CP 1 with micro-batch 1, but ring attention runs
  // its kernel over two chunks of 2,048 keys, paying the per-tile fixed cost twice, and merges
  // the partial outputs. Attention kernel time by hand: a query row runs over (0.5 + 64/4096)
  // x 4096 = 2,112 keys; (2112 + 2 x 256) / (2112 + 256) = 1.108 times the CP 1 kernel.
  Scenario one = default_scenario();
  one.model = find_model_preset("llama-2-13b")->shape;
  one.model_id = "llama-2-13b";
  one.training.seq = 4096;
  one.training.global_batch = 512;
  one.training.micro_batch = 1;
  one.parallel = Parallelism{1, 1, 1, 0, 1, 1, false};
  one.cluster.nodes = 16;
  Scenario two = one;
  two.parallel.cp = 2;
  two.training.micro_batch = 2;
  const Estimate a = checked(one), b = checked(two);
  QVERIFY2(b.throughput.tokens_per_s <= 0.99 * a.throughput.tokens_per_s,
           qPrintable(QString::number(b.throughput.tokens_per_s / a.throughput.tokens_per_s)));
  // One layer's attention forward: the kernel factor, plus the merge of the two partial
  // outputs (read both, write one: 3 x 4,096 tokens x 40 heads x 128 x 2 bytes = 125.8 MB at
  // 85% of 2,039 GB/s = 72.6 us) and its three more launches (4 us each).
  ComputeContext c1{&one.model, &one.training, &one.parallel, &one.cluster.gpu,
                    peak_flops(one.cluster.gpu, one.training.precision)};
  ComputeContext c2{&two.model, &two.training, &two.parallel, &two.cluster.gpu, c1.peak};
  const double base = layer_work(c1, false).attention_fwd_s;
  const double merge = 3.0 * 4096 * 40 * 128 * 2 / (one.cluster.gpu.memory_bw * 0.85) + 3 * 4e-6;
  const double expected = base * 2624.0 / 2368 + merge;
  const double got = layer_work(c2, false).attention_fwd_s;
  QVERIFY2(std::abs(got / expected - 1) < 1e-9, qPrintable(QString::number(got / expected)));
  QVERIFY(got / base > 1.15);
}

void TstThroughput::hardwareFlopsAsExecuted() {
  // Llama-3-8B at 128k tokens on 32 H100s (TP 8, CP 4), flash attention, no
  // recomputation. Model FLOPs keep the published convention (full s x s attention); hardware
  // FLOPs count what runs: the causal half plus the diagonal blocks, (0.5 + 64/s), forward,
  // and 2.5 times that backward. By hand, per step: attention forward over the full matrix is
  // 4 s^2 x (heads x head dim) per layer and sequence, so hardware = model + B L 4 s^2 h
  // (3.5 (0.5 + 64/s) - 3).
  Scenario s = h100_job("llama-3-8b", 8, 1, 32, 8, "ib-ndr");
  s.training.seq = 131072;
  s.parallel.cp = 4;
  s.training.recompute = Recompute::None;
  s.training.flash_attention = true;
  const Estimate e = checked(s);
  const double S = 131072, B = 8, L = 32, h = 4096;
  const double attention_full = B * L * 4 * S * S * h;
  const double expected = e.throughput.model_flops_per_step + attention_full * (3.5 * (0.5 + 64 / S) - 3);
  QVERIFY2(std::abs(e.throughput.hardware_flops_per_step / expected - 1) < 1e-9,
           qPrintable(QString::number(e.throughput.hardware_flops_per_step / expected)));
  // Hardware utilisation never exceeds what the GPU's best GEMM reaches.
  QVERIFY2(e.throughput.hfu <= s.cluster.gpu.mamf_fraction, qPrintable(QString::number(e.throughput.hfu)));
  // MFU keeps counting the full matrix, so it may read above HFU at long sequences.
  QVERIFY(e.throughput.mfu > e.throughput.hfu);
}

void TstThroughput::bubbleWithFewMicroBatches() {
  // Interleaving shrinks the bubble to (p - 1) / v slots only when each stage has p or more
  // micro-batches to interleave. LLaMA-65B, PP 2, VPP 20, DP 1,024 on 2,048 A100s, global
  // batch 2,048, micro-batch 2: one micro-batch per step, which runs its 40 chunk steps one
  // after another: a bubble of one whole slot (p - m + (m - 1)/v = 1), not 1/20 of one (the
  // planner's 70% MFU winner for this question rested on it). With 3 micro-batches on 4
  // stages and v = 2: (4 - 3) + 2/2 = 2 slots.
  Scenario s = default_scenario();
  s.parallel = Parallelism{1, 2, 20, 0, 1, 1, false};
  s.cluster.nodes = 256;
  s.training.global_batch = 2048;
  s.training.micro_batch = 2;
  s.training.zero = Zero::Stage3;
  Estimate e = checked(s);
  QCOMPARE(e.microbatches, 1);
  QVERIFY(std::abs(e.step.bubble_s / e.step.microbatch_s - 1.0) < 1e-12);
  s.parallel = Parallelism{8, 4, 2, 0, 1, 1, true};
  s.cluster.nodes = 4;
  s.training.global_batch = 3;
  s.training.micro_batch = 1;
  e = checked(s);
  QCOMPARE(e.microbatches, 3);
  QVERIFY(std::abs(e.step.bubble_s / e.step.microbatch_s - 2.0) < 1e-12);
}

void TstThroughput::overlapInterferenceIsTheHbmShare() {
  // An overlapped collective slows compute by the larger of NCCL's SM share (0.15 of
  // the hidden time) and the HBM time of its own traffic, 3 bytes per bus byte. A100 80GB, one
  // second hidden inside a node (0.78 x 300 GB/s = 234 GB of bus bytes): 3 x 234 / (0.85 x
  // 2,039) = 0.405 s; H100 SXM (351 GB): 1,053 / 2,848 = 0.370 s; one HDR NIC across nodes
  // (24 GB): 72 / 1,733 = 0.04 s, so NCCL's SM share, 0.15 s, applies.
  const GpuSpec& a100 = *find_gpu("a100-80gb-sxm");
  const GpuSpec& h100 = *find_gpu("h100-sxm");
  QVERIFY(std::abs(overlap_slowdown_s(a100, 1.0, 234e9) - 3 * 234e9 / (0.85 * a100.memory_bw)) < 1e-12);
  QVERIFY2(std::abs(overlap_slowdown_s(a100, 1.0, 234e9) - 0.405) < 0.005,
           qPrintable(QString::number(overlap_slowdown_s(a100, 1.0, 234e9))));
  QVERIFY2(std::abs(overlap_slowdown_s(h100, 1.0, 351e9) - 0.370) < 0.005,
           qPrintable(QString::number(overlap_slowdown_s(h100, 1.0, 351e9))));
  QCOMPARE(overlap_slowdown_s(a100, 1.0, 24e9), calib::kOverlapInterference);
  QCOMPARE(overlap_slowdown_s(a100, 1.0, 1e15), 1.0);
}

void TstThroughput::zero3WindowsDoNotPool() {
  // One layer of prefetch, by hand: gather 2 ms, reduce-scatter 4 ms per layer, 40 layers.
  // Forward 5 ms and backward 10 ms per layer hide everything but the first gather and the
  // last reduce-scatter: 6 ms per micro-batch.
  QVERIFY(std::abs(zero3_exposed_per_microbatch(2e-3, 4e-3, 5e-3, 10e-3, 40) - 6e-3) < 1e-12);
  // Forward 1 ms, backward 3 ms: 6 + 39 x ((2 - 1) + (6 - 3)) = 162 ms.
  QVERIFY(std::abs(zero3_exposed_per_microbatch(2e-3, 4e-3, 1e-3, 3e-3, 40) - 162e-3) < 1e-12);
  // A long backward does not hide the forward's gathers: 6 + 39 x 1 = 45 ms (a pooled window
  // of 40 x 101 ms would have hidden all but the first and last).
  QVERIFY(std::abs(zero3_exposed_per_microbatch(2e-3, 4e-3, 1e-3, 100e-3, 40) - 45e-3) < 1e-12);
  QVERIFY(std::abs(zero3_exposed_per_microbatch(2e-3, 4e-3, 0, 0, 1) - 6e-3) < 1e-12);
}

void TstThroughput::zero3InsideANodeSlowsCompute() {
  // FSDP on one DGX A100 (llm-foundry's MPT-13B row shape): the hidden gathers and
  // reduce-scatters run at NVLink speed and take 40% of the HBM bandwidth while they overlap
  // the GEMMs, so the compute grows by about 0.405 x the hidden time (0.15 before).
  Scenario s = a100_node_job("llama-2-13b", 2048, 2, 48, 1);
  s.training.zero = Zero::Stage3;
  s.training.dp_overlap = true;
  const Estimate e = checked(s);
  QCOMPARE(e.step.dp.nodes, 1);
  const double hidden = e.step.dp_total_s - e.step.exposed.dp_s;
  QVERIFY(hidden > 0);
  const double slowdown = (e.step.compute_s - e.microbatches * e.step.microbatch_s) / hidden;
  qInfo("FSDP on 8 A100: DP %.3f s per step, %.3f s hidden, compute slowed by %.3f of it", e.step.dp_total_s, hidden,
        slowdown);
  // Below 0.405 only by the collectives' latency (time that moves no bytes).
  QVERIFY2(slowdown > 0.38 && slowdown <= 0.405, qPrintable(QString::number(slowdown)));
}

// The named pieces of estimate_step, each against a figure computed by hand.

void TstThroughput::tpLayerCostByHand() {
  // 4,096 tokens of hidden 8,192 over TP 8 on a 200 GB/s link without latency: one ring
  // all-reduce of 2 x 4,096 x 8,192 = 67,108,864 bytes takes 2 x 7/8 x 67,108,864 / 200e9 =
  // 0.58720256 ms; four per layer 2.34881024 ms, six under full recomputation.
  const Link link{200e9, 0};
  const TpLayerCost c = tp_layer_cost(4096, 8192, 8, link, false, false);
  QVERIFY(std::abs(c.exposed_s - 2.34881024e-3) < 1e-12);
  QCOMPARE(c.hidden_s, 0.0);
  QCOMPARE(c.algo, CollectiveAlgo::Ring);
  QVERIFY(std::abs(tp_layer_cost(4096, 8192, 8, link, true, false).exposed_s - 3.52321536e-3) < 1e-12);
  // TP overlap (Transformer Engine's userbuffers) leaves the last of four pipeline splits of
  // the two forward reduce-scatters waiting: 2 x 1/4 of eight halves, 1/16; 15/16 hides.
  const TpLayerCost o = tp_layer_cost(4096, 8192, 8, link, false, true);
  QVERIFY(std::abs(o.hidden_s - 2.20200960e-3) < 1e-12);
  QVERIFY(std::abs(o.exposed_s - 0.14680064e-3) < 1e-12);
  // It hides under the layer's compute and no further: a 1 ms layer leaves 1.34881024 ms.
  const TpLayerCost short_layer = tp_layer_cost(4096, 8192, 8, link, false, true, false, 0, 1e-3);
  QVERIFY(std::abs(short_layer.hidden_s - 1e-3) < 1e-12);
  QVERIFY(std::abs(short_layer.exposed_s - 1.34881024e-3) < 1e-12);
  QCOMPARE(tp_layer_cost(4096, 8192, 1, link, true, true).exposed_s, 0.0);
}

void TstThroughput::interleavedSendsOverlapOnMegatronCore() {
  // Megatron-Core's interleaved schedule (overlap_p2p_comm, default since 2023-10) hides the
  // sends of its steady 1F1B phase; the first stage's warm-up, (pp - 1) x 2 + (vpp - 1) x pp
  // chunks, sends forward and the flush backward on the critical path. Llama-3-70B, TP 8, PP 4,
  // VPP 5, DP 4 on 128 H100s, global batch 256: 64 micro-batches x 5 chunks = 320 chunks, of
  // which 3 x 2 + 4 x 4 = 22 send exposed. Megatron-LM before that commit, and every
  // non-interleaved schedule, send all 320 exposed.
  Scenario s = h100_job("llama-3-70b", 8, 4, 128, 256, "ib-ndr");
  s.parallel.vpp = 5;
  s.training.stack = SoftwareStack::MegatronLm;
  const Estimate lm = checked(s);
  s.training.stack = SoftwareStack::MegatronCore;
  const Estimate core = checked(s);
  QCOMPARE(core.microbatches, 64);
  QVERIFY(lm.step.exposed.pp_s > 0);
  QVERIFY(std::abs(core.step.exposed.pp_s / lm.step.exposed.pp_s - 22.0 / 320.0) < 1e-12);
  // The hidden sends slow the compute by kOverlapInterference of their time, no more.
  const double hidden = lm.step.exposed.pp_s - core.step.exposed.pp_s;
  QVERIFY2(std::abs((core.step.compute_s - lm.step.compute_s) - calib::kOverlapInterference * hidden) < 1e-9,
           qPrintable(QString::number(core.step.compute_s - lm.step.compute_s)));
  // Without interleaving nothing overlaps, whatever the stack.
  s.parallel.vpp = 1;
  const Estimate plain_core = checked(s);
  s.training.stack = SoftwareStack::MegatronLm;
  QCOMPARE(plain_core.step.exposed.pp_s, checked(s).step.exposed.pp_s);
}

void TstThroughput::expertAllToAllHidesPhaseByPhase() {
  // Megatron-Core's EP overlap schedule runs a layer's forward beside another micro-batch's
  // backward in three phases: combine_bwd | dispatch_fwd + dispatch_bwd | combine_fwd against
  // pre_dispatch_fwd | mlp_bwd + mlp_fwd | pre_dispatch_bwd. A MoE layer whose forward takes 1 s
  // (0.6 of it the expert MLP) and backward 2 s (1.2 the MLP), with 2 s of all-to-all (0.5 s per
  // dispatch or combine): min(0.5, 0.4) + min(1.0, 1.8) + min(0.5, 0.8) = 1.9 s of the 2 s hide.
  // Two MoE layers, 4 micro-batches without pipelining: 3 of 4 are paired, 0.75 x 2 x 1.9 = 2.85
  // s of the stage's 4 s hide, at kOverlapInterference of their time in compute.
  LayerWork moe;
  moe.fwd_s = 1.0, moe.mlp_fwd_s = 0.6, moe.bwd_s = 2.0, moe.mlp_bwd_s = 1.2;
  const StageKind k{0, 2, 2, true, true};
  StageCost c;
  c.compute = 6.0, c.ep = 4.0;
  hide_expert_all_to_all(c, k, moe, 4, 1);
  QVERIFY(std::abs(c.ep - 1.15) < 1e-12);
  QVERIFY(std::abs(c.ep_hidden - 2.85) < 1e-12);
  QVERIFY(std::abs(c.compute - (6.0 + calib::kOverlapInterference * 2.85)) < 1e-12);
  // Compute that outlasts every phase hides all of the paired micro-batches' all-to-alls.
  StageCost wide;
  wide.compute = 6.0, wide.ep = 0.4;
  hide_expert_all_to_all(wide, k, moe, 4, 1);
  QVERIFY(std::abs(wide.ep - 0.1) < 1e-12);
}

void TstThroughput::epLayerCostByHand() {
  // Mixtral 8x7B (h 4,096, top-2) over EP 8 inside one node at 100 GB/s, no latency: a rank
  // sends 4,096 x 2 = 8,192 routed copies, 7/8 of them (7,168) to other GPUs; the busiest
  // receiver sets the pace (expected maximum of 65,536 copies over 8 ranks / 8,192). Dispatch
  // and combine in bf16: 2 x 7,168 x 4,096 x 2 bytes / 100e9 x imbalance; two pairs per layer.
  const ModelShape m = find_model_preset("mixtral-8x7b")->shape;
  Training tr;
  GroupLink g;
  g.ranks = 8;
  g.nodes = 1;
  g.per_node = 8;
  g.intra = Link{100e9, 0};
  g.link = g.intra;
  const double imbalance = expected_max_load(8192.0 * 8, 8) / 8192.0;
  QVERIFY(imbalance > 1.0 && imbalance < 1.05);
  const double one = 7168.0 * 4096 * 2 * imbalance / 100e9;
  const EpLayerCost c = ep_layer_cost(m, tr, 1, 4096, g);
  QVERIFY2(std::abs(c.seconds - 2 * (one + one)) < 1e-12, qPrintable(QString::number(c.seconds)));
  tr.recompute = Recompute::Full;
  QVERIFY(std::abs(ep_layer_cost(m, tr, 1, 4096, g).seconds - 3 * (one + one)) < 1e-12);
  // fp8 dispatch: 1 byte + a 4-byte scale per 128 elements = 1.03125 bytes in the dispatch.
  QCOMPARE(fp8_dispatch_bytes_per_element(), 1.03125);
  tr.recompute = Recompute::None;
  tr.moe_dispatch = MoeDispatch::Fp8;
  QVERIFY(std::abs(ep_layer_cost(m, tr, 1, 4096, g).seconds - 2 * (one * 1.03125 / 2 + one)) < 1e-12);
}

void TstThroughput::cpLayerCostByHand() {
  // Llama-2-7B (32 KV heads of 128): K and V of 4,096 tokens are 4,096 x 8,192 x 2 =
  // 67,108,864 bytes; CP 4 passes them 3 times at 50 GB/s: 4.02653184 ms forward, twice the
  // bytes backward. Behind a 1 ms attention forward (2.5 ms backward) the stalls are 3.02653184
  // and 8.05306368 - 2.5 = 5.55306368 ms; a 10 ms attention hides both.
  const ModelShape m = find_model_preset("llama-2-7b")->shape;
  const Link link{50e9, 0};
  const CpLayerCost c = cp_layer_cost(m, 1, 4, 4096, 1e-3, link);
  QVERIFY(std::abs(c.comm_fwd_s - 4.02653184e-3) < 1e-12);
  QVERIFY(std::abs(c.stall_fwd_s - 3.02653184e-3) < 1e-12);
  QVERIFY(std::abs(c.stall_bwd_s - 5.55306368e-3) < 1e-12);
  QVERIFY(std::abs(c.exposed_s() - 8.57959552e-3) < 1e-12);
  // What the attention covers (and what slows it, kOverlapInterference): 1 ms of the forward's
  // exchanges and 2.5 ms of the backward's: 3 x 4.02653184 - 8.57959552 = 3.5 ms.
  QVERIFY(std::abs(c.hidden_s() - 3.5e-3) < 1e-12);
  QCOMPARE(cp_layer_cost(m, 1, 4, 4096, 10e-3, link).exposed_s(), 0.0);
  // Behind a 10 ms attention all of it is hidden: 3 x 4.02653184 ms.
  QVERIFY(std::abs(cp_layer_cost(m, 1, 4, 4096, 10e-3, link).hidden_s() - 12.07959552e-3) < 1e-12);
  // TP 2 halves the chunk each rank sends.
  QVERIFY(std::abs(cp_layer_cost(m, 2, 4, 4096, 10e-3, link).comm_fwd_s - 4.02653184e-3 / 2) < 1e-12);
  QCOMPARE(cp_layer_cost(m, 1, 1, 4096, 1e-3, link).exposed_s(), 0.0);
  QCOMPARE(cp_layer_cost(m, 1, 1, 4096, 1e-3, link).hidden_s(), 0.0);
}

void TstThroughput::stageCostByHand() {
  // The last stage holds 2 dense and 2 MoE layers and the output layer.
  LayerWork dense, moe, out;
  dense.fwd_s = 1, dense.bwd_s = 2, dense.recompute_s = 0.5, dense.model_flops = 10, dense.hardware_flops = 12;
  moe.fwd_s = 3, moe.bwd_s = 6, moe.model_flops = 30, moe.hardware_flops = 30;
  out.fwd_s = 0.2, out.bwd_s = 0.4, out.model_flops = 5, out.hardware_flops = 5;
  const StageKind k{3, 4, 2, false, true};
  const LayerComm comm{0.1, 0.2, 0.05};
  const StageCost c = stage_cost(k, dense, moe, out, 0.0, comm);
  QVERIFY(std::abs(c.compute - (2 * 3.5 + 2 * 9 + 0.6)) < 1e-12);  // 25.6
  QVERIFY(std::abs(c.bwd - (2 * 2.5 + 2 * 6 + 0.4)) < 1e-12);       // 17.4
  QVERIFY(std::abs(c.tp - 0.4) < 1e-12);  // every layer
  QVERIFY(std::abs(c.ep - 0.4) < 1e-12);  // MoE layers only
  QVERIFY(std::abs(c.cp - 0.2) < 1e-12);
  QCOMPARE(c.model_flops, 85.0);
  QCOMPARE(c.hardware_flops, 89.0);
  QVERIFY(std::abs(c.total() - 26.6) < 1e-12);
  // DeepSpeed's pipeline engine adds its fixed cost per layer (4 layers x 0.25 = 1), split
  // between forward and backward as the layers' time is (17.4 of 25.6 backward), and leaves the
  // communication alone.
  const StageCost d = stage_cost(k, dense, moe, out, 0.25, comm);
  QVERIFY(std::abs(d.compute - 26.6) < 1e-12);
  QVERIFY(std::abs(d.bwd - (17.4 + 17.4 / 25.6)) < 1e-12);
  QVERIFY(std::abs(d.tp - 0.4) < 1e-12);
  // Not the last stage: no output layer.
  QVERIFY(std::abs(stage_cost(StageKind{1, 4, 2, false, false}, dense, moe, out, 0.0, comm).compute - 25.0) < 1e-12);
}

void TstThroughput::bubbleSlotsByHand() {
  QCOMPARE(bubble_slots(8, 4, 1), 3.0);   // (p - 1)
  QCOMPARE(bubble_slots(8, 4, 2), 1.5);   // (p - 1) / v
  QCOMPARE(bubble_slots(2, 4, 2), 2.5);   // m < p: (p - m) + (m - 1) / v
  QCOMPARE(bubble_slots(1, 4, 3), 3.0);   // one micro-batch: p - 1 whatever v
  QCOMPARE(bubble_slots(8, 1, 1), 0.0);   // no pipeline
}

void TstThroughput::dpReductionPerZeroStage() {
  // 1e9 parameters over 8 ranks on one node, 100 GB/s, no latency; fp32 gradients (4 bytes),
  // 16-bit weights; Megatron buckets of max(40M, 8 x 1M) = 40M: 25 buckets.
  GroupLink g;
  g.ranks = 8;
  g.nodes = 1;
  g.per_node = 8;
  g.intra = Link{100e9, 0};
  g.link = g.intra;
  BytesPerParam bpp;
  bpp.weights = 2;
  bpp.gradients = 4;
  Training tr;
  QCOMPARE(dp_bucket_params(tr, 8), 40e6);
  QCOMPARE(dp_bucket_params(tr, 64), 64e6);
  // ZeRO-1: reduce-scatter 7/8 x 4e9 / 1e11 = 35 ms, gather 7/8 x 2e9 / 1e11 = 17.5 ms, 50 collectives.
  tr.zero = Zero::Stage1;
  DpCost c;
  add_dp_reduction(c, tr, bpp, 1e9, 8, g, 4, 10);
  QVERIFY(std::abs(c.reduce_s - 0.035) < 1e-12);
  QVERIFY(std::abs(c.gather_s - 0.0175) < 1e-12);
  QCOMPARE(c.collectives, 50.0);
  QVERIFY(std::abs(c.bus_bytes - 6e9 * 7 / 8) < 1);
  // ZeRO-2 (DeepSpeed): a reduce-scatter every micro-batch: 4 x 35 ms, 5 x 25 collectives.
  tr.zero = Zero::Stage2;
  c = DpCost{};
  add_dp_reduction(c, tr, bpp, 1e9, 8, g, 4, 10);
  QVERIFY(std::abs(c.reduce_s - 0.14) < 1e-12);
  QVERIFY(std::abs(c.gather_s - 0.0175) < 1e-12);
  QCOMPARE(c.collectives, 125.0);
  // ZeRO-0: ring all-reduce 2 x 7/8 x 4e9 / 1e11 = 70 ms, 25 collectives.
  tr.zero = Zero::Stage0;
  c = DpCost{};
  add_dp_reduction(c, tr, bpp, 1e9, 8, g, 4, 10);
  QVERIFY(std::abs(c.reduce_s - 0.07) < 1e-12);
  QCOMPARE(c.gather_s, 0.0);
  QCOMPARE(c.collectives, 25.0);
  // ZeRO-3 over 10 layers, 4 micro-batches: per layer reduce-scatter 7/8 x 4e8 / 1e11 = 3.5 ms
  // and gather 1.75 ms; 4 x 10 x 3.5 = 140 ms of reduction, 4 x 2 x 10 x 1.75 = 140 ms of
  // gathers, 120 collectives.
  tr.zero = Zero::Stage3;
  c = DpCost{};
  add_dp_reduction(c, tr, bpp, 1e9, 8, g, 4, 10);
  QVERIFY(std::abs(c.layer_reduce_s - 3.5e-3) < 1e-12);
  QVERIFY(std::abs(c.layer_gather_s - 1.75e-3) < 1e-12);
  QVERIFY(std::abs(c.reduce_s - 0.14) < 1e-12);
  QVERIFY(std::abs(c.gather_s - 0.14) < 1e-12);
  QCOMPARE(c.collectives, 120.0);
  // One rank: nothing to reduce.
  c = DpCost{};
  add_dp_reduction(c, tr, bpp, 1e9, 1, g, 4, 10);
  QCOMPARE(c.total_s(), 0.0);
}

void TstThroughput::dpExposedPerZeroStage() {
  Training tr;
  DpCost c;
  c.reduce_s = 0.035;
  c.gather_s = 0.0175;
  // ZeRO-1 with overlap, the last bucket 4% of the reduction: the reduction beyond a 20 ms
  // backward (15 ms) and the gather beyond a 10 ms forward (7.5 ms) stay exposed.
  tr.zero = Zero::Stage1;
  QVERIFY(std::abs(dp_exposed_s(tr, c, 0.01, 0.02, 0.04, 4, 10) - 0.0225) < 1e-12);
  // A long window leaves the last bucket: 4% of each.
  QVERIFY(std::abs(dp_exposed_s(tr, c, 1, 1, 0.04, 4, 10) - 0.04 * 0.0525) < 1e-12);
  tr.dp_overlap = false;
  QVERIFY(std::abs(dp_exposed_s(tr, c, 1, 1, 0.04, 4, 10) - 0.0525) < 1e-12);
  // ZeRO-2: each of 4 micro-batches' backward carries its own 35 ms reduce-scatter: 4 x 15 ms
  // beyond a 20 ms window, plus the gather's 7.5 ms.
  tr.dp_overlap = true;
  tr.zero = Zero::Stage2;
  c.reduce_s = 0.14;
  QVERIFY(std::abs(dp_exposed_s(tr, c, 0.01, 0.02, 0.04, 4, 10) - 0.0675) < 1e-12);
  // ZeRO-3, 10 layers: gather 1.75 ms, reduce-scatter 3.5 ms per layer behind 1 ms forward and
  // 3 ms backward per layer: 5.25 + 9 x (0.75 + 2.25) = 32.25 ms per micro-batch, 129 ms for 4.
  tr.zero = Zero::Stage3;
  c.layer_gather_s = 1.75e-3;
  c.layer_reduce_s = 3.5e-3;
  c.gather_s = 0.14;
  QVERIFY(std::abs(dp_exposed_s(tr, c, 0.01, 0.03, 0.04, 4, 10) - 0.129) < 1e-12);
}

void TstThroughput::fa2RateIsAGpuField() {
  // The FlashAttention-2 rate on a GPU is the catalog's figure, not a guess from the GEMM
  // tile: Hopper-class rows carry 0.35 / 0.75 (Shah et al. 2024), Ampere rows 1.
  QVERIFY(std::abs(find_gpu("h100-sxm")->fa2_fraction_of_fa3 - 0.35 / 0.75) < 1e-12);
  QCOMPARE(find_gpu("a100-80gb-sxm")->fa2_fraction_of_fa3, 1.0);
  // A custom GPU with 256-wide tiles whose FlashAttention-2 kernels run at the native rate
  // (field 1) times PyTorch's attention like the native stack's (the tile width once decided).
  Scenario s = h100_job("llama-2-7b", 1, 1, 8, 64, "ib-ndr");
  s.training.stack = SoftwareStack::PyTorchCompile;
  s.cluster.gpu.id = "custom-hopper";
  const double penalised = checked(s).step.step_s;
  s.cluster.gpu.fa2_fraction_of_fa3 = 1.0;
  QVERIFY(s.cluster.gpu.tile_n == 256);
  const double native = checked(s).step.step_s;
  QVERIFY2(native < penalised * 0.99, qPrintable(QString("%1 vs %2").arg(native).arg(penalised)));
}

void TstThroughput::blackwellTileOverheadByHand() {
  // gemm_time's K overhead is Calibration::gemm_k_overhead (512) at an A100 SM's rate,
  // grown with the SM's rate and times the GPU's tile_overhead_share. A 16384 x 4096 x 4096 fp8
  // GEMM (128 x 256 tiles: 128 x 16 = 2048 on 148 SMs, 14 waves of 2072 slots) on the B200
  // (4.5 PFLOP/s fp8, 148 SMs, matmul fraction 0.776, share 0.5): overhead 512 x 0.5 x
  // (4500 / 148) / (312 / 108) = 2694.4 K units, K efficiency 4096 / 6790.4 = 0.6032; time =
  // 2 x 16384 x 4096 x 4096 / (4.5e15 x 0.776 x 2048/2072 x 0.6032) + 4 us = 0.26805 ms (its
  // operands cross HBM in 0.044 ms). Without the share (the Hopper rule) the overhead is 5388.8
  // K units, the K efficiency 0.4319 and the time 0.37283 ms.
  const GpuSpec& b200 = *find_gpu("b200");
  QCOMPARE(b200.tile_overhead_share, 0.5);
  QCOMPARE(find_gpu("h100-sxm")->tile_overhead_share, 1.0);
  QCOMPARE(find_gpu("a100-80gb-sxm")->tile_overhead_share, 1.0);
  const double peak = peak_flops(b200, Precision::Fp8);
  QCOMPARE(peak, 4500e12);
  const double k_over = calib::kCalibrated.gemm_k_overhead * 0.5 * (4500e12 / 148) / (312e12 / 108);
  const double expect = 2.0 * 16384 * 4096 * 4096 / (4500e12 * 0.776 * (2048.0 / 2072.0) * (4096 / (4096 + k_over))) + 4e-6;
  const double t = gemm_time(b200, peak, 16384, 4096, 4096);
  QVERIFY2(std::abs(t - expect) < 1e-12, qPrintable(QString("%1 vs %2").arg(t).arg(expect)));
  QVERIFY2(std::abs(t - 0.26805e-3) < 0.0001e-3, qPrintable(QString::number(t * 1e3, 'f', 6)));
  GpuSpec hopper_rule = b200;
  hopper_rule.tile_overhead_share = 1.0;
  const double t_hopper = gemm_time(hopper_rule, peak, 16384, 4096, 4096);
  QVERIFY2(std::abs(t_hopper - 0.37283e-3) < 0.0001e-3, qPrintable(QString::number(t_hopper * 1e3, 'f', 6)));
}

void TstThroughput::tpBackwardHidesUnderWeightGradients() {
  // Megatron's asynchronous TP backward (LinearWithGradAccumulationAndAsyncCommunication): the
  // backward pair of all-reduces runs under the weight-gradient GEMMs. Same figures as
  // tpLayerCostByHand: one all-reduce 0.58720256 ms, four per layer 2.34881024 ms. Under a 1 ms
  // window 1 ms of the backward's 1.17440512 ms hides: 1.34881024 ms exposed; under a 5 ms
  // window the backward pair hides whole and the forward pair, 1.17440512 ms, stays.
  const Link link{200e9, 0};
  const TpLayerCost narrow = tp_layer_cost(4096, 8192, 8, link, false, false, true, 1e-3);
  QVERIFY(std::abs(narrow.hidden_s - 1e-3) < 1e-12);
  QVERIFY(std::abs(narrow.exposed_s - 1.34881024e-3) < 1e-12);
  const TpLayerCost wide = tp_layer_cost(4096, 8192, 8, link, false, false, true, 5e-3);
  QVERIFY(std::abs(wide.exposed_s - 1.17440512e-3) < 1e-12);
  // Full recomputation repeats the forward pair, exposed: 4 x 0.58720256 ms.
  QVERIFY(std::abs(tp_layer_cost(4096, 8192, 8, link, true, false, true, 5e-3).exposed_s - 2.34881024e-3) < 1e-12);
  // TP overlap never hides less than the asynchronous backward: with full recomputation 15/16
  // of six (3.30301440 ms) beats the pair (1.17440512 ms); in a 2 ms layer whose weight
  // gradients take 1 ms the overlap hides 2 ms, the pair 1 ms.
  QVERIFY(std::abs(tp_layer_cost(4096, 8192, 8, link, true, true, true, 5e-3).hidden_s - 3.30301440e-3) < 1e-12);
  QVERIFY(std::abs(tp_layer_cost(4096, 8192, 8, link, true, true, true, 1e-3, 2e-3).hidden_s - 2e-3) < 1e-12);

  // In a whole estimate (Korthikanti's 22B on one DGX A100, TP 8, SP off): the window is the
  // weight-gradient GEMMs of QKV and the MLP's first GEMM, which outlast the pair, so the
  // exposed TP time halves; Narayanan's 2021 code (tp_async_grad off) and the Megatron-DeepSpeed
  // stack wait on it.
  Scenario s = a100_node_job("megatron-22b", 2048, 4, 4, 8);
  s.training.recompute = Recompute::None;
  s.training.flash_attention = false;
  s.training.stack = SoftwareStack::MegatronLm;
  const Estimate on = checked(s);
  s.training.tp_async_grad = false;
  const Estimate off = checked(s);
  s.training.tp_async_grad = true;
  s.training.stack = SoftwareStack::MegatronDeepSpeed;
  const Estimate ds = checked(s);
  qInfo("22B TP 8: exposed TP %.2f ms async, %.2f ms waiting", 1e3 * on.step.exposed.tp_s, 1e3 * off.step.exposed.tp_s);
  QVERIFY(std::abs(on.step.exposed.tp_s - 0.5 * off.step.exposed.tp_s) < 1e-9);
  QCOMPARE(ds.step.exposed.tp_s, off.step.exposed.tp_s);
  QVERIFY(on.step.step_s < off.step.step_s);
}

namespace {
// torchtitan's Llama 2 13B on 64 A100 80GB (8 DGX nodes, HDR rail), FSDP2 with fp32 gradient
// reduction, eager PyTorch, micro-batch 2 at 4096 tokens (torchtitan docs/performance.md, 2024).
Scenario torchtitan_13b() {
  Scenario s = default_scenario();
  s.model = find_model_preset("llama-2-13b")->shape;
  s.model_id = "llama-2-13b";
  s.training.seq = 4096;
  s.training.micro_batch = 2;
  s.training.global_batch = 128;
  s.training.zero = Zero::Stage3;
  s.training.grad_dtype = GradDtype::Fp32;
  s.training.dropout = false;
  s.training.stack = SoftwareStack::PyTorchEager;
  s.parallel = Parallelism{1, 1, 1, 0, 1, 1, false};
  s.cluster.gpu = *find_gpu("a100-80gb-sxm");
  s.cluster.nodes = 8;
  s.cluster.fabric = *find_fabric("ib-hdr");
  s.cluster.topology = Topology::RailOptimized;
  return s;
}
}  // namespace

void TstThroughput::selectiveOpRecomputation() {
  // Megatron's selective recomputation repeats the attention core, which flash attention keeps:
  // free. torchtitan's op policy repeats every other op and every second matmul (wk, wo, w3):
  // torchtitan measures 2162 tokens/s per GPU without recomputation and 1904 with it (1.136x).
  Scenario s = torchtitan_13b();
  s.training.recompute = Recompute::None;
  const Estimate none = checked(s);
  s.training.recompute = Recompute::Selective;
  const Estimate attention = checked(s);
  s.training.selective_op = true;
  const Estimate op = checked(s);
  QCOMPARE(attention.step.step_s, none.step.step_s);
  const double ratio = op.step.step_s / none.step.step_s;
  qInfo("Llama 2 13B: selective-op over none %.3f (torchtitan 2162 / 1904 = %.3f)", ratio, 2162.0 / 1904.0);
  QVERIFY(std::abs(ratio / (2162.0 / 1904.0) - 1.0) < 0.02);
  // The recomputed matmuls count as executed FLOPs: wk (h x h), wo (h x h), w3 (h x ffn) per token.
  const ModelShape& m = s.model;
  const double h = m.hidden, tokens = double(s.training.global_batch) * s.training.seq;
  const double extra = 2.0 * tokens * m.layers * (h * h + h * h + h * m.ffn);
  QVERIFY(std::abs(op.step.hardware_flops_per_step - none.step.hardware_flops_per_step - extra) < 1e-6 * extra);
}

void TstThroughput::fsdpCopiesEveryMicroBatch() {
  // Per parameter of a layer and micro-batch: the gathered 16-bit weights copied out twice
  // (2 x 4 bytes), the gradients copied and cast into the reduce-scatter input (2 + g) and
  // pre-divided in place (2g): 22 bytes with fp32 reduction, 16 with bf16.
  QCOMPARE(fsdp_copy_bytes_per_param(4.0), 22.0);
  QCOMPARE(fsdp_copy_bytes_per_param(2.0), 16.0);
  // PyTorch FSDP pays them on the GPU's HBM every micro-batch; the same job on Megatron-Core's
  // kernels (which the torch.compile stack shares on an A100, FlashAttention-2 being the
  // Ampere-native kernel) does not.
  Scenario s = torchtitan_13b();
  s.training.recompute = Recompute::None;
  s.training.global_batch = 256;  // two micro-batches
  s.training.deployment = Deployment::Vendor;  // kernel against kernel (tst_stack)
  s.training.stack = SoftwareStack::MegatronCore;
  const Estimate megatron = checked(s);
  s.training.stack = SoftwareStack::PyTorchCompile;
  const Estimate fsdp = checked(s);
  const double hbm = s.cluster.gpu.memory_bw * calib::kHbmEfficiency;
  const double params = count_params(s.model).total;
  const double expected = 2.0 * params * 22.0 / hbm;
  qInfo("Llama 2 13B, 2 micro-batches: FSDP copies %.1f ms", 1e3 * (fsdp.step.compute_s - megatron.step.compute_s));
  QVERIFY(std::abs(fsdp.step.compute_s - megatron.step.compute_s - expected) < 1e-3 * expected);
}

// Megatron-Core's MoE parallel folding: a stage's TP x DP x CP GPUs hold the routed experts as
// ETP x EP x expert-DP, so EP may span TP ranks. DeepSeek-V3 with TP 2, PP 16, EP 64 on 1,024
// H100 (EP 64 = TP 2 x DP 32, ETP 1) is a valid layout; before folding it was refused ("64 does
// not divide 32 ranks of DP x CP").
void TstThroughput::expertParallelFoldsOverTp() {
  Scenario s = default_scenario();
  s.model = find_model_preset("deepseek-v3")->shape;
  s.model_id = "deepseek-v3";
  s.cluster.gpu = *find_gpu("h100-sxm");
  s.cluster.gpus_per_node = 8;
  s.cluster.nodes = 128;
  s.training.seq = 4096;
  s.training.global_batch = 8192;
  s.training.precision = Precision::Bf16;
  s.parallel = Parallelism{};
  s.parallel.tp = 2;
  s.parallel.pp = 16;
  s.parallel.ep = 64;
  s.parallel.sp = true;
  QCOMPARE(s.data_parallel(), 32);
  QCOMPARE(s.expert_tp(), 1);  // EP does not divide DP x CP: folded, ETP 1
  QCOMPARE(s.expert_dp(), 1);  // 2 x 32 GPUs = ETP 1 x EP 64 x EDP 1
  std::vector<Problem> problems = validate(s);
  QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().text().c_str());
  const Estimate folded = estimate(s);
  QVERIFY(folded.throughput.tokens_per_s > 0 && std::isfinite(folded.throughput.tokens_per_s));
  // Each GPU holds 256 / 64 = 4 whole experts per MoE layer (ETP 1), not 4 halves.
  s.parallel.etp = 2;  // EP 64 x ETP 2 = 128 GPUs: does not divide the stage's 64
  problems = validate(s);
  QVERIFY(!problems.empty());
  QCOMPARE(QString::fromStdString(problems.front().field), QString("parallelism.etp"));

  // Where EP fits inside DP x CP, leaving ETP out keeps the layout before folding, bit for bit.
  Scenario m = default_scenario();
  m.model = find_model_preset("mixtral-8x7b")->shape;
  m.model_id = "mixtral-8x7b";
  m.cluster.gpu = *find_gpu("h100-sxm");
  m.cluster.nodes = 8;
  m.parallel = Parallelism{};
  m.parallel.tp = 2;
  m.parallel.pp = 1;
  m.parallel.ep = 8;
  m.training.global_batch = 256;
  QVERIFY(validate(m).empty());
  QCOMPARE(m.expert_tp(), 2);
  QCOMPARE(m.expert_dp(), 4);  // DP 32 / EP 8
  const Estimate before = estimate(m);
  m.parallel.etp = 2;
  const Estimate same = estimate(m);
  QCOMPARE(same.throughput.tokens_per_s, before.throughput.tokens_per_s);
  QCOMPARE(same.memory.peak.total(), before.memory.peak.total());
  // ETP 1 at TP 2: whole experts on each GPU, twice the expert weights, half the expert-DP.
  m.parallel.etp = 1;
  QVERIFY(validate(m).empty());
  QCOMPARE(m.expert_dp(), 8);
  const Estimate whole = estimate(m);
  QVERIFY(whole.memory.peak.weights > before.memory.peak.weights);
}

QTEST_APPLESS_MAIN(TstThroughput)
#include "tst_throughput.moc"
