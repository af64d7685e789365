// Topology sizing (Al-Fares et al. 2008 fat trees, rail-optimised) and the fabric's share of
// NIC bandwidth: oversubscription, ECMP collisions, adaptive routing.
#include <QtTest>

#include "engine/fabric.h"

using namespace cp;

class TstFabric : public QObject {
  Q_OBJECT
 private slots:
  void catalogHasSources();
  void sizing_data();
  void sizing();
  void fatTreeLimits();
  void oversubscribedLeaves();
  void maxLoad();
  void singleSwitchHasNoCongestion();
  void ecmpCollisions();
  void moreQueuePairsHelp();
  void oversubscriptionHurts();
};

void TstFabric::catalogHasSources() {
  QVERIFY(fabric_catalog().size() >= 12);
  for (const FabricSpec& f : fabric_catalog()) {
    QVERIFY2(!f.source.empty(), f.id.c_str());
    QVERIFY(f.nic_busbw > 0 && f.nic_busbw * 8 < f.nic_gbps * 1e9);  // achievable below line rate
    QVERIFY(find_fabric(f.id) == &f);
  }
  // Calibrated per-NIC bus bandwidth: 24 GB/s per HDR NIC, 46-48 GB/s per NDR NIC.
  QCOMPARE(find_fabric("ib-hdr")->nic_busbw, 24e9);
  QVERIFY(find_fabric("ib-ndr")->nic_busbw >= 46e9 && find_fabric("ib-ndr")->nic_busbw <= 48e9);
}

void TstFabric::sizing_data() {
  QTest::addColumn<QString>("fabric");
  QTest::addColumn<int>("topology");
  QTest::addColumn<int>("nodes");
  QTest::addColumn<int>("leaf");
  QTest::addColumn<int>("spine");
  QTest::addColumn<int>("core");
  QTest::addColumn<int>("links");
  // Seed case: 4 servers x 8 HDR NICs = 32 ports fit one 40-port QM8700: 1 switch, 32 links.
  QTest::newRow("32 GPUs, one HDR switch") << "ib-hdr" << int(Topology::RailOptimized) << 4 << 1 << 0 << 0 << 32;
  // 128 nodes x 8 = 1024 NDR ports, k = 64: leaves of 32 down + 32 up: 32 leaves, 32 x 32 /
  // 64 = 16 spines; 1024 + 1024 links.
  QTest::newRow("1024 GPUs, 2-tier fat tree") << "ib-ndr" << int(Topology::FatTree2) << 128 << 32 << 16 << 0 << 2048;
  // Rail-optimised, 64 nodes: each of 8 rails needs 2 leaves of 32: 16 leaves, 8 spines.
  QTest::newRow("512 GPUs, rail-optimised") << "ib-ndr" << int(Topology::RailOptimized) << 64 << 16 << 8 << 0 << 1024;
  // 16,384 GPUs (2048 nodes x 8), k = 64, 3 tiers: 512 leaves, 512 aggregation, 256 core:
  // 1,280 switches, a quarter of the k^3/4 = 65,536-host tree's 5k^2/4 = 5,120.
  QTest::newRow("16K GPUs, 3-tier") << "ib-ndr" << int(Topology::FatTree3) << 2048 << 512 << 512 << 256
                                     << 16384 * 3;
}

void TstFabric::sizing() {
  QFETCH(QString, fabric);
  QFETCH(int, topology);
  QFETCH(int, nodes);
  QFETCH(int, leaf);
  QFETCH(int, spine);
  QFETCH(int, core);
  QFETCH(int, links);
  const NetworkSize n = size_network(*find_fabric(fabric.toStdString()), Topology(topology), 1.0, nodes, 8);
  QCOMPARE(n.switches[0], leaf);
  QCOMPARE(n.switches[1], spine);
  QCOMPARE(n.switches[2], core);
  QCOMPARE(n.total_links(), links);
  QCOMPARE(n.total_transceivers(), 2 * links);  // one optic at each end of every link
}

void TstFabric::fatTreeLimits() {
  // A two-tier fat tree of k-port switches holds k^2/2 hosts: 64-port NDR, 2048 ports.
  const FabricSpec& ndr = *find_fabric("ib-ndr");
  QCOMPARE(size_network(ndr, Topology::FatTree2, 1.0, 256, 8).tiers, 2);   // 2048 ports: fits
  QCOMPARE(size_network(ndr, Topology::FatTree2, 1.0, 264, 8).tiers, 3);   // 2112: needs 3 tiers
  // A single switch that is too small grows into a fat tree.
  const NetworkSize n = size_network(*find_fabric("ib-hdr"), Topology::SingleSwitch, 1.0, 8, 8);
  QVERIFY(n.topology == Topology::FatTree2);
  QCOMPARE(n.max_switch_hops, 3);
}

