//===- Pipeline.h - Staged plans into pipelined programs --------*- C++ -*-===//
//
// A pipelined plan puts every op of a training step on a pipeline stage and
// cuts the step's batch into microbatches. `scheduleStages` turns the SPMD
// program of one microbatch (materialized with a microbatch level as grid
// axis 0, docs/pipeline.md) into the program every stage rank runs: per
// stage, a function holding its microbatches' forward and backward ops in
// the order of a GPipe, 1F1B or interleaved 1F1B schedule (then a stage
// rank runs several model chunks), with activations sent to later
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
  /// (at most S - s microbatches in flight); "interleaved": Megatron-LM's
  /// interleaved 1F1B over `virtualStages` model chunks per rank.
  std::string schedule = "1f1b";
  /// Model chunks per stage rank (interleaved 1F1B; 1 otherwise). The ops'
  /// stages are then chunks 0 .. stages * virtualStages - 1, contiguous in
  /// the forward order; rank r runs chunks r, r + stages, r + 2 * stages,
  /// ... (Megatron-LM's assignment), so activations go from rank r to
  /// r + 1 and from the last rank back to rank 0.
  int64_t virtualStages = 1;
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

/// One step of a rank's schedule: the forward or backward of one model
/// chunk (the stage itself without interleaving) for one microbatch.
struct ScheduleStep {
  bool forward;
  int64_t chunk;
  int64_t microbatch;
  bool operator==(const ScheduleStep &o) const {
    return forward == o.forward && chunk == o.chunk &&
           microbatch == o.microbatch;
  }
};

/// The order rank `rank` of `stages` runs its chunks' microbatches in.
/// "gpipe" and "1f1b" have one chunk per rank (`virtualStages` = 1, chunk
/// = rank); "interleaved" is Megatron-LM's interleaved 1F1B (Narayanan et
/// al., SC'21; megatron/core/pipeline_parallel/schedules.py): with
/// v = `virtualStages` and M = `microbatches` (a multiple of `stages`),
/// the k-th forward runs local chunk (k mod (p v)) / p on microbatch
/// (k / (p v)) p + k mod p, the k-th backward the chunks in reverse;
/// rank r first runs min(2 (p - r - 1) + (v - 1) p, v M) forwards, then
/// alternates one forward and one backward, then the remaining backwards.
SmallVector<ScheduleStep> rankSchedule(StringRef schedule, int64_t stages,
                                       int64_t virtualStages,
                                       int64_t microbatches, int64_t rank);

/// Whether the ranks' schedules complete when each step waits for the
/// steps it depends on (the forward of chunk c on that of c - 1, the
/// backward of c on its own forward and the backward of c + 1, all on the
/// same microbatch) and nothing else: no rank ever waits on a rank that
/// waits on it. Messages are buffered (a send never waits), so a schedule
/// that passes cannot deadlock.
bool schedulesComplete(ArrayRef<SmallVector<ScheduleStep>> ranks,
                       int64_t stages, int64_t virtualStages,
                       int64_t microbatches);

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
