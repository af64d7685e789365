// Cost: the seed article's rent arithmetic, headroom, whole-month billing, currencies, cloud
// and purchase models, the bill of materials and network share, price lists as data, the
// assumptions' JSON and its problems by JSON path.
#include <QtTest>

#include "engine/cost.h"
#include "engine/estimate.h"
#include "io/power_cost_json.h"
#include "io/scenario_json.h"
#include "engine/validate.h"

using namespace cp;
using nlohmann::json;

namespace {

bool near(double a, double b, double rel = 1e-9) { return std::abs(a - b) <= rel * std::max(1.0, std::abs(b)); }

Scenario seed_cluster(const char* gpu, int nodes) {
  Scenario s = default_scenario();
  s.cluster.gpu = *find_gpu(gpu);
  s.cluster.nodes = nodes;
  s.parallel = Parallelism{8, 1, 1, 0, 1, 1, true};
  s.model = find_model_preset("llama-2-7b")->shape;
  s.model_id = "llama-2-7b";
  s.training.global_batch = 64 * nodes;
  return s;
}

// A cost for a given real run time, the rest of the estimate as computed.
CostEstimate cost_for_run(const Scenario& s, double run_s) {
  const Estimate e = estimate(s);
  ReliabilityEstimate r = e.reliability;
  r.real_train_time_s = run_s;
  return estimate_cost(s, e.network, e.power, r, s.training.tokens);
}

}  // namespace

class TstCost : public QObject {
  Q_OBJECT
 private slots:
  void seedRent_data();
  void seedRent();
  void seedAllInBudget();
  void headroomPerCategory();
  void wholeMonths_data();
  void wholeMonths();
  void currency_data();
  void currency();
  void cloudPerGpuHour_data();
  void cloudPerGpuHour();
  void purchaseByHand();
  void vatLine();
  void perMillionTokens();
  void networkShareAtScale();
  void ibVersusRoce();
  void missingPriceWarns();
  void neverNegative_data();
  void neverNegative();
  void bomCsv();
  void priceListsAreData();
  void assumptionsRoundTrip();
  void assumptionErrors_data();
  void assumptionErrors();
  void outputKeys();
};

void TstCost::seedRent_data() {
  QTest::addColumn<QString>("gpu");
  QTest::addColumn<int>("servers");
  QTest::addColumn<double>("rent");
  // Seed article: 8x A100 + IB CNY 35,888 per month; 8x H100 + IB 59,999.
  QTest::newRow("1 server A100: 35,888") << "a100-80gb-sxm" << 1 << 35888.0;
  QTest::newRow("16 cards: 2 x 35,888 = 71,776") << "a100-80gb-sxm" << 2 << 71776.0;
  QTest::newRow("32 cards: 4 x 35,888 = 143,552") << "a100-80gb-sxm" << 4 << 143552.0;
  QTest::newRow("4 H100 servers: 4 x 59,999 = 239,996") << "h100-sxm" << 4 << 239996.0;
}

void TstCost::seedRent() {
  QFETCH(QString, gpu);
  QFETCH(int, servers);
  QFETCH(double, rent);
  const Scenario s = seed_cluster(gpu.toLatin1().constData(), servers);
  QVERIFY(validate(s).empty());
  const CostEstimate k = estimate(s).cost;
  QCOMPARE(k.currency, Currency::Cny);
  QCOMPARE(k.per_month_by_category[size_t(CostCategory::Hardware)], rent);
  // Plus the 100 Mb/s BGP line (2,000, seed) and storage (2,000 [est]) as their own lines.
  QCOMPARE(k.per_month, rent + 4000);
}

void TstCost::seedAllInBudget() {
  // Seed: "about CNY 40,000 a month with bandwidth and storage" for 8x A100:
  // 35,888 + 2,000 + 2,000 = 39,888. The claim holds with these lines.
  const CostEstimate k = estimate(seed_cluster("a100-80gb-sxm", 1)).cost;
  QCOMPARE(k.per_month, 39888.0);
  QVERIFY(std::abs(k.per_month / 40000 - 1) < 0.01);
}

