// Writes a sweep in the three output formats of `clusterplan-cli sweep`.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/sweep.h"

namespace cp::cli {

// {"schema_version": 1, "scaling": "strong", "layout": "held", "points": [{"gpus", "fabric",
// "vary", "dp", "global_batch", "feasible", "own_size", "reasons", "estimate"}], "fabric_gap": [...],
// "verdict": {"text", "fabrics", "break_even_gpus"}} (the verdict over the first --vary values);
// "estimate" is estimate_to_json (with the point's comparison), or null when the point failed
// validation.
nlohmann::json sweep_to_json(const SweepArgs& args, const SweepResult& result);
void write_sweep_json(const SweepArgs& args, const SweepResult& result, std::ostream& out);

// The estimate keys a sweep's CSV and text outputs carry, as dotted paths of the JSON output.
const std::vector<std::string_view>& sweep_csv_estimate_keys();

// A header, then one row per point; every row has the header's columns (empty where a point
// has no estimate).
void write_sweep_csv(const SweepArgs& args, const SweepResult& result, std::ostream& out);

// An aligned table, one line per point.
void write_sweep_text(const SweepArgs& args, const SweepResult& result, std::ostream& out);

void write_sweep(const SweepArgs& args, const SweepResult& result, OutputFormat format, std::ostream& out);

// Writes a sweep in one of the formats point by point, as the points are produced, holding
// none of them (100,000 points built into one JSON document take some 7.9 GB). The document is
// that of the functions above (the same keys and values; "fabric_gap" comes after "points"). The text table aligns its columns, so it keeps its rows as
// text (some 200 bytes a point) until finish().
class SweepWriter {
 public:
  SweepWriter(const SweepArgs& args, std::ostream& out, OutputFormat format);
  void point(const SweepPoint& p);
  void finish(const std::vector<SweepGap>& gaps = {});  // gaps: fabric_gap (JSON), verdicts (text)

 private:
  struct TextRow {
    std::vector<std::string> cells;  // up to GiB/GPU
    std::string days, switches, reasons;
    bool estimated = false;
  };
  void start();
  void csv_row(const std::vector<std::string>& fields);

  const SweepArgs& args_;
  std::ostream& out_;
  OutputFormat format_;
  long long points_ = 0, feasible_ = 0;
  bool any_tokens_ = false, started_ = false;
  std::string own_fabric_;    // the base scenario's fabric, when it is swept
  std::string first_fabric_;  // the first point's
  std::vector<std::pair<std::string, std::string>> first_vary_;  // the verdict covers these --vary values
  std::vector<TextRow> text_;
};

}  // namespace cp::cli
