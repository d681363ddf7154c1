//===- Passes.h - The partition search --------------------------*- C++ -*-===//
#ifndef TOFU_PARTITION_PASSES_H
#define TOFU_PARTITION_PASSES_H

#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Partition/Search.h"
#include "Tofu/Support/EnumOption.h"
#include "Tofu/Support/PrintFormat.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {

/// The annotations --tofu-export-sharding writes: Shardy's or GSPMD's.
enum class ShardingDialect { sdy, gspmd };

#define GEN_PASS_DECL
#include "Tofu/Partition/Passes.h.inc"

/// Registers --tofu-partition (import StableHLO and TOSA, search, then
/// materialize unless materialize=false) and --tofu-report (import, search,
/// print the plan as a table).
#define GEN_PASS_REGISTRATION
#include "Tofu/Partition/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_PARTITION_PASSES_H
