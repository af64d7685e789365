// Warnings: one slot per code, so that no warning is ever lost, least of all DoesNotFit, which the
// estimate adds last (an array one entry short of the codes would make add() drop the last code).
#include <QtTest>

#include <set>
#include <string>

#include "engine/warnings.h"

using namespace cp;

class TestWarnings : public QObject {
  Q_OBJECT
 private slots:
  void everyCodeHasAStableName() {
    std::set<std::string> names;
    for (int i = 0; i < kWarningCodeCount; ++i) {
      const auto name = std::string(warning_code_name(WarningCode(i)));
      QVERIFY2(name != "unknown", qPrintable(QString("code %1 has no name").arg(i)));
      names.insert(name);
    }
    QCOMPARE(int(names.size()), kWarningCodeCount);
    QCOMPARE(kWarningCodeCount, 17);  // the codes of warnings.h, PriceListStale last
  }

  void allCodesAtOnceKeepDoesNotFit() {
    // The estimate's own order: DoesNotFit comes last.
    Warnings w;
    for (int i = 0; i < kWarningCodeCount; ++i)
      if (WarningCode(i) != WarningCode::DoesNotFit) w.add(WarningCode(i), "x", i);
    w.add(WarningCode::DoesNotFit, "cluster.gpu", 90e9, 80e9);
    QCOMPARE(w.count, kWarningCodeCount);
    QVERIFY(w.has(WarningCode::DoesNotFit));
    for (int i = 0; i < kWarningCodeCount; ++i) QVERIFY(w.has(WarningCode(i)));
    const Warning& last = *(w.end() - 1);
    QCOMPARE(last.code, WarningCode::DoesNotFit);
    QCOMPARE(last.v1, 90e9);
    QCOMPARE(last.v2, 80e9);
  }

  void aRepeatedCodeUpdatesItsEntry() {
    // A code added twice keeps one entry (the newer numbers), so a repeat can never push
    // another code out.
    Warnings w;
    w.add(WarningCode::UnevenPipeline, "parallelism.pp", 80, 3);
    w.add(WarningCode::UnevenPipeline, "parallelism.pp", 80, 6);
    QCOMPARE(w.count, 1);
    QCOMPARE(w.begin()->v2, 6.0);
    for (int round = 0; round < 3; ++round)
      for (int i = 0; i < kWarningCodeCount; ++i) w.add(WarningCode(i), "x", round);
    QCOMPARE(w.count, kWarningCodeCount);
    QVERIFY(w.has(WarningCode::DoesNotFit));
  }
};

QTEST_APPLESS_MAIN(TestWarnings)
#include "tst_warnings.moc"
