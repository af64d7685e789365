// Fixed colours for the memory components, the same in every chart and export. The set is
// Okabe & Ito's colour-blind-safe palette (Okabe and Ito 2008, "Color Universal Design"),
// which stays distinguishable for protanopia, deuteranopia and tritanopia.
#pragma once

#include <QColor>

#include "ui/memorycomponent.h"

namespace cp::ui::palette {

QColor component(MemoryComponent c);  // fill of a component's bar segment
QColor capacity();                    // the GPU capacity line
QColor fits();                        // "fits" status text
QColor doesNotFit();                  // "does not fit" status text
QColor warning();                     // warning text

}  // namespace cp::ui::palette
