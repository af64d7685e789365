#include "cli/sweep_output.h"

#include <charconv>
#include <cmath>
#include <ostream>
#include <string>

#include "cli/estimate_output.h"
#include "cli/text_format.h"
#include "io/scenario_json.h"
#include "plan/fabric_compare.h"
#include "engine/units.h"

namespace cp::cli {
namespace {

using nlohmann::json;

// A --vary value as a JSON number: whole numbers as integers, the rest as doubles. The text
// was checked by the option's parser, so it is a number.
json vary_value(const std::string& text) {
  double v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || ptr != text.data() + text.size()) return text;
  if (std::floor(v) == v && std::abs(v) < 9007199254740992.0) return (long long)v;
  return v;
}

std::string joined(const std::vector<std::string>& items, std::string_view sep) {
  std::string t;
  for (const std::string& i : items) {
    if (!t.empty()) t += sep;
    t += i;
  }
  return t;
}

std::string pointer_of(std::string_view dotted) {
  std::string p = "/";
  for (char c : dotted) p += c == '.' ? '/' : c;
  return p;
}

// One CSV value from the estimate's JSON, as flatten_json writes it.
std::string csv_value(const json& estimate, std::string_view key) {
  if (key == "warnings") {
    std::vector<std::string> codes;
    for (const json& w : estimate.at("warnings")) codes.push_back(w.at("code").get<std::string>());
    return joined(codes, ";");
  }
  const json::json_pointer ptr(pointer_of(key));
  if (!estimate.contains(ptr)) return "";
  const json& v = estimate.at(ptr);
  return v.is_string() ? v.get<std::string>() : v.dump();
}

// Column `i` of a table is right-aligned when `right[i]`; the last column is not padded.
void write_table(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right, std::ostream& out) {
  std::vector<std::size_t> width(right.size(), 0);
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], row[i].size());
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i > 0) line += "  ";
      const std::size_t pad = width[i] - row[i].size();
      if (i + 1 == row.size() && !right[i]) {
        line += row[i];
      } else if (right[i]) {
        line += std::string(pad, ' ') + row[i];
      } else {
        line += row[i] + std::string(pad, ' ');
      }
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << '\n';
  }
}

std::string scaling_sentence(Scaling s) {
  return s == Scaling::Weak ? "weak scaling: the batch per DP replica is held (global batch x DP / DP of each curve's "
                              "first point with a whole DP)"
                            : "strong scaling: the global batch is held; DP = GPUs / (TP x PP x CP)";
}

json vary_json(const std::vector<std::pair<std::string, std::string>>& vary) {
  json v = json::object();
  for (const auto& [name, value] : vary) v[name] = vary_value(value);
  return v;
}

json gap_json(const SweepGap& sg) {
  const FabricGap& g = sg.gap;
  json exposed = json::object();
  for (int k = 0; k < kTrafficKinds; ++k) exposed[std::string(to_string(Traffic(k)))] = g.exposed_delta_s[std::size_t(k)];
  return {{"gpus", g.gpus},
          {"vary", vary_json(sg.vary)},
          {"reference_fabric", g.reference_fabric},
          {"fabric", g.fabric},
          {"speedup", g.speedup},
          {"class", classify(g) == GapClass::Equal             ? "equal"
                    : classify(g) == GapClass::ReferenceFaster ? "reference_faster"
                                                               : "fabric_faster"},
          {"step_delta_s", g.step_delta_s},
          {"exposed_delta_s", exposed},
          {"compute_delta_s", g.compute_delta_s},
          {"same_layout", g.same_layout},
          {"currency", to_string(g.currency)},
          {"network_capex_delta", g.network_capex_delta},
          {"per_month_delta", g.per_month_delta},
          {"run_total_delta", g.has_run ? json(g.run_total_delta) : json(nullptr)},
          {"train_time_delta_s", g.has_run ? json(g.train_time_delta_s) : json(nullptr)},
          {"one_node", g.one_node},
          {"one_leaf", g.one_leaf},
          {"tiers", g.tiers},
          {"dominant_traffic", to_string(g.dominant)},
          {"verdict", verdict_text(g)}};
}

}  // namespace

json sweep_to_json(const SweepArgs& args, const SweepResult& result) {
  json points = json::array();
  for (const SweepPoint& p : result.points) {
    points.push_back({{"gpus", p.gpus},
                      {"fabric", p.fabric},
                      {"vary", vary_json(p.vary)},
                      {"dp", p.dp},
                      {"global_batch", p.global_batch},
                      {"feasible", p.feasible},
                      {"reasons", p.reasons},
                      {"estimate", p.estimated ? estimate_to_json(p.scenario, p.estimate, &p.versus) : json(nullptr)}});
  }
  json gaps = json::array();
  for (const SweepGap& g : result.gaps) gaps.push_back(gap_json(g));
  return {{"schema_version", kOutputSchemaVersion},
          {"scaling", to_string(args.scaling)},
          {"layout", to_string(args.layout)},
          {"points", points},
          {"fabric_gap", gaps}};
}

void write_sweep_json(const SweepArgs& args, const SweepResult& result, std::ostream& out) {
  out << sweep_to_json(args, result).dump(2) << '\n';
}

