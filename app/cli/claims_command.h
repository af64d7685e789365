// `clusterplan-cli claims`: the seed article's claims put to the engine, with verdicts.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace cp::cli {

int run_claims(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace cp::cli
