#include "ui/units.h"

#include "ui/preferences.h"

namespace cp::ui {
namespace {

const Preference<int> kMemoryUnit{"units/memory", int(MemoryUnit::GiB)};
const Preference<int> kPowerUnit{"units/power", int(PowerUnit::Kw)};

MemoryUnit& memory() {
  static MemoryUnit unit = MemoryUnit::GiB;
  return unit;
}
PowerUnit& power() {
  static PowerUnit unit = PowerUnit::Kw;
  return unit;
}

}  // namespace

MemoryUnit memoryUnit() { return memory(); }
PowerUnit powerUnit() { return power(); }

void setMemoryUnit(MemoryUnit unit) {
  memory() = unit;
  kMemoryUnit.set(int(unit));
}

void setPowerUnit(PowerUnit unit) {
  power() = unit;
  kPowerUnit.set(int(unit));
}

void loadUnits() {
  const int m = kMemoryUnit.get();
  const int p = kPowerUnit.get();
  memory() = m == int(MemoryUnit::GB) ? MemoryUnit::GB : MemoryUnit::GiB;
  power() = p == int(PowerUnit::BtuPerHour) ? PowerUnit::BtuPerHour : p == int(PowerUnit::Tons) ? PowerUnit::Tons : PowerUnit::Kw;
}

}  // namespace cp::ui
