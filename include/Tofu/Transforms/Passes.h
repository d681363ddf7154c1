//===- Passes.h - Tofu passes -----------------------------------*- C++ -*-===//
#ifndef TOFU_TRANSFORMS_PASSES_H
#define TOFU_TRANSFORMS_PASSES_H

#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "Tofu/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/Transforms/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_TRANSFORMS_PASSES_H
