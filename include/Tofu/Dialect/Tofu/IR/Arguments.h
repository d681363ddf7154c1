//===- Arguments.h - The roles of a training step's arguments ---*- C++ -*-===//
//
// tofu.state, and which arguments of a step are the batch. Apart from Tofu.h
// so that adding a name here does not rebuild every user of the dialect's
// generated attribute helpers; the dialect's verifier knows the name.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_DIALECT_TOFU_IR_ARGUMENTS_H
#define TOFU_DIALECT_TOFU_IR_ARGUMENTS_H

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::tofu {

/// Unit, on function arguments: optimizer state or a counter (Adam's m, v and
/// step count): the step returns its updated value, but no gradient reaches
/// it, so it is neither a parameter nor data.
inline constexpr llvm::StringLiteral kStateAttrName = "tofu.state";

/// Whether argument `index` of `func` is data the batch walks: a ranked tensor
/// of rank > 0 that is neither a parameter (tofu.param) nor optimizer state
/// (tofu.state). Pipelining cuts these into microbatches along
/// tofu.batch_dim (default 0).
bool isBatchArgument(FunctionOpInterface func, unsigned index);

} // namespace mlir::tofu

#endif // TOFU_DIALECT_TOFU_IR_ARGUMENTS_H
