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
  const FabricGap::ByCause& c = g.by_cause;
  json bandwidth = json::object(), interference = json::object();
  for (int k = 0; k < kTrafficKinds; ++k) {
    bandwidth[std::string(to_string(Traffic(k)))] = c.bandwidth[std::size_t(k)];
    interference[std::string(to_string(Traffic(k)))] = c.interference[std::size_t(k)];
  }
  const json by_cause = {
      {"bandwidth", bandwidth},
      {"latency", {{"per_message", c.latency_per_message}, {"per_hop", c.latency_per_hop}}},
      {"interference", interference},
      {"layout_change",
       {{"s", c.layout_change},
        {"layouts_differ", !g.same_layout},
        {"reference_layout", g.reference_layout},
        {"layout", g.layout}}},
      {"other", c.other},
      {"split", c.split}};
  return {{"gpus", g.gpus},
          {"by_cause_s", by_cause},
          {"dominant_cause", dominant_cause(g)},
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

namespace {

json point_json(const SweepPoint& p) {
  return {{"gpus", p.gpus},
          {"fabric", p.fabric},
          {"vary", vary_json(p.vary)},
          {"dp", p.dp},
          {"global_batch", p.global_batch},
          {"feasible", p.feasible},
          {"own_size", p.own_size},
          {"layout_text", p.estimated ? json(layout_text(p.scenario)) : json(nullptr)},
          {"reasons", p.reasons},
          {"estimate", p.estimated ? estimate_to_json(p.scenario, p.estimate, &p.versus) : json(nullptr)}};
}

// The fabrics in the sweep's order (the first is the reference).
std::vector<std::string> fabric_order(const SweepArgs& args, const std::string& own, const std::string& first) {
  if (!args.fabrics.empty()) return args.fabrics;
  return {own.empty() ? first : own};
}

// The verdict over the first --vary values' gaps (with no --vary, every gap).
JobVerdict sweep_verdict(const SweepArgs& args, const std::vector<SweepGap>& gaps, const std::string& own,
                         const std::string& first_fabric,
                         const std::vector<std::pair<std::string, std::string>>& first_vary) {
  std::vector<FabricGap> rows;
  for (const SweepGap& g : gaps)
    if (g.vary == first_vary) rows.push_back(g.gap);
  return job_verdict(rows, fabric_order(args, own, first_fabric), own);
}

json verdict_json(const JobVerdict& v) {
  return {{"text", job_verdict_text(v)},
          {"fabrics", v.fabrics},
          {"break_even_gpus", v.break_even_gpus > 0 ? json(v.break_even_gpus) : json(nullptr)}};
}

std::string own_fabric_of(const std::vector<SweepPoint>& points) {
  for (const SweepPoint& p : points)
    if (p.own_fabric) return p.fabric;
  return {};  // the scenario's own fabric is not swept
}

}  // namespace

json sweep_to_json(const SweepArgs& args, const SweepResult& result) {
  json points = json::array();
  for (const SweepPoint& p : result.points) points.push_back(point_json(p));
  json gaps = json::array();
  for (const SweepGap& g : result.gaps) gaps.push_back(gap_json(g));
  return {{"schema_version", kOutputSchemaVersion},
          {"scaling", to_string(args.scaling)},
          {"layout", to_string(args.layout)},
          {"points", points},
          {"fabric_gap", gaps},
          {"verdict", verdict_json(sweep_verdict(args, result.gaps, own_fabric_of(result.points),
                                                 result.points.empty() ? std::string() : result.points.front().fabric,
                                                 result.points.empty() ? std::vector<std::pair<std::string, std::string>>{}
                                                                       : result.points.front().vary))}};
}

void write_sweep_json(const SweepArgs& args, const SweepResult& result, std::ostream& out) {
  write_sweep(args, result, OutputFormat::Json, out);
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
  write_sweep(args, result, OutputFormat::Csv, out);
}

void write_sweep_text(const SweepArgs& args, const SweepResult& result, std::ostream& out) {
  write_sweep(args, result, OutputFormat::Text, out);
}

void write_sweep(const SweepArgs& args, const SweepResult& result, OutputFormat format, std::ostream& out) {
  SweepWriter w(args, out, format);
  for (const SweepPoint& p : result.points) w.point(p);
  w.finish(result.gaps);
}

SweepWriter::SweepWriter(const SweepArgs& args, std::ostream& out, OutputFormat format)
    : args_(args), out_(out), format_(format) {}

// The start of the output, written with the first point or at the end: nothing is written for a
// sweep that fails before its first point.
void SweepWriter::start() {
  if (started_) return;
  started_ = true;
  if (format_ == OutputFormat::Json) {
    // sweep_to_json(...).dump(2), written piece by piece: "points" first, then the other keys
    // in nlohmann's order (see finish()).
    out_ << "{\n  \"points\": [";
  } else if (format_ == OutputFormat::Csv) {
    std::vector<std::string> header = {"gpus", "fabric"};
    for (const VaryAxis& v : args_.vary) header.push_back(v.name);
    for (const char* k : {"feasible", "reasons", "dp", "global_batch"}) header.emplace_back(k);
    for (std::string_view k : sweep_csv_estimate_keys()) header.emplace_back(k);
    // After the estimate's keys, so that the columns before them keep their places.
    header.emplace_back("own_size");
    header.emplace_back("layout");
    csv_row(header);
  }
}

void SweepWriter::csv_row(const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) line += ',';
    line += csv_field(fields[i]);
  }
  out_ << line << '\n';
}

