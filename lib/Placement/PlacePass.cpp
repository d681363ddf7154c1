//===- PlacePass.cpp - The --tofu-place pass ------------------------------===//
//
// Places the ops of a training step on pipeline stages with the placement
// library (Tofu/Placement/Solve.h) and records each op's stage in the plan;
// --tofu-pipeline (lib/SPMD) turns the staged step into per-stage programs.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/Collectives.h"
#include "Tofu/Analysis/TrainingStep.h"
#include "Tofu/Dialect/Tofu/IR/Arguments.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Partition/StagedPlan.h"
#include "Tofu/Placement/Json.h"
#include "Tofu/Placement/Passes.h"
#include "Tofu/Placement/Solve.h"
#include "Tofu/Placement/StepGraph.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUPLACE
#include "Tofu/Placement/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;
namespace pl = ::tofu::placement;

namespace {

struct PlaceRequest {
  unsigned stages, microbatches;
  PlaceSchedule schedule;
  std::string machine, entry;
  PrintFormat print;
  int64_t memory;
  std::string exportFile;
  bool fill;
};

/// The placement in pipeline terms.
struct Staging {
  /// Stage of every node of the StepGraph.
  std::vector<unsigned> stageOfNode;
  /// Pipeline position of every device (used devices first).
  std::vector<unsigned> stageOfDevice;
  unsigned usedStages = 0;
  pl::Evaluation evaluation;
  /// Stages fill=true added by cutting stages in two.
  unsigned filledStages = 0;
};

/// The schedule's name in the staged plan (`#tofu.plan<schedule = ...>`).
StringRef scheduleName(PlaceSchedule schedule) {
  return schedule == PlaceSchedule::GPipe ? "gpipe" : "1f1b";
}

LogicalResult checkRequest(ModuleOp module, const PlaceRequest &req) {
  if (req.stages == 0)
    return emitError(module.getLoc(), "'stages' must be a positive integer");
  if (req.microbatches == 0)
    return emitError(module.getLoc(),
                     "'microbatches' must be a positive integer");
  if (req.memory < -1)
    return emitError(module.getLoc(),
                     "'memory' must be a byte count, 0 (no limit) or "
                     "-1 (the machine's), got ")
           << req.memory;
  return success();
}

/// A module with a plan, or the collectives of an SPMD program, was placed
/// or partitioned already.
LogicalResult checkNotPartitioned(ModuleOp module) {
  if (module->hasAttr(kPartitionAttrName))
    return emitError(module.getLoc(), "the module already has a ")
           << kPartitionAttrName
           << " plan; --tofu-place places an unpartitioned training step";
  Operation *collective = findCollective(module);
  if (collective)
    return emitError(collective->getLoc())
           << "the module is already partitioned ('" << collective->getName()
           << "' is a collective of a partitioned program); place the "
              "original training step";
  return success();
}

FailureOr<func::FuncOp> findEntry(ModuleOp module, StringRef entry) {
  auto func = module.lookupSymbol<func::FuncOp>(entry);
  if (!func || func.isExternal())
    return emitError(module.getLoc(), "no function named '")
           << entry << "' with a body to place (set entry=)";
  return func;
}

/// Backward ops name their forward op with tofu.fwd, which is what keeps the
/// two on one stage. --tofu-autodiff writes the tags; a step without them
/// (hand-written, imported from JAX) gets them from its dataflow
/// (TrainingStep), which fails, located, on a function that is no training
/// step.
LogicalResult checkTrainingStep(func::FuncOp func) {
  if (!TrainingStep::hasTags(func)) {
    FailureOr<TrainingStep> step = TrainingStep::analyze(func);
    if (failed(step))
      return failure();
    step->annotate();
  }
  for (Operation &op : func.getBody().front())
    if (op.hasAttr(kFwdAttrName))
      return success();
  return emitError(func.getLoc())
         << "@" << func.getSymName()
         << " is not a training step: no op carries tofu.fwd; --tofu-place "
            "expects backward ops that name their forward op with tofu.fwd "
            "(and tofu.grad_of / tofu.update_of on gradient sums and "
            "parameter updates)";
}

/// Every stage runs the step on microbatches: the batch dimension (0 unless
/// tofu.batch_dim says otherwise) of every non-parameter tensor argument is
/// cut into `microbatches` pieces (not parameters, not optimizer state).
LogicalResult checkBatch(func::FuncOp func, unsigned microbatches) {
  for (BlockArgument arg : func.getArguments()) {
    unsigned i = arg.getArgNumber();
    if (!isBatchArgument(func, i))
      continue;
    auto type = cast<RankedTensorType>(arg.getType());
    // The dialect's verifier keeps tofu.batch_dim within the rank.
    int64_t dim = 0;
    if (auto attr = func.getArgAttrOfType<IntegerAttr>(i, kBatchDimAttrName))
      dim = attr.getInt();
    int64_t rows = type.getDimSize(dim);
    if (ShapedType::isDynamic(rows) || rows % microbatches != 0)
      return emitError(arg.getLoc())
             << "microbatches = " << microbatches
             << " does not divide the batch: argument #" << i << " of @"
             << func.getSymName() << " has "
             << (ShapedType::isDynamic(rows)
                     ? std::string("a dynamic number of")
                     : std::to_string(rows))
             << " rows (dimension " << dim << ")";
  }
  return success();
}

Staging stageSolution(const StepGraph &g, const pl::Solution &solution) {
  Staging s;
  s.evaluation = solution.evaluation;
  std::vector<unsigned> order =
      pl::pipelineOrder(g.problem, solution.placement);
  s.stageOfDevice.assign(g.problem.numDevices(), 0);
  for (auto [pos, device] : llvm::enumerate(order))
    s.stageOfDevice[device] = pos;
  std::vector<bool> used(g.problem.numDevices(), false);
  for (unsigned d : solution.placement.deviceOf)
    used[d] = true;
  s.usedStages = llvm::count(used, true);
  for (unsigned d : solution.placement.deviceOf)
    s.stageOfNode.push_back(s.stageOfDevice[d]);
  return s;
}

/// Colour classes in a topological order of the contiguity edges (Kahn's,
/// smallest class first, so the order is deterministic).
std::vector<unsigned> classOrder(const pl::Problem &problem,
                                 const pl::ColorClasses &classes) {
  unsigned n = classes.size();
  std::vector<std::vector<unsigned>> succs(n);
  std::vector<unsigned> indegree(n, 0);
  for (auto [u, v] : pl::contiguityEdges(problem, classes)) {
    succs[u].push_back(v);
    ++indegree[v];
  }
  std::set<unsigned> ready;
  for (unsigned c = 0; c < n; ++c)
    if (indegree[c] == 0)
      ready.insert(c);
  std::vector<unsigned> order;
  while (!ready.empty()) {
    unsigned c = *ready.begin();
    ready.erase(ready.begin());
    order.push_back(c);
    for (unsigned d : succs[c])
      if (--indegree[d] == 0)
        ready.insert(d);
  }
  return order;
}

/// fill=true: while stages are empty, cuts the stage with the most compute
/// (of those holding two colour classes or more) in two along the pipeline
/// order, the first part taking classes until it has half the compute.
/// Classes earlier in a topological order of the contiguity edges go first,
/// so the placement stays a pipeline; the max load may rise above the
/// optimum, which then uses fewer stages.
void fillStages(const StepGraph &g, Staging &s, unsigned stages) {
  const pl::Problem &problem = g.problem;
  pl::ColorClasses classes = pl::colorClasses(problem);
  std::vector<unsigned> order = classOrder(problem, classes);
  auto computeOf = [&](unsigned c) {
    double t = 0;
    for (unsigned v : classes.members[c])
      t += problem.nodes[v].acceleratorTime;
    return t;
  };
  while (s.usedStages < stages) {
    std::vector<std::vector<unsigned>> onStage(s.usedStages);
    std::vector<double> compute(s.usedStages, 0);
    for (unsigned c : order) {
      unsigned st = s.stageOfNode[classes.members[c].front()];
      onStage[st].push_back(c);
      compute[st] += computeOf(c);
    }
    std::optional<unsigned> cut;
    for (unsigned st = 0; st < s.usedStages; ++st)
      if (onStage[st].size() >= 2 && (!cut || compute[st] > compute[*cut]))
        cut = st;
    if (!cut)
      break;
    for (unsigned &st : s.stageOfNode)
      if (st > *cut)
        ++st;
    double first = 0;
    for (auto [i, c] : llvm::enumerate(onStage[*cut])) {
      first += computeOf(c);
      if (i > 0 && (first > compute[*cut] / 2 || i + 1 == onStage[*cut].size()))
        for (unsigned v : classes.members[c])
          s.stageOfNode[v] = *cut + 1;
    }
    ++s.usedStages;
    ++s.filledStages;
  }
  // Devices are stages from here on.
  s.evaluation = pl::evaluate(problem, pl::Placement{s.stageOfNode});
  s.stageOfDevice.resize(problem.numDevices());
  for (unsigned d = 0; d < problem.numDevices(); ++d)
    s.stageOfDevice[d] = d;
}

/// The stage of every op of the body: nodes as placed, attached ops with
/// their first user (else with the latest of their operands, else 0).
DenseMap<Operation *, unsigned>
stageOfOps(func::FuncOp func, const StepGraph &g, const Staging &s) {
  Block &block = func.getBody().front();
  DenseMap<Operation *, unsigned> stage;
  for (auto [i, op] : llvm::enumerate(g.nodeOps))
    stage[op] = s.stageOfNode[i];
  for (Operation *op : llvm::reverse(g.attachedOps)) {
    Operation *first = nullptr;
    for (Operation *user : op->getUsers())
      if (Operation *u = block.findAncestorOpInBlock(*user);
          u && u != op && stage.count(u) &&
          (!first || u->isBeforeInBlock(first)))
        first = u;
    unsigned st = 0;
    if (first) {
      st = stage[first];
    } else {
      for (Value v : op->getOperands())
        if (Operation *def = v.getDefiningOp(); def && stage.count(def))
          st = std::max(st, stage[def]);
    }
    stage[op] = st;
  }
  return stage;
}

void printTable(llvm::raw_ostream &os, func::FuncOp func,
                const PlaceRequest &req, const StepGraph &g, const Staging &s,
                const pl::Solution &solution,
                const DenseMap<Operation *, unsigned> &stage) {
  unsigned n = s.usedStages;
  std::vector<unsigned> ops(n, 0);
  std::vector<double> compute(n, 0), load(n, 0), memory(n, 0);
  for (auto [op, st] : stage)
    ++ops[st];
  for (auto [i, node] : llvm::enumerate(g.problem.nodes))
    compute[s.stageOfNode[i]] += node.acceleratorTime * g.secondsPerUnit;
  for (unsigned d = 0; d < g.problem.numDevices(); ++d)
    if (s.stageOfDevice[d] < n) {
      load[s.stageOfDevice[d]] = s.evaluation.load[d] * g.secondsPerUnit;
      memory[s.stageOfDevice[d]] = s.evaluation.memory[d];
    }
  os << llvm::formatv("@{0}: {1} stages on {2}, {3} microbatches, {4}; times "
                      "per microbatch\n",
                      func.getSymName(), n, req.machine, req.microbatches,
                      scheduleName(req.schedule));
  os << llvm::formatv("{0,-6} {1,6} {2,14} {3,14} {4,14} {5,16}\n", "stage",
                      "ops", "compute (s)", "comm (s)", "load (s)",
                      "memory (bytes)");
  for (unsigned i = 0; i < n; ++i)
    os << llvm::formatv("{0,-6} {1,6} {2,14:e4} {3,14:e4} {4,14:e4} "
                        "{5,16:f0}\n",
                        i, ops[i], compute[i], load[i] - compute[i], load[i],
                        memory[i]);
  double maxLoad = s.evaluation.maxLoad * g.secondsPerUnit;
  os << llvm::formatv("max load: {0:e4} s per microbatch; step about {1:e4} s "
                      "((M + S - 1) x max load)\n",
                      maxLoad, maxLoad * (req.microbatches + n - 1));
  os << "method: " << solution.method
     << ", proven_optimal: " << (solution.provenOptimal ? "true" : "false")
     << ", ideals: " << solution.ideals << ", units: " << solution.units
     << "\n";
  for (const std::string &note : solution.notes)
    os << "note: " << note << "\n";
}

/// Writes the problem for tofu-place, through a temporary file so that a
/// failure leaves no truncated file behind.
LogicalResult exportProblem(StringRef path, const pl::Problem &problem,
                            Location loc) {
  std::string error;
  auto out = openOutputFile(path, &error);
  if (!out)
    return emitError(loc) << "cannot write '" << path << "': " << error;
  out->os() << pl::problemToJson(problem) << "\n";
  out->os().flush();
  if (out->os().has_error())
    return emitError(loc) << "cannot write '" << path << "'";
  out->keep();
  return success();
}

/// The solve, with the library's errors (memory, support) located at the
/// function.
FailureOr<pl::Solution> solveStep(func::FuncOp func, const StepGraph &g,
                                  unsigned stages) {
  pl::SolveOptions options;
  options.objective = pl::Objective::Throughput;
  options.contiguous = true;
  options.strategy = "optimal";
  llvm::Expected<pl::Solution> solution = pl::solve(g.problem, options);
  if (!solution)
    return emitError(func.getLoc())
           << "@" << func.getSymName() << " cannot be placed on " << stages
           << " stages: " << llvm::toString(solution.takeError());
  return std::move(*solution);
}

/// Says when the plan has fewer stages than asked, when fill=true raised
/// the max load, and when the placement is not proven optimal.
void warnAboutStages(func::FuncOp func, const PlaceRequest &req,
                     const StepGraph &g, const Staging &s,
                     const pl::Solution &solution) {
  if (s.filledStages > 0)
    emitWarning(func.getLoc(), "fill=true cut ")
        << s.filledStages << " stage(s) in two to use " << s.usedStages
        << " stages: max load "
        << llvm::formatv("{0:e4}", s.evaluation.maxLoad * g.secondsPerUnit)
        << " s per microbatch, against the optimum's "
        << llvm::formatv("{0:e4}", solution.objective * g.secondsPerUnit)
        << " s on fewer stages";
  if (s.usedStages < req.stages && req.fill)
    emitWarning(func.getLoc(), "fill=true uses ")
        << s.usedStages << " of " << req.stages
        << " stages: each holds a single colour class (a forward op with its "
           "backward ops), which cannot be cut; the plan records "
        << s.usedStages << " stages";
  else if (s.usedStages < req.stages)
    emitWarning(func.getLoc(), "the best placement uses ")
        << s.usedStages << " of " << req.stages
        << " stages (splitting further does not lower the max load; fill=true "
           "uses them all); the plan records "
        << s.usedStages << " stages";
  if (!solution.provenOptimal)
    emitWarning(func.getLoc(), "the placement is not proven optimal")
        << (solution.notes.empty() ? std::string()
                                   : ": " + solution.notes.back());
}

LogicalResult placeModule(ModuleOp module, const PlaceRequest &req) {
  if (failed(checkRequest(module, req)) || failed(checkNotPartitioned(module)))
    return failure();
  FailureOr<func::FuncOp> func = findEntry(module, req.entry);
  if (failed(func) || failed(checkTrainingStep(*func)) ||
      failed(checkBatch(*func, req.microbatches)))
    return failure();
  std::string error;
  FailureOr<Machine> machine = Machine::load(req.machine, error);
  if (failed(machine))
    return emitError(module.getLoc(), error);

  StepGraphOptions options;
  options.stages = req.stages;
  options.microbatches = req.microbatches;
  options.inFlight = std::min(
      req.microbatches,
      req.schedule == PlaceSchedule::GPipe ? req.microbatches : req.stages);
  options.memoryLimit = req.memory < 0   ? machine->deviceMemoryBytes
                        : req.memory > 0 ? double(req.memory)
                                         : pl::kInfinity;
  if (!(options.memoryLimit > 0))
    options.memoryLimit = pl::kInfinity;
  FailureOr<StepGraph> g = StepGraph::build(*func, *machine, options);
  if (failed(g))
    return failure();
  if (req.stages > g->nodeOps.size())
    return emitError(func->getLoc())
           << "@" << func->getSymName() << " has " << g->nodeOps.size()
           << " ops to place, fewer than stages = " << req.stages
           << " (cheap ops such as constants, tensor.empty and "
           << "fills follow their users and do not count)";
  if (!req.exportFile.empty() &&
      failed(exportProblem(req.exportFile, g->problem, func->getLoc())))
    return failure();
  FailureOr<pl::Solution> solution = solveStep(*func, *g, req.stages);
  if (failed(solution))
    return failure();
  Staging s = stageSolution(*g, *solution);
  if (req.fill && s.usedStages < req.stages)
    fillStages(*g, s, req.stages);
  warnAboutStages(*func, req, *g, s, *solution);
  DenseMap<Operation *, unsigned> stage = stageOfOps(*func, *g, s);
  if (req.print == PrintFormat::Table)
    printTable(llvm::outs(), *func, req, *g, s, *solution, stage);
  recordStagedPlan(module, *func, machine->name, s.usedStages, req.microbatches,
                   scheduleName(req.schedule), /*virtualStages=*/1,
                   [&](Operation *op) -> std::optional<int64_t> {
                     return stage.lookup(op);
                   });
  return success();
}

struct TofuPlacePass : public mlir::tofu::impl::TofuPlaceBase<TofuPlacePass> {
  using TofuPlaceBase::TofuPlaceBase;
  void runOnOperation() override {
    PlaceRequest req{stages, microbatches, schedule,   machine, entry,
                     print,  memory,       exportFile, fill};
    if (failed(placeModule(getOperation(), req)))
      signalPassFailure();
  }
};
} // namespace
