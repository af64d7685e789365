#include "cli/plan_args.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>
#include <cmath>

#include "engine/fabric.h"
#include "engine/units.h"
#include "plan/search_list.h"

namespace cp::cli {
namespace {

bool whole(std::string_view text, long long min, long long max, long long& out) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc{} && ptr == end && out >= min && out <= max;
}

bool real(const std::string& text, double& out) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc{} && ptr == end && std::isfinite(out) && out >= 0;
}

}  // namespace

bool is_knob(std::string_view name) {
  return name == "tp" || name == "pp" || name == "vpp" || name == "cp" || name == "ep" || name == "micro-batch" ||
         name == "recompute" || name == "zero" || name == "sequence-parallel" || name == "tp-comm-overlap";
}

void parse_knob(const std::string& name, const std::string& value, SearchSpace& sp, std::vector<std::string>& errors) {
  const OptionInfo* opt = find_estimate_option(name);
  std::vector<std::string> items;
  if (std::string why; !split_list(value, items, why)) {
    errors.push_back("--" + name + ": " + why);
    return;
  }
  // Every refused item is named, so that one run shows every mistake; nothing is added to the
  // space unless all are good.
  std::vector<std::string> refused;
  std::vector<EstimateArgs> parsed(items.size());
  for (std::size_t i = 0; i < items.size(); ++i)
    if (const std::optional<std::string> why = set_option(*opt, parsed[i], items[i])) refused.push_back(*why);
  if (!refused.empty()) {
    errors.push_back(list_refusal(name, items.size(), refused));
    return;
  }
  for (const EstimateArgs& a : parsed) {
    auto add = [&](std::string_view key, auto& list) {
      if (const std::optional<double> v = a.given(key)) list.push_back(std::remove_cvref_t<decltype(list[0])>(int(*v)));
    };
    add("parallelism.tp", sp.tp);
    add("parallelism.pp", sp.pp);
    add("parallelism.vpp", sp.vpp);
    add("parallelism.cp", sp.cp);
    add("parallelism.ep", sp.ep);
    add("training.micro_batch", sp.micro_batch);
    add("training.recompute", sp.recompute);
    add("training.zero", sp.zero);
    add("parallelism.sp", sp.sp);
    add("training.tp_comm_overlap", sp.tp_overlap);
  }
}

namespace {

// GPU counts and ranges A-B, read by the planner's one list reader (plan/search_list.h), as the
// GUI's planner reads them.
void parse_gpus(const std::string& value, PlanParseResult& r) {
  const SearchList list = parse_search_list(value, {.min = 1, .max = INT_MAX, .ranges = true, .trim = false});
  if (list.fault != ListFault::None) {
    r.errors.push_back("--gpus: " + list_fault_text(list.fault, value));
    return;
  }
  std::vector<int> gpus;
  std::vector<std::pair<int, int>> ranges;
  std::vector<std::string> refused;  // every refused item, not only the first
  for (const SearchListItem& item : list.items) {
    if (item.fault == ListFault::NotWhole)
      refused.push_back(quoted(item.text) + " is not a GPU count of 1 or more (a list a,b,... or a range A-B)");
    else if (item.fault == ListFault::NotRange)
      refused.push_back(quoted(item.text) + " is not a range A-B of GPU counts with 1 <= A <= B");
    else if (item.range)
      ranges.emplace_back(int(item.lo), int(item.hi));
    else
      gpus.push_back(int(item.lo));
  }
  if (!refused.empty()) {
    r.errors.push_back(list_refusal("gpus", list.items.size(), refused));
    return;
  }
  r.args.gpus.insert(r.args.gpus.end(), gpus.begin(), gpus.end());
  r.args.gpu_ranges.insert(r.args.gpu_ranges.end(), ranges.begin(), ranges.end());
}

void parse_own(const std::string& name, const std::string& value, PlanParseResult& r) {
  PlanArgs& a = r.args;
  long long n = 0;
  double x = 0;
  if (name == "objective") {
    a.objective = parse_objective(value);
    if (!a.objective) r.errors.push_back("--objective: '" + value + "' is not one of: throughput, time, cost, cost-per-token");
  } else if (name == "ranking") {
    if (value == "robust") a.ranking = Ranking::Robust;
    else if (value == "optimistic") a.ranking = Ranking::Optimistic;
    else r.errors.push_back("--ranking: '" + value + "' is not one of: robust, optimistic");
  } else if (name == "top") {
    // Each listed layout carries its whole scenario and estimate, and every search thread keeps
    // its own best N: 100,000 of them took 4.3 GB.
    if (whole(value, 0, kMaxPlanTop, n)) a.top = int(n);
    else
      r.errors.push_back("--top: '" + value + "' is not a whole number from 0 to " + std::to_string(kMaxPlanTop) +
                         " (each listed layout carries its full estimate)");
  } else if (name == "threads") {
    if (whole(value, 0, 4096, n)) a.threads = int(n);
    else r.errors.push_back("--threads: '" + value + "' is not a whole number from 0 (every core) to 4096");
  } else if (name == "gpus") {
    parse_gpus(value, r);
  } else if (name == "fabric") {
    std::vector<std::string> fabrics;
    if (std::string why; !split_list(value, fabrics, why)) {
      r.errors.push_back("--fabric: " + why);
      return;
    }
    if (std::string why = refuse_unknown_fabrics("fabric", fabrics); !why.empty()) {  // every unknown id
      r.errors.push_back(std::move(why));
      return;
    }
    a.space.fabrics.insert(a.space.fabrics.end(), fabrics.begin(), fabrics.end());
  } else if (name == "power-kw" || name == "budget-per-month" || name == "deadline-days") {
    if (!real(value, x)) r.errors.push_back("--" + name + ": '" + value + "' is not a number of 0 or more");
    else if (name == "power-kw") a.space.max_power_kw = x;
    else if (name == "budget-per-month") a.space.max_budget_per_month = x;
    else a.deadline_days = x;
  } else if (name == "spare-nodes" || name == "max-micro-batch") {
    if (!whole(value, name == "spare-nodes" ? 0 : 1, 1 << 20, n))
      r.errors.push_back("--" + name + ": '" + value + "' is not a whole number in range");
    else if (name == "spare-nodes") a.space.spare_nodes = int(n);
    else a.space.max_micro_batch = int(n);
  } else if (name == "tp-across-nodes" || name == "uneven-chunks") {
    const std::optional<bool> on = parse_on_off(value);
    if (!on) r.errors.push_back("--" + name + ": '" + value + "' is not one of: on, off");
    else if (name == "tp-across-nodes") a.space.tp_across_nodes = *on;
    else a.space.even_chunks_only = !*on;
  }
}

// The options of plan itself (the knobs are is_knob's).
constexpr std::array kOwnOptions = {std::string_view("objective"),        std::string_view("ranking"),
                                    std::string_view("top"),
                                    std::string_view("threads"),          std::string_view("gpus"),
                                    std::string_view("fabric"),           std::string_view("power-kw"),
                                    std::string_view("budget-per-month"), std::string_view("deadline-days"),
                                    std::string_view("spare-nodes"),      std::string_view("max-micro-batch"),
                                    std::string_view("tp-across-nodes"),  std::string_view("uneven-chunks")};

// What an option's value looks like, as plan --help shows it.
std::string_view placeholder(std::string_view name) {
  if (is_knob(name)) return "a list: a,b,...";
  if (name == "objective") return "throughput|time|cost|cost-per-token";
  if (name == "ranking") return "robust|optimistic";
  if (name == "gpus") return "LIST|A-B";
  if (name == "fabric") return "a,b";
  if (name == "deadline-days") return "D";
  if (name == "power-kw" || name == "budget-per-month") return "X";
  if (name == "tp-across-nodes" || name == "uneven-chunks") return "on|off";
  return "N";  // top, threads, spare-nodes, max-micro-batch
}

bool is_own(const std::string& name) {
  return std::find(kOwnOptions.begin(), kOwnOptions.end(), name) != kOwnOptions.end();
}

}  // namespace

