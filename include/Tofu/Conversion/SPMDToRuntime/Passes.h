//===- Passes.h - shard collectives to runtime calls ------------*- C++ -*-===//
#ifndef TOFU_CONVERSION_SPMDTORUNTIME_PASSES_H
#define TOFU_CONVERSION_SPMDTORUNTIME_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

#include <optional>

namespace mlir::tofu {

/// The runtime's code (TOFU_RT_F32, ... in tofu_runtime.h) for an element
/// type its collectives carry, or nothing.
std::optional<int32_t> runtimeElementType(Type element);

/// Checks that `op` (a shard op) is one --tofu-lower-spmd lowers: a tensor
/// collective of a supported element type and reduction on grid axes of a
/// grid of its module; emits a located error otherwise.
LogicalResult checkLowerableToRuntime(Operation *op);

/// Adds the patterns that rewrite shard collectives (that passed
/// checkLowerableToRuntime) into runtime calls.
void populateSPMDToRuntimePatterns(RewritePatternSet &patterns);

#define GEN_PASS_DECL
#include "Tofu/Conversion/SPMDToRuntime/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/Conversion/SPMDToRuntime/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_CONVERSION_SPMDTORUNTIME_PASSES_H
