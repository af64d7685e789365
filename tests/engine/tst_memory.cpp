// Memory per GPU: ZeRO model states, Korthikanti activations, pipeline in-flight counts.
#include <QtTest>

#include <cmath>

#include "engine/estimate.h"
#include "engine/memory.h"
#include "engine/units.h"
#include "engine/validate.h"

using namespace cp;

namespace {

ModelShape gpt_shape(int layers, int hidden, int heads) {
  ModelShape m = find_model_preset("megatron-22b")->shape;  // GPT layout, then resize
  m.layers = layers;
  m.hidden = hidden;
  m.heads = heads;
  m.kv_heads = heads;
  m.ffn = 4 * hidden;
  return m;
}

Scenario scenario_for(const char* model, int tp, int pp, int dp, int gpus_per_node, int nodes) {
  Scenario s = default_scenario();
  s.model = find_model_preset(model)->shape;
  s.model_id = model;
  s.parallel = Parallelism{tp, pp, 1, dp, 1, 1, tp > 1};
  s.cluster.gpus_per_node = gpus_per_node;
  s.cluster.nodes = nodes;
  return s;
}

}  // namespace

class TstMemory : public QObject {
  Q_OBJECT
 private slots:
  void zeroPaperExample_data();
  void zeroPaperExample();
  void distributedOptimizer();
  void bytesTable_data();
  void bytesTable();
  void korthikanti_data();
  void korthikanti();
  void swigluGqaFlashByHand();
  void inflight_data();
  void inflight();
  void defaultScenarioByHand();
  void seedClaimWeights();
  void unevenStages_data();
  void unevenStages();
  void unevenPipelinePeak();
  void moreParallelismNeverMoreMemory_data();
  void moreParallelismNeverMoreMemory();
  void expertParallelSplitsExperts();
  void fitsAgainstCapacity();
  void zero3WorkingSet();
  void zero2GradientBuckets();
  void ncclBuffersPerCommunicator();
  void gradientPrecisionDefault();
  void optimizerStatesInBf16();
  void fp8WeightCopiesAndInputs();
  void tpOverlapUserbuffers();
  void cpRingBuffers();
  void cublasWorkspaces();
  void ncclBuffersMatchNcclDefaults();
  void ncclBufferSize();
  void recomputeModules();
  void torchtitanSelectiveOp();
  void torchtitanPublishedPeaks();
};

void TstMemory::zeroPaperExample_data() {
  QTest::addColumn<int>("stage");
  QTest::addColumn<double>("gb");
  // Rajbhandari et al. 2020, Figure 1: Psi = 7.5B, Nd = 64, K = 12.
  QTest::newRow("baseline 16 Psi = 120 GB") << 0 << 120.0;
  QTest::newRow("Pos: 4 Psi + 12 Psi/64 = 31.4 GB") << 1 << 31.40625;
  QTest::newRow("Pos+g: 2 Psi + 14 Psi/64 = 16.6 GB") << 2 << 16.640625;
  QTest::newRow("Pos+g+p: 16 Psi/64 = 1.9 GB") << 3 << 1.875;
}

void TstMemory::zeroPaperExample() {
  QFETCH(int, stage);
  QFETCH(double, gb);
  const Zero z = static_cast<Zero>(stage);
  const BytesPerParam b = bytes_per_param(Precision::Fp16, Optimizer::Adam, GradDtype::Auto, z);
  QCOMPARE(b.total(), 16.0);
  QCOMPARE(model_states(7.5e9, b, z, 64).total() / units::GB, gb);
}

void TstMemory::distributedOptimizer() {
  // Megatron-LM docs: distributed optimizer, bf16 params and fp32 grads: 6 + 12/d bytes.
  const BytesPerParam b = bytes_per_param(Precision::Bf16, Optimizer::Adam, GradDtype::Auto, Zero::DistributedOptimizer);
  for (double d : {1.0, 8.0, 64.0}) QCOMPARE(model_states(1.0, b, Zero::DistributedOptimizer, d).total(), 6.0 + 12.0 / d);
  // Without it, fp32 gradients and plain Adam: 2 + 4 + 12 = 18 bytes.
  const BytesPerParam plain = bytes_per_param(Precision::Bf16, Optimizer::Adam, GradDtype::Fp32, Zero::Stage0);
  QCOMPARE(plain.total(), 18.0);
}

void TstMemory::bytesTable_data() {
  QTest::addColumn<int>("precision");
  QTest::addColumn<int>("optimizer");
  QTest::addColumn<double>("weights");
  QTest::addColumn<double>("grads");
  QTest::addColumn<double>("opt");
  using P = Precision;
  using O = Optimizer;
  // fp32: weights are the master; Adam m+v 8, SGD momentum 4, 8-bit Adam 2.
  QTest::newRow("fp32 adam") << int(P::Fp32) << int(O::Adam) << 4.0 << 4.0 << 8.0;
  QTest::newRow("fp32 sgd") << int(P::Fp32) << int(O::Sgd) << 4.0 << 4.0 << 4.0;
  QTest::newRow("fp32 adam8bit") << int(P::Fp32) << int(O::Adam8bit) << 4.0 << 4.0 << 2.0;
  // Mixed 16-bit: fp32 master 4 + states. Gradients by default: fp32 for bf16 (Megatron-LM
  // forces accumulate_allreduce_grads_in_fp32 for bf16), 16-bit for fp16.
  QTest::newRow("bf16 adam") << int(P::Bf16) << int(O::Adam) << 2.0 << 4.0 << 12.0;
  QTest::newRow("fp16 sgd") << int(P::Fp16) << int(O::Sgd) << 2.0 << 2.0 << 8.0;
  QTest::newRow("bf16 adam8bit") << int(P::Bf16) << int(O::Adam8bit) << 2.0 << 4.0 << 6.0;
  // FP8 (Transformer Engine, torchao): bf16 parameters, fp32 gradients and an fp32 master as
  // for bf16; TE's fp8 copies are MemoryBreakdown::fp8_weight_copies.
  QTest::newRow("fp8 adam") << int(P::Fp8) << int(O::Adam) << 2.0 << 4.0 << 12.0;
  QTest::newRow("fp8 sgd") << int(P::Fp8) << int(O::Sgd) << 2.0 << 4.0 << 8.0;
  QTest::newRow("fp8 adam8bit") << int(P::Fp8) << int(O::Adam8bit) << 2.0 << 4.0 << 6.0;
}

