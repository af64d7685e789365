// Interruptions, checkpoints and goodput: Llama 3's failure statistics, checkpoint sizes,
// Young/Daly against hand-worked cases, goodput limits, the seed's 1-2 h interval; storage that
// scales with the cluster, the three checkpoint modes, and goodput against published runs
// (Llama 3, MegaScale, Meta's research clusters, BLOOM).
#include <QtTest>

#include "engine/estimate.h"
#include "engine/reliability.h"
#include "engine/validate.h"

using namespace cp;

namespace {

bool near(double a, double b, double rel = 1e-9) { return std::abs(a - b) <= rel * std::max(1.0, std::abs(b)); }

// The first validation problem, for a failure message ("" when there is none).
QString first_problem(const Scenario& s) {
  const std::vector<Problem> p = validate(s);
  return p.empty() ? QString() : QString::fromStdString(p[0].text());
}

Scenario with_gpus(int nodes) {
  Scenario s = default_scenario();
  s.cluster.nodes = nodes;
  s.parallel = Parallelism{8, 4, 1, 0, 1, 1, true};
  s.training.global_batch = nodes * 256;  // TP 8 x PP 4: DP = 8 x nodes / 32 = nodes / 4
  return s;
}

}  // namespace

class TstReliability : public QObject {
  Q_OBJECT
 private slots:
  void llama3Mtbi();
  void mtbiScales_data();
  void mtbiScales();
  void youngDaly_data();
  void youngDaly();
  void goodputByHand_data();
  void goodputByHand();
  void checkpointBytes_data();
  void checkpointBytes();
  void defaultScenarioByHand();
  void zeroFailuresGiveGoodputOne();
  void moreGpusLowerGoodput();
  void optimumBeatsSeedInterval();
  void noProgressWarns();
  void writeTimeFallsWithScale();
  void storageAgainstPublished();
  void checkpointModes();
  void intervalFollowsMode();
  void llama3Goodput();
  void megascaleGoodput();
  void researchClusterEttr_data();
  void researchClusterEttr();
  void bloomCheckpoint();
};

namespace {

// Llama 3 405B pre-training as published (arXiv:2407.21783): 16,384 H100 in 2,048 servers, TP 8,
// PP 16, sequences of 8K, a global batch of 2,048 sequences (16M tokens), 15T tokens.
Scenario llama3_405b() {
  Scenario s = default_scenario();
  s.model = find_model_preset("llama-3-405b")->shape;
  s.model_id = "llama-3-405b";
  s.cluster.gpu = *find_gpu("h100-sxm");
  s.cluster.nodes = 2048;
  s.cluster.fabric = *find_fabric("ib-ndr");
  s.parallel = Parallelism{8, 16, 1, 0, 1, 1, true};
  s.training.seq = 8192;
  s.training.global_batch = 2048;
  s.training.tokens = 15e12;
  return s;
}

}  // namespace

void TstReliability::llama3Mtbi() {
  // Llama 3 405B: 419 unexpected interruptions in 54 days on 16,384 H100s: one every
  // 54 x 24 / 419 = 3.093 h. Rate per GPU-hour: 419 / (1,296 h x 16,384) = 1.9733e-5.
  QVERIFY(near(kLlama3FailuresPerGpuHour, 1.9732816719714506e-05, 1e-12));
  Scenario s = default_scenario();
  s.cluster.gpu = *find_gpu("h100-sxm");
  s.cluster.nodes = 2048;
  s.parallel = Parallelism{8, 4, 1, 0, 1, 1, true};
  s.training.global_batch = 2048;
  QVERIFY(validate(s).empty());
  const ReliabilityEstimate r = estimate(s).reliability;
  QVERIFY(near(r.mtbi_s / 3600, 1296.0 / 419));
  QVERIFY(std::abs(r.mtbi_s / 3600 - 3.1) < 0.01);
  // About 50,700 GPU-hours per interruption.
  QVERIFY(std::abs(1 / kLlama3FailuresPerGpuHour - 50677) < 1);
}

