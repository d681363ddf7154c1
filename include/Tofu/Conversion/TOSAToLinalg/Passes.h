//===- Passes.h - The TOSA import -------------------------------*- C++ -*-===//
#ifndef TOFU_CONVERSION_TOSATOLINALG_PASSES_H
#define TOFU_CONVERSION_TOSATOLINALG_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "Tofu/Conversion/TOSAToLinalg/Passes.h.inc"

/// The one TOSA -> linalg/tensor/arith pipeline every user runs (the
/// partition pipeline, the CPU lowering, --tofu-coverage), registered as
/// --tofu-import-tosa in lib/Pipelines.
void buildTosaToLinalgPipeline(OpPassManager &pm);

#define GEN_PASS_REGISTRATION
#include "Tofu/Conversion/TOSAToLinalg/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_CONVERSION_TOSATOLINALG_PASSES_H
