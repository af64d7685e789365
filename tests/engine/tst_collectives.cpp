// Collective times against hand-worked alpha-beta values (NCCL bus-bandwidth conventions).
#include <QtTest>

#include <cmath>

#include "engine/collectives.h"

using namespace cp;

class TstCollectives : public QObject {
  Q_OBJECT
 private slots:
  void ringAllReduce_data();
  void ringAllReduce();
  void treeAllReduce();
  void pickFaster();
  void reduceScatterAllGather();
  void allToAllAndSendRecv();
  void degenerate();
};

void TstCollectives::ringAllReduce_data() {
  QTest::addColumn<double>("bytes");
  QTest::addColumn<int>("n");
  QTest::addColumn<double>("busbw");
  QTest::addColumn<double>("alpha");
  QTest::addColumn<double>("expected");
  // 1 GB over 8 ranks at 100 GB/s, alpha 1 us: 2 x 7/8 x 1e9 / 1e11 = 17.5 ms; + 14 us.
  QTest::newRow("1 GB, 8 ranks") << 1e9 << 8 << 100e9 << 1e-6 << 0.0175 + 14e-6;
  // 100 MB over 2 ranks at 24 GB/s, alpha 5 us: 2 x 1/2 x 1e8 / 24e9 = 4.1667 ms; + 10 us.
  QTest::newRow("100 MB, 2 ranks") << 1e8 << 2 << 24e9 << 5e-6 << 1e8 / 24e9 + 10e-6;
  // 8 KB over 64 ranks at 192 GB/s, alpha 3 us: 2 x 63/64 x 8192 / 192e9 = 84 ns; + 378 us.
  QTest::newRow("8 KB, 64 ranks") << 8192.0 << 64 << 192e9 << 3e-6 << 2.0 * 63 / 64 * 8192 / 192e9 + 126 * 3e-6;
}

void TstCollectives::ringAllReduce() {
  QFETCH(double, bytes);
  QFETCH(int, n);
  QFETCH(double, busbw);
  QFETCH(double, alpha);
  QFETCH(double, expected);
  QCOMPARE(ring_all_reduce(bytes, n, Link{busbw, alpha}), expected);
}

void TstCollectives::treeAllReduce() {
  // 8 KB over 64 ranks at 192 GB/s, alpha 3 us: bandwidth 2 x 63/64 x 8192 / (0.9 x 192e9)
  // = 93.3 ns; latency 2 log2(64) x 3 us = 36 us.
  const double t = tree_all_reduce(8192, 64, Link{192e9, 3e-6});
  QCOMPARE(t, 2.0 * 63 / 64 * 8192 / (0.9 * 192e9) + 36e-6);
}

void TstCollectives::pickFaster() {
  const Link link{192e9, 3e-6};
  // Small message, many ranks: the tree's log2 latency wins (36 us against 378 us).
  CollectiveTime small = all_reduce(8192, 64, link);
  QVERIFY(small.algo == CollectiveAlgo::Tree);
  QCOMPARE(small.seconds, tree_all_reduce(8192, 64, link));
  // Large message, few ranks: the ring's full bandwidth wins.
  CollectiveTime large = all_reduce(4e9, 8, link);
  QVERIFY(large.algo == CollectiveAlgo::Ring);
  QCOMPARE(large.seconds, ring_all_reduce(4e9, 8, link));
}

void TstCollectives::reduceScatterAllGather() {
  // Each is half an all-reduce: (n-1)/n x S / B + (n-1) alpha. 1 GB, 8 ranks, 100 GB/s, 1 us:
  // 8.75 ms + 7 us.
  const Link link{100e9, 1e-6};
  QCOMPARE(reduce_scatter(1e9, 8, link).seconds, 0.00875 + 7e-6);
  QCOMPARE(all_gather(1e9, 8, link).seconds, 0.00875 + 7e-6);
  QCOMPARE(reduce_scatter(1e9, 8, link).seconds + all_gather(1e9, 8, link).seconds, ring_all_reduce(1e9, 8, link));
}

void TstCollectives::allToAllAndSendRecv() {
  const Link link{50e9, 2e-6};
  // All-to-all, 1 GB per rank over 4 ranks: 3/4 x 1e9 / 5e10 = 15 ms; + 3 x 2 us.
  QCOMPARE(all_to_all(1e9, 4, link).seconds, 0.015 + 6e-6);
  // Send 100 MB: 2 ms + 2 us.
  QCOMPARE(send_recv(1e8, link).seconds, 0.002 + 2e-6);
}

void TstCollectives::degenerate() {
  const Link link{50e9, 2e-6};
  QCOMPARE(all_reduce(1e9, 1, link).seconds, 0.0);   // one rank: nothing to do
  QCOMPARE(all_reduce(0, 8, link).seconds, 0.0);     // nothing to send
  QVERIFY(all_reduce(1e9, 1, link).algo == CollectiveAlgo::None);
}

QTEST_APPLESS_MAIN(TstCollectives)
#include "tst_collectives.moc"
