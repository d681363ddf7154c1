//===- Linear.cpp - dot_general and convolution to linalg -----------------===//
//
// dot_general: linalg.matmul for `[1] x [0]` on matrices, linalg.batch_matmul
// for `batching_dims = [0] x [0], contracting_dims = [2] x [1]`, otherwise a
// contraction linalg.generic with loops (batch, lhs free, rhs free,
// contracting) so transposed operands need no copies.
//
// convolution: linalg.conv_2d_nhwc_hwcf for JAX's forward layout
// ([b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]), otherwise a linalg.generic with
// loops (output dimensions in the output layout, kernel input feature, kernel
// spatial); any dimension layout works.
// Padding and lhs dilation become a tensor pad (interior padding) of the
// input, kernel reversal a reversing copy of the kernel.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::stablehlo_subset;

namespace mlir::tofu::hlo {
namespace {

static Value multiplyAccumulate(OpBuilder &b, Location loc, Value x, Value y,
                                Value acc) {
  Type elem = acc.getType();
  x = convertScalar(b, loc, x, elem);
  y = convertScalar(b, loc, y, elem);
  if (isa<FloatType>(elem))
    return arith::AddFOp::create(b, loc, acc,
                                 arith::MulFOp::create(b, loc, x, y));
  return arith::AddIOp::create(b, loc, acc,
                               arith::MulIOp::create(b, loc, x, y));
}

struct DotGeneralConverter : public OpConversionPattern<DotGeneralOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto lhsType = cast<RankedTensorType>(op.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(op.getRhs().getType());
    auto outType = cast<RankedTensorType>(op.getType());
    Type elem = outType.getElementType();
    Value zero = zeroScalar(rewriter, loc, elem);
    Value init = filledTensor(rewriter, loc, outType, zero);
    ArrayRef<int64_t> lb = op.getLhsBatchingDimensions(),
                      rb = op.getRhsBatchingDimensions(),
                      lc = op.getLhsContractingDimensions(),
                      rc = op.getRhsContractingDimensions();
    bool sameElem =
        lhsType.getElementType() == elem && rhsType.getElementType() == elem;
    SmallVector<Value> ins = {adaptor.getLhs(), adaptor.getRhs()};
    if (sameElem && lb.empty() && lhsType.getRank() == 2 &&
        rhsType.getRank() == 2 && lc == ArrayRef<int64_t>{1} &&
        rc == ArrayRef<int64_t>{0}) {
      rewriter.replaceOpWithNewOp<linalg::MatmulOp>(
          op, TypeRange{outType},
          ValueRange{adaptor.getLhs(), adaptor.getRhs()}, ValueRange{init});
      return success();
    }
    if (sameElem && lb == ArrayRef<int64_t>{0} && rb == ArrayRef<int64_t>{0} &&
        lhsType.getRank() == 3 && rhsType.getRank() == 3 &&
        lc == ArrayRef<int64_t>{2} && rc == ArrayRef<int64_t>{1}) {
      rewriter.replaceOpWithNewOp<linalg::BatchMatmulOp>(
          op, TypeRange{outType},
          ValueRange{adaptor.getLhs(), adaptor.getRhs()}, ValueRange{init});
      return success();
    }
    MLIRContext *ctx = op.getContext();
    int64_t nb = lb.size(), nc = lc.size();
    int64_t nl = lhsType.getRank() - nb - nc;
    int64_t nr = rhsType.getRank() - nb - nc;
    int64_t loops = nb + nl + nr + nc;
    auto operandMap = [&](int64_t rank, ArrayRef<int64_t> batch,
                          ArrayRef<int64_t> contracting, int64_t freeBase) {
      SmallVector<AffineExpr> exprs;
      int64_t free = 0;
      for (int64_t i = 0; i < rank; ++i) {
        if (auto *it = llvm::find(batch, i); it != batch.end())
          exprs.push_back(getAffineDimExpr(it - batch.begin(), ctx));
        else if (auto *jt = llvm::find(contracting, i); jt != contracting.end())
          exprs.push_back(
              getAffineDimExpr(nb + nl + nr + (jt - contracting.begin()), ctx));
        else
          exprs.push_back(getAffineDimExpr(freeBase + free++, ctx));
      }
      return AffineMap::get(loops, 0, exprs, ctx);
    };
    SmallVector<AffineMap> maps = {
        operandMap(lhsType.getRank(), lb, lc, nb),
        operandMap(rhsType.getRank(), rb, rc, nb + nl),
        AffineMap::get(loops, 0,
                       llvm::map_to_vector(
                           llvm::seq<int64_t>(0, nb + nl + nr),
                           [&](int64_t d) { return getAffineDimExpr(d, ctx); }),
                       ctx)};
    SmallVector<utils::IteratorType> iterators(nb + nl + nr,
                                               utils::IteratorType::parallel);
    iterators.append(nc, utils::IteratorType::reduction);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{outType}, ins, ValueRange{init}, maps,
        iterators, [](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(
              b, l, multiplyAccumulate(b, l, args[0], args[1], args[2]));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

struct ConvolutionConverter : public OpConversionPattern<ConvolutionOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getFeatureGroupCount() != 1)
      return op.emitOpError()
             << "with feature_group_count = " << op.getFeatureGroupCount()
             << " is not supported by the conversion";
    if (op.getBatchGroupCount() != 1)
      return op.emitOpError()
             << "with batch_group_count = " << op.getBatchGroupCount()
             << " is not supported by the conversion";
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    ConvDimensionNumbersAttr dn = op.getDimensionNumbers();
    auto inType = cast<RankedTensorType>(op.getLhs().getType());
    auto kType = cast<RankedTensorType>(op.getRhs().getType());
    auto outType = cast<RankedTensorType>(op.getType());
    Type elem = outType.getElementType();
    int64_t rank = outType.getRank();
    int64_t spatial = rank - 2;
    auto at = [](std::optional<ArrayRef<int64_t>> v, int64_t i) -> int64_t {
      return v ? (*v)[i] : 1;
    };

    // Pad and dilate the input's spatial dimensions.
    SmallVector<int64_t> low(rank, 0), high(rank, 0), interior(rank, 0);
    SmallVector<int64_t> pads;
    if (auto padding = op.getPadding())
      pads.assign(padding->getValues<int64_t>().begin(),
                  padding->getValues<int64_t>().end());
    for (int64_t i = 0; i < spatial; ++i) {
      int64_t d = dn.getInputSpatialDimensions()[i];
      if (!pads.empty()) {
        low[d] = pads[2 * i];
        high[d] = pads[2 * i + 1];
      }
      interior[d] = at(op.getLhsDilation(), i) - 1;
    }
    Value zero = zeroScalar(rewriter, loc, inType.getElementType());
    Value input =
        padTensor(rewriter, loc, adaptor.getLhs(), zero, low, high, interior);

    // Reverse the kernel's spatial dimensions where asked.
    Value kernel = adaptor.getRhs();
    if (auto rev = op.getWindowReversal();
        rev && llvm::is_contained(*rev, true)) {
      SmallVector<AffineExpr> exprs;
      for (int64_t d = 0; d < kType.getRank(); ++d)
        exprs.push_back(getAffineDimExpr(d, ctx));
      for (int64_t i = 0; i < spatial; ++i) {
        int64_t d = dn.getKernelSpatialDimensions()[i];
        if ((*rev)[i])
          exprs[d] = getAffineConstantExpr(kType.getDimSize(d) - 1, ctx) -
                     getAffineDimExpr(d, ctx);
      }
      SmallVector<AffineMap> maps = {
          AffineMap::get(kType.getRank(), 0, exprs, ctx),
          AffineMap::getMultiDimIdentityMap(kType.getRank(), ctx)};
      kernel = buildParallelGeneric(
          rewriter, loc, kType, kernel, maps,
          [](OpBuilder &, Location, ValueRange args) { return args[0]; });
    }

    // JAX's forward layout maps onto the named op (same loops, but a name
    // readers and Tofu's library know).
    bool nhwcHwcf =
        spatial == 2 && dn.getInputBatchDimension() == 0 &&
        dn.getInputFeatureDimension() == 3 &&
        dn.getInputSpatialDimensions() == ArrayRef<int64_t>{1, 2} &&
        dn.getKernelInputFeatureDimension() == 2 &&
        dn.getKernelOutputFeatureDimension() == 3 &&
        dn.getKernelSpatialDimensions() == ArrayRef<int64_t>{0, 1} &&
        dn.getOutputBatchDimension() == 0 &&
        dn.getOutputFeatureDimension() == 3 &&
        dn.getOutputSpatialDimensions() == ArrayRef<int64_t>{1, 2} &&
        inType.getElementType() == elem && kType.getElementType() == elem;
    if (nhwcHwcf) {
      Value init =
          filledTensor(rewriter, loc, outType, zeroScalar(rewriter, loc, elem));
      auto conv = linalg::Conv2DNhwcHwcfOp::create(
          rewriter, loc, TypeRange{outType}, ValueRange{input, kernel},
          ValueRange{init},
          rewriter.getI64TensorAttr(
              {at(op.getWindowStrides(), 0), at(op.getWindowStrides(), 1)}),
          rewriter.getI64TensorAttr(
              {at(op.getRhsDilation(), 0), at(op.getRhsDilation(), 1)}));
      rewriter.replaceOp(op, conv.getResult(0));
      return success();
    }

    // Loops: output dims (output layout), input feature, kernel spatial.
    int64_t ciLoop = rank;
    auto ksLoop = [&](int64_t i) { return rank + 1 + i; };
    int64_t loops = rank + 1 + spatial;
    SmallVector<AffineExpr> inExprs(rank), kExprs(rank), outExprs;
    inExprs[dn.getInputBatchDimension()] =
        getAffineDimExpr(dn.getOutputBatchDimension(), ctx);
    inExprs[dn.getInputFeatureDimension()] = getAffineDimExpr(ciLoop, ctx);
    kExprs[dn.getKernelInputFeatureDimension()] = getAffineDimExpr(ciLoop, ctx);
    kExprs[dn.getKernelOutputFeatureDimension()] =
        getAffineDimExpr(dn.getOutputFeatureDimension(), ctx);
    for (int64_t i = 0; i < spatial; ++i) {
      AffineExpr o = getAffineDimExpr(dn.getOutputSpatialDimensions()[i], ctx);
      AffineExpr k = getAffineDimExpr(ksLoop(i), ctx);
      inExprs[dn.getInputSpatialDimensions()[i]] =
          o * at(op.getWindowStrides(), i) + k * at(op.getRhsDilation(), i);
      kExprs[dn.getKernelSpatialDimensions()[i]] = k;
    }
    for (int64_t d = 0; d < rank; ++d)
      outExprs.push_back(getAffineDimExpr(d, ctx));
    SmallVector<AffineMap> maps = {AffineMap::get(loops, 0, inExprs, ctx),
                                   AffineMap::get(loops, 0, kExprs, ctx),
                                   AffineMap::get(loops, 0, outExprs, ctx)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.append(1 + spatial, utils::IteratorType::reduction);
    Value init =
        filledTensor(rewriter, loc, outType, zeroScalar(rewriter, loc, elem));
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{outType}, ValueRange{input, kernel},
        ValueRange{init}, maps, iterators,
        [](OpBuilder &b, Location l, ValueRange args) {
          linalg::YieldOp::create(
              b, l, multiplyAccumulate(b, l, args[0], args[1], args[2]));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void populateLinearPatterns(RewritePatternSet &patterns) {
  patterns.add<DotGeneralConverter, ConvolutionConverter>(
      patterns.getContext());
}

} // namespace mlir::tofu::hlo
