// The estimate's hot path makes no heap allocation: a counting global operator new proves it,
// so the microsecond target cannot rot silently. (Catalog look-ups and validation happen
// before the hot path and may allocate.)
#include <QtTest>

#include <atomic>
#include <cstdlib>
#include <new>

#include "engine/estimate.h"
#include "engine/validate.h"

namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

using namespace cp;

class TstHotPathAlloc : public QObject {
  Q_OBJECT
 private slots:
  void counterWorks();
  void estimateAllocatesNothing_data();
  void estimateAllocatesNothing();
};

void TstHotPathAlloc::counterWorks() {
  // The allocation escapes into a global, so the compiler may not elide it.
  static std::vector<int>* escape = nullptr;
  const long before = g_allocations.load();
  escape = new std::vector<int>(100);
  QVERIFY(escape->size() == 100);
  delete escape;
  QVERIFY(g_allocations.load() - before >= 2);  // the vector object and its buffer
}

void TstHotPathAlloc::estimateAllocatesNothing_data() {
  QTest::addColumn<QString>("model");
  QTest::addColumn<int>("tp");
  QTest::addColumn<int>("pp");
  QTest::addColumn<int>("vpp");
  QTest::addColumn<int>("ep");
  QTest::addColumn<int>("recompute");
  QTest::newRow("seed LLaMA-65B") << "llama-65b" << 8 << 4 << 1 << 1 << int(Recompute::Selective);
  QTest::newRow("GPT-3 interleaved, uneven warnings") << "gpt3-175b" << 8 << 8 << 3 << 1 << int(Recompute::Full);
  QTest::newRow("Mixtral EP") << "mixtral-8x7b" << 1 << 1 << 1 << 8 << int(Recompute::None);
  QTest::newRow("DeepSeek-V3 PP") << "deepseek-v3" << 8 << 4 << 1 << 1 << int(Recompute::Full);
}

void TstHotPathAlloc::estimateAllocatesNothing() {
  QFETCH(QString, model);
  QFETCH(int, tp);
  QFETCH(int, pp);
  QFETCH(int, vpp);
  QFETCH(int, ep);
  QFETCH(int, recompute);
  Scenario s = default_scenario();
  s.model = find_model_preset(model.toStdString())->shape;
  s.model_derived = true;  // adds a warning too
  s.parallel = Parallelism{tp, pp, vpp, 0, 1, ep, tp > 1};
  s.cluster.nodes = 32;
  s.training.recompute = Recompute(recompute);
  const auto problems = validate(s);
  QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().text().c_str());

  const long before = g_allocations.load();
  Estimate e;
  for (int i = 0; i < 100; ++i) e = estimate(s);
  const long after = g_allocations.load();
  QCOMPARE(after - before, 0L);
  QVERIFY(e.memory.peak.total() > 0);
  QVERIFY(e.warnings.count >= 1);
}

QTEST_APPLESS_MAIN(TstHotPathAlloc)
#include "tst_hot_path_alloc.moc"