void TstReliability::mtbiScales_data() {
  QTest::addColumn<int>("nodes");
  QTest::addColumn<double>("mtbi_h");
  // M = 1 / (lambda N) = 21,233,664 / (419 N) hours.
  QTest::newRow("32 GPUs: 1,583.7 h") << 4 << 21233664.0 / (419 * 32);
  QTest::newRow("1,024 GPUs: 49.5 h") << 128 << 21233664.0 / (419 * 1024);
  QTest::newRow("16,384 GPUs: 3.09 h") << 2048 << 21233664.0 / (419 * 16384);
}

void TstReliability::mtbiScales() {
  QFETCH(int, nodes);
  QFETCH(double, mtbi_h);
  const Scenario s = with_gpus(nodes);
  QVERIFY(validate(s).empty());
  QVERIFY(near(estimate(s).reliability.mtbi_s / 3600, mtbi_h));
}

void TstReliability::youngDaly_data() {
  QTest::addColumn<double>("c");
  QTest::addColumn<double>("m");
  QTest::addColumn<double>("t");
  // T = sqrt(2 C M).
  QTest::newRow("C 100 s, M 20,000 s: sqrt(4e6) = 2,000 s") << 100.0 << 20000.0 << 2000.0;
  QTest::newRow("C 40 s (BLOOM), M 3 h: sqrt(864,000) = 929.5 s") << 40.0 << 10800.0 << std::sqrt(864000.0);
  QTest::newRow("C 50 s, M 1 h: sqrt(360,000) = 600 s") << 50.0 << 3600.0 << 600.0;
}

void TstReliability::youngDaly() {
  QFETCH(double, c);
  QFETCH(double, m);
  QFETCH(double, t);
  QVERIFY(near(young_daly_interval_s(c, m), t));
  // At the optimum the waste is sqrt(2C/M) + R/M; the interval minimises it.
  const double at = goodput_at(t, c, m, 0);
  QVERIFY(near(at, 1 - std::sqrt(2 * c / m)));
  QVERIFY(at >= goodput_at(0.8 * t, c, m, 0));
  QVERIFY(at >= goodput_at(1.25 * t, c, m, 0));
}

void TstReliability::goodputByHand_data() {
  QTest::addColumn<double>("t");
  QTest::addColumn<double>("c");
  QTest::addColumn<double>("m");
  QTest::addColumn<double>("r");
  QTest::addColumn<double>("goodput");
  // 1 - C/T - (T/2 + R)/M.
  QTest::newRow("T 2,000, C 100, M 20,000, R 0: 1 - 0.05 - 0.05") << 2000.0 << 100.0 << 20000.0 << 0.0 << 0.9;
  QTest::newRow("same with R 1,000: 0.9 - 0.05") << 2000.0 << 100.0 << 20000.0 << 1000.0 << 0.85;
  QTest::newRow("no failures (M = 0 means none): 1 - C/T") << 3600.0 << 36.0 << 0.0 << 900.0 << 0.99;
  // 1 - 0.5 - 1.3333 = -0.8333: more waste than time. Goodput is a fraction of wall time: 0,
  // no progress (estimate() warns no_progress; a negative fraction is never printed).
  QTest::newRow("failures faster than work: 0, no progress") << 1000.0 << 500.0 << 600.0 << 300.0 << 0.0;
  QTest::newRow("a checkpoint longer than the interval: 0") << 3600.0 << 9140.0 << 0.0 << 0.0 << 0.0;
}

void TstReliability::goodputByHand() {
  QFETCH(double, t);
  QFETCH(double, c);
  QFETCH(double, m);
  QFETCH(double, r);
  QFETCH(double, goodput);
  QVERIFY(near(goodput_at(t, c, m, r), goodput));
}

