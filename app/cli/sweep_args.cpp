#include "cli/sweep_args.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <climits>

#include "cli/plan_args.h"
#include "engine/fabric.h"
#include "engine/fields.h"
#include "plan/sweep.h"

namespace cp::cli {
namespace {

void parse_gpus(std::string_view text, SweepParseResult& r) {
  std::vector<std::string> items;
  std::string why;
  if (!split_list(text, items, why)) {
    r.errors.push_back("--gpus: " + why);
    return;
  }
  // Every refused item is named, not only the first, so that one run shows every fix needed.
  std::vector<int> counts;
  std::vector<std::string> refused;
  for (const std::string& item : items) {
    long long v = 0;
    const char* end = item.data() + item.size();
    const auto [ptr, ec] = std::from_chars(item.data(), end, v);
    if (ec == std::errc::result_out_of_range && ptr == end) refused.push_back(quoted(item) + " is out of range");
    else if (ec != std::errc{} || ptr != end) refused.push_back(quoted(item) + " is not a whole number");
    else if (v < 1) refused.push_back("must be at least 1, got " + item);
    else if (v > INT_MAX) refused.push_back(quoted(item) + " is out of range");
    else counts.push_back(int(v));
  }
  if (!refused.empty()) {
    r.errors.push_back(list_refusal("gpus", items.size(), refused));
    return;
  }
  r.args.gpus = counts;
}

void parse_fabrics(std::string_view text, SweepParseResult& r) {
  std::vector<std::string> items;
  std::string why;
  if (!split_list(text, items, why)) {
    r.errors.push_back("--fabric: " + why);
    return;
  }
  if (std::string why = refuse_unknown_fabrics("fabric", items); !why.empty()) {
    r.errors.push_back(std::move(why));
    return;
  }
  r.args.fabrics = items;
}

// Options a sweep point sets itself, or that would fight with the lists.
std::string refused_vary(std::string_view name) {
  if (name == "gpus") return "give the GPU counts with --gpus 8,16,...";
  if (name == "nodes") return "sweep sizes the cluster with --gpus";
  if (name == "dp") return "sweep derives DP from each GPU count";
  if (name == "measured-step-s") return "site calibration is not swept (see 'sweep --help')";
  return "";
}

std::string numeric_option_names() {
  std::string names;
  for (const OptionInfo& o : estimate_options())
    if (const FieldInfo* row = vary_row(o.name);
        is_numeric_option(o) && refused_vary(o.name).empty() && row && !axis_refusal(*row)) {
      if (!names.empty()) names += ", ";
      names += o.name;
    }
  return names;
}

void parse_vary(std::string_view text, SweepParseResult& r) {
  const std::size_t eq = text.find('=');
  if (eq == std::string_view::npos) {
    r.errors.push_back("--vary: '" + std::string(text) + "' is not FIELD=v1,v2,... (e.g. tp=4,8)");
    return;
  }
  std::string_view name = text.substr(0, eq);
  if (name.rfind("--", 0) == 0) name.remove_prefix(2);  // "--vary --tp=4,8" means the same
  const OptionInfo* opt = find_estimate_option(name);
  if (!opt) {
    r.errors.push_back("--vary: unknown field '" + std::string(name) + "' (numeric estimate options: " +
                       numeric_option_names() + ")");
    return;
  }
  if (const std::string why = refused_vary(name); !why.empty()) {
    r.errors.push_back("--vary: '" + std::string(name) + "' cannot be varied: " + why);
    return;
  }
  // The core sweep varies the option's field-table row (plan/sweep.h).
  const FieldInfo* row = vary_row(name);
  if (!is_numeric_option(*opt) || !row || axis_refusal(*row)) {
    r.errors.push_back("--vary: '" + std::string(name) + "' is not a numeric option (numeric estimate options: " +
                       numeric_option_names() + ")");
    return;
  }
  for (const VaryAxis& v : r.args.vary)
    if (v.name == name) {
      r.errors.push_back("--vary: '" + std::string(name) + "' is varied twice (give one list)");
      return;
    }
  VaryAxis axis;
  axis.name = std::string(name);
  std::string why;
  if (!split_list(text.substr(eq + 1), axis.values, why)) {
    r.errors.push_back("--vary: " + axis.name + ": " + why);
    return;
  }
  std::vector<std::string> refused;
  for (const std::string& value : axis.values) {
    EstimateArgs scratch;
    if (const std::optional<std::string> bad = set_option(*opt, scratch, value))
      refused.push_back(axis.name + "=" + value + ": " + *bad);
  }
  if (!refused.empty()) {
    r.errors.push_back(list_refusal("vary", axis.values.size(), refused));
    return;
  }
  r.args.vary.push_back(axis);
}

void parse_scaling(std::string_view text, SweepParseResult& r) {
  if (text == "strong") r.args.scaling = Scaling::Strong;
  else if (text == "weak") r.args.scaling = Scaling::Weak;
  else r.errors.push_back("--scaling: '" + std::string(text) + "' is not one of: strong, weak");
}

void parse_threads(std::string_view text, SweepParseResult& r) {
  int n = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec == std::errc{} && ptr == text.data() + text.size() && n >= 0 && n <= 4096) r.args.threads = n;
  else r.errors.push_back("--threads: '" + std::string(text) + "' is not a whole number from 0 (every core) to 4096");
}

void parse_layout(std::string_view text, SweepParseResult& r) {
  if (const std::optional<SweepLayout> l = parse_sweep_layout(text)) r.args.layout = *l;
  else r.errors.push_back("--layout: '" + std::string(text) + "' is not one of: held, best");
}

bool has_search_list(const SearchSpace& s) {
  return !s.tp.empty() || !s.pp.empty() || !s.vpp.empty() || !s.cp.empty() || !s.ep.empty() ||
         !s.micro_batch.empty() || !s.recompute.empty() || !s.zero.empty() || !s.sp.empty();
}

}  // namespace

