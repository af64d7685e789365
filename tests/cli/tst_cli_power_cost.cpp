// clusterplan-cli estimate's power, cooling, cost and reliability options: their JSON
// values, their relations, their text and errors, the price lists in the catalog, the bill of
// materials, and a sweep over an assumption. Checks call cp::cli::run in-process.
#include <QtTest>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cli/cli.h"
#include "cli_support.h"
#include "cli/estimate_args.h"
#include "cli/estimate_output.h"
#include "cli/sweep.h"
#include "cli/sweep_args.h"
#include "cli/sweep_output.h"
#include "engine/assumptions.h"
#include "engine/estimate.h"
#include "engine/fabric.h"
#include "io/power_cost_json.h"
#include "plan/fabric_compare.h"
#include "io/scenario_json.h"

using nlohmann::json;

namespace {

using Result = cp::test::CliResult;
using namespace cp::test;  // the helpers of cli_support.h

}  // namespace

// Power, cooling, cost and reliability options. The default scenario once more, for
// the rows below (docs/power-cost.md):
//   4 nodes x 8 A100 80GB SXM (TDP 400 W), ib-hdr, built as a single leaf switch: 1 switch,
//   32 links, 64 transceivers at 200G.
//   GPUs 32 x 400 x 0.75 = 9,600 W average, 12,800 W at TDP. Node overhead calibrated to the
//   DGX A100's 6.5 kW: 8 x (6,500 - 8 x 400) / 8 = 3,300 W at most, 0.65 x that = 2,145 W on
//   average while training (engine/power.h); node 2,400 + 2,145 = 4,545 W average, 3,200 + 3,300 =
//   6,500 W peak. Switch 250 W (up to 200G), optics 64 x 4 W (16 W x
//   200 / 800) = 256 W, storage 4 x 100 = 400 W: 906 W besides the nodes.
//   IT 4 x 4,545 + 906 = 19,086 W average, 4 x 6,500 + 906 = 26,906 W peak; facility x PUE 1.3
//   = 24,811.8 W. Cooling 26.906 kW x 3,412 = 91,803 BTU/h, / 3.517 = 7.65 tons. Racks of
//   30 kW: floor(30,000 / 6,500) = 4 nodes per rack, 1 rack.
//   Rent (seed-cn-2026): 4 x 35,888 = 143,552 CNY hardware + 2,000 BGP line + 2,000 storage =
//   147,552 CNY per month; headroom 20% = 29,510.4; per hour 147,552 / 730 = 202.13.
//   Bill of materials (purchase-usd-2025-08, x 7.2 CNY per USD): 4 DGX A100 x 300,000 + 1 HDR
//   switch 20,000 + 64 optics x 400 + 32 cables x 100 = 1,248,800 USD = 8,991,360 CNY; network
//   48,800 USD = 351,360 CNY (3.9%). Bought, the servers depreciate to 20% over 5 years:
//   8,640,000 x 0.8 / 60 = 115,200 CNY a month.
//   Checkpoint 65,285,660,672 x 14 B = 913,999,249,408 bytes, written at 32 x 0.125 GB/s = 4 GB/s
//   in W = 228.50 s; asynchronous: 28.56 GB per GPU staged at 0.6823 GB/s (41.86 s) plus 47% of
//   the write, C = 148.93 s a checkpoint; a failure also loses the write under way.
//   Failure rate 419 / (54 x 24 x 16,384) = 1.97328e-5 per GPU-hour; x 32 GPUs: M = 1,583.66 h.
namespace {

// The default scenario's figures worked out above.
constexpr double kItW = 19086, kItPeakW = 26906, kBomCny = 8991360, kCheckpointBytes = 913999249408.0;
constexpr double kFacilityKwh730 = 24811.8 / 1000 * 730;  // kWh of one 730-hour month at PUE 1.3
constexpr double kWriteS = kCheckpointBytes / 4e9;
constexpr double kCostS = kCheckpointBytes / 32 / cp::kStagingBytesPerSPerGpu + cp::kAsyncWriteSlowdown * kWriteS;
const double kMtbiS = 3600 / (cp::kLlama3FailuresPerGpuHour * 32);

QByteArray num(double v) { return QByteArray::number(v, 'g', 17); }


}  // namespace

class TestCli : public QObject {
  Q_OBJECT

 private slots:
  void powerCostOptions_data();
  void powerCostOptions();
  void powerCostRelations();
  void powerCostText_data();
  void powerCostText();
  void powerCostErrors_data();
  void powerCostErrors();
  void bomCsv();
  void sweepVariesAssumption();

 private:
  QTemporaryDir dir_;
};

