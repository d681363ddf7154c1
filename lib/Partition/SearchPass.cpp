//===- SearchPass.cpp - The --tofu-search pass ----------------------------===//
//
// Finds the partition plan of the entry function and attaches it to the IR;
// --tofu-materialize (lib/SPMD) carries it out. The --tofu-partition
// pipeline (lib/Pipelines/PartitionPipelines.cpp) runs the two over the same
// IR.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/Collectives.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Partition/Passes.h"
#include "Tofu/Partition/Report.h"
#include "Tofu/Partition/Search.h"
#include "Tofu/Support/DiagnosticKind.h"
#include "Tofu/Support/Numbers.h"
#include "Tofu/Support/OutputFile.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUSEARCH
#include "Tofu/Partition/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;

namespace {

struct SearchRequest {
  std::string gpus;
  SearchStrategy strategy;
  std::string machine, entry, report, table;
  PrintFormat print;
  std::string memory;
  SmallVector<unsigned> levels;
  unsigned beam;
  bool coarsen;
  SmallVector<std::string> explain;
  bool partials;
  SearchObjective objective;
  std::string dumpLevels;
};

} // namespace

void mlir::tofu::attachPlan(ModuleOp module, const PartitionGraph &g,
                            const Plan &plan, const Machine &machine) {
  MLIRContext *ctx = module.getContext();
  Builder b(ctx);
  auto perLevel = [&](auto &&get) {
    SmallVector<int64_t> v;
    for (const LevelPlan &level : plan.perLevel)
      v.push_back(get(level));
    return v;
  };
  auto classLayout = [&](int c) {
    // A result outside every tensor class (not a tensor) is replicated. A
    // split the level's ways do not divide is padded<N> (the search's
    // blocks of the rounded-up size).
    if (c < 0)
      return LayoutAttr::get(
          ctx, SmallVector<int64_t>(plan.perLevel.size(),
                                    LevelLayout::kReplicatedCode));
    SmallVector<int64_t> shape(g.tensors[c].shape);
    SmallVector<LevelLayout> levels;
    for (const LevelPlan &l : plan.perLevel) {
      int d = l.tensorDim[c];
      if (d < 0) {
        // -1 replicated, -2 partial (LevelLayout's codes).
        levels.push_back(LevelLayout::fromCode(d));
        continue;
      }
      levels.push_back(shape[d] % l.ways ? LevelLayout::paddedSplit(d)
                                         : LevelLayout::split(d));
      shape[d] = (shape[d] + l.ways - 1) / l.ways;
    }
    return LayoutAttr::get(ctx, levels);
  };
  SmallVector<int64_t> levels(plan.levels.begin(), plan.levels.end());
  TofuDialect::PartitionAttrHelper(ctx).setAttr(
      module,
      PlanAttr::get(ctx, plan.workers, levels,
                    b.getStringAttr(stringifySearchStrategy(plan.strategy)),
                    b.getStringAttr(machine.name),
                    b.getStringAttr(g.func.getSymName()),
                    static_cast<int64_t>(std::llround(plan.commBytes)),
                    /*materialized=*/{}, /*microbatches=*/std::nullopt,
                    /*schedule=*/{}, /*stages=*/std::nullopt,
                    /*virtual_stages=*/std::nullopt));
  TofuDialect::StrategyAttrHelper strategyAttr(ctx);
  TofuDialect::LayoutsAttrHelper layoutsAttr(ctx);
  for (const GraphOp &op : g.ops) {
    // A pipeline stage the op was placed on stays.
    std::optional<int64_t> stage;
    if (StrategyAttr old = strategyAttr.getAttr(op.op))
      stage = old.getStage();
    strategyAttr.setAttr(
        op.op,
        StrategyAttr::get(ctx, perLevel([&](const LevelPlan &l) {
                            // Every linear strategy (-2 - i) computes
                            // the op whole on the partials it holds.
                            return std::max<int64_t>(StrategyAttr::kLinearLoop,
                                                     l.opLoop[op.opClass]);
                          }),
                          stage));
    SmallVector<Attribute> layouts;
    for (int c : op.outputClasses)
      layouts.push_back(classLayout(c));
    layoutsAttr.setAttr(op.op, b.getArrayAttr(layouts));
  }
  for (BlockArgument arg : g.func.getArguments()) {
    auto it = g.classOf.find(arg);
    if (it != g.classOf.end())
      g.func.setArgAttr(arg.getArgNumber(), kLayoutAttrName,
                        classLayout(it->second));
  }
}

