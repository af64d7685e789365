// The planner's search lists, read the same way by the GUI's planner controls and by
// `clusterplan-cli plan` / `sweep`: a comma list of items ("1,2,4"), each a whole number or, where
// ranges are allowed, a range A-B ("64-512"). The readers word the faults themselves (the GUI
// translates them); list_fault_text gives the plain English words of the faults of the list as a
// whole.
#pragma once

#include <climits>
#include <string>
#include <string_view>
#include <vector>

namespace cp {

enum class ListFault {
  None,
  EmptyList,  // no item at all
  EmptyItem,  // "1,,2" or a trailing comma
  NotWhole,   // an item is not a whole number from min to max
  NotRange,   // an item with a dash is not a range A-B with min <= A <= B <= max
};

// Splits `text` at its commas. EmptyList when `text` is empty, EmptyItem when an item is; with
// `trim`, the spaces around each item are dropped first (and an item of spaces is empty).
ListFault split_search_list(std::string_view text, std::vector<std::string>& items, bool trim = false);

// The plain words of a fault of the whole list ("the list is empty", "empty item in the list
// 'TEXT'"), or "" for the others (they name an item, and each reader words them).
std::string list_fault_text(ListFault fault, std::string_view list);

struct SearchListRules {
  long long min = 1;
  long long max = INT_MAX;
  bool ranges = true;  // "A-B" is a range; false: it is an item that is not a whole number
  bool trim = false;   // drop the spaces around items and around a range's ends
};

struct SearchListItem {
  std::string text;           // the item as written (trimmed with `trim`)
  long long lo = 0, hi = 0;   // a number: lo == hi
  bool range = false;         // written as A-B
  ListFault fault = ListFault::None;  // NotWhole or NotRange when refused
};

struct SearchList {
  ListFault fault = ListFault::None;  // EmptyList or EmptyItem: no items were read
  std::vector<SearchListItem> items;  // every item, the refused ones with their fault

  bool ok() const;  // neither the list nor any item is refused
};

// Reads a search list. A dash after an item's first character makes it a range ("-4" is a number,
// refused below min 1 as one). Every item is read, so that a reader can name every refused one.
SearchList parse_search_list(std::string_view text, const SearchListRules& rules = {});

// Appends the values of lo..hi that are multiples of `step` (every value with step 1) to `out`.
// False when that would make `out` hold more than `limit` values (nothing more is appended
// then); `none` is set when the range holds no multiple of `step`.
bool expand_range(long long lo, long long hi, long long step, std::size_t limit, std::vector<int>& out, bool& none);

}  // namespace cp
