// UTF-8 validity of the text a user gives (names, notes, tags): the JSON output and the library
// hold UTF-8 only.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cp {

// True when `text` is valid UTF-8 (RFC 3629: no overlong forms, no surrogates, at most
// U+10FFFF). Names, notes and tags must be: the JSON output and the library hold UTF-8 only.
bool is_valid_utf8(std::string_view text);

// What the problem message for invalid text puts into its template (reasons::utf8 and
// invalid_utf8_reason in engine/validate.h): the byte in
// two hex digits and its offset.
std::vector<std::string> invalid_utf8_args(std::string_view text);

}  // namespace cp
