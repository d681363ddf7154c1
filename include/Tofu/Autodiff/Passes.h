//===- Passes.h - Tofu automatic differentiation passes ---------*- C++ -*-===//
#ifndef TOFU_AUTODIFF_PASSES_H
#define TOFU_AUTODIFF_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {

/// What --tofu-infer-step-roles prints.
enum class StepRolesPrint { None, Roles, Ops };

#define GEN_PASS_DECL
#include "Tofu/Autodiff/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/Autodiff/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_AUTODIFF_PASSES_H
