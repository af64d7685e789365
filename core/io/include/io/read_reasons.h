// The reasons the scenario-file reader gives (scenario_json.cpp, strict_json.cpp), as templates
// with %1..%n, like the engine's validation reasons (engine/validate.h, namespace reasons): a
// Problem carries its reason and arguments so that the GUI can say it in its language
// (ui/src/enginetext.cpp lists these too; tst_inputpanel checks each is translated).
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

}  // namespace cp::reasons

namespace cp {

inline constexpr std::string_view kReadReasons[] = {
    reasons::must_be_object, reasons::out_of_range,     reasons::whole_number,   reasons::must_be_number,
    reasons::true_or_false,  reasons::not_one_of,       reasons::must_be_string, reasons::unknown_model,
    reasons::params_b,       reasons::unknown_gpu,      reasons::positive_bytes, reasons::unknown_catalog_fabric,
    reasons::scenario_object, reasons::unknown_key_near, reasons::unknown_key_list,
};

}  // namespace cp
