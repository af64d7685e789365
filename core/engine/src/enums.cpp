#include "engine/enums.h"

#include <array>
#include <utility>

namespace cp {
namespace {

template <typename E, std::size_t N>
using Table = std::array<std::pair<E, std::string_view>, N>;

constexpr Table<FfnType, 2> kFfn{{{FfnType::Gelu, "gelu"}, {FfnType::SwiGlu, "swiglu"}}};
constexpr Table<NormType, 2> kNorm{{{NormType::LayerNorm, "layernorm"}, {NormType::RmsNorm, "rmsnorm"}}};
constexpr Table<AttentionType, 2> kAttn{{{AttentionType::Mha, "mha"}, {AttentionType::Mla, "mla"}}};
constexpr Table<Precision, 4> kPrecision{{{Precision::Fp32, "fp32"},
                                          {Precision::Bf16, "bf16"},
                                          {Precision::Fp16, "fp16"},
                                          {Precision::Fp8, "fp8"}}};
constexpr Table<Optimizer, 3> kOptimizer{
    {{Optimizer::Adam, "adam"}, {Optimizer::Sgd, "sgd"}, {Optimizer::Adam8bit, "adam8bit"}}};
constexpr Table<GradDtype, 3> kGrad{
    {{GradDtype::Auto, "auto"}, {GradDtype::Fp32, "fp32"}, {GradDtype::Bf16, "bf16"}}};
constexpr Table<OptimizerDtype, 2> kOptimizerDtype{{{OptimizerDtype::Fp32, "fp32"}, {OptimizerDtype::Bf16, "bf16"}}};
// Every subset of the three modules, in the canonical order.
constexpr Table<RecomputeModules, 8> kRecomputeModules{{{RecomputeModules(0), "none"},
                                                        {RecomputeModules(1), "layernorm"},
                                                        {RecomputeModules(2), "act"},
                                                        {RecomputeModules(3), "layernorm,act"},
                                                        {RecomputeModules(4), "mla_up_proj"},
                                                        {RecomputeModules(5), "layernorm,mla_up_proj"},
                                                        {RecomputeModules(6), "act,mla_up_proj"},
                                                        {RecomputeModules(7), "layernorm,act,mla_up_proj"}}};
constexpr Table<Recompute, 3> kRecompute{
    {{Recompute::None, "none"}, {Recompute::Selective, "selective"}, {Recompute::Full, "full"}}};
constexpr Table<Zero, 5> kZero{{{Zero::Stage0, "0"},
                                {Zero::Stage1, "1"},
                                {Zero::Stage2, "2"},
                                {Zero::Stage3, "3"},
                                {Zero::DistributedOptimizer, "distopt"}}};
constexpr Table<MoeDispatch, 2> kMoeDispatch{{{MoeDispatch::Bf16, "bf16"}, {MoeDispatch::Fp8, "fp8"}}};
constexpr Table<SoftwareStack, 6> kStack{{{SoftwareStack::MegatronCore, "megatron-core"},
                                          {SoftwareStack::MegatronLm, "megatron-lm"},
                                          {SoftwareStack::MegatronDeepSpeed, "megatron-deepspeed"},
                                          {SoftwareStack::PyTorchEager, "pytorch-eager"},
                                          {SoftwareStack::PyTorchCompile, "pytorch-compile"},
                                          {SoftwareStack::Auto, "auto"}}};
constexpr Table<Deployment, 2> kDeployment{{{Deployment::Typical, "typical"}, {Deployment::Vendor, "vendor"}}};
constexpr Table<AttentionKernel, 5> kAttentionKernel{{{AttentionKernel::Auto, "auto"},
                                                      {AttentionKernel::Native, "native"},
                                                      {AttentionKernel::Flash2, "flash2"},
                                                      {AttentionKernel::Triton, "triton"},
                                                      {AttentionKernel::Flash1, "flash1"}}};

template <typename E, std::size_t N>
std::string_view name_of(const Table<E, N>& table, E value) {
  for (const auto& [e, name] : table)
    if (e == value) return name;
  return "?";
}

template <typename E, std::size_t N>
std::optional<E> parse(const Table<E, N>& table, std::string_view text) {
  for (const auto& [e, name] : table)
    if (name == text) return e;
  return std::nullopt;
}

}  // namespace

std::string_view to_string(FfnType v) { return name_of(kFfn, v); }
std::string_view to_string(NormType v) { return name_of(kNorm, v); }
std::string_view to_string(AttentionType v) { return name_of(kAttn, v); }
std::string_view to_string(Precision v) { return name_of(kPrecision, v); }
std::string_view to_string(Optimizer v) { return name_of(kOptimizer, v); }
std::string_view to_string(GradDtype v) { return name_of(kGrad, v); }
std::string_view to_string(OptimizerDtype v) { return name_of(kOptimizerDtype, v); }
std::string_view to_string(RecomputeModules v) { return name_of(kRecomputeModules, v); }
std::string_view to_string(Recompute v) { return name_of(kRecompute, v); }
std::string_view to_string(Zero v) { return name_of(kZero, v); }
std::string_view to_string(MoeDispatch v) { return name_of(kMoeDispatch, v); }
std::optional<MoeDispatch> parse_moe_dispatch(std::string_view s) { return parse(kMoeDispatch, s); }
std::string_view spellings_moe_dispatch() { return "bf16, fp8"; }
std::string_view to_string(SoftwareStack v) { return name_of(kStack, v); }
std::string_view to_string(Deployment v) { return name_of(kDeployment, v); }
std::string_view to_string(AttentionKernel v) { return name_of(kAttentionKernel, v); }

std::optional<FfnType> parse_ffn_type(std::string_view s) { return parse(kFfn, s); }
std::optional<NormType> parse_norm_type(std::string_view s) { return parse(kNorm, s); }
std::optional<Precision> parse_precision(std::string_view s) { return parse(kPrecision, s); }
std::optional<Optimizer> parse_optimizer(std::string_view s) { return parse(kOptimizer, s); }
std::optional<GradDtype> parse_grad_dtype(std::string_view s) { return parse(kGrad, s); }
std::optional<OptimizerDtype> parse_optimizer_dtype(std::string_view s) { return parse(kOptimizerDtype, s); }
std::optional<RecomputeModules> parse_recompute_modules(std::string_view s) {
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
std::optional<Recompute> parse_recompute(std::string_view s) { return parse(kRecompute, s); }
std::optional<Zero> parse_zero(std::string_view s) {
  if (s == "fsdp") return Zero::Stage3;  // FSDP full sharding is ZeRO-3
  return parse(kZero, s);
}
std::optional<SoftwareStack> parse_software_stack(std::string_view s) { return parse(kStack, s); }
std::optional<Deployment> parse_deployment(std::string_view s) { return parse(kDeployment, s); }
std::optional<AttentionKernel> parse_attention_kernel(std::string_view s) { return parse(kAttentionKernel, s); }
std::optional<bool> parse_on_off(std::string_view s) {
  if (s == "on") return true;
  if (s == "off") return false;
  return std::nullopt;
}

std::string_view spellings_ffn_type() { return "gelu, swiglu"; }
std::string_view spellings_norm_type() { return "layernorm, rmsnorm"; }
std::string_view spellings_precision() { return "fp32, bf16, fp16, fp8"; }
std::string_view spellings_optimizer() { return "adam, sgd, adam8bit"; }
std::string_view spellings_grad_dtype() { return "auto, fp32, bf16"; }
std::string_view spellings_optimizer_dtype() { return "fp32, bf16"; }
std::string_view spellings_recompute_modules() { return "none, or a comma list of layernorm, act, mla_up_proj"; }
std::string_view spellings_recompute() { return "none, selective, full"; }
std::string_view spellings_zero() { return "0, 1, 2, 3, fsdp, distopt"; }
std::string_view spellings_software_stack() {
  return "auto, megatron-core, megatron-lm, megatron-deepspeed, pytorch-eager, pytorch-compile";
}
std::string_view spellings_deployment() { return "typical, vendor"; }
std::string_view spellings_attention_kernel() { return "auto, native, flash2, triton, flash1"; }

}  // namespace cp
