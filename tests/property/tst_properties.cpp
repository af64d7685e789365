// Property tests of the engine over thousands of random valid scenarios (seeded, so a failure
// is reproducible; set CLUSTERPLAN_PROPERTY_SEED to try other seeds and CLUSTERPLAN_PROPERTY_CASES
// for more cases). A scenario is drawn from the catalogs (model presets, GPUs, fabrics) with a
// random layout and training setup, and rejected unless cp::validate accepts it.
//
// The properties:
//  - per-GPU memory never rises when TP or PP grows (DP held: the cluster grows with them), or
//    when DP grows under ZeRO-3 (every other knob held);
//  - a faster fabric (the same fabric with a higher NCCL bus bandwidth) or a faster GPU (H100
//    SXM for A100 80GB SXM: the same memory) never makes a step slower;
//  - power, energy and costs are never negative (nor NaN);
//  - an estimate is deterministic: two calls give bit-identical figures;
//  - on every fabric, at a fixed layout with at least 4 micro-batches per GPU, adding GPUs
//    never loses more than 2% of total throughput (no cliff at a switch tier).
//  - random option sets (assumptions, prices, custom GPU and fabric figures, from 1e-300 to
//    1e308 times their defaults): validate() refuses them, or every figure of the estimate is
//    finite and every fraction is from 0 to 1 (an unbounded power price of 1e308 gives -nan).
// A failure prints the scenario as JSON (the file format of `clusterplan-cli estimate --scenario`).
#include <QtTest>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/estimate.h"
#include "engine/fabric.h"
#include "engine/gpu.h"
#include "engine/model.h"
#include "engine/scenario.h"
#include "io/scenario_json.h"
#include "engine/validate.h"

namespace {

using Rng = std::mt19937_64;

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::atoi(v) : fallback;
}

template <class T>
T pick(Rng& rng, const std::vector<T>& items) {
  return items[std::uniform_int_distribution<std::size_t>(0, items.size() - 1)(rng)];
}

// One random scenario; not necessarily valid.
cp::Scenario draw(Rng& rng) {
  cp::Scenario s = cp::default_scenario();
  const auto presets = cp::model_presets();
  const cp::ModelPreset& preset =
      presets[std::uniform_int_distribution<std::size_t>(0, presets.size() - 1)(rng)];
  s.model_id = std::string(preset.id);
  s.model = preset.shape;
  s.model_derived = false;

  const auto gpus = cp::gpu_catalog();
  s.cluster.gpu = gpus[std::uniform_int_distribution<std::size_t>(0, gpus.size() - 1)(rng)];
  const auto fabrics = cp::fabric_catalog();
  s.cluster.fabric = fabrics[std::uniform_int_distribution<std::size_t>(0, fabrics.size() - 1)(rng)];
  s.cluster.topology = pick(rng, std::vector<cp::Topology>{cp::Topology::SingleSwitch, cp::Topology::FatTree2,
                                                          cp::Topology::FatTree3, cp::Topology::RailOptimized});
  s.cluster.oversubscription = pick(rng, std::vector<double>{1.0, 1.0, 2.0, 4.0});
  s.cluster.gpus_per_node = 8;
  s.cluster.nics_per_node = pick(rng, std::vector<int>{1, 4, 8});

  s.parallel.tp = pick(rng, std::vector<int>{1, 2, 4, 8});
  s.parallel.pp = pick(rng, std::vector<int>{1, 2, 4, 8});
  s.parallel.cp = pick(rng, std::vector<int>{1, 1, 1, 2});
  s.parallel.vpp = 1;
  s.parallel.ep = 1;
  if (s.model.is_moe()) s.parallel.ep = pick(rng, std::vector<int>{1, 2, 4, 8});
  s.parallel.sp = s.parallel.tp > 1 && pick(rng, std::vector<bool>{false, true});
  const int dp = pick(rng, std::vector<int>{1, 2, 4, 8, 16});
  s.parallel.dp = 0;  // derived from the GPU count
  const int gpus_needed = s.parallel.tp * s.parallel.pp * s.parallel.cp * dp;
  if (gpus_needed < s.cluster.gpus_per_node) {
    s.cluster.gpus_per_node = gpus_needed;
    s.cluster.nodes = 1;
  } else {
    s.cluster.nodes = gpus_needed / s.cluster.gpus_per_node;
  }

  s.training.seq = pick(rng, std::vector<int>{1024, 2048, 4096, 8192});
  s.training.micro_batch = pick(rng, std::vector<int>{1, 1, 2, 4});
  s.training.global_batch = dp * s.training.micro_batch * pick(rng, std::vector<int>{1, 4, 16, 64});
  s.training.precision = pick(rng, std::vector<cp::Precision>{cp::Precision::Bf16, cp::Precision::Bf16,
                                                              cp::Precision::Fp16, cp::Precision::Fp8,
                                                              cp::Precision::Fp32});
  s.training.optimizer =
      pick(rng, std::vector<cp::Optimizer>{cp::Optimizer::Adam, cp::Optimizer::Adam, cp::Optimizer::Sgd,
                                           cp::Optimizer::Adam8bit});
  s.training.recompute = pick(rng, std::vector<cp::Recompute>{cp::Recompute::None, cp::Recompute::Selective,
                                                              cp::Recompute::Full});
  s.training.zero = pick(rng, std::vector<cp::Zero>{cp::Zero::Stage0, cp::Zero::Stage1, cp::Zero::Stage2,
                                                    cp::Zero::Stage3, cp::Zero::DistributedOptimizer});
  s.training.flash_attention = pick(rng, std::vector<bool>{true, true, false});
  s.training.dropout = pick(rng, std::vector<bool>{false, false, true});
  s.training.tp_comm_overlap = pick(rng, std::vector<bool>{false, true});
  s.training.dp_overlap = pick(rng, std::vector<bool>{true, false});
  s.training.tokens = pick(rng, std::vector<double>{0, 1e11, 1.4e12, 1.5e13});
  return s;
}

