#include "cli/estimate_args.h"

#include <array>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdio>

#include "engine/gpu.h"
#include "engine/model.h"
#include "engine/number_text.h"

namespace cp::cli {
namespace {

using Reason = std::optional<std::string>;

// Built by appending: "'" + std::string(text) + "'" trips GCC 12's false -Wrestrict in Release.
std::string quoted(std::string_view text) {
  std::string q;
  q.reserve(text.size() + 2);
  q.push_back('\'');
  q.append(text);
  q.push_back('\'');
  return q;
}

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

std::optional<Topology> parse_topology_opt(std::string_view s) {
  Topology t{};
  if (parse_topology(s, t)) return t;
  return std::nullopt;
}

std::optional<OutputFormat> parse_format(std::string_view s) {
  if (s == "text") return OutputFormat::Text;
  if (s == "json") return OutputFormat::Json;
  if (s == "csv") return OutputFormat::Csv;
  return std::nullopt;
}

// Megatron-LM's largest published runs use a few thousand GPUs per dimension; the engine's
// own limits (core/engine/src/validate.cpp) bound the rest, so the parser only refuses what can never
// be meant: negative or zero sizes and numbers that do not fit an int.
constexpr double kMaxParamsB = 1e5;  // 100T parameters; the same bound as the scenario file
// A leaf with 1000 down ports per up port is no fabric anyone builds; the bound only keeps the
// sizing arithmetic in range. 64 NICs per node is 8 per GPU on an 8-GPU node.
constexpr double kMaxOversubscription = 1000;
constexpr int kMaxNicsPerNode = 64;
// A million seconds (11.6 days) for one optimizer step is no pilot measurement.
constexpr double kMaxMeasuredStepS = 1e6;

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

