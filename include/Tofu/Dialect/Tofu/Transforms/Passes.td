//===- Passes.td - Passes of the Tofu dialect --------------*- tablegen -*-===//
#ifndef TOFU_DIALECT_TOFU_TRANSFORMS_PASSES_TD
#define TOFU_DIALECT_TOFU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuDropPlan : Pass<"tofu-drop-plan", "ModuleOp"> {
  let summary = "Remove the partition plan's attributes";
  let description = [{
    Removes `tofu.partition` from the module, `tofu.strategy` and
    `tofu.layouts` from every op and `tofu.layout` from function arguments
    and results (docs/plan.md). The CPU and GPU lowering pipelines run it
    once the shard collectives are runtime calls: the program no longer
    needs the plan, and LLVM's translation (`mlir-translate`), which does not
    know the Tofu dialect, could not parse it. The naming attributes
    (`tofu.name`, ...) hold builtin values and stay.

    Before:

    ```mlir
    module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2]>} {
      func.func @main(%x: tensor<4xf32> {tofu.layout = #tofu.layout<[0]>, tofu.name = "x"})
    ```

    After:

    ```mlir
    module {
      func.func @main(%x: tensor<4xf32> {tofu.name = "x"})
    ```
  }];
}

#endif // TOFU_DIALECT_TOFU_TRANSFORMS_PASSES_TD
