#include "io/strict_json.h"

#include <algorithm>
#include <cctype>
#include <unordered_set>

#include "io/read_reasons.h"

namespace cp {

std::string join_path(std::string_view prefix, std::string_view key) {
  if (prefix.empty()) return std::string(key);
  std::string out(prefix);
  out += '.';
  out += key;
  return out;
}

namespace {

char lower(char c) { return char(std::tolower(static_cast<unsigned char>(c))); }

// Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a
// substring), ignoring case: "ppp" -> "pp" is 1, "tpp" -> "ptp" is 1.
std::size_t distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::size_t> d((n + 1) * (m + 1));
  auto at = [&](std::size_t i, std::size_t j) -> std::size_t& { return d[i * (m + 1) + j]; };
  for (std::size_t i = 0; i <= n; ++i) at(i, 0) = i;
  for (std::size_t j = 0; j <= m; ++j) at(0, j) = j;
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      at(i, j) = std::min({at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) && lower(a[i - 2]) == lower(b[j - 1]))
        at(i, j) = std::min(at(i, j), at(i - 2, j - 2) + 1);
    }
  return at(n, m);
}

}  // namespace

std::string nearest_key(std::string_view key, const std::vector<std::string>& valid) {
  // A likely typo: one edit in a short key, about one in three characters in a longer one.
  const std::size_t limit = std::max<std::size_t>(1, key.size() / 3);
  std::string best;
  std::size_t best_d = limit + 1;
  for (const std::string& v : valid) {
    // A key that is the start of a valid one ("gpus_per" for "gpus_per_node") is close too.
    const bool prefix = key.size() >= 3 && v.size() > key.size() && v.compare(0, key.size(), key) == 0;
    const std::size_t dist = prefix ? 1 : distance(key, v);
    if (dist < best_d) best_d = dist, best = v;
  }
  return best;
}

Problem unknown_key_problem(std::string path, std::string_view key, const std::vector<std::string>& valid) {
  const std::string near = nearest_key(key, valid);
  if (!near.empty()) return make_problem(std::move(path), reasons::unknown_key_near, {near});
  std::vector<std::string> sorted = valid;
  std::sort(sorted.begin(), sorted.end());
  std::string list;
  for (const std::string& v : sorted) list += (list.empty() ? "" : ", ") + v;
  return make_problem(std::move(path), reasons::unknown_key_list, {list});
}

std::string unknown_key_message(std::string_view key, const std::vector<std::string>& valid) {
  return unknown_key_problem({}, key, valid).message;
}

namespace {

// A SAX pass that keeps, for each open object, the keys seen so far; it stops at the first
// repeated one. Arrays count their elements to name the path.
class DuplicateKeys : public nlohmann::json_sax<nlohmann::json> {
 public:
  std::string found;

  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override {
    stack_.push_back({false, 0, {}, {}});
    return true;
  }
  bool key(string_t& k) override {
    Frame& f = stack_.back();
    if (!f.keys.insert(k).second) {
      found = path(stack_.size() - 1);
      found = join_path(found, k);
      return false;
    }
    f.key = k;
    return true;
  }
  bool end_object() override {
    stack_.pop_back();
    return value();
  }
  bool start_array(std::size_t) override {
    stack_.push_back({true, 0, {}, {}});
    return true;
  }
  bool end_array() override {
    stack_.pop_back();
    return value();
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

 private:
  struct Frame {
    bool array;
    std::size_t index;
    std::string key;
    std::unordered_set<std::string> keys;
  };
  bool value() {
    if (!stack_.empty() && stack_.back().array) ++stack_.back().index;
    return true;
  }
  // The path of the value the first `depth` frames lead to.
  std::string path(std::size_t depth) const {
    std::string p;
    for (std::size_t i = 0; i < depth; ++i) {
      if (stack_[i].array) p += "[" + std::to_string(stack_[i].index) + "]";
      else p = join_path(p, stack_[i].key);
    }
    return p;
  }
  std::vector<Frame> stack_;
};

}  // namespace

std::string duplicate_key_path(std::string_view text) {
  DuplicateKeys sax;
  nlohmann::json::sax_parse(text.begin(), text.end(), &sax, nlohmann::json::input_format_t::json, false);
  return sax.found;
}

void KeyCheck::allow(const nlohmann::json& obj, std::string_view path, std::string_view key) {
  auto it = std::find_if(seen_.begin(), seen_.end(), [&](const Seen& s) { return s.obj == &obj; });
  if (it == seen_.end()) {
    seen_.push_back({&obj, std::string(path), {}});
    it = seen_.end() - 1;
  }
  if (std::find(it->keys.begin(), it->keys.end(), key) == it->keys.end()) it->keys.emplace_back(key);
}

void KeyCheck::report(std::vector<Problem>& out) const {
  for (const Seen& s : seen_) {
    if (!s.obj->is_object()) continue;
    for (auto it = s.obj->begin(); it != s.obj->end(); ++it)
      if (std::find(s.keys.begin(), s.keys.end(), it.key()) == s.keys.end())
        out.push_back(unknown_key_problem(join_path(s.path, it.key()), it.key(), s.keys));
  }
}

}  // namespace cp
