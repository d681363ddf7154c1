//===- Passes.h - SPMD materialization --------------------------*- C++ -*-===//
#ifndef TOFU_SPMD_PASSES_H
#define TOFU_SPMD_PASSES_H

#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "Tofu/SPMD/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/SPMD/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_SPMD_PASSES_H
