// The enumerated choices of a training job, with their stable lower-case spellings.
// Spellings are part of the CLI and file-format contract: never rename one.
#pragma once

#include <optional>
#include <string_view>

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

std::string_view to_string(FfnType);
std::string_view to_string(NormType);
std::string_view to_string(AttentionType);
std::string_view to_string(Precision);
std::string_view to_string(Optimizer);
std::string_view to_string(GradDtype);
std::string_view to_string(OptimizerDtype);
std::string_view to_string(RecomputeModules);
std::string_view to_string(Recompute);
std::string_view to_string(Zero);
std::string_view to_string(MoeDispatch);
std::string_view to_string(SoftwareStack);
std::string_view to_string(Deployment);
std::string_view to_string(AttentionKernel);

std::optional<FfnType> parse_ffn_type(std::string_view);
std::optional<NormType> parse_norm_type(std::string_view);
std::optional<Precision> parse_precision(std::string_view);
std::optional<Optimizer> parse_optimizer(std::string_view);
std::optional<GradDtype> parse_grad_dtype(std::string_view);
std::optional<OptimizerDtype> parse_optimizer_dtype(std::string_view);
// A comma list of layernorm, act and mla_up_proj in any order, or "none".
std::optional<RecomputeModules> parse_recompute_modules(std::string_view);
std::optional<Recompute> parse_recompute(std::string_view);
std::optional<Zero> parse_zero(std::string_view);
std::optional<MoeDispatch> parse_moe_dispatch(std::string_view);
std::optional<SoftwareStack> parse_software_stack(std::string_view);
std::optional<Deployment> parse_deployment(std::string_view);
std::optional<AttentionKernel> parse_attention_kernel(std::string_view);
std::optional<bool> parse_on_off(std::string_view);

// Lists of spellings, for help texts and error messages ("one of: adam, sgd, adam8bit").
std::string_view spellings_ffn_type();
std::string_view spellings_norm_type();
std::string_view spellings_precision();
std::string_view spellings_optimizer();
std::string_view spellings_grad_dtype();
std::string_view spellings_optimizer_dtype();
std::string_view spellings_recompute_modules();
std::string_view spellings_recompute();
std::string_view spellings_zero();
std::string_view spellings_moe_dispatch();
std::string_view spellings_software_stack();
std::string_view spellings_deployment();
std::string_view spellings_attention_kernel();

}  // namespace cp
