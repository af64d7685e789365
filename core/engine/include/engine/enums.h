// The enumerated choices of a training job, with their stable lower-case spellings.
// Spellings are part of the CLI and file-format contract: never rename one.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace cp {

enum class FfnType { Gelu, SwiGlu };
enum class NormType { LayerNorm, RmsNorm };
enum class AttentionType { Mha, Mla };  // Mha covers MHA, GQA and MQA (kv_heads <= heads)
enum class Precision { Fp32, Bf16, Fp16, Fp8 };
enum class Optimizer { Adam, Sgd, Adam8bit };
enum class GradDtype { Auto, Fp32, Bf16 };
// Element type of the optimizer's states (Apex's DistributedFusedAdam `dtype`, NeMo's
// optim.dtype): fp32 moments and an fp32 master copy of 16-bit weights, or bf16 moments
// updating the 16-bit weights in place with no master copy (NeMo's setup_optimization sets
// store_params off when the optimizer's dtype is the model's, megatron_base_model.py).
enum class OptimizerDtype { Fp32, Bf16 };
// What selective recomputation recomputes besides the attention core (Training::
// recompute_modules), a set named after Megatron-Core's --recompute-modules: `layernorm` (the
// norms' outputs), `act` (the MLP activation's output, from its input: Megatron-Core's moe_act,
// for dense MLPs too) and `mla_up_proj` (MLA's up-projected queries, keys and values, from the
// latents). Spelled as a comma list in this order, or "none".
enum class RecomputeModules : unsigned { None = 0, Layernorm = 1, Act = 2, MlaUpProj = 4 };
constexpr RecomputeModules operator|(RecomputeModules a, RecomputeModules b) {
  return RecomputeModules(unsigned(a) | unsigned(b));
}
constexpr bool has(RecomputeModules set, RecomputeModules m) { return (unsigned(set) & unsigned(m)) != 0; }
enum class Recompute { None, Selective, Full };
// ZeRO stages 0-3 (Rajbhandari et al. 2020; FSDP full sharding = stage 3) and Megatron-LM's
// distributed optimizer, which shards optimizer states but keeps a full fp32 gradient buffer.
enum class Zero { Stage0, Stage1, Stage2, Stage3, DistributedOptimizer };
// Element type of the expert-parallel dispatch all-to-all: bf16, or fp8 with one fp32 scale
// per 128 elements (DeepSeek-V3 technical report, Dec 2024, section 3.3: dispatch in FP8,
// combine kept in BF16).
enum class MoeDispatch { Bf16, Fp8 };
// The software stack a job runs on. Each preset fixes a few mechanisms whose costs
// are global constants (core/engine/include/engine/calibration.h, Calibration):
//   megatron-core       Megatron-Core / NeMo with Transformer Engine (2023-): fused kernels
//   megatron-lm         Megatron-LM 2020-22: fused kernels (softmax, bias-GeLU, bias-dropout-add)
//   megatron-deepspeed  Megatron kernels under DeepSpeed's pipeline engine (2021-22)
//   pytorch-eager       plain PyTorch modules (FSDP/DDP without torch.compile): unfused norms,
//                       activations and residual adds, one launch per op from Python
//   pytorch-compile     PyTorch with torch.compile (Inductor fuses the elementwise ops)
// Auto: not stated. The engine prices it as Megatron-Core (Training::stack_used()) and widens
// the band by the spread between the stacks (engine/error_band.h); the output says the stack
// was assumed.
enum class SoftwareStack { MegatronCore, MegatronLm, MegatronDeepSpeed, PyTorchEager, PyTorchCompile, Auto };
// Where a job runs (Training::deployment): typical, anyone's cluster and software (the default:
// today's common practice); vendor, NVIDIA's own published recipes on its reference clusters
// (Selene, Eos, DGX Cloud), which the Megatron stacks' figures of the corpus come from.
enum class Deployment { Typical, Vendor };
// The flash-attention kernel generation (Training::attention_kernel; compute.cpp, rates):
//   auto    the stack's own: Hopper-native (cuDNN fused attention, FlashAttention-3) for the
//           Megatron stacks, FlashAttention-2 for PyTorch's (SDPA, flash-attn 2)
//   native  the GPU's native kernel (on Ampere and Ada the same as flash2)
//   flash2  FlashAttention-2 (Dao 2023) and kernels of its work partitioning
//   triton  the 2022-23 Triton flash-attention kernel (flash_attn_triton, triton-pre-mlir)
//   flash1  FlashAttention 1.x (Dao et al. 2022)
enum class AttentionKernel { Auto, Native, Flash2, Triton, Flash1 };

