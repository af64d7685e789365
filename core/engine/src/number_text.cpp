#include "engine/number_text.h"

#include <cctype>
#include <charconv>
#include <climits>
#include <cmath>
#include <cstdio>
#include <string>

#include "engine/units.h"

namespace cp {
namespace {

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The multiplier of a suffix, or 0 when the unit has no such suffix.
double multiplier(std::string_view suffix, NumberUnit unit) {
  if (unit == NumberUnit::Count) {
    if (suffix == "\xE4\xB8\x87") return 1e4;  // 万
    if (suffix == "\xE4\xBA\xBF") return 1e8;  // 亿
    const std::string s = lower(suffix);
    if (s == "k") return 1e3;
    if (s == "m") return 1e6;
    if (s == "b" || s == "g") return 1e9;
    if (s == "t") return 1e12;
    return 0;
  }
  if (unit == NumberUnit::Bytes) {
    const std::string s = lower(suffix);
    if (s == "b") return 1;
    if (s == "kb") return 1e3;
    if (s == "mb") return 1e6;
    if (s == "gb") return units::GB;
    if (s == "tb") return units::TB;
    if (s == "pb") return 1e15;
    if (s == "kib") return units::KiB;
    if (s == "mib") return units::MiB;
    if (s == "gib") return units::GiB;
    if (s == "tib") return units::TiB;
    if (s == "pib") return 1024 * units::TiB;
    return 0;
  }
  return 0;
}

const char* suffix_list(NumberUnit unit) {
  return unit == NumberUnit::Count   ? " (multipliers: k, M, B, T)"
         : unit == NumberUnit::Bytes ? " (units: KB, MB, GB, TB or KiB, MiB, GiB, TiB)"
                                     : "";
}

// Removes thousands separators (',', '_', ' ') from the integer part of the mantissa, checking
// that they separate groups of three digits. False when they do not.
bool strip_separators(std::string_view in, std::string& out) {
  // The mantissa's integer part ends at '.', 'e' or 'E' or any non-digit non-separator.
  std::size_t end = 0;
  while (end < in.size() && (is_digit(in[end]) || in[end] == ',' || in[end] == '_' ||
                             (in[end] == ' ' && end + 1 < in.size() && is_digit(in[end + 1])) ||
                             (end == 0 && (in[end] == '-' || in[end] == '+'))))
    ++end;
  const std::string_view head = in.substr(0, end);
  bool separated = false;
  int group = -1;  // digits since the last separator; -1 before the first
  int leading = 0;
  for (char c : head) {
    if (is_digit(c)) {
      if (group >= 0) ++group;
      else ++leading;
    } else if (c == ',' || c == '_' || c == ' ') {
      if ((group < 0 && leading == 0) || (group >= 0 && group != 3)) return false;
      separated = true;
      group = 0;
    }
  }
  if (separated && group != 3) return false;
  out.clear();
  for (char c : head)
    if (c != ',' && c != '_' && c != ' ') out.push_back(c);
  out.append(in.substr(end));
  return true;
}

}  // namespace

std::string number_bound_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

ParsedNumber parse_number(std::string_view raw, const NumberSpec& spec) {
  ParsedNumber r;
  const std::string_view text = trim(raw);
  const std::string not_a = quoted(raw) + (spec.whole ? " is not a whole number" : " is not a number");
  std::string plain;
  if (text.empty() || !strip_separators(text, plain)) {
    r.error = not_a;
    if (!text.empty()) r.error += " (thousands are separated in groups of three: 1,000,000)";
    return r;
  }
  // from_chars reads no leading '+'.
  std::string_view digits = plain;
  if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
  double v = 0;
  const char* begin = digits.data();
  const char* end = begin + digits.size();
  const auto [ptr, ec] = std::from_chars(begin, end, v);
  if (ec == std::errc::invalid_argument || ptr == begin || std::isnan(v)) {
    r.error = not_a;
    return r;
  }
  if (std::isinf(v)) {
    r.error = quoted(raw) + " is not a finite number";
    return r;
  }
  if (ec == std::errc::result_out_of_range) {
    r.error = quoted(raw) + " is out of range";
    return r;
  }
  double absolute_scale = spec.scale;
  if (const std::string_view suffix = trim(std::string_view(ptr, std::size_t(end - ptr))); !suffix.empty()) {
    const double m = multiplier(suffix, spec.unit);
    if (m == 0) {
      r.error = not_a + suffix_list(spec.unit);
      return r;
    }
    absolute_scale = m;
  }
  // Bare whole numbers must be written whole ("2048.5" is refused); with a multiplier the
  // product must be ("1.5k" is 1500).
  const double absolute = v * absolute_scale;
  const double value = absolute / spec.scale;
  if (spec.whole && std::floor(value) != value) {
    r.error = not_a;
    return r;
  }
  if (spec.min_exclusive ? !(value > spec.min) : !(value >= spec.min)) {
    r.error = std::string("must be ") + (spec.min_exclusive ? "above " : "at least ") + number_bound_text(spec.min) +
              ", got " + std::string(text);
    return r;
  }
  if (spec.whole && value > double(INT_MAX) && spec.max > double(INT_MAX)) {
    r.error = quoted(raw) + " is out of range (at most " + std::to_string(INT_MAX) + ")";
    return r;
  }
  if (value > spec.max) {
    r.error = "must be at most " + number_bound_text(spec.max) + ", got " + std::string(text);
    return r;
  }
  r.value = value;
  return r;
}

std::string params_text(double params) {
  const bool tera = params >= 1e12;
  const double v = params / (tera ? 1e12 : 1e9);
  char buf[32];
  std::snprintf(buf, sizeof buf, v >= 100 ? "%.0f%s" : v >= 10 ? "%.3g%s" : "%.2g%s", v, tera ? "T" : "B");
  return buf;
}

}  // namespace cp
