// One tokenizer for the options of every clusterplan-cli subcommand, so that they all read a
// command line the same way: the words of a
// command line grouped into options and their values ("--name value", "--name=value"), help
// requests and stray words; comma lists ("64,128"); and the unknown-option message, which names
// the nearest valid option. estimate, plan and sweep read their words through it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cp::cli {

// 'text', quoted as the messages quote what was typed.
std::string quoted(std::string_view text);

// A command-line word that is an option: "--name" or "--name=value" ("--" alone is not).
bool is_option(const std::string& token);

// "--name", "--name=value", or not an option at all (empty name).
struct OptionToken {
  std::string name;
  std::string value;
  bool has_value = false;
};
OptionToken split_option(const std::string& token);

// One option with its value, a help request, or a word that is no option.
struct OptionWord {
  enum class Kind { Option, Help, Argument };
  Kind kind = Kind::Argument;
  std::string name;        // Option: without the leading "--"
  std::string value;       // Option: its value (when has_value); Argument: the word itself
  bool has_value = false;  // false: "--name" at the end or before another option
  std::vector<std::string> words;  // the command-line words it was read from, one or two

  bool is(std::string_view option) const { return kind == Kind::Option && name == option; }
};

// Groups `args` into words. Every option takes a value, so the word after an option is its value
// unless it is an option itself ("--tp --pp 4": --tp has none; "--dp -1": -1 is the value).
// "--help" and "-h" are help requests (but "--help=1" is an option named help).
std::vector<OptionWord> read_options(const std::vector<std::string>& args);

// The words an option was read from, appended to `out` (to hand it on to another parser).
void pass_on(const OptionWord& word, std::vector<std::string>& out);

// Splits "a,b,c" into its items, as the planner's list reader does (plan/search_list.h); false with
// the reason when the list or an item is empty.
bool split_list(std::string_view text, std::vector<std::string>& items, std::string& why);

// One message for every refused item of a list option, so that one run shows every mistake in
// the list: "--NAME: REASON" when one item
// of the list is refused (each reason names its item: "'abc' is not a whole number", "must be
// at least 1, got 0"), else "--NAME: K of N items are refused: REASON; REASON; ...", in the
// list's order. `name` is without the leading "--"; `reasons` must not be empty.
std::string list_refusal(std::string_view name, std::size_t items, const std::vector<std::string>& reasons);

// Why `id` is not a fabric of the catalog ("unknown fabric 'X' (see 'clusterplan-cli catalog
// fabrics')"), or "" when it is one: the one wording of --fabric, alone or in a list.
std::string unknown_fabric(std::string_view id);
// The list_refusal of the unknown fabrics among `ids` (option `name`), or "" when all are known.
std::string refuse_unknown_fabrics(std::string_view name, const std::vector<std::string>& ids);

// The option among `known` nearest to `name` (at most two edits, and fewer than half of its
// letters), or "" when none is near enough to be what was meant.
std::string nearest_option(std::string_view name, const std::vector<std::string_view>& known);

// "--name: unknown option (see 'clusterplan-cli COMMAND --help')", followed by
// "; did you mean --x?" when an option among `known` is near.
std::string unknown_option(std::string_view name, std::string_view command, const std::vector<std::string_view>& known);

}  // namespace cp::cli
