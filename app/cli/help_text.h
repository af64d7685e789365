// The --help texts of clusterplan-cli. The estimate options come from the option table in
// estimate_args.cpp, so the help cannot drift from what the parser accepts.
#pragma once

#include <string>

namespace cp::cli {

std::string main_usage();
std::string estimate_usage();
std::string catalog_usage();
std::string sweep_usage();

}  // namespace cp::cli
