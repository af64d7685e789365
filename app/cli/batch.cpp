#include "cli/batch.h"

#include <istream>
#include <sstream>
#include <string>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/cli.h"
#include "cli/estimate_args.h"
#include "cli/options.h"
#include "cli/scenario_builder.h"
#include "engine/estimate.h"
#include "io/input_file.h"
#include "io/scenario_file.h"
#include "io/scenario_json.h"
#include "io/strict_json.h"
#include "plan/fabric_compare.h"
#include "engine/validate.h"

namespace cp::cli {
namespace {

constexpr std::string_view kOption = "--batch";

std::string joined(const std::vector<Problem>& problems) {
  std::string s;
  for (const Problem& p : problems) {
    if (!s.empty()) s += "; ";
    s += p.text();
  }
  return s;
}

bool changes_layout(const nlohmann::json& j) {
  const auto has = [&](const char* object, const char* key) {
    return j.contains(object) && j[object].is_object() && j[object].contains(key);
  };
  if (has("parallelism", "dp")) return false;
  return has("parallelism", "tp") || has("parallelism", "pp") || has("parallelism", "cp") || has("cluster", "nodes") ||
         has("cluster", "gpus_per_node");
}

// One input line to one output line.
nlohmann::json estimate_line(const std::string& text, const Scenario& base, long long line) {
  nlohmann::json result;
  nlohmann::json j;
  std::vector<Problem> problems;
  // The parser's own reason, as --scenario and import give it (a number that overflows is
  // valid syntax, not "not a JSON object"). A batch line is one line of text: its position
  // is the column alone, the "line" of the answer saying which line it is.
  if (!parse_scenario_json(text, j, problems)) {
    Problem& p = problems.front();
    if (p.field.rfind("line 1, ", 0) == 0) p.field.erase(0, 8);
    return {{"line", line}, {"error", p.field == "$" ? p.message : p.text()}};
  }
  if (!j.is_object()) return {{"line", line}, {"error", "not a JSON object"}};
  Scenario s = base;
  if (j.contains("format") && j["format"] == kScenarioFileFormat) {
    ScenarioFileDocument d;
    d.scenario = base;
    if (!scenario_file_from_json(j, d, problems)) return {{"line", line}, {"error", joined(problems)}};
    s = d.scenario;
  } else {
    // As on the command line: a line that changes the layout or the cluster's size, without
    // giving DP, gets DP derived again.
    if (changes_layout(j)) s.parallel.dp = 0;
    if (!scenario_from_json(j, s, problems)) return {{"line", line}, {"error", joined(problems)}};
  }
  problems = validate(s);
  if (!problems.empty()) return {{"line", line}, {"error", joined(problems)}};
  const Estimate e = estimate(s);
  const FabricComparison versus = compare_ib_roce(s, e);  // as the estimate command prints it
  result = estimate_to_json(s, e, &versus);
  problems = check_estimate_json(result);  // an impossible figure makes the line an error
  if (!problems.empty()) return {{"line", line}, {"error", joined(problems)}};
  result["line"] = line;
  return result;
}

// Reads one line (without its '\n') of at most `limit` bytes into `text`. Returns false at the
// end of input with nothing read; sets `too_long` (and stops reading) when the line passes the
// limit, so standard input that never ends a line (`cat /dev/zero |`) is refused with bounded
// memory instead of growing without end as std::getline did.
bool read_bounded_line(std::istream& in, std::string& text, std::size_t limit, bool& too_long) {
  text.clear();
  too_long = false;
  std::streambuf* buf = in.rdbuf();
  if (buf == nullptr) return false;
  for (;;) {
    const int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return !text.empty();
    }
    if (c == '\n') return true;
    if (text.size() >= limit) {
      too_long = true;
      return true;
    }
    text.push_back(static_cast<char>(c));
  }
}

}  // namespace

bool has_batch_option(const std::vector<std::string>& args) {
  for (const std::string& a : args)
    if (a == kOption || a.rfind(std::string(kOption) + "=", 0) == 0) return true;
  return false;
}

int run_estimate_batch(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
  std::string source;
  std::vector<std::string> rest;
  bool format_given = false;
  for (const OptionWord& w : read_options(args)) {
    if (w.is("format")) format_given = true;
    if (!w.is(kOption.substr(2))) {
      pass_on(w, rest);  // an estimate option and its value, a help request or a stray word
      continue;
    }
    if (!w.has_value) {
      err << kOption << ": missing value (FILE, or - for standard input)\n";
      return kExitInvalid;
    }
    source = w.value;
  }
  const ParseResult parsed = parse_estimate_args(rest);
  if (!parsed.ok()) {
    for (const std::string& e : parsed.errors) err << e << '\n';
    return kExitInvalid;
  }
  // JSON lines whatever --format says: a format asked for (other than json) is refused, never
  // quietly replaced.
  if (parsed.args.format == OutputFormat::Csv || (format_given && parsed.args.format == OutputFormat::Text)) {
    err << "--batch: writes JSON lines only (no --format "
        << (parsed.args.format == OutputFormat::Csv ? "csv" : "text") << ")\n";
    return kExitInvalid;
  }
  const BuildResult built = build_scenario(parsed.args);
  if (!built.ok()) {
    for (const Problem& p : built.problems) err << p.text() << '\n';
    return kExitInvalid;
  }

  // A named batch file is read whole, checked first (a regular file of at most 64 MiB,
  // core/input_file.h): a pipe or /dev/zero is refused at once. Standard input streams.
  std::istringstream file;
  std::istream* input = &in;
  if (source != "-") {
    std::string text, error;
    if (!read_input_file(source, kMaxInputFileBytes, text, error)) {
      err << "--batch: " << source << ": " << error << '\n';
      return kExitInvalid;
    }
    file.str(std::move(text));
    input = &file;
  }
  long long line = 0, done = 0, failed = 0;
  std::string text;
  bool too_long = false;
  while (read_bounded_line(*input, text, static_cast<std::size_t>(kMaxInputFileBytes), too_long)) {
    ++line;
    if (too_long) {
      err << "--batch: " << source << ": line " << line << " is longer than the limit of "
          << kMaxInputFileBytes / (1u << 20) << " MiB; stopped there\n";
      return kExitInvalid;
    }
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    nlohmann::json result;
    try {
      result = estimate_line(text, built.scenario, line);
    } catch (const std::exception& e) {
      result = {{"line", line}, {"error", std::string("internal error: ") + e.what()}};
    }
    (result.contains("error") ? failed : done) += 1;
    out << result.dump() << '\n';
  }
  if (input->bad()) {
    err << "--batch: read error in " << source << " after line " << line << '\n';
    return kExitInvalid;
  }
  err << "clusterplan-cli: batch of " << done + failed << " scenarios: " << done << " estimated, " << failed
      << " with errors\n";
  // Every line was processed; a script sees from the exit code alone that some failed.
  return failed > 0 ? kExitBatchLinesFailed : kExitOk;
}

}  // namespace cp::cli
