// Reading a file that a user named, safely: whatever the path is (a named pipe, /dev/zero or a
// link to it, a directory, a socket, a file of many gigabytes), the answer comes at once and
// no more than the limit is ever read. Every file the programs read goes through here:
// scenario files, Hugging Face config.json, batch files, the GUI's autosave, and (checked
// before the first open) the scenario library.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/utf8.h"  // is_valid_utf8, for the readers of these files

namespace cp {

// Scenario, config.json and batch files: 64 MiB, far above any real one (a scenario file is
// some 6 KiB; a batch of 10,000 scenarios about 10 MiB), far below what would exhaust memory.
inline constexpr std::uintmax_t kMaxInputFileBytes = 64ull << 20;
inline constexpr std::uintmax_t kNoSizeLimit = UINTMAX_MAX;

// Why a file cannot be read: a reason template of io/read_reasons.h (file_*, cannot_read) and
// its arguments, so that the GUI can say it in its language; text() is the English.
struct FileRefusal {
  std::string_view reason{};
  std::vector<std::string> args{};
  std::string text() const;
};

// Checks what `path` names (following links): a regular file of at most `max_bytes`. Returns
// "" when it is, else the reason, e.g. "is a named pipe (FIFO), not a regular file" or
// "is 70.0 MiB, more than the 64 MiB a scenario file may have". Never opens the file, so it
// never blocks and never disturbs locks on it.
std::string check_regular_file(const std::string& path, std::uintmax_t max_bytes);

// Reads a whole regular file of at most `max_bytes` into `text`. On failure returns false and
// sets `error` to the reason (without the path), as check_regular_file; a file that grows
// past the limit while it is read is refused too. Opens without blocking (O_NONBLOCK), checks
// the opened file (fstat), then reads at most max_bytes + 1 bytes.
bool read_input_file(const std::string& path, std::uintmax_t max_bytes, std::string& text, std::string& error);
// The same, with the reason as a template and its arguments (refusal.text() == error above).
bool read_input_file(const std::string& path, std::uintmax_t max_bytes, std::string& text, FileRefusal& refusal);

}  // namespace cp