void TstMemory::bytesTable() {
  QFETCH(int, precision);
  QFETCH(int, optimizer);
  QFETCH(double, weights);
  QFETCH(double, grads);
  QFETCH(double, opt);
  const auto b = bytes_per_param(Precision(precision), Optimizer(optimizer), GradDtype::Auto, Zero::Stage0);
  QCOMPARE(b.weights, weights);
  QCOMPARE(b.gradients, grads);
  QCOMPARE(b.optimizer, opt);
  QCOMPARE(bytes_per_param(Precision(precision), Optimizer(optimizer), GradDtype::Fp32, Zero::Stage0).gradients, 4.0);
}

void TstMemory::korthikanti_data() {
  QTest::addColumn<int>("tp");
  QTest::addColumn<bool>("sp");
  QTest::addColumn<int>("recompute");
  QTest::addColumn<double>("expected_over_sbh");
  // GPT-3 175B layer: s = 2048, h = 12288, a = 96, so as/h = 16: 5as/h = 80.
  // Korthikanti et al. 2022, Table 2.
  const double r = 5.0 * 96 * 2048 / 12288;  // 80
  QTest::newRow("no parallelism: 34 + 5as/h") << 1 << false << int(Recompute::None) << 34.0 + r;
  QTest::newRow("TP 8: 10 + 24/t + 5as/(ht)") << 8 << false << int(Recompute::None) << 10.0 + 24.0 / 8 + r / 8;
  QTest::newRow("TP 8 + SP: (34 + 5as/h)/t") << 8 << true << int(Recompute::None) << (34.0 + r) / 8;
  QTest::newRow("TP 8 + selective: 10 + 24/t") << 8 << false << int(Recompute::Selective) << 10.0 + 24.0 / 8;
  QTest::newRow("TP 8 + SP + selective: 34/t") << 8 << true << int(Recompute::Selective) << 34.0 / 8;
  QTest::newRow("full recompute: 2") << 8 << false << int(Recompute::Full) << 2.0;
  QTest::newRow("full recompute + SP: 2/t") << 8 << true << int(Recompute::Full) << 2.0 / 8;
}

void TstMemory::korthikanti() {
  QFETCH(int, tp);
  QFETCH(bool, sp);
  QFETCH(int, recompute);
  QFETCH(double, expected_over_sbh);
  const ModelShape m = gpt_shape(96, 12288, 96);
  LayerActivationInputs in;
  in.model = &m;
  in.seq = 2048;
  in.micro_batch = 1;
  in.tp = tp;
  in.sp = sp;
  in.dropout = true;            // the paper's GPT has dropout
  in.flash_attention = false;   // and no flash attention
  in.recompute = Recompute(recompute);
  const double sbh = 2048.0 * 1 * 12288;
  QCOMPARE(layer_activation_bytes(in), expected_over_sbh * sbh);
}

void TstMemory::swigluGqaFlashByHand() {
  // LLaMA-65B layer, s = 2048, b = 1, TP 8 + SP, flash attention, no dropout, selective.
  // sbh = 16,777,216; sbf = 2048 x 22016 = 45,088,768; sba = 131,072.
  // Replicated (norm inputs 4, QKV input 2, MLP input 2) = 8 sbh, /8 with SP = 16,777,216.
  // Split: Q 2sbh + K,V 4sbh (k = a) + projection input 2sbh = 134,217,728;
  //        flash log-sum-exp 4 sba = 524,288; SwiGLU 6 sbf = 270,532,608.
  //        sum 405,274,624, /8 = 50,659,328. Total 67,436,544 bytes.
  const ModelShape m = find_model_preset("llama-65b")->shape;
  LayerActivationInputs in;
  in.model = &m;
  in.seq = 2048;
  in.micro_batch = 1;
  in.tp = 8;
  in.sp = true;
  in.flash_attention = true;
  in.recompute = Recompute::Selective;
  QCOMPARE(layer_activation_bytes(in), 67436544.0);
  // GQA: Llama-2-70B has 8 KV heads of 128, so K and V take 4 x 2048 x 1024 = 8,388,608
  // instead of 4 sbh = 67,108,864: the layer is smaller by 58,720,256 / 8 at TP 8.
  ModelShape gqa = m;
  gqa.kv_heads = 8;
  in.model = &gqa;
  QCOMPARE(layer_activation_bytes(in), 67436544.0 - 58720256.0 / 8);
}

void TstMemory::inflight_data() {
  QTest::addColumn<int>("pp");
  QTest::addColumn<int>("vpp");
  QTest::addColumn<int>("global_batch");
  QTest::addColumn<double>("expected");
  // 1F1B: the first stage holds p micro-batches (Narayanan et al. 2021).
  QTest::newRow("1F1B p=8") << 8 << 1 << 64 << 8.0;
  // Interleaved: p (1 + (p-1)/(p v)) = 8 (1 + 7/24) = 10.333 (Korthikanti section 4.2.3).
  QTest::newRow("interleaved p=8 v=3") << 8 << 3 << 64 << 8.0 * (1.0 + 7.0 / 24.0);
  QTest::newRow("interleaved p=8 v=2") << 8 << 2 << 64 << 8.0 * (1.0 + 7.0 / 16.0);
  // Fewer micro-batches than stages: only those exist.
  QTest::newRow("1F1B m=4 < p=8") << 8 << 1 << 4 << 4.0;
}

void TstMemory::inflight() {
  QFETCH(int, pp);
  QFETCH(int, vpp);
  QFETCH(int, global_batch);
  QFETCH(double, expected);
  // GPT-3 175B, TP 8, 8 nodes of 8, DP 1, micro-batch 1: m = global batch.
  Scenario s = scenario_for("gpt3-175b", 8, pp, 1, 8, pp);
  s.parallel.vpp = vpp;
  s.training.global_batch = global_batch;
  s.training.recompute = Recompute::Selective;
  QVERIFY(validate(s).empty());
  const Estimate e = estimate(s);
  QCOMPARE(e.memory.peak_stage, 0);
  QCOMPARE(e.memory.inflight, expected);
}