void TestCli::powerCostOptions_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("pointer");
  QTest::addColumn<QByteArray>("expected");

  // Power and cooling.
  QTest::newRow("--pue echoed") << QStringList{"--pue", "1.5"} << "/inputs/assumptions/pue" << QByteArray("1.5");
  QTest::newRow("--pue facility") << QStringList{"--pue", "1.5"} << "/power/facility_w" << num(1.5 * kItW);  // 28,629
  QTest::newRow("--pue peak") << QStringList{"--pue", "1.5"} << "/power/facility_peak_w" << num(1.5 * kItPeakW);
  QTest::newRow("--pue air") << QStringList{"--pue", "air"} << "/inputs/assumptions/pue" << QByteArray("1.5");
  QTest::newRow("--pue modern") << QStringList{"--pue", "modern"} << "/power/pue" << QByteArray("1.3");
  QTest::newRow("--pue liquid") << QStringList{"--pue", "liquid"} << "/power/facility_w" << num(1.1 * kItW);
  QTest::newRow("--pue leaves IT") << QStringList{"--pue", "1.5"} << "/power/it_w" << num(kItW);
  QTest::newRow("--gpu-power-factor gpu") << QStringList{"--gpu-power-factor", "1"} << "/power/gpu_w"
                                          << QByteArray("12800");  // 32 x 400
  // 4 x (3,200 + 2,145) + 906 = 22,286: the GPUs at their peak, the rest of the node at its
  // training average (0.65 x 3,300).
  QTest::newRow("--gpu-power-factor it") << QStringList{"--gpu-power-factor", "1"} << "/power/it_w"
                                         << QByteArray("22286");
  QTest::newRow("--node-overhead-w") << QStringList{"--node-overhead-w", "2000"} << "/power/node_peak_w"
                                     << QByteArray("5200");  // 3,200 + 2,000
  QTest::newRow("--node-overhead-w echoed") << QStringList{"--node-overhead-w", "2000"}
                                            << "/inputs/assumptions/node_overhead_w" << QByteArray("2000");
  QTest::newRow("--node-overhead-w auto") << QStringList{"--node-overhead-w", "2000", "--node-overhead-w", "auto"}
                                          << "/inputs/assumptions/node_overhead_w" << QByteArray("null");
  QTest::newRow("--switch-w") << QStringList{"--switch-w", "1000"} << "/power/switches_w" << QByteArray("1000");
  QTest::newRow("--switch-w auto") << QStringList{"--switch-w", "auto"} << "/power/switches_w" << QByteArray("250");
  QTest::newRow("--optic-w") << QStringList{"--optic-w", "5"} << "/power/optics_w" << QByteArray("320");  // 64 x 5
  QTest::newRow("--storage-w-per-node") << QStringList{"--storage-w-per-node", "500"} << "/power/storage_w"
                                        << QByteArray("2000");  // 4 x 500
  QTest::newRow("--rack-kw echoed") << QStringList{"--rack-kw", "15"} << "/inputs/assumptions/rack_limit_w"
                                    << QByteArray("15000");
  QTest::newRow("--rack-kw nodes per rack") << QStringList{"--rack-kw", "15"} << "/power/nodes_per_rack"
                                            << QByteArray("2");  // floor(15,000 / 6,500)
  QTest::newRow("--rack-kw racks") << QStringList{"--rack-kw", "15"} << "/power/racks" << QByteArray("2");
  QTest::newRow("--rack-kw liquid") << QStringList{"--rack-kw", "liquid"} << "/power/nodes_per_rack"
                                    << QByteArray("18");  // floor(120,000 / 6,500)
  QTest::newRow("--rack-kw air-15") << QStringList{"--rack-kw", "air-15"} << "/power/rack_limit_w"
                                    << QByteArray("15000");
  QTest::newRow("--grid-co2 us") << QStringList{"--grid-co2", "us"} << "/inputs/assumptions/grid_kg_co2_per_kwh"
                                 << QByteArray("0.367");
  QTest::newRow("--grid-co2 energy") << QStringList{"--grid-co2", "0.5"} << "/energy/grid_kg_co2_per_kwh"
                                     << QByteArray("0.5");
  QTest::newRow("assumption renames") << QStringList{"--pue", "1.5"} << "/inputs/name"
                                      << QByteArray("\"LLaMA-65B on 32x A100 80GB SXM, IB HDR\"");

  // Cost: the seed's rents through the command line.
  QTest::newRow("seed rent 4 servers") << QStringList{} << "/cost/categories/hardware/per_month"
                                       << QByteArray("143552");  // 4 x 35,888
  QTest::newRow("seed rent 2 servers") << QStringList{"--nodes", "2", "--pp", "2"} << "/cost/categories/hardware/per_month"
                                       << QByteArray("71776");  // 2 x 35,888, the seed's 16 cards
  QTest::newRow("seed per month") << QStringList{} << "/cost/per_month" << QByteArray("147552");
  QTest::newRow("default list") << QStringList{} << "/cost/price_list" << QByteArray("\"seed-cn-2026\"");
  QTest::newRow("--currency usd") << QStringList{"--currency", "usd"} << "/cost/currency" << QByteArray("\"USD\"");
  QTest::newRow("--currency USD echoed") << QStringList{"--currency", "USD"} << "/inputs/assumptions/currency"
                                         << QByteArray("\"USD\"");
  QTest::newRow("--currency usd rent") << QStringList{"--currency", "usd", "--exchange-rate", "7.2"}
                                       << "/cost/categories/hardware/per_month" << num(143552 / 7.2);
  QTest::newRow("--exchange-rate 8") << QStringList{"--currency", "usd", "--exchange-rate", "8"} << "/cost/per_month"
                                     << QByteArray("18444");  // 147,552 / 8
  QTest::newRow("--exchange-rate echoed") << QStringList{"--exchange-rate", "7"} << "/inputs/assumptions/cny_per_usd"
                                          << QByteArray("7");
  // Cloud (gpu-cloud-on-demand-2026-05): A100 80GB 2.50 USD/GPU-h x 32 x 730 h x 7.2 = 420,480 CNY.
  QTest::newRow("--payment cloud") << QStringList{"--payment", "cloud"} << "/cost/categories/hardware/per_month"
                                   << num(2.50 * 32 * 730 * 7.2);
  QTest::newRow("--payment cloud list") << QStringList{"--payment", "cloud"} << "/cost/price_list"
                                        << QByteArray("\"gpu-cloud-on-demand-2026-05\"");
  QTest::newRow("--payment cloud date") << QStringList{"--payment", "cloud"} << "/cost/price_list_date"
                                        << QByteArray("\"2026-05\"");
  // The 2024 list, kept for comparison: Azure A100 4.10 USD/GPU-h x 32 x 730 h x 7.2 = 689,587.2 CNY.
  QTest::newRow("--price-list cloud-us-2024-01") << QStringList{"--price-list", "cloud-us-2024-01"}
                                                 << "/cost/categories/hardware/per_month" << num(4.10 * 32 * 730 * 7.2);
  // cn-card-hour-2023: 10 CNY per card-hour x 32 x 730 = 233,600 CNY; no flat lines.
  QTest::newRow("--price-list card-hour") << QStringList{"--price-list", "cn-card-hour-2023"} << "/cost/per_month"
                                          << QByteArray("233600");
  QTest::newRow("--price-list sets payment") << QStringList{"--price-list", "cn-card-hour-2023"}
                                             << "/inputs/assumptions/payment" << QByteArray("\"cloud\"");
  QTest::newRow("--price-list then --payment") << QStringList{"--price-list", "cn-card-hour-2023", "--payment", "rent"}
                                               << "/cost/per_month" << QByteArray("147552");
  QTest::newRow("--price-list kept in slot") << QStringList{"--price-list", "cn-card-hour-2023", "--payment", "rent"}
                                             << "/inputs/assumptions/price_lists/cloud/id"
                                             << QByteArray("\"cn-card-hour-2023\"");
  // Purchase: the servers' 8,640,000 CNY to 20% over 5 x 12 months = 115,200; electricity
  // 24.8118 kW x 730 h x 0.088 USD x 7.2 = 11,476.15 CNY.
  QTest::newRow("--payment purchase") << QStringList{"--payment", "purchase"} << "/cost/categories/hardware/per_month"
                                      << QByteArray("115200");
  QTest::newRow("purchase electricity") << QStringList{"--payment", "purchase"}
                                        << "/cost/categories/electricity/per_month" << num(kFacilityKwh730 * 0.088 * 7.2);
  QTest::newRow("--power-price CNY") << QStringList{"--payment", "purchase", "--power-price", "0.6"}
                                     << "/cost/categories/electricity/per_month" << num(kFacilityKwh730 * 0.6);
  QTest::newRow("--power-price currency") << QStringList{"--power-price", "0.6"}
                                          << "/inputs/assumptions/power_price_currency" << QByteArray("\"CNY\"");
  QTest::newRow("--power-price USD") << QStringList{"--payment", "purchase", "--currency", "usd", "--power-price", "0.08"}
                                     << "/cost/categories/electricity/per_month" << num(kFacilityKwh730 * 0.08);
  QTest::newRow("--power-price rent") << QStringList{"--power-price", "0.6"} << "/cost/categories/electricity/per_month"
                                      << QByteArray("0");  // rents include power
  QTest::newRow("--amortisation-years") << QStringList{"--payment", "purchase", "--amortisation-years", "4"}
                                        << "/cost/categories/hardware/per_month" << QByteArray("144000");  // x 0.8 / 48
  // The owner's lines, on 8,991,360 CNY of servers and network and 5% storage:
  // K = 9,464,589.47 CNY.
  QTest::newRow("--residual-value 0") << QStringList{"--payment", "purchase", "--residual-value", "0"}
                                      << "/cost/categories/hardware/per_month" << QByteArray("144000");  // / 60
  QTest::newRow("--discount-rate 0") << QStringList{"--discount-rate", "0"} << "/cost/owner/capital_per_month"
                                     << QByteArray("0");
  QTest::newRow("--discount-rate echoed") << QStringList{"--discount-rate", "0.08"}
                                          << "/inputs/assumptions/discount_rate" << QByteArray("0.08");
  QTest::newRow("--support-per-year") << QStringList{"--support-per-year", "0.2"} << "/cost/owner/support_per_month"
                                      << num(0.2 * (8991360 / 0.95) / 12);
  QTest::newRow("--storage-capex-share 0") << QStringList{"--storage-capex-share", "0"} << "/cost/owner/capex"
                                           << num(8991360);
  // Colocation in the output currency: 1,000 CNY per kW-month x the 26.906 kW IT peak.
  QTest::newRow("--facility-per-kw-month") << QStringList{"--facility-per-kw-month", "1000"}
                                           << "/cost/owner/facility_per_month" << num(1000 * kItPeakW / 1000);
  QTest::newRow("--facility-per-kw-month currency") << QStringList{"--facility-per-kw-month", "1000"}
                                                    << "/inputs/assumptions/facility_price_currency" << QByteArray("\"CNY\"");
  QTest::newRow("default colocation") << QStringList{"--currency", "usd"} << "/cost/owner/facility_per_month"
                                      << num(190 * kItPeakW / 1000);
  QTest::newRow("--facility-capex-per-mw") << QStringList{"--facility-capex-per-mw", "11.7e6", "--currency", "usd"}
                                           << "/cost/owner/facility" << QByteArray("\"built\"");
  QTest::newRow("--facility-capex-per-mw auto") << QStringList{"--facility-capex-per-mw", "auto"}
                                                << "/inputs/assumptions/facility_capex_per_mw" << QByteArray("null");
  QTest::newRow("--vat") << QStringList{"--vat", "0.13"} << "/cost/vat_per_month" << num(0.13 * 147552);  // 19,181.76
  QTest::newRow("--vat per month") << QStringList{"--vat", "0.13"} << "/cost/per_month" << num(1.13 * 147552);
  QTest::newRow("--headroom") << QStringList{"--headroom", "0.1"} << "/cost/headroom_per_month" << num(14755.2);
  QTest::newRow("--headroom 0") << QStringList{"--headroom", "0"} << "/cost/budget_per_month" << QByteArray("147552");
  QTest::newRow("default headroom") << QStringList{} << "/cost/headroom_per_month" << num(29510.4);
  QTest::newRow("bom capex") << QStringList{} << "/cost/capex" << num(kBomCny);
  QTest::newRow("network capex") << QStringList{} << "/cost/network_capex" << num(351360);
  QTest::newRow("network share") << QStringList{} << "/cost/network_share" << num(351360 / kBomCny);

  // Reliability.
  QTest::newRow("default mtbi") << QStringList{} << "/reliability/mtbi_h" << num(kMtbiS / 3600);
  QTest::newRow("--failure-rate") << QStringList{"--failure-rate", "1e-5"} << "/reliability/mtbi_h"
                                  << QByteArray("3125");  // 1 / (1e-5 x 32)
  QTest::newRow("--failure-rate echoed") << QStringList{"--failure-rate", "1e-5"}
                                         << "/inputs/assumptions/failure_rate_per_gpu_hour" << QByteArray("1e-5");
  QTest::newRow("--failure-rate 0 goodput") << QStringList{"--failure-rate", "0"} << "/reliability/goodput"
                                            << QByteArray("1");  // no failures: no checkpoints needed
  QTest::newRow("--failure-rate 0 mtbi") << QStringList{"--failure-rate", "0"} << "/reliability/mtbi_h"
                                         << QByteArray("null");
  // No failures, a checkpoint every hour: only the checkpoint overhead, 1 - 148.93 / 3,600 = 0.95863.
  QTest::newRow("--failure-rate 0 with interval") << QStringList{"--failure-rate", "0", "--checkpoint-interval-s", "3600"}
                                                  << "/reliability/goodput" << num(1 - kCostS / 3600);
  QTest::newRow("--checkpoint-interval-s") << QStringList{"--checkpoint-interval-s", "3600"} << "/reliability/goodput"
                                           << num(goodput(3600, kCostS, kMtbiS, 900 + kWriteS));  // 0.95812, the seed's 1 h
  QTest::newRow("--checkpoint-interval-s echoed") << QStringList{"--checkpoint-interval-s", "3600"}
                                                  << "/reliability/checkpoint_interval_s" << QByteArray("3600");
  QTest::newRow("--checkpoint-interval-s auto") << QStringList{"--checkpoint-interval-s", "60",
                                                               "--checkpoint-interval-s", "auto"}
                                                << "/inputs/assumptions/checkpoint_interval_s" << QByteArray("null");
  // Young/Daly: sqrt(2 x 148.93 s x 5,701,163 s) = 41,209 s.
  QTest::newRow("young/daly") << QStringList{} << "/reliability/optimal_interval_s"
                              << num(std::sqrt(2 * kCostS * kMtbiS));
  QTest::newRow("default write") << QStringList{} << "/reliability/checkpoint_write_s" << num(kWriteS);
  QTest::newRow("default cost") << QStringList{} << "/reliability/checkpoint_cost_s" << num(kCostS);
  QTest::newRow("--storage-bytes-per-s") << QStringList{"--storage-bytes-per-s", "1e11"}
                                         << "/reliability/checkpoint_write_s" << num(kCheckpointBytes / 1e11);
  QTest::newRow("--storage-bytes-per-s scope") << QStringList{"--storage-bytes-per-s", "1e11"}
                                               << "/reliability/storage_scope" << QByteArray("\"cluster\"");
  QTest::newRow("--storage-bytes-per-s auto") << QStringList{"--storage-bytes-per-s", "1e11", "--storage-bytes-per-s", "auto"}
                                              << "/inputs/assumptions/checkpoint_bytes_per_s" << QByteArray("null");
  QTest::newRow("--storage-bytes-per-s-per-gpu") << QStringList{"--storage-bytes-per-s-per-gpu", "1e9"}
                                                 << "/reliability/storage_bytes_per_s" << QByteArray("32000000000");
  QTest::newRow("--checkpoint-mode sync") << QStringList{"--checkpoint-mode", "sync"}
                                          << "/reliability/checkpoint_cost_s" << num(kWriteS);
  QTest::newRow("--checkpoint-mode in-memory") << QStringList{"--checkpoint-mode", "in-memory"}
                                               << "/reliability/checkpoint_mode" << QByteArray("\"in-memory\"");
  QTest::newRow("--checkpoint-bytes-per-param") << QStringList{"--checkpoint-bytes-per-param", "2"}
                                                << "/reliability/checkpoint_bytes"
                                                << QByteArray("130571321344");  // 65,285,660,672 x 2
  QTest::newRow("--restart-s") << QStringList{"--restart-s", "60"} << "/reliability/restart_s" << QByteArray("60");
  QTest::newRow("--restart-s goodput") << QStringList{"--restart-s", "0", "--checkpoint-interval-s", "7200"}
                                       << "/reliability/goodput" << num(goodput(7200, kCostS, kMtbiS, kWriteS));
}

