//===- Search.h - Whole-graph partition search ------------------*- C++ -*-===//
//
// For k workers factored as k = k1 * k2 * ... (largest factors first), the
// search finds, level by level, the k_i-way plan with least communication on
// the graph as each group of devices sees it after the previous levels
// (Tofu's recursion, extended beyond powers of two). At each level every
// tensor class gets a layout (split along one dimension, or replicated when
// no dimension divides) and every op class a strategy (split one loop of its
// iteration space, or replicate the op). The cost is the number of bytes that
// must move so each worker holds the regions its strategy reads (exact
// region arithmetic, so halos are included), plus reductions of partial
// outputs (reduce-scatter (m-1)·A, all-reduce 2(m-1)·A). See docs/search.md
// and docs/cost-model.md.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PARTITION_SEARCH_H
#define TOFU_PARTITION_SEARCH_H

#include "Tofu/Partition/Graph.h"
#include "Tofu/Partition/Machine.h"

#include "Tofu/Support/EnumOption.h"

#include "mlir/IR/BuiltinOps.h"

#include <functional>
#include <optional>
#include <vector>

namespace mlir::tofu {

enum class SearchStrategy {
  Tofu,
  DataParallel,
  AllRowGreedy,
  Spartan,
  EqualChop,
  NoReduce,
  Exhaustive
};

/// What each level of the search minimizes (the `objective=` option).
enum class SearchObjective {
  /// Tofu's: the bytes the level moves. A tensor is replicated only where no
  /// dimension splits, since replicas move nothing and a byte count cannot
  /// see the compute they repeat or the memory they take.
  Bytes,
  /// The level's estimated time on SearchOptions::machine: every transfer's
  /// bytes at the level's link bandwidth plus its latency steps, and every
  /// op's roofline compute under its strategy. Every tensor may also stay
  /// replicated, which is how Megatron-LM's plans keep the residual stream
  /// whole (docs/search.md#the-time-objective).
  Time
};

std::optional<SearchStrategy> parseSearchStrategy(StringRef name);
StringRef stringifySearchStrategy(SearchStrategy s);
/// All strategy names, for benchmarks and fuzzers.
ArrayRef<StringRef> searchStrategyNames();
/// The names of the `strategy=` option (every pass and pipeline that runs
/// the search takes it), with what each does.
llvm::cl::ValuesClass searchStrategyValues();
/// The names of the `objective=` option: bytes | time.
llvm::cl::ValuesClass searchObjectiveValues();

struct SearchOptions {
  SearchStrategy strategy = SearchStrategy::Tofu;
  /// Largest table (entries) the solver library's elimination DP may create
  /// at a level (the `beam=` option); the variables it cannot eliminate
  /// within it get local search, and the level is reported approximate.
  unsigned maxTableEntries = 1u << 16;
  /// Bytes one device may hold (the `memory=` option); 0: no limit. Each
  /// level's solve keeps its modelled tensor shards under it, and a plan
  /// whose memory estimate (estimateMemory) exceeds it is refused.
  double memoryLimit = 0;
  /// Most assignments `exhaustive` may enumerate per level.
  uint64_t exhaustiveLimit = 20000000;
  /// Also solve every level by exhaustive enumeration and record its optimum
  /// (LevelPlan::exhaustiveCost), to test the dynamic program.
  bool crossCheck = false;
  /// Also solve every level by the frontier dynamic program the search used
  /// before it ran on the solver library (LevelPlan::frontierCost), to test
  /// that the library finds the same optima.
  bool crossCheckFrontier = false;
  /// What a level minimizes; the time objective needs `machine`.
  SearchObjective objective = SearchObjective::Bytes;
  const Machine *machine = nullptr;
  /// The time objective's arithmetic (the machine's peak for this element
  /// type) and the factor on 4-byte float tensors' bytes (0.5 when a
  /// planner assumes bf16 storage).
  std::string elementType = "f32";
  double floatBytesScale = 1;
  /// Partial sums may flow into ops linear in them before they are reduced
  /// (tofu and exhaustive strategies, outside pipelines; docs/search.md).
  bool partials = true;
  /// The recursion levels to use (their product must be k). Empty: `tofu`
  /// tries every factorization of k into non-increasing factors (8: 8, 4x2,
  /// 2x2x2) and keeps the cheapest plan; the baselines use the prime
  /// factors (equal-chop: one level of k).
  SmallVector<unsigned> levels;
  /// More than 1: level 0 cuts the batch into this many microbatches run one
  /// after another on the same devices (pipeline parallelism, see
  /// docs/pipeline.md) and the levels after it partition each microbatch.
  /// The workers then count microbatches times devices.
  unsigned microbatches = 1;
  /// Called before each factorization is searched (index from 0, count, its
  /// levels), e.g. to show progress; may be empty.
  std::function<void(unsigned, unsigned, ArrayRef<unsigned>)> progress;
  /// Tensor classes and op classes whose alternatives to explain: at every
  /// level the search also solves the level once per value of each one's
  /// domain, with the variable held at that value (LevelPlan::explanations).
  /// Each costs one more solve per value and level.
  SmallVector<unsigned> explainTensors, explainOps;
  /// Non-empty: a directory into which every level's problem is written in
  /// the IOPDDL contest's format before it is solved (`dump-levels=`).
  std::string dumpLevels;
};

/// Why a tensor class has its layout (or an op class its strategy) at one
/// level: the level's least communication with the variable held at each
/// value it could take, the other variables free and the earlier levels as
/// chosen. The chosen value's entry is the level's optimum.
struct LevelExplanation {
  bool isTensor = true;
  /// The tensor class or op class.
  unsigned index = 0;
  /// Per value of the variable's domain: the split dimension (tensor) or
  /// loop (op), -1 for replicated, and the level's bytes over all groups.
  std::vector<std::pair<int, double>> options;
};

struct LevelPlan {
  unsigned ways = 1;
  /// Devices in each group whose members communicate at this level.
  unsigned groupSize = 1;
  /// Number of such groups (product of the earlier factors).
  unsigned numGroups = 1;
  /// Per tensor class: the split dimension, or -1 for replicated.
  SmallVector<int> tensorDim;
  /// Per op class: the split loop, or -1 for a replicated op.
  SmallVector<int> opLoop;
  /// Bytes communicated by one group, and by all groups.
  double groupCommBytes = 0;
  double commBytes = 0;
  /// Per op (PartitionGraph::ops): the bytes it moves at this level, all
  /// groups together; they add up to commBytes.
  std::vector<double> opCommBytes;
  /// Largest per-device buffer one op needs for fetched data (bytes).
  double largestFetchBytes = 0;
  /// Latency steps one group's transfers take (docs/cost-model.md): m - 1
  /// per transfer of an m-way level, 2(m - 1) per all-reduce; times the
  /// link's latency, the α part of the level's communication time.
  double latencySteps = 0;
  /// Widest live-variable frontier of the visit order (variables touched by
  /// a visited op and by one still to come): a measure of the level's
  /// structure, whatever solves it.
  unsigned widestFrontier = 0;
  /// Largest table the library's elimination created (entries).
  uint64_t maxStates = 0;
  /// Variables the elimination could not take within its table cap.
  unsigned coreSize = 0;
  /// The solver could not prove this level's assignment optimal.
  bool approximate = false;
  /// No assignment of this level keeps its modelled memory under the limit
  /// (the level then keeps the least-communication assignment).
  bool overLimit = false;
  /// The optimum of this level's problem found by the solver, and by
  /// exhaustive enumeration when SearchOptions::crossCheck is set (-1: not
  /// computed).
  double solverCost = 0;
  double exhaustiveCost = -1;
  /// One per tensor and op class in SearchOptions::explainTensors/Ops.
  std::vector<LevelExplanation> explanations;
  /// The frontier DP's optimum (SearchOptions::crossCheckFrontier; -1: not
  /// computed) and whether its beam cut states.
  double frontierCost = -1;
  bool frontierApproximate = false;
};

struct Plan {
  SearchStrategy strategy = SearchStrategy::Tofu;
  SearchObjective objective = SearchObjective::Bytes;
  unsigned workers = 1;
  SmallVector<unsigned> levels;
  /// Factorizations the search compared, with their total bytes.
  SmallVector<std::pair<SmallVector<unsigned>, double>> alternatives;
  SmallVector<LevelPlan, 4> perLevel;
  double commBytes = 0;
  double searchSeconds = 0;
  /// The time objective's estimate of the step on one device: the levels'
  /// communication (bytes at each level's link bandwidth plus latency
  /// steps) and the roofline compute of every op's share (0 for the bytes
  /// objective). Factorizations are compared by it.
  double estimatedSeconds = 0;
  /// The memory estimate's peak per device (estimateMemory), when the search
  /// had a memory limit; else 0.
  double peakBytes = 0;
};

/// Bytes of all tensors of `graph` one device holds under `plan` (each
/// tensor divided by the ways of the levels that split it; no buffer reuse).
double perDeviceTensorBytes(const PartitionGraph &graph, const Plan &plan);

/// Prime factors of k, largest first (k = 12 -> 3, 2, 2).
SmallVector<unsigned> factorWorkers(unsigned k);

/// Every factorization of k into non-increasing factors >= 2, finest first
/// (8 -> {2,2,2}, {4,2}, {8}).
SmallVector<SmallVector<unsigned>> factorizations(unsigned k);

/// The factors of a factorization joined by `separator` ("4x2" by default;
/// "4,2" is how levels= spells it).
std::string joinFactors(ArrayRef<unsigned> factors, StringRef separator = "x");

/// Searches a k-worker plan. Fails with `error` set (e.g. exhaustive search
/// too large); `doesNotFit`, when given, says whether the failure is that no
/// plan fits SearchOptions::memoryLimit.
FailureOr<Plan> searchPlan(const PartitionGraph &graph, unsigned k,
                           const SearchOptions &options, std::string &error,
                           bool *doesNotFit = nullptr);

/// Writes `plan` into the IR as the Tofu dialect's attributes (docs/plan.md):
/// the module's tofu.partition, each op's tofu.strategy (keeping a pipeline
/// stage it had) and tofu.layouts, the arguments' tofu.layout.
void attachPlan(ModuleOp module, const PartitionGraph &graph, const Plan &plan,
                const Machine &machine);

} // namespace mlir::tofu

TOFU_ENUM_OPTION(::mlir::tofu::SearchStrategy)
TOFU_ENUM_OPTION(::mlir::tofu::SearchObjective)

#endif // TOFU_PARTITION_SEARCH_H
