// The scenario's inputs, described once (one owner per concept): for each input its
// dotted key (the scenario file's JSON path, and the field every validation problem names), the
// clusterplan-cli option that sets it, its English label and unit, its bounds and one sentence
// saying what it is. Validation (validate.cpp), the CLI's options and help, the input panel
// (ranges, units, tooltips) and the compare page read it from here; nothing else writes a
// field's bounds. Static data: no allocation, no Qt (the GUI translates label and help through
// its own catalogue, ui/src/text/fieldtext.cpp).
//
// Bounds are input bounds, not physics: an absurd value is a typo, and a figure computed from
// any value inside them stays finite. The reasoning (and source) of each is next to its row.
#pragma once

#include <array>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "engine/scenario.h"

namespace cp {

// The upper bound shared by eight integer fields: attention heads, key/value heads, head size,
// experts, and the TP, PP, CP and EP degrees (the field table engine/fields.h, hence validation,
// the input panel and the CLI; the planner's knob lists). An input bound, not physics: 256 times
// the largest published value among them (DeepSeek-V3: 256 routed experts, arXiv:2412.19437;
// LLaMA-3 405B: 128 heads, arXiv:2407.21783), small enough that products of two stay within an int.
inline constexpr int kMaxHeadsExpertsDegree = 1 << 16;

enum class FieldKind : unsigned char {
  Count,   // a whole number in [min, max]
  Real,    // a finite number in [min, max], (min, max], [min, max) ... (min_open, max_open)
  Choice,  // one of a list of spellings (the enum's own parser says which)
  Flag,    // on or off
  Text,    // free text (UTF-8)
};

struct FieldInfo {
  std::string_view key;    // "training.seq": JSON path and validation field name
  std::string_view flag;   // CLI option without "--" ("seq"); empty: the CLI has none
  std::string_view label;  // English label, "Sequence length"
  std::string_view unit;   // English unit of the stored value, "tokens"; empty: none
  FieldKind kind = FieldKind::Count;
  double min = 0, max = 0;  // Count and Real only
  bool min_open = false, max_open = false;
  std::string_view help;  // one sentence: what the input is
  bool stored = true;     // written to the scenario file at `key` (false: derived, e.g. model.size)
  bool optional = false;  // may be unset: get() is NaN then (field_rows::optional_at)
  bool zero_default = false;  // 0 stands for a default below `min` (the help says which)
  // What a 0 stands for, in a word or two ("no limit", "auto"), where the help says "0: ...":
  // shown in place of the 0. Empty: a 0 is the number.
  std::string_view zero_word = {};

  // The value path: where the row's value lives in a Scenario, as plain function pointers so
  // that the table stays static data. The scenario file's reader and writer, the CLI's options,
  // the estimate text, the input panel and the sweep's axes go through it. Null where the value
  // is not one member (the name, the catalog ids, the derived size): those have readers of
  // their own.
  double (*get)(const Scenario&) = nullptr;  // Count, Real (NaN: unset); Flag 0 or 1; Choice the enum's value
  void (*set)(Scenario&, double) = nullptr;  // a Count's value is whole, a Choice's one of the enum's
  std::string_view (*word)(const Scenario&) = nullptr;      // Choice: the value's spelling
  bool (*set_word)(Scenario&, std::string_view) = nullptr;  // Choice: false when `text` is no spelling
  std::string_view (*spellings)() = nullptr;                // Choice: "auto, native, flash2, ..."

  constexpr bool has_value() const { return get != nullptr; }

