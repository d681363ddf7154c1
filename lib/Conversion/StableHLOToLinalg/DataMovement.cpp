//===- DataMovement.cpp - Constants, generators and data movement ---------===//
//
// constant -> arith.constant; iota -> linalg.generic over linalg.index;
// broadcast_in_dim -> linalg.generic (size-1 dimensions read at 0);
// transpose -> linalg.transpose; reshape -> tensor.collapse_shape /
// expand_shape (through 1-D when no single reassociation exists); slice ->
// tensor.extract_slice; concatenate -> tensor.concat; pad -> tensor.pad
// (interior or negative padding: insert_slice/extract_slice); gather ->
// linalg.generic reading the operand with tensor.extract; reverse ->
// linalg.generic reading `size - 1 - i`.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"

using namespace mlir;
using namespace mlir::stablehlo_subset;

namespace mlir::tofu::hlo {
namespace {

static SmallVector<OpFoldResult> indexAttrs(OpBuilder &b,
                                            ArrayRef<int64_t> values) {
  return llvm::map_to_vector(
      values, [&](int64_t v) -> OpFoldResult { return b.getIndexAttr(v); });
}

struct ConstantConverter : public OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<TypedAttr>(op.getValue());
    if (!value)
      return op.emitOpError("value is not a typed attribute");
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, value);
    return success();
  }
};

struct IotaConverter : public OpConversionPattern<IotaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(IotaOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Type elem = type.getElementType();
    int64_t dim = op.getIotaDimension();
    Value result = buildParallelGeneric(
        rewriter, op.getLoc(), type, {},
        {AffineMap::getMultiDimIdentityMap(type.getRank(), op.getContext())},
        [&](OpBuilder &b, Location loc, ValueRange) -> Value {
          Value index = linalg::IndexOp::create(b, loc, dim);
          if (isa<FloatType>(elem)) {
            Value i64 =
                arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
            return arith::SIToFPOp::create(b, loc, elem, i64);
          }
          return arith::IndexCastOp::create(b, loc, elem, index);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct BroadcastInDimConverter : public OpConversionPattern<BroadcastInDimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BroadcastInDimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inType = cast<RankedTensorType>(op.getOperand().getType());
    auto outType = cast<RankedTensorType>(op.getType());
    MLIRContext *ctx = op.getContext();
    SmallVector<AffineExpr> exprs;
    for (auto [i, d] : llvm::enumerate(op.getBroadcastDimensions())) {
      bool expands = inType.getDimSize(i) == 1 && outType.getDimSize(d) != 1;
      exprs.push_back(expands ? getAffineConstantExpr(0, ctx)
                              : getAffineDimExpr(d, ctx));
    }
    SmallVector<AffineMap> maps = {
        AffineMap::get(outType.getRank(), 0, exprs, ctx),
        AffineMap::getMultiDimIdentityMap(outType.getRank(), ctx)};
    Value result = buildParallelGeneric(
        rewriter, op.getLoc(), outType, adaptor.getOperand(), maps,
        [](OpBuilder &, Location, ValueRange args) { return args[0]; });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct TransposeConverter : public OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Value init = emptyTensor(rewriter, op.getLoc(), type);
    auto transpose = linalg::TransposeOp::create(
        rewriter, op.getLoc(), adaptor.getOperand(), init, op.getPermutation());
    rewriter.replaceOp(op, transpose.getResult());
    return success();
  }
};

struct ReshapeConverter : public OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;

  static Value collapseOrExpand(OpBuilder &b, Location loc, Value src,
                                RankedTensorType to) {
    auto from = cast<RankedTensorType>(src.getType());
    if (from == to)
      return src;
    if (from.getRank() > to.getRank()) {
      auto reassoc =
          getReassociationIndicesForCollapse(from.getShape(), to.getShape());
      if (reassoc)
        return tensor::CollapseShapeOp::create(b, loc, to, src, *reassoc);
    } else if (from.getRank() < to.getRank()) {
      auto reassoc =
          getReassociationIndicesForCollapse(to.getShape(), from.getShape());
      if (reassoc)
        return tensor::ExpandShapeOp::create(b, loc, to, src, *reassoc);
    }
    return nullptr;
  }

  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto to = cast<RankedTensorType>(op.getType());
    Location loc = op.getLoc();
    if (Value direct =
            collapseOrExpand(rewriter, loc, adaptor.getOperand(), to)) {
      rewriter.replaceOp(op, direct);
      return success();
    }
    // No single reassociation: go through the 1-D form.
    auto flat =
        RankedTensorType::get({to.getNumElements()}, to.getElementType());
    Value mid = collapseOrExpand(rewriter, loc, adaptor.getOperand(), flat);
    Value result = mid ? collapseOrExpand(rewriter, loc, mid, to) : nullptr;
    if (!result)
      return op.emitOpError("cannot be expressed as collapse/expand_shape");
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct SliceConverter : public OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, type, adaptor.getOperand(),
        indexAttrs(rewriter, op.getStartIndices()),
        indexAttrs(rewriter, type.getShape()),
        indexAttrs(rewriter, op.getStrides()));
    return success();
  }
};

