//===- StagedPlan.h - A placement written as a staged plan ------*- C++ -*-===//
//
// --tofu-place and --tofu-plan write the stages they chose as a staged plan
// (a `tofu.partition` with stages, microbatches and a schedule, a stage in
// every placed op's tofu.strategy); --tofu-pipeline carries it out
// (Tofu/Pipelines/StagedPipeline.h). See docs/pipeline.md.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PARTITION_STAGEDPLAN_H
#define TOFU_PARTITION_STAGEDPLAN_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace mlir::tofu {

/// Writes a staged plan on `module`, what pipelineStagedPlan
/// (Tofu/Pipelines/StagedPipeline.h) reads: the module's `tofu.partition`
/// (`stages`, `microbatches`, `schedule`, the machine and `func`'s name) and,
/// on every op of `func`'s body that `stageOf` gives a stage, a `tofu.strategy`
/// replicated along the stage axis with that stage. Ops it gives none run where
/// their users run (docs/pipeline.md). With `virtualStages` > 1 (schedule
/// "interleaved") the stages `stageOf` gives are the model chunks, 0 .. stages
/// * virtualStages - 1. --tofu-place and --tofu-plan materialize=true write
/// their placements through it.
void recordStagedPlan(
    ModuleOp module, func::FuncOp func, StringRef machine, int64_t stages,
    int64_t microbatches, StringRef schedule, int64_t virtualStages,
    llvm::function_ref<std::optional<int64_t>(Operation *)> stageOf);

} // namespace mlir::tofu

#endif // TOFU_PARTITION_STAGEDPLAN_H
