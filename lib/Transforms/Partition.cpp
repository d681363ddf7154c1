//===- Partition.cpp - The --tofu-partition and --tofu-report passes ------===//

#include "Tofu/Partition/Materialize.h"
#include "Tofu/Partition/Report.h"
#include "Tofu/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUPARTITION
#define GEN_PASS_DEF_TOFUREPORT
#define GEN_PASS_DEF_TOFUMATERIALIZE
#define GEN_PASS_DEF_TOFULOWERTOSA
#include "Tofu/Transforms/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;

namespace {

struct PartitionRequest {
  std::string gpus;
  std::string strategy, machine, entry, report;
  SmallVector<unsigned> levels;
  unsigned beam;
  bool coarsen;
  ArrayRef<std::string> libraries;
  bool printTable;
  bool materialize;
};

/// Writes `text` to `path` through a temporary file, so that a failure never
/// leaves a truncated report behind.
LogicalResult writeAtomically(StringRef path, StringRef text, Location loc) {
  std::string error;
  auto out = openOutputFile(path, &error);
  if (!out)
    return emitError(loc) << "cannot write report '" << path << "': " << error;
  out->os() << text;
  out->os().flush();
  if (out->os().has_error())
    return emitError(loc) << "cannot write report '" << path << "'";
  out->keep();
  return success();
}

void attachPlan(ModuleOp module, const PartitionGraph &g, const Plan &plan,
                const Machine &machine) {
  Builder b(module.getContext());
  auto perLevel = [&](auto &&get) {
    SmallVector<int64_t> v;
    for (const LevelPlan &level : plan.perLevel)
      v.push_back(get(level));
    return b.getDenseI64ArrayAttr(v);
  };
  SmallVector<int64_t> levels(plan.levels.begin(), plan.levels.end());
  module->setAttr(
      "tofu.partition",
      b.getDictionaryAttr(
          {b.getNamedAttr("gpus", b.getI64IntegerAttr(plan.workers)),
           b.getNamedAttr("levels", b.getDenseI64ArrayAttr(levels)),
           b.getNamedAttr("strategy", b.getStringAttr(stringifySearchStrategy(
                                          plan.strategy))),
           b.getNamedAttr("machine", b.getStringAttr(machine.name)),
           b.getNamedAttr("function", b.getStringAttr(g.func.getSymName())),
           b.getNamedAttr("comm_bytes",
                          b.getI64IntegerAttr(static_cast<int64_t>(
                              std::llround(plan.commBytes))))}));
  for (const GraphOp &op : g.ops) {
    op.op->setAttr("tofu.strategy", perLevel([&](const LevelPlan &l) {
                     return l.opLoop[op.opClass];
                   }));
    SmallVector<Attribute> layouts;
    for (int c : op.outputClasses)
      layouts.push_back(
          c < 0 ? b.getDenseI64ArrayAttr({})
                : perLevel([&](const LevelPlan &l) { return l.tensorDim[c]; }));
    op.op->setAttr("tofu.layouts", b.getArrayAttr(layouts));
  }
  for (BlockArgument arg : g.func.getArguments()) {
    auto it = g.classOf.find(arg);
    if (it == g.classOf.end())
      continue;
    int c = it->second;
    g.func.setArgAttr(
        arg.getArgNumber(), "tofu.layout",
        perLevel([&](const LevelPlan &l) { return l.tensorDim[c]; }));
  }
}

/// Runs tosa-to-linalg and friends on `module` if it has TOSA ops.
LogicalResult lowerTosaToLinalg(
    ModuleOp module,
    llvm::function_ref<LogicalResult(OpPassManager &, ModuleOp)> run) {
  bool hasTosa = false;
  module.walk([&](Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "tosa")
      hasTosa = true;
  });
  if (!hasTosa)
    return success();
  OpPassManager pm("builtin.module");
  if (failed(parsePassPipeline(
          "func.func(tosa-optional-decompositions,tosa-to-linalg-named,"
          "tosa-to-linalg,tosa-to-arith,tosa-to-tensor),canonicalize",
          pm)))
    return module.emitError("cannot build the TOSA lowering pipeline");
  return run(pm, module);
}

