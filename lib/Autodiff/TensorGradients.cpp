//===- TensorGradients.cpp - Gradients of tensor dialect ops --------------===//
//
// Data-movement ops: the adjoint moves the same elements back. Padding and
// slicing are each other's adjoints, reshapes invert.
//
//===----------------------------------------------------------------------===//

#include "Autodiff.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::autodiff;

namespace {
LogicalResult differentiatePad(ReverseSweep &sweep, tensor::PadOp op,
                               Value dy) {
  if (sweep.isActive(op.getConstantPaddingValue()))
    return op.emitOpError("cannot differentiate: padding value depends on a "
                          "parameter");
  auto srcType = cast<RankedTensorType>(op.getSource().getType());
  // The gradient is the slice at the low padding. A low padding held in an
  // SSA constant (as the TOSA lowering writes tosa.pad) is static too.
  SmallVector<int64_t> lows;
  for (OpFoldResult low : op.getMixedLowPad())
    if (std::optional<int64_t> c = getConstantIntValue(low))
      lows.push_back(*c);
  if (!srcType.hasStaticShape() ||
      lows.size() != static_cast<size_t>(srcType.getRank()))
    return op.emitOpError("cannot differentiate: dynamic padding or shape");
  OpBuilder &b = sweep.getBuilder();
  SmallVector<OpFoldResult> offsets, sizes, strides;
  for (auto [low, size] : llvm::zip(lows, srcType.getShape())) {
    offsets.push_back(b.getIndexAttr(low));
    sizes.push_back(b.getIndexAttr(size));
    strides.push_back(b.getIndexAttr(1));
  }
  Value grad = tensor::ExtractSliceOp::create(b, sweep.getLoc(), srcType, dy,
                                              offsets, sizes, strides);
  sweep.addAdjoint(op.getSource(), grad);
  return success();
}

LogicalResult differentiateExtractSlice(ReverseSweep &sweep,
                                        tensor::ExtractSliceOp op, Value dy) {
  auto srcType = op.getSourceType();
  if (!srcType.hasStaticShape())
    return op.emitOpError("cannot differentiate: dynamic shape");
  OpBuilder &b = sweep.getBuilder();
  Value zeros = sweep.createZeros(srcType);
  Value grad = tensor::InsertSliceOp::create(
      b, sweep.getLoc(), dy, zeros, op.getMixedOffsets(), op.getMixedSizes(),
      op.getMixedStrides());
  sweep.addAdjoint(op.getSource(), grad);
  return success();
}

LogicalResult differentiateInsertSlice(ReverseSweep &sweep,
                                       tensor::InsertSliceOp op, Value dy) {
  OpBuilder &b = sweep.getBuilder();
  auto srcType = cast<RankedTensorType>(op.getSource().getType());
  if (!srcType.hasStaticShape())
    return op.emitOpError("cannot differentiate: dynamic shape");
  if (sweep.isActive(op.getSource())) {
    Value grad = tensor::ExtractSliceOp::create(
        b, sweep.getLoc(), srcType, dy, op.getMixedOffsets(),
        op.getMixedSizes(), op.getMixedStrides());
    sweep.addAdjoint(op.getSource(), grad);
  }
  if (sweep.isActive(op.getDest())) {
    // The inserted region was overwritten: its elements get no gradient.
    Value zeros = sweep.createZeros(srcType);
    Value grad = tensor::InsertSliceOp::create(
        b, sweep.getLoc(), zeros, dy, op.getMixedOffsets(), op.getMixedSizes(),
        op.getMixedStrides());
    sweep.addAdjoint(op.getDest(), grad);
  }
  return success();
}

LogicalResult differentiateExpand(ReverseSweep &sweep, tensor::ExpandShapeOp op,
                                  Value dy) {
  Value grad = tensor::CollapseShapeOp::create(
      sweep.getBuilder(), sweep.getLoc(), op.getSrcType(), dy,
      op.getReassociationIndices());
  sweep.addAdjoint(op.getSrc(), grad);
  return success();
}

LogicalResult differentiateCollapse(ReverseSweep &sweep,
                                    tensor::CollapseShapeOp op, Value dy) {
  if (!op.getSrcType().hasStaticShape())
    return op.emitOpError("cannot differentiate: dynamic shape");
  Value grad = tensor::ExpandShapeOp::create(sweep.getBuilder(), sweep.getLoc(),
                                             op.getSrcType(), dy,
                                             op.getReassociationIndices());
  sweep.addAdjoint(op.getSrc(), grad);
  return success();
}

LogicalResult differentiateReshape(ReverseSweep &sweep, tensor::ReshapeOp op,
                                   Value dy) {
  auto srcType = cast<RankedTensorType>(op.getSource().getType());
  if (!srcType.hasStaticShape())
    return op.emitOpError("cannot differentiate: dynamic shape");
  OpBuilder &b = sweep.getBuilder();
  auto shapeType = RankedTensorType::get({srcType.getRank()}, b.getIndexType());
  Value shape = arith::ConstantOp::create(
      b, sweep.getLoc(),
      DenseIntElementsAttr::get(shapeType, srcType.getShape()));
  Value grad = tensor::ReshapeOp::create(b, sweep.getLoc(), srcType, dy, shape);
  sweep.addAdjoint(op.getSource(), grad);
  return success();
}

LogicalResult differentiateCast(ReverseSweep &sweep, tensor::CastOp op,
                                Value dy) {
  Value grad = tensor::CastOp::create(sweep.getBuilder(), sweep.getLoc(),
                                      op.getSource().getType(), dy);
  sweep.addAdjoint(op.getSource(), grad);
  return success();
}

LogicalResult differentiateConcat(ReverseSweep &sweep, tensor::ConcatOp op,
                                  Value dy) {
  OpBuilder &b = sweep.getBuilder();
  int64_t dim = op.getDim();
  int64_t offset = 0;
  for (Value input : op.getInputs()) {
    auto type = cast<RankedTensorType>(input.getType());
    if (!type.hasStaticShape())
      return op.emitOpError("cannot differentiate: dynamic shape");
    if (sweep.isActive(input)) {
      SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
      offsets[dim] = b.getIndexAttr(offset);
      SmallVector<OpFoldResult> sizes, strides;
      for (int64_t size : type.getShape()) {
        sizes.push_back(b.getIndexAttr(size));
        strides.push_back(b.getIndexAttr(1));
      }
      Value grad = tensor::ExtractSliceOp::create(b, sweep.getLoc(), type, dy,
                                                  offsets, sizes, strides);
      sweep.addAdjoint(input, grad);
    }
    offset += type.getDimSize(dim);
  }
  return success();
}
} // namespace

LogicalResult autodiff::differentiateTensorOp(ReverseSweep &sweep,
                                              Operation *op) {
  Value dy = sweep.getAdjoint(op->getResult(0));
  if (!dy)
    return success();
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](tensor::PadOp o) { return differentiatePad(sweep, o, dy); })
      .Case([&](tensor::ExtractSliceOp o) {
        return differentiateExtractSlice(sweep, o, dy);
      })
      .Case([&](tensor::InsertSliceOp o) {
        return differentiateInsertSlice(sweep, o, dy);
      })
      .Case([&](tensor::ExpandShapeOp o) {
        return differentiateExpand(sweep, o, dy);
      })
      .Case([&](tensor::CollapseShapeOp o) {
        return differentiateCollapse(sweep, o, dy);
      })
      .Case([&](tensor::ReshapeOp o) {
        return differentiateReshape(sweep, o, dy);
      })
      .Case([&](tensor::CastOp o) { return differentiateCast(sweep, o, dy); })
      .Case(
          [&](tensor::ConcatOp o) { return differentiateConcat(sweep, o, dy); })
      .Default([](Operation *o) {
        return o->emitOpError("cannot differentiate: no gradient rule");
      });
}
