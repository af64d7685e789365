#include "corpus.h"

#include <cstdint>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "cli/estimate_args.h"
#include "cli/scenario_builder.h"
#include "engine/error_band.h"
#include "engine/validate.h"

namespace cp::corpus {

namespace {

struct MetricName {
  Metric metric;
  const char* name;
};
constexpr MetricName kMetrics[] = {
    {Metric::ModelTflopsPerGpu, "model_tflops_per_gpu"},
    {Metric::HardwareTflopsPerGpu, "hardware_tflops_per_gpu"},
    {Metric::TokensPerSPerGpu, "tokens_per_s_per_gpu"},
    {Metric::StepS, "step_s"},
    {Metric::Mfu, "mfu"},
};

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// Reads a required string member; records a problem when it is absent, not a string or empty.
std::string required_string(const nlohmann::json& j, const char* key, const std::string& where,
                            std::vector<std::string>& problems) {
  if (!j.contains(key)) {
    problems.push_back(where + key + ": is missing");
    return {};
  }
  if (!j[key].is_string()) {
    problems.push_back(where + key + ": must be a string");
    return {};
  }
  std::string v = j[key].get<std::string>();
  if (v.empty()) problems.push_back(where + key + ": is empty");
  return v;
}

bool optional_bool(const nlohmann::json& j, const char* key, bool fallback, const std::string& where,
                   std::vector<std::string>& problems) {
  if (!j.contains(key)) return fallback;
  if (!j[key].is_boolean()) {
    problems.push_back(where + key + ": must be true or false");
    return fallback;
  }
  return j[key].get<bool>();
}

void load_file(const std::filesystem::path& path, Corpus& c, std::set<std::string>& ids, Split split) {
  const std::string file = path.filename().string();
  const std::string dir = path.parent_path().string();
  std::ifstream in(path);
  if (!in) {
    c.problems.push_back(file + ": cannot be read");
    return;
  }
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    c.problems.push_back(file + ": is not a JSON object");
    return;
  }
  const std::size_t before = c.problems.size();
  if (j.value("format", std::string()) != "clusterplan-validation-source")
    c.problems.push_back(file + ": format: must be \"clusterplan-validation-source\"");
  if (!j.contains("source") || !j["source"].is_object()) {
    c.problems.push_back(file + ": source: is missing or not an object");
    return;
  }
  const nlohmann::json& js = j["source"];
  Source s;
  s.file = file;
  s.dir = dir;
  const std::string where = file + ": source.";
  std::string* fields[] = {&s.id, &s.title, &s.citation, &s.url, &s.date, &s.family,
                           &s.how_found, &s.states, &s.assumptions, &s.flop_convention};
  static_assert(std::size(kRequiredSourceFields) == std::size(fields));
  for (std::size_t i = 0; i < std::size(fields); ++i)
    *fields[i] = required_string(js, kRequiredSourceFields[i], where, c.problems);
  if (!js.contains("in_calibration_set") || !js["in_calibration_set"].is_boolean())
    c.problems.push_back(where + "in_calibration_set: must be true or false");
  else
    s.in_calibration_set = js["in_calibration_set"].get<bool>();
  s.hardware_matches_catalog = optional_bool(js, "hardware_matches_catalog", true, where, c.problems);
  if (js.contains("added") && !js["added"].is_string()) c.problems.push_back(where + "added: must be a date YYYY-MM-DD");
  else s.added = js.value("added", std::string());
  if (!s.id.empty() && !ids.insert(s.id).second) c.problems.push_back(where + "id: '" + s.id + "' is used by another file");
  if (j.contains("defaults") && !j["defaults"].is_string())
    c.problems.push_back(file + ": defaults: must be a string of CLI options");
  else
    s.defaults = j.value("defaults", std::string());

