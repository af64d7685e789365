// Benchmark: the auto-planner's whole search, with one thread and with every core.
// 1. Llama-3-405B on 16,384 H100s (NDR InfiniBand) with every knob varying (the defaults).
// 2. GPT-3 175B on 64 A100s with the knobs Calculon searches: TP, PP, DP (derived),
//    micro-batch, recompute, ZeRO-1 on/off.
// 3. GPT-3 175B on 64 A100s with every knob varying (the default space).
// "Evaluated" counts layouts that pass the divisibility check (each is estimated, or rejected by
// its memory alone: a layout that does not fit needs no more of its estimate); "fully estimated"
// counts those that fit.
#include <QtTest>

#include <ctime>

#include "plan/planner.h"
#include "plan/thread_pool.h"

using namespace cp;

namespace {

Scenario llama405b() {
  Scenario s = default_scenario();
  s.model_id = "llama-3-405b";
  s.model = find_model_preset("llama-3-405b")->shape;
  s.training.seq = 8192;
  s.training.global_batch = 2048;  // 16M tokens per step (Llama 3, Table 4)
  s.training.tokens = 15.6e12;
  s.cluster.gpu = *find_gpu("h100-sxm");
  s.cluster.fabric = *find_fabric("ib-ndr");
  s.cluster.nodes = 2048;
  return s;
}

Scenario gpt3() {
  Scenario s = default_scenario();
  s.model_id = "gpt3-175b";
  s.model = find_model_preset("gpt3-175b")->shape;
  s.training.seq = 2048;
  s.training.global_batch = 1536;
  s.training.tokens = 300e9;
  s.cluster.gpu = *find_gpu("a100-80gb-sxm");
  s.cluster.fabric = *find_fabric("ib-hdr");
  s.cluster.nodes = 8;
  return s;
}

SearchSpace calculon_space() {
  SearchSpace sp;
  sp.cp = {1};
  sp.ep = {1};
  sp.vpp = {1};
  sp.sp = {0};
  sp.zero = {Zero::Stage0, Zero::Stage1};
  return sp;  // TP, PP, micro-batch and recompute: every valid value
}

// CPU seconds of the whole process (all threads): the per-core rate does not depend on how busy
// the machine is with other work, which the wall-clock figures do.
double process_cpu_s() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

void run(const char* name, const Scenario& s, const SearchSpace& sp) {
  double rate1 = 0;
  for (int threads : {1, hardware_threads()}) {
    PlanOptions opt;
    opt.objective = Objective::Throughput;
    opt.threads = threads;
    const PlanResult warm = plan(s, sp, opt);  // first touch of pages and caches
    QVERIFY(warm.ok());
    const double cpu0 = process_cpu_s();
    const PlanResult r = plan(s, sp, opt);
    const double cpu_s = process_cpu_s() - cpu0;
    QVERIFY(r.ok());
    QVERIFY(r.feasible > 0);
    const double rate = r.evaluated / r.elapsed_s;
    if (threads == 1) rate1 = rate;
    const long long full = r.evaluated - r.rejected[std::size_t(PlanReason::Memory)];
    qInfo("%s: %d thread(s): %lld considered, %lld rejected by divisibility, %lld evaluated, %lld feasible; "
          "%.3f s wall, %.3f s CPU; %.2f M evaluated/s wall, %.2f M/s per CPU-second (%lld of them fitted and "
          "were fully estimated)%s",
          name, r.threads, r.considered, r.rejected_divisibility, r.evaluated, r.feasible, r.elapsed_s, cpu_s,
          rate / 1e6, r.evaluated / cpu_s / 1e6, full,
          threads > 1 ? qPrintable(QString(", speed-up %1x").arg(rate / rate1, 0, 'f', 2)) : "");
    if (threads == 1 && !r.top.empty())
      qInfo("  best: %s, %.0f tokens/s, MFU %.3f", layout_text(r.top.front().layout).c_str(),
            r.top.front().metrics.tokens_per_s, r.top.front().estimate.throughput.mfu);
    if (hardware_threads() == 1) break;
  }
}

}  // namespace

class BenchPlanner : public QObject {
  Q_OBJECT
 private slots:
  void llama405bEverything() { run("llama-3-405b on 16384 h100", llama405b(), SearchSpace{}); }
  void gpt3Calculon() { run("gpt3-175b on 64 a100 (calculon knobs)", gpt3(), calculon_space()); }
  void gpt3Everything() { run("gpt3-175b on 64 a100 (default space)", gpt3(), SearchSpace{}); }
};

QTEST_APPLESS_MAIN(BenchPlanner)
#include "bench_planner.moc"