void TestCli::powerCostOptions() { checkEstimateOptionRow(); }

void TestCli::powerCostRelations() {
  bool ok = false;
  const json base = estimateJson({}, &ok);
  QVERIFY(ok);
  // --pue 1.5 makes the facility 1.5 x the IT power, average and peak.
  const json pue = estimateJson({"--pue", "1.5"}, &ok);
  QVERIFY(ok);
  QVERIFY(relClose(pue["power"]["facility_w"].get<double>(), 1.5 * pue["power"]["it_w"].get<double>(), 1e-12));
  QVERIFY(relClose(pue["power"]["facility_peak_w"].get<double>(), 1.5 * pue["power"]["it_peak_w"].get<double>(), 1e-12));
  // A higher PUE draws more energy over the same run: x 1.5 / 1.3.
  QVERIFY(relClose(pue["energy"]["run_kwh"].get<double>(), base["energy"]["run_kwh"].get<double>() * 1.5 / 1.3, 1e-12));
  // Cooling: 1 kW = 3,412 BTU/h; a ton is 3.517 kW (of the IT peak).
  QVERIFY(relClose(base["power"]["cooling_btu_per_h"].get<double>(), kItPeakW / 1000 * 3412, 1e-12));
  QVERIFY(relClose(base["power"]["cooling_tons"].get<double>(), kItPeakW / 1000 / 3.517, 1e-12));
  // --currency usd --exchange-rate 7.2 divides every CNY figure by 7.2.
  const json usd = estimateJson({"--currency", "usd", "--exchange-rate", "7.2"}, &ok);
  QVERIFY(ok);
  for (const char* key : {"per_month", "per_hour", "headroom_per_month", "budget_per_month", "run_total",
                          "per_million_tokens", "capex", "network_capex"})
    QVERIFY2(relClose(usd["cost"][key].get<double>(), base["cost"][key].get<double>() / 7.2, 1e-12), key);
  QCOMPARE(usd["cost"]["network_share"].get<double>(), base["cost"]["network_share"].get<double>());
  // The run: whole months of rent; per million tokens of the 1.4e12-token budget.
  const double months = base["cost"]["billed_months"].get<double>();
  QCOMPARE(months, std::ceil(base["reliability"]["real_train_time_s"].get<double>() / (730 * 3600.0)));
  QVERIFY(relClose(base["cost"]["run_total"].get<double>(), months * 147552, 1e-12));
  QVERIFY(relClose(base["cost"]["per_million_tokens"].get<double>(), months * 147552 / 1.4e6, 1e-12));
  // CO2 = facility energy x grid intensity; --grid-co2 us changes only the factor.
  const json us = estimateJson({"--grid-co2", "us"}, &ok);
  QVERIFY(ok);
  QVERIFY(relClose(us["energy"]["run_co2_kg"].get<double>(), us["energy"]["run_kwh"].get<double>() * 0.367, 1e-12));
  QCOMPARE(us["energy"]["run_kwh"].get<double>(), base["energy"]["run_kwh"].get<double>());
  // No failures: goodput 1 and the real time equals the ideal one.
  const json none = estimateJson({"--failure-rate", "0"}, &ok);
  QVERIFY(ok);
  QCOMPARE(none["reliability"]["goodput"].get<double>(), 1.0);
  QVERIFY(relClose(none["reliability"]["real_train_time_s"].get<double>(), none["training"]["time_s"].get<double>(), 1e-12));
  // Faster storage writes checkpoints faster and keeps more of the time.
  const json fast = estimateJson({"--storage-bytes-per-s", "1e11"}, &ok);
  QVERIFY(ok);
  QVERIFY(fast["reliability"]["goodput"].get<double>() > base["reliability"]["goodput"].get<double>());
}

