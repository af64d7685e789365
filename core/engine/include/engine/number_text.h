// Numbers as people type them, for the GUI's fields and the CLI's options alike: "15T" tokens,
// "1.4e12", "1,400,000,000,000", "70B" parameters, "80 GiB", "400GB".
// What cannot be read, or lies outside the field's range, is refused with the reason; nothing
// is clamped or guessed.
//
//   counts: k = 1e3, M = 1e6, B (or G) = 1e9, T = 1e12 (decimal: 15T = 1.5e13), 万 = 1e4, 亿 = 1e8
//   bytes:  B, KB, MB, GB, TB, PB (decimal) and KiB, MiB, GiB, TiB, PiB (binary), any case
//   both:   e-notation (1e13), thousands separated by commas, underscores or spaces (groups of
//           three digits: "1,5" is refused, not read as 15 or 1.5)
#pragma once

#include <limits>
#include <string>
#include <string_view>

namespace cp {

enum class NumberUnit {
  Plain,  // a number alone
  Count,  // a number of things: tokens, parameters, sequences (k, M, B, T, 万, 亿)
  Bytes,  // bytes (KB .. PB, KiB .. PiB)
};

struct NumberSpec {
  NumberUnit unit = NumberUnit::Plain;
  bool whole = false;          // a whole number (after the multiplier: "1.5k" is 1500)
  double min = 0;
  bool min_exclusive = false;  // (min, max] rather than [min, max]
  double max = std::numeric_limits<double>::infinity();
  // A bare number is in units of `scale` ("70" in a field of billions of parameters is 70e9);
  // a number with a multiplier is absolute ("70B", "0.5T"). The value returned is in `scale`s.
  double scale = 1;
};

struct ParsedNumber {
  double value = 0;   // in units of NumberSpec::scale
  std::string error;  // empty when read: "'lots' is not a number", "must be at most 10000, got 99999999999"
  bool ok() const { return error.empty(); }
};

ParsedNumber parse_number(std::string_view text, const NumberSpec& spec);

// The shortest plain form of a bound in messages: 10000, 1e+18, 0.5.
std::string number_bound_text(double v);

// A parameter count as a scenario's derived name writes it, three significant figures at most:
// 70.55e9 -> "70.6B", 671e9 -> "671B", 1.2e12 -> "1.2T" (the GUI words it again in Chinese).
std::string params_text(double params);

}  // namespace cp
