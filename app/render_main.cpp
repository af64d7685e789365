// clusterplan-render: the drawing half of `clusterplan-cli report` and `clusterplan-cli chart`.
// clusterplan-cli starts it (app/cli/render_command.h) so that clusterplan-cli itself never loads
// Qt. Always draws on the offscreen platform: it needs no display.
//   clusterplan-render report [--fabric] [--max-gpus N] [estimate options] -o OUT.pdf
//   clusterplan-render chart memory|time|power|cost|fabric [--metric M] [estimate options]
//                      -o OUT.png|svg|pdf [--width PX] [--height PX] [--dpi N] [--theme light|dark]
// Both take --lang (default: the system's) and the estimate's options, --scenario FILE and
// --scenario-id N [--db PATH] included. Exit codes: 0 written, 2 invalid input or unwritable file.
#include <QApplication>
#include <QFileInfo>
#include <QTimer>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include "ui/charts/customplot.h"
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/estimate_args.h"
#include "cli/scenario_builder.h"
#include "engine/validate.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/chartexport.h"
#include "ui/charts/chartstyle.h"
#include "ui/charts/fabriccharts.h"
#include "ui/text/i18n.h"
#include "ui/charts/memorychart.h"
#include "ui/charts/plancharts.h"
#include "ui/report/report.h"
#include "ui/scenariodocument.h"
#include "ui/theme.h"

