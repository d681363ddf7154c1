//===- Pipeline.h - Staged plans into pipelined programs --------*- C++ -*-===//
//
// A pipelined plan puts every op of a training step on a pipeline stage and
// cuts the step's batch into microbatches. `scheduleStages` turns the SPMD
// program of one microbatch (materialized with a microbatch level as grid
// axis 0, docs/pipeline.md) into the program every stage rank runs: per
// stage, a function holding its microbatches' forward and backward ops in
// the order of a GPipe or 1F1B schedule, with activations sent to later
// stages and gradients to earlier ones (`shard.send` / `shard.recv` along
// grid axis 0, now the stage axis), gradients accumulated over the
// microbatches and the parameters updated once.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SPMD_PIPELINE_H
#define TOFU_SPMD_PIPELINE_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

#include <string>

namespace mlir::tofu {

struct StageScheduleOptions {
  int64_t stages = 1;
  /// Microbatches each data-parallel replica runs per step.
  int64_t microbatches = 1;
  /// Data-parallel replicas of every stage (the grid axis after the stage
  /// axis when more than 1): each takes 1/data of the batch, and the sums
  /// over the microbatches are all-reduced over the replicas.
  int64_t data = 1;
  /// "gpipe": every forward, then every backward; "1f1b": stage s runs
  /// S - s - 1 forwards, then alternates one forward and one backward
  /// (at most S - s microbatches in flight).
  std::string schedule = "1f1b";
  /// ZeRO stage 1 or 2 (with data > 1): the parameter updates run on each
  /// replica's 1/data of the gradient (reduce-scattered instead of
  /// all-reduced), parameter and optimizer state (which each replica keeps
  /// only its part of); the updated parameters are all-gathered. 0: the
  /// updates run replicated. Stage 3: the parameters too are held as parts
  /// (arguments and results split over the replicas); each forward and
  /// backward block all-gathers a parameter right before its first use
  /// for that microbatch, so the gathered copy dies inside the block.
  int64_t zero = 0;
  /// Activation recomputation: a stage's backward block re-runs the forward
  /// ops whose results it reads (the saved activations) instead of reading
  /// them from the forward block, from the values the forward keeps: those
  /// that forward ops of another segment read (each segment's output, as
  /// the planner's cost model keeps), the block's inputs (received
  /// activations, the microbatch's data), and whatever leaves the stage's
  /// blocks (values sent to another stage, read by the post ops or
  /// returned). Each recomputed op is emitted right before the first
  /// backward op that needs it, so one segment's recomputed values are
  /// alive at a time.
  bool recompute = false;
  /// With `recompute`: the segment of each forward op, by its `tofu.name`
  /// (-1: in several segments). Ops it does not name take the segment of
  /// their first reader in the block, else of their first operand.
  llvm::StringMap<int64_t> segmentOfName;
  /// The global (whole-batch) types of the function's arguments, before
  /// materialization.
  SmallVector<Type> globalArgTypes;
};

/// The order stage `stage` of `stages` runs its microbatches in: pairs of
/// (is-forward, microbatch).
SmallVector<std::pair<bool, int64_t>> stageSchedule(StringRef schedule,
                                                    int64_t stages,
                                                    int64_t microbatches,
                                                    int64_t stage);

/// Rewrites `func`, the materialized program of one microbatch whose ops
/// carry their stage in `tofu.strategy`, into the pipelined program on a
/// grid whose axis 0 is the stage axis (then the data axis when
/// `options.data` > 1, then the tensor levels). When `options.microbatches`
/// x `options.data` > 1 the program's grid axis 0 must be the microbatch
/// level of that many microbatches; replica r runs microbatches r * M to
/// r * M + M - 1 of them. Emits a located error
/// and fails on programs it cannot schedule (a value that flows against the
/// pipeline, an op that mixes microbatches, a per-microbatch result).
LogicalResult scheduleStages(ModuleOp module, func::FuncOp func,
                             const StageScheduleOptions &options);

} // namespace mlir::tofu

#endif // TOFU_SPMD_PIPELINE_H
