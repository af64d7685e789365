// Interruptions, checkpoints and goodput: Llama 3's failure statistics, checkpoint sizes,
// Young/Daly against hand-worked cases, goodput limits, the seed's 1-2 h interval.
#include <QtTest>

#include "engine/estimate.h"
#include "engine/reliability.h"
#include "engine/validate.h"

using namespace cp;

namespace {

bool near(double a, double b, double rel = 1e-9) { return std::abs(a - b) <= rel * std::max(1.0, std::abs(b)); }

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
};

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
  // no progress (estimate() warns no_progress; issue 14: no negative fraction is printed).
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
  // LLaMA-65B: 65,285,660,672 params x 14 B = 913,999,249,408 B; at 10 GB/s: C = 91.40 s.
  // 32 GPUs: M = 21,233,664 / (419 x 32) h = 1,583.66 h = 5,701,162.8 s.
  // T = sqrt(2 x 91.40 x 5,701,162.8) = 32,282.7 s (9.0 h): the optimum is far beyond the
  // seed's 1-2 h on so small a cluster. Goodput = 1 - 91.4/32,282.7 - (16,141.3 + 900)/M
  // = 1 - 0.002831 - 0.002989 = 0.99418.
  const Estimate e = estimate(default_scenario());
  const ReliabilityEstimate& r = e.reliability;
  QCOMPARE(r.checkpoint_bytes, 913999249408.0);
  QVERIFY(near(r.checkpoint_write_s, 91.3999249408));
  const double m = 21233664.0 / (419 * 32) * 3600;
  QVERIFY(near(r.mtbi_s, m));
  QVERIFY(near(r.optimal_interval_s, std::sqrt(2 * 91.3999249408 * m)));
  QVERIFY(std::abs(r.optimal_interval_s - 32282.7) < 0.1);
  QCOMPARE(r.interval_s, r.optimal_interval_s);
  QVERIFY(std::abs(r.goodput - 0.99418) < 1e-5);
  QVERIFY(near(r.real_train_time_s, e.throughput.train_time_s / r.goodput));
  // The seed's interval: 1 h: 1 - 91.4/3,600 - (1,800 + 900)/M = 0.97414; 2 h: 0.98652.
  QVERIFY(std::abs(r.goodput_seed_low - 0.97414) < 1e-5);
  QVERIFY(std::abs(r.goodput_seed_high - 0.98652) < 1e-5);
}

void TstReliability::zeroFailuresGiveGoodputOne() {
  Scenario s = default_scenario();
  s.assumptions.failure_rate_per_gpu_hour = 0;
  const ReliabilityEstimate r = estimate(s).reliability;
  QVERIFY(!r.failures);
  QCOMPARE(r.goodput, 1.0);
  QCOMPARE(r.interval_s, 0.0);
  // A set interval still costs its writes: 1 - 91.4 / 3,600.
  s.assumptions.checkpoint_interval_s = 3600;
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

QTEST_APPLESS_MAIN(TstReliability)
#include "tst_reliability.moc"