// The spellings of each enum, in the enum's order: what the scenario file, the CLI and the
// messages write. They live beside the enums so that a choice's row of the field table
// (engine/fields.h) reads its words from one place.
namespace words {

template <typename E, std::size_t N>
using Table = std::array<std::pair<E, std::string_view>, N>;

inline constexpr Table<FfnType, 2> kFfn{{{FfnType::Gelu, "gelu"}, {FfnType::SwiGlu, "swiglu"}}};
inline constexpr Table<NormType, 2> kNorm{{{NormType::LayerNorm, "layernorm"}, {NormType::RmsNorm, "rmsnorm"}}};
inline constexpr Table<AttentionType, 2> kAttn{{{AttentionType::Mha, "mha"}, {AttentionType::Mla, "mla"}}};
inline constexpr Table<Precision, 4> kPrecision{{{Precision::Fp32, "fp32"},
                                                 {Precision::Bf16, "bf16"},
                                                 {Precision::Fp16, "fp16"},
                                                 {Precision::Fp8, "fp8"}}};
inline constexpr Table<Optimizer, 3> kOptimizer{
    {{Optimizer::Adam, "adam"}, {Optimizer::Sgd, "sgd"}, {Optimizer::Adam8bit, "adam8bit"}}};
inline constexpr Table<GradDtype, 3> kGrad{
    {{GradDtype::Auto, "auto"}, {GradDtype::Fp32, "fp32"}, {GradDtype::Bf16, "bf16"}}};
inline constexpr Table<OptimizerDtype, 2> kOptimizerDtype{
    {{OptimizerDtype::Fp32, "fp32"}, {OptimizerDtype::Bf16, "bf16"}}};
// Every subset of the three modules, in the canonical order.
inline constexpr Table<RecomputeModules, 8> kRecomputeModules{{{RecomputeModules(0), "none"},
                                                               {RecomputeModules(1), "layernorm"},
                                                               {RecomputeModules(2), "act"},
                                                               {RecomputeModules(3), "layernorm,act"},
                                                               {RecomputeModules(4), "mla_up_proj"},
                                                               {RecomputeModules(5), "layernorm,mla_up_proj"},
                                                               {RecomputeModules(6), "act,mla_up_proj"},
                                                               {RecomputeModules(7), "layernorm,act,mla_up_proj"}}};
inline constexpr Table<Recompute, 3> kRecompute{
    {{Recompute::None, "none"}, {Recompute::Selective, "selective"}, {Recompute::Full, "full"}}};
inline constexpr Table<Zero, 5> kZero{{{Zero::Stage0, "0"},
                                       {Zero::Stage1, "1"},
                                       {Zero::Stage2, "2"},
                                       {Zero::Stage3, "3"},
                                       {Zero::DistributedOptimizer, "distopt"}}};
inline constexpr Table<MoeDispatch, 2> kMoeDispatch{{{MoeDispatch::Bf16, "bf16"}, {MoeDispatch::Fp8, "fp8"}}};
inline constexpr Table<SoftwareStack, 6> kStack{{{SoftwareStack::MegatronCore, "megatron-core"},
                                                 {SoftwareStack::MegatronLm, "megatron-lm"},
                                                 {SoftwareStack::MegatronDeepSpeed, "megatron-deepspeed"},
                                                 {SoftwareStack::PyTorchEager, "pytorch-eager"},
                                                 {SoftwareStack::PyTorchCompile, "pytorch-compile"},
                                                 {SoftwareStack::Auto, "auto"}}};
inline constexpr Table<Deployment, 2> kDeployment{{{Deployment::Typical, "typical"}, {Deployment::Vendor, "vendor"}}};
inline constexpr Table<AttentionKernel, 5> kAttentionKernel{{{AttentionKernel::Auto, "auto"},
                                                             {AttentionKernel::Native, "native"},
                                                             {AttentionKernel::Flash2, "flash2"},
                                                             {AttentionKernel::Triton, "triton"},
                                                             {AttentionKernel::Flash1, "flash1"}}};

template <typename E, std::size_t N>
constexpr std::string_view name_of(const Table<E, N>& table, E value) {
  for (const auto& [e, name] : table)
    if (e == value) return name;
  return "?";
}

template <typename E, std::size_t N>
constexpr std::optional<E> parse(const Table<E, N>& table, std::string_view text) {
  for (const auto& [e, name] : table)
    if (name == text) return e;
  return std::nullopt;
}

}  // namespace words

constexpr std::string_view to_string(FfnType v) { return words::name_of(words::kFfn, v); }
constexpr std::string_view to_string(NormType v) { return words::name_of(words::kNorm, v); }
constexpr std::string_view to_string(AttentionType v) { return words::name_of(words::kAttn, v); }
constexpr std::string_view to_string(Precision v) { return words::name_of(words::kPrecision, v); }
constexpr std::string_view to_string(Optimizer v) { return words::name_of(words::kOptimizer, v); }
constexpr std::string_view to_string(GradDtype v) { return words::name_of(words::kGrad, v); }
constexpr std::string_view to_string(OptimizerDtype v) { return words::name_of(words::kOptimizerDtype, v); }
constexpr std::string_view to_string(RecomputeModules v) { return words::name_of(words::kRecomputeModules, v); }
constexpr std::string_view to_string(Recompute v) { return words::name_of(words::kRecompute, v); }
constexpr std::string_view to_string(Zero v) { return words::name_of(words::kZero, v); }
constexpr std::string_view to_string(MoeDispatch v) { return words::name_of(words::kMoeDispatch, v); }
constexpr std::string_view to_string(SoftwareStack v) { return words::name_of(words::kStack, v); }
constexpr std::string_view to_string(Deployment v) { return words::name_of(words::kDeployment, v); }
constexpr std::string_view to_string(AttentionKernel v) { return words::name_of(words::kAttentionKernel, v); }