const FieldInfo* vary_row(std::string_view option) {
  if (option == "rack-kw") return find_field("assumptions.rack_limit_w");
  return find_field_by_flag(option);
}

std::string_view to_string(Scaling s) { return s == Scaling::Weak ? "weak" : "strong"; }

// The options of sweep itself.
constexpr std::array kOwnOptions = {std::string_view("gpus"),   std::string_view("fabric"), std::string_view("vary"),
                                    std::string_view("scaling"), std::string_view("layout"), std::string_view("threads")};

SweepParseResult parse_sweep_args(const std::vector<std::string>& args) {
  SweepParseResult r;
  for (const OptionWord& w : read_options(args)) {
    if (w.kind == OptionWord::Kind::Help) {
      r.args.help = true;
      continue;
    }
    // One value of a knob: the held layout's (an estimate option). A comma list: a search constraint.
    if (w.kind == OptionWord::Kind::Option && is_knob(w.name) && w.has_value && w.value.find(',') != std::string::npos) {
      parse_knob(w.name, w.value, r.args.space, r.errors);
      continue;
    }
    if (w.kind != OptionWord::Kind::Option ||
        std::find(kOwnOptions.begin(), kOwnOptions.end(), w.name) == kOwnOptions.end()) {
      pass_on(w, r.args.estimate_words);  // an estimate option and its value, or a stray word
      continue;
    }
    if (!w.has_value) {
      r.errors.push_back("--" + w.name + ": missing value" +
                         (w.name == "vary"      ? " (FIELD=v1,v2,...)"
                          : w.name == "scaling" ? " (strong|weak)"
                          : w.name == "layout"  ? " (held|best)"
                          : w.name == "threads" ? " (a whole number; 0: every core)"
                                                : " (a list: a,b,...)"));
      continue;
    }
    if (w.name == "gpus") parse_gpus(w.value, r);
    else if (w.name == "fabric") parse_fabrics(w.value, r);
    else if (w.name == "vary") parse_vary(w.value, r);
    else if (w.name == "layout") parse_layout(w.value, r);
    else if (w.name == "threads") parse_threads(w.value, r);
    else parse_scaling(w.value, r);
  }

  ParseResult base = parse_estimate_args(r.args.estimate_words, "sweep",
                                         std::vector<std::string_view>(kOwnOptions.begin(), kOwnOptions.end()));
  r.args.base = base.args;
  if (r.args.help) return r;
  r.errors.insert(r.errors.end(), base.errors.begin(), base.errors.end());
  if (base.args.nodes) r.errors.emplace_back("--nodes: sweep sizes the cluster with --gpus (a list); leave --nodes out");
  if (base.args.given("parallelism.dp")) r.errors.emplace_back("--dp: sweep derives DP from each GPU count (GPUs / (TP x PP x CP)); leave --dp out");
  if (!base.args.power_cost.bom_csv.empty())
    r.errors.emplace_back("--bom-csv: a sweep writes no bill of materials; run 'estimate --bom-csv' for one point");
  if (base.args.measured_step_s)
    r.errors.emplace_back("--measured-step-s: a sweep is not calibrated point by point; calibrate once with 'estimate "
                       "--measured-step-s' and give its calibration.step_time_factor in a --scenario file");

  if (r.args.layout == SweepLayout::Held && has_search_list(r.args.space))
    r.errors.emplace_back("--tp/--pp/...: a comma list searches layouts; add --layout best, or give one value to hold");
  if (r.args.layout == SweepLayout::Best)
    for (const VaryAxis& v : r.args.vary)
      if (is_knob(v.name))
        r.errors.push_back("--vary: '" + v.name + "' is searched by --layout best; give it as a list (--" + v.name +
                           " a,b,...) instead");

  long long points = 1;
  points *= r.args.gpus.empty() ? 1 : (long long)r.args.gpus.size();
  points *= r.args.fabrics.empty() ? 1 : (long long)r.args.fabrics.size();
  for (const VaryAxis& v : r.args.vary) {
    points *= (long long)v.values.size();
    if (points > kMaxSweepPoints) break;
  }
  if (points > kMaxSweepPoints)
    r.errors.push_back("--vary: the lists give more than " + std::to_string(kMaxSweepPoints) +
                       " points; split the sweep");
  return r;
}

}  // namespace cp::cli
