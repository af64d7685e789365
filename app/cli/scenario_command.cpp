#include "cli/scenario_command.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

#include "cli/estimate_args.h"
#include "cli/options.h"
#include "cli/scenario_builder.h"
#include "engine/estimate.h"
#include "io/input_file.h"
#include "io/scenario_file.h"
#include "io/scenario_json.h"
#include "store/scenario_store.h"

namespace cp::cli {
namespace {

using nlohmann::json;

constexpr int kOk = 0, kFailed = 1, kInvalid = 2;

// The words of one sub-command: positional words and the values of its options.
struct Words {
  std::vector<std::string> positional;
  std::map<std::string, std::vector<std::string>, std::less<>> options;  // name without "--"

  std::string last(std::string_view name) const {
    auto it = options.find(name);
    return it == options.end() ? std::string() : it->second.back();
  }
  bool has(std::string_view name) const { return options.count(name) != 0; }
  const std::vector<std::string>& all(std::string_view name) const {
    static const std::vector<std::string> none;
    auto it = options.find(name);
    return it == options.end() ? none : it->second;
  }
};

// What an option's value looks like, as the usage shows it.
std::string_view placeholder(std::string_view name) {
  if (name == "db") return "PATH";
  if (name == "id" || name == "revision") return "N";
  if (name == "expect-revision") return "R";
  if (name == "name") return "NAME";
  if (name == "tag") return "TAG";
  if (name == "format") return "text|json";
  return "TEXT";  // notes, search
}

// Reads `args` through the one option tokenizer (options.h): `--name value` and `--name=value` for
// the `known` options (all of which take a value). Other words go to `rest` when given (to be
// parsed as estimate options), else an unknown option is an error that names the nearest known one
// and any other word is positional.
// `flags` take no value: the word after one is not its value ("export 1 --follow-symlink F").
bool split_words(const std::vector<std::string>& args, std::initializer_list<std::string_view> known,
                 std::initializer_list<std::string_view> flags, std::string_view command, Words& w,
                 std::vector<std::string>* rest, std::vector<std::string>& errors) {
  std::vector<std::string_view> names(known.begin(), known.end());
  names.insert(names.end(), flags.begin(), flags.end());
  for (const OptionWord& word : read_options(args)) {
    if (word.kind == OptionWord::Kind::Option && std::find(flags.begin(), flags.end(), word.name) != flags.end()) {
      if (word.words.front().find('=') != std::string::npos) {
        errors.push_back("--" + word.name + ": takes no value");
        continue;
      }
      w.options[word.name].push_back({});
      if (word.words.size() > 1) w.positional.push_back(word.words[1]);
      continue;
    }
    const bool mine = word.kind == OptionWord::Kind::Option &&
                      std::find(names.begin(), names.end(), word.name) != names.end();
    if (!mine) {
      if (rest) pass_on(word, *rest);
      else if (word.kind == OptionWord::Kind::Option)
        errors.push_back(unknown_option(word.name, "scenario " + std::string(command), names));
      else w.positional.push_back(word.words.front());
      continue;
    }
    if (!word.has_value) {
      errors.push_back("--" + word.name + ": missing value (" + std::string(placeholder(word.name)) + ")");
      continue;
    }
    w.options[word.name].push_back(word.value);
  }
  return errors.empty();
}

// A scenario id: a whole number from 1 up.
bool parse_id(std::string_view text, long long& id) {
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, id);
  return !text.empty() && ec == std::errc{} && ptr == end && id > 0;
}

int invalid(std::ostream& err, const std::string& message) {
  err << "clusterplan-cli scenario: " << message << '\n';
  return kInvalid;
}

// The library the command names, opened; its notices (a damaged library moved aside, a
// migration, read-only) go to stderr. `create`: the command may start a new library there
// (the default one's folder is made for it).
std::string library_path(const Words& w, bool create, std::string& error) {
  if (w.has("db")) {
    std::string p = w.last("db");
    if (p.empty()) error = "--db: the path is empty";
    return p;
  }
  std::string p = default_library_path();
  if (p.empty()) {
    error = "--db: no library path given and neither XDG_DATA_HOME nor HOME is set";
    return p;
  }
  if (create) {
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(p).parent_path(), ec);
  }
  return p;
}

