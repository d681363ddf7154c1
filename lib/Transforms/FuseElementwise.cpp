//===- FuseElementwise.cpp - Element-wise fusion without recomputation ----===//
//
// --tofu-fuse-elementwise: upstream element-wise producer/consumer fusion of
// linalg.generic ops on tensors, restricted to fusions that compute every
// element of the producer exactly once (the consumer reads the producer
// through a permutation of its loops, and the producer has no other use).
// Contractions and convolutions read operands through projections, so they
// keep their inputs (and stay recognisable as cuBLAS/cuDNN products on the
// GPU path). See the pass description in Passes.td and docs/design.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUFUSEELEMENTWISE
#include "Tofu/Transforms/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;

namespace {

/// True when fusing the producer of `fused` into its consumer computes each
/// element of the producer once: the producer (a generic, all parallel, as
/// the upstream precondition also demands) has this single use, and the
/// consumer's indexing map for the operand is a permutation.
bool fusesWithoutRecomputation(OpOperand *fused) {
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  auto consumer = dyn_cast<linalg::GenericOp>(fused->getOwner());
  if (!producer || !consumer)
    return false;
  if (!fused->get().hasOneUse())
    return false;
  if (!llvm::all_of(producer->getResults(), [&](Value r) {
        return r == fused->get() || r.use_empty();
      }))
    return false;
  if (producer.getNumLoops() != producer.getNumParallelLoops())
    return false;
  AffineMap map = consumer.getMatchingIndexingMap(fused);
  return map.isPermutation();
}

int64_t countLinalgOps(func::FuncOp f) {
  int64_t n = 0;
  f.walk([&](linalg::LinalgOp) { ++n; });
  return n;
}

struct TofuFuseElementwisePass
    : public tofu::impl::TofuFuseElementwiseBase<TofuFuseElementwisePass> {
  using TofuFuseElementwiseBase::TofuFuseElementwiseBase;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    linalg::populateElementwiseOpsFusionPatterns(patterns,
                                                 fusesWithoutRecomputation);
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    FrozenRewritePatternSet frozen(std::move(patterns));
    for (auto f : getOperation().getOps<func::FuncOp>()) {
      if (f.isExternal())
        continue;
      int64_t before = countLinalgOps(f);
      if (failed(applyPatternsGreedily(f, frozen))) {
        f.emitError("element-wise fusion did not converge");
        return signalPassFailure();
      }
      int64_t after = countLinalgOps(f);
      if (stats && after != before) {
        Builder b(&getContext());
        DictionaryAttr counts = b.getDictionaryAttr(
            {b.getNamedAttr("before", b.getI64IntegerAttr(before)),
             b.getNamedAttr("after", b.getI64IntegerAttr(after))});
        tofu::TofuDialect::FusionAttrHelper(&getContext()).setAttr(f, counts);
      }
    }
  }
};

} // namespace
