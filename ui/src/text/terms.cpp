#include "ui/text/terms.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

#include "engine/units.h"
#include "engine/power.h"
#include "ui/text/i18n.h"
#include "ui/text/units.h"

namespace cp::ui {
namespace {

QString t(const char* text) { return QCoreApplication::translate("cp::ui::Terms", text); }

QString num(double v, int decimals) { return QLocale().toString(v, 'f', decimals); }

// Three significant digits or so, without scientific notation.
QString sig3(double v) {
  const double a = std::abs(v);
  return num(v, a >= 100 ? 0 : a >= 10 ? 1 : 2);
}

// The explanation inputs' labels, by key (the engine's English name is the fallback).
struct InputName {
  const char* key;
  const char* name;
};
constexpr InputName kInputNames[] = {
    {"weights", QT_TRANSLATE_NOOP("cp::ui::Terms", "Weights")},
    {"gradients", QT_TRANSLATE_NOOP("cp::ui::Terms", "Gradients")},
    {"optimizer", QT_TRANSLATE_NOOP("cp::ui::Terms", "Optimizer states")},
    {"activations", QT_TRANSLATE_NOOP("cp::ui::Terms", "Activations")},
    {"loss_logits", QT_TRANSLATE_NOOP("cp::ui::Terms", "Loss and logits")},
    {"comm_buffers", QT_TRANSLATE_NOOP("cp::ui::Terms", "Communication buffers")},
    {"fp8_weight_copies", QT_TRANSLATE_NOOP("cp::ui::Terms", "fp8 weight copies and transposes")},
    {"tp_overlap_buffers", QT_TRANSLATE_NOOP("cp::ui::Terms", "TP-overlap buffers")},
    {"cp_ring_buffers", QT_TRANSLATE_NOOP("cp::ui::Terms", "CP ring buffers")},
    {"workspaces", QT_TRANSLATE_NOOP("cp::ui::Terms", "cuBLAS workspaces")},
    {"framework", QT_TRANSLATE_NOOP("cp::ui::Terms", "Framework and CUDA context")},
    {"fragmentation", QT_TRANSLATE_NOOP("cp::ui::Terms", "Allocator fragmentation")},
    {"capacity", QT_TRANSLATE_NOOP("cp::ui::Terms", "GPU capacity")},
    {"memory", QT_TRANSLATE_NOOP("cp::ui::Terms", "Memory per GPU")},
    {"compute_s", QT_TRANSLATE_NOOP("cp::ui::Terms", "Compute")},
    {"tp_s", QT_TRANSLATE_NOOP("cp::ui::Terms", "Exposed TP communication")},
    {"pp_s", QT_TRANSLATE_NOOP("cp::ui::Terms", "Exposed PP communication")},
    {"dp_s", QT_TRANSLATE_NOOP("cp::ui::Terms", "Exposed DP communication")},
    {"ep_s", QT_TRANSLATE_NOOP("cp::ui::Terms", "Exposed EP communication")},
    {"cp_s", QT_TRANSLATE_NOOP("cp::ui::Terms", "Exposed CP communication")},
    {"bubble_s", QT_TRANSLATE_NOOP("cp::ui::Terms", "Pipeline bubble")},
    {"optimizer_s", QT_TRANSLATE_NOOP("cp::ui::Terms", "Optimizer step")},
    {"calibration", QT_TRANSLATE_NOOP("cp::ui::Terms", "Site calibration factor")},
    {"global_batch", QT_TRANSLATE_NOOP("cp::ui::Terms", "Global batch")},
    {"seq", QT_TRANSLATE_NOOP("cp::ui::Terms", "Sequence length")},
    {"step_s", QT_TRANSLATE_NOOP("cp::ui::Terms", "Step time")},
    {"model_flops", QT_TRANSLATE_NOOP("cp::ui::Terms", "Model FLOPs per step")},
    {"gpus", QT_TRANSLATE_NOOP("cp::ui::Terms", "GPUs")},
    {"peak", QT_TRANSLATE_NOOP("cp::ui::Terms", "Peak FLOP/s per GPU")},
    {"tokens", QT_TRANSLATE_NOOP("cp::ui::Terms", "Token budget")},
    {"tokens_per_s", QT_TRANSLATE_NOOP("cp::ui::Terms", "Throughput")},
    {"goodput", QT_TRANSLATE_NOOP("cp::ui::Terms", "Goodput")},
    {"nodes", QT_TRANSLATE_NOOP("cp::ui::Terms", "Nodes")},
    {"gpus_per_node", QT_TRANSLATE_NOOP("cp::ui::Terms", "GPUs per node")},
    {"tdp_w", QT_TRANSLATE_NOOP("cp::ui::Terms", "GPU TDP")},
    {"power_factor", QT_TRANSLATE_NOOP("cp::ui::Terms", "Average GPU draw / TDP")},
    {"node_overhead_w", QT_TRANSLATE_NOOP("cp::ui::Terms", "Node overhead")},
    {"switches_w", QT_TRANSLATE_NOOP("cp::ui::Terms", "Switches")},
    {"optics_w", QT_TRANSLATE_NOOP("cp::ui::Terms", "Transceivers")},
    {"storage_w", QT_TRANSLATE_NOOP("cp::ui::Terms", "Shared storage")},
    {"it_w", QT_TRANSLATE_NOOP("cp::ui::Terms", "IT power")},
    {"pue", QT_TRANSLATE_NOOP("cp::ui::Terms", "PUE")},
    {"hardware", QT_TRANSLATE_NOOP("cp::ui::Terms", "Hardware")},
    {"bandwidth", QT_TRANSLATE_NOOP("cp::ui::Terms", "Bandwidth")},
    {"storage", QT_TRANSLATE_NOOP("cp::ui::Terms", "Storage")},
    {"services", QT_TRANSLATE_NOOP("cp::ui::Terms", "Services")},
    {"electricity", QT_TRANSLATE_NOOP("cp::ui::Terms", "Electricity")},
    {"network_storage", QT_TRANSLATE_NOOP("cp::ui::Terms", "Network and storage")},
    {"capital", QT_TRANSLATE_NOOP("cp::ui::Terms", "Cost of capital")},
    {"support", QT_TRANSLATE_NOOP("cp::ui::Terms", "Support and maintenance")},
    {"facility", QT_TRANSLATE_NOOP("cp::ui::Terms", "Facility")},
    {"vat", QT_TRANSLATE_NOOP("cp::ui::Terms", "VAT rate")},
    {"months", QT_TRANSLATE_NOOP("cp::ui::Terms", "Months billed")},
    {"per_month", QT_TRANSLATE_NOOP("cp::ui::Terms", "Cost per month")},
    {"run_s", QT_TRANSLATE_NOOP("cp::ui::Terms", "Real time to train")},
};

}  // namespace

QString stepPartName(cp::StepPart p) {
  switch (p) {
    case cp::StepPart::Compute: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Compute"));
    case cp::StepPart::Bubble: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Pipeline bubble"));
    case cp::StepPart::Tp: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "TP communication"));
    case cp::StepPart::Pp: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "PP communication"));
    case cp::StepPart::Dp: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "DP communication"));
    case cp::StepPart::Ep: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "EP communication"));
    case cp::StepPart::Cp: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "CP communication"));
    case cp::StepPart::Optimizer: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Optimizer step"));
  }
  return {};
}

