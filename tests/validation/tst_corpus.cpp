// The validation corpus (tests/data, issue 17): every published run loads, builds through the
// CLI's own parser, validates and estimates; the per-source and per-bucket errors are printed;
// the overall in-sample error is held so that a regression fails. The thresholds are today's
// measured values rounded up; calibration (issue 17, cross-validation) is to tighten them.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <set>

#include "corpus.h"

using namespace cp::corpus;

namespace {

// Issue 17: at least 60 runs from at least 10 independent sources.
constexpr int kMinRuns = 60;
constexpr int kMinSources = 10;
constexpr int kMinFamilies = 10;  // sources of one organisation's lineage count once

// In-sample errors of the engine on the whole corpus, rounded up: a regression beyond them
// fails. Before issue 17's calibration: 41.0% mean absolute, +40.4% signed, 7.5% on the
// calibration set. After it (the stack inputs, fp8 attention in bf16, the constants fitted by
// tst_calibration), refitted after the fabric and accounting physics were merged: 10.4% mean
// absolute, +5.6% signed over all 132 runs (the 19 runs left out of the fit included), 5.3% on
// the calibration set. With the FSDP overlap physics and PyTorch's FlashAttention-2 kernels at
// their Hopper rate (issue 17, accuracy branch): 6.9% mean absolute, +2.3% signed, 5.2% on the
// calibration set. With torchtitan's selective-op recomputation and PyTorch FSDP's copies
// (accuracy3 branch): 6.4% mean absolute, +2.0% signed (the 19 runs not fitted 12.1%), 5.5% on
// the calibration set. With the attention kernel and gradient-accumulation fusion as inputs
// (136 runs: FlashAttention-2's paper adds its FlashAttention 1 column): 5.7% mean absolute,
// +0.9% signed, 5.1% on the calibration set. With the fused cross-entropy as an input and the
// flash-attention sources read from their configs (dropout on, micro-batches, FlashAttention 1
// for the 2022 README table): 5.3% mean absolute, +1.6% signed (the refit's gemm_k_overhead 400
// makes the Megatron rows a little faster), 5.0% on the calibration set. The cross-validated
// figures are held by tst_calibration. With the expert all-to-all overlap, Megatron-Bridge's MoE
// table (139 runs) and the refit (gemm_k_overhead 496): 5.1% mean absolute, -0.9% signed, 5.7%
// on the calibration set (-3.8% signed: Megatron-Core r0.8's H100 rows read slow). With
// Megatron-Core's TP overlap hiding 15/16 (Transformer Engine's userbuffers methods) and DGXC's
// Grok-1 and Nemotron-4 340B on FlashAttention-2: 4.7% mean absolute, -0.1% signed, 4.7% on the
// calibration set (-2.6% signed). With Megatron-Core's interleaved schedule overlapping its
// steady-state pipeline sends: 4.8% mean absolute, +0.4% signed, 4.7% on the calibration set;
// with DeepSpeed's pipeline engine charged per layer: 4.8%, +0.5%, 4.7%. With Megatron-Bridge's
// dense Llama 3 table (143 runs: the corpus's first B200 rows, B200 8B -2.0%, B200 405B +15.2%,
// H100 70B -6.7%, H100 405B +7.5%) and Blackwell's halved tile overhead: 4.8%, +0.55%, 4.7%; the
// optimism bound moves by what the new source adds (its mean, +3.5%, over 143 runs), no more.
// With the measured fp8-over-bf16 matmul ratio per GPU (H100 0.883, B200 0.983) as the fp8 rate:
// 4.6%, -0.8% signed, 4.7%; the optimism bound is back at +0.5%.
constexpr double kMaxMeanAbsError = 0.047;
constexpr double kMaxMeanSignedError = 0.005;  // optimism (speed error > 0) may not grow either
constexpr double kMaxCalibrationSetError = 0.048;

std::string data_dir() { return CLUSTERPLAN_CORPUS_DIR; }

const Corpus& corpus() {
  static Corpus c = [] {
    Corpus x = load_corpus(data_dir());
    evaluate(x);
    return x;
  }();
  return c;
}

std::vector<const Run*> all_runs(const Corpus& c) {
  std::vector<const Run*> v;
  for (const Run& r : c.runs) v.push_back(&r);
  return v;
}

void print_stats(const char* name, const ErrorStats& s) {
  std::printf("  %-34s %3d runs  mean |err| %5.1f%%  mean signed %+6.1f%%  worst %5.1f%%\n", name, s.n,
              100 * s.mean_abs, 100 * s.mean_signed, 100 * s.worst);
}

void print_buckets(const Corpus& c, const char* title, const std::function<std::string(const Run&)>& bucket) {
  std::printf("%s\n", title);
  std::map<std::string, std::vector<const Run*>> groups;
  for (const Run& r : c.runs)
    if (r.error.empty()) groups[bucket(r)].push_back(&r);
  for (const auto& [name, runs] : groups) print_stats(name.c_str(), stats(runs));
}

// The tables of docs/validation-corpus.md, written when CLUSTERPLAN_CORPUS_MARKDOWN names a file.
void write_markdown(const Corpus& c, const std::string& path) {
  std::ofstream out(path);
  auto row = [&](const std::string& name, const ErrorStats& s) {
    char line[256];
    std::snprintf(line, sizeof line, "| %s | %d | %.1f%% | %+.1f%% | %.1f%% |\n", name.c_str(), s.n, 100 * s.mean_abs,
                  100 * s.mean_signed, 100 * s.worst);
    out << line;
  };
  out << "| source | runs | mean abs error | mean signed error | worst |\n|---|---|---|---|---|\n";
  for (std::size_t i = 0; i < c.sources.size(); ++i) {
    std::vector<const Run*> runs;
    for (const Run& r : c.runs)
      if (r.source == int(i)) runs.push_back(&r);
    row(c.sources[i].id, stats(runs));
  }
  std::vector<const Run*> all;
  for (const Run& r : c.runs) all.push_back(&r);
  row("**all**", stats(all));
  const std::pair<const char*, std::function<std::string(const Run&)>> buckets[] = {
      {"TP degree", tp_bucket}, {"model size", size_bucket}, {"GPU", gpu_bucket},
      {"dense / MoE", moe_bucket}, {"sharding", sharding_bucket}};
  out << "\n| bucket | runs | mean abs error | mean signed error | worst |\n|---|---|---|---|---|\n";
  for (const auto& [title, f] : buckets) {
    std::map<std::string, std::vector<const Run*>> groups;
    for (const Run& r : c.runs) groups[f(r)].push_back(&r);
    for (const auto& [name, runs] : groups) row(std::string(title) + ": " + name, stats(runs));
  }
  out << "\n| source | run | metric | published | engine | speed error |\n|---|---|---|---|---|---|\n";
  for (const Run& r : c.runs) {
    char line[512];
    std::snprintf(line, sizeof line, "| %s | %s | %s | %.4g | %.4g | %+.1f%% |\n", c.sources[std::size_t(r.source)].id.c_str(),
                  r.label.c_str(), to_string(r.metric), r.published, r.predicted, 100 * r.speed_error);
    out << line;
  }
}

void write_file(const QString& path, const char* text) {
  std::ofstream(path.toStdString()) << text;
}

}  // namespace

