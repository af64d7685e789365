#include "engine/printf_text.h"

#include <cstdio>

namespace cp {

std::string printf_text(const char* format, double a, double b, double c, double d) {
  char buf[512];
  std::snprintf(buf, sizeof buf, format, a, b, c, d);
  return buf;
}

}  // namespace cp
