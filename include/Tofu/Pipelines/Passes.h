//===- Passes.h - Passes that compose whole pipelines -----------*- C++ -*-===//
//
// --tofu-pipeline (StagedPipeline.h); the pipeline registrations are in
// Pipelines.h.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PIPELINES_PASSES_H
#define TOFU_PIPELINES_PASSES_H

#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Partition/Search.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "Tofu/Pipelines/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/Pipelines/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_PIPELINES_PASSES_H