void TstReliability::checkpointBytes_data() {
  QTest::addColumn<int>("precision");
  QTest::addColumn<int>("optimizer");
  QTest::addColumn<double>("bytes_per_param");
  // Weights + optimizer states: bf16 + Adam = 2 + 12 = 14 (mixed precision: fp32 master, m, v).
  QTest::newRow("bf16 Adam: 14 B/param") << int(Precision::Bf16) << int(Optimizer::Adam) << 14.0;
  QTest::newRow("fp32 Adam: 4 + 8 = 12") << int(Precision::Fp32) << int(Optimizer::Adam) << 12.0;
  QTest::newRow("bf16 SGD: 2 + 8 = 10") << int(Precision::Bf16) << int(Optimizer::Sgd) << 10.0;
}

void TstReliability::checkpointBytes() {
  QFETCH(int, precision);
  QFETCH(int, optimizer);
  QFETCH(double, bytes_per_param);
  Scenario s = default_scenario();
  s.training.precision = Precision(precision);
  s.training.optimizer = Optimizer(optimizer);
  const Estimate e = estimate(s);
  QCOMPARE(e.reliability.checkpoint_bytes, e.params.total * bytes_per_param);
  // Megatron's 1T model: 14 B x 1e12 = 14 TB against the published 13.8 TB (1.4%).
  if (bytes_per_param == 14.0) QVERIFY(std::abs(14e12 / 13.8e12 - 1) < 0.02);
  s.assumptions.checkpoint_bytes_per_param = 2.0;  // weights only
  QCOMPARE(estimate(s).reliability.checkpoint_bytes, e.params.total * 2);
}

void TstReliability::defaultScenarioByHand() {
  // LLaMA-65B: 65,285,660,672 params x 14 B = 913,999,249,408 B. Storage: 32 GPUs x 0.125 GB/s
  // = 4 GB/s, the write W = 228.50 s. Asynchronous (the default): training stops for the copy
  // to host memory, 913,999,249,408 / 32 = 28.56 GB per GPU at 0.6823 GB/s = 41.864 s, and runs
  // 47% slower during the write (0.4686 x 228.50 = 107.07 s): C = 148.93 s a checkpoint.
  // 32 GPUs: M = 21,233,664 / (419 x 32) h = 1,583.66 h = 5,701,162.8 s.
  // T = sqrt(2 x 148.93 x 5,701,162.8) = 41,209 s (11.4 h): the optimum is far beyond the
  // seed's 1-2 h on so small a cluster. A failure loses half an interval, the restart and the
  // write still under way: goodput = 1 - 148.93/41,209 - (20,604.5 + 900 + 228.5)/M = 0.99257.
  const Estimate e = estimate(default_scenario());
  const ReliabilityEstimate& r = e.reliability;
  QCOMPARE(r.checkpoint_bytes, 913999249408.0);
  QCOMPARE(r.mode, CheckpointMode::Async);
  QVERIFY(r.storage_per_gpu);
  QVERIFY(near(r.storage_bytes_per_s, 4e9));
  QVERIFY(near(r.checkpoint_write_s, 913999249408.0 / 4e9));
  QVERIFY(std::abs(r.checkpoint_blocking_s - 41.864) < 1e-3);
  QVERIFY(std::abs(r.checkpoint_cost_s - 148.933) < 1e-3);
  QVERIFY(near(r.checkpoint_cost_s, r.checkpoint_blocking_s + (1 - 372.0 / 700) * r.checkpoint_write_s));
  const double m = 21233664.0 / (419 * 32) * 3600;
  QVERIFY(near(r.mtbi_s, m));
  QVERIFY(near(r.optimal_interval_s, std::sqrt(2 * r.checkpoint_cost_s * m)));
  QVERIFY(std::abs(r.optimal_interval_s - 41209.0) < 1);
  QCOMPARE(r.interval_s, r.optimal_interval_s);
  QVERIFY(std::abs(r.goodput - 0.99257) < 1e-5);
  QVERIFY(near(r.real_train_time_s, e.throughput.train_time_s / r.goodput));
  // The seed's interval: 1 h: 1 - 148.93/3,600 - (1,800 + 900 + 228.5)/M = 0.95812; 2 h: 0.97849.
  QVERIFY(std::abs(r.goodput_seed_low - 0.95812) < 1e-5);
  QVERIFY(std::abs(r.goodput_seed_high - 0.97849) < 1e-5);
}

