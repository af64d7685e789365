#include "cli/estimate_args.h"

#include <array>
#include <charconv>
#include <climits>
#include <cmath>
#include <deque>
#include <cstdio>

#include "engine/fields.h"
#include "engine/gpu.h"
#include "engine/model.h"
#include "engine/number_text.h"

namespace cp::cli {
namespace {

using Reason = std::optional<std::string>;

// A whole number of at least `min`, read by the parser the GUI uses (core/engine number_text.h):
// "4096", "4k", "1,024". "8.0"... with a fraction, "0x10" and words are refused, not guessed at.
Reason whole(std::string_view text, int min, std::optional<int>& out) {
  NumberSpec spec;
  spec.unit = NumberUnit::Count;
  spec.whole = true;
  spec.min = min;
  const ParsedNumber r = parse_number(text, spec);
  if (!r.ok()) return r.error;
  out = int(r.value);
  return std::nullopt;
}

// A finite number (exponents allowed: 1.4e12) in [min, max], or (min, max] when
// `min_exclusive`. "inf" and "nan" are refused. Counts take multipliers ("15T" tokens); a
// count in units of `scale` ("--params-b 70" or "70B") reads a bare number in those units.
Reason number(std::string_view text, double min, bool min_exclusive, double max, std::optional<double>& out,
              NumberUnit unit = NumberUnit::Plain, double scale = 1) {
  const ParsedNumber r = parse_number(text, NumberSpec{unit, false, min, min_exclusive, max, scale});
  if (!r.ok()) return r.error;
  out = r.value;
  return std::nullopt;
}

template <typename E, typename Parse>
Reason choice(std::string_view text, Parse parse, std::string_view spellings, std::optional<E>& out) {
  const std::optional<E> v = parse(text);
  if (!v) return quoted(text) + " is not one of: " + std::string(spellings);
  out = *v;
  return std::nullopt;
}

Reason on_off(std::string_view text, std::optional<bool>& out) {
  return choice(text, parse_on_off, "on, off", out);
}

// A whole number in [min, max].
Reason whole_in(std::string_view text, int min, int max, std::optional<int>& out) {
  std::optional<int> v;
  if (Reason r = whole(text, min, v)) return r;
  if (*v > max) return "must be at most " + std::to_string(max) + ", got " + std::string(text);
  out = v;
  return std::nullopt;
}

std::optional<OutputFormat> parse_format(std::string_view s) {
  if (s == "text") return OutputFormat::Text;
  if (s == "json") return OutputFormat::Json;
  if (s == "csv") return OutputFormat::Csv;
  return std::nullopt;
}

// The option's row of the field table (engine/fields.h): its bounds, label and help are the
// option's. A flag with no row does not compile.
consteval const FieldInfo& row(std::string_view flag) {
  for (const FieldInfo& f : kFields)
    if (f.flag == flag) return f;
  throw "no field has this CLI option";
}

// A whole number of at least the row's minimum. The engine's validation (validate.cpp) refuses
// what is above the row's maximum, naming the field ("training.seq: must be at most ...").
Reason count(std::string_view text, const FieldInfo& f, std::optional<int>& out) { return whole(text, int(f.min), out); }
// A number within the row's bounds (a count with multipliers when `unit` is Count).
Reason real(std::string_view text, const FieldInfo& f, std::optional<double>& out, NumberUnit unit = NumberUnit::Plain,
            double scale = 1) {
  return number(text, f.min, f.min_open, f.max, out, unit, scale);
}

// A million seconds (11.6 days) for one optimizer step is no pilot measurement.
constexpr double kMaxMeasuredStepS = 1e6;

// The rows' `help`: for an option of the field table, what the CLI adds to the row's help (its
// default, presets, spellings); otherwise the whole help.
const std::array kOptions = {
    OptionInfo{"scenario", "FILE.json", "Input",
               "start from a scenario file (flags given here override it, in any order)",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 if (v.empty()) return std::string("the file name is empty");
                 a.scenario_file = std::string(v);
                 return std::nullopt;
               }},
    OptionInfo{"scenario-id", "ID", "Input",
               "start from scenario ID of the library (see 'scenario list'); flags given here override it",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 long long id = 0;
                 const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), id);
                 if (v.empty() || ec != std::errc{} || ptr != v.data() + v.size() || id < 1)
                   return quoted(v) + " is not a scenario id (a whole number from 'scenario list')";
                 a.scenario_id = id;
                 return std::nullopt;
               }},
    OptionInfo{"db", "PATH", "Input", "the scenario library of --scenario-id (default: see 'scenario --help')",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 if (v.empty()) return std::string("the path is empty");
                 a.db = std::string(v);
                 return std::nullopt;
               }},
    OptionInfo{"format", "text|json|csv", "Input", "output format (default text)",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 std::optional<OutputFormat> f;
                 if (auto r = choice(v, parse_format, "text, json, csv", f)) return r;
                 a.format = *f;
                 return std::nullopt;
               }},

    OptionInfo{"model", "NAME", "Model", "An id of 'catalog models'; shape flags then override it.",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 if (!find_model_preset(v))
                   return "unknown model preset " + quoted(v) + " (see 'clusterplan-cli catalog models')";
                 a.model = std::string(v);
                 return std::nullopt;
               }},
    OptionInfo{"params-b", "X", "Model", "70 and 70B are 70 billion.",
               [](EstimateArgs& a, std::string_view v) { return real(v, row("params-b"), a.params_b, NumberUnit::Count, 1e9); }},
    OptionInfo{"hf-config", "FILE", "Model", "import the shape from a Hugging Face config.json",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 if (v.empty()) return std::string("the file name is empty");
                 a.hf_config = std::string(v);
                 return std::nullopt;
               }},
    OptionInfo{"layers", "N", "Model", "",
               [](EstimateArgs& a, std::string_view v) { return count(v, row("layers"), a.shape.layers); }},
    OptionInfo{"hidden", "N", "Model", "",
               [](EstimateArgs& a, std::string_view v) { return count(v, row("hidden"), a.shape.hidden); }},
    OptionInfo{"heads", "N", "Model", "",
               [](EstimateArgs& a, std::string_view v) { return count(v, row("heads"), a.shape.heads); }},
    OptionInfo{"kv-heads", "N", "Model", "A custom shape defaults to --heads.",
               [](EstimateArgs& a, std::string_view v) { return count(v, row("kv-heads"), a.shape.kv_heads); }},
    OptionInfo{"ffn", "N", "Model", "",
               [](EstimateArgs& a, std::string_view v) { return count(v, row("ffn"), a.shape.ffn); }},
    OptionInfo{"ffn-type", "gelu|swiglu", "Model", "A custom shape defaults to swiglu.",
               [](EstimateArgs& a, std::string_view v) {
                 return choice(v, parse_ffn_type, spellings_ffn_type(), a.shape.ffn_type);
               }},
    OptionInfo{"vocab", "N", "Model", "",
               [](EstimateArgs& a, std::string_view v) { return count(v, row("vocab"), a.shape.vocab); }},
    OptionInfo{"experts", "N", "Model", "",
               [](EstimateArgs& a, std::string_view v) { return count(v, row("experts"), a.shape.experts); }},
    OptionInfo{"experts-per-token", "N", "Model", "",
               [](EstimateArgs& a, std::string_view v) {
                 return count(v, row("experts-per-token"), a.shape.experts_per_token);
               }},
};

