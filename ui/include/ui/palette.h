// Fixed colours, the same in every chart and export. The set is Okabe & Ito's colour-blind-safe
// palette (Okabe and Ito 2008, "Color Universal Design"), which stays distinguishable for
// protanopia, deuteranopia and tritanopia. One colour per memory component, per step-time
// part, per power and cost part, and per fabric family (with a line style per fabric, so that
// the comparison charts stay readable in greyscale too).
#pragma once

#include <QColor>
#include <QPalette>
#include <Qt>
#include <string_view>

#include "engine/explain.h"
#include "ui/memorycomponent.h"

namespace cp::ui::palette {

QColor component(MemoryComponent c);  // fill of a component's bar segment
QColor stepPart(cp::StepPart p);
QColor powerPart(cp::PowerPart p);
QColor costPart(cp::CostPart p);
QColor fabric(std::string_view fabricId);      // InfiniBand blue, RoCE untuned vermillion, tuned green, ...
Qt::PenStyle fabricLine(std::string_view fabricId);
// The k-th of several series on one chart, when their fabrics' colours or lines coincide.
QColor series(int k);
Qt::PenStyle seriesLine(int k);
QColor capacity();                    // the GPU capacity line
QColor fits();                        // "fits" status text
QColor doesNotFit();                  // "does not fit" status text
QColor warning();                     // warning text
QColor invalid();                     // the frame and message of an invalid input field
QColor reference();                   // the seed article's claims overlaid on charts
// A notice banner (the library's read-only or damaged notice) drawn on `base`, the palette of
// the widget that holds it: base's window colour tinted with orange (a notice) or vermillion
// (an error), and base's own text colour, so that it reads in the light and the dark theme.
QColor bannerBackground(const QPalette& base, bool error);
QColor bannerText(const QPalette& base);

}  // namespace cp::ui::palette