void TstMemory::defaultScenarioByHand() {
  // Seed case: LLaMA-65B, TP 8, PP 4, DP 1, ZeRO-1 (d = 1), bf16 Adam.
  // First stage: 20 layers x 809,517,056 / 8 + embedding 262,144,000 / 8 = 2,056,560,640
  // parameters: weights 2 B = 4,113,121,280; grads fp32 (the bf16 default) 4 B =
  // 8,226,242,560; optimizer 12 B = 24,678,727,680. Activations: 4 micro-batches x 20 layers x
  // 67,436,544 = 5,394,923,520. Fragmentation 5% of those, framework 1 GiB, NCCL buffers of the
  // TP group (147 MiB) and the two pipeline neighbours (2 x 16 MiB): 179 MiB; cuBLAS workspaces
  // on the A100 (the stack left at auto is priced as Megatron-Core): PyTorch's 8.125 MiB and
  // Transformer Engine's 4 MiB.
  const Scenario s = default_scenario();
  QVERIFY(validate(s).empty());
  const Estimate e = estimate(s);
  const MemoryBreakdown& m = e.memory.peak;
  QCOMPARE(e.memory.peak_stage, 0);
  QCOMPARE(e.memory.params_on_gpu, 2056560640.0);
  QCOMPARE(m.weights, 4113121280.0);
  QCOMPARE(m.gradients, 8226242560.0);
  QCOMPARE(m.optimizer, 24678727680.0);
  QCOMPARE(m.activations, 5394923520.0);
  QCOMPARE(m.loss_logits, 0.0);
  const double tensors = 4113121280.0 + 8226242560.0 + 24678727680.0 + 5394923520.0;
  QCOMPARE(m.fragmentation, 0.05 * tensors);
  QCOMPARE(m.workspaces, 12.125 * units::MiB);
  QCOMPARE(m.fp8_weight_copies + m.tp_overlap_buffers + m.cp_ring_buffers, 0.0);
  QCOMPARE(m.total(), tensors * 1.05 + 1.0 * units::GiB + 179 * units::MiB + 12.125 * units::MiB);
  QCOMPARE(e.memory.capacity, 80 * units::GiB);
  QVERIFY(e.memory.fits);
  QCOMPARE(e.dp, 1);
  QCOMPARE(e.microbatches, 1024);
}

void TstMemory::seedClaimWeights() {
  // Seed article: "LLaMA-65B weights need about 130 GB; one A100 has 80 GB, so it must be
  // split". 65.29B x 2 bytes = 130.6 GB: the claim holds; on one GPU it does not fit.
  Scenario s = scenario_for("llama-65b", 1, 1, 1, 1, 1);
  s.training.global_batch = 1;
  QVERIFY(validate(s).empty());
  const Estimate e = estimate(s);
  QVERIFY(std::abs(e.memory.peak.weights / 130e9 - 1.0) < 0.01);
  QVERIFY(!e.memory.fits);
  QVERIFY(e.warnings.has(WarningCode::DoesNotFit));
}

void TstMemory::unevenStages_data() {
  QTest::addColumn<int>("layers");
  QTest::addColumn<int>("pp");
  QTest::addColumn<int>("first");
  QTest::addColumn<int>("middle");
  QTest::addColumn<int>("last");
  QTest::addColumn<int>("middleIndex");
  // Llama 3 405B: 126 layers on 16 stages: 14 stages of 8 and the first and last of 7.
  QTest::newRow("126 on 16") << 126 << 16 << 7 << 8 << 7 << 1;
  QTest::newRow("80 on 4 even") << 80 << 4 << 20 << 20 << 20 << 1;
  QTest::newRow("81 on 2") << 81 << 2 << 41 << 41 << 40 << 0;
  QTest::newRow("11 on 4: 3 stages hold 3") << 11 << 4 << 3 << 3 << 2 << 1;
  QTest::newRow("10 on 4") << 10 << 4 << 2 << 3 << 2 << 1;
  // The extra layers go to the stages just before the last, which hold the fewest in flight.
  QTest::newRow("36 on 16: stages 11-14 hold 3") << 36 << 16 << 2 << 3 << 2 << 11;
  QTest::newRow("61 on 8: stages 2-6 hold 8") << 61 << 8 << 7 << 8 << 7 << 2;
}

void TstMemory::unevenStages() {
  QFETCH(int, layers);
  QFETCH(int, pp);
  QFETCH(int, first);
  QFETCH(int, middle);
  QFETCH(int, last);
  QFETCH(int, middleIndex);
  const StageLayers st = stage_layers(layers, pp);
  QCOMPARE(st.first, first);
  QCOMPARE(st.middle, middle);
  QCOMPARE(st.last, last);
  QCOMPARE(st.middle_index, middleIndex);
  // Every layer is on exactly one stage: the first, the last, `pp - 1 - (layers % pp)` light
  // and `layers % pp` heavy stages in between (or the first is heavy too).
  const int extra = layers % pp;
  const int heavy_middles = pp >= 2 ? std::min(extra, pp - 2) : 0;
  const int middles = std::max(0, pp - 2);
  const int sum = pp == 1 ? st.first
                          : st.first + st.last + heavy_middles * st.middle + (middles - heavy_middles) * st.light;
  QCOMPARE(sum, layers);
}

void TstMemory::unevenPipelinePeak() {
  // Under 1F1B stage i holds PP - i micro-batches (Narayanan et al. 2021). Megatron 7.5B's 36
  // layers on 16 stages: 2 layers x 16 in flight on stage 0 against 3 x 5 on stage 11, the first
  // heavy stage; on 8 stages 4 x 8 against 5 x 5 on stage 3. Stage 0 peaks both times with the
  // 32 layer-micro-batches of the even split, so doubling PP lowers the memory (weights halve).
  // With the extra layers on stage 1 (the engine before this test) PP 16 held 3 x 15.
  double previous = 0;
  for (int pp : {8, 16}) {
    Scenario s = scenario_for("megatron-7.5b", 1, pp, 8, 8, pp);
    s.cluster.gpu = *find_gpu("h100-sxm");
    s.training.global_batch = 512;
    s.training.recompute = Recompute::None;
    s.training.flash_attention = false;
    s.training.optimizer = Optimizer::Adam8bit;
    s.training.zero = Zero::DistributedOptimizer;
    QVERIFY(validate(s).empty());
    const MemoryEstimate me = estimate(s).memory;
    QCOMPARE(me.peak_stage, 0);
    QCOMPARE(me.peak_stage_layers, 36 / pp);
    QCOMPARE(me.inflight, double(pp));
    if (pp == 16) QVERIFY2(me.peak.total() < previous, qPrintable(QString("%1 vs %2").arg(me.peak.total()).arg(previous)));
    previous = me.peak.total();
  }
}

