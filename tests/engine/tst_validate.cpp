// Every validation rule: the field it names and the reason it gives.
#include <QtTest>

#include <algorithm>
#include <functional>
#include <iterator>

#include "engine/validate.h"

using namespace cp;

using Mutation = std::function<void(Scenario&)>;
Q_DECLARE_METATYPE(Mutation)

class TstValidate : public QObject {
  Q_OBJECT
 private slots:
  void defaultIsValid();
  void problems_data();
  void problems();
  void derivedDp();
  void sharedUpperBound();
  void reasonCatalogue();
};

void TstValidate::defaultIsValid() {
  const auto problems = validate(default_scenario());
  QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().text().c_str());
  // fp8 where the GPU has FP8 units.
  Scenario h100 = default_scenario();
  h100.cluster.gpu = *find_gpu("h100-sxm");
  h100.training.precision = Precision::Fp8;
  QVERIFY(validate(h100).empty());
}

void TstValidate::problems_data() {
  QTest::addColumn<Mutation>("mutate");
  QTest::addColumn<QString>("field");
  QTest::addColumn<QString>("reason");
  auto row = [](const char* name, Mutation m, const char* field, const char* reason) {
    QTest::newRow(name) << m << QString(field) << QString(reason);
  };
  // Model shape.
  row("zero layers", [](Scenario& s) { s.model.layers = 0; }, "model.layers", "must be at least 1, got 0");
  row("absurd layers", [](Scenario& s) { s.model.layers = 100000; }, "model.layers", "must be at most 10000");
  row("negative hidden", [](Scenario& s) { s.model.hidden = -5; }, "model.hidden", "must be at least 1, got -5");
  row("heads do not divide hidden", [](Scenario& s) { s.model.heads = 60; s.model.kv_heads = 60; }, "model.heads",
      "60 does not divide 8192 hidden size");
  row("kv heads exceed heads", [](Scenario& s) { s.model.kv_heads = 128; }, "model.kv_heads",
      "must not exceed 64 attention heads");
  row("kv heads do not divide heads", [](Scenario& s) { s.model.kv_heads = 48; }, "model.kv_heads",
      "48 does not divide 64 attention heads");
  row("zero ffn", [](Scenario& s) { s.model.ffn = 0; }, "model.ffn", "must be at least 1");
  row("zero vocab", [](Scenario& s) { s.model.vocab = 0; }, "model.vocab", "must be at least 1");
  row("top-k above experts", [](Scenario& s) { s.model.experts = 8; s.model.experts_per_token = 9; },
      "model.experts_per_token", "must be at most 8, got 9");
  row("top-k without experts", [](Scenario& s) { s.model.experts_per_token = 2; }, "model.experts_per_token",
      "the model has no experts");
  row("dense layers cover all", [](Scenario& s) { s.model.experts = 8; s.model.experts_per_token = 2;
        s.model.dense_layers = 80; }, "model.dense_layers", "must be at most 79");
  // A dense model keeps its MoE fields in its file: never values no model could hold.
  row("negative dense layers of a dense model", [](Scenario& s) { s.model.dense_layers = -3; }, "model.dense_layers",
      "must be at least 0, got -3");
  row("negative expert ffn of a dense model", [](Scenario& s) { s.model.moe_ffn = -1; }, "model.moe_ffn",
      "must be at least 0, got -1");
  // Training.
  row("zero seq", [](Scenario& s) { s.training.seq = 0; }, "training.seq", "must be at least 1, got 0");
  row("zero micro-batch", [](Scenario& s) { s.training.micro_batch = 0; }, "training.micro_batch",
      "must be at least 1");
  row("global batch not multiple", [](Scenario& s) { s.training.global_batch = 1000; s.parallel.dp = 0;
        s.cluster.nodes = 64; }, "training.global_batch", "1000 sequences is not a multiple of DP x micro-batch = 16 x 1");
  row("negative tokens", [](Scenario& s) { s.training.tokens = -1; }, "training.tokens", "zero or more");
  // The A100 has no FP8 units: no stack trains in fp8 on it (Transformer Engine needs compute
  // capability 8.9).
  row("fp8 on an A100", [](Scenario& s) { s.training.precision = Precision::Fp8; }, "training.precision",
      "fp8 needs FP8 tensor cores, which the A100 80GB SXM does not have");
  row("fp8 on a custom GPU without FP8", [](Scenario& s) {
        s.cluster.gpu = *find_gpu("h100-sxm");
        s.cluster.gpu.id = "custom";
        s.cluster.gpu.name = "Lab part";
        s.cluster.gpu.fp8_flops = 0;
        s.training.precision = Precision::Fp8; }, "training.precision",
      "fp8 needs FP8 tensor cores, which the Lab part does not have");
  row("negative moe max nodes", [](Scenario& s) { s.training.moe_max_nodes = -1; }, "training.moe_max_nodes",
      "must be 0 (no limit) or a number of nodes per token, at most 65536, got -1");
  row("zero channels per nic", [](Scenario& s) { s.cluster.fabric.channels_per_nic = 0; },
      "cluster.fabric_spec.channels_per_nic", "must be 1 to 64 NCCL channels per NIC, got 0");
  // Parallelism.
  row("tp does not divide heads", [](Scenario& s) { s.parallel.tp = 6; s.parallel.pp = 1; s.cluster.nodes = 1;
        s.cluster.gpus_per_node = 6; }, "parallelism.tp", "6 does not divide 64 attention heads");
  // (TP a multiple of the K/V heads copies them: 8 K/V heads under TP 16 is a valid layout.)
  row("tp does not divide kv heads", [](Scenario& s) { s.model.hidden = 6144; s.model.heads = 48; s.model.kv_heads = 12;
        s.parallel.tp = 16; s.parallel.pp = 2; }, "parallelism.tp", "16 does not divide 12 key/value heads");
  row("zero tp", [](Scenario& s) { s.parallel.tp = 0; }, "parallelism.tp", "must be at least 1, got 0");
  row("pp exceeds layers", [](Scenario& s) { s.model.layers = 2; s.parallel.tp = 8; }, "parallelism.pp",
      "4 pipeline stages exceed the 2 layers");
  row("layout does not match GPUs", [](Scenario& s) { s.parallel.dp = 2; }, "parallelism.dp",
      "TP x PP x CP x DP = 8 x 4 x 1 x 2 = 64 does not equal the 32 GPUs of the cluster");
  row("dp cannot be derived", [](Scenario& s) { s.parallel.dp = 0; s.cluster.nodes = 3; s.parallel.pp = 4;
        s.cluster.gpus_per_node = 4; }, "parallelism.dp", "TP x PP x CP = 32 does not divide the 12 GPUs");
  row("vpp without pp", [](Scenario& s) { s.parallel.pp = 1; s.parallel.dp = 4; s.parallel.vpp = 2; },
      "parallelism.vpp", "interleaving needs more than one pipeline stage");
  row("vpp too deep", [](Scenario& s) { s.parallel.vpp = 30; }, "parallelism.vpp",
      "30 chunks per stage x 4 stages exceed the 80 layers");
  row("cp does not divide seq", [](Scenario& s) { s.parallel.cp = 3; s.parallel.pp = 1; s.parallel.dp = 0;
        s.cluster.nodes = 3; }, "parallelism.cp", "6 does not divide 2048 tokens per sequence");
  row("ep on dense model", [](Scenario& s) { s.parallel.ep = 2; }, "parallelism.ep",
      "expert parallelism needs a mixture-of-experts model");
  row("ep does not divide experts", [](Scenario& s) { s.model = find_model_preset("mixtral-8x7b")->shape;
        s.parallel = Parallelism{1, 1, 1, 32, 1, 3, false}; }, "parallelism.ep", "3 does not divide 8 experts");
  // EP may span TP ranks (MoE parallel folding): EP x ETP must divide TP x DP x CP, here 1 x 4.
  row("ep does not divide dp", [](Scenario& s) { s.model = find_model_preset("mixtral-8x7b")->shape;
        s.parallel = Parallelism{1, 1, 1, 4, 1, 8, false}; }, "parallelism.ep",
      "8 does not divide 4 GPUs of a pipeline stage, TP x DP x CP (EP x ETP must divide them)");
  // Cluster and overheads.
  row("zero nodes", [](Scenario& s) { s.cluster.nodes = 0; }, "cluster.nodes", "must be at least 1, got 0");
  row("zero gpus per node", [](Scenario& s) { s.cluster.gpus_per_node = 0; }, "cluster.gpus_per_node",
      "must be at least 1");
  row("gpu without memory", [](Scenario& s) { s.cluster.gpu.memory_bytes = 0; }, "cluster.gpu", "has no memory capacity");
  row("fragmentation 1", [](Scenario& s) { s.overheads.fragmentation = 1.0; }, "overheads.fragmentation",
      "must be a fraction from 0 to below 1");
  row("oversubscription below 1", [](Scenario& s) { s.cluster.oversubscription = 0.5; }, "cluster.oversubscription",
      "must be a ratio from 1 (non-blocking) to 1000, got 0.5");
  row("no NICs", [](Scenario& s) { s.cluster.nics_per_node = 0; }, "cluster.nics_per_node", "must be at least 1, got 0");
  row("fabric without bandwidth", [](Scenario& s) { s.cluster.fabric.nic_busbw = 0; },
      "cluster.fabric_spec.nic_busbw_bytes_per_s", "must be a positive bandwidth");
  row("GPU without MAMF", [](Scenario& s) { s.cluster.gpu.mamf_fraction = 0; }, "cluster.gpu_spec.mamf_fraction",
      "must be a fraction above 0 and at most 1");
  row("FlashAttention-2 rate above 1", [](Scenario& s) { s.cluster.gpu.fa2_fraction_of_fa3 = 1.5; },
      "cluster.gpu_spec.fa2_fraction_of_fa3", "must be a fraction above 0 and at most 1, got 1.5");
  row("calibration factor 0", [](Scenario& s) { s.calibration.step_time_factor = 0; }, "calibration.step_time_factor",
      "must be a positive ratio of measured to modelled step time");
  row("negative framework", [](Scenario& s) { s.overheads.framework_bytes = -1; }, "overheads.framework_bytes",
      "must be zero or more bytes");
  // Inputs that overflow a result have upper bounds: unbounded, a power price of 1e308 makes
  // the purchase cost -nan.
  row("power price 1e308", [](Scenario& s) { s.assumptions.power_price_per_kwh = 1e308; },
      "assumptions.power_price_per_kwh", "must be a price per kWh from 0 to 100, got 1e+308");
  row("price of a line", [](Scenario& s) { s.assumptions.purchase.lines[0].price = 1e300; },
      "assumptions.price_lists.purchase.lines[0].price", "must be a finite price from 0 to 1000000000000, got 1e+300");
  row("exchange rate", [](Scenario& s) { s.assumptions.cny_per_usd = 1e-300; }, "assumptions.cny_per_usd",
      "must be an exchange rate from 0.01 to 1000");
  row("storage power", [](Scenario& s) { s.assumptions.storage_w_per_node = 1e307; },
      "assumptions.storage_w_per_node", "must be a power in watts from 0 to 1000000");
  row("switch power", [](Scenario& s) { s.assumptions.switch_w = 1e300; }, "assumptions.switch_w",
      "must be a power in watts from 0 to 1000000, got 1e+300");
  row("rack", [](Scenario& s) { s.assumptions.rack_limit_w = 1e300; }, "assumptions.rack_limit_w",
      "must be a power in watts from 0 to 10000000");
  row("checkpoint bandwidth", [](Scenario& s) { s.assumptions.checkpoint_bytes_per_s = 1e-300; },
      "assumptions.checkpoint_bytes_per_s", "must be a bandwidth in bytes/s from 1000 to 1e+15, got 1e-300");
  row("tokens", [](Scenario& s) { s.training.tokens = 1e300; }, "training.tokens", "at most 1e+18");
  row("custom GPU peak", [](Scenario& s) { s.cluster.gpu.bf16_flops = 1e-300; }, "cluster.gpu_spec.bf16_flops",
      "must be a peak in FLOP/s, from 1000000000 to 1e+18");
  row("custom GPU TDP", [](Scenario& s) { s.cluster.gpu.tdp_w = 1e308; }, "cluster.gpu_spec.tdp_w",
      "must be a power in watts, from 0 to 100000, got 1e+308");
  row("fabric latency", [](Scenario& s) { s.cluster.fabric.switch_latency_s = 1e300; },
      "cluster.fabric_spec.switch_latency_s", "must be a latency in seconds, from 0 to 1");
  row("fabric bandwidth", [](Scenario& s) { s.cluster.fabric.nic_busbw = 1e-300; },
      "cluster.fabric_spec.nic_busbw_bytes_per_s", "must be a bandwidth in bytes/s, from 1000000 to 1e+15");
  // Names are UTF-8: the JSON output and the library hold nothing else.
  row("Latin-1 name", [](Scenario& s) { s.name = "Caf\xE9 plan"; }, "name", "must be valid UTF-8 text");
}

