//===- StagedPipeline.h - Staged plans into pipelined programs -*- C++ -*-===//
//
// The work of --tofu-pipeline as a function, so that the planner
// (--tofu-plan materialize=true) carries out its own choice the same way:
// plan one microbatch with the partition search (level 0 = the d x M
// microbatches, then each stage's tensor partition), materialize it and
// schedule the stages. See docs/pipeline.md.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PIPELINES_STAGEDPIPELINE_H
#define TOFU_PIPELINES_STAGEDPIPELINE_H

#include "Tofu/Partition/Search.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>

namespace mlir::tofu {

struct PipelineRequest {
  /// Devices per stage and replica: the tensor partition's degree.
  int64_t split = 1;
  /// Data-parallel replicas of every stage.
  int64_t data = 1;
  /// ZeRO stage of the updates (0 to 3; StageScheduleOptions::zero).
  int64_t zero = 0;
  SearchStrategy strategy = SearchStrategy::Tofu;
  unsigned beam = 1u << 16;
  /// Machine description (empty: the staged plan's, else k80-pcie).
  std::string machine;
  /// Activation recomputation (StageScheduleOptions::recompute), with the
  /// segment of each forward op by its tofu.name.
  bool recompute = false;
  llvm::StringMap<int64_t> segmentOfName;
};

/// Rewrites the module, whose `tofu.partition` is a staged plan (stages,
/// microbatches, schedule; a stage in every placed op's tofu.strategy), into
/// the program its stages x data x split ranks run. Emits a located error
/// and fails where the plan cannot be carried out.
LogicalResult pipelineStagedPlan(ModuleOp module,
                                 const PipelineRequest &request);

} // namespace mlir::tofu

#endif // TOFU_PIPELINES_STAGEDPIPELINE_H
