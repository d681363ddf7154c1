//===- Passes.td - Tofu analysis and transformation passes -*- tablegen -*-===//
#ifndef TOFU_TRANSFORMS_PASSES_TD
#define TOFU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuPrintTDL : Pass<"tofu-print-tdl", "ModuleOp"> {
  let summary = "Print the TDL description of every op in every function";
  let description = [{
    For each operation in each `func.func`, prints (to stdout) the TDL
    description that the partitioner uses, as a concrete `tdl.operator` or
    `tdl.opaque`, preceded by a comment naming the op and its location. The
    descriptions come from `tofu::getDescription`: derived from linalg
    structured ops, resolved through `tdl.apply`, or instantiated from the
    shipped TOSA/tensor library. Ops without a description (constants,
    returns) are skipped; an op that should have one and cannot be described
    gets an error.
  }];
  let options = [
    ListOption<"libraries", "library", "std::string",
               "extra TDL description files to load before the built-in library">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect"];
}

def TofuPrintStrategies : Pass<"tofu-print-strategies", "ModuleOp"> {
  let summary = "Print every basic 2-way partition strategy of every op";
  let description = [{
    Runs symbolic interval analysis on the TDL description of each op and
    prints its basic 2-way strategies: one per output dimension (the input
    region each worker needs: whole, half along a dimension, or half plus a
    halo) and one per reduction dimension (the output becomes partial with
    the op's reducer). Opaque ops get batch splits only.

    Standalone `tdl.operator` descriptions are analysed symbolically over
    their extents; ops in functions are analysed with their concrete shapes,
    which also gives each worker's region. `format=json` prints the JSON
    documented in docs/strategies.md.

    ```mlir
    %b = tdl.apply @shift_two(%a) : (tensor<12xf32>) -> tensor<10xf32>
    // split i: worker 0 B[0:4] reads A[2:6], worker 1 B[5:9] reads A[7:11]
    ```
  }];
  let options = [
    Option<"format", "format", "std::string", /*default=*/"\"text\"",
           "output format: text or json">,
    ListOption<"libraries", "library", "std::string",
               "extra TDL description files to load before the built-in library">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect"];
}

#endif // TOFU_TRANSFORMS_PASSES_TD
