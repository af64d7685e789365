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
  // Mixed 16-bit: fp32 master 4 + states.
  QTest::newRow("bf16 adam") << int(P::Bf16) << int(O::Adam) << 2.0 << 2.0 << 12.0;
  QTest::newRow("fp16 sgd") << int(P::Fp16) << int(O::Sgd) << 2.0 << 2.0 << 8.0;
  QTest::newRow("bf16 adam8bit") << int(P::Bf16) << int(O::Adam8bit) << 2.0 << 2.0 << 6.0;
  // FP8 with bf16 master: fp8 copy 1, bf16 master 2 + states.
  QTest::newRow("fp8 adam") << int(P::Fp8) << int(O::Adam) << 1.0 << 2.0 << 10.0;
  QTest::newRow("fp8 sgd") << int(P::Fp8) << int(O::Sgd) << 1.0 << 2.0 << 6.0;
  QTest::newRow("fp8 adam8bit") << int(P::Fp8) << int(O::Adam8bit) << 1.0 << 2.0 << 4.0;
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
  // parameters: weights 2 B = 4,113,121,280; grads 2 B the same; optimizer 12 B =
  // 24,678,727,680. Activations: 4 micro-batches x 20 layers x 67,436,544 = 5,394,923,520.
  // Fragmentation 5% of those, framework 1 GiB, NCCL buffers of the TP group (147 MiB) and the
  // two pipeline neighbours (2 x 16 MiB): 179 MiB.
  const Scenario s = default_scenario();
  QVERIFY(validate(s).empty());
  const Estimate e = estimate(s);
  const MemoryBreakdown& m = e.memory.peak;
  QCOMPARE(e.memory.peak_stage, 0);
  QCOMPARE(e.memory.params_on_gpu, 2056560640.0);
  QCOMPARE(m.weights, 4113121280.0);
  QCOMPARE(m.gradients, 4113121280.0);
  QCOMPARE(m.optimizer, 24678727680.0);
  QCOMPARE(m.activations, 5394923520.0);
  QCOMPARE(m.loss_logits, 0.0);
  const double tensors = 4113121280.0 * 2 + 24678727680.0 + 5394923520.0;
  QCOMPARE(m.fragmentation, 0.05 * tensors);
  QCOMPARE(m.total(), tensors * 1.05 + 1.0 * units::GiB + 179 * units::MiB);
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
  // Issue 16, item 4. LLaMA-65B at TP 1 with ZeRO-3 over 2,048 A100s: the model states are
  // 16 bytes per parameter / 2,048, and on top the working set of FSDP/ZeRO-3: the current and
  // the prefetched layer gathered in bf16 (2 x 2 bytes per parameter) and that layer's
  // unsharded bf16 gradients (2 bytes). One layer by hand: attention 4 h^2 = 268,435,456, SwiGLU
  // MLP 3 h f = 3 x 8,192 x 22,016 = 541,065,216, two RMSNorms 2 h = 16,384: 809,517,056
  // parameters; x 6 bytes = 4,857,102,336 bytes = 4.52 GiB.
  Scenario s = scenario_for("llama-65b", 1, 1, 2048, 8, 256);
  s.training.global_batch = 2048;
  s.training.zero = Zero::Stage3;
  QVERIFY(validate(s).empty());
  const Estimate e = estimate(s);
  QCOMPARE(e.memory.peak.zero3_working, 4857102336.0);
  QVERIFY(e.memory.peak.zero3_working > 4.5 * units::GiB && e.memory.peak.zero3_working < 4.6 * units::GiB);
  // Its own key: the sharded states stay exactly 16 bytes per parameter / N (2 + 2 + 12).
  QCOMPARE(e.memory.peak.weights, 2.0 * e.params.total / 2048);
  QCOMPARE(e.memory.peak.gradients, 2.0 * e.params.total / 2048);
  QVERIFY(std::abs(e.memory.peak.total() - (e.memory.peak.weights + e.memory.peak.gradients + e.memory.peak.optimizer +
                                            e.memory.peak.activations + e.memory.peak.other())) < 1.0);
  // Nothing for ZeRO-1 (the weights are whole on every rank).
  s.training.zero = Zero::Stage1;
  QCOMPARE(estimate(s).memory.peak.zero3_working, 0.0);
}

void TstMemory::zero2GradientBuckets() {
  // Issue 17: ZeRO-2 shards the gradients but reduces a bucket only once it is whole, and two
  // buckets are in use while the reduction overlaps the backward (Rajbhandari et al. 2020,
  // section 5.2; DeepSpeed's ipg_buffer pair). LLaMA-65B at TP 2, PP 2 over 2,048 A100s
  // (DP 512): the reduction's bucket is max(40M, 1M x 512) = 512M parameters, so 2 x 512M x 2
  // bytes x (1 - 1/512) = 2,044,000,000 bytes are held on top of the 1/512 shard.
  Scenario s = scenario_for("llama-65b", 2, 2, 512, 8, 256);
  s.training.global_batch = 2048;
  s.training.zero = Zero::Stage2;
  QVERIFY(validate(s).empty());
  Estimate e = estimate(s);
  const double shard = 2.0 * e.memory.params_on_gpu / 512;
  QVERIFY(std::abs(e.memory.peak.gradients - (shard + 2.044e9)) < 1.0);
  QCOMPARE(zero2_bucket_bytes(s.training, bytes_per_param(Precision::Bf16, Optimizer::Adam, GradDtype::Auto, Zero::Stage2),
                              2e9, 512),
           2.044e9);
  // Fewer parameters than two buckets: all of them (1e9 x 2 bytes x 511/512).
  QCOMPARE(zero2_bucket_bytes(s.training, bytes_per_param(Precision::Bf16, Optimizer::Adam, GradDtype::Auto, Zero::Stage2),
                              1e9, 512),
           1.99609375e9);
  // Without overlap one bucket is filled and reduced at a time (DeepSpeed's buf_0 alone).
  s.training.dp_overlap = false;
  e = estimate(s);
  QVERIFY(std::abs(e.memory.peak.gradients - (shard + 1.022e9)) < 1.0);
  // ZeRO-1 and the distributed optimizer hold whole gradients already; ZeRO-3 its working set.
  s.training.dp_overlap = true;
  for (Zero z : {Zero::Stage0, Zero::Stage1, Zero::DistributedOptimizer, Zero::Stage3}) {
    s.training.zero = z;
    QCOMPARE(zero2_bucket_bytes(s.training, bytes_per_param(Precision::Bf16, Optimizer::Adam, GradDtype::Auto, z), 1e9,
                                512),
             0.0);
  }
  s.training.zero = Zero::Stage1;
  QCOMPARE(estimate(s).memory.peak.gradients, 2.0 * e.memory.params_on_gpu);
  // One rank has nothing to reduce.
  s.training.zero = Zero::Stage2;
  QCOMPARE(zero2_bucket_bytes(s.training, bytes_per_param(Precision::Bf16, Optimizer::Adam, GradDtype::Auto, Zero::Stage2),
                              1e9, 1),
           0.0);
}

void TstMemory::ncclBuffersPerCommunicator() {
  // Issue 16, item 7: NCCL buffers per communicator a GPU moves data on, not a flat 0.5 GiB.
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

QTEST_APPLESS_MAIN(TstMemory)
#include "tst_memory.moc"
