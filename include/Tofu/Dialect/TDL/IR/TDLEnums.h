//===- TDLEnums.h - TDL enumerations ----------------------------*- C++ -*-===//
//
// The reducer enumeration alone, for headers (the TDL description interface)
// that need it without the dialect's ops.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_DIALECT_TDL_IR_TDLENUMS_H
#define TOFU_DIALECT_TDL_IR_TDLENUMS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

#include "Tofu/Dialect/TDL/IR/TDLOpsEnums.h.inc"

#endif // TOFU_DIALECT_TDL_IR_TDLENUMS_H
