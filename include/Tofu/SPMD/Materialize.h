//===- Materialize.h - Plans into SPMD programs -----------------*- C++ -*-===//
//
// Materialization rewrites a function annotated with a partition plan
// (tofu.partition on the module, tofu.strategy / tofu.layouts on its ops,
// tofu.layout on its arguments; see --tofu-partition) into the function every
// rank runs on its own shards. Communication is explicit, as upstream `shard`
// collectives on a `shard.grid @tofu_grid` whose axes are the plan's recursion
// levels (axis i = level i, one communicator per level); --tofu-lower-spmd
// turns them into calls to the runtime library. See docs/materialization.md.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PARTITION_MATERIALIZE_H
#define TOFU_PARTITION_MATERIALIZE_H

#include "Tofu/Analysis/Description.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tofu {

/// What materialization did, recorded in the module's tofu.partition.
struct MaterializeStats {
  /// Ops computed on their shards as the plan's strategy says.
  unsigned partitionedOps = 0;
  /// Ops the materializer could not split the planned way (e.g. a reshape
  /// that splits an inner dimension): computed whole on every rank from
  /// gathered operands, then sliced to their planned layout. Correct, but
  /// more communication and memory than the plan estimated.
  unsigned replicatedOps = 0;
  /// Collectives emitted.
  unsigned collectives = 0;
};

/// The first collective of a materialized program under `root` (an op of
/// the `shard` dialect with operands; `shard.grid` has none), or null: the
/// sign that a module was partitioned already.
/// Rewrites `func` (annotated by --tofu-partition) in place into its SPMD
/// form: argument and result types become shard types with tofu.layout
/// attributes, and `shard.grid @tofu_grid` is added to `module`. Emits a
/// located error and fails on plans it cannot carry out.
LogicalResult materializePlan(ModuleOp module, func::FuncOp func,
                              MaterializeStats &stats);

} // namespace mlir::tofu

#endif // TOFU_PARTITION_MATERIALIZE_H
