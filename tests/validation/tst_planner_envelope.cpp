// The planner inside the envelope: on six realistic questions, `plan --top 1` with the
// throughput objective and the default search space must not pick a layout whose MFU is beyond
// the best published MFU of its class of job (GPU generation x model size x scale) times about
// 1.1. The envelope is a symptom check: an engine optimistic where no published run stands
// drifts outside it first, on the layouts it overrates; robust ranking (the band's pessimistic
// edge, widened at each evidence gap) keeps the winner inside the evidence, and the typical
// deployment (the rate a Megatron job reaches outside NVIDIA's reference clusters) is what
// brought the A100 65B+ class inside (it read 66-69% at the vendor's rate).
#include <QtTest>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <string_view>
#include <sstream>

#include "cli/cli.h"

using nlohmann::json;

namespace {

struct Question {
  const char* name;
  const char* model;
  const char* gpu;
  const char* gpus;
  const char* fabric;
  const char* seq;
  const char* global_batch;
  double max_mfu;  // the class's best published MFU x 1.1, rounded
  const char* best_published;
};

// The classes and their best published MFU:
//  - >= 30B, TP/PP/FSDP, >= 256 A100: MegaScale (NSDI'24), GPT-3 175B on 1,024 A100, 59.0%
//    (tests/data/megascale-2024-megatron-baseline.json states its runs);
//  - <= 13B, pure DP, <= 64 A100: MPT-7B 64.2% (llm-foundry), FlashAttention-2's GPT 2.7B at
//    2K 65.7%;
//  - H100 dense, Llama-3-70B at 8K: 53-54% (DGX Cloud's Llama 3.1 70B rows); 405B at 16K GPUs:
//    38-43% (Llama 3, DGX Cloud); H100 MoE: 47% (Megatron-Core's Mixtral 8x7B).
// The H100 rows keep a 55% class bound (60% for the 8K 70B), above x 1.1 for 405B and Mixtral.
constexpr Question kQuestions[] = {
    {"GPT-3 175B", "gpt3-175b", "a100-80gb-sxm", "1024", "ib-hdr", "2048", "1536", 0.65, "MegaScale 59.0%"},
    {"LLaMA-65B", "llama-65b", "a100-80gb-sxm", "2048", "ib-hdr", "2048", "2048", 0.65, "MegaScale 59.0%"},
    {"Llama-2-7B", "llama-2-7b", "a100-80gb-sxm", "64", "ib-hdr", "4096", "1024", 0.72, "MPT-7B 64.2%, FA2 GPT 2.7B 65.7%"},
    {"Llama-3-70B", "llama-3-70b", "h100-sxm", "256", "ib-ndr", "8192", "1024", 0.60, "DGX Cloud 53-54%"},
    {"Llama-3-405B", "llama-3-405b", "h100-sxm", "16384", "ib-ndr", "8192", "2048", 0.55, "Llama 3 38-43%"},
    {"Mixtral 8x7B", "mixtral-8x7b", "h100-sxm", "256", "ib-ndr", "4096", "1024", 0.55, "Megatron-Core 47%"},
};

}  // namespace

class TstPlannerEnvelope : public QObject {
  Q_OBJECT
 private slots:
  void winnerInsideEnvelope_data();
  void winnerInsideEnvelope();
};

void TstPlannerEnvelope::winnerInsideEnvelope_data() {
  QTest::addColumn<int>("index");
  for (int i = 0; i < int(std::size(kQuestions)); ++i) QTest::newRow(kQuestions[i].name) << i;
}

void TstPlannerEnvelope::winnerInsideEnvelope() {
  QFETCH(int, index);
  const Question& q = kQuestions[index];
  const std::vector<std::string> args{"plan",     "--model", q.model, "--gpu",          q.gpu,          "--gpus",
                                      q.gpus,     "--fabric", q.fabric, "--seq",        q.seq,          "--global-batch",
                                      q.global_batch, "--objective", "throughput", "--top", "1", "--format", "json"};
  std::ostringstream out, err;
  const int code = cp::cli::run(args, out, err);
  QVERIFY2(code == 0, err.str().c_str());
  const json j = json::parse(out.str());
  QVERIFY(!j["results"].empty());
  const json& w = j["results"][0];
  const json& th = w["estimate"]["throughput"];
  const double mfu = th["mfu"].get<double>();
  const json& l = w["layout"];
  std::printf("  %-13s winner TP %d PP %d VPP %d DP %d CP %d EP %d mb %d recompute %s zero %s: MFU %.1f%% (band %.1f-%.1f%%), %.0f tokens/s\n",
              q.name, l["tp"].get<int>(), l["pp"].get<int>(), l["vpp"].get<int>(), l["dp"].get<int>(), l["cp"].get<int>(),
              l["ep"].get<int>(), l["micro_batch"].get<int>(), l["recompute"].get<std::string>().c_str(),
              l["zero"].get<std::string>().c_str(), 100 * mfu, 100 * th["band"]["low_mfu"].get<double>(),
              100 * th["band"]["high_mfu"].get<double>(), th["tokens_per_s"].get<double>());
  std::fflush(stdout);
  if (!j["outside_evidence"].is_null())
    std::printf("  %-13s %s\n", q.name, j["outside_evidence"]["text"].get<std::string>().c_str());
  std::fflush(stdout);
  QVERIFY2(mfu <= q.max_mfu, qPrintable(QString("%1: the winner's MFU %2% is above %3% (best published: %4)")
                                             .arg(q.name)
                                             .arg(100 * mfu, 0, 'f', 1)
                                             .arg(100 * q.max_mfu, 0, 'f', 0)
                                             .arg(q.best_published)));
}

QTEST_GUILESS_MAIN(TstPlannerEnvelope)
#include "tst_planner_envelope.moc"
