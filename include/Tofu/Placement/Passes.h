//===- Passes.h - Placement of training steps on pipeline stages -*- C++
//-*-===//
#ifndef TOFU_PLACEMENT_PASSES_H
#define TOFU_PLACEMENT_PASSES_H

#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Support/EnumOption.h"
#include "Tofu/Support/PrintFormat.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {
/// The pipeline schedule --tofu-place plans for (`schedule=`).
enum class PlaceSchedule { GPipe, OneFOneB };
} // namespace mlir::tofu

TOFU_ENUM_OPTION(::mlir::tofu::PlaceSchedule)

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "Tofu/Placement/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/Placement/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_PLACEMENT_PASSES_H
