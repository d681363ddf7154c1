//===- SoftmaxGradients.cpp - Gradient of linalg.softmax ------------------===//
//
// `linalg.softmax` is not a structured op (it decomposes into four), so it
// is differentiated directly: with y = softmax(x) along dimension d,
//
//   s  = sum_d (dy * y)           (reduction generic, d dropped)
//   dx = y * (dy - s)             (element-wise generic, s broadcast along d)
//
// The init is overwritten and gets no gradient.
//
//===----------------------------------------------------------------------===//

#include "Autodiff.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::autodiff;

LogicalResult autodiff::differentiateSoftmax(ReverseSweep &sweep,
                                             linalg::SoftmaxOp op) {
  Value dy = sweep.getAdjoint(op->getResult(0));
  Value x = op.getInput();
  if (!dy || !sweep.isActive(x))
    return success();
  auto type = dyn_cast<RankedTensorType>(x.getType());
  if (!type || !type.hasStaticShape() ||
      op->getResult(0).getType() != x.getType())
    return op.emitOpError("cannot differentiate: dynamic shape");

  OpBuilder &b = sweep.getBuilder();
  MLIRContext *ctx = b.getContext();
  Location loc = sweep.getLoc();
  unsigned rank = type.getRank();
  int64_t dim = op.getDimension();

  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
  SmallVector<AffineExpr> kept;
  SmallVector<int64_t> reducedShape;
  for (unsigned d = 0; d < rank; ++d) {
    if (d == dim)
      continue;
    kept.push_back(getAffineDimExpr(d, ctx));
    reducedShape.push_back(type.getDimSize(d));
  }
  AffineMap reducedMap = AffineMap::get(rank, 0, kept, ctx);
  auto reducedType = RankedTensorType::get(reducedShape, type.getElementType());

  Value y = op->getResult(0);
  SmallVector<utils::IteratorType> reduceIters(rank,
                                               utils::IteratorType::parallel);
  reduceIters[dim] = utils::IteratorType::reduction;
  Value zeros = sweep.createZeros(reducedType);
  auto dot = linalg::GenericOp::create(
      b, loc, TypeRange{reducedType}, ValueRange{dy, y}, ValueRange{zeros},
      SmallVector<AffineMap>{id, id, reducedMap}, reduceIters,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value prod = arith::MulFOp::create(nb, nloc, args[0], args[1]);
        Value sum = arith::AddFOp::create(nb, nloc, args[2], prod);
        linalg::YieldOp::create(nb, nloc, sum);
      });

  Value init =
      tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
  auto dx = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{dy, y, dot.getResult(0)},
      ValueRange{init}, SmallVector<AffineMap>{id, id, reducedMap, id},
      SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value diff = arith::SubFOp::create(nb, nloc, args[0], args[2]);
        Value prod = arith::MulFOp::create(nb, nloc, args[1], diff);
        linalg::YieldOp::create(nb, nloc, prod);
      });
  sweep.addAdjoint(x, dx.getResult(0));
  return success();
}
