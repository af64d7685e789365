// The plan's three output formats.
#include <ostream>
#include <string>
#include <vector>

#include "cli/estimate_output.h"
#include "cli/plan_command.h"
#include "cli/text_format.h"
#include "io/scenario_json.h"
#include "plan/fabric_compare.h"
#include "engine/units.h"

namespace cp::cli {
namespace {

using nlohmann::json;

json layout_json(const PlanLayout& l) {
  return {{"tp", l.tp},
          {"pp", l.pp},
          {"vpp", l.vpp},
          {"dp", l.dp},
          {"cp", l.cp},
          {"ep", l.ep},
          {"micro_batch", l.micro_batch},
          {"recompute", to_string(l.recompute)},
          {"zero", to_string(l.zero)},
          {"sequence_parallel", l.sp},
          {"tp_comm_overlap", l.tp_overlap}};
}

json metrics_json(const PlanMetrics& m) {
  return {{"score", m.score},
          {"tokens_per_s", m.tokens_per_s},
          {"time_to_train_s", m.time_s},
          {"run_cost", m.run_cost},
          {"cost_per_million_tokens", m.cost_per_mtok}};
}

json entry_json(const PlanEntry& e, const PlanResult& r, int rank, bool with_estimate) {
  json j = {{"rank", rank},
            {"gpus", e.layout.gpus},
            {"job_gpus", e.layout.job_gpus},
            {"nodes", e.scenario.cluster.nodes},
            {"fabric", r.fabrics[std::size_t(e.layout.fabric)]},
            {"layout", layout_json(e.layout)},
            {"metrics", metrics_json(e.metrics)},
            {"currency", to_string(e.estimate.cost.currency)}};
  json variants = json::array();
  for (const PlanLayout& v : e.variants) variants.push_back(layout_json(v));
  j["variants"] = variants;
  json warnings = json::array();
  for (const Warning& w : e.estimate.warnings) warnings.push_back(warning_code_name(w.code));
  j["warnings"] = warnings;
  if (with_estimate) {
    const FabricComparison versus = compare_ib_roce(e.scenario, e.estimate);  // as `estimate` prints it
    j["estimate"] = estimate_to_json(e.scenario, e.estimate, &versus);
  }
  return j;
}

std::string days(double s) { return s > 0 ? number_text("%.1f d", s / units::Day) : "-"; }

}  // namespace

void write_plan_json(const Scenario&, const SearchSpace&, const PlanResult& r, std::ostream& out) {
  json rejected = json::object();
  for (int i = 0; i < kPlanReasons; ++i) rejected[std::string(reason_id(PlanReason(i)))] = r.rejected[std::size_t(i)];
  json results = json::array(), frontier = json::array();
  for (std::size_t i = 0; i < r.top.size(); ++i) results.push_back(entry_json(r.top[i], r, int(i) + 1, true));
  for (std::size_t i = 0; i < r.frontier.size(); ++i) frontier.push_back(entry_json(r.frontier[i], r, int(i) + 1, false));
  json binding = nullptr;
  if (r.binding) binding = {{"reason", reason_id(*r.binding)}, {"text", r.binding_text}};
  json closest = nullptr;
  if (r.closest) {
    closest = entry_json(*r.closest, r, 0, false);
    closest["memory_bytes"] = r.closest->estimate.memory.peak.total();
    closest["text"] = r.closest_text;
  }
  json tie = nullptr;
  if (!r.top.empty())
    tie = {{"within", r.tie.within},
           {"recommended_rank", r.tie.recommended + 1},
           {"validation_runs", r.tie.validation_runs},
           {"headroom_bytes", r.tie.headroom_bytes},
           {"text", r.tie_text}};
  json evidence = nullptr;
  if (!r.evidence_text.empty())
    evidence = {{"nearest_validated_rank", r.nearest_validated >= 0 ? json(r.nearest_validated + 1) : json(nullptr)},
                {"text", r.evidence_text}};
  const json j = {{"schema_version", kOutputSchemaVersion},
                  {"objective", to_string(r.objective)},
                  {"ranking", std::string(to_string(r.ranking))},
                  {"outside_evidence", evidence},
                  {"threads", r.threads},
                  {"considered", r.considered},
                  {"rejected_divisibility", r.rejected_divisibility},
                  {"evaluated", r.evaluated},
                  {"feasible", r.feasible},
                  {"rejected", rejected},
                  {"elapsed_s", r.elapsed_s},
                  {"cancelled", r.cancelled},
                  {"binding", binding},
                  {"closest", closest},
                  {"band_tie", tie},
                  {"results", results},
                  {"frontier", frontier}};
  out << j.dump(2) << '\n';
}

void write_plan_csv(const PlanResult& r, std::ostream& out) {
  out << "rank,gpus,job_gpus,fabric,tp,pp,vpp,dp,cp,ep,micro_batch,recompute,zero,sequence_parallel,score,"
         "tokens_per_s,time_to_train_s,run_cost,cost_per_million_tokens,mfu,memory_bytes,currency\n";
  for (std::size_t i = 0; i < r.top.size(); ++i) {
    const PlanEntry& e = r.top[i];
    const PlanLayout& l = e.layout;
    const PlanMetrics& m = e.metrics;
    out << i + 1 << ',' << l.gpus << ',' << l.job_gpus << ',' << csv_field(r.fabrics[std::size_t(l.fabric)]) << ','
        << l.tp << ',' << l.pp << ',' << l.vpp << ',' << l.dp << ',' << l.cp << ',' << l.ep << ',' << l.micro_batch
        << ',' << to_string(l.recompute) << ',' << to_string(l.zero) << ',' << (l.sp ? "on" : "off") << ','
        << json(m.score).dump() << ',' << json(m.tokens_per_s).dump() << ',' << json(m.time_s).dump() << ','
        << json(m.run_cost).dump() << ',' << json(m.cost_per_mtok).dump() << ','
        << json(e.estimate.throughput.mfu).dump() << ',' << json(e.estimate.memory.peak.total()).dump() << ','
        << to_string(e.estimate.cost.currency) << '\n';
  }
}

void write_plan_text(const Scenario& base, const SearchSpace& space, const PlanResult& r, std::ostream& out) {
  out << "Plan: " << base.model_id << " on";
  for (std::size_t i = 0; i < space.gpus.size() && i < 8; ++i) out << (i ? ", " : " ") << space.gpus[i];
  if (space.gpus.size() > 8) out << " ... (" << space.gpus.size() << " sizes)";
  out << " x " << base.cluster.gpu.id << " GPUs; fabrics:";
  for (const std::string& f : r.fabrics) out << ' ' << f;
  out << "\nObjective: " << to_string(r.objective) << " (ranked " << to_string(r.ranking)
      << (r.ranking == Ranking::Robust ? ": at the pessimistic edge of each band" : ": by the point estimate") << ")\n";
  out << "Searched " << grouped_text(double(r.considered)) << " combinations: " << grouped_text(double(r.rejected_divisibility))
      << " rejected by divisibility, " << grouped_text(double(r.evaluated)) << " estimated, "
      << grouped_text(double(r.feasible)) << " feasible, in " << duration_text(r.elapsed_s) << " on " << r.threads
      << " thread(s)" << (r.cancelled ? " (cancelled)" : "") << "\n";
  out << "Rejected:";
  for (int i = 0; i < kPlanReasons; ++i)
    if (r.rejected[std::size_t(i)] > 0)
      out << ' ' << reason_id(PlanReason(i)) << ' ' << grouped_text(double(r.rejected[std::size_t(i)]));
  out << "\n";
  if (r.binding) out << "\n" << r.binding_text << "\n";
  auto row = [&](std::size_t rank, const PlanEntry& e) {
    const PlanMetrics& m = e.metrics;
    out << "  " << rank << ". " << e.layout.gpus << " GPUs, " << r.fabrics[std::size_t(e.layout.fabric)] << ": "
        << layout_text(e.layout) << "\n     " << grouped_text(m.tokens_per_s) << " tokens/s, MFU "
        << number_text("%.3f", e.estimate.throughput.mfu) << ", "
        << number_text("%.1f", e.estimate.memory.peak.total() / (1024.0 * 1024 * 1024)) << " GiB/GPU, train "
        << days(m.time_s) << ", run " << grouped_text(m.run_cost) << ' ' << to_string(e.estimate.cost.currency) << ", "
        << number_text("%.2f", m.cost_per_mtok) << " per M tokens\n";
    for (const PlanLayout& v : e.variants) out << "     same estimate: " << layout_text(v) << "\n";
    if (e.estimate.warnings.count > 0) {
      out << "     warnings:";
      for (const Warning& w : e.estimate.warnings) out << ' ' << warning_code_name(w.code);
      out << "\n";
    }
  };
  if (!r.top.empty()) out << "\nTop " << r.top.size() << ":\n";
  for (std::size_t i = 0; i < r.top.size(); ++i) row(i + 1, r.top[i]);
  if (!r.tie_text.empty()) out << "\n" << r.tie_text << "\n";
  if (!r.evidence_text.empty()) out << "\n" << r.evidence_text << "\n";
  if (!r.frontier.empty()) out << "\nFrontier (time to train vs cost per run):\n";
  for (std::size_t i = 0; i < r.frontier.size(); ++i) row(i + 1, r.frontier[i]);
}

}  // namespace cp::cli
