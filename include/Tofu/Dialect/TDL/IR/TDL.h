//===- TDL.h - Tensor Description Language dialect --------------*- C++ -*-===//
#ifndef TOFU_DIALECT_TDL_IR_TDL_H
#define TOFU_DIALECT_TDL_IR_TDL_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "Tofu/Dialect/TDL/IR/TDLOpsDialect.h.inc"
#include "Tofu/Dialect/TDL/IR/TDLOpsEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Tofu/Dialect/TDL/IR/TDLOpsAttributes.h.inc"

#define GET_OP_CLASSES
#include "Tofu/Dialect/TDL/IR/TDLOps.h.inc"

#endif // TOFU_DIALECT_TDL_IR_TDL_H
