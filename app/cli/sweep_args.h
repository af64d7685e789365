// The options of `clusterplan-cli sweep`: the lists that span the sweep (--gpus, --fabric,
// --vary), the scaling policy, and every other word, which are `estimate` options describing
// the base scenario. Parsed without touching the file system.
#pragma once

#include <string>
#include <vector>

#include "cli/estimate_args.h"
#include "engine/fields.h"
#include "plan/fabric_compare.h"
#include "plan/planner.h"

namespace cp::cli {

enum class Scaling {
  Strong,  // the global batch is held; DP grows with the GPU count (TP, PP, CP held)
  Weak,    // the batch per DP replica is held: global batch = base batch x DP / DP of the reference
};
std::string_view to_string(Scaling s);

// One --vary FIELD=v1,v2,...: an estimate option's name (no dashes) and its values as given.
struct VaryAxis {
  std::string name;
  std::vector<std::string> values;
};

// The field-table row that `--vary OPTION=` varies: the option's own row, or for --rack-kw (in
// kW, with presets) the rack limit's (in W); the option's parser reads each value. nullptr for
// an option with no row.
const FieldInfo* vary_row(std::string_view option);

struct SweepArgs {
  bool help = false;
  std::vector<int> gpus;             // empty: the base scenario's GPU count
  std::vector<std::string> fabrics;  // empty: the base scenario's fabric
  std::vector<VaryAxis> vary;        // in the order given
  Scaling scaling = Scaling::Strong;
  // --layout: held (TP, PP, CP, EP as given, DP follows; the default) or best (each point the
  // planner's best feasible layout). With best, single --tp/--pp/... values describe the held
  // layout only; comma lists (e.g. --tp 1,2,4) constrain the search, as in `plan`.
  SweepLayout layout = SweepLayout::Held;
  SearchSpace space;  // the knob lists given as comma lists (best only)
  int threads = 0;    // --threads: workers for the --layout best search (0: every core)
  std::vector<std::string> estimate_words;  // the words that are estimate options
  EstimateArgs base;                        // those words, parsed (format included)
};

struct SweepParseResult {
  SweepArgs args;
  std::vector<std::string> errors;  // each "--option: reason"
  bool ok() const { return errors.empty(); }
};

// The most points one sweep may have (the product of the list lengths).
inline constexpr long long kMaxSweepPoints = 100000;

// Parses the words after `sweep`. Accepts `--name value` and `--name=value`; --vary may be
// repeated (one field each), --gpus, --fabric, --scaling and --layout keep their last value.
SweepParseResult parse_sweep_args(const std::vector<std::string>& args);

}  // namespace cp::cli