bool valid(const cp::Scenario& s) { return cp::validate(s).empty(); }

// A random valid scenario (rejection sampling).
cp::Scenario draw_valid(Rng& rng) {
  for (;;) {
    cp::Scenario s = draw(rng);
    if (valid(s)) return s;
  }
}

std::string json_of(const cp::Scenario& s) { return cp::scenario_to_json(s).dump(2); }

double memory_per_gpu(const cp::Scenario& s) { return cp::estimate(s).memory.peak.total(); }

// NCCL buffers are charged per communicator a GPU moves data on (docs/model.md, "Accounting"):
// a layout with one more group (TP 1 -> 2, DP 1 -> 2, PP 1 -> 2 with its neighbours and the
// tied-embedding group) holds one more set of buffers. That, and only that, may rise.
double nccl_added(const cp::Scenario& before, const cp::Scenario& after) {
  return std::max(0.0, cp::estimate(after).memory.peak.comm_buffers - cp::estimate(before).memory.peak.comm_buffers);
}
double step_s(const cp::Scenario& s) { return cp::estimate(s).step.step_s; }

// Sets the data-parallel size and sizes the cluster for it (DP derived from the GPU count).
// Returns false when the cluster cannot be laid out in whole nodes.
bool with_dp(cp::Scenario& s, int dp) {
  const int per_replica = s.parallel.tp * s.parallel.pp * s.parallel.cp;
  const int gpus = per_replica * dp;
  if (s.cluster.nodes == 1 && gpus <= 8) {  // one server: it grows up to 8 GPUs
    s.cluster.gpus_per_node = gpus;
  } else {
    if (gpus % s.cluster.gpus_per_node != 0) return false;  // whole nodes only
    s.cluster.nodes = gpus / s.cluster.gpus_per_node;
  }
  s.parallel.dp = 0;
  return true;
}

// How far a figure may move by floating-point rounding alone.
constexpr double kRelTol = 1e-9;
bool not_above(double after, double before) { return after <= before * (1 + kRelTol) + 1e-9; }

struct Failure {
  QString text;
};

}  // namespace

class tst_Properties : public QObject {
  Q_OBJECT

 private:
  std::uint64_t seed_ = 0;
  int cases_ = 0;

