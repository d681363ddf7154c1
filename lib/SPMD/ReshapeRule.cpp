//===- ReshapeRule.cpp - Reshapes split along leading dimensions ----------===//
//
// expand_shape / collapse_shape computed on shards: the loops are the
// result's dimensions, and a split of result dimension i is a split of the
// source's dimension g when i and g lead their reassociation group (the
// blocks are then contiguous on both sides). Other reshapes are computed
// whole by the driver.
//
//===----------------------------------------------------------------------===//

#include "Tofu/SPMD/PartitionRule.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::spmd;

namespace {

FailureOr<bool> splitReshape(Operation *op, ArrayRef<int64_t> strategy,
                             PartitionContext &ctx) {
  OpBuilder &b = ctx.builder();
  auto expand = dyn_cast<tensor::ExpandShapeOp>(op);
  auto collapse = dyn_cast<tensor::CollapseShapeOp>(op);
  if (!expand && !collapse)
    return false;
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto resType = cast<RankedTensorType>(op->getResult(0).getType());
  SmallVector<ReassociationIndices> groups =
      expand ? expand.getReassociationIndices()
             : collapse.getReassociationIndices();
  // Loops are the result's dimensions. A split of result dimension i is a
  // split of the source's dimension g when i and g lead their group, or
  // when the dimensions before them in the group are down to one element
  // on this rank (earlier levels split them whole): the blocks are then
  // contiguous on both sides. E.g. [4, 2, 8] -> [8, 8] split on dimension 0
  // at two levels of 4 and 2 ways: source dimension 0, then 1.
  Layout srcLayout = ctx.replicated(), natural = ctx.replicated();
  SmallVector<int64_t> srcLocal(srcType.getShape()),
      resLocal(resType.getShape());
  ArrayRef<int64_t> ways = ctx.relayouts().levelSizes();
  auto leading = [](ArrayRef<int64_t> local, ArrayRef<int64_t> group) {
    for (int64_t d : group)
      if (local[d] > 1)
        return d;
    return group.back();
  };
  for (auto [l, i] : llvm::enumerate(strategy)) {
    if (i < 0)
      continue;
    if (i >= resType.getRank())
      return false;
    int64_t g = -1;
    for (auto [gi, group] : llvm::enumerate(groups)) {
      if (expand && llvm::is_contained(group, i)) {
        if (leading(resLocal, group) != i)
          return false;
        g = gi;
      } else if (collapse && static_cast<int64_t>(gi) == i) {
        g = leading(srcLocal, group);
      }
    }
    if (g < 0 || srcLocal[g] % ways[l] || resLocal[i] % ways[l])
      return false;
    srcLayout[l] = g;
    natural[l] = i;
    srcLocal[g] /= ways[l];
    resLocal[i] /= ways[l];
  }
  // The leading dimension must hold the whole split on both sides (checked
  // quietly: a reshape that cannot split is computed whole instead).
  if (failed(
          ctx.relayouts().localShape(srcType.getShape(), srcLayout, nullptr)) ||
      failed(ctx.relayouts().localShape(resType.getShape(), natural, nullptr)))
    return false;
  FailureOr<Value> src = ctx.getLocal(op->getOperand(0), srcLayout, op);
  if (failed(src))
    return failure();
  SmallVector<int64_t> shape =
      *ctx.relayouts().localShape(resType.getShape(), natural, op);
  auto localType = RankedTensorType::get(shape, resType.getElementType());
  Value local = expand ? tensor::ExpandShapeOp::create(b, op->getLoc(),
                                                       localType, *src, groups)
                             .getResult()
                       : tensor::CollapseShapeOp::create(
                             b, op->getLoc(), localType, *src, groups)
                             .getResult();
  if (failed(ctx.setResult(op->getResult(0), local, natural, tdl::Reducer::sum,
                           op)))
    return failure();
  return true;
}

struct ReshapeRule : PartitionRule {
  StringRef getName() const override { return "reshape"; }
  bool matches(Operation *op) const override {
    return isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op);
  }
  FailureOr<bool> split(Operation *op, ArrayRef<int64_t> strategy,
                        PartitionContext &ctx) const override {
    return splitReshape(op, strategy, ctx);
  }
};

} // namespace

std::unique_ptr<PartitionRule> spmd::createReshapeRule() {
  return std::make_unique<ReshapeRule>();
}