void TstCost::headroomPerCategory() {
  // 20% on each category, shown apart: hardware 143,552 -> 28,710.4; bandwidth 400; storage
  // 400; total 29,510.4; budget 147,552 + 29,510.4 = 177,062.4.
  const CostEstimate k = estimate(default_scenario()).cost;
  QVERIFY(near(k.headroom_per_month, 29510.4));
  QVERIFY(near(k.budget_per_month, 177062.4));
  double sum = 0;
  for (double v : k.per_month_by_category) sum += 0.2 * v;
  QVERIFY(near(sum, k.headroom_per_month));
  QVERIFY(near(k.per_hour, 147552.0 / 730));  // 202.13 per hour
}

void TstCost::wholeMonths_data() {
  QTest::addColumn<int>("payment");
  QTest::addColumn<double>("hours");
  QTest::addColumn<double>("months");
  // Rent (seed list): whole months. Cloud: exact hours.
  QTest::newRow("rent, 1 h: one month") << int(Payment::Rent) << 1.0 << 1.0;
  QTest::newRow("rent, 730 h: one month") << int(Payment::Rent) << 730.0 << 1.0;
  QTest::newRow("rent, 731 h: two months") << int(Payment::Rent) << 731.0 << 2.0;
  QTest::newRow("cloud, 365 h: half a month") << int(Payment::Cloud) << 365.0 << 0.5;
  QTest::newRow("purchase, 1,460 h: two months") << int(Payment::Purchase) << 1460.0 << 2.0;
}

void TstCost::wholeMonths() {
  QFETCH(int, payment);
  QFETCH(double, hours);
  QFETCH(double, months);
  Scenario s = default_scenario();
  s.assumptions.payment = Payment(payment);
  const CostEstimate k = cost_for_run(s, hours * 3600);
  QVERIFY(near(k.billed_months, months));
  QVERIFY(near(k.run_total, months * k.per_month));
}

void TstCost::currency_data() {
  QTest::addColumn<double>("amount");
  QTest::addColumn<int>("from");
  QTest::addColumn<int>("to");
  QTest::addColumn<double>("rate");
  QTest::addColumn<double>("expected");
  QTest::newRow("USD 100 at 7.2 = CNY 720") << 100.0 << int(Currency::Usd) << int(Currency::Cny) << 7.2 << 720.0;
  QTest::newRow("CNY 720 at 7.2 = USD 100") << 720.0 << int(Currency::Cny) << int(Currency::Usd) << 7.2 << 100.0;
  QTest::newRow("same currency unchanged") << 35888.0 << int(Currency::Cny) << int(Currency::Cny) << 7.2 << 35888.0;
  QTest::newRow("USD 1 at 6.5 = CNY 6.5") << 1.0 << int(Currency::Usd) << int(Currency::Cny) << 6.5 << 6.5;
}

void TstCost::currency() {
  QFETCH(double, amount);
  QFETCH(int, from);
  QFETCH(int, to);
  QFETCH(double, rate);
  QFETCH(double, expected);
  QVERIFY(near(convert(amount, Currency(from), Currency(to), rate), expected));
  // The seed's 143,552 CNY rent shown in USD at the user's rate.
  Scenario s = default_scenario();
  s.assumptions.currency = Currency::Usd;
  s.assumptions.cny_per_usd = rate;
  const CostEstimate k = estimate(s).cost;
  QCOMPARE(k.currency, Currency::Usd);
  QVERIFY(near(k.per_month_by_category[0], 143552.0 / rate));
}

void TstCost::cloudPerGpuHour_data() {
  QTest::addColumn<QString>("list");
  QTest::addColumn<QString>("gpu");
  QTest::addColumn<double>("per_month");
  // 32 GPUs x price x 730 h.
  QTest::newRow("Lambda H100 3.49 (2024-01)") << "cloud-us-2024-01" << "h100-sxm" << 32 * 3.49 * 730;
  QTest::newRow("Azure A100 4.10 (2024-01)") << "cloud-us-2024-01" << "a100-80gb-sxm" << 32 * 4.10 * 730;
  QTest::newRow("AWS p5 98.32/8 (2023)") << "aws-on-demand-2023" << "h100-sxm" << 32 * 98.32 / 8 * 730;
}