  // Runs `check` on `cases_` valid scenarios; each returns an empty optional or what failed.
  // Every failure is counted; the first one of each kind is printed with its scenario.
  template <class Check>
  void over_scenarios(const char* name, Check check) {
    std::uint64_t h = 1469598103934665603ull;  // FNV-1a of the name: each property its own stream
    for (const char* c = name; *c != '\0'; ++c) h = (h ^ std::uint8_t(*c)) * 1099511628211ull;
    Rng rng(seed_ ^ h);
    int checked = 0, failed = 0;
    QString first_failure;
    for (int i = 0; i < cases_; ++i) {
      const cp::Scenario s = draw_valid(rng);
      const std::optional<Failure> f = check(s, checked);
      if (!f) continue;
      if (failed++ == 0) first_failure = QStringLiteral("%1 (case %2, seed %3)").arg(f->text).arg(i).arg(seed_);
    }
    qInfo("%s: %d valid scenarios, %d comparisons, %d failures", name, cases_, checked, failed);
    QVERIFY2(checked > cases_ / 20, "too few comparisons: the generator rarely reaches this property");
    if (failed > 0) QFAIL(qPrintable(QStringLiteral("%1 of %2 failed; the first:\n%3").arg(failed).arg(checked).arg(first_failure)));
  }

 private slots:
  void initTestCase() {
    seed_ = std::uint64_t(env_int("CLUSTERPLAN_PROPERTY_SEED", 20250601));
    cases_ = env_int("CLUSTERPLAN_PROPERTY_CASES", 3000);
  }

  void memoryNeverRisesWithTp() {
    over_scenarios("tp", [](const cp::Scenario& s, int& checked) -> std::optional<Failure> {
      cp::Scenario bigger = s;
      const int dp = s.data_parallel();
      bigger.parallel.tp = s.parallel.tp * 2;
      if (!with_dp(bigger, dp) || !valid(bigger)) return std::nullopt;
      ++checked;
      const double before = memory_per_gpu(s), after = memory_per_gpu(bigger);
      if (not_above(after, before + nccl_added(s, bigger))) return std::nullopt;
      return Failure{QStringLiteral("memory per GPU rose from %1 to %2 bytes when TP went from %3 to %4 "
                                    "(DP %5 held); scenario:\n%6")
                         .arg(before, 0, 'f', 0).arg(after, 0, 'f', 0).arg(s.parallel.tp)
                         .arg(bigger.parallel.tp).arg(dp).arg(QString::fromStdString(json_of(s)))};
    });
  }

  // Under 1F1B stage i holds PP - i micro-batches in flight (Narayanan et al. 2021), so stage 0
  // holds (layers / PP) x PP = every layer's activations of one micro-batch whatever PP is, when
  // PP divides the layers (Megatron-LM's even split; Korthikanti et al. 2022, section 4.2.3),
  // while its weights, gradients and optimizer states halve with each doubling. Two things are
  // not layers and grow with the micro-batches in flight, so the property allows exactly them:
  //  - the embedding's dropout mask, s b h / t bytes per micro-batch (Korthikanti, section 4.3),
  //    kept on stage 0 for each of its PP micro-batches: doubling PP adds PP more;
  //  - the fragmentation share of those bytes;
  //  - the NCCL buffers of the pipeline neighbours and of the tied-embedding group (PP 1 -> 2).
  // With ZeRO-3 over many ranks the states saved can be smaller than the masks added (Llama 3 8B,
  // TP 4, PP 8 -> 16, ZeRO-3 over 16, SGD, dropout on: +0.20 GB on 20.8 GB). Anything else that
  // rises fails.
  // Uneven pipelines (PP does not divide the layers) are not compared: with whole layers per
  // stage the first stage that takes an extra layer holds fewer micro-batches than stage 0 but
  // more layers, and no balanced split keeps that product from rising on every doubling
  // (DeepSeek-V3, 61 layers, PP 8 -> 16: stage 1 holds 7 layers x 7 in flight, then stage 2
  // holds 4 x 14). tst_memory checks the split itself (unevenStages, unevenPipelinePeak).
  void memoryNeverRisesWithPp() {
    over_scenarios("pp", [](const cp::Scenario& s, int& checked) -> std::optional<Failure> {
      cp::Scenario bigger = s;
      const int dp = s.data_parallel();
      bigger.parallel.pp = s.parallel.pp * 2;
      if (s.model.layers % bigger.parallel.pp != 0) return std::nullopt;  // even splits only (above)
      if (!with_dp(bigger, dp) || !valid(bigger)) return std::nullopt;
      ++checked;
      const double before = memory_per_gpu(s), after = memory_per_gpu(bigger);
      double allowance = 0;
      if (s.training.dropout) {
        const bool sp = s.parallel.sp && s.parallel.tp > 1;
        const double mask = double(s.training.seq) / s.parallel.cp * s.training.micro_batch * s.model.hidden /
                            (sp ? s.parallel.tp : 1);
        const int microbatches = s.training.global_batch / (dp * s.training.micro_batch);
        const int added = std::min(bigger.parallel.pp, microbatches) - std::min(s.parallel.pp, microbatches);
        allowance = std::max(0, added) * mask * (1.0 + s.overheads.fragmentation);
      }
      allowance += nccl_added(s, bigger);
      if (not_above(after, before + allowance)) return std::nullopt;
      return Failure{QStringLiteral("memory per GPU rose from %1 to %2 bytes when PP went from %3 to %4 "
                                    "(DP %5 held; %6 bytes of embedding masks allowed); scenario:\n%7")
                         .arg(before, 0, 'f', 0).arg(after, 0, 'f', 0).arg(s.parallel.pp)
                         .arg(bigger.parallel.pp).arg(dp).arg(allowance, 0, 'f', 0)
                         .arg(QString::fromStdString(json_of(s)))};
    });
  }