// The cluster's size and GPU: the builder applies these before the network's rows.
const std::array kClusterOptions = {
    OptionInfo{"gpu", "NAME", "Cluster", "An id of 'catalog gpus'.",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 if (!find_gpu(v)) return "unknown GPU " + quoted(v) + " (see 'clusterplan-cli catalog gpus')";
                 a.gpu = std::string(v);
                 return std::nullopt;
               }},
    OptionInfo{"gpu-memory", "BYTES", "Cluster",
               "With a unit (96GiB) or in bytes; default the catalog GPU's: for a part whose memory differs.",
               [](EstimateArgs& a, std::string_view v) {
                 return real(v, row("gpu-memory"), a.gpu_memory, NumberUnit::Bytes);
               }},
    OptionInfo{"gpus", "N", "Cluster",
               "GPUs in all: up to --gpus-per-node is one node, more must be a multiple of it",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.gpus); }},
    OptionInfo{"nodes", "N", "Cluster", "",
               [](EstimateArgs& a, std::string_view v) { return count(v, row("nodes"), a.nodes); }},
    OptionInfo{"gpus-per-node", "N", "Cluster", "Default 8.",
               [](EstimateArgs& a, std::string_view v) { return count(v, row("gpus-per-node"), a.gpus_per_node); }},

    OptionInfo{"fabric", "NAME", "Network", "An id of 'catalog fabrics'; default ib-hdr.",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 if (std::string why = unknown_fabric(v); !why.empty()) return why;
                 a.fabric = std::string(v);
                 return std::nullopt;
               }},
};

