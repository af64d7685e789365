#include "cli/claims_command.h"

#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/cli.h"
#include "cli/options.h"
#include "engine/seed_claims.h"

namespace cp::cli {

int run_claims(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  bool json = false;
  for (const OptionWord& w : read_options(args)) {
    if (w.kind == OptionWord::Kind::Help) {
      out << "Usage: clusterplan-cli claims [--format text|json]\n\n"
             "Recomputes every quantitative claim of the seed article (shared reference\n"
             "seed-claims.md) with the engine and says plainly whether its physics supports it:\n"
             "supported, partly supported or not supported, with the numbers behind the verdict.\n";
      return kExitOk;
    }
    if (w.kind == OptionWord::Kind::Argument) {
      err << cli::quoted(w.value) << ": unexpected argument (claims takes no arguments; see 'clusterplan-cli claims --help')\n";
      return kExitInvalid;
    }
    if (!w.is("format")) {
      err << unknown_option(w.name, "claims", {"format"}) << '\n';
      return kExitInvalid;
    }
    if (!w.has_value) {
      err << "--format: missing value (text|json)\n";
      return kExitInvalid;
    }
    if (w.value != "text" && w.value != "json") {
      err << "--format: " << cli::quoted(w.value) << " is not one of: text, json\n";
      return kExitInvalid;
    }
    json = w.value == "json";
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
