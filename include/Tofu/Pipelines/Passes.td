//===- Passes.td - Passes that compose whole pipelines -----*- tablegen -*-===//
//
// Passes that carry out a plan by running the search, the materializer and
// the stage scheduler in turn. They sit above lib/Partition and lib/SPMD so
// that the search depends on no materializer code.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PIPELINES_PASSES_TD
#define TOFU_PIPELINES_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuPipeline : Pass<"tofu-pipeline", "ModuleOp"> {
  let summary = "Materialize a staged plan into a pipelined training step";
  let description = [{
    Reads the plan `--tofu-place` writes (`#tofu.plan<..., stages = S,
    microbatches = M, schedule = "gpipe" | "1f1b" | "interleaved">`, a `stage`
    in every op's `#tofu.strategy`; with `schedule = "interleaved",
    virtual_stages = V` the stages are V x S model chunks, chunk k on stage
    rank k mod S) and rewrites the training step into the program the
    `S x data x split` ranks run (docs/pipeline.md):

    1. the search plans one microbatch: level 0 cuts the batch into the
       `data x M` microbatches (every op that walks the batch splits it, everything
       else is replicated), the levels after it partition each stage's ops
       over its `split` devices (Tofu's recursion);
    2. `--tofu-materialize` writes the SPMD program of that plan;
    3. the stages are scheduled: per stage a function that runs its
       microbatches' forward and backward ops in schedule order (GPipe,
       1F1B or Megatron-LM's interleaved 1F1B), activations sent to
       later stages and gradients to earlier ones (`shard.send` /
       `shard.recv` along grid axis 0, the stage axis), the all-reduces over
       the microbatch level become sums over the microbatches, the
       parameters are updated once, and every result is broadcast from the
       stage that computes it.

    With `data` = d > 1 every stage has d replicas (grid axis 1): replica r
    runs microbatches r * M to r * M + M - 1, the batch arguments arrive cut
    over the replicas, and the sums over the microbatches are all-reduced
    over them before the update. The module's plan becomes
    `#tofu.plan<workers = S * d * split, levels = [S, d, ...], stages = S,
    microbatches = M, schedule = ..., materialized = ...>`; `tofu-run`
    runs it on that many ranks. Located errors for plans it cannot
    run: no stages, a microbatch count that does not divide the batch, ops
    that mix samples, values that flow against the pipeline.
  }];
  let options = [
    Option<"split", "split", "unsigned", /*default=*/"1",
           "devices per stage: each stage's ops are partitioned over this "
           "many ranks">,
    Option<"data", "data", "unsigned", /*default=*/"1",
           "data-parallel replicas of every stage: each runs the "
           "microbatches of 1/data of the batch, and the gradients summed "
           "over them are all-reduced over the replicas">,
    Option<"strategy", "strategy", "::mlir::tofu::SearchStrategy",
           /*default=*/"::mlir::tofu::SearchStrategy::Tofu",
           "search for the partition inside a stage (see --tofu-search)",
           "::mlir::tofu::searchStrategyValues()">,
    Option<"machine", "machine", "std::string", /*default=*/"\"\"",
           "machine description (default: the plan's, else k80-pcie)">,
    Option<"beam", "beam", "unsigned", /*default=*/"65536",
           "largest table (entries) the solver's elimination may create at "
           "a level (see --tofu-search)">,
  ];
  let dependentDialects = ["::mlir::shard::ShardDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tofu::TofuDialect"];
}

#endif // TOFU_PIPELINES_PASSES_TD
