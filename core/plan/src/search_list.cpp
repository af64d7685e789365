#include "plan/search_list.h"

#include <charconv>

namespace cp {
namespace {

std::string_view trimmed(std::string_view s) {
  const std::size_t first = s.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

bool whole(std::string_view text, const SearchListRules& rules, long long& out) {
  if (rules.trim) text = trimmed(text);
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return !text.empty() && ec == std::errc{} && ptr == end && out >= rules.min && out <= rules.max;
}

}  // namespace

ListFault split_search_list(std::string_view text, std::vector<std::string>& items, bool trim) {
  items.clear();
  if ((trim ? trimmed(text) : text).empty()) return ListFault::EmptyList;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    std::string_view item = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    if (trim) item = trimmed(item);
    if (item.empty()) {
      items.clear();
      return ListFault::EmptyItem;
    }
    items.emplace_back(item);
    if (comma == std::string_view::npos) return ListFault::None;
    start = comma + 1;
  }
}

std::string list_fault_text(ListFault fault, std::string_view list) {
  switch (fault) {
    case ListFault::EmptyList:
      return "the list is empty";
    case ListFault::EmptyItem: {
      std::string s = "empty item in the list '";
      s.append(list);
      s.push_back('\'');
      return s;
    }
    case ListFault::None:
    case ListFault::NotWhole:
    case ListFault::NotRange:
      break;
  }
  return {};
}

bool SearchList::ok() const {
  if (fault != ListFault::None) return false;
  for (const SearchListItem& i : items)
    if (i.fault != ListFault::None) return false;
  return true;
}

SearchList parse_search_list(std::string_view text, const SearchListRules& rules) {
  SearchList list;
  std::vector<std::string> words;
  list.fault = split_search_list(text, words, rules.trim);
  if (list.fault != ListFault::None) return list;
  for (std::string& word : words) {
    SearchListItem item;
    item.text = std::move(word);
    const std::string_view t = item.text;
    const std::size_t dash = rules.ranges && t.size() > 1 ? t.find('-', 1) : std::string_view::npos;
    if (dash == std::string_view::npos) {
      if (whole(t, rules, item.lo)) item.hi = item.lo;
      else item.fault = ListFault::NotWhole;
    } else {
      item.range = true;
      if (!whole(t.substr(0, dash), rules, item.lo) || !whole(t.substr(dash + 1), rules, item.hi) || item.hi < item.lo)
        item.fault = ListFault::NotRange;
    }
    list.items.push_back(std::move(item));
  }
  return list;
}

bool expand_range(long long lo, long long hi, long long step, std::size_t limit, std::vector<int>& out, bool& none) {
  const std::size_t before = out.size();
  if (step < 1) step = 1;
  none = false;
  for (long long v = (lo + step - 1) / step * step; v <= hi; v += step) {
    if (out.size() >= limit) return false;
    out.push_back(int(v));
  }
  none = out.size() == before;
  return true;
}

}  // namespace cp
