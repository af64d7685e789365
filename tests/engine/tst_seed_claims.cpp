// The seed article's claims put to the engine: each verdict is held here with the numbers
// that decide it, so a change in the physics that flips a verdict is seen.
#include <QtTest>

#include "engine/seed_claims.h"

using namespace cp;

namespace {
const ClaimCheck& find(const std::vector<ClaimCheck>& all, const char* id) {
  for (const auto& c : all)
    if (c.id == id) return c;
  qFatal("no claim %s", id);
}
}  // namespace

class TstSeedClaims : public QObject {
  Q_OBJECT
 private slots:
  void throughputClaimsAreFarTooLow_data();
  void throughputClaimsAreFarTooLow();
  void mfu();
  void roceUnderOneSwitch();
  void ibAdvantageOnlyAtScale();
  void singleServerNeedsNoFabric();
  void memoryClaimHolds();
  void everyClaimHasEvidence();
};

void TstSeedClaims::throughputClaimsAreFarTooLow_data() {
  QTest::addColumn<QString>("id");
  QTest::addColumn<double>("claimed");
  // 300 / 580 / 1,100 TFLOPS on 8 / 16 / 32 A100s are 11-12% of the dense BF16 peak; published
  // A100 training runs reach 40-56% (published-runs.md A-B).
  QTest::newRow("8 GPUs, 300 TFLOPS") << "throughput_8_gpus" << 300.0;
  QTest::newRow("16 GPUs, 580 TFLOPS") << "throughput_16_gpus" << 580.0;
  QTest::newRow("32 GPUs, 1,100 TFLOPS") << "throughput_32_gpus" << 1100.0;
}

void TstSeedClaims::throughputClaimsAreFarTooLow() {
  QFETCH(QString, id);
  QFETCH(double, claimed);
  const auto all = check_seed_claims();
  const ClaimCheck& c = find(all, id.toUtf8().constData());
  QCOMPARE(c.claimed, claimed);
  QVERIFY(c.verdict == Verdict::NotSupported);
  QVERIFY2(c.computed > 3 * claimed, qPrintable(QString::number(c.computed)));
}

void TstSeedClaims::mfu() {
  // The seed's own 32-card plan models between 45% and 65% MFU: above 50% is plausible for it.
  const auto all = check_seed_claims();
  const ClaimCheck& c = find(all, "mfu");
  QVERIFY(c.computed > 0.45 && c.computed < 0.65);
  QVERIFY(c.verdict == Verdict::Partly);
}

void TstSeedClaims::roceUnderOneSwitch() {
  // 16 GPUs under one switch: RoCE is within 3% of IB, not 10% behind.
  const auto all = check_seed_claims();
  const ClaimCheck& c = find(all, "roce_below_32");
  QVERIFY(c.verdict == Verdict::NotSupported);
  QVERIFY(c.computed >= 0 && c.computed < 0.03);
}

void TstSeedClaims::ibAdvantageOnlyAtScale() {
  const auto all = check_seed_claims();
  const ClaimCheck& c = find(all, "ib_advantage_32");
  QVERIFY(c.computed < 0.05);                 // 32 GPUs: no real gap
  // Nor 15% at 256 or 1,024 GPUs: a ring crosses the leaves on one edge per channel per block,
  // so untuned ECMP collides on few flows (field reports: 10-40% bus-bandwidth losses, parity
  // after tuning). Taking every flow as crossing would wrongly say Partly.
  QVERIFY(c.verdict == Verdict::NotSupported);
  QVERIFY(c.evidence.find("1,024") != std::string::npos);
}

void TstSeedClaims::singleServerNeedsNoFabric() {
  const auto all = check_seed_claims();
  const ClaimCheck& c = find(all, "network_8_gpus");
  QVERIFY(c.verdict == Verdict::NotSupported);
  QVERIFY(std::abs(c.computed) < 0.01);  // NIC speed changes one server's step by under 1%
}

void TstSeedClaims::memoryClaimHolds() {
  const auto all = check_seed_claims();
  const ClaimCheck& c = find(all, "memory_65b");
  QVERIFY(c.verdict == Verdict::Supported);
  QVERIFY(std::abs(c.computed / 130.57e9 - 1) < 0.001);  // 65.2857B x 2 bytes
  QVERIFY(find(all, "ib_latency").verdict == Verdict::Supported);
  QVERIFY(find(all, "model_sizing").computed <= 32);  // 70B fits on 32 A100 80GB
}

void TstSeedClaims::everyClaimHasEvidence() {
  const auto all = check_seed_claims();
  QVERIFY(all.size() >= 10);
  for (const ClaimCheck& c : all) {
    QVERIFY2(!c.evidence.empty() && !c.claim.empty(), c.id.c_str());
    QVERIFY(std::isfinite(c.computed));
  }
}

QTEST_APPLESS_MAIN(TstSeedClaims)
#include "tst_seed_claims.moc"
