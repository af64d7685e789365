// Strict reading of JSON objects (docs/scenario-format.md, "Strictness"): a reader names every
// key it looks up in an object, present or not; any other key the object holds is a mistake
// (a typo silently read as the default is a wrong plan) and is reported with its JSON path and
// the nearest valid key: "parallelism.ppp: unknown key (did you mean 'pp'?)".
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "engine/validate.h"

namespace cp {

// "parallelism" + "tp" -> "parallelism.tp"; "" + "name" -> "name".
std::string join_path(std::string_view prefix, std::string_view key);

// The valid key closest to `key` (case-insensitive edit distance, a swap of two neighbours
// counting once), or "" when none is close enough to be a likely typo.
std::string nearest_key(std::string_view key, const std::vector<std::string>& valid);

// "unknown key (did you mean 'pp'?)", or "unknown key (valid keys: a, b, c)".
std::string unknown_key_message(std::string_view key, const std::vector<std::string>& valid);
// The same as a problem of `path`, with its reason template (io/read_reasons.h).
Problem unknown_key_problem(std::string path, std::string_view key, const std::vector<std::string>& valid);

// The path of the first key that appears twice in one object of the JSON `text`
// ("scenario.parallelism.tp", "runs[2].label"), or "" when none does (or the text is not JSON:
// the parser's own error says that). A parsed object keeps one of the two values, silently;
// a reader calls this on the text it parsed and refuses the file.
std::string duplicate_key_path(std::string_view text);
// "appears twice in one object (each key may appear once)", the problem of that path.
inline constexpr const char* kDuplicateKeyReason = "appears twice in one object (each key may appear once)";

class KeyCheck {
 public:
  // `key` is a valid key of `obj`, the object at `path` ("" for the top level).
  void allow(const nlohmann::json& obj, std::string_view path, std::string_view key);
  // One problem per key of an allowed-into object that no reader named, in the order the
  // objects were first seen.
  void report(std::vector<Problem>& out) const;

 private:
  struct Seen {
    const nlohmann::json* obj;
    std::string path;
    std::vector<std::string> keys;
  };
  std::vector<Seen> seen_;
};

}  // namespace cp
