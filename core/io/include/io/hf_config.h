// Imports a model shape from a Hugging Face transformers config.json (offline: a local file).
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "engine/model.h"
#include "engine/validate.h"

namespace cp {

// Fills `out` from the config; each problem names the config key. Returns false on problems.
bool model_from_hf_config(const nlohmann::json& config, ModelShape& out, std::vector<Problem>& problems);

}  // namespace cp
