#include "ui/palette.h"

#include <cmath>
#include <iterator>

#include "engine/fabric.h"

namespace cp::ui::palette {
namespace {

// Okabe-Ito (2008): the eight colours of Color Universal Design, as sRGB.
constexpr QRgb kBlue = 0x0072B2;
constexpr QRgb kOrange = 0xE69F00;
constexpr QRgb kBluishGreen = 0x009E73;
constexpr QRgb kReddishPurple = 0xCC79A7;
constexpr QRgb kSkyBlue = 0x56B4E9;
constexpr QRgb kVermillion = 0xD55E00;
constexpr QRgb kYellow = 0xF0E442;
constexpr QRgb kBlack = 0x000000;
// Not one of the eight; a neutral grey for "everything else", as Okabe and Ito suggest.
constexpr QRgb kGrey = 0x999999;


}  // namespace

QColor component(MemoryComponent c) {
  switch (c) {
    case MemoryComponent::Weights: return QColor(kBlue);
    case MemoryComponent::Gradients: return QColor(kSkyBlue);
    case MemoryComponent::Optimizer: return QColor(kOrange);
    case MemoryComponent::Activations: return QColor(kReddishPurple);
    case MemoryComponent::Other: return QColor(kGrey);
  }
  return QColor(kBlack);
}

QColor stepPart(cp::StepPart p) {
  switch (p) {
    case cp::StepPart::Compute: return QColor(kBlue);
    case cp::StepPart::Bubble: return QColor(kGrey);
    case cp::StepPart::Tp: return QColor(kSkyBlue);
    case cp::StepPart::Pp: return QColor(kBluishGreen);
    case cp::StepPart::Dp: return QColor(kOrange);
    case cp::StepPart::Ep: return QColor(kReddishPurple);
    case cp::StepPart::Cp: return QColor(kYellow);
    case cp::StepPart::Optimizer: return QColor(kVermillion);
  }
  return QColor(kBlack);
}

QColor powerPart(cp::PowerPart p) {
  switch (p) {
    case cp::PowerPart::Gpus: return QColor(kBlue);
    case cp::PowerPart::NodeRest: return QColor(kSkyBlue);
    case cp::PowerPart::Switches: return QColor(kOrange);
    case cp::PowerPart::Optics: return QColor(kYellow);
    case cp::PowerPart::Storage: return QColor(kReddishPurple);
    case cp::PowerPart::Facility: return QColor(kGrey);
  }
  return QColor(kBlack);
}

QColor costPart(cp::CostPart p) {
  switch (p) {
    case cp::CostPart::Hardware: return QColor(kBlue);
    case cp::CostPart::Bandwidth: return QColor(kOrange);
    case cp::CostPart::Storage: return QColor(kReddishPurple);
    case cp::CostPart::Services: return QColor(kBluishGreen);
    case cp::CostPart::Electricity: return QColor(kYellow);
    case cp::CostPart::Vat: return QColor(kSkyBlue);
    case cp::CostPart::Headroom: return QColor(kGrey);
    // The owner's lines (a purchase): shades beside the hardware's blue and the palette's rest.
    case cp::CostPart::NetworkStorage: return QColor(kBlue).lighter(170);
    case cp::CostPart::Capital: return QColor(kVermillion);
    case cp::CostPart::Support: return QColor(kBluishGreen).darker(140);
    case cp::CostPart::Facility: return QColor(kReddishPurple).lighter(140);
  }
  return QColor(kBlack);
}

// By what the preset is (kind and tuning level, engine/fabric.h), never by its id.
QColor fabric(std::string_view id) {
  const cp::FabricSpec* f = cp::find_fabric(id);
  if (!f) return QColor(kGrey);
  if (f->kind == cp::FabricKind::InfiniBand) return QColor(kBlue);
  switch (f->tuning) {
    case cp::FabricTuning::Stock: return QColor(kVermillion);
    case cp::FabricTuning::Tuned: return QColor(kBluishGreen);
    case cp::FabricTuning::Hyperscale: return QColor(kReddishPurple);
  }
  return QColor(kGrey);
}

Qt::PenStyle fabricLine(std::string_view id) {
  const cp::FabricSpec* f = cp::find_fabric(id);
  if (!f || f->kind == cp::FabricKind::InfiniBand) return Qt::SolidLine;
  return f->tuning == cp::FabricTuning::Stock ? Qt::DashLine : Qt::DashDotLine;
}

QColor series(int k) {
  static const QRgb kColours[] = {kBlue, kVermillion, kBluishGreen, kReddishPurple, kOrange, kSkyBlue, kYellow, kBlack};
  return QColor(kColours[std::size_t(k) % std::size(kColours)]);
}

Qt::PenStyle seriesLine(int k) {
  static const Qt::PenStyle kLines[] = {Qt::SolidLine, Qt::DashLine, Qt::DashDotLine, Qt::DotLine, Qt::DashDotDotLine};
  return kLines[std::size_t(k) % std::size(kLines)];
}

QColor capacity() { return QColor(kVermillion); }
QColor fits() { return QColor(kBluishGreen).darker(115); }
QColor doesNotFit() { return QColor(kVermillion); }
QColor warning() { return QColor(kOrange).darker(140); }
QColor invalid() { return QColor(kVermillion); }
QColor reference() { return QColor(kBlack); }

QColor bannerBackground(const QPalette& base, bool error) {
  // A fifth of the accent over the window colour: a tint that keeps the window's lightness
  // (light on light, dark on dark) and with it the text's contrast.
  constexpr double kTint = 0.2;
  const QColor window = base.color(QPalette::Window);
  const QColor accent(error ? kVermillion : kOrange);
  auto mix = [&](int w, int a) { return int(std::lround(w + (a - w) * kTint)); };
  return QColor(mix(window.red(), accent.red()), mix(window.green(), accent.green()),
                mix(window.blue(), accent.blue()));
}

QColor bannerText(const QPalette& base) { return base.color(QPalette::WindowText); }

}  // namespace cp::ui::palette
