#include "io/scenario_file.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "io/atomic_file.h"
#include "io/input_file.h"
#include "io/read_reasons.h"
#include "io/scenario_json.h"
#include "io/strict_json.h"

namespace cp {

using nlohmann::json;

namespace {

// The keys of the wrapper; anything else at the top level of a format-1 file is a mistake.
const std::vector<std::string>& file_keys() {
  static const std::vector<std::string> kKeys = {"format", "format_version", "name", "notes", "tags", "scenario"};
  return kKeys;
}

bool is_file_key(const std::string& key) {
  return std::find(file_keys().begin(), file_keys().end(), key) != file_keys().end();
}

void prefixed(const std::vector<Problem>& found, const std::string& prefix, std::vector<Problem>& out) {
  for (const Problem& p : found) {
    Problem q = p;  // its reason and arguments too (the GUI translates them)
    q.field = prefix + p.field;
    out.push_back(std::move(q));
  }
}

std::string trimmed(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(b, e - b + 1));
}

std::string thousands(std::size_t n) {
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// Code points of valid UTF-8 text: the bytes that do not continue a sequence.
std::size_t utf8_chars(std::string_view text) {
  std::size_t n = 0;
  for (const char c : text)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
  return n;
}

void read_tags(const json& tags, std::vector<std::string>& out, std::vector<Problem>& problems) {
  if (!tags.is_array()) {
    problems.push_back({"tags", "must be an array of strings"});
    return;
  }
  // Counted first: a million tags is refused at once, not compared with each other.
  if (tags.size() > kMaxTags) {
    problems.push_back({"tags", "holds " + thousands(tags.size()) + " tags; at most " + std::to_string(kMaxTags)});
    return;
  }
  out.clear();
  for (std::size_t i = 0; i < tags.size(); ++i) {
    const std::string path = "tags[" + std::to_string(i) + "]";
    if (!tags[i].is_string()) {
      problems.push_back({path, "must be a string"});
      continue;
    }
    const std::string tag = trimmed(tags[i].get<std::string>());
    if (const std::string why = text_problem(tag, kTagLimit); !why.empty()) problems.push_back({path, why});
    else if (tag.empty()) problems.push_back({path, "is empty"});
    else if (std::find(out.begin(), out.end(), tag) == out.end()) out.push_back(tag);
  }
}

void read_string(const json& j, const char* key, std::string& out, std::vector<Problem>& problems,
                 const TextLimit& limit) {
  auto it = j.find(key);
  if (it == j.end()) return;
  if (!it->is_string()) {
    problems.push_back({key, "must be a string"});
    return;
  }
  const std::string& text = it->get_ref<const std::string&>();
  if (const std::string why = text_problem(text, limit); !why.empty()) problems.push_back({key, why});
  else out = text;
}

// Format 1: the wrapper around the scenario JSON.
void read_v1(const json& j, ScenarioFileDocument& d, std::vector<Problem>& problems) {
  for (auto it = j.begin(); it != j.end(); ++it)
    if (!is_file_key(it.key()))
      problems.push_back(unknown_key_problem(it.key(), it.key(), file_keys()));
  auto sc = j.find("scenario");
  if (sc == j.end()) {
    problems.push_back({"scenario", "missing: a scenario file holds its scenario under \"scenario\""});
  } else if (!sc->is_object()) {
    problems.push_back({"scenario", "must be an object"});
  } else {
    std::vector<Problem> found;
    scenario_from_json(*sc, d.scenario, found);
    prefixed(found, "scenario.", problems);
  }
  // The file's name wins over the scenario's, unless the scenario says its name is derived
  // (then both hold the derived name, which follows the scenario).
  const bool derived = name_is_derived(d.scenario) && sc != j.end() && sc->is_object() &&
                       sc->contains("name_is_derived");
  if (!derived) {
    read_string(j, "name", d.scenario.name, problems, kNameLimit);
    refresh_derived_name(d.scenario);  // "name": "" is no name
  }
  read_string(j, "notes", d.notes, problems, kNotesLimit);
  if (auto t = j.find("tags"); t != j.end()) read_tags(*t, d.tags, problems);
}

// The file's format version, or -1 with a problem.
int format_version(const json& j, std::vector<Problem>& problems) {
  auto it = j.find("format_version");
  if (it == j.end()) {
    problems.push_back({"format_version", "missing"});
    return -1;
  }
  if (!it->is_number_integer() || it->get<long long>() < 0) {
    problems.push_back({"format_version", "must be a whole number, 0 or more"});
    return -1;
  }
  const long long v = it->get<long long>();
  if (v > kScenarioFileVersion) {
    problems.push_back({"format_version", "this file was written by a newer clusterplan (scenario file format " +
                                              std::to_string(v) + "); this version reads formats 0 to " +
                                              std::to_string(kScenarioFileVersion) +
                                              ". Update clusterplan to open it"});
    return -1;
  }
  return int(v);
}

// "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..." ->
// "syntax error ..."
std::string parse_reason(const std::string& what) {
  auto at = what.find("column ");
  if (at != std::string::npos) {
    auto colon = what.find(": ", at);
    if (colon != std::string::npos) return what.substr(colon + 2);
  }
  auto bracket = what.find("] ");
  return bracket == std::string::npos ? what : what.substr(bracket + 2);
}

// nlohmann's "syntax error while parsing CONTEXT - DETAIL" taken apart into a reason of
// read_reasons.h and its arguments (so that the GUI translates the fixed words and the
// phrases); the position is the field, json_position filled. What does not take apart, or
// would not fill back to the very same text, is json_other with the text as it is.
Problem json_syntax_problem(std::size_t line, std::size_t column, const std::string& text) {
  const std::string field = fill_reason(reasons::json_position, {std::to_string(line), std::to_string(column)});
  const auto other = [&] { return make_problem(field, reasons::json_other, {text}); };
  constexpr std::string_view kHead = "syntax error while parsing ";
  if (text.rfind(kHead, 0) != 0) return other();
  const std::size_t dash = text.find(" - ", kHead.size());
  if (dash == std::string::npos) return other();
  const std::string context = text.substr(kHead.size(), dash - kHead.size());
  std::string detail = text.substr(dash + 3);
  // "; expected TOKEN" at the end (a token name has no "; " in it).
  std::string expected;
  if (const std::size_t e = detail.rfind("; expected "); e != std::string::npos &&
                                                         detail.find("; ", e + 2) == std::string::npos) {
    const std::string after = detail.substr(e + 11);
    // Not the lexer's own "invalid number; expected digit after '-'" (then no "last read" follows).
    if (detail.find("; last read: '") < e || detail.rfind("unexpected ", 0) == 0) {
      expected = after;
      detail.resize(e);
    }
  }
  std::string_view reason;
  std::vector<std::string> args{context};
  constexpr std::string_view kUnexpected = "unexpected ";
  constexpr std::string_view kLastRead = "; last read: '";
  constexpr std::string_view kControl = "invalid string: control character ";
  constexpr std::string_view kEscaped = " must be escaped to ";
  if (detail.rfind(kUnexpected, 0) == 0) {
    args.push_back(detail.substr(kUnexpected.size()));
    reason = expected.empty() ? reasons::json_unexpected : reasons::json_unexpected_expected;
  } else if (const std::size_t at = detail.find(kLastRead); at != std::string::npos && detail.back() == '\'') {
    const std::string complaint = detail.substr(0, at);
    const std::string read = detail.substr(at + kLastRead.size(), detail.size() - at - kLastRead.size() - 1);
    if (complaint.rfind(kControl, 0) == 0 && complaint.find(kEscaped) != std::string::npos) {
      const std::size_t esc = complaint.find(kEscaped);
      args.push_back(complaint.substr(kControl.size(), esc - kControl.size()));
      args.push_back(complaint.substr(esc + kEscaped.size()));
      reason = expected.empty() ? reasons::json_control : reasons::json_control_expected;
    } else {
      args.push_back(complaint);
      reason = expected.empty() ? reasons::json_read : reasons::json_read_expected;
    }
    args.push_back(read);
  } else {
    return other();
  }
  if (!expected.empty()) args.push_back(expected);
  Problem p = make_problem(field, reason, std::move(args));
  if (p.message != fill_reason(reasons::json_other, {text})) return other();
  return p;
}

}  // namespace

json scenario_file_to_json(const ScenarioFileDocument& d) {
  return json{{"format", kScenarioFileFormat},
              {"format_version", kScenarioFileVersion},
              {"name", scenario_name(d.scenario)},
              {"notes", d.notes},
              {"tags", d.tags},
              {"scenario", scenario_to_json(d.scenario)}};
}

std::string scenario_file_text(const ScenarioFileDocument& d) { return scenario_file_to_json(d).dump(2) + "\n"; }

json upgrade_scenario_file_v0(const json& v0, std::vector<Problem>& problems) {
  json out{{"format", kScenarioFileFormat}, {"format_version", 1}, {"scenario", json::object()}};
  for (auto it = v0.begin(); it != v0.end(); ++it) {
    const std::string& key = it.key();
    if (key == "format" || key == "format_version") continue;
    if (key == "name" || key == "notes") {
      out[key] = it.value();
      continue;
    }
    if (key == "tags") {  // format 0: one string, tags separated by commas
      if (!it->is_string()) {
        problems.push_back({"tags", "must be a string of comma-separated tags (format 0)"});
        continue;
      }
      json tags = json::array();
      std::stringstream in(it->get<std::string>());
      for (std::string tag; std::getline(in, tag, ',');)
        if (!trimmed(tag).empty()) tags.push_back(trimmed(tag));
      out["tags"] = tags;
      continue;
    }
    // A dotted scenario key: "parallelism.tp" -> scenario.parallelism.tp
    json* node = &out["scenario"];
    std::string_view rest = key;
    bool ok = !key.empty();
    while (ok) {
      const auto dot = rest.find('.');
      const std::string part(rest.substr(0, dot));
      if (part.empty()) {
        ok = false;
        break;
      }
      if (dot == std::string_view::npos) {
        if (node->contains(part)) ok = false;
        else (*node)[part] = it.value();
        break;
      }
      json& child = (*node)[part];
      if (child.is_null()) child = json::object();
      if (!child.is_object()) {
        ok = false;
        break;
      }
      node = &child;
      rest.remove_prefix(dot + 1);
    }
    if (!ok) problems.push_back({key, "is not a dotted scenario key, or clashes with another key (format 0)"});
  }
  return out;
}

bool scenario_file_from_json(const json& j, ScenarioFileDocument& d, std::vector<Problem>& problems) {
  const std::size_t before = problems.size();
  if (!j.is_object()) {
    problems.push_back({"$", "a scenario file must be a JSON object"});
    return false;
  }
  auto format = j.find("format");
  const std::string format_name = format != j.end() && format->is_string() ? format->get<std::string>() : "";
  if (format_name == kBareScenarioFormat) {  // a bare scenario: its own keys and versions
    scenario_from_json(j, d.scenario, problems);
    if (const std::string why = text_problem(d.scenario.name, kNameLimit); !why.empty())
      problems.push_back({"name", why});
    return problems.size() == before;
  }
  if (format == j.end()) {
    problems.push_back({"format", std::string("missing: a scenario file starts with \"format\": \"") +
                                      kScenarioFileFormat + "\""});
    return false;
  }
  if (format_name != kScenarioFileFormat) {
    problems.push_back({"format", "is " + format->dump() + ", not \"" + kScenarioFileFormat +
                                      "\": this is not a clusterplan scenario file"});
    return false;
  }
  const int version = format_version(j, problems);
  if (version < 0) return false;
  if (version == 0) {
    const json upgraded = upgrade_scenario_file_v0(j, problems);
    if (problems.size() != before) return false;
    read_v1(upgraded, d, problems);
  } else {
    read_v1(j, d, problems);
  }
  return problems.size() == before;
}

bool parse_scenario_json(std::string_view text, json& out, std::vector<Problem>& problems) {
  try {
    out = json::parse(text);
  } catch (const json::parse_error& e) {
    // e.byte is one past the offending character: count lines and columns up to it.
    const std::size_t end = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < end; ++i) {
      if (text[i] == '\n') ++line, column = 1;
      else ++column;
    }
    problems.push_back(json_syntax_problem(line, column, parse_reason(e.what())));
    return false;
  } catch (const json::exception& e) {
    // nlohmann reports a number no double can hold (1e400) as out_of_range 406, not as a
    // parse error (found by fuzz_scenario_json).
    problems.push_back(make_problem("$", reasons::json_other, {e.what()}));
    return false;
  }
  if (const std::string dup = duplicate_key_path(text); !dup.empty()) {
    problems.push_back({dup, kDuplicateKeyReason});
    return false;
  }
  return true;
}