void TstMemory::moreParallelismNeverMoreMemory_data() {
  QTest::addColumn<QString>("knob");
  QTest::newRow("tp") << "tp";
  QTest::newRow("pp") << "pp";
  QTest::newRow("zero3 dp") << "dp";
}

void TstMemory::moreParallelismNeverMoreMemory() {
  QFETCH(QString, knob);
  double previous = 1e300;
  for (int k : {1, 2, 4, 8}) {
    Scenario s = scenario_for("llama-2-70b", 1, 1, 1, 8, 8);
    s.training.global_batch = 512;
    if (knob == "tp") s.parallel.tp = k;
    if (knob == "pp") s.parallel.pp = k;
    if (knob == "dp") s.training.zero = Zero::Stage3;
    s.parallel.dp = knob == "dp" ? k : 1;
    s.cluster.nodes = 1;
    s.cluster.gpus_per_node = k;
    const auto problems = validate(s);
    QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().text().c_str());
    const double total = estimate(s).memory.peak.total();
    QVERIFY2(total <= previous, qPrintable(knob + QString::number(k)));
    previous = total;
  }
}

void TstMemory::expertParallelSplitsExperts() {
  // Mixtral 8x7B on 8 GPUs, DP 8: EP 8 puts one expert of 32 layers x 176,160,768 parameters
  // on each GPU instead of eight: 7 x 32 x 176,160,768 = 39,460,012,032 fewer parameters.
  Scenario s = scenario_for("mixtral-8x7b", 1, 1, 8, 8, 1);
  s.training.global_batch = 64;
  QVERIFY(validate(s).empty());
  const double without = estimate(s).memory.params_on_gpu;
  s.parallel.ep = 8;
  QVERIFY(validate(s).empty());
  const double with = estimate(s).memory.params_on_gpu;
  QCOMPARE(without - with, 39460012032.0);
}

void TstMemory::fitsAgainstCapacity() {
  // Llama-2 7B on one GPU, seq 4096: model states 6.74B x 16 B = 107.8 GB (100.4 GiB) plus
  // about 16 GiB of activations: fits an H200 (about 140 GiB), not an A100 80GB or 40GB.
  Scenario s = scenario_for("llama-2-7b", 1, 1, 1, 1, 1);
  s.training.global_batch = 1;
  s.training.seq = 4096;
  s.cluster.gpu = *find_gpu("h200-sxm");
  const Estimate big = estimate(s);
  QVERIFY(big.memory.fits);
  QVERIFY(big.memory.peak.total() > 100 * units::GiB);
  s.cluster.gpu = *find_gpu("a100-80gb-sxm");
  QVERIFY(!estimate(s).memory.fits);
  s.cluster.gpu = *find_gpu("a100-40gb-sxm");
  QVERIFY(!estimate(s).memory.fits);
}

void TstMemory::zero3WorkingSet() {
  // LLaMA-65B at TP 1 with ZeRO-3 over 2,048 A100s: the model states are
  // 16 bytes per parameter / 2,048, and on top the working set of FSDP/ZeRO-3: the current and
  // the prefetched layer gathered in bf16 (2 x 2 bytes per parameter) and that layer's
  // unsharded gradients (fp32 by default for bf16: 4 bytes). One layer by hand:
  // attention 4 h^2 = 268,435,456, SwiGLU MLP 3 h f = 3 x 8,192 x 22,016 = 541,065,216, two
  // RMSNorms 2 h = 16,384: 809,517,056 parameters; x 8 bytes = 6,476,136,448 bytes = 6.03 GiB.
  Scenario s = scenario_for("llama-65b", 1, 1, 2048, 8, 256);
  s.training.global_batch = 2048;
  s.training.zero = Zero::Stage3;
  QVERIFY(validate(s).empty());
  const Estimate e = estimate(s);
  QCOMPARE(e.memory.peak.zero3_working, 6476136448.0);
  QVERIFY(e.memory.peak.zero3_working > 6.0 * units::GiB && e.memory.peak.zero3_working < 6.1 * units::GiB);
  // Its own key: the sharded states stay exactly 18 bytes per parameter / N (2 + 4 + 12).
  QCOMPARE(e.memory.peak.weights, 2.0 * e.params.total / 2048);
  QCOMPARE(e.memory.peak.gradients, 4.0 * e.params.total / 2048);
  QVERIFY(std::abs(e.memory.peak.total() - (e.memory.peak.weights + e.memory.peak.gradients + e.memory.peak.optimizer +
                                            e.memory.peak.activations + e.memory.peak.other())) < 1.0);
  // Nothing for ZeRO-1 (the weights are whole on every rank).
  s.training.zero = Zero::Stage1;
  QCOMPARE(estimate(s).memory.peak.zero3_working, 0.0);
}

void TstMemory::zero2GradientBuckets() {
  // ZeRO-2 shards the gradients but reduces a bucket only once it is whole, and two
  // buckets are in use while the reduction overlaps the backward (Rajbhandari et al. 2020,
  // section 5.2; DeepSpeed's ipg_buffer pair). LLaMA-65B at TP 2, PP 2 over 2,048 A100s
  // (DP 512): the reduction's bucket is max(40M, 1M x 512) = 512M parameters, so 2 x 512M x 4
  // bytes (fp32 gradients, the bf16 default) x (1 - 1/512) = 4,088,000,000 bytes are held on top
  // of the 1/512 shard.
  Scenario s = scenario_for("llama-65b", 2, 2, 512, 8, 256);
  s.training.global_batch = 2048;
  s.training.zero = Zero::Stage2;
  QVERIFY(validate(s).empty());
  Estimate e = estimate(s);
  const double shard = 4.0 * e.memory.params_on_gpu / 512;
  QVERIFY(std::abs(e.memory.peak.gradients - (shard + 4.088e9)) < 1.0);
  QCOMPARE(zero2_bucket_bytes(s.training, bytes_per_param(Precision::Bf16, Optimizer::Adam, GradDtype::Auto, Zero::Stage2),
                              2e9, 512),
           4.088e9);
  // Fewer parameters than two buckets: all of them (1e9 x 4 bytes x 511/512).
  QCOMPARE(zero2_bucket_bytes(s.training, bytes_per_param(Precision::Bf16, Optimizer::Adam, GradDtype::Auto, Zero::Stage2),
                              1e9, 512),
           3.9921875e9);
  // Without overlap one bucket is filled and reduced at a time (DeepSpeed's buf_0 alone).
  s.training.dp_overlap = false;
  e = estimate(s);
  QVERIFY(std::abs(e.memory.peak.gradients - (shard + 2.044e9)) < 1.0);
  // ZeRO-1 and the distributed optimizer hold whole gradients already; ZeRO-3 its working set.
  s.training.dp_overlap = true;
  for (Zero z : {Zero::Stage0, Zero::Stage1, Zero::DistributedOptimizer, Zero::Stage3}) {
    s.training.zero = z;
    QCOMPARE(zero2_bucket_bytes(s.training, bytes_per_param(Precision::Bf16, Optimizer::Adam, GradDtype::Auto, z), 1e9,
                                512),
             0.0);
  }
  s.training.zero = Zero::Stage1;
  QCOMPARE(estimate(s).memory.peak.gradients, 4.0 * e.memory.params_on_gpu);
  // One rank has nothing to reduce.
  s.training.zero = Zero::Stage2;
  QCOMPARE(zero2_bucket_bytes(s.training, bytes_per_param(Precision::Bf16, Optimizer::Adam, GradDtype::Auto, Zero::Stage2),
                              1e9, 1),
           0.0);
}

