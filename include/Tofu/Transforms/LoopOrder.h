//===- LoopOrder.h - Reordering the loops of a linalg op --------*- C++ -*-===//
//
// Shared by --tofu-cpu-loop-order and --tofu-gpu-serial-ops.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_TRANSFORMS_LOOPORDER_H
#define TOFU_TRANSFORMS_LOOPORDER_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"

namespace mlir::tofu {

/// Puts the loops of `op` in `order` (old loop per new position; see
/// linalg::interchangeGenericOp), generalizing a named op first. A named op
/// without a region builder is left as it is. Fails (with a diagnostic on
/// the op, naming `pass`) only when the interchange does.
inline LogicalResult reorderLoops(RewriterBase &rewriter, linalg::LinalgOp op,
                                  ArrayRef<unsigned> order, StringRef pass) {
  rewriter.setInsertionPoint(op);
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic) {
    FailureOr<linalg::GenericOp> g = linalg::generalizeNamedOp(rewriter, op);
    if (failed(g))
      return success();
    generic = *g;
  }
  if (failed(linalg::interchangeGenericOp(rewriter, generic, order)))
    return generic.emitError(pass) << ": cannot interchange loops";
  return success();
}

} // namespace mlir::tofu

#endif // TOFU_TRANSFORMS_LOOPORDER_H
