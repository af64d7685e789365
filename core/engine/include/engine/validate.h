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

// The upper bound shared by eight integer fields: attention heads, key/value heads, head size,
// experts, and the TP, PP, CP and EP degrees (the field table engine/fields.h, hence validation,
// the input panel and the CLI; the planner's knob lists). An input bound, not physics: 256 times
// the largest published value among them (DeepSeek-V3: 256 routed experts, arXiv:2412.19437;
// LLaMA-3 405B: 128 heads, arXiv:2407.21783), small enough that products of two stay within an int.
inline constexpr int kMaxHeadsExpertsDegree = 1 << 16;

std::vector<Problem> validate(const Scenario& s);

}  // namespace cp