  if (!j.contains("runs") || !j["runs"].is_array() || j["runs"].empty()) {
    c.problems.push_back(file + ": runs: must be a non-empty array");
    return;
  }
  std::vector<Run> runs;
  std::set<std::string> labels;
  for (std::size_t i = 0; i < j["runs"].size(); ++i) {
    const nlohmann::json& jr = j["runs"][i];
    const std::string rw = file + ": runs[" + std::to_string(i) + "].";
    if (!jr.is_object()) {
      c.problems.push_back(rw.substr(0, rw.size() - 1) + ": must be an object");
      continue;
    }
    Run r;
    r.label = required_string(jr, "label", rw, c.problems);
    if (!r.label.empty() && !labels.insert(r.label).second)
      c.problems.push_back(rw + "label: '" + r.label + "' appears twice in this file");
    r.args = required_string(jr, "args", rw, c.problems);
    const std::string metric = required_string(jr, "metric", rw, c.problems);
    const auto m = std::find_if(std::begin(kMetrics), std::end(kMetrics), [&](const MetricName& n) { return metric == n.name; });
    if (!metric.empty() && m == std::end(kMetrics)) {
      std::string p = rw;
      p += "metric: '";
      p += metric;
      p += "' is not one of: model_tflops_per_gpu, hardware_tflops_per_gpu, tokens_per_s_per_gpu, step_s, mfu";
      c.problems.push_back(std::move(p));
    } else if (m != std::end(kMetrics))
      r.metric = m->metric;
    if (!jr.contains("published") || !jr["published"].is_number())
      c.problems.push_back(rw + "published: must be a number");
    else
      r.published = jr["published"].get<double>();
    if (!(r.published > 0) || !std::isfinite(r.published))
      c.problems.push_back(rw + "published: must be a finite number above 0");
    if (r.metric == Metric::Mfu && r.published >= 1)
      c.problems.push_back(rw + "published: an MFU is a fraction below 1 (0.45 for 45%)");
    if (!jr.contains("stack") || !jr["stack"].is_object())
      c.problems.push_back(rw + "stack: must be an object (what the source states of its software)");
    else
      r.stack = jr["stack"];
    if (jr.contains("notes") && !jr["notes"].is_string()) c.problems.push_back(rw + "notes: must be a string");
    r.notes = jr.value("notes", std::string());
    if (jr.contains("measured_memory_gib")) {
      if (!jr["measured_memory_gib"].is_number() || !(jr["measured_memory_gib"].get<double>() > 0))
        c.problems.push_back(rw + "measured_memory_gib: must be a number above 0 (GiB)");
      else
        r.measured_memory_gib = jr["measured_memory_gib"].get<double>();
    }
    if (jr.contains("not_fitted")) {
      if (!jr["not_fitted"].is_string() || jr["not_fitted"].get<std::string>().empty())
        c.problems.push_back(rw + "not_fitted: must be a non-empty string (why the run is left out of the fit)");
      else
        r.not_fitted = jr["not_fitted"].get<std::string>();
    }
    runs.push_back(std::move(r));
  }
  if (c.problems.size() != before) return;  // a file with problems contributes nothing
  s.locked = is_locked(s.id);
  if ((split == Split::Development && s.locked) || (split == Split::Locked && !s.locked)) return;
  const int index = int(c.sources.size());
  c.sources.push_back(std::move(s));
  for (Run& r : runs) {
    r.source = index;
    c.runs.push_back(std::move(r));
  }
}

double predicted_metric(const Run& r) {
  const Throughput& t = r.estimate.throughput;
  switch (r.metric) {
    case Metric::ModelTflopsPerGpu: return t.model_tflops_per_gpu;
    case Metric::HardwareTflopsPerGpu: return t.hardware_tflops_per_gpu;
    case Metric::TokensPerSPerGpu: return t.tokens_per_s / r.scenario.cluster.total_gpus();
    case Metric::StepS: return r.estimate.step.step_s;
    case Metric::Mfu: return t.mfu;
  }
  return 0;
}

}  // namespace

const char* to_string(Metric m) {
  for (const MetricName& n : kMetrics)
    if (n.metric == m) return n.name;
  return "?";
}