void TstReliability::zeroFailuresGiveGoodputOne() {
  Scenario s = default_scenario();
  s.assumptions.failure_rate_per_gpu_hour = 0;
  const ReliabilityEstimate r = estimate(s).reliability;
  QVERIFY(!r.failures);
  QCOMPARE(r.goodput, 1.0);
  QCOMPARE(r.interval_s, 0.0);
  // A set interval still costs its writes; blocking writes to a 10 GB/s file system (cluster-wide,
  // whatever the GPUs): 1 - 91.4 / 3,600.
  s.assumptions.checkpoint_interval_s = 3600;
  s.assumptions.checkpoint_mode = CheckpointMode::Sync;
  s.assumptions.checkpoint_bytes_per_s = 10e9;
  QVERIFY(near(estimate(s).reliability.goodput, 1 - 91.3999249408 / 3600));
}

void TstReliability::moreGpusLowerGoodput() {
  double previous = 1.0;
  for (int nodes : {4, 16, 64, 256, 1024, 2048}) {
    const Scenario s = with_gpus(nodes);
    QVERIFY(validate(s).empty());
    const double g = estimate(s).reliability.goodput;
    QVERIFY2(g < previous, qPrintable(QString("%1 nodes: %2").arg(nodes).arg(g)));
    QVERIFY(g > 0 && g <= 1);
    previous = g;
  }
}

void TstReliability::optimumBeatsSeedInterval() {
  for (int nodes : {4, 128, 2048}) {
    const ReliabilityEstimate r = estimate(with_gpus(nodes)).reliability;
    QVERIFY(r.goodput >= r.goodput_seed_low);
    QVERIFY(r.goodput >= r.goodput_seed_high);
  }
}

void TstReliability::noProgressWarns() {
  Scenario s = with_gpus(2048);
  s.assumptions.checkpoint_bytes_per_s = 1e8;  // 100 MB/s: C = 9,140 s > M = 11,135 s / ...
  QVERIFY(validate(s).empty());
  const Estimate e = estimate(s);
  QVERIFY(e.reliability.goodput <= 0);
  QCOMPARE(e.reliability.real_train_time_s, 0.0);
  QVERIFY(e.warnings.has(WarningCode::NoProgress));
  QVERIFY(!estimate(default_scenario()).warnings.has(WarningCode::NoProgress));
}

void TstReliability::writeTimeFallsWithScale() {
  // The same job (Llama 3 405B, TP 8 PP 16) on 1,024 and on 16,384 GPUs: the storage grows with
  // the cluster, so the write takes 16 times less on 16 times the GPUs: 5.68 TB at 128 GB/s =
  // 44.4 s, at 2.05 TB/s 2.77 s.
  Scenario small = llama3_405b();
  small.cluster.nodes = 128;
  small.training.global_batch = 128;
  Scenario large = llama3_405b();
  QVERIFY(validate(small).empty() && validate(large).empty());
  const ReliabilityEstimate a = estimate(small).reliability, b = estimate(large).reliability;
  QVERIFY(b.checkpoint_write_s < a.checkpoint_write_s);
  QVERIFY(near(a.checkpoint_write_s / b.checkpoint_write_s, 16));
  QVERIFY(std::abs(b.checkpoint_write_s - 2.774) < 1e-3);
  // A cluster-wide figure stays cluster-wide: the same write time at any size.
  small.assumptions.checkpoint_bytes_per_s = large.assumptions.checkpoint_bytes_per_s = 100e9;
  QVERIFY(near(estimate(small).reliability.checkpoint_write_s, estimate(large).reliability.checkpoint_write_s));
  QVERIFY(!estimate(large).reliability.storage_per_gpu);
}

