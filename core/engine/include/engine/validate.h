// Checks a Scenario before it is estimated. Every problem names the input field (as the
// dotted path of the scenario file) and the reason. Nothing is ever clamped silently.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/fields.h"  // kMaxHeadsExpertsDegree, the bound validation checks
#include "engine/scenario.h"

namespace cp {

struct Problem {
  std::string field;    // e.g. "parallelism.tp"
  std::string message;  // e.g. "6 does not divide 64 attention heads"
  // The message as a template and what was put in it, so that the GUI can say it in another
  // language through its message catalogue: reason "%1 does not divide %2
  // %3", args {"6", "64", "attention heads"}; message == fill_reason(reason, args). The reasons
  // are the constants of namespace `reasons` (all listed in kProblemReasons); an argument is a
  // number as text or one of kProblemPhrases. Empty reason: a message without a template
  // (from a file reader, say), shown as it is.
  std::string_view reason{};
  std::vector<std::string> args{};
  std::string text() const { return field + ": " + message; }
};

// `reason` with %1..%9 replaced by args[0..8].
std::string fill_reason(std::string_view reason, const std::vector<std::string>& args);
// A problem of `field` from a reason template and its arguments.
Problem make_problem(std::string field, std::string_view reason, std::vector<std::string> args = {});

// The reasons validate() and the fabric comparison give, as templates. English, the source language of the GUI's catalogue
// (ui/src/text/enginetext.cpp lists them for translation; tst_inputpanel checks each is translated).
namespace reasons {
inline constexpr std::string_view at_least = "must be at least %1, got %2";
inline constexpr std::string_view at_most = "must be at most %1, got %2";
inline constexpr std::string_view count_from_to = "must be from %1 to %2, got %3";
inline constexpr std::string_view real_from_to = "must be %1, from %2 to %3, got %4";
inline constexpr std::string_view real_above_to = "must be %1, above %2 to %3, got %4";
inline constexpr std::string_view above_to = "must be above %1 and at most %2, got %3";
inline constexpr std::string_view from_to_below = "must be from %1 to below %2, got %3";
inline constexpr std::string_view above_to_below = "must be above %1 and below %2, got %3";
inline constexpr std::string_view within = "must be %1 from %2 to %3, got %4";
inline constexpr std::string_view not_divides = "%1 does not divide %2 %3";
inline constexpr std::string_view price = "must be a finite price from 0 to %1, got %2";
inline constexpr std::string_view line_rate = "must be a line rate in Gb/s, zero (any) to %1, got %2";
inline constexpr std::string_view fabric_kind = "'%1' is not one of: infiniband, roce, or empty (any)";
inline constexpr std::string_view pue = "must be at least %1 and at most %2, got %3";
inline constexpr std::string_view tdp_fraction = "must be a fraction of TDP above %1 and at most %2, got %3";
inline constexpr std::string_view watts_zero_or_more = "must be zero or more watts, got %1";
inline constexpr std::string_view watts_above_zero = "must be more than 0 watts, got %1";
inline constexpr std::string_view co2 = "must be zero or more kg CO2 per kWh, got %1";
inline constexpr std::string_view exchange_rate = "must be an exchange rate above 0, got %1";
inline constexpr std::string_view power_price = "must be a price of zero or more per kWh, got %1";
inline constexpr std::string_view fraction_from_to = "must be a fraction from %1 to %2, got %3";
inline constexpr std::string_view fraction_to_below = "must be a fraction from %1 to below %2, got %3";
inline constexpr std::string_view years = "must be above 0 and at most %1 years, got %2";
inline constexpr std::string_view failure_rate = "must be from %1 to below %2 per GPU-hour, got %3";
inline constexpr std::string_view failure_rate_tiny = "must be 0 (no failures) or from %1 to below %2 per GPU-hour, got %3";
inline constexpr std::string_view bandwidth_above_zero = "must be more than 0 bytes/s, got %1";
inline constexpr std::string_view bytes_per_param = "must be more than 0 bytes per parameter, got %1";
inline constexpr std::string_view seconds_zero_or_more = "must be zero or more seconds, got %1";
inline constexpr std::string_view seconds_above_zero = "must be more than 0 seconds, got %1";
inline constexpr std::string_view payment_slot = "must be '%1' in the %1 slot";
inline constexpr std::string_view kv_heads = "must not exceed %1 attention heads, got %2";
inline constexpr std::string_view no_experts = "is set but the model has no experts (set model.experts)";
inline constexpr std::string_view tokens = "must be a finite number of tokens, zero or more (0: none, else at least 1) and at most %1, got %2";
inline constexpr std::string_view gpu_memory = "the GPU '%1' has no memory capacity";
inline constexpr std::string_view bytes_zero_or_more = "must be zero or more bytes, at most %1, got %2";
inline constexpr std::string_view oversubscription = "must be a ratio from %1 (non-blocking) to %2, got %3";
inline constexpr std::string_view positive_bandwidth = "must be a positive bandwidth, got %1";
inline constexpr std::string_view latencies = "latencies must be zero or more seconds";
inline constexpr std::string_view efficiencies = "efficiencies must be fractions above 0 and at most 1";
inline constexpr std::string_view at_least_one = "must be at least 1";
inline constexpr std::string_view channels = "must be %1 to %2 NCCL channels per NIC, got %3";
inline constexpr std::string_view gpu_peaks = "a GPU needs a positive BF16 peak and memory bandwidth";
inline constexpr std::string_view fraction_above = "must be a fraction above %1 and at most %2, got %3";
inline constexpr std::string_view moe_nodes = "must be 0 (no limit) or a number of nodes per token, at most %1, got %2";
inline constexpr std::string_view bucket = "must be a positive number of parameters, at most %1, got %2";
inline constexpr std::string_view step_factor = "must be a positive ratio of measured to modelled step time, got %1";
inline constexpr std::string_view step_factor_range = "must be a ratio of measured to modelled step time from %1 to below %2, got %3";
inline constexpr std::string_view utf8 = "must be valid UTF-8 text: byte 0x%1 at offset %2 is not (typed in a Latin-1 terminal? use a UTF-8 locale, e.g. LANG=C.UTF-8)";
inline constexpr std::string_view dp_product = "TP x PP x CP x DP = %1 x %2 x %3 x %4 = %5 does not equal the %6 GPUs of the cluster";
inline constexpr std::string_view dp_underivable = "cannot be derived: TP x PP x CP = %1 does not divide the %2 GPUs of the cluster; DP can be derived with nodes in multiples of %3";
inline constexpr std::string_view dp_underivable_tp = "cannot be derived: TP x PP x CP = %1 does not divide the %2 GPUs of the cluster; DP can be derived with TP %3 (PP %4), or nodes in multiples of %5";
inline constexpr std::string_view dp_underivable_pp = "cannot be derived: TP x PP x CP = %1 does not divide the %2 GPUs of the cluster; DP can be derived with PP %3 (TP %4), or nodes in multiples of %5";
inline constexpr std::string_view dp_underivable_tp_pp = "cannot be derived: TP x PP x CP = %1 does not divide the %2 GPUs of the cluster; DP can be derived with TP %3 (PP %4), PP %5 (TP %6), or nodes in multiples of %7";
inline constexpr std::string_view global_batch = "%1 sequences is not a multiple of DP x micro-batch = %2 x %3";
inline constexpr std::string_view pp_layers = "%1 pipeline stages exceed the %2 layers";
inline constexpr std::string_view vpp_needs_pp = "interleaving needs more than one pipeline stage (PP > 1)";
inline constexpr std::string_view vpp_layers = "%1 chunks per stage x %2 stages exceed the %3 layers";
inline constexpr std::string_view ep_needs_moe = "expert parallelism needs a mixture-of-experts model";
// The fabric comparison's reasons for a size without a result (core/plan, compare_fabrics).
inline constexpr std::string_view unknown_fabric = "unknown fabric '%1'";
inline constexpr std::string_view whole_nodes = "%1 GPUs are not a whole number of %2-GPU nodes";
inline constexpr std::string_view weak_batch = "weak scaling gives %1 x %2 / %3, not a whole number of sequences";
inline constexpr std::string_view needs_memory = "needs %1 GiB per GPU, capacity %2 GiB";
inline constexpr std::string_view no_layout = "no layout is feasible";
inline constexpr std::string_view no_fp8 = "fp8 needs FP8 tensor cores, which the %1 does not have";
}  // namespace reasons

inline constexpr std::string_view kProblemReasons[] = {
    reasons::at_least, reasons::at_most, reasons::count_from_to, reasons::real_from_to, reasons::real_above_to,
    reasons::above_to, reasons::from_to_below, reasons::above_to_below, reasons::within, reasons::not_divides,
    reasons::price, reasons::line_rate, reasons::fabric_kind, reasons::pue,
    reasons::tdp_fraction, reasons::watts_zero_or_more, reasons::watts_above_zero, reasons::co2,
    reasons::exchange_rate, reasons::power_price, reasons::fraction_from_to, reasons::fraction_to_below,
    reasons::years, reasons::failure_rate, reasons::failure_rate_tiny, reasons::bandwidth_above_zero,
    reasons::bytes_per_param, reasons::seconds_zero_or_more, reasons::seconds_above_zero, reasons::payment_slot,
    reasons::kv_heads, reasons::no_experts, reasons::tokens, reasons::gpu_memory, reasons::bytes_zero_or_more,
    reasons::oversubscription, reasons::positive_bandwidth, reasons::latencies, reasons::efficiencies,
    reasons::at_least_one, reasons::channels, reasons::gpu_peaks, reasons::fraction_above, reasons::moe_nodes,
    reasons::bucket, reasons::step_factor, reasons::step_factor_range, reasons::utf8, reasons::dp_product,
    reasons::dp_underivable, reasons::dp_underivable_tp, reasons::dp_underivable_pp, reasons::dp_underivable_tp_pp,
    reasons::global_batch, reasons::pp_layers, reasons::vpp_needs_pp, reasons::vpp_layers, reasons::ep_needs_moe,
    reasons::unknown_fabric, reasons::whole_nodes, reasons::weak_batch, reasons::needs_memory, reasons::no_layout,
    reasons::no_fp8,
};

// The words validate() puts into its reasons (what a value must be, what a degree must divide);
// the GUI translates them with the reasons.
inline constexpr std::string_view kProblemPhrases[] = {
    "hidden size (set head_dim for other head sizes)",
    "attention heads",
    "key/value heads",
    "FFN size",
    "expert FFN size",
    "tokens per sequence (CP needs 2 x CP chunks)",
    "experts",
    "ranks of DP x CP (EP splits experts inside DP x CP)",
    "GPUs of a pipeline stage, TP x DP x CP (EP x ETP must divide them)",
    "a bandwidth in bytes/s",
    "a line rate in Gb/s",
    "a latency in seconds",
    "a capacity in bytes",
    "a peak in FLOP/s",
    "0 (no FP8 units) or a peak in FLOP/s",
    "0 (half of BF16) or a peak in FLOP/s",
    "0 (PCIe) or a bandwidth in bytes/s",
    "a power in watts",
    "kg CO2 per kWh",
    "an exchange rate",
    "a price per kWh",
    "a time in years",
    "a size in bytes",
    "a time in seconds",
    "rent",
    "cloud",
    "purchase",
};

std::vector<Problem> validate(const Scenario& s);

// "must be valid UTF-8 text: byte 0xE9 at offset 3 is not (text typed in a Latin-1 terminal?
// set a UTF-8 locale, e.g. LANG=C.UTF-8)" for a problem's message: reasons::utf8 filled with
// invalid_utf8_args (engine/utf8.h).
std::string invalid_utf8_reason(std::string_view text);

}  // namespace cp
