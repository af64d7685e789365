// Numbers into a sentence, printf-style: the one helper the engine's and the planner's messages
// use ("needs %.1f GiB per GPU, capacity %.1f GiB"). Every argument is a double, so a format
// takes %f, %g or %e conversions only (%.0f for counts).
#pragma once

#include <string>

namespace cp {

// `format` with up to four numbers put in; the result is cut at 511 bytes.
std::string printf_text(const char* format, double a = 0, double b = 0, double c = 0, double d = 0);

}  // namespace cp