  void memoryNeverRisesWithZero3Dp() {
    over_scenarios("zero3-dp", [](const cp::Scenario& base, int& checked) -> std::optional<Failure> {
      cp::Scenario s = base;
      s.training.zero = cp::Zero::Stage3;
      if (!valid(s)) return std::nullopt;
      cp::Scenario bigger = s;
      const int dp = s.data_parallel();
      if (!with_dp(bigger, dp * 2)) return std::nullopt;
      // The same work per replica: the global batch grows with DP.
      bigger.training.global_batch = s.training.global_batch * 2;
      if (!valid(bigger)) return std::nullopt;
      // Left to auto, the experts' TP split becomes TP once EP divides DP x CP: then every TP rank
      // runs its slice of each expert on the whole TP group's gathered tokens, which a GPU holds
      // more of. That is another expert layout, not the same one on more replicas.
      if (bigger.expert_tp() != s.expert_tp()) return std::nullopt;
      ++checked;
      const double before = memory_per_gpu(s), after = memory_per_gpu(bigger);
      if (not_above(after, before + nccl_added(s, bigger))) return std::nullopt;
      return Failure{QStringLiteral("memory per GPU rose from %1 to %2 bytes when DP went from %3 to %4 "
                                    "under ZeRO-3; scenario:\n%5")
                         .arg(before, 0, 'f', 0).arg(after, 0, 'f', 0).arg(dp).arg(dp * 2)
                         .arg(QString::fromStdString(json_of(s)))};
    });
  }

  void fasterFabricNeverSlowsAStep() {
    over_scenarios("fabric", [](const cp::Scenario& s, int& checked) -> std::optional<Failure> {
      cp::Scenario faster = s;
      faster.cluster.fabric.nic_busbw = s.cluster.fabric.nic_busbw * 1.5;
      if (!valid(faster)) return std::nullopt;
      ++checked;
      const double before = step_s(s), after = step_s(faster);
      if (not_above(after, before)) return std::nullopt;
      return Failure{QStringLiteral("the step went from %1 s to %2 s when the fabric's bus bandwidth rose "
                                    "from %3 to %4 B/s; scenario:\n%5")
                         .arg(before, 0, 'g', 17).arg(after, 0, 'g', 17).arg(s.cluster.fabric.nic_busbw, 0, 'g', 6)
                         .arg(faster.cluster.fabric.nic_busbw, 0, 'g', 6)
                         .arg(QString::fromStdString(json_of(s)))};
    });
  }