void TstMemory::ncclBuffersPerCommunicator() {
  // NCCL buffers per communicator a GPU moves data on, not a flat 0.5 GiB.
  // A collective communicator: 16 channels x (4 MiB Simple + 4.6875 MiB LL128 + 0.5 MiB LL)
  // = 147 MiB; a point-to-point peer: 2 channels x (send + receive) x 4 MiB = 16 MiB.
  const double MiB = units::MiB;
  // LLaMA-65B TP 8, PP 4, DP 1 (untied embeddings): the TP group and the two pipeline
  // neighbours: 147 + 32 = 179 MiB.
  Scenario s = scenario_for("llama-65b", 8, 4, 1, 8, 4);
  QCOMPARE(estimate(s).memory.peak.comm_buffers, 179 * MiB);
  // DP 4 adds the gradient group: 326 MiB.
  s = scenario_for("llama-65b", 8, 4, 4, 8, 16);
  QCOMPARE(estimate(s).memory.peak.comm_buffers, 326 * MiB);
  // Pure data parallelism: one communicator, 147 MiB.
  s = scenario_for("llama-2-7b", 1, 1, 8, 8, 1);
  s.training.global_batch = 64;
  QCOMPARE(estimate(s).memory.peak.comm_buffers, 147 * MiB);
  // Mixtral with TP 2, EP 8 over DP 8 (16 GPUs): TP, DP and, with EP 8 of DP 8, no
  // expert-data-parallel group; the all-to-all reaches 7 peers: 147 + 147 + 7 x 16 = 406 MiB.
  s = scenario_for("mixtral-8x7b", 2, 1, 8, 8, 2);
  s.parallel.ep = 8;
  s.training.global_batch = 64;
  QVERIFY(validate(s).empty());
  QCOMPARE(estimate(s).memory.peak.comm_buffers, 406 * MiB);
  // A set allowance adds on top.
  s.overheads.comm_buffer_bytes = 100 * MiB;
  QCOMPARE(estimate(s).memory.peak.comm_buffers, 506 * MiB);
}

// --grad-dtype auto is the frameworks' default. bf16 (and fp8, whose parameters are
// bf16) accumulates and reduces in fp32: Megatron-LM's arguments.py sets
// accumulate_allreduce_grads_in_fp32 for bf16, torchtitan reduces in fp32. fp16 keeps 16-bit
// gradients unless the distributed optimizer (Megatron-LM forces fp32 only for bf16; DeepSpeed's
// fp16 ZeRO reduces fp16), which is the ZeRO paper's 2-byte count (zeroPaperExample). An explicit
// fp32 or bf16 is kept.
void TstMemory::gradientPrecisionDefault() {
  for (Precision p : {Precision::Bf16, Precision::Fp8, Precision::Fp32})
    for (Zero z : {Zero::Stage0, Zero::Stage1, Zero::Stage2, Zero::Stage3, Zero::DistributedOptimizer}) {
      QCOMPARE(bytes_per_param(p, Optimizer::Adam, GradDtype::Auto, z).gradients, 4.0);
      QCOMPARE(bytes_per_param(p, Optimizer::Adam, GradDtype::Bf16, z).gradients, 2.0);
    }
  QCOMPARE(bytes_per_param(Precision::Fp16, Optimizer::Adam, GradDtype::Auto, Zero::Stage1).gradients, 2.0);
  QCOMPARE(bytes_per_param(Precision::Fp16, Optimizer::Adam, GradDtype::Auto, Zero::DistributedOptimizer).gradients,
           4.0);
  QCOMPARE(bytes_per_param(Precision::Fp16, Optimizer::Adam, GradDtype::Fp32, Zero::Stage1).gradients, 4.0);
  // The ZeRO paper's mixed precision (fp16, K = 12): 16 bytes; bf16 by default: 18 (Megatron-LM
  // without the distributed optimizer: bf16 weights, fp32 main_grad, fp32 master and moments).
  QCOMPARE(bytes_per_param(Precision::Fp16, Optimizer::Adam, GradDtype::Auto, Zero::Stage0).total(), 16.0);
  QCOMPARE(bytes_per_param(Precision::Bf16, Optimizer::Adam, GradDtype::Auto, Zero::Stage0).total(), 18.0);
  // The GPT-3 175B layout the planner ranked first with 16-bit gradients (TP 4, PP 4, VPP 24, CP 2 on
  // 1,024 A100 80GB, ZeRO-1): its 10.9B parameters per GPU now hold fp32 gradients, 2 bytes more
  // each, about 20 GiB (docs/planner.md).
  Scenario s = scenario_for("gpt3-175b", 4, 4, 64, 8, 128);
  s.cluster.gpu = *find_gpu("a100-80gb-sxm");
  s.parallel.vpp = 24;
  s.parallel.cp = 2;
  s.parallel.dp = 32;
  s.training.global_batch = 1536;
  QVERIFY(validate(s).empty());
  const Estimate e = estimate(s);
  QCOMPARE(e.memory.peak.gradients, 4.0 * e.memory.params_on_gpu);
  s.training.grad_dtype = GradDtype::Bf16;
  const Estimate half = estimate(s);
  QCOMPARE(e.memory.peak.gradients - half.memory.peak.gradients, 2.0 * e.memory.params_on_gpu);
  QVERIFY(e.memory.peak.gradients - half.memory.peak.gradients > 20 * units::GiB);
  // With its micro-batch of 2 and no recomputation it fit with 16-bit gradients and does not with
  // the frameworks' fp32 ones (87.9 GiB on stage 0).
  s.training.micro_batch = 2;
  s.training.recompute = Recompute::None;
  QVERIFY(validate(s).empty());
  QVERIFY(estimate(s).memory.fits);
  s.training.grad_dtype = GradDtype::Auto;
  const MemoryEstimate winner = estimate(s).memory;
  QVERIFY(!winner.fits);
  QVERIFY2(std::abs(winner.peak.total() / units::GiB - 87.9) < 0.05, qPrintable(QString::number(winner.peak.total() / units::GiB)));
}

