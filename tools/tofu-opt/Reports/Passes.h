//===- Passes.h - Reports and coverage generators of tofu-opt ---*- C++ -*-===//
#ifndef TOFU_OPT_REPORTS_PASSES_H
#define TOFU_OPT_REPORTS_PASSES_H

#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_OPT_REPORTS_PASSES_H
