//===- StagedPipeline.cpp - The --tofu-pipeline pass ----------------------===//
//
// Carries out a staged plan (--tofu-place): plans one microbatch with the
// partition search (level 0 = the microbatches, then each stage's tensor
// partition), materializes it (lib/SPMD) and schedules the stages
// (lib/SPMD/ScheduleStages.cpp). See docs/pipeline.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Pipelines/StagedPipeline.h"
#include "Tofu/Dialect/Tofu/IR/Arguments.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Partition/Search.h"
#include "Tofu/Pipelines/Passes.h"
#include "Tofu/SPMD/Materialize.h"
#include "Tofu/SPMD/Pipeline.h"
#include "Tofu/Support/Numbers.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUPIPELINE
#include "Tofu/Pipelines/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;

namespace {

/// The microbatch count (over all replicas) divides the batch: dimension
/// `tofu.batch_dim` (default 0) of every data argument (a tensor argument
/// that is not a parameter).
LogicalResult checkMicrobatches(func::FuncOp func, int64_t microbatches,
                                int64_t data) {
  for (BlockArgument arg : func.getArguments()) {
    if (!isBatchArgument(func, arg.getArgNumber()))
      continue;
    auto type = cast<RankedTensorType>(arg.getType());
    int64_t dim = 0;
    if (auto attr = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                       kBatchDimAttrName))
      dim = attr.getInt();
    int64_t batch = type.getDimSize(dim);
    if (ShapedType::isDynamic(batch) || batch % (microbatches * data) != 0) {
      InFlightDiagnostic diag = mlir::emitError(arg.getLoc());
      if (data > 1)
        diag << "data = " << data << " replicas x ";
      diag << "microbatches = " << microbatches << " does not divide the "
           << "batch of argument #" << arg.getArgNumber() << " (dimension "
           << dim << " is " << batch << ")";
      return diag;
    }
  }
  return success();
}

} // namespace

LogicalResult mlir::tofu::pipelineStagedPlan(ModuleOp module,
                                             const PipelineRequest &request) {
  MLIRContext *ctx = module.getContext();
  int64_t split = request.split, data = request.data;
  auto staged = module->getAttrOfType<PlanAttr>(kPartitionAttrName);
  if (!staged || !staged.getStages())
    return module.emitError("no staged plan on the module: run --tofu-place "
                            "first (tofu.partition needs 'stages')");
  if (staged.getMaterialized())
    return module.emitError("the module is already materialized");
  if (split < 1)
    return module.emitError("'split' must be at least 1");
  if (data < 1)
    return module.emitError("'data' must be at least 1");
  StageScheduleOptions options;
  options.stages = *staged.getStages();
  options.microbatches = staged.getMicrobatches().value_or(1);
  options.data = data;
  options.zero = request.zero;
  options.recompute = request.recompute;
  options.segmentOfName = request.segmentOfName;
  if (StringAttr schedule = staged.getSchedule())
    options.schedule = schedule.str();
  options.virtualStages = staged.getVirtualStages().value_or(1);
  StringRef entry = staged.getFunction() ? staged.getFunction().getValue()
                                         : StringRef("train_step");
  auto func = module.lookupSymbol<func::FuncOp>(entry);
  if (!func || func.isExternal())
    return module.emitError("no function '")
           << entry << "' with a body to pipeline (tofu.partition "
           << "'function' names it)";
  if (failed(checkMicrobatches(func, options.microbatches, data)))
    return failure();
  for (Type t : func.getArgumentTypes())
    options.globalArgTypes.push_back(t);

  std::string machineName =
      !request.machine.empty()
          ? request.machine
          : (staged.getMachine() ? staged.getMachine().str() : "k80-pcie");
  std::string error;
  FailureOr<Machine> desc = Machine::load(machineName, error);
  if (failed(desc))
    return module.emitError(error);

  // One microbatch on one stage's devices; the search sees the microbatches
  // as its first level.
  std::optional<int64_t> ranks = checkedProduct({options.stages, data, split});
  if (!ranks || *ranks > kMaxDevices)
    return module.emitError("split=")
           << split << " x data=" << data << " on " << options.stages
           << " stages is more than the " << kMaxDevices
           << " ranks a plan may have";
  std::optional<int64_t> searched =
      checkedProduct({options.microbatches, data, split});
  if (!searched || *searched > kMaxDevices)
    return module.emitError("split=")
           << split << " x data=" << data << " with " << options.microbatches
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
    search.strategy = request.strategy;
    search.maxTableEntries = std::max(1u, request.beam);
    search.microbatches = static_cast<unsigned>(options.microbatches * data);
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
  if (data > 1)
    levels.push_back(data);
  for (unsigned i = options.microbatches * data > 1 ? 1 : 0;
       i < plan.levels.size(); ++i)
    levels.push_back(plan.levels[i]);
  Builder b(ctx);
  TofuDialect::PartitionAttrHelper(ctx).setAttr(
      module, PlanAttr::get(
                  ctx, *ranks, levels,
                  b.getStringAttr(
                      workers > 1 ? stringifySearchStrategy(request.strategy)
                                  : StringRef("pipeline")),
                  b.getStringAttr(desc->name), b.getStringAttr(entry),
                  workers > 1 ? std::optional<int64_t>(static_cast<int64_t>(
                                    std::llround(plan.commBytes)))
                              : std::nullopt,
                  MaterializedAttr::get(ctx, stats.partitionedOps,
                                        stats.replicatedOps, stats.collectives),
                  options.microbatches, b.getStringAttr(options.schedule),
                  options.stages, staged.getVirtualStages()));
  return success();
}

namespace {

struct TofuPipelinePass
    : public tofu::impl::TofuPipelineBase<TofuPipelinePass> {
  using Base::Base;
  void runOnOperation() override {
    PipelineRequest request;
    request.split = split;
    request.data = data;
    request.strategy = strategy;
    request.beam = beam;
    request.machine = machine;
    if (failed(pipelineStagedPlan(getOperation(), request)))
      signalPassFailure();
  }
};

} // namespace