void SweepWriter::point(const SweepPoint& p) {
  start();
  if (points_ == 0) {
    first_vary_ = p.vary;
    first_fabric_ = p.fabric;
  }
  if (p.own_fabric) own_fabric_ = p.fabric;
  ++points_;
  feasible_ += p.feasible ? 1 : 0;
  if (format_ == OutputFormat::Json) {
    // The point as dump(2) writes it two levels deep: every line indented by 4 more spaces
    // (strings hold no raw newline: dump escapes them).
    const std::string text = point_json(p).dump(2);
    std::string indented = points_ == 1 ? "\n    " : ",\n    ";
    indented.reserve(text.size() * 2);
    for (char c : text) {
      indented += c;
      if (c == '\n') indented += "    ";
    }
    out_ << indented;
  } else if (format_ == OutputFormat::Csv) {
    std::vector<std::string> row = {std::to_string(p.gpus), p.fabric};
    for (const auto& entry : p.vary) row.push_back(entry.second);
    row.emplace_back(p.feasible ? "true" : "false");
    row.push_back(joined(p.reasons, "; "));
    row.push_back(std::to_string(p.dp));
    row.push_back(std::to_string(p.global_batch));
    const json estimate = p.estimated ? estimate_to_json(p.scenario, p.estimate) : json(nullptr);
    for (std::string_view k : sweep_csv_estimate_keys()) row.push_back(p.estimated ? csv_value(estimate, k) : "");
    row.emplace_back(p.own_size ? "true" : "false");
    row.push_back(p.estimated ? layout_text(p.scenario) : "");
    csv_row(row);
  } else {
    // The text table aligns its columns: the rows are kept, as text, until finish().
    TextRow row;
    row.cells = {p.fabric};
    for (const auto& entry : p.vary) row.cells.push_back(entry.second);
    row.cells.push_back(std::to_string(p.gpus));
    row.cells.push_back(p.dp > 0 ? std::to_string(p.dp) : "-");
    row.cells.push_back(std::to_string(p.global_batch));
    row.cells.emplace_back(p.feasible ? "yes" : "no");
    row.estimated = p.estimated;
    if (p.estimated) {
      const Estimate& e = p.estimate;
      any_tokens_ |= p.scenario.training.tokens > 0;
      row.cells.push_back(duration_text(e.step.step_s));
      row.cells.push_back(grouped_text(e.throughput.tokens_per_s));
      row.cells.push_back(number_text("%.1f%%", e.throughput.mfu * 100));
      row.cells.push_back(number_text("%.1f", e.throughput.model_tflops_per_gpu));
      row.cells.push_back(number_text("%.2f", e.memory.peak.total() / units::GiB));
      row.days = e.throughput.train_time_s > 0 ? number_text("%.1f", e.throughput.train_time_s / units::Day) : "-";
      row.switches = std::to_string(e.network.total_switches());
    }
    row.reasons = joined(p.reasons, "; ");
    text_.push_back(std::move(row));
  }
}