namespace {

/// Fails with a located error if `module` was partitioned already: an SPMD
/// program (shard collectives, a materialized plan) cannot be planned again.
LogicalResult checkNotPartitioned(ModuleOp module) {
  auto plan = module->getAttrOfType<PlanAttr>(kPartitionAttrName);
  if (plan && plan.getMaterialized())
    return module.emitError(
        "the module is already partitioned (its tofu.partition plan is "
        "materialized into per-rank code); partition the original module");
  Operation *collective = findCollective(module);
  if (collective)
    return collective->emitError()
           << "the module is already partitioned ('" << collective->getName()
           << "' is a collective of a partitioned program); partition the "
              "original module";
  return success();
}

/// Finds the tensor classes and op classes `explain=` names: a tensor
/// class's name, an op's name (its class is explained) or an op class's; a
/// name that is both (a tensor is named after the op that makes it)
/// explains both.
LogicalResult resolveExplained(const PartitionGraph &g,
                               ArrayRef<std::string> names,
                               SearchOptions &options) {
  for (const std::string &name : names) {
    bool found = false;
    for (auto [t, cls] : llvm::enumerate(g.tensors))
      if (cls.name == name && !llvm::is_contained(options.explainTensors, t)) {
        options.explainTensors.push_back(t);
        found = true;
      }
    for (const GraphOp &op : g.ops)
      if (op.name == name || g.opClasses[op.opClass].name == name) {
        found = true;
        if (!llvm::is_contained(options.explainOps, op.opClass))
          options.explainOps.push_back(op.opClass);
      }
    if (!found)
      return emitError(g.func.getLoc())
             << "explain: no tensor class or op named '" << name << "' in @"
             << g.func.getSymName()
             << " (the report's \"tensors\" and \"ops\" list the names)";
  }
  return success();
}

/// The `memory=` limit in bytes per device (0: none): empty, none; `machine`,
/// the machine description's device memory; else a byte count as the
/// planner spells it (80e9, 40GiB, 0).
LogicalResult memoryLimit(StringRef text, const Machine &machine, Location loc,
                          double &limit) {
  limit = 0;
  if (text.empty())
    return success();
  if (text == "machine") {
    limit = machine.deviceMemoryBytes;
    return success();
  }
  std::string error;
  std::optional<double> bytes = parseByteCount(text, "memory", error);
  if (!bytes)
    return emitError(loc) << error << " nor 'machine'";
  limit = *bytes;
  return success();
}

/// The plan's warnings: a level the solver could not prove optimal, a level
/// that replicates everything, a plan that splits almost nothing.
void warnAboutPlan(Location loc, StringRef name, const PartitionGraph &graph,
                   const Plan &plan, const SearchOptions &options,
                   const Machine &machine, unsigned gpus,
                   const PlanEstimates &estimates) {
  for (const LevelPlan &level : plan.perLevel)
    if (level.approximate) {
      emitWarning(loc) << "@" << name
                       << ": the solver could not prove the plan optimal at a "
                          "level of "
                       << level.ways << " ways ("
                       << (level.coreSize
                               ? std::to_string(level.coreSize) +
                                     " variables needed tables over beam=" +
                                     std::to_string(options.maxTableEntries) +
                                     " entries and were searched locally"
                               : std::string(
                                     "its memory-constrained search found no "
                                     "proof, or the bytes were not exact in "
                                     "its integers"))
                       << "); the plan may not be optimal";
      break;
    }
  for (const LevelPlan &level : plan.perLevel)
    if (!graph.tensors.empty() &&
        llvm::all_of(level.tensorDim, [](int d) { return d < 0; })) {
      InFlightDiagnostic diag = emitWarning(loc) << "@" << name << ": ";
      unsigned index = &level - plan.perLevel.data();
      // The time objective may replicate by choice; the bytes objective
      // replicates only what it cannot split.
      if (options.objective == SearchObjective::Time)
        diag << "level " << index << " (" << level.ways
             << " ways) replicates everything: on " << machine.name
             << ", every split's communication is estimated to take longer "
                "than the compute it saves";
      else
        diag << "no tensor can be split " << level.ways << " ways at level "
             << index << " (no dimension divides evenly); that level "
             << "replicates everything";
      break;
    }
  if (estimates.noUsefulSplitting)
    emitWarning(loc) << "@" << name << ": the plan for " << gpus
                     << " workers splits almost nothing: every device runs "
                     << llvm::formatv("{0:f1}",
                                      100.0 * estimates.workPerDeviceFraction)
                     << "% of the step's work ("
                     << llvm::formatv("{0:f1}",
                                      100.0 * estimates.replicatedWorkFraction)
                     << "% of its FLOPs are in ops not split " << gpus
                     << " ways)";
}

LogicalResult searchModule(ModuleOp module, const SearchRequest &req) {
  Location loc = module.getLoc();
  unsigned gpus = 0;
  if (StringRef(req.gpus).trim().getAsInteger(10, gpus) || gpus == 0 ||
      gpus > kMaxDevices)
    return emitError(loc) << "'gpus' must be an integer from 1 to "
                          << kMaxDevices << " (the number of workers), got '"
                          << req.gpus << "'";
  if (failed(checkNotPartitioned(module)))
    return failure();
  std::string error;
  FailureOr<Machine> machine = Machine::load(req.machine, error);
  if (failed(machine))
    return emitError(loc) << error;

  // Default entry: the training step --tofu-autodiff makes, else the first
  // public function.
  func::FuncOp func;
  StringRef entry = req.entry;
  if (entry.empty())
    if (auto step = module.lookupSymbol<func::FuncOp>("train_step");
        step && !step.isExternal())
      entry = "train_step";
  for (auto f : module.getOps<func::FuncOp>()) {
    if (f.isExternal())
      continue;
    if (entry.empty() ? f.isPublic() : f.getSymName() == entry) {
      func = f;
      break;
    }
  }
  if (!func)
    return emitError(loc) << (req.entry.empty()
                                  ? std::string("no public function with a "
                                                "body to partition")
                                  : "no function named '" + entry.str() + "'");

  SearchOptions options;
  options.objective = req.objective;
  if (options.objective == SearchObjective::Time)
    options.machine = &*machine;
  FailureOr<PartitionGraph> graph = PartitionGraph::build(
      func, req.coarsen,
      /*untieGradientTerms=*/options.objective == SearchObjective::Time);
  if (failed(graph))
    return failure();

  options.strategy = req.strategy;
  options.maxTableEntries = std::max(1u, req.beam);
  if (failed(memoryLimit(req.memory, *machine, loc, options.memoryLimit)))
    return failure();
  options.levels = req.levels;
  if (failed(resolveExplained(*graph, req.explain, options)))
    return failure();
  options.partials = req.partials;
  options.dumpLevels = req.dumpLevels;
  // A search over many factorizations takes minutes: show which one it is
  // on, on a terminal only (quiet in pipes, logs and tests).
  bool showProgress = llvm::errs().is_displayed();
  if (showProgress)
    options.progress = [&](unsigned index, unsigned count,
                           ArrayRef<unsigned> levels) {
      if (count < 2)
        return;
      llvm::errs() << "\rtofu-search: @" << func.getSymName()
                   << ": factorization " << (index + 1) << "/" << count << " ("
                   << joinFactors(levels) << ")\x1b[K";
    };
  bool doesNotFit = false;
  FailureOr<Plan> plan = searchPlan(*graph, gpus, options, error, &doesNotFit);
  if (showProgress)
    llvm::errs() << "\r\x1b[K";
  // At the function: the errors are about its graph (too large a search, a
  // memory limit no plan of it fits).
  if (failed(plan)) {
    InFlightDiagnostic diag = emitError(func.getLoc()) << error;
    if (doesNotFit)
      setDiagnosticKind(diag, diagnostic_kind::kPlanDoesNotFit);
    return diag;
  }
  PlanEstimates estimates = estimatePlan(*graph, *plan, *machine);
  warnAboutPlan(loc, func.getSymName(), *graph, *plan, options, *machine, gpus,
                estimates);
  if (!req.report.empty()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::formatv("{0:2}", planToJSON(*graph, *plan, *machine, estimates))
       << "\n";
    if (failed(writeOutputFile(req.report, text, loc)))
      return failure();
  }
  if (!req.table.empty()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    printPlanTable(os, *graph, *plan, *machine, estimates);
    if (failed(writeOutputFile(req.table, text, loc, "table")))
      return failure();
  }
  if (req.print == PrintFormat::Table)
    printPlanTable(llvm::outs(), *graph, *plan, *machine, estimates);
  else if (req.print == PrintFormat::Json)
    llvm::outs() << llvm::formatv(
                        "{0:2}", planToJSON(*graph, *plan, *machine, estimates))
                 << "\n";
  attachPlan(module, *graph, *plan, *machine);
  return success();
}

struct TofuSearchPass : public tofu::impl::TofuSearchBase<TofuSearchPass> {
  using TofuSearchBase::TofuSearchBase;
  void runOnOperation() override {
    SearchRequest req{gpus,
                      strategy,
                      machine,
                      entry,
                      report,
                      table,
                      print,
                      memory,
                      SmallVector<unsigned>(levels.begin(), levels.end()),
                      beam,
                      coarsen,
                      SmallVector<std::string>(explain.begin(), explain.end()),
                      partials,
                      objective,
                      dumpLevels};
    if (failed(searchModule(getOperation(), req)))
      signalPassFailure();
  }
};
} // namespace