class TstCorpus : public QObject {
  Q_OBJECT
 private slots:
  void corpusSize();
  void everySourceStatesWhatItIs();
  void badFilesAreReported_data();
  void badFilesAreReported();
  void everyRunEstimates();
  void cliAcceptsEveryRun();
  void report();
};

void TstCorpus::corpusSize() {
  const Corpus& c = corpus();
  for (const std::string& p : c.problems) qWarning("%s", p.c_str());
  QVERIFY2(c.problems.empty(), c.problems.empty() ? "" : c.problems.front().c_str());
  std::set<std::string> families;
  for (const Source& s : c.sources) families.insert(s.family);
  qInfo("corpus: %d runs, %d sources, %d families", int(c.runs.size()), int(c.sources.size()), int(families.size()));
  QVERIFY2(int(c.runs.size()) >= kMinRuns, qPrintable(QString("%1 runs").arg(c.runs.size())));
  QVERIFY2(int(c.sources.size()) >= kMinSources, qPrintable(QString("%1 sources").arg(c.sources.size())));
  QVERIFY2(int(families.size()) >= kMinFamilies, qPrintable(QString("%1 families").arg(families.size())));
}

void TstCorpus::everySourceStatesWhatItIs() {
  // The loader refuses a file without these; check the loaded values too, so that a loader
  // that stopped checking would fail here.
  const Corpus& c = corpus();
  QVERIFY(!c.sources.empty());
  std::set<std::string> ids;
  for (const Source& s : c.sources) {
    for (const std::string* f : {&s.id, &s.title, &s.citation, &s.url, &s.date, &s.family, &s.how_found, &s.states,
                                 &s.assumptions, &s.flop_convention})
      QVERIFY2(!f->empty(), s.file.c_str());
    QVERIFY2(ids.insert(s.id).second, s.id.c_str());
    QVERIFY2(s.file == s.id + ".json", qPrintable(QString::fromStdString(s.file + " holds source id " + s.id)));
  }
}