void TstReliability::storageAgainstPublished() {
  // Llama 3 wrote to Tectonic at 2 TB/s sustained for 16,384 GPUs (arXiv:2407.21783, section
  // 3.3.1): the default per GPU gives 2.048 TB/s (+2.4%; tolerance 5%).
  const ReliabilityEstimate r = estimate(llama3_405b()).reliability;
  QVERIFY(std::abs(r.storage_bytes_per_s / 2e12 - 1) < 0.05);
  // DCP async staging of Llama 3 70B on 1,856 H200 took 0.78 s (PyTorch blog, 2025): the staging
  // rate reproduces it; ByteCheckpoint's 405B on 8,960 GPUs blocked 0.59 s (NSDI'25, Table 8
  // [sec]): we give 0.93 s, within a factor of 1.6 (the slower of the two rates is taken).
  Scenario crusoe = default_scenario();
  crusoe.model = find_model_preset("llama-3-70b")->shape;
  crusoe.cluster.gpu = *find_gpu("h200-sxm");
  crusoe.cluster.nodes = 232;  // 1,856 GPUs
  crusoe.parallel = Parallelism{8, 1, 1, 0, 1, 1, true};
  crusoe.training.global_batch = 232;
  QVERIFY2(validate(crusoe).empty(), qPrintable(first_problem(crusoe)));
  QVERIFY(std::abs(estimate(crusoe).reliability.checkpoint_blocking_s - 0.78) < 0.01);
  Scenario byte = llama3_405b();
  byte.cluster.nodes = 1120;  // 8,960 GPUs: TP 8, DP 70, PP 16
  byte.training.global_batch = 1120;
  QVERIFY(validate(byte).empty());
  const double blocking = estimate(byte).reliability.checkpoint_blocking_s;
  QVERIFY2(blocking / 0.59 > 1 && blocking / 0.59 < 1.6, qPrintable(QString::number(blocking)));
}

void TstReliability::checkpointModes() {
  // On the same job the blocking time falls from the whole write (sync) to the host copy (async,
  // in-memory); goodput rises in that order, and in-memory adds no background slowdown.
  Scenario s = llama3_405b();
  double previous = 0;
  for (CheckpointMode m : {CheckpointMode::Sync, CheckpointMode::Async, CheckpointMode::InMemory}) {
    s.assumptions.checkpoint_mode = m;
    const ReliabilityEstimate r = estimate(s).reliability;
    QVERIFY2(r.goodput > previous, to_string(m).data());
    previous = r.goodput;
    if (m == CheckpointMode::Sync) QCOMPARE(r.checkpoint_blocking_s, r.checkpoint_write_s);
    if (m == CheckpointMode::InMemory) QCOMPARE(r.checkpoint_cost_s, r.checkpoint_blocking_s);
    if (m == CheckpointMode::Async) QVERIFY(r.checkpoint_cost_s > r.checkpoint_blocking_s);
  }
  // Blocking writes at Meta's 2 TB/s give 0.897 (C = 5.68 TB / 2 TB/s = 2.84 s,
  // T = 251 s, waste = 0.0113 + (125.7 + 900) / 11,135 s).
  s.assumptions.checkpoint_mode = CheckpointMode::Sync;
  s.assumptions.checkpoint_bytes_per_s = 2e12;
  QVERIFY(std::abs(estimate(s).reliability.goodput - 0.8966) < 5e-4);
}

