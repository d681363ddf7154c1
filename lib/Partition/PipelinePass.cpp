//===- PipelinePass.cpp - The --tofu-pipeline pass ------------------------===//
//
// Carries out a staged plan (--tofu-place): plans one microbatch with the
// partition search (level 0 = the microbatches, then each stage's tensor
// partition), materializes it (lib/SPMD) and schedules the stages
// (lib/SPMD/ScheduleStages.cpp). See docs/pipeline.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/Tofu/IR/Arguments.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Partition/Passes.h"
#include "Tofu/Partition/Search.h"
#include "Tofu/SPMD/Materialize.h"
#include "Tofu/SPMD/Pipeline.h"
#include "Tofu/Support/Numbers.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUPIPELINE
#include "Tofu/Partition/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;

namespace {

/// The microbatch count divides the batch: dimension `tofu.batch_dim`
/// (default 0) of every data argument (a tensor argument that is not a
/// parameter).
LogicalResult checkMicrobatches(func::FuncOp func, int64_t microbatches) {
  for (BlockArgument arg : func.getArguments()) {
    if (!isBatchArgument(func, arg.getArgNumber()))
      continue;
    auto type = cast<RankedTensorType>(arg.getType());
    int64_t dim = 0;
    if (auto attr = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                       kBatchDimAttrName))
      dim = attr.getInt();
    int64_t batch = type.getDimSize(dim);
    if (ShapedType::isDynamic(batch) || batch % microbatches != 0)
      return mlir::emitError(arg.getLoc())
             << "microbatches = " << microbatches
             << " does not divide the batch of argument #" << arg.getArgNumber()
             << " (dimension " << dim << " is " << batch << ")";
  }
  return success();
}

struct TofuPipelinePass
    : public tofu::impl::TofuPipelineBase<TofuPipelinePass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(pipeline()))
      signalPassFailure();
  }

private:
  LogicalResult pipeline();
};

LogicalResult TofuPipelinePass::pipeline() {
  ModuleOp module = getOperation();
  MLIRContext *ctx = &getContext();
  auto staged = module->getAttrOfType<PlanAttr>(kPartitionAttrName);
  if (!staged || !staged.getStages())
    return module.emitError("no staged plan on the module: run --tofu-place "
                            "first (tofu.partition needs 'stages')");
  if (staged.getMaterialized())
    return module.emitError("the module is already materialized");
  if (split < 1)
    return module.emitError("'split' must be at least 1");
  StageScheduleOptions options;
  options.stages = *staged.getStages();
  options.microbatches = staged.getMicrobatches().value_or(1);
  if (StringAttr schedule = staged.getSchedule())
    options.schedule = schedule.str();
  StringRef entry = staged.getFunction() ? staged.getFunction().getValue()
                                         : StringRef("train_step");
  auto func = module.lookupSymbol<func::FuncOp>(entry);
  if (!func || func.isExternal())
    return module.emitError("no function '")
           << entry << "' with a body to pipeline (tofu.partition "
           << "'function' names it)";
  if (failed(checkMicrobatches(func, options.microbatches)))
    return failure();
  for (Type t : func.getArgumentTypes())
    options.globalArgTypes.push_back(t);

  std::string machineName =
      !machine.empty()
          ? machine
          : (staged.getMachine() ? staged.getMachine().str() : "k80-pcie");
  std::string error;
  FailureOr<Machine> desc = Machine::load(machineName, error);
  if (failed(desc))
    return module.emitError(error);
  std::optional<SearchStrategy> strat = parseSearchStrategy(strategy);
  if (!strat)
    return module.emitError("unknown strategy '") << strategy << "'";

  // One microbatch on one stage's devices; the search sees the microbatches
  // as its first level.
  std::optional<int64_t> ranks = checkedProduct({options.stages, split});
  if (!ranks || *ranks > kMaxDevices)
    return module.emitError("split=")
           << split.getValue() << " on " << options.stages
           << " stages is more than the " << kMaxDevices
           << " ranks a plan may have";
  std::optional<int64_t> searched =
      checkedProduct({options.microbatches, split});
  if (!searched || *searched > kMaxDevices)
    return module.emitError("split=")
           << split.getValue() << " with " << options.microbatches
           << " microbatches is more than the " << kMaxDevices
           << " workers the partition search takes";
  unsigned workers = static_cast<unsigned>(*searched);
  Plan plan;
  plan.workers = 1;
  MaterializeStats stats;
  if (workers > 1) {
    FailureOr<PartitionGraph> graph = PartitionGraph::build(func, true);
    if (failed(graph))
      return failure();
    SearchOptions search;
    search.strategy = *strat;
    search.maxTableEntries = std::max(1u, beam.getValue());
    search.microbatches = options.microbatches;
    FailureOr<Plan> found = searchPlan(*graph, workers, search, error);
    if (failed(found))
      return module.emitError(error);
    plan = std::move(*found);
    attachPlan(module, *graph, plan, *desc);
    if (failed(materializePlan(module, func, stats)))
      return failure();
    func = module.lookupSymbol<func::FuncOp>(entry);
  }

  if (failed(scheduleStages(module, func, options)))
    return failure();

  SmallVector<int64_t> levels{options.stages};
  for (unsigned i = options.microbatches > 1 ? 1 : 0; i < plan.levels.size();
       ++i)
    levels.push_back(plan.levels[i]);
  Builder b(ctx);
  TofuDialect::PartitionAttrHelper(ctx).setAttr(
      module, PlanAttr::get(
                  ctx, *ranks, levels,
                  b.getStringAttr(workers > 1 ? stringifySearchStrategy(*strat)
                                              : StringRef("pipeline")),
                  b.getStringAttr(desc->name), b.getStringAttr(entry),
                  workers > 1 ? std::optional<int64_t>(static_cast<int64_t>(
                                    std::llround(plan.commBytes)))
                              : std::nullopt,
                  MaterializedAttr::get(ctx, stats.partitionedOps,
                                        stats.replicatedOps, stats.collectives),
                  options.microbatches, b.getStringAttr(options.schedule),
                  options.stages));
  return success();
}

} // namespace