void TestCli::powerCostText_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("contains");
  // Worked out above the power and cost rows.
  QTest::newRow("power section") << QStringList{} << "\nPower and cooling\n";
  QTest::newRow("gpus") << QStringList{} << "  GPUs                         9.6 kW average (75% of TDP), 12.8 kW at TDP";
  QTest::newRow("node") << QStringList{} << "4.5 kW average, 6.5 kW peak (2,145 W average, 3,300 W peak besides the GPUs)";
  QTest::newRow("it") << QStringList{} << "  IT                           19.1 kW average, 26.9 kW peak";
  QTest::newRow("facility") << QStringList{} << "  facility                     24.8 kW average, 35.0 kW peak (PUE 1.3)";
  // 19,086 x 1.5 = 28,629 W; 26,906 x 1.5 = 40,359 W.
  QTest::newRow("facility --pue") << QStringList{"--pue", "1.5"} << "28.6 kW average, 40.4 kW peak (PUE 1.5)";
  QTest::newRow("cooling") << QStringList{} << "  cooling                      91,803 BTU/h, 7.65 tons";
  QTest::newRow("racks") << QStringList{} << "  racks                        1 of 30.0 kW (4 nodes per rack)";
  QTest::newRow("racks --rack-kw") << QStringList{"--rack-kw", "15"} << "2 of 15.0 kW (2 nodes per rack)";
  QTest::newRow("energy") << QStringList{} << "\nEnergy of the run\n  energy ";
  QTest::newRow("co2") << QStringList{} << " kg at 0.537 kg/kWh";
  QTest::newRow("co2 us") << QStringList{"--grid-co2", "us"} << " kg at 0.367 kg/kWh";
  QTest::newRow("no run") << QStringList{"--tokens", "0"} << "  per run                      n/a";
  QTest::newRow("cost section") << QStringList{} << "\nCost (rent, price list seed-cn-2026 of 2026-01, CNY, a month is 730 h)";
  QTest::newRow("price list") << QStringList{} << "  price list                   Seed article rents (China, IB servers), dated 2026-01";
  QTest::newRow("stale list") << QStringList{"--price-list", "aws-on-demand-2023"} << "dated 2023-07";
  QTest::newRow("owning instead") << QStringList{} << "  owning instead               ";
  QTest::newRow("break-even never") << QStringList{} << "  break-even                   owning never beats seed-cn-2026";
  QTest::newRow("break-even months") << QStringList{"--payment", "purchase"}
                                     << "  break-even                   owning beats gpu-cloud-on-demand-2026-05 after ";
  QTest::newRow("hardware") << QStringList{} << "  hardware per month           143,552 CNY + headroom 28,710 CNY";
  QTest::newRow("per month") << QStringList{} << "  per month                    147,552 CNY\n";
  QTest::newRow("headroom") << QStringList{} << "  headroom per month           29,510 CNY (20% on each category)";
  QTest::newRow("budget") << QStringList{} << "  budget per month             177,062 CNY";
  QTest::newRow("per hour") << QStringList{} << "  per hour                     202.13 CNY";  // 147,552 / 730
  QTest::newRow("per run") << QStringList{} << " months billed)";
  // Rented by the month: whole months; bought: the real time, to a tenth of a month.
  QTest::newRow("per run whole months") << QStringList{} << " (47 months billed)\n";
  QTest::newRow("per run bought") << QStringList{"--payment", "purchase"} << " (46.3 months billed)\n";
  QTest::newRow("per million tokens") << QStringList{} << "  per million tokens ";
  QTest::newRow("network share") << QStringList{} << "3.9% of the capital cost (351,360 CNY of 8,991,360 CNY";
  // An Ethernet switch 25,000 USD against the HDR switch's 20,000: +5,000 x 7.2.
  QTest::newRow("ib vs roce") << QStringList{} << "on roce-200-tuned instead    network capital +36,000 CNY";
  QTest::newRow("usd") << QStringList{"--currency", "usd"} << "  per month                    20,493 USD";  // / 7.2
  QTest::newRow("usd rate") << QStringList{"--currency", "usd"} << "USD, a month is 730 h, 7.2 CNY per USD)";
  QTest::newRow("vat") << QStringList{"--vat", "0.13"} << "VAT (13%) per month          19,182 CNY";  // 19,181.76
  QTest::newRow("purchase") << QStringList{"--payment", "purchase"} << "  hardware per month           115,200 CNY";
  QTest::newRow("owner's cost") << QStringList{"--payment", "purchase"} << "  owner's cost                 ";
  QTest::newRow("support") << QStringList{"--payment", "purchase"} << "  support per month            78,872 CNY";
  QTest::newRow("electricity") << QStringList{"--payment", "purchase"} << "  electricity per month        11,476 CNY";
  QTest::newRow("reliability section") << QStringList{} << "\nReliability\n  MTBI                         1583.7 h";
  QTest::newRow("checkpoint") << QStringList{}
                              << "  checkpoint                   914.0 GB, written in 228.500 s at 4 GB/s (0.125 GB/s per GPU)";
  QTest::newRow("checkpoint cluster-wide") << QStringList{"--storage-bytes-per-s", "1e10"}
                                           << "written in 91.400 s at 10 GB/s (cluster-wide)";
  QTest::newRow("checkpoint mode") << QStringList{} << "  checkpoint mode              async: training stops 41.864 s";
  QTest::newRow("interval") << QStringList{} << "  checkpoint interval          11.4 h (Young/Daly optimum)";
  QTest::newRow("interval given") << QStringList{"--checkpoint-interval-s", "7200"}
                                  << "  checkpoint interval          2.0 h (Young/Daly optimum 11.4 h)";
  QTest::newRow("seed interval") << QStringList{} << "goodput 0.95812 at 1 h, 0.97849 at 2 h";
  QTest::newRow("goodput") << QStringList{} << "  goodput                      0.99257";
  QTest::newRow("no failures") << QStringList{"--failure-rate", "0"} << "no failures (failure rate 0)";
  QTest::newRow("no failures goodput") << QStringList{"--failure-rate", "0"} << "  goodput                      1.00000";
  QTest::newRow("real time") << QStringList{} << "  real time to train ";
}

