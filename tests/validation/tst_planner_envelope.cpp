// The planner inside the envelope (issue 17): on six realistic questions, `plan --top 1` with
// the throughput objective and the default search space must not pick a layout whose MFU is
// beyond what has been published for its class plus about 10%: 60% on A100, 55% on H100
// (dense and MoE). An optimistic engine drifts outside this envelope first on the layouts it
// overrates, so the winner's MFU is the planner-level check of the calibration.
#include <QtTest>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <string_view>
#include <sstream>

#include "cli/cli.h"

using nlohmann::json;

namespace {

// The best published MFU per class, plus about 10% (issue 17): A100 ~54% (Megatron-LM 1T,
// Narayanan et al. 2021: 163 of 312 TFLOP/s hardware, about 52% model), H100 ~50% (Megatron-
// Core r0.8 16B: 489 of 989 TFLOP/s).
constexpr double kMaxMfuA100 = 0.60;
constexpr double kMaxMfuH100 = 0.55;

struct Question {
  const char* name;
  const char* model;
  const char* gpu;
  const char* gpus;
  const char* fabric;
  const char* seq;
  const char* global_batch;
  double max_mfu;
};

constexpr Question kQuestions[] = {
    {"GPT-3 175B", "gpt3-175b", "a100-80gb-sxm", "1024", "ib-hdr", "2048", "1536", kMaxMfuA100},
    {"LLaMA-65B", "llama-65b", "a100-80gb-sxm", "2048", "ib-hdr", "2048", "2048", kMaxMfuA100},
    {"Llama-2-7B", "llama-2-7b", "a100-80gb-sxm", "64", "ib-hdr", "4096", "1024", kMaxMfuA100},
    {"Llama-3-70B", "llama-3-70b", "h100-sxm", "256", "ib-ndr", "8192", "1024", kMaxMfuH100},
    {"Llama-3-405B", "llama-3-405b", "h100-sxm", "16384", "ib-ndr", "8192", "2048", kMaxMfuH100},
    {"Mixtral 8x7B", "mixtral-8x7b", "h100-sxm", "256", "ib-ndr", "4096", "1024", kMaxMfuH100},
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
  // Known failures (issue 17, 2026-12): the winners of these three questions drop recomputation
  // and pick TP 1-4 with ZeRO-1/3, TP overlap, CP and deep interleaving at 66-72% MFU (GPT-3
  // 68.0%, LLaMA-65B 66.3% with FSDP once ZeRO-2's gradient buckets are counted, Llama-2-7B
  // 71.5%; 67-73% before the expert all-to-all overlap's refit). The cross-validated A100 bias
  // is +0.6% since that refit: what is left is the layouts no published A100 run used
  // (Megatron-Core's TP overlap and CP on A100, no recomputation at 175B). Restricted to the published layout families (VPP <= 3, no CP, ZeRO-1) they still
  // read 67.2%, 59.7% and 72.9% (docs/model.md, "What the corners are worth"): the corners add
  // little except for LLaMA-65B; the engine is still optimistic on A100 (cross-validated bias
  // +6.2%, TP 1-2 +5.5%). For Llama-2-7B the 60% bound is below what is published for its class
  // (FlashAttention-2's GPT runs 66-72% MFU on A100, MPT-7B 64%; docs/model.md, "The planner
  // questions"). QEXPECT_FAIL keeps the check: it turns into a failure (XPASS) the day a
  // winner comes inside the envelope, and this list must then shrink. Llama-3-70B left the list
  // when the fabric and accounting physics (ZeRO-2 per micro-batch, the ZeRO-3 working set,
  // headroom, per-layer collective latency) were merged under the calibration: its winner
  // (TP 1, CP 4, ZeRO-3) reads 54.9%, inside the 55% envelope.
  if (q.name == std::string_view("GPT-3 175B") || q.name == std::string_view("LLaMA-65B") ||
      q.name == std::string_view("Llama-2-7B"))
    QEXPECT_FAIL("", "winner outside the MFU envelope until the small-TP/FSDP bias is fixed", Continue);
  QVERIFY2(mfu <= q.max_mfu, qPrintable(QString("%1: the winner's MFU %2% is above %3%")
                                             .arg(q.name)
                                             .arg(100 * mfu, 0, 'f', 1)
                                             .arg(100 * q.max_mfu, 0, 'f', 0)));
}

QTEST_GUILESS_MAIN(TstPlannerEnvelope)
#include "tst_planner_envelope.moc"
