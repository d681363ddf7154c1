//===- Passes.h - Tofu passes -----------------------------------*- C++ -*-===//
#ifndef TOFU_TRANSFORMS_PASSES_H
#define TOFU_TRANSFORMS_PASSES_H

#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "Tofu/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/Transforms/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_TRANSFORMS_PASSES_H
