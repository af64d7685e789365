// libFuzzer target: the scenario JSON importer. The input is a file's text. It goes through
//  1. nlohmann's parser, cp::scenario_from_json on the default scenario, cp::validate, and
//     cp::estimate when the scenario is valid, then checks the estimate's invariants;
//  2. the scenario-file importer (cp::import_scenario_text: format detection, the format-0
//     upgrade, the structure and values, validate), and cp::estimate when it imported.
// A crash, a sanitizer report or an invariant that fails (abort) is a finding.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/estimate.h"
#include "engine/scenario.h"
#include "io/scenario_file.h"
#include "io/scenario_json.h"
#include "engine/validate.h"

namespace {

void require(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "fuzz_scenario_json: invariant failed: %s\n", what);
    std::abort();
  }
}

bool finite_non_negative(double x) { return std::isfinite(x) && x >= 0; }

// What must hold for every valid scenario's estimate.
void check_estimate(const cp::Scenario& s) {
  const cp::Estimate e = cp::estimate(s);
  require(std::isfinite(e.memory.peak.total()), "memory.peak.total() is finite");
  require(e.memory.peak.total() >= 0, "memory.peak.total() >= 0");
  require(e.memory.fits == (e.memory.peak.total() <= e.memory.capacity), "fits == (total <= capacity)");
  require(e.dp > 0, "dp > 0");
  require(finite_non_negative(e.step.step_s), "step.step_s finite and >= 0");
  require(finite_non_negative(e.throughput.tokens_per_s), "throughput.tokens_per_s finite and >= 0");
  require(finite_non_negative(e.power.it_w), "power.it_w finite and >= 0");
  require(finite_non_negative(e.power.facility_w), "power.facility_w finite and >= 0");
  require(finite_non_negative(e.cost.per_month), "cost.per_month finite and >= 0");
  require(finite_non_negative(e.cost.run_total), "cost.run_total finite and >= 0");
  require(finite_non_negative(e.cost.capex), "cost.capex finite and >= 0");
  // The estimate's JSON must be writable (no NaN keys, no exceptions).
  (void)cp::estimate_to_json(s, e).dump();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_discarded()) {
    cp::Scenario s = cp::default_scenario();
    std::vector<cp::Problem> problems;
    const bool read = cp::scenario_from_json(j, s, problems);
    require(read == problems.empty(), "scenario_from_json returns true exactly when it found no problem");
    if (read && cp::validate(s).empty()) {
      check_estimate(s);
      // A valid scenario survives a round trip through its JSON unchanged.
      cp::Scenario again = cp::default_scenario();
      std::vector<cp::Problem> again_problems;
      const nlohmann::json written = cp::scenario_to_json(s);
      require(cp::scenario_from_json(written, again, again_problems), "the written scenario reads back");
      require(cp::scenario_to_json(again) == written, "scenario JSON round trip is stable");
    }
  }

  const cp::ImportResult imported = cp::import_scenario_text(text);
  if (imported.ok()) {
    require(cp::validate(imported.document.scenario).empty(), "an imported scenario is valid");
    check_estimate(imported.document.scenario);
    (void)cp::scenario_file_text(imported.document);
  }
  return 0;
}