PlanParseResult parse_plan_args(const std::vector<std::string>& args) {
  PlanParseResult r;
  for (const OptionWord& w : read_options(args)) {
    if (w.kind == OptionWord::Kind::Help) {
      r.args.help = true;
      continue;
    }
    if (w.kind != OptionWord::Kind::Option || (!is_own(w.name) && !is_knob(w.name))) {
      pass_on(w, r.args.estimate_words);  // an estimate option and its value, or a stray word
      continue;
    }
    if (!w.has_value) {
      r.errors.push_back("--" + w.name + ": missing value (" + std::string(placeholder(w.name)) + ")");
      continue;
    }
    if (is_knob(w.name)) parse_knob(w.name, w.value, r.args.space, r.errors);
    else parse_own(w.name, w.value, r);
  }
  ParseResult base = parse_estimate_args(r.args.estimate_words, "plan",
                                         std::vector<std::string_view>(kOwnOptions.begin(), kOwnOptions.end()));
  r.args.base = base.args;
  if (r.args.help) return r;
  r.errors.insert(r.errors.end(), base.errors.begin(), base.errors.end());
  if (base.args.given("parallelism.dp")) r.errors.emplace_back("--dp: the planner derives DP from each layout (GPUs / (TP x PP x CP)); leave --dp out");
  if (base.args.nodes) r.errors.emplace_back("--nodes: plan sizes the cluster with --gpus (a list or a range A-B)");
  if (!base.args.power_cost.bom_csv.empty())
    r.errors.emplace_back("--bom-csv: a plan writes no bill of materials; run 'estimate --bom-csv' for the chosen layout");
  if (base.args.measured_step_s)
    r.errors.emplace_back("--measured-step-s: a plan is not calibrated layout by layout; give the calibration in a --scenario file");
  r.args.space.deadline_s = r.args.deadline_days * units::Day;
  return r;
}

bool plan_gpu_counts(const PlanArgs& a, int gpn, int base_gpus, std::vector<int>& out, std::string& why) {
  out = a.gpus;
  for (const auto& [lo, hi] : a.gpu_ranges) {
    bool none = false;
    if (!expand_range(lo, hi, gpn, std::size_t(kMaxPlanClusters), out, none)) {
      why = "the ranges give more than " + std::to_string(kMaxPlanClusters) + " cluster sizes";
      return false;
    }
    if (none) {
      why = "the range " + std::to_string(lo) + "-" + std::to_string(hi) + " holds no whole number of " +
            std::to_string(gpn) + "-GPU nodes";
      return false;
    }
  }
  if (out.empty() && a.deadline_days > 0)
    for (long long nodes = 1; nodes <= 4096; nodes *= 2) out.push_back(int(nodes * gpn));
  if (out.empty()) out.push_back(base_gpus);
  return true;
}

}  // namespace cp::cli