  // Every kind of overlapped communication (TP, CP, DP) hides behind one compute stream, whose
  // time in a window includes its stalls on CP exchanges, so a faster GPU shortens the kernels
  // and the cover together and never the sum. With CP and DP each hidden behind the same
  // compute on their own, this case would take 86.3 s a step on H100 and 82.9 s on A100:
  //   clusterplan-cli estimate --model megatron-3.6b --gpu h100-sxm --tp 8 --cp 2 --pp 1
  //     --sequence-parallel on --nodes 4 --nics-per-node 1 --topology fat-tree-2 --seq 8192
  //     --micro-batch 4 --global-batch 512 --recompute none --zero 3 --precision fp16
  //     --flash-attention off --tp-comm-overlap on
  // (tst_throughput::fasterGpuWithContextParallelOverlap keeps it).
  void fasterGpuNeverSlowsAStep() {
    const cp::GpuSpec* a100 = cp::find_gpu("a100-80gb-sxm");
    const cp::GpuSpec* h100 = cp::find_gpu("h100-sxm");
    QVERIFY(a100 != nullptr && h100 != nullptr);
    QCOMPARE(a100->memory_bytes, h100->memory_bytes);  // "same memory": else memory limits differ
    over_scenarios("gpu", [a100, h100](const cp::Scenario& base, int& checked) -> std::optional<Failure> {
      cp::Scenario slow = base, fast = base;
      slow.cluster.gpu = *a100;
      fast.cluster.gpu = *h100;
      if (!valid(slow) || !valid(fast)) return std::nullopt;
      ++checked;
      const cp::StepBreakdown before = cp::estimate(slow).step, after = cp::estimate(fast).step;
      if (not_above(after.step_s, before.step_s)) return std::nullopt;
      return Failure{QStringLiteral("the step took %1 s on H100 SXM and %2 s on A100 80GB SXM; scenario "
                                    "(A100):\n%3")
                         .arg(after.step_s, 0, 'g', 17).arg(before.step_s, 0, 'g', 17)
                         .arg(QString::fromStdString(json_of(slow)))};
    });
  }

  // Hardware FLOPs count what the kernels execute (flash attention's causal half, its
  // recomputation of the scores, every recomputed forward), and no kernel runs above the GPU's
  // achievable matmul rate (MAMF), so hardware utilisation never exceeds it.
  void hardwareUtilisationNeverAboveMamf() {
    over_scenarios("hfu", [](const cp::Scenario& s, int& checked) -> std::optional<Failure> {
      const cp::Estimate e = cp::estimate(s);
      ++checked;
      const double ceiling = s.cluster.gpu.mamf_fraction;
      if (not_above(e.throughput.hfu, ceiling)) return std::nullopt;
      return Failure{QStringLiteral("HFU %1 above the GPU's achievable %2; scenario:\n%3")
                         .arg(e.throughput.hfu, 0, 'g', 17).arg(ceiling)
                         .arg(QString::fromStdString(json_of(s)))};
    });
  }

  void powerAndCostsAreNeverNegative() {
    over_scenarios("non-negative", [](const cp::Scenario& s, int& checked) -> std::optional<Failure> {
      const cp::Estimate e = cp::estimate(s);
      ++checked;
      const std::vector<std::pair<const char*, double>> figures{
          {"power.gpu_w", e.power.gpu_w},
          {"power.gpu_peak_w", e.power.gpu_peak_w},
          {"power.node_overhead_w", e.power.node_overhead_w},
          {"power.node_overhead_peak_w", e.power.node_overhead_peak_w},
          {"power.node_w", e.power.node_w},
          {"power.node_peak_w", e.power.node_peak_w},
          {"power.switches_w", e.power.switches_w},
          {"power.optics_w", e.power.optics_w},
          {"power.storage_w", e.power.storage_w},
          {"power.it_w", e.power.it_w},
          {"power.it_peak_w", e.power.it_peak_w},
          {"power.facility_w", e.power.facility_w},
          {"power.facility_peak_w", e.power.facility_peak_w},
          {"power.cooling_w", e.power.cooling_w},
          {"power.cooling_btu_per_h", e.power.cooling_btu_per_h},
          {"power.cooling_tons", e.power.cooling_tons},
          {"energy.run_s", e.energy.run_s},
          {"energy.run_kwh", e.energy.run_kwh},
          {"energy.run_co2_kg", e.energy.run_co2_kg},
          {"cost.vat_per_month", e.cost.vat_per_month},
          {"cost.per_month", e.cost.per_month},
          {"cost.headroom_per_month", e.cost.headroom_per_month},
          {"cost.budget_per_month", e.cost.budget_per_month},
          {"cost.per_hour", e.cost.per_hour},
          {"cost.run_s", e.cost.run_s},
          {"cost.billed_months", e.cost.billed_months},
          {"cost.run_total", e.cost.run_total},
          {"cost.per_million_tokens", e.cost.per_million_tokens},
          {"cost.capex", e.cost.capex},
          {"cost.network_capex", e.cost.network_capex},
          {"cost.network_share", e.cost.network_share},
      };
      for (const auto& [name, value] : figures)
        if (!(value >= 0) || std::isinf(value))
          return Failure{QStringLiteral("%1 = %2; scenario:\n%3")
                             .arg(QLatin1String(name)).arg(value, 0, 'g', 17)
                             .arg(QString::fromStdString(json_of(s)))};
      for (std::size_t c = 0; c < e.cost.per_month_by_category.size(); ++c)
        if (!(e.cost.per_month_by_category[c] >= 0))
          return Failure{QStringLiteral("cost.per_month_by_category[%1] = %2; scenario:\n%3")
                             .arg(c).arg(e.cost.per_month_by_category[c], 0, 'g', 17)
                             .arg(QString::fromStdString(json_of(s)))};
      return std::nullopt;
    });
  }

