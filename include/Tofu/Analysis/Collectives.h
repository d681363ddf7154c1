//===- Collectives.h - Whether a module holds shard collectives -*- C++ -*-===//
//
// A module with shard collectives is a per-rank program (materialized, or
// written by hand): the search, placement and the planner refuse to plan it
// again, naming the first collective.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_ANALYSIS_COLLECTIVES_H
#define TOFU_ANALYSIS_COLLECTIVES_H

#include "mlir/IR/Operation.h"

namespace mlir::tofu {

/// The first op of the shard dialect with operands under `root` (a
/// collective on some value), or null.
inline Operation *findCollective(Operation *root) {
  Operation *collective = nullptr;
  root->walk([&](Operation *op) {
    if (op->getName().getDialectNamespace() == "shard" &&
        op->getNumOperands() > 0) {
      collective = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return collective;
}

} // namespace mlir::tofu

#endif // TOFU_ANALYSIS_COLLECTIVES_H