const std::array kCalibrationOptions = {
    OptionInfo{"measured-step-s", "X", "Calibration",
               "your measured step time of a pilot run, seconds: scales the model to match it",
               [](EstimateArgs& a, std::string_view v) {
                 return number(v, 0, true, kMaxMeasuredStepS, a.measured_step_s);
               }},
};

// Checks that need the whole command line, not one option.
void check_combinations(const EstimateArgs& a, std::vector<std::string>& errors) {
  // One starting point for the model: mixing them would make one silently win.
  std::vector<std::string_view> starts;
  if (a.model) starts.emplace_back("--model");
  if (a.params_b) starts.emplace_back("--params-b");
  if (a.hf_config) starts.emplace_back("--hf-config");
  if (starts.size() > 1)
    errors.push_back(std::string(starts[1]) + ": cannot be combined with " + std::string(starts[0]) +
                     " (give one starting point for the model; shape flags then override it)");

  if (a.gpus && a.nodes)
    errors.emplace_back("--gpus: cannot be combined with --nodes (give --gpus N, or --nodes N --gpus-per-node M)");

  if (a.scenario_file && a.scenario_id)
    errors.emplace_back("--scenario-id: cannot be combined with --scenario (give one starting scenario)");

  // Shape flags alone, with no preset, size, config or starting scenario, describe
  // a custom model from scratch: every size must be given (kv-heads defaults to heads).
  if (starts.empty() && !a.scenario_file && !a.scenario_id && a.shape.any()) {
    std::string missing;
    auto need = [&](const std::optional<int>& v, std::string_view name) {
      if (v) return;
      if (!missing.empty()) missing += ", ";
      missing += name;
    };
    need(a.shape.layers, "--layers");
    need(a.shape.hidden, "--hidden");
    need(a.shape.heads, "--heads");
    need(a.shape.ffn, "--ffn");
    need(a.shape.vocab, "--vocab");
    if (!missing.empty())
      errors.push_back(missing + ": missing; a model given by shape flags alone needs --layers, --hidden, --heads, "
                                 "--ffn and --vocab (or start from --model, --params-b or --hf-config)");
  }
}

// How a row's number is written on the command line: token counts take multipliers ("15T"),
// memory takes units ("96GiB").
NumberUnit cli_unit(const FieldInfo& f) {
  if (f.unit == "tokens" || f.unit == "parameters") return NumberUnit::Count;
  if (f.unit == "bytes") return NumberUnit::Bytes;
  return NumberUnit::Plain;
}

// A row's option from its text: a whole number or a number within the row's bounds, on or
// off, or one of the choice's spellings.
Reason set_field(EstimateArgs& a, const FieldInfo& f, std::string_view text) {
  std::optional<double>& out = a.fields[std::size_t(&f - kFields.data())];
  switch (f.kind) {
    case FieldKind::Count: {
      std::optional<int> v;
      if (Reason r = whole_in(text, int(f.min), int(f.max), v)) return r;
      out = *v;
      return std::nullopt;
    }
    case FieldKind::Real: return real(text, f, out, cli_unit(f));
    case FieldKind::Flag: {
      std::optional<bool> v;
      if (Reason r = on_off(text, v)) return r;
      out = *v ? 1 : 0;
      return std::nullopt;
    }
    case FieldKind::Choice: {
      Scenario probe;
      if (!f.set_word(probe, text)) return quoted(text) + " is not one of: " + std::string(f.spellings());
      out = f.get(probe);
      return std::nullopt;
    }
    case FieldKind::Text: break;
  }
  return std::string("takes no value");
}

// The rows' options of one help group, in the table's order, with their placeholders ("N",
// "on|off", the spellings) and, for a flag or a choice, the default of the default scenario.
void add_row_options(std::string_view section, std::string_view group, std::vector<OptionInfo>& out) {
  static std::deque<std::string> texts;  // the options keep views into it: a deque never moves them
  const Scenario defaults = default_scenario(), blank{};
  for (const FieldInfo& f : kFields) {
    if (!field_option(f) || !f.key.starts_with(section)) continue;
    OptionInfo o{f.flag, "N", group, "", nullptr, &f};
    if (f.kind == FieldKind::Real) o.value = "X";
    if (f.kind == FieldKind::Flag) o.value = "on|off";
    if (f.kind == FieldKind::Choice) {
      std::string list(f.spellings());
      // A set of choices (recompute-modules) is spelled in words, not as a list of values.
      if (list.find(" or ") != std::string::npos) list = std::string(f.word(blank)) + ", LIST";
      for (std::size_t i = 0; (i = list.find(", ", i)) != std::string::npos;) list.replace(i, 2, "|");
      o.value = texts.emplace_back(std::move(list));
    }
    if (f.kind == FieldKind::Flag)
      o.help = f.get(defaults) != 0 ? "Default on." : "Default off.";
    if (f.kind == FieldKind::Choice) o.help = texts.emplace_back("Default " + std::string(f.word(defaults)) + ".");
    // A number's default is stated where it is everyone's, not the default scenario's own
    // (its TP 8 is LLaMA-65B's): where the default scenario keeps the value a Scenario starts with.
    if (f.bounded() && f.get(defaults) == f.get(blank) && f.get(defaults) != 0)
      o.help = texts.emplace_back("Default " + bound_text(f.get(defaults)) + ".");
    if (f.kind == FieldKind::Real && cli_unit(f) == NumberUnit::Count)
      o.help = "1.4e12, 15T and 1,400,000,000,000 are accepted.";
    out.push_back(o);
  }
}

}  // namespace