void TstCost::cloudPerGpuHour() {
  QFETCH(QString, list);
  QFETCH(QString, gpu);
  QFETCH(double, per_month);
  Scenario s = seed_cluster(gpu.toLatin1().constData(), 4);
  s.assumptions.currency = Currency::Usd;
  apply_price_list(s.assumptions, *find_price_list(list.toStdString()));
  QCOMPARE(s.assumptions.payment, Payment::Cloud);
  const CostEstimate k = estimate(s).cost;
  QVERIFY(near(k.per_month, per_month));
  QVERIFY(near(k.per_hour, per_month / 730));
}

void TstCost::purchaseByHand() {
  // Default cluster bought (USD): 4 DGX A100 x 300,000 = 1,200,000; 1 HDR switch 20,000 [est];
  // 64 transceivers x 400 [est] = 25,600; 32 cables x 100 [est] = 3,200; NICs in the server.
  // Capex 1,248,800; network 48,800 = 3.91%. Per month: 1,248,800 / 60 = 20,813.33 plus
  // electricity 24.8118 kW (the training average: 4 x (2,400 + 0.65 x 3,300) + 906 W, x PUE 1.3)
  // x 730 h x 0.088 USD = 1,593.89.
  Scenario s = default_scenario();
  s.assumptions.currency = Currency::Usd;
  s.assumptions.payment = Payment::Purchase;
  const CostEstimate k = estimate(s).cost;
  QCOMPARE(k.capex, 1248800.0);
  QCOMPARE(k.network_capex, 48800.0);
  QVERIFY(near(k.network_share, 48800.0 / 1248800));
  QVERIFY(near(k.per_month_by_category[size_t(CostCategory::Hardware)], 1248800.0 / 60));
  QVERIFY(near(k.per_month_by_category[size_t(CostCategory::Electricity)], 24.8118 * 730 * 0.088));
  QVERIFY(near(k.per_month, 1248800.0 / 60 + 24.8118 * 730 * 0.088));
  QCOMPARE(k.missing_price, -1);
  // Four servers, one NIC line, one leaf switch line, transceivers, cables.
  QCOMPARE(k.bom_count, 5);
  QCOMPARE(k.bom[0].quantity, 4.0);
  QCOMPARE(k.bom[0].unit_price, 300000.0);
}

void TstCost::vatLine() {
  Scenario s = default_scenario();
  s.assumptions.vat = 0.13;
  const CostEstimate k = estimate(s).cost;
  QVERIFY(near(k.vat_per_month, 147552 * 0.13));  // 19,181.76
  QVERIFY(near(k.per_month, 147552 * 1.13));
  QVERIFY(near(k.headroom_per_month, 29510.4));   // headroom on the categories, not the tax
}

void TstCost::perMillionTokens() {
  const Estimate e = estimate(default_scenario());
  QVERIFY(near(e.cost.per_million_tokens, e.cost.run_total / 1.4e6));
  QCOMPARE(e.cost.billed_months, std::ceil(e.reliability.real_train_time_s / (730 * 3600.0)));
  Scenario s = default_scenario();
  s.training.tokens = 0;
  QCOMPARE(estimate(s).cost.per_million_tokens, 0.0);
}

void TstCost::networkShareAtScale() {
  // 16,384 H100 on NDR IB, rail-optimised 3-tier: 512 + 512 + 256 switches x 43,000; 98,304
  // transceivers x 800 [est]; 49,152 cables x 100 [est]: network 138.6M of 753.0M = 18.4%.
  // A public cost sheet puts it near 11% [est]: ours is higher because every link, NIC-leaf
  // included, is counted as optical at an estimated price (replace with your quotes).
  Scenario s = seed_cluster("h100-sxm", 2048);
  s.cluster.fabric = *find_fabric("ib-ndr");
  s.assumptions.payment = Payment::Purchase;
  s.assumptions.currency = Currency::Usd;
  QVERIFY(validate(s).empty());
  const CostEstimate k = estimate(s).cost;
  QCOMPARE(k.network_capex, 512 * 2 * 43000.0 + 256 * 43000.0 + 98304 * 800.0 + 49152 * 100.0);
  QVERIFY(k.network_share > 0.05 && k.network_share < 0.25);
}

