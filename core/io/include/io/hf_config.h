// Imports a model shape from a Hugging Face transformers config.json (offline: a local file).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/model.h"
#include "engine/validate.h"

namespace cp {

// Fills `out` from the config; each problem names the config key. Returns false on problems.
// `warnings` (when given) gets a sentence for what was read on an assumption: a `model_type`
// the importer does not know, read as the Llama-like layout its keys name.
bool model_from_hf_config(const nlohmann::json& config, ModelShape& out, std::vector<Problem>& problems,
                          std::vector<std::string>* warnings = nullptr);

}  // namespace cp
