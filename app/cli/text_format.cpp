#include "cli/text_format.h"

#include <cstdio>

namespace cp::cli {

std::string number_text(const char* fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

std::string duration_text(double seconds) {
  if (seconds == 0) return "0 s";
  if (seconds >= 1) return number_text("%.3f s", seconds);
  if (seconds >= 1e-3) return number_text("%.3f ms", seconds * 1e3);
  return number_text("%.1f us", seconds * 1e6);
}

std::string grouped_text(double v) {
  const std::string digits = number_text("%.0f", v);
  const std::size_t start = !digits.empty() && digits[0] == '-' ? 1 : 0;
  std::string out(digits, 0, start);
  for (std::size_t i = start; i < digits.size(); ++i) {
    // A separator before every group of three counted from the end.
    if (i > start && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

}  // namespace cp::cli
