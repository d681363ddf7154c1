//===- CPULoopOrder.cpp - A parallel loop innermost in linalg reductions --===//
//
// --tofu-cpu-loop-order: for linalg ops with reduction loops innermost (a
// product's k), move the parallel loop of the output's innermost dimension
// inside the reductions. Each output element still sums its terms in the
// same order (bit-identical results), and the innermost loop becomes one
// over contiguous output elements, which LLVM's loop vectorizer handles
// without reassociation. See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Transforms/LoopOrder.h"
#include "Tofu/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUCPULOOPORDER
#include "Tofu/Transforms/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;

namespace {

/// The new loop order of `op` (old loop per new position), or empty to leave
/// it: every loop but `inner` in its order, then `inner`, the parallel loop
/// indexing the output's innermost dimension — when a reduction loop comes
/// after it and every input indexed by `inner` is contiguous along it.
SmallVector<unsigned> innerParallelOrder(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 1 || op.getNumReductionLoops() == 0)
    return {};
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (out.getNumResults() == 0)
    return {};
  auto dim = dyn_cast<AffineDimExpr>(out.getResults().back());
  if (!dim)
    return {};
  unsigned inner = dim.getPosition();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (iterators[inner] != utils::IteratorType::parallel)
    return {};
  bool reductionAfter = false;
  for (unsigned d = inner + 1; d < iterators.size(); ++d)
    reductionAfter |= iterators[d] == utils::IteratorType::reduction;
  if (!reductionAfter)
    return {};
  // Every input that moves with `inner` must walk contiguously (its last
  // index is `inner`): a strided walk would not pay for the vector code.
  for (OpOperand *in : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(in);
    if (!map.isFunctionOfDim(inner))
      continue;
    if (map.getNumResults() == 0)
      return {};
    auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (!last || last.getPosition() != inner)
      return {};
    for (AffineExpr e : map.getResults().drop_back())
      if (e.isFunctionOfDim(inner))
        return {};
  }
  SmallVector<unsigned> order;
  for (unsigned d = 0; d < iterators.size(); ++d)
    if (d != inner)
      order.push_back(d);
  order.push_back(inner);
  return order;
}

struct TofuCPULoopOrderPass
    : public tofu::impl::TofuCPULoopOrderBase<TofuCPULoopOrderPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!innerParallelOrder(op).empty())
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops)
      if (failed(tofu::reorderLoops(rewriter, op, innerParallelOrder(op),
                                    "tofu-cpu-loop-order")))
        return signalPassFailure();
  }
};

} // namespace
