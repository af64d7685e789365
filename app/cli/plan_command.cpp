#include "cli/plan_command.h"

#include <ostream>

#include "cli/cli.h"
#include "cli/plan_args.h"
#include "cli/scenario_builder.h"

namespace cp::cli {
namespace {

// The option that sets a planner input field, for error messages.
std::string option_of(const std::string& field) {
  static const std::pair<const char*, const char*> map[] = {
      {"search.gpus", "--gpus"},          {"search.fabrics", "--fabric"},        {"search.tp", "--tp"},
      {"search.pp", "--pp"},              {"search.vpp", "--vpp"},               {"search.cp", "--cp"},
      {"search.ep", "--ep"},              {"search.micro_batch", "--micro-batch"}, {"search.sp", "--sequence-parallel"}, {"search.tp_overlap", "--tp-comm-overlap"},
      {"search.spare_nodes", "--spare-nodes"}, {"search.max_micro_batch", "--max-micro-batch"},
      {"search.top", "--top"},            {"training.tokens", "--tokens"},       {"training.global_batch", "--global-batch"},
  };
  for (const auto& [f, o] : map)
    if (field == f) return o;
  return field;
}

}  // namespace

std::string plan_usage() {
  return "usage: clusterplan-cli plan [estimate options] [plan options]\n"
         "\n"
         "Searches every parallel layout of the model on the cluster(s), estimates each valid one,\n"
         "drops what does not fit or breaks a limit, and ranks the rest (docs/planner.md).\n"
         "\n"
         "Plan options:\n"
         "  --objective throughput|time|cost|cost-per-token   what to rank by (default throughput;\n"
         "                                cost with --deadline-days)\n"
         "  --ranking robust|optimistic   rank by the pessimistic edge of each layout's band (default\n"
         "                                robust: a layout where few published runs stand must win by more\n"
         "                                than its wider band) or by the point estimate\n"
         "  --top N                       layouts to list (default 10, at most 1000)\n"
         "  --gpus LIST|A-B               cluster sizes, e.g. 64,128 or 64-512 (every whole node count);\n"
         "                                default: the base cluster (1, 2, 4 ... 4096 nodes with a deadline)\n"
         "  --fabric a,b                  fabrics to compare (default: the base fabric)\n"
         "  --threads N                   worker threads (default 0: every core)\n"
         "  --deadline-days D             only layouts that train --tokens within D days\n"
         "  --power-kw X                  facility peak power limit (IT x PUE)\n"
         "  --budget-per-month X          monthly budget limit, in the output currency\n"
         "  --spare-nodes N               nodes of each cluster held back from the job\n"
         "  --tp-across-nodes on|off      allow TP larger than a node (default off)\n"
         "  --uneven-chunks on|off        allow VPP that does not divide the layers per stage (default off)\n"
         "  --max-micro-batch N           largest default micro-batch (default 64)\n"
         "  --format text|json|csv\n"
         "\n"
         "Knobs: --tp, --pp, --vpp, --cp, --ep, --micro-batch, --recompute, --zero,\n"
         "--sequence-parallel and --tp-comm-overlap take a comma list (e.g. --tp 4,8 --zero 1,distopt): one value holds\n"
         "the knob, several are searched; a knob left out varies over every valid value.\n"
         "DP is always derived. Every other estimate option describes the base scenario\n"
         "(see 'clusterplan-cli estimate --help').\n";
}

int run_plan(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const PlanParseResult parsed = parse_plan_args(args);
  if (parsed.args.help) {
    out << plan_usage();
    return kExitOk;
  }
  auto fail = [&](const std::string& line) {
    err << line << '\n';
    return kExitInvalid;
  };
  if (!parsed.ok()) {
    for (const std::string& e : parsed.errors) err << e << '\n';
    return fail("(see 'clusterplan-cli plan --help')");
  }
  const PlanArgs& a = parsed.args;
  const BuildResult built = build_scenario(a.base);
  if (!built.ok()) {
    for (const Problem& p : built.problems) err << p.text() << '\n';
    return kExitInvalid;
  }
  print_build_warnings(built.warnings, err);
  const Scenario& base = built.scenario;
  SearchSpace space = a.space;
  std::string why;
  if (!plan_gpu_counts(a, base.cluster.gpus_per_node, base.cluster.total_gpus(), space.gpus, why))
    return fail("--gpus: " + why);

  PlanOptions opt;
  opt.objective = a.objective ? *a.objective : (space.deadline_s > 0 ? Objective::Cost : Objective::Throughput);
  opt.ranking = a.ranking;
  opt.top = a.top;
  opt.threads = a.threads;
  const PlanResult r = plan(base, space, opt);
  if (!r.ok()) {
    for (const Problem& p : r.problems) {
      const std::string o = option_of(p.field);
      err << o << ": " << p.message << '\n';
    }
    return kExitInvalid;
  }
  switch (a.base.format) {
    case OutputFormat::Json: write_plan_json(base, space, r, out); break;
    case OutputFormat::Csv: write_plan_csv(r, out); break;
    case OutputFormat::Text: write_plan_text(base, space, r, out); break;
  }
  return kExitOk;
}

}  // namespace cp::cli