  // An ECMP model that takes every flow of a ring as crossing the tiers makes 46 curves of a
  // grid of strong- and weak-scaling curves lose total throughput when GPUs are added (down to
  // 0.27x from 4,096 to 16,384 GPUs on untuned RoCE). Every fabric, every topology, layouts from
  // pure DP to TP 8 PP 4, doubling the GPUs from 64 to 16,384 at a held layout.
  void addingGpusNeverLosesThroughput() {
    struct Layout {
      const char* model;
      int tp, pp;
      cp::Zero zero;
    };
    const Layout layouts[] = {{"llama-2-7b", 1, 1, cp::Zero::Stage1},
                              {"llama-2-7b", 2, 1, cp::Zero::DistributedOptimizer},
                              {"llama-2-70b", 8, 4, cp::Zero::DistributedOptimizer},
                              {"llama-2-13b", 1, 1, cp::Zero::Stage3}};
    int checked = 0;
    QStringList failures;
    for (const cp::FabricSpec& f : cp::fabric_catalog())
      for (cp::Topology t : {cp::Topology::RailOptimized, cp::Topology::FatTree2, cp::Topology::FatTree3})
        for (const Layout& l : layouts)
          for (bool strong : {true, false}) {
            double previous = 0;
            int previous_gpus = 0;
            for (int gpus = 64; gpus <= 16384; gpus *= 2) {
              cp::Scenario s = cp::default_scenario();
              s.model = cp::find_model_preset(l.model)->shape;
              s.model_id = l.model;
              s.training.seq = 4096;
              s.training.micro_batch = 1;
              s.training.zero = l.zero;
              s.parallel = cp::Parallelism{l.tp, l.pp, 1, 0, 1, 1, l.tp > 1};
              s.cluster.gpu = *cp::find_gpu("h100-sxm");
              s.cluster.fabric = f;
              s.cluster.topology = t;
              s.cluster.nodes = gpus / 8;
              const int dp = gpus / (l.tp * l.pp);
              // Strong scaling: the batch that gives 4 micro-batches per replica at 16,384 GPUs.
              s.training.global_batch = strong ? 4 * 16384 / (l.tp * l.pp) : 8 * dp;
              if (!valid(s)) continue;
              const double tps = cp::estimate(s).throughput.tokens_per_s;
              if (previous > 0) {
                ++checked;
                if (tps < 0.98 * previous)
                  failures << QStringLiteral("%1 %2 %3 TP%4 PP%5 %6: %7 -> %8 GPUs, %9x")
                                  .arg(f.id.c_str()).arg(cp::to_string(t).data()).arg(l.model).arg(l.tp).arg(l.pp)
                                  .arg(strong ? "strong" : "weak").arg(previous_gpus).arg(gpus).arg(tps / previous);
              }
              previous = tps;
              previous_gpus = gpus;
            }
          }
    qInfo("adding GPUs: %d comparisons, %d lose more than 2%%", checked, int(failures.size()));
    QVERIFY(checked > 1000);
    if (!failures.isEmpty())
      QFAIL(qPrintable(QStringLiteral("%1 of %2:\n%3").arg(failures.size()).arg(checked).arg(failures.mid(0, 20).join("\n"))));
  }

