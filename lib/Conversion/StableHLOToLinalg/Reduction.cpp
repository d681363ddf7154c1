//===- Reduction.cpp - reduce and reduce_window to linalg -----------------===//
//
// reduce -> linalg.reduce whose combiner is the scalar lowering of the
// reducer region (any number of inputs); the accumulators start as
// linalg.fill of the init values.
//
// reduce_window -> linalg.generic over (output dims, window dims) reading the
// padded, base-dilated input at `out * stride + win * window_dilation`; a
// window-shaped tensor.empty operand gives the window loops their bounds (as
// linalg's pooling ops do).
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

using namespace mlir;
using namespace mlir::stablehlo_subset;

namespace mlir::tofu::hlo {
namespace {

struct ReduceConverter : public OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkRegion(op, op.getBody())))
      return failure();
    Location loc = op.getLoc();
    size_t n = op.getInputs().size();
    SmallVector<Value> inits;
    for (size_t i = 0; i < n; ++i) {
      Value scalar = extractScalar(rewriter, loc, adaptor.getInitValues()[i]);
      inits.push_back(filledTensor(
          rewriter, loc, cast<RankedTensorType>(op.getResult(i).getType()),
          scalar));
    }
    Region &body = op.getBody();
    auto reduce = linalg::ReduceOp::create(
        rewriter, loc, adaptor.getInputs(), inits, op.getDimensions(),
        [&](OpBuilder &b, Location l, ValueRange args) {
          // linalg: (elements..., accumulators...); StableHLO reducers take
          // (accumulators..., elements...).
          SmallVector<Value> hloArgs(args.drop_front(n));
          hloArgs.append(args.begin(), args.begin() + n);
          linalg::YieldOp::create(b, l, emitRegion(b, l, body, hloArgs));
        });
    rewriter.replaceOp(op, reduce.getResults());
    return success();
  }
};

struct ReduceWindowConverter : public OpConversionPattern<ReduceWindowOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceWindowOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1)
      return op.emitOpError() << "with " << op.getInputs().size()
                              << " inputs is not supported by the conversion";
    if (failed(checkRegion(op, op.getBody())))
      return failure();
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    auto outType = cast<RankedTensorType>(op.getResult(0).getType());
    int64_t rank = outType.getRank();
    auto at = [](std::optional<ArrayRef<int64_t>> v, int64_t i) -> int64_t {
      return v ? (*v)[i] : 1;
    };
    Value initScalar = extractScalar(rewriter, loc, adaptor.getInitValues()[0]);
    SmallVector<int64_t> low(rank, 0), high(rank, 0), interior(rank, 0);
    if (auto padding = op.getPadding()) {
      SmallVector<int64_t> pads(padding->getValues<int64_t>());
      for (int64_t i = 0; i < rank; ++i) {
        low[i] = pads[2 * i];
        high[i] = pads[2 * i + 1];
      }
    }
    for (int64_t i = 0; i < rank; ++i)
      interior[i] = at(op.getBaseDilations(), i) - 1;
    Value input = padTensor(rewriter, loc, adaptor.getInputs()[0], initScalar,
                            low, high, interior);
    ArrayRef<int64_t> window = op.getWindowDimensions();
    Value windowShape = tensor::EmptyOp::create(rewriter, loc, window,
                                                outType.getElementType());
    SmallVector<AffineExpr> inExprs, winExprs, outExprs;
    for (int64_t i = 0; i < rank; ++i) {
      AffineExpr o = getAffineDimExpr(i, ctx);
      AffineExpr w = getAffineDimExpr(rank + i, ctx);
      inExprs.push_back(o * at(op.getWindowStrides(), i) +
                        w * at(op.getWindowDilations(), i));
      winExprs.push_back(w);
      outExprs.push_back(o);
    }
    SmallVector<AffineMap> maps = {AffineMap::get(2 * rank, 0, inExprs, ctx),
                                   AffineMap::get(2 * rank, 0, winExprs, ctx),
                                   AffineMap::get(2 * rank, 0, outExprs, ctx)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.append(rank, utils::IteratorType::reduction);
    Value init = filledTensor(rewriter, loc, outType, initScalar);
    Region &body = op.getBody();
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{outType}, ValueRange{input, windowShape},
        ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          // StableHLO reducer: (accumulator, element).
          linalg::YieldOp::create(b, l,
                                  emitRegion(b, l, body, {args[2], args[0]}));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void populateReductionPatterns(RewritePatternSet &patterns) {
  patterns.add<ReduceConverter, ReduceWindowConverter>(patterns.getContext());
}

} // namespace mlir::tofu::hlo
