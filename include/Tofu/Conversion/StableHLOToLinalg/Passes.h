//===- Passes.h - StableHLO to linalg conversion ----------------*- C++ -*-===//
#ifndef TOFU_CONVERSION_STABLEHLOTOLINALG_PASSES_H
#define TOFU_CONVERSION_STABLEHLOTOLINALG_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::tofu {

/// Adds the patterns that rewrite the StableHLO subset into linalg, tensor,
/// arith and math ops (all op families).
void populateStableHLOToLinalgPatterns(RewritePatternSet &patterns);

/// Adds the import, `--tofu-import-stablehlo` (registered in lib/Pipelines):
/// `--inline` (JAX's private helpers reached by func.call) followed by
/// `--convert-stablehlo-to-linalg`.
void buildStableHLOImportPipeline(OpPassManager &pm);

#define GEN_PASS_DECL
#include "Tofu/Conversion/StableHLOToLinalg/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/Conversion/StableHLOToLinalg/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_CONVERSION_STABLEHLOTOLINALG_PASSES_H
