#include "ui/palette.h"

namespace cp::ui::palette {
namespace {

// Okabe-Ito (2008): the eight colours of Color Universal Design, as sRGB.
constexpr QRgb kBlue = 0x0072B2;
constexpr QRgb kOrange = 0xE69F00;
constexpr QRgb kBluishGreen = 0x009E73;
constexpr QRgb kReddishPurple = 0xCC79A7;
constexpr QRgb kSkyBlue = 0x56B4E9;
constexpr QRgb kVermillion = 0xD55E00;
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

QColor capacity() { return QColor(kVermillion); }
QColor fits() { return QColor(kBluishGreen).darker(115); }
QColor doesNotFit() { return QColor(kVermillion); }
QColor warning() { return QColor(kOrange).darker(140); }

}  // namespace cp::ui::palette