struct ConcatenateConverter : public OpConversionPattern<ConcatenateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConcatenateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Inputs of size 0 along the axis (jnp.pad and jnp.roll emit them) add
    // nothing, and bufferizing tensor.concat would slice them out of the
    // result at its end, an offset the memref.subview verifier rejects.
    int64_t dim = op.getDimension();
    SmallVector<Value> inputs;
    for (Value in : adaptor.getInputs())
      if (cast<RankedTensorType>(in.getType()).getDimSize(dim) != 0)
        inputs.push_back(in);
    if (inputs.empty()) {
      auto type = cast<RankedTensorType>(op.getType());
      rewriter.replaceOpWithNewOp<tensor::EmptyOp>(op, type.getShape(),
                                                   type.getElementType());
      return success();
    }
    if (inputs.size() == 1) {
      rewriter.replaceOp(op, inputs[0]);
      return success();
    }
    rewriter.replaceOpWithNewOp<tensor::ConcatOp>(
        op, op.getType(), static_cast<uint64_t>(dim), inputs);
    return success();
  }
};

struct PadConverter : public OpConversionPattern<PadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value scalar = extractScalar(rewriter, loc, adaptor.getPaddingValue());
    Value result = padTensor(rewriter, loc, adaptor.getOperand(), scalar,
                             op.getEdgePaddingLow(), op.getEdgePaddingHigh(),
                             op.getInteriorPadding());
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// gather with one index per slice (index vector of one component, the
/// embedding-lookup shape JAX emits): the indices are an input of the
/// generic, read at the result's batch coordinates; the operand is read with
/// tensor.extract at the clamped start plus the offset. An operand batching
/// dimension (take_along_axis) is read at the result's coordinate of the
/// indices dimension it is paired with.
struct GatherConverter : public OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    GatherDimensionNumbersAttr dn = op.getDimensionNumbers();
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    auto indicesType = cast<RankedTensorType>(op.getStartIndices().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    ArrayRef<int64_t> operandBatch = dn.getOperandBatchingDims();
    ArrayRef<int64_t> indexBatch = dn.getStartIndicesBatchingDims();
    if (operandBatch.size() != indexBatch.size())
      return op.emitOpError()
             << "has " << operandBatch.size() << " operand_batching_dims but "
             << indexBatch.size() << " start_indices_batching_dims";
    for (auto [d, i] : llvm::zip(operandBatch, indexBatch))
      if (d < 0 || d >= operandType.getRank() || i < 0 ||
          i >= indicesType.getRank() || i == dn.getIndexVectorDim() ||
          operandType.getDimSize(d) != indicesType.getDimSize(i) ||
          op.getSliceSizes()[d] != 1)
        return op.emitOpError()
               << "pairs operand dimension " << d << " with indices dimension "
               << i
               << ", which the conversion cannot read as a batch (out "
                  "of range, the index vector, of another size, or a slice "
                  "wider than 1)";
    if (dn.getStartIndexMap().size() != 1)
      return op.emitOpError()
             << "with " << dn.getStartIndexMap().size()
             << " start_index_map entries is not supported by the conversion "
                "(only one index per slice)";
    MLIRContext *ctx = op.getContext();
    int64_t rank = resultType.getRank();
    int64_t ivd = dn.getIndexVectorDim();
    ArrayRef<int64_t> offsetDims = dn.getOffsetDims();
    SmallVector<int64_t> batchDims;
    for (int64_t i = 0; i < rank; ++i)
      if (!llvm::is_contained(offsetDims, i))
        batchDims.push_back(i);
    // Indices map: batch coordinates in order, 0 at the index vector dim.
    SmallVector<AffineExpr> indexExprs;
    SmallVector<int64_t> resultDimOfIndexDim(indicesType.getRank(), -1);
    for (int64_t i = 0, b = 0; i < indicesType.getRank(); ++i) {
      if (i != ivd)
        resultDimOfIndexDim[i] = batchDims[b++];
      indexExprs.push_back(i == ivd
                               ? getAffineConstantExpr(0, ctx)
                               : getAffineDimExpr(resultDimOfIndexDim[i], ctx));
    }
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, indexExprs, ctx),
        AffineMap::getMultiDimIdentityMap(rank, ctx)};
    int64_t startDim = dn.getStartIndexMap()[0];
    int64_t maxStart =
        operandType.getDimSize(startDim) - op.getSliceSizes()[startDim];
    Value operand = adaptor.getOperand();
    Value result = buildParallelGeneric(
        rewriter, op.getLoc(), resultType, adaptor.getStartIndices(), maps,
        [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
          Value start =
              arith::IndexCastOp::create(b, loc, b.getIndexType(), args[0]);
          Value lo = arith::ConstantIndexOp::create(b, loc, 0);
          Value hi = arith::ConstantIndexOp::create(b, loc, maxStart);
          start = arith::MaxSIOp::create(b, loc, start, lo);
          start = arith::MinSIOp::create(b, loc, start, hi);
          SmallVector<Value> coords;
          for (int64_t d = 0, o = 0; d < operandType.getRank(); ++d) {
            if (const int64_t *p = llvm::find(operandBatch, d);
                p != operandBatch.end()) {
              coords.push_back(linalg::IndexOp::create(
                  b, loc,
                  resultDimOfIndexDim[indexBatch[p - operandBatch.begin()]]));
              continue;
            }
            Value offset = lo;
            if (!llvm::is_contained(dn.getCollapsedSliceDims(), d))
              offset = linalg::IndexOp::create(b, loc, offsetDims[o++]);
            coords.push_back(d == startDim
                                 ? arith::AddIOp::create(b, loc, start, offset)
                                 : offset);
          }
          return tensor::ExtractOp::create(b, loc, operand, coords);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// reverse: a copy whose input map reads `size - 1 - i` along the reversed
/// dimensions.
struct ReverseConverter : public OpConversionPattern<ReverseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReverseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    MLIRContext *ctx = op.getContext();
    int64_t rank = type.getRank();
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < rank; ++d)
      exprs.push_back(getAffineDimExpr(d, ctx));
    for (int64_t d : op.getDimensions())
      exprs[d] = getAffineConstantExpr(type.getDimSize(d) - 1, ctx) -
                 getAffineDimExpr(d, ctx);
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, exprs, ctx),
        AffineMap::getMultiDimIdentityMap(rank, ctx)};
    Value result = buildParallelGeneric(
        rewriter, op.getLoc(), type, adaptor.getOperand(), maps,
        [](OpBuilder &, Location, ValueRange args) { return args[0]; });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void populateDataMovementPatterns(RewritePatternSet &patterns) {
  patterns.add<ConstantConverter, IotaConverter, BroadcastInDimConverter,
               TransposeConverter, ReshapeConverter, SliceConverter,
               ConcatenateConverter, PadConverter, GatherConverter,
               ReverseConverter>(patterns.getContext());
}

} // namespace mlir::tofu::hlo