void TstCorpus::badFilesAreReported_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("expected");
  const char* good_source =
      R"("source": {"id": "x", "title": "t", "citation": "c", "url": "u", "date": "d", "family": "f",
         "how_found": "h", "states": "s", "assumptions": "a", "flop_convention": "n", "in_calibration_set": false})";
  const QString head = QString(R"({"format": "clusterplan-validation-source", "version": 1, %1, )").arg(good_source);
  QTest::newRow("not json") << "{" << "x.json: is not a JSON object";
  QTest::newRow("missing citation")
      << R"({"format": "clusterplan-validation-source", "source": {"id": "x"}, "runs": []})"
      << "x.json: source.citation: is missing";
  QTest::newRow("no runs") << head + R"("runs": []})" << "x.json: runs: must be a non-empty array";
  QTest::newRow("unknown metric")
      << head + R"("runs": [{"label": "a", "args": "--gpus 8", "metric": "tflops", "published": 1, "stack": {}}]})"
      << "x.json: runs[0].metric: 'tflops' is not one of";
  QTest::newRow("zero published")
      << head + R"("runs": [{"label": "a", "args": "--gpus 8", "metric": "step_s", "published": 0, "stack": {}}]})"
      << "x.json: runs[0].published: must be a finite number above 0";
  QTest::newRow("mfu in percent")
      << head + R"("runs": [{"label": "a", "args": "--gpus 8", "metric": "mfu", "published": 45, "stack": {}}]})"
      << "x.json: runs[0].published: an MFU is a fraction below 1";
  QTest::newRow("no stack")
      << head + R"("runs": [{"label": "a", "args": "--gpus 8", "metric": "step_s", "published": 1}]})"
      << "x.json: runs[0].stack: must be an object";
}

void TstCorpus::badFilesAreReported() {
  QFETCH(QString, text);
  QFETCH(QString, expected);
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  write_file(dir.filePath("x.json"), text.toUtf8().constData());
  const Corpus c = load_corpus(dir.path().toStdString());
  QVERIFY2(c.runs.empty(), "a file with problems contributes no run");
  bool found = false;
  for (const std::string& p : c.problems) found = found || QString::fromStdString(p).startsWith(expected);
  QVERIFY2(found, qPrintable(c.problems.empty() ? QString("no problem reported")
                                                : QString::fromStdString(c.problems.front())));
}

void TstCorpus::everyRunEstimates() {
  const Corpus& c = corpus();
  QVERIFY(!c.runs.empty());
  for (const Run& r : c.runs) {
    const Source& s = c.sources[std::size_t(r.source)];
    QVERIFY2(r.error.empty(), qPrintable(QString::fromStdString(s.id + " / " + r.label + ": " + r.error)));
    QVERIFY2(std::isfinite(r.speed_error), qPrintable(QString::fromStdString(r.label)));
  }
}

