//===- Passes.td - TDL dialect passes ----------------------*- tablegen -*-===//
#ifndef TOFU_DIALECT_TDL_TRANSFORMS_PASSES_TD
#define TOFU_DIALECT_TDL_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TDLLoadLibrary : Pass<"tdl-load-library", "ModuleOp"> {
  let summary = "Add user TDL description files to the context's library";
  let description = [{
    Parses each file of `paths` (a module of `tdl.operator` / `tdl.opaque`
    descriptions named after the ops they describe, e.g.
    `@"mydialect.myop"`) and adds its descriptions to the description
    library that the TDL dialect owns for the context. User entries override
    shipped ones of the same name. Every pass that reads descriptions after
    it (`--tofu-print-tdl`, `--tofu-print-strategies`, `--tofu-verify-tdl`,
    `--tofu-coverage`, the partitioner, ...) sees them; the IR is not
    changed. A file is parsed once per context.

    ```
    tofu-opt --tdl-load-library="paths=my-ops.mlir" --tofu-print-strategies model.mlir
    ```

    A file that cannot be read is reported at the module; syntax and
    verifier errors are reported in the file.
  }];
  let options = [
    ListOption<"paths", "paths", "std::string",
               "TDL description files to add to the library">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

#endif // TOFU_DIALECT_TDL_TRANSFORMS_PASSES_TD
