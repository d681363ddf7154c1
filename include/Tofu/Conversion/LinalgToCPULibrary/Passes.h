//===- Passes.h - linalg products to CPU BLAS calls -------------*- C++ -*-===//
#ifndef TOFU_CONVERSION_LINALGTOCPULIBRARY_PASSES_H
#define TOFU_CONVERSION_LINALGTOCPULIBRARY_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "Tofu/Conversion/LinalgToCPULibrary/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/Conversion/LinalgToCPULibrary/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_CONVERSION_LINALGTOCPULIBRARY_PASSES_H