void TstCost::ibVersusRoce() {
  // The catalog says what each preset stands for (the comparison in core/plan pairs by it):
  // tuned RoCE is tuned, untuned RoCE and InfiniBand are stock, Meta's setup is hyperscale.
  QVERIFY(find_fabric("roce-200-tuned")->tuning == FabricTuning::Tuned);
  QVERIFY(find_fabric("roce-200-untuned")->tuning == FabricTuning::Stock);
  QVERIFY(find_fabric("ib-hdr")->tuning == FabricTuning::Stock);
  QVERIFY(find_fabric("roce-400-hyperscale")->tuning == FabricTuning::Hyperscale);
  // The same cluster on tuned RoCE: one 128-port Ethernet switch at 25,000 USD [est] against
  // one HDR switch at 20,000 [est]: +5,000 USD = +36,000 CNY at 7.2; optics and cables the same.
  const Scenario s = default_scenario();
  const Estimate e = estimate(s);
  Scenario r = s;
  r.cluster.fabric = *find_fabric("roce-200-tuned");
  const Estimate er = estimate(r);
  QVERIFY(near(er.cost.network_capex - e.cost.network_capex, 5000 * 7.2));
  QVERIFY(er.reliability.real_train_time_s >= e.reliability.real_train_time_s);  // not faster than IB
}

void TstCost::missingPriceWarns() {
  // No B200 rent in the seed list: the cost says so instead of pricing it at zero silently.
  const Estimate e = estimate(seed_cluster("b200", 4));
  QVERIFY(e.warnings.has(WarningCode::PriceMissing));
  QCOMPARE(e.cost.missing_price, int(PriceItem::ServerRent));
  QVERIFY(!estimate(default_scenario()).warnings.has(WarningCode::PriceMissing));
  const Warning* w = nullptr;
  for (const Warning& x : e.warnings)
    if (x.code == WarningCode::PriceMissing) w = &x;
  QVERIFY(QString::fromStdString(warning_message(*w)).contains("'server_rent'"));
}

void TstCost::neverNegative_data() {
  QTest::addColumn<int>("payment");
  QTest::addColumn<int>("nodes");
  for (int p : {0, 1, 2})
    for (int n : {1, 4, 64}) QTest::newRow(qPrintable(QString("payment %1, %2 nodes").arg(p).arg(n))) << p << n;
}

void TstCost::neverNegative() {
  QFETCH(int, payment);
  QFETCH(int, nodes);
  Scenario s = seed_cluster("a100-80gb-sxm", nodes);
  s.assumptions.payment = Payment(payment);
  const CostEstimate k = estimate(s).cost;
  for (double v : {k.per_month, k.per_hour, k.run_total, k.per_million_tokens, k.capex, k.network_capex,
                   k.headroom_per_month, k.vat_per_month})
    QVERIFY(v >= 0);
  QVERIFY(k.network_share >= 0 && k.network_share <= 1);
  for (int i = 0; i < k.bom_count; ++i) QVERIFY(k.bom[size_t(i)].total >= 0);
}

void TstCost::bomCsv() {
  const Scenario s = default_scenario();
  const std::string csv = bom_to_csv(s, estimate(s));
  QVERIFY(csv.rfind("item,tier,name,quantity,unit_price,total,currency,source\n", 0) == 0);
  QVERIFY(csv.find("server,,DGX A100 640GB,4,2160000.00,8640000.00,CNY") != std::string::npos);
  QVERIFY(csv.find("switch,leaf,\"InfiniBand HDR switch, 40 ports (QM8700 class)\",1,") != std::string::npos);
}

void TstCost::priceListsAreData() {
  // Every built-in list is dated and sourced; every line has a source or an [est] label.
  for (const PriceList& l : price_list_catalog()) {
    QVERIFY(!l.date.empty() && !l.source.empty());
    for (const PriceLine& x : l.lines) QVERIFY2(!x.source.empty(), x.name.c_str());
  }
  // An old plan keeps its prices: a saved list with an edited rent is read back as saved.
  Scenario s = default_scenario();
  s.assumptions.rent.lines[0].price = 30000;
  s.assumptions.rent.date = "2025-06";
  Scenario back;
  std::vector<Problem> problems;
  QVERIFY(scenario_from_json(scenario_to_json(s), back, problems));
  QCOMPARE(back.assumptions.rent.lines[0].price, 30000.0);
  QCOMPARE(QString::fromStdString(back.assumptions.rent.date), QString("2025-06"));
  QCOMPARE(estimate(back).cost.per_month_by_category[0], 4 * 30000.0);
}

