#include "engine/fields.h"

#include <cmath>
#include <cstdio>

namespace cp {

std::string bound_text(double v) {
  if (std::floor(v) == v && std::abs(v) < 1e15) return std::to_string((long long)v);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string range_text(const FieldInfo& f) {
  if (!f.bounded()) return {};
  std::string text = f.min_open ? "above " : "from ";
  text.append(bound_text(f.min)).append(" to ");
  if (f.max_open) text.append("below ");
  text.append(bound_text(f.max));
  return text;
}

}  // namespace cp
