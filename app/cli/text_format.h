// Number formatting shared by the text outputs (estimate, sweep).
#pragma once

#include <string>

namespace cp::cli {

// snprintf of one double: number_text("%.2f", 1.5) == "1.50".
std::string number_text(const char* fmt, double v);

// Seconds in the unit that reads best: "12.345 s", "4.210 ms", "35.0 us", "0 s".
std::string duration_text(double seconds);

// A whole number with thousands separators: "161,234".
std::string grouped_text(double v);

}  // namespace cp::cli