void TstReliability::intervalFollowsMode() {
  // Young/Daly on each mode's cost: sqrt(2 C M), and for async no shorter than the write (the
  // next checkpoint waits for the last one).
  for (CheckpointMode m : {CheckpointMode::Sync, CheckpointMode::Async, CheckpointMode::InMemory}) {
    Scenario s = llama3_405b();
    s.assumptions.checkpoint_mode = m;
    const ReliabilityEstimate r = estimate(s).reliability;
    QVERIFY(near(r.optimal_interval_s, std::max(std::sqrt(2 * r.checkpoint_cost_s * r.mtbi_s),
                                                m == CheckpointMode::Async ? r.checkpoint_write_s : 0.0)));
  }
  // A slow cluster-wide file system: the write outlasts the Young/Daly interval, which waits for it.
  Scenario s = llama3_405b();
  s.assumptions.checkpoint_bytes_per_s = 0.4e9;  // 14,205 s per write; sqrt(2 C M) = 12,176 s
  const ReliabilityEstimate r = estimate(s).reliability;
  QVERIFY(r.checkpoint_write_s > std::sqrt(2 * r.checkpoint_cost_s * r.mtbi_s));
  QCOMPARE(r.optimal_interval_s, r.checkpoint_write_s);
}

void TstReliability::llama3Goodput() {
  // Llama 3 (arXiv:2407.21783, section 3.3.4): 16,384 H100, 419 unexpected interruptions in 54
  // days, "higher than 90% effective training time". With the defaults (async, 0.125 GB/s per
  // GPU, restart 15 min): C = 0.508 s staging + 0.4686 x 2.774 s = 1.808 s, T = 200.7 s,
  // goodput = 1 - 1.808/200.7 - (100.3 + 900 + 2.77)/11,135 = 0.9009: above 0.90 as published
  // (tolerance: the published bound itself), and the run within 15% of its ideal time.
  const Estimate e = estimate(llama3_405b());
  const ReliabilityEstimate& r = e.reliability;
  QVERIFY(std::abs(r.mtbi_s / 3600 - 3.093) < 1e-3);
  QVERIFY2(r.goodput > 0.90, qPrintable(QString::number(r.goodput)));
  QVERIFY(std::abs(r.goodput - 0.9009) < 5e-4);
  QVERIFY(r.real_train_time_s / e.throughput.train_time_s < 1.15);
  // The figure older files carry (10 GB/s blocking for the whole cluster) gives 0.60: 568 s per
  // write.
  Scenario old = llama3_405b();
  old.assumptions.checkpoint_bytes_per_s = 10e9;
  old.assumptions.checkpoint_mode = CheckpointMode::Sync;
  QVERIFY(std::abs(estimate(old).reliability.goodput - 0.600) < 0.005);
}

void TstReliability::megascaleGoodput() {
  // MegaScale (Jiang et al., NSDI'24, sections 4.4 and 6.3): a 175B-class model on 12,288 GPUs,
  // more than 100 restarts over several weeks, two-stage checkpoints (GPU -> host memory blocks
  // "several seconds", then HDFS in the background), back to training within 15 minutes: "over
  // 90% effective training time rate". Async checkpoints and the 900 s restart, at Llama 3's
  // failure rate (about one interruption every 4.1 h; MegaScale's >100 in about three weeks is
  // one every 5 h or more): goodput 0.92, above 0.90 (tolerance: the published bound).
  Scenario s = default_scenario();
  s.model = find_model_preset("gpt3-175b")->shape;
  s.model_id = "gpt3-175b";
  s.cluster.gpu = *find_gpu("a100-80gb-sxm");
  s.cluster.nodes = 1536;
  s.parallel = Parallelism{8, 8, 1, 0, 1, 1, true};
  s.training.seq = 2048;
  s.training.global_batch = 6144;
  QVERIFY2(validate(s).empty(), qPrintable(first_problem(s)));
  const ReliabilityEstimate r = estimate(s).reliability;
  QCOMPARE(r.mode, CheckpointMode::Async);
  QVERIFY(r.checkpoint_blocking_s < 10);  // "several seconds"
  QVERIFY2(r.goodput > 0.90 && r.goodput < 0.95, qPrintable(QString::number(r.goodput)));
}

