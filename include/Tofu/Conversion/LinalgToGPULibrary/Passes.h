//===- Passes.h - linalg to cuBLAS/cuDNN calls ------------------*- C++ -*-===//
#ifndef TOFU_CONVERSION_LINALGTOGPULIBRARY_PASSES_H
#define TOFU_CONVERSION_LINALGTOGPULIBRARY_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include "Tofu/Support/EnumOption.h"

namespace mlir::tofu {
/// Where a GPU program's buffers live (`memory=`).
enum class GPUMemory { Managed, Device };
} // namespace mlir::tofu

TOFU_ENUM_OPTION(::mlir::tofu::GPUMemory)

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "Tofu/Conversion/LinalgToGPULibrary/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/Conversion/LinalgToGPULibrary/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_CONVERSION_LINALGTOGPULIBRARY_PASSES_H
