// The validation corpus: published, measured training runs (tests/data/*.json, one file per
// source; the format is described in tests/data/README.md). Each run is a clusterplan-cli
// `estimate` command line, built into a Scenario by the CLI's own option parser and scenario
// builder, estimated by the engine, and compared with the figure the source publishes, in
// the source's own metric.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/estimate.h"
#include "engine/scenario.h"

namespace cp::corpus {

// The figure a source publishes. Each is compared with the engine's figure of the same
// convention (see tests/data/README.md).
enum class Metric {
  ModelTflopsPerGpu,     // model FLOPs (no recomputation), full s^2 attention: throughput.model_tflops_per_gpu
  HardwareTflopsPerGpu,  // recomputed forward counted: throughput.hardware_tflops_per_gpu
  TokensPerSPerGpu,      // throughput.tokens_per_s / GPUs
  StepS,                 // seconds per optimizer step: step.step_s
  Mfu,                   // fraction of the dense peak (0.5 = 50%): throughput.mfu
};
const char* to_string(Metric m);

// The fields every source must give (tests/data/README.md).
inline constexpr const char* kRequiredSourceFields[] = {
    "id", "title", "citation", "url", "date", "family", "how_found", "states", "assumptions", "flop_convention"};

// The locked test set (tests/data/README.md, "The locked split"): a source is locked when the
// FNV-1a 64 hash of kSplitSeed followed by its id is a multiple of 3. Written down before any
// engine change of the accuracy work; a source added later is split by the same rule. Locked
// sources take no part in fitting, cross-validation, bounds or the printed tables: they are
// reported once, at the end (CLUSTERPLAN_LOCKED_REPORT=1, tst_corpus::lockedReport).
inline constexpr const char* kSplitSeed = "clusterplan locked split 2026-12-05/";
bool is_locked(const std::string& source_id);

struct Source {
  std::string file;  // file name inside the data directory
  bool locked = false;  // is_locked(id)
  std::string added;    // "YYYY-MM-DD" for a source added with or after the split; "" before it
  std::string dir;   // the data directory: relative --hf-config paths are read from it
  std::string id, title, citation, url, date, family, how_found, states, assumptions, flop_convention;
  bool in_calibration_set = false;        // published-runs.md sections A-C
  bool hardware_matches_catalog = true;   // false: the GPUs differ from the catalog entry used
  std::string defaults;                   // CLI options common to the source's runs
};

struct Run {
  int source = -1;  // index into Corpus::sources
  std::string label;
  std::string args;  // the run's own options; the source's defaults come first
  Metric metric = Metric::TokensPerSPerGpu;
  double published = 0;
  nlohmann::json stack;  // framework, fp8, tp_overlap, ... (what the source states)
  std::string notes;
  double measured_memory_gib = 0;  // peak memory per GPU the source measured (GiB); 0: not given
  std::string not_fitted;  // non-empty: why the run is reported but left out of the fit

  // Filled by evaluate().
  std::string error;       // empty when the run parsed, built, validated and estimated
  bool built = false;      // the scenario parsed, built and validated
  Scenario scenario;
  Estimate estimate;
  double predicted = 0;    // the engine's figure in the source's metric
  double signed_error = 0; // predicted / published - 1
  double speed_error = 0;  // the same error as throughput: > 0 means the engine is optimistic
                           // (for step_s: published / predicted - 1)
};

struct Corpus {
  std::vector<Source> sources;
  std::vector<Run> runs;
  std::vector<std::string> problems;  // "FILE: key: reason", one per problem found while loading
};

// Every *.json file in `dir`, in name order. Problems (unreadable file, missing or mistyped
// field, unknown metric, non-positive figure, duplicate source id) are collected, not thrown.
// `split`: the development sources (the default: what the engine is developed and fitted on),
// the locked ones, or all.
enum class Split { Development, Locked, All };
Corpus load_corpus(const std::string& dir, Split split = Split::Development);

// The whole command line of a run: the source's defaults, then the run's options.
std::vector<std::string> command_words(const Source& s, const Run& r);

// Parses, builds, validates and estimates every run; fills the Run's result fields.
void evaluate(Corpus& c);

// Estimates an evaluated run again from its scenario under `calibration` and fills its result
// fields; a run that did not build is left as it is.
void reestimate(Run& r, const Calibration& calibration = calib::kCalibrated);

// Whether the run takes part in the calibration fit and the cross-validation: its source's
// GPUs are the catalog's (hardware_matches_catalog) and the run is not marked not_fitted.
bool fitted(const Corpus& c, const Run& r);

// Buckets for the bias table: each returns the bucket's name for a run.
std::string tp_bucket(const Run& r);     // "TP 1-2", "TP 4", "TP 8"
std::string size_bucket(const Run& r);   // "<15B", "15-100B", ">100B" (total parameters)
std::string gpu_bucket(const Run& r);    // "A100", "H100", or the GPU id
std::string moe_bucket(const Run& r);    // "dense", "MoE"
std::string sharding_bucket(const Run& r);  // "FSDP/ZeRO-3", "Megatron (ZeRO 0-2, distopt)"

struct ErrorStats {
  int n = 0;
  double mean_abs = 0;     // mean |speed_error|
  double mean_signed = 0;  // mean speed_error (> 0: optimistic)
  double worst = 0;        // the largest |speed_error|
};
ErrorStats stats(const std::vector<const Run*>& runs);

}  // namespace cp::corpus
