//===- StagedPlan.cpp - A placement written as a staged plan --------------===//
//
// See Tofu/Partition/StagedPlan.h.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Partition/StagedPlan.h"

#include "Tofu/Dialect/Tofu/IR/Tofu.h"

using namespace mlir;
using namespace mlir::tofu;

void mlir::tofu::recordStagedPlan(
    ModuleOp module, func::FuncOp func, StringRef machine, int64_t stages,
    int64_t microbatches, StringRef schedule, int64_t virtualStages,
    llvm::function_ref<std::optional<int64_t>(Operation *)> stageOf) {
  MLIRContext *ctx = module.getContext();
  Builder b(ctx);
  TofuDialect::PartitionAttrHelper(ctx).setAttr(
      module, PlanAttr::get(
                  ctx, stages, {stages}, /*strategy=*/{},
                  b.getStringAttr(machine), b.getStringAttr(func.getSymName()),
                  /*comm_bytes=*/std::nullopt, /*materialized=*/{},
                  microbatches, b.getStringAttr(schedule), stages,
                  virtualStages > 1 ? std::optional<int64_t>(virtualStages)
                                    : std::nullopt));
  TofuDialect::StrategyAttrHelper strategy(ctx);
  for (Operation &op : func.getBody().front().without_terminator())
    if (std::optional<int64_t> stage = stageOf(&op))
      strategy.setAttr(
          &op, StrategyAttr::get(ctx, {StrategyAttr::kReplicatedLoop}, *stage));
}
