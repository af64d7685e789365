#include "cli/cli.h"

#include <exception>
#include <iostream>
#include <ostream>
#include <string_view>
#include <utility>

#include "cli/batch.h"
#include "cli/catalog.h"
#include "cli/claims_command.h"
#include "cli/estimate_args.h"
#include "cli/estimate_output.h"
#include "cli/help_text.h"
#include "cli/plan_command.h"
#include "cli/power_cost_text.h"
#include "cli/render_command.h"
#include "cli/scenario_builder.h"
#include "cli/scenario_command.h"
#include "cli/site_calibration.h"
#include "cli/sweep.h"
#include "plan/fabric_compare.h"
#include "engine/estimate.h"
#include "io/scenario_json.h"
#include "engine/validate.h"

#ifndef CLUSTERPLAN_VERSION
#error "CLUSTERPLAN_VERSION must be defined by the build (app/CMakeLists.txt)"
#endif

namespace cp::cli {

std::string version_line() { return std::string("clusterplan-cli ") + CLUSTERPLAN_VERSION; }

int run_estimate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (has_batch_option(args)) return run_estimate_batch(args, std::cin, out, err);
  const ParseResult parsed = parse_estimate_args(args);
  if (parsed.args.help) {  // --help wins over everything else on the line
    out << estimate_usage();
    return kExitOk;
  }
  if (!parsed.ok()) {
    for (const std::string& e : parsed.errors) err << e << '\n';
    err << "(see 'clusterplan-cli estimate --help')\n";
    return kExitInvalid;
  }

  const BuildResult built = build_scenario(parsed.args);
  if (!built.ok()) {
    for (const Problem& p : built.problems) err << p.text() << '\n';
    return kExitInvalid;
  }
  print_build_warnings(built.warnings, err);
  Scenario s = built.scenario;
  const std::vector<Problem> problems = validate_built(built);
  if (!problems.empty()) {
    for (const Problem& p : problems) err << p.text() << '\n';
    return kExitInvalid;
  }

  Estimate e = estimate(s);
  if (parsed.args.measured_step_s) {
    std::vector<Problem> calibration_problems;
    if (!calibrate_to_measured_step(s, *parsed.args.measured_step_s, e, calibration_problems)) {
      for (const Problem& p : calibration_problems) err << p.text() << '\n';
      return kExitInvalid;
    }
  }
  // The IB-vs-RoCE comparison, computed once here and handed to the writers (which only write).
  const FabricComparison versus = compare_ib_roce(s, e);
  // The last line of defence against a gap in validation: no impossible figure is printed with
  // exit 0.
  const std::vector<Problem> impossible = check_estimate_json(estimate_to_json(s, e, &versus));
  if (!impossible.empty()) {
    for (const Problem& p : impossible) err << p.text() << '\n';
    return kExitInvalid;
  }
  // --bom-csv: written first, so that a file that cannot be written leaves stdout empty.
  const std::string& bom = parsed.args.power_cost.bom_csv;
  if (!bom.empty() && !write_bom_csv(bom, s, e, out, err)) return kExitInvalid;
  if (bom == "-") return kExitOk;  // the bill of materials instead of the estimate
  switch (parsed.args.format) {
    case OutputFormat::Json: write_estimate_json(s, e, &versus, out); break;
    case OutputFormat::Csv: write_estimate_csv(s, e, &versus, out); break;
    case OutputFormat::Text: write_estimate_text(s, e, &versus, out); break;
  }
  return kExitOk;  // also when the job does not fit: that is a result, not an error
}

namespace {

using Args = std::vector<std::string>;
using Command = int (*)(const std::string& command, const Args&, std::ostream&, std::ostream&);

// A command that does not need its own name (report and chart share one that does).
template <int (*Run)(const Args&, std::ostream&, std::ostream&)>
int unnamed(const std::string&, const Args& args, std::ostream& out, std::ostream& err) {
  return Run(args, out, err);
}

int dispatch(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    err << main_usage();
    return kExitInvalid;
  }
  const std::string& command = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "--version") {
    if (!rest.empty()) {
      err << "clusterplan-cli: --version takes nothing after it, got '" << rest[0] << "'\n";
      return kExitInvalid;
    }
    out << version_line() << '\n';
    return kExitOk;
  }
  if (command == "--help" || command == "-h" || command == "help") {
    out << main_usage();
    return kExitOk;
  }
  // Every command once: dispatched from here and named from here when one is mistyped.
  static constexpr std::pair<std::string_view, Command> kCommands[] = {
      {"estimate", unnamed<run_estimate>}, {"sweep", unnamed<run_sweep>}, {"plan", unnamed<run_plan>},
      {"scenario", unnamed<run_scenario>}, {"report", run_render}, {"chart", run_render},
      {"catalog", unnamed<run_catalog>}, {"claims", unnamed<run_claims>},
  };
  std::string names;
  for (const auto& [name, run] : kCommands) {
    if (command == name) return run(command, rest, out, err);
    names += (names.empty() ? "" : ", ") + std::string(name);
  }
  err << "clusterplan-cli: unknown command '" << command << "' (commands: " << names << "; see --help)\n";
  return kExitInvalid;
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  // Never crash on input: anything unexpected is reported as an internal error.
  try {
    return dispatch(args, out, err);
  } catch (const std::exception& e) {
    err << "clusterplan-cli: internal error: " << e.what() << '\n';
  } catch (...) {
    err << "clusterplan-cli: internal error\n";
  }
  return kExitInternal;
}

}  // namespace cp::cli
