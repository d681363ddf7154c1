//===- CHLO.h - The chlo subset dialect -------------------------*- C++ -*-===//
//
// The chlo ops JAX prints for some element-wise functions (chlo.square,
// chlo.erfc, ...), with JAX's syntax. Lowered by --convert-stablehlo-to-linalg.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_DIALECT_STABLEHLO_IR_CHLO_H
#define TOFU_DIALECT_STABLEHLO_IR_CHLO_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Tofu/Dialect/StableHLO/IR/CHLOOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "Tofu/Dialect/StableHLO/IR/CHLOOps.h.inc"

#endif // TOFU_DIALECT_STABLEHLO_IR_CHLO_H
