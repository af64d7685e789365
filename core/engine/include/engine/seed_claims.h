// The seed article's claims (shared/reference/seed-claims.md), put to the engine. Each claim
// is recomputed from the physics and given a plain verdict with the numbers behind it.
#pragma once

#include <string>
#include <vector>

namespace cp {

enum class Verdict { Supported, Partly, NotSupported };
std::string to_string(Verdict v);

struct ClaimCheck {
  std::string id;        // stable key, e.g. "throughput_8_gpus"
  std::string topic;
  std::string claim;     // as published
  Verdict verdict = Verdict::NotSupported;
  double claimed = 0;    // the claim's number where it has one
  double computed = 0;   // the engine's number for the same quantity
  std::string unit;
  std::string evidence;  // one or two sentences: what the engine computed and why
};

// Runs the engine on the seed's scenarios (a few hundred estimates; milliseconds).
std::vector<ClaimCheck> check_seed_claims();

}  // namespace cp
