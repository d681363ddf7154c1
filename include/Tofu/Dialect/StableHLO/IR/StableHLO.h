//===- StableHLO.h - The StableHLO subset dialect ---------------*- C++ -*-===//
//
// The subset of StableHLO that JAX training steps use, with the textual
// syntax `jax.jit(f).lower(...).as_text()` prints. MLIR 22 ships no StableHLO
// dialect; this one exists so Tofu can read JAX programs.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_DIALECT_STABLEHLO_IR_STABLEHLO_H
#define TOFU_DIALECT_STABLEHLO_IR_STABLEHLO_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::stablehlo_subset {
/// `[0, 1]`, the syntax of dimension lists inside StableHLO attributes.
FailureOr<SmallVector<int64_t>> parseDimList(AsmParser &parser);
void printDimList(AsmPrinter &printer, ArrayRef<int64_t> dims);
} // namespace mlir::stablehlo_subset

#include "Tofu/Dialect/StableHLO/IR/StableHLOOpsDialect.h.inc"
#include "Tofu/Dialect/StableHLO/IR/StableHLOOpsEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Tofu/Dialect/StableHLO/IR/StableHLOOpsAttributes.h.inc"

#define GET_OP_CLASSES
#include "Tofu/Dialect/StableHLO/IR/StableHLOOps.h.inc"

#endif // TOFU_DIALECT_STABLEHLO_IR_STABLEHLO_H
