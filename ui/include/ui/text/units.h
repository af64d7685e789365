// The units figures are shown in, chosen in the settings (kept under "units/..."): memory in GiB
// (2^30 bytes, the default) or GB (10^9 bytes); power in kW (default), BTU/h or tons of
// refrigeration (the conversion factors are the engine's, core/engine/include/engine/power.h). Charts keep their axes in
// GiB and kW; the figures written as text (tiles, legends, summaries, reports) follow the choice.
#pragma once

#include <QLocale>
#include <QString>

namespace cp::ui {

enum class MemoryUnit { GiB, GB };
enum class PowerUnit { Kw, BtuPerHour, Tons };

MemoryUnit memoryUnit();
PowerUnit powerUnit();
void setMemoryUnit(MemoryUnit unit);  // saved in the settings
void setPowerUnit(PowerUnit unit);
// Reads the saved choices again (start-up).
void loadUnits();

// A large figure scaled the way the locale's readers count, with three significant digits or
// so: in Chinese by 万 (10^4), 亿 (10^8) and 万亿 (10^12): "6.69 亿",
// "65.3 亿", "1,235 万"; elsewhere by thousands: "61.2 k", "669 M", "65.3 bn", "1.2 T".
// Magnitudes below `plainBelow` are written out in full ("143,552"). No unit is added.
QString formatLarge(double value, double plainBelow = 1e4, const QLocale& locale = QLocale());

}  // namespace cp::ui
