#include "cli/options.h"

#include <algorithm>

#include "engine/fabric.h"
#include "plan/search_list.h"

namespace cp::cli {

// Built by appending: "'" + std::string(text) + "'" trips GCC 12's false -Wrestrict in Release.
std::string quoted(std::string_view text) {
  std::string q;
  q.reserve(text.size() + 2);
  q.push_back('\'');
  q.append(text);
  q.push_back('\'');
  return q;
}

bool is_option(const std::string& token) { return token.size() > 2 && token.rfind("--", 0) == 0; }

OptionToken split_option(const std::string& token) {
  OptionToken t;
  if (!is_option(token)) return t;
  t.name = token.substr(2);
  if (const auto eq = t.name.find('='); eq != std::string::npos) {
    t.value = t.name.substr(eq + 1);
    t.name.resize(eq);
    t.has_value = true;
  }
  return t;
}

std::vector<OptionWord> read_options(const std::vector<std::string>& args) {
  std::vector<OptionWord> words;
  for (std::size_t i = 0; i < args.size(); ++i) {
    OptionWord w;
    w.words.push_back(args[i]);
    if (args[i] == "--help" || args[i] == "-h") {
      w.kind = OptionWord::Kind::Help;
    } else if (!is_option(args[i])) {
      w.value = args[i];
    } else {
      OptionToken t = split_option(args[i]);
      w.kind = OptionWord::Kind::Option;
      w.name = std::move(t.name);
      w.value = std::move(t.value);
      w.has_value = t.has_value;
      if (!w.has_value && i + 1 < args.size() && !is_option(args[i + 1])) {
        w.value = args[++i];
        w.has_value = true;
        w.words.push_back(w.value);
      }
    }
    words.push_back(std::move(w));
  }
  return words;
}

void pass_on(const OptionWord& word, std::vector<std::string>& out) {
  out.insert(out.end(), word.words.begin(), word.words.end());
}

bool split_list(std::string_view text, std::vector<std::string>& items, std::string& why) {
  const ListFault fault = split_search_list(text, items);
  why = list_fault_text(fault, text);
  return fault == ListFault::None;
}

std::string list_refusal(std::string_view name, std::size_t items, const std::vector<std::string>& reasons) {
  std::string s = "--";
  s.append(name);
  s += ": ";
  if (reasons.size() > 1) {
    s += std::to_string(reasons.size());
    s += " of ";
    s += std::to_string(items);
    s += " items are refused: ";
  }
  for (std::size_t i = 0; i < reasons.size(); ++i) {
    if (i > 0) s += "; ";
    s += reasons[i];
  }
  return s;
}

std::string unknown_fabric(std::string_view id) {
  if (find_fabric(id)) return {};
  return "unknown fabric " + quoted(id) + " (see 'clusterplan-cli catalog fabrics')";
}

std::string refuse_unknown_fabrics(std::string_view name, const std::vector<std::string>& ids) {
  std::vector<std::string> refused;
  for (const std::string& id : ids)
    if (std::string why = unknown_fabric(id); !why.empty()) refused.push_back(std::move(why));
  return refused.empty() ? std::string() : list_refusal(name, ids.size(), refused);
}

namespace {

// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b` (Damerau-Levenshtein,
// optimal string alignment).
std::size_t edits(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string nearest_option(std::string_view name, const std::vector<std::string_view>& known) {
  std::string best;
  std::size_t best_edits = 3;  // at most two edits
  for (const std::string_view k : known) {
    const std::size_t e = edits(name, k);
    if (e < best_edits && 2 * e < std::max(name.size(), k.size())) {
      best_edits = e;
      best = std::string(k);
    }
  }
  return best;
}

std::string unknown_option(std::string_view name, std::string_view command, const std::vector<std::string_view>& known) {
  std::string message("--");
  message.append(name).append(": unknown option (see 'clusterplan-cli ").append(command).append(" --help')");
  if (const std::string near = nearest_option(name, known); !near.empty())
    message.append("; did you mean --").append(near).append("?");
  return message;
}

}  // namespace cp::cli
