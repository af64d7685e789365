// The validation corpus (tests/data): every published run loads, builds through the
// CLI's own parser, validates and estimates; the per-source and per-bucket errors are printed;
// the overall in-sample error is held so that a regression fails. The thresholds are today's
// measured values rounded up, so that a change that loses accuracy fails.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include "corpus.h"
#include "engine/error_band.h"

using namespace cp::corpus;

namespace {

// At least 60 runs from at least 10 independent sources: no single organisation sets the fit.
constexpr int kMinRuns = 60;
constexpr int kMinSources = 10;
constexpr int kMinFamilies = 10;  // sources of one organisation's lineage count once

// In-sample errors of the engine on the development sources (tests/data/README.md, "The locked
// split"), rounded up: a regression beyond them fails. 41 sources since the split (160
// development runs): 8.8% mean absolute, +4.1% signed, with the constants refitted on them and
// the typical deployment; 4.7% on the calibration set. The history of the figures is in git.
constexpr double kMaxMeanAbsError = 0.089;
constexpr double kMaxMeanSignedError = 0.042;  // optimism (speed error > 0) may not grow either
constexpr double kMaxCalibrationSetError = 0.048;

std::string data_dir() { return CLUSTERPLAN_CORPUS_DIR; }

// The development sources: what the engine is developed and fitted on, and what the bounds
// below hold.
const Corpus& corpus() {
  static Corpus c = [] {
    Corpus x = load_corpus(data_dir());
    evaluate(x);
    return x;
  }();
  return c;
}

// Every source, the locked ones too: that each run builds and estimates says nothing of its error.
const Corpus& whole_corpus() {
  static Corpus c = [] {
    Corpus x = load_corpus(data_dir(), Split::All);
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
  void splitIsWrittenDown();
  void evidenceGapsAreThin();
  void publishedRunsFit();
  void report();
  void lockedReport();
};

// Each evidence gap (engine/error_band.h) names a corner of the layout space that few published
// runs cover: the corpus's runs, every source, counted in each. A gap that grows common in the
// corpus has become evidence and should go (or be redrawn); one that the corpus never reaches
// cannot be checked at all, and is said.
void TstCorpus::evidenceGapsAreThin() {
  const Corpus& c = whole_corpus();
  std::array<int, cp::kEvidenceGapCount> count{};
  int runs = 0;
  for (const Run& r : c.runs) {
    if (!r.built) continue;
    ++runs;
    const cp::Estimate& e = r.estimate;
    const double fraction = e.memory.capacity > 0 ? e.memory.peak.total() / e.memory.capacity : 0;
    const std::uint32_t gaps = cp::evidence_gaps(r.scenario, e.params.total, fraction);
    for (int i = 0; i < cp::kEvidenceGapCount; ++i)
      if (gaps & (1u << unsigned(i))) ++count[std::size_t(i)];
  }
  std::printf("\nEvidence gaps: corpus runs in each corner (of %d)\n", runs);
  for (int i = 0; i < cp::kEvidenceGapCount; ++i)
    std::printf("  %-26s %3d\n", std::string(cp::evidence_gap_code(cp::EvidenceGap(i))).c_str(), count[std::size_t(i)]);
  std::fflush(stdout);
  for (int i = 0; i < cp::kEvidenceGapCount; ++i)
    QVERIFY2(count[std::size_t(i)] <= runs / 10,
             qPrintable(QString("%1: %2 of %3 corpus runs stand there: it is no longer a thin corner")
                            .arg(QString::fromStdString(std::string(cp::evidence_gap_code(cp::EvidenceGap(i)))))
                            .arg(count[std::size_t(i)])
                            .arg(runs)));
}

// Every corpus run ran on its GPUs, so its estimated memory must fit them (memory.total_bytes
// <= memory.capacity_bytes): an estimate that says a published layout does not fit over-counts
// what the framework holds, and would keep the planner from the layouts people run. Checked
// for every source, the locked ones too: it is memory, which every run's file states, not the
// error of a published figure. Each run's memory is printed, with its breakdown when it does
// not fit.
void TstCorpus::publishedRunsFit() {
  const Corpus& c = whole_corpus();
  int over = 0;
  std::printf("\nMemory per GPU of every published run (all sources)\n");
  for (const Run& r : c.runs) {
    if (!r.built) continue;
    const Source& s = c.sources[std::size_t(r.source)];
    const cp::MemoryEstimate& m = r.estimate.memory;
    const cp::MemoryBreakdown& b = m.peak;
    constexpr double G = 1 << 30;
    std::printf("  %-40s %-46s %6.1f/%3.0f GiB%s\n", s.id.c_str(), r.label.c_str(), b.total() / G, m.capacity / G,
                m.fits ? "" : " DOES NOT FIT");
    if (!m.fits) {
      ++over;
      std::printf("      stage %d (%d layers, %.2f in flight): weights %.1f grads %.1f optimizer %.1f activations %.1f "
                  "logits %.1f zero3 %.1f fp8 copies %.1f comm %.2f userbuffers %.2f cp ring %.2f workspaces %.2f "
                  "framework %.2f fragmentation %.1f\n",
                  m.peak_stage, m.peak_stage_layers, m.inflight, b.weights / G, b.gradients / G, b.optimizer / G,
                  b.activations / G, b.loss_logits / G, b.zero3_working / G, b.fp8_weight_copies / G,
                  b.comm_buffers / G, b.tp_overlap_buffers / G, b.cp_ring_buffers / G, b.workspaces / G,
                  b.framework / G, b.fragmentation / G);
    }
  }
  std::fflush(stdout);
  for (const Run& r : c.runs) {
    if (!r.built) continue;
    const cp::MemoryEstimate& m = r.estimate.memory;
    // Known gap: Llama 3 405B on 8,192 H100 (32 micro-batches per pipeline, one-layer chunks,
    // section 3.3.2). The paper's tunable N (contiguous micro-batches per stage) does not lower
    // the count: it ranges from the depth-first N = PP to the breadth-first N = M, and fewer than
    // PP leaves dependency bubbles (Megatron-Core's schedules.py refuses it), so at N = PP the
    // second stage holds the interleaved warm-up, 2 (PP - 2) + (V - 1) N + 1 = 141 one-layer
    // micro-batches of 0.5 GiB, 70 GiB, beside 7.2 GiB of ZeRO-2 states. The published layout
    // fits only without Transformer Engine's userbuffers (Meta's stack is not TE: 2.5 GiB) and
    // with almost none of the engine's 5% allocator fragmentation (Meta tuned the allocator's
    // behaviour by profiling, by how much is not stated). It is left failing, not tuned away
    // (docs/model.md, Memory).
    if (c.sources[std::size_t(r.source)].id == "llama3-405b-2024" && r.label == "405B 8,192 H100 (DP 64)")
      QEXPECT_FAIL("", "Llama 3 405B on 8,192 H100: 86 of 80 GiB (docs/model.md, Memory)", Continue);
    QVERIFY2(m.fits, qPrintable(QString::fromStdString(c.sources[std::size_t(r.source)].id + " / " + r.label) +
                                QString(": ran on its GPUs, estimated at %1 of %2 GiB (%3 runs do not fit)")
                                    .arg(m.peak.total() / (1 << 30), 0, 'f', 1)
                                    .arg(m.capacity / (1 << 30), 0, 'f', 0)
                                    .arg(over)));
  }
}

// The split of tests/data/README.md ("The locked split") is the hash rule's, source by source:
// the table cannot drift from what the tests use, and a new source is split by the same rule.
void TstCorpus::splitIsWrittenDown() {
  std::ifstream in(data_dir() + "/README.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string readme = text.str();
  QVERIFY2(readme.find(std::string("`") + kSplitSeed + "`") != std::string::npos, "the README names the seed");
  const Corpus& c = whole_corpus();
  int locked = 0;
  for (const Source& s : c.sources) {
    QCOMPARE(s.locked, is_locked(s.id));
    locked += s.locked ? 1 : 0;
    const std::string row = "| " + s.id + " | " + (s.locked ? "locked" : "development") + " |";
    QVERIFY2(readme.find(row) != std::string::npos, qPrintable(QString::fromStdString("README lacks the row " + row)));
  }
  QVERIFY2(locked >= 1 && locked < int(c.sources.size()), "both sets hold sources");
  QCOMPARE(int(load_corpus(data_dir()).sources.size()) + locked, int(c.sources.size()));
}

void TstCorpus::corpusSize() {
  const Corpus& c = whole_corpus();
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
  const Corpus& c = whole_corpus();
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
  const Corpus& c = whole_corpus();
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
  const Corpus& c = whole_corpus();
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

// The locked test set, reported once at the end of a round of engine work and never used to
// develop it: run with CLUSTERPLAN_LOCKED_REPORT=1 (docs/model.md holds the one report). Mean
// absolute and signed speed error and the share of runs inside the band shown with the
// estimate, by GPU generation, dense or MoE and software stack, for the sources added with the
// split and the older ones apart (the older ones shaped the engine's earlier choices).
void TstCorpus::lockedReport() {
  if (qgetenv("CLUSTERPLAN_LOCKED_REPORT") != "1")
    QSKIP("the locked set was reported once, before the final fit on every source (docs/model.md, \"The locked "
          "set\"); run again (CLUSTERPLAN_LOCKED_REPORT=1) it measures the fitted constants in sample");
  Corpus c = load_corpus(data_dir(), Split::Locked);
  evaluate(c);
  QVERIFY(c.problems.empty());
  const auto generation = [](const Run& r) {
    const std::string g = gpu_bucket(r);
    if (g.rfind("A100", 0) == 0 || g.rfind("a100", 0) == 0 || g.rfind("a800", 0) == 0) return std::string("Ampere");
    if (g.rfind("H", 0) == 0 || g.rfind("h", 0) == 0) return std::string("Hopper");
    if (g.rfind("b", 0) == 0 || g.rfind("B", 0) == 0) return std::string("Blackwell");
    return g;
  };
  const auto stack_of = [](const Run& r) { return std::string(cp::to_string(r.scenario.training.stack)); };
  struct Row {
    int n = 0, inside = 0;
    double abs = 0, signed_ = 0;
  };
  std::map<std::string, Row> rows;
  const auto add = [&](const std::string& key, const Run& r) {
    Row& x = rows[key];
    const cp::Throughput& t = r.estimate.throughput;
    ++x.n;
    x.abs += std::abs(r.speed_error);
    x.signed_ += r.speed_error;
    if (r.speed_error >= t.band_low_error - 1e-12 && r.speed_error <= t.band_high_error + 1e-12) ++x.inside;
  };
  std::printf("\nThe locked set, per run (speed error > 0: the engine is optimistic)\n");
  for (const Run& r : c.runs) {
    QVERIFY2(r.error.empty(), r.error.c_str());
    const Source& s = c.sources[std::size_t(r.source)];
    const std::string age = s.added.empty() ? "older sources" : "new sources";
    const cp::Throughput& t = r.estimate.throughput;
    std::printf("  %-34s %-46s %+6.1f%%  band %+6.1f%% .. %+6.1f%%\n", s.id.c_str(), r.label.c_str(), 100 * r.speed_error,
                100 * t.band_low_error, 100 * t.band_high_error);
    for (const std::string& scope : {std::string("all"), age}) {
      add(scope, r);
      add(scope + " / GPU " + generation(r), r);
      add(scope + " / " + moe_bucket(r), r);
      add(scope + " / stack " + stack_of(r), r);
    }
  }
  std::printf("\n| scope | runs | mean abs | mean signed | inside the band |\n|---|---|---|---|---|\n");
  for (const auto& [key, x] : rows)
    std::printf("| %s | %d | %.1f%% | %+.1f%% | %d of %d |\n", key.c_str(), x.n, 100 * x.abs / x.n, 100 * x.signed_ / x.n,
                x.inside, x.n);
  std::fflush(stdout);
}

QTEST_GUILESS_MAIN(TstCorpus)
#include "tst_corpus.moc"