void TstCost::assumptionsRoundTrip() {
  Assumptions a;
  a.pue = 1.1;
  a.currency = Currency::Usd;
  a.node_overhead_w = 2500;
  a.checkpoint_interval_s = 3600;
  a.payment = Payment::Purchase;
  const json j = assumptions_to_json(a);
  QVERIFY(j["switch_w"].is_null());
  Assumptions b;
  std::vector<Problem> problems;
  QVERIFY(assumptions_from_json(j, b, problems));
  QCOMPARE(QString::fromStdString(assumptions_to_json(b).dump()), QString::fromStdString(j.dump()));
  // null resets an override to the built-in value.
  QVERIFY(assumptions_from_json(json::parse(R"({"node_overhead_w": null})"), b, problems));
  QVERIFY(!b.node_overhead_w);
}

void TstCost::assumptionErrors_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("expected");
  QTest::newRow("pue below 1") << R"({"pue": 0.9})" << "assumptions.pue: must be at least 1";
  QTest::newRow("pue a string") << R"({"pue": "air"})" << "assumptions.pue: must be a number";
  QTest::newRow("currency") << R"({"currency": "EUR"})" << "assumptions.currency: 'EUR' is not one of: CNY, USD";
  QTest::newRow("exchange rate") << R"({"cny_per_usd": 0})" << "assumptions.cny_per_usd: must be an exchange rate";
  QTest::newRow("failure rate") << R"({"failure_rate_per_gpu_hour": -1})"
                                << "assumptions.failure_rate_per_gpu_hour: must be from 0";
  QTest::newRow("storage bandwidth") << R"({"checkpoint_bytes_per_s": 0})"
                                     << "assumptions.checkpoint_bytes_per_s: must be more than 0";
  QTest::newRow("rack") << R"({"rack_limit_w": -5})" << "assumptions.rack_limit_w: must be more than 0";
  QTest::newRow("vat") << R"({"vat": 1.5})" << "assumptions.vat: must be a fraction";
  QTest::newRow("price line") << R"({"price_lists": {"rent": {"lines": [{"item": "server_rent", "price": -1}]}}})"
                              << "assumptions.price_lists.rent.lines[0].price: must be a finite price";
  QTest::newRow("price item") << R"({"price_lists": {"purchase": {"lines": [{"item": "gpu", "price": 1}]}}})"
                              << "assumptions.price_lists.purchase.lines[0].item: 'gpu' is not one of";
  QTest::newRow("slot") << R"({"price_lists": {"cloud": {"payment": "rent"}}})"
                        << "assumptions.price_lists.cloud.payment: must be 'cloud'";
}

void TstCost::assumptionErrors() {
  QFETCH(QString, text);
  QFETCH(QString, expected);
  Scenario s = default_scenario();
  std::vector<Problem> problems;
  json j;
  j["assumptions"] = json::parse(text.toStdString());
  if (scenario_from_json(j, s, problems)) problems = validate(s);
  QStringList all;
  for (const auto& p : problems) all << QString::fromStdString(p.text());
  QVERIFY2(all.join('\n').contains(expected), qPrintable(all.join('\n')));
}

void TstCost::outputKeys() {
  const Scenario s = default_scenario();
  const json j = estimate_to_json(s, estimate(s));
  for (const char* path : {"/power/gpu_w", "/power/it_w", "/power/it_peak_w", "/power/facility_w",
                           "/power/cooling_btu_per_h", "/power/cooling_tons", "/power/racks", "/energy/run_kwh",
                           "/energy/run_co2_kg", "/cost/per_month", "/cost/per_hour", "/cost/run_total",
                           "/cost/per_million_tokens", "/cost/network_share", "/reliability/mtbi_h",
                           "/reliability/checkpoint_bytes", "/reliability/checkpoint_interval_s",
                           "/reliability/goodput"})
    QVERIFY2(j.at(json::json_pointer(path)).is_number(), path);
  QCOMPARE(j["cost"]["currency"].get<std::string>(), std::string("CNY"));
  QCOMPARE(j["cost"]["per_month"].get<double>(), 147552.0);
  QVERIFY(j["bom"].is_array() && j["bom"].size() == 5);
  QVERIFY(j["warnings"].empty());
  QVERIFY(j["inputs"]["assumptions"]["price_lists"]["rent"]["lines"].is_array());
}

QTEST_APPLESS_MAIN(TstCost)
#include "tst_cost.moc"
