//===- Sdy.h - Shardy's annotations, as text --------------------*- C++ -*-===//
//
// The `sdy` dialect as far as --tofu-export-sharding writes it: unknown ops
// (sdy.mesh, sdy.sharding_constraint) and attributes kept as their text.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_DIALECT_STABLEHLO_IR_SDY_H
#define TOFU_DIALECT_STABLEHLO_IR_SDY_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Dialect.h"

#include "Tofu/Dialect/StableHLO/IR/SdyOpsDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Tofu/Dialect/StableHLO/IR/SdyOpsAttributes.h.inc"

#endif // TOFU_DIALECT_STABLEHLO_IR_SDY_H
