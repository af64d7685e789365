// Writing a file so that a failure (a full disk, a killed process, a power cut) never leaves
// a half-written file: the bytes go to a temporary file in the same directory, which is
// flushed to disk (fsync) and then renamed over the target; the directory is flushed too.
#pragma once

#include <string>
#include <string_view>

namespace cp {

// Returns false and sets `error` ("cannot write 'PATH': reason") on failure; the target then
// keeps its old content (or stays absent) and no temporary file is left behind.
// Only a regular file is ever replaced: a target that exists and is anything else (a FIFO, a
// device node, a socket, a directory) is refused, and so is a symbolic link unless
// `follow_symlink` is given and it leads to a regular file, which is then the file written
// (the link stays a link).
bool write_file_atomically(const std::string& path, std::string_view bytes, std::string& error,
                           bool follow_symlink = false);

}  // namespace cp
