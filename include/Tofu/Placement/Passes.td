//===- Passes.td - Placement of training steps --------------*- tablegen -*-===//
#ifndef TOFU_PLACEMENT_PASSES_TD
#define TOFU_PLACEMENT_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuPlace : Pass<"tofu-place", "ModuleOp"> {
  let summary = "Place the ops of a training step on pipeline stages";
  let description = [{
    Places every op of the training step `entry` (made by `--tofu-autodiff`,
    or any step without its tags, whose roles `--tofu-infer-step-roles`'s
    analysis then finds from the dataflow and writes first) whole on one of `stages` pipeline stages, with the exact placement
    algorithms of Tarnawski et al. (NeurIPS 2020; docs/placement.md): the
    step becomes the placement problem's operator graph (per op its FLOPs
    and bytes costed on `machine`, per microbatch), backward ops share their
    forward op's colour class, and the contiguous throughput optimum on
    `stages` accelerators with the device's memory is found by the DP over
    ideals (falling back to the MILP when the ideals are too many). Stages
    are numbered in pipeline order: stage 0 reads the inputs, forward values
    flow to the same or later stages, gradients to the same or earlier ones.
    Cheap ops (constants, `tensor.empty`, fills of an init) run on the stage
    of their first user; a parameter update runs on the stage of its
    gradient.

    The placement is recorded for `--tofu-pipeline`:

    ```mlir
    // Before: the step of a 4-layer MLP.
    %2 = linalg.matmul {tofu.name = "l0.fc.matmul"} ins(%x, %w0 : ...) ...
    // After --tofu-place="stages=2 microbatches=4":
    module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2],
        machine = "h200-nvlink", function = "train_step", microbatches = 4,
        schedule = "1f1b", stages = 2>} {
      ...
      %2 = linalg.matmul {tofu.name = "l0.fc.matmul",
          tofu.strategy = #tofu.strategy<[replicated], stage = 0>} ...
    ```

    Every op of the function but its terminator gets a `tofu.strategy` with
    one `replicated` entry (level 0 is the stage axis; the op is whole on
    its stage). When the optimum leaves stages empty, a warning says how
    many were used and the plan records that number. `print=table` prints
    per stage the ops, compute time, communication and memory, and the max
    load with whether it is proven optimal.
  }];
  let options = [
    Option<"stages", "stages", "unsigned", /*default=*/"2",
           "pipeline stages (accelerators)">,
    Option<"microbatches", "microbatches", "unsigned", /*default=*/"4",
           "pieces the batch (dimension 0, or tofu.batch_dim, of every "
           "tensor argument that is neither a parameter nor optimizer "
           "state) is cut into">,
    Option<"schedule", "schedule", "::mlir::tofu::PlaceSchedule",
           /*default=*/"::mlir::tofu::PlaceSchedule::OneFOneB",
           "pipeline schedule (sets the activations a stage keeps)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tofu::PlaceSchedule::GPipe, "gpipe",
                        "every microbatch's activations"),
             clEnumValN(::mlir::tofu::PlaceSchedule::OneFOneB, "1f1b",
                        "at most `stages` microbatches' activations"))}]>,
    Option<"machine", "machine", "std::string", /*default=*/"\"h200-nvlink\"",
           "machine description: a bundled name (k80-pcie, h200-nvlink) or "
           "a JSON file">,
    Option<"entry", "entry", "std::string", /*default=*/"\"train_step\"",
           "the training step to place">,
    Option<"memory", "memory", "int64_t", /*default=*/"-1",
           "bytes per accelerator; -1: the machine's device memory, 0: no "
           "limit">,
    Option<"print", "print", "::mlir::tofu::PrintFormat",
           /*default=*/"::mlir::tofu::PrintFormat::None",
           "print the placement on stdout",
           "::mlir::tofu::printFormatValues(/*json=*/false)">,
    Option<"fill", "fill", "bool", /*default=*/"false",
           "use every stage even where fewer give the lowest max load: cut "
           "the busiest stages in two along the pipeline order (the max load "
           "may rise; a warning gives both)">,
    Option<"exportFile", "export", "std::string", /*default=*/"\"\"",
           "write the placement problem to this file in the JSON format "
           "tofu-place reads (times in the units the pass solves in)">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect",
                           "::mlir::tofu::TofuDialect"];
}

#endif // TOFU_PLACEMENT_PASSES_TD
