// `clusterplan-cli claims`: every seed claim with a verdict, in text and JSON.
#include <QtTest>

#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"

class TstCliClaims : public QObject {
  Q_OBJECT
 private slots:
  void json();
  void text();
  void badFormat();
  void formatWithEquals();
};

void TstCliClaims::json() {
  std::ostringstream out, err;
  QCOMPARE(cp::cli::run({"claims", "--format", "json"}, out, err), 0);
  const auto j = nlohmann::json::parse(out.str());
  QCOMPARE(j["schema_version"].get<int>(), 1);
  QVERIFY(j["claims"].size() >= 10);
  int not_supported = 0;
  for (const auto& c : j["claims"]) {
    QVERIFY(!c["evidence"].get<std::string>().empty());
    const std::string v = c["verdict"].get<std::string>();
    QVERIFY(v == "supported" || v == "partly supported" || v == "not supported");
    if (v == "not supported") ++not_supported;
  }
  // The 300 / 580 / 1,100 TFLOPS claims, RoCE below 32 GPUs and the 8-card IB need at least.
  QVERIFY(not_supported >= 5);
}

void TstCliClaims::text() {
  std::ostringstream out, err;
  QCOMPARE(cp::cli::run({"claims"}, out, err), 0);
  QVERIFY(out.str().find("[not supported] throughput: 8-card cluster about 300 TFLOPS") != std::string::npos);
  QVERIFY(out.str().find("[supported] memory:") != std::string::npos);
}

void TstCliClaims::badFormat() {
  std::ostringstream out, err;
  QCOMPARE(cp::cli::run({"claims", "--format", "xml"}, out, err), 2);
  QVERIFY(err.str().find("--format") != std::string::npos);
  QVERIFY(out.str().empty());
}

// "--format=json" reads as "--format json", as in every other command.
void TstCliClaims::formatWithEquals() {
  std::ostringstream out, err;
  QCOMPARE(cp::cli::run({"claims", "--format=json"}, out, err), 0);
  QCOMPARE(nlohmann::json::parse(out.str())["schema_version"].get<int>(), 1);
}

QTEST_APPLESS_MAIN(TstCliClaims)
#include "tst_cli_claims.moc"
