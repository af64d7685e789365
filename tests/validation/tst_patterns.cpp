// Six ways the engine can miss runs it has never seen, each held
// against public runs of the development set (tests/data/README.md, "The locked split"):
//  1. A100 Megatron-style runs of 2021-23 outside NVIDIA read optimistic;
//  2. ZeRO-1 sharded over every data-parallel rank on a thin fabric loses throughput with scale;
//  3. Hopper with current software reads slow;
//  4. MoE outside Megatron (PyTorch-native trainers with fused expert kernels);
//  5. losses that grow with scale (175B-class on hundreds to ~12,000 A100);
//  6. the stack input swings an estimate by 20-30%.
// Where the engine reproduces the pattern the check passes. Where it does not yet, the check is
// an expected failure that names the missing mechanism: it turns into a failure (XPASS) the day
// the engine reproduces the measurement, and the comment must then change. docs/model.md ("Known
// weaknesses") says what each needs.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "corpus.h"
#include "engine/error_band.h"
#include "engine/estimate.h"

using namespace cp::corpus;

namespace {

const Corpus& corpus() {
  static Corpus c = [] {
    Corpus x = load_corpus(CLUSTERPLAN_CORPUS_DIR);
    evaluate(x);
    return x;
  }();
  return c;
}

const Run* find_run(const std::string& source, const std::string& label) {
  const Corpus& c = corpus();
  for (const Run& r : c.runs)
    if (c.sources[std::size_t(r.source)].id == source && r.label == label) return &r;
  return nullptr;
}

// Throughput per GPU in the run's own terms: the published figure and the engine's.
double measured_per_gpu(const Run& r) {
  const double gpus = r.scenario.cluster.total_gpus();
  switch (r.metric) {
    case Metric::TokensPerSPerGpu: return r.published;
    case Metric::StepS: return double(r.scenario.training.global_batch) * r.scenario.training.seq / r.published / gpus;
    default: return r.estimate.throughput.tokens_per_s / gpus / (1 + r.speed_error);
  }
}
double engine_per_gpu(const Run& r) { return r.estimate.throughput.tokens_per_s / r.scenario.cluster.total_gpus(); }

double mean_speed_error(const std::vector<const Run*>& runs) {
  double sum = 0;
  for (const Run* r : runs) sum += r->speed_error;
  return runs.empty() ? 0 : sum / double(runs.size());
}

}  // namespace

class TstPatterns : public QObject {
  Q_OBJECT
 private slots:
  void a100MegatronOutsideNvidia();
  void zeroOverEveryRankOnThinFabric();
  void hopperCurrentSoftware();
  void moeOutsideMegatron();
  void lossesGrowWithScale();
  void stackSwingIsInTheBand();
};

// 1. A100 runs of Megatron-LM and its DeepSpeed forks, 2021-23, by organisations other than its
// maker: ByteDance's MegaScale baseline, Sea AI Lab's Zero Bubble baseline, BigCode's
// StarCoderBase, EleutherAI's Pythia. NVIDIA's own runs of the same code (Narayanan 2021,
// Korthikanti 2022) read within a few percent; at the vendor's rate these read 21% optimistic.
// The mechanism: Training::deployment (typical, the default), a Megatron job outside the
// vendor's reference clusters and recipes at Calibration::typical_efficiency of its GEMM and
// attention rate, fitted on every source (0.78; on the development set 0.80, every fold 0.78-0.85).
void TstPatterns::a100MegatronOutsideNvidia() {
  const Corpus& c = corpus();
  std::vector<const Run*> third, nvidia;
  for (const Run& r : c.runs) {
    const Source& s = c.sources[std::size_t(r.source)];
    if (!r.built || r.scenario.cluster.gpu.id.rfind("a100", 0) != 0) continue;
    if (s.id == "megascale-2024-megatron-baseline" || s.id == "zero-bubble-2023-a100-1f1b" ||
        s.id == "starcoderbase-2023-a100" || s.id == "pythia-2023-a100")
      third.push_back(&r);
    if (s.id == "narayanan-2021-selene-a100" || s.id == "korthikanti-2022-selene-a100") nvidia.push_back(&r);
  }
  QVERIFY(third.size() >= 20 && nvidia.size() >= 15);
  const double t = mean_speed_error(third), n = mean_speed_error(nvidia);
  std::printf("  A100 Megatron-family runs: outside NVIDIA %+.1f%% (%d runs, typical), NVIDIA's own %+.1f%% (%d runs, vendor)\n", 100 * t,
              int(third.size()), 100 * n, int(nvidia.size()));
  std::fflush(stdout);
  QVERIFY2(std::abs(n) <= 0.05, "NVIDIA's own runs of the code stay within 5%");
  QVERIFY2(std::abs(t) <= 0.05, qPrintable(QString("outside NVIDIA: %1%").arg(100 * t, 0, 'f', 1)));
}

