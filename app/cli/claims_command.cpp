#include "cli/claims_command.h"

#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/cli.h"
#include "engine/seed_claims.h"

namespace cp::cli {

int run_claims(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  bool json = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      out << "Usage: clusterplan-cli claims [--format text|json]\n\n"
             "Recomputes every quantitative claim of the seed article (shared reference\n"
             "seed-claims.md) with the engine and says plainly whether its physics supports it:\n"
             "supported, partly supported or not supported, with the numbers behind the verdict.\n";
      return kExitOk;
    }
    std::string format;
    if (a.rfind("--format=", 0) == 0) {
      format = a.substr(9);
    } else if (a == "--format" && i + 1 < args.size()) {
      format = args[++i];
    } else {
      err << a << ": unknown option (see 'clusterplan-cli claims --help')\n";
      return kExitInvalid;
    }
    if (format != "text" && format != "json") {
      err << "--format: '" << format << "' is not one of: text, json\n";
      return kExitInvalid;
    }
    json = format == "json";
  }
  const std::vector<ClaimCheck> claims = check_seed_claims();
  if (json) {
    nlohmann::json list = nlohmann::json::array();
    for (const ClaimCheck& c : claims)
      list.push_back({{"id", c.id},
                      {"topic", c.topic},
                      {"claim", c.claim},
                      {"verdict", to_string(c.verdict)},
                      {"claimed", c.claimed},
                      {"computed", c.computed},
                      {"unit", c.unit},
                      {"evidence", c.evidence}});
    out << nlohmann::json{{"schema_version", 1}, {"claims", list}}.dump(2) << '\n';
    return kExitOk;
  }
  for (const ClaimCheck& c : claims) {
    out << "[" << to_string(c.verdict) << "] " << c.topic << ": " << c.claim << '\n'
        << "    " << c.evidence << "\n\n";
  }
  return kExitOk;
}

}  // namespace cp::cli