// NeMo's distributed Adam with optim.dtype bf16 (the Nemotron-4 340B configs of NeMo-Framework-
// Launcher 24.07 and dgxc-benchmarking): bf16 moments and, the optimizer's dtype being the model's,
// no master copy (megatron_base_model.py: store_params off). Distributed: 2 + 2 + 4/d with bf16
// gradients, against 2 + 2 + 12/d with fp32 states.
void TstMemory::optimizerStatesInBf16() {
  const BytesPerParam b =
      bytes_per_param(Precision::Bf16, Optimizer::Adam, GradDtype::Bf16, Zero::DistributedOptimizer, OptimizerDtype::Bf16);
  QCOMPARE(b.optimizer, 4.0);
  for (double d : {1.0, 2.0, 64.0})
    QCOMPARE(model_states(1.0, b, Zero::DistributedOptimizer, d).total(), 4.0 + 4.0 / d);
  QCOMPARE(bytes_per_param(Precision::Bf16, Optimizer::Sgd, GradDtype::Auto, Zero::Stage1, OptimizerDtype::Bf16).optimizer,
           2.0);
  QCOMPARE(bytes_per_param(Precision::Fp32, Optimizer::Adam, GradDtype::Auto, Zero::Stage1, OptimizerDtype::Bf16).total(),
           4.0 + 4.0 + 4.0);
  // Through a scenario: the optimizer states of a stage shrink to a third.
  Scenario s = scenario_for("llama-2-70b", 8, 4, 2, 8, 8);
  s.training.zero = Zero::DistributedOptimizer;
  s.training.global_batch = 64;
  const double fp32 = estimate(s).memory.peak.optimizer;
  s.training.optimizer_dtype = OptimizerDtype::Bf16;
  QCOMPARE(estimate(s).memory.peak.optimizer, fp32 / 3.0);
}

// fp8 with Transformer Engine: the 16-bit parameters stay, and each linear layer's weight gets an
// fp8 copy and (Hopper's fp8 GEMMs being TN only) its transpose, cached over a step's
// micro-batches: 2 bytes per linear parameter. Llama 2 7B, TP 1: 32 x (4 h^2 + 3 h f) =
// 6,476,005,376 linear parameters, 12,952,010,752 bytes. torchao's float8 (the PyTorch stacks)
// casts at each GEMM and caches nothing. The linear layers' saved inputs are the fp8 casts.
void TstMemory::fp8WeightCopiesAndInputs() {
  Scenario s = scenario_for("llama-2-7b", 1, 1, 8, 8, 1);
  s.cluster.gpu = *find_gpu("h100-sxm");
  s.training.global_batch = 64;
  s.training.precision = Precision::Fp8;
  s.training.zero = Zero::DistributedOptimizer;
  s.training.stack = SoftwareStack::MegatronCore;
  QVERIFY(validate(s).empty());
  QCOMPARE(estimate(s).memory.peak.fp8_weight_copies, 12952010752.0);
  QCOMPARE(estimate(s).memory.peak.weights, 2.0 * estimate(s).memory.params_on_gpu);
  s.training.stack = SoftwareStack::PyTorchCompile;
  QCOMPARE(estimate(s).memory.peak.fp8_weight_copies, 0.0);
  s.training.stack = SoftwareStack::MegatronCore;
  s.training.precision = Precision::Bf16;
  QCOMPARE(estimate(s).memory.peak.fp8_weight_copies, 0.0);
  // LLaMA-65B layer of swigluGqaFlashByHand in fp8: the two norms' outputs 1 byte (6 sbh in all
  // replicated, /8 = 12,582,912); Q 2sbh + K,V 4sbh + the attention output 2sbh kept by the
  // kernel and its 1-byte copy kept by the projection (3sbh) + log-sum-exp 4 sba + SwiGLU 4 sbf
  // + the down-projection's 1-byte input sbf = 376,963,072, /8 = 47,120,384. 59,703,296 bytes.
  const ModelShape m = find_model_preset("llama-65b")->shape;
  LayerActivationInputs in;
  in.model = &m;
  in.seq = 2048;
  in.micro_batch = 1;
  in.tp = 8;
  in.sp = true;
  in.flash_attention = true;
  in.recompute = Recompute::Selective;
  in.fp8_linear_inputs = true;
  QCOMPARE(layer_activation_bytes(in), 59703296.0);
}

// Transformer Engine's userbuffers for TP overlap (initialize_ub at v1.11): ten buffers of the
// layer input's full shape, (s x b / CP) x h; the six all-gather ones in fp8 under fp8. GPT-3 175B,
// sequence 2048: 20 x 2048 x 12288 = 503,316,480 bytes in bf16, 14 x that shape in fp8, half with
// CP 2; nothing without TP, without the overlap or on a stack without Transformer Engine.
void TstMemory::tpOverlapUserbuffers() {
  Scenario s = scenario_for("gpt3-175b", 4, 8, 4, 8, 16);
  s.cluster.gpu = *find_gpu("h100-sxm");
  s.training.global_batch = 256;
  s.training.stack = SoftwareStack::MegatronCore;
  s.training.tp_comm_overlap = true;
  QVERIFY(validate(s).empty());
  QCOMPARE(estimate(s).memory.peak.tp_overlap_buffers, 503316480.0);
  s.training.precision = Precision::Fp8;
  QCOMPARE(tp_overlap_buffer_bytes(s), 352321536.0);
  s.training.precision = Precision::Bf16;
  s.parallel.cp = 2;
  s.parallel.dp = 2;
  QCOMPARE(tp_overlap_buffer_bytes(s), 251658240.0);
  s.training.tp_comm_overlap = false;
  QCOMPARE(tp_overlap_buffer_bytes(s), 0.0);
  s.training.tp_comm_overlap = true;
  s.training.stack = SoftwareStack::PyTorchCompile;
  QCOMPARE(tp_overlap_buffer_bytes(s), 0.0);
}

