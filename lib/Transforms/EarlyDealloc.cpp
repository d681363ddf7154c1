//===- EarlyDealloc.cpp - Free buffers after their last use ---------------===//
//
// MLIR's ownership-based buffer deallocation frees a buffer at the end of the
// block that allocated it. In a training step, one straight-line block, that
// is the end of the step: every intermediate stays alive, and peak memory is
// the sum of all buffers. --tofu-early-dealloc moves each such
// `memref.dealloc` up to right after the last op of the block that uses the
// buffer or a view of it (subview, cast, reshape). A buffer that reaches an op
// which may alias it in another way (an op returning a memref that is not a
// view, a region, a return) keeps its dealloc where it is.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/BufferViews.h"
#include "Tofu/Transforms/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUEARLYDEALLOC
#include "Tofu/Transforms/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;

namespace {

/// The last op of `block` (an ancestor of a user) that uses `buffer` or one
/// of its views; null when some use makes moving the dealloc unsafe.
Operation *lastUse(Value buffer, Block *block, Operation *dealloc, bool &safe) {
  Operation *last = nullptr;
  safe = tofu::walkBufferUses(buffer, [&](Operation *user) {
    if (user == dealloc)
      return true;
    Operation *top = block->findAncestorOpInBlock(*user);
    if (!top || top->hasTrait<OpTrait::IsTerminator>())
      return false;
    if (!last || last->isBeforeInBlock(top))
      last = top;
    return true;
  });
  return safe ? last : nullptr;
}

struct TofuEarlyDeallocPass
    : public tofu::impl::TofuEarlyDeallocBase<TofuEarlyDeallocPass> {
  void runOnOperation() override {
    SmallVector<memref::DeallocOp> deallocs;
    getOperation().walk([&](memref::DeallocOp d) { deallocs.push_back(d); });
    for (memref::DeallocOp d : deallocs) {
      Value buffer = d.getMemref();
      auto alloc = buffer.getDefiningOp<memref::AllocOp>();
      Block *block = d->getBlock();
      if (!alloc || alloc->getBlock() != block)
        continue;
      bool safe = true;
      Operation *last = lastUse(buffer, block, d, safe);
      if (!safe)
        continue;
      if (!last)
        last = alloc;
      if (last->isBeforeInBlock(d))
        d->moveAfter(last);
    }
  }
};

} // namespace
