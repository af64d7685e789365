// Placeholder until the suite is written.
#include <QtTest>
class Placeholder : public QObject {
  Q_OBJECT
 private slots:
  void pending() { QSKIP("suite not written yet"); }
};
QTEST_APPLESS_MAIN(Placeholder)
#include "tst_hf_config.moc"