// The CP ring (Transformer Engine's AttnFuncWithCPAndKVP2P): the forward keeps every step's K/V
// chunk and partial output until the layer's output is merged; the backward double-buffers K/V
// and their gradients. Llama 3 8B (8 KV heads of 128, 32 query heads), 8k tokens, CP 2: a chunk
// of 4,096 tokens holds K and V in 4 x 4096 x 8 x 128 = 16,777,216 bytes and an output of
// 2 x 4096 x 32 x 128 = 33,554,432: forward 1 x 16,777,216 + 2 x 33,554,432 = 83,886,080,
// backward 4 x 16,777,216 = 67,108,864. CP 4: 3 x 8,388,608 + 4 x 16,777,216 = 92,274,688.
void TstMemory::cpRingBuffers() {
  const ModelShape m = find_model_preset("llama-3-8b")->shape;
  LayerActivationInputs in;
  in.model = &m;
  in.seq = 8192;
  in.micro_batch = 1;
  in.cp = 2;
  QCOMPARE(cp_ring_buffer_bytes(in), 83886080.0);
  QCOMPARE(cp_ring_buffer_bytes(in, false), 67108864.0);
  in.cp = 4;
  QCOMPARE(cp_ring_buffer_bytes(in), 92274688.0);
  in.cp = 1;
  QCOMPARE(cp_ring_buffer_bytes(in), 0.0);
  Scenario s = scenario_for("llama-3-8b", 1, 1, 4, 8, 1);
  s.parallel.cp = 2;
  s.training.seq = 8192;
  s.training.global_batch = 64;
  s.training.stack = SoftwareStack::MegatronCore;
  QVERIFY(validate(s).empty());
  QCOMPARE(estimate(s).memory.peak.cp_ring_buffers, 83886080.0);
  s.training.stack = SoftwareStack::PyTorchEager;
  QCOMPARE(estimate(s).memory.peak.cp_ring_buffers, 67108864.0);
}

// cuBLAS workspaces. PyTorch: 4096 KiB x 2 + 16 KiB x 8 = 8.125 MiB per stream before Hopper,
// 32 MiB from Hopper (CublasHandlePool.cpp; PyTorch's own test_cublas_workspace_explicit_allocation
// measures exactly these as active bytes after one matmul). Transformer Engine adds its own, 4 MiB
// before Hopper and 32 MiB from it, three of them with userbuffers and four more for grouped MoE
// GEMMs.
void TstMemory::cublasWorkspaces() {
  const double MiB = units::MiB;
  Scenario s = scenario_for("llama-2-7b", 1, 1, 8, 8, 1);
  s.training.global_batch = 64;
  s.cluster.gpu = *find_gpu("a100-80gb-sxm");
  s.training.stack = SoftwareStack::PyTorchEager;
  QCOMPARE(cublas_workspace_bytes(s), 8.125 * MiB);
  s.cluster.gpu = *find_gpu("h100-sxm");
  QCOMPARE(cublas_workspace_bytes(s), 32 * MiB);
  s.training.stack = SoftwareStack::MegatronCore;
  QCOMPARE(cublas_workspace_bytes(s), 64 * MiB);
  s.parallel.tp = 2;
  s.parallel.dp = 4;
  s.training.tp_comm_overlap = true;
  QCOMPARE(cublas_workspace_bytes(s), (32 + 3 * 32) * MiB);
  Scenario moe = scenario_for("mixtral-8x7b", 1, 1, 8, 8, 1);
  moe.cluster.gpu = *find_gpu("h100-sxm");
  moe.training.stack = SoftwareStack::MegatronCore;
  QCOMPARE(cublas_workspace_bytes(moe), (32 + 32 + 4 * 32) * MiB);
  QCOMPARE(estimate(moe).memory.peak.workspaces, (32 + 32 + 4 * 32) * MiB);
}

// The NCCL buffers already counted (ncclBuffersPerCommunicator) against NCCL's own defaults at
// 5067397c: src/init.cc DEFAULT_BUFFSIZE (1 << 22), DEFAULT_LL128_BUFFSIZE and DEFAULT_LL_BUFFSIZE
// from src/include/device.h (NCCL_LL128_ELEMS_PER_THREAD 120, NCCL_LL128_MAX_NTHREADS 640,
// NCCL_LL_LINES_PER_THREAD 8, NCCL_LL_MAX_NTHREADS 512, NCCL_STEPS 8), and the point-to-point
// buffer, P2P_NVL_CHUNKSIZE (512 KiB) x NCCL_STEPS = NCCL_BUFFSIZE.
void TstMemory::ncclBuffersMatchNcclDefaults() {
  QCOMPARE(calib::kNcclSimpleBytes, 4194304.0);
  QCOMPARE(calib::kNcclLl128Bytes, 120.0 * 640 * 8 * 8);
  QCOMPARE(calib::kNcclLlBytes, 8.0 * 512 * 8 * 16);
  QCOMPARE(calib::kNcclConnectionBytes, 9.1875 * units::MiB);
  QCOMPARE(calib::kNcclP2pBytesPerPeer, 2 * 2 * 512.0 * units::KiB * 8);
}

// NCCL_BUFFSIZE (Training::nccl_buffsize) sizes the Simple protocol's buffers only. TP 2, PP 2,
// DP 4 on a middle stage: two collective groups of 16 channels, each a Simple, an LL128 (4.6875
// MiB) and an LL (0.5 MiB) buffer, and two pipeline peers of 2 channels x send and receive.
// At NCCL's 4 MiB: 2 x 16 x 9.1875 + 2 x 4 x 4 = 326 MiB; at 8 MiB: 2 x 16 x 13.1875 + 2 x 4 x 8 =
// 486 MiB; at 1 MiB: 2 x 16 x 6.1875 + 2 x 4 x 1 = 206 MiB.
void TstMemory::ncclBufferSize() {
  ModelShape m;
  m.tied_embeddings = false;
  Parallelism p;
  p.tp = 2;
  p.pp = 2;
  const StageKind middle{0, 16, 0, false, false};
  QCOMPARE(nccl_buffer_bytes(m, p, 4, 4, middle) / units::MiB, 326.0);
  QCOMPARE(nccl_buffer_bytes(m, p, 4, 4, middle, 8 * units::MiB) / units::MiB, 486.0);
  QCOMPARE(nccl_buffer_bytes(m, p, 4, 4, middle, 1 * units::MiB) / units::MiB, 206.0);
  // Through the scenario: the estimate's communication buffers move by exactly that, and nothing
  // else in memory or time moves (it is counted in memory only).
  Scenario s = default_scenario();
  const Estimate base = estimate(s);
  s.training.nccl_buffsize = 8 << 20;
  const Estimate big = estimate(s);
  QVERIFY(big.memory.peak.comm_buffers > base.memory.peak.comm_buffers);
  QCOMPARE(big.memory.peak.total() - big.memory.peak.comm_buffers - big.memory.peak.fragmentation,
           base.memory.peak.total() - base.memory.peak.comm_buffers - base.memory.peak.fragmentation);
  QCOMPARE(big.step.step_s, base.step.step_s);
}