QString powerPartName(cp::PowerPart p) {
  switch (p) {
    case cp::PowerPart::Gpus: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "GPUs"));
    case cp::PowerPart::NodeRest: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Rest of the nodes"));
    case cp::PowerPart::Switches: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Switches"));
    case cp::PowerPart::Optics: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Transceivers"));
    case cp::PowerPart::Storage: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Shared storage"));
    case cp::PowerPart::Facility: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Cooling and facility (PUE)"));
  }
  return {};
}

QString costPartName(cp::CostPart p) {
  switch (p) {
    case cp::CostPart::Hardware: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Hardware"));
    case cp::CostPart::Bandwidth: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Bandwidth"));
    case cp::CostPart::Storage: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Storage"));
    case cp::CostPart::Services: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Services"));
    case cp::CostPart::Electricity: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Electricity"));
    case cp::CostPart::Vat: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "VAT"));
    case cp::CostPart::Headroom: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Headroom"));
    case cp::CostPart::NetworkStorage: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Network and storage"));
    case cp::CostPart::Capital: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Cost of capital"));
    case cp::CostPart::Support: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Support and maintenance"));
    case cp::CostPart::Facility: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Facility"));
  }
  return {};
}

QString checkpointModeName(cp::CheckpointMode m) {
  switch (m) {
    case cp::CheckpointMode::Sync: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Synchronous (training waits)"));
    case cp::CheckpointMode::Async: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Asynchronous (written in the background)"));
    case cp::CheckpointMode::InMemory: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "In memory (peers' host memory)"));
  }
  return {};
}

QString figureTitle(cp::Figure f) {
  switch (f) {
    case cp::Figure::MemoryPerGpu: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Memory per GPU"));
    case cp::Figure::Headroom: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Fits?"));
    case cp::Figure::StepTime: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Step time"));
    case cp::Figure::TokensPerS: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Throughput"));
    case cp::Figure::Mfu: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "MFU"));
    case cp::Figure::TrainTime: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Time to train"));
    case cp::Figure::ItPower: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "IT power"));
    case cp::Figure::FacilityPower: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Facility power"));
    case cp::Figure::CostPerMonth: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Cost per month"));
    case cp::Figure::CostPerRun: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Cost per run"));
  }
  return {};
}