namespace {

constexpr int kExitOk = cp::cli::kExitOk;
constexpr int kExitInvalid = cp::cli::kExitInvalid;

const char* const kReportUsage =
    "Usage: clusterplan-cli report (--scenario FILE | --scenario-id N [--db PATH] | estimate options)\n"
    "                              [--fabric] [--max-gpus N] [--lang LANG] -o OUT.pdf\n"
    "Writes a PDF report of the scenario: inputs, headline figures with formulas and sources,\n"
    "charts, assumptions, warnings. --fabric: the InfiniBand-vs-RoCE comparison report instead,\n"
    "swept up to --max-gpus (64 ... 16384, default 1024).\n";

const char* const kChartUsage =
    "Usage: clusterplan-cli chart memory|time|power|cost|fabric [estimate options] -o OUT.png|svg|pdf\n"
    "                             [--width PX] [--height PX] [--dpi N] [--theme light|dark] [--lang LANG]\n"
    "                             [--metric throughput|mfu|scaling|time|cost|advantage]   (fabric only)\n"
    "Draws one chart of the scenario the estimate options describe (see 'clusterplan-cli estimate\n"
    "--help'; --scenario FILE and --scenario-id N work too). The format follows OUT's suffix.\n"
    "Defaults: 1600 x 1000 pixels at 144 DPI, light theme.\n";

struct Options {
  std::string output;
  std::optional<int> width, height, dpi, maxGpus;
  std::string theme = "light";
  std::string lang;
  std::string metric = "throughput";
  bool fabric = false;
  bool help = false;
  std::vector<std::string> rest;  // the estimate's options
  std::vector<std::string> errors;
};

std::optional<int> toInt(const std::string& s) {
  try {
    std::size_t used = 0;
    const int v = std::stoi(s, &used);
    if (used == s.size()) return v;
  } catch (...) {
  }
  return std::nullopt;
}

Options parse(const std::vector<std::string>& args, bool chart) {
  Options o;
  const std::map<std::string, std::string*> strings{
      {"-o", &o.output}, {"--output", &o.output}, {"--theme", &o.theme}, {"--lang", &o.lang}, {"--metric", &o.metric}};
  std::map<std::string, std::optional<int>*> ints{{"--width", &o.width}, {"--height", &o.height}, {"--dpi", &o.dpi}};
  if (!chart) ints = {{"--max-gpus", &o.maxGpus}};
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string name = args[i];
    std::optional<std::string> value;
    if (const auto eq = name.find('='); name.rfind("--", 0) == 0 && eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    const auto takeValue = [&]() -> std::optional<std::string> {
      if (value) return value;
      if (i + 1 < args.size()) return args[++i];
      o.errors.push_back(name + ": needs a value");
      return std::nullopt;
    };
    if (name == "--help" || name == "-h") {
      o.help = true;
    } else if (!chart && name == "--fabric") {
      o.fabric = true;
    } else if (const auto s = strings.find(name); s != strings.end()) {
      if (auto v = takeValue()) *s->second = *v;
    } else if (const auto n = ints.find(name); n != ints.end()) {
      if (auto v = takeValue()) {
        if (auto x = toInt(*v)) *n->second = *x;
        else o.errors.push_back(name + ": not a whole number: " + *v);
      }
    } else {
      o.rest.push_back(args[i]);
    }
  }
  if (!o.help && o.output.empty()) o.errors.emplace_back("-o: the output file is missing");
  if (o.theme != "light" && o.theme != "dark") o.errors.push_back("--theme: light or dark, not " + o.theme);
  return o;
}

// The scenario the estimate options describe; nullopt after printing why not.
std::optional<cp::Scenario> scenarioFrom(const std::vector<std::string>& args) {
  const cp::cli::ParseResult parsed = cp::cli::parse_estimate_args(args);
  if (!parsed.ok()) {
    for (const std::string& e : parsed.errors) std::cerr << e << '\n';
    return std::nullopt;
  }
  const cp::cli::BuildResult built = cp::cli::build_scenario(parsed.args);
  if (!built.ok()) {
    for (const cp::Problem& p : built.problems) std::cerr << p.text() << '\n';
    return std::nullopt;
  }
  const std::vector<cp::Problem> problems = cp::validate(built.scenario);
  if (!problems.empty()) {
    for (const cp::Problem& p : problems) std::cerr << p.text() << '\n';
    return std::nullopt;
  }
  return built.scenario;
}

int report(const Options& o, const cp::Scenario& s) {
  cp::ui::ReportOptions ro;
  if (o.maxGpus) ro.maxGpus = *o.maxGpus;
  const QString path = QString::fromStdString(o.output);
  const cp::ui::ReportResult r = o.fabric ? cp::ui::writeFabricReport(s, path, ro) : cp::ui::writeScenarioReport(s, path, ro);
  if (!r.ok) {
    std::cerr << "clusterplan-cli report: cannot write " << o.output << ": " << r.error.toStdString() << '\n';
    return kExitInvalid;
  }
  std::cerr << "wrote " << o.output << " (" << r.pages << " pages)\n";
  return kExitOk;
}

int chart(const std::string& kind, const Options& o, const cp::Scenario& s) {
  const QString path = QString::fromStdString(o.output);
  if (!cp::ui::chartFormatForPath(path)) {
    std::cerr << "-o: use a .png, .svg or .pdf file name\n";
    return kExitInvalid;
  }
  cp::ui::ScenarioDocument document;
  document.reset(s);
  // The charts of the plan and of the fabric comparison as the pages draw them, without the pages.
  cp::ui::PlanCharts plan;
  if (document.estimate()) plan.setEstimate(document.estimatedScenario(), *document.estimate());
  else plan.clear();
  cp::ui::FabricCharts comparison;
  cp::ui::keepTickLabelsApartIn(&comparison);
  QCustomPlot* plot = nullptr;
  if (kind == "memory") plot = plan.memoryChart()->plot();
  else if (kind == "time") plot = plan.stepChart()->plot();
  else if (kind == "power") plot = plan.powerChart()->plot();
  else if (kind == "cost") plot = plan.costChart()->plot();
  else if (kind == "fabric") {
    using Charts = cp::ui::FabricCharts;
    static const std::map<std::string, Charts::Metric> metrics{
        {"throughput", Charts::Throughput}, {"mfu", Charts::Mfu},       {"scaling", Charts::Scaling},
        {"time", Charts::TrainTime},        {"cost", Charts::CostPerRun}, {"advantage", Charts::Advantage}};
    const auto m = metrics.find(o.metric);
    if (m == metrics.end()) {
      std::cerr << "--metric: throughput, mfu, scaling, time, cost or advantage, not " << o.metric << '\n';
      return kExitInvalid;
    }
    constexpr int kDefaultMaxGpus = 1024;  // the comparison page's default
    constexpr int kTimeoutMs = 180000;
    const auto result = cp::ui::runComparison(s, kDefaultMaxGpus, kTimeoutMs);
    if (!result) {
      std::cerr << "clusterplan-cli chart: the fabric sweep did not finish\n";
      return kExitInvalid;
    }
    comparison.setResult(result, {});
    plot = comparison.plot(m->second);
  } else {
    std::cerr << "clusterplan-cli chart: memory, time, power, cost or fabric, not '" << kind << "'\n" << kChartUsage;
    return kExitInvalid;
  }
  cp::ui::ChartExportOptions eo;
  eo.size = QSize(o.width.value_or(1600), o.height.value_or(1000));
  eo.dpi = o.dpi.value_or(144);
  eo.scenarioName = QString::fromStdString(s.name);
  eo.palette = o.theme == "dark" ? cp::ui::darkPalette() : cp::ui::lightPalette();
  QString error;
  if (!cp::ui::exportChart(plot, path, eo, &error)) {
    std::cerr << "clusterplan-cli chart: cannot write " << o.output << ": " << error.toStdString() << '\n';
    return kExitInvalid;
  }
  std::cerr << "wrote " << o.output << '\n';
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  // Forced: the commands draw into files and must work without a display.
  ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty() || (words[0] != "report" && words[0] != "chart")) {
    std::cerr << "clusterplan-render: run through 'clusterplan-cli report' or 'clusterplan-cli chart'\n";
    return kExitInvalid;
  }
  const bool isChart = words[0] == "chart";
  std::vector<std::string> args(words.begin() + 1, words.end());
  std::string kind;
  if (isChart && !args.empty() && !args[0].starts_with('-')) {
    kind = args[0];
    args.erase(args.begin());
  }
  const Options o = parse(args, isChart);
  if (o.help) {
    std::cout << (isChart ? kChartUsage : kReportUsage);
    return kExitOk;
  }
  if (isChart && kind.empty()) {
    std::cerr << "clusterplan-cli chart: which chart? memory, time, power, cost or fabric\n" << kChartUsage;
    return kExitInvalid;
  }
  if (!o.errors.empty()) {
    for (const std::string& e : o.errors) std::cerr << e << '\n';
    std::cerr << "(see 'clusterplan-cli " << words[0] << " --help')\n";
    return kExitInvalid;
  }

  int qargc = 1;
  char* qargv[] = {argv[0], nullptr};
  QApplication app(qargc, qargv);
  QCoreApplication::setApplicationName(QStringLiteral("clusterplan"));
  QCoreApplication::setOrganizationName(QStringLiteral("clusterplan"));
  QCoreApplication::setApplicationVersion(QStringLiteral(CLUSTERPLAN_VERSION));
  if (!cp::ui::installTranslations(app, QString::fromStdString(o.lang)))
    std::cerr << "clusterplan-cli: no translation for language '" << o.lang << "'; using English\n";

  const std::optional<cp::Scenario> s = scenarioFrom(o.rest);
  if (!s) return kExitInvalid;
  return isChart ? chart(kind, o, *s) : report(o, *s);
}