/// Runs --tofu-import-stablehlo on `module` if it has StableHLO or chlo ops:
/// the plan is made for (and carried out on) their linalg form.
LogicalResult importStableHLO(
    ModuleOp module,
    llvm::function_ref<LogicalResult(OpPassManager &, ModuleOp)> run) {
  bool hasStableHLO = false;
  module.walk([&](Operation *op) {
    StringRef ns = op->getName().getDialectNamespace();
    if (ns == "stablehlo" || ns == "chlo") {
      hasStableHLO = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!hasStableHLO)
    return success();
  OpPassManager pm("builtin.module");
  if (failed(parsePassPipeline("inline,convert-stablehlo-to-linalg", pm)))
    return module.emitError("the module holds StableHLO ops; run "
                            "--tofu-import-stablehlo first");
  return run(pm, module);
}

/// Fails with a located error if `module` was partitioned already: an SPMD
/// program (shard collectives, a materialized plan) cannot be planned again.
LogicalResult checkNotPartitioned(ModuleOp module) {
  auto partition = module->getAttrOfType<DictionaryAttr>("tofu.partition");
  if (partition && partition.get("materialized"))
    return module.emitError(
        "the module is already partitioned (its tofu.partition plan is "
        "materialized into per-rank code); partition the original module");
  Operation *collective = nullptr;
  module.walk([&](Operation *op) {
    if (op->getName().getDialectNamespace() == "shard" &&
        op->getNumOperands() > 0) {
      collective = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (collective)
    return collective->emitError()
           << "the module is already partitioned ('" << collective->getName()
           << "' is a collective of a partitioned program); partition the "
              "original module";
  return success();
}

/// Rewrites `func` into its SPMD form and records what that did.
LogicalResult materializeFunction(ModuleOp module, func::FuncOp func,
                                  const DescriptionLibrary &library) {
  auto partition = module->getAttrOfType<DictionaryAttr>("tofu.partition");
  auto levels =
      partition ? partition.getAs<DenseI64ArrayAttr>("levels") : nullptr;
  // One worker: the function is already what the single rank runs.
  if (levels && levels.empty())
    return success();
  MaterializeStats stats;
  if (failed(materializePlan(module, func, library, stats)))
    return failure();
  NamedAttrList attrs(partition);
  Builder b(module.getContext());
  attrs.set("materialized", b.getUnitAttr());
  attrs.set("partitioned_ops", b.getI64IntegerAttr(stats.partitionedOps));
  attrs.set("replicated_ops", b.getI64IntegerAttr(stats.replicatedOps));
  attrs.set("collectives", b.getI64IntegerAttr(stats.collectives));
  module->setAttr("tofu.partition", attrs.getDictionary(module.getContext()));
  return success();
}

LogicalResult runPartition(ModuleOp module, const PartitionRequest &req) {
  Location loc = module.getLoc();
  std::optional<SearchStrategy> strategy = parseSearchStrategy(req.strategy);
  if (!strategy) {
    std::string names;
    for (StringRef n : searchStrategyNames())
      names += (names.empty() ? "" : ", ") + n.str();
    return emitError(loc) << "unknown strategy '" << req.strategy
                          << "'; expected one of: " << names;
  }
  unsigned gpus = 0;
  if (StringRef(req.gpus).trim().getAsInteger(10, gpus) || gpus == 0)
    return emitError(loc) << "'gpus' must be a positive integer (the number "
                             "of workers), got '"
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

  FailureOr<std::unique_ptr<DescriptionLibrary>> library =
      DescriptionLibrary::load(module.getContext(), req.libraries);
  if (failed(library))
    return failure();
  FailureOr<PartitionGraph> graph =
      PartitionGraph::build(func, **library, req.coarsen);
  if (failed(graph))
    return failure();

  SearchOptions options;
  options.strategy = *strategy;
  options.beamWidth = std::max(1u, req.beam);
  options.levels = req.levels;
  FailureOr<Plan> plan = searchPlan(*graph, gpus, options, error);
  if (failed(plan))
    return emitError(loc) << error;
  for (const LevelPlan &level : plan->perLevel)
    if (level.approximate) {
      emitWarning(loc) << "@" << func.getSymName()
                       << ": the search frontier reached " << level.maxStates
                       << " states at a level of " << level.ways
                       << " ways; the plan keeps the cheapest "
                       << options.beamWidth << " (beam) and may not be optimal";
      break;
    }

  for (const LevelPlan &level : plan->perLevel)
    if (!graph->tensors.empty() &&
        llvm::all_of(level.tensorDim, [](int d) { return d < 0; })) {
      emitWarning(loc) << "@" << func.getSymName()
                       << ": no tensor can be split " << level.ways
                       << " ways at level " << (&level - plan->perLevel.data())
                       << " (no dimension divides evenly); that level "
                          "replicates everything";
      break;
    }
  PlanEstimates estimates = estimatePlan(*graph, *plan, *machine);
  if (estimates.noUsefulSplitting)
    emitWarning(loc) << "@" << func.getSymName() << ": the plan for " << gpus
                     << " workers splits almost nothing: every device runs "
                     << llvm::formatv("{0:f1}",
                                      100.0 * estimates.workPerDeviceFraction)
                     << "% of the step's work ("
                     << llvm::formatv("{0:f1}",
                                      100.0 * estimates.replicatedWorkFraction)
                     << "% of its FLOPs are in ops not split " << gpus
                     << " ways)";
  if (!req.report.empty()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << llvm::formatv("{0:2}", planToJSON(*graph, *plan, *machine, estimates))
       << "\n";
    if (failed(writeAtomically(req.report, text, loc)))
      return failure();
  }
  if (req.printTable)
    printPlanTable(llvm::outs(), *graph, *plan, *machine, estimates);
  attachPlan(module, *graph, *plan, *machine);
  if (!req.materialize)
    return success();
  return materializeFunction(module, func, **library);
}

/// Both passes declare the same options; this runs either.
template <typename Derived, template <typename> class BaseT>
struct PartitionPassBase : public BaseT<Derived> {
  using BaseT<Derived>::BaseT;
  void runWith(bool printTable, bool materialize) {
    auto run = [&](OpPassManager &pm, ModuleOp m) {
      return this->runPipeline(pm, m);
    };
    // JAX exports are imported first: the plan is made for their linalg form.
    if (failed(importStableHLO(this->getOperation(), run)))
      return this->signalPassFailure();
    // TOSA ops are materialized through their linalg form: lower them first,
    // so that the plan is made for (and carried out on) the ops that run.
    if (materialize &&
        failed(lowerTosaToLinalg(this->getOperation(),
                                 [&](OpPassManager &pm, ModuleOp m) {
                                   return this->runPipeline(pm, m);
                                 })))
      return this->signalPassFailure();
    PartitionRequest req{
        this->gpus,
        this->strategy,
        this->machine,
        this->entry,
        this->report,
        SmallVector<unsigned>(this->levels.begin(), this->levels.end()),
        this->beam,
        this->coarsen,
        this->libraries,
        printTable,
        materialize};
    if (failed(runPartition(this->getOperation(), req)))
      this->signalPassFailure();
  }
};

struct TofuPartitionPass
    : public PartitionPassBase<TofuPartitionPass,
                               tofu::impl::TofuPartitionBase> {
  using PartitionPassBase::PartitionPassBase;
  void runOnOperation() override {
    runWith(/*printTable=*/false, this->materialize);
  }
};

struct TofuReportPass
    : public PartitionPassBase<TofuReportPass, tofu::impl::TofuReportBase> {
  using PartitionPassBase::PartitionPassBase;
  void runOnOperation() override {
    runWith(/*printTable=*/true, /*materialize=*/false);
  }
};
struct TofuLowerTosaPass
    : public tofu::impl::TofuLowerTosaBase<TofuLowerTosaPass> {
  void runOnOperation() override {
    if (failed(lowerTosaToLinalg(
            getOperation(),
            [&](OpPassManager &pm, ModuleOp m) { return runPipeline(pm, m); })))
      signalPassFailure();
  }
};

struct TofuMaterializePass
    : public tofu::impl::TofuMaterializeBase<TofuMaterializePass> {
  using TofuMaterializeBase::TofuMaterializeBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto partition = module->getAttrOfType<DictionaryAttr>("tofu.partition");
    if (!partition) {
      module.emitError("no tofu.partition plan on the module (run "
                       "--tofu-partition=materialize=false first)");
      return signalPassFailure();
    }
    if (partition.get("materialized")) {
      module.emitError("the module is already materialized");
      return signalPassFailure();
    }
    std::string name = entry;
    if (name.empty())
      if (auto f = partition.getAs<StringAttr>("function"))
        name = f.str();
    auto func =
        name.empty() ? func::FuncOp() : module.lookupSymbol<func::FuncOp>(name);
    if (!func || func.isExternal()) {
      module.emitError("no function '")
          << name << "' with a body to materialize (tofu.partition "
          << "'function' or the 'entry' option names it)";
      return signalPassFailure();
    }
    FailureOr<std::unique_ptr<DescriptionLibrary>> library =
        DescriptionLibrary::load(module.getContext(), libraries);
    if (failed(library) || failed(materializeFunction(module, func, **library)))
      signalPassFailure();
  }
};
} // namespace
