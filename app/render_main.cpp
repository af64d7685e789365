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
#include "cli/options.h"
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
    "Defaults: 1600 x 1000 pixels at 144 DPI, light theme; a side is 64 to 16384 pixels, the\n"
    "resolution 24 to 2400 DPI.\n";

struct Options {
  std::string output;
  std::optional<int> width, height, dpi, maxGpus;
  std::string theme = "light";
  std::string lang;
  std::string metric;  // the fabric chart's; empty: throughput
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

// Read through the CLI's one tokenizer (cli/options.h), so that "--name value" and "--name=value"
// work and an option without its value is refused as by every other command. "-o" is read as
// "--output"; the messages name the option as it was typed.
Options parse(const std::vector<std::string>& args, bool chart) {
  Options o;
  struct Value {
    std::string* text;
    std::optional<int>* number;
    const char* placeholder;
  };
  std::map<std::string, Value, std::less<>> options{{"output", {&o.output, nullptr, "OUT"}},
                                                    {"theme", {&o.theme, nullptr, "light|dark"}},
                                                    {"lang", {&o.lang, nullptr, "LANG"}}};
  if (chart) {
    options.insert({{"width", {nullptr, &o.width, "PX"}},
                    {"height", {nullptr, &o.height, "PX"}},
                    {"dpi", {nullptr, &o.dpi, "N"}},
                    {"metric", {&o.metric, nullptr, "M"}}});
  } else {
    options.insert({"max-gpus", {nullptr, &o.maxGpus, "N"}});
  }
  std::vector<std::string> words = args;
  for (std::string& w : words)
    if (w == "-o") w = "--output";
  std::size_t at = 0;  // where the word read next starts in `args`
  for (const cp::cli::OptionWord& w : cp::cli::read_options(words)) {
    const std::string typed = args[at].substr(0, args[at].find('='));  // "-o", "--output", "--width"
    at += w.words.size();
    if (w.kind == cp::cli::OptionWord::Kind::Help) {
      o.help = true;
    } else if (!chart && w.is("fabric")) {  // a switch: a word after it is not its value
      o.fabric = true;
      if (w.words.size() == 2) o.rest.push_back(w.words[1]);
      else if (w.has_value) o.errors.emplace_back("--fabric: takes no value");
    } else if (const auto it = w.kind == cp::cli::OptionWord::Kind::Option ? options.find(w.name) : options.end();
               it != options.end()) {
      if (!w.has_value) {
        o.errors.push_back(typed + ": missing value (" + it->second.placeholder + ")");
      } else if (it->second.text) {
        *it->second.text = w.value;
      } else if (const auto x = toInt(w.value)) {
        *it->second.number = *x;
      } else {
        o.errors.push_back(typed + ": not a whole number: " + w.value);
      }
    } else {
      cp::cli::pass_on(w, o.rest);  // an estimate option and its value, or a stray word
    }
  }
  // Checked here, naming the option, before any scenario is built or file touched.
  const auto within = [&](const std::optional<int>& v, const char* option, int low, int high, const char* unit) {
    if (v && (*v < low || *v > high))
      o.errors.push_back(std::string(option) + ": must be " + std::to_string(low) + " to " + std::to_string(high) +
                         unit + ", got " + std::to_string(*v));
  };
  within(o.width, "--width", cp::ui::kMinExportSide, cp::ui::kMaxExportSide, " pixels");
  within(o.height, "--height", cp::ui::kMinExportSide, cp::ui::kMaxExportSide, " pixels");
  within(o.dpi, "--dpi", cp::ui::kMinExportDpi, cp::ui::kMaxExportDpi, " DPI");
  if (!o.help && o.output.empty()) o.errors.emplace_back("-o: the output file is missing");
  // A report is a PDF whatever the name says: a name that says otherwise is refused, as a chart's is.
  const QString out = QString::fromStdString(o.output);
  if (!chart && !out.isEmpty() && !out.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive))
    o.errors.emplace_back("-o: a report is a PDF: use a .pdf file name");
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
  const std::vector<cp::Problem> problems = cp::cli::validate_built(built);
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
    const auto m = metrics.find(o.metric.empty() ? "throughput" : o.metric);
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
  if (!o.metric.empty() && kind != "fabric") {
    std::cerr << "--metric: only the fabric chart has metrics, not the " << kind << " chart\n";
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
