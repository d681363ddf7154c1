//===- Passes.h - Passes of the Tofu dialect --------------------*- C++ -*-===//
#ifndef TOFU_DIALECT_TOFU_TRANSFORMS_PASSES_H
#define TOFU_DIALECT_TOFU_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "Tofu/Dialect/Tofu/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/Dialect/Tofu/Transforms/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_DIALECT_TOFU_TRANSFORMS_PASSES_H