void TestCli::powerCostText() { checkEstimateTextRow(); }

void TestCli::powerCostErrors_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("message");
  // The range checks are the engine's (check_assumptions), named by the option.
  QTest::newRow("pue below 1") << QStringList{"--pue", "0.9"} << "--pue: must be at least 1 and at most 5, got 0.9";
  QTest::newRow("pue word") << QStringList{"--pue", "cold"} << "--pue: 'cold' is not a number or one of: air, modern, liquid";
  QTest::newRow("pue missing") << QStringList{"--pue"} << "--pue: missing value (X)";
  QTest::newRow("pue inf") << QStringList{"--pue", "inf"} << "--pue: 'inf' is not a finite number";
  QTest::newRow("power factor") << QStringList{"--gpu-power-factor", "2"} << "--gpu-power-factor: must be a fraction of TDP";
  QTest::newRow("node overhead") << QStringList{"--node-overhead-w", "-3"} << "--node-overhead-w: must be zero or more watts, got -3";
  QTest::newRow("switch word") << QStringList{"--switch-w", "big"} << "--switch-w: 'big' is not a number or one of: auto";
  QTest::newRow("optic negative") << QStringList{"--optic-w", "-1"} << "--optic-w: must be zero or more watts";
  QTest::newRow("storage w") << QStringList{"--storage-w-per-node", "-1"} << "--storage-w-per-node: must be zero or more";
  QTest::newRow("rack zero") << QStringList{"--rack-kw", "0"} << "--rack-kw: must be more than 0 kW, got 0";
  QTest::newRow("rack too large") << QStringList{"--rack-kw", "30000"} << "--rack-kw: must be at most 10000 kW, got 30000";
  QTest::newRow("rack word") << QStringList{"--rack-kw", "huge"} << "--rack-kw: 'huge' is not a number or one of: air-15";
  QTest::newRow("grid word") << QStringList{"--grid-co2", "eu"} << "--grid-co2: 'eu' is not a number or one of: china, us";
  QTest::newRow("grid negative") << QStringList{"--grid-co2", "-1"} << "--grid-co2: must be zero or more kg CO2 per kWh";
  QTest::newRow("payment") << QStringList{"--payment", "lease"} << "--payment: 'lease' is not one of: rent, cloud, purchase";
  QTest::newRow("price list") << QStringList{"--price-list", "ali-2025"}
                              << "--price-list: unknown price list 'ali-2025' (one of: seed-cn-2026,";
  QTest::newRow("currency") << QStringList{"--currency", "eur"} << "--currency: 'eur' is not one of: cny, usd";
  QTest::newRow("exchange rate") << QStringList{"--exchange-rate", "0"} << "--exchange-rate: must be an exchange rate above 0, got 0";
  QTest::newRow("power price") << QStringList{"--power-price", "-0.1"} << "--power-price: must be a price of zero or more";
  QTest::newRow("amortisation") << QStringList{"--amortisation-years", "0"} << "--amortisation-years: must be above 0 and at most 50";
  QTest::newRow("vat 1") << QStringList{"--vat", "1"} << "--vat: must be a fraction from 0 to below 1, got 1";
  QTest::newRow("headroom") << QStringList{"--headroom", "-0.2"} << "--headroom: must be a fraction from 0 to 10";
  QTest::newRow("failure rate") << QStringList{"--failure-rate", "-1e-5"} << "--failure-rate: must be from 0 to below 1 per GPU-hour";
  QTest::newRow("failure rate word") << QStringList{"--failure-rate", "rare"} << "--failure-rate: 'rare' is not a number";
  QTest::newRow("storage bytes") << QStringList{"--storage-bytes-per-s", "0"} << "--storage-bytes-per-s: must be more than 0 bytes/s, got 0";
  QTest::newRow("storage per GPU") << QStringList{"--storage-bytes-per-s-per-gpu", "-1"}
                                   << "--storage-bytes-per-s-per-gpu: must be more than 0 bytes/s, got -1";
  QTest::newRow("checkpoint mode") << QStringList{"--checkpoint-mode", "lazy"}
                                   << "--checkpoint-mode: 'lazy' is not one of: sync, async, in-memory";
  QTest::newRow("discount rate") << QStringList{"--discount-rate", "2"} << "--discount-rate: must be a fraction from 0 to 1, got 2";
  QTest::newRow("residual value") << QStringList{"--residual-value", "-0.5"} << "--residual-value: must be a fraction";
  QTest::newRow("support") << QStringList{"--support-per-year", "1.5"} << "--support-per-year: must be a fraction";
  QTest::newRow("storage share") << QStringList{"--storage-capex-share", "1"}
                                 << "--storage-capex-share: must be a fraction from 0 to below 1, got 1";
  QTest::newRow("colocation") << QStringList{"--facility-per-kw-month", "-1"} << "--facility-per-kw-month: must be a finite price";
  QTest::newRow("facility word") << QStringList{"--facility-capex-per-mw", "cheap"}
                                 << "--facility-capex-per-mw: 'cheap' is not a number or one of: auto";
  QTest::newRow("facility life") << QStringList{"--facility-years", "0"} << "--facility-years: must be above 0";
  QTest::newRow("bytes per param") << QStringList{"--checkpoint-bytes-per-param", "0"}
                                   << "--checkpoint-bytes-per-param: must be more than 0 bytes per parameter";
  QTest::newRow("interval") << QStringList{"--checkpoint-interval-s", "0"} << "--checkpoint-interval-s: must be more than 0 seconds, got 0";
  QTest::newRow("restart") << QStringList{"--restart-s", "-5"} << "--restart-s: must be zero or more seconds, got -5";
  QTest::newRow("bom empty") << QStringList{"--bom-csv="} << "--bom-csv: the file name is empty";
  QTest::newRow("bom unwritable") << QStringList{"--bom-csv", "/nonexistent/dir/bom.csv"}
                                  << "--bom-csv: cannot write '/nonexistent/dir/bom.csv'";
}