void TstValidate::problems() {
  QFETCH(Mutation, mutate);
  QFETCH(QString, field);
  QFETCH(QString, reason);
  Scenario s = default_scenario();
  mutate(s);
  const auto problems = validate(s);
  QString all;
  bool found = false;
  for (const Problem& p : problems) {
    all += QString::fromStdString(p.text()) + "\n";
    if (QString::fromStdString(p.field) == field && QString::fromStdString(p.message).contains(reason)) found = true;
  }
  QVERIFY2(found, qPrintable("expected '" + field + ": " + reason + "' in:\n" + all));
  // Every message is a reason of the catalogue with its arguments put in (so that the GUI can
  // say it in Chinese from the template): numbers, the catalogue's phrases, or what the user
  // typed or chose (a GPU's id or name, a fabric kind).
  const QRegularExpression number(QStringLiteral("^[-+0-9.e]+$|^[0-9A-F]{2}$|^[0-9]+(, [0-9]+)*( or [0-9]+)?$"));
  for (const Problem& p : problems) {
    QVERIFY2(std::find(std::begin(kProblemReasons), std::end(kProblemReasons), p.reason) != std::end(kProblemReasons),
             qPrintable(QString::fromStdString(p.text())));
    QCOMPARE(fill_reason(p.reason, p.args), p.message);
    if (p.reason == reasons::gpu_memory || p.reason == reasons::fabric_kind || p.reason == reasons::no_fp8) continue;
    for (const std::string& a : p.args)
      QVERIFY2(number.match(QString::fromStdString(a)).hasMatch() ||
                   std::find(std::begin(kProblemPhrases), std::end(kProblemPhrases), a) != std::end(kProblemPhrases),
               qPrintable(QString::fromStdString(p.text() + " | argument '" + a + "' is neither a number nor a phrase")));
  }
}

