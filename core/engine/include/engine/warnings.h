// Warnings are codes with a few numbers, so that the hot path allocates nothing; the text is
// made only when a warning is shown.
#pragma once

#include <array>
#include <tuple>
#include <string>
#include <string_view>

namespace cp {

enum class WarningCode {
  UnevenPipeline,          // layers do not divide evenly over PP stages: v1 layers, v2 stages
  FewMicroBatches,         // fewer micro-batches than stages: v1 micro-batches, v2 stages
  DoesNotFit,              // v1 bytes needed, v2 bytes available
  SequenceParallelNoEffect,// SP with TP = 1
  DerivedModelShape,       // the shape was derived from a size: v1 parameters
  UnevenChunks,            // v1 layers per stage do not divide into v2 chunks
  InterleaveRemainder,     // interleaving with v1 micro-batches, not a multiple of v2 stages
  SwitchTooSmall,          // single switch asked for v1 NIC ports, it has v2
  OutsideCalibratedRange,  // no published run behind this GPU, fabric or model family
  SiteCalibrated,          // a measured step time scales the estimate by v1
  NodeExceedsRack,         // one node needs v1 W at peak, the rack takes v2 W
  PriceMissing,            // no price for PriceItem v1 in the list of Payment v2
  NoProgress,              // failures every v1 s, checkpoint write v2 s, restart v3 s: goodput <= 0
  SeedIntervalNoProgress,  // checkpoint write v1 s: at the seed's interval of v2 s no progress (goodput 0)
  AbovePeak,               // MFU v1 (HFU v2) above 1: the step is faster than the GPUs' peak allows
  OutsideEvidence,         // v1: the bit set of evidence gaps (engine/error_band.h) the band widened for
  PriceListStale,          // the Payment v1 list, dated v2 (year x 12 + month - 1; -1: undated), is v3 months old
  // A new code goes here, last, and kWarningCodeCount below then names it.
};

// How many codes there are: Warnings holds one entry per code, so it is sized from this.
inline constexpr int kWarningCodeCount = int(WarningCode::PriceListStale) + 1;

struct Warning {
  WarningCode code{};
  std::string_view field;  // dotted input field, e.g. "parallelism.pp"
  double v1 = 0, v2 = 0, v3 = 0;
};

// At most one entry per code, in the order first added: a code added again replaces its entry's
// field and numbers, so the array (one slot per code) never fills and add() never drops one.
struct Warnings {
  std::array<Warning, kWarningCodeCount> items{};
  int count = 0;
  void add(WarningCode code, std::string_view field, double v1 = 0, double v2 = 0, double v3 = 0) {
    const Warning w{code, field, v1, v2, v3};
    for (int i = 0; i < count; ++i)
      if (items[i].code == code) {
        items[i] = w;
        return;
      }
    items[count++] = w;  // count < kWarningCodeCount: every code before this one is distinct
  }
  const Warning* begin() const { return items.data(); }
  const Warning* end() const { return items.data() + count; }
  bool has(WarningCode code) const {
    for (const auto& w : *this)
      if (w.code == code) return true;
    return false;
  }
};

static_assert(std::tuple_size_v<decltype(Warnings::items)> == kWarningCodeCount,
              "Warnings holds one entry per code: none can be lost");

std::string_view warning_code_name(WarningCode code);  // stable snake_case id
std::string warning_message(const Warning& w);         // English sentence for CLI and logs

}  // namespace cp
