// clusterplan-cli, callable in-process: parses arguments, runs the command, writes to the
// given streams and returns the exit code (0 ok, 2 invalid input, 1 internal error; 3 a batch
// that ran with some lines failed).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace cp::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInternal = 1;  // a bug: an exception escaped (never expected)
inline constexpr int kExitInvalid = 2;   // invalid input; the reasons are on stderr
// `estimate --batch`: every line was read and answered, and at least one line's answer is an
// error. A code of its own, so that a script can tell a partial failure from a clean run; the
// other lines' results are on stdout, as with exit 0.
inline constexpr int kExitBatchLinesFailed = 3;

// `args` are the words after the program name.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// `args` are the words after `estimate`.
int run_estimate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// "clusterplan-cli 0.1.0"
std::string version_line();

}  // namespace cp::cli
