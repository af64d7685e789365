// `clusterplan-cli estimate --batch FILE.jsonl` (or `--batch -` for standard input): one scenario
// JSON per line (a bare scenario, partial or whole, read on top of the scenario the other options
// build; or a scenario file object), one result per line on standard output, in the same order:
// the estimate's JSON (as `estimate --format json`, on one line) with "line": N added, or
// {"line": N, "error": "..."} for a line that is not valid JSON, not a valid scenario, or fails
// validation. A bad line never stops the batch. Blank lines are skipped. Exit 0 when every line
// was estimated, 3 (kExitBatchLinesFailed) when the batch ran to its end but at least one line's
// result is an error (so that a script can tell it from a clean run), 2 when the file cannot be
// read or the other options are invalid,
// or when a line is longer than the 64 MiB file limit (standard input that never ends a line,
// such as `cat /dev/zero |`, stops there instead of growing without bound).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace cp::cli {

// True when `args` (the words after `estimate`) ask for a batch.
bool has_batch_option(const std::vector<std::string>& args);

int run_estimate_batch(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace cp::cli
