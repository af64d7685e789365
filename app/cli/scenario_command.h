// `clusterplan-cli scenario save|list|show|export|import|delete|history [--db PATH] ...`: the
// scenario library (core/store/include/store/scenario_store.h) and scenario files (core/io/include/io/scenario_file.h) from the
// command line, and the look-up behind `estimate --scenario-id N`.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "engine/scenario.h"
#include "engine/validate.h"

namespace cp::cli {

// `args` are the words after `scenario`. Returns the exit code (0; 2 on bad input, a refused
// library or a missing scenario; 1 when the library fails in the middle of an operation).
int run_scenario(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Reads scenario `id` from the library at `db` ("" = the default library) into `s`. False
// with a problem on `option` when the library or the scenario cannot be had.
bool load_stored_scenario(const std::string& db, long long id, Scenario& s, std::vector<Problem>& problems,
                          const char* option = "--scenario-id");

std::string scenario_usage();

}  // namespace cp::cli
