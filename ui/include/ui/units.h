// The units figures are shown in, chosen in the settings (kept under "units/..."): memory in GiB
// (2^30 bytes, the default) or GB (10^9 bytes); power in kW (default), BTU/h or tons of
// refrigeration (the conversion factors are the engine's, core/engine/include/engine/power.h). Charts keep their axes in
// GiB and kW; the figures written as text (tiles, legends, summaries, reports) follow the choice.
#pragma once

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

}  // namespace cp::ui
