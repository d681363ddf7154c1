//===- PlanPass.cpp - --tofu-plan: the time- and memory-aware planner -----===//
//
// Builds the planner's problem from a training step (StepModel), searches
// it (JointSearch) with the strategy's search space, and prints and writes
// the plan. See docs/planner.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/Collectives.h"
#include "Tofu/Analysis/TrainingStep.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Partition/Graph.h"
#include "Tofu/Partition/Machine.h"
#include "Tofu/Partition/Report.h"
#include "Tofu/Partition/Search.h"
#include "Tofu/Partition/StagedPlan.h"
#include "Tofu/Pipelines/StagedPipeline.h"
#include "Tofu/Planner/JointSearch.h"
#include "Tofu/Planner/Passes.h"
#include "Tofu/Planner/StepModel.h"
#include "Tofu/Support/DiagnosticKind.h"
#include "Tofu/Support/Numbers.h"
#include "Tofu/Support/OutputFile.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <chrono>
#include <cmath>

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUPLAN
#include "Tofu/Planner/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::planner;

StringRef mlir::tofu::stringifyPlannerStrategy(PlannerStrategy strategy) {
  switch (strategy) {
  case PlannerStrategy::Planner:
    return "planner";
  case PlannerStrategy::Megatron:
    return "megatron";
  case PlannerStrategy::Zero3:
    return "zero3";
  case PlannerStrategy::Alpa:
    return "alpa";
  case PlannerStrategy::TofuBytes:
    return "tofu-bytes";
  }
  llvm_unreachable("unknown planner strategy");
}

StringRef mlir::tofu::stringifyPlannerOptimizer(PlannerOptimizer optimizer) {
  switch (optimizer) {
  case PlannerOptimizer::Sgd:
    return "sgd";
  case PlannerOptimizer::Adam:
    return "adam";
  case PlannerOptimizer::AdamMixed:
    return "adam-mixed";
  }
  llvm_unreachable("unknown optimizer");
}

llvm::cl::ValuesClass mlir::tofu::plannerStrategyValues() {
  using S = PlannerStrategy;
  auto name = [](S s) { return stringifyPlannerStrategy(s); };
  return llvm::cl::values(
      clEnumValN(S::Planner, name(S::Planner),
                 "the joint data x pipeline x tensor search"),
      clEnumValN(S::Megatron, name(S::Megatron),
                 "Megatron-LM's data x tensor x pipeline grid"),
      clEnumValN(S::Zero3, name(S::Zero3),
                 "data parallel over every device, ZeRO-3"),
      clEnumValN(S::Alpa, name(S::Alpa),
                 "Alpa's two passes on this cost model"),
      clEnumValN(S::TofuBytes, name(S::TofuBytes),
                 "Tofu's bytes-only search over all devices as one tensor "
                 "partition"));
}

llvm::cl::ValuesClass mlir::tofu::plannerOptimizerValues() {
  using O = PlannerOptimizer;
  auto name = [](O o) { return stringifyPlannerOptimizer(o); };
  return llvm::cl::values(
      clEnumValN(O::Sgd, name(O::Sgd), "4+4+4 bytes per parameter"),
      clEnumValN(O::Adam, name(O::Adam), "4+4+8 bytes per parameter"),
      clEnumValN(O::AdamMixed, name(O::AdamMixed),
                 "mixed-precision Adam (2+2+12 bytes)"));
}