void SweepWriter::finish(const std::vector<SweepGap>& gaps) {
  start();
  if (format_ == OutputFormat::Json) {
    // The keys after "points" in nlohmann's order; "fabric_gap" (which sorts first) needs
    // every point, so the streamed document carries it after them.
    out_ << (points_ == 0 ? "]" : "\n  ]") << ",\n  \"fabric_gap\": ";
    json gap_list = json::array();
    for (const SweepGap& g : gaps) gap_list.push_back(gap_json(g));
    const std::string text = gap_list.dump(2);
    for (char c : text) {
      out_ << c;
      if (c == '\n') out_ << "  ";
    }
    out_ << ",\n  \"layout\": " << json(to_string(args_.layout)).dump()
         << ",\n  \"scaling\": " << json(to_string(args_.scaling)).dump()
         << ",\n  \"schema_version\": " << kOutputSchemaVersion;
    const std::string verdict = verdict_json(sweep_verdict(args_, gaps, own_fabric_, first_fabric_, first_vary_)).dump(2);
    out_ << ",\n  \"verdict\": ";
    for (char c : verdict) {
      out_ << c;
      if (c == '\n') out_ << "  ";
    }
    out_ << "\n}\n";
    return;
  }
  if (format_ != OutputFormat::Text) return;
  std::vector<std::string> header = {"fabric"};
  for (const VaryAxis& v : args_.vary) header.push_back(v.name);
  for (const char* h : {"GPUs", "DP", "batch", "ok", "step", "tokens/s", "MFU", "TFLOP/s/GPU", "GiB/GPU"})
    header.emplace_back(h);
  if (any_tokens_) header.emplace_back("days");
  header.emplace_back("switches");
  header.emplace_back("reasons");

  std::vector<bool> right(header.size(), true);
  right[0] = false;
  right.back() = false;
  right[1 + args_.vary.size() + 3] = false;  // "ok"

  std::vector<std::vector<std::string>> rows = {header};
  rows.reserve(text_.size() + 1);
  for (TextRow& t : text_) {
    std::vector<std::string> row = std::move(t.cells);
    if (t.estimated) {
      if (any_tokens_) row.push_back(std::move(t.days));
      row.push_back(std::move(t.switches));
    } else {
      for (int i = 0; i < (any_tokens_ ? 7 : 6); ++i) row.emplace_back("-");
    }
    row.push_back(std::move(t.reasons));
    rows.push_back(std::move(row));
  }
  text_.clear();
  if (points_ > 0 && args_.fabrics.size() >= 2) out_ << job_verdict_text(sweep_verdict(args_, gaps, own_fabric_, first_fabric_, first_vary_)) << "\n\n";
  out_ << "Sweep of " << points_ << (points_ == 1 ? " point" : " points") << ", " << feasible_ << " feasible; "
       << scaling_sentence(args_.scaling) << "; "
       << (args_.layout == SweepLayout::Best ? "layout: the planner's best per point" : "layout held") << "\n\n";
  write_table(rows, right, out_);
  if (!gaps.empty()) out_ << "\nAgainst " << args_.fabrics.front() << '\n';
  for (const SweepGap& g : gaps) {
    std::string where;
    for (const auto& [name, value] : g.vary) where.append(name).append("=").append(value).append(" ");
    out_ << "  " << where << g.gap.fabric << ": " << verdict_text(g.gap) << '\n';
  }
}

}  // namespace cp::cli