void print_notices(const ScenarioStore& store, std::ostream& err) {
  for (const std::string& n : store.report().notices) err << "clusterplan-cli: " << n << '\n';
}

json summary_json(const ScenarioSummary& s) {
  return {{"id", s.id}, {"name", s.name}, {"tags", s.tags}, {"revision", s.revision}, {"updated_at", s.updated_at}};
}

// User text for a terminal: control characters (a library written by an older version may
// hold them) as \xNN, so that none moves the cursor or rewrites what was printed.
std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", unsigned(u));
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& s : v) out += (out.empty() ? "" : ", ") + printable(s);
  return out;
}

// The estimate JSON kept with a save: what the estimate command shows for it, less the IB-vs-RoCE
// comparison (cost.ib_vs_roce null): a save runs exactly one estimate.
json snapshot(const Scenario& s) { return estimate_to_json(s, estimate(s)); }

// Tags from --tag options, checked as a scenario file's tags are.
bool tags_from(const Words& w, std::vector<std::string>& tags, std::ostream& err) {
  json j = w.all("tag");
  ScenarioFileDocument d;
  std::vector<Problem> problems;
  json file{{"format", kScenarioFileFormat}, {"format_version", kScenarioFileVersion}, {"scenario", json::object()},
            {"tags", j}};
  if (!scenario_file_from_json(file, d, problems)) {
    for (const Problem& p : problems) err << "clusterplan-cli scenario: --tag: " << p.message << '\n';
    return false;
  }
  tags = d.tags;
  return true;
}

// --name: a blank name (empty, or spaces only) is no name: the scenario is named by what it
// is and the name follows it (name_is_derived), as when the GUI's name field is emptied.
void set_name(Scenario& s, const std::string& name) {
  s.name = name;
  refresh_derived_name(s);
}

using Command = int (*)(const Words&, const std::vector<std::string>& rest, ScenarioStore&, std::ostream&,
                        std::ostream&);

// Writes the problems and returns kInvalid.
int refused(const std::vector<Problem>& problems, std::ostream& err) {
  for (const Problem& p : problems) err << p.text() << '\n';
  return kInvalid;
}

