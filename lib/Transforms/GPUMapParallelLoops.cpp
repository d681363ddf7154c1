//===- GPUMapParallelLoops.cpp - scf.parallel loops onto GPU blocks -------===//
//
// --tofu-gpu-map-parallel-loops: tiles every outermost host scf.parallel
// loop into blocks of `threads` and maps tiles to GPU blocks and points to
// threads, so that gpu-map-parallel-loops' default mapping (one thread per
// block) is not what runs. See docs/gpu.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUGPUMAPPARALLELLOOPS
#include "Tofu/Transforms/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;

namespace {

/// Host code: not inside a kernel or a GPU module.
bool onHost(Operation *op) {
  return !op->getParentOfType<gpu::LaunchOp>() &&
         !op->getParentOfType<gpu::GPUModuleOp>();
}

struct TofuGPUMapParallelLoopsPass
    : public tofu::impl::TofuGPUMapParallelLoopsBase<
          TofuGPUMapParallelLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (threads < 1 || innerTile < 1 || innerTile > threads) {
      getOperation().emitError()
          << "--tofu-gpu-map-parallel-loops: need 1 <= inner-tile <= threads";
      return signalPassFailure();
    }
    SmallVector<scf::ParallelOp> outermost;
    getOperation().walk([&](scf::ParallelOp op) {
      if (onHost(op) && !op->getParentOfType<scf::ParallelOp>())
        outermost.push_back(op);
    });
    for (scf::ParallelOp op : outermost) {
      auto [tiles, points] =
          scf::tileParallelLoop(op, tileSizes(op), /*noMinMaxBounds=*/true);
      if (failed(map(tiles, /*level=*/0)) || failed(map(points, /*level=*/1)))
        return signalPassFailure();
    }
  }

  // Innermost dimension up to innerTile, the one before it the rest of the
  // block, clamped to static extents.
  SmallVector<int64_t> tileSizes(scf::ParallelOp op) {
    unsigned n = op.getNumLoops();
    SmallVector<int64_t> sizes(n, 1);
    auto extent = [&](unsigned d) -> int64_t {
      std::optional<int64_t> lb = getConstantIntValue(op.getLowerBound()[d]);
      std::optional<int64_t> ub = getConstantIntValue(op.getUpperBound()[d]);
      std::optional<int64_t> st = getConstantIntValue(op.getStep()[d]);
      if (!lb || !ub || !st || *st <= 0)
        return INT64_MAX;
      return std::max<int64_t>(1, (*ub - *lb + *st - 1) / *st);
    };
    int64_t left = threads;
    for (unsigned k = 0; k < std::min(n, 2u); ++k) {
      unsigned d = n - 1 - k;
      int64_t want = k == 0 ? std::min<int64_t>(innerTile, left) : left;
      sizes[d] = std::max<int64_t>(1, std::min(want, extent(d)));
      left = std::max<int64_t>(1, left / sizes[d]);
    }
    return sizes;
  }

  // Dimension d of an n-d loop: hardware index n-1-d (x for the last).
  LogicalResult map(scf::ParallelOp op, int level) {
    MLIRContext *ctx = op.getContext();
    AffineMap id = AffineMap::getMultiDimIdentityMap(1, ctx);
    unsigned n = op.getNumLoops();
    SmallVector<gpu::ParallelLoopDimMappingAttr> mapping;
    for (unsigned d = 0; d < n; ++d) {
      unsigned hw = n - 1 - d;
      gpu::Processor p = gpu::Processor::Sequential;
      if (hw < 3)
        p = static_cast<gpu::Processor>(
            (level == 0 ? static_cast<int64_t>(gpu::Processor::BlockX)
                        : static_cast<int64_t>(gpu::Processor::ThreadX)) +
            hw);
      mapping.push_back(gpu::ParallelLoopDimMappingAttr::get(ctx, p, id, id));
    }
    return gpu::setMappingAttr(op, mapping);
  }
};

} // namespace
