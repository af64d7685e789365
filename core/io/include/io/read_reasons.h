// The reasons the scenario-file reader gives (scenario_json.cpp, strict_json.cpp; and for the
// file itself, input_file.cpp and scenario_file.cpp: not a regular file, too large, cannot be
// read, not valid JSON at a line and column), as templates
// with %1..%n, like the engine's validation reasons (engine/validate.h, namespace reasons): a
// Problem carries its reason and arguments so that the GUI can say it in its language
// (ui/src/text/enginetext.cpp lists these too; tst_inputpanel checks each is translated).
#pragma once

#include <string_view>

namespace cp::reasons {

inline constexpr std::string_view must_be_object = "must be an object";
inline constexpr std::string_view out_of_range = "is out of range";
inline constexpr std::string_view whole_number = "must be a whole number";
inline constexpr std::string_view must_be_number = "must be a number";
inline constexpr std::string_view true_or_false = "must be true or false";
inline constexpr std::string_view not_one_of = "'%1' is not one of: %2";
inline constexpr std::string_view must_be_string = "must be a string";
inline constexpr std::string_view unknown_model = "unknown model preset '%1' (see 'clusterplan-cli catalog models')";
inline constexpr std::string_view params_b = "must be a size in billions of parameters, above 0 and at most 100000";
inline constexpr std::string_view unknown_gpu = "unknown GPU '%1' (see 'clusterplan-cli catalog gpus')";
inline constexpr std::string_view positive_bytes = "must be a positive number of bytes";
inline constexpr std::string_view unknown_catalog_fabric = "unknown fabric '%1' (see 'clusterplan-cli catalog fabrics')";
inline constexpr std::string_view scenario_object = "a scenario must be a JSON object";
inline constexpr std::string_view unknown_key_near = "unknown key (did you mean '%1'?)";
inline constexpr std::string_view unknown_key_list = "unknown key (valid keys here: %1)";

// The file itself (io/input_file.cpp: every file a user names; the problem's field is the path).
inline constexpr std::string_view file_directory = "is a directory, not a file";
inline constexpr std::string_view file_fifo = "is a named pipe (FIFO), not a regular file";
inline constexpr std::string_view file_char_device = "is a character device (such as /dev/zero), not a regular file";
inline constexpr std::string_view file_block_device = "is a block device, not a regular file";
inline constexpr std::string_view file_socket = "is a socket, not a regular file";
inline constexpr std::string_view file_not_regular = "is not a regular file";
// %1, %2: sizes in MiB with one decimal ("65.0", "64.0").
inline constexpr std::string_view file_too_large = "is %1 MiB, more than the limit of %2 MiB for this file";
inline constexpr std::string_view file_grew = "grew past the limit of %1 MiB for this file while it was read";
// %1: the system's reason (strerror), one of kReadPhrases when it is a common one.
inline constexpr std::string_view cannot_read = "cannot read: %1";

// JSON syntax errors (scenario_file.cpp, import_scenario_text). The problem's field is the
// position, json_position filled with the line and the column (both counted from 1); the
// message is nlohmann's own text taken apart: %1 what was being parsed ("object key"), %2 the
// lexer's complaint ("invalid literal") or the unexpected token ("end of input"), the last
// text read (as it was, data), the token expected ("string literal"); each a phrase of
// kReadPhrases when it is words, so the GUI translates it. A parser text of another shape is
// json_other with the text as it is.
inline constexpr std::string_view json_position = "line %1, column %2";
inline constexpr std::string_view json_read = "not valid JSON: syntax error while parsing %1 - %2; last read: '%3'";
inline constexpr std::string_view json_read_expected =
    "not valid JSON: syntax error while parsing %1 - %2; last read: '%3'; expected %4";
inline constexpr std::string_view json_unexpected = "not valid JSON: syntax error while parsing %1 - unexpected %2";
inline constexpr std::string_view json_unexpected_expected =
    "not valid JSON: syntax error while parsing %1 - unexpected %2; expected %3";
// A raw control character inside a string: %2 its code and name ("U+000A (LF)"), %3 its escapes
// ("\u000A or \n"), %4 the last text read.
inline constexpr std::string_view json_control =
    "not valid JSON: syntax error while parsing %1 - invalid string: control character %2 must be escaped to %3; last "
    "read: '%4'";
inline constexpr std::string_view json_control_expected =
    "not valid JSON: syntax error while parsing %1 - invalid string: control character %2 must be escaped to %3; last "
    "read: '%4'; expected %5";
inline constexpr std::string_view json_other = "not valid JSON: %1";

}  // namespace cp::reasons

namespace cp {

inline constexpr std::string_view kReadReasons[] = {
    reasons::must_be_object, reasons::out_of_range,     reasons::whole_number,   reasons::must_be_number,
    reasons::true_or_false,  reasons::not_one_of,       reasons::must_be_string, reasons::unknown_model,
    reasons::params_b,       reasons::unknown_gpu,      reasons::positive_bytes, reasons::unknown_catalog_fabric,
    reasons::scenario_object, reasons::unknown_key_near, reasons::unknown_key_list,
    reasons::file_directory, reasons::file_fifo,        reasons::file_char_device, reasons::file_block_device,
    reasons::file_socket,    reasons::file_not_regular, reasons::file_too_large,   reasons::file_grew,
    reasons::cannot_read,    reasons::json_position,    reasons::json_read,        reasons::json_read_expected,
    reasons::json_unexpected, reasons::json_unexpected_expected, reasons::json_control,
    reasons::json_control_expected, reasons::json_other,
};

// The words put into the file-level reasons: what nlohmann's JSON parser was parsing, its
// lexer's complaints and its token names (nlohmann/detail/input/{parser,lexer}.hpp, 3.11), and
// the system's commonest reasons a file cannot be opened (glibc's strerror). An argument that
// is none of these (a token read, a rarer system reason) is shown as it is.
inline constexpr std::string_view kReadPhrases[] = {
    // what was being parsed
    "value", "object key", "object separator", "object", "array",
    // tokens
    "true literal", "false literal", "null literal", "string literal", "number literal", "end of input",
    "'[', '{', or a literal", "unknown token",
    // the lexer's complaints (control characters: reasons::json_control)
    "invalid literal", "invalid string: missing closing quote", "invalid string: ill-formed UTF-8 byte",
    "invalid string: '\\u' must be followed by 4 hex digits",
    "invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF",
    "invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF",
    "invalid string: forbidden character after backslash", "invalid comment; missing closing '*/'",
    "invalid comment; expecting '/' or '*' after '/'", "invalid number; expected digit after '-'",
    "invalid number; expected digit after '.'", "invalid number; expected '+', '-', or digit after exponent",
    "invalid number; expected digit after exponent sign", "invalid BOM; must be 0xEF 0xBB 0xBF if given",
    // strerror
    "No such file or directory", "Permission denied", "Not a directory", "Too many levels of symbolic links",
    "File name too long", "Input/output error", "Is a directory",
};

}  // namespace cp