QString topologyName(cp::Topology topology) {
  switch (topology) {
    case cp::Topology::SingleSwitch: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Single switch"));
    case cp::Topology::FatTree2: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Two-tier fat tree"));
    case cp::Topology::FatTree3: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Three-tier fat tree"));
    case cp::Topology::RailOptimized: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Rail-optimised fat tree"));
  }
  return {};
}

QString paymentName(cp::Payment p) {
  switch (p) {
    case cp::Payment::Rent: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Rent (per server-month)"));
    case cp::Payment::Cloud: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Cloud (per GPU-hour)"));
    case cp::Payment::Purchase: return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "Purchase (amortised)"));
  }
  return {};
}

QString explainInputName(const cp::ExplainInput& input) {
  for (const InputName& n : kInputNames)
    if (input.key == n.key) return t(n.name);
  return QString::fromStdString(input.name);
}

QString unitName(const std::string& unit) {
  if (unit == "sequences") return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "sequences"));
  if (unit == "tokens") return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "tokens"));
  if (unit == "tokens/s") return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "tokens/s"));
  if (unit == "months") return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "months"));
  return QString::fromStdString(unit);
}

QString formatDuration(double s) {
  if (!(s > 0)) return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "—"));
  if (s < 120) return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "%1 s")).arg(sig3(s));
  if (s < 2 * units::Hour) return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "%1 min")).arg(sig3(s / units::Minute));
  if (s < 3 * units::Day) return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "%1 h")).arg(sig3(s / units::Hour));
  return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "%1 days")).arg(sig3(s / units::Day));
}

QString formatPower(double w) {
  if (powerUnit() == PowerUnit::BtuPerHour)
    return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "%1 BTU/h")).arg(num(w / 1e3 * cp::power_units::kBtuPerHourPerKw, 0));
  if (powerUnit() == PowerUnit::Tons)
    return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "%1 tons")).arg(sig3(w / 1e3 / cp::power_units::kKwPerTon));
  if (w < 1e3) return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "%1 W")).arg(num(w, 0));
  if (w < 1e6) return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "%1 kW")).arg(sig3(w / 1e3));
  return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "%1 MW")).arg(sig3(w / 1e6));
}

QString formatMoney(double amount, cp::Currency c) {
  const QString code = QString::fromUtf8(cp::to_string(c).data());
  // Ten million and more scaled ("USD 1.25 M", "CNY 6.69 亿"); less written out in full.
  return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "%1 %2")).arg(code, formatLarge(amount, 1e7));
}

double memoryInUnit(double bytes) { return memoryUnit() == MemoryUnit::GB ? bytes / 1e9 : bytes / units::GiB; }

QString memoryUnitName() {
  return memoryUnit() == MemoryUnit::GB ? t(QT_TRANSLATE_NOOP("cp::ui::Terms", "GB")) : QStringLiteral("GiB");
}

double powerInUnit(double w) {
  if (powerUnit() == PowerUnit::BtuPerHour) return w / 1e3 * cp::power_units::kBtuPerHourPerKw;
  if (powerUnit() == PowerUnit::Tons) return w / 1e3 / cp::power_units::kKwPerTon;
  return w / 1e3;
}

QString powerUnitName() {
  if (powerUnit() == PowerUnit::BtuPerHour) return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "BTU/h"));
  if (powerUnit() == PowerUnit::Tons) return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "tons"));
  return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "kW"));
}

QString formatTokensPerS(double v) {
  return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "%1 tokens/s")).arg(v >= 1e3 ? formatLarge(v, 1e3) : sig3(v));
}

QString formatPercent(double fraction, int decimals) { return t(QT_TRANSLATE_NOOP("cp::ui::Terms", "%1%")).arg(num(100 * fraction, decimals)); }

QString formatCount(double value) { return num(value, 0); }

QString formatValue(double value, const std::string& unit) {
  if (unit == "bytes") return formatGiB(value, 2);
  if (unit == "s") return formatDuration(value) + QStringLiteral("  (") + QLocale().toString(value, 'g', 6) +
                          QStringLiteral(" s)");
  if (unit == "W") return formatPower(value);
  if (unit == "FLOP" || unit == "FLOP/s") return QLocale().toString(value, 'g', 4) + QLatin1Char(' ') + unitName(unit);
  if (unit.empty()) return QLocale().toString(value, 'g', 6);
  return QLocale().toString(value, 'f', std::abs(value) >= 100 ? 0 : 3) + QLatin1Char(' ') + unitName(unit);
}

}  // namespace cp::ui
