// The InfiniBand-vs-RoCE comparison, in one place, so that the CLI, the GUI, the report and the
// slides cannot disagree: which fabric pairs with which (by the catalog's meaning: kind, line rate and
// FabricSpec::tuning, never ids), the one extra estimate that the estimate outputs carry
// (cost.ib_vs_roce), and the sweep behind `clusterplan-cli sweep --layout` and the comparison
// tab: cluster sizes x fabrics, the layout held or the planner's best for each point, weak or
// strong scaling, the gap split by traffic and by money, and a verdict per size.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/cost.h"
#include "engine/estimate.h"
#include "engine/fabric.h"
#include "engine/scenario.h"
#include "engine/validate.h"
#include "plan/planner.h"

namespace cp {

// --- Pairing -------------------------------------------------------------------------------

// InfiniBand's counterpart is RoCE as operators tune it (FabricTuning::Tuned) at the same line
// rate; RoCE's counterpart is stock InfiniBand at the same rate. nullptr when the catalog has
// none (e.g. RoCE 100 Gb/s: no InfiniBand preset runs at 100 Gb/s).
const FabricSpec* counterpart(const FabricSpec& f);

// The fabrics a comparison shows by default: the scenario's InfiniBand fabric (for RoCE its
// InfiniBand counterpart, else NDR), then stock and tuned RoCE at that line rate.
std::vector<std::string> comparison_fabrics(const FabricSpec& f);

// InfiniBand against RoCE at the same line rate on the same cluster: the counterpart fabric's
// figures against this estimate's (FabricDelta, engine/cost.h: what the estimate writers print
// as cost.ib_vs_roce) and the fabric compared from. Computed once by compare_ib_roce below,
// never by a writer.
struct FabricComparison : FabricDelta {
  std::string this_fabric;  // id: the scenario's fabric
};

// `s` run once more on its counterpart fabric (one estimate). other_fabric is empty when there
// is no counterpart or the scenario does not validate on it. Precondition: `e` is estimate(s).
FabricComparison compare_ib_roce(const Scenario& s, const Estimate& e);

// --- The gap between two points of the same size ------------------------------------------

// Exposed communication by traffic, in the order of the fabric_gap.exposed_delta_s keys.
enum class Traffic { Dp, Ep, Cp, Pp, Tp };
inline constexpr int kTrafficKinds = 5;
std::string_view to_string(Traffic t);  // "dp", "ep", "cp", "pp", "tp"
double exposed_s(const Estimate& e, Traffic t);

// Why two fabrics come out as they do at one size: `fabric` against `reference_fabric` (the
// comparison's first fabric). Deltas are this fabric minus the reference; money in the
// scenario's output currency.
struct FabricGap {
  int gpus = 0;
  std::string reference_fabric, fabric;            // ids
  std::string reference_name, fabric_name;         // display names
  double speedup = 0;                               // reference tokens/s / this fabric's - 1
  double step_delta_s = 0;                          // step time
  std::array<double, kTrafficKinds> exposed_delta_s{};  // exposed DP, EP, CP, PP, TP time per step
  // Compute + bubble + optimizer: large when the layouts differ; with the same layout only the
  // SM share that hidden communication takes (calib::kOverlapInterference). With the exposed
  // deltas it adds up to step_delta_s.
  double compute_delta_s = 0;
  bool same_layout = true;     // both points run the same TP, PP, CP, EP, VPP, micro-batch, ZeRO
  double network_capex_delta = 0;  // cost.network_capex (bill of materials)
  double per_month_delta = 0;      // cost.per_month (rent, cloud or owning, as the scenario pays)
  double reference_per_month = 0, per_month = 0;  // cost.per_month of each point itself
  bool has_run = false;            // a token budget: the run figures below mean something
  double run_total_delta = 0;      // cost.run_total
  double train_time_delta_s = 0;   // reliability.real_train_time_s
  Currency currency = Currency::Cny;
  // The network's situation on this fabric.
  bool one_node = false;  // the job runs inside one node: NVLink only, the fabric carries nothing
  bool one_leaf = false;  // every node hangs off one leaf switch: ECMP has nothing to collide on
  int tiers = 1;
  Traffic dominant = Traffic::Dp;  // the traffic with the largest |exposed delta|
  // The step delta by cause, in seconds per step, this fabric minus the reference; the parts
  // add up to step_delta_s. Worked out along one path of estimates, each changing one thing:
  // the reference fabric running this point's layout (the layout change), then this fabric's
  // per-message latency, then its per-hop latency, then the rest of this fabric (bandwidth
  // and load balance), so that a gap the latency sets is never read as bandwidth and a
  // change of layout never as traffic with the wrong sign.
  struct ByCause {
    bool split = false;  // false: this point's layout does not run on the reference fabric; the whole gap is layout_change
    // Exposed communication by traffic (with its share of the pipeline bubble).
    std::array<double, kTrafficKinds> bandwidth{};
    double latency_per_message = 0;  // FabricSpec::base_latency_s
    double latency_per_hop = 0;      // FabricSpec::switch_latency_s
    // The compute slowdown from transfers hidden behind kernels, by the traffic that hides.
    std::array<double, kTrafficKinds> interference{};
    double layout_change = 0;  // the reference fabric on this point's layout minus on its own
    // Compute and bubble that move because another stage paces the pipeline on this fabric
    // (0 in nearly every case); kept so the parts still add up.
    double other = 0;
    double latency() const { return latency_per_message + latency_per_hop; }
  } by_cause;
  std::string reference_layout, layout;  // layout_text of each point
};
FabricGap fabric_gap(const Scenario& ref_s, const Estimate& ref_e, const Scenario& s, const Estimate& e);

// The largest part of by_cause, by magnitude: "bandwidth.dp" (.ep .cp .pp .tp),
// "latency.per_message", "latency.per_hop", "interference.dp" (...), "layout_change" or
// "other"; "none" when every part is zero.
std::string dominant_cause(const FabricGap& g);

// Two fabrics closer than this in tokens/s are called equal. A presentation threshold (the
// verdicts say "equal within 0.5%"), well inside the engine's own +-10% validation band.
inline constexpr double kEqualWithin = 0.005;
enum class GapClass { Equal, ReferenceFaster, FabricFaster };
GapClass classify(const FabricGap& g);

// The verdict in plain English, e.g. "Equal within 0.5% at 16 GPUs: the job fits under one leaf
// switch, so ECMP has nothing to collide on; RoCEv2 400 Gb/s, tuned saves CNY 12,000 per month."
// The GUI composes its translated sentence from the same fields.
std::string verdict_text(const FabricGap& g);

// A point's layout in one line, the same words in every view and export: "TP 8 PP 2 VPP 1 CP 1
// EP 1 DP 4, micro-batch 1, recompute selective, ZeRO stage1" (DP derived from the GPU count).
std::string layout_text(const Scenario& s);

// --- The verdict for the job, across the swept sizes ---------------------------------------

// One compared fabric against the reference over every size where both have a valid result.
struct FabricVerdict {
  std::string fabric, fabric_name;  // id, display name
  bool own = false;                 // the scenario's own fabric (its id)
  int sizes = 0;                    // sizes where both points are valid
  int equal_up_to = 0;   // the largest size up to which every compared size is Equal (0: the smallest is not)
  bool equal_everywhere = false;
  int largest_gpus = 0;  // the largest compared size; the figures below are at it
  GapClass largest_class = GapClass::Equal;
  double relative = 0;         // this fabric's tokens/s over the reference's, minus 1 (negative: it loses)
  double per_month_delta = 0;  // this fabric minus the reference
  // The smallest size from which on the dearer of the two fabrics costs no more per token than
  // the cheaper one (its time saving pays its price difference), where below it it cost more;
  // 0 when the sweep holds no such crossing.
  int break_even_gpus = 0;
  bool dearer_is_reference = true;  // which fabric break_even_gpus is about
};

struct ComparisonResult;

// The bottom line: which fabric to rent or buy for this job, for every fabric shown.
struct JobVerdict {
  std::string reference, reference_name;  // the comparison's first fabric
  bool reference_own = false;
  std::vector<FabricVerdict> others;      // in the comparison's order
  std::vector<std::string> fabrics;       // every id the verdict covers, the reference first
  int break_even_gpus = 0;                // the first of others' break-even sizes (0: none)
  Currency currency = Currency::Cny;
};

// `gaps` are against one reference (fabric_gap rows of one sweep, any order); `order` the
// fabric ids as the comparison shows them (the first is the reference); `own` the scenario's
// fabric id.
JobVerdict job_verdict(const std::vector<FabricGap>& gaps, const std::vector<std::string>& order,
                       std::string_view own);
JobVerdict job_verdict(const ComparisonResult& r, std::string_view own);

// The verdict in one English sentence, e.g. "For this job, RoCEv2 400 Gb/s, tuned matches
// InfiniBand NDR 400 Gb/s up to 1,024 GPUs and saves CNY 12,000 per month; RoCEv2 400 Gb/s
// (your fabric) loses 1.1% at 1,024 GPUs and saves CNY 11,000 per month." The GUI composes its
// translated sentence from the same fields.
std::string job_verdict_text(const JobVerdict& v);

// --- The sweep ------------------------------------------------------------------------------

enum class SweepLayout {
  Held,  // TP, PP, CP, EP as the scenario sets them; DP follows the GPU count
  Best,  // per size and fabric the planner's best feasible layout under the search space
};
std::string_view to_string(SweepLayout l);  // "held", "best"
std::optional<SweepLayout> parse_sweep_layout(std::string_view text);

enum class SweepScaling {
  Strong,  // the global batch is held
  Weak,    // the batch per GPU is held: global batch x GPUs / the smallest size's GPUs
};

// 2^k GPU counts from `min_gpus` (at least 1) up to and including `max_gpus`.
std::vector<int> comparison_sizes(int min_gpus, int max_gpus);
// The sizes a comparison of `base` sweeps from `min_gpus` to `max_gpus`, ascending, always
// with the scenario's own GPU count. Best: powers of two. Held: the sizes the held layout runs
// on, its replica (TP x PP x CP GPUs) times powers of two, in whole nodes from one node up.
std::vector<int> comparison_sizes(const Scenario& base, SweepLayout layout, int min_gpus, int max_gpus);

// The held layout on `gpus` GPUs of `fabric`: DP derived, the global batch as given; nodes hold
// gpus_per_node GPUs, or one smaller node below that (its NICs in proportion).
Scenario held_scenario(const Scenario& base, const FabricSpec& fabric, int gpus);

// The planner's best feasible layout for `at` (its cluster, fabric and batch as they are) under
// the knob lists and limits of `space` (its gpus and fabrics are replaced by `at`'s).
struct BestLayout {
  bool found = false;
  Scenario scenario;
  Estimate estimate;
  std::string why;  // when not found: the planner's binding reason, in a sentence
  Problem problem;  // the same as a problem (with its reason template when it has one), for the GUI
  PlanLayout layout;  // when found: the planner's layout (its key; fabric 0 is `at`'s fabric)
};
BestLayout best_layout(const Scenario& at, const SearchSpace& space, Objective objective, int threads = 1,
                       const std::atomic<bool>* cancel = nullptr);
// What best_layout gives when its search chose `layout`: the scenario and its estimate (one
// estimate). For re-pricing a point whose layout an edit cannot change.
BestLayout best_layout_of(const Scenario& at, const PlanLayout& layout);

// The planner's best layout for many points in one search: result[g][i] is exactly
// best_layout(groups[g][i], space, objective), layout, scenario and estimate, ties broken alike.
// Each group is one point of a sweep on several fabrics: scenarios that differ in
// cluster.fabric only (and in their names). For the throughput objective each group's layouts
// are enumerated once; what does not depend on the fabric is worked out once per layout (its
// memory and fit, and a floor under its step time: the compute of its slowest stage and its
// optimizer step, engine/throughput.h step_floor_s), the layer work once per TP, CP, EP, SP,
// micro-batch and recomputation for every group with the same model, training and GPU; layouts
// are tried in the order of their floors and a layout whose floor is already slower than the
// best found on a fabric is skipped there, as is one that does not fit. Only what is left is
// stepped on each fabric, and only a layout at least as fast as the best is fully estimated. A
// point with no feasible layout, and every point under another objective, runs best_layout
// itself (for its binding reason). Groups run in parallel on `threads` workers (0: every core).
struct SweepSearchOptions {
  int threads = 1;
  const std::atomic<bool>* cancel = nullptr;       // set to stop; the result is then incomplete
  const std::atomic<bool>* also_cancel = nullptr;  // a second flag that stops it likewise
  // Called when every point of group g is found, with them, from a worker thread, never two
  // at once.
  std::function<void(std::size_t g, const std::vector<BestLayout>& points)> group_done;
};
struct SweepSearchStats {
  long long layouts = 0;    // layouts of every group that pass the divisibility check, once per group
  long long floored = 0;    // layouts whose step floor was worked out (the rest skipped by node)
  long long fitted = 0;     // memory worked out
  long long stepped = 0;    // step time worked out on a fabric
  long long estimated = 0;  // full estimates in the search
  long long replanned = 0;  // points left to best_layout (nothing feasible, or another objective)
  bool cancelled = false;
};
std::vector<std::vector<BestLayout>> best_layouts(const std::vector<std::vector<Scenario>>& groups,
                                                  const SearchSpace& space, Objective objective,
                                                  const SweepSearchOptions& options = {},
                                                  SweepSearchStats* stats = nullptr);

struct ComparisonSpec {
  std::vector<std::string> fabrics;  // empty: comparison_fabrics(base's fabric); the first is the reference
  std::vector<int> sizes;            // GPU counts, ascending
  SweepLayout layout = SweepLayout::Held;
  SweepScaling scaling = SweepScaling::Strong;
  SearchSpace space;                 // Best: knob lists and limits
  Objective objective = Objective::Throughput;
  int threads = 1;                   // for the planner under Best (0: every core)
  const std::atomic<bool>* cancel = nullptr;  // set to stop early; the result says canceled
};

struct ComparisonPoint {
  int gpus = 0;
  bool estimated = false;  // validated: scenario and estimate are set
  bool fits = false;       // the estimate fits in memory
  bool feasible = false;   // estimated and fits: a valid result
  std::string reason;      // why not feasible ("field: reason"), empty when feasible
  Problem problem;         // the same reason as a problem (field, template, arguments), for the GUI
  Scenario scenario;
  Estimate estimate;
  double scaling = 0;  // per-GPU throughput relative to the series' smallest feasible point
  double speedup = 0;  // the reference fabric over this one, when both are feasible (0 otherwise)
  // Under Best: the planner's layout for this size and fabric (found), as a key with DP.
  std::optional<PlanLayout> layout;
  // Only in the partial results of a Best comparison: the point's search has not ended, and
  // the point shows the held layout meanwhile.
  bool provisional = false;
};

struct ComparisonSeries {
  std::string fabric_id, fabric_name;
  std::vector<ComparisonPoint> points;  // one per size
};

struct ComparisonResult {
  std::vector<int> sizes;
  std::vector<ComparisonSeries> series;  // series[0] is the reference
  std::vector<FabricGap> gaps;           // per size, per other fabric, where both points are feasible
  SweepLayout layout = SweepLayout::Held;
  SweepScaling scaling = SweepScaling::Strong;
  Currency currency = Currency::Cny;
  bool seed_class = false;  // the seed article's class: a calibrated GPU (A100/H100) and sizes in 8-32
  bool canceled = false;
  // The gap each size's verdict is about: the reference against its counterpart when that is
  // in the comparison, else against the second fabric. nullptr when that pair is not feasible.
  const FabricGap* verdict_gap(int gpus) const;
};

// Runs every (fabric, size) point. `progress(done, total)` after each (under Best, after each
// size, from a worker thread, never two at once); returning false cancels. Under Best the sizes
// are planned in one search (best_layouts, on spec.threads workers); `partial`, when given, is
// called with the held layout at every point first (each point provisional), then again each
// time a size's points are planned (the rest still provisional), from the same thread as
// `progress`; the returned result is the complete one.
ComparisonResult compare_fabrics(const Scenario& base, const ComparisonSpec& spec,
                                 const std::function<bool(int done, int total)>& progress = {},
                                 const std::function<void(const ComparisonResult& partial)>& partial = {});

// `planned`, a complete comparison of `spec` (under Best: each point's layout kept), again for
// `base` after an edit that cannot change any point's best layout: a price, the way to pay, the
// power and cooling assumptions (under the throughput objective with no limit that reads power
// or money, the ranking never reads them), or the scenario's own fabric swapped for another of
// the same comparison. Each layout found is estimated once more under `base` (best_layout_of),
// a point without one keeps its reason, a held point is estimated again: one estimate a point,
// and the result compare_fabrics(base, spec) would give. The caller says that the edit is such
// an edit (the GUI compares the scenarios).
ComparisonResult reprice_comparison(const Scenario& base, const ComparisonSpec& spec, const ComparisonResult& planned);

// The seed article's claims are about A100/H100 clusters of 8-32 GPUs
// (shared/reference/seed-claims.md); they are shown beside a comparison only for that class.
inline constexpr int kSeedClassMinGpus = 8;
inline constexpr int kSeedClassMaxGpus = 32;
bool in_seed_class(const Scenario& base, const std::vector<int>& sizes);

}  // namespace cp
