//===- ConvGradients.cpp - Input gradients of 2-D convolutions ------------===//
//
// The generic rule in LinalgGradients.cpp scatters the input gradient of a
// convolution through the forward window map (oh * s + kh): correct, but
// its spatial loops are reductions, so a partitioner can split the input
// gradient spatially only into partial sums. Here it is computed in gather
// form instead, as a stride-1 convolution of the dilated and padded output
// gradient with the flipped filter:
//
//   dyp = zeros[.., H + KH - 1, W + KW - 1, ..] with dy inserted at offset
//         (KH - 1, KW - 1) and strides (sh, sw)
//   dx[n, c, h, w] = sum_{f, kh, kw} dyp[n, f, h + kh, w + kw]
//                                    * w[f, c, KH - 1 - kh, KW - 1 - kw]
//
// so h and w are parallel loops and split with a halo, like the forward op.
//
//===----------------------------------------------------------------------===//

#include "Autodiff.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::autodiff;

namespace {
/// Where the batch, channel and spatial dims sit in one layout.
struct ConvLayout {
  bool channelsFirst; // NCHW/FCHW, else NHWC/FHWC
  unsigned spatial(unsigned i) const { return (channelsFirst ? 2 : 1) + i; }
  unsigned channel() const { return channelsFirst ? 1 : 3; }
};
} // namespace

Value autodiff::buildConvInputGradient(ReverseSweep &sweep, linalg::LinalgOp op,
                                       Value dy) {
  DenseIntElementsAttr strides, dilations;
  ConvLayout layout;
  if (auto conv = dyn_cast<linalg::Conv2DNchwFchwOp>(op.getOperation())) {
    strides = conv.getStrides();
    dilations = conv.getDilations();
    layout.channelsFirst = true;
  } else if (auto conv =
                 dyn_cast<linalg::Conv2DNhwcFhwcOp>(op.getOperation())) {
    strides = conv.getStrides();
    dilations = conv.getDilations();
    layout.channelsFirst = false;
  } else {
    return {};
  }
  if (!llvm::all_of(dilations.getValues<int64_t>(),
                    [](int64_t d) { return d == 1; }))
    return {};
  SmallVector<int64_t> stride(strides.getValues<int64_t>());
  auto xType = cast<RankedTensorType>(op.getDpsInputs()[0].getType());
  auto wType = cast<RankedTensorType>(op.getDpsInputs()[1].getType());
  auto dyType = cast<RankedTensorType>(dy.getType());
  Type elem = xType.getElementType();
  if (!xType.hasStaticShape() || !wType.hasStaticShape() ||
      !dyType.hasStaticShape() || wType.getElementType() != elem ||
      dyType.getElementType() != elem || stride.size() != 2)
    return {};

  OpBuilder &b = sweep.getBuilder();
  Location loc = sweep.getLoc();
  MLIRContext *ctx = b.getContext();
  int64_t kernel[2] = {wType.getDimSize(layout.spatial(0)),
                       wType.getDimSize(layout.spatial(1))};

  SmallVector<int64_t> padShape(dyType.getShape());
  SmallVector<OpFoldResult> offsets(4, b.getIndexAttr(0)), sizes,
      steps(4, b.getIndexAttr(1));
  for (int64_t size : dyType.getShape())
    sizes.push_back(b.getIndexAttr(size));
  for (unsigned i = 0; i < 2; ++i) {
    unsigned pos = layout.spatial(i);
    padShape[pos] = xType.getDimSize(pos) + kernel[i] - 1;
    offsets[pos] = b.getIndexAttr(kernel[i] - 1);
    steps[pos] = b.getIndexAttr(stride[i]);
  }
  Value padded = sweep.createZeros(RankedTensorType::get(padShape, elem));
  Value dyp =
      tensor::InsertSliceOp::create(b, loc, dy, padded, offsets, sizes, steps);
  Value window = tensor::EmptyOp::create(b, loc, kernel, elem);

  // Loops (n, c, h, w, f, kh, kw).
  AffineExpr n = getAffineDimExpr(0, ctx), c = getAffineDimExpr(1, ctx),
             h = getAffineDimExpr(2, ctx), w = getAffineDimExpr(3, ctx),
             f = getAffineDimExpr(4, ctx), kh = getAffineDimExpr(5, ctx),
             kw = getAffineDimExpr(6, ctx);
  AffineExpr flipH = kernel[0] - 1 - kh, flipW = kernel[1] - 1 - kw;
  auto map = [&](ArrayRef<AffineExpr> exprs) {
    return AffineMap::get(7, 0, exprs, ctx);
  };
  SmallVector<AffineMap> maps;
  if (layout.channelsFirst) {
    maps = {map({n, f, h + kh, w + kw}), map({f, c, flipH, flipW}),
            map({kh, kw}), map({n, c, h, w})};
  } else {
    maps = {map({n, h + kh, w + kw, f}), map({f, flipH, flipW, c}),
            map({kh, kw}), map({n, h, w, c})};
  }
  using utils::IteratorType;
  SmallVector<IteratorType> iterators = {
      IteratorType::parallel, IteratorType::parallel,  IteratorType::parallel,
      IteratorType::parallel, IteratorType::reduction, IteratorType::reduction,
      IteratorType::reduction};
  Value init = sweep.createZeros(xType);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{xType}, ValueRange{dyp, op.getDpsInputs()[1], window},
      ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value prod = arith::MulFOp::create(nb, nloc, args[0], args[1]);
        Value sum = arith::AddFOp::create(nb, nloc, args[3], prod);
        linalg::YieldOp::create(nb, nloc, sum);
      });
  return generic.getResult(0);
}
