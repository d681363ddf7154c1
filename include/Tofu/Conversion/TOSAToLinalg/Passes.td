//===- Passes.td - The TOSA import -------------------------*- tablegen -*-===//
#ifndef TOFU_CONVERSION_TOSATOLINALG_PASSES_TD
#define TOFU_CONVERSION_TOSATOLINALG_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuLowerTosa : Pass<"tofu-lower-tosa", "ModuleOp"> {
  let summary = "Lower TOSA ops to linalg, tensor and arith (if there are any)";
  let description = [{
    Runs `func.func(tosa-optional-decompositions, tosa-to-linalg-named,
    tosa-to-linalg, tosa-to-arith, tosa-to-tensor), canonicalize` on modules
    that contain TOSA ops, and nothing otherwise. `tofu-run` runs it before
    lowering, so TOSA modules run as they are; `--tofu-partition` does the
    same before its search when it materializes.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
}

#endif // TOFU_CONVERSION_TOSATOLINALG_PASSES_TD
