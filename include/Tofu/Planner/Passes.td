//===- Passes.td - The time- and memory-aware planner --------*- tablegen -*-===//
#ifndef TOFU_PLANNER_PASSES_TD
#define TOFU_PLANNER_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuPlan : Pass<"tofu-plan", "ModuleOp"> {
  let summary = "Plan a training step: the fastest data x pipeline x tensor "
                "split that fits each device's memory";
  let description = [{
    Chooses how `gpus` devices of `machine` run the training step `entry`
    (made by `--tofu-autodiff` or tofu-zoo) to least estimated step time
    within the per-device memory: the data-parallel replica count, the
    pipeline stages (contiguous runs of layers, 1F1B or interleaved 1F1B
    with v model chunks per rank, with the microbatch count), the tensor partition of each stage's layers (Tofu's plan for
    each factorization of the tensor degree), activation recomputation and
    ZeRO sharding of the optimizer state (stage 0, 1, 2 or 3). See
    docs/planner.md and, for the formulas, docs/cost-model.md.

    Identical layers (same ops, names up to the layer tag, and shapes) are
    costed once, on one representative layer whose input and output
    activations are tied so the plan repeats from layer to layer; the
    layer's batch is rescaled to each microbatch size tried. The search
    enumerates every configuration, pruned by a lower bound, with exact
    stage boundaries from a dynamic program; it is exact for the cost
    model (the per-layer tensor plans are Tofu's optimum for communicated
    bytes per level, costed in time afterwards).

    `strategy` selects the planner or a baseline on the same cost model:
    `megatron` (data x tensor x pipeline grid with Megatron-LM's per-layer
    splits), `zero3` (data parallel with sharded parameters, gradients and
    optimizer state), `alpa` (Alpa's inter-operator stages by the same
    stage program, each stage's tensor axis planned by Alpa's
    intra-operator ILP over every op's strategies with resharding costs,
    solved by TofuSolver's MILP; no ZeRO), `tofu-bytes` (Tofu's bytes-only
    search over all devices as one tensor partition).

    The plan is printed (`print=table|json`) and written as JSON
    (`report=FILE`). With `materialize=true` the step is rewritten into the
    program of the plan: the planner's stage boundaries, its microbatches
    and schedule and its data-parallel replicas carried out as by
    `--tofu-pipeline="data=D split=T"` on a staged plan, each stage's ops
    partitioned over its T devices by Tofu's search; `tofu-run` runs it on
    D x P x T ranks. Without it the IR is not changed. When no plan fits, the pass
    fails with the smallest peak memory it found and what dominates it.
  }];
  let options = [
    Option<"gpus", "gpus", "unsigned", /*default=*/"8", "devices">,
    Option<"machine", "machine", "std::string", /*default=*/"\"h200-nvlink\"",
           "machine description: a bundled name (k80-pcie, h200-nvlink, "
           "dgx-a100) or a JSON file">,
    Option<"memory", "memory", "std::string", /*default=*/"\"\"",
           "bytes per device (e.g. 80e9, 40GiB); empty: the machine's device "
           "memory; 0: no limit">,
    Option<"globalBatch", "global-batch", "int64_t", /*default=*/"0",
           "samples per step (0: the step's own batch); the step's batch is "
           "rescaled to each microbatch">,
    Option<"optimizer", "optimizer", "::mlir::tofu::PlannerOptimizer",
           /*default=*/"::mlir::tofu::PlannerOptimizer::Sgd",
           "memory and update traffic per parameter",
           "::mlir::tofu::plannerOptimizerValues()">,
    Option<"precision", "precision", "::mlir::tofu::PlannerPrecision",
           /*default=*/"::mlir::tofu::PlannerPrecision::F32",
           "the bytes of float tensors and the peak used",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tofu::PlannerPrecision::F32, "f32",
                        "as the step"),
             clEnumValN(::mlir::tofu::PlannerPrecision::BF16, "bf16",
                        "float tensors in 2 bytes, the bf16 peak"))}]>,
    Option<"strategy", "strategy", "::mlir::tofu::PlannerStrategy",
           /*default=*/"::mlir::tofu::PlannerStrategy::Planner",
           "whose search space to search",
           "::mlir::tofu::plannerStrategyValues()">,
    Option<"maxTensor", "max-tensor", "unsigned", /*default=*/"0",
           "largest tensor degree (0: the machine's node size)">,
    Option<"maxMicrobatches", "max-microbatches", "unsigned",
           /*default=*/"64", "most microbatches per step">,
    Option<"data", "data", "unsigned", /*default=*/"0",
           "pin the data-parallel degree (0: chosen)">,
    Option<"pipeline", "pipeline", "unsigned", /*default=*/"0",
           "pin the pipeline degree (0: chosen)">,
    Option<"tensor", "tensor", "unsigned", /*default=*/"0",
           "pin the tensor degree (0: chosen)">,
    Option<"microbatches", "microbatches", "unsigned", /*default=*/"0",
           "pin the microbatches per replica (0: chosen)">,
    Option<"zero", "zero", "ZeroPin", /*default=*/"ZeroPin::Chosen",
           "pin the ZeRO stage", [{::llvm::cl::values(
             clEnumValN(ZeroPin::Chosen, "chosen", "the planner chooses"),
             clEnumValN(ZeroPin::Zero0, "0", "no sharding"),
             clEnumValN(ZeroPin::Zero1, "1", "optimizer state sharded"),
             clEnumValN(ZeroPin::Zero2, "2", "and gradients"),
             clEnumValN(ZeroPin::Zero3, "3", "and parameters"))}]>,
    Option<"recompute", "recompute", "RecomputePin",
           /*default=*/"RecomputePin::Chosen",
           "pin activation recomputation", [{::llvm::cl::values(
             clEnumValN(RecomputePin::Chosen, "chosen", "the planner chooses"),
             clEnumValN(RecomputePin::On, "true", "recompute every layer"),
             clEnumValN(RecomputePin::Off, "false", "keep activations"))}]>,
    Option<"schedule", "schedule", "SchedulePin",
           /*default=*/"SchedulePin::Chosen",
           "pin the pipeline schedule", [{::llvm::cl::values(
             clEnumValN(SchedulePin::Chosen, "chosen", "1F1B or interleaved "
                        "1F1B, weighed by the search (1F1B holds fewer "
                        "microbatches than GPipe in the same time)"),
             clEnumValN(SchedulePin::GPipe, "gpipe", "every forward, then "
                        "every backward"),
             clEnumValN(SchedulePin::OneFOneB, "1f1b", "one forward, one "
                        "backward"),
             clEnumValN(SchedulePin::Interleaved, "interleaved",
                        "Megatron-LM's interleaved 1F1B: v model chunks "
                        "per rank (chunk k on rank k mod p)"))}]>,
    Option<"virtualStages", "virtual-stages", "unsigned", /*default=*/"0",
           "pin the virtual stages (model chunks) per rank of interleaved "
           "1F1B (0: chosen; above 1 implies schedule=interleaved)">,
    Option<"materialize", "materialize", "bool", /*default=*/"false",
           "rewrite the step into the per-rank program of the plan (data x "
           "pipeline x tensor ranks), which tofu-run runs; the search then "
           "keeps to what is carried out (ZeRO 0 to 3, recomputation, GPipe, "
           "1F1B and interleaved 1F1B)">,
    Option<"entry", "entry", "std::string", /*default=*/"\"\"",
           "the training step (default: the first public function)">,
    Option<"crossCheck", "cross-check", "bool", /*default=*/"false",
           "also find the plan by brute force over every stage boundary "
           "and fail if its step time differs (tests)">,
    Option<"print", "print", "::mlir::tofu::PrintFormat",
           /*default=*/"::mlir::tofu::PrintFormat::Table",
           "print the plan on stdout",
           "::mlir::tofu::printFormatValues()">,
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "write the plan as JSON to this file">,
    Option<"table", "table", "std::string", /*default=*/"\"\"",
           "write the plan's table (what print=table prints) to this file">,
  ];
  // materialize=true writes the program --tofu-pipeline writes.
  let dependentDialects = ["::mlir::shard::ShardDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tofu::TofuDialect"];
}

#endif // TOFU_PLANNER_PASSES_TD
