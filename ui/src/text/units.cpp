#include "ui/text/units.h"

#include <cmath>
#include <span>

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

struct Scale {
  double factor;
  const char16_t* suffix;
};
// The Chinese number words for 10^4, 10^8 and 10^12 (万, 亿, 万亿: Xiandai Hanyu Cidian; GB/T
// 15835-2011 writes large amounts this way); largest first.
constexpr Scale kChineseScales[] = {{1e12, u"万亿"}, {1e8, u"亿"}, {1e4, u"万"}};
// The short scale of English: thousand, million, billion, trillion.
constexpr Scale kThousandScales[] = {{1e12, u"T"}, {1e9, u"bn"}, {1e6, u"M"}, {1e3, u"k"}};

// Three significant digits or so, without scientific notation: "6.69", "65.3", "669", "1,235".
QString threeDigits(double v, const QLocale& locale) {
  const double a = std::abs(v);
  return locale.toString(v, 'f', a >= 99.95 ? 0 : a >= 9.995 ? 1 : 2);
}

}  // namespace

QString formatLarge(double value, double plainBelow, const QLocale& locale) {
  const double a = std::abs(value);
  if (!std::isfinite(value) || a < plainBelow) return locale.toString(value, 'f', 0);
  const bool chinese = locale.language() == QLocale::Chinese;
  const auto scales = chinese ? std::span<const Scale>(kChineseScales) : std::span<const Scale>(kThousandScales);
  for (const Scale& s : scales) {
    // A value that rounds up to the next scale's 1 goes there: 99,990,000 reads "1.00 亿", not
    // "10,000 万".
    if (a >= s.factor * (1 - 5e-4) || &s == &scales.back())
      return threeDigits(value / s.factor, locale) + QLatin1Char(' ') + QString::fromUtf16(s.suffix);
  }
  return locale.toString(value, 'f', 0);
}

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
