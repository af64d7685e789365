#include "engine/warnings.h"

#include <cmath>
#include <cstdint>
#include <cstdio>

#include "engine/assumptions.h"
#include "engine/error_band.h"
#include "engine/printf_text.h"
#include "engine/units.h"

namespace cp {
std::string_view warning_code_name(WarningCode code) {
  switch (code) {
    case WarningCode::UnevenPipeline: return "uneven_pipeline";
    case WarningCode::FewMicroBatches: return "few_micro_batches";
    case WarningCode::DoesNotFit: return "does_not_fit";
    case WarningCode::SequenceParallelNoEffect: return "sequence_parallel_no_effect";
    case WarningCode::DerivedModelShape: return "derived_model_shape";
    case WarningCode::UnevenChunks: return "uneven_chunks";
    case WarningCode::InterleaveRemainder: return "interleave_remainder";
    case WarningCode::SwitchTooSmall: return "switch_too_small";
    case WarningCode::OutsideCalibratedRange: return "outside_calibrated_range";
    case WarningCode::SiteCalibrated: return "site_calibrated";
    case WarningCode::NodeExceedsRack: return "node_exceeds_rack";
    case WarningCode::PriceMissing: return "price_missing";
    case WarningCode::PriceListStale: return "price_list_stale";
    case WarningCode::NoProgress: return "no_progress";
    case WarningCode::SeedIntervalNoProgress: return "seed_interval_no_progress";
    case WarningCode::AbovePeak: return "above_peak";
    case WarningCode::OutsideEvidence: return "outside_evidence";
  }
  return "unknown";
}

std::string warning_message(const Warning& w) {
  switch (w.code) {
    case WarningCode::UnevenPipeline: {
      const double lo = std::floor(w.v1 / w.v2);
      return printf_text("%.0f layers do not divide evenly over %.0f pipeline stages: stages hold %.0f", w.v1, w.v2, lo) +
             printf_text(" or %.0f layers; the heaviest stage sets memory and step time", lo + 1);
    }
    case WarningCode::FewMicroBatches:
      return printf_text("only %.0f micro-batches per step for %.0f pipeline stages: the pipeline never fills", w.v1, w.v2);
    case WarningCode::DoesNotFit:
      return printf_text("needs %.1f GiB per GPU but the GPU has %.1f GiB", w.v1 / units::GiB, w.v2 / units::GiB);
    case WarningCode::SequenceParallelNoEffect:
      return "sequence parallelism has no effect with TP = 1";
    case WarningCode::DerivedModelShape:
      return printf_text("the architecture is a standard shape derived from a size of %.1fB parameters, not a published model",
                 w.v1 / 1e9);
    case WarningCode::UnevenChunks:
      return printf_text("%.0f layers per stage do not split evenly into %.0f interleaved chunks", w.v1, w.v2);
    case WarningCode::InterleaveRemainder:
      return printf_text("%.0f micro-batches is not a multiple of %.0f stages: older Megatron-LM versions refuse this "
                 "interleaved schedule",
                 w.v1, w.v2);
    case WarningCode::SwitchTooSmall:
      return printf_text("a single switch has %.0f ports but the cluster has %.0f NIC ports: sized as a two-tier fat tree",
                 w.v2, w.v1);
    case WarningCode::OutsideCalibratedRange:
      return "few or no published runs back this GPU, fabric or model family (the calibration set is A100 and H100 "
             "SXM on InfiniBand, dense models): the uncertainty band is doubled";
    case WarningCode::SiteCalibrated:
      return printf_text("step time scaled by %.3f from a measured pilot step (site calibration)", w.v1);
    case WarningCode::NodeExceedsRack:
      return printf_text("one node draws up to %.1f kW but a rack takes %.1f kW: it needs a denser (liquid-cooled) rack",
                 w.v1 / 1000, w.v2 / 1000);
    case WarningCode::PriceMissing:
      return "the " + std::string(to_string(Payment(int(w.v2)))) + " price list has no '" +
             std::string(to_string(PriceItem(int(w.v1)))) +
             "' line for this GPU and fabric: the cost leaves it out; add a line to the price list";
    case WarningCode::NoProgress:
      return printf_text("an interruption every %.0f s, %.0f s per checkpoint and %.0f s per restart leave no progress "
                 "(goodput 0): faster storage or fewer failures are needed",
                 w.v1, w.v2, w.v3);
    case WarningCode::SeedIntervalNoProgress:
      return printf_text("a checkpoint takes %.0f s to write: checkpointing every %.0f s (the seed's interval) leaves no "
                 "progress, so the goodput at the seed's interval (reliability.seed_interval) is 0 there",
                 w.v1, w.v2);
    case WarningCode::PriceListStale: {
      const std::string list = "the " + std::string(to_string(Payment(int(w.v1)))) + " price list";
      if (w.v2 < 0) return list + " has no date (YYYY-MM): its prices cannot be judged current; date it or choose a dated list";
      return list + printf_text(" is dated %04.0f-%02.0f, %.0f months before this build (more than %.0f): its prices "
                                "may no longer hold; choose a newer list (clusterplan-cli catalog price-lists)",
                                std::floor(w.v2 / 12), std::fmod(w.v2, 12) + 1, w.v3, double(kPriceListStaleMonths));
    }
    case WarningCode::AbovePeak:
      return printf_text("MFU %.2f and HFU %.2f (throughput.mfu, throughput.hfu) are above 1: the step is faster than the "
                 "GPUs' peak allows; check the measured step time or the GPU's peak figures",
                 w.v1, w.v2);
    case WarningCode::OutsideEvidence: {
      std::string codes;
      const auto bits = static_cast<std::uint32_t>(w.v1);
      for (int i = 0; i < kEvidenceGapCount; ++i)
        if (bits & (1u << unsigned(i))) {
          if (!codes.empty()) codes += ", ";
          codes += evidence_gap_code(EvidenceGap(i));
        }
      const bool cp_short = (bits & (1u << unsigned(EvidenceGap::CpShortSequence))) != 0;
      return "few or no published runs stand where this layout does (" + codes +
             "): the band's optimistic edge is wider by " + printf_text("%.0f", 100 * kGapWidening) +
             " points for each" +
             (cp_short ? printf_text(" (cp_short_sequence: for each halving of the tokens per CP rank below %.0f)",
                                     kCpShortestEvidenceTokens)
                       : std::string()) +
             " (throughput.band.outside_evidence)";
    }
  }
  return "unknown warning";
}

}  // namespace cp
