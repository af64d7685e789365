// Benchmark of the scenario library (core/store/include/store/scenario_store.h), on a disk-backed temporary
// directory (QTemporaryDir; set TMPDIR to measure another disk). Each save carries a full
// scenario and an estimate snapshot of its own, as the workbench saves them. Targets:
//   - one interactive save, its own durable transaction (WAL, synchronous=FULL): < 10 ms
//   - importing 10,000 scenarios in one transaction: < 1 s
//   - listing 10,000 scenarios: < 50 ms
// Reports medians (and the 95th percentile of saves); the durable save is bound by fsync.
#include <QtTest>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

#include "engine/estimate.h"
#include "io/scenario_json.h"
#include "store/scenario_store.h"

using namespace cp;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
}

ScenarioFileDocument document(int i) {
  ScenarioFileDocument d;
  d.scenario.name = "scenario " + std::to_string(i);
  d.scenario.training.global_batch = 1024 + 8 * (i % 128);
  d.notes = "benchmark";
  d.tags = {i % 2 ? "odd" : "even", "bench"};
  return d;
}

}  // namespace

class BenchStore : public QObject {
  Q_OBJECT
 private slots:
  void interactiveSave();
  void importAndList();
};

void BenchStore::interactiveSave() {
  QTemporaryDir dir;
  ScenarioStore store(dir.filePath("lib.sqlite").toStdString());
  const ScenarioFileDocument d = document(0);
  const nlohmann::json snapshot = estimate_to_json(d.scenario, estimate(d.scenario));
  std::vector<double> times;
  std::int64_t id = 0;
  for (int i = 0; i < 300; ++i) {
    const ScenarioFileDocument x = document(i);
    const auto t0 = Clock::now();
    id = store.save(x, snapshot, i % 3 == 0 ? 0 : id);  // new scenarios and new revisions
    times.push_back(ms_since(t0));
  }
  qInfo("interactive save (own durable transaction, %zu saves): median %.3f ms, p95 %.3f ms (target < 10 ms)",
        times.size(), percentile(times, 0.5), percentile(times, 0.95));
  QVERIFY(percentile(times, 0.5) > 0);
}

void BenchStore::importAndList() {
  constexpr int kScenarios = 10000;
  QTemporaryDir dir;
  ScenarioStore store(dir.filePath("lib.sqlite").toStdString());
  std::vector<ScenarioFileDocument> docs;
  docs.reserve(kScenarios);
  for (int i = 0; i < kScenarios; ++i) docs.push_back(document(i));
  // Each scenario with the snapshot of its own estimate (128 different global batches).
  std::vector<nlohmann::json> snapshots;
  for (int i = 0; i < 128; ++i) snapshots.push_back(estimate_to_json(docs[i].scenario, estimate(docs[i].scenario)));

  // For comparison: serialising every scenario and snapshot whole to JSON text (what a library
  // of schema 2 kept per revision), alone.
  const auto s0 = Clock::now();
  std::size_t bytes = 0;
  for (int i = 0; i < kScenarios; ++i)
    bytes += scenario_to_json(docs[i].scenario).dump().size() + snapshots[i % 128].dump().size();
  const double serialise_ms = ms_since(s0);

  const auto t0 = Clock::now();
  const std::clock_t c0 = std::clock();
  {
    ScenarioStore::Batch batch(store);
    for (int i = 0; i < kScenarios; ++i) store.save(docs[i], snapshots[i % 128]);
    batch.commit();
  }
  const double cpu_ms = 1000.0 * double(std::clock() - c0) / CLOCKS_PER_SEC;
  const double import_ms = ms_since(t0);
  qInfo("import of %d scenarios with estimate snapshots, one transaction: %.1f ms (target < 1000 ms); "
        "CPU time %.1f ms",
        kScenarios, import_ms, cpu_ms);
  qInfo("  for comparison, serialising them whole to JSON text alone: %.1f ms (%.1f MB of text)", serialise_ms,
        double(bytes) / 1e6);
  qInfo("library size: %.1f MB (and its -wal file %.1f MB)", double(QFileInfo(dir.filePath("lib.sqlite")).size()) / 1e6,
        double(QFileInfo(dir.filePath("lib.sqlite-wal")).size()) / 1e6);
  StoredScenario back;
  QVERIFY(store.load(kScenarios, back));  // the last one is there, with its snapshot
  nlohmann::json expected = snapshots[(kScenarios - 1) % 128];
  expected["inputs"] = scenario_to_json(docs[kScenarios - 1].scenario);
  QCOMPARE(back.estimate, expected);

  std::vector<double> times;
  std::size_t n = 0;
  for (int i = 0; i < 30; ++i) {
    const auto t1 = Clock::now();
    n = store.list().size();
    times.push_back(ms_since(t1));
  }
  QCOMPARE(n, std::size_t(kScenarios));
  qInfo("list of %zu scenarios: median %.2f ms, max %.2f ms (target < 50 ms)", n, percentile(times, 0.5),
        percentile(times, 1.0));
  times.clear();
  for (int i = 0; i < 30; ++i) {
    const auto t1 = Clock::now();
    n = store.list("scenario 9", "odd").size();
    times.push_back(ms_since(t1));
  }
  qInfo("list with search and tag filter (%zu found): median %.2f ms", n, percentile(times, 0.5));
}

QTEST_GUILESS_MAIN(BenchStore)
#include "bench_store.moc"