// What selective recomputation also recomputes (Megatron-Core's --recompute-modules; DeepSeek-V3
// section 3.2.3: "We recompute all RMSNorm operations and MLA up-projections during
// back-propagation"; section 3.3.3: "we cache the inputs of the SwiGLU operator and recompute its
// output"). A DeepSeek-V3 MoE layer, 4,096 tokens, TP 1, bf16: the norms' outputs are 2 x 2sbh =
// 117,440,512 bytes; the up-projected Q (128 heads of 192) and K, V (192 and 128) 2sb x 128 x
// (192 + 192 + 128) = 536,870,912; the SwiGLU products of the 8 routed and the shared expert
// 2sb x 2048 x 9 = 150,994,944.
void TstMemory::recomputeModules() {
  const ModelShape m = find_model_preset("deepseek-v3")->shape;
  LayerActivationInputs in;
  in.model = &m;
  in.seq = 4096;
  in.micro_batch = 1;
  in.flash_attention = true;
  in.recompute = Recompute::Selective;
  in.moe = true;
  const double all = layer_activation_bytes(in);
  in.recompute_modules = RecomputeModules::Layernorm;
  QCOMPARE(all - layer_activation_bytes(in), 117440512.0);
  in.recompute_modules = RecomputeModules::MlaUpProj;
  QCOMPARE(all - layer_activation_bytes(in), 536870912.0);
  in.recompute_modules = RecomputeModules::Act;
  QCOMPARE(all - layer_activation_bytes(in), 150994944.0);
  in.recompute_modules = RecomputeModules::Layernorm | RecomputeModules::Act | RecomputeModules::MlaUpProj;
  QCOMPARE(all - layer_activation_bytes(in), 117440512.0 + 536870912.0 + 150994944.0);
  // Only with selective recomputation, as Megatron-Core's --recompute-granularity selective.
  in.recompute = Recompute::None;
  const double none = layer_activation_bytes(in);
  in.recompute_modules = RecomputeModules::None;
  QCOMPARE(layer_activation_bytes(in), none);
  QCOMPARE(parse_recompute_modules("mla_up_proj,layernorm"), RecomputeModules::Layernorm | RecomputeModules::MlaUpProj);
  QCOMPARE(to_string(RecomputeModules::Layernorm | RecomputeModules::Act), std::string_view("layernorm,act"));
  QVERIFY(!parse_recompute_modules("layernorm,core_attn"));
}

// torchtitan's selective op policy keeps the outputs of every other matmul (wq, wv, w1, w2 of a
// Llama block), of the SDPA kernel (output and log-sum-exp) and the block's input: Llama 3 8B,
// 8k tokens, TP 1: 2s (4096 + 1024 + 14336 + 4096 + 4096 + 4096) + 4 s 32 = 521,142,272 bytes.
// Published: torchtitan on 64 A100 80GB (docs/performance.md at 0413364369) ran Llama 2 70B with
// selective op at local batch 1, and "the 70B training with local batch size 2 will cause an OOM
// error when selective activation checkpointing is used".
void TstMemory::torchtitanSelectiveOp() {
  const ModelShape m = find_model_preset("llama-3-8b")->shape;
  LayerActivationInputs in;
  in.model = &m;
  in.seq = 8192;
  in.micro_batch = 1;
  in.flash_attention = true;
  in.recompute = Recompute::Selective;
  in.selective_op = true;
  QCOMPARE(layer_activation_bytes(in), 521142272.0);
  Scenario s = scenario_for("llama-2-70b", 1, 1, 64, 8, 8);
  s.cluster.gpu = *find_gpu("a100-80gb-sxm");
  s.training.seq = 4096;
  s.training.zero = Zero::Stage3;
  s.training.grad_dtype = GradDtype::Fp32;
  s.training.selective_op = true;
  s.training.stack = SoftwareStack::PyTorchEager;
  s.training.global_batch = 64;
  QVERIFY(validate(s).empty());
  QVERIFY(estimate(s).memory.fits);
  s.training.micro_batch = 2;
  s.training.global_batch = 128;
  QVERIFY(!estimate(s).memory.fits);
}

// torchtitan's reported peak memory (max reserved, GiB): Trainy on WhiteFiber, Llama 3.1 8B,
// torchtitan llama3_8b.toml with local batch 2, compile and float8 on H200 (benchmarks/
// llama3-8b_h200_202506_trainy-whitefiber.md): 47.96 GiB on 4 nodes, 46.97 on 8. The estimate
// (which adds the CUDA context the allocator does not see) within 5%.
void TstMemory::torchtitanPublishedPeaks() {
  for (const auto& [nodes, published] : {std::pair{4, 47.96}, std::pair{8, 46.97}}) {
    Scenario s = scenario_for("llama-3-8b", 1, 1, 8 * nodes, 8, nodes);
    s.cluster.gpu = *find_gpu("h200-sxm");
    s.training.seq = 8192;
    s.training.micro_batch = 2;
    s.training.global_batch = 2 * 8 * nodes;
    s.training.precision = Precision::Fp8;
    s.training.zero = Zero::Stage3;
    s.training.grad_dtype = GradDtype::Fp32;
    s.training.selective_op = true;
    s.training.stack = SoftwareStack::PyTorchCompile;
    QVERIFY(validate(s).empty());
    const double gib = estimate(s).memory.peak.total() / units::GiB;
    QVERIFY2(std::abs(gib / published - 1) < 0.05, qPrintable(QString("%1 nodes: %2 GiB, published %3").arg(nodes).arg(gib).arg(published)));
  }
}

QTEST_APPLESS_MAIN(TstMemory)
#include "tst_memory.moc"