namespace {

std::string gb(double bytes) {
  if (bytes >= 1e9)
    return llvm::formatv("{0:F1} GB", bytes / 1e9).str();
  if (bytes >= 1e6)
    return llvm::formatv("{0:F1} MB", bytes / 1e6).str();
  return llvm::formatv("{0:F1} kB", bytes / 1e3).str();
}

/// The memory limit as the plan's header and errors say it (0: none).
std::string memoryLimitText(double bytes) {
  return bytes > 0 ? gb(bytes) + " per device" : "no memory limit";
}

struct PlanContext {
  const PartitionGraph *graph;
  const StepStructure *step;
  const Machine *machine;
  SegmentEvaluator *evaluator;
  PlannerStrategy strategy;
};

/// The strategy's search space over the shared problem.
JointProblem buildProblem(const PlanContext &ctx, unsigned gpus,
                          int64_t globalBatch, double memory,
                          const OptimizerModel &optimizer, unsigned maxTensor,
                          unsigned maxMicrobatches) {
  JointProblem p;
  p.machine = ctx.machine;
  p.devices = gpus;
  p.globalBatch = globalBatch;
  p.memoryLimit = memory;
  p.optimizer = optimizer;
  for (const StepSegment &s : ctx.step->segments)
    p.segmentKind.push_back(s.kind);
  p.numKinds = ctx.step->kinds.size();
  p.maxTensorDegree = maxTensor;
  p.maxMicrobatches = maxMicrobatches;
  p.zeroStages = {0, 1, 2, 3};
  // Every strategy's segment costs are rooflines whose FLOPs and operands
  // a degree-t option divides by at most t (Tofu's levels, Megatron's
  // splits, Alpa's strategies).
  p.computeDividesByDegree = true;
  SegmentEvaluator *evaluator = ctx.evaluator;
  // The planner's tensor options: Tofu's plan for each factorization of
  // the degree, then Megatron-LM's splits.
  p.optionsFor = [evaluator](unsigned degree) {
    SmallVector<TensorOption> all = evaluator->options(degree);
    if (degree > 1)
      all.append(evaluator->megatronOptions(degree));
    return all;
  };
  p.prepare = [evaluator](unsigned degree, int64_t batch) {
    evaluator->prefetch(degree, batch, evaluator->options(degree).size());
  };
  p.cost = [evaluator](unsigned kind, unsigned degree, unsigned option,
                       int64_t batch) {
    if (option < evaluator->options(degree).size())
      return evaluator->cost(kind, degree, option, batch);
    return evaluator->megatronCost(kind, degree, batch);
  };
  if (ctx.strategy == PlannerStrategy::Megatron) {
    // Megatron-LM's grid: its own splits in each layer, no ZeRO.
    p.zeroStages = {0};
    p.prepare = nullptr;
    p.optionsFor = [evaluator](unsigned degree) {
      return evaluator->megatronOptions(degree);
    };
    p.cost = [evaluator](unsigned kind, unsigned degree, unsigned,
                         int64_t batch) {
      return evaluator->megatronCost(kind, degree, batch);
    };
  } else if (ctx.strategy == PlannerStrategy::Alpa) {
    // Alpa (OSDI'22): stages and microbatches as the other strategies
    // (its stage program minimises the same sum + (M - 1) * slowest, and
    // drops stages over the memory limit); each stage's tensor axis is
    // planned by its intra-operator ILP. Alpa has no ZeRO; its
    // rematerialization is one switch for every layer.
    p.zeroStages = {0};
    p.prepare = nullptr;
    p.optionsFor = [evaluator](unsigned degree) {
      return evaluator->alpaOptions(degree);
    };
    p.cost = [evaluator](unsigned kind, unsigned degree, unsigned,
                         int64_t batch) {
      return evaluator->alpaCost(kind, degree, batch);
    };
  } else if (ctx.strategy == PlannerStrategy::Zero3) {
    p.fixedTensor = 1;
    p.fixedPipeline = 1;
    p.zeroStages = {3};
  } else if (ctx.strategy == PlannerStrategy::TofuBytes) {
    // Tofu's recursion over all devices, prime factors (the paper's), one
    // step at once: no replicas, stages, microbatches or recomputation.
    p.fixedTensor = gpus;
    p.fixedPipeline = 1;
    p.maxTensorDegree = gpus;
    p.maxMicrobatches = 1;
    p.zeroStages = {0};
    p.recompute = {false};
    p.prepare = [evaluator](unsigned degree, int64_t batch) {
      evaluator->prefetch(degree, batch, 1);
    };
    p.optionsFor = [evaluator](unsigned degree) {
      SmallVector<TensorOption> all = evaluator->options(degree);
      all.resize(1); // the prime factors come first
      return all;
    };
  }
  return p;
}

std::string scheduleText(const JointPlan &plan) {
  if (plan.gpipe)
    return "GPipe";
  if (plan.virtualStages > 1)
    return "interleaved 1F1B (" + std::to_string(plan.virtualStages) +
           " virtual stages per rank)";
  return "1F1B";
}

void printTable(raw_ostream &os, const PlanContext &ctx, const JointProblem &p,
                const JointPlan &plan, double searchSeconds) {
  const Machine &m = *ctx.machine;
  os << "Plan for @" << ctx.graph->func.getSymName() << ": " << p.devices
     << " x " << m.name << " (" << memoryLimitText(p.memoryLimit)
     << "), strategy " << stringifyPlannerStrategy(ctx.strategy) << "\n";
  os << "step: global batch " << p.globalBatch << ", optimizer "
     << p.optimizer.name << "; " << ctx.step->segments.size() << " segments in "
     << ctx.step->kinds.size() << " kinds:";
  for (auto [k, kind] : llvm::enumerate(ctx.step->kinds))
    os << " " << kind.name << (kind.count > 1 ? " (x" : "")
       << (kind.count > 1 ? std::to_string(kind.count) + ")" : "")
       << (ctx.evaluator->periodic(k) ? " periodic" : "");
  os << "\n";
  os << "degrees: data " << plan.data << " x pipeline " << plan.pipeline
     << " x tensor " << plan.tensor << " ("
     << llvm::join(plan.optionNames, ", ") << "); " << plan.microbatches
     << " microbatches of " << plan.microbatchSize << ", " << scheduleText(plan)
     << ", recompute " << (plan.recompute ? "yes" : "no") << ", ZeRO "
     << plan.zero << "\n";
  os << "estimated step: " << humanSeconds(plan.stepSeconds) << " = compute "
     << humanSeconds(plan.computeSeconds) << " + tensor comm "
     << humanSeconds(plan.tensorCommSeconds);
  for (auto [l, t] : llvm::enumerate(plan.tensorCommByLevel))
    if (t > 0)
      os << " (" << m.links[l].name << " " << humanSeconds(t) << ")";
  os << " + p2p " << humanSeconds(plan.p2pSeconds);
  if (plan.zero >= 3)
    os << " + ZeRO-3 gathers (exposed) " << humanSeconds(plan.zeroCommSeconds);
  os << " + bubble " << humanSeconds(plan.bubbleSeconds) << " + data sync "
     << humanSeconds(plan.dataSyncSeconds) << " + update "
     << humanSeconds(plan.updateSeconds) << "\n";
  const StageReport *worst = &plan.stages.front();
  for (const StageReport &s : plan.stages)
    if (s.peakBytes > worst->peakBytes)
      worst = &s;
  os << "peak memory per device (estimate): " << gb(worst->peakBytes)
     << " = parameters " << gb(worst->parameterBytes) << " + gradients "
     << gb(worst->gradientBytes) << " + optimizer " << gb(worst->optimizerBytes)
     << " + activations " << gb(worst->activationBytes) << " + buffers "
     << gb(worst->bufferBytes) << "\n";
  os << "search: " << llvm::formatv("{0:F3}", searchSeconds)
     << " s (per-layer Tofu searches "
     << llvm::formatv("{0:F3}", ctx.evaluator->searchSeconds()) << " s); "
     << plan.evaluated << " configurations evaluated, " << plan.pruned
     << " pruned by the bound, " << plan.prunedGroups
     << " (degree, stages, microbatches) groups pruned before their tensor "
        "options were searched; "
     << (plan.optionsExhaustive
             ? "exhaustive over the searched space (gap 0%)"
             : "not exhaustive: segments that occur once took their fastest "
               "tensor option (gap not bounded)")
     << "\n";
  if (ctx.strategy == PlannerStrategy::Alpa)
    os << "alpa: " << ctx.evaluator->alpaSolves()
       << " stage ILPs solved by TofuSolver in "
       << llvm::formatv("{0:F3}", ctx.evaluator->alpaSeconds()) << " s, "
       << (ctx.evaluator->alpaAllOptimal() ? "every one proven optimal"
                                           : "not every one proven optimal")
       << "\n";
  os << "stage  segments              microbatch    compute       tensor "
        "comm   p2p           in flight  peak memory\n";
  for (auto [s, st] : llvm::enumerate(plan.stages)) {
    std::string segs = ctx.step->segments[st.firstSegment].name;
    if (st.lastSegment != st.firstSegment)
      segs += ".." + ctx.step->segments[st.lastSegment].name;
    os << llvm::formatv(
        "{0,-6} {1,-21} {2,-13} {3,-13} {4,-13} {5,-13} "
        "{6,-10} {7}\n",
        plan.virtualStages > 1
            ? std::to_string(s) + "/r" + std::to_string(s % plan.pipeline)
            : std::to_string(s),
        segs, humanSeconds(st.microbatchSeconds),
        humanSeconds(st.computeSeconds), humanSeconds(st.tensorCommSeconds),
        humanSeconds(st.p2pSeconds), st.inFlight, gb(st.peakBytes));
  }
}

llvm::json::Object toJSON(const PlanContext &ctx, const JointProblem &p,
                          const JointPlan &plan, double searchSeconds) {
  llvm::json::Array stages;
  for (const StageReport &s : plan.stages)
    stages.push_back(llvm::json::Object{
        {"first_segment", ctx.step->segments[s.firstSegment].name},
        {"last_segment", ctx.step->segments[s.lastSegment].name},
        {"microbatch_seconds", s.microbatchSeconds},
        {"compute_seconds", s.computeSeconds},
        {"tensor_comm_seconds", s.tensorCommSeconds},
        {"p2p_seconds", s.p2pSeconds},
        {"in_flight", s.inFlight},
        {"memory", llvm::json::Object{{"parameters", s.parameterBytes},
                                      {"gradients", s.gradientBytes},
                                      {"optimizer", s.optimizerBytes},
                                      {"activations", s.activationBytes},
                                      {"buffers", s.bufferBytes},
                                      {"peak", s.peakBytes}}}});
  llvm::json::Object byLink;
  for (auto [l, t] : llvm::enumerate(plan.tensorCommByLevel))
    byLink[ctx.machine->links[l].name] = t;
  llvm::json::Array kinds;
  for (auto [k, kind] : llvm::enumerate(ctx.step->kinds))
    kinds.push_back(llvm::json::Object{
        {"name", kind.name},
        {"count", kind.count},
        {"periodic", ctx.evaluator->periodic(k)},
        {"tensor_option",
         k < plan.optionNames.size() ? plan.optionNames[k] : std::string()}});
  llvm::json::Object result{
      {"function", ctx.graph->func.getSymName().str()},
      {"strategy", stringifyPlannerStrategy(ctx.strategy)},
      {"machine", ctx.machine->name},
      {"devices", p.devices},
      {"memory_limit_bytes", p.memoryLimit},
      {"global_batch", p.globalBatch},
      {"optimizer", p.optimizer.name},
      {"training", p.optimizer.training},
      {"found", plan.found},
      {"degrees", llvm::json::Object{{"data", plan.data},
                                     {"pipeline", plan.pipeline},
                                     {"tensor", plan.tensor}}},
      {"microbatches", plan.microbatches},
      {"microbatch_size", plan.microbatchSize},
      {"schedule", plan.gpipe               ? "gpipe"
                   : plan.virtualStages > 1 ? "interleaved"
                                            : "1f1b"},
      {"virtual_stages", plan.virtualStages},
      {"recompute", plan.recompute},
      {"zero", plan.zero},
      {"kinds", std::move(kinds)},
      {"estimate",
       llvm::json::Object{{"model",
                           "docs/cost-model.md (roofline compute, alpha-beta "
                           "collectives per link level, GPipe, 1F1B or "
                           "interleaved 1F1B pipeline)"},
                          {"step_seconds", plan.stepSeconds},
                          {"compute_seconds", plan.computeSeconds},
                          {"tensor_comm_seconds", plan.tensorCommSeconds},
                          {"tensor_comm_by_link", std::move(byLink)},
                          {"p2p_seconds", plan.p2pSeconds},
                          {"zero3_exposed_comm_seconds", plan.zeroCommSeconds},
                          {"bubble_seconds", plan.bubbleSeconds},
                          {"data_sync_seconds", plan.dataSyncSeconds},
                          {"update_seconds", plan.updateSeconds},
                          {"peak_bytes", plan.peakBytes}}},
      {"stages", std::move(stages)},
      {"search_seconds", searchSeconds},
      {"layer_search_seconds", ctx.evaluator->searchSeconds()},
      {"configurations_evaluated", plan.evaluated},
      {"configurations_pruned", plan.pruned},
      {"configuration_groups_pruned", plan.prunedGroups},
      {"exhaustive", plan.optionsExhaustive},
      {"optimality_gap", plan.optionsExhaustive ? llvm::json::Value(0.0)
                                                : llvm::json::Value(nullptr)}};
  if (ctx.strategy == PlannerStrategy::Alpa)
    result["stage_ilp"] =
        llvm::json::Object{{"solves", ctx.evaluator->alpaSolves()},
                           {"seconds", ctx.evaluator->alpaSeconds()},
                           {"all_optimal", ctx.evaluator->alpaAllOptimal()},
                           {"solver", "TofuSolver (CBC MILP)"}};
  return result;
}

/// A training step has backward ops (--tofu-autodiff's tofu.grad_of and
/// tofu.fwd) or updates (tofu.update_of); without them the function is a
/// forward step, and charging it gradients, optimizer state and an update
/// would overstate its memory and time.
static bool isTrainingStep(func::FuncOp func) {
  WalkResult found = func.walk([](Operation *op) {
    return op->hasAttr(kGradOfAttrName) || op->hasAttr(kFwdAttrName) ||
                   op->hasAttr(kUpdateOfAttrName)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return found.wasInterrupted();
}

struct TofuPlanPass : public tofu::impl::TofuPlanBase<TofuPlanPass> {
  using TofuPlanBase::TofuPlanBase;

  FailureOr<func::FuncOp> findEntry(ModuleOp module) {
    if (!entry.empty()) {
      auto func = module.lookupSymbol<func::FuncOp>(entry);
      if (!func || func.isExternal())
        return emitError(module.getLoc(), "no function named '")
               << entry << "' with a body to plan (set entry=)";
      return func;
    }
    // The training step --tofu-autodiff makes, else the first public
    // function (as --tofu-search).
    if (auto step = module.lookupSymbol<func::FuncOp>("train_step");
        step && !step.isExternal())
      return step;
    for (auto func : module.getOps<func::FuncOp>())
      if (func.isPublic() && !func.isExternal())
        return func;
    return emitError(module.getLoc(), "no public function with a body to "
                                      "plan (set entry=)");
  }

  /// The planner plans an unpartitioned step: a module that carries a
  /// pipelined or materialized plan, or collectives, is a program made by a
  /// plan already (its shard ops have no descriptions to plan them by).
  LogicalResult checkNotPartitioned(ModuleOp module) {
    auto plan = module->getAttrOfType<PlanAttr>(kPartitionAttrName);
    if (plan && (plan.getMaterialized() || plan.getStages()))
      return emitError(module.getLoc())
             << "the module is already "
             << (plan.getMaterialized() ? "partitioned" : "placed on stages")
             << " (its tofu.partition plan has "
             << (plan.getMaterialized() ? "'materialized'" : "'stages'")
             << "); --tofu-plan plans the original training step";
    if (Operation *collective = findCollective(module))
      return emitError(collective->getLoc())
             << "the module is already partitioned ('" << collective->getName()
             << "' is a collective of a partitioned program); --tofu-plan "
                "plans the original training step";
    return success();
  }

  LogicalResult checkOptions(ModuleOp module, const Machine &m,
                             double &memoryBytes) {
    Location loc = module.getLoc();
    if (gpus == 0 || gpus > kMaxDevices)
      return emitError(loc, "gpus must be an integer from 1 to ")
             << kMaxDevices << ", got " << static_cast<unsigned>(gpus);
    if (globalBatch < 0)
      return emitError(loc, "global-batch must not be negative (0: the "
                            "step's own batch)");
    memoryBytes = m.deviceMemoryBytes;
    if (!memory.empty()) {
      std::string error;
      std::optional<double> bytes = parseByteCount(memory, "memory", error);
      if (!bytes)
        return emitError(loc, error);
      memoryBytes = *bytes;
    }
    return success();
  }

  /// The global batch fits the arithmetic: every batched tensor, rescaled
  /// to it, is at most kMaxByteCount bytes (a larger one made the peak
  /// overflow to a negative number that "fit").
  LogicalResult checkGlobalBatch(func::FuncOp func, const PartitionGraph &graph,
                                 const StepStructure &step, int64_t batch) {
    double scale = static_cast<double>(batch) / step.batch;
    for (auto [c, tensor] : llvm::enumerate(graph.tensors)) {
      if (step.batchDim[c] < 0)
        continue;
      double bytes = static_cast<double>(tensor.bytes()) * scale;
      if (bytes > kMaxByteCount)
        return emitError(func.getLoc())
               << "global-batch=" << batch << " makes tensor '" << tensor.name
               << "' " << llvm::formatv("{0:e2}", bytes)
               << " bytes, over the largest size the planner takes (2^60 "
                  "bytes); the step's own batch is "
               << step.batch;
    }
    return success();
  }

  LogicalResult checkAgainstBruteForce(func::FuncOp func,
                                       const JointProblem &problem,
                                       const JointPlan &plan) {
    JointPlan brute = bruteForcePlan(problem);
    bool same =
        brute.found == plan.found &&
        (!plan.found || std::abs(brute.stepSeconds - plan.stepSeconds) <=
                            1e-9 * brute.stepSeconds);
    if (same)
      return success();
    return emitError(func.getLoc())
           << "cross-check failed: the search found "
           << (plan.found ? humanSeconds(plan.stepSeconds) : "no plan")
           << ", brute force "
           << (brute.found ? humanSeconds(brute.stepSeconds) : "no plan");
  }

  /// The pins as the problem's search space; a pin that cannot apply is a
  /// located error naming the numbers.
  LogicalResult applyPins(func::FuncOp func, JointProblem &problem,
                          const StepStructure &step, bool training) {
    Location loc = func.getLoc();
    unsigned n = gpus;
    for (auto [name, degree] : {std::pair<StringRef, unsigned>{"data", data},
                                {"pipeline", pipeline},
                                {"tensor", tensor}})
      if (degree && n % degree)
        return emitError(loc) << name << "=" << degree << " does not divide "
                              << "the " << n << " devices (gpus=" << n << ")";
    std::optional<int64_t> pinned = checkedProduct(
        {data ? data : 1, pipeline ? pipeline : 1, tensor ? tensor : 1});
    if (!pinned || n % *pinned)
      return emitError(loc)
             << "data=" << data.getValue()
             << " x pipeline=" << pipeline.getValue()
             << " x tensor=" << tensor.getValue()
             << " (0: chosen) does not divide the " << n << " devices";
    if (data && pipeline && tensor && *pinned != n)
      return emitError(loc) << "data=" << data.getValue()
                            << " x pipeline=" << pipeline.getValue()
                            << " x tensor=" << tensor.getValue() << " is "
                            << *pinned << " devices, not "
                            << "the " << n << " of gpus=" << n;
    if (pipeline > step.segments.size())
      return emitError(loc)
             << "pipeline=" << pipeline.getValue() << " stages for "
             << step.segments.size() << " segments (each stage "
             << "holds at least one)";
    int64_t replicas = data ? data : 1;
    if (microbatches && problem.globalBatch % (replicas * microbatches))
      return emitError(loc)
             << "microbatches=" << microbatches.getValue()
             << (data ? " x data=" + std::to_string(data) : std::string())
             << " does not divide the global batch " << problem.globalBatch;
    if (failed(applySchedulePins(loc, problem, step)))
      return failure();
    problem.fixedData = data;
    if (pipeline)
      problem.fixedPipeline = pipeline;
    if (tensor)
      problem.fixedTensor = tensor;
    problem.fixedMicrobatches = microbatches;
    if (zero != ZeroPin::Chosen) {
      unsigned z = static_cast<unsigned>(zero.getValue()) - 1;
      if (!llvm::is_contained(problem.zeroStages, z))
        return emitError(loc)
               << "zero=" << z << " is not in the search space of "
               << (training
                       ? "strategy=" + stringifyPlannerStrategy(strategy).str()
                       : std::string("a forward step (no gradients or "
                                     "optimizer state)"));
      if (z > 0 && data == 1)
        return emitError(loc) << "zero=" << z << " shards over data-parallel "
                              << "replicas, and data=1 has none";
      problem.zeroStages = {z};
    }
    if (recompute != RecomputePin::Chosen) {
      bool r = recompute == RecomputePin::On;
      if (!llvm::is_contained(problem.recompute, r))
        return emitError(loc)
               << "recompute=true is not in the search space "
               << "of "
               << (training
                       ? "strategy=" + stringifyPlannerStrategy(strategy).str()
                       : std::string("a forward step"));
      problem.recompute = {r};
    }
    if (!materialize)
      return success();
    // What the program carries out today; the search keeps to it.
    if (!training)
      return emitError(loc) << "materialize=true carries out training steps; @"
                            << func.getSymName() << " has no backward or "
                            << "update ops (--tofu-partition partitions a "
                            << "forward computation)";
    // ZeRO 1 to 3 are carried out (the updates on each replica's part of
    // gradient, parameter and optimizer state; with 3 the parameters held
    // as parts and gathered before each use in the forward and backward),
    // and so is recomputation (each stage's backward re-runs the forward
    // ops it reads, from the segments' outputs).
    if (strategy != PlannerStrategy::Planner &&
        strategy != PlannerStrategy::Megatron)
      return emitError(loc) << "materialize=true carries out the planner's "
                               "and megatron's plans, not strategy="
                            << stringifyPlannerStrategy(strategy);
    if (problem.globalBatch != step.batch)
      return emitError(loc)
             << "materialize=true runs the step's own batch (" << step.batch
             << "), not global-batch=" << problem.globalBatch;
    // The pipelined program runs GPipe, 1F1B and interleaved 1F1B (the
    // search keeps interleaving to microbatches a multiple of the ranks).
    // The materialized program's collectives block where they stand
    // (docs/cost-model.md, "The step").
    problem.overlapCommunication = false;
    return success();
  }

  /// schedule= and virtual-stages= as the virtual stages the search
  /// weighs; a pin that cannot apply names its numbers. Chosen: plain 1F1B
  /// and interleaved 1F1B with 2 and 4 virtual stages.
  LogicalResult applySchedulePins(Location loc, JointProblem &problem,
                                  const StepStructure &step) {
    unsigned n = step.segments.size();
    unsigned v = virtualStages;
    bool interleaved = schedule == SchedulePin::Interleaved || v > 1;
    if (schedule == SchedulePin::GPipe || schedule == SchedulePin::OneFOneB) {
      if (v > 1)
        return emitError(loc)
               << "virtual-stages=" << v << " interleaves 1F1B; schedule="
               << (schedule == SchedulePin::GPipe ? "gpipe" : "1f1b")
               << " has one stage per rank (pin schedule=interleaved)";
      problem.gpipe = schedule == SchedulePin::GPipe;
      problem.virtualStages = {1};
      return success();
    }
    if (!interleaved) {
      problem.virtualStages = {1, 2, 4};
      return success();
    }
    if (v == 1)
      return emitError(loc) << "schedule=interleaved with virtual-stages=1 "
                               "is plain 1F1B (interleaving needs 2 or more)";
    if (pipeline == 1)
      return emitError(loc) << "schedule=interleaved with pipeline=1: "
                               "interleaving needs 2 or more pipeline ranks";
    if (v) {
      unsigned p = pipeline ? pipeline : 2;
      if (uint64_t(p) * v > n)
        return emitError(loc)
               << "virtual-stages=" << v << " x pipeline="
               << (pipeline ? std::to_string(p) : std::string("2 (least)"))
               << " is " << uint64_t(p) * v << " model chunks for " << n
               << " segments (each chunk holds at least one)";
      problem.virtualStages = {v};
    } else {
      problem.virtualStages.clear();
      for (unsigned c = 2; 2 * c <= n; ++c)
        problem.virtualStages.push_back(c);
      if (problem.virtualStages.empty())
        return emitError(loc) << "schedule=interleaved: " << n
                              << " segments cannot be cut into 2 x 2 model "
                                 "chunks";
    }
    // Megatron-LM's interleaved order needs M a multiple of p.
    if (microbatches && pipeline && microbatches % pipeline)
      return emitError(loc)
             << "schedule=interleaved needs microbatches a multiple of the "
                "pipeline ranks: microbatches="
             << microbatches.getValue()
             << " over pipeline=" << pipeline.getValue();
    return success();
  }

  /// Rewrites the step into the plan's program: the planner's stage
  /// boundaries as a staged plan (what --tofu-place writes), then the
  /// pipeline's materialization with the plan's replicas and tensor degree.
  LogicalResult materializePlan(ModuleOp module, func::FuncOp func,
                                const PartitionGraph &graph,
                                const StepStructure &step,
                                const JointPlan &plan) {
    DenseMap<Operation *, int64_t> stageOf;
    for (auto [s, stage] : llvm::enumerate(plan.stages))
      for (unsigned seg = stage.firstSegment; seg <= stage.lastSegment; ++seg)
        for (unsigned op : step.segments[seg].ops)
          stageOf[graph.ops[op].op] = s;
    // With interleaving the plan's stages are its model chunks (chunk k on
    // rank k mod p), as the staged plan's stages are.
    recordStagedPlan(module, func, machine, plan.pipeline, plan.microbatches,
                     plan.gpipe               ? "gpipe"
                     : plan.virtualStages > 1 ? "interleaved"
                                              : "1f1b",
                     plan.virtualStages,
                     [&](Operation *op) -> std::optional<int64_t> {
                       auto it = stageOf.find(op);
                       if (it == stageOf.end())
                         return std::nullopt;
                       return it->second;
                     });
    PipelineRequest request;
    request.split = plan.tensor;
    request.data = plan.data;
    request.zero = plan.zero;
    request.machine = machine;
    // Recomputation keeps each segment's output: the scheduler reads the
    // segment of a forward op from its tofu.name (-1: several segments).
    request.recompute = plan.recompute;
    for (auto [seg, segment] : llvm::enumerate(step.segments))
      for (unsigned op : segment.ops)
        if (auto name =
                graph.ops[op].op->getAttrOfType<StringAttr>(kNameAttrName)) {
          auto [it, inserted] =
              request.segmentOfName.try_emplace(name.getValue(), seg);
          if (!inserted && it->second != static_cast<int64_t>(seg))
            it->second = -1;
        }
    return pipelineStagedPlan(module, request);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto start = std::chrono::steady_clock::now();
    std::string error;
    FailureOr<Machine> m = Machine::load(machine, error);
    if (failed(m)) {
      emitError(module.getLoc()) << error;
      return signalPassFailure();
    }
    double memoryBytes = 0;
    if (failed(checkNotPartitioned(module)))
      return signalPassFailure();
    FailureOr<func::FuncOp> func = findEntry(module);
    if (failed(func) || failed(checkOptions(module, *m, memoryBytes)))
      return signalPassFailure();
    // A step --tofu-autodiff did not make gets its tags from its dataflow;
    // a function in which the analysis finds no training step is planned
    // as a forward, as before.
    if (!TrainingStep::hasTags(*func)) {
      ScopedDiagnosticHandler quiet(&getContext(),
                                    [](Diagnostic &) { return success(); });
      if (FailureOr<TrainingStep> roles = TrainingStep::analyze(*func);
          succeeded(roles))
        roles->annotate();
    }
    // The Tofu options are searched with the time objective, on its graph.
    FailureOr<PartitionGraph> graph = PartitionGraph::build(
        *func, /*coarsen=*/true, /*untieGradientTerms=*/true);
    if (failed(graph))
      return signalPassFailure();
    FailureOr<StepStructure> step = buildStepStructure(*graph, error);
    if (failed(step)) {
      emitError(func->getLoc()) << error;
      return signalPassFailure();
    }
    Precision prec;
    if (precision == PlannerPrecision::BF16)
      prec = Precision{"bf16", 0.5};
    SegmentEvaluator evaluator(*graph, *step, *m, prec,
                               strategy == PlannerStrategy::TofuBytes
                                   ? SearchObjective::Bytes
                                   : SearchObjective::Time);
    PlanContext ctx{&*graph, &*step, &*m, &evaluator, strategy};
    int64_t batch = globalBatch > 0 ? globalBatch : step->batch;
    if (failed(checkGlobalBatch(*func, *graph, *step, batch)))
      return signalPassFailure();
    unsigned tensorLimit = maxTensor ? maxTensor : m->nodeSize();
    bool training = isTrainingStep(*func);
    if (!training && optimizer.hasValue())
      emitWarning(func->getLoc())
          << "optimizer=" << stringifyPlannerOptimizer(optimizer)
          << " is ignored: @" << func->getSymName()
          << " has no backward or update ops (tofu.grad_of, tofu.update_of), "
             "so it is planned as a forward step without gradients, "
             "optimizer state or update; --tofu-autodiff makes its training "
             "step";
    JointProblem problem = buildProblem(
        ctx, gpus, batch, memoryBytes,
        training ? *optimizerModel(stringifyPlannerOptimizer(optimizer))
                 : forwardOnlyModel(4 * prec.floatBytesScale),
        tensorLimit, maxMicrobatches);
    if (!training) {
      // ZeRO 1 and 2 shard state and gradients a forward step does not
      // have, and recomputation re-runs a forward no backward waits for.
      llvm::erase_if(problem.zeroStages,
                     [](unsigned z) { return z == 1 || z == 2; });
      problem.recompute = {false};
    }
    if (failed(applyPins(*func, problem, *step, training)))
      return signalPassFailure();
    // The brute force checks the stage program, which is exact for plain
    // pipelines; interleaved chunk cuts are not searched exhaustively.
    if (crossCheck) {
      if (schedule == SchedulePin::Interleaved || virtualStages > 1) {
        emitError(func->getLoc())
            << "cross-check=true checks the stage program of plain "
               "pipelines; interleaved chunk cuts are not searched "
               "exhaustively (drop schedule=interleaved or cross-check)";
        return signalPassFailure();
      }
      problem.virtualStages = {1};
    }
    JointPlan plan = searchJointPlan(problem);
    if (crossCheck && failed(checkAgainstBruteForce(*func, problem, plan)))
      return signalPassFailure();
    double took =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (!plan.found) {
      InFlightDiagnostic diag =
          emitError(func->getLoc())
          << "no " << stringifyPlannerStrategy(strategy) << " plan for "
          << static_cast<unsigned>(gpus) << " x " << m->name
          << (memoryBytes > 0 ? " fits " + memoryLimitText(memoryBytes)
                              : std::string(" applies"));
      if (plan.smallestPeak > 0) {
        diag << ": the smallest peak found is " << gb(plan.smallestPeak)
             << ", dominated by " << plan.smallestPeakDominant;
        setDiagnosticKind(diag, diagnostic_kind::kPlanDoesNotFit);
      } else
        diag << ": no configuration applies (the global batch " << batch
             << " must divide over the replicas and microbatches, and "
                "the strategy's degrees over the devices)";
      if (!evaluator.megatronRefusal().empty())
        diag << "; " << evaluator.megatronRefusal();
      return signalPassFailure();
    }
    if (print == PrintFormat::Table)
      printTable(llvm::outs(), ctx, problem, plan, took);
    llvm::json::Value json(toJSON(ctx, problem, plan, took));
    if (print == PrintFormat::Json)
      llvm::outs() << llvm::formatv("{0:2}", json) << "\n";
    if (!report.empty() &&
        failed(writeOutputFile(report, llvm::formatv("{0:2}\n", json).str(),
                               module.getLoc())))
      return signalPassFailure();
    if (!table.empty()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      printTable(os, ctx, problem, plan, took);
      if (failed(writeOutputFile(table, text, module.getLoc(), "table")))
        return signalPassFailure();
    }
    if (materialize &&
        failed(materializePlan(module, *func, *graph, *step, plan)))
      return signalPassFailure();
  }
};

} // namespace
