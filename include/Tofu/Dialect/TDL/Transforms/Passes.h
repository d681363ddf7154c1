//===- Passes.h - TDL dialect passes ----------------------------*- C++ -*-===//
#ifndef TOFU_DIALECT_TDL_TRANSFORMS_PASSES_H
#define TOFU_DIALECT_TDL_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tdl {

#define GEN_PASS_DECL
#include "Tofu/Dialect/TDL/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/Dialect/TDL/Transforms/Passes.h.inc"

} // namespace mlir::tdl

#endif // TOFU_DIALECT_TDL_TRANSFORMS_PASSES_H