  void noImpossibleFigureFromAnyOptions() {
    over_scenarios("finite", [this](const cp::Scenario& base, int& checked) -> std::optional<Failure> {
      Rng rng(std::hash<std::string>{}(json_of(base)) ^ seed_);
      // Each figure: kept (most often: a scenario with many wild figures is nearly always
      // refused), or scaled by a factor from 1e-300 to 1e300, or 0, or 1e308.
      auto wild = [&rng](double& v) {
        static const std::vector<double> factors{1e-300, 1e-12, 1e-3, 0.5, 2, 1e3, 1e12, 1e300};
        const int roll = std::uniform_int_distribution<int>(0, 59)(rng);
        if (roll == 0) v = 0;
        else if (roll == 1) v = 1e308;
        else if (roll == 2) v = (v == 0 ? 1 : v) * pick(rng, factors);
      };
      auto wild_opt = [&](std::optional<double>& v) {
        double x = v.value_or(100);
        wild(x);
        if (x != v.value_or(100)) v = x;
      };
      cp::Scenario s = base;
      cp::Assumptions& a = s.assumptions;
      for (double* v : {&a.pue, &a.gpu_power_factor, &a.storage_w_per_node, &a.rack_limit_w, &a.grid_kg_co2_per_kwh,
                        &a.cny_per_usd, &a.power_price_per_kwh, &a.headroom, &a.vat, &a.amortisation_years,
                        &a.failure_rate_per_gpu_hour, &a.checkpoint_bytes_per_s_per_gpu, &a.restart_s,
                        &a.facility_per_kw_month, &a.facility_years, &a.support_per_year, &a.storage_capex_share,
                        &a.discount_rate, &a.residual_value, &s.training.tokens,
                        &s.cluster.gpu.bf16_flops, &s.cluster.gpu.memory_bw, &s.cluster.gpu.tdp_w,
                        &s.cluster.gpu.memory_bytes, &s.cluster.gpu.link_bw, &s.cluster.fabric.nic_busbw,
                        &s.cluster.fabric.nic_gbps, &s.cluster.fabric.base_latency_s, &s.cluster.fabric.switch_latency_s,
                        &s.calibration.step_time_factor, &s.overheads.framework_bytes})
        wild(*v);
      for (std::optional<double>* v : {&a.node_overhead_w, &a.switch_w, &a.optic_w, &a.checkpoint_bytes_per_param,
                                       &a.checkpoint_interval_s, &a.checkpoint_bytes_per_s, &a.facility_capex_per_mw})
        wild_opt(*v);
      for (cp::PriceList* l : {&a.rent, &a.cloud, &a.purchase})
        for (cp::PriceLine& x : l->lines) wild(x.price);
      a.payment = pick(rng, std::vector<cp::Payment>{cp::Payment::Rent, cp::Payment::Cloud, cp::Payment::Purchase});
      a.currency = pick(rng, std::vector<cp::Currency>{cp::Currency::Cny, cp::Currency::Usd});
      a.checkpoint_mode = pick(rng, std::vector<cp::CheckpointMode>{cp::CheckpointMode::Sync, cp::CheckpointMode::Async,
                                                                    cp::CheckpointMode::InMemory});
      if (!cp::validate(s).empty()) return std::nullopt;  // refused: nothing is printed
      ++checked;
      const std::vector<cp::Problem> impossible = cp::check_estimate_json(cp::estimate_to_json(s, cp::estimate(s)));
      if (impossible.empty()) return std::nullopt;
      return Failure{QStringLiteral("%1; scenario:\n%2")
                         .arg(QString::fromStdString(impossible.front().text()))
                         .arg(QString::fromStdString(json_of(s)))};
    });
  }

  void estimateIsDeterministic() {
    over_scenarios("deterministic", [](const cp::Scenario& s, int& checked) -> std::optional<Failure> {
      const cp::Estimate a = cp::estimate(s);
      const cp::Estimate b = cp::estimate(s);
      ++checked;
      const std::vector<std::pair<double, double>> figures{
          {a.memory.peak.total(), b.memory.peak.total()}, {a.step.step_s, b.step.step_s},
          {a.throughput.tokens_per_s, b.throughput.tokens_per_s}, {a.throughput.mfu, b.throughput.mfu},
          {a.power.facility_w, b.power.facility_w}, {a.cost.run_total, b.cost.run_total},
          {a.reliability.goodput, b.reliability.goodput}};
      bool same = true;
      for (const auto& [x, y] : figures)
        same = same && std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
      // Everything the estimate reports, through its JSON (doubles written to round-trip).
      same = same && cp::estimate_to_json(s, a).dump() == cp::estimate_to_json(s, b).dump();
      if (same) return std::nullopt;
      return Failure{QStringLiteral("two estimates of one scenario differ; scenario:\n%1")
                         .arg(QString::fromStdString(json_of(s)))};
    });
  }
};

QTEST_APPLESS_MAIN(tst_Properties)
#include "tst_properties.moc"