bool field_option(const FieldInfo& f) {
  // The power and cost options keep their own entries (power_cost_args.cpp), which also read
  // presets and currencies.
  if (f.flag.empty() || !f.has_value() || f.key.starts_with("model.") || f.key.starts_with("assumptions."))
    return false;
  return f.key != "cluster.gpus_per_node" && f.key != "cluster.nodes" && !f.key.starts_with("cluster.gpu_spec.");
}

std::optional<std::string> set_option(const OptionInfo& o, EstimateArgs& a, std::string_view text) {
  return o.set ? o.set(a, text) : set_field(a, *o.row, text);
}

std::span<const OptionInfo> estimate_options() {
  static const std::vector<OptionInfo> all = [] {
    std::vector<OptionInfo> v(kOptions.begin(), kOptions.end());
    add_row_options("training.", "Training", v);
    add_row_options("parallelism.", "Parallelism", v);
    v.insert(v.end(), kClusterOptions.begin(), kClusterOptions.end());
    add_row_options("cluster.", "Network", v);
    v.insert(v.end(), kCalibrationOptions.begin(), kCalibrationOptions.end());
    const std::span<const OptionInfo> more = power_cost_options();
    v.insert(v.end(), more.begin(), more.end());
    return v;
  }();
  return all;
}

const OptionInfo* find_estimate_option(std::string_view name) {
  for (const OptionInfo& o : estimate_options())
    if (o.name == name) return &o;
  return nullptr;
}

bool is_numeric_option(const OptionInfo& o) { return o.value == "N" || o.value == "X"; }

std::vector<std::string_view> option_names(std::span<const OptionInfo> options) {
  std::vector<std::string_view> names;
  for (const OptionInfo& o : options) names.push_back(o.name);
  return names;
}

ParseResult parse_estimate_args(const std::vector<std::string>& args, std::string_view command,
                                const std::vector<std::string_view>& more_options) {
  ParseResult r;
  for (const OptionWord& w : read_options(args)) {
    if (w.kind == OptionWord::Kind::Help) {
      r.args.help = true;
      continue;
    }
    if (w.kind == OptionWord::Kind::Argument) {
      r.errors.push_back(quoted(w.value) + ": unexpected argument (options start with --)");
      continue;
    }
    const OptionInfo* opt = find_estimate_option(w.name);
    if (!opt) {  // its value, if any, goes with it: not reported a second time
      std::vector<std::string_view> known = option_names(estimate_options());
      known.insert(known.end(), more_options.begin(), more_options.end());
      r.errors.push_back(unknown_option(w.name, command, known));
      continue;
    }
    if (!w.has_value) {
      r.errors.push_back("--" + w.name + ": missing value (" + std::string(opt->value) + ")");
      continue;
    }
    if (Reason why = set_option(*opt, r.args, w.value)) r.errors.push_back("--" + w.name + ": " + *why);
  }
  check_combinations(r.args, r.errors);
  return r;
}

ParseResult parse_estimate_args(const std::vector<std::string>& args) { return parse_estimate_args(args, "estimate", {}); }

std::string option_help(const OptionInfo& o) {
  const FieldInfo* f = find_field_by_flag(o.name);
  if (!f) return std::string(o.help);
  std::string text(f->help);
  if (f->bounded()) {
    std::string range = range_text(*f);
    range.front() = char(range.front() - 'a' + 'A');  // "From 1 to 65536 GPUs."
    text.append(" ").append(range);
    if (!f->unit.empty()) text.append(" ").append(f->unit);
    text.append(".");
  }
  if (!o.help.empty()) text.append(" ").append(o.help);
  return text;
}

}  // namespace cp::cli