// 2. InternLM 7B on A100 over 4 x 100 Gb RoCE per node: with the optimizer sharded over every
// data-parallel rank (zero1 = -1) the throughput per GPU falls 44% from 8 to 1,024 GPUs; sharded
// inside the node it falls 11% (the hybrid rows are not fitted: the engine has no hybrid
// sharding). The engine keeps the first nearly flat, but flags it: ZeRO over more than 256 ranks
// is an evidence gap, and its band widens. Missing: what the flat layout pays at scale
// (InternEvo's ZeRO-1 broadcasts each rank's shard: a collective per rank over every rank).
void TstPatterns::zeroOverEveryRankOnThinFabric() {
  const Run* small = find_run("internlm-2023-7b-a100-roce", "7B tp=1 zero1=-1 8 GPUs");
  const Run* large = find_run("internlm-2023-7b-a100-roce", "7B tp=1 zero1=-1 1024 GPUs");
  QVERIFY(small && large);
  const double measured = measured_per_gpu(*large) / measured_per_gpu(*small);
  const double engine = engine_per_gpu(*large) / engine_per_gpu(*small);
  std::printf("  InternLM flat ZeRO-1, 1,024 over 8 GPUs: measured %.2f, engine %.2f\n", measured, engine);
  std::fflush(stdout);
  QVERIFY2(std::abs(measured - 0.559) < 0.01, "the source's own figures");
  const cp::Estimate& e = large->estimate;
  const double fraction = e.memory.peak.total() / e.memory.capacity;
  QVERIFY(cp::evidence_gaps(large->scenario, e.params.total, fraction) &
          (1u << unsigned(cp::EvidenceGap::ZeroOver256Ranks)));
  QEXPECT_FAIL("", "the flat ZeRO-1 of InternEvo is not modelled at 1,024 ranks", Continue);
  QVERIFY2(std::abs(engine / measured - 1) <= 0.10, qPrintable(QString("engine %1 vs measured %2").arg(engine).arg(measured)));
}

// 3. Hopper with current software (2024-26). On the vendor's recipes (NVIDIA's NeMo and DGX Cloud
// tables, Megatron-Core r0.8) the engine is within a few percent; on current PyTorch-native
// trainers (Hugging Face's nanotron, torchtitan on H200) it reads 7% slow on average (14-18% on
// the two sources), the fitted constants of the PyTorch stacks sitting at the edge of their
// range. Missing: the kernels those trainers fuse since 2024 (compiled regions, fused norms and
// rotary), priced as eager.
void TstPatterns::hopperCurrentSoftware() {
  const Corpus& c = corpus();
  std::vector<const Run*> vendor, pytorch;
  for (const Run& r : c.runs) {
    const Source& s = c.sources[std::size_t(r.source)];
    const std::string& g = r.scenario.cluster.gpu.id;
    if (!r.built || !fitted(c, r) || (g.rfind("h100", 0) != 0 && g.rfind("h200", 0) != 0)) continue;
    if (s.date.rfind("2024", 0) != 0 && s.date.rfind("2025", 0) != 0) continue;
    if (s.family == "nvidia-nemo" || s.family == "nvidia-megatron") vendor.push_back(&r);
    if (s.id == "smollm3-2025-h100" || s.id == "trainy-whitefiber-2025-h200") pytorch.push_back(&r);
  }
  QVERIFY(vendor.size() >= 30 && pytorch.size() >= 3);
  const double v = mean_speed_error(vendor), p = mean_speed_error(pytorch);
  std::printf("  Hopper 2024-25: vendor recipes %+.1f%% (%d runs), PyTorch-native trainers %+.1f%% (%d runs)\n", 100 * v,
              int(vendor.size()), 100 * p, int(pytorch.size()));
  std::fflush(stdout);
  QVERIFY2(std::abs(v) <= 0.05, qPrintable(QString("vendor recipes: %1%").arg(100 * v, 0, 'f', 1)));
  QEXPECT_FAIL("", "current PyTorch trainers' fused kernels are priced as eager", Continue);
  QVERIFY2(std::abs(p) <= 0.05, qPrintable(QString("PyTorch-native: %1%").arg(100 * p, 0, 'f', 1)));
}