    OptionInfo{"model", "NAME", "Model", "a preset id (see 'catalog models'); shape flags then override it",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 if (!find_model_preset(v))
                   return "unknown model preset " + quoted(v) + " (see 'clusterplan-cli catalog models')";
                 a.model = std::string(v);
                 return std::nullopt;
               }},
    OptionInfo{"params-b", "X", "Model", "derive a standard Llama-style shape of about X billion parameters",
               [](EstimateArgs& a, std::string_view v) { return number(v, 0, true, kMaxParamsB, a.params_b, NumberUnit::Count, 1e9); }},
    OptionInfo{"hf-config", "FILE", "Model", "import the shape from a Hugging Face config.json",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 if (v.empty()) return std::string("the file name is empty");
                 a.hf_config = std::string(v);
                 return std::nullopt;
               }},
    OptionInfo{"layers", "N", "Model", "transformer layers",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.shape.layers); }},
    OptionInfo{"hidden", "N", "Model", "hidden size",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.shape.hidden); }},
    OptionInfo{"heads", "N", "Model", "attention heads",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.shape.heads); }},
    OptionInfo{"kv-heads", "N", "Model", "key/value heads (GQA/MQA); a custom shape defaults to --heads",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.shape.kv_heads); }},
    OptionInfo{"ffn", "N", "Model", "MLP inner size",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.shape.ffn); }},
    OptionInfo{"ffn-type", "gelu|swiglu", "Model", "MLP type (a custom shape defaults to swiglu)",
               [](EstimateArgs& a, std::string_view v) {
                 return choice(v, parse_ffn_type, spellings_ffn_type(), a.shape.ffn_type);
               }},
    OptionInfo{"vocab", "N", "Model", "vocabulary size",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.shape.vocab); }},
    OptionInfo{"experts", "N", "Model", "routed experts per MoE layer (0: dense)",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 0, a.shape.experts); }},
    OptionInfo{"experts-per-token", "N", "Model", "routed experts each token uses (top-k)",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 0, a.shape.experts_per_token); }},

    OptionInfo{"seq", "N", "Training", "tokens per sequence",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.seq); }},
    OptionInfo{"micro-batch", "N", "Training", "sequences per micro-batch",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.micro_batch); }},
    OptionInfo{"global-batch", "N", "Training", "sequences per optimizer step",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.global_batch); }},
    OptionInfo{"precision", "fp32|bf16|fp16|fp8", "Training", "training precision (bf16/fp16: fp32 master weights)",
               [](EstimateArgs& a, std::string_view v) {
                 return choice(v, parse_precision, spellings_precision(), a.precision);
               }},
    OptionInfo{"optimizer", "adam|sgd|adam8bit", "Training", "optimizer (adam covers AdamW)",
               [](EstimateArgs& a, std::string_view v) {
                 return choice(v, parse_optimizer, spellings_optimizer(), a.optimizer);
               }},
    OptionInfo{"grad-dtype", "auto|fp32|bf16", "Training", "gradient accumulation type",
               [](EstimateArgs& a, std::string_view v) {
                 return choice(v, parse_grad_dtype, spellings_grad_dtype(), a.grad_dtype);
               }},
    OptionInfo{"recompute", "none|selective|full", "Training", "activation recomputation",
               [](EstimateArgs& a, std::string_view v) {
                 return choice(v, parse_recompute, spellings_recompute(), a.recompute);
               }},
    OptionInfo{"stack", "megatron-core|megatron-lm|megatron-deepspeed|pytorch-eager|pytorch-compile", "Training",
               "software stack: kernel fusion, launch overhead, pipeline engine (default megatron-core)",
               [](EstimateArgs& a, std::string_view v) {
                 return choice(v, parse_software_stack, spellings_software_stack(), a.stack);
               }},
    OptionInfo{"fp8-attention", "on|off", "Training",
               "with --precision fp8, run the attention core in fp8 too (default off: fp8 recipes keep it in bf16)",
               [](EstimateArgs& a, std::string_view v) { return on_off(v, a.fp8_attention); }},
    OptionInfo{"zero", "0|1|2|3|fsdp|distopt", "Training",
               "ZeRO stage (fsdp = 3; distopt = Megatron-LM's distributed optimizer)",
               [](EstimateArgs& a, std::string_view v) { return choice(v, parse_zero, spellings_zero(), a.zero); }},
    OptionInfo{"dropout", "on|off", "Training", "dropout layers",
               [](EstimateArgs& a, std::string_view v) { return on_off(v, a.dropout); }},
    OptionInfo{"flash-attention", "on|off", "Training", "flash attention",
               [](EstimateArgs& a, std::string_view v) { return on_off(v, a.flash_attention); }},
    OptionInfo{"tokens", "N", "Training", "training-token budget (1.4e12, 15T and 1,400,000,000,000 accepted)",
               [](EstimateArgs& a, std::string_view v) { return number(v, 0, false, 1e18, a.tokens, NumberUnit::Count); }},

    OptionInfo{"tp", "N", "Parallelism", "tensor parallel size",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.tp); }},
    OptionInfo{"pp", "N", "Parallelism", "pipeline parallel stages",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.pp); }},
    OptionInfo{"vpp", "N", "Parallelism", "model chunks per pipeline rank (interleaved schedule)",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.vpp); }},
    OptionInfo{"dp", "N", "Parallelism", "data parallel size (0 or left out: derived from the GPU count)",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 0, a.dp); }},
    OptionInfo{"cp", "N", "Parallelism", "context parallel size",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.cp); }},
    OptionInfo{"ep", "N", "Parallelism", "expert parallel size (inside DP x CP)",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.ep); }},
    OptionInfo{"sequence-parallel", "on|off", "Parallelism", "sequence parallelism (with TP)",
               [](EstimateArgs& a, std::string_view v) { return on_off(v, a.sequence_parallel); }},

    OptionInfo{"gpu", "NAME", "Cluster", "GPU id (see 'catalog gpus')",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 if (!find_gpu(v)) return "unknown GPU " + quoted(v) + " (see 'clusterplan-cli catalog gpus')";
                 a.gpu = std::string(v);
                 return std::nullopt;
               }},
    OptionInfo{"gpus", "N", "Cluster",
               "GPUs in all: up to --gpus-per-node is one node, more must be a multiple of it",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.gpus); }},
    OptionInfo{"nodes", "N", "Cluster", "servers",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.nodes); }},
    OptionInfo{"gpus-per-node", "N", "Cluster", "GPUs per server (default 8)",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 1, a.gpus_per_node); }},

    OptionInfo{"fabric", "NAME", "Network", "scale-out fabric id (see 'catalog fabrics'; default ib-hdr)",
               [](EstimateArgs& a, std::string_view v) -> Reason {
                 if (!find_fabric(v)) return "unknown fabric " + quoted(v) + " (see 'clusterplan-cli catalog fabrics')";
                 a.fabric = std::string(v);
                 return std::nullopt;
               }},
    OptionInfo{"nics-per-node", "N", "Network", "scale-out NICs per server, 1 to 64 (default 8)",
               [](EstimateArgs& a, std::string_view v) { return whole_in(v, 1, kMaxNicsPerNode, a.nics_per_node); }},
    OptionInfo{"topology", "single|fat-tree-2|fat-tree-3|rail", "Network", "switch topology (default rail)",
               [](EstimateArgs& a, std::string_view v) {
                 return choice(v, parse_topology_opt, spellings_topology(), a.topology);
               }},
    OptionInfo{"oversubscription", "X", "Network", "leaf down:up port ratio, at least 1 (1: non-blocking)",
               [](EstimateArgs& a, std::string_view v) {
                 return number(v, 1, false, kMaxOversubscription, a.oversubscription);
               }},
    OptionInfo{"tp-comm-overlap", "on|off", "Network", "hide TP collectives behind GEMMs (Megatron-Core; default off)",
               [](EstimateArgs& a, std::string_view v) { return on_off(v, a.tp_comm_overlap); }},
    OptionInfo{"tp-async-grad", "on|off", "Network",
               "overlap the TP backward's gradient all-reduce with the weight-gradient GEMM (Megatron; default on)",
               [](EstimateArgs& a, std::string_view v) { return on_off(v, a.tp_async_grad); }},
    OptionInfo{"dp-overlap", "on|off", "Network", "reduce gradients during the backward pass (default on)",
               [](EstimateArgs& a, std::string_view v) { return on_off(v, a.dp_overlap); }},
    OptionInfo{"moe-dispatch", "bf16|fp8", "Network",
               "element type of the expert-parallel dispatch all-to-all (combine stays bf16; default bf16)",
               [](EstimateArgs& a, std::string_view v) {
                 return choice(v, parse_moe_dispatch, spellings_moe_dispatch(), a.moe_dispatch);
               }},
    OptionInfo{"moe-max-nodes", "N", "Network",
               "node-limited routing: nodes a token is sent to at most, once per node (0: no limit; DeepSeek-V3: 4)",
               [](EstimateArgs& a, std::string_view v) { return whole(v, 0, a.moe_max_nodes); }},

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

}  // namespace

