//===- GPUSerialOps.cpp - Linalg ops without parallel loops on the GPU ----===//
//
// --tofu-gpu-serial-ops: after bufferization, a linalg op with no parallel
// loop (a 0-d op, a full reduction such as the loss sum, a 0-d copy) would be
// converted to plain host loops by --convert-linalg-to-parallel-loops and run
// on the host over GPU buffers. This pass splits full reductions into a
// parallel partial reduction plus a reduction of the partials, and wraps what
// stays serial in a one-iteration scf.parallel, so that every op runs in a
// kernel. See the pass description in Passes.td and docs/gpu.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Transforms/LoopOrder.h"
#include "Tofu/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUGPUSERIALOPS
#include "Tofu/Transforms/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;

namespace {

/// Host code outside kernels and outside loops that already become kernels.
bool serialOnHost(Operation *op) {
  return !op->getParentOfType<gpu::LaunchOp>() &&
         !op->getParentOfType<gpu::GPUModuleOp>() &&
         !op->getParentOfType<scf::ParallelOp>();
}

/// A full reduction generic that can be split along its first loop: buffer
/// semantics, one 0-d-indexed init, two or more loops all reductions, a
/// static first loop of at least `minSize` iterations, and a body that is
/// one combiner with a neutral element. Returns the combiner and the value
/// it reduces.
struct Splittable {
  Operation *combiner = nullptr;
  Value reduced;
  TypedAttr neutral;
};
std::optional<Splittable> splittable(linalg::GenericOp g, int64_t minSize) {
  if (minSize < 1 || !g.hasPureBufferSemantics() || g.getNumDpsInits() != 1 ||
      g.getNumLoops() < 2 || g.getNumReductionLoops() != g.getNumLoops())
    return std::nullopt;
  OpOperand *init = g.getDpsInitOperand(0);
  if (g.getMatchingIndexingMap(init).getNumResults() != 0)
    return std::nullopt;
  SmallVector<int64_t> ranges = g.getStaticLoopRanges();
  if (ShapedType::isDynamic(ranges[0]) || ranges[0] < minSize)
    return std::nullopt;
  // linalg.index of the first loop keeps its meaning (the loop stays), so
  // the body may use it.
  Block &body = g.getRegion().front();
  BlockArgument out = g.getMatchingBlockArgument(init);
  SmallVector<Operation *> combiners;
  Value reduced = matchReduction({out}, 0, combiners);
  if (!reduced || combiners.size() != 1 ||
      combiners.front()->getNumOperands() != 2 ||
      combiners.front()->getBlock() != &body)
    return std::nullopt;
  std::optional<TypedAttr> neutral = arith::getNeutralElement(combiners[0]);
  if (!neutral)
    return std::nullopt;
  return Splittable{combiners.front(), reduced, *neutral};
}

/// partial[i] = reduce over the other loops (parallel along i), then
/// out = reduce(out, partial). Returns the op reducing the partials.
Operation *split(IRRewriter &rewriter, linalg::GenericOp g,
                 const Splittable &s) {
  Location loc = g.getLoc();
  MLIRContext *ctx = g.getContext();
  OpOperand *init = g.getDpsInitOperand(0);
  Type element = getElementTypeOrSelf(init->get().getType());
  int64_t n = g.getStaticLoopRanges()[0];
  unsigned loops = g.getNumLoops();
  rewriter.setInsertionPoint(g);

  auto partialType = MemRefType::get({n}, element);
  // Freed by the deallocation passes and placed in GPU memory by
  // --tofu-gpu-library-calls, which run after this pass.
  Value partial = memref::AllocOp::create(rewriter, loc, partialType);
  Value neutral = arith::ConstantOp::create(rewriter, loc, s.neutral);
  linalg::FillOp::create(rewriter, loc, ValueRange{neutral},
                         ValueRange{partial});

  SmallVector<AffineMap> maps = g.getIndexingMapsArray();
  maps.back() = AffineMap::get(loops, 0, getAffineDimExpr(0, ctx));
  SmallVector<utils::IteratorType> iterators = g.getIteratorTypesArray();
  iterators[0] = utils::IteratorType::parallel;
  auto partials =
      linalg::GenericOp::create(rewriter, loc, TypeRange{}, g.getDpsInputs(),
                                ValueRange{partial}, maps, iterators);
  rewriter.cloneRegionBefore(g.getRegion(), partials.getRegion(),
                             partials.getRegion().end());
  partials->setDiscardableAttrs(g->getDiscardableAttrDictionary());

  BlockArgument out = g.getMatchingBlockArgument(init);
  auto id = AffineMap::getMultiDimIdentityMap(1, ctx);
  auto toScalar = AffineMap::get(1, 0, {}, ctx);
  auto combine = linalg::GenericOp::create(
      rewriter, loc, TypeRange{}, ValueRange{partial}, ValueRange{init->get()},
      ArrayRef<AffineMap>{id, toScalar},
      ArrayRef<utils::IteratorType>{utils::IteratorType::reduction},
      [&](OpBuilder &b, Location l, ValueRange args) {
        IRMapping map;
        map.map(out, args[1]);
        map.map(s.reduced, args[0]);
        Operation *c = b.clone(*s.combiner, map);
        linalg::YieldOp::create(b, l, c->getResults());
      });
  rewriter.eraseOp(g);
  return combine;
}

/// The loops of `op` with the parallel ones first (each group in order), or
/// an empty vector when they already are.
SmallVector<unsigned> parallelFirst(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<unsigned> order;
  for (unsigned d = 0; d < iterators.size(); ++d)
    if (iterators[d] == utils::IteratorType::parallel)
      order.push_back(d);
  for (unsigned d = 0; d < iterators.size(); ++d)
    if (iterators[d] != utils::IteratorType::parallel)
      order.push_back(d);
  if (llvm::equal(order, llvm::seq<unsigned>(0, iterators.size())))
    return {};
  return order;
}

/// Ops that would run serially on the host.
bool isSerial(Operation *op) {
  if (auto l = dyn_cast<linalg::LinalgOp>(op))
    return l.hasPureBufferSemantics() && l.getNumParallelLoops() == 0;
  if (auto c = dyn_cast<memref::CopyOp>(op))
    return cast<MemRefType>(c.getSource().getType()).getRank() == 0;
  return false;
}

struct TofuGPUSerialOpsPass
    : public tofu::impl::TofuGPUSerialOpsBase<TofuGPUSerialOpsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    // Reductions outside parallel loops: --convert-linalg-to-parallel-loops
    // would make them host loops launching one kernel per iteration (a bias
    // gradient: one launch per batch row). Parallel loops go first.
    SmallVector<linalg::LinalgOp> reorder;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureBufferSemantics() && op.getNumParallelLoops() > 0 &&
          serialOnHost(op) && !parallelFirst(op).empty())
        reorder.push_back(op);
    });
    for (linalg::LinalgOp op : reorder)
      if (failed(tofu::reorderLoops(rewriter, op, parallelFirst(op),
                                    "tofu-gpu-serial-ops")))
        return signalPassFailure();

    SmallVector<Operation *> serial;
    getOperation().walk([&](Operation *op) {
      if (isSerial(op) && serialOnHost(op))
        serial.push_back(op);
    });
    for (Operation *op : serial) {
      if (auto g = dyn_cast<linalg::GenericOp>(op))
        if (std::optional<Splittable> s = splittable(g, splitMin))
          op = split(rewriter, g, *s);
      rewriter.setInsertionPoint(op);
      Location loc = op->getLoc();
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      auto wrapper = scf::ParallelOp::create(rewriter, loc, ValueRange{zero},
                                             ValueRange{one}, ValueRange{one});
      op->moveBefore(wrapper.getBody()->getTerminator());
    }
  }
};

} // namespace
