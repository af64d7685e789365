// Writing a file so that a failure (a full disk, a killed process, a power cut) never leaves
// a half-written file: the bytes go to a temporary file in the same directory, which is
// flushed to disk (fsync) and then renamed over the target; the directory is flushed too.
#pragma once

#include <string>
#include <string_view>

namespace cp {

// Returns false and sets `error` ("cannot write 'PATH': reason") on failure; the target then
// keeps its old content (or stays absent) and no temporary file is left behind.
bool write_file_atomically(const std::string& path, std::string_view bytes, std::string& error);

}  // namespace cp