bool is_option(const std::string& token) { return token.size() > 2 && token.rfind("--", 0) == 0; }

OptionToken split_option(const std::string& token) {
  OptionToken t;
  if (!is_option(token)) return t;
  t.name = token.substr(2);
  if (const auto eq = t.name.find('='); eq != std::string::npos) {
    t.value = t.name.substr(eq + 1);
    t.name.resize(eq);
    t.has_value = true;
  }
  return t;
}

std::span<const OptionInfo> estimate_options() {
  static const std::vector<OptionInfo> all = [] {
    std::vector<OptionInfo> v(kOptions.begin(), kOptions.end());
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

ParseResult parse_estimate_args(const std::vector<std::string>& args) {
  ParseResult r;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& token = args[i];
    if (token == "--help" || token == "-h") {
      r.args.help = true;
      continue;
    }
    if (!is_option(token)) {
      r.errors.push_back(quoted(token) + ": unexpected argument (options start with --)");
      continue;
    }
    std::string name = token.substr(2);
    std::optional<std::string> value;
    if (const auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name.resize(eq);
    }
    const OptionInfo* opt = find_estimate_option(name);
    // Every option takes a value, so the token after an option is its value unless it is
    // itself an option ("--tp --pp 4" is a missing value, "--dp -1" a bad value).
    const bool next_is_value = !value && i + 1 < args.size() && !is_option(args[i + 1]);
    if (!opt) {
      r.errors.push_back("--" + name + ": unknown option (see 'clusterplan-cli estimate --help')");
      if (next_is_value) ++i;  // skip its value too, so it is not reported a second time
      continue;
    }
    if (!value) {
      if (!next_is_value) {
        r.errors.push_back("--" + name + ": missing value (" + std::string(opt->value) + ")");
        continue;
      }
      value = args[++i];
    }
    if (Reason why = opt->set(r.args, *value)) r.errors.push_back("--" + name + ": " + *why);
  }
  check_combinations(r.args, r.errors);
  return r;
}

}  // namespace cp::cli