// 4. MoE outside Megatron: PyTorch-native trainers with fused expert kernels and a fast
// all-to-all. The development set holds no such measured run yet (its MoE runs are Megatron's,
// DeepSeek's DualPipe and BAAI's FlagPerf on Megatron-Core); the check waits for one.
void TstPatterns::moeOutsideMegatron() {
  const Corpus& c = corpus();
  int moe = 0, outside = 0;
  for (const Run& r : c.runs) {
    if (!r.built || !r.scenario.model.is_moe()) continue;
    ++moe;
    const cp::SoftwareStack st = r.scenario.training.stack_used();
    if (st == cp::SoftwareStack::PyTorchEager || st == cp::SoftwareStack::PyTorchCompile) ++outside;
  }
  std::printf("  MoE runs in the development set: %d, outside Megatron: %d\n", moe, outside);
  std::fflush(stdout);
  QVERIFY(moe >= 5);
  if (outside == 0) QSKIP("no development source measures MoE outside Megatron yet");
}

// 5. MegaScale's Megatron-LM baseline, GPT 175B: the GPU-seconds per sequence grow 29% from 256
// to 12,288 A100 (batch 768, then 6,144); the engine grows them 13%. Missing: what a flat
// Megatron job loses with scale beyond its collectives and bubble (stragglers, the data
// pipeline, network incidents MegaScale itself measured); the band's outside-evidence widening
// does not reach it either.
void TstPatterns::lossesGrowWithScale() {
  const Run* small = find_run("megascale-2024-megatron-baseline", "175B Megatron-LM 256 GPUs, batch 768");
  const Run* large = find_run("megascale-2024-megatron-baseline", "175B Megatron-LM 12288 GPUs, batch 6144");
  QVERIFY(small && large);
  const auto gpu_s_per_seq = [](const Run& r, double step_s) {
    return step_s * r.scenario.cluster.total_gpus() / double(r.scenario.training.global_batch);
  };
  const double measured = gpu_s_per_seq(*large, large->published) / gpu_s_per_seq(*small, small->published);
  const double engine = gpu_s_per_seq(*large, large->estimate.step.step_s) / gpu_s_per_seq(*small, small->estimate.step.step_s);
  std::printf("  MegaScale 175B, 12,288 over 256 GPUs, GPU-seconds per sequence: measured %.2f, engine %.2f\n", measured,
              engine);
  std::fflush(stdout);
  QVERIFY2(std::abs(measured - 1.29) < 0.01, "the source's own figures");
  QVERIFY(engine > 1.05);  // the engine does lose with scale (bubble, exposed collectives)
  QEXPECT_FAIL("", "the loss beyond collectives and bubble at 12,288 GPUs is not modelled", Continue);
  QVERIFY2(std::abs(engine / measured - 1) <= 0.05, qPrintable(QString("engine %1 vs measured %2").arg(engine).arg(measured)));
}

// 6. The stack input swings an estimate by 20-30%, and a user of a third-party framework cannot
// know which value to pick. Left at auto, the estimate says the stack was assumed and its band
// spans the corpus's spread between the stacks: for two typical cases (a ~1B model
// of a lightweight PyTorch trainer: TinyLlama; a 100B+ model of a DeepSpeed-based trainer:
// GLM-130B) the measured figure must lie inside the auto band.
void TstPatterns::stackSwingIsInTheBand() {
  for (const auto& [source, label] :
       {std::pair<std::string, std::string>{"tinyllama-2023-a100", "TinyLlama 1.1B 16 A100-40GB FSDP"},
        std::pair<std::string, std::string>{"glm-130b-2022", ""}}) {
    const Corpus& c = corpus();
    const Run* r = nullptr;
    for (const Run& x : c.runs)
      if (c.sources[std::size_t(x.source)].id == source && (label.empty() || x.label == label)) r = &x;
    QVERIFY2(r, source.c_str());
    cp::Scenario s = r->scenario;
    s.training.stack = cp::SoftwareStack::Auto;
    const cp::Estimate a = cp::estimate(s);
    QVERIFY(a.throughput.stack_assumed);
    // The measured throughput in tokens/s against the auto band.
    const double measured = r->estimate.throughput.tokens_per_s / (1 + r->speed_error);
    std::printf("  %s: measured %.0f tokens/s, auto estimate %.0f (band %.0f to %.0f)\n", source.c_str(), measured,
                a.throughput.tokens_per_s, a.throughput.band_low, a.throughput.band_high);
    std::fflush(stdout);
    QVERIFY2(measured >= a.throughput.band_low && measured <= a.throughput.band_high, source.c_str());
  }
}

QTEST_GUILESS_MAIN(TstPatterns)
#include "tst_patterns.moc"
