#include "engine/utf8.h"

#include <cstdio>

namespace cp {

namespace {

// The offset of the first byte that is not part of a valid UTF-8 sequence, or npos.
std::size_t first_invalid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len = 0;
    unsigned lo = 0x80, hi = 0xBF;  // the allowed range of the second byte (RFC 3629, table 3-7)
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c == 0xE0) len = 3, lo = 0xA0;
    else if (c >= 0xE1 && c <= 0xEC) len = 3;
    else if (c == 0xED) len = 3, hi = 0x9F;  // no UTF-16 surrogates
    else if (c >= 0xEE && c <= 0xEF) len = 3;
    else if (c == 0xF0) len = 4, lo = 0x90;
    else if (c >= 0xF1 && c <= 0xF3) len = 4;
    else if (c == 0xF4) len = 4, hi = 0x8F;  // at most U+10FFFF
    else return i;
    if (i + len > s.size()) return i;
    for (std::size_t k = 1; k < len; ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF)) return i;
    }
    i += len;
  }
  return std::string_view::npos;
}

}  // namespace

bool is_valid_utf8(std::string_view text) { return first_invalid_utf8(text) == std::string_view::npos; }

std::vector<std::string> invalid_utf8_args(std::string_view text) {
  const std::size_t at = first_invalid_utf8(text);
  char hex[8];
  std::snprintf(hex, sizeof hex, "%02X", at < text.size() ? unsigned(static_cast<unsigned char>(text[at])) : 0u);
  return {hex, std::to_string(at)};
}

}  // namespace cp