void TstValidate::derivedDp() {
  // DP left at 0 is derived: 32 GPUs / (TP 8 x PP 2 x CP 1) = 2.
  Scenario s = default_scenario();
  s.parallel.dp = 0;
  s.parallel.pp = 2;
  QVERIFY(validate(s).empty());
  QCOMPARE(s.data_parallel(), 2);
}

// The eight fields bounded by kMaxHeadsExpertsDegree accept it and refuse one more, naming the
// field and the bound.
void TstValidate::sharedUpperBound() {
  QCOMPARE(kMaxHeadsExpertsDegree, 65536);
  struct Field {
    const char* name;
    int* (*at)(Scenario&);
  };
  const Field fields[] = {
      {"model.heads", [](Scenario& s) { return &s.model.heads; }},
      {"model.kv_heads", [](Scenario& s) { return &s.model.kv_heads; }},
      {"model.head_dim", [](Scenario& s) { return &s.model.head_dim; }},
      {"model.experts", [](Scenario& s) { return &s.model.experts; }},
      {"parallelism.tp", [](Scenario& s) { return &s.parallel.tp; }},
      {"parallelism.pp", [](Scenario& s) { return &s.parallel.pp; }},
      {"parallelism.cp", [](Scenario& s) { return &s.parallel.cp; }},
      {"parallelism.ep", [](Scenario& s) { return &s.parallel.ep; }},
  };
  const std::string over = "must be at most " + std::to_string(kMaxHeadsExpertsDegree) + ", got " +
                           std::to_string(kMaxHeadsExpertsDegree + 1);
  for (const Field& f : fields) {
    for (const int value : {kMaxHeadsExpertsDegree, kMaxHeadsExpertsDegree + 1}) {
      Scenario s = default_scenario();
      *f.at(s) = value;
      bool bounded = false;
      for (const Problem& p : validate(s))
        if (p.field == f.name && p.message.rfind("must be at most", 0) == 0) {
          bounded = true;
          QCOMPARE(p.message, over);
        }
      QVERIFY2(bounded == (value > kMaxHeadsExpertsDegree), f.name);
    }
  }
}