void TstFabric::oversubscribedLeaves() {
  // 3:1 on 64 ports: 48 down, 16 up. 96 nodes x 8 = 768 ports: 16 leaves, 16 x 16 / 64 = 4
  // spines.
  const NetworkSize n = size_network(*find_fabric("ib-ndr"), Topology::FatTree2, 3.0, 96, 8);
  QCOMPARE(n.switches[0], 16);
  QCOMPARE(n.switches[1], 4);
  QCOMPARE(n.links[1], 256);
}

void TstFabric::maxLoad() {
  QCOMPARE(expected_max_load(0, 10), 0.0);
  QCOMPARE(expected_max_load(5, 1), 5.0);  // one bin holds everything
  // At least the mean and at least one ball; more balls never lower the maximum.
  double previous = 0;
  for (double balls : {1.0, 4.0, 16.0, 64.0, 256.0, 1024.0}) {
    const double m = expected_max_load(balls, 64);
    QVERIFY(m >= balls / 64 && m >= 1.0);
    QVERIFY(m >= previous);
    previous = m;
  }
  // Many balls per bin: close to the mean (mu = 100: 100 + sqrt(2 x 100 x ln 64) = 128.8).
  QCOMPARE(expected_max_load(6400, 64), 100 + std::sqrt(200 * std::log(64.0)));
  // 64 balls into 64 bins: the expected maximum is between 3 and 5 (Gonnet 1981: about
  // ln n / ln ln n + ... = 3.7 for n = 64).
  const double m = expected_max_load(64, 64);
  QVERIFY2(m > 3 && m < 5, qPrintable(QString::number(m)));
}

void TstFabric::singleSwitchHasNoCongestion() {
  // Under one switch there are no uplinks, so no collisions and no congestion effect, for
  // RoCE as for IB.
  for (const char* id : {"roce-400-untuned", "ib-ndr"}) {
    const FabricSpec& f = *find_fabric(id);
    const NetworkSize n = size_network(f, Topology::SingleSwitch, 1.0, 4, 8);
    QCOMPARE(fabric_efficiency(f, n, 1.0, 4).total, 1.0);
  }
}

void TstFabric::ecmpCollisions() {
  // 256 nodes on a 3-tier 400G fabric, group over all nodes: untuned RoCE loses to IB.
  const FabricSpec& roce = *find_fabric("roce-400-untuned");
  const FabricSpec& ib = *find_fabric("ib-ndr");
  const NetworkSize nr = size_network(roce, Topology::FatTree3, 1.0, 256, 8);
  const NetworkSize ni = size_network(ib, Topology::FatTree3, 1.0, 256, 8);
  const double er = fabric_efficiency(roce, nr, 1.0, 256).total;
  const double ei = fabric_efficiency(ib, ni, 1.0, 256).total;
  QVERIFY2(er < ei, qPrintable(QString("%1 vs %2").arg(er).arg(ei)));
  // IB: adaptive routing efficiency 0.97 at each of the two tiers the group crosses (256
  // nodes exceed a 128-node pod); full bisection; credit-based flow control.
  QCOMPARE(ei, 0.97 * 0.97);
}

void TstFabric::moreQueuePairsHelp() {
  const FabricSpec& untuned = *find_fabric("roce-400-untuned");
  const FabricSpec& tuned = *find_fabric("roce-400-tuned");
  for (int nodes : {64, 256, 1024}) {
    const NetworkSize n = size_network(untuned, Topology::FatTree3, 1.0, nodes, 8);
    const double a = fabric_efficiency(untuned, n, 1.0, nodes).balance;
    const double b = fabric_efficiency(tuned, n, 1.0, nodes).balance;
    QVERIFY2(b > a, qPrintable(QString("%1 nodes: %2 vs %3").arg(nodes).arg(a).arg(b)));
  }
}

void TstFabric::oversubscriptionHurts() {
  // All traffic of a large group crosses the leaves; 2:1 oversubscription halves its share.
  const FabricSpec& ib = *find_fabric("ib-ndr");
  const NetworkSize full = size_network(ib, Topology::FatTree2, 1.0, 128, 8);
  const NetworkSize half = size_network(ib, Topology::FatTree2, 2.0, 128, 8);
  const double a = fabric_efficiency(ib, full, 1.0, 128).total;
  const double b = fabric_efficiency(ib, half, 2.0, 128).total;
  QVERIFY(b < a);
  QVERIFY(b <= a / 2.0 * 1.2);
}

QTEST_APPLESS_MAIN(TstFabric)
#include "tst_fabric.moc"
