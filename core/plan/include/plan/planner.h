// The auto-planner: every parallel layout of a model on one or more clusters, each checked by a
// cheap divisibility test, then fully estimated by the same engine as a single estimate, filtered
// by memory and the user's limits, ranked by an objective. Also the Pareto frontier of time to
// train against cost per run across cluster sizes and fabrics. See docs/planner.md.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/enums.h"
#include "engine/estimate.h"
#include "engine/scenario.h"
#include "engine/validate.h"

namespace cp {

enum class Objective {
  Throughput,    // tokens/s, higher is better
  Time,          // real time to train the token budget (after goodput), lower is better
  Cost,          // cost of the run (cost.run_total), lower is better
  CostPerToken,  // cost per million tokens, lower is better
};
std::string_view to_string(Objective o);  // "throughput", "time", "cost", "cost-per-token"
std::optional<Objective> parse_objective(std::string_view text);

// Why a layout was not feasible. The first group is found by the divisibility check before any
// estimate; the second after the full estimate. Ids are stable (JSON keys).
enum class PlanReason {
  TpExceedsNode, TpHeads, TpKvHeads, TpFfn, TpExpertFfn, PpLayers, CpSeq, LayoutGpus,
  EpDense, EpExperts, EpDpCp, VppNeedsPp, VppLayers, VppUneven, GlobalBatch, SpNoTp, TpOverlapNeedsSp,
  Memory, NoProgress, Power, Budget, Deadline, PriceMissing,
  Count
};
inline constexpr int kPlanReasons = int(PlanReason::Count);
inline constexpr PlanReason kFirstEstimateReason = PlanReason::Memory;
inline bool after_estimate(PlanReason r) { return int(r) >= int(kFirstEstimateReason); }
std::string_view reason_id(PlanReason r);  // "tp_heads", "memory", ...

// What is searched. An empty list means the default (docs/planner.md): every value that can be
// valid for the model and cluster. A list with one value holds that knob.
struct SearchSpace {
  std::vector<int> gpus;             // cluster sizes, whole nodes (spares included); empty: base
  std::vector<std::string> fabrics;  // fabric ids; empty: the base scenario's fabric
  std::vector<int> tp, pp, vpp, cp, ep, micro_batch;
  std::vector<Recompute> recompute;
  std::vector<Zero> zero;
  std::vector<int> sp;               // 0 off, 1 on
  // TP communication overlap (Megatron-Core --tp-comm-overlap, Transformer Engine userbuffers):
  // 0 off, 1 on; it needs SP (Megatron-Core refuses it without), so it is searched with SP on.
  std::vector<int> tp_overlap;
  bool tp_across_nodes = false;      // allow TP groups larger than a node
  bool even_chunks_only = true;      // VPP must divide the layers per stage (Megatron-LM requires it)
  int max_micro_batch = 64;          // default micro-batch list: divisors of the global batch up to this
  // Limits; 0: none.
  double max_power_kw = 0;           // facility peak power (IT peak x PUE), kW
  double max_budget_per_month = 0;   // cost.budget_per_month, in the scenario's output currency
  double deadline_s = 0;             // real time to train the token budget, s
  int spare_nodes = 0;               // nodes of each cluster held back from the job
};

struct PlanProgress {
  int units_done = 0, units_total = 0;  // work units: (cluster, TP, PP, CP) combinations
  long long evaluated = 0;
};

// What a layout is ranked by. Robust (the default): the objective at the pessimistic edge of
// the layout's band (throughput.band_low; time and cost scaled up alike), so that a layout
// whose estimate stands where few published runs do (its band widened for each evidence gap,
// engine/error_band.h) wins only by more than its extra uncertainty: searching 10^5 layouts,
// ranking by the point estimate recommends exactly the corners the engine overrates (the
// optimizer's curse). Optimistic: the point estimate.
enum class Ranking { Robust, Optimistic };
std::string_view to_string(Ranking r);  // "robust", "optimistic"

struct PlanOptions {
  Objective objective = Objective::Throughput;
  Ranking ranking = Ranking::Robust;
  int top = 10;
  int threads = 0;                            // 0: every core
  const std::atomic<bool>* cancel = nullptr;  // set to stop early; the result says cancelled
  // Called after each work unit, from a worker thread, never two at once.
  std::function<void(const PlanProgress&)> progress;
};

// One layout: the search's coordinates. Ordered by key() for deterministic ties.
struct PlanLayout {
  int gpus = 0;       // cluster size (spare nodes included)
  int job_gpus = 0;   // GPUs the job runs on
  int fabric = 0;     // index into PlanResult::fabrics
  int tp = 1, pp = 1, cp = 1, ep = 1, vpp = 1, micro_batch = 1, dp = 0;
  Recompute recompute = Recompute::None;
  Zero zero = Zero::Stage0;
  bool sp = false;
  bool tp_overlap = false;
};
bool key_less(const PlanLayout& a, const PlanLayout& b);

struct PlanMetrics {
  double tokens_per_s = 0;
  double time_s = 0;         // reliability.real_train_time_s (0 without a token budget)
  double run_cost = 0;       // cost.run_total
  double cost_per_mtok = 0;  // cost.per_million_tokens
  double score = 0;          // the objective, lower is better (throughput negated)
  // The next objective, which breaks ties of the score (lower is better): throughput ties go
  // to the lower cost per token, time ties to the lower run cost, cost and cost-per-token
  // ties to the shorter time to train.
  double tiebreak = 0;
  double memory_bytes = 0;   // memory.peak.total()
  std::uint32_t warnings = 0;  // bit i set: the estimate raises WarningCode i
};
// Two layouts estimate identically: every figure the ranking shows is equal.
bool same_figures(const PlanMetrics& a, const PlanMetrics& b);

struct PlanEntry {
  PlanLayout layout;
  PlanMetrics metrics;
  Scenario scenario;  // the base scenario with this layout applied
  Estimate estimate;
  // Layouts that estimate identically to this one (recompute none and selective with flash
  // attention, say), collapsed into this row; the row's layout is the lowest key of them.
  std::vector<PlanLayout> variants;
};

// The top layouts the estimates cannot rank against the winner, and which of them to
// prefer. Every estimate carries an uncertainty band (throughput.band_low/high, from the
// cross-validated residuals of its buckets, engine/error_band.h); a layout lies within the
// winner's band when its optimistic edge reaches the winner's pessimistic edge in the objective
// (the band scales time and cost as it scales throughput). Among those the planner recommends
// the layout family with the most validation behind it (the fewer of the fitted corpus runs of
// its TP-degree and sharding buckets), then one with comfortable memory headroom (at least
// kComfortableHeadroom of the GPU's memory left), then the better estimate: an optimistic corner
// the corpus never covered, or a layout at the edge of memory, is not what a budget should rest
// on (the optimizer's curse).
// A product choice, not a measurement: twice the default reserve the memory estimate already
// keeps (overheads.headroom_fraction, 5%), room for a longer sequence or a framework upgrade.
inline constexpr double kComfortableHeadroom = 0.10;
struct BandTie {
  int within = 0;            // entries of `top` within the winner's band, the winner included
  int recommended = 0;       // index into `top`
  int validation_runs = 0;   // the recommended layout family's fitted corpus runs
  double headroom_bytes = 0; // the recommended layout's memory headroom
};
// The corpus runs behind a layout's family: the fewer of its TP-degree and sharding buckets'.
int validation_runs(const Scenario& s);

struct PlanResult {
  std::vector<Problem> problems;  // invalid input: nothing was searched
  bool ok() const { return problems.empty(); }
  Objective objective = Objective::Throughput;
  std::vector<std::string> fabrics;  // ids, indexed by PlanLayout::fabric
  long long considered = 0;          // every combination of the knob lists
  long long rejected_divisibility = 0;
  long long evaluated = 0;           // fully estimated
  long long feasible = 0;
  std::array<long long, kPlanReasons> rejected{};
  std::array<std::optional<PlanLayout>, kPlanReasons> example{};  // first layout of each reason
  bool cancelled = false;
  double elapsed_s = 0;
  int threads = 1;
  std::vector<PlanEntry> top;       // best first
  std::vector<PlanEntry> frontier;  // time ascending, cost descending; empty without a token budget
  // When nothing is feasible: the reason that rejected the most (among those after the estimate
  // if anything was estimated; never vpp_needs_pp or sp_no_tp, which only skip duplicate
  // layouts), and a sentence with an example.
  std::optional<PlanReason> binding;
  std::string binding_text;
  // When nothing fits in memory: the layout that came closest (least memory, headroom
  // included, over the GPU's), and what would make it fit (a GPU with more memory from the
  // catalog, or more GPUs), in a sentence.
  std::optional<PlanEntry> closest;
  std::string closest_text;
  // The band tie among `top` (when it is not empty) and a sentence saying it (empty when the
  // winner stands alone in its band).
  BandTie tie;
  std::string tie_text;
  Ranking ranking = Ranking::Robust;
  // When the winner stands in a corner few published runs cover (its band's evidence gaps,
  // engine/error_band.h): the index in `top` of the best layout without any gap (-1: none in
  // the top N), and a sentence naming the gaps and that layout with its figure ("" otherwise).
  int nearest_validated = -1;
  std::string evidence_text;
};

// The band tie among `r.top` (r.top must not be empty), and the sentence that says it ("" when
// the winner stands alone in its band).
BandTie band_tie(const PlanResult& r);
std::string tie_text(const PlanResult& r);
// PlanResult::evidence_text for a winner with evidence gaps (r.top not empty).
std::string evidence_text(const PlanResult& r);
// What the planner offers a layout that stands outside the evidence (r.top not empty): its
// evidence_text when its own winner has gaps, else the winner, which stands inside the evidence,
// with its figure and band.
std::string validated_layout_text(const PlanResult& r);

// `base`: the model, training setup, cluster and assumptions; its layout is ignored (DP is always
// derived). Deterministic: the same result with 1 thread or many (except elapsed_s, threads).
PlanResult plan(const Scenario& base, const SearchSpace& space, const PlanOptions& options);

// The base scenario with a layout applied (cluster size, fabric, parallelism, training knobs).
Scenario apply_layout(const Scenario& base, const PlanLayout& l, const std::vector<std::string>& fabrics);

// "TP 8, PP 4, VPP 1, CP 1, EP 1, DP 4, micro-batch 1, recompute selective, ZeRO 1, SP on"
// (", TP overlap on" appended when set).
std::string layout_text(const PlanLayout& l);
// Why `l` was rejected for reason `r`, in a sentence (re-estimates for the later reasons).
// The warnings of a layout's estimate, by their ids: "few_micro_batches, uneven_pipeline".
std::string warnings_text(std::uint32_t warnings);
std::string reason_text(PlanReason r, const PlanLayout& l, const Scenario& base, const SearchSpace& space,
                        const std::vector<std::string>& fabrics);

}  // namespace cp