bool is_locked(const std::string& source_id) {
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a 64
  for (const char ch : std::string(kSplitSeed) + source_id) {
    h ^= static_cast<unsigned char>(ch);
    h *= 1099511628211ull;
  }
  return h % 3 == 0;
}

Corpus load_corpus(const std::string& dir, Split split) {
  Corpus c;
  std::error_code ec;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
  if (ec) {
    c.problems.push_back(dir + ": cannot be listed (" + ec.message() + ")");
    return c;
  }
  std::sort(files.begin(), files.end());
  std::set<std::string> ids;
  for (const auto& f : files) load_file(f, c, ids, split);
  return c;
}

std::vector<std::string> command_words(const Source& s, const Run& r) {
  std::vector<std::string> w = words(s.defaults);
  for (std::string& x : words(r.args)) w.push_back(std::move(x));
  // A model's Hugging Face config.json ships with the corpus (tests/data/hf-configs): a relative
  // --hf-config path is read from the data directory, wherever the test runs.
  for (std::size_t i = 0; i + 1 < w.size(); ++i)
    if (w[i] == "--hf-config" && !s.dir.empty() && !std::filesystem::path(w[i + 1]).is_absolute())
      w[i + 1] = (std::filesystem::path(s.dir) / w[i + 1]).string();
  return w;
}

void evaluate(Corpus& c) {
  for (Run& r : c.runs) {
    r.error.clear();
    r.built = false;
    const cli::ParseResult parsed = cli::parse_estimate_args(command_words(c.sources[std::size_t(r.source)], r));
    if (!parsed.ok()) {
      r.error = parsed.errors.front();
      continue;
    }
    const cli::BuildResult built = cli::build_scenario(parsed.args);
    if (!built.ok()) {
      r.error = built.problems.front().text();
      continue;
    }
    r.scenario = built.scenario;
    const std::vector<Problem> problems = validate(r.scenario);
    if (!problems.empty()) {
      r.error = problems.front().text();
      continue;
    }
    r.built = true;
    reestimate(r);
  }
}

void reestimate(Run& r, const Calibration& calibration) {
  if (!r.built) return;
  r.error.clear();
  r.estimate = estimate(r.scenario, calibration);
  r.predicted = predicted_metric(r);
  if (!(r.predicted > 0) || !std::isfinite(r.predicted)) {
    r.error = std::string("the engine's ") + to_string(r.metric) + " is not a positive number";
    r.signed_error = r.speed_error = 0;
    return;
  }
  r.signed_error = r.predicted / r.published - 1;
  r.speed_error = r.metric == Metric::StepS ? r.published / r.predicted - 1 : r.signed_error;
}

bool fitted(const Corpus& c, const Run& r) {
  return r.not_fitted.empty() && c.sources[std::size_t(r.source)].hardware_matches_catalog;
}

// The buckets are the engine's own (engine/error_band.h): the band an estimate shows comes
// from the same grouping.
std::string tp_bucket(const Run& r) { return std::string(cp::tp_bucket(r.scenario)); }
std::string size_bucket(const Run& r) { return std::string(cp::size_bucket(r.estimate.params.total)); }
std::string gpu_bucket(const Run& r) { return std::string(cp::gpu_bucket(r.scenario)); }
std::string moe_bucket(const Run& r) { return std::string(cp::moe_bucket(r.scenario)); }
std::string sharding_bucket(const Run& r) { return std::string(cp::sharding_bucket(r.scenario)); }

ErrorStats stats(const std::vector<const Run*>& runs) {
  ErrorStats st;
  for (const Run* r : runs) {
    if (!r->error.empty()) continue;
    ++st.n;
    st.mean_abs += std::abs(r->speed_error);
    st.mean_signed += r->speed_error;
    st.worst = std::max(st.worst, std::abs(r->speed_error));
  }
  if (st.n > 0) {
    st.mean_abs /= st.n;
    st.mean_signed /= st.n;
  }
  return st;
}

}  // namespace cp::corpus
