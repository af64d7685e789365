// Typed values must be read as meant, never "15T" tokens as 15 B, "1e13" as 113 B, or
// 99999999999 layers silently as 9,999. One parser
// (core/engine number_text.h) for the GUI and the CLI reads what people type and names what it
// refuses.
#include <QtTest>

#include "engine/number_text.h"

using cp::NumberSpec;
using cp::NumberUnit;

Q_DECLARE_METATYPE(NumberSpec)

namespace {

NumberSpec count(double scale = 1) {
  NumberSpec s;
  s.unit = NumberUnit::Count;
  s.scale = scale;
  return s;
}

NumberSpec bytes() {
  NumberSpec s;
  s.unit = NumberUnit::Bytes;
  return s;
}

NumberSpec layers() {  // the GUI's layers field: a whole number from 0 to 10,000
  NumberSpec s;
  s.unit = NumberUnit::Count;
  s.whole = true;
  s.min = 0;
  s.max = 10000;
  return s;
}

}  // namespace

class TstNumberText : public QObject {
  Q_OBJECT

 private slots:
  void reads_data();
  void reads();
  void refuses_data();
  void refuses();
};

void TstNumberText::reads_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<NumberSpec>("spec");
  QTest::addColumn<double>("expected");
  QTest::newRow("15T tokens") << "15T" << count() << 1.5e13;
  QTest::newRow("15 t, spaced, lower case") << " 15 t " << count() << 1.5e13;
  QTest::newRow("1e13") << "1e13" << count() << 1e13;
  QTest::newRow("1.4e12") << "1.4e12" << count() << 1.4e12;
  QTest::newRow("thousands commas") << "1,400,000,000,000" << count() << 1.4e12;
  QTest::newRow("thousands underscores") << "1_000_000" << count() << 1e6;
  QTest::newRow("thousands spaces") << "2 048" << count() << 2048.0;
  QTest::newRow("decimals after separators") << "1,000.5" << count() << 1000.5;
  QTest::newRow("k") << "4k" << count() << 4000.0;
  QTest::newRow("M") << "2.5M" << count() << 2.5e6;
  QTest::newRow("B") << "70B" << count() << 70e9;
  QTest::newRow("wan") << "3\xE4\xB8\x87" << count() << 3e4;
  QTest::newRow("yi") << "2\xE4\xBA\xBF" << count() << 2e8;
  // A field in billions: a bare number is in its unit, a multiplied one absolute.
  QTest::newRow("billions: bare") << "70" << count(1e9) << 70.0;
  QTest::newRow("billions: 0.5T") << "0.5T" << count(1e9) << 500.0;
  QTest::newRow("whole with multiplier") << "1.5k" << layers() << 1500.0;
  QTest::newRow("layers 80") << "80" << layers() << 80.0;
  QTest::newRow("80 GiB") << "80 GiB" << bytes() << 80.0 * 1024 * 1024 * 1024;
  QTest::newRow("80GB decimal") << "80GB" << bytes() << 80e9;
  QTest::newRow("1 TiB") << "1TiB" << bytes() << 1099511627776.0;
  QTest::newRow("512 mib any case") << "512 mib" << bytes() << 512.0 * 1024 * 1024;
  QTest::newRow("plus sign") << "+8" << NumberSpec{} << 8.0;
}

void TstNumberText::reads() {
  QFETCH(QString, text);
  QFETCH(NumberSpec, spec);
  QFETCH(double, expected);
  const cp::ParsedNumber r = cp::parse_number(text.toStdString(), spec);
  QVERIFY2(r.ok(), r.error.c_str());
  QCOMPARE(r.value, expected);
}

void TstNumberText::refuses_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<NumberSpec>("spec");
  QTest::addColumn<QString>("message");
  QTest::newRow("99999999999 layers") << "99999999999" << layers()
                                      << "must be at most 10000, got 99999999999";
  QTest::newRow("int overflow") << "99999999999" << NumberSpec{NumberUnit::Count, true, 1}
                                << "'99999999999' is out of range (at most 2147483647)";
  QTest::newRow("word") << "lots" << count() << "'lots' is not a number";
  QTest::newRow("unknown multiplier") << "15X" << count() << "'15X' is not a number (multipliers: k, M, B, T)";
  QTest::newRow("bytes need a byte unit") << "80G" << bytes()
                                          << "'80G' is not a number (units: KB, MB, GB, TB or KiB, MiB, GiB, TiB)";
  QTest::newRow("plain takes no multiplier") << "15T" << NumberSpec{} << "'15T' is not a number";
  QTest::newRow("bad grouping") << "1,5" << count()
                                << "'1,5' is not a number (thousands are separated in groups of three: 1,000,000)";
  QTest::newRow("decimal layers") << "80.5" << layers() << "'80.5' is not a whole number";
  QTest::newRow("negative") << "-5" << count() << "must be at least 0, got -5";
  QTest::newRow("above zero") << "0" << NumberSpec{NumberUnit::Plain, false, 0, true} << "must be above 0, got 0";
  QTest::newRow("nan") << "nan" << count() << "'nan' is not a number";
  QTest::newRow("inf") << "inf" << count() << "'inf' is not a finite number";
  QTest::newRow("empty") << "" << layers() << "'' is not a whole number";
  QTest::newRow("dangling exponent") << "1e" << count() << "'1e' is not a number (multipliers: k, M, B, T)";
}

void TstNumberText::refuses() {
  QFETCH(QString, text);
  QFETCH(NumberSpec, spec);
  QFETCH(QString, message);
  const cp::ParsedNumber r = cp::parse_number(text.toStdString(), spec);
  QVERIFY(!r.ok());
  QCOMPARE(QString::fromStdString(r.error), message);
}

QTEST_APPLESS_MAIN(TstNumberText)
#include "tst_number_text.moc"
