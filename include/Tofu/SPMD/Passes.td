//===- Passes.td - SPMD materialization --------------------*- tablegen -*-===//
#ifndef TOFU_SPMD_PASSES_TD
#define TOFU_SPMD_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuMaterialize : Pass<"tofu-materialize", "ModuleOp"> {
  let summary = "Rewrite a function annotated with a partition plan into its "
                "SPMD form";
  let description = [{
    Reads the plan `--tofu-partition=materialize=false` attached (or one
    written by hand; docs/plan.md): `tofu.partition = #tofu.plan<...>` on
    the module,
    `tofu.strategy` / `tofu.layouts` on the ops and `tofu.layout` on the
    arguments of the function named by `tofu.partition`'s `function` (or
    `entry`). Every rank then runs the rewritten function on its own shards:

    - each op is computed on the rank's block of its iteration space; its
      operands are first brought to the layout it needs, with `shard`
      collectives on `shard.grid @tofu_grid` (axis i = recursion level i):
      `all_reduce` / `reduce_scatter` for partial sums of split reductions,
      `all_gather` to undo a split, `all_to_all` to move a split to another
      dimension, `all_slice` (local) to split; windows with halos (e.g. a
      convolution split along its output rows) are cut from the gathered
      dimension;
    - ops that cannot be split the planned way (e.g. a reshape splitting an
      inner dimension) are computed whole from gathered operands and sliced;
      their number is recorded as `replicated_ops` in the plan's
      `materialized` field.

    Communication is emitted right before the op that needs it, in program
    order. The result verifies and stays at the tensor level.
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"\"",
           "function to rewrite (default: tofu.partition's 'function')">,
  ];
  let dependentDialects = ["::mlir::shard::ShardDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tofu::TofuDialect"];
}

#endif // TOFU_SPMD_PASSES_TD