// The reasons are distinct templates whose placeholders run %1..%n without a gap, and filling
// one puts each argument where its number stands.
void TstValidate::reasonCatalogue() {
  for (std::size_t i = 0; i < std::size(kProblemReasons); ++i) {
    const std::string_view r = kProblemReasons[i];
    for (std::size_t j = i + 1; j < std::size(kProblemReasons); ++j) QVERIFY(r != kProblemReasons[j]);
    int highest = 0;
    for (std::size_t k = 0; k + 1 < r.size(); ++k)
      if (r[k] == '%' && r[k + 1] >= '1' && r[k + 1] <= '9') highest = std::max(highest, r[k + 1] - '0');
    for (int n = 1; n <= highest; ++n)
      QVERIFY2(r.find("%" + std::to_string(n)) != std::string_view::npos, std::string(r).c_str());
  }
  QCOMPARE(fill_reason(reasons::not_divides, {"6", "64", "attention heads"}), std::string("6 does not divide 64 attention heads"));
  QCOMPARE(fill_reason(reasons::payment_slot, {"rent"}), std::string("must be 'rent' in the rent slot"));
  const Problem p = make_problem("parallelism.tp", reasons::at_least, {"1", "0"});
  QCOMPARE(p.text(), std::string("parallelism.tp: must be at least 1, got 0"));
  QCOMPARE(p.args.size(), std::size_t(2));
}

QTEST_APPLESS_MAIN(TstValidate)
#include "tst_validate.moc"