void TestCli::powerCostErrors() { checkEstimateErrorRow(); }

void TestCli::bomCsv() {
  // The purchase list in CNY (x 7.2): DGX A100 300,000 USD = 2,160,000 CNY; the HDR switch's
  // name holds a comma, so it is quoted.
  Result r = runCli({"estimate", "--bom-csv", "-"});
  QCOMPARE(r.code, 0);
  QVERIFY(r.err.empty());
  const QStringList lines = QString::fromStdString(r.out).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.size(), 6);  // header + server, NIC, switch, transceiver, cable
  QCOMPARE(lines[0], QString("item,tier,name,quantity,unit_price,total,currency,source"));
  QCOMPARE(lines[1], QString("server,,DGX A100 640GB,4,2160000.00,8640000.00,CNY,about USD 300k (2021)"));
  const QStringList sw = csvSplit(lines[3]);
  QCOMPARE(sw.size(), 8);
  QCOMPARE(sw[0], QString("switch"));
  QCOMPARE(sw[1], QString("leaf"));
  QCOMPARE(sw[2], QString("InfiniBand HDR switch, 40 ports (QM8700 class)"));
  QCOMPARE(sw[5], QString("144000.00"));  // 20,000 USD x 7.2
  QCOMPARE(csvSplit(lines[4])[5], QString("184320.00"));  // 64 x 400 USD x 7.2
  // Exactly what the engine writes.
  const cp::Scenario s = cp::default_scenario();
  QCOMPARE(r.out, cp::bom_to_csv(s, cp::estimate(s)));
  // In USD, unit prices are the list's.
  r = runCli({"estimate", "--currency", "usd", "--bom-csv", "-"});
  QVERIFY(r.out.find("server,,DGX A100 640GB,4,300000.00,1200000.00,USD,") != std::string::npos);

  // To a file, beside the estimate on stdout.
  const QString path = dir_.filePath("bom.csv");
  const Result both = runCli({"estimate", "--bom-csv", path, "--format", "json"});
  QCOMPARE(both.code, 0);
  QVERIFY(json::parse(both.out).contains("bom"));
  QFile f(path);
  QVERIFY(f.open(QIODevice::ReadOnly));
  QCOMPARE(f.readAll().toStdString(), cp::bom_to_csv(s, cp::estimate(s)));

  // In the estimate's CSV the bill of materials stays one cell.
  r = runCli({"estimate", "--format", "csv"});
  const QStringList csv = QString::fromStdString(r.out).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(csv.size(), 2);
  const QStringList header = csvSplit(csv[0]), row = csvSplit(csv[1]);
  QCOMPARE(header.size(), row.size());
  QCOMPARE(header.count("bom"), 1);
  QVERIFY(row[header.indexOf("bom")].contains("DGX A100 640GB"));
  QVERIFY(header.contains("power.facility_w"));
  QVERIFY(header.contains("reliability.goodput"));
}

void TestCli::sweepVariesAssumption() {
  // --vary takes the numeric assumption options: facility = PUE x IT at each point.
  bool ok = false;
  const json j = sweepJson({"--vary", "pue=1.1,1.5"}, &ok);
  QVERIFY(ok);
  QCOMPARE(j["points"].size(), std::size_t(2));
  QVERIFY(relClose(j["points"][0]["estimate"]["power"]["facility_w"].get<double>(), 1.1 * kItW, 1e-12));
  QVERIFY(relClose(j["points"][1]["estimate"]["power"]["facility_w"].get<double>(), 1.5 * kItW, 1e-12));
  Result r = runCli({"sweep", "--vary", "pue=1.1,0.5"});
  QCOMPARE(r.code, 2);
  QVERIFY2(r.err.find("--vary: pue=0.5: must be at least 1 and at most 5, got 0.5") != std::string::npos, r.err.c_str());
  r = runCli({"sweep", "--bom-csv", "-"});
  QCOMPARE(r.code, 2);
  QVERIFY2(r.err.find("--bom-csv: a sweep writes no bill of materials") != std::string::npos, r.err.c_str());
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli_power_cost.moc"