constexpr std::optional<FfnType> parse_ffn_type(std::string_view s) { return words::parse(words::kFfn, s); }
constexpr std::optional<NormType> parse_norm_type(std::string_view s) { return words::parse(words::kNorm, s); }
constexpr std::optional<AttentionType> parse_attention_type(std::string_view s) {
  return words::parse(words::kAttn, s);
}
constexpr std::optional<Precision> parse_precision(std::string_view s) { return words::parse(words::kPrecision, s); }
constexpr std::optional<Optimizer> parse_optimizer(std::string_view s) { return words::parse(words::kOptimizer, s); }
constexpr std::optional<GradDtype> parse_grad_dtype(std::string_view s) { return words::parse(words::kGrad, s); }
constexpr std::optional<OptimizerDtype> parse_optimizer_dtype(std::string_view s) {
  return words::parse(words::kOptimizerDtype, s);
}
// A comma list of layernorm, act and mla_up_proj in any order, or "none".
constexpr std::optional<RecomputeModules> parse_recompute_modules(std::string_view s) {
  if (s == "none") return RecomputeModules::None;
  unsigned set = 0;
  while (true) {
    const std::size_t comma = s.find(',');
    const std::string_view item = s.substr(0, comma);
    if (item == "layernorm") set |= unsigned(RecomputeModules::Layernorm);
    else if (item == "act") set |= unsigned(RecomputeModules::Act);
    else if (item == "mla_up_proj") set |= unsigned(RecomputeModules::MlaUpProj);
    else return std::nullopt;
    if (comma == std::string_view::npos) break;
    s.remove_prefix(comma + 1);
  }
  return RecomputeModules(set);
}
constexpr std::optional<Recompute> parse_recompute(std::string_view s) { return words::parse(words::kRecompute, s); }
constexpr std::optional<Zero> parse_zero(std::string_view s) {
  if (s == "fsdp") return Zero::Stage3;  // FSDP full sharding is ZeRO-3
  return words::parse(words::kZero, s);
}
constexpr std::optional<MoeDispatch> parse_moe_dispatch(std::string_view s) {
  return words::parse(words::kMoeDispatch, s);
}
constexpr std::optional<SoftwareStack> parse_software_stack(std::string_view s) {
  return words::parse(words::kStack, s);
}
constexpr std::optional<Deployment> parse_deployment(std::string_view s) { return words::parse(words::kDeployment, s); }
constexpr std::optional<AttentionKernel> parse_attention_kernel(std::string_view s) {
  return words::parse(words::kAttentionKernel, s);
}
constexpr std::optional<bool> parse_on_off(std::string_view s) {
  if (s == "on") return true;
  if (s == "off") return false;
  return std::nullopt;
}

// Lists of spellings, for help texts and error messages ("one of: adam, sgd, adam8bit").
constexpr std::string_view spellings_ffn_type() { return "gelu, swiglu"; }
constexpr std::string_view spellings_norm_type() { return "layernorm, rmsnorm"; }
constexpr std::string_view spellings_attention_type() { return "mha, mla"; }
constexpr std::string_view spellings_precision() { return "fp32, bf16, fp16, fp8"; }
constexpr std::string_view spellings_optimizer() { return "adam, sgd, adam8bit"; }
constexpr std::string_view spellings_grad_dtype() { return "auto, fp32, bf16"; }
constexpr std::string_view spellings_optimizer_dtype() { return "fp32, bf16"; }
constexpr std::string_view spellings_recompute_modules() {
  return "none, or a comma list of layernorm, act, mla_up_proj";
}
constexpr std::string_view spellings_recompute() { return "none, selective, full"; }
constexpr std::string_view spellings_zero() { return "0, 1, 2, 3, fsdp, distopt"; }
constexpr std::string_view spellings_moe_dispatch() { return "bf16, fp8"; }
constexpr std::string_view spellings_software_stack() {
  return "auto, megatron-core, megatron-lm, megatron-deepspeed, pytorch-eager, pytorch-compile";
}
constexpr std::string_view spellings_deployment() { return "typical, vendor"; }
constexpr std::string_view spellings_attention_kernel() { return "auto, native, flash2, triton, flash1"; }

}  // namespace cp