  constexpr bool bounded() const { return kind == FieldKind::Count || kind == FieldKind::Real; }
  // Whether `v` is inside the bounds (always true for unbounded kinds).
  constexpr bool admits(double v) const {
    if (kind != FieldKind::Count && kind != FieldKind::Real) return true;
    return (min_open ? v > min : v >= min) && (max_open ? v < max : v <= max);
  }
};

namespace field_rows {
constexpr FieldInfo count(std::string_view key, std::string_view flag, std::string_view label, std::string_view unit,
                          double min, double max, std::string_view help) {
  return {key, flag, label, unit, FieldKind::Count, min, max, false, false, help};
}
constexpr FieldInfo real(std::string_view key, std::string_view flag, std::string_view label, std::string_view unit,
                         double min, double max, std::string_view help, bool min_open = false, bool max_open = false) {
  return {key, flag, label, unit, FieldKind::Real, min, max, min_open, max_open, help};
}
constexpr FieldInfo choice(std::string_view key, std::string_view flag, std::string_view label, std::string_view help) {
  return {key, flag, label, {}, FieldKind::Choice, 0, 0, false, false, help};
}
constexpr FieldInfo on_off(std::string_view key, std::string_view flag, std::string_view label, std::string_view help) {
  return {key, flag, label, {}, FieldKind::Flag, 0, 0, false, false, help};
}
constexpr FieldInfo text(std::string_view key, std::string_view label, std::string_view help) {
  return {key, {}, label, {}, FieldKind::Text, 0, 0, false, false, help};
}
constexpr FieldInfo derived(FieldInfo f) {
  f.stored = false;
  return f;
}
constexpr FieldInfo zero_means(std::string_view word, FieldInfo f) {
  f.zero_word = word;
  return f;
}
constexpr FieldInfo zero_is_default(std::string_view word, FieldInfo f) {
  f.zero_default = true;
  return zero_means(word, f);
}

// The row `f` with its value at `At` (a lambda from Scenario& to the member, CP_AT below): an
// int for a Count, a double for a Real, a bool for a Flag. A captureless lambda is default
// constructible, so each pointer below is a function of its own.
template <class At>
constexpr FieldInfo at(FieldInfo f, At) {
  using T = std::remove_cvref_t<decltype(At{}(std::declval<Scenario&>()))>;
  f.get = [](const Scenario& s) { return double(At{}(const_cast<Scenario&>(s))); };
  if constexpr (std::is_same_v<T, bool>) f.set = [](Scenario& s, double v) { At{}(s) = v != 0; };
  else f.set = [](Scenario& s, double v) { At{}(s) = T(v); };
  return f;
}
// A Choice row's value, an enum at `At`, with its spellings: Parse reads one, Spellings lists
// them (engine/enums.h).
template <auto Parse, auto Spellings, class At>
constexpr FieldInfo choice_at(FieldInfo f, At) {
  using E = std::remove_cvref_t<decltype(At{}(std::declval<Scenario&>()))>;
  f.get = [](const Scenario& s) { return double(std::underlying_type_t<E>(At{}(const_cast<Scenario&>(s)))); };
  f.set = [](Scenario& s, double v) { At{}(s) = E(std::underlying_type_t<E>(v)); };
  f.word = [](const Scenario& s) { return to_string(At{}(const_cast<Scenario&>(s))); };
  f.set_word = [](Scenario& s, std::string_view text) {
    const auto v = Parse(text);
    if (v) At{}(s) = *v;
    return bool(v);
  };
  f.spellings = [] { return std::string_view(Spellings()); };
  return f;
}
// A Real row whose member is a std::optional<double>, unset meaning the engine's own rule (the
// row's help says which): get() is NaN while it is unset, and set() with NaN unsets it.
template <class At>
constexpr FieldInfo optional_at(FieldInfo f, At) {
  f.optional = true;
  f.get = [](const Scenario& s) {
    const std::optional<double>& v = At{}(const_cast<Scenario&>(s));
    return v ? *v : std::numeric_limits<double>::quiet_NaN();
  };
  f.set = [](Scenario& s, double v) {
    if (v == v) At{}(s) = v;
    else At{}(s).reset();
  };
  return f;
}
inline std::optional<Topology> parse_topology_word(std::string_view text) {
  Topology t{};
  if (parse_topology(text, t)) return t;
  return std::nullopt;
}
}  // namespace field_rows

// The member of a Scenario that a row's value is, for field_rows::at and choice_at.
#define CP_AT(member) [](Scenario & s) -> auto& { return s.member; }

// Every input, in the order of the scenario file. Bounds carry their reasoning (the sources
// are in /work/shared/reference: hardware.md, published-runs.md; and the papers cited).
inline constexpr auto kFields = [] {
  using namespace field_rows;
  constexpr double kMaxDegree = kMaxHeadsExpertsDegree;
  return std::array{
      // The model. Sizes: the largest published dense model has 126 layers and a hidden size of
      // 16384 (LLaMA-3 405B, arXiv:2407.21783); the bounds sit about a hundred times above.
      text("name", "Name",
           "The scenario's name, as charts, reports and saved files show it; empty: derived from what it is."),
      choice("model.id", "model", "Model", "A model preset from the catalog; its shape sets the model's sizes."),
      derived(real("model.size", "params-b", "Size", "billion parameters", 0, 1e5,  // 100T parameters
                   "Total parameters; a standard Llama-style shape of that size is derived.", true)),
      at(count("model.layers", "layers", "Layers", "", 1, 10000,
               "Transformer blocks, each an attention layer and an MLP."),
         CP_AT(model.layers)),
      at(count("model.hidden", "hidden", "Hidden size", "", 1, 1 << 20,
               "Width of each token's vector between the layers (the model dimension)."),
         CP_AT(model.hidden)),
      at(count("model.heads", "heads", "Attention heads", "", 1, kMaxDegree, "Query heads of each attention layer."),
         CP_AT(model.heads)),
      at(count("model.kv_heads", "kv-heads", "Key/value heads", "", 1, kMaxDegree,
               "Key/value heads: as many as the attention heads for multi-head attention, fewer for grouped-query "
               "(GQA), one for multi-query (MQA)."),
         CP_AT(model.kv_heads)),
      at(zero_means("auto", count("model.head_dim", "", "Head size", "", 0, kMaxDegree,
               "Size of each attention head; 0: hidden size / attention heads.")),
         CP_AT(model.head_dim)),
      at(count("model.ffn", "ffn", "FFN size", "", 1, 1 << 22, "Inner size of each MLP (feed-forward) block."),
         CP_AT(model.ffn)),
      choice_at<parse_ffn_type, spellings_ffn_type>(
          choice("model.ffn_type", "ffn-type", "MLP type", "SwiGLU (three matrices, gated) or GELU (two matrices)."),
          CP_AT(model.ffn_type)),
      at(count("model.vocab", "vocab", "Vocabulary", "tokens", 1, 1 << 24,
               "Tokens the tokenizer knows: the rows of the embedding and of the output layer."),
         CP_AT(model.vocab)),
      at(on_off("model.tied_embeddings", "", "Tied embeddings",
                "The output layer shares the input embedding's weights."),
         CP_AT(model.tied_embeddings)),
      choice_at<parse_norm_type, spellings_norm_type>(
          choice("model.norm", "", "Normalisation", "LayerNorm (with a bias) or RMSNorm."), CP_AT(model.norm)),
      at(on_off("model.linear_biases", "", "Linear biases", "The linear layers carry bias vectors."),
         CP_AT(model.linear_biases)),
      at(zero_means("none", count("model.learned_positions", "", "Learned positions", "positions", 0, 1 << 24,
               "Positions of a learned position embedding (GPT-2, OPT); 0: rotary or none.")),
         CP_AT(model.learned_positions)),
      choice_at<parse_attention_type, spellings_attention_type>(
          choice("model.attention", "", "Attention", "Multi-head, grouped-query or multi-head latent attention (MLA)."),
          CP_AT(model.attention)),
      at(zero_means("none (dense)", count("model.experts", "experts", "Experts", "", 0, kMaxDegree,
               "Routed experts of each mixture-of-experts (MoE) layer; 0: a dense model.")),
         CP_AT(model.experts)),
      // At most model.experts (validate.cpp); 0 on a dense model.
      at(count("model.experts_per_token", "experts-per-token", "Experts per token", "", 0, kMaxDegree,
               "Routed experts each token is sent to (top-k)."),
         CP_AT(model.experts_per_token)),
      at(count("model.shared_experts", "", "Shared experts", "", 0, 1 << 10,
               "Experts every token uses besides the routed ones (DeepSeek)."),
         CP_AT(model.shared_experts)),
      at(zero_means("the FFN size", count("model.moe_ffn", "", "Expert FFN size", "", 0, 1 << 22,
               "Inner size of each expert's MLP; 0: the FFN size.")),
         CP_AT(model.moe_ffn)),
      // At most model.layers - 1 (validate.cpp).
      at(count("model.dense_layers", "", "Dense layers", "layers", 0, 10000 - 1,
               "Leading layers with a dense MLP instead of experts."),
         CP_AT(model.dense_layers)),

      // Training. Llama 3 405B trained on 15.6e12 tokens with sequences of 8192 tokens
      // (published-runs.md); a budget of 1e18 tokens or sequences of 16M tokens is a typo.
      at(count("training.seq", "seq", "Sequence length", "tokens", 1, 16 << 20,
               "Tokens in each training sequence (the context length)."),
         CP_AT(training.seq)),
      at(count("training.micro_batch", "micro-batch", "Micro-batch", "sequences", 1, 1 << 20,
               "Sequences one GPU runs through one forward and backward pass."),
         CP_AT(training.micro_batch)),
      at(count("training.global_batch", "global-batch", "Global batch", "sequences", 1, 1 << 30,
               "Sequences per optimizer step, over every data-parallel replica and micro-batch."),
         CP_AT(training.global_batch)),
      choice_at<parse_precision, spellings_precision>(
          choice("training.precision", "precision", "Precision",
                 "Number format of the matrix multiplications; bf16 and fp16 keep fp32 master weights."),
          CP_AT(training.precision)),
      choice_at<parse_optimizer, spellings_optimizer>(
          choice("training.optimizer", "optimizer", "Optimizer",
                 "Adam (AdamW) keeps two fp32 moments per parameter, SGD one momentum, 8-bit Adam two 1-byte moments."),
          CP_AT(training.optimizer)),
      choice_at<parse_grad_dtype, spellings_grad_dtype>(
          choice("training.grad_dtype", "grad-dtype", "Gradient type",
                 "Type in which gradients are accumulated and reduced; auto: fp32 for bf16, fp8 and fp32 training, "
                 "16-bit for fp16, as the frameworks do by default."),
          CP_AT(training.grad_dtype)),
      choice_at<parse_optimizer_dtype, spellings_optimizer_dtype>(
          choice(
              "training.optimizer_dtype", "optimizer-dtype", "Optimizer state type",
              "Type of the optimizer's moments: fp32 with an fp32 master copy, or bf16 updating the 16-bit weights."),
          CP_AT(training.optimizer_dtype)),
      choice_at<parse_recompute, spellings_recompute>(
          choice("training.recompute", "recompute", "Recomputation",
                 "Activations computed again in the backward pass instead of stored: none, selective (attention) or "
                 "full (every layer)."),
          CP_AT(training.recompute)),
      at(on_off("training.selective_op", "selective-op", "Selective-op recomputation",
                "Selective recomputation as torchtitan's op policy: every op but the attention kernel and every "
                "other matmul runs again."),
         CP_AT(training.selective_op)),
      choice_at<parse_recompute_modules, spellings_recompute_modules>(
          choice("training.recompute_modules", "recompute-modules", "Recomputed modules",
                 "What selective recomputation also recomputes: none, or the norms, the MLP activation and the MLA "
                 "up-projections."),
          CP_AT(training.recompute_modules)),
      choice_at<parse_zero, spellings_zero>(
          choice("training.zero", "zero", "ZeRO",
                 "How data-parallel replicas share the model state: stage 1 splits the optimizer states, 2 also the "
                 "gradients, 3 (FSDP) also the weights; distopt is Megatron-LM's distributed optimizer."),
          CP_AT(training.zero)),
      at(on_off("training.dropout", "dropout", "Dropout",
                "Dropout layers; their masks are kept for the backward pass."),
         CP_AT(training.dropout)),
      at(on_off("training.flash_attention", "flash-attention", "Flash attention",
                "Fused attention kernels that never store the attention matrix."),
         CP_AT(training.flash_attention)),
      // Zero: no budget; else at least one token (a cost per token of less would be infinite).
      at(zero_means("no budget", real("training.tokens", "tokens", "Token budget", "tokens", 0, 1e18,
              "Tokens the whole run trains on; sets its time and cost (0: no budget).")),
         CP_AT(training.tokens)),
      at(on_off("training.tp_comm_overlap", "tp-comm-overlap", "TP communication overlap",
                "Hides tensor-parallel collectives behind the matrix multiplications (Megatron-Core)."),
         CP_AT(training.tp_comm_overlap)),
      at(on_off("training.tp_async_grad", "tp-async-grad", "TP asynchronous gradient",
                "Sends the TP backward's input-gradient all-reduce while the weight-gradient GEMM runs (Megatron)."),
         CP_AT(training.tp_async_grad)),
      at(on_off("training.grad_accum_fusion", "grad-accum-fusion", "Gradient accumulation fusion",
                "The weight-gradient GEMM adds into the gradient buffer itself (Megatron since 2022); off, a separate "
                "kernel adds each micro-batch's gradient."),
         CP_AT(training.grad_accum_fusion)),
      at(on_off("training.fused_cross_entropy", "fused-cross-entropy", "Fused cross-entropy",
                "The loss and its gradient in one kernel over the 16-bit logits (flash-attn, llm-foundry); off, "
                "Megatron-LM's unfused fp32 cross-entropy."),
         CP_AT(training.fused_cross_entropy)),
      at(on_off("training.ep_comm_overlap", "ep-comm-overlap", "EP communication overlap",
                "Hides one micro-batch's expert all-to-alls behind another's compute (Megatron-Core's EP A2A "
                "overlap, DeepSeek-V3's DualPipe)."),
         CP_AT(training.ep_comm_overlap)),
      at(on_off("training.dp_overlap", "dp-overlap", "DP overlap",
                "Reduces gradients during the backward pass instead of after it."),
         CP_AT(training.dp_overlap)),
      // A model of 1e15 parameters is a typo (100T is the largest size the CLI takes).
      at(real("training.dp_bucket_params", "", "Gradient bucket", "parameters", 0, 1e15,
              "Parameters per gradient all-reduce bucket.", true),
         CP_AT(training.dp_bucket_params)),
      // NCCL takes any size in bytes (powers of two recommended); a GiB per buffer is some 16 GiB
      // per communicator, a typo.
      at(count("training.nccl_buffsize", "nccl-buffsize", "NCCL buffer size", "bytes", 1, 1 << 30,
               "NCCL_BUFFSIZE: NCCL's buffer for each channel and peer; it counts in memory, not in speed."),
         CP_AT(training.nccl_buffsize)),
      choice_at<parse_moe_dispatch, spellings_moe_dispatch>(
          choice("training.moe_dispatch", "moe-dispatch", "MoE dispatch type",
                 "Element type of the expert-parallel dispatch all-to-all (the combine stays bf16)."),
          CP_AT(training.moe_dispatch)),
      // More nodes than any cluster has is a typo.
      at(zero_means("no limit", count("training.moe_max_nodes", "moe-max-nodes", "MoE node limit", "nodes", 0, 1 << 16,
               "Node-limited routing: the most nodes a token is sent to (0: no limit; DeepSeek-V3: 4).")),
         CP_AT(training.moe_max_nodes)),
      choice_at<parse_software_stack, spellings_software_stack>(
          choice("training.stack", "stack", "Software stack",
                 "The training framework: its kernel fusion, launch overhead and pipeline engine."),
          CP_AT(training.stack)),
      choice_at<parse_deployment, spellings_deployment>(
          choice("training.deployment", "deployment", "Deployment",
                 "Where the job runs: typical (anyone's cluster and software) or vendor (NVIDIA's own published "
                 "recipes on its reference clusters); the Megatron stacks reach less outside them."),
          CP_AT(training.deployment)),
      at(on_off("training.fp8_attention", "fp8-attention", "FP8 attention",
                "With fp8 precision, the attention core runs in fp8 too (fp8 recipes keep it in bf16)."),
         CP_AT(training.fp8_attention)),
      choice_at<parse_attention_kernel, spellings_attention_kernel>(
          choice("training.attention_kernel", "attention-kernel", "Attention kernel",
                 "The flash-attention kernel: auto (the stack's own), native (the GPU's newest), FlashAttention-2, "
                 "the 2022-23 Triton kernel or FlashAttention 1."),
          CP_AT(training.attention_kernel)),

      // Parallelism (Megatron-LM's rank layout: TP x PP x CP x DP = GPUs).
      at(count("parallelism.tp", "tp", "Tensor parallel (TP)", "GPUs", 1, kMaxDegree,
               "Tensor parallelism: each layer's matrices are split across this many GPUs, usually inside one node."),
         CP_AT(parallel.tp)),
      at(count("parallelism.pp", "pp", "Pipeline parallel (PP)", "stages", 1, kMaxDegree,
               "Pipeline parallelism: the layers are split into this many stages that pass activations on."),
         CP_AT(parallel.pp)),
      at(count("parallelism.vpp", "vpp", "Interleaved chunks (VPP)", "chunks per stage", 1, 1 << 10,
               "Virtual pipeline parallelism: model chunks per pipeline stage (interleaved schedule); a smaller "
               "pipeline bubble for more communication."),
         CP_AT(parallel.vpp)),
      at(zero_means("auto (from the GPU count)",
                    count("parallelism.dp", "dp", "Data parallel (DP)", "replicas", 0, 1 << 24,
                          "Data parallelism: copies of the model, each training on its share of the batch; 0: "
                          "derived from the GPU count.")),
         CP_AT(parallel.dp)),
      at(count("parallelism.cp", "cp", "Context parallel (CP)", "GPUs", 1, kMaxDegree,
               "Context parallelism: each sequence is split across this many GPUs (for long sequences)."),
         CP_AT(parallel.cp)),
      at(count("parallelism.ep", "ep", "Expert parallel (EP)", "GPUs", 1, kMaxDegree,
               "Expert parallelism: a mixture-of-experts layer's experts are split across this many GPUs (with ETP, "
               "over TP x DP x CP)."),
         CP_AT(parallel.ep)),
      at(zero_means("auto", count("parallelism.etp", "etp", "Expert tensor parallel (ETP)", "GPUs", 0, kMaxDegree,
               "Expert tensor parallelism: each expert's matrices are split across this many GPUs; EP x ETP divides "
               "TP x DP x CP. 0: TP where EP fits inside DP x CP, else 1.")),
         CP_AT(parallel.etp)),
      at(on_off("parallelism.sp", "sequence-parallel", "Sequence parallel (SP)",
                "Sequence parallelism: with TP, the norms and dropout are split along the sequence too."),
         CP_AT(parallel.sp)),

      // The cluster. The largest published runs use 16384 GPUs (Llama 3, published-runs.md) on
      // 8-GPU nodes; a GB200 NVL72 rack joins 72 GPUs (hardware.md).
      choice("cluster.gpu", "gpu", "GPU", "The accelerator, from the catalog: memory, peak FLOP/s and power."),
      at(count("cluster.gpus_per_node", "gpus-per-node", "GPUs per node", "GPUs", 1, 1024,
               "GPUs in each server, joined by NVLink (or PCIe)."),
         CP_AT(cluster.gpus_per_node)),
      at(count("cluster.nodes", "nodes", "Nodes", "nodes", 1, 1 << 20, "Servers in the cluster."),
         CP_AT(cluster.nodes)),
      choice("cluster.fabric", "fabric", "Fabric",
             "The scale-out network between the nodes: InfiniBand or RoCE, its speed and tuning."),
      // 64 NICs per node is 8 per GPU on an 8-GPU node.
      at(count("cluster.nics_per_node", "nics-per-node", "NICs per node", "NICs", 1, 64,
               "Scale-out network cards per server (usually one per GPU)."),
         CP_AT(cluster.nics_per_node)),
      choice_at<parse_topology_word, spellings_topology>(
          choice("cluster.topology", "topology", "Topology",
                 "How the switches are wired: one switch, a two- or three-tier fat tree, or rail-optimised."),
          CP_AT(cluster.topology)),
      // A leaf with 1000 down ports per up port is no fabric anyone builds.
      at(real("cluster.oversubscription", "oversubscription", "Oversubscription", "", 1, 1000,
              "Leaf switches' down:up port ratio; 1 is non-blocking, 2 halves each node's bandwidth across the spine."),
         CP_AT(cluster.oversubscription)),
      // A custom GPU: an H200 has 141 GB, 4.8 TB/s and about 1e15 dense BF16 FLOP/s
      // (hardware.md). The bounds sit a thousand times beyond, and far enough above zero that no
      // time divides by a vanishing rate.
      at(real("cluster.gpu_spec.memory_bytes", "gpu-memory", "GPU memory", "bytes", 1e6, 1e15,
              "Memory capacity of one GPU."),
         CP_AT(cluster.gpu.memory_bytes)),
      at(real("cluster.gpu_spec.bf16_flops", "", "BF16 peak", "FLOP/s", 1e9, 1e18, "Dense BF16 peak of one GPU."),
         CP_AT(cluster.gpu.bf16_flops)),
      at(zero_is_default("none", real("cluster.gpu_spec.fp8_flops", "", "FP8 peak", "FLOP/s", 1e9, 1e18,
                                      "Dense FP8 peak of one GPU; 0: none (the GPU has no FP8 units).")),
         CP_AT(cluster.gpu.fp8_flops)),
      at(zero_is_default("half of BF16", real("cluster.gpu_spec.fp32_flops", "", "FP32 peak", "FLOP/s", 1e9, 1e18,
                              "FP32 peak of one GPU; 0: half of BF16.")),
         CP_AT(cluster.gpu.fp32_flops)),
      at(real("cluster.gpu_spec.memory_bw_bytes_per_s", "", "Memory bandwidth", "bytes/s", 1e6, 1e15,
              "Bandwidth of one GPU's memory."),
         CP_AT(cluster.gpu.memory_bw)),
      at(zero_is_default("PCIe", real("cluster.gpu_spec.link_bw_bytes_per_s", "", "NVLink bandwidth", "bytes/s", 1e6,
                              1e15, "Bandwidth of one GPU into the node's NVLink domain; 0: PCIe.")),
         CP_AT(cluster.gpu.link_bw)),
      // A GB200 draws 1200 W (hardware.md).
      at(real("cluster.gpu_spec.tdp_w", "", "TDP", "W", 0, 1e5, "Board power of one GPU."), CP_AT(cluster.gpu.tdp_w)),
      at(real("cluster.gpu_spec.mamf_fraction", "", "Achievable matmul fraction", "", 0, 1,
              "Share of the peak the best large matrix multiplication reaches (MAMF).", true),
         CP_AT(cluster.gpu.mamf_fraction)),
      at(real("cluster.gpu_spec.fa2_fraction_of_fa3", "", "FlashAttention-2 rate", "", 0, 1,
              "Share of FlashAttention-3's rate that PyTorch's FlashAttention-2 kernels reach on this GPU.", true),
         CP_AT(cluster.gpu.fa2_fraction_of_fa3)),
      at(zero_means("none", count("cluster.gpu_spec.tile_n", "", "Tile size", "", 0, 1 << 16,
               "Matrix tile edge of the GPU's GEMM kernels; 0: no tile quantisation.")),
         CP_AT(cluster.gpu.tile_n)),
      at(zero_means("none", count("cluster.gpu_spec.sm_count", "", "Streaming multiprocessors", "", 0, 1 << 20,
               "Streaming multiprocessors of one GPU; 0: no wave quantisation.")),
         CP_AT(cluster.gpu.sm_count)),
      // Line rates: 800 Gb/s NICs today (XDR, hardware.md); an 800 Gb/s NIC moves 1e11 bytes/s.
      at(real("cluster.fabric_spec.nic_gbps", "", "NIC line rate", "Gb/s", 0, 1e5, "Line rate of one scale-out NIC."),
         CP_AT(cluster.fabric.nic_gbps)),
      at(real("cluster.fabric_spec.nic_busbw_bytes_per_s", "", "NIC bus bandwidth", "bytes/s", 1e6, 1e15,
              "Bandwidth one NIC delivers to NCCL collectives."),
         CP_AT(cluster.fabric.nic_busbw)),
      // Latencies of microseconds (hardware.md); a second per hop is a typo.
      at(real("cluster.fabric_spec.base_latency_s", "", "Base latency", "s", 0, 1,
              "Latency of one message end to end."),
         CP_AT(cluster.fabric.base_latency_s)),
      at(real("cluster.fabric_spec.switch_latency_s", "", "Switch latency", "s", 0, 1,
              "Latency added by each switch hop."),
         CP_AT(cluster.fabric.switch_latency_s)),
      at(count("cluster.fabric_spec.switch_ports", "", "Switch ports", "ports", 2, 1 << 16, "Ports of one switch."),
         CP_AT(cluster.fabric.switch_ports)),
      at(count("cluster.fabric_spec.qps_per_connection", "", "Queue pairs", "per connection", 1, 1 << 16,
               "RDMA queue pairs per connection, over which traffic is spread."),
         CP_AT(cluster.fabric.qps_per_connection)),
      at(real("cluster.fabric_spec.balance_efficiency", "", "Load-balance efficiency", "", 0, 1,
              "Share of the bandwidth left by uneven spreading over the spine.", true),
         CP_AT(cluster.fabric.balance_efficiency)),
      at(real("cluster.fabric_spec.cc_efficiency", "", "Congestion-control efficiency", "", 0, 1,
              "Share of the bandwidth left by congestion control.", true),
         CP_AT(cluster.fabric.cc_efficiency)),
      at(count("cluster.fabric_spec.channels_per_nic", "", "NCCL channels", "per NIC", 1, 64, "NCCL channels per NIC."),
         CP_AT(cluster.fabric.channels_per_nic)),

      // Per-GPU overheads: a GPU holds at most some 10^11 bytes (192 GB, hardware.md); 1 PB is a typo.
      at(real("overheads.framework_bytes", "", "Framework memory", "bytes", 0, 1e15,
              "Memory the framework and CUDA context take on each GPU."),
         CP_AT(overheads.framework_bytes)),
      at(real("overheads.comm_buffer_bytes", "", "Communication buffers", "bytes", 0, 1e15,
              "Memory of NCCL's buffers on each GPU."),
         CP_AT(overheads.comm_buffer_bytes)),
      at(real("overheads.fragmentation", "", "Fragmentation", "", 0, 1,
              "Share of the memory lost to the allocator's fragmentation.", false, true),
         CP_AT(overheads.fragmentation)),
      at(real("overheads.headroom_fraction", "", "Memory headroom", "", 0, 1,
              "Share of the memory kept free as a margin.", false, true),
         CP_AT(overheads.headroom_fraction)),

      // A measured step a thousand times shorter (or longer) than modelled is a typo (MFU would
      // be some 500; far shorter steps make the throughput infinite, found by tst_properties).
      at(real("calibration.step_time_factor", "", "Site calibration", "", 1e-3, 1000,
              "Measured step time of a pilot run over the modelled one; scales every time.", false, true),
         CP_AT(calibration.step_time_factor)),
      text("calibration.note", "Calibration note", "Where the site calibration comes from."),

      // Power, cost and reliability (assumptions.h has each default and its source). The upper
      // bounds are inputs no real plan comes near; they keep every figure finite (without one, a
      // power price of 1e308 makes the cost -nan).
      at(real("assumptions.pue", "pue", "PUE", "", 1, 5, "Power usage effectiveness: facility power over IT power."),
         CP_AT(assumptions.pue)),
      at(real("assumptions.gpu_power_factor", "gpu-power-factor", "Average GPU draw", "of TDP", 0, 1.5,
              "Average GPU power while training, as a fraction of its TDP.", true),
         CP_AT(assumptions.gpu_power_factor)),
      // Watts: a whole GB200 NVL72 rack draws about 120 kW (assumptions.h); one node's overhead,
      // one switch or the storage of one node above 1 MW, or one transceiver above 1 kW (an 800G
      // one draws 16 W), is a typo.
      optional_at(real("assumptions.node_overhead_w", "node-overhead-w", "Node overhead", "W", 0, 1e6,
                       "Power of a node besides its GPUs (CPUs, memory, fans); unset: calibrated to the DGX maximum."),
                  CP_AT(assumptions.node_overhead_w)),
      optional_at(real("assumptions.switch_w", "switch-w", "Switch power", "W", 0, 1e6,
                       "Power of one switch without its optics; unset: by port rate."),
                  CP_AT(assumptions.switch_w)),
      optional_at(real("assumptions.optic_w", "optic-w", "Transceiver power", "W", 0, 1e3,
                       "Power of one optical transceiver; unset: 16 W per 800G, scaled by rate."),
                  CP_AT(assumptions.optic_w)),
      at(real("assumptions.storage_w_per_node", "storage-w-per-node", "Storage power", "W per node", 0, 1e6,
              "Power of the shared storage, per compute node."),
         CP_AT(assumptions.storage_w_per_node)),
      // A rack above 10 MW (80 GB200 NVL72 racks' worth) is a typo.
      at(real("assumptions.rack_limit_w", "", "Rack power limit", "W", 0, 1e7,
              "Power one rack can be fed and cooled with; sets how many nodes share a rack.", true),
         CP_AT(assumptions.rack_limit_w)),
      // Lignite, the dirtiest grid fuel, emits about 1.1-1.2 kg CO2 per kWh (IPCC AR5 WG3 annex
      // III; coal's median 0.82 life-cycle): 5 is far above any grid.
      at(real("assumptions.grid_kg_co2_per_kwh", "grid-co2", "Grid carbon intensity", "kg CO2 per kWh", 0, 5,
              "CO2 the grid emits per kWh drawn."),
         CP_AT(assumptions.grid_kg_co2_per_kwh)),
      choice_at<parse_currency, spellings_currency>(
          choice("assumptions.currency", "currency", "Currency", "Currency of the results."),
          CP_AT(assumptions.currency)),
      // CNY per USD: about 7.2 (2024); 0.01 to 1000 leaves room for any rate while a price
      // converted either way stays finite.
      at(real("assumptions.cny_per_usd", "exchange-rate", "Exchange rate", "CNY per USD", 0.01, 1000,
              "CNY per USD, set by you and never fetched; converts prices given in the other currency."),
         CP_AT(assumptions.cny_per_usd)),
      // Electricity: 0.08-0.09 USD/kWh industrial (assumptions.h); household rates in Europe
      // stayed below 1 USD/kWh in the 2022 crisis: 100 per kWh in either currency is a typo.
      at(real("assumptions.power_price_per_kwh", "power-price", "Electricity price", "per kWh", 0, 100,
              "Price of one kWh of electricity (paid separately only when purchasing)."),
         CP_AT(assumptions.power_price_per_kwh)),
      choice_at<parse_currency, spellings_currency>(
          choice("assumptions.power_price_currency", "", "Electricity price currency",
                 "Currency the electricity price is given in."),
          CP_AT(assumptions.power_price_currency)),
      choice_at<parse_payment, spellings_payment>(
          choice("assumptions.payment", "payment", "Payment",
                 "How the cluster is paid for: rent per server-month, cloud per GPU-hour, or purchase."),
          CP_AT(assumptions.payment)),
      at(real("assumptions.headroom", "headroom", "Budget headroom", "", 0, 10,
              "Margin added to each budget category, as a fraction."),
         CP_AT(assumptions.headroom)),
      at(real("assumptions.vat", "vat", "VAT", "", 0, 1, "Value-added tax on prices, as a fraction.", false, true),
         CP_AT(assumptions.vat)),
      // Amortised over less than 0.01 year (3.7 days), the monthly share of a purchase is a
      // typo, and over 1e-300 years it is infinite (found by tst_properties).
      at(real("assumptions.amortisation_years", "amortisation-years", "Amortisation", "years", 0.01, 50,
              "Years a purchase is paid off over."),
         CP_AT(assumptions.amortisation_years)),
      // The owner's full cost (assumptions.h has each default and its source). Colocation goes for
      // about USD 190 per kW-month (CBRE 2025), a build for about 11.7 million per MW (Cushman &
      // Wakefield 2025): a thousand times either is a typo, and a price of 1e308 would make the
      // cost infinite.
      at(real("assumptions.facility_per_kw_month", "facility-per-kw-month", "Facility (colocation)", "per kW-month", 0,
              1e6, "Rent of the data-centre space, power and cooling per kW of IT load and month (colocation)."),
         CP_AT(assumptions.facility_per_kw_month)),
      optional_at(real("assumptions.facility_capex_per_mw", "facility-capex-per-mw", "Facility build cost", "per MW", 0,
                       1e10,
                       "Cost of building the data centre per MW of IT load; unset: colocation at the monthly rate."),
                  CP_AT(assumptions.facility_capex_per_mw)),
      at(real("assumptions.facility_years", "facility-years", "Facility life", "years", 0.01, 100,
              "Years a built data centre is paid off over."),
         CP_AT(assumptions.facility_years)),
      choice_at<parse_currency, spellings_currency>(
          choice("assumptions.facility_price_currency", "", "Facility price currency",
                 "Currency the two facility prices are given in."),
          CP_AT(assumptions.facility_price_currency)),
      // A contract costing more than the hardware each year is a typo.
      at(real("assumptions.support_per_year", "support-per-year", "Support and maintenance", "of the hardware a year",
              0, 1, "Support and maintenance contracts per year, as a share of the hardware's price."),
         CP_AT(assumptions.support_per_year)),
      // A share of 1 would make the storage infinite: below 1.
      at(real("assumptions.storage_capex_share", "storage-capex-share", "Storage share", "of the capital cost", 0, 1,
              "Shared storage's share of the cluster's capital cost (servers, network and storage).", false, true),
         CP_AT(assumptions.storage_capex_share)),
      // 100% a year is beyond any lender (CoreWeave's dearest 2025 loan: 15%).
      at(real("assumptions.discount_rate", "discount-rate", "Cost of capital", "a year", 0, 1,
              "Interest a year on the money the hardware ties up (debt or the return forgone)."),
         CP_AT(assumptions.discount_rate)),
      at(real("assumptions.residual_value", "residual-value", "Residual value", "of the price", 0, 1,
              "Share of the purchase price the hardware is still worth at the end of the amortisation."),
         CP_AT(assumptions.residual_value)),
      // Llama 3 saw 1.97e-5 interruptions per GPU-hour (assumptions.h); a rate above 0 but below
      // 1e-12 is a typo too (validate.cpp: kMinFailureRate).
      at(real("assumptions.failure_rate_per_gpu_hour", "failure-rate", "Failure rate", "per GPU-hour", 0, 1,
              "Job interruptions per GPU-hour; with the restart time and checkpoints, sets the time lost to failures.",
              false, true),
         CP_AT(assumptions.failure_rate_per_gpu_hour)),
      // Checkpoint bandwidth: Megatron's 1T saved at 273 GB/s (assumptions.h); 1 PB/s is far
      // above any file system, 1 kB/s far below any disk.
      optional_at(real("assumptions.checkpoint_bytes_per_s", "storage-bytes-per-s", "Checkpoint write bandwidth",
                       "bytes/s", 1e3, 1e15,
                       "Bandwidth at which the whole cluster writes a checkpoint to storage; unset: the per-GPU figure "
                       "times the GPUs."),
                  CP_AT(assumptions.checkpoint_bytes_per_s)),
      // Per GPU: Tectonic gave Llama 3 0.12 GB/s per GPU (assumptions.h); 1 TB/s per GPU is beyond
      // any storage link, 1 kB/s below any disk.
      at(real("assumptions.checkpoint_bytes_per_s_per_gpu", "storage-bytes-per-s-per-gpu",
              "Checkpoint bandwidth per GPU", "bytes/s per GPU", 1e3, 1e12,
              "Share of the storage's write bandwidth each GPU brings: the storage grows with the cluster."),
         CP_AT(assumptions.checkpoint_bytes_per_s_per_gpu)),
      choice_at<parse_checkpoint_mode, spellings_checkpoint_mode>(
          choice("assumptions.checkpoint_mode", "checkpoint-mode", "Checkpoint mode",
                 "Sync stops training while the checkpoint is written; async only while it is copied to host memory; "
                 "in-memory keeps it in peers' host memory."),
          CP_AT(assumptions.checkpoint_mode)),
      // fp32 weights, gradients and Adam's two moments are 16 bytes per parameter; 1000 is a typo.
      optional_at(real("assumptions.checkpoint_bytes_per_param", "checkpoint-bytes-per-param", "Checkpoint size",
                       "bytes per parameter", 0, 1000,
                       "Bytes saved per parameter; unset: weights and optimizer states.", true),
                  CP_AT(assumptions.checkpoint_bytes_per_param)),
      // A year is 3.2e7 s: 1e8 s (3 years) to restart or between checkpoints is beyond any run.
      at(real("assumptions.restart_s", "restart-s", "Restart after a failure", "s", 0, 1e8,
              "Time to detect a failure, reschedule and reload the last checkpoint."),
         CP_AT(assumptions.restart_s)),
      optional_at(real("assumptions.checkpoint_interval_s", "checkpoint-interval-s", "Checkpoint interval", "s", 0, 1e8,
                       "Time between checkpoints; unset: the Young/Daly optimum.", true),
                  CP_AT(assumptions.checkpoint_interval_s)),
  };
}();

// The index of `key`'s row, or kFields.size().
constexpr std::size_t field_index(std::string_view key) {
  for (std::size_t i = 0; i < kFields.size(); ++i)
    if (kFields[i].key == key) return i;
  return kFields.size();
}
// The row of `key`, or nullptr.
constexpr const FieldInfo* find_field(std::string_view key) {
  const std::size_t i = field_index(key);
  return i < kFields.size() ? &kFields[i] : nullptr;
}
// The row of `key`; at compile time, a missing key fails to compile. The lookup compares
// indices, not pointers: GCC 12 with -fsanitize=undefined does not fold a comparison of a
// pointer into kFields with nullptr as a constant expression.
consteval const FieldInfo& field(std::string_view key) {
  const std::size_t i = field_index(key);
  if (i == kFields.size()) throw "no such field";  // not a constant expression: a compile error naming the call
  return kFields[i];
}
// The row whose CLI option is `flag` (without "--"), or nullptr.
constexpr const FieldInfo* find_field_by_flag(std::string_view flag) {
  if (flag.empty()) return nullptr;
  for (const FieldInfo& f : kFields)
    if (f.flag == flag) return &f;
  return nullptr;
}

// Every key and every CLI option names one row.
constexpr bool fields_unique() {
  for (std::size_t i = 0; i < kFields.size(); ++i)
    for (std::size_t j = i + 1; j < kFields.size(); ++j)
      if (kFields[i].key == kFields[j].key || (!kFields[i].flag.empty() && kFields[i].flag == kFields[j].flag))
        return false;
  return true;
}
static_assert(fields_unique(), "two rows of kFields share a key or a CLI option");

// A bound as the messages write it: 64 -> "64", 1e+18 -> "1e+18", 0.088 -> "0.088".
std::string bound_text(double v);
// "from 1 to 65536", "above 0 to 1.5", "from 0 to below 1": the bounds in words (CLI help).
std::string range_text(const FieldInfo& f);

}  // namespace cp