int cmd_save(const Words& w, const std::vector<std::string>& rest, ScenarioStore& store, std::ostream& out,
             std::ostream& err) {
  const ParseResult parsed = parse_estimate_args(rest);
  if (!parsed.ok()) {
    for (const std::string& e : parsed.errors) err << e << '\n';
    err << "(see 'clusterplan-cli scenario --help')\n";
    return kInvalid;
  }
  long long id = 0;
  if (w.has("id") && !parse_id(w.last("id"), id))
    return invalid(err, "--id: '" + w.last("id") + "' is not a scenario id (a whole number from 'scenario list')");
  long long expected = 0;
  if (w.has("expect-revision")) {
    if (!w.has("id")) return invalid(err, "--expect-revision: only with --id (the revision a new revision builds on)");
    if (!parse_id(w.last("expect-revision"), expected) || expected > 1'000'000'000)
      return invalid(err, "--expect-revision: '" + w.last("expect-revision") + "' is not a revision number");
  }
  std::vector<std::string> tags;
  if (w.has("tag") && !tags_from(w, tags, err)) return kInvalid;
  // Files are read before the write lock is taken, so that a slow read never holds it.
  ModelShape hf_shape;
  const EstimateArgs& args = parsed.args;
  if (args.hf_config) {
    std::vector<Problem> problems;
    std::vector<std::string> warnings;
    if (!read_hf_shape(*args.hf_config, hf_shape, problems, &warnings)) return refused(problems, err);
    print_build_warnings(warnings, err);
  }
  ScenarioFileDocument d;
  BuildResult built;
  EstimateArgs on = args;
  if (on.scenario_id && on.db.empty()) on.db = store.path();  // --scenario-id M: in this library
  const ModelShape* hf = args.hf_config ? &hf_shape : nullptr;
  // Built before the lock when the starting point is not the revision this save replaces.
  const bool own_start = id == 0 || on.scenario_file || (on.scenario_id && *on.scenario_id != id);
  if (own_start) built = build_scenario(on, hf);
  // A new revision builds on the revision that is current once this save holds the library's
  // write lock, read under it: a save of another process that came first is kept, never undone.
  std::optional<ScenarioStore::Batch> lock;
  if (id != 0) {
    lock.emplace(store);
    StoredScenario current;
    if (!store.load(id, current)) return invalid(err, "--id: there is no scenario " + std::to_string(id));
    if (expected != 0 && current.revision != expected)
      return invalid(err, "--expect-revision: scenario " + std::to_string(id) + " is at revision " +
                              std::to_string(current.revision) + ", not " + std::to_string(expected) +
                              " (another save came first); nothing was saved");
    d = current.document;
    if (!own_start) built = build_scenario_on(on, current.document.scenario, hf);
  }
  if (!built.ok()) return refused(built.problems, err);
  d.scenario = built.scenario;
  if (w.has("name")) set_name(d.scenario, w.last("name"));
  if (w.has("notes")) d.notes = w.last("notes");
  if (w.has("tag")) d.tags = tags;
  std::vector<Problem> problems = validate(d.scenario);  // the name is UTF-8 too
  check_document_text(d, problems);                       // and the notes and tags
  if (!problems.empty()) return refused(problems, err);
  // The revision this save got, assigned in its write transaction (reading it back afterwards
  // could see another process's later save).
  int revision = 0;
  const std::int64_t saved = store.save(d, snapshot(d.scenario), id, revision);
  if (lock) lock->commit();
  out << "saved scenario " << saved << " '" << printable(d.scenario.name) << "' (revision " << revision << ")\n";
  return kOk;
}

bool list_format(const Words& w, std::string& format, std::ostream& err) {
  format = w.has("format") ? w.last("format") : "text";
  if (format == "text" || format == "json") return true;
  invalid(err, "--format: '" + format + "' is not one of: text, json");
  return false;
}

void write_list(const std::vector<ScenarioSummary>& all, const std::string& format, std::ostream& out) {
  if (format == "json") {
    json j = json::array();
    for (const ScenarioSummary& s : all) j.push_back(summary_json(s));
    out << j.dump(2) << '\n';
    return;
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, "%6s %4s  %-24s  %s\n", "id", "rev", "updated (UTC)", "name [tags]");
  out << buf;
  for (const ScenarioSummary& s : all) {
    std::snprintf(buf, sizeof buf, "%6lld %4d  %-24s  ", static_cast<long long>(s.id), s.revision,
                  s.updated_at.c_str());
    out << buf << printable(s.name);
    if (!s.tags.empty()) out << " [" << joined(s.tags) << ']';
    out << '\n';
  }
}

int cmd_list(const Words& w, const std::vector<std::string>&, ScenarioStore& store, std::ostream& out,
             std::ostream& err) {
  std::string format;
  if (!list_format(w, format, err)) return kInvalid;
  write_list(store.list(w.last("search"), w.last("tag")), format, out);
  return kOk;
}

// The id (first positional word) and, with --revision, the revision to read.
bool load_named(const Words& w, ScenarioStore& store, StoredScenario& x, std::ostream& err, int& code) {
  code = kInvalid;
  long long id = 0;
  if (w.positional.empty()) return invalid(err, "missing the scenario id (see 'scenario list')"), false;
  if (!parse_id(w.positional[0], id))
    return invalid(err, "'" + w.positional[0] + "' is not a scenario id (a whole number from 'scenario list')"), false;
  if (w.has("revision")) {
    long long rev = 0;
    if (!parse_id(w.last("revision"), rev) || rev > 1'000'000'000)
      return invalid(err, "--revision: '" + w.last("revision") + "' is not a revision number"), false;
    if (!store.load_revision(id, int(rev), x))
      return invalid(err, "scenario " + std::to_string(id) + " has no revision " + std::to_string(rev)), false;
  } else if (!store.load(id, x)) {
    return invalid(err, "there is no scenario " + std::to_string(id) + " in '" + store.path() + "'"), false;
  }
  code = kOk;
  return true;
}

int cmd_show(const Words& w, const std::vector<std::string>&, ScenarioStore& store, std::ostream& out,
             std::ostream& err) {
  StoredScenario x;
  int code = kOk;
  if (!load_named(w, store, x, err, code)) return code;
  if (w.positional.size() > 1) return invalid(err, "show takes one scenario id");
  const json j{{"id", x.id},
               {"revision", x.revision},
               {"created_at", x.created_at},
               {"updated_at", x.updated_at},
               {"engine_version", x.engine_version},
               {"file", scenario_file_to_json(x.document)},
               {"estimate", x.estimate}};
  out << j.dump(2) << '\n';
  return kOk;
}

int cmd_export(const Words& w, const std::vector<std::string>&, ScenarioStore& store, std::ostream& out,
               std::ostream& err) {
  StoredScenario x;
  int code = kOk;
  if (!load_named(w, store, x, err, code)) return code;
  if (w.positional.size() != 2) return invalid(err, "export takes a scenario id and a file name: export ID FILE");
  const std::string& file = w.positional[1];
  if (file == "-") {
    out << scenario_file_text(x.document);
    return kOk;
  }
  std::string error;
  if (!export_scenario_file(file, x.document, error, w.has("follow-symlink"))) return invalid(err, error);
  out << "exported scenario " << x.id << " '" << printable(x.document.scenario.name) << "' to " << printable(file)
      << '\n';
  return kOk;
}

int cmd_import(const Words& w, const std::vector<std::string>&, ScenarioStore& store, std::ostream& out,
               std::ostream& err) {
  if (w.positional.size() != 1) return invalid(err, "import takes one scenario file: import FILE");
  const std::string& file = w.positional[0];
  ImportResult r = import_scenario_file(file);
  if (!r.ok()) {
    for (const Problem& p : r.problems)
      err << (p.field == file ? p.text() : file + ": " + p.text()) << '\n';
    return kInvalid;
  }
  if (w.has("name")) set_name(r.document.scenario, w.last("name"));
  if (!is_valid_utf8(r.document.scenario.name))
    return invalid(err, "--name: " + invalid_utf8_reason(r.document.scenario.name));
  if (w.has("tag") && !tags_from(w, r.document.tags, err)) return kInvalid;
  std::vector<Problem> problems;
  check_document_text(r.document, problems);
  if (!problems.empty()) return refused(problems, err);
  const std::int64_t id = store.save(r.document, snapshot(r.document.scenario));
  out << "imported " << printable(file) << " as scenario " << id << " '" << printable(r.document.scenario.name) << "'";
  if (r.format_version < kScenarioFileVersion) out << " (upgraded from file format " << r.format_version << ")";
  out << '\n';
  return kOk;
}

int cmd_delete(const Words& w, const std::vector<std::string>&, ScenarioStore& store, std::ostream& out,
               std::ostream& err) {
  long long id = 0;
  if (w.positional.size() != 1 || !parse_id(w.positional[0], id))
    return invalid(err, "delete takes one scenario id (a whole number from 'scenario list')");
  if (!store.remove(id)) return invalid(err, "there is no scenario " + std::to_string(id) + " in '" + store.path() + "'");
  out << "deleted scenario " << id << " with its history\n";
  return kOk;
}

int cmd_history(const Words& w, const std::vector<std::string>&, ScenarioStore& store, std::ostream& out,
                std::ostream& err) {
  long long id = 0;
  if (w.positional.size() != 1 || !parse_id(w.positional[0], id))
    return invalid(err, "history takes one scenario id (a whole number from 'scenario list')");
  const std::string format = w.has("format") ? w.last("format") : "text";
  if (format != "text" && format != "json") return invalid(err, "--format: '" + format + "' is not one of: text, json");
  const std::vector<RevisionInfo> h = store.history(id);
  if (h.empty()) return invalid(err, "there is no scenario " + std::to_string(id) + " in '" + store.path() + "'");
  if (format == "json") {
    json j = json::array();
    for (const RevisionInfo& r : h)
      j.push_back({{"revision", r.revision},
                   {"name", r.name},
                   {"saved_at", r.saved_at},
                   {"engine_version", r.engine_version},
                   {"has_estimate", r.has_estimate}});
    out << j.dump(2) << '\n';
    return kOk;
  }
  char buf[160];
  std::snprintf(buf, sizeof buf, "%4s  %-24s  %-8s  %s\n", "rev", "saved (UTC)", "engine", "name");
  out << buf;
  for (const RevisionInfo& r : h) {
    std::snprintf(buf, sizeof buf, "%4d  %-24s  %-8s  ", r.revision, r.saved_at.c_str(), r.engine_version.c_str());
    out << buf << printable(r.name) << '\n';
  }
  return kOk;
}

struct SubCommand {
  std::string_view name;
  std::initializer_list<std::string_view> options;
  std::initializer_list<std::string_view> flags;  // options without a value
  bool estimate_options;  // the other words are estimate options
  // Starts a new library where there is none. The others need one there: a mistyped --db is
  // refused, not answered from a new, empty library left behind.
  bool creates;
  Command run;
};

const SubCommand kCommands[] = {
    {"save", {"db", "id", "expect-revision", "name", "tag", "notes"}, {}, true, true, cmd_save},
    {"list", {"db", "search", "tag", "format"}, {}, false, false, cmd_list},
    {"show", {"db", "revision"}, {}, false, false, cmd_show},
    {"export", {"db", "revision"}, {"follow-symlink"}, false, false, cmd_export},
    {"import", {"db", "name", "tag"}, {}, false, true, cmd_import},
    {"delete", {"db"}, {}, false, false, cmd_delete},
    {"history", {"db", "format"}, {}, false, false, cmd_history},
};

}  // namespace

std::string scenario_usage() {
  return "usage: clusterplan-cli scenario COMMAND [--db PATH] ...\n"
         "\n"
         "The scenario library (default: $XDG_DATA_HOME/clusterplan/library.sqlite, or\n"
         "~/.local/share/clusterplan/library.sqlite) and scenario files (docs/scenario-format.md).\n"
         "\n"
         "  save [--id N [--expect-revision R]] [--name NAME] [--tag TAG]... [--notes TEXT]\n"
         "       [estimate options]\n"
         "        save the scenario the estimate options describe (or --scenario FILE.json), with\n"
         "        a snapshot of its estimate; --id N saves a new revision of scenario N: the\n"
         "        options apply to its current revision, read under the library's write lock;\n"
         "        with --expect-revision R the save is refused (exit 2) unless R is current\n"
         "  list [--search TEXT] [--tag TAG] [--format text|json]   newest first\n"
         "  show ID [--revision N]              the stored scenario, its file and estimate, as JSON\n"
         "  export ID FILE [--revision N] [--follow-symlink]\n"
         "                                      write a scenario file (FILE '-': standard output);\n"
         "        only a new file or a regular file is written: a FIFO, a device or any other\n"
         "        kind of file is refused, a symbolic link too unless --follow-symlink is given\n"
         "        (then the regular file it leads to is written)\n"
         "  import FILE [--name NAME] [--tag TAG]...   check a scenario file and save it\n"
         "  delete ID                           delete a scenario with its history\n"
         "  history ID [--format text|json]     the revisions of a scenario, newest first\n"
         "\n"
         "Exit status: 0 done; 2 invalid input, a refused library or no such scenario (reasons\n"
         "on stderr); 1 the library failed during the operation.\n";
}

int run_scenario(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    err << scenario_usage();
    return kInvalid;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    out << scenario_usage();
    return kOk;
  }
  const SubCommand* command = nullptr;
  for (const SubCommand& c : kCommands)
    if (c.name == args[0]) command = &c;
  if (!command)
    return invalid(err, "unknown command '" + args[0] +
                            "' (commands: save, list, show, export, import, delete, history; see --help)");
  const std::vector<std::string> words(args.begin() + 1, args.end());
  for (const std::string& word : words)
    if (word == "--help" || word == "-h") {
      out << scenario_usage();
      return kOk;
    }
  Words w;
  std::vector<std::string> rest, errors;
  if (!split_words(words, command->options, command->flags, command->name, w,
                   command->estimate_options ? &rest : nullptr, errors)) {
    for (const std::string& e : errors) err << "clusterplan-cli scenario " << command->name << ": " << e << '\n';
    return kInvalid;
  }
  std::string error;
  const std::string db = library_path(w, command->creates, error);
  if (!error.empty()) return invalid(err, error);
  // The default library before the first save: listed as the empty library it is, with no file
  // made for it. A --db path that names nothing is refused (a typo, not an empty library).
  std::error_code missing;
  if (command->run == cmd_list && !w.has("db") && !std::filesystem::exists(db, missing) && !missing) {
    std::string format;
    if (!list_format(w, format, err)) return kInvalid;
    write_list({}, format, out);
    return kOk;
  }
  try {
    ScenarioStore store(db, command->creates ? OpenMode::Create : OpenMode::MustExist);
    print_notices(store, err);
    if (store.report().lost_commits > 0) {
      // Damage is reported, never served quietly: this command does nothing, and the next one
      // uses the library as it now is (the loss is recorded as reported).
      err << "clusterplan-cli scenario: nothing was done; run the command again to use the library as it is now\n";
      return kFailed;
    }
    return command->run(w, rest, store, out, err);
  } catch (const StoreFailure& e) {
    err << "clusterplan-cli scenario: " << e.what() << '\n';
    return kFailed;
  } catch (const StoreError& e) {
    return invalid(err, e.what());
  } catch (const sql::Error& e) {  // the store's constructor and entry points throw StoreError: kept as a guard
    err << "clusterplan-cli scenario: the library '" << db << "' failed: " << e.what() << '\n';
    return kFailed;
  }
}

bool load_stored_scenario(const std::string& db, long long id, Scenario& s, std::vector<Problem>& problems,
                          const char* option) {
  const std::string path = db.empty() ? default_library_path() : db;
  if (path.empty()) {
    problems.push_back({"--db", "no library path given and neither XDG_DATA_HOME nor HOME is set"});
    return false;
  }
  try {
    // The same connection as the library the command has open already, if any (one per
    // library per process: core/scenario_store.h). Only read: a mistyped --db is refused.
    ScenarioStore store(path, OpenMode::MustExist);
    if (store.report().lost_commits > 0) {
      std::string why;
      for (const std::string& n : store.report().notices) why += (why.empty() ? "" : " ") + n;
      problems.push_back({option, why});
      return false;
    }
    StoredScenario x;
    if (!store.load(id, x)) {
      std::string why = "there is no scenario " + std::to_string(id) + " in '" + path + "'";
      for (const std::string& n : store.report().notices) why += ". " + n;  // e.g. it was moved aside
      problems.push_back({option, why});
      return false;
    }
    s = x.document.scenario;
    return true;
  } catch (const std::exception& e) {
    problems.push_back({option, e.what()});
    return false;
  }
}

}  // namespace cp::cli
