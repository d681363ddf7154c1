//===- Passes.h - Test-only partition passes --------------------*- C++ -*-===//
#ifndef TOFU_TEST_PARTITION_PASSES_H
#define TOFU_TEST_PARTITION_PASSES_H

#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include "Tofu/Support/EnumOption.h"

namespace mlir::tofu {
/// What the search's optimum is checked against (`against=`).
enum class OptimalityOracle { Exhaustive, Frontier };
} // namespace mlir::tofu

TOFU_ENUM_OPTION(::mlir::tofu::OptimalityOracle)

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "TestPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "TestPasses.h.inc"

} // namespace mlir::tofu

#endif // TOFU_TEST_PARTITION_PASSES_H