ImportResult import_scenario_text(std::string_view text, PlanCheck check) {
  ImportResult r;
  json j;
  if (!parse_scenario_json(text, j, r.problems)) return r;
  if (j.is_object())
    if (auto v = j.find("format_version"); v != j.end() && v->is_number_integer()) r.format_version = int(std::clamp<long long>(v->get<long long>(), INT_MIN, INT_MAX));
  if (!scenario_file_from_json(j, r.document, r.problems)) return r;
  if (check == PlanCheck::Skip) return r;
  const bool wrapped = j.value("format", "") == kScenarioFileFormat;
  prefixed(validate(r.document.scenario), wrapped ? "scenario." : "", r.problems);
  check_document_text(r.document, r.problems);
  return r;
}

ImportResult import_scenario_file(const std::string& path, PlanCheck check) {
  std::string text;
  if (FileRefusal why; !read_input_file(path, kMaxInputFileBytes, text, why)) {
    ImportResult r;
    r.problems.push_back(make_problem(path, why.reason, why.args));  // the GUI translates it
    return r;
  }
  return import_scenario_text(text, check);
}

std::string text_problem(std::string_view text, const TextLimit& limit) {
  if (!is_valid_utf8(text)) return invalid_utf8_reason(text);
  if (text.size() > limit.bytes || utf8_chars(text) > limit.chars) {
    const std::size_t chars = utf8_chars(text);
    if (chars > limit.chars)
      return "is " + thousands(chars) + " characters long; at most " + thousands(limit.chars);
    return "is " + thousands(text.size()) + " bytes long; at most " + thousands(limit.bytes) + " bytes";
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    const bool line_break = c == '\n' || c == '\r' || c == '\t';
    // C0 controls, DEL, and C1 controls (U+0080-U+009F: 0xC2 0x80-0x9F in UTF-8).
    const bool c1 = c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                    static_cast<unsigned char>(text[i + 1]) <= 0x9F;
    if (((c < 0x20 || c == 0x7F) && !(limit.multiline && line_break)) || c1) {
      char buf[64];
      const unsigned code = c1 ? static_cast<unsigned char>(text[i + 1]) : c;
      std::snprintf(buf, sizeof buf, "holds the control character U+%04X at byte %zu", code, i);
      return std::string(buf) + (limit.multiline ? " (only tabs and line breaks may be)" : "; it must be plain text");
    }
  }
  return {};
}

void check_document_text(const ScenarioFileDocument& d, std::vector<Problem>& problems) {
  // An invalid UTF-8 name is validate()'s problem; its length and characters are checked here.
  if (const std::string why = text_problem(d.scenario.name, kNameLimit); !why.empty() && is_valid_utf8(d.scenario.name))
    problems.push_back({"name", why});
  if (const std::string why = text_problem(d.notes, kNotesLimit); !why.empty()) problems.push_back({"notes", why});
  if (d.tags.size() > kMaxTags)
    problems.push_back({"tags", "holds " + thousands(d.tags.size()) + " tags; at most " + std::to_string(kMaxTags)});
  else
    for (std::size_t i = 0; i < d.tags.size(); ++i)
      if (const std::string why = text_problem(d.tags[i], kTagLimit); !why.empty())
        problems.push_back({"tags[" + std::to_string(i) + "]", why});
}

bool export_scenario_file(const std::string& path, const ScenarioFileDocument& d, std::string& error,
                          bool follow_symlink) {
  return write_file_atomically(path, scenario_file_text(d), error, follow_symlink);
}

}  // namespace cp