void TstReliability::researchClusterEttr_data() {
  QTest::addColumn<double>("interval_s");
  QTest::addColumn<double>("published");
  // Kokolis et al., "Revisiting Reliability in Large-Scale ML Research Clusters" (HPCA 2025,
  // arXiv:2410.21680): RSC-1 fails 6.5 times per 1,000 node-days; a 16,384-GPU job then sees an
  // interruption every 1.80 h; with non-blocking checkpoints and a 5-minute restart its expected
  // ETTR is 0.70 checkpointing hourly and 0.93 every 5 minutes [sec]. Tolerance 0.03.
  QTest::newRow("hourly: 0.70") << 3600.0 << 0.70;
  QTest::newRow("every 5 min: 0.93") << 300.0 << 0.93;
}

void TstReliability::researchClusterEttr() {
  QFETCH(double, interval_s);
  QFETCH(double, published);
  Scenario s = llama3_405b();
  s.model = find_model_preset("llama-3-70b")->shape;
  s.model_id = "llama-3-70b";
  s.parallel = Parallelism{8, 4, 1, 0, 1, 1, true};
  s.cluster.gpu = *find_gpu("a100-80gb-sxm");
  s.assumptions.failure_rate_per_gpu_hour = 6.5e-3 / (8 * 24);  // per node-day -> per GPU-hour
  s.assumptions.checkpoint_mode = CheckpointMode::InMemory;     // non-blocking
  s.assumptions.restart_s = 300;
  s.assumptions.checkpoint_interval_s = interval_s;
  QVERIFY(validate(s).empty());
  const ReliabilityEstimate r = estimate(s).reliability;
  QVERIFY(std::abs(r.mtbi_s / 3600 - 1.803) < 1e-3);
  QVERIFY2(std::abs(r.goodput - published) < 0.03, qPrintable(QString::number(r.goodput)));
}

void TstReliability::bloomCheckpoint() {
  // BLOOM-176B (bigscience tr11-176B-ml README, "Checkpoints", "Times"): 384 A100 on Jean Zay's
  // GPFS wrote 2.3 TB in about 40 s, every 100 iterations (about 3 h); 1-2 GPU failures a week.
  // Blocking writes at the default bandwidth per GPU: 176.2e9 x 14 B / 48 GB/s = 51 s (+28%;
  // tolerance 35%: our 14 B/param against the measured 13.1). At a 3 h interval and 1.5 failures
  // a week the first-order goodput is 0.98 (no goodput was published; the check is plausibility).
  Scenario s = default_scenario();
  // BLOOM's shape (tr11 README): 70 layers, hidden 14,336, 112 heads, FFN 4h GELU, vocabulary
  // 250,880: 176.2B parameters; TP 4, PP 12, DP 8.
  s.model = find_model_preset("gpt3-175b")->shape;
  s.model.layers = 70;
  s.model.hidden = 14336;
  s.model.heads = s.model.kv_heads = 112;
  s.model.ffn = 4 * 14336;
  s.model.vocab = 250880;
  s.model.learned_positions = 0;  // ALiBi
  s.model.tied_embeddings = true;
  s.model_id = "custom";
  s.cluster.nodes = 48;
  s.parallel = Parallelism{4, 12, 1, 0, 1, 1, true};
  s.training.global_batch = 2048;
  s.assumptions.checkpoint_mode = CheckpointMode::Sync;
  s.assumptions.checkpoint_interval_s = 3 * 3600;
  s.assumptions.failure_rate_per_gpu_hour = 1.5 / (384 * 168.0);
  QVERIFY2(validate(s).empty(), qPrintable(first_problem(s)));
  const ReliabilityEstimate r = estimate(s).reliability;
  QVERIFY2(std::abs(r.checkpoint_write_s / 40 - 1) < 0.35, qPrintable(QString::number(r.checkpoint_write_s)));
  QVERIFY2(std::abs(r.goodput - 0.98) < 0.01, qPrintable(QString::number(r.goodput)));
}

QTEST_APPLESS_MAIN(TstReliability)
#include "tst_reliability.moc"
