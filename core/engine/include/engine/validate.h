// Checks a Scenario before it is estimated. Every problem names the input field (as the
// dotted path of the scenario file) and the reason. Nothing is ever clamped silently.
#pragma once

#include <string>
#include <vector>

#include "engine/scenario.h"

namespace cp {

struct Problem {
  std::string field;    // e.g. "parallelism.tp"
  std::string message;  // e.g. "6 does not divide 64 attention heads"
  std::string text() const { return field + ": " + message; }
};

std::vector<Problem> validate(const Scenario& s);

}  // namespace cp