const std::vector<std::string_view>& sweep_csv_estimate_keys() {
  static const std::vector<std::string_view> keys = {
      "time.step_s",
      "time.compute_s",
      "time.bubble_s",
      "time.optimizer_s",
      "time.exposed_comm.tp_s",
      "time.exposed_comm.pp_s",
      "time.exposed_comm.dp_s",
      "time.exposed_comm.ep_s",
      "time.exposed_comm.cp_s",
      "throughput.tokens_per_s",
      "throughput.band.low_tokens_per_s",
      "throughput.band.high_tokens_per_s",
      "throughput.model_tflops_per_gpu",
      "throughput.hardware_tflops_per_gpu",
      "throughput.mfu",
      "throughput.hfu",
      "memory.total_bytes",
      "memory.capacity_bytes",
      "memory.fits",
      "training.tokens",
      "training.time_s",
      "network.topology",
      "network.tiers",
      "network.switches",
      "network.links",
      "network.transceivers",
      "warnings",
  };
  return keys;
}

void write_sweep_csv(const SweepArgs& args, const SweepResult& result, std::ostream& out) {
  std::vector<std::string> header = {"gpus", "fabric"};
  for (const VaryAxis& v : args.vary) header.push_back(v.name);
  for (const char* k : {"feasible", "reasons", "dp", "global_batch"}) header.emplace_back(k);
  for (std::string_view k : sweep_csv_estimate_keys()) header.emplace_back(k);

  auto write_row = [&out](const std::vector<std::string>& fields) {
    std::string line;
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (i > 0) line += ',';
      line += csv_field(fields[i]);
    }
    out << line << '\n';
  };
  write_row(header);
  for (const SweepPoint& p : result.points) {
    std::vector<std::string> row = {std::to_string(p.gpus), p.fabric};
    for (const auto& entry : p.vary) row.push_back(entry.second);
    row.emplace_back(p.feasible ? "true" : "false");
    row.push_back(joined(p.reasons, "; "));
    row.push_back(std::to_string(p.dp));
    row.push_back(std::to_string(p.global_batch));
    const json estimate = p.estimated ? estimate_to_json(p.scenario, p.estimate) : json(nullptr);
    for (std::string_view k : sweep_csv_estimate_keys()) row.push_back(p.estimated ? csv_value(estimate, k) : "");
    write_row(row);
  }
}

void write_sweep_text(const SweepArgs& args, const SweepResult& result, std::ostream& out) {
  bool any_tokens = false;
  for (const SweepPoint& p : result.points) any_tokens |= p.estimated && p.scenario.training.tokens > 0;

  std::vector<std::string> header = {"fabric"};
  for (const VaryAxis& v : args.vary) header.push_back(v.name);
  for (const char* h : {"GPUs", "DP", "batch", "ok", "step", "tokens/s", "MFU", "TFLOP/s/GPU", "GiB/GPU"})
    header.emplace_back(h);
  if (any_tokens) header.emplace_back("days");
  header.emplace_back("switches");
  header.emplace_back("reasons");

  std::vector<bool> right(header.size(), true);
  right[0] = false;
  right.back() = false;
  right[1 + args.vary.size() + 3] = false;  // "ok"

  std::vector<std::vector<std::string>> rows = {header};
  for (const SweepPoint& p : result.points) {
    std::vector<std::string> row = {p.fabric};
    for (const auto& entry : p.vary) row.push_back(entry.second);
    row.push_back(std::to_string(p.gpus));
    row.push_back(p.dp > 0 ? std::to_string(p.dp) : "-");
    row.push_back(std::to_string(p.global_batch));
    row.emplace_back(p.feasible ? "yes" : "no");
    if (p.estimated) {
      const Estimate& e = p.estimate;
      row.push_back(duration_text(e.step.step_s));
      row.push_back(grouped_text(e.throughput.tokens_per_s));
      row.push_back(number_text("%.1f%%", e.throughput.mfu * 100));
      row.push_back(number_text("%.1f", e.throughput.model_tflops_per_gpu));
      row.push_back(number_text("%.2f", e.memory.peak.total() / units::GiB));
      if (any_tokens)
        row.push_back(e.throughput.train_time_s > 0 ? number_text("%.1f", e.throughput.train_time_s / 86400) : "-");
      row.push_back(std::to_string(e.network.total_switches()));
    } else {
      for (int i = 0; i < (any_tokens ? 7 : 6); ++i) row.emplace_back("-");
    }
    row.push_back(joined(p.reasons, "; "));
    rows.push_back(row);
  }

  int feasible = 0;
  for (const SweepPoint& p : result.points) feasible += p.feasible ? 1 : 0;
  out << "Sweep of " << result.points.size() << (result.points.size() == 1 ? " point" : " points") << ", "
      << feasible << " feasible; " << scaling_sentence(args.scaling) << "; "
      << (args.layout == SweepLayout::Best ? "layout: the planner's best per point" : "layout held") << "\n\n";
  write_table(rows, right, out);
  if (!result.gaps.empty()) out << "\nAgainst " << args.fabrics.front() << '\n';
  for (const SweepGap& g : result.gaps) {
    std::string where;
    for (const auto& [name, value] : g.vary) where += name + "=" + value + " ";
    out << "  " << where << g.gap.fabric << ": " << verdict_text(g.gap) << '\n';
  }
}

}  // namespace cp::cli