void TstCorpus::cliAcceptsEveryRun() {
  // The same command lines through the built clusterplan-cli: exit 0 and JSON on stdout.
  const QString cli = qEnvironmentVariable("CLUSTERPLAN_CLI");
  if (cli.isEmpty()) QSKIP("CLUSTERPLAN_CLI is not set (run through ctest)");
  const Corpus& c = corpus();
  for (const Run& r : c.runs) {
    QStringList args{"estimate"};
    for (const std::string& w : command_words(c.sources[std::size_t(r.source)], r)) args << QString::fromStdString(w);
    args << "--format" << "json";
    QProcess p;
    p.start(cli, args);
    QVERIFY(p.waitForFinished(30000));
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
             qPrintable(QString::fromStdString(r.label) + ": " + QString::fromUtf8(p.readAllStandardError())));
    QVERIFY2(p.readAllStandardOutput().startsWith("{"), qPrintable(QString::fromStdString(r.label)));
  }
}

void TstCorpus::report() {
  const Corpus& c = corpus();
  std::printf("\nPer run (speed error: > 0 means the engine is faster than measured, i.e. optimistic)\n");
  for (const Run& r : c.runs) {
    const Source& s = c.sources[std::size_t(r.source)];
    const cp::MemoryEstimate& m = r.estimate.memory;
    std::printf("  %-32s %-46s %-23s published %10.2f engine %10.2f  %+6.1f%%  memory %5.1f/%3.0f GiB%s\n", s.id.c_str(),
                r.label.c_str(), to_string(r.metric), r.published, r.predicted, 100 * r.speed_error,
                m.peak.total() / (1 << 30), m.capacity / (1 << 30), m.fits ? "" : " DOES NOT FIT");
    if (r.measured_memory_gib > 0)
      std::printf("  %-32s %-46s measured peak memory %5.1f GiB, engine %5.1f GiB (%+.0f%%)\n", "", "", r.measured_memory_gib,
                  m.peak.total() / (1 << 30), 100 * (m.peak.total() / (1 << 30) / r.measured_memory_gib - 1));
  }
  std::printf("\nPer source\n");
  for (std::size_t i = 0; i < c.sources.size(); ++i) {
    std::vector<const Run*> runs;
    for (const Run& r : c.runs)
      if (r.source == int(i)) runs.push_back(&r);
    print_stats(c.sources[i].id.c_str(), stats(runs));
  }
  print_buckets(c, "\nBy TP degree", tp_bucket);
  print_buckets(c, "By model size (total parameters)", size_bucket);
  print_buckets(c, "By GPU", gpu_bucket);
  print_buckets(c, "Dense or MoE", moe_bucket);
  print_buckets(c, "Sharding", sharding_bucket);
  print_buckets(c, "Calibration set (published-runs.md A-C) or not",
                [&](const Run& r) { return c.sources[std::size_t(r.source)].in_calibration_set ? "calibration set" : "outside it"; });
  const ErrorStats all = stats(all_runs(c));
  std::printf("\n");
  print_stats("ALL", all);
  std::fflush(stdout);
  if (const QString md = qEnvironmentVariable("CLUSTERPLAN_CORPUS_MARKDOWN"); !md.isEmpty()) write_markdown(c, md.toStdString());
  QCOMPARE(all.n, int(c.runs.size()));
  QVERIFY2(all.mean_abs <= kMaxMeanAbsError,
           qPrintable(QString("mean |error| %1% > %2%").arg(100 * all.mean_abs).arg(100 * kMaxMeanAbsError)));
  std::vector<const Run*> calibration;
  for (const Run& r : c.runs)
    if (c.sources[std::size_t(r.source)].in_calibration_set) calibration.push_back(&r);
  const ErrorStats cal = stats(calibration);
  QVERIFY2(cal.n >= 27, qPrintable(QString("%1 calibration runs").arg(cal.n)));
  QVERIFY2(cal.mean_abs <= kMaxCalibrationSetError,
           qPrintable(QString("calibration set: mean |error| %1% > %2%").arg(100 * cal.mean_abs).arg(100 * kMaxCalibrationSetError)));
  QVERIFY2(all.mean_signed <= kMaxMeanSignedError,
           qPrintable(QString("mean signed error %1% > %2%").arg(100 * all.mean_signed).arg(100 * kMaxMeanSignedError)));
}

QTEST_GUILESS_MAIN(TstCorpus)
#include "tst_corpus.moc"
